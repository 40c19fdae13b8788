//! The canonical form's speed (docs/minlex.md). Run with `cargo bench --bench minlex`.
//!
//! 1. In this process: `domain::minlex` over a list (17_clue.txt by default), lines per CPU
//!    second, best of 3.
//! 2. Side by side, whole processes, when `MINLEX_TOOL` names the minlexing tool's binary
//!    (dobrichev/sudoku-minlexing-tool built with `g++ -O3 main.cpp patminlex.cpp`): alternated
//!    runs of the tool, `termdoku convert --to minlex --each-line --jobs 1` and `termdoku solve
//!    --each-line --jobs 1` on the same file, each under `/usr/bin/time`, with their medians and
//!    the ratios. The tool runs on one thread, hence `--jobs 1`. The termdoku binary is
//!    `TERMDOKU_BIN`, else target/release/termdoku (build it first); `MINLEX_RUNS` rounds (7).
//!
//! `cargo bench --bench minlex -- LIST` measures another list.

use std::hint::black_box;
use std::process::{Command, Stdio};
use std::time::Duration;

use termdoku::domain::minlex;
use termdoku::solver::exact;

#[path = "../tests/common/mod.rs"]
mod common;

/// The puzzle of a list's line (its first 81 characters).
fn grid(line: &str) -> Option<[u8; 81]> {
    exact::parse_line81(line.as_bytes().get(..81)?)
}

/// Lines per CPU second of `domain::minlex` over `grids`, best of 3 passes of at least `min`.
fn in_process(grids: &[[u8; 81]], min: Duration) -> f64 {
    let mut best = 0f64;
    for _ in 0..3 {
        let cpu0 = common::thread_cpu_secs().unwrap_or(0.0);
        let mut n = 0usize;
        let mut sink = 0u32;
        loop {
            for g in grids {
                sink = sink.wrapping_add(minlex(g)[80] as u32);
            }
            n += grids.len();
            let spent = common::thread_cpu_secs().unwrap_or(0.0) - cpu0;
            if spent >= min.as_secs_f64() {
                best = best.max(n as f64 / spent);
                break;
            }
        }
        black_box(sink);
    }
    best
}

/// One run of `cmd` with `input` on standard input, output discarded: (wall, user + system)
/// seconds as `/usr/bin/time` reports them.
fn timed(cmd: &[&str], input: &std::path::Path) -> (f64, f64) {
    let report = std::env::temp_dir().join(format!("termdoku-minlex-bench-{}", std::process::id()));
    let status = Command::new("/usr/bin/time")
        .args(["-f", "%e %U %S", "-o"])
        .arg(&report)
        .args(cmd)
        .stdin(std::fs::File::open(input).expect("the list"))
        .stdout(Stdio::null())
        .status()
        .expect("/usr/bin/time runs");
    assert!(status.success(), "{cmd:?} failed");
    let text = std::fs::read_to_string(&report).expect("time's report");
    let _ = std::fs::remove_file(&report);
    let v: Vec<f64> = text
        .lines()
        .last()
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    assert_eq!(v.len(), 3, "time's report: {text}");
    (v[0], v[1] + v[2])
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn side_by_side(tool: &str, list: &std::path::Path, lines: usize) {
    let bin = std::env::var("TERMDOKU_BIN").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/termdoku").to_string()
    });
    let runs: usize = std::env::var("MINLEX_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let cases: [(&str, Vec<&str>); 3] = [
        ("minlexing tool (one thread)", vec![tool]),
        (
            "termdoku convert --to minlex --jobs 1",
            vec![
                &bin,
                "convert",
                "--to",
                "minlex",
                "--each-line",
                "--jobs",
                "1",
                "-q",
            ],
        ),
        (
            "termdoku solve --jobs 1",
            vec![&bin, "solve", "--each-line", "--jobs", "1", "-q"],
        ),
    ];
    let mut wall = vec![Vec::new(); cases.len()];
    let mut cpu = vec![Vec::new(); cases.len()];
    for _ in 0..runs {
        for (k, (_, cmd)) in cases.iter().enumerate() {
            let (w, c) = timed(cmd, list);
            wall[k].push(w);
            cpu[k].push(c);
        }
    }
    println!(
        "\nwhole process, {lines} lines, {runs} alternated rounds (median; min-max), /usr/bin/time:"
    );
    let med: Vec<(f64, f64)> = (0..cases.len())
        .map(|k| (median(wall[k].clone()), median(cpu[k].clone())))
        .collect();
    for (k, (name, _)) in cases.iter().enumerate() {
        let range = |v: &[f64]| {
            let lo = v.iter().copied().fold(f64::MAX, f64::min);
            let hi = v.iter().copied().fold(0.0, f64::max);
            format!("{lo:.3}-{hi:.3}")
        };
        println!(
            "  {name:<40} wall {:.3} s ({})   CPU {:.3} s ({})",
            med[k].0,
            range(&wall[k]),
            med[k].1,
            range(&cpu[k])
        );
    }
    let ratio = |a: usize, b: usize| {
        let per_round = |v: &[Vec<f64>]| median((0..runs).map(|r| v[a][r] / v[b][r]).collect());
        (per_round(&wall), per_round(&cpu))
    };
    let (w, c) = ratio(1, 0);
    println!("  convert / tool:  wall {w:.2}x  CPU {c:.2}x (median of the per-round ratios)");
    let (w, c) = ratio(1, 2);
    println!("  convert / solve: wall {w:.2}x  CPU {c:.2}x (median of the per-round ratios)");
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let list = match args.first() {
        Some(p) => std::path::PathBuf::from(p),
        None => common::data_dir().join("17_clue.txt"),
    };
    let Ok(text) = std::fs::read_to_string(&list) else {
        eprintln!("cannot read the list at {}", list.display());
        std::process::exit(1);
    };
    let grids: Vec<[u8; 81]> = text.lines().filter_map(grid).collect();
    println!("{}: {} grids", list.display(), grids.len());
    let rate = in_process(&grids, Duration::from_millis(1500));
    println!(
        "in process: domain::minlex {rate:>10.0} grids per CPU second ({:.2} us a grid)",
        1e6 / rate
    );
    match std::env::var("MINLEX_TOOL") {
        Ok(tool) => side_by_side(&tool, &list, grids.len()),
        Err(_) => {
            println!("(set MINLEX_TOOL to the minlexing tool's binary for the side-by-side run)")
        }
    }
}
