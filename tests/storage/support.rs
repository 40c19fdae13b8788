//! What the storage tests share: a temporary data directory, the sample puzzle and game, and the
//! comparison of two saved games.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use termdoku::codec::{self, Format};
use termdoku::domain::{Cell, Digit};
use termdoku::editor::{CandidateMode, Command, Editor};
use termdoku::solver::Level;
use termdoku::storage::SavedGame;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh directory under the system temp dir (removed at the end of a passing test).
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!(
            "termdoku-storage-{tag}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

pub const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

pub fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}
pub fn c(r: usize, k: usize) -> Cell {
    Cell::from_rc(r - 1, k - 1)
}

/// A game with placements, eliminations, an extra candidate, undo and redo history.
pub fn sample_game(mode: CandidateMode) -> SavedGame {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut e = Editor::with_mode(board, mode);
    let empties: Vec<Cell> = Cell::all()
        .filter(|&x| e.board().is_empty_cell(x))
        .collect();
    e.apply(Command::SetDigit {
        cell: empties[0],
        digit: d(2),
    })
    .unwrap();
    e.apply(Command::ToggleCandidate {
        cell: empties[5],
        digit: d(7),
    })
    .unwrap();
    e.apply(Command::EliminateCandidate {
        cell: empties[6],
        digit: e.board().candidates(empties[6]).first().unwrap_or(d(1)),
    })
    .unwrap();
    e.apply(Command::ToggleCandidate {
        cell: c(1, 3),
        digit: d(4),
    })
    .unwrap();
    e.apply(Command::SetDigit {
        cell: empties[10],
        digit: d(9),
    })
    .unwrap();
    assert!(e.undo());
    let mut g = SavedGame::new(e);
    g.elapsed_secs = 754;
    g.name = Some("Sample".to_string());
    g.level = Some(Level::Hard);
    g
}

pub fn assert_same_game(a: &SavedGame, b: &SavedGame) {
    assert_eq!(a.editor.snapshot(), b.editor.snapshot());
    assert_eq!(
        a.editor.history().undo_stack(),
        b.editor.history().undo_stack()
    );
    assert_eq!(
        a.editor.history().redo_stack(),
        b.editor.history().redo_stack()
    );
    assert_eq!(a.elapsed_secs, b.elapsed_secs);
    assert_eq!(a.name, b.name);
    assert_eq!(a.level, b.level);
}
