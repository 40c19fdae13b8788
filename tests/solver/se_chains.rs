//! Sudoku Explainer's chain engine against states and steps taken from serate (Sukaku Explainer
//! 1.18.1, default settings, one thread) on puzzles of `tests/data`
//! (`sudokuexchange_diabolical_sample160_with_SER.txt`, `forum_hardest_1106.txt`).
//!
//! `tests/fixtures/se_chains.txt` holds, per line, the producer that took the step, serate's
//! difficulty and text, and the state before it (`values:pencilmarks`, serate's `%i:%m`).

use crate::common;
use termdoku::domain::{Cell, Digit};
use termdoku::solver::exact;
use termdoku::solver::se::chaining::{hints, ChainProducer, Scratch};
use termdoku::solver::se::step::difficulty;
use termdoku::solver::Grid;

struct Case {
    producer: ChainProducer,
    difficulty: String,
    text: String,
    values: [u8; 81],
    grid: Grid,
}

fn producer(name: &str) -> ChainProducer {
    match name {
        "Cycles" => ChainProducer::Cycles,
        "Nishio" => ChainProducer::Nishio,
        "Multiple" => ChainProducer::Multiple,
        "Dynamic" => ChainProducer::Dynamic,
        "DynamicPlus" => ChainProducer::DynamicPlus,
        "Nested(2)" => ChainProducer::Nested(2),
        "Nested(3)" => ChainProducer::Nested(3),
        other => panic!("unknown producer {other}"),
    }
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/se_chains.txt"
    ))
    .expect("fixture");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            let (vals, marks) = f[3].split_once(':').expect("values:marks");
            let mut values = [0u8; 81];
            for (i, ch) in vals.bytes().enumerate().take(81) {
                values[i] = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            let mut grid = Grid::from_values(&values);
            for c in Cell::all() {
                if grid.value(c).is_none() {
                    for d in 1..=9u8 {
                        if marks.as_bytes()[c.index() * 9 + d as usize - 1] == b'.' {
                            grid.eliminate(c, Digit::new(d).unwrap());
                        }
                    }
                }
            }
            Case {
                producer: producer(f[0]),
                difficulty: f[1].to_string(),
                text: f[2].to_string(),
                values,
                grid,
            }
        })
        .collect()
}

fn check_fires(p: ChainProducer) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.producer == p).collect();
    assert!(!cases.is_empty(), "no fixture for {p:?}");
    for c in &cases {
        let hs = hints(&c.grid, p, &Scratch::default());
        let first = hs
            .first()
            .unwrap_or_else(|| panic!("{p:?} found nothing for {}", c.text));
        assert_eq!(
            difficulty(first).to_string(),
            c.difficulty,
            "{p:?}: {}",
            c.text
        );
        assert_eq!(first.text, c.text, "{p:?}");
        assert_eq!(first.technique.se().map(|(t, _)| t), Some(p.technique()));
        // SE's name of the hint: the first words of its text for cycles and forcing chains;
        // the other chain hints name their rule too (`Dynamic Contradiction Forcing Chains`
        // for the text `Contradiction Forcing Chain: ...`).
        let name = first.name.expect("SE's name of the hint").to_string();
        let prefix = first.text.split(": ").next().unwrap_or_default();
        assert!(
            name == prefix || name.contains(prefix.trim_end_matches(" Chain")),
            "{name:?} for {:?}",
            first.text
        );
        assert!(!first.chains().is_empty() && first.chains().len() == first.chain_lines.len());
        // Every hint is sound: nothing removed is the solution, everything placed is.
        let exact::Outcome::Unique(sol) = exact::solve_values(&c.values) else {
            panic!("fixture puzzle without a unique solution");
        };
        for h in &hs {
            common::assert_keeps_solution(
                &sol,
                &h.placements,
                &h.eliminations,
                &format!("{p:?}: {}", h.text),
            );
            assert!(
                difficulty(h) >= difficulty(first),
                "hints come easiest first"
            );
        }
    }
}

/// SE took the step with `p`, so every producer before it found nothing in that state.
fn check_silent_before(p: ChainProducer, before: ChainProducer) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.producer == p).collect();
    assert!(!cases.is_empty(), "no fixture for {p:?}");
    for c in &cases {
        assert!(
            hints(&c.grid, before, &Scratch::default()).is_empty(),
            "{before:?} fires where SE used {p:?}: {}",
            c.text
        );
    }
}

#[test]
fn cycles_fire_with_se_difficulty() {
    check_fires(ChainProducer::Cycles);
}

#[test]
fn cycles_silent_where_se_used_nishio() {
    check_silent_before(ChainProducer::Nishio, ChainProducer::Cycles);
}

#[test]
fn nishio_fires_with_se_difficulty() {
    check_fires(ChainProducer::Nishio);
}

#[test]
fn nishio_silent_where_se_used_multiple() {
    check_silent_before(ChainProducer::Multiple, ChainProducer::Nishio);
}

#[test]
fn multiple_fires_with_se_difficulty() {
    check_fires(ChainProducer::Multiple);
}

#[test]
fn multiple_silent_where_se_used_dynamic() {
    check_silent_before(ChainProducer::Dynamic, ChainProducer::Multiple);
}

#[test]
fn dynamic_fires_with_se_difficulty() {
    check_fires(ChainProducer::Dynamic);
}

#[test]
fn dynamic_silent_where_se_used_dynamic_plus() {
    check_silent_before(ChainProducer::DynamicPlus, ChainProducer::Dynamic);
}

#[test]
fn dynamic_plus_fires_with_se_difficulty() {
    check_fires(ChainProducer::DynamicPlus);
}

#[test]
fn dynamic_plus_silent_where_se_used_nested() {
    check_silent_before(ChainProducer::Nested(2), ChainProducer::DynamicPlus);
}

#[test]
fn nested_fires_with_se_difficulty() {
    check_fires(ChainProducer::Nested(2));
}

#[test]
fn nested_3_fires_with_se_difficulty() {
    check_fires(ChainProducer::Nested(3));
}

#[test]
fn nested_2_silent_where_se_used_nested_3() {
    check_silent_before(ChainProducer::Nested(3), ChainProducer::Nested(2));
}

/// With every empty cell down to its solution digit there is nothing to chain on.
#[test]
fn no_producer_fires_without_choices() {
    let case = &cases()[0];
    let exact::Outcome::Unique(sol) = exact::solve_values(&case.values) else {
        panic!()
    };
    let mut values = [0u8; 81];
    for c in Cell::all() {
        values[c.index()] = if c.index() % 7 == 0 {
            0
        } else {
            sol.digit(c).get()
        };
    }
    let grid = Grid::from_values(&values);
    for p in ChainProducer::ALL {
        assert!(hints(&grid, p, &Scratch::default()).is_empty(), "{p:?}");
    }
}

/// The Cycles producer's easiest hint searched on its own (walks cut where no hint could come
/// before the best found so far, passes skipped that cannot) is the first of all its hints, and
/// taken one at a time they are all its hints: on the fixture's states and on every state of
/// the SE paths of two puzzles made of cycles and forcing chains.
#[test]
fn cycles_first_hint_searched_alone_is_the_first_of_all() {
    use std::ops::ControlFlow;
    use termdoku::solver::se::{chaining, next_step, SeContext};
    let list = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sudokuexchange_diabolical_sample160_with_SER.txt"
    ))
    .unwrap();
    let mut states: Vec<Grid> = cases().into_iter().map(|c| c.grid).collect();
    for line in [63, 121] {
        let puzzle = list.lines().nth(line - 1).unwrap();
        let board = termdoku::codec::decode_any(puzzle).unwrap().board;
        let mut g = Grid::from_board(&board);
        let ctx = SeContext::default();
        while !g.is_solved() {
            states.push(g.clone());
            g.apply(&next_step(&g, &ctx).expect("a step"));
        }
    }
    let shown = |s: &termdoku::solver::Step| format!("{} {:?}", s.text, s.eliminations);
    let mut fired = 0;
    for g in &states {
        let p = ChainProducer::Cycles;
        let all: Vec<String> = hints(g, p, &Scratch::default()).iter().map(shown).collect();
        let first = chaining::first(g, p, &Scratch::default()).map(|s| shown(&s));
        assert_eq!(first.as_ref(), all.first());
        let mut each = Vec::new();
        let _ = chaining::each(g, p, &Scratch::default(), &mut |s| {
            each.push(shown(&s));
            ControlFlow::Continue(())
        });
        assert_eq!(each, all);
        fired += usize::from(all.len() > 1);
    }
    assert!(fired > 20, "{fired} states with several hints");
}
