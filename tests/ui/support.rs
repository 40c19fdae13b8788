//! What the player's tests share: sessions on a test puzzle with their own data directory and an
//! in-memory clipboard, the palette a test draws with, screens as text and as snapshots (through
//! the one renderer, `common::screen`), the status line, and the board's cells on screen.

pub use crate::common::screen::{COMPACT, FULL, MEDIUM};
pub use crate::common::status_text;
pub use ratatui::buffer::Buffer;
pub use ratatui::style::{Color, Modifier};
pub use termdoku::app::clipboard::MemoryClipboard;
pub use termdoku::app::{App, Game, HintStage, Session};
pub use termdoku::codec::{self, Format};
pub use termdoku::domain::{Cell, CellState, Digit};
pub use termdoku::storage::{Config, Store};
pub use termdoku::ui::theme::ThemeKind;
pub use termdoku::ui::{self, cell_rect, layout};

use crate::common::screen;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A puzzle generated for these tests (unique solution; singles suffice).
pub const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

/// A fresh data directory for one test, under cargo's temporary directory for integration tests
/// (`target/tmp`); the directories of earlier runs are removed by the first call.
pub fn data_dir(test: &str) -> PathBuf {
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
pub struct TestSession(pub Session, pub PathBuf);

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
    /// The palette the current test draws with.
    static THEME: std::cell::Cell<ThemeKind> = const { std::cell::Cell::new(ThemeKind::Dark) };
}

/// Draws the rest of the current test in the palette `k`.
pub fn set_theme(k: ThemeKind) {
    THEME.with(|t| t.set(k));
}

/// A session on `puzzle` (named "Test 1") with an in-memory clipboard holding `clip`.
pub fn session_on(test: &str, puzzle: &str, clip: Option<&str>) -> TestSession {
    session_config(test, puzzle, Config::default(), clip)
}

/// [`session_on`] with the configuration `config`.
pub fn session_config(test: &str, puzzle: &str, config: Config, clip: Option<&str>) -> TestSession {
    let board = codec::decode_any(puzzle).unwrap().board;
    let app = App::new(board, Game::named("Test 1", None), config);
    session_with(app, test, clip)
}

/// A session on `app` with its own data directory, drawn in the dark palette.
pub fn session_with(app: App, test: &str, clip: Option<&str>) -> TestSession {
    set_theme(ThemeKind::Dark);
    let clipboard = MemoryClipboard {
        text: clip.map(str::to_string),
    };
    let dir = data_dir(test);
    let mut s = Session::new(app, Box::new(clipboard), Some(Store::at(&dir)));
    s.locate = Some(ui::cell_at);
    TestSession(s, dir)
}

/// A session on `PUZZLE`.
pub fn session(test: &str) -> TestSession {
    session_on(test, PUZZLE, None)
}

/// A session on `puzzle` (named "Test") with no store (nothing is written) and an empty
/// in-memory clipboard.
pub fn bare_session(puzzle: &str, config: Config) -> Session {
    set_theme(ThemeKind::Dark);
    let board = codec::decode_any(puzzle).unwrap().board;
    let app = App::new(board, Game::named("Test", None), config);
    let mut s = Session::new(app, Box::new(MemoryClipboard { text: None }), None);
    s.locate = Some(ui::cell_at);
    s
}

/// A session whose cursor is at r1c1 (the first empty cell of `PUZZLE`).
pub fn at_origin(test: &str) -> TestSession {
    let s = session(test);
    assert_eq!(s.app.ui().cursor(), cell(1, 1));
    s
}

/// A session started as `termdoku ARG` would be.
pub fn started(test: &str, arg: &str) -> TestSession {
    let opening = termdoku::app::run::read_opening(arg).expect("opens");
    let dir = data_dir(test);
    let s = Session::start(
        Some(opening),
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard { text: None }),
    );
    TestSession(s, dir)
}

/// The screen at `size` in the current test's palette.
pub fn render(s: &mut Session, size: (u16, u16)) -> Buffer {
    screen::draw_session(s, THEME.with(|t| t.get()), size)
}

/// The screen as text, each row closed by `|` so trailing spaces show.
pub fn snap(s: &mut Session, size: (u16, u16)) -> String {
    screen::text(&render(s, size))
}

/// The screen as a snapshot: its text and its styles.
pub fn styled(s: &mut Session, size: (u16, u16)) -> String {
    screen::snapshot(&render(s, size))
}

/// The status line's text (empty when there is none).
pub fn status(s: &Session) -> String {
    status_text(s)
}

/// Asserts that the status line contains `want` (and shows it when not).
#[track_caller]
pub fn assert_status(s: &Session, want: &str) {
    let text = status_text(s);
    assert!(
        text.contains(want),
        "status line: {text:?}, expected it to contain {want:?}"
    );
}

/// The cell `r{r}c{c}` (1-based, as written).
pub fn cell(r: usize, c: usize) -> Cell {
    Cell::from_rc(r - 1, c - 1)
}

/// The digit `n`.
pub fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// The solution of `PUZZLE`, digit per cell.
pub fn solution() -> [u8; 81] {
    let board = codec::decode_any(PUZZLE).unwrap().board;
    match termdoku::solver::exact::solve(&board) {
        termdoku::solver::exact::Outcome::Unique(s) => *s.values(),
        _ => panic!("PUZZLE is unique"),
    }
}

/// The path of the sample `name` in `tests/data`.
pub fn sample_path(name: &str) -> String {
    crate::common::sample_dir()
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The buffer cell showing a value (full layout: the centre of the cell).
pub fn value_at(buf: &Buffer, size: (u16, u16), c: Cell) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, size.0, size.1));
    let r = cell_rect(&l, c);
    match l.kind {
        ui::LayoutKind::Full => &buf[(r.x + 3, r.y + 1)],
        _ => &buf[(r.x + 1, r.y)],
    }
}

/// The buffer cell of a candidate in the full layout.
pub fn candidate_at(buf: &Buffer, c: Cell, digit: Digit) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    let r = cell_rect(&l, c);
    let i = digit.index() as u16;
    &buf[(r.x + 1 + 2 * (i % 3), r.y + i / 3)]
}

/// The buffer cell of a candidate in the medium layout (80x24).
pub fn medium_candidate_at(buf: &Buffer, c: Cell, digit: Digit) -> &ratatui::buffer::Cell {
    let l = layout(ratatui::layout::Rect::new(0, 0, MEDIUM.0, MEDIUM.1));
    assert_eq!(l.kind, ui::LayoutKind::Medium);
    let r = cell_rect(&l, c);
    let i = digit.index() as u16;
    &buf[(r.x + i % 5, r.y + i / 5)]
}
