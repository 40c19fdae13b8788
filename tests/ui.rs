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

/// A session whose data directory is removed when the test ends (also when it fails).
struct TestSession(Session, PathBuf);

impl Drop for TestSession {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

impl std::ops::Deref for TestSession {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.0
    }
}

impl std::ops::DerefMut for TestSession {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.0
    }
}

thread_local! {
    /// The theme the current test draws with.
    static THEME: std::cell::Cell<ThemeKind> = const { std::cell::Cell::new(ThemeKind::Dark) };
}

fn set_theme(k: ThemeKind) {
    THEME.with(|t| t.set(k));
}

/// A session on `PUZZLE` with an in-memory clipboard holding `clip`.
fn session_on(test: &str, puzzle: &str, clip: Option<&str>) -> TestSession {
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

fn session_with(app: termdoku::app::App, test: &str, clip: Option<&str>) -> TestSession {
    set_theme(ThemeKind::Dark);
    let clipboard = MemoryClipboard {
        text: clip.map(str::to_string),
    };
    let dir = data_dir(test);
    let mut s = Session::new(app, Box::new(clipboard), Some(Store::at(&dir)));
    s.locate = Some(ui::cell_at);
    TestSession(s, dir)
}

fn session(test: &str) -> TestSession {
    session_on(test, PUZZLE, None)
}

fn render(s: &mut Session, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    s.screen = (w, h);
    let theme = Theme::new(THEME.with(|t| t.get()));
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, &s.app, &theme)).unwrap();
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
    assert!(one.contains(h.step().unwrap().technique.name()));
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Where);
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Full);
    insta::assert_snapshot!("hint_full_step", snap(&mut s, FULL));
    // Enter applies the shown step as one undo step.
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_ne!(*s.app.board(), before);
    for p in &h.step().unwrap().placements {
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
    assert_eq!(s.app.ui.check, termdoku::app::CheckMode::Rules);
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
    let step = s.app.hint_step().unwrap().clone();
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
    for cl in &step.facts.cells() {
        if *cl != s.app.ui.cursor {
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
    set_theme(ThemeKind::Mono);
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
    let status = s.app.ui.status.clone().unwrap().text;
    assert!(status.contains("HoDoKu library line"), "{status}");
    assert!(status.contains("one solution"), "{status}");
    assert_eq!(s.app.board().given_count(), 34);
    insta::assert_snapshot!(snap(&mut s, COMPACT));
    // A paste starts a new game: undo never brings the previous game under the new name.
    s.press("u").unwrap();
    assert_eq!(s.app.board().given_count(), 34);
    assert!(s
        .app
        .ui
        .status
        .clone()
        .unwrap()
        .text
        .contains("Nothing to undo"));
}

#[test]
fn bad_paste_changes_nothing_and_says_why() {
    let mut s = session_on("badpaste", PUZZLE, Some("this is not a sudoku"));
    let before = s.app.board().clone();
    let screen_before = snap(&mut s, COMPACT);
    s.press("p").unwrap();
    assert_eq!(*s.app.board(), before);
    let status = s.app.ui.status.clone().unwrap();
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
        .ui
        .status
        .clone()
        .unwrap()
        .text
        .contains("terminal's own paste"));
    let line = format!("12{}", ".".repeat(79));
    s.handle_event(&crossterm::event::Event::Paste(line));
    assert_eq!(s.app.board().given_count(), 2, "{:?}", s.app.ui.status);
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
        assert!(s.app.ui.status.clone().unwrap().text.contains(f.name()));
    }
}

#[test]
fn yh_with_a_hint_shown_carries_the_step() {
    let mut s = session("yhstep");
    s.press("t").unwrap();
    let code = s.app.hint_step().unwrap().technique.code();
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
        assert_eq!(s.app.ui.cursor, cell(5, 7));
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
    assert!(s.app.ui.status.clone().unwrap().text.contains("Saved as"));
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
    // The generator runs in the background; the board is the old one until it is done.
    s.wait_background();
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
    assert!(s.app.ui.status.clone().unwrap().text.contains("several"));
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
    insta::assert_snapshot!(snap(&mut s, COMPACT));
    s.press("e").unwrap();
    assert!(!s.app.givens_mode, "{:?}", s.app.ui.status);
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
    let status = s.app.ui.status.clone().unwrap().text;
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
        .ui
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
    assert!(err.starts_with("no puzzle found"), "{err}");
    let s = Session::start(
        Some(o),
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(s.app.board().given_count(), 34);
    assert_eq!(s.app.ui.status.clone().unwrap().text, "Opened p.txt");
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
    set_theme(ThemeKind::Light);
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
    let step = s.app.hint_step().unwrap().clone();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for c in &step.facts.cells() {
        if *c != s.app.ui.cursor {
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

// ---- helpers for the serious-solver features -----------------------------------------------

const SMALL: (u16, u16) = (60, 20);

/// The solution of `PUZZLE`, digit per cell.
fn solution() -> [u8; 81] {
    let board = codec::decode_any(PUZZLE).unwrap().board;
    match termdoku::solver::exact::solve(&board) {
        termdoku::solver::exact::Outcome::Unique(s) => *s.values(),
        _ => panic!("PUZZLE is unique"),
    }
}

/// Asserts that the status line contains `want` (and shows it when not).
#[track_caller]
fn assert_status(s: &Session, want: &str) {
    let text = status_text(s);
    assert!(
        text.contains(want),
        "status line: {text:?}, expected it to contain {want:?}"
    );
}

fn status_text(s: &Session) -> String {
    s.app
        .ui
        .status
        .clone()
        .map(|st| st.text)
        .unwrap_or_default()
}

/// A session whose cursor is at r1c1 (the first empty cell of `PUZZLE`).
fn at_origin(test: &str) -> TestSession {
    let s = session(test);
    assert_eq!(s.app.ui.cursor, cell(1, 1));
    s
}

/// The buffer cell of a candidate in the medium layout (80x24).
fn medium_candidate_at(buf: &Buffer, c: Cell, digit: Digit) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, COMPACT.0, COMPACT.1));
    assert_eq!(l.kind, ui::LayoutKind::Medium);
    let r = cell_rect(&l, c);
    let i = digit.index() as u16;
    &buf[(r.x + i % 5, r.y + i / 5)]
}

// ---- bugs -------------------------------------------------------------------------------

#[test]
fn undo_never_reaches_another_game() {
    // New game from the menu.
    let mut s = at_origin("undo-games");
    s.press("8").unwrap();
    s.press("nj<enter>").unwrap();
    assert_eq!(s.app.game.level, Some(termdoku::solver::Level::Medium));
    let medium = s.app.board().clone();
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), medium);
    assert_status(&s, "Nothing to undo");
    assert!(s.app.game.name.starts_with("Medium"));
    // After a restart, undo reaches the start of this game and no further.
    let start = s.app.board().clone();
    s.press("<tab>1<tab>2R").unwrap();
    assert_eq!(*s.app.board(), start);
    s.press("uuuu").unwrap();
    assert_eq!(*s.app.board(), start);
    assert!(s.app.game.name.starts_with("Medium"));
    // A slot load starts a new history too.
    s.press("smedium<enter>").unwrap();
    s.press("3o<enter>").unwrap();
    s.press("u").unwrap();
    assert_status(&s, "Nothing to undo");
}

#[test]
fn escape_from_enter_givens_gives_back_the_game() {
    let mut s = at_origin("givens-esc");
    s.app.game.level = Some(termdoku::solver::Level::Easy);
    s.press("1").unwrap();
    let before = s.app.board().clone();
    s.press("e5<esc>").unwrap();
    assert!(!s.app.givens_mode);
    assert_eq!(*s.app.board(), before);
    assert_eq!(s.app.game.name, "Test 1");
    assert_eq!(s.app.game.level, Some(termdoku::solver::Level::Easy));
    // Its history too.
    s.press("u").unwrap();
    assert_eq!(s.app.board().value(cell(1, 1)), None);
}

#[test]
fn a_hint_on_a_board_with_a_wrong_digit_names_the_mistake_first() {
    let sol = solution();
    let mut s = at_origin("mistake");
    let good = sol[0];
    let wrong = (1..=9u8)
        .find(|d| *d != good && *d != 7 && *d != 8)
        .unwrap();
    s.press(&format!("{good}<tab>")).unwrap(); // a right digit first
    let correct = s.app.board().clone();
    let c = s.app.ui.cursor;
    let bad = (1..=9u8).find(|d| *d != sol[c.index()]).unwrap();
    let _ = wrong;
    s.press(&bad.to_string()).unwrap();
    s.press("t").unwrap();
    let h = s.app.live_hint().unwrap().clone();
    assert!(matches!(h.kind, termdoku::app::HintKind::Mistake { .. }));
    let t1 = status_text(&s);
    assert!(t1.contains("mistake") && t1.contains("wrong digit"), "{t1}");
    assert!(
        !t1.contains(&c.to_string()),
        "stage 1 does not say where: {t1}"
    );
    s.press("t").unwrap();
    assert_status(&s, &format!("{c} is wrong"));
    insta::assert_snapshot!("mistake_where_medium", snap(&mut s, COMPACT));
    // T undoes to the last correct state.
    s.press("T").unwrap();
    assert_eq!(*s.app.board(), correct);
    assert_status(&s, "last correct state");
    // No hint ever places a digit that is not the solution's: apply hints until solved.
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
        for cc in Cell::all() {
            if let Some(d) = s.app.board().value(cc) {
                assert_eq!(d.get(), sol[cc.index()], "{cc}");
            }
        }
    }
    assert!(s.app.board().is_solved());
}

#[test]
fn a_removed_solution_candidate_is_a_mistake_too() {
    let sol = solution();
    let mut s = at_origin("removed");
    let d = sol[0];
    s.press(&format!("<alt+{d}>")).unwrap();
    s.press("t").unwrap();
    assert_status(&s, "wrongly removed candidate");
    s.press("t").unwrap();
    assert_status(&s, &format!("{d} was removed from r1c1"));
    s.press("<enter>").unwrap();
    assert!(s
        .app
        .board()
        .candidates(cell(1, 1))
        .contains(Digit::new(d).unwrap()));
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
        s.app.ui.status.clone().unwrap().kind,
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
fn help_at_60x20_scrolls_and_never_cuts_a_word() {
    let mut s = session("help-small");
    s.press("?").unwrap();
    let first = snap(&mut s, SMALL);
    insta::assert_snapshot!("help_small", first.clone());
    let mut seen = first;
    for _ in 0..60 {
        s.press("j").unwrap();
        seen.push_str(&snap(&mut s, SMALL));
    }
    let rows = s.app.keymap.help_rows(termdoku::app::keymap::Mode::Play);
    for (keys, text) in rows {
        assert!(seen.contains(&text), "help text {text:?} never shown whole");
        assert!(seen.contains(&keys), "keys {keys:?} never shown whole");
    }
}

#[test]
fn restarting_the_player_resumes_cursor_modes_hint_filter_and_colours() {
    let mut s = at_origin("resume-view");
    s.press("llj").unwrap(); // r2c3
    s.press("g3f5mcc").unwrap(); // colour r2c3, filter 5, mark mode, check solution then off
    s.press("f<5>").unwrap();
    s.press("tt").unwrap();
    assert!(s.save_now());
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(r.app.ui.cursor, cell(2, 3));
    assert!(r.app.ui.mark_mode);
    assert_eq!(r.app.ui.check, s.app.ui.check);
    assert_eq!(r.app.ui.filter, Some(termdoku::app::Filter::Digit(d(5))));
    assert_eq!(r.app.editor.colors(), s.app.editor.colors());
    assert_eq!(r.app.live_hint().map(|h| h.stage), Some(HintStage::Where));
    assert_eq!(r.app.board(), s.app.board());
}

#[test]
fn the_clock_stops_while_help_or_a_menu_is_open() {
    use std::time::Duration;
    let mut s = session("clock");
    s.dispatch(termdoku::app::Action::Tick(Duration::from_secs(2)));
    assert_eq!(s.app.game.elapsed, Duration::from_secs(2));
    for open in ["?", "n", "Y"] {
        s.press(open).unwrap();
        s.dispatch(termdoku::app::Action::Tick(Duration::from_secs(5)));
        s.press("<esc>").unwrap();
    }
    assert_eq!(s.app.game.elapsed, Duration::from_secs(2));
    // A clock never overflows.
    s.dispatch(termdoku::app::Action::Tick(Duration::MAX));
    s.dispatch(termdoku::app::Action::Tick(Duration::MAX));
    assert_eq!(s.app.game.elapsed, Duration::MAX);
    assert!(s.save_now());
}

#[test]
fn saving_over_an_existing_slot_asks_first() {
    let mut s = session("overwrite");
    s.press("1smine<enter>").unwrap();
    s.press("ll2smine<enter>").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("Replace the saved game \"mine\"?"),
        "{screen}"
    );
    insta::assert_snapshot!("confirm_overwrite_small", snap(&mut s, SMALL));
    // The default keeps the old save.
    s.press("<enter>").unwrap();
    let old = s.store.as_ref().unwrap().open_slot("mine").unwrap();
    assert_eq!(old.editor.board().value(cell(1, 2)), Some(d(7)));
    assert_eq!(old.editor.board().value(cell(1, 3)), None);
    s.press("smine<enter>j<enter>").unwrap();
    let new = s.store.as_ref().unwrap().open_slot("mine").unwrap();
    assert_eq!(new.editor.board().value(cell(1, 3)), Some(d(2)));
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
    let c = candidate_at(t.backend().buffer(), cell(1, 1), d(7));
    assert_eq!((c.symbol(), c.fg), ("7", Color::Red));
}

#[test]
fn messages_say_one_candidate_and_a_legal_move_clears_a_stale_error() {
    let mut s = at_origin("plural");
    s.press("l5").unwrap(); // a given: error
    assert_eq!(
        s.app.ui.status.clone().unwrap().kind,
        termdoku::app::StatusKind::Error
    );
    s.press("h1").unwrap();
    assert!(s.app.ui.status.is_none(), "{:?}", s.app.ui.status);
    // A cell with one candidate says so in the singular.
    let one = Cell::all()
        .find(|&c| s.app.board().candidates(c).len() == 1 && s.app.board().is_empty_cell(c));
    if let Some(c) = one {
        s.app.ui.cursor = c;
        let screen = snap(&mut s, FULL);
        assert!(screen.contains(&format!("{c}: 1 candidate ")), "{screen}");
    }
    assert!(!snap(&mut s, FULL).contains("1 candidates"));
}

#[test]
fn the_se_rating_of_a_paste_is_kept_and_shown() {
    let line = format!("{PUZZLE} ED=11.3/1.2/1.2");
    let mut s = session_on("se", PUZZLE, Some(&line));
    s.press("p").unwrap();
    assert_eq!(s.app.game.se_rating.as_deref(), Some("11.3/1.2/1.2"));
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE: 11.3/1.2/1.2"), "{screen}");
    let level = termdoku::solver::engine::rate(s.app.board());
    assert!(
        screen.contains(&format!("Level: {} (score {})", level.level, level.score)),
        "{screen}"
    );
}

#[test]
fn a_save_with_an_impossible_clock_is_corrupt_not_a_crash() {
    let mut s = session("elapsed");
    assert!(s.save_now());
    let path = s.store.as_ref().unwrap().autosave_path();
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = regex_free_replace(
        &text,
        "\"elapsed_secs\": 0",
        "\"elapsed_secs\": 18446744073709551615",
    );
    std::fs::write(&path, bad).unwrap();
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    let t = status_text(&r);
    assert!(t.contains("elapsed_secs") && t.contains("moved to"), "{t}");
    // Kept aside; the autosave is the fresh game the player started on.
    let aside = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("autosave.json.corrupt-")
        })
        .count();
    assert_eq!(aside, 1);
}

fn regex_free_replace(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{text}");
    text.replace(from, to)
}

#[test]
fn a_corrupt_save_message_is_shown_whole_in_a_box() {
    let mut s = session("corrupt-box");
    assert!(s.save_now());
    let path = s.store.as_ref().unwrap().autosave_path();
    std::fs::write(&path, "{ not json").unwrap();
    let mut r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert!(matches!(
        r.app.ui.overlay,
        termdoku::app::Overlay::Message { .. }
    ));
    for size in [FULL, COMPACT, SMALL] {
        let screen = snap(&mut r, size);
        let flat: String = screen
            .lines()
            .map(|l| {
                l.trim_end_matches('|')
                    .trim_matches(|c| c == '┃' || c == ' ')
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert!(flat.contains("corrupt-"), "{screen}");
        assert!(flat.contains("moved"), "{screen}");
    }
    r.press("<enter>").unwrap();
    assert_eq!(r.app.ui.overlay, termdoku::app::Overlay::None);
}

#[test]
fn quitting_with_an_unwritable_data_directory_asks() {
    let mut s = session("unwritable");
    // A data "directory" that is a file: nothing can be written there.
    let blocker = s.1.join("blocker");
    std::fs::write(&blocker, "x").unwrap();
    s.store = Some(Store::at(&blocker));
    s.press("1q").unwrap();
    assert!(!s.app.quit);
    assert!(s.exit_message.is_some());
    let screen = snap(&mut s, COMPACT);
    assert!(screen.contains("Quit without saving"), "{screen}");
    // The default stays.
    s.press("<enter>").unwrap();
    assert!(!s.app.quit);
    s.press("qj<enter>").unwrap();
    assert!(s.app.quit);
    assert!(s.exit_message.clone().unwrap().contains("not saved"));
    // The question at every size (a fixed reason: the real one names a temporary path).
    s.app.quit = false;
    s.dispatch(termdoku::app::Action::QuitSaveFailed(
        "/home/me/.local/share/termdoku/autosave.json: No space left on device".into(),
    ));
    for size in [FULL, COMPACT, SMALL] {
        insta::assert_snapshot!(
            format!("confirm_quit_{}x{}", size.0, size.1),
            snap(&mut s, size)
        );
    }
}

#[test]
fn autosave_debounce_follows_the_injected_clock() {
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let t0 = Instant::now();
    let now = Arc::new(Mutex::new(t0));
    let mut s = session("debounce-clock");
    let n = Arc::clone(&now);
    s.set_clock(Arc::new(move || *n.lock().unwrap()));
    s.press("1").unwrap();
    assert!(!s.autosave_if_due(t0 + Duration::from_millis(399)));
    // A new change 300 ms later restarts the quiet time.
    *now.lock().unwrap() = t0 + Duration::from_millis(300);
    s.press("<tab>4").unwrap();
    assert!(!s.autosave_if_due(t0 + Duration::from_millis(600)));
    assert!(s.autosave_if_due(t0 + Duration::from_millis(700)));
    // Typing without a pause is saved after at most 3 s.
    for i in 0..20u64 {
        *now.lock().unwrap() = t0 + Duration::from_secs(10) + Duration::from_millis(200 * i);
        s.press(if i % 2 == 0 { "5" } else { "6" }).unwrap();
        let due =
            s.autosave_if_due(t0 + Duration::from_secs(10) + Duration::from_millis(200 * i + 100));
        assert_eq!(due, i == 15, "step {i}");
    }
}

// ---- the serious solver's tools ---------------------------------------------------------

#[test]
fn the_80x24_board_shows_every_candidate_at_its_place() {
    let mut s = session("medium");
    let t = render(&mut s, COMPACT);
    let buf = t.backend().buffer();
    for c in Cell::all() {
        if let CellState::Empty(set) = s.app.board().cell(c) {
            for dd in Digit::ALL {
                let shown = medium_candidate_at(buf, c, dd);
                if set.contains(dd) {
                    assert_eq!(shown.symbol(), dd.to_string(), "{c} {dd}");
                } else if c != s.app.ui.cursor {
                    assert_eq!(shown.symbol(), " ", "{c} {dd}");
                }
            }
        }
    }
}

#[test]
fn rows_and_columns_are_labelled_at_every_size() {
    let mut s = session("labels");
    for size in [FULL, COMPACT, SMALL] {
        let screen = snap(&mut s, size);
        for k in 1..=9 {
            assert!(screen.contains(&format!("r{k} ")), "r{k} at {size:?}");
            assert!(screen.contains(&format!("c{k}")), "c{k} at {size:?}");
        }
    }
    insta::assert_snapshot!("labels_small", snap(&mut s, SMALL));
}

#[test]
fn filters_highlight_a_digit_or_bivalue_cells() {
    let mut s = at_origin("filter");
    s.press("f<4>").unwrap();
    assert_eq!(s.app.ui.filter, Some(termdoku::app::Filter::Digit(d(4))));
    s.press("<tab>").unwrap(); // cursor off r1c1
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("filter 4"), "{screen}");
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for c in Cell::all() {
        if c == s.app.ui.cursor {
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
    for size in [FULL, COMPACT, SMALL] {
        insta::assert_snapshot!(
            format!("filter_4_{}x{}", size.0, size.1),
            snap(&mut s, size)
        );
    }
    s.press("fb").unwrap();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    for c in Cell::all() {
        if c == s.app.ui.cursor {
            continue;
        }
        let r = cell_rect(&l, c);
        let bivalue = matches!(s.app.board().cell(c), CellState::Empty(set) if set.len() == 2);
        assert_eq!(buf[(r.x, r.y + 2)].bg == Color::Indexed(58), bivalue, "{c}");
    }
    s.press("ff").unwrap();
    assert_eq!(s.app.ui.filter, None);
    s.press("f2<esc>").unwrap();
    assert_eq!(s.app.ui.filter, None);
    // Esc after the f of a sequence abandons it quietly.
    s.press("f<esc>").unwrap();
    assert!(s.app.ui.pending.is_empty());
    assert_ne!(
        s.app.ui.status.clone().map(|x| x.kind),
        Some(termdoku::app::StatusKind::Error)
    );
}

#[test]
fn colours_mark_cells_and_candidates_undoably_and_survive_no_color() {
    let mut s = at_origin("colours");
    s.press("g1").unwrap();
    s.press("<tab>").unwrap();
    let target = s.app.ui.cursor;
    s.press("g2").unwrap();
    // A candidate: with filter 4 on, g3 colours candidate 4 of the cursor cell.
    let with4 = Cell::all()
        .find(|&c| c.index() > target.index() && s.app.board().candidates(c).contains(d(4)))
        .unwrap();
    s.app.ui.cursor = with4;
    s.press("f<4>g3").unwrap();
    assert_status(&s, "Candidate 4");
    s.press("ff").unwrap();
    let colors = s.app.editor.colors().clone();
    assert_eq!(colors.cell(cell(1, 1)).map(|k| k.index()), Some(0));
    assert_eq!(colors.cell(target).map(|k| k.index()), Some(1));
    assert_eq!(colors.candidate(with4, d(4)).map(|k| k.index()), Some(2));
    s.press("K").unwrap();
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let r = cell_rect(&l, cell(1, 1));
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(28));
    let r = cell_rect(&l, target);
    assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(22));
    assert_eq!(candidate_at(buf, with4, d(4)).bg, Color::Indexed(172));
    for size in [FULL, COMPACT, SMALL] {
        insta::assert_snapshot!(format!("colours_{}x{}", size.0, size.1), snap(&mut s, size));
    }
    // NO_COLOR: letters instead.
    set_theme(ThemeKind::Mono);
    let t = render(&mut s, FULL);
    let buf = t.backend().buffer();
    let r = cell_rect(&l, cell(1, 1));
    assert_eq!(buf[(r.x, r.y)].symbol(), "a");
    let r = cell_rect(&l, target);
    assert_eq!(buf[(r.x, r.y)].symbol(), "A");
    let cand = candidate_at(buf, with4, d(4));
    assert!(cand.modifier.contains(Modifier::UNDERLINED));
    insta::assert_snapshot!("colours_mono", snap(&mut s, FULL));
    set_theme(ThemeKind::Dark);
    // Undo removes colours one by one; clear all is one step.
    s.press("u").unwrap();
    assert_eq!(s.app.editor.colors().candidate(with4, d(4)), None);
    s.press("gX").unwrap();
    assert!(s.app.editor.colors().is_empty());
    s.press("u").unwrap();
    assert_eq!(s.app.editor.colors().cells().len(), 2);
    // The same colour again removes it.
    s.app.ui.cursor = cell(1, 1);
    s.press("g1").unwrap();
    assert_eq!(s.app.editor.colors().cell(cell(1, 1)), None);
}

#[test]
fn the_side_panel_shows_level_score_and_the_cursor_candidates() {
    let mut s = at_origin("panel");
    s.press("l").unwrap(); // any action asks for the rating in the background
    s.wait_background();
    let r = termdoku::solver::engine::rate(s.app.board());
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains(&format!("Level: {} (score {})", r.level, r.score)),
        "{screen}"
    );
    s.press("h").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("r1c1: 4 candidates 1349"), "{screen}");
    insta::assert_snapshot!("panel_rated", screen);
}

#[test]
fn the_path_view_lists_the_steps_and_applies_up_to_the_chosen_one() {
    let mut s = session("path");
    let start = s.app.board().clone();
    let path = termdoku::solver::engine::solution_path(&start);
    s.press("v").unwrap();
    assert!(snap(&mut s, FULL).contains("Computing the path"));
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains(&path.steps[0].text), "{screen}");
    for size in [FULL, COMPACT, SMALL] {
        insta::assert_snapshot!(format!("path_{}x{}", size.0, size.1), snap(&mut s, size));
    }
    s.press("jj<enter>").unwrap();
    let mut expected = start.clone();
    let mut ed = termdoku::editor::Editor::new(expected.clone());
    for st in &path.steps[..3] {
        ed.apply(termdoku::editor::Command::apply_step(st.clone()))
            .unwrap();
    }
    expected = ed.board().clone();
    assert_eq!(*s.app.board(), expected);
    // One undo step.
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), start);
}

#[test]
fn savepoints_and_restart() {
    let mut s = at_origin("savepoints");
    s.press("1").unwrap();
    let marked = s.app.board().clone();
    s.press("b<tab>2<tab>3").unwrap();
    s.press("B").unwrap();
    insta::assert_snapshot!("savepoints_menu", snap(&mut s, COMPACT));
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

/// A file of several puzzles (the embedded Easy list).
fn collection_file(dir: &std::path::Path) -> PathBuf {
    let lines: Vec<&str> = termdoku::app::puzzles::puzzles(termdoku::solver::Level::Easy)
        .take(5)
        .collect();
    let path = dir.join("five.txt");
    std::fs::write(
        &path,
        format!(
            "# five puzzles\n{} ED=2.3/1.2/1.2\n{}\n",
            lines[0],
            lines[1..].join("\n")
        ),
    )
    .unwrap();
    path
}

#[test]
fn a_file_of_many_puzzles_opens_a_picker_and_remembers_the_position() {
    let dir = data_dir("collection");
    let _cleanup = TestSession(
        Session::new(
            termdoku::app::App::new(
                termdoku::domain::Board::empty(),
                Game::default(),
                Config::default(),
            ),
            Box::new(MemoryClipboard::default()),
            None,
        ),
        dir.clone(),
    );
    let file = collection_file(&dir);
    let arg = file.to_str().unwrap().to_string();
    let o = termdoku::app::run::read_opening(&arg).unwrap();
    assert_eq!(o.collection.as_ref().unwrap().1.len(), 5);
    let store = Store::at(dir.join("data"));
    let mut s = Session::start(
        Some(o.clone()),
        Config::default(),
        Some(store.clone()),
        Box::new(MemoryClipboard::default()),
    );
    assert!(matches!(s.app.ui.overlay, termdoku::app::Overlay::Menu(_)));
    assert_eq!(s.app.game.se_rating.as_deref(), Some("2.3/1.2/1.2"));
    for size in [FULL, COMPACT, SMALL] {
        insta::assert_snapshot!(format!("picker_{}x{}", size.0, size.1), snap(&mut s, size));
    }
    s.press("jj<enter>").unwrap();
    assert_eq!(s.app.game.name, "five.txt #3");
    // Once rated in the background, the picker shows the puzzle's level.
    s.wait_background();
    s.press("nj<enter>").unwrap();
    let picker = snap(&mut s, FULL);
    let line3 = picker
        .lines()
        .find(|l| l.contains("    3  "))
        .unwrap_or_default()
        .to_string();
    assert!(line3.contains("Easy"), "{picker}");
    s.press("<esc>").unwrap();
    s.press("5").unwrap();
    let board = s.app.board().clone();
    // n continues with the next puzzle of the collection.
    s.press("n").unwrap();
    assert!(snap(&mut s, FULL).contains("Next in five.txt (#4 of 5)"));
    s.press("<esc>").unwrap();
    assert!(s.save_now());
    // One player at a time owns the autosave: this one ends first.
    drop(s);
    // Opening the file again resumes puzzle 3 where it was, with the picker on it.
    let mut r = Session::start(
        Some(o),
        Config::default(),
        Some(store.clone()),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(*r.app.board(), board);
    assert_eq!(r.app.game.name, "five.txt #3");
    match &r.app.ui.overlay {
        termdoku::app::Overlay::Menu(m) => assert_eq!(m.selected, 2),
        other => panic!("{other:?}"),
    }
    r.press("<esc>n<enter>").unwrap();
    assert_eq!(r.app.game.name, "five.txt #4");
    // Without the file argument, n still knows the collection (read again from the file).
    assert!(r.save_now());
    drop(r);
    let mut t = Session::start(
        None,
        Config::default(),
        Some(store),
        Box::new(MemoryClipboard::default()),
    );
    t.press("n<enter>").unwrap();
    assert_eq!(t.app.game.name, "five.txt #5");
}

#[test]
fn statistics_count_solves_per_level_and_show_on_the_new_game_menu() {
    let mut s = session("stats");
    s.app.game.level = Some(termdoku::solver::Level::Easy);
    s.dispatch(termdoku::app::Action::Tick(std::time::Duration::from_secs(
        65,
    )));
    s.press("t").unwrap();
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
    }
    assert!(s.app.board().is_solved());
    let stats =
        termdoku::storage::stats::read_stats(&s.store.as_ref().unwrap().stats_path()).unwrap();
    let easy = &stats.levels["Easy"];
    assert_eq!((easy.solved, easy.times.clone()), (1, vec![65]));
    assert!(easy.hints >= 1);
    // Counted once, however often the solved board is touched.
    s.press("u<ctrl+r>").unwrap();
    s.press("n").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("Easy     1 solved, median 01:05"),
        "{screen}"
    );
    insta::assert_snapshot!("new_game_with_stats", snap(&mut s, COMPACT));
    let stats =
        termdoku::storage::stats::read_stats(&s.store.as_ref().unwrap().stats_path()).unwrap();
    assert_eq!(stats.levels["Easy"].solved, 1);
}

#[test]
fn hodoku_letters_label_the_board_when_configured() {
    let config = Config {
        labels: termdoku::storage::Labels::Letters,
        ..Config::default()
    };
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let app = termdoku::app::App::new(board, Game::default(), config);
    let mut s = session_with(app, "letters", None);
    let screen = snap(&mut s, COMPACT);
    assert!(
        screen.contains("\nA  ┃") && screen.contains("\nI  ┃"),
        "{screen}"
    );
    assert!(!screen.contains("r1 "), "{screen}");
    insta::assert_snapshot!("letters_80x24", screen);
    let parsed = Config::parse("labels = \"letters\"\n", std::path::Path::new("c.toml"));
    assert_eq!(parsed.0.labels, termdoku::storage::Labels::Letters);
    assert!(parsed.1.is_empty());
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
        s.dispatch(termdoku::app::Action::QuitSaveFailed("x ".repeat(200)));
    }));
    screens.push(Box::new(|s| {
        s.app.ui.overlay = termdoku::app::Overlay::Message {
            title: "Notice".into(),
            text: "word ".repeat(300),
        };
    }));
    screens.push(Box::new(|s| s.press("smine").unwrap()));
    for open in &screens {
        open(&mut s);
        for w in (1..=130).step_by(9) {
            for h in (1..=50).step_by(4) {
                render(&mut s, (w, h));
            }
        }
        s.app.ui.overlay = termdoku::app::Overlay::None;
    }
}

/// A session whose step searches go to the background at once (as a slow search does in the
/// player): the answer is applied only when the test collects it.
fn background_hint_session(test: &str) -> TestSession {
    let mut s = session(test);
    s.hint_wait = Some(std::time::Duration::ZERO);
    s
}

#[test]
fn a_hint_search_runs_off_the_event_loop_and_says_so() {
    let mut s = background_hint_session("hint-bg");
    s.press("t").unwrap();
    assert!(s.app.live_hint().is_none());
    assert!(s.app.hints.search.is_some());
    assert_status(&s, "Searching for a hint");
    assert!(snap(&mut s, FULL).contains("Searching for a hint"));
    // Asking again while it searches starts nothing new.
    let jobs = s.background_jobs();
    s.press("t").unwrap();
    assert_status(&s, "Still searching");
    assert_eq!(s.background_jobs(), jobs);
    s.wait_background();
    let h = s.app.live_hint().expect("the hint arrives").clone();
    assert_eq!(h.stage, HintStage::Technique);
    assert!(status_text(&s).contains(h.step().unwrap().technique.name()));
    assert_eq!(s.app.game.hints_used, 1);
    assert!(s.app.hints.search.is_none());
    // The same step as a search in place finds.
    let mut inline = session("hint-inline");
    inline.press("t").unwrap();
    assert_eq!(inline.app.live_hint().unwrap().kind, h.kind);
}

#[test]
fn a_step_found_after_the_board_changed_is_dropped() {
    let mut s = background_hint_session("hint-stale");
    s.press("t").unwrap();
    let before = s.app.board().clone();
    s.press("m1").unwrap(); // mark mode, toggle candidate 1 at the cursor
    assert_ne!(*s.app.board(), before);
    s.wait_background();
    assert!(s.app.live_hint().is_none());
    assert!(s.app.hints.shown.is_none());
    assert!(s.app.hints.search.is_none());
    assert_eq!(s.app.game.hints_used, 0);
}

#[test]
fn esc_stops_waiting_for_a_hint_and_apply_waits_for_its_step() {
    let mut s = background_hint_session("hint-esc");
    s.press("t<esc>").unwrap();
    assert_status(&s, "Stopped waiting");
    s.wait_background();
    assert!(s.app.hints.shown.is_none());
    // T searches in the background too and applies the step when it arrives.
    let before = s.app.board().clone();
    s.press("T").unwrap();
    assert_eq!(*s.app.board(), before);
    s.wait_background();
    assert_ne!(*s.app.board(), before);
    assert!(
        status_text(&s).starts_with("Applied: "),
        "{}",
        status_text(&s)
    );
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), before);
}
