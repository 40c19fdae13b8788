//! Throughput of the exact solver: `cargo bench --bench solver`.
//!
//! Single thread; for every puzzle of each corpus and on every code path this CPU has (AVX-512,
//! AVX2, SSE4.1, portable): parse the 81-char line and count solutions up to 2 (a uniqueness
//! check). Each corpus is run for at least `MIN_SECONDS` (whole passes) after
//! one warm-up pass; the figures are puzzles per second of wall-clock time and, on Linux, of the
//! thread's own CPU time (`/proc/thread-self/schedstat`), which stays meaningful when other
//! processes share the cores. Optional argument: a substring to select corpora (e.g.
//! `cargo bench --bench solver -- 17_clue`).

use std::hint::black_box;
use std::time::{Duration, Instant};
use termdoku::solver::exact::{parse_line81, Isa, Solver};

const CORPORA: [(&str, usize); 5] = [
    ("17_clue", 1),
    ("magictour_top1465", 1),
    ("forum_hardest_1905_11plus", 1),
    ("forum_hardest_1106", 1),
    ("serg_benchmark", 2),
];

const MIN_SECONDS: f64 = 1.0;

fn pass(solver: &Solver, lines: &[&[u8]]) -> usize {
    let mut total = 0;
    for line in lines {
        let values = parse_line81(black_box(line)).expect("corpus line of 81 cells");
        total += solver.count_solutions_values(&values, 2);
    }
    total
}

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    println!(
        "{:<28} {:<9} {:>8} {:>14} {:>14} {:>10}",
        "corpus", "path", "puzzles", "wall puzzles/s", "cpu puzzles/s", "cpu us/p"
    );
    let solvers: Vec<Solver> = Isa::ALL
        .into_iter()
        .rev()
        .filter_map(Solver::with_isa)
        .collect();
    for (name, expected) in CORPORA {
        if !name.contains(&filter) {
            continue;
        }
        let path = common::data_dir().join(format!("{name}.txt"));
        let text = match std::fs::read(&path) {
            Ok(t) => t,
            Err(e) => {
                println!("{name:<28} skipped: {}: {e}", path.display());
                continue;
            }
        };
        let lines: Vec<&[u8]> = text
            .split(|&b| b == b'\n')
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .filter(|l| !l.is_empty())
            .collect();
        for solver in &solvers {
            // Warm-up pass, which also checks the answers.
            let total = pass(solver, &lines);
            assert_eq!(total, expected * lines.len(), "{name}: unexpected counts");
            let mut n = 0usize;
            let mut elapsed = Duration::ZERO;
            let start = Instant::now();
            let cpu_start = common::thread_cpu_secs();
            while elapsed.as_secs_f64() < MIN_SECONDS {
                black_box(pass(solver, &lines));
                n += lines.len();
                elapsed = start.elapsed();
            }
            let rate = n as f64 / elapsed.as_secs_f64();
            let cpu = match (cpu_start, common::thread_cpu_secs()) {
                (Some(a), Some(b)) if b > a => Some(b - a),
                _ => None,
            };
            let (cpu_rate, cpu_us) = match cpu {
                Some(secs) => (
                    format!("{:.0}", n as f64 / secs),
                    format!("{:.2}", secs * 1e6 / n as f64),
                ),
                None => ("-".into(), "-".into()),
            };
            let path = format!("{:?}", solver.isa());
            println!(
                "{name:<28} {path:<9} {:>8} {:>14.0} {cpu_rate:>14} {cpu_us:>10}",
                lines.len(),
                rate
            );
        }
    }
}
