//! Checks the SE chain engine against serate's step log.
//!
//! Input: the output of `serate --threads=1 --before='B:%i:%m' --after='A:%r|%s'
//! --format='F:%g ...'` (one puzzle or many). For every chain step serate took, the state
//! before it is rebuilt, the producers run in SE's order, and the first hint of the first
//! producer that has one is compared with serate's step (difficulty and text). Every hint's
//! eliminations and placements are also checked against the puzzle's solution.
//!
//! `cargo run --release --example se_chains_check -- FILE [--max-level N] [--all] [-v] [--emit]`
//! (`--all`: list and check every hint, not only the first; `--emit`: print the agreeing states
//! as fixture lines for `tests/se_chains.rs`).

use std::time::Instant;
use termdoku::domain::{Cell, Digit};
use termdoku::solver::exact;
use termdoku::solver::se::chaining::{first, hints, ChainProducer, Scratch};
use termdoku::solver::se::step::difficulty;
use termdoku::solver::Grid;

const CHAIN_PREFIXES: [&str; 11] = [
    "Bidirectional",
    "Generalized X-Wing",
    "Forcing Chain:",
    "Forcing X-Chain",
    "Forcing Y-Chain",
    "Turbot Fish:",
    "Nishio Forcing Chain",
    "Contradiction Forcing Chain",
    "Double Forcing Chain",
    "Cell Forcing Chains",
    "Region Forcing Chains",
];

fn grid_of(values: &str, marks: &str) -> Grid {
    let mut v = [0u8; 81];
    for (i, ch) in values.bytes().take(81).enumerate() {
        v[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    let mut g = Grid::from_values(&v);
    let m = marks.as_bytes();
    for c in Cell::all() {
        if g.value(c).is_some() {
            continue;
        }
        for d in 1..=9u8 {
            if m[c.index() * 9 + d as usize - 1] == b'.' {
                g.eliminate(c, Digit::new(d).unwrap());
            }
        }
    }
    g
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("serate log file");
    let verbose = args.iter().any(|a| a == "-v");
    let emit = args.iter().any(|a| a == "--emit");
    let check_all = args.iter().any(|a| a == "--all");
    let max_level: u8 = args
        .iter()
        .position(|a| a == "--max-level")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let text = std::fs::read_to_string(file).expect("read log");
    let producers: Vec<ChainProducer> = ChainProducer::ALL
        .into_iter()
        .filter(|p| match p {
            ChainProducer::DynamicPlus => max_level >= 1,
            ChainProducer::Nested(l) => max_level >= *l,
            _ => true,
        })
        .collect();
    let mut last_state: Option<(String, String)> = None;
    let mut solution: Option<[u8; 81]> = None;
    let (mut steps, mut same_diff, mut same_text, mut wrong, mut skipped) = (0, 0, 0, 0, 0);
    let mut total = std::time::Duration::ZERO;
    let mut per_producer: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    let scratch = Scratch::default();
    let mut per_time: std::collections::BTreeMap<String, std::time::Duration> = Default::default();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("B:") {
            let mut it = rest.splitn(2, ':');
            let values = it.next().unwrap_or("").to_string();
            let marks = it.next().unwrap_or("").to_string();
            if solution.is_none() {
                let mut v = [0u8; 81];
                for (i, ch) in values.bytes().take(81).enumerate() {
                    v[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
                }
                if let exact::Outcome::Unique(s) = exact::solve_values(&v) {
                    let mut out = [0u8; 81];
                    for c in Cell::all() {
                        out[c.index()] = s.digit(c).get();
                    }
                    solution = Some(out);
                }
            }
            last_state = Some((values, marks));
        } else if let Some(rest) = line.strip_prefix("A:") {
            let (diff, step) = rest.split_once('|').unwrap_or(("", rest));
            if !CHAIN_PREFIXES.iter().any(|p| step.starts_with(p)) {
                continue;
            }
            let Some((values, marks)) = &last_state else {
                continue;
            };
            let grid = grid_of(values, marks);
            let t = Instant::now();
            let mut found = None;
            for &p in &producers {
                let tp = Instant::now();
                let hs: Vec<_> = if check_all {
                    hints(&grid, p, &scratch)
                } else {
                    first(&grid, p, &scratch).into_iter().collect()
                };
                *per_time.entry(format!("{p:?}")).or_default() += tp.elapsed();
                if let Some(sol) = &solution {
                    for h in &hs {
                        let bad = h
                            .eliminations
                            .iter()
                            .any(|c| sol[c.cell.index()] == c.digit.get())
                            || h.placements
                                .iter()
                                .any(|c| sol[c.cell.index()] != c.digit.get());
                        if bad {
                            wrong += 1;
                            eprintln!("WRONG {p:?}: {}", h.text);
                        }
                    }
                }
                if let Some(h) = hs.into_iter().next() {
                    found = Some((p, h));
                    break;
                }
            }
            let el = t.elapsed();
            total += el;
            steps += 1;
            match found {
                None => {
                    skipped += 1;
                    println!("NONE  serate {diff} {step}");
                }
                Some((p, h)) => {
                    let d_ok = difficulty(&h).to_string() == diff;
                    let t_ok = h.text == step;
                    same_diff += d_ok as u32;
                    same_text += t_ok as u32;
                    let e = per_producer.entry(format!("{p:?}")).or_default();
                    e.0 += 1;
                    e.1 += d_ok as u32;
                    if emit && d_ok && t_ok {
                        println!(
                            "FIX|{p:?}|{diff}|{step}|{values}:{marks}|{:.1}",
                            el.as_secs_f64() * 1e3
                        );
                    }
                    if !d_ok || verbose {
                        println!(
                            "{} {:?} ours {} {} | serate {} {} ({:.1} ms)",
                            if d_ok { "ok  " } else { "DIFF" },
                            p,
                            difficulty(&h),
                            h.text,
                            diff,
                            step,
                            el.as_secs_f64() * 1e3
                        );
                    }
                }
            }
        } else if line.starts_with("F:") {
            last_state = None;
            solution = None;
        }
    }
    println!(
        "chain steps {steps}: same difficulty {same_diff}, same hint {same_text}, none found {skipped}, wrong eliminations {wrong}; {:.1} ms total, {:.2} ms per step",
        total.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3 / steps.max(1) as f64
    );
    for (p, (n, ok)) in per_producer {
        println!("  {p}: {ok}/{n} same difficulty");
    }
    for (p, t) in per_time {
        println!("  time in {p}: {:.1} ms", t.as_secs_f64() * 1e3);
    }
}
