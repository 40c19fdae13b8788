//! The all-steps view (`A`) and practice by technique (`P`) driven through the real App with
//! key scripts into ratatui's TestBackend: snapshots at 120x45 and 80x24, the preview on the
//! board, the filter, Enter applying one undoable step, and a practice puzzle opened just
//! before its technique.

use crate::support::*;
use termdoku::app::Overlay;
use termdoku::solver::engine::next_step;
use termdoku::solver::Technique;
use termdoku::ui::board::BoardView;

/// top1465 #1: its first state has singles, subsets, locked candidates, wings, loops, ALS...
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
#[test]
fn all_steps_lists_every_step_grouped_and_previews_the_selected_one() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    assert!(matches!(s.app.ui.overlay, Overlay::AllSteps(_)));
    s.wait_background();
    let Overlay::AllSteps(v) = &s.app.ui.overlay else {
        panic!("the view closed");
    };
    assert!(v.done && v.count() > 100, "{} steps", v.count());
    assert_eq!(status(&s), "Hidden Single: r9c3=7 (Enter: apply)");
    insta::assert_snapshot!("all_steps_120x45", styled(&mut s, FULL));
    insta::assert_snapshot!("all_steps_80x24", styled(&mut s, MEDIUM));
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
fn at_80x24_the_list_has_room_beside_a_compact_board_and_shows_the_selection_whole() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    s.wait_background();
    s.press("j").unwrap();
    let screen = snap(&mut s, MEDIUM);
    // The list is over 40 columns wide; the selected Locked Triple is wrapped, not cut.
    assert!(
        screen.contains("┃ 4,6,8 in r7c123 => r7c5,r9c23<>4,")
            && screen.contains("┃   r7c589,r89c2,r9c3<>6, r7c589,r9c3<>8"),
        "{screen}"
    );
    // The board stays in view: its column labels and first row.
    assert!(screen.lines().any(|l| l.contains("r1")), "{screen}");
    insta::assert_snapshot!("all_steps_selected_80x24", styled(&mut s, MEDIUM));
    // At 120x45 the full board keeps its size.
    let wide = snap(&mut s, FULL);
    assert!(
        wide.contains("┃   r7c589,r89c2,r9c3<>6, r7c589,r9c3<>8")
            || wide.contains("┃ 4,6,8 in r7c123 => r7c5,r9c23<>4, r7c589,r89c2,"),
        "{wide}"
    );
}

#[test]
fn the_filter_narrows_the_list_and_enter_applies_one_undoable_step() {
    let mut s = bare_session(HARD, Config::default());
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
    insta::assert_snapshot!("all_steps_filtered_80x24", styled(&mut s, MEDIUM));
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
    let mut s = bare_session(HARD, Config::default());
    s.app.ui.steps.practice_seed = Some(11);
    s.press("P").unwrap();
    let menu = snap(&mut s, MEDIUM);
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
    let screen = render(&mut s, MEDIUM);
    insta::assert_snapshot!(
        "practice_x_wing_80x24",
        crate::common::screen::snapshot_rows(&screen, 0..MEDIUM.1 - 1)
    );
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
    use termdoku::app::{Action, Solved};
    use termdoku::solver::techniques::SlotSet;
    let board = codec::decode_any(HARD).unwrap().board;
    let solved = Solved::of(&board);
    let keep = Keep::default();
    let got = std::cell::RefCell::new(Vec::new());
    search(
        &board,
        SlotSet::defaults(),
        &solved,
        7,
        &keep.watch(),
        &|a| got.borrow_mut().push(a),
    );
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
    search(&board, SlotSet::defaults(), &solved, 8, &watch, &|a| {
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
    let mut s = bare_session(&lines[0], Config::default());
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
