//! The puzzle's rating in the side panel: level and score, an SE rating that came with the text,
//! kept when the same puzzle is opened again, none for a puzzle with several solutions.

use crate::support::*;
use termdoku::app::RatingOutcome;

#[test]
fn the_side_panel_shows_level_score_and_the_cursor_candidates() {
    let mut s = at_origin("panel");
    s.press("l").unwrap(); // any action asks for the rating in the background
    s.wait_background();
    let r = termdoku::solver::engine::rate(s.app.board());
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains(&format!("Level: {} (score {})", r.level, r.score)),
        "{screen}"
    );
    s.press("h").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("r1c1: 4 candidates 1349"), "{screen}");
    insta::assert_snapshot!("panel_rated", styled(&mut s, FULL));
}

#[test]
fn the_se_rating_of_a_paste_is_kept_and_shown() {
    let line = format!("{PUZZLE} ED=11.3/1.2/1.2");
    let mut s = session_on("se", PUZZLE, Some(&line));
    s.press("p").unwrap();
    assert_eq!(s.app.game().se_rating.as_deref(), Some("11.3/1.2/1.2"));
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE: 11.3/1.2/1.2"), "{screen}");
    let level = termdoku::solver::engine::rate(s.app.board());
    assert!(
        screen.contains(&format!("Level: {} (score {})", level.level, level.score)),
        "{screen}"
    );
}

#[test]
fn pasting_the_loaded_puzzle_again_keeps_its_rating() {
    let mut s = session_config("repaste", PUZZLE, Config::default(), Some(PUZZLE));
    s.press("l").unwrap();
    s.wait_background();
    let rated = s.app.rating().cloned().expect("rated");
    assert!(matches!(rated.outcome, RatingOutcome::Rated { .. }));
    s.press("p").unwrap();
    s.wait_background();
    assert_eq!(s.app.rating(), Some(&rated));
    let screen = snap(&mut s, FULL);
    assert!(!screen.contains("rating…"), "{screen}");
    // Solving it counts under its level, not as unrated.
    let sol = termdoku::app::engine::unique_solution(s.app.board()).unwrap();
    fill(&mut s, &sol);
    let level = rated.level().unwrap().name().to_string();
    assert_eq!(s.app.stats().levels.get(&level).map(|l| l.solved), Some(1));
    assert!(!s.app.stats().levels.contains_key("unrated"));
}

#[test]
fn opening_a_slot_that_holds_the_loaded_puzzle_keeps_its_rating() {
    let mut s = session("slot-same");
    s.press("1smine<enter>").unwrap();
    s.wait_background();
    assert!(s.app.rating().is_some());
    s.press("o<enter>").unwrap();
    s.wait_background();
    assert!(s.app.rating().is_some(), "{:?}", status(&s));
    assert!(!snap(&mut s, MEDIUM).contains("rating…"));
}

#[test]
fn a_puzzle_opened_while_its_rating_is_on_the_way_gets_it() {
    let mut s = session_config("in-flight", PUZZLE, Config::default(), Some(PUZZLE));
    // The paste comes before the first rating arrived.
    s.press("lp").unwrap();
    s.wait_background();
    assert!(s.app.rating().is_some());
}

/// Types the solution into the empty cells.
fn fill(s: &mut Session, sol: &[u8; 81]) {
    for c in Cell::all() {
        if s.app.board().value(c).is_none() {
            s.app.set_cursor(c);
            s.press(&sol[c.index()].to_string()).unwrap();
        }
    }
    assert!(s.app.board().is_solved());
}

#[test]
fn a_puzzle_with_several_solutions_gets_no_level_and_counts_unrated() {
    let serg = crate::common::read_sample("serg_benchmark.every50.txt");
    let line = serg.lines().next().unwrap();
    let mut s = session_config("not-unique", line, Config::default(), None);
    s.press("l").unwrap();
    s.wait_background();
    let r = s.app.rating().cloned().expect("rated");
    assert_eq!(r.outcome, RatingOutcome::NotUnique);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("not unique"), "{screen}");
    assert!(!screen.contains("Extreme"), "{screen}");
    // Solve it along one of its solutions: counted, but under no level.
    let sol = termdoku::solver::exact::first_solution(s.app.board()).unwrap();
    let values: [u8; 81] = *sol.values();
    fill(&mut s, &values);
    assert_eq!(
        s.app.stats().levels.get("unrated").map(|l| l.solved),
        Some(1)
    );
    assert!(!s.app.stats().levels.contains_key("Extreme"));
}
