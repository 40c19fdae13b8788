//! Terminal sizes: the full, medium and compact boards, too small a terminal, every size and every
//! overlay drawn without a panic, row and column labels (also HoDoKu's letters), long status
//! messages.

use crate::support::*;

#[test]
fn full_board_shows_pencilmark_grids() {
    let mut s = session("full");
    insta::assert_snapshot!(styled(&mut s, FULL));
}

#[test]
fn compact_board_on_80x24_shows_cursor_candidates_in_the_side_panel() {
    let mut s = session("compact");
    insta::assert_snapshot!(styled(&mut s, MEDIUM));
}

#[test]
fn tiny_terminal_asks_to_enlarge() {
    let mut s = session("tiny");
    let screen = snap(&mut s, (30, 10));
    assert!(screen.contains("enlarge"), "{screen}");
    insta::assert_snapshot!(styled(&mut s, (30, 10)));
}

#[test]
fn every_terminal_size_draws_without_panicking() {
    let mut s = session("sizes");
    s.press("ttt?").unwrap();
    for w in (1..=130).step_by(7) {
        for h in (1..=50).step_by(3) {
            render(&mut s, (w, h));
        }
    }
    s.press("<esc>Y").unwrap();
    for (w, h) in [(1, 1), (20, 5), (31, 15), (73, 39), (200, 60)] {
        render(&mut s, (w, h));
    }
}

#[test]
fn every_overlay_draws_at_every_terminal_size() {
    let mut s = session("overlay-sizes");
    type Open = Box<dyn Fn(&mut TestSession)>;
    let mut screens: Vec<Open> = Vec::new();
    screens.push(Box::new(|s| {
        s.press("v").unwrap();
        s.wait_background();
    }));
    screens.push(Box::new(|s| s.press("n").unwrap()));
    screens.push(Box::new(|s| {
        s.dispatch(termdoku::app::Action::QuitSaveFailed {
            why: "x ".repeat(200),
            journaled: false,
        });
    }));
    screens.push(Box::new(|s| {
        s.app.open_overlay(termdoku::app::Overlay::Message {
            title: "Notice".into(),
            text: "word ".repeat(300),
        });
    }));
    screens.push(Box::new(|s| s.press("smine").unwrap()));
    for open in &screens {
        open(&mut s);
        for w in (1..=130).step_by(9) {
            for h in (1..=50).step_by(4) {
                render(&mut s, (w, h));
            }
        }
        s.app.close_overlay();
    }
}

#[test]
fn rows_and_columns_are_labelled_at_every_size() {
    let mut s = session("labels");
    for size in [FULL, MEDIUM, COMPACT] {
        let screen = snap(&mut s, size);
        for k in 1..=9 {
            assert!(screen.contains(&format!("r{k} ")), "r{k} at {size:?}");
            assert!(screen.contains(&format!("c{k}")), "c{k} at {size:?}");
        }
    }
    insta::assert_snapshot!("labels_small", styled(&mut s, COMPACT));
}

#[test]
fn hodoku_letters_label_the_board_when_configured() {
    let config = Config {
        labels: termdoku::storage::Labels::Letters,
        ..Config::default()
    };
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let app = App::new(board, Game::default(), config);
    let mut s = session_with(app, "letters", None);
    let screen = snap(&mut s, MEDIUM);
    assert!(
        screen.contains("\nA  ┃") && screen.contains("\nI  ┃"),
        "{screen}"
    );
    assert!(!screen.contains("r1 "), "{screen}");
    insta::assert_snapshot!("letters_80x24", styled(&mut s, MEDIUM));
    let parsed = Config::parse("labels = \"letters\"\n", std::path::Path::new("c.toml"));
    assert_eq!(parsed.0.labels, termdoku::storage::Labels::Letters);
    assert!(parsed.1.is_empty());
}

#[test]
fn with_letter_labels_the_panel_and_hints_name_cells_as_the_board() {
    let config = Config {
        labels: termdoku::storage::Labels::Letters,
        ..Config::default()
    };
    let mut s = session_config("letters", crate::common::chains::W_WING, config, None);
    s.press("ttt").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(!screen.contains("r8c9"), "{screen}");
    assert!(screen.contains("H9"), "{screen}");
    assert!(screen.contains("A1: "), "{screen}");
}

#[test]
fn a_long_status_message_is_cut_between_words_and_read_whole_with_i() {
    let mut s = session("long-status");
    s.dispatch(termdoku::app::Action::PasteFailed(
        termdoku::app::clipboard::ClipboardError::Unavailable(
            "no display: DISPLAY and WAYLAND_DISPLAY are unset".into(),
        ),
    ));
    let full = status(&s);
    assert!(full.contains("Ctrl+Shift+V"), "{full}");
    let screen = snap(&mut s, (100, 30));
    let last = screen.lines().last().unwrap().to_string();
    assert!(last.contains("i: read all"), "{last}");
    // The cut is at a word boundary: the shown part is a prefix of the message, ending in a word.
    let shown = last.split(" … i: read all").next().unwrap().trim_end();
    assert!(full.starts_with(shown), "{shown:?}");
    assert!(full[shown.len()..].starts_with(' '), "{shown:?}");
    s.press("i").unwrap();
    let screen = snap(&mut s, (100, 30));
    let flat = screen.replace(['|', '\n', '┃'], " ");
    let flat: String = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&full), "{screen}");
}

#[test]
fn earlier_messages_are_kept_for_the_text_view() {
    let mut s = session("log");
    s.press("l").unwrap();
    s.app.info("first message");
    s.app.error("second message");
    s.press("i").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("second message"), "{screen}");
    assert!(screen.contains("• first message"), "{screen}");
}
