//! The all-steps view (`A`) and practice by technique (`P`) driven through the real App with
//! key scripts into ratatui's TestBackend: snapshots at 120x45 and 80x24, the preview on the
//! board, the filter, Enter applying one undoable step, and a practice puzzle opened just
//! before its technique.

mod common;

use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::{App, Game, Overlay, Session};
use termdoku::codec;
use termdoku::domain::Cell;
use termdoku::solver::engine::next_step;
use termdoku::solver::Technique;
use termdoku::storage::Config;
use termdoku::ui::board::BoardView;

/// top1465 #1: its first state has singles, subsets, locked candidates, wings, loops, ALS...
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const FULL: (u16, u16) = (120, 45);
const COMPACT: (u16, u16) = (80, 24);

fn session(puzzle: &str) -> Session {
    let board = codec::decode_any(puzzle).unwrap().board;
    let app = App::new(board, Game::named("Test", None), Config::default());
    // No store: nothing is written.
    Session::new(app, Box::new(MemoryClipboard { text: None }), None)
}

fn snap(s: &mut Session, size: (u16, u16)) -> String {
    common::screen_text(s, size)
}

fn status(s: &Session) -> String {
    common::status_text(s)
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::from_rc(r - 1, c - 1)
}

#[test]
fn all_steps_lists_every_step_grouped_and_previews_the_selected_one() {
    let mut s = session(HARD);
    s.press("A").unwrap();
    assert!(matches!(s.app.ui.overlay, Overlay::AllSteps(_)));
    s.wait_background();
    let Overlay::AllSteps(v) = &s.app.ui.overlay else {
        panic!("the view closed");
    };
    assert!(v.done && v.count() > 100, "{} steps", v.count());
    assert_eq!(status(&s), "Hidden Single: r9c3=7 (Enter: apply)");
    insta::assert_snapshot!("all_steps_120x45", snap(&mut s, FULL));
    insta::assert_snapshot!("all_steps_80x24", snap(&mut s, COMPACT));
    // Down to the Locked Triple: the board previews it as a full hint (pattern cells marked,
    // eliminations drawn).
    s.press("j").unwrap();
    assert!(
        status(&s).starts_with("Locked Triple: 4,6,8 in r7c123"),
        "{}",
        status(&s)
    );
    let view = BoardView::new(&s.app);
    assert!(view.hint_cells.contains(cell(7, 1)) && view.hint_cells.contains(cell(7, 3)));
    assert!(!view.hint_elims.is_empty());
    // → jumps to the next technique, ← back.
    s.press("l").unwrap();
    assert!(
        status(&s).starts_with("Locked Candidates Type 1 (Pointing): 5 in b4"),
        "{}",
        status(&s)
    );
    s.press("h").unwrap();
    assert!(status(&s).starts_with("Locked Triple"), "{}", status(&s));
    // Esc closes the view and the preview.
    s.press("<esc>").unwrap();
    assert_eq!(s.app.ui.overlay, Overlay::None);
    assert!(BoardView::new(&s.app).hint_elims.is_empty());
}

#[test]
fn the_filter_narrows_the_list_and_enter_applies_one_undoable_step() {
    let mut s = session(HARD);
    let before = s.app.board().clone();
    s.press("A").unwrap();
    s.wait_background();
    // f: the first family present (singles), again: intersections.
    s.press("f").unwrap();
    assert_eq!(status(&s), "Showing singles: 1 step");
    s.press("f").unwrap();
    assert_eq!(status(&s), "Showing intersections: 10 steps");
    let Overlay::AllSteps(v) = &s.app.ui.overlay else {
        panic!("the view closed");
    };
    let chosen = v.step().unwrap().clone();
    assert_eq!(chosen.technique, Technique::LockedCandidates1);
    insta::assert_snapshot!("all_steps_filtered_80x24", snap(&mut s, COMPACT));
    s.press("<enter>").unwrap();
    // Applied, and the list of the new state is searched with the same filter.
    for e in &chosen.eliminations {
        assert!(!s.app.board().candidates(e.cell).contains(e.digit));
    }
    s.wait_background();
    let Overlay::AllSteps(v) = &s.app.ui.overlay else {
        panic!("the view closed after Enter");
    };
    assert_eq!(v.board, *s.app.board());
    assert_eq!(
        v.filter.map(|f| f.name()),
        Some("intersections".to_string())
    );
    s.press("<esc>u").unwrap();
    assert_eq!(*s.app.board(), before, "one undo step");
}

#[test]
fn practice_opens_a_puzzle_just_before_its_technique() {
    let mut s = session(HARD);
    s.app.ui.steps.practice_seed = Some(11);
    s.press("P").unwrap();
    let menu = snap(&mut s, COMPACT);
    assert!(
        menu.contains("Practise a technique") && menu.contains("X-Wing"),
        "{menu}"
    );
    // The seventh entry is X-Wing.
    s.press("jjjjjj<enter>").unwrap();
    assert!(
        status(&s).starts_with("Practice X-Wing: generating"),
        "{}",
        status(&s)
    );
    s.wait_background();
    assert!(
        s.app.game.name.starts_with("Practice X-Wing (seed 11)"),
        "{}",
        s.app.game.name
    );
    assert!(
        status(&s).starts_with("X-Wing needed here"),
        "{}",
        status(&s)
    );
    assert_eq!(
        next_step(s.app.board()).and_then(|st| st.technique.hodoku()),
        Some(Technique::XWing)
    );
    // The hint ladder names it.
    s.press("t").unwrap();
    s.wait_background();
    assert_eq!(status(&s), "Hint: X-Wing (t: where)");
    // The screen without the status line (which says how long the search took).
    let screen = snap(&mut s, COMPACT);
    let lines: Vec<&str> = screen.lines().collect();
    insta::assert_snapshot!("practice_x_wing_80x24", lines[..lines.len() - 1].join("\n"));
    // One undo goes back to the puzzle's givens.
    s.press("<esc>u").unwrap();
    assert_eq!(
        s.app.board().values_array(),
        s.app.board().givens_only().values_array()
    );
}

#[test]
fn the_search_sends_each_slot_as_it_is_found_and_stops_once_unwanted() {
    use termdoku::app::all_steps::{search, Keep, StepsAction};
    use termdoku::app::Action;
    use termdoku::solver::techniques::SlotSet;
    let board = codec::decode_any(HARD).unwrap().board;
    let keep = Keep::default();
    let got = std::cell::RefCell::new(Vec::new());
    search(&board, SlotSet::defaults(), 7, &keep.watch(), &|a| {
        got.borrow_mut().push(a)
    });
    let got = got.into_inner();
    let partial = got
        .iter()
        .filter(|a| matches!(a, Action::Steps(s) if s.is_partial()))
        .count();
    assert!(partial > 10, "{partial} partial results");
    assert!(matches!(
        got.last(),
        Some(Action::Steps(StepsAction::Found {
            id: 7,
            done: true,
            ..
        }))
    ));
    // Nobody waits any more: the search stops after its first slot.
    let watch = keep.watch();
    drop(keep);
    let got = std::cell::RefCell::new(Vec::new());
    search(&board, SlotSet::defaults(), 8, &watch, &|a| {
        got.borrow_mut().push(a)
    });
    assert_eq!(
        got.into_inner(),
        vec![Action::Steps(StepsAction::Found {
            id: 8,
            steps: Vec::new(),
            searched: 1,
            done: true
        })]
    );
}

#[test]
fn practice_takes_the_puzzle_from_the_open_collection() {
    let lines: Vec<String> = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sudokuexchange_diabolical_sample160_with_SER.txt"
    ))
    .unwrap()
    .lines()
    .take(40)
    .map(String::from)
    .collect();
    let mut s = session(&lines[0]);
    s.app.collection = Some(termdoku::app::Collection {
        path: "diabolical.txt".into(),
        count: lines.len(),
        lines,
        index: 0,
        levels: Default::default(),
    });
    // The nice-loop entry (21st).
    s.press("P").unwrap();
    s.press(&"j".repeat(20)).unwrap();
    s.press("<enter>").unwrap();
    assert!(
        status(&s).contains("searching diabolical.txt"),
        "{}",
        status(&s)
    );
    s.wait_background();
    assert!(
        s.app
            .game
            .name
            .starts_with("Practice Nice loop / AIC (diabolical.txt #"),
        "{}",
        s.app.game.name
    );
    let next = next_step(s.app.board()).unwrap().technique.hodoku();
    assert!(
        matches!(
            next,
            Some(Technique::ContinuousNiceLoop | Technique::DiscontinuousNiceLoop | Technique::Aic)
        ),
        "{next:?}"
    );
}
