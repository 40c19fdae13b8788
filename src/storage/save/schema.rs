//! The save file's JSON: schema version 2 (written) and version 1 (still read), a whole game or
//! only the header the slot list shows.

use super::diff::{chain_diffs, unchain};
use super::marks::{marks_text, parse_marks, rebuild};
use super::{SavedGame, SlotSummary, MAX_ELAPSED_SECS, SCHEMA_VERSION};
use crate::codec::{self, Format, WriteOptions};
use crate::domain::{Board, CellState, DigitSet};
use crate::editor::{CandidateMode, Colors, Editor, History, Snapshot};
use crate::solver::Level;
use crate::storage::{unix_now, CorruptReason, StorageError};
use serde::{Deserialize, Serialize};

// ---- schema v1 ----------------------------------------------------------------------------

#[derive(Serialize, Deserialize)]
struct BoardV1 {
    pm_marked: String,
    candidates_specified: bool,
    /// What the board remembers beyond what the grid shows (see [`super::remembered_marks`]):
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
    player: Option<crate::storage::PlayerState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    journal: Option<MarkFile>,
}

/// The save's [`crate::storage::JournalMark`] with its check (older saves have none).
#[derive(Serialize, Deserialize)]
struct MarkFile {
    id: u64,
    seq: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    check: Option<String>,
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
    Ok(Snapshot::new(rebuilt, mode))
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

/// The longest game name kept from a save (a longer one is cut: every field read is bounded, so
/// that a damaged or hostile save cannot slow down every frame).
pub const MAX_NAME_CHARS: usize = 200;

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
        journal: game.journal.map(|m| MarkFile {
            id: m.id,
            seq: m.seq,
            check: Some(crate::storage::journal::mark_check(m)),
        }),
    };
    let mut text = serde_json::to_string_pretty(&file).map_err(|e| StorageError::Serialize {
        message: e.to_string(),
    })?;
    text.push('\n');
    Ok(text)
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
        name: f
            .name
            .map(|n| crate::storage::player::bounded(n, MAX_NAME_CHARS)),
        level,
        saved_at: Some(f.saved_at),
        player: f.player.map(crate::storage::PlayerState::bounded),
        journal_link_damaged: f
            .journal
            .as_ref()
            .is_some_and(|m| m.check.as_ref().is_some_and(|c| *c != mark_of(m).1)),
        journal: f.journal.as_ref().map(|m| mark_of(m).0),
    })
}

fn mark_of(m: &MarkFile) -> (crate::storage::JournalMark, String) {
    let mark = crate::storage::JournalMark {
        id: m.id,
        seq: m.seq,
    };
    (mark, crate::storage::journal::mark_check(mark))
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
        name: h
            .name
            .map(|n| crate::storage::player::bounded(n, MAX_NAME_CHARS)),
        level,
        elapsed_secs: h.elapsed_secs,
        saved_at: h.saved_at,
        values,
        solved,
    })
}
