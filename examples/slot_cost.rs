//! Developer tool: where the step engine spends its time, per slot of the technique table.
//!
//! Walks the solution path of every puzzle of a file (one puzzle per line) the way the engine
//! does (slots in order on each state, the first step applied) and times every finder call.
//! Prints, per slot: calls, steps found, total and worst time, and its share of the whole; the
//! wall-clock times are also scaled to the thread's CPU time (the machine may be shared).
//!
//! `cargo run --release --example slot_cost -- PUZZLES.txt [EVERY] [--techniques +kf,-fn]`
//! (switches as `termdoku --techniques` takes them, on top of HoDoKu's defaults)

use std::time::Instant;

use termdoku::domain::{Board, Digit};
use termdoku::solver::engine::context_with;
use termdoku::solver::techniques::{active_slots, parse_switches, SlotSet};
use termdoku::solver::Grid;

fn thread_cpu_secs() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

#[derive(Default, Clone)]
struct Cost {
    calls: u64,
    found: u64,
    secs: f64,
    worst: f64,
}

fn main() {
    let usage = "usage: slot_cost PUZZLES.txt [EVERY] [--techniques LIST]";
    let mut slots = SlotSet::defaults();
    let mut positional = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--techniques" {
            let list = args.next().expect(usage);
            let (changes, bad) = parse_switches(&list);
            assert!(bad.is_empty(), "{}", bad[0]);
            for c in changes {
                slots.set(c.slot, c.on);
            }
        } else {
            positional.push(a);
        }
    }
    let mut positional = positional.into_iter();
    let path = positional.next().expect(usage);
    let every: usize = positional.next().map_or(1, |s| s.parse().expect("EVERY"));
    let text = std::fs::read_to_string(&path).expect("read puzzles");
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .step_by(every)
        .map(|l| {
            let mut v = [None; 81];
            for (i, ch) in l.chars().take(81).enumerate() {
                v[i] = Digit::from_char(ch).map(|d| (d, true));
            }
            Board::from_values(&v)
        })
        .collect();
    let mut cost: Vec<(u32, &str, Cost)> = Vec::new();
    let mut states = 0u64;
    let cpu0 = thread_cpu_secs();
    let t0 = Instant::now();
    for b in &boards {
        let ctx = context_with(b, slots);
        let mut grid = Grid::from_board(b);
        while !grid.is_solved() {
            states += 1;
            let mut step = None;
            for (slot, find) in active_slots(&ctx) {
                let t = Instant::now();
                let s = termdoku::solver::finder::first(find, &grid, &ctx);
                let dt = t.elapsed().as_secs_f64();
                let k = match cost.iter().position(|c| c.0 == slot.order) {
                    Some(k) => k,
                    None => {
                        cost.push((slot.order, slot.arg, Cost::default()));
                        cost.len() - 1
                    }
                };
                let c = &mut cost[k].2;
                c.calls += 1;
                c.secs += dt;
                c.worst = c.worst.max(dt);
                if s.is_some() {
                    c.found += 1;
                    step = s;
                    break;
                }
            }
            let Some(step) = step else { break };
            grid.apply(&step);
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let scale = match (cpu0, thread_cpu_secs()) {
        (Some(a), Some(b)) => (b - a) / wall,
        _ => 1.0,
    };
    cost.sort_by_key(|c| c.0);
    let total: f64 = cost.iter().map(|c| c.2.secs).sum();
    println!(
        "{} puzzles, {states} states; wall {wall:.2} s, CPU/wall {scale:.2}; per path {:.3} ms CPU",
        boards.len(),
        wall * scale * 1e3 / boards.len() as f64
    );
    println!("slot  arg     calls   found   CPU ms/path  share   worst ms (CPU)");
    for (order, arg, c) in &cost {
        println!(
            "{order:5} {arg:6} {:7} {:7} {:11.4} {:6.1}% {:9.3}",
            c.calls,
            c.found,
            c.secs * scale * 1e3 / boards.len() as f64,
            100.0 * c.secs / total,
            c.worst * scale * 1e3
        );
    }
}
