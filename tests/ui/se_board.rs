//! A chain step on the board with the SE engine, at 80x24 and 120x45: the premise is node 1
//! and the start, the main line's last node the end; strong and weak links told apart without
//! colour; eliminated candidates crossed out and marked, never restyled as nodes; `]` and `[`
//! step through a many-branch step's branches, one drawn at a time; SE's nested chains folded
//! into one line (`z` lists them whole, see `se_reading`); the path view's `i` explains a later step on the
//! state it was found on, and its pages count the summary's lines.

use crate::support::*;
use ratatui::style::Modifier;
use termdoku::app::Overlay;
use termdoku::solver::se::explain::explanation_lines;
use termdoku::solver::{Grid, LinkKind, Step};
use termdoku::ui::chain::{candidate_xy, marker, reach_style, ChainView, Reach};
use termdoku::ui::layout;

/// The first puzzle of forum_hardest_1106 after its first step (r2c9=2): SE's hint is a
/// nested region forcing chain of three branches, `r6c5<>4`.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// A diabolical puzzle: singles first, then harder steps.
const DIABOLICAL: &str =
    "59......7.4..1..83..8.349....14.2....69...82....1.93....467.2..98..4..3.7......16";

fn se() -> Config {
    Config {
        hint_engine: termdoku::storage::HintEngine::Se,
        ..Config::default()
    }
}

/// A session on STUCK with SE's hint at its third stage.
fn stuck_full_hint() -> Session {
    let mut s = bare_session(STUCK, se());
    s.press("ttt").unwrap();
    s
}

fn hint_step(s: &Session) -> Step {
    s.app.live_hint().unwrap().step().unwrap().clone()
}

/// The drawing of the node markers and the eliminated candidate at `size`: each node's marker
/// in its reach's style, the elimination crossed out (never in a node's style).
fn check_board(s: &mut Session, size: (u16, u16), kind: ThemeKind) {
    let h = s.app.live_hint().unwrap().clone();
    let step = h.step().unwrap();
    let v = ChainView::of(step, &h.board, h.branch).unwrap();
    let buf = render(s, size);
    let l = layout(ratatui::layout::Rect::new(0, 0, size.0, size.1));
    let full = size == FULL;
    for n in &v.nodes {
        let c = n.cells[0];
        let (x, y) = candidate_xy(&l, c, n.digit).unwrap();
        let eliminated = step
            .eliminations
            .iter()
            .any(|e| e.cell == c && e.digit == n.digit);
        // Full: the marker left of the candidate; medium: the candidate takes its style.
        let at = if full { (x - 1, y) } else { (x, y) };
        if full {
            assert_eq!(buf[at].symbol(), marker(n.number).to_string());
        }
        if !eliminated && (full || n.cells.len() == 1) {
            let want = reach_style(kind, n.reach);
            assert!(
                buf[at].modifier.contains(want.add_modifier),
                "node {} {:?} at {size:?}",
                n.number,
                n.reach
            );
        }
    }
    for e in &step.eliminations {
        let (x, y) = candidate_xy(&l, e.cell, e.digit).unwrap();
        assert_eq!(buf[(x, y)].symbol(), e.digit.to_string());
        assert!(
            buf[(x, y)].modifier.contains(Modifier::CROSSED_OUT),
            "{} crossed out at {size:?}",
            e.cell
        );
    }
}

#[test]
fn the_se_chain_starts_at_its_premise_and_its_elimination_is_crossed_out() {
    let mut s = stuck_full_hint();
    let step = hint_step(&s);
    assert_eq!(step.chains().len(), 3);
    let h = s.app.live_hint().unwrap().clone();
    let v = ChainView::of(&step, &h.board, h.branch).unwrap();
    // Node 1 is the premise of the first branch (3 in r6c1 of the row's three places), the
    // end is where the branch concludes: r6c5 is not 4.
    assert_eq!(v.nodes[0].label, "(3)r6c1");
    assert_eq!(v.nodes[0].reach, Reach::Start);
    let end = v
        .nodes
        .iter()
        .find(|n| matches!(n.reach, Reach::End(_)))
        .unwrap();
    assert_eq!(
        (end.label.as_str(), end.reach),
        ("(4)r6c5", Reach::End(LinkKind::Weak))
    );
    let full = snap(&mut s, FULL);
    assert!(full.contains("Branch 1 of 3 (] [)"), "{full}");
    assert!(full.contains("¹(3)r6c1 start"), "{full}");
    assert!(full.contains("-(4)r6c5 end"), "{full}");
    assert!(
        full.contains("(3)r6c1-r5c2=r7c2-r7c4-(8)r8c5-r5c4="),
        "{full}"
    );
    assert!(!full.contains("(3-4)r6c5 => r6c5<>4"), "{full}");
    check_board(&mut s, FULL, ThemeKind::Dark);
    check_board(&mut s, MEDIUM, ThemeKind::Dark);
    insta::assert_snapshot!("se_chain_branch_1_120x45", styled(&mut s, FULL));
    insta::assert_snapshot!("se_chain_branch_1_80x24", styled(&mut s, MEDIUM));
}

#[test]
fn brackets_step_through_the_branches_one_at_a_time_then_all() {
    let mut s = stuck_full_hint();
    s.press("]").unwrap();
    assert_eq!(status(&s), "Branch 2 of 3 (] next, [ previous)");
    assert_eq!(s.app.live_hint().unwrap().branch, 2);
    let medium = snap(&mut s, MEDIUM);
    assert!(medium.contains("Branch 2 of 3 (] [)"), "{medium}");
    assert!(medium.contains("(3-4)r6c5 => r6c5<>4"), "{medium}");
    check_board(&mut s, MEDIUM, ThemeKind::Dark);
    insta::assert_snapshot!("se_chain_branch_2_80x24", styled(&mut s, MEDIUM));
    s.press("]").unwrap();
    assert_eq!(status(&s), "Branch 3 of 3 (] next, [ previous)");
    let full = snap(&mut s, FULL);
    assert!(full.contains("(3)r6c7-r6c5-r3c4=(3-8)r3c6-"), "{full}");
    check_board(&mut s, FULL, ThemeKind::Dark);
    s.press("]").unwrap();
    assert_eq!(status(&s), "All 3 branches (] next, [ previous)");
    let full = snap(&mut s, FULL);
    assert!(full.contains("Chain (Eureka), All 3 branches"), "{full}");
    s.press("]").unwrap();
    assert_eq!(s.app.live_hint().unwrap().branch, 1);
    s.press("[").unwrap();
    assert_eq!(status(&s), "All 3 branches (] next, [ previous)");
    s.press("[").unwrap();
    assert_eq!(s.app.live_hint().unwrap().branch, 3);
    // Before the full step the branches are not drawn; a one-chain step has none.
    let mut s = bare_session(STUCK, se());
    s.press("t]").unwrap();
    assert_eq!(
        status(&s),
        "The branches are drawn with the full step (t: more)"
    );
    let mut s = session("one-chain");
    s.press("]").unwrap();
    assert_eq!(status(&s), "No hint on screen: t asks for one");
}

#[test]
fn without_colour_strong_and_weak_links_and_the_elimination_still_differ() {
    let mut s = stuck_full_hint();
    set_theme(ThemeKind::Mono);
    let strong = reach_style(ThemeKind::Mono, Reach::Strong);
    let weak = reach_style(ThemeKind::Mono, Reach::Weak);
    assert!(strong.add_modifier.contains(Modifier::REVERSED));
    assert!(!weak.add_modifier.contains(Modifier::REVERSED));
    assert!(weak.add_modifier.contains(Modifier::UNDERLINED));
    // Both kinds are on the board of the first branch, and the list writes each link.
    let h = s.app.live_hint().unwrap().clone();
    let v = ChainView::of(h.step().unwrap(), &h.board, 1).unwrap();
    assert!(v.nodes.iter().any(|n| n.reach == Reach::Strong));
    assert!(v.nodes.iter().any(|n| n.reach == Reach::Weak));
    check_board(&mut s, FULL, ThemeKind::Mono);
    check_board(&mut s, MEDIUM, ThemeKind::Mono);
    let full = snap(&mut s, FULL);
    assert!(full.contains("²-(3)r5c2 ³=(3)r7c2"), "{full}");
    assert!(full.contains("• = strong • - weak"), "{full}");
    insta::assert_snapshot!("se_chain_mono_80x24", styled(&mut s, MEDIUM));
    insta::assert_snapshot!("se_chain_mono_120x45", styled(&mut s, FULL));
}

/// The text view's lines.
fn text_lines(s: &Session) -> Vec<String> {
    match s.app.ui().overlay() {
        Overlay::Text(t) => t.lines.clone(),
        o => panic!("{o:?}"),
    }
}

#[test]
fn i_in_the_path_view_explains_a_later_step_on_the_state_before_it() {
    let mut s = session_config("se-path-explain", DIABOLICAL, se(), None);
    s.press("v").unwrap();
    s.wait_background();
    let (start, steps) = match s.app.ui().overlay() {
        Overlay::Path(p) => (p.board.clone(), p.steps.clone().unwrap()),
        o => panic!("{o:?}"),
    };
    // The first chain step after the first step, explained on its own state.
    let mut grid = Grid::from_board(&start);
    let mut found = None;
    for (k, st) in steps.iter().enumerate() {
        if k > 0 && !st.chains().is_empty() {
            let lines = explanation_lines(&grid, st);
            if !lines.is_empty() {
                found = Some((k, lines));
                break;
            }
        }
        grid.apply(st);
    }
    let (k, explained) = found.expect("a chain step on the path");
    // On the path's first state that step explains nothing.
    assert!(explanation_lines(&Grid::from_board(&start), &steps[k]).is_empty());
    s.press(&"j".repeat(k)).unwrap();
    s.press("i").unwrap();
    let text = text_lines(&s);
    let at = text
        .iter()
        .position(|l| l == "Sudoku Explainer's explanation:")
        .expect("SE's explanation");
    // Every branch is open (the path draws none); the implications are indented under their
    // chain.
    let shown: Vec<&str> = text[at + 1..at + 1 + explained.len()]
        .iter()
        .map(|l| l.trim_start())
        .collect();
    assert_eq!(shown, explained);
    insta::assert_snapshot!("se_path_step_explained_80x24", styled(&mut s, MEDIUM));
    s.press("<esc>").unwrap();
    assert!(matches!(s.app.ui().overlay(), Overlay::Path(p) if p.selected == k));
}

/// The step numbers shown in the path view at `size`.
fn shown_steps(s: &mut Session, size: (u16, u16)) -> Vec<usize> {
    snap(s, size)
        .lines()
        .filter_map(|l| {
            let t = l
                .trim_start_matches(|c: char| c != '┃')
                .trim_start_matches('┃');
            let t = t.trim_start();
            let (n, rest) = t.split_once(". ")?;
            (!rest.is_empty()).then_some(())?;
            n.parse().ok()
        })
        .collect()
}

#[test]
fn path_pages_are_the_rows_under_the_summary() {
    let mut s = session_config("se-path-pages", DIABOLICAL, se(), None);
    s.press("v").unwrap();
    s.wait_background();
    for size in [MEDIUM, FULL] {
        s.dispatch(termdoku::app::Action::Resize {
            width: size.0,
            height: size.1,
        });
        s.press("g").unwrap();
        let first = shown_steps(&mut s, size);
        assert_eq!(first[0], 1, "{first:?}");
        let rows = first.len();
        s.press("<pagedown>").unwrap();
        // The selection lands on the first step that was not shown, shown at the bottom.
        let selected = match s.app.ui().overlay() {
            Overlay::Path(p) => p.selected,
            o => panic!("{o:?}"),
        };
        assert_eq!(selected, rows, "{size:?}");
        let second = shown_steps(&mut s, size);
        assert_eq!(second.last(), Some(&(rows + 1)), "{size:?}: {second:?}");
        s.press("<pageup>").unwrap();
        assert!(matches!(s.app.ui().overlay(), Overlay::Path(p) if p.selected == 0));
    }
}
