//! Statistics per level (`stats.json` beside the saves): puzzles solved, their times and the
//! hints used.

use super::{write_atomic, StorageError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Statistics of every level, by level name (`Easy` ... `Extreme`, `unrated`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub levels: BTreeMap<String, LevelStats>,
}

/// One level's statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelStats {
    pub solved: u32,
    /// Solve times in seconds, in the order solved.
    pub times: Vec<u64>,
    pub hints: u64,
}

impl LevelStats {
    /// The median solve time (the lower middle for an even count).
    pub fn median_secs(&self) -> Option<u64> {
        let mut t = self.times.clone();
        t.sort_unstable();
        t.get(t.len().saturating_sub(1) / 2).copied()
    }
}

impl Stats {
    /// Counts one solved puzzle.
    pub fn record(&mut self, level: &str, secs: u64, hints: u32) {
        let s = self.levels.entry(level.to_string()).or_default();
        s.solved = s.solved.saturating_add(1);
        s.times.push(secs);
        s.hints = s.hints.saturating_add(u64::from(hints));
    }
}

/// Reads the statistics; a missing file is empty statistics, an unreadable one an error.
/// Largest statistics file read.
const MAX_STATS_BYTES: u64 = 16 << 20;

/// Reads the statistics; a missing file is empty statistics. An unreadable one (bad JSON, not a
/// regular file, too large) is moved aside and reported as [`StorageError::Corrupt`].
pub fn read_stats(path: &Path) -> Result<Stats, StorageError> {
    let corrupt = |reason| StorageError::Corrupt {
        path: path.to_path_buf(),
        moved_to: super::move_aside(path),
        reason,
    };
    match super::read_limited(path, MAX_STATS_BYTES) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
            corrupt(super::CorruptReason::BadField {
                field: "stats".into(),
                message: e.to_string(),
            })
        }),
        Err(super::LimitedRead::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(Stats::default())
        }
        Err(super::LimitedRead::Io(e)) => Err(StorageError::io(path, e)),
        Err(super::LimitedRead::Refused(reason)) => Err(corrupt(reason)),
    }
}

/// Writes the statistics atomically.
pub fn write_stats(path: &Path, stats: &Stats) -> Result<(), StorageError> {
    let text = serde_json::to_string_pretty(stats).map_err(|e| StorageError::Serialize {
        message: e.to_string(),
    })?;
    write_atomic(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_record() {
        let mut s = Stats::default();
        assert_eq!(s.levels.get("Easy").and_then(LevelStats::median_secs), None);
        for t in [300, 100, 200, 400] {
            s.record("Easy", t, 1);
        }
        let e = &s.levels["Easy"];
        assert_eq!((e.solved, e.hints, e.median_secs()), (4, 4, Some(200)));
    }
}
