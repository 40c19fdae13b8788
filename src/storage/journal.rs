//! The journal of moves beside the autosave (`autosave.journal`): an append-only file of JSON
//! lines, one per move, written as each move is made, so that a player killed between two
//! autosaves loses at most the move being written.
//!
//! ```text
//! {"journal":2,"id":4242,"base":0,"crc":"5d1e0c7a"}
//! {"seq":1,"op":"do","diff":"r1c3=f4","t":75,"at":"r1c3","crc":"0b6b0f5e"}
//! {"seq":2,"op":"undo","t":76,"at":"r1c3","crc":"8f0e3c21"}
//! {"seq":3,"op":"do","diff":"","colors":"r1c3=1","t":80,"at":"r1c3","crc":"77d0a4b2"}
//! {"seq":4,"op":"draft","givens":"1.......","t":80,"at":"r1c2","crc":"c3e1d9a0"}
//! {"seq":5,"op":"reset","t":80,"crc":"1f2e3d4c"}
//! ```
//!
//! * The header names the journal (`id`, chosen by the player that writes it) and the number of
//!   the entry before its first (`base`).
//! * Every line ends with its checksum (`crc`, [`super::checksum`]): the header's over its text,
//!   an entry's over the journal's id and its text. A damaged line is found and skipped alone;
//!   an entry verifies only in its own journal, so a damaged header does not lose the entries.
//! * Every entry carries its own number (`seq`): a gap after a skipped line counts the moves
//!   lost in it.
//! * The autosave records which journal it belongs to and the last entry it already holds
//!   ([`JournalMark`], with a check of its own in the save); on start the entries after that
//!   mark are replayed on the autosave's game (folded in) and a fresh autosave and journal are
//!   written. A journal of another id is stale (an autosave written after it holds its moves)
//!   and is ignored.
//! * `do`: a new undo step, the difference from the state before (the form of the save's
//!   history, see [`super::save`]) and the colours after when they changed; `undo`, `redo`; `draft`:
//!   the givens being entered, `null` when that stopped; `reset`: the game was replaced (a new
//!   puzzle, a loaded save): what follows needs the autosave written at that moment, and replay
//!   stops there when the autosave on disk is older. `t` is the play time in seconds, `at` the
//!   cursor.
//! * A last line cut short by a crash (no newline, bad JSON) is a damaged line like any other.
//! * Version 1 (`"journal":1`, no checksums) is still read: its entries are taken when they
//!   parse and their numbers follow on.
//!
//! Lines are written with one `write` each and not fsynced: a killed process loses nothing the
//! kernel has; the autosave (fsynced) is what survives a power cut.

use super::{read_limited, LimitedRead, StorageError};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Largest journal read (about a million moves).
pub const MAX_JOURNAL_BYTES: u64 = 128 << 20;

/// The journal a save belongs to and the last of its entries the save holds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalMark {
    pub id: u64,
    pub seq: u64,
}

/// One move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Op {
    Do {
        diff: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colors: Option<String>,
    },
    Undo,
    Redo,
    Draft {
        givens: Option<String>,
    },
    Reset,
}

/// A numbered move with the play time and cursor after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub seq: u64,
    #[serde(flatten)]
    pub op: Op,
    /// Play time, seconds.
    #[serde(default)]
    pub t: u64,
    /// The cursor, `r1c2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
}

/// The journal version written.
pub const VERSION: u32 = 2;

/// What the header's checksum is computed over besides its text.
const HEADER_SEED: &[u8] = b"termdoku journal";

#[derive(Serialize, Deserialize)]
struct Header {
    journal: u32,
    id: u64,
    base: u64,
}

/// The check of a [`JournalMark`] as the save stores it (8 hex digits).
pub fn mark_check(mark: JournalMark) -> String {
    let text = format!("{}:{}", mark.id, mark.seq);
    format!("{:08x}", super::checksum::crc32(&[text.as_bytes()]))
}

fn to_json<T: Serialize>(value: &T) -> Result<String, StorageError> {
    serde_json::to_string(value).map_err(|e| StorageError::Serialize {
        message: e.to_string(),
    })
}

/// The journal file open for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    id: u64,
    next: u64,
    bytes: u64,
}

impl Journal {
    /// Starts journal `id` at `path` (replacing what is there, atomically), its first entry
    /// numbered `base + 1`.
    pub fn create(path: &Path, id: u64, base: u64) -> Result<Journal, StorageError> {
        let header = to_json(&Header {
            journal: VERSION,
            id,
            base,
        })?;
        let mut text = super::checksum::seal(&header, HEADER_SEED);
        text.push('\n');
        super::write_atomic(path, text.as_bytes())?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| StorageError::io(path, e))?;
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            id,
            next: base + 1,
            bytes: text.len() as u64,
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    /// The number of the last entry written (the base when none).
    pub fn last_seq(&self) -> u64 {
        self.next - 1
    }

    /// Bytes in the file.
    pub fn len(&self) -> u64 {
        self.bytes
    }

    pub fn is_empty(&self) -> bool {
        self.next == 1
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one move (one `write` of one line). Returns its number.
    pub fn append(&mut self, op: Op, t: u64, at: Option<String>) -> Result<u64, StorageError> {
        let entry = Entry {
            seq: self.next,
            op,
            t,
            at,
        };
        let mut line = super::checksum::seal(&to_json(&entry)?, &self.id.to_le_bytes());
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| StorageError::io(&self.path, e))?;
        self.next += 1;
        self.bytes += line.len() as u64;
        Ok(entry.seq)
    }
}

/// A journal as read back: its header (when intact) and its lines, checked only when a save
/// asks for its entries ([`JournalRead::select`]: an entry's checksum needs the journal's id,
/// which the save knows when the header is damaged).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JournalRead {
    /// 1 or 2 (2 when the header is damaged and a line carries a checksum).
    pub version: u32,
    /// `(id, base)`; `None`: the header is damaged.
    pub header: Option<(u64, u64)>,
    /// The lines after the header: their text without the line break, and whether it was there.
    lines: Vec<(Vec<u8>, bool)>,
}

/// What a save gets from a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Another journal than the save's (an autosave written after it holds its moves).
    Stale,
    /// The save's journal.
    Replay(Replay),
    /// The journal cannot be tied to the save (why): nothing is replayed.
    Broken(String),
}

/// The entries of the save's journal that the save misses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// In order, up to a `reset` newer than the save.
    pub entries: Vec<Entry>,
    /// Moves after the save's mark that are lost to damaged lines.
    pub damaged: u64,
    /// Moves after a `reset` the save does not hold (a newer game whose save is missing).
    pub newer_game: u64,
    /// The header was damaged (the entries were tied to the save by its id).
    pub header_damaged: bool,
}

impl Replay {
    /// Whether anything was lost or damaged (the journal is then kept aside).
    pub fn is_damaged(&self) -> bool {
        self.damaged > 0 || self.newer_game > 0 || self.header_damaged
    }
}

impl JournalRead {
    /// The entries a save marked `mark` does not hold yet, in order, with what damage cost. An
    /// entry is taken when its checksum holds (version 1: when it parses) and its number
    /// follows the last taken; a gap in the numbers after the mark counts lost moves.
    pub fn select(&self, mark: JournalMark) -> Selection {
        let (id, base) = match self.header {
            Some((id, _)) if id != mark.id => return Selection::Stale,
            Some((_, base)) if base > mark.seq => {
                return Selection::Broken(format!(
                    "the journal starts after move {base} but the autosave holds {} of its moves",
                    mark.seq
                ))
            }
            Some(h) => h,
            None if self.version == 1 => {
                return Selection::Broken("the journal's first line is damaged".into())
            }
            None => (mark.id, 0),
        };
        let seed = id.to_le_bytes();
        let mut out = Replay {
            header_damaged: self.header.is_none(),
            ..Replay::default()
        };
        let mut last = base;
        let mut since = 0u64;
        let mut any = false;
        let mut tail = 0;
        for (i, (text, whole)) in self.lines.iter().enumerate() {
            since += 1;
            let Some(e) = self.entry(text, *whole, &seed) else {
                continue;
            };
            // Version 1 has no checksum: a number must also fit the lines since the last one.
            if e.seq <= last || (self.version == 1 && e.seq - last > since) {
                continue;
            }
            any = true;
            if e.seq > mark.seq {
                out.damaged += e.seq - last.max(mark.seq) - 1;
                out.entries.push(e.clone());
            }
            last = e.seq;
            since = 0;
            tail = i + 1;
        }
        if out.header_damaged && !any {
            return Selection::Broken(
                "the journal's first line is damaged and no move in it is the autosave's".into(),
            );
        }
        // Damaged lines after the last entry taken: the moves in them past the mark are lost.
        let lost = match self.version {
            1 => since,
            _ => entries_in(&self.lines[tail..]),
        };
        out.damaged += lost.saturating_sub(mark.seq.saturating_sub(last));
        if let Some(reset) = out.entries.iter().position(|e| e.op == Op::Reset) {
            out.newer_game = (out.entries.len() - reset) as u64;
            out.entries.truncate(reset);
        }
        Selection::Replay(out)
    }

    fn entry(&self, text: &[u8], whole: bool, seed: &[u8]) -> Option<Entry> {
        if !whole {
            return None;
        }
        if self.version == 1 {
            return serde_json::from_slice(text).ok();
        }
        let body = super::checksum::unseal(text, seed)?;
        serde_json::from_slice(&body).ok()
    }
}

/// How many sealed entries damaged lines held: every sealed entry starts with `{"seq":` and ends
/// with `"}` (its checksum member, the only place those two characters meet), so a line broken
/// in two counts once and two lines run together count twice; text after the last end is one
/// more (cut short). The larger of the two counts: damage may take a start or an end.
fn entries_in(lines: &[(Vec<u8>, bool)]) -> u64 {
    let mut text = Vec::new();
    for (l, _) in lines {
        text.extend_from_slice(l);
        text.push(b'\n');
    }
    let ends = text.windows(2).filter(|w| w == b"\"}").count() as u64;
    let last_end = text
        .windows(2)
        .rposition(|w| w == b"\"}")
        .map_or(0, |i| i + 2);
    let rest = text[last_end..].iter().any(|b| !b.is_ascii_whitespace());
    let starts = text.windows(7).filter(|w| w == b"{\"seq\":").count() as u64;
    (ends + u64::from(rest)).max(starts)
}

/// Reads the journal at `path`: `Ok(None)` when there is none. A file that is not a regular
/// file or is too large is an error (the caller ignores the journal).
pub fn read_journal(path: &Path) -> Result<Option<JournalRead>, StorageError> {
    let bytes = match read_limited(path, MAX_JOURNAL_BYTES) {
        Ok(b) => b,
        Err(LimitedRead::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(LimitedRead::Io(e)) => return Err(StorageError::io(path, e)),
        Err(LimitedRead::Refused(reason)) => {
            return Err(StorageError::Corrupt {
                path: path.to_path_buf(),
                moved_to: None,
                reason,
            })
        }
    };
    Ok(Some(parse_journal(&bytes).map_err(|reason| {
        StorageError::Corrupt {
            path: path.to_path_buf(),
            moved_to: None,
            reason,
        }
    })?))
}

/// Splits journal text into its header and lines (see the module docs). Only an empty file or
/// a header of an unknown version is an error; a damaged header is `header: None`.
pub fn parse_journal(bytes: &[u8]) -> Result<JournalRead, super::CorruptReason> {
    let mut lines = bytes.split_inclusive(|&b| b == b'\n').map(|l| match l {
        [text @ .., b'\n'] => (text.to_vec(), true),
        text => (text.to_vec(), false),
    });
    let Some((first, whole)) = lines.next() else {
        return Err(super::CorruptReason::BadField {
            field: "journal header".to_string(),
            message: "empty".into(),
        });
    };
    let lines: Vec<(Vec<u8>, bool)> = lines.collect();
    let sealed = super::checksum::looks_sealed(&first);
    let parsed = if sealed {
        super::checksum::unseal(&first, HEADER_SEED)
            .and_then(|t| serde_json::from_slice::<Header>(&t).ok())
    } else {
        serde_json::from_slice::<Header>(&first).ok()
    };
    if let Some(h) = &parsed {
        if h.journal == 0 || h.journal > VERSION {
            return Err(super::CorruptReason::UnknownVersion(u64::from(h.journal)));
        }
    }
    let header = parsed.filter(|h| whole && h.journal == if sealed { 2 } else { 1 });
    let version = match &header {
        Some(h) => h.journal,
        // A damaged header: the version of the lines.
        None if sealed || lines.iter().any(|(l, _)| super::checksum::looks_sealed(l)) => 2,
        None => 1,
    };
    Ok(JournalRead {
        version,
        header: header.map(|h| (h.id, h.base)),
        lines,
    })
}

#[cfg(test)]
#[path = "journal_tests.rs"]
mod tests;
