//! The player driven by key scripts (the keymap's own chord syntax) into ratatui's TestBackend:
//! screen snapshots (insta) at a compact 80x24 and a full 120x45 terminal, style assertions on
//! buffer cells, and behaviour through the real update loop, clipboard fake and save store.

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::{Game, HintStage, Session};
use termdoku::codec::{self, Format};
use termdoku::domain::{Cell, CellState, Digit};
use termdoku::storage::{Config, Store};
use termdoku::ui::theme::{Theme, ThemeKind};
use termdoku::ui::{self, cell_rect, layout};

/// A puzzle generated for these tests (unique solution; singles suffice).
const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
const FULL: (u16, u16) = (120, 45);
const COMPACT: (u16, u16) = (80, 24);

/// A fresh data directory for one test, under cargo's temporary directory for integration tests
/// (`target/tmp`); the directories of earlier runs are removed by the first call.
fn data_dir(test: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    static CLEAN: std::sync::Once = std::sync::Once::new();
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let name = format!("ui-{}", std::process::id());
    CLEAN.call_once(|| {
        for e in std::fs::read_dir(&root).into_iter().flatten().flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n.starts_with("ui-") && n != name {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    });
    let base = root.join(name);
    let dir = base.join(format!("{test}-{}", N.fetch_add(1, Ordering::Relaxed)));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A session on `PUZZLE` with an in-memory clipboard holding `clip`.
fn session_on(test: &str, puzzle: &str, clip: Option<&str>) -> Session {
    let board = codec::decode_any(puzzle).unwrap().board;
    let app = termdoku::app::App::new(
        board,
        Game {
            name: "Test 1".into(),
            ..Game::default()
        },
        Config::default(),
    );
    session_with(app, test, clip)
}

fn session_with(mut app: termdoku::app::App, test: &str, clip: Option<&str>) -> Session {
    app.theme = Theme::new(ThemeKind::Dark);
    let clipboard = MemoryClipboard {
        text: clip.map(str::to_string),
    };
    Session::new(app, Box::new(clipboard), Some(Store::at(data_dir(test))))
}

fn session(test: &str) -> Session {
    session_on(test, PUZZLE, None)
}

fn render(s: &mut Session, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    s.app.screen = (w, h);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, &s.app)).unwrap();
    t
}

/// The screen as text, each row closed by `|` so trailing spaces show.
fn text(t: &Terminal<TestBackend>) -> String {
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push_str("|\n");
    }
    out
}

fn snap(s: &mut Session, size: (u16, u16)) -> String {
    text(&render(s, size))
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::from_rc(r - 1, c - 1)
}

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// The buffer cell showing a value (full layout: the centre of the cell).
fn value_at(buf: &Buffer, size: (u16, u16), c: Cell) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, size.0, size.1));
    let r = cell_rect(&l, c);
    match l.kind {
        ui::LayoutKind::Full => &buf[(r.x + 3, r.y + 1)],
        _ => &buf[(r.x + 1, r.y)],
    }
}

/// The buffer cell of a candidate in the full layout.
fn candidate_at(buf: &Buffer, c: Cell, digit: Digit) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let r = cell_rect(&l, c);
    let i = digit.index() as u16;
    &buf[(r.x + 1 + 2 * (i % 3), r.y + i / 3)]
}

// ---- snapshots ---------------------------------------------------------------------------

#[test]
fn full_board_shows_pencilmark_grids() {
    let mut s = session("full");
    insta::assert_snapshot!(snap(&mut s, FULL));
}

#[test]
fn compact_board_on_80x24_shows_cursor_candidates_in_the_side_panel() {
    let mut s = session("compact");
    insta::assert_snapshot!(snap(&mut s, COMPACT));
}

#[test]
fn tiny_terminal_asks_to_enlarge() {
    let mut s = session("tiny");
    let screen = snap(&mut s, (30, 10));
    assert!(screen.contains("enlarge"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn typing_digits_marks_and_moving() {
    let mut s = session("typing");
    // r1c1 gets a 1; move right twice to r1c3 and toggle candidates 4 and 8 off in mark mode.
    s.press("1llm48mj<alt+9>").unwrap();
    insta::assert_snapshot!(snap(&mut s, FULL));
}

#[test]
fn help_is_generated_from_the_keymap() {
    let mut s = session("help");
    s.press("?").unwrap();
    let full = snap(&mut s, FULL);
    assert!(full.contains("yh") && full.contains("copy as hodoku"));
    insta::assert_snapshot!("help_full", full);
    insta::assert_snapshot!("help_compact", snap(&mut s, COMPACT));
    s.press("<esc>").unwrap();
    assert!(!snap(&mut s, FULL).contains("Keys ("));
}

#[test]
fn hint_ladder_climbs_in_three_presses() {
    let mut s = session("hint");
    s.press("t").unwrap();
    let h = s.app.live_hint().expect("a hint").clone();
    assert_eq!(h.stage, HintStage::Technique);
    let one = snap(&mut s, FULL);
    assert!(one.contains(h.step.technique.name()));
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Where);
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Full);
    insta::assert_snapshot!("hint_full_step", snap(&mut s, FULL));
    // Enter applies the shown step as one undo step.
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_ne!(*s.app.board(), before);
    for p in &h.step.placements {
        assert_eq!(s.app.board().value(p.cell), Some(p.digit));
    }
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), before);
}

#[test]
fn copy_menu_lists_every_writable_format() {
    let mut s = session("menu");
    s.press("Y").unwrap();
    let screen = snap(&mut s, FULL);
    for f in Format::ALL.into_iter().filter(|f| f.can_write()) {
        assert!(screen.contains(f.id()), "{}", f.id());
    }
    insta::assert_snapshot!(screen);
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
fn pause_hides_the_board() {
    let mut s = session("pause");
    s.press("<space>").unwrap();
    let screen = snap(&mut s, COMPACT);
    assert!(screen.contains("Paused"));
    assert!(!screen.contains('┳'));
    insta::assert_snapshot!(screen);
    s.press("<space>").unwrap();
    assert!(snap(&mut s, COMPACT).contains('┳'));
}

// ---- styles ------------------------------------------------------------------------------

#[test]
fn givens_filled_and_candidates_are_styled_apart() {
    let mut s = session("styles");
    s.press("1").unwrap(); // r1c1 = 1 (filled)
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let given = value_at(buf, FULL, cell(1, 2)); // the 7 given at r1c2
    assert_eq!(given.symbol(), "7");
    assert!(given.modifier.contains(Modifier::BOLD));
    assert_eq!(given.fg, Color::Reset);
    // r1c1 holds the cursor (reversed); move away to see the plain filled style.
    s.press("j").unwrap();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let filled = value_at(buf, FULL, cell(1, 1));
    assert_eq!(filled.symbol(), "1");
    assert_eq!(filled.fg, Color::Cyan);
    let cand = candidate_at(buf, cell(1, 3), d(4));
    assert_eq!(cand.symbol(), "4");
    assert_eq!(cand.fg, Color::DarkGray);
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
    assert_eq!(s.app.check, termdoku::app::CheckMode::Rules);
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let a = value_at(buf, FULL, cell(1, 1));
    let b = value_at(buf, FULL, cell(1, 2));
    assert_eq!((a.symbol(), a.fg), ("7", Color::Red));
    assert_eq!((b.symbol(), b.fg), ("7", Color::Red));
    // Solution check also marks the wrong digit (underlined).
    s.press("c").unwrap();
    let t = render(&mut s, FULL);
    let a = value_at(t.backend().buffer(), FULL, cell(1, 1));
    assert!(a.modifier.contains(Modifier::UNDERLINED));
    // Off: nothing marked.
    s.press("c").unwrap();
    let t = render(&mut s, FULL);
    assert_eq!(
        value_at(t.backend().buffer(), FULL, cell(1, 1)).fg,
        Color::Cyan
    );
}

#[test]
fn full_hint_highlights_placements_and_eliminations() {
    let mut s = session("hintstyle");
    s.press("ttt").unwrap();
    let step = s.app.live_hint().unwrap().step.clone();
    s.press("<tab>").unwrap(); // move the cursor; the hint stays (the board did not change)
    assert!(s.app.live_hint().is_some());
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    for p in &step.placements {
        let c = candidate_at(buf, p.cell, p.digit);
        assert_eq!(c.symbol(), p.digit.to_string());
        assert_eq!(c.fg, Color::LightGreen, "placement {p:?}");
    }
    for e in &step.eliminations {
        let c = candidate_at(buf, e.cell, e.digit);
        assert!(
            c.modifier.contains(Modifier::CROSSED_OUT),
            "elimination {e:?}"
        );
    }
    for cl in &step.cells {
        if *cl != s.app.cursor {
            let r = cell_rect(
                &layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1)),
                *cl,
            );
            assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(24), "pattern cell {cl}");
        }
    }
}

#[test]
fn no_color_uses_modifiers_only() {
    let mut s = session("mono");
    s.app.theme = Theme::new(ThemeKind::Mono);
    s.press("7jc").unwrap();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
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

// ---- behaviour ---------------------------------------------------------------------------

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
fn paste_replaces_the_game_and_reports_format_and_solutions() {
    let line = ":0000:x:.7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.:::";
    let one = format!("1{}", ".".repeat(80));
    let mut s = session_on("paste", &one, Some(line));
    s.press("p").unwrap();
    let status = s.app.status.clone().unwrap().text;
    assert!(status.contains("HoDoKu library line"), "{status}");
    assert!(status.contains("one solution"), "{status}");
    assert_eq!(s.app.board().given_count(), 34);
    insta::assert_snapshot!(snap(&mut s, COMPACT));
    // One undo step brings the previous game back.
    s.press("u").unwrap();
    assert_eq!(s.app.board().given_count(), 1);
}

#[test]
fn bad_paste_changes_nothing_and_says_why() {
    let mut s = session_on("badpaste", PUZZLE, Some("this is not a sudoku"));
    let before = s.app.board().clone();
    let screen_before = snap(&mut s, COMPACT);
    s.press("p").unwrap();
    assert_eq!(*s.app.board(), before);
    let status = s.app.status.clone().unwrap();
    assert_eq!(status.kind, termdoku::app::StatusKind::Error);
    assert!(status.text.starts_with("Paste failed"), "{}", status.text);
    let after = snap(&mut s, COMPACT);
    // Only the message line differs.
    let differing: Vec<_> = screen_before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(differing.len(), 1, "{differing:?}");
}

#[test]
fn terminal_paste_works_without_a_clipboard() {
    let mut s = session_on("bracketed", PUZZLE, None);
    s.press("p").unwrap();
    assert!(s
        .app
        .status
        .clone()
        .unwrap()
        .text
        .contains("terminal's own paste"));
    let line = format!("12{}", ".".repeat(79));
    s.handle_event(&crossterm::event::Event::Paste(line));
    assert_eq!(s.app.board().given_count(), 2, "{:?}", s.app.status);
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
        assert!(s.app.status.clone().unwrap().text.contains(f.name()));
    }
}

#[test]
fn yh_with_a_hint_shown_carries_the_step() {
    let mut s = session("yhstep");
    s.press("t").unwrap();
    let code = s.app.live_hint().unwrap().step.technique.code();
    s.press("yh").unwrap();
    let line = s.clipboard.get_text().unwrap();
    assert!(line.starts_with(&format!(":{code}:")), "{line}");
    let back = codec::decode_any(&line).unwrap();
    assert_eq!(back.board.cells(), s.app.board().cells());
}

#[test]
fn mouse_click_selects_a_cell() {
    for size in [FULL, COMPACT] {
        let mut s = session("click");
        s.app.screen = size;
        let l = layout(ratatui::layout::Rect::new(0, 0, size.0, size.1));
        let r = cell_rect(&l, cell(5, 7));
        s.dispatch(termdoku::app::Action::Click { x: r.x, y: r.y });
        assert_eq!(s.app.cursor, cell(5, 7));
    }
}

#[test]
fn autosave_resumes_the_same_state() {
    let mut s = session("resume");
    s.press("1ll<alt+4>").unwrap();
    assert!(s.unsaved());
    assert!(s.save_now());
    let store = s.store.clone();
    let r = Session::start(
        None,
        Config::default(),
        store,
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(r.app.board(), s.app.board());
    assert_eq!(r.app.editor.undo_len(), 2);
    assert_eq!(r.app.game.name, "Test 1");
}

#[test]
fn quit_saves_first() {
    let mut s = session("quit");
    s.press("1q").unwrap();
    assert!(s.app.quit);
    let g = s.store.as_ref().unwrap().read_autosave().unwrap().unwrap();
    assert_eq!(g.editor.board(), s.app.board());
}

#[test]
fn slots_save_list_and_open() {
    let mut s = session("slots");
    s.press("1smy game<enter>").unwrap();
    assert!(s.app.status.clone().unwrap().text.contains("Saved as"));
    s.press("l2").unwrap();
    s.press("o").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("my game"), "{screen}");
    s.press("<enter>").unwrap();
    assert_eq!(s.app.board().value(cell(1, 3)), None);
    assert_eq!(s.app.board().value(cell(1, 1)), Some(d(1)));
}

#[test]
fn new_game_offers_levels_from_the_collection() {
    let mut s = session("newgame");
    s.press("n").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("Easy") && screen.contains("Extreme"));
    s.press("<enter>").unwrap();
    assert_eq!(s.app.game.level, Some(termdoku::solver::Level::Easy));
    assert!(s.app.board().given_count() >= 17);
}

#[test]
fn new_game_can_generate_a_puzzle_of_the_chosen_level() {
    let mut s = session("generate");
    s.press("n").unwrap();
    assert!(snap(&mut s, FULL).contains("generate a new one"));
    // Five collection levels, then Generate Easy, Medium, Hard: seven steps down.
    s.press("jjjjjjj<enter>").unwrap();
    assert_eq!(s.app.game.level, Some(termdoku::solver::Level::Hard));
    let board = s.app.board().clone();
    assert!(board.given_count() >= 17 && board.value_count() == board.given_count());
    assert_eq!(termdoku::solver::exact::count_solutions(&board, 2), 1);
    assert_eq!(
        termdoku::solver::engine::rate(&board).level,
        termdoku::solver::Level::Hard
    );
}

#[test]
fn enter_givens_then_play_after_the_uniqueness_check() {
    let mut s = session("givens");
    s.press("e").unwrap();
    assert!(s.app.givens_mode);
    assert_eq!(s.app.board().given_count(), 0);
    // Type too few givens: refused.
    s.press("1e").unwrap();
    assert!(s.app.givens_mode);
    assert!(s.app.status.clone().unwrap().text.contains("several"));
    // N clears; then type the test puzzle row by row.
    s.press("N").unwrap();
    for (i, ch) in PUZZLE.chars().enumerate() {
        let key = if ch == '.' {
            "x".to_string()
        } else {
            ch.to_string()
        };
        s.press(&key).unwrap();
        if i % 9 == 8 {
            s.press("j").unwrap();
        }
        s.press("l").unwrap();
    }
    insta::assert_snapshot!(snap(&mut s, COMPACT));
    s.press("e").unwrap();
    assert!(!s.app.givens_mode, "{:?}", s.app.status);
    assert_eq!(s.app.board().given_count(), 34);
}

#[test]
fn bad_key_overrides_are_listed_not_fatal() {
    let mut config = Config::default();
    config.keys.insert("jump".into(), vec!["J".into()]);
    config
        .keys
        .insert("undo".into(), vec!["<nope>".into(), "U".into()]);
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let app = termdoku::app::App::new(board, Game::default(), config);
    let mut s = session_with(app, "keys", None);
    let status = s.app.status.clone().unwrap().text;
    assert!(
        status.contains("jump") && status.contains("nope"),
        "{status}"
    );
    s.press("1U").unwrap();
    assert_eq!(s.app.board().value(cell(1, 1)), None);
}

#[test]
fn autosave_is_debounced_and_clock_ticks_do_not_postpone_it() {
    use std::time::{Duration, Instant};
    let mut s = session("debounce");
    s.press("1").unwrap();
    let t0 = Instant::now();
    assert!(!s.autosave_if_due(t0));
    s.dispatch(termdoku::app::Action::Tick(Duration::from_millis(200)));
    assert!(s.autosave_if_due(t0 + Duration::from_millis(600)));
    assert!(!s.unsaved());
    let g = s.store.as_ref().unwrap().read_autosave().unwrap().unwrap();
    assert_eq!(g.editor.board(), s.app.board());
    // Nothing new: nothing to write.
    assert!(!s.autosave_if_due(t0 + Duration::from_secs(10)));
}

#[test]
fn enter_without_a_hint_changes_nothing() {
    let mut s = session("enter");
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_eq!(*s.app.board(), before);
    assert!(s
        .app
        .status
        .clone()
        .unwrap()
        .text
        .contains("No hint on screen"));
    s.press("T").unwrap(); // T applies the next step directly
    assert_ne!(*s.app.board(), before);
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
fn a_puzzle_argument_opens_that_puzzle() {
    let o = termdoku::app::run::read_opening(PUZZLE).unwrap();
    assert_eq!(o.board.given_count(), 34);
    let dir = data_dir("arg");
    let file = dir.join("p.txt");
    std::fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let o = termdoku::app::run::read_opening(file.to_str().unwrap()).unwrap();
    assert_eq!(o.name, "p.txt");
    let err = termdoku::app::run::read_opening("not a puzzle").unwrap_err();
    assert!(err.starts_with("cannot read the puzzle"), "{err}");
    let s = Session::start(
        Some(o),
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(s.app.board().given_count(), 34);
    assert_eq!(s.app.status.clone().unwrap().text, "Opened p.txt");
}

#[test]
fn a_terminal_paste_into_the_slot_prompt_is_its_name() {
    let mut s = session("promptpaste");
    let before = s.app.board().clone();
    s.press("s").unwrap();
    s.handle_event(&crossterm::event::Event::Paste("evening\n".into()));
    s.press("<enter>").unwrap();
    assert_eq!(*s.app.board(), before);
    assert!(s.store.as_ref().unwrap().open_slot("evening").is_ok());
}

#[test]
fn light_theme_uses_colours_readable_on_white() {
    let mut s = session("light");
    s.app.theme = Theme::new(ThemeKind::Light);
    s.press("1j").unwrap();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
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
fn second_hint_press_shades_the_houses_and_cells_to_look_at() {
    let mut s = session("where");
    s.press("tt").unwrap();
    let step = s.app.live_hint().unwrap().step.clone();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for c in &step.cells {
        if *c != s.app.cursor {
            let r = cell_rect(&l, *c);
            assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(24), "pattern cell {c}");
        }
    }
    // Nothing is given away yet: no placement is styled as one.
    for p in &step.placements {
        if s.app.board().is_empty_cell(p.cell) {
            assert_ne!(candidate_at(buf, p.cell, p.digit).fg, Color::LightGreen);
        }
    }
}

#[test]
fn shift_m_switches_to_manual_pencilmarks_and_undo_switches_back() {
    use termdoku::editor::CandidateMode;
    let mut s = session("manual-marks");
    s.press("M").unwrap();
    assert_eq!(s.app.editor.candidate_mode(), CandidateMode::Manual);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("manual marks"), "{screen}");
    // Switching keeps the marks on screen: r1c1's candidate 1 is still shown.
    let t = render(&mut s, FULL);
    assert_eq!(
        candidate_at(t.backend().buffer(), cell(1, 1), d(1)).symbol(),
        "1"
    );
    s.press("u").unwrap();
    assert_eq!(s.app.editor.candidate_mode(), CandidateMode::Auto);
    assert!(!snap(&mut s, FULL).contains("manual marks"));
}
