//! Styles and colours: givens, digits and candidates styled apart, conflicts, the light and the
//! NO_COLOR palettes, and the user's cell and candidate colours.

use crate::support::*;

#[test]
fn givens_filled_and_candidates_are_styled_apart() {
    let mut s = session("styles");
    s.press("1").unwrap(); // r1c1 = 1 (filled)
    let t = render(&mut s, FULL);
    let buf = &t;
    let given = value_at(buf, FULL, cell(1, 2)); // the 7 given at r1c2
    assert_eq!(given.symbol(), "7");
    assert!(given.modifier.contains(Modifier::BOLD));
    assert_eq!(given.fg, Color::Reset);
    // r1c1 holds the cursor (reversed); move away to see the plain filled style.
    s.press("j").unwrap();
    let t = render(&mut s, FULL);
    let buf = &t;
    let filled = value_at(buf, FULL, cell(1, 1));
    assert_eq!(filled.symbol(), "1");
    assert_eq!(filled.fg, Color::Cyan);
    let cand = candidate_at(buf, cell(1, 3), d(4));
    assert_eq!(cand.symbol(), "4");
    // The terminal's own foreground, dimmed: never palette colour 8, which colour schemes such
    // as Solarized Dark make the background.
    assert_eq!(cand.fg, Color::Reset);
    assert!(cand.modifier.contains(Modifier::DIM));
    // The cursor cell is reversed.
    let cur = value_at(buf, FULL, cell(2, 1));
    assert!(cur.modifier.contains(Modifier::REVERSED));
}

#[test]
fn conflicts_are_red_when_checking_rules() {
    let mut s = session("conflict");
    // r1c1 = 7 repeats the given 7 of r1c2.
    s.press("7j").unwrap();
    // Rule conflicts are shown by default (check mode "rules").
    assert_eq!(s.app.ui().check(), termdoku::app::CheckMode::Rules);
    let t = render(&mut s, FULL);
    let buf = &t;
    let a = value_at(buf, FULL, cell(1, 1));
    let b = value_at(buf, FULL, cell(1, 2));
    assert_eq!((a.symbol(), a.fg), ("7", Color::Red));
    assert_eq!((b.symbol(), b.fg), ("7", Color::Red));
    // Solution check also marks the wrong digit (underlined).
    s.press("c").unwrap();
    let t = render(&mut s, FULL);
    let a = value_at(&t, FULL, cell(1, 1));
    assert!(a.modifier.contains(Modifier::UNDERLINED));
    // Off: nothing marked.
    s.press("c").unwrap();
    let t = render(&mut s, FULL);
    assert_eq!(value_at(&t, FULL, cell(1, 1)).fg, Color::Cyan);
}

#[test]
fn no_color_uses_modifiers_only() {
    let mut s = session("mono");
    set_theme(ThemeKind::Mono);
    s.press("7jc").unwrap();
    let t = render(&mut s, FULL);
    let buf = &t;
    for y in 0..FULL.1 {
        for x in 0..FULL.0 {
            let c = &buf[(x, y)];
            assert_eq!(
                (c.fg, c.bg),
                (Color::Reset, Color::Reset),
                "colour at {x},{y}"
            );
        }
    }
    let a = value_at(buf, FULL, cell(1, 1));
    assert!(a.modifier.contains(Modifier::CROSSED_OUT));
}

#[test]
fn light_theme_uses_colours_readable_on_white() {
    let mut s = session("light");
    set_theme(ThemeKind::Light);
    s.press("1j").unwrap();
    let t = render(&mut s, FULL);
    let buf = &t;
    assert_eq!(value_at(buf, FULL, cell(1, 1)).fg, Color::Blue);
    assert!(value_at(buf, FULL, cell(1, 2))
        .modifier
        .contains(Modifier::BOLD));
    // The cursor's row is shaded with a light grey.
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let r = cell_rect(&l, cell(2, 5));
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(254));
}

#[test]
fn colours_mark_cells_and_candidates_undoably_and_survive_no_color() {
    let mut s = at_origin("colours");
    s.press("g1").unwrap();
    s.press("<tab>").unwrap();
    let target = s.app.ui().cursor();
    s.press("g2").unwrap();
    // A candidate: with filter 4 on, g3 colours candidate 4 of the cursor cell.
    let with4 = Cell::all()
        .find(|&c| c.index() > target.index() && s.app.board().candidates(c).contains(d(4)))
        .unwrap();
    s.app.set_cursor(with4);
    s.press("f<4>g3").unwrap();
    assert_status(&s, "Candidate 4");
    s.press("ff").unwrap();
    let colors = s.app.editor().colors().clone();
    assert_eq!(colors.cell(cell(1, 1)).map(|k| k.index()), Some(0));
    assert_eq!(colors.cell(target).map(|k| k.index()), Some(1));
    assert_eq!(colors.candidate(with4, d(4)).map(|k| k.index()), Some(2));
    s.press("K").unwrap();
    let t = render(&mut s, FULL);
    let buf = &t;
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let r = cell_rect(&l, cell(1, 1));
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(28));
    let r = cell_rect(&l, target);
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(22));
    assert_eq!(candidate_at(buf, with4, d(4)).bg, Color::Indexed(172));
    for size in [FULL, MEDIUM, COMPACT] {
        insta::assert_snapshot!(
            format!("colours_{}x{}", size.0, size.1),
            styled(&mut s, size)
        );
    }
    // NO_COLOR: letters instead.
    set_theme(ThemeKind::Mono);
    let t = render(&mut s, FULL);
    let buf = &t;
    let r = cell_rect(&l, cell(1, 1));
    assert_eq!(buf[(r.x, r.y)].symbol(), "a");
    let r = cell_rect(&l, target);
    assert_eq!(buf[(r.x, r.y)].symbol(), "A");
    let cand = candidate_at(buf, with4, d(4));
    assert!(cand.modifier.contains(Modifier::UNDERLINED));
    insta::assert_snapshot!("colours_mono", styled(&mut s, FULL));
    set_theme(ThemeKind::Dark);
    // Undo removes colours one by one; clear all is one step.
    s.press("u").unwrap();
    assert_eq!(s.app.editor().colors().candidate(with4, d(4)), None);
    s.press("gX").unwrap();
    assert!(s.app.editor().colors().is_empty());
    s.press("u").unwrap();
    assert_eq!(s.app.editor().colors().cells().len(), 2);
    // The same colour again removes it.
    s.app.set_cursor(cell(1, 1));
    s.press("g1").unwrap();
    assert_eq!(s.app.editor().colors().cell(cell(1, 1)), None);
}
