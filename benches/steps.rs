//! Step-engine benchmark: full solution path per puzzle (17-clue sample, diabolical 160, top1465)
//! and one hint on mid-solve states (median and 99th percentile).
//!
//! `cargo bench --bench steps` (release profile). Corpora are read from `shared/data` beside the
//! repository (or `$TERMDOKU_DATA`), else from the samples in `tests/data`; nothing is embedded.

use std::time::Instant;

use termdoku::domain::{Board, Digit};
use termdoku::solver::engine::{next_step, solution_path};
use termdoku::solver::Grid;

#[path = "../tests/common/mod.rs"]
mod common;

fn data(name: &str) -> String {
    match common::bench_corpus(name) {
        Some((_, text)) => text,
        None => panic!("corpus {name} not found (set TERMDOKU_DATA)"),
    }
}

fn board(line: &str) -> Board {
    let mut v = [None; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        v[i] = Digit::from_char(ch).map(|d| (d, true));
    }
    Board::from_values(&v)
}

fn paths(label: &str, boards: &[Board]) {
    // Warm-up on a few puzzles, then time every puzzle once.
    for b in boards.iter().take(5) {
        std::hint::black_box(solution_path(b));
    }
    let mut times = Vec::with_capacity(boards.len());
    let t0 = Instant::now();
    for b in boards {
        let t = Instant::now();
        let p = solution_path(b);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(p.solved);
    }
    let total = t0.elapsed().as_secs_f64() * 1e3;
    times.sort_by(f64::total_cmp);
    println!(
        "path {label:<24} {:>5} puzzles  mean {:>7.3} ms  median {:>7.3} ms  p99 {:>7.3} ms  max {:>7.3} ms",
        boards.len(),
        total / boards.len() as f64,
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}

fn hints(boards: &[Board]) {
    // Mid-solve states: every 4th state along each path.
    let mut states = Vec::new();
    for b in boards {
        let p = solution_path(b);
        let mut g = Grid::from_board(b);
        for (k, s) in p.steps.iter().enumerate() {
            if k % 4 == 2 {
                states.push(g.to_board());
            }
            g.apply(s);
        }
    }
    let mut times = Vec::with_capacity(states.len());
    for s in &states {
        let t = Instant::now();
        std::hint::black_box(next_step(s));
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    let mean: f64 = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "hint on {:>6} mid-solve states  mean {:>7.3} ms  median {:>7.3} ms  p99 {:>7.3} ms  max {:>7.3} ms",
        states.len(),
        mean,
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}

fn main() {
    let clue17: Vec<Board> = data("17_clue.txt")
        .lines()
        .step_by(100)
        .map(board)
        .collect();
    let dia: Vec<Board> = data("sudokuexchange_diabolical_sample160_with_SER.txt")
        .lines()
        .map(board)
        .collect();
    let top: Vec<Board> = data("magictour_top1465.txt").lines().map(board).collect();
    paths("17_clue (every 100th)", &clue17);
    paths("diabolical 160", &dia);
    paths("top1465", &top);
    let mut mid: Vec<Board> = dia.clone();
    mid.extend(top.iter().step_by(5).cloned());
    hints(&mid);
}
