//! Helpers shared by the integration tests (`mod common;`) and the benches and examples
//! (`#[path = "../tests/common/mod.rs"] mod common;`).
//!
//! Two kinds of puzzle lists:
//! * samples in `tests/data/` (see its README), carried by the repository: the default tests read
//!   only these, so a clone alone passes;
//! * the full corpora (`$TERMDOKU_DATA`, else `shared/data` beside the repository), for the
//!   benchmarks and the long tests; the long tests are `#[ignore]`d and fail, saying where the
//!   corpora are looked for, when asked for without them.
//!
//! `screen` is the one renderer of the player's screens (text and styled snapshots).

// Each includer uses a subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod screen;

/// The repository's own test puzzles (`tests/data`).
pub fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The text of the sample file `name` in `tests/data`; a missing file fails the test, naming it.
pub fn read_sample(name: &str) -> String {
    let path = sample_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("sample {}: {e}", path.display()))
}

/// The puzzles (first word of each line, 81 characters) of every `every`-th line of each sample
/// in `lists`, in that order.
pub fn sample_puzzles(lists: &[(&str, usize)]) -> Vec<String> {
    let mut out = Vec::new();
    for &(name, every) in lists {
        let text = read_sample(name);
        out.extend(
            text.lines()
                .filter_map(|l| l.split_whitespace().next())
                .filter(|l| l.len() == 81)
                .step_by(every)
                .map(str::to_string),
        );
    }
    out
}

/// The full corpora, when present: `$TERMDOKU_DATA` when set, else `shared/data` beside the
/// repository (the first ancestor of the package root that has it, so a git worktree nested
/// deeper finds it too).
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("TERMDOKU_DATA") {
        let d = PathBuf::from(d);
        return d.is_dir().then_some(d);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    root.ancestors()
        .skip(1)
        .map(|a| a.join("shared/data"))
        .find(|d| d.is_dir())
}

/// Where the benches look for the full corpora (`corpus_dir`, else `tests/data`, whose files
/// carry the full names only for the lists kept whole).
pub fn data_dir() -> PathBuf {
    corpus_dir().unwrap_or_else(sample_dir)
}

/// The text of the full corpus `name` for a long test. The long tests are `#[ignore]`d and run
/// only when asked for (`cargo test -- --ignored long_`); asked for without the corpora they
/// fail, saying where the corpora are looked for.
pub fn read_full_corpus(name: &str) -> String {
    let Some(dir) = corpus_dir() else {
        panic!(
            "the full corpus {name} is not here: set TERMDOKU_DATA to the folder of the corpora"
        );
    };
    let path = dir.join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the full corpus {}: {e}", path.display()))
}

/// The corpus at `path` for the benches: the full file when present, else a sample of the same
/// list from `tests/data` (with a note on standard error), else `None`.
pub fn bench_corpus(name: &str) -> Option<(PathBuf, String)> {
    if let Some(dir) = corpus_dir() {
        let p = dir.join(name);
        if let Ok(s) = std::fs::read_to_string(&p) {
            return Some((p, s));
        }
    }
    let stem = name.trim_end_matches(".txt");
    let entries = std::fs::read_dir(sample_dir()).ok()?;
    let mut names: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|f| f.to_str())
                .is_some_and(|f| f.starts_with(stem) && f.ends_with(".txt"))
        })
        .collect();
    names.sort();
    let p = names.into_iter().next()?;
    eprintln!(
        "note: full corpus {name} not found; using the sample {}",
        p.display()
    );
    let s = std::fs::read_to_string(&p).ok()?;
    Some((p, s))
}

/// CPU time this thread has run, in seconds (Linux `/proc/thread-self/schedstat`, nanosecond
/// resolution); `None` where that file does not exist. The benches divide work by it to report
/// what one core does on a shared machine, where wall-clock rates understate speed.
pub fn thread_cpu_secs() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Every elimination of `step` removes a candidate the grid has and that is not the solution's
/// digit (`solution`: the values of the solved grid); `line` names the puzzle in a failure.
pub fn assert_sound_eliminations(
    grid: &termdoku::solver::Grid,
    step: &termdoku::solver::Step,
    solution: &[u8; 81],
    line: &str,
) {
    for e in &step.eliminations {
        assert!(
            grid.candidates(e.cell).contains(e.digit),
            "{line}: {} removes a missing candidate",
            step.text
        );
        assert_ne!(
            solution[e.cell.index()],
            e.digit.get(),
            "{line}: {} removes the solution digit at {}",
            step.text,
            e.cell
        );
    }
}

/// Every placement is the solution's digit and no elimination removes it; `what` names the step
/// in a failure.
pub fn assert_keeps_solution(
    solution: &termdoku::solver::exact::Solution,
    placements: &[termdoku::solver::Candidate],
    eliminations: &[termdoku::solver::Candidate],
    what: &str,
) {
    for e in eliminations {
        assert_ne!(
            solution.digit(e.cell),
            e.digit,
            "{what} removes the solution digit at {}",
            e.cell
        );
    }
    for p in placements {
        assert_eq!(
            solution.digit(p.cell),
            p.digit,
            "{what} places a wrong digit at {}",
            p.cell
        );
    }
}

/// The seeded tests' generator: the library's SplitMix64 stream, drawn from as these tests
/// always have (`below` takes the whole 64-bit output modulo `n`).
pub struct Rng(termdoku::solver::generate::SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(termdoku::solver::generate::SplitMix64::new(seed))
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One element of `v`, which must not be empty.
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// The seed of a seeded test: the `u64` in the environment variable `var`, else `default`.
pub fn env_seed(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .map(|v| {
            v.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{var} must be a u64"))
        })
        .unwrap_or(default)
}

/// How many cases a seeded test runs: `long` in the environment variable `var` gives `long`, a
/// number (with `_` separators) that many, no variable `default`; `cases` names the cases in the
/// message when the value is neither.
pub fn env_count(var: &str, default: u64, long: u64, cases: &str) -> u64 {
    match std::env::var(var) {
        Ok(v) if v.eq_ignore_ascii_case("long") => long,
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{var} must be `long` or a count of {cases}, not {v:?}")),
        Err(_) => default,
    }
}

/// The texts of the format samples (`tests/fixtures/format-samples/*.txt`), in the order of their
/// paths.
pub fn format_samples() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/format-samples");
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "txt").then(|| {
                let text = std::fs::read_to_string(&p).unwrap();
                (p, text)
            })
        })
        .collect();
    out.sort();
    out.into_iter().map(|(_, t)| t).collect()
}

/// The board of the givens of an 81-character puzzle line (what follows the 81st character is
/// ignored).
pub fn givens_board(line: &str) -> termdoku::domain::Board {
    let mut values = [None; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        values[i] = termdoku::domain::Digit::from_char(ch).map(|d| (d, true));
    }
    termdoku::domain::Board::from_values(&values)
}

/// Asks the finders of the slots whose order `ours` accepts at every state along the solution
/// path of every `every`-th puzzle line of `text` (up to 200 steps a puzzle), not only when one
/// is the first to fire. Each step a finder returns must be of a technique of its slot, remove
/// something, have a text starting with the technique's name, pass `well_formed` (given the
/// grid, the step and the puzzle line) and remove only candidates that are not the solution's.
/// Returns how many steps were checked.
pub fn check_finders_along_paths(
    text: &str,
    every: usize,
    ours: impl Fn(u32) -> bool,
    well_formed: impl Fn(&termdoku::solver::Grid, &termdoku::solver::Step, &str),
) -> usize {
    use termdoku::solver::engine::{context, next_step_on};
    use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
    use termdoku::solver::techniques::finders;
    use termdoku::solver::Grid;

    let mut checked = 0;
    for line in text.lines().step_by(every) {
        let board = givens_board(line);
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context(&board);
        let mut grid = Grid::from_board(&board);
        for _ in 0..200 {
            for (f, find) in finders().filter(|(f, _)| ours(f.order)) {
                let Some(step) = termdoku::solver::finder::first(find, &grid, &ctx) else {
                    continue;
                };
                checked += 1;
                assert!(
                    f.techniques.iter().any(|t| step.technique == *t),
                    "{line}: slot {} returned {:?}",
                    f.order,
                    step.technique
                );
                assert!(!step.eliminations.is_empty(), "{line}: empty {}", step.text);
                assert!(
                    step.text.starts_with(step.technique.name()),
                    "{line}: {}",
                    step.text
                );
                well_formed(&grid, &step, line);
                assert_sound_eliminations(&grid, &step, &sol, line);
            }
            let Some(step) = next_step_on(&grid, &ctx) else {
                break;
            };
            grid.apply(&step);
            if grid.is_solved() {
                break;
            }
        }
    }
    checked
}

/// Builders of hand-made chain steps, and states on which today's chain finders fire.
pub mod chains {
    use termdoku::domain::{Cell, Digit};
    use termdoku::solver::{Candidate, ChainLink, ChainNode, Facts, LinkKind, Step, Technique};

    /// The cell `r{r}c{c}` (1-based, as written).
    pub fn cell(r: usize, c: usize) -> Cell {
        Cell::from_rc(r - 1, c - 1)
    }

    /// The digit `n`.
    pub fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    /// The chain node of candidate `n` in `r{r}c{c}`.
    pub fn cand(n: u8, r: usize, c: usize) -> ChainNode {
        ChainNode::Candidate(Candidate::new(cell(r, c), d(n)))
    }

    /// The candidate nodes of `(n, r, c)` triples.
    pub fn cands(list: &[(u8, usize, usize)]) -> Vec<ChainNode> {
        list.iter().map(|&(n, r, c)| cand(n, r, c)).collect()
    }

    /// A chain through `nodes`, `kinds` giving each link (`=` strong, `-` weak).
    pub fn chain(nodes: &[ChainNode], kinds: &str) -> Vec<ChainLink> {
        assert_eq!(nodes.len(), kinds.len() + 1);
        nodes
            .windows(2)
            .zip(kinds.chars())
            .map(|(w, k)| ChainLink {
                from: w[0],
                to: w[1],
                kind: if k == '=' {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                },
            })
            .collect()
    }

    /// A step of `t` with these chains, eliminating the `(n, r, c)` candidates.
    pub fn step(t: Technique, chains: Vec<Vec<ChainLink>>, elims: &[(u8, usize, usize)]) -> Step {
        let mut s = Step::new(t);
        s.facts = Facts::chain(chains);
        s.eliminations = elims
            .iter()
            .map(|&(n, r, c)| Candidate::new(cell(r, c), d(n)))
            .collect();
        s
    }

    /// A W-Wing's state (HoDoKu library line).
    pub const W_WING: &str = ":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::";
    /// An X-Chain's state.
    pub const X_CHAIN: &str = ":0000:x:3..1....8.9+2..831.+8.17+3..94.+1...365+2.+2.....+4+3.432...+7+128...41...396...8.1....5..9:612 513 613 215 521 751 755 656 956 773 785 286::";
    /// An XY-Chain's state.
    pub const XY_CHAIN: &str = ":0000:x:+74..+32...1...+693.7.5..78.+2.+4+75.+2+6.3..+61.4.2...9..+1.4..+5.+428..9.6.73+9...2...6+5..1.:813 828 554 756 858 564 766 391 393::";
    /// A Remote Pair's state.
    pub const REMOTE_PAIR: &str = ":0000:x:+5+76+8+4+92+1+39+8+1+3....4243..+5896+8+3+7591+4+6+2+1.2.8+43..4..2.3.+813.+8....+47+6.+49.7+1+3+8+71.4+38+62.:725 552 567 275 675::";
    /// A Skyscraper's state.
    pub const SKYSCRAPER: &str = ":0000:x:+9..3+71...6+3....+1.7.1.+68.+39.57..2.+863.8.5.6+71+9.+69+8.+74....67.39...9.468.7..4.....3.:261 291 293 893 297 299::";
    /// An Empty Rectangle's state.
    pub const EMPTY_RECTANGLE: &str = ":0000:x:85.....31....7.......8.9....+23+7..6+1.97.3.1.52....2...+31..4.7..62.5..+63.7....8.+1..:213 413 613 217 417 322 224 624 226 426 435 635 445 975 982 988 994 298::";
}

/// The status line's text (empty when there is none).
pub fn status_text(s: &termdoku::app::Session) -> String {
    s.app
        .ui()
        .status()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The givens of an 81-character puzzle line as digits (`0` empty), as `domain::minlex` takes them.
pub fn givens_array(line: &str) -> [u8; 81] {
    givens_board(line).givens_array()
}

/// Digits (`0` empty) as an 81-character line with `.` for empty cells.
pub fn line_of(g: &[u8; 81]) -> String {
    g.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}
