//! Fixed workload for profiling the exact solver under `valgrind --tool=callgrind`, where the
//! instruction count is a stable metric on a shared machine:
//! `cargo build --release --example exact_profile` then
//! `valgrind --tool=callgrind target/release/examples/exact_profile CORPUS [LINES] [ISA]`.
//!
//! Counts solutions up to 2 for the first `LINES` (default 2000, `all` for every line) puzzles of
//! `shared/data/CORPUS.txt` beside the repository (or `$TERMDOKU_DATA/CORPUS.txt`) on the code
//! path `ISA` (`portable`, `sse41`, `avx2`, `avx512`; default: the fastest the CPU has; valgrind
//! does not run AVX-512) and prints the totals, the guesses per puzzle and the thread's CPU time,
//! so a change in behaviour shows up next to the change in instructions.

use termdoku::solver::exact::{parse_line81, Isa, Solver};

#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let mut args = std::env::args().skip(1);
    let corpus = args
        .next()
        .expect("usage: exact_profile CORPUS [LINES] [ISA]");
    let lines: usize = match args.next().as_deref() {
        None => 2000,
        Some("all") => usize::MAX,
        Some(n) => n.parse().expect("LINES: a number or `all`"),
    };
    let solver = match args.next().as_deref() {
        None => Solver::new(),
        Some(name) => {
            let isa = Isa::ALL
                .into_iter()
                .find(|i| format!("{i:?}").eq_ignore_ascii_case(name))
                .expect("ISA: portable, sse41, avx2 or avx512");
            Solver::with_isa(isa).expect("this CPU cannot run that ISA")
        }
    };
    let text =
        std::fs::read(common::data_dir().join(format!("{corpus}.txt"))).expect("corpus file");
    let (mut puzzles, mut counts, mut guesses) = (0usize, [0usize; 3], 0u64);
    let cpu = common::thread_cpu_secs();
    for line in text.split(|&c| c == b'\n').take(lines) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let Some(values) = parse_line81(line) else {
            continue;
        };
        puzzles += 1;
        let (n, g) = solver.count_with_guesses(&values, 2);
        counts[n] += 1;
        guesses += g;
    }
    let secs = match (cpu, common::thread_cpu_secs()) {
        (Some(a), Some(b)) => format!("{:.3} s CPU", b - a),
        _ => "CPU time unknown".into(),
    };
    println!(
        "{corpus} ({:?}): {puzzles} puzzles, none {} unique {} multiple {}, {:.2} guesses per puzzle, {secs}",
        solver.isa(),
        counts[0],
        counts[1],
        counts[2],
        guesses as f64 / puzzles.max(1) as f64
    );
}
