//! Fixed workload for profiling the exact solver under `valgrind --tool=callgrind`, where the
//! instruction count is a stable metric on a shared machine:
//! `cargo build --release --example exact_profile` then
//! `valgrind --tool=callgrind target/release/examples/exact_profile CORPUS [LINES]`.
//!
//! Counts solutions up to 2 for the first `LINES` (default 2000) puzzles of
//! `shared/data/CORPUS.txt` beside the repository (or `$TERMDOKU_DATA/CORPUS.txt`) and prints the totals, so a
//! change in behaviour shows up next to the change in instructions.

use termdoku::solver::exact::{count_solutions_values, parse_line81};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut args = std::env::args().skip(1);
    let corpus = args.next().expect("usage: exact_profile CORPUS [LINES]");
    let lines: usize = args.next().map_or(2000, |n| n.parse().expect("LINES"));
    let text =
        std::fs::read(common::data_dir().join(format!("{corpus}.txt"))).expect("corpus file");
    let (mut puzzles, mut counts) = (0usize, [0usize; 3]);
    for line in text.split(|&c| c == b'\n').take(lines) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Some(values) = parse_line81(line) else {
            continue;
        };
        puzzles += 1;
        counts[count_solutions_values(&values, 2)] += 1;
    }
    println!(
        "{corpus}: {puzzles} puzzles, none {} unique {} multiple {}",
        counts[0], counts[1], counts[2]
    );
}
