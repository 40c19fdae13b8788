//! Seeded fuzzing of the command line: every subcommand with random and mutated puzzles, states
//! with eliminations (along solution paths, some corrupted), random bytes, good and bad flags,
//! input as an argument or on standard input, and standard output that is a pipe, a closed pipe
//! or a full device (`/dev/full`).
//!
//! No run may panic (exit 101 or "panicked" on stderr), every run must end (a run over
//! [`RUN_LIMIT`] fails), and a run that fails with a readable standard output says why on
//! standard error (a closed pipe ends quietly by design).
//!
//! The default run is [`DEFAULT_COUNT`] commands (about a minute in debug). Long mode:
//! `TERMDOKU_CLI_FUZZ=long cargo test --release --test cli fuzz::` ([`LONG_COUNT`] commands), or
//! `TERMDOKU_CLI_FUZZ=<count>`; `TERMDOKU_CLI_FUZZ_SEED=<u64>` changes the seed. A failure
//! names the seed, the case and the command.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::Rng;
use termdoku::codec::{self, hodoku, Format, WriteOptions};
use termdoku::domain::{Board, Cell, Digit};
use termdoku::solver::engine::solution_path;
use termdoku::solver::Grid;

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");
const DEFAULT_COUNT: u64 = 6_000;
const LONG_COUNT: u64 = 100_000;
const DEFAULT_SEED: u64 = 0xc11_f022;
/// The longest a single run may take.
const RUN_LIMIT: Duration = Duration::from_secs(300);

/// Where a run's standard output goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stdout {
    Pipe,
    Closed,
    Full,
}

/// Puzzles of several kinds from the samples (easy ones more often: debug runs are slow).
fn puzzles() -> Vec<String> {
    common::sample_puzzles(&[
        ("17_clue.every100.txt", 8),
        ("sudokuexchange_diabolical_sample160_with_SER.txt", 4),
        ("magictour_top1465.txt", 100),
    ])
}

/// States with eliminations along the solution paths of a few puzzles.
fn states(puzzles: &[String], rng: &mut Rng) -> Vec<Board> {
    let mut out = Vec::new();
    for line in puzzles.iter().step_by(3) {
        let board = common::givens_board(line);
        let path = solution_path(&board);
        let mut grid = Grid::from_board(&board);
        for (i, s) in path.steps.iter().enumerate() {
            grid.apply(s);
            if i % 7 == 3 && !grid.is_solved() {
                out.push(grid.to_board());
            }
        }
    }
    rng.shuffle(&mut out);
    out
}

/// A state's text in a format that carries candidates, sometimes corrupted first (a wrong
/// filled digit or an eliminated candidate of any cell).
fn state_text(state: &Board, rng: &mut Rng) -> String {
    let mut b = state.clone();
    if rng.chance(0.3) {
        let c = Cell::from_index(rng.below(81));
        let d = Digit::new(rng.below(9) as u8 + 1).unwrap();
        if b.is_empty_cell(c) {
            if rng.chance(0.5) {
                b.set_filled(c, d);
            } else {
                b.eliminate(c, d);
            }
        }
    }
    let opts = WriteOptions::default();
    match rng.below(4) {
        0 => hodoku::write_library(&b, None, &opts),
        1 => codec::encode(Format::SusserElims, &b, &opts).unwrap(),
        2 => codec::encode(Format::Sukaku, &b, &opts).unwrap(),
        _ => codec::encode(*rng.pick(&Format::ALL), &b, &opts)
            .unwrap_or_else(|_| hodoku::write_library(&b, None, &opts)),
    }
}

/// Mutations of a text: flips, inserts, deletes, truncation, duplication, odd bytes.
fn mutate(text: &str, rng: &mut Rng) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(b.len() + 1);
        match rng.below(7) {
            0 if at < b.len() => b[at] = *rng.pick(b"0123456789.+-:#|\n "),
            1 => b.insert(at, *rng.pick(b"123456789.x\t\r\n\xff\x00")),
            2 if at < b.len() => {
                b.remove(at);
            }
            3 => b.truncate(at),
            4 => {
                let copy = b.clone();
                b.extend_from_slice(b"\n");
                b.extend_from_slice(&copy);
            }
            5 if at < b.len() => b[at] ^= 0x80,
            _ => b.extend_from_slice("é│·".as_bytes()),
        }
    }
    b
}

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    (0..rng.below(300)).map(|_| rng.next() as u8).collect()
}

/// One input: some puzzles, states and noise, one per line when `lines` > 1.
fn input(puzzles: &[String], states: &[Board], lines: usize, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..lines {
        if i > 0 {
            out.push(b'\n');
        }
        match rng.below(10) {
            0..=2 => out.extend_from_slice(rng.pick(puzzles).as_bytes()),
            3..=5 => out.extend_from_slice(state_text(rng.pick(states), rng).as_bytes()),
            6 | 7 => {
                let base = if rng.chance(0.5) {
                    rng.pick(puzzles).clone()
                } else {
                    state_text(rng.pick(states), rng)
                };
                out.extend(mutate(&base, rng));
            }
            8 => out.extend(random_bytes(rng)),
            _ => out.extend_from_slice(rng.pick(&["", "-", "hello", "1", "..."]).as_bytes()),
        }
    }
    out
}

fn technique_list(rng: &mut Rng, plus_only: bool) -> String {
    let names = [
        "fh", "n1", "h1", "l2", "x", "xy", "w", "sk", "bf", "fc", "fn", "kf", "nl", "u1", "bug1",
        "sdc", "ff3", "bogus", "",
    ];
    (0..1 + rng.below(4))
        .map(|_| {
            let sign = if plus_only || rng.chance(0.6) {
                "+"
            } else {
                "-"
            };
            format!("{sign}{}", rng.pick(&names))
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A command line and its standard input.
fn case(puzzles: &[String], states: &[Board], rng: &mut Rng) -> (Vec<String>, Option<Vec<u8>>) {
    let cmds = [
        "convert",
        "formats",
        "solve",
        "hint",
        "steps",
        "rate",
        "generate",
        "completions",
        "manpage",
    ];
    let cmd = *rng.pick(&cmds);
    let mut args = vec![cmd.to_string()];
    let each_line = rng.chance(0.3);
    let mut takes_input = false;
    match cmd {
        "convert" => {
            let mut to: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
            to.extend(["#", "@:", ".+:", "bogus", ""]);
            args.extend(["--to".into(), rng.pick(&to).to_string()]);
            if rng.chance(0.2) {
                let from = Format::ALL[rng.below(Format::ALL.len())].id();
                args.extend(["--from".into(), from.into()]);
            }
            if rng.chance(0.2) {
                args.push("--zeros".into());
            }
            takes_input = true;
        }
        "solve" => {
            if rng.chance(0.3) {
                args.push("--count".into());
            }
            takes_input = true;
        }
        "hint" | "steps" | "rate" => {
            if rng.chance(0.2) {
                args.extend(["--techniques".into(), technique_list(rng, false)]);
            }
            if cmd != "rate" && rng.chance(0.2) {
                let n = *rng.pick(&["eureka", "hodoku", "bogus"]);
                args.extend(["--notation".into(), n.into()]);
            }
            if rng.chance(0.05) {
                args.push("--list-techniques".into());
            }
            takes_input = true;
        }
        "generate" => {
            let level = *rng.pick(&["easy", "medium", "hard", "unfair", "extreme", "bogus"]);
            args.extend(["--level".into(), level.into()]);
            args.extend(["--seed".into(), rng.below(1000).to_string()]);
            args.extend(["--count".into(), (1 + rng.below(2)).to_string()]);
            if rng.chance(0.3) {
                args.push("--no-symmetry".into());
            }
            if rng.chance(0.2) {
                // Switching techniques off may make a level unreachable: a small bound.
                args.extend(["--techniques".into(), technique_list(rng, false)]);
                args.extend(["--max-tries".into(), "3".into()]);
            }
        }
        "completions" => {
            let shell = *rng.pick(&["bash", "zsh", "fish", "elvish", "powershell", "cmd"]);
            args.push(shell.into());
        }
        "manpage" if rng.chance(0.5) => {
            let dir = *rng.pick(&["/proc", "/dev/null/x", "/proc/termdoku-man"]);
            args.push(dir.into());
        }
        _ => {}
    }
    if takes_input && each_line {
        args.push("--each-line".into());
        if rng.chance(0.5) {
            args.extend(["--jobs".into(), (1 + rng.below(3)).to_string()]);
        }
        args.push("--quiet".into());
    }
    // Bad flags and values now and then.
    if rng.chance(0.08) {
        let bad = *rng.pick(&["--bogus", "-x", "--jobs", "--jobs=0", "--each-line=3", "--"]);
        let at = 1 + rng.below(args.len());
        args.insert(at, bad.into());
    }
    let mut stdin = None;
    if takes_input {
        let lines = if each_line { 1 + rng.below(6) } else { 1 };
        let text = input(puzzles, states, lines, rng);
        match std::str::from_utf8(&text) {
            Ok(t) if !t.contains('\0') && !t.is_empty() && rng.chance(0.5) => args.push(t.into()),
            _ => stdin = Some(text),
        }
    }
    (args, stdin)
}

struct Run {
    code: Option<i32>,
    stderr: String,
    time: Duration,
}

fn run(args: &[String], stdin: Option<&[u8]>, stdout: Stdout) -> Run {
    let out = match stdout {
        Stdout::Pipe => Stdio::piped(),
        Stdout::Closed => {
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            Stdio::from(writer)
        }
        Stdout::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        ),
    };
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(out)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn termdoku");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.unwrap_or_default().to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let mut out_pipe = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut sink = Vec::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_end(&mut sink);
        }
    });
    let mut err_pipe = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let time = start.elapsed();
    let _ = feeder.join();
    let _ = reader.join();
    let stderr = err_reader.join().unwrap();
    Run {
        code: status.map(|s| s.code().unwrap_or(-1)),
        stderr,
        time,
    }
}

#[test]
fn the_command_line_never_panics_and_always_says_why() {
    let count = common::env_count("TERMDOKU_CLI_FUZZ", DEFAULT_COUNT, LONG_COUNT, "commands");
    let seed = common::env_seed("TERMDOKU_CLI_FUZZ_SEED", DEFAULT_SEED);
    let puzzles = puzzles();
    let states = states(&puzzles, &mut Rng::new(seed));
    let mut codes = std::collections::BTreeMap::new();
    let mut slowest = Duration::ZERO;
    for n in 0..count {
        let mut rng = Rng::new(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (args, stdin) = case(&puzzles, &states, &mut rng);
        let stdout = match rng.below(10) {
            0 => Stdout::Closed,
            1 => Stdout::Full,
            _ => Stdout::Pipe,
        };
        let r = run(&args, stdin.as_deref(), stdout);
        let what = format!(
            "seed {seed} case {n}: termdoku {args:?} (stdin {:?}, stdout {stdout:?})",
            stdin.as_deref().map(String::from_utf8_lossy)
        );
        let Some(code) = r.code else {
            panic!("{what}: still running after {RUN_LIMIT:?}");
        };
        assert!(
            code != 101 && !r.stderr.contains("panicked"),
            "{what}: panic (exit {code}): {}",
            r.stderr
        );
        if code != 0 && stdout != Stdout::Closed {
            assert!(
                !r.stderr.trim().is_empty(),
                "{what}: exit {code} with nothing on stderr"
            );
        }
        *codes.entry(code).or_insert(0u64) += 1;
        slowest = slowest.max(r.time);
    }
    eprintln!("{count} commands, exit codes {codes:?}, slowest {slowest:?}");
}
