//! The journal of moves beside the autosave (`autosave.journal`): an append-only file of JSON
//! lines, one per move, written as each move is made, so that a player killed between two
//! autosaves loses at most the move being written.
//!
//! ```text
//! {"journal":1,"id":4242,"base":0}
//! {"seq":1,"op":"do","diff":"r1c3=f4","t":75,"at":"r1c3"}
//! {"seq":2,"op":"undo","t":76,"at":"r1c3"}
//! {"seq":3,"op":"do","diff":"","colors":"r1c3=1","t":80,"at":"r1c3"}
//! {"seq":4,"op":"draft","givens":"1.......","t":80,"at":"r1c2"}
//! {"seq":5,"op":"reset","t":80}
//! ```
//!
//! * The header names the journal (`id`, chosen by the player that writes it) and the number of
//!   the entry before its first (`base`).
//! * The autosave records which journal it belongs to and the last entry it already holds
//!   ([`JournalMark`]); on start the entries after that mark are replayed on the autosave's game
//!   (folded in) and a fresh autosave and journal are written. A journal of another id is stale
//!   (an autosave written after it holds its moves) and is ignored.
//! * `do`: a new undo step, the difference from the state before (the form of the save's
//!   history, see [`super::save`]) and the colours after when they changed; `undo`, `redo`; `draft`:
//!   the givens being entered, `null` when that stopped; `reset`: the game was replaced (a new
//!   puzzle, a loaded save): what follows needs the autosave written at that moment, and replay
//!   stops there when the autosave on disk is older. `t` is the play time in seconds, `at` the
//!   cursor.
//! * A last line cut short by a crash (no newline, bad JSON) ends the journal.
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

#[derive(Serialize, Deserialize)]
struct Header {
    journal: u32,
    id: u64,
    base: u64,
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
        let mut text = serde_json::to_string(&Header {
            journal: 1,
            id,
            base,
        })
        .map_err(|e| StorageError::Serialize {
            message: e.to_string(),
        })?;
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
        let mut line = serde_json::to_string(&entry).map_err(|e| StorageError::Serialize {
            message: e.to_string(),
        })?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| StorageError::io(&self.path, e))?;
        self.next += 1;
        self.bytes += line.len() as u64;
        Ok(entry.seq)
    }
}

/// A journal as read back: its id and the entries up to the first damaged line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JournalRead {
    pub id: u64,
    pub base: u64,
    pub entries: Vec<Entry>,
    /// A damaged line ended the reading (a crash in the middle of a write).
    pub torn: bool,
}

impl JournalRead {
    /// The entries a save marked `mark` does not hold yet, in order: `None` when this journal
    /// is not the save's (another id, or it starts after the save's last entry). The moves after
    /// a `reset` newer than the save are left out (they belong to a game the save does not have).
    pub fn after(&self, mark: JournalMark) -> Option<&[Entry]> {
        if self.id != mark.id || self.base > mark.seq {
            return None;
        }
        let start = self.entries.partition_point(|e| e.seq <= mark.seq);
        let rest = &self.entries[start..];
        let end = rest
            .iter()
            .position(|e| e.op == Op::Reset)
            .unwrap_or(rest.len());
        Some(&rest[..end])
    }
}

/// Reads the journal at `path`: `Ok(None)` when there is none. A file that is not a regular
/// file, is too large or has no valid header is an error (the caller ignores the journal).
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

/// Parses journal text (see the module docs); only the header must be whole.
pub fn parse_journal(bytes: &[u8]) -> Result<JournalRead, super::CorruptReason> {
    let mut lines = bytes.split_inclusive(|&b| b == b'\n');
    let bad_header = |message: String| super::CorruptReason::BadField {
        field: "journal header".to_string(),
        message,
    };
    let first = lines.next().ok_or_else(|| bad_header("empty".into()))?;
    let header: Header = serde_json::from_slice(first).map_err(|e| bad_header(e.to_string()))?;
    if header.journal != 1 {
        return Err(super::CorruptReason::UnknownVersion(u64::from(
            header.journal,
        )));
    }
    let mut out = JournalRead {
        id: header.id,
        base: header.base,
        entries: Vec::new(),
        torn: false,
    };
    let mut expect = header.base + 1;
    for line in lines {
        let whole = line.ends_with(b"\n");
        match serde_json::from_slice::<Entry>(line) {
            Ok(e) if whole && e.seq == expect => {
                expect += 1;
                out.entries.push(e);
            }
            _ => {
                out.torn = true;
                break;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: u64, op: Op) -> Entry {
        Entry {
            seq,
            op,
            t: seq,
            at: None,
        }
    }

    #[test]
    fn a_torn_last_line_ends_the_journal() {
        let text = b"{\"journal\":1,\"id\":7,\"base\":2}\n\
            {\"seq\":3,\"op\":\"undo\",\"t\":3}\n\
            {\"seq\":4,\"op\":\"do\",\"diff\":\"r1c1=f5\",\"t\":4}\n\
            {\"seq\":5,\"op\":\"do\",\"di";
        let j = parse_journal(text).unwrap();
        assert_eq!((j.id, j.base, j.torn), (7, 2, true));
        assert_eq!(
            j.entries,
            vec![
                entry(3, Op::Undo),
                entry(
                    4,
                    Op::Do {
                        diff: "r1c1=f5".into(),
                        colors: None
                    }
                )
            ]
        );
        // A whole line without its newline is cut short too.
        let j = parse_journal(b"{\"journal\":1,\"id\":7,\"base\":0}\n{\"seq\":1,\"op\":\"undo\"}")
            .unwrap();
        assert!(j.entries.is_empty() && j.torn);
    }

    #[test]
    fn entries_after_a_mark_stop_at_a_newer_reset() {
        let j = JournalRead {
            id: 9,
            base: 0,
            entries: vec![
                entry(1, Op::Undo),
                entry(2, Op::Redo),
                entry(3, Op::Reset),
                entry(4, Op::Undo),
            ],
            torn: false,
        };
        let after = |seq| j.after(JournalMark { id: 9, seq }).map(<[Entry]>::len);
        assert_eq!(after(0), Some(2));
        assert_eq!(after(1), Some(1));
        assert_eq!(
            after(3),
            Some(1),
            "the save holds the reset: the moves after it apply"
        );
        assert_eq!(j.after(JournalMark { id: 8, seq: 0 }), None);
    }

    #[test]
    fn appended_entries_read_back() {
        let dir = std::env::temp_dir().join(format!("termdoku-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("autosave.journal");
        let mut j = Journal::create(&path, 42, 10).unwrap();
        j.append(Op::Undo, 5, Some("r1c1".into())).unwrap();
        j.append(
            Op::Draft {
                givens: Some("1".repeat(81)),
            },
            6,
            None,
        )
        .unwrap();
        assert_eq!(j.last_seq(), 12);
        let r = read_journal(&path).unwrap().unwrap();
        assert_eq!((r.id, r.base, r.entries.len(), r.torn), (42, 10, 2, false));
        assert_eq!(r.entries[0].at.as_deref(), Some("r1c1"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
