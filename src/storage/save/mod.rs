//! Saved games: the autosave and named slots, as versioned JSON.
//!
//! Schema version 2 (written; `saves/v2.json` is its golden file):
//!
//! ```json
//! { "schema_version": 2, "app_version": "0.1.0", "saved_at": 1763762400,
//!   "name": "Easy 3", "level": "Easy", "elapsed_secs": 754, "values": 31, "solved": false,
//!   "current": { "board": { "pm_marked": "...", "candidates_specified": true,
//!                           "remembered": "r1c1:8/ r4c6:/7" },
//!                "candidate_mode": "auto" },
//!   "undo": [ "r1c2=.", "r1c2=f5 r1c3=.:4/", ... ], "redo": [ "r5c5=. mode=manual" ] }
//! ```
//!
//! * `journal` (the autosave only, optional): `{"id": .., "seq": ..}`, the journal of moves this
//!   save belongs to and the last of its entries it holds (see [`crate::storage::journal`]).
//! * `values` and `solved` are what the slot list shows; it reads them (and the name, level,
//!   time) without decoding a board ([`Store::list_slots`]).
//! * `current` is the state in full: the board as a canonical `pm-marked` grid (docs/formats.md:
//!   keeps givens, filled digits, candidates and extra candidates), the `candidates_specified`
//!   flag and `remembered`: per cell, the eliminations and extra candidates the board keeps beyond
//!   what the grid shows (see [`remembered_marks`]), which decide what comes back when a digit is
//!   cleared. `remembered` must agree with the grid, or the save counts as corrupt.
//! * `undo` (oldest first) and `redo` (the next redo last) are differences, not boards: each entry
//!   lists what turns the state after it in its stack into that state. The last `undo` entry
//!   applies to `current`, each earlier one to the entry after it; the same for `redo`. Tokens,
//!   separated by spaces: `r<row>c<col>=<slot>[:<eliminated>/<extra>]` sets a cell completely
//!   (slot `.` empty, `g<d>` given, `f<d>` filled; the raw marks of [`crate::domain::Board::raw_marks`], none
//!   when the part after `:` is absent), `mode=auto|manual` and `specified=0|1` set the candidate
//!   mode and the `candidates_specified` flag. A step typically changes one cell, so a save grows
//!   by a few bytes per step instead of a board.
//!
//! Schema version 1 (`saves/v1.json`, still read) stored every undo and redo state in full, in the
//! form of `current`.
//!
//! A board without any value is written without `<d>`/`*d*` markers (docs/formats.md); the reader
//! turns the values such a grid yields back into single candidates.
//!
//! Files: `<data dir>/autosave.json` and `<data dir>/slots/<name>.json`.

mod diff;
mod marks;
mod schema;

pub use diff::{apply_diff, diff_text};
pub use marks::remembered_marks;
pub use schema::{decode_game, decode_summary, encode_game};

use super::{move_aside, write_atomic, CorruptReason, StorageError};
use crate::editor::Editor;
use crate::solver::Level;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The schema version this build writes.
pub const SCHEMA_VERSION: u64 = 2;

/// The longest play time a save may hold (10,000 years: far beyond any game, far below where
/// adding time could overflow); more is a corrupt save.
pub const MAX_ELAPSED_SECS: u64 = 10_000 * 366 * 24 * 3600;

const AUTOSAVE_FILE: &str = "autosave.json";
const SLOTS_DIR: &str = "slots";
const SAVE_EXT: &str = "json";

/// A game as saved: the editor (state, mode, undo and redo history) and what the status line shows.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub editor: Editor,
    /// Play time so far, in seconds.
    pub elapsed_secs: u64,
    /// Puzzle name (collection entry, slot name, pasted puzzle ...).
    pub name: Option<String>,
    pub level: Option<Level>,
    /// When the file was written (Unix seconds); set by reading, ignored by writing.
    pub saved_at: Option<u64>,
    /// The player's view (cursor, modes, filter, colours ...), when saved.
    pub player: Option<super::PlayerState>,
    /// The journal of moves this save belongs to (the autosave; see [`super::journal`]).
    pub journal: Option<super::JournalMark>,
    /// The save's mark of its journal failed its check (a changed number): which moves of the
    /// journal the save holds is unknown.
    pub journal_link_damaged: bool,
}

impl SavedGame {
    pub fn new(editor: Editor) -> SavedGame {
        SavedGame {
            editor,
            elapsed_secs: 0,
            name: None,
            level: None,
            saved_at: None,
            player: None,
            journal: None,
            journal_link_damaged: false,
        }
    }
}

/// What the "open a saved game" list shows of one slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotSummary {
    pub name: Option<String>,
    pub level: Option<Level>,
    pub elapsed_secs: u64,
    pub saved_at: u64,
    /// Cells holding a digit (givens and filled).
    pub values: usize,
    pub solved: bool,
}

/// One file in the slots directory.
#[derive(Clone, Debug)]
pub struct SlotEntry {
    /// The slot name (file name without `.json`), what [`Store::open_slot`] takes.
    pub slot: String,
    pub path: PathBuf,
    /// `Err` for an unreadable file (it is moved aside only when opened).
    pub summary: Result<SlotSummary, CorruptReason>,
}

/// Reads a save file. An unreadable one is moved aside and reported as
/// [`StorageError::Corrupt`]; a missing one is `Io` with `NotFound`.
pub fn read_save_file(path: &Path) -> Result<SavedGame, StorageError> {
    let bytes = match super::read_limited(path, super::MAX_SAVE_BYTES) {
        Ok(b) => b,
        Err(super::LimitedRead::Io(e)) => return Err(StorageError::io(path, e)),
        Err(super::LimitedRead::Refused(reason)) => {
            return Err(StorageError::Corrupt {
                path: path.to_path_buf(),
                moved_to: move_aside(path),
                reason,
            })
        }
    };
    decode_game(&bytes).map_err(|reason| StorageError::Corrupt {
        path: path.to_path_buf(),
        moved_to: move_aside(path),
        reason,
    })
}

/// Writes a save file atomically.
pub fn write_save_file(path: &Path, game: &SavedGame) -> Result<(), StorageError> {
    write_atomic(path, encode_game(game)?.as_bytes())
}

/// The saves directory: the autosave and the named slots.
#[derive(Clone, Debug)]
pub struct Store {
    root: PathBuf,
}

impl Store {
    /// The store in `$TERMDOKU_DATA_DIR` or the platform data directory.
    pub fn from_env() -> Result<Store, StorageError> {
        Ok(Store::at(super::data_dir()?))
    }

    /// A store rooted at `root` (created on first write).
    pub fn at(root: impl Into<PathBuf>) -> Store {
        Store { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn autosave_path(&self) -> PathBuf {
        self.root.join(AUTOSAVE_FILE)
    }

    /// The file of slot `name`; refuses names that are not plain file names.
    pub fn slot_path(&self, name: &str) -> Result<PathBuf, StorageError> {
        let name = name.trim();
        let ok = !name.is_empty()
            && name.len() <= 64
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'));
        if !ok {
            return Err(StorageError::BadSlotName {
                name: name.to_string(),
            });
        }
        Ok(self.root.join(SLOTS_DIR).join(format!("{name}.{SAVE_EXT}")))
    }

    /// Writes the autosave.
    pub fn write_autosave(&self, game: &SavedGame) -> Result<(), StorageError> {
        write_save_file(&self.autosave_path(), game)
    }

    /// The autosave, `Ok(None)` when there is none. An unreadable autosave is moved aside and
    /// reported (the next write starts a fresh one).
    pub fn read_autosave(&self) -> Result<Option<SavedGame>, StorageError> {
        match read_save_file(&self.autosave_path()) {
            Ok(g) => Ok(Some(g)),
            Err(StorageError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// Saves under `name` (replacing that slot). Returns the file written.
    pub fn save_slot(&self, name: &str, game: &SavedGame) -> Result<PathBuf, StorageError> {
        let path = self.slot_path(name)?;
        write_save_file(&path, game)?;
        Ok(path)
    }

    /// Whether slot `name` exists.
    pub fn slot_exists(&self, name: &str) -> bool {
        self.slot_path(name).is_ok_and(|p| p.exists())
    }

    /// The statistics file.
    pub fn stats_path(&self) -> PathBuf {
        self.root.join("stats.json")
    }

    /// Opens slot `name`.
    pub fn open_slot(&self, name: &str) -> Result<SavedGame, StorageError> {
        let path = self.slot_path(name)?;
        match read_save_file(&path) {
            Err(StorageError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
                Err(StorageError::NoSuchSlot {
                    name: name.trim().to_string(),
                })
            }
            other => other,
        }
    }

    /// Removes the temporary files that interrupted writes left in the data directory and the
    /// slots directory: those of processes that are gone (the pid is in the name) and those older
    /// than ten minutes. Called at start; returns how many were removed.
    pub fn remove_orphan_temps(&self) -> usize {
        super::remove_temps(&self.root, "", true)
            + super::remove_temps(&self.root.join(SLOTS_DIR), "", true)
    }

    /// Every slot, sorted by name. Unreadable files are listed with their reason.
    pub fn list_slots(&self) -> Result<Vec<SlotEntry>, StorageError> {
        let dir = self.root.join(SLOTS_DIR);
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StorageError::io(&dir, e)),
        };
        let mut out = Vec::new();
        for e in entries {
            let e = e.map_err(|err| StorageError::io(&dir, err))?;
            let path = e.path();
            let Some(slot) = path
                .file_name()
                .and_then(|n| n.to_str())
                .filter(|n| !n.starts_with('.'))
                .and_then(|n| n.strip_suffix(".json"))
                .map(str::to_string)
            else {
                continue;
            };
            let summary = match super::read_limited(&path, super::MAX_SAVE_BYTES) {
                Ok(bytes) => decode_summary(&bytes),
                Err(super::LimitedRead::Refused(reason)) => Err(reason),
                Err(super::LimitedRead::Io(err)) => Err(CorruptReason::BadField {
                    field: "file".to_string(),
                    message: err.to_string(),
                }),
            };
            out.push(SlotEntry {
                slot,
                path,
                summary,
            });
        }
        out.sort_by(|a, b| a.slot.cmp(&b.slot));
        Ok(out)
    }
}
