//! Sudoku Explainer's explanations of the techniques that are not chains or singles, each
//! against serate's hint window (Sukaku Explainer 1.18.1, default settings, `%h` made into
//! lines), captured once on states of the diabolical sample of `tests/data` (and some of
//! top1465).
//!
//! `tests/fixtures/se_explain_rules.txt` holds records after an empty line: `state` and the state
//! before the step (729-character pencilmarks), `step` and serate's step text, then serate's
//! explanation, one line per line (written by `scripts/compare-serate-explain --fixtures`).

use crate::se_explain::{check_record, records_of, Record};

fn records() -> Vec<Record> {
    records_of("se_explain_rules.txt")
}

/// Every record whose step text starts with one of `names` is explained as serate explains
/// it, line for line; there is at least one.
fn check(names: &[&str]) {
    let records = records();
    let mut seen = 0;
    for r in records
        .iter()
        .filter(|r| names.iter().any(|n| r.step.starts_with(n)))
    {
        seen += 1;
        check_record(r);
    }
    assert!(seen > 0, "no record of {names:?}");
}

#[test]
fn pointing_and_claiming() {
    check(&["Pointing:", "Claiming:"]);
}

#[test]
fn direct_pointing_and_claiming() {
    check(&["Direct Pointing:", "Direct Claiming:"]);
}

#[test]
fn naked_sets() {
    check(&["Naked Pair:", "Naked Triplet:", "Naked Quad:"]);
}

#[test]
fn hidden_sets() {
    check(&["Hidden Pair:", "Hidden Triplet:", "Hidden Quad:"]);
}

#[test]
fn direct_hidden_sets() {
    check(&["Direct Hidden Pair:", "Direct Hidden Triplet:"]);
}

#[test]
fn fish() {
    check(&["X-Wing:", "Swordfish:", "Jellyfish:"]);
}

#[test]
fn xy_and_xyz_wings() {
    check(&["XY-Wing:", "XYZ-Wing:"]);
}

#[test]
fn wxyz_to_tuvwxyz_wings() {
    check(&["WXYZ-Wing", "VWXYZ-Wing", "UVWXYZ-Wing", "TUVWXYZ-Wing"]);
}

#[test]
fn strong_links() {
    check(&[
        "Skyscraper",
        "2-String Kite",
        "2 Strong links",
        "3 Strong links",
        "Grouped",
        "3-String Kite",
        "3 Skyscrapers",
    ]);
}

#[test]
fn x_loops_plain_and_grouped() {
    check(&["(3 Strong Links) X-Loop", "(3 Strong Links) Grouped X-Loop"]);
}

#[test]
fn unique_rectangles_and_loops() {
    check(&["Unique Rectangle type", "Unique Loop"]);
}

#[test]
fn unique_rectangles_of_type_3_with_naked_and_hidden_sets() {
    check(&["Unique Rectangle type 3"]);
    let records = records();
    let type3 = |set: &str| {
        records
            .iter()
            .filter(|r| r.step.starts_with("Unique Rectangle type 3"))
            .any(|r| r.lines.first().is_some_and(|l| l.contains(set)))
    };
    assert!(type3("(with Naked Pair)") && type3("(with Naked Triplet)"));
    assert!(type3("(with Hidden Pair)"));
}

#[test]
fn bivalue_universal_grave() {
    check(&["BUG type"]);
}

#[test]
fn aligned_exclusion() {
    check(&["Aligned Pair Exclusion", "Aligned Triplet Exclusion"]);
}
