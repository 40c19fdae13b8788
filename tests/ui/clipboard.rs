//! Paste and copy: what a paste says and changes (or not), the terminal's own paste, lists and
//! numbered lines, SE ratings in a paste, the copy chords and the copy menu.

use crate::support::*;

#[test]
fn paste_replaces_the_game_and_reports_format_and_solutions() {
    let line = ":0000:x:.7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.:::";
    let one = format!("1{}", ".".repeat(80));
    let mut s = session_on("paste", &one, Some(line));
    s.press("p").unwrap();
    let status = s.app.ui().status().cloned().unwrap().text;
    assert!(status.contains("HoDoKu library line"), "{status}");
    assert!(status.contains("one solution"), "{status}");
    assert_eq!(s.app.board().given_count(), 34);
    insta::assert_snapshot!(styled(&mut s, MEDIUM));
    // A paste starts a new game: undo never brings the previous game under the new name.
    s.press("u").unwrap();
    assert_eq!(s.app.board().given_count(), 34);
    assert!(s
        .app
        .ui()
        .status()
        .cloned()
        .unwrap()
        .text
        .contains("Nothing to undo"));
}

#[test]
fn bad_paste_changes_nothing_and_says_why() {
    let mut s = session_on("badpaste", PUZZLE, Some("this is not a sudoku"));
    let before = s.app.board().clone();
    let screen_before = snap(&mut s, MEDIUM);
    s.press("p").unwrap();
    assert_eq!(*s.app.board(), before);
    let status = s.app.ui().status().cloned().unwrap();
    assert_eq!(status.kind, termdoku::app::StatusKind::Error);
    assert!(status.text.starts_with("Paste failed"), "{}", status.text);
    let after = snap(&mut s, MEDIUM);
    // Only the message line differs.
    let differing: Vec<_> = screen_before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(differing.len(), 1, "{differing:?}");
}

#[test]
fn a_paste_with_a_clash_names_it_and_changes_nothing() {
    let clash = format!("7.7{}", ".".repeat(78));
    let mut s = session_on("clash", PUZZLE, Some(&clash));
    let before = s.app.board().clone();
    s.press("p").unwrap();
    assert_eq!(*s.app.board(), before);
    let t = status_text(&s);
    assert!(t.contains("r1c1 and r1c3 both hold 7"), "{t}");
    assert_eq!(
        s.app.ui().status().cloned().unwrap().kind,
        termdoku::app::StatusKind::Error
    );
}

#[test]
fn an_ambiguous_paste_is_announced_and_hints_say_uniqueness_is_off() {
    let one = format!("1{}", ".".repeat(80));
    let mut s = session_on("ambiguous", PUZZLE, Some(&one));
    s.press("p").unwrap();
    assert_status(&s, "several solutions");
    s.press("t").unwrap();
    assert_status(&s, "uniqueness techniques off");
}

#[test]
fn terminal_paste_works_without_a_clipboard() {
    let mut s = session_on("bracketed", PUZZLE, None);
    s.press("p").unwrap();
    assert!(s
        .app
        .ui()
        .status()
        .cloned()
        .unwrap()
        .text
        .contains("terminal's own paste"));
    let line = format!("12{}", ".".repeat(79));
    s.handle_event(&crossterm::event::Event::Paste(line));
    assert_eq!(s.app.board().given_count(), 2, "{:?}", s.app.ui().status());
}

#[test]
fn pasting_several_puzzle_lines_opens_them_as_a_collection() {
    let list: String = crate::common::read_sample("magictour_top1465.txt")
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let mut s = session_config("paste-list", PUZZLE, Config::default(), Some(&list));
    s.press("p").unwrap();
    let c = s.app.collection().expect("a collection");
    assert_eq!(c.count, 3);
    assert!(termdoku::app::picker::is_open(&s.app));
    s.press("<enter>").unwrap();
    assert_eq!(
        s.app.board().givens_only(),
        codec::decode_any(list.lines().next().unwrap())
            .unwrap()
            .board
            .givens_only()
    );
}

#[test]
fn a_numbered_list_line_is_read() {
    let text = format!("17. {PUZZLE}");
    let mut s = session_config(
        "numbered",
        ".................................................................................",
        Config::default(),
        Some(&text),
    );
    s.press("p").unwrap();
    assert!(status(&s).starts_with("Pasted"), "{}", status(&s));
    assert_eq!(s.app.board().given_count(), 34);
    let o = termdoku::app::run::read_opening(&format!("3) {PUZZLE} 7.2")).unwrap();
    assert_eq!(o.board.given_count(), 34);
    assert_eq!(o.se_rating.as_deref(), Some("7.2"));
}

#[test]
fn se_ratings_in_the_forum_forms_are_read_from_a_paste() {
    for (trailer, want) in [
        (" 11.9/11.9/11.3", "11.9/11.9/11.3"),
        (" ED=11.6/1.2/1.2", "11.6/1.2/1.2"),
        (" SE 8.3", "8.3"),
    ] {
        let text = format!("{PUZZLE}{trailer}");
        let mut s = session_config("se-forms", PUZZLE, Config::default(), Some(&text));
        s.press("p").unwrap();
        assert_eq!(s.app.game().se_rating.as_deref(), Some(want), "{trailer}");
    }
}

#[test]
fn copy_chords_write_the_documented_formats() {
    let mut s = session("copy");
    s.press("1").unwrap();
    for (keys, f) in [
        ("yh", Format::Hodoku),
        ("ys", Format::SusserElims),
        ("yg", Format::Susser),
        ("yv", Format::Values),
        ("yp", Format::PmMarked),
    ] {
        s.press(keys).unwrap();
        let expected = codec::encode(f, s.app.board(), &Default::default()).unwrap();
        assert_eq!(s.clipboard.get_text().unwrap(), expected, "{keys}");
        assert!(s
            .app
            .ui()
            .status()
            .cloned()
            .unwrap()
            .text
            .contains(f.name()));
    }
}

#[test]
fn yh_with_a_hint_shown_carries_the_step() {
    let mut s = session("yhstep");
    s.press("t").unwrap();
    let code = s.app.hint_step().unwrap().hodoku_equivalent().code();
    s.press("yh").unwrap();
    let line = s.clipboard.get_text().unwrap();
    assert!(line.starts_with(&format!(":{code}:")), "{line}");
    let back = codec::decode_any(&line).unwrap();
    assert_eq!(back.board.cells(), s.app.board().cells());
}

#[test]
fn copy_menu_lists_every_writable_format() {
    let mut s = session("menu");
    s.press("Y").unwrap();
    let screen = snap(&mut s, FULL);
    for f in Format::ALL.into_iter().filter(|f| f.can_write()) {
        assert!(screen.contains(f.id()), "{}", f.id());
    }
    insta::assert_snapshot!(styled(&mut s, FULL));
    // Down to the second entry and copy.
    s.press("j<enter>").unwrap();
    let second = Format::ALL
        .into_iter()
        .filter(|f| f.can_write())
        .nth(1)
        .unwrap();
    let copied = s.clipboard.get_text().unwrap();
    assert_eq!(
        copied,
        codec::encode(second, s.app.board(), &Default::default()).unwrap()
    );
}

#[test]
fn the_copy_menu_warns_which_formats_lose_the_progress() {
    let mut s = session("copy-warn");
    // No progress yet: no warning.
    s.press("Y").unwrap();
    assert!(!snap(&mut s, FULL).contains("givens only"));
    s.press("<esc>").unwrap();
    let sol = termdoku::app::engine::unique_solution(s.app.board()).unwrap();
    let c = s.app.ui().cursor();
    s.press(&sol[c.index()].to_string()).unwrap();
    s.press("Y").unwrap();
    let screen = snap(&mut s, (140, 45));
    for (id, warn) in [
        ("excel", "givens only"),
        ("json", "givens only"),
        ("susser-short", "givens only"),
        ("opensudoku", "your digits become givens"),
    ] {
        let line = screen
            .lines()
            .find(|l| l.contains(&format!(" {id} ")))
            .unwrap_or_else(|| panic!("{id}\n{screen}"));
        assert!(line.contains(warn), "{line}");
    }
    let hodoku = screen.lines().find(|l| l.contains(" hodoku ")).unwrap();
    assert!(!hodoku.contains('!'), "{hodoku}");
}
