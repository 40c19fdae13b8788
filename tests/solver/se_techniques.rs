//! Every rule of the Sudoku Explainer engine's table (the chain producers aside: `se_chains.rs`)
//! against serate (Sukaku Explainer 1.18.1) with only that rule enabled (`--techs`):
//! `tests/fixtures/se_techniques.txt` holds, per line, the technique, serate's difficulty and
//! hint text, the hint's effect, a state where serate's rule gave that hint first, and a state
//! where it found nothing (729-character pencilmarks). The producer must give the same first
//! hint there, with SE's difficulty and the same placements and eliminations, and nothing in the
//! second state.

use crate::common;

use termdoku::codec;
use termdoku::solver::exact;
use termdoku::solver::finder;
use termdoku::solver::se::{SeContext, SeTechnique, PRODUCERS};
use termdoku::solver::{Difficulty, Family, Grid, Step, StepTechnique};

struct Case {
    technique: SeTechnique,
    difficulty: u16,
    text: String,
    effect: String,
    fires: String,
    silent: String,
}

fn technique(name: &str) -> SeTechnique {
    PRODUCERS
        .iter()
        .map(|p| p.technique)
        .find(|t| format!("{t:?}") == name)
        .unwrap_or_else(|| panic!("no SE technique {name}"))
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/se_techniques.txt"
    ))
    .expect("fixture");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            assert_eq!(f.len(), 6, "fixture line: {l}");
            let (whole, tenth) = f[1].split_once('.').expect("a difficulty");
            Case {
                technique: technique(f[0]),
                difficulty: whole.parse::<u16>().unwrap() * 10 + tenth.parse::<u16>().unwrap(),
                text: f[2].to_string(),
                effect: f[3].to_string(),
                fires: f[4].to_string(),
                silent: f[5].to_string(),
            }
        })
        .collect()
}

/// The grid of a pencilmark state.
pub(crate) fn grid(state: &str) -> Grid {
    Grid::from_board(&codec::decode_any(state).expect("a pencilmark state").board)
}

/// Every hint of the technique's producers in the state, in SE's order.
pub(crate) fn producer_hints(t: SeTechnique, g: &Grid) -> Vec<Step> {
    PRODUCERS
        .iter()
        .filter(|p| p.technique == t)
        .flat_map(|p| finder::every(p.find, g, &SeContext::default()))
        .collect()
}

/// `r1c2=5` for a placement, `r3c4<>6` for an elimination; placements first.
fn effect(s: &Step) -> String {
    let placed = s
        .placements
        .iter()
        .map(|c| format!("{}={}", c.cell, c.digit));
    let removed = s
        .eliminations
        .iter()
        .map(|c| format!("{}<>{}", c.cell, c.digit));
    placed.chain(removed).collect::<Vec<_>>().join(" ")
}

fn is_chain(t: SeTechnique) -> bool {
    t.family() == Family::Chain
}

#[test]
fn every_rule_of_the_table_has_cases() {
    let cases = cases();
    for p in PRODUCERS.iter().filter(|p| !is_chain(p.technique)) {
        assert!(
            cases.iter().any(|c| c.technique == p.technique),
            "no case for {}",
            p.technique.name()
        );
    }
}

#[test]
fn each_rule_gives_serates_first_hint_with_its_difficulty_and_effect() {
    for c in cases() {
        let g = grid(&c.fires);
        let hints = producer_hints(c.technique, &g);
        let first = hints
            .first()
            .unwrap_or_else(|| panic!("{:?} finds nothing for {}", c.technique, c.text));
        assert_eq!(first.text, c.text, "{:?} in {}", c.technique, c.fires);
        let want = StepTechnique::Se(c.technique, Difficulty(c.difficulty));
        assert_eq!(first.technique, want, "{}", c.text);
        assert_eq!(effect(first), c.effect, "{}", c.text);
    }
}

#[test]
fn each_rule_finds_nothing_where_serates_rule_found_nothing() {
    for c in cases() {
        let hints = producer_hints(c.technique, &grid(&c.silent));
        assert!(
            hints.is_empty(),
            "{:?} finds {} in {}",
            c.technique,
            hints[0].text,
            c.silent
        );
    }
}

/// Every hint of the rule in its state keeps the solution: no solution digit removed, no other
/// digit placed.
#[test]
fn each_rules_hints_keep_the_solution() {
    for c in cases() {
        let g = grid(&c.fires);
        let values = g.values_array();
        let exact::Outcome::Unique(sol) = exact::solve_values(&values) else {
            panic!("{}: the state's values have no unique solution", c.text);
        };
        for h in producer_hints(c.technique, &g) {
            for e in &h.eliminations {
                assert!(g.candidates(e.cell).contains(e.digit), "{}", h.text);
            }
            common::assert_keeps_solution(&sol, &h.placements, &h.eliminations, &h.text);
        }
    }
}
