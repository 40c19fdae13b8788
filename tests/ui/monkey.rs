//! A monkey test of the player: a seeded stream of terminal events (random keys with modifiers,
//! pastes both valid and invalid and up to a megabyte, resizes from 0x0 to 65535x65535, mouse events
//! anywhere) through `Session::handle_event`, with the screen drawn now and then.
//!
//! Nothing may panic, and at the end undoing everything returns the start of the current game
//! (and redoing everything returns to the end).
//!
//! The default run sends a few thousand events. Long mode: `TERMDOKU_MONKEY=long cargo test
//! --release --test ui monkey::` (100,000 events), or `TERMDOKU_MONKEY=<count>`;
//! `TERMDOKU_MONKEY_SEED=<u64>` changes the seed.

use crate::common::{self, Rng};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::{App, Game, Session};
use termdoku::codec;
use termdoku::editor::Snapshot;
use termdoku::storage::{Config, SavedGame, Store};

const DEFAULT_EVENTS: u64 = 4_000;
const LONG_EVENTS: u64 = 100_000;
const DEFAULT_SEED: u64 = 0x6d6f_6e6b_6579;

const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

fn event_count() -> u64 {
    common::env_count("TERMDOKU_MONKEY", DEFAULT_EVENTS, LONG_EVENTS, "events")
}

fn seed() -> u64 {
    common::env_seed("TERMDOKU_MONKEY_SEED", DEFAULT_SEED)
}

/// A number at or near the edges of `u16` one time in two, else a small one.
fn u16_edge(rng: &mut Rng) -> u16 {
    match rng.below(6) {
        0 => 0,
        1 => u16::MAX,
        2 => u16::MAX - rng.below(3) as u16,
        _ => rng.below(200) as u16,
    }
}

/// The keys the keymap binds, weighted up, so the monkey reaches every mode.
const BOUND: &[char] = &[
    'h', 'j', 'k', 'l', 'H', 'J', 'K', 'L', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'x',
    'u', 'u', 'a', 'm', 'M', 'c', 't', 'T', 'e', 'N', 'n', 's', 'o', 'p', 'y', 'Y', 'q', '?', ' ',
    'g', 'v',
];

fn key_event(rng: &mut Rng) -> Event {
    let code = match rng.below(20) {
        0..=10 => KeyCode::Char(*rng.pick(BOUND)),
        11 => KeyCode::Char(char::from_u32(rng.below(0x3_0000) as u32).unwrap_or('\u{fffd}')),
        12 => KeyCode::F(rng.below(25) as u8),
        13 => *rng.pick(&[
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::Tab,
            KeyCode::BackTab,
            KeyCode::Delete,
            KeyCode::Insert,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::Null,
            KeyCode::CapsLock,
            KeyCode::Menu,
        ]),
        _ => *rng.pick(&[KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down]),
    };
    let modifiers = match rng.below(8) {
        0 => KeyModifiers::CONTROL,
        1 => KeyModifiers::ALT,
        2 => KeyModifiers::from_bits_truncate(rng.next() as u8),
        3 => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    let kind = *rng.pick(&[
        KeyEventKind::Press,
        KeyEventKind::Press,
        KeyEventKind::Press,
        KeyEventKind::Repeat,
        KeyEventKind::Release,
    ]);
    Event::Key(KeyEvent {
        code,
        modifiers,
        kind,
        state: KeyEventState::empty(),
    })
}

fn paste_text(rng: &mut Rng, puzzles: &[String]) -> String {
    match rng.below(8) {
        0 => String::new(),
        1 => {
            // Up to a megabyte of format characters.
            let n = rng.below(1 << 20);
            (0..n)
                .map(|_| *rng.pick(&['1', '.', ' ', '\n', '|', ':']))
                .collect()
        }
        2 => (0..rng.below(300))
            .map(|_| char::from_u32(rng.below(0x1_0000) as u32).unwrap_or('?'))
            .collect(),
        3 => {
            // A puzzle with one character changed (often invalid).
            let mut p: Vec<char> = rng.pick(puzzles).chars().collect();
            let i = rng.below(p.len());
            p[i] = *rng.pick(&['x', '0', '5', ':', '\n', '+']);
            p.into_iter().collect()
        }
        _ => rng.pick(puzzles).clone(),
    }
}

fn mouse_event(rng: &mut Rng) -> Event {
    let kind = *rng.pick(&[
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Drag(MouseButton::Left),
        MouseEventKind::Moved,
        MouseEventKind::ScrollDown,
        MouseEventKind::ScrollUp,
    ]);
    Event::Mouse(MouseEvent {
        kind,
        column: u16_edge(rng),
        row: u16_edge(rng),
        modifiers: KeyModifiers::NONE,
    })
}

/// Valid pastes: the same puzzle in several formats, and a few states with eliminations.
fn puzzles() -> Vec<String> {
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let mut out = vec![PUZZLE.to_string()];
    for f in [
        codec::Format::Hodoku,
        codec::Format::Pm,
        codec::Format::PmMarked,
        codec::Format::Boxed,
        codec::Format::Excel,
        codec::Format::Json,
        codec::Format::OpenSudoku,
        codec::Format::Sukaku,
    ] {
        out.push(codec::encode(f, &board, &codec::WriteOptions::default()).unwrap());
    }
    out.push(":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::".into());
    out.push(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".into(),
    );
    out
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The game as the session saves it: the test reads the player's state only through this (and
/// draws through `ui::draw`).
fn game(s: &Session) -> SavedGame {
    s.saved_game()
}

/// Where the current game starts: the first recorded state, else the current one.
fn game_start(g: &SavedGame) -> Snapshot {
    let e = &g.editor;
    e.history()
        .undo_stack()
        .first()
        .map_or_else(|| e.snapshot().clone(), |s| (**s).clone())
}

fn draw(s: &mut Session, size: (u16, u16)) {
    // The app is told the real size; the test terminal is bounded so it stays cheap.
    let (w, h) = (size.0.min(200), size.1.min(70));
    s.screen = size;
    common::screen::draw(&s.app, termdoku::ui::theme::ThemeKind::Dark, (w, h));
}

#[test]
fn monkey_events_never_panic_and_undo_returns_to_the_start() {
    let count = event_count();
    let mut rng = Rng::new(seed());
    let dir = TempDir(std::env::temp_dir().join(format!(
        "termdoku-monkey-{}-{}",
        std::process::id(),
        seed()
    )));
    std::fs::create_dir_all(&dir.0).unwrap();
    let puzzles = puzzles();
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let app = App::new(
        board,
        Game {
            name: "Monkey".into(),
            ..Game::default()
        },
        Config::default(),
    );
    let clip = MemoryClipboard::with_text(PUZZLE);
    let mut s = Session::new(app, Box::new(clip), Some(Store::at(&dir.0)));
    let mut size = (80u16, 24u16);
    s.handle_event(&Event::Resize(size.0, size.1));
    let g = game(&s);
    let mut start = game_start(&g);
    let mut id = (g.name, g.level);
    for i in 0..count {
        let ev = match rng.below(100) {
            0..=79 => key_event(&mut rng),
            80..=84 => Event::Paste(paste_text(&mut rng, &puzzles)),
            85..=89 => {
                size = (u16_edge(&mut rng), u16_edge(&mut rng));
                Event::Resize(size.0, size.1)
            }
            90..=95 => mouse_event(&mut rng),
            96 => Event::FocusLost,
            97 => Event::FocusGained,
            _ => {
                // The system clipboard changes under the player (read by `p`).
                let text = paste_text(&mut rng, &puzzles);
                let _ = s.clipboard.set_text(&text);
                continue;
            }
        };
        let before = format!("{ev:?}");
        let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            s.handle_event(&ev);
            if i % 25 == 0 {
                draw(&mut s, size);
            }
        }));
        if ok.is_err() {
            let shown: String = before.chars().take(300).collect();
            panic!(
                "event {i} (TERMDOKU_MONKEY_SEED={}) panicked: {shown}",
                seed()
            );
        }
        // (Quitting ends a real session; here the events keep coming.)
        // A new game (new puzzle, opened slot, entered givens) starts a new history; within a
        // game the history keeps its first state.
        let g = game(&s);
        let first = game_start(&g);
        let now = (g.name, g.level);
        if now != id || !g.editor.can_undo() {
            id = now;
            start = first;
        } else {
            assert_eq!(
                first.board, start.board,
                "event {i}: the history lost the start of the game"
            );
        }
    }
    // Leave any dialog, then undo everything through the keymap.
    for _ in 0..4 {
        s.handle_event(&Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
    }
    let end = game(&s).editor.snapshot().clone();
    let steps = game(&s).editor.undo_len();
    let u = Event::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE));
    for _ in 0..steps {
        s.handle_event(&u);
    }
    let undone = game(&s).editor;
    assert!(
        !undone.can_undo(),
        "{steps} undos left {} steps",
        undone.undo_len()
    );
    assert_eq!(undone.board(), &start.board, "undo all: not the start");
    assert_eq!(undone.candidate_mode(), start.mode);
    let r = Event::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
    for _ in 0..steps {
        s.handle_event(&r);
    }
    assert_eq!(game(&s).editor.board(), &end.board, "redo all: not the end");
    eprintln!("monkey: {count} events, {steps} undo steps at the end");
}
