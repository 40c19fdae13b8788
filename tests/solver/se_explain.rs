//! Sudoku Explainer's explanations of its steps against serate's hint window (Sukaku Explainer
//! 1.18.1, default settings, `%h` made into lines) on states of `tests/data` puzzles.
//!
//! `tests/fixtures/se_explain.txt` holds records after an empty line: `state` and the state
//! before the step (729-character pencilmarks), `step` and serate's step text, then serate's
//! explanation, one line per line (written by `scripts/compare-serate-explain --fixtures`).

use termdoku::codec;
use termdoku::solver::se::explain::{explain, html_lines};
use termdoku::solver::se::{next_step, SeContext};
use termdoku::solver::Grid;

pub(crate) struct Record {
    pub(crate) state: String,
    pub(crate) step: String,
    pub(crate) lines: Vec<String>,
}

fn records() -> Vec<Record> {
    records_of("se_explain.txt")
}

/// The records of a fixture in `tests/fixtures` written by `scripts/compare-serate-explain
/// --fixtures`.
pub(crate) fn records_of(file: &str) -> Vec<Record> {
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut out: Vec<Record> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(state) = line.strip_prefix("state ") {
            out.push(Record {
                state: state.to_string(),
                step: String::new(),
                lines: Vec::new(),
            });
        } else if let Some(r) = out.last_mut() {
            if let Some(step) = line.strip_prefix("step ") {
                r.step = step.to_string();
            } else if !line.is_empty() {
                r.lines.push(line.to_string());
            }
        }
    }
    out
}

/// The engine's next step in the record's state is the record's step, and its explanation is
/// serate's, line for line.
pub(crate) fn check_record(r: &Record) {
    let board = codec::decode_any(&r.state).expect("state").board;
    let grid = Grid::from_board(&board);
    let step = next_step(&grid, &SeContext::default()).expect("a step");
    assert_eq!(step.text, r.step, "the engine's step in {}", r.state);
    let got = explain(&grid, &step).expect("an explanation").lines();
    for (i, (g, w)) in got.iter().zip(&r.lines).enumerate() {
        assert_eq!(g, w, "line {} of {}", i + 1, r.step);
    }
    assert_eq!(got.len(), r.lines.len(), "{}", r.step);
}

#[test]
fn every_explanation_is_serates_word_for_word() {
    let records = records();
    assert!(records.len() >= 20, "{} records", records.len());
    for r in &records {
        check_record(r);
    }
}

#[test]
fn html_becomes_one_line_per_block_with_entities_decoded() {
    let lines = html_lines(
        "<html><body><h2>Title</h2><p>\n  One  <b>bold</b>\n text.</p><p>A &amp; B&#8194;C<br>(1) x<br>\
         <ul><li>If a<li>If b</ul>done</p></body></html>",
    );
    assert_eq!(
        lines,
        vec![
            "Title",
            "One bold text.",
            "A & B C",
            "(1) x",
            "If a",
            "If b",
            "done"
        ]
    );
}

/// The tree a reader folds holds SE's text whole: in SE's order it gives back every line, each
/// chain starts at its heading and has one rule per implication, and every nested chain hangs
/// under an implication that names it.
#[test]
fn the_outline_of_a_chain_step_is_its_text_in_another_order() {
    let mut chains = 0;
    let mut nested = 0;
    for r in records() {
        let board = codec::decode_any(&r.state).expect("state").board;
        let grid = Grid::from_board(&board);
        let step = next_step(&grid, &SeContext::default()).expect("a step");
        let e = explain(&grid, &step).expect("an explanation");
        let Some(o) = e.outline() else {
            assert!(
                !matches!(e, termdoku::solver::se::explain::Explanation::Chain(_)),
                "{}",
                r.step
            );
            continue;
        };
        chains += 1;
        assert_eq!(o.se_lines(), e.lines(), "{}", r.step);
        for (i, c) in o.chains.iter().enumerate() {
            assert!(!c.head.is_empty() && !c.rules.is_empty(), "{}", r.step);
            assert!(c.rules[0].text.starts_with("(1) If "), "{}", r.step);
            if o.chains.len() > 2 {
                assert!(
                    c.head[0].starts_with(&format!("Chain {}: If ", i + 1)),
                    "{}",
                    r.step
                );
            }
            for rule in &c.rules {
                if let Some(n) = &rule.nested {
                    nested += 1;
                    let name = n.title.strip_prefix("Nested ").expect("a nested heading");
                    assert!(rule.text.ends_with(&format!("({name})")), "{}", rule.text);
                }
            }
        }
    }
    assert!(
        chains >= 15 && nested >= 2,
        "{chains} chain steps, {nested} nested"
    );
}
