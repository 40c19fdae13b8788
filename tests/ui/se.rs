//! The player with Sudoku Explainer's engine, driven by key scripts into TestBackend: a hint
//! where HoDoKu's techniques run out (SE's chain, drawn, listed, applied, never a revealed
//! digit), the hint engine switch, and the SE rating in the side panel.

use crate::support::*;
use termdoku::app::Overlay;
use termdoku::solver::fallback::StepEngine;
use termdoku::solver::se::{Difficulty, SeTechnique};
use termdoku::solver::{exact, Eureka, Technique};
use termdoku::storage::HintEngine;

/// The first puzzle of forum_hardest_1106 after its first step (r2c9=2): HoDoKu's techniques
/// find nothing here and HoDoKu answers `Brute Force: r5c3=7`.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// A puzzle that singles solve.
const EASY: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
#[test]
fn where_hodoku_runs_out_the_hint_is_an_se_chain_never_a_digit() {
    let mut s = bare_session(STUCK, Config::default());
    let before = s.app.board().clone();
    let solution = match exact::solve(&before.givens_only()) {
        exact::Outcome::Unique(sol) => sol,
        _ => panic!("unique"),
    };
    s.press("t").unwrap();
    let h = s.app.live_hint().expect("a hint").clone();
    assert_eq!(h.engine, StepEngine::Se);
    let step = h.step().unwrap().clone();
    assert_ne!(step.technique, Technique::BruteForce);
    assert!(step.placements.is_empty() || !step.chains().is_empty());
    assert!(!step.chains().is_empty(), "an SE chain: {}", step.text);
    crate::common::assert_keeps_solution(
        &solution,
        &step.placements,
        &step.eliminations,
        &step.text,
    );
    // SE's technique and difficulty, from SE's table and the step, never HoDoKu's nearest
    // technique.
    let (technique, difficulty) = step.technique.se().expect("an SE technique");
    assert_eq!(step.technique.engine(), StepEngine::Se);
    assert_eq!(technique, SeTechnique::NestedForcingChain);
    assert_eq!(difficulty, Difficulty(103));
    let name = h.technique_name().unwrap();
    assert_eq!(
        name,
        "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3)"
    );
    assert_eq!(status(&s), format!("Hint: {name} (t: where)"));
    s.press("t").unwrap();
    assert_eq!(
        status(&s),
        format!("Hint: {name}: look at the highlighted cells (t: full step)")
    );
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Full);
    let full = snap(&mut s, FULL);
    assert!(
        full.contains("Dynamic Region Forcing Chains (+ Forcing"),
        "{full}"
    );
    assert!(full.contains("Chains) (10.3) (SE)"), "{full}");
    assert!(!full.contains("Forcing Net"), "{full}");
    insta::assert_snapshot!("se_hint_full_120x45", styled(&mut s, FULL));
    insta::assert_snapshot!("se_hint_full_80x24", styled(&mut s, MEDIUM));
    // Copied with its name, difficulty, SE's text and the chain.
    s.press("yt").unwrap();
    let copied = s.clipboard.get_text().unwrap();
    assert!(
        copied.starts_with(&format!("Hint (3/3): {name}\n{}\n", step.text)),
        "{copied}"
    );
    let eureka = Eureka::on_board(&step, &before).unwrap().lines();
    assert!(copied.contains(&eureka[0]), "{copied}");
    // And SE's own explanation: its numbered implications and the nested chains' details.
    let explained = termdoku::solver::se::explain::explanation_lines(
        &termdoku::solver::Grid::from_board(&before),
        &step,
    );
    assert!(
        copied.contains(&format!(
            "Sudoku Explainer's explanation:\n{}\n",
            explained.join("\n")
        )),
        "{copied}"
    );
    assert!(copied.contains("\n(1) If "), "{copied}");
    assert!(
        copied.contains("\nNested Forcing Chains details"),
        "{copied}"
    );
    // Enter applies it: candidates go, no digit is revealed.
    s.press("<enter>").unwrap();
    let after = s.app.board().clone();
    assert_ne!(after, before);
    assert_eq!(after.values_array(), before.values_array());
    // The status line names the technique with its difficulty and the result.
    let result = termdoku::solver::step::eliminations_text(&step.eliminations);
    assert!(step.placements.is_empty());
    assert_eq!(status(&s), format!("Applied: {name}: {result}"));
    assert!(status(&s)
        .starts_with("Applied: Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): r"));
}

#[test]
fn e_switches_the_hint_engine_and_the_config_chooses_it() {
    let mut s = bare_session(EASY, Config::default());
    s.press("t").unwrap();
    let h = s.app.live_hint().unwrap().clone();
    assert_eq!(h.engine, StepEngine::Hodoku);
    s.press("E").unwrap();
    assert_eq!(s.app.config().hint_engine, HintEngine::Se);
    assert_eq!(status(&s), "Hints: Sudoku Explainer (E: switch)");
    assert!(s.app.live_hint().is_none(), "the old engine's hint goes");
    s.press("t").unwrap();
    let h = s.app.live_hint().unwrap().clone();
    assert_eq!(h.engine, StepEngine::Se);
    assert_eq!(h.technique_name().as_deref(), Some("Hidden Single (1.2)"));
    assert_eq!(status(&s), "Hint: Hidden Single (1.2) (t: where)");
    insta::assert_snapshot!("se_engine_hint_80x24", styled(&mut s, MEDIUM));
    s.press("E").unwrap();
    assert_eq!(s.app.config().hint_engine, HintEngine::Hodoku);
    assert_eq!(status(&s), "Hints: HoDoKu (E: switch)");
    // The help lists the key from the keymap.
    s.press("?").unwrap();
    assert!(snap(&mut s, FULL).contains("hint engine: HoDoKu/SE"));
    // `hint_engine = "se"` in the config starts with SE's hints.
    let config = Config {
        hint_engine: HintEngine::Se,
        ..Config::default()
    };
    let mut s = bare_session(EASY, config);
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().engine, StepEngine::Se);
}

#[test]
fn the_side_panel_rates_the_puzzle_with_se_in_the_background() {
    let mut s = bare_session(EASY, Config::default());
    s.press("l").unwrap();
    assert!(!snap(&mut s, FULL).contains("SE:"), "off until enabled");
    s.enable_se_rating();
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("SE: 2.3/1.2/1.2") || screen.contains("SE: 1."),
        "{screen}"
    );
    insta::assert_snapshot!("se_rating_panel_120x45", styled(&mut s, FULL));
}

#[test]
fn a_rating_that_came_with_the_text_is_shown_at_once_as_given() {
    let mut s = bare_session(EASY, Config::default());
    s.enable_se_rating();
    s.app.game_mut().se_rating = Some("11.3/1.2/1.2".into());
    // The compact panel wraps the mark to the next line.
    let screen = snap(&mut s, MEDIUM);
    assert!(
        screen.contains("SE: 11.3/1.2/1.2") && screen.contains("(given)"),
        "{screen}"
    );
    s.press("l").unwrap();
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE: 11.3/1.2/1.2 (given)"), "{screen}");
}

#[test]
fn a_rating_under_way_is_given_up_when_the_puzzle_changes() {
    let mut s = bare_session(STUCK, Config::default());
    s.enable_se_rating();
    s.press("l").unwrap();
    // A new puzzle before the hard one is rated: the hard one's answer never shows.
    s.dispatch(termdoku::app::Action::PasteText(EASY.into()));
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE: "), "{screen}");
    assert!(!screen.contains("rating…"), "{screen}");
}

#[test]
fn the_path_view_takes_ses_steps_where_hodoku_runs_out_named_by_se() {
    let mut s = bare_session(STUCK, Config::default());
    s.press("v").unwrap();
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("  1. Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): Region"),
        "{screen}"
    );
    assert!(!screen.contains("Brute Force"), "{screen}");
    let Overlay::Path(view) = &s.app.ui().overlay() else {
        panic!("the path view")
    };
    let steps = view.steps.as_ref().expect("computed");
    assert!(steps.iter().all(|st| st.technique != Technique::BruteForce));
    let se = steps
        .iter()
        .filter(|st| st.technique.engine() == StepEngine::Se)
        .count();
    assert!(se > 1, "{se} SE steps");
    // Applying the first step takes SE's chain: candidates go, no digit is revealed.
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_ne!(*s.app.board(), before);
    assert_eq!(s.app.board().values_array(), before.values_array());
}
