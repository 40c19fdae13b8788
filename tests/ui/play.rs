//! Playing: typing digits and marks, moving, undo and redo, entering givens, savepoints and
//! restart, pause and the clock, the keymap's overrides and the help drawn from it.

use crate::support::*;

#[test]
fn typing_digits_marks_and_moving() {
    let mut s = session("typing");
    // r1c1 gets a 1; move right twice to r1c3 and toggle candidates 4 and 8 off in mark mode.
    s.press("1llm48mj<alt+9>").unwrap();
    insta::assert_snapshot!(styled(&mut s, FULL));
}

#[test]
fn undo_and_redo_through_keys() {
    let mut s = session("undo");
    let start = s.app.board().clone();
    s.press("1l4").unwrap();
    let after = s.app.board().clone();
    s.press("uu").unwrap();
    assert_eq!(*s.app.board(), start);
    s.press("<ctrl+r><ctrl+y>").unwrap();
    assert_eq!(*s.app.board(), after);
    s.press("<ctrl+z>").unwrap();
    assert_eq!(s.app.board().value(cell(1, 3)), None);
}

#[test]
fn givens_cannot_change() {
    let mut s = session("given");
    s.press("l5").unwrap(); // r1c2 holds the given 7
    assert_eq!(s.app.board().cell(cell(1, 2)), CellState::Given(d(7)));
    assert!(snap(&mut s, FULL).contains("given"));
}

#[test]
fn mouse_click_selects_a_cell() {
    for size in [FULL, MEDIUM] {
        let mut s = session("click");
        s.screen = size;
        let l = layout(ratatui::layout::Rect::new(0, 0, size.0, size.1));
        let r = cell_rect(&l, cell(5, 7));
        s.handle_event(&crossterm::event::Event::Mouse(
            crossterm::event::MouseEvent {
                kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
                column: r.x,
                row: r.y,
                modifiers: crossterm::event::KeyModifiers::NONE,
            },
        ));
        assert_eq!(s.app.ui().cursor(), cell(5, 7));
    }
}

#[test]
fn enter_givens_then_play_after_the_uniqueness_check() {
    let mut s = session("givens");
    s.press("e").unwrap();
    assert!(s.app.givens_mode());
    assert_eq!(s.app.board().given_count(), 0);
    // Type too few givens: refused.
    s.press("1e").unwrap();
    assert!(s.app.givens_mode());
    assert!(s
        .app
        .ui()
        .status()
        .cloned()
        .unwrap()
        .text
        .contains("several"));
    // N clears; then type the test puzzle as it reads: a digit moves on to the next cell, a
    // blank is skipped with tab.
    s.press("N").unwrap();
    for ch in PUZZLE.chars() {
        let key = if ch == '.' {
            "<tab>".to_string()
        } else {
            ch.to_string()
        };
        s.press(&key).unwrap();
    }
    insta::assert_snapshot!(styled(&mut s, MEDIUM));
    s.press("e").unwrap();
    assert!(!s.app.givens_mode(), "{:?}", s.app.ui().status());
    assert_eq!(s.app.board().given_count(), 34);
}

#[test]
fn typing_givens_moves_the_cursor_on() {
    let mut s = session("givens");
    s.press("e").unwrap();
    assert_eq!(s.app.ui().cursor(), cell(1, 1));
    s.press("53").unwrap();
    assert_eq!(s.app.ui().cursor(), cell(1, 3));
    let b = s.app.board();
    assert_eq!(b.value(cell(1, 1)).map(|d| d.get()), Some(5));
    assert_eq!(b.value(cell(1, 2)).map(|d| d.get()), Some(3));
}

#[test]
fn escape_from_enter_givens_gives_back_the_game() {
    let mut s = at_origin("givens-esc");
    s.app.game_mut().level = Some(termdoku::solver::Level::Easy);
    s.press("1").unwrap();
    let before = s.app.board().clone();
    s.press("e5<esc>").unwrap();
    assert!(!s.app.givens_mode());
    assert_eq!(*s.app.board(), before);
    assert_eq!(s.app.game().name, "Test 1");
    assert_eq!(s.app.game().level, Some(termdoku::solver::Level::Easy));
    // Its history too.
    s.press("u").unwrap();
    assert_eq!(s.app.board().value(cell(1, 1)), None);
}

#[test]
fn undo_never_reaches_another_game() {
    // New game from the menu.
    let mut s = at_origin("undo-games");
    s.press("8").unwrap();
    s.press("nj<enter>").unwrap();
    assert_eq!(s.app.game().level, Some(termdoku::solver::Level::Medium));
    let medium = s.app.board().clone();
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), medium);
    assert_status(&s, "Nothing to undo");
    assert!(s.app.game().name.starts_with("Medium"));
    // After a restart, undo reaches the start of this game and no further.
    let start = s.app.board().clone();
    s.press("<tab>1<tab>2R").unwrap();
    assert_eq!(*s.app.board(), start);
    s.press("uuuu").unwrap();
    assert_eq!(*s.app.board(), start);
    assert!(s.app.game().name.starts_with("Medium"));
    // A slot load starts a new history too.
    s.press("smedium<enter>").unwrap();
    s.press("3o<enter>").unwrap();
    s.press("u").unwrap();
    assert_status(&s, "Nothing to undo");
}

#[test]
fn messages_say_one_candidate_and_a_legal_move_clears_a_stale_error() {
    let mut s = at_origin("plural");
    s.press("l5").unwrap(); // a given: error
    assert_eq!(
        s.app.ui().status().cloned().unwrap().kind,
        termdoku::app::StatusKind::Error
    );
    s.press("h1").unwrap();
    assert!(s.app.ui().status().is_none(), "{:?}", s.app.ui().status());
    // A cell with one candidate says so in the singular.
    let one = Cell::all()
        .find(|&c| s.app.board().candidates(c).len() == 1 && s.app.board().is_empty_cell(c));
    if let Some(c) = one {
        s.app.set_cursor(c);
        let screen = snap(&mut s, FULL);
        assert!(screen.contains(&format!("{c}: 1 candidate ")), "{screen}");
    }
    assert!(!snap(&mut s, FULL).contains("1 candidates"));
}

#[test]
fn savepoints_and_restart() {
    let mut s = at_origin("savepoints");
    s.press("1").unwrap();
    let marked = s.app.board().clone();
    s.press("b<tab>2<tab>3").unwrap();
    s.press("B").unwrap();
    insta::assert_snapshot!("savepoints_menu", styled(&mut s, MEDIUM));
    s.press("<enter>").unwrap();
    assert_eq!(*s.app.board(), marked);
    s.press("u").unwrap();
    assert_ne!(*s.app.board(), marked);
    // Restart: back to the givens in one undo step.
    let before = s.app.board().clone();
    s.press("R").unwrap();
    assert_eq!(s.app.board().value_count(), s.app.board().given_count());
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), before);
}

#[test]
fn pause_hides_the_board() {
    let mut s = session("pause");
    s.press("<space>").unwrap();
    let screen = snap(&mut s, MEDIUM);
    assert!(screen.contains("Paused"));
    assert!(!screen.contains('┳'));
    insta::assert_snapshot!(styled(&mut s, MEDIUM));
    s.press("<space>").unwrap();
    assert!(snap(&mut s, MEDIUM).contains('┳'));
}

#[test]
fn the_clock_stops_while_help_or_a_menu_is_open() {
    use std::time::Duration;
    let mut s = session("clock");
    s.dispatch(termdoku::app::Action::Tick(Duration::from_secs(2)));
    assert_eq!(s.app.game().elapsed, Duration::from_secs(2));
    for open in ["?", "n", "Y"] {
        s.press(open).unwrap();
        s.dispatch(termdoku::app::Action::Tick(Duration::from_secs(5)));
        s.press("<esc>").unwrap();
    }
    assert_eq!(s.app.game().elapsed, Duration::from_secs(2));
    // A clock never overflows.
    s.dispatch(termdoku::app::Action::Tick(Duration::MAX));
    s.dispatch(termdoku::app::Action::Tick(Duration::MAX));
    assert_eq!(s.app.game().elapsed, Duration::MAX);
    assert!(s.save_now());
}

#[test]
fn bad_key_overrides_are_listed_not_fatal() {
    let mut config = Config::default();
    config.keys.insert("jump".into(), vec!["J".into()]);
    config
        .keys
        .insert("undo".into(), vec!["<nope>".into(), "U".into()]);
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let app = App::new(board, Game::default(), config);
    let mut s = session_with(app, "keys", None);
    let status = s.app.ui().status().cloned().unwrap().text;
    assert!(
        status.contains("jump") && status.contains("nope"),
        "{status}"
    );
    s.press("1U").unwrap();
    assert_eq!(s.app.board().value(cell(1, 1)), None);
}

#[test]
fn help_is_generated_from_the_keymap() {
    let mut s = session("help");
    s.press("?").unwrap();
    let full = snap(&mut s, FULL);
    assert!(full.contains("yh") && full.contains("copy as hodoku"));
    insta::assert_snapshot!("help_full", styled(&mut s, FULL));
    insta::assert_snapshot!("help_compact", styled(&mut s, MEDIUM));
    s.press("<esc>").unwrap();
    assert!(!snap(&mut s, FULL).contains("Keys ("));
}

#[test]
fn help_at_60x20_scrolls_and_never_cuts_a_word() {
    let mut s = session("help-small");
    s.press("?").unwrap();
    let first = snap(&mut s, COMPACT);
    insta::assert_snapshot!("help_small", styled(&mut s, COMPACT));
    let mut seen = first;
    for _ in 0..60 {
        s.press("j").unwrap();
        seen.push_str(&snap(&mut s, COMPACT));
    }
    let rows = s.app.keymap().help_rows(termdoku::app::keymap::Mode::Play);
    for (keys, text) in rows {
        assert!(seen.contains(&text), "help text {text:?} never shown whole");
        assert!(seen.contains(&keys), "keys {keys:?} never shown whole");
    }
}

fn bin(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn help_and_the_man_page_describe_the_player_from_the_keymap() {
    let help = bin(&["--help"]);
    let km = termdoku::app::keymap::Keymap::default();
    for mode in [
        termdoku::app::keymap::Mode::Play,
        termdoku::app::keymap::Mode::Givens,
        termdoku::app::keymap::Mode::Menu,
    ] {
        for (keys, text) in km.help_rows(mode) {
            assert!(
                help.contains(&format!("{keys:<22} {text}")),
                "{keys} {text}"
            );
        }
    }
    for needle in [
        "config.toml",
        "TERMDOKU_DATA_DIR",
        "TERMDOKU_CONFIG_DIR",
        "TERMDOKU_THEME",
        "NO_COLOR",
        "autosave.json",
        "slots/",
        "labels",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
    // The man page names only the pages `termdoku manpage DIR` writes.
    let man = bin(&["manpage"]);
    assert!(man.contains("read the whole message and hint"));
    let dir = data_dir("man");
    bin(&["manpage", dir.to_str().unwrap()]);
    let written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut rest = man.as_str();
    while let Some(at) = rest.find("termdoku\\-") {
        let tail = &rest[at + "termdoku\\-".len()..];
        let name: String = tail
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let page = format!("termdoku-{name}.1");
        assert!(written.contains(&page), "{page} not written: {written:?}");
        rest = tail;
    }
    let _ = std::fs::remove_dir_all(dir);
}
