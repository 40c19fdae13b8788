//! One player at a time owns the autosave of a data directory: [`DataLock`] holds an exclusive
//! lock on `<data dir>/autosave.lock` (released by the system when the process ends, also when
//! it is killed). A second player on the same directory does not get it; it does not write the
//! autosave or its journal, so it never overwrites the first player's game (it keeps its own
//! under `players/`, locked the same way). A lock that cannot be taken at all (a directory in
//! its place, a file system without locks) is an error: the caller then acts as a second
//! player, never as the owner.

use super::StorageError;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

const LOCK_FILE: &str = "autosave.lock";

/// The held lock (dropped: released).
#[derive(Debug)]
pub struct DataLock {
    _file: File,
}

/// The outcome of [`DataLock::acquire`].
#[derive(Debug)]
pub enum LockOutcome {
    Owner(DataLock),
    /// Another process holds it; its pid when it wrote one.
    Held {
        pid: Option<u32>,
    },
}

impl DataLock {
    /// Takes the lock of `root`, waiting up to `wait` for a holder that is leaving (a player
    /// still closing when the next one starts).
    pub fn acquire_waiting(
        root: &Path,
        wait: std::time::Duration,
    ) -> Result<LockOutcome, StorageError> {
        let deadline = std::time::Instant::now() + wait;
        loop {
            match DataLock::acquire(root)? {
                LockOutcome::Held { .. } if std::time::Instant::now() < deadline => {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                outcome => return Ok(outcome),
            }
        }
    }

    /// Takes the lock of the data directory `root` (created if needed) without waiting.
    pub fn acquire(root: &Path) -> Result<LockOutcome, StorageError> {
        super::create_dir(root)?;
        let path = root.join(LOCK_FILE);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| StorageError::io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {
                // The pid is only for the other player's message.
                let _ = file.set_len(0);
                let _ = file.seek(SeekFrom::Start(0));
                let _ = write!(file, "{}", std::process::id());
                Ok(LockOutcome::Owner(DataLock { _file: file }))
            }
            Err(TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.take(32).read_to_string(&mut text);
                Ok(LockOutcome::Held {
                    pid: text.trim().parse().ok(),
                })
            }
            Err(TryLockError::Error(e)) => Err(StorageError::io(&path, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_directory_is_refused_until_the_first_goes() {
        let dir = std::env::temp_dir().join(format!("termdoku-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = DataLock::acquire(&dir).unwrap();
        assert!(matches!(first, LockOutcome::Owner(_)));
        match DataLock::acquire(&dir).unwrap() {
            LockOutcome::Held { pid } => assert_eq!(pid, Some(std::process::id())),
            LockOutcome::Owner(_) => panic!("locked twice"),
        }
        drop(first);
        assert!(matches!(
            DataLock::acquire(&dir).unwrap(),
            LockOutcome::Owner(_)
        ));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_starting_player_waits_for_a_leaving_owner() {
        let dir = std::env::temp_dir().join(format!("termdoku-lock-wait-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = DataLock::acquire(&dir).unwrap();
        let leaving = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            drop(first);
        });
        let wait = std::time::Duration::from_secs(10);
        assert!(matches!(
            DataLock::acquire_waiting(&dir, wait).unwrap(),
            LockOutcome::Owner(_)
        ));
        leaving.join().unwrap();
        // A lock file that is a directory cannot be locked: an error, not an owner.
        let other = dir.join("sub");
        std::fs::create_dir_all(other.join(LOCK_FILE)).unwrap();
        assert!(DataLock::acquire(&other).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}
