//! Pencilmarks and filters: every candidate at its place, manual marks (and hints on them), a
//! clashing candidate, the digit and bivalue filters.

use crate::support::*;

#[test]
fn the_80x24_board_shows_every_candidate_at_its_place() {
    let mut s = session("medium");
    let t = render(&mut s, MEDIUM);
    let buf = &t;
    for c in Cell::all() {
        if let CellState::Empty(set) = s.app.board().cell(c) {
            for dd in Digit::ALL {
                let shown = medium_candidate_at(buf, c, dd);
                if set.contains(dd) {
                    assert_eq!(shown.symbol(), dd.to_string(), "{c} {dd}");
                } else if c != s.app.ui().cursor() {
                    assert_eq!(shown.symbol(), " ", "{c} {dd}");
                }
            }
        }
    }
}

#[test]
fn shift_m_switches_to_manual_pencilmarks_and_undo_switches_back() {
    use termdoku::editor::CandidateMode;
    let mut s = session("manual-marks");
    s.press("M").unwrap();
    assert_eq!(s.app.editor().candidate_mode(), CandidateMode::Manual);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("manual marks"), "{screen}");
    // Switching keeps the marks on screen: r1c1's candidate 1 is still shown.
    let t = render(&mut s, FULL);
    assert_eq!(candidate_at(&t, cell(1, 1), d(1)).symbol(), "1");
    s.press("u").unwrap();
    assert_eq!(s.app.editor().candidate_mode(), CandidateMode::Auto);
    assert!(!snap(&mut s, FULL).contains("manual marks"));
}

#[test]
fn a_candidate_that_clashes_with_a_placed_digit_is_flagged() {
    let mut s = at_origin("clash-mark");
    // r1c2 holds a given 7; toggling 7 on in r1c1 (mark mode) shows a clashing candidate.
    s.press("m7").unwrap();
    assert!(s.app.board().candidates(cell(1, 1)).contains(d(7)));
    assert_status(&s, "clashes");
    s.press("j").unwrap();
    let t = render(&mut s, FULL);
    let c = candidate_at(&t, cell(1, 1), d(7));
    assert_eq!((c.symbol(), c.fg), ("7", Color::Red));
}

fn manual() -> Config {
    Config {
        candidate_mode: termdoku::editor::CandidateMode::Manual,
        ..Config::default()
    }
}

#[test]
fn hints_work_on_manual_marks_before_every_cell_has_marks() {
    let mut s = session_config("manual-hint", PUZZLE, manual(), None);
    let sol = termdoku::app::engine::unique_solution(&s.app.board().givens_only()).unwrap();
    // Marks in one cell only: its solution digit and one more.
    let c = s.app.ui().cursor();
    let other = (1..=9u8)
        .find(|&d| {
            d != sol[c.index()]
                && s.app
                    .board()
                    .auto_candidates(c)
                    .contains(Digit::new(d).unwrap())
        })
        .unwrap_or(sol[c.index()]);
    s.press(&format!("m{}{}m", sol[c.index()], other)).unwrap();
    s.press("t").unwrap();
    let text = status(&s);
    assert!(text.starts_with("Hint: "), "{text}");
    assert!(
        text.contains("without marks counted as holding every candidate"),
        "{text}"
    );
    // The marked cell is read as written, the others as full.
    let (read, unmarked) = termdoku::app::marks::as_hints_read(s.app.board());
    assert!(!unmarked.contains(c));
    assert_eq!(read.candidates(c), s.app.board().candidates(c));
    assert_eq!(
        unmarked.len() as usize,
        s.app.board().given_count().abs_diff(81) - 1
    );
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("without marks"), "{screen}");
    // Applying it changes the board (a placement, or marks written where it removed some).
    let before = s.app.board().clone();
    s.press("T").unwrap();
    assert_ne!(*s.app.board(), before, "{}", status(&s));
    assert!(status(&s).starts_with("Applied"), "{}", status(&s));
    // Hints go on to the end.
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
    }
    assert!(s.app.board().is_solved(), "{}", status(&s));
}

#[test]
fn with_every_cell_marked_no_note_is_added() {
    let mut s = session_config("manual-full", PUZZLE, manual(), None);
    s.press("a").unwrap(); // fill all candidates
    s.press("t").unwrap();
    let text = status(&s);
    assert!(text.starts_with("Hint: "), "{text}");
    assert!(!text.contains("without marks"), "{text}");
}

#[test]
fn filters_highlight_a_digit_or_bivalue_cells() {
    let mut s = at_origin("filter");
    s.press("f<4>").unwrap();
    assert_eq!(
        s.app.ui().filter(),
        Some(termdoku::app::Filter::Digit(d(4)))
    );
    s.press("<tab>").unwrap(); // cursor off r1c1
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("filter 4"), "{screen}");
    let t = render(&mut s, FULL);
    let buf = &t;
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for c in Cell::all() {
        if c == s.app.ui().cursor() {
            continue;
        }
        let r = cell_rect(&l, c);
        let has = match s.app.board().cell(c) {
            CellState::Empty(set) => set.contains(d(4)),
            other => other.value() == Some(d(4)),
        };
        let bg = buf[(r.x, r.y + 2)].bg;
        assert_eq!(bg == Color::Indexed(58), has, "{c}: {bg:?}");
    }
    for size in [FULL, MEDIUM, COMPACT] {
        insta::assert_snapshot!(
            format!("filter_4_{}x{}", size.0, size.1),
            styled(&mut s, size)
        );
    }
    s.press("fb").unwrap();
    let t = render(&mut s, FULL);
    let buf = &t;
    for c in Cell::all() {
        if c == s.app.ui().cursor() {
            continue;
        }
        let r = cell_rect(&l, c);
        let bivalue = matches!(s.app.board().cell(c), CellState::Empty(set) if set.len() == 2);
        assert_eq!(buf[(r.x, r.y + 2)].bg == Color::Indexed(58), bivalue, "{c}");
    }
    s.press("ff").unwrap();
    assert_eq!(s.app.ui().filter(), None);
    s.press("f2<esc>").unwrap();
    assert_eq!(s.app.ui().filter(), None);
    // Esc after the f of a sequence abandons it quietly.
    s.press("f<esc>").unwrap();
    assert!(s.app.ui().pending().is_empty());
    assert_ne!(
        s.app.ui().status().cloned().map(|x| x.kind),
        Some(termdoku::app::StatusKind::Error)
    );
}
