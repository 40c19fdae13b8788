//! The cache of Sudoku Explainer ratings (`se-ratings.txt` beside the saves): the puzzle picker
//! rates a collection once, and opening it again reads the ratings from here.
//!
//! Keyed by the puzzle's givens as an 81-character line (`1-9` and `.`), not by its canonical
//! form: SE's rating of a puzzle is not the same for all its morphs (its path takes the first
//! hint in cell order, which a morph reorders; 6 of the first 300 puzzles of top1465 rate
//! differently in their minlex form), so a morph is rated on its own.
//!
//! The file is text: a header line naming the format and the termdoku version that rated the
//! puzzles, then one line per puzzle: its 81 characters, a space, and `ER/EP/ED` (`9.0/9.0/2.8`),
//! `2+` (several solutions) or `0` (no solution). A file written by another version is not read
//! (its ratings may differ; the puzzles are rated again and the file replaced). The whole file is
//! written atomically ([`super::write_atomic`]); each write first merges what another player
//! wrote meanwhile. A line that does not read is a damaged file: the lines that read are kept
//! (for the caller to write back), the file is moved aside (`se-ratings.txt.corrupt-<time>`,
//! never overwritten) and the damage reported.

use super::{move_aside, read_limited, write_atomic, LimitedRead, StorageError};
use crate::domain::{Board, Cell};
use crate::solver::step::Difficulty;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The cache's file name in the data directory.
pub const SE_CACHE_FILE: &str = "se-ratings.txt";

/// Largest cache file read (about 2.7 million puzzles).
const MAX_CACHE_BYTES: u64 = 256 << 20;

/// The first word of the header line.
const MAGIC: &str = "termdoku-se-ratings";
/// The format of the lines after the header.
const FORMAT: u32 = 1;

/// What the cache knows of a puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeRecord {
    /// One solution: SE's three figures (ER 20.0 when SE's techniques do not finish it).
    Rated {
        er: Difficulty,
        ep: Difficulty,
        ed: Difficulty,
    },
    /// Several solutions: no SE rating.
    Several,
    /// No solution: no SE rating.
    NoSolution,
}

impl std::fmt::Display for SeRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeRecord::Rated { er, ep, ed } => write!(f, "{er}/{ep}/{ed}"),
            SeRecord::Several => f.write_str("2+"),
            SeRecord::NoSolution => f.write_str("0"),
        }
    }
}

/// A difficulty as SE prints it: `9.0`, `11.3`, `20.0`.
pub fn parse_difficulty(s: &str) -> Option<Difficulty> {
    let (int, frac) = s.split_once('.')?;
    let ok = |p: &str, n| (1..=n).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    if !ok(int, 2) || !ok(frac, 1) {
        return None;
    }
    Some(Difficulty(
        int.parse::<u16>().ok()? * 10 + frac.parse::<u16>().ok()?,
    ))
}

impl std::str::FromStr for SeRecord {
    type Err = ();
    fn from_str(s: &str) -> Result<SeRecord, ()> {
        match s {
            "2+" => Ok(SeRecord::Several),
            "0" => Ok(SeRecord::NoSolution),
            _ => {
                let mut parts = s.split('/').map(parse_difficulty);
                match (parts.next(), parts.next(), parts.next(), parts.next()) {
                    (Some(Some(er)), Some(Some(ep)), Some(Some(ed)), None) => {
                        Ok(SeRecord::Rated { er, ep, ed })
                    }
                    _ => Err(()),
                }
            }
        }
    }
}

/// The cache's key of a puzzle: its givens as 81 characters, `1-9` and `.`.
pub fn key_of(board: &Board) -> String {
    Cell::all()
        .map(|c| match board.value(c) {
            Some(d) if board.is_given(c) => char::from(b'0' + d.get()),
            _ => '.',
        })
        .collect()
}

fn is_key(s: &str) -> bool {
    s.len() == 81 && s.bytes().all(|b| b == b'.' || (b'1'..=b'9').contains(&b))
}

/// The ratings known, by puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeCache {
    entries: HashMap<String, SeRecord>,
}

/// What reading the cache found wrong (the ratings that read are kept).
#[derive(Debug, thiserror::Error)]
#[error(
    "{}: line {line} does not read ({why}); {kept} ratings kept, {}",
    path.display(),
    match aside { Some(p) => format!("the file moved to {}", p.display()), None => "the file could not be moved aside".into() }
)]
pub struct CacheDamage {
    pub path: PathBuf,
    /// The first line that does not read (from 1).
    pub line: usize,
    pub why: String,
    pub kept: usize,
    /// Where the damaged file was moved.
    pub aside: Option<PathBuf>,
}

/// Why the cache could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error(transparent)]
    Damaged(#[from] CacheDamage),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl SeCache {
    /// Reads the cache at `path`. A missing file, or one of another version, is an empty cache;
    /// a damaged one gives what reads, with the damage (the file moved aside: write the cache
    /// back to keep what read).
    pub fn load(path: &Path) -> (SeCache, Option<CacheError>) {
        let bytes = match read_limited(path, MAX_CACHE_BYTES) {
            Ok(b) => b,
            Err(LimitedRead::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return (SeCache::default(), None);
            }
            Err(LimitedRead::Io(e)) => {
                return (SeCache::default(), Some(StorageError::io(path, e).into()));
            }
            Err(LimitedRead::Refused(reason)) => {
                let damage = CacheDamage {
                    path: path.to_path_buf(),
                    line: 1,
                    why: reason.to_string(),
                    kept: 0,
                    aside: None,
                };
                return (SeCache::default(), Some(damage.into()));
            }
        };
        let (cache, bad) = SeCache::parse(&String::from_utf8_lossy(&bytes));
        let damage = bad.map(|(line, why)| CacheDamage {
            path: path.to_path_buf(),
            line,
            why,
            kept: cache.len(),
            aside: move_aside(path),
        });
        (cache, damage.map(CacheError::from))
    }

    /// The ratings of a file's text, and the first line that does not read (number, why).
    fn parse(text: &str) -> (SeCache, Option<(usize, String)>) {
        let mut cache = SeCache::default();
        let mut lines = text.lines();
        let header = lines.next().unwrap_or("");
        let mut words = header.split_whitespace();
        if words.next() != Some(MAGIC) || words.next() != Some(&FORMAT.to_string()) {
            return (cache, Some((1, format!("not a cache header: {header:?}"))));
        }
        if words.next() != Some(env!("CARGO_PKG_VERSION")) {
            // Rated by another version: rated again.
            return (cache, None);
        }
        let mut bad = None;
        for (n, line) in lines.enumerate() {
            let parsed = line.split_once(' ').and_then(|(key, rec)| {
                let rec = rec.parse::<SeRecord>().ok()?;
                is_key(key).then(|| (key.to_string(), rec))
            });
            match parsed {
                Some((key, rec)) => {
                    cache.entries.insert(key, rec);
                }
                None if bad.is_none() => {
                    let shown: String = line.chars().take(100).collect();
                    bad = Some((n + 2, format!("{shown:?}")));
                }
                None => {}
            }
        }
        (cache, bad)
    }

    /// The cache as its file's text (lines sorted, so that the file is the same for the same
    /// ratings).
    fn text(&self) -> String {
        let mut lines: Vec<(&String, &SeRecord)> = self.entries.iter().collect();
        lines.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let mut out = format!("{MAGIC} {FORMAT} {}\n", env!("CARGO_PKG_VERSION"));
        out.reserve(lines.len() * 96);
        for (key, rec) in lines {
            out.push_str(key);
            out.push(' ');
            out.push_str(&rec.to_string());
            out.push('\n');
        }
        out
    }

    /// The rating of a puzzle, when known.
    pub fn get(&self, board: &Board) -> Option<SeRecord> {
        self.entries.get(&key_of(board)).copied()
    }

    /// Notes a puzzle's rating.
    pub fn insert(&mut self, board: &Board, rec: SeRecord) {
        self.entries.insert(key_of(board), rec);
    }

    /// Number of puzzles known.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Writes the cache to `path` atomically, with the ratings another player wrote there
    /// meanwhile merged in (ours win). A damaged file found there is kept aside first and
    /// reported; the write goes on.
    pub fn save(&mut self, path: &Path) -> Result<(), CacheError> {
        let (on_disk, damage) = SeCache::load(path);
        for (key, rec) in on_disk.entries {
            self.entries.entry(key).or_insert(rec);
        }
        let written = write_atomic(path, self.text().as_bytes());
        match (damage, written) {
            (_, Err(e)) => Err(e.into()),
            (Some(d), Ok(())) => Err(d),
            (None, Ok(())) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back() {
        for s in ["9.0/9.0/2.8", "11.9/11.9/11.3", "20.0/1.2/1.2", "2+", "0"] {
            assert_eq!(s.parse::<SeRecord>().unwrap().to_string(), s);
        }
        for s in [
            "",
            "9/9/2",
            "9.0/9.0",
            "9.0/9.0/2.8/1.0",
            "1",
            "123.0/1.0/1.0",
        ] {
            assert!(s.parse::<SeRecord>().is_err(), "{s}");
        }
    }

    #[test]
    fn a_bad_line_is_reported_and_the_others_kept() {
        let key = ".".repeat(81);
        let text = format!(
            "{MAGIC} {FORMAT} {}\n{key} 2+\nrubbish\n",
            env!("CARGO_PKG_VERSION")
        );
        let (cache, bad) = SeCache::parse(&text);
        assert_eq!(cache.len(), 1);
        assert_eq!(bad.map(|b| b.0), Some(3));
        let other = format!("{MAGIC} {FORMAT} 0.0.0-other\n{key} 2+\n");
        let (cache, bad) = SeCache::parse(&other);
        assert!(cache.is_empty() && bad.is_none());
    }
}
