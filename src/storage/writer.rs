//! Saves written off the event loop: [`SaveWriter`] owns a thread that writes the autosave.
//!
//! The event loop hands over a copy of the game ([`SaveWriter::submit`]) and goes on; the thread
//! encodes and writes it atomically. A game submitted while an earlier one still waits replaces
//! it (only the latest state matters). A failed write is kept for the event loop to show
//! ([`SaveWriter::take_error`]); [`SaveWriter::flush`] waits until everything submitted is on disk
//! (before quitting). On start the thread first removes the temporary files of interrupted writes
//! ([`Store::remove_orphan_temps`]).

use super::{SavedGame, StorageError, Store};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// The writer thread's handle; dropping it writes what is pending and stops the thread.
pub struct SaveWriter {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    /// Signalled on a submission and on close.
    work: Condvar,
    /// Signalled when the thread becomes idle.
    idle: Condvar,
}

#[derive(Default)]
struct State {
    pending: Option<SavedGame>,
    busy: bool,
    closing: bool,
    /// The outcome of the latest write that failed, until taken.
    error: Option<StorageError>,
    /// Writes finished (for tests and diagnostics).
    written: u64,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock cannot leave the state inconsistent (plain fields).
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl SaveWriter {
    /// Starts the writer thread for `store`.
    pub fn spawn(store: Store) -> SaveWriter {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                busy: true,
                ..State::default()
            }),
            work: Condvar::new(),
            idle: Condvar::new(),
        });
        let s = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("termdoku-save".into())
            .spawn(move || run(&s, &store))
            .ok();
        if thread.is_none() {
            // No thread: nothing will ever be written; say so on every flush.
            let mut st = shared.lock();
            st.busy = false;
            st.closing = true;
        }
        SaveWriter { shared, thread }
    }

    /// Queues `game` for writing (replacing a game that waits) and returns at once.
    pub fn submit(&self, game: SavedGame) {
        let mut st = self.shared.lock();
        st.pending = Some(game);
        drop(st);
        self.shared.work.notify_one();
    }

    /// The error of the latest failed write, once (a later successful write clears it).
    pub fn take_error(&self) -> Option<StorageError> {
        self.shared.lock().error.take()
    }

    /// Waits until every submitted game is written. `Err`: the last write failed (the error is
    /// taken), or the writer thread could not be started.
    pub fn flush(&self) -> Result<(), StorageError> {
        let mut st = self.shared.lock();
        while (st.busy || st.pending.is_some()) && self.thread.is_some() {
            st = self.shared.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        if self.thread.is_none() {
            return Err(StorageError::Io {
                path: Default::default(),
                source: std::io::Error::other("the save thread could not be started"),
            });
        }
        match st.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// How many writes have finished (successful or not).
    pub fn writes(&self) -> u64 {
        self.shared.lock().written
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.work.notify_one();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn run(shared: &Shared, store: &Store) {
    store.remove_orphan_temps();
    let mut st = shared.lock();
    loop {
        st.busy = false;
        shared.idle.notify_all();
        while st.pending.is_none() && !st.closing {
            st = shared.work.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        let Some(game) = st.pending.take() else {
            return; // closing with nothing pending
        };
        st.busy = true;
        drop(st);
        let result = store.write_autosave(&game);
        st = shared.lock();
        st.written += 1;
        st.error = result.err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Board;
    use crate::editor::Editor;

    fn temp_store(tag: &str) -> (Store, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("termdoku-writer-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        (Store::at(&dir), dir)
    }

    fn game(secs: u64) -> SavedGame {
        let mut g = SavedGame::new(Editor::new(Board::empty()));
        g.elapsed_secs = secs;
        g
    }

    #[test]
    fn writes_the_latest_game_and_flushes() {
        let (store, dir) = temp_store("latest");
        let w = SaveWriter::spawn(store.clone());
        for s in 0..50 {
            w.submit(game(s));
        }
        w.flush().unwrap();
        assert!(w.writes() >= 1 && w.writes() <= 50);
        assert_eq!(store.read_autosave().unwrap().unwrap().elapsed_secs, 49);
        drop(w);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_failed_write_is_reported_once() {
        // The data directory is a file: every write fails.
        let (_, dir) = temp_store("fail");
        std::fs::write(&dir, b"not a directory").unwrap();
        let w = SaveWriter::spawn(Store::at(&dir));
        w.submit(game(1));
        assert!(w.flush().is_err());
        assert!(w.take_error().is_none(), "flush took it");
        w.submit(game(2));
        while w.writes() < 2 {
            std::thread::yield_now();
        }
        assert!(w.take_error().is_some());
        assert!(w.take_error().is_none());
        drop(w);
        let _ = std::fs::remove_file(dir);
    }

    #[test]
    fn dropping_the_writer_writes_what_is_pending() {
        let (store, dir) = temp_store("drop");
        let w = SaveWriter::spawn(store.clone());
        w.submit(game(7));
        drop(w);
        assert_eq!(store.read_autosave().unwrap().unwrap().elapsed_secs, 7);
        let _ = std::fs::remove_dir_all(dir);
    }
}
