//! Codec speed: decode + encode over the 17-clue corpus (lines/s, susser -> hodoku), and the time
//! to parse one paste of each format sample. Run with `cargo bench --bench codec`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use termdoku::codec::{self, decode_any, encode, Format, WriteOptions};

#[path = "../tests/common/mod.rs"]
mod common;

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/format-samples");

/// Runs `f` over all lines repeatedly for at least `min`; returns (wall-clock lines/s, CPU-time
/// lines/s), best of 3.
fn lines_per_sec(lines: &[&str], min: Duration, mut f: impl FnMut(&str) -> usize) -> (f64, f64) {
    let mut best = (0f64, 0f64);
    for _ in 0..3 {
        let start = Instant::now();
        let cpu0 = common::thread_cpu_secs();
        let mut n = 0usize;
        let mut sink = 0usize;
        while start.elapsed() < min {
            for l in lines {
                sink = sink.wrapping_add(f(l));
            }
            n += lines.len();
        }
        black_box(sink);
        let wall = n as f64 / start.elapsed().as_secs_f64();
        let cpu = match (cpu0, common::thread_cpu_secs()) {
            (Some(a), Some(b)) if b > a => n as f64 / (b - a),
            _ => wall,
        };
        best = (best.0.max(wall), best.1.max(cpu));
    }
    best
}

fn report(what: &str, (wall, cpu): (f64, f64)) {
    println!("{what:<38} {wall:>11.0} lines/s wall   {cpu:>11.0} lines/s CPU");
}

fn main() {
    let corpus = common::data_dir().join("17_clue.txt");
    let Ok(text) = std::fs::read_to_string(&corpus) else {
        eprintln!("cannot read the corpus at {}", corpus.display());
        std::process::exit(1);
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let opts = WriteOptions::default();
    // `--fixed N`: exactly N passes of susser -> hodoku and nothing else, for counting
    // instructions and branch misses with `perf stat` (independent of the machine's load).
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--fixed") {
        let passes: usize = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(10);
        let mut sink = 0usize;
        for _ in 0..passes {
            for l in &lines {
                let p = decode_any(l).unwrap();
                sink += encode(Format::Hodoku, &p.board, &opts).unwrap().len();
            }
        }
        println!("{} lines converted ({sink} bytes)", passes * lines.len());
        return;
    }
    let min = Duration::from_millis(1500);
    println!("corpus: {} lines of 17_clue.txt", lines.len());

    let decode = lines_per_sec(&lines, min, |l| {
        decode_any(l).map(|p| p.board.given_count()).unwrap_or(0)
    });
    report("decode_any (susser)", decode);

    let boards: Vec<_> = lines.iter().map(|l| decode_any(l).unwrap().board).collect();
    let mut k = 0usize;
    let encode_only = lines_per_sec(&lines, min, |_| {
        k = (k + 1) % boards.len();
        encode(Format::Hodoku, &boards[k], &opts).unwrap().len()
    });
    report("encode hodoku", encode_only);

    let both = lines_per_sec(&lines, min, |l| {
        let p = decode_any(l).unwrap();
        encode(Format::Hodoku, &p.board, &opts).unwrap().len()
    });
    report("susser -> hodoku (decode_any+encode)", both);

    let direct = lines_per_sec(&lines, min, |l| {
        let p = codec::decode(Format::Susser, l).unwrap();
        encode(Format::SusserElims, &p.board, &opts).unwrap().len()
    });
    report("susser -> susser-elims (decode)", direct);

    // One paste of each format sample: mean time of decode_any.
    let mut names: Vec<_> = std::fs::read_dir(SAMPLES)
        .expect("samples")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "txt").then_some(p)
        })
        .collect();
    names.sort();
    println!("\nparse one paste (decode_any, mean over repetitions):");
    let mut worst = (0f64, String::new());
    for p in names {
        let sample = std::fs::read_to_string(&p).unwrap();
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let reps = 2000;
        let start = Instant::now();
        for _ in 0..reps {
            black_box(decode_any(black_box(&sample)).is_ok());
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / reps as f64;
        println!("  {name:<24} {us:>8.2} µs");
        if us > worst.0 {
            worst = (us, name);
        }
    }
    println!("slowest paste: {} at {:.2} µs", worst.1, worst.0);
}
