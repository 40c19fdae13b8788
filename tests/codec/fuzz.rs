//! Seeded fuzzing of every decoder (docs/formats.md, "Round trips"): random bytes, random text over
//! the formats' alphabet, and mutations (flips, inserts, deletes, splices, truncations, CR-only and
//! CRLF line ends, NUL, long lines, many lines, unicode) of the format samples
//! (`tests/fixtures/format-samples`) and of corpus lines (`tests/data`).
//!
//! Every input goes through `decode_any` and through `decode` with each format forced, plus the
//! option-taking readers. Nothing may panic, and every successful decode must re-encode in its own
//! format, decode back to the same board or the format's documented projection, and re-encode to
//! the same text (writers are idempotent).
//!
//! The default run checks a few hundred thousand inputs. Long mode:
//! `TERMDOKU_FUZZ=long cargo test --release --test codec fuzz::` (10 million inputs), or
//! `TERMDOKU_FUZZ=<count>`; `TERMDOKU_FUZZ_SEED=<u64>` changes the seed. A failure names the
//! seed, the generator and the case number, and prints the input.

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::common::Rng;
use crate::projection::{kept, writable};
use termdoku::codec::pencilmark::{self, PmOptions};
use termdoku::codec::sukaku::{self, SukakuOptions};
use termdoku::codec::{self, decode, decode_any, encode, Format, Parsed, WriteOptions};

/// Inputs over all four generators in the default run.
const DEFAULT_COUNT: u64 = 280_000;
/// Inputs in the long mode.
const LONG_COUNT: u64 = 10_000_000;
const DEFAULT_SEED: u64 = 0x7e57_c0de_f022;

fn total_count() -> u64 {
    common::env_count("TERMDOKU_FUZZ", DEFAULT_COUNT, LONG_COUNT, "inputs")
}

fn seed() -> u64 {
    common::env_seed("TERMDOKU_FUZZ_SEED", DEFAULT_SEED)
}

/// Characters the formats give a meaning to, plus a few that none does.
const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '.', '+', ':', '|', '*', '-', '_', ' ',
    ' ', '\t', '\n', '\r', ',', ';', '<', '>', '{', '}', '[', ']', '"', '#', '!', '@', '^', '~',
    '%', '\'', 'x', 'u', 'A', 'Z', 'v', 'e', 'r', 's', 'i', 'o', 'n', '\0', '\u{b7}', '\u{a0}',
    '\u{3000}', '\u{feff}', 'é', '\u{301}', '\u{202e}', '😀', '\u{ffff}',
];

/// JSON and OpenSudoku words that steer detection into their readers.
const WORDS: &[&str] = &[
    "{\"numbers\":[",
    "\"beginNumbers\":",
    "\"map\":",
    "version: 3\n",
    "version: 1\n",
    "|0|1|",
    "[Puzzle]\n",
    "#A author\n",
    ":0000:x:",
    "https://",
    "SCv1",
    "<5>",
    "*5*",
    "u5",
    ".---.---.---.\n",
    "*-----------*\n",
    "|---+---+---|\n",
    "Simple Sudoku\n",
    "\r\n",
    "]]]]",
    "[[[[",
    "1e999",
    "-1",
    "18446744073709551616",
];

#[derive(Copy, Clone, Debug)]
enum Source {
    Bytes,
    Text,
    Samples,
    Corpus,
}

fn seeds() -> (Vec<String>, Vec<String>) {
    let samples = common::format_samples();
    assert!(samples.len() > 30, "format samples missing");
    let mut lines = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(common::sample_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    for p in names {
        let text = std::fs::read_to_string(&p).unwrap();
        lines.extend(text.lines().take(300).map(str::to_string));
    }
    assert!(lines.len() > 1000, "corpus samples missing");
    (samples, lines)
}

fn random_bytes(rng: &mut Rng) -> String {
    let max = if rng.below(10) == 0 { 1200 } else { 200 };
    let n = rng.below(max);
    let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn random_text(rng: &mut Rng) -> String {
    let max = if rng.below(8) == 0 { 1000 } else { 180 };
    let n = rng.below(max);
    let mut s = String::with_capacity(n + 16);
    for _ in 0..n {
        if rng.below(30) == 0 {
            let word: &&str = rng.pick(WORDS);
            s.push_str(word);
        } else {
            s.push(*rng.pick(ALPHABET));
        }
    }
    s
}

/// One to six mutations of `base` (`others` are splice donors).
fn mutate(rng: &mut Rng, base: &str, others: &[String]) -> String {
    let mut v: Vec<char> = base.chars().collect();
    for _ in 0..1 + rng.below(6) {
        let pos = rng.below(v.len() + 1);
        match rng.below(24) {
            0..=3 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] = *rng.pick(ALPHABET);
            }
            4..=7 => v.insert(pos, *rng.pick(ALPHABET)),
            8..=11 if !v.is_empty() => {
                let i = rng.below(v.len());
                let n = 1 + rng.below(4).min(v.len() - i - 1);
                v.drain(i..i + n);
            }
            12 | 13 => {
                let donor: Vec<char> = rng.pick(others).chars().collect();
                let a = rng.below(donor.len() + 1);
                let b = (a + rng.below(200)).min(donor.len());
                v.splice(pos..pos, donor[a..b].iter().copied());
            }
            14 | 15 => v.truncate(pos),
            16 | 17 => {
                // Line ends: CR only, or CRLF.
                let s: String = v.iter().collect();
                let s = if rng.below(2) == 0 {
                    s.replace('\n', "\r")
                } else {
                    s.replace('\n', "\r\n")
                };
                v = s.chars().collect();
            }
            18 => v.insert(pos, '\0'),
            19 => {
                // A long line.
                let c = *rng.pick(&['1', '.', '9', ' ', '|', '0', '-']);
                let n = 200 + rng.below(3000);
                v.splice(pos..pos, std::iter::repeat_n(c, n));
            }
            20 => {
                // Many lines.
                let s: String = v.iter().collect();
                let line = s.lines().nth(rng.below(4)).unwrap_or("1 2 3");
                let line: String = line.chars().take(120).collect();
                let n = 10 + rng.below(200);
                let extra = format!("\n{line}").repeat(n);
                v.splice(pos..pos, extra.chars());
            }
            _ => {
                let w = rng.pick(WORDS);
                v.splice(pos..pos, w.chars());
            }
        }
    }
    // Mostly a paste's size; now and then up to a megabyte.
    let cap = if rng.below(1000) == 0 { 1 << 20 } else { 8_000 };
    v.truncate(cap);
    v.into_iter().collect()
}

fn input(rng: &mut Rng, source: Source, samples: &[String], lines: &[String]) -> String {
    match source {
        Source::Bytes => random_bytes(rng),
        Source::Text => random_text(rng),
        Source::Samples => {
            let base = rng.pick(samples).clone();
            mutate(rng, &base, samples)
        }
        Source::Corpus => {
            let base = rng.pick(lines).clone();
            // Sometimes the corpus line in another one-line format first.
            let base = match (rng.below(4), decode_any(&base)) {
                (0, Ok(p)) => {
                    let f = *rng.pick(&writable());
                    encode(f, &p.board, &WriteOptions::default()).unwrap()
                }
                _ => base,
            };
            mutate(rng, &base, lines)
        }
    }
}

/// Re-encodes a decoded board in its own format (a read-only format: in the full-state
/// `susser-elims`/`pm-marked` writers), with `.` or `0` placeholders, and checks projection and
/// idempotence.
fn check_round_trip(p: &Parsed) -> Result<(), String> {
    // Half the boards are written with `0` placeholders.
    let opts = WriteOptions {
        zeros: p.board.value_count() % 2 == 1,
        ..WriteOptions::default()
    };
    let formats: &[Format] = if p.format.can_write() {
        &[p.format]
    } else {
        &[Format::SusserElims, Format::PmMarked]
    };
    for &f in formats {
        let once = encode(f, &p.board, &opts).map_err(|e| e.to_string())?;
        let back = decode_any(&once)
            .map_err(|e| format!("{f}: its own output does not decode: {e}\n{once}"))?;
        let want = kept(f, &p.board);
        let got = back.board.cells();
        match want {
            Some(want) if got != want => {
                return Err(format!(
                    "{f}: decodes back to another board than its projection\n{once}\nread as {}",
                    back.format
                ))
            }
            None if back.board.values_array() != p.board.values_array() => {
                return Err(format!("{f}: decodes back to other values\n{once}"))
            }
            _ => {}
        }
        let twice = encode(f, &back.board, &opts).map_err(|e| e.to_string())?;
        if twice != once {
            return Err(format!(
                "{f}: writer not idempotent\n--- once ---\n{once}\n--- twice ---\n{twice}"
            ));
        }
    }
    Ok(())
}

/// Every decoder on `text`; the round-trip check on each success.
fn exercise(text: &str) -> Result<usize, String> {
    let mut calls = 0;
    let mut results = Vec::with_capacity(Format::ALL.len() + 6);
    results.push(decode_any(text));
    for f in Format::ALL {
        results.push(decode(f, text));
    }
    for opts in [
        PmOptions {
            values_as_filled: true,
            keep_singles: false,
            strict: true,
        },
        PmOptions {
            values_as_filled: false,
            keep_singles: true,
            strict: false,
        },
    ] {
        results.push(pencilmark::read_with(text, &opts));
    }
    for opts in [
        SukakuOptions {
            strict: true,
            keep_singles: false,
            values_as_filled: true,
        },
        SukakuOptions {
            strict: false,
            keep_singles: true,
            values_as_filled: false,
        },
    ] {
        results.push(sukaku::read_with(text, &opts));
    }
    let _ = pencilmark::tokens(text);
    let _ = codec::studio::parse(text);
    calls += results.len() + 2;
    for r in results {
        match r {
            Ok(p) => check_round_trip(&p)?,
            Err(e) => {
                if e.to_string().is_empty() {
                    return Err("an error with an empty message".into());
                }
            }
        }
    }
    Ok(calls)
}

/// Runs `share`/280 of the inputs from `source` (the mutations cost several times more than the
/// random inputs, so they get fewer).
fn run(source: Source, share: u64) {
    let count = (total_count() * share / 280).max(1);
    let stream = seed() ^ (source as u64).wrapping_mul(0xA24B_AED4_963E_E407);
    let (samples, lines) = seeds();
    let mut rng = Rng::new(stream);
    let mut calls = 0usize;
    for case in 0..count {
        let text = input(&mut rng, source, &samples, &lines);
        let outcome = catch_unwind(AssertUnwindSafe(|| exercise(&text)));
        let failure = match outcome {
            Ok(Ok(n)) => {
                calls += n;
                continue;
            }
            Ok(Err(msg)) => msg,
            Err(_) => "panic (message above)".to_string(),
        };
        panic!(
            "{source:?} case {case} (TERMDOKU_FUZZ_SEED={}): {failure}\n--- input ({} bytes) ---\n{text:?}",
            seed(),
            text.len()
        );
    }
    eprintln!("{source:?}: {count} inputs, {calls} decoder calls, no failure");
}

#[test]
fn fuzz_random_bytes() {
    run(Source::Bytes, 100);
}

#[test]
fn fuzz_random_text() {
    run(Source::Text, 100);
}

#[test]
fn fuzz_mutated_format_samples() {
    run(Source::Samples, 35);
}

#[test]
fn fuzz_mutated_corpus_lines() {
    run(Source::Corpus, 45);
}
