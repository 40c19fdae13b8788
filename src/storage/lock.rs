//! One player at a time owns the autosave of a data directory: [`DataLock`] holds an exclusive
//! lock on `<data dir>/autosave.lock` (released by the system when the process ends, also when
//! it is killed). A second player on the same directory does not get it; it does not write the
//! autosave or the journal, so it never overwrites the first player's game.

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
}
