//! The all-steps view (`A`) and practice by technique (`P`) driven through the real App with
//! key scripts into ratatui's TestBackend: snapshots at 120x45, 80x24 (the medium board drawing
//! the selected step beside a narrow list, and the wide list) and 60x20, the preview on the
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
    assert!(matches!(s.app.ui().overlay(), Overlay::AllSteps(_)));
    s.wait_background();
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed");
    };
    assert!(v.done && v.count() == 123, "{} steps", v.count());
    // The view holds HoDoKu's own list (its All steps, written by HoDoKu 2.2): the headings with
    // their counts, the entries, the duplicates under them.
    assert_eq!(listed(v), hodoku_list("top1465_1"));
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
        status(&s).starts_with("Hidden Pair: 3,5 in r9c46"),
        "{}",
        status(&s)
    );
    s.press("h").unwrap();
    assert!(status(&s).starts_with("Locked Triple"), "{}", status(&s));
    // Esc closes the view and the preview.
    s.press("<esc>").unwrap();
    assert_eq!(*s.app.ui().overlay(), Overlay::None);
    assert!(BoardView::new(&s.app).hint_elims.is_empty());
}

/// HoDoKu's list of a state in `tests/data/all_steps/` (see `tests/cli/all_steps.rs`).
fn hodoku_list(name: &str) -> String {
    let path = format!(
        "{}/tests/data/all_steps/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    text.split_once('\n').unwrap().1.to_string()
}

/// The view's list in the same layout: headings with counts, entries, duplicates under them.
fn listed(v: &termdoku::app::all_steps::AllStepsView) -> String {
    let mut out = String::new();
    for g in &v.groups {
        out.push_str(&format!("{} ({})\n", g.technique.name(), g.steps.len()));
        for (s, dups) in g.steps.iter().zip(&g.duplicates) {
            out.push_str(&format!("  {}\n", s.text));
            for d in dups {
                out.push_str(&format!("    {}\n", d.text));
            }
        }
    }
    out
}

/// The selected step's eliminations, each drawn at 80x24 as its candidate in the elimination
/// style (crossed out, light red) on the medium board.
fn assert_eliminations_drawn(s: &mut Session) {
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed");
    };
    let step = v.step().unwrap().clone();
    assert!(!step.eliminations.is_empty(), "{}", step.text);
    let buf = render(s, MEDIUM);
    for e in &step.eliminations {
        let c = medium_candidate_at(&buf, e.cell, e.digit);
        assert_eq!(c.symbol(), e.digit.to_string(), "{} {}", e.cell, e.digit);
        assert!(
            c.modifier.contains(Modifier::CROSSED_OUT) && c.fg == Color::LightRed,
            "{}{} drawn as {c:?}",
            e.cell,
            e.digit
        );
    }
}

#[test]
fn at_80x24_the_board_keeps_its_candidates_and_draws_the_previewed_step() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    s.wait_background();
    s.press("j").unwrap();
    let screen = snap(&mut s, MEDIUM);
    // The medium board (candidates 1-5 above 6-9) beside a narrow list: its title says which
    // step of how many, the selected Locked Triple reads whole, wrapped between cell names.
    assert!(screen.contains("r1 ┃  4  │12  5│12  5┃"), "{screen}");
    assert!(screen.contains("┓ All steps: 2/123"), "{screen}");
    for part in [
        "┃  4,6,8 in r7c123 =>  ",
        "┃    r7c5,r9c23<>4,    ",
        "┫    r7c589,r89c2,     ",
        "┃    r9c3<>6, r7c589,  ",
        "┃    r9c3<>8           |",
    ] {
        assert!(screen.contains(part), "{part}\n{screen}");
    }
    // HoDoKu lists the locked triple twice (from its box and its row): the second is under
    // the first, indented. Headings keep their counts.
    assert!(screen.contains("┃    4,6,8 in r7c123 =…|"), "{screen}");
    assert!(screen.contains("┃ Hidden Pair (3)"), "{screen}");
    assert!(screen.contains("┃ enter apply  w wide  |"), "{screen}");
    // Every elimination is on the board in the elimination style; the snapshot's style masks
    // show them with the pattern's cells and candidates.
    assert_eliminations_drawn(&mut s);
    insta::assert_snapshot!("all_steps_selected_80x24", styled(&mut s, MEDIUM));
    // w: the wide list beside the compact board, the step on digits only; w again: back.
    s.press("w").unwrap();
    assert!(status(&s).starts_with("Wide list"), "{}", status(&s));
    let wide = snap(&mut s, MEDIUM);
    assert!(
        wide.contains("┃ 4,6,8 in r7c123 => r7c5,r9c23<>4, r7c589, ┃")
            && wide.contains("┃   r89c2,r9c3<>6, r7c589,r9c3<>8           ┃")
            && wide.contains("r1 ┃ 4  ·  · ┃")
            && wide.contains("┃enter apply  w board  c forcing  esc close ┃"),
        "{wide}"
    );
    insta::assert_snapshot!("all_steps_wide_80x24", styled(&mut s, MEDIUM));
    // The wide list stays while the view moves on, and at 120x45 nothing changes: the full
    // board and a wide list fit together (no w in the keys).
    s.press("j").unwrap();
    assert!(snap(&mut s, MEDIUM).contains("┏ All steps: 3/123 ━"));
    let full = snap(&mut s, FULL);
    assert!(
        full.contains("┏ All steps: 3/123 ━") && full.contains("┃enter apply  f filter  esc close"),
        "{full}"
    );
    s.press("w").unwrap();
    assert!(
        status(&s).starts_with("The board with candidates"),
        "{}",
        status(&s)
    );
    s.press("k").unwrap();
    assert_eliminations_drawn(&mut s);
}

#[test]
fn at_80x24_a_previewed_chain_is_numbered_on_the_board() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    s.wait_background();
    // → from technique to technique up to the continuous nice loops.
    for _ in 0..20 {
        if status(&s).starts_with("Continuous Nice Loop") {
            break;
        }
        s.press("l").unwrap();
    }
    assert!(
        status(&s).starts_with("Continuous Nice Loop: 4/6/7/8 5= r9c4 =3= r9c6"),
        "{}",
        status(&s)
    );
    let screen = snap(&mut s, MEDIUM);
    // The chain's nodes are numbered in their cells as the hint's third stage draws them.
    let board: String = screen
        .lines()
        .take(22)
        .map(|l| l.chars().take(58).collect::<String>())
        .collect();
    assert!(board.contains('¹') && board.contains('²'), "{screen}");
    assert_eliminations_drawn(&mut s);
    insta::assert_snapshot!("all_steps_chain_80x24", styled(&mut s, MEDIUM));
}

#[test]
fn i_reads_the_selected_step_whole_and_esc_goes_back_to_the_list() {
    let mut s = bare_session(HARD, Config::default());
    // Opened while the search runs: the list fills in behind the text view.
    s.press("Ai").unwrap();
    s.wait_background();
    assert!(matches!(s.app.ui().overlay(), Overlay::Text(_)));
    s.press("<esc>").unwrap();
    assert_eq!(status(&s), "Hidden Single: r9c3=7 (Enter: apply)");
    s.press(&"l".repeat(7)).unwrap();
    assert!(
        status(&s).starts_with("Continuous Nice Loop"),
        "{}",
        status(&s)
    );
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed");
    };
    let (text, selected) = (v.step().unwrap().text.clone(), v.selected);
    s.press("i").unwrap();
    let screen = snap(&mut s, MEDIUM);
    assert!(
        screen.contains("Esc: back to the list")
            && screen.contains("Selected step:")
            && screen.contains("Eureka notation:"),
        "{screen}"
    );
    // The whole text, wrapped: its last cell name is on screen.
    let last = text.rsplit(' ').next().unwrap();
    assert!(screen.contains(last), "{last}\n{screen}");
    s.press("<esc>").unwrap();
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("Esc did not go back to the list");
    };
    assert!(v.done && v.count() == 123 && v.selected == selected);
}

#[test]
fn the_narrow_list_scrolls_to_keep_the_selection_in_view() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    s.wait_background();
    s.press(&"j".repeat(40)).unwrap();
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed");
    };
    let text = v.step().unwrap().text.clone();
    let name = v.step().unwrap().technique.name();
    let screen = snap(&mut s, MEDIUM);
    assert!(screen.contains("┓ All steps: 41/123"), "{screen}");
    // The selection's first words are in the list, which no longer starts at the top.
    let head: String = text
        .strip_prefix(&format!("{name}: "))
        .unwrap()
        .chars()
        .take(12)
        .collect();
    assert!(screen.contains(&format!(" {head}")), "{head}\n{screen}");
    assert!(!screen.contains(" Hidden Single (1)"), "{screen}");
    // Nothing in the list runs past the screen's edge or into the board.
    for line in screen.lines().take(22) {
        assert_eq!(line.chars().count(), 81, "{line}");
    }
    // Up wraps from the first step to the last.
    s.press(&"k".repeat(41)).unwrap();
    let screen = snap(&mut s, MEDIUM);
    assert!(screen.contains("┓ All steps: 123/123"), "{screen}");
    // The last technique's entries lose its name under its heading, which keeps its count:
    // only the status line names it.
    assert!(
        status(&s).starts_with("Finned Franken Swordfish: "),
        "{}",
        status(&s)
    );
    assert_eq!(
        screen.matches("Finned Franken Swordfish").count(),
        1,
        "{screen}"
    );
    s.press("hl").unwrap();
    let screen = snap(&mut s, MEDIUM);
    assert!(
        screen.contains("┓ All steps: 112/123") && screen.contains(" F. F. Swordfish (12)"),
        "{screen}"
    );
}

#[test]
fn at_60x20_the_list_sits_beside_the_compact_board() {
    let mut s = bare_session(HARD, Config::default());
    s.press("A").unwrap();
    s.wait_background();
    s.press("j").unwrap();
    let screen = snap(&mut s, COMPACT);
    // The compact board marks the eliminations' cells; the list has the selection whole and no
    // w (the wide list would not change the board here).
    assert!(
        screen.contains("All steps: 2/123") && screen.contains(" 4,6,8 in r7c123 =>"),
        "{screen}"
    );
    assert!(!screen.contains("w wide"), "{screen}");
    insta::assert_snapshot!("all_steps_selected_60x20", styled(&mut s, COMPACT));
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
    assert_eq!(status(&s), "Showing subsets: 7 steps");
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed");
    };
    let chosen = v.step().unwrap().clone();
    assert_eq!(chosen.technique, Technique::LockedTriple);
    insta::assert_snapshot!("all_steps_filtered_80x24", styled(&mut s, MEDIUM));
    s.press("<enter>").unwrap();
    // Applied, and the list of the new state is searched with the same filter.
    for e in &chosen.eliminations {
        assert!(!s.app.board().candidates(e.cell).contains(e.digit));
    }
    s.wait_background();
    let Overlay::AllSteps(v) = &s.app.ui().overlay() else {
        panic!("the view closed after Enter");
    };
    assert_eq!(v.board, *s.app.board());
    assert_eq!(v.filter.map(|f| f.name()), Some("subsets".to_string()));
    s.press("<esc>u").unwrap();
    assert_eq!(*s.app.board(), before, "one undo step");
}

#[test]
fn practice_opens_a_puzzle_just_before_its_technique() {
    let mut s = bare_session(HARD, Config::default());
    s.app.set_practice_seed(Some(11));
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
        s.app.game().name.starts_with("Practice X-Wing (seed 11)"),
        "{}",
        s.app.game().name
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
    use termdoku::app::all_steps::{options, search, Keep, StepsAction};
    use termdoku::app::{Action, Solved};
    use termdoku::solver::techniques::SlotSet;
    let board = codec::decode_any(HARD).unwrap().board;
    let solved = Solved::of(&board);
    let keep = Keep::default();
    let got = std::cell::RefCell::new(Vec::new());
    search(
        &board,
        &options(SlotSet::defaults(), false),
        &solved,
        7,
        &keep.watch(),
        &|a| got.borrow_mut().push(Action::Steps(a)),
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
    search(
        &board,
        &options(SlotSet::defaults(), false),
        &solved,
        8,
        &watch,
        &|a| got.borrow_mut().push(Action::Steps(a)),
    );
    assert_eq!(
        got.into_inner(),
        vec![Action::Steps(StepsAction::Found {
            id: 8,
            groups: Vec::new(),
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
    s.app.set_collection(Some(termdoku::app::Collection {
        path: "diabolical.txt".into(),
        count: lines.len(),
        lines,
        index: 0,
        levels: Default::default(),
    }));
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
            .game()
            .name
            .starts_with("Practice Nice loop / AIC (diabolical.txt #"),
        "{}",
        s.app.game().name
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
