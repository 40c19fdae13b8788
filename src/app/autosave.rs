//! The autosave writer: the debounce (a change is written after [`AUTOSAVE_DEBOUNCE`] of quiet,
//! at the latest after [`AUTOSAVE_MAX_WAIT`]), the journal of moves ([`MoveLog`]: every move on
//! disk as it is made, folded by the next autosave), the data directory's lock (a second player
//! writes no autosave; its game goes to a saved game of its own on quit), and the background
//! [`SaveWriter`] that writes saves off the event loop.

use super::movelog::{self, MoveLog, Observed};
use super::{persist, App};
use crate::storage::{self, SaveWriter, SavedGame, Store};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Quiet time after the last change before the autosave is written.
pub const AUTOSAVE_DEBOUNCE: Duration = Duration::from_millis(400);
/// Longest time a change waits for the autosave while the player keeps typing.
pub const AUTOSAVE_MAX_WAIT: Duration = Duration::from_secs(3);
/// The same when every move is in the journal as it is made (the autosave then only folds it).
pub const AUTOSAVE_MAX_WAIT_JOURNALED: Duration = Duration::from_secs(30);
/// A journal this large is started afresh after the next autosave.
pub const JOURNAL_ROTATE_BYTES: u64 = 4 << 20;

/// The clock the autosave reads (injected in tests).
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// The autosave's state: what waits to be written, and where it goes.
pub struct Autosave {
    first_unsaved: Option<Instant>,
    last_unsaved: Option<Instant>,
    seen_changes: u64,
    now: Clock,
    /// The latest state, for the signal thread when the event loop cannot save (see
    /// [`super::run::play`]).
    pub latest: Option<Arc<Mutex<SavedGame>>>,
    /// Writes the autosave off the event loop when set; else saves are written in place.
    pub writer: Option<SaveWriter>,
    /// The journal of moves (the player owning the autosave).
    pub log: Option<MoveLog>,
    /// The data directory's lock, held while this player owns the autosave.
    pub lock: Option<storage::DataLock>,
    /// Another player owns the autosave: this one writes none (who, for the messages).
    pub held: Option<String>,
    /// Where the game of a player without the autosave went (printed after the terminal is
    /// restored).
    pub note: Option<String>,
}

impl Default for Autosave {
    fn default() -> Self {
        Autosave::new()
    }
}

impl Autosave {
    pub fn new() -> Autosave {
        Autosave {
            first_unsaved: None,
            last_unsaved: None,
            seen_changes: 0,
            now: Arc::new(Instant::now),
            latest: None,
            writer: None,
            log: None,
            lock: None,
            held: None,
            note: None,
        }
    }

    /// Replaces the clock (tests drive the debounce with it).
    pub fn set_clock(&mut self, now: Clock) {
        self.now = now;
    }

    /// Writes the autosave of the game as it starts (with the journal's moves folded in) and
    /// starts a fresh journal of moves for it. A failure is reported; the autosave then goes on
    /// without a journal.
    pub fn begin_journal(&mut self, app: &mut App, store: Option<&Store>) {
        let Some(store) = store else {
            return;
        };
        let id = crate::solver::generate::time_seed() ^ (u64::from(std::process::id()) << 32);
        let mut game = saved_game(app);
        game.journal = Some(storage::JournalMark { id, seq: 0 });
        // The autosave before the journal: a crash in between leaves a stale journal that the
        // autosave already holds (another id), never moves without their base.
        let started = store
            .write_autosave(&game)
            .and_then(|()| MoveLog::start(store, id, 0, app));
        match started {
            Ok(log) => self.log = Some(log),
            Err(e) => app.error(format!("No journal of moves (autosave only): {e}")),
        }
    }

    /// After every update: the move goes to the journal (a new game to the autosave at once),
    /// and a new change restarts the debounce (clock ticks do not).
    pub fn observe(&mut self, app: &mut App, store: Option<&Store>) {
        if let Some(log) = &mut self.log {
            match log.observe(app) {
                Ok(Observed::Same | Observed::Logged) => {}
                // A new game: its autosave now, the journal goes on from it.
                Ok(Observed::Replaced) => {
                    self.save_now(app, store);
                }
                Err(e) => {
                    self.log = None;
                    app.error(format!(
                        "The journal of moves failed ({e}): moves are kept by the autosave only"
                    ));
                    self.save_now(app, store);
                }
            }
        }
        if app.dirty {
            let now = (self.now)();
            self.first_unsaved.get_or_insert(now);
            if app.changes != self.seen_changes || self.last_unsaved.is_none() {
                self.seen_changes = app.changes;
                self.last_unsaved = Some(now);
            }
        }
    }

    /// Saves the game: through the background writer when there is one (waiting for the write
    /// when `wait`, else reporting an earlier failed write), else in place.
    pub fn try_save(
        &mut self,
        app: &mut App,
        store: Option<&Store>,
        wait: bool,
    ) -> Result<(), String> {
        self.first_unsaved = None;
        self.last_unsaved = None;
        app.dirty = false;
        if self.held.is_some() {
            return if wait {
                self.save_held_game(app, store)
            } else {
                Ok(())
            };
        }
        let mut game = saved_game(app);
        game.journal = self.log.as_ref().map(MoveLog::mark);
        if let Some(w) = &self.writer {
            w.submit(game);
            let written = if wait {
                w.flush()
            } else {
                w.take_error().map_or(Ok(()), Err)
            };
            return written.map_err(|e| e.to_string());
        }
        match store.map(|s| s.write_autosave(&game)) {
            Some(Ok(())) => Ok(()),
            Some(Err(err)) => Err(err.to_string()),
            None => Err("no data directory (set TERMDOKU_DATA_DIR)".into()),
        }
    }

    /// Quitting without the autosave (another player owns it): a game that was played goes to a
    /// saved game of its own, named after the time, and the player is told where.
    fn save_held_game(&mut self, app: &App, store: Option<&Store>) -> Result<(), String> {
        if app.changes == 0 {
            return Ok(());
        }
        let Some(store) = store else {
            return Err("no data directory".into());
        };
        let name = format!("quit-{}-{}", storage::unix_now(), std::process::id());
        store
            .save_slot(&name, &saved_game(app))
            .map_err(|e| e.to_string())?;
        self.note = Some(format!(
            "another termdoku owns the autosave: this game was saved as \"{name}\" (o opens it)"
        ));
        Ok(())
    }

    /// The last save before the process ends (a signal, a crash, the end of the loop): the
    /// autosave, or for a player without it a saved game of its own. `true` when it is written.
    pub fn save_for_exit(&mut self, app: &mut App, store: Option<&Store>) -> bool {
        if self.held.is_some() {
            return self.note.is_some() || self.save_held_game(app, store).is_ok();
        }
        self.save_now(app, store) && self.flush(app)
    }

    /// Starts the journal afresh once it is large and an autosave holding all of it is on disk.
    fn rotate_journal_if_large(&mut self, app: &mut App, store: Option<&Store>) {
        let large = self
            .log
            .as_ref()
            .is_some_and(|l| l.len() > JOURNAL_ROTATE_BYTES);
        if !large || !self.flush(app) {
            return;
        }
        if let (Some(log), Some(store)) = (&mut self.log, store) {
            if let Err(e) = log.rotate(store) {
                self.log = None;
                app.error(format!(
                    "The journal of moves failed ({e}): moves are kept by the autosave only"
                ));
            }
        }
    }

    /// Writes the autosave now; `false` (and a status message) when it failed.
    pub fn save_now(&mut self, app: &mut App, store: Option<&Store>) -> bool {
        match self.try_save(app, store, false) {
            Ok(()) => true,
            Err(err) => {
                if store.is_some() {
                    app.error(format!("Autosave failed: {err}"));
                }
                false
            }
        }
    }

    /// Shows the error of a failed background save; `false` when there was one.
    fn report_save_error(&mut self, app: &mut App) -> bool {
        match self.writer.as_ref().and_then(SaveWriter::take_error) {
            Some(err) => {
                app.error(format!("Autosave failed: {err}"));
                false
            }
            None => true,
        }
    }

    /// Waits until the background writer has written everything; `false` (and a status message)
    /// when the last write failed.
    pub fn flush(&mut self, app: &mut App) -> bool {
        match self.writer.as_ref().map(SaveWriter::flush) {
            Some(Err(err)) => {
                app.error(format!("Autosave failed: {err}"));
                false
            }
            _ => true,
        }
    }

    /// Writes the autosave when a change has rested long enough (or waited too long).
    pub fn if_due(&mut self, app: &mut App, store: Option<&Store>, now: Instant) -> bool {
        if !self.report_save_error(app) {
            return true;
        }
        let max_wait = if self.log.is_some() {
            AUTOSAVE_MAX_WAIT_JOURNALED
        } else {
            AUTOSAVE_MAX_WAIT
        };
        match (self.first_unsaved, self.last_unsaved) {
            (Some(first), Some(last))
                if now.saturating_duration_since(last) >= AUTOSAVE_DEBOUNCE
                    || now.saturating_duration_since(first) >= max_wait =>
            {
                self.save_now(app, store);
                self.rotate_journal_if_large(app, store);
                true
            }
            _ => false,
        }
    }
}

/// The game as the save files store it (in enter-givens mode: the game left for it, with the
/// givens typed so far as a draft).
pub fn saved_game(app: &App) -> SavedGame {
    let (editor, game, _) = movelog::tracked(app);
    let mut g = SavedGame::new(editor.clone());
    g.elapsed_secs = game.elapsed.as_secs().min(storage::MAX_ELAPSED_SECS);
    g.name = Some(game.name.clone());
    g.level = game.level;
    g.player = Some(persist::player_state(app));
    g
}
