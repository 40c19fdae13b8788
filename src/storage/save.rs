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
//!   save belongs to and the last of its entries it holds (see [`super::journal`]).
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
//!   (slot `.` empty, `g<d>` given, `f<d>` filled; the raw marks of [`Board::raw_marks`], none
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

use super::{move_aside, unix_now, write_atomic, CorruptReason, StorageError};
use crate::codec::{self, Format, WriteOptions};
use crate::domain::{Board, Cell, CellState, Digit, DigitSet};
use crate::editor::{CandidateMode, Colors, Editor, History, Snapshot, Stack};
use crate::solver::Level;
use serde::{Deserialize, Serialize};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

// ---- schema v1 ----------------------------------------------------------------------------

#[derive(Serialize, Deserialize)]
struct BoardV1 {
    pm_marked: String,
    candidates_specified: bool,
    /// What the board remembers beyond what the grid shows (see [`remembered_marks`]):
    /// `r<row>c<col>:<eliminated>/<extra>` entries separated by spaces. Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    remembered: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct StateV1 {
    board: BoardV1,
    candidate_mode: String,
}

/// A save file of either schema. The history entries `H` are whole states in version 1
/// ([`SaveV1`]) and differences in version 2 ([`SaveV2`]); `values` and `solved` are version 2's
/// summary for the slot list (see [`decode_summary`]).
#[derive(Serialize, Deserialize)]
#[serde(bound(deserialize = "H: Deserialize<'de>"))]
struct SaveFile<H> {
    schema_version: u64,
    #[serde(default)]
    app_version: String,
    #[serde(default)]
    saved_at: u64,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    elapsed_secs: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    values: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solved: Option<bool>,
    current: StateV1,
    #[serde(default)]
    undo: Vec<H>,
    #[serde(default)]
    redo: Vec<H>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<super::PlayerState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    journal: Option<super::JournalMark>,
}

/// Schema version 1: every history state in full.
type SaveV1 = SaveFile<StateV1>;

// ---- schema v2 ----------------------------------------------------------------------------

/// Schema version 2: the history as differences.
type SaveV2 = SaveFile<String>;

/// What the slot list reads of a save of any version: no history, and for version 2 no board.
#[derive(Deserialize)]
struct Header {
    schema_version: Option<u64>,
    #[serde(default)]
    saved_at: u64,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    elapsed_secs: u64,
    #[serde(default)]
    values: Option<usize>,
    #[serde(default)]
    solved: Option<bool>,
}

#[derive(Deserialize)]
struct Probe {
    schema_version: Option<u64>,
}

fn encode_state(s: &Snapshot) -> Result<StateV1, StorageError> {
    Ok(StateV1 {
        board: BoardV1 {
            pm_marked: codec::encode(Format::PmMarked, &s.board, &WriteOptions::default())?,
            candidates_specified: s.board.candidates_specified(),
            remembered: Some(marks_text(&s.board)),
        },
        candidate_mode: s.mode.name().to_string(),
    })
}

fn decode_state(st: &StateV1, field: &str) -> Result<Snapshot, CorruptReason> {
    let mode =
        CandidateMode::from_name(&st.candidate_mode).ok_or_else(|| CorruptReason::BadField {
            field: format!("{field}.candidate_mode"),
            message: format!("unknown mode {:?}", st.candidate_mode),
        })?;
    let board = decode_board(&st.board.pm_marked, st.board.candidates_specified).map_err(|e| {
        CorruptReason::Board {
            field: format!("{field}.board"),
            message: e.to_string(),
        }
    })?;
    let Some(text) = &st.board.remembered else {
        return Ok(Snapshot::restored(board, mode));
    };
    let bad = |message: String| CorruptReason::BadField {
        field: format!("{field}.board.remembered"),
        message,
    };
    let mut marks = Vec::new();
    for t in text.split_whitespace() {
        marks.push(parse_marks(t).ok_or_else(|| {
            bad(format!(
                "bad entry {t:?} (expected r<row>c<col>:<eliminated>/<extra>)"
            ))
        })?);
    }
    let rebuilt = rebuild(&board, &marks);
    if rebuilt.cells() != board.cells() {
        return Err(bad("does not match the pencilmark grid".to_string()));
    }
    Ok(Snapshot {
        board: rebuilt,
        mode,
    })
}

/// What a board remembers per cell beyond what it shows: `(cell, eliminations, extras)` for
/// every cell where either is non-empty (see [`crate::domain::Board`]). The eliminations include
/// digits a placed peer hides (they decide what comes back when that digit is cleared) and, for a
/// cell holding a value, the marks it had before. Found by probing copies of the board: with the
/// cell and its peers cleared it shows every digit except its eliminations; with its peers holding
/// all nine digits it shows exactly its extra candidates.
pub fn remembered_marks(board: &Board) -> Vec<(Cell, DigitSet, DigitSet)> {
    let mut out = Vec::new();
    for c in Cell::all() {
        let mut probe = board.clone();
        probe.clear(c);
        for p in c.peers() {
            probe.clear(p);
        }
        let elims = probe.candidates(c).complement();
        for (p, d) in c.peers().iter().zip(Digit::ALL) {
            probe.set_given(p, d);
        }
        let extras = probe.candidates(c);
        if !elims.is_empty() || !extras.is_empty() {
            out.push((c, elims, extras));
        }
    }
    out
}

/// The board with `decoded`'s values and exactly the remembered marks.
fn rebuild(decoded: &Board, marks: &[(Cell, DigitSet, DigitSet)]) -> Board {
    let mut b = Board::empty();
    for &(c, elims, extras) in marks {
        for d in elims {
            b.eliminate(c, d);
        }
        // An extra candidate is recorded only while a peer blocks it: block, add, unblock.
        let blocker = c.peers().first().expect("every cell has peers");
        for d in extras.difference(elims) {
            b.set_given(blocker, d);
            b.add_candidate(c, d);
            b.clear(blocker);
        }
    }
    for c in Cell::all() {
        match decoded.cell(c) {
            CellState::Given(d) => b.set_given(c, d),
            CellState::Filled(d) => b.set_filled(c, d),
            CellState::Empty(_) => {}
        }
    }
    b.set_candidates_specified(decoded.candidates_specified());
    b
}

/// `r<row>c<col>:<eliminated digits>/<extra digits>` (one-based), e.g. `r1c2:59/3`.
fn parse_marks(t: &str) -> Option<(Cell, DigitSet, DigitSet)> {
    let b = t.as_bytes();
    if b.len() < 6 || b[0] != b'r' || b[2] != b'c' || b[4] != b':' {
        return None;
    }
    let n = |x: u8| (x as char).to_digit(10).filter(|v| (1..=9).contains(v));
    let (r, c) = (n(b[1])? as usize, n(b[3])? as usize);
    let (e, x) = t[5..].split_once('/')?;
    let set = |s: &str| -> Option<DigitSet> {
        s.bytes()
            .map(|ch| Digit::new(n(ch)? as u8))
            .collect::<Option<DigitSet>>()
    };
    Some((Cell::from_rc(r - 1, c - 1), set(e)?, set(x)?))
}

/// The text form of [`remembered_marks`]: `r1c2:59/ r4c6:/7`.
fn marks_text(board: &Board) -> String {
    remembered_marks(board)
        .iter()
        .map(|&(c, e, x)| format!("{c}:{e}/{x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn decode_board(text: &str, candidates_specified: bool) -> Result<Board, codec::DecodeError> {
    let mut board = codec::decode(Format::PmMarked, text)?.board;
    // A board without any value is written without `<d>`/`*d*` markers, and the reader then
    // applies the plain-pencilmark rule (docs/formats.md §7.2: an isolated single candidate comes back
    // as a given). The saved board had no value, so every value read is such a single.
    if !text.contains('<') && !text.contains('*') && board.value_count() > 0 {
        let mut cells = board.cells();
        for cs in cells.iter_mut() {
            if let Some(d) = cs.value() {
                *cs = CellState::Empty(DigitSet::single(d));
            }
        }
        board = Board::from_cells(&cells, true);
    }
    board.set_candidates_specified(candidates_specified);
    Ok(board)
}

/// The JSON text of a save (schema [`SCHEMA_VERSION`]).
pub fn encode_game(game: &SavedGame) -> Result<String, StorageError> {
    let h = game.editor.history();
    let current = game.editor.snapshot();
    let board = game.editor.board();
    let file = SaveV2 {
        schema_version: SCHEMA_VERSION,
        app_version: env!("CARGO_PKG_VERSION").to_string(),
        saved_at: unix_now(),
        name: game.name.clone(),
        level: game.level.map(|l| l.name().to_string()),
        elapsed_secs: game.elapsed_secs,
        values: Some(board.value_count()),
        solved: Some(board.is_solved()),
        current: encode_state(current)?,
        undo: chain_diffs(h.undo_stack(), current),
        redo: chain_diffs(h.redo_stack(), current),
        player: game.player.clone().map(|mut p| {
            // The colours as the editor holds them (the player's view leaves them out).
            let (undo, redo) = game.editor.color_stacks();
            p.colors = game.editor.colors().to_text();
            p.colors_undo = undo.iter().map(Colors::to_text).collect();
            p.colors_redo = redo.iter().map(Colors::to_text).collect();
            p
        }),
        journal: game.journal,
    };
    let mut text = serde_json::to_string_pretty(&file).map_err(|e| StorageError::Serialize {
        message: e.to_string(),
    })?;
    text.push('\n');
    Ok(text)
}

/// The differences of a stack whose last state follows `current` and every other state the one
/// after it.
fn chain_diffs(stack: &Stack<Arc<Snapshot>>, current: &Snapshot) -> Vec<String> {
    let afters = stack
        .iter()
        .skip(1)
        .map(|s| &**s)
        .chain(std::iter::once(current));
    stack
        .iter()
        .zip(afters)
        .map(|(state, after)| diff_text(after, state))
        .collect()
}

/// The tokens that turn `from` into `to` (see the module docs).
pub fn diff_text(from: &Snapshot, to: &Snapshot) -> String {
    use std::fmt::Write;
    let (a, b) = (&from.board, &to.board);
    let mut out = String::new();
    for c in Cell::all() {
        let same = a.value(c) == b.value(c)
            && a.is_given(c) == b.is_given(c)
            && a.raw_marks(c) == b.raw_marks(c);
        if same {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        let _ = write!(out, "{c}=");
        match b.value(c) {
            Some(d) if b.is_given(c) => {
                let _ = write!(out, "g{d}");
            }
            Some(d) => {
                let _ = write!(out, "f{d}");
            }
            None => out.push('.'),
        }
        let (e, x) = b.raw_marks(c);
        if !e.is_empty() || !x.is_empty() {
            let _ = write!(out, ":{e}/{x}");
        }
    }
    let mut flag = |t: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&t);
    };
    if from.mode != to.mode {
        flag(format!("mode={}", to.mode.name()));
    }
    if a.candidates_specified() != b.candidates_specified() {
        flag(format!("specified={}", u8::from(b.candidates_specified())));
    }
    out
}

/// `base` changed by the tokens of [`diff_text`]; `Err` names the first bad token.
pub fn apply_diff(base: &Snapshot, text: &str) -> Result<Snapshot, String> {
    let mut s = base.clone();
    for t in text.split_ascii_whitespace() {
        let bad = || format!("bad token {t:?}");
        if let Some(m) = t.strip_prefix("mode=") {
            s.mode = CandidateMode::from_name(m).ok_or_else(bad)?;
            continue;
        }
        if let Some(v) = t.strip_prefix("specified=") {
            match v {
                "0" => s.board.set_candidates_specified(false),
                "1" => s.board.set_candidates_specified(true),
                _ => return Err(bad()),
            }
            continue;
        }
        let (cell, rest) = t.split_once('=').ok_or_else(bad)?;
        let cell: Cell = cell.parse().map_err(|_| bad())?;
        let (slot, marks) = match rest.split_once(':') {
            Some((slot, marks)) => (slot, Some(marks)),
            None => (rest, None),
        };
        let digit = |x: &str| x.parse::<u8>().ok().and_then(Digit::new);
        match slot.split_at_checked(1) {
            Some((".", "")) => s.board.clear(cell),
            Some(("g", d)) => s.board.set_given(cell, digit(d).ok_or_else(bad)?),
            Some(("f", d)) => s.board.set_filled(cell, digit(d).ok_or_else(bad)?),
            _ => return Err(bad()),
        }
        let (e, x) = match marks {
            None => (DigitSet::EMPTY, DigitSet::EMPTY),
            Some(m) => {
                let (e, x) = m.split_once('/').ok_or_else(bad)?;
                (
                    parse_digits(e).ok_or_else(bad)?,
                    parse_digits(x).ok_or_else(bad)?,
                )
            }
        };
        s.board.set_raw_marks(cell, e, x);
    }
    Ok(s)
}

/// Digits `1`-`9` in any order; the empty string is the empty set.
fn parse_digits(s: &str) -> Option<DigitSet> {
    s.bytes()
        .map(|ch| {
            (b'1'..=b'9')
                .contains(&ch)
                .then(|| Digit::new(ch - b'0'))
                .flatten()
        })
        .collect()
}

fn json_reason(e: &serde_json::Error) -> CorruptReason {
    if e.is_data() {
        CorruptReason::BadField {
            field: "save".to_string(),
            message: e.to_string(),
        }
    } else {
        CorruptReason::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        }
    }
}

/// Parses a save of any known schema version.
pub fn decode_game(bytes: &[u8]) -> Result<SavedGame, CorruptReason> {
    let probe: Probe = serde_json::from_slice(bytes).map_err(|e| json_reason(&e))?;
    match probe.schema_version {
        Some(1) => decode_v1(bytes),
        Some(2) => decode_v2(bytes),
        Some(v) => Err(CorruptReason::UnknownVersion(v)),
        None => Err(CorruptReason::BadField {
            field: "schema_version".to_string(),
            message: "missing".to_string(),
        }),
    }
}

fn decode_v1(bytes: &[u8]) -> Result<SavedGame, CorruptReason> {
    let f: SaveV1 = serde_json::from_slice(bytes).map_err(|e| json_reason(&e))?;
    decode_file(f, |states, _, field| {
        states
            .iter()
            .enumerate()
            .map(|(i, s)| decode_state(s, &format!("{field}[{i}]")))
            .collect()
    })
}

fn decode_v2(bytes: &[u8]) -> Result<SavedGame, CorruptReason> {
    let f: SaveV2 = serde_json::from_slice(bytes).map_err(|e| json_reason(&e))?;
    for (field, present) in [
        ("values", f.values.is_some()),
        ("solved", f.solved.is_some()),
    ] {
        if !present {
            return Err(CorruptReason::BadField {
                field: field.to_string(),
                message: "missing".to_string(),
            });
        }
    }
    decode_file(f, unchain)
}

/// The game of a parsed save; `stack` turns the entries of the `undo` or `redo` list (the name
/// it is given) into states, from the current one.
fn decode_file<H>(
    f: SaveFile<H>,
    stack: impl Fn(&[H], &Snapshot, &str) -> Result<Vec<Snapshot>, CorruptReason>,
) -> Result<SavedGame, CorruptReason> {
    check_elapsed(f.elapsed_secs)?;
    let level = parse_level(&f.level)?;
    let current = decode_state(&f.current, "current")?;
    let undo = stack(&f.undo, &current, "undo")?;
    let redo = stack(&f.redo, &current, "redo")?;
    Ok(SavedGame {
        editor: Editor::from_parts(current, History::from_stacks(undo, redo)),
        elapsed_secs: f.elapsed_secs,
        name: f.name,
        level,
        saved_at: Some(f.saved_at),
        player: f.player,
        journal: f.journal,
    })
}

fn parse_level(level: &Option<String>) -> Result<Option<Level>, CorruptReason> {
    match level {
        None => Ok(None),
        Some(s) => Level::from_name(s)
            .map(Some)
            .ok_or_else(|| CorruptReason::BadField {
                field: "level".to_string(),
                message: format!("unknown level {s:?}"),
            }),
    }
}

/// A play time over [`MAX_ELAPSED_SECS`] makes the save corrupt.
fn check_elapsed(secs: u64) -> Result<(), CorruptReason> {
    if secs > MAX_ELAPSED_SECS {
        return Err(CorruptReason::BadField {
            field: "elapsed_secs".to_string(),
            message: format!("{secs} seconds is more than the {MAX_ELAPSED_SECS} a save may hold"),
        });
    }
    Ok(())
}

/// The states of a stack of differences (see [`chain_diffs`]), oldest first.
fn unchain(
    diffs: &[String],
    current: &Snapshot,
    field: &str,
) -> Result<Vec<Snapshot>, CorruptReason> {
    let mut out = Vec::with_capacity(diffs.len());
    let mut after = current.clone();
    for (i, d) in diffs.iter().enumerate().rev() {
        after = apply_diff(&after, d).map_err(|message| CorruptReason::BadField {
            field: format!("{field}[{i}]"),
            message,
        })?;
        out.push(after.clone());
    }
    out.reverse();
    Ok(out)
}

/// The slot list's view of a save, from its header (a version 1 file: also its current board).
pub fn decode_summary(bytes: &[u8]) -> Result<SlotSummary, CorruptReason> {
    let h: Header = serde_json::from_slice(bytes).map_err(|e| json_reason(&e))?;
    let level = parse_level(&h.level)?;
    let (values, solved) = match (h.schema_version, h.values, h.solved) {
        (Some(2), Some(v), Some(s)) => (v, s),
        (Some(1), ..) => {
            // Version 1 has no `values`/`solved`: decode the current board (not the history).
            #[derive(Deserialize)]
            struct Current {
                current: StateV1,
            }
            let c: Current = serde_json::from_slice(bytes).map_err(|e| json_reason(&e))?;
            let b = decode_state(&c.current, "current")?.board;
            (b.value_count(), b.is_solved())
        }
        (Some(2), ..) => {
            return Err(CorruptReason::BadField {
                field: "values".to_string(),
                message: "missing".to_string(),
            })
        }
        (Some(v), ..) => return Err(CorruptReason::UnknownVersion(v)),
        (None, ..) => {
            return Err(CorruptReason::BadField {
                field: "schema_version".to_string(),
                message: "missing".to_string(),
            })
        }
    };
    Ok(SlotSummary {
        name: h.name,
        level,
        elapsed_secs: h.elapsed_secs,
        saved_at: h.saved_at,
        values,
        solved,
    })
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
