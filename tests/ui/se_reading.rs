//! Reading an SE forcing chain or net in the text view (`i`) and stepping through its branches
//! in every view that draws it, at 80x24 and 120x45: the branch the board draws is open and the
//! others are one line each; a nested chain hangs under the implication it proves, one line
//! until `z` lists it whole, indented under it; long lines wrap under their own text; `]` and
//! `[` work in the text view, in the all-steps view's preview and over it, and every word of
//! SE's text is there once everything is open (the copy has it in SE's own order).

use crate::support::*;
use termdoku::app::chain_view::branch_count;
use termdoku::app::Overlay;
use termdoku::solver::se::explain::explanation_lines;
use termdoku::solver::{Grid, Step};
use termdoku::ui::chain::{candidate_xy, marker, ChainView};

/// The first puzzle of forum_hardest_1106 after r2c9=2: SE's hint is a nested region forcing
/// chain of three branches, `r6c5<>4`, whose flat text runs 145 lines at 80x24.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn se() -> Config {
    Config {
        hint_engine: termdoku::storage::HintEngine::Se,
        ..Config::default()
    }
}

/// The text view's lines.
fn text_lines(s: &Session) -> Vec<String> {
    match s.app.ui().overlay() {
        Overlay::Text(t) => t.lines.clone(),
        o => panic!("{o:?}"),
    }
}

/// The text view's lines wrapped at `size`.
fn wrapped(s: &Session, size: (u16, u16)) -> Vec<String> {
    match s.app.ui().overlay() {
        Overlay::Text(t) => t.wrapped(termdoku::app::reader::view_size(size).0),
        o => panic!("{o:?}"),
    }
}

/// A line without its indentation and fold mark, as SE writes it.
fn bare(l: &str) -> &str {
    let l = l.trim_start();
    l.strip_prefix("▾ ").unwrap_or(l)
}

fn line_after<'a>(lines: &'a [String], ends: &str) -> &'a str {
    let at = lines
        .iter()
        .position(|l| l.ends_with(ends))
        .unwrap_or_else(|| panic!("no line ends with {ends}: {lines:#?}"));
    &lines[at + 1]
}

#[test]
fn the_drawn_branch_is_open_and_nested_chains_hang_under_their_implication() {
    let mut s = bare_session(STUCK, se());
    s.press("ttti").unwrap();
    let lines = text_lines(&s);
    assert!(lines.contains(&"Eureka notation, branch 1 of 3:".to_string()));
    assert!(lines.contains(&"▸ 2 other branches (] [ show them)".to_string()));
    assert!(lines.contains(
        &"▾ Chain 1: If r6c1 contains the value 3, then r6c5 cannot contain the value 4 (View 1):"
            .to_string()
    ));
    assert!(lines.contains(
        &"▸ Chain 2: If r6c5 contains the value 3, then r6c5 cannot contain the value 4 (View 2): \
          1 implication (] [ show it)"
            .to_string()
    ));
    assert!(lines.iter().any(|l| l.starts_with("▸ Chain 3: If r6c7")
        && l.ends_with("(View 3): 15 implications, 2 nested chains (] [ show it)")));
    assert!(lines.contains(&"  (1) If r6c1 contains the value 3, then r5c2 cannot contain the value 3 (the value can occur only once in the block)".to_string()));
    // The nested chain is one line under the implication it proves.
    assert_eq!(
        line_after(&lines, "(Turbot Fish: r5c4.8 off)"),
        "    ▸ Nested Turbot Fish: r5c4.8 off (Chain 4, 5 implications; z lists it)"
    );
    assert!(!lines
        .iter()
        .any(|l| l.starts_with("Nested Forcing Chains details")));
    // 145 wrapped lines flat; the drawn branch alone is well under half of that.
    let medium = wrapped(&s, MEDIUM).len();
    assert!(medium < 100, "{medium} lines at 80x24");
    // A long implication wraps under its own text, every word kept.
    let w = wrapped(&s, MEDIUM);
    let at = w
        .iter()
        .position(|l| l.starts_with("  (9) If r8c4 does not contain"))
        .unwrap();
    assert!(w[at + 1].starts_with("      ") && !w[at + 1].starts_with("       "));
    assert!(w.iter().all(|l| l.chars().count() <= 76), "{w:#?}");
    insta::assert_snapshot!("se_reading_branch_1_80x24", styled(&mut s, MEDIUM));
    insta::assert_snapshot!("se_reading_branch_1_120x45", styled(&mut s, FULL));
    s.press("<pagedown>").unwrap();
    insta::assert_snapshot!("se_reading_branch_1_page_2_80x24", styled(&mut s, MEDIUM));
    let page = snap(&mut s, MEDIUM);
    assert!(
        page.starts_with(&format!("┏22-43 of {medium} │ Read")),
        "{page}"
    );

    // z lists the nested chains whole, indented under the implication they prove.
    s.press("z").unwrap();
    let open = text_lines(&s);
    assert_eq!(
        line_after(&open, "(Turbot Fish: r5c4.8 off)"),
        "    ▾ Nested Turbot Fish: r5c4.8 off"
    );
    assert_eq!(
        line_after(&open, "    ▾ Nested Turbot Fish: r5c4.8 off"),
        "      Chain 4: If r5c4 contains the value 8, then r5c4 cannot contain the value 8 (View 4):"
    );
    assert_eq!(
        line_after(&open, "cannot contain the value 8 (View 4):"),
        "        (1) If r5c4 contains the value 8, then r6c5 cannot contain the value 8 (the value \
         can occur only once in the block)"
    );
    assert!(open
        .iter()
        .any(|l| l.starts_with("Nested Forcing Chains details")));
    s.press("z").unwrap();
    assert_eq!(text_lines(&s), lines);
}

#[test]
fn brackets_in_the_text_view_open_another_branch_and_the_board_follows() {
    let mut s = bare_session(STUCK, se());
    s.press("ttti]").unwrap();
    assert!(matches!(s.app.ui().overlay(), Overlay::Text(_)));
    assert_eq!(s.app.live_hint().unwrap().branch, 2);
    let lines = text_lines(&s);
    assert!(lines.contains(&"Eureka notation, branch 2 of 3:".to_string()));
    assert!(
        lines.contains(&"(3-4)r6c5 => r6c5<>4".to_string()),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("▾ Chain 2: If r6c5")));
    assert!(lines.iter().any(|l| l.starts_with("▸ Chain 1: If r6c1")));
    assert!(lines.contains(&"On the board: Branch 2 of 3 (] [ step through them)".to_string()));
    insta::assert_snapshot!("se_reading_branch_2_80x24", styled(&mut s, MEDIUM));
    s.press("[").unwrap();
    assert_eq!(s.app.live_hint().unwrap().branch, 1);
    // All branches open, nested chains listed: every line of SE's text is there.
    s.press("[z").unwrap();
    assert_eq!(s.app.live_hint().unwrap().branch, 0);
    let all = text_lines(&s);
    assert!(
        !all.iter().any(|l| l.trim_start().starts_with('▸')),
        "{all:#?}"
    );
    let h = s.app.live_hint().unwrap().clone();
    let step = h.step().unwrap().clone();
    let se_lines = explanation_lines(&Grid::from_board(&h.board), &step);
    let mut shown: Vec<&str> = all.iter().map(|l| bare(l)).collect();
    for l in &se_lines {
        let at = shown
            .iter()
            .position(|x| x == l)
            .unwrap_or_else(|| panic!("SE's line missing: {l}"));
        shown.remove(at);
    }
    // Esc back to the board: the branch drawn is the one last read.
    s.press("<esc>").unwrap();
    assert_eq!(*s.app.ui().overlay(), Overlay::None);
    // The copy is SE's text whole, in SE's order.
    s.press("yt").unwrap();
    let copied = s.clipboard.get_text().unwrap();
    assert!(copied.contains(&se_lines.join("\n")), "{copied}");
}

/// The all-steps view's selected step.
fn selected(s: &Session) -> Option<(Step, usize)> {
    match s.app.ui().overlay() {
        Overlay::AllSteps(v) => Some((v.step()?.clone(), v.branch())),
        _ => None,
    }
}

/// Each node of the branch drawn has its marker beside its candidate (120x45).
fn check_markers(s: &mut Session, step: &Step, branch: usize) {
    let board = s.app.board().clone();
    let v = ChainView::of(step, &board, branch).unwrap();
    let buf = render(s, FULL);
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for n in &v.nodes {
        let (x, y) = candidate_xy(&l, n.cells[0], n.digit).unwrap();
        assert_eq!(
            buf[(x - 1, y)].symbol(),
            marker(n.number).to_string(),
            "node {} of branch {branch}",
            n.number
        );
    }
}

#[test]
fn brackets_step_through_the_branches_of_the_all_steps_preview() {
    let mut s = bare_session(STUCK, se());
    s.press("A").unwrap();
    s.wait_background();
    // Down to the first step with branches.
    let mut k = 0;
    while selected(&s).is_some_and(|(st, _)| branch_count(&st) < 2) {
        s.press("j").unwrap();
        k += 1;
        assert!(k < 200, "no step with branches");
    }
    let (step, branch) = selected(&s).unwrap();
    let n = branch_count(&step);
    assert_eq!(
        branch, 1,
        "the preview draws the first branch at first, as a hint does"
    );
    let full = snap(&mut s, FULL);
    assert!(full.contains("] branch"), "{full}");
    check_markers(&mut s, &step, 1);
    let one = ChainView::of(&step, s.app.board(), 1).unwrap();
    let all = ChainView::of(&step, s.app.board(), 0).unwrap();
    assert!(one.nodes.len() < all.nodes.len());
    insta::assert_snapshot!("se_preview_branch_1_80x24", styled(&mut s, MEDIUM));
    s.press("]").unwrap();
    assert_eq!(status(&s), format!("Branch 2 of {n} (] next, [ previous)"));
    assert_eq!(selected(&s).unwrap().1, 2);
    check_markers(&mut s, &step, 2);
    insta::assert_snapshot!("se_preview_branch_2_120x45", styled(&mut s, FULL));
    s.press("[[").unwrap();
    assert_eq!(status(&s), format!("All {n} branches (] next, [ previous)"));
    s.press("[").unwrap();
    assert_eq!(selected(&s).unwrap().1, n);
    // i reads the branch drawn; ] there opens the next one and goes back to the list with it.
    s.press("[").unwrap();
    s.press("i").unwrap();
    let lines = text_lines(&s);
    assert!(
        lines.contains(&format!("Eureka notation, branch {} of {n}:", n - 1)),
        "{lines:#?}"
    );
    s.press("]").unwrap();
    let lines = text_lines(&s);
    assert!(lines.contains(&format!("Eureka notation, branch {n} of {n}:")));
    s.press("<esc>").unwrap();
    assert_eq!(selected(&s).unwrap().1, n);
    // Another step selected is drawn from its first branch again.
    s.press("j").unwrap();
    assert_eq!(selected(&s).unwrap().1, 1);
    // Esc closes the view and its message (the selected step, the branch drawn).
    s.press("]<esc>").unwrap();
    assert_eq!(*s.app.ui().overlay(), Overlay::None);
    assert_eq!(status(&s), "");
}

#[test]
fn the_path_view_says_it_draws_no_chain() {
    let mut s = bare_session(STUCK, se());
    s.press("v").unwrap();
    s.wait_background();
    s.press("]").unwrap();
    assert_eq!(
        status(&s),
        "The path view draws no chain: i reads the selected step whole"
    );
    assert!(matches!(s.app.ui().overlay(), Overlay::Path(_)));
}
