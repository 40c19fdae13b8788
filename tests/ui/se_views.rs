//! The all-steps view (`A`) and the path view (`v`) with the Sudoku Explainer engine (`E`):
//! SE's hints of the state sorted by difficulty, SE's path with its difficulties, and the path's
//! summary for both engines.

use crate::support::*;
use termdoku::app::Overlay;
use termdoku::solver::summary::SummaryLine;
use termdoku::solver::{Step, StepTechnique};

/// A diabolical puzzle: singles first, then harder steps.
const DIABOLICAL: &str =
    "59......7.4..1..83..8.349....14.2....69...82....1.93....467.2..98..4..3.7......16";

/// The first puzzle of forum_hardest_1106 after r2c9=2: HoDoKu's techniques find nothing
/// here (only Brute Force), SE's chains do.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// The difficulties of the view's steps in list order (every step must be SE's).
fn listed_difficulties(s: &TestSession) -> Vec<u16> {
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("{:?}", s.app.ui().overlay())
    };
    v.groups
        .iter()
        .flat_map(|g| &g.steps)
        .map(|st| match st.technique {
            StepTechnique::Se(_, d) => d.0,
            t => panic!("not an SE step: {t:?}"),
        })
        .collect()
}

#[test]
fn with_the_se_engine_the_all_steps_view_lists_se_hints_easiest_first() {
    let mut s = session_on("se-all-steps", DIABOLICAL, None);
    s.press("E").unwrap();
    s.press("A").unwrap();
    s.wait_background();
    let ds = listed_difficulties(&s);
    assert!(ds.len() > 3, "{ds:?}");
    assert!(ds.windows(2).all(|w| w[0] <= w[1]), "{ds:?}");
    // The selection is the first (easiest) hint, and the status line names it with its
    // difficulty.
    assert_status(&s, "Hidden Single (1.2)");
    let medium = snap(&mut s, MEDIUM);
    assert!(medium.contains("All steps (SE)"), "{medium}");
    assert!(medium.contains("(1.2)"), "{medium}");
    insta::assert_snapshot!("se_all_steps_80x24", styled(&mut s, MEDIUM));
    insta::assert_snapshot!("se_all_steps_120x45", styled(&mut s, FULL));
    // Enter applies the selected hint and lists SE's hints of the new state.
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    s.wait_background();
    assert_ne!(*s.app.board(), before);
    assert!(!listed_difficulties(&s).is_empty());
}

#[test]
fn where_hodoku_finds_nothing_the_se_list_has_the_chains_t_finds() {
    let mut s = session_on("se-all-steps-stuck", STUCK, None);
    s.press("A").unwrap();
    s.wait_background();
    let hodoku = match &s.app.ui().overlay() {
        Overlay::AllSteps(v) => v.count(),
        o => panic!("{o:?}"),
    };
    assert_eq!(hodoku, 0, "HoDoKu's list of this state");
    s.press("<esc>").unwrap();
    s.press("E").unwrap();
    s.press("t").unwrap();
    s.wait_background();
    let hint = status(&s);
    s.press("<esc>").unwrap();
    s.press("<esc>").unwrap();
    s.press("A").unwrap();
    s.wait_background();
    let ds = listed_difficulties(&s);
    assert!(!ds.is_empty(), "SE's list is empty where t says {hint}");
    assert!(ds.windows(2).all(|w| w[0] <= w[1]), "{ds:?}");
    let full = snap(&mut s, FULL);
    assert!(full.contains("Forcing Chains"), "{full}");
}

/// The path view's steps.
fn path_steps(s: &TestSession) -> Vec<Step> {
    match &s.app.ui().overlay() {
        Overlay::Path(p) => p.steps.clone().expect("the path arrived"),
        o => panic!("{o:?}"),
    }
}

/// The path view's summary.
fn path_summary(s: &TestSession) -> Vec<SummaryLine> {
    match &s.app.ui().overlay() {
        Overlay::Path(p) => p.summary.clone(),
        o => panic!("{o:?}"),
    }
}

#[test]
fn with_the_se_engine_the_path_view_shows_se_path_its_difficulties_and_summary() {
    let mut s = session_on("se-path", DIABOLICAL, None);
    s.press("E").unwrap();
    s.press("v").unwrap();
    s.wait_background();
    let steps = path_steps(&s);
    assert!(!steps.is_empty());
    assert!(steps
        .iter()
        .all(|st| matches!(st.technique, StepTechnique::Se(..))));
    let summary = path_summary(&s);
    assert_eq!(summary.iter().map(|l| l.count).sum::<usize>(), steps.len());
    let first = &summary[0];
    assert_eq!(first.name, "Hidden Single", "{summary:?}");
    let full = snap(&mut s, FULL);
    assert!(full.contains("Solution path (SE)"), "{full}");
    assert!(
        full.contains(&format!("Summary: {} Hidden Single", first.count)),
        "{full}"
    );
    // Each step with SE's difficulty.
    assert!(full.contains("Hidden Single (1.2)"), "{full}");
    insta::assert_snapshot!("se_path_80x24", styled(&mut s, MEDIUM));
    insta::assert_snapshot!("se_path_120x45", styled(&mut s, FULL));
}

#[test]
fn the_hodoku_path_view_has_its_summary_too() {
    let mut s = session_on("hodoku-path-summary", DIABOLICAL, None);
    s.press("v").unwrap();
    s.wait_background();
    let steps = path_steps(&s);
    assert!(steps
        .iter()
        .all(|st| matches!(st.technique, StepTechnique::Hodoku(_))));
    let summary = path_summary(&s);
    assert_eq!(summary.iter().map(|l| l.count).sum::<usize>(), steps.len());
    let full = snap(&mut s, FULL);
    assert!(full.contains("Solution path (HoDoKu)"), "{full}");
    let first = &summary[0];
    assert!(
        full.contains(&format!("Summary: {} {}", first.count, first.name)),
        "{full}"
    );
}
