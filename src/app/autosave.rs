//! The autosave writer: the debounce (a change is written after [`AUTOSAVE_DEBOUNCE`] of quiet,
//! at the latest after [`AUTOSAVE_MAX_WAIT`]), the journal of moves ([`MoveLog`]: every move on
//! disk as it is made, folded by the next autosave), the data directory's lock, and the
//! background [`SaveWriter`] that writes saves off the event loop. Owns [`Unsaved`]: what the
//! autosave has not written yet.
//!
//! A second player (the lock is held by another, or cannot be taken) keeps an autosave and a
//! journal of its own in `players/<pid>-<time>/` (its *home*), locked the same way: on quit its
//! game goes to a saved game and the home is removed; a home left by a player that did not quit
//! is recovered as a saved game by the next start ([`recover_players`]). When the owner leaves,
//! a second player takes the autosave over ([`Autosave::if_due`]).

use super::movelog::{self, MoveLog, Observed};
use super::{persist, App};
use crate::storage::lock::{DataLock, LockOutcome};
use crate::storage::{self, SaveWriter, SavedGame, Store};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the autosave has not written yet: whether anything saved with the game changed, and
/// how many changes of the game there were (the debounce starts again when the count moves).
/// The player's modules say what changed; only the autosave (and the start, whose first save
/// is written before the first frame) says it is saved.
#[derive(Clone, Debug, Default)]
pub struct Unsaved {
    dirty: bool,
    changes: u64,
}

impl Unsaved {
    /// A change of the game (a move, another board): saved soon, the debounce starts again.
    pub fn changed(&mut self) {
        self.dirty = true;
        self.changes += 1;
    }

    /// A change of what is saved with the game besides its moves (a mode, a filter, the
    /// clock, a hint): saved with the next autosave.
    pub fn touched(&mut self) {
        self.dirty = true;
    }

    /// Everything is saved.
    pub fn saved(&mut self) {
        self.dirty = false;
    }

    /// Something waits for the autosave.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Changes of the game so far in this run.
    pub fn count(&self) -> u64 {
        self.changes
    }
}

/// Quiet time after the last change before the autosave is written.
pub const AUTOSAVE_DEBOUNCE: Duration = Duration::from_millis(400);
/// Longest time a change waits for the autosave while the player keeps typing.
pub const AUTOSAVE_MAX_WAIT: Duration = Duration::from_secs(3);
/// The same when every move is in the journal as it is made (the autosave then only folds it).
pub const AUTOSAVE_MAX_WAIT_JOURNALED: Duration = Duration::from_secs(30);
/// A journal this large is started afresh after the next autosave.
pub const JOURNAL_ROTATE_BYTES: u64 = 4 << 20;
/// How long a starting player waits for the owner of the autosave to leave (a terminal closed
/// and termdoku started again at once).
pub const LOCK_WAIT: Duration = Duration::from_secs(2);
/// How often a second player tries to take the autosave over.
pub const TAKEOVER_EVERY: Duration = Duration::from_secs(1);
/// The directory (in the data directory) of the second players' homes.
pub const PLAYERS_DIR: &str = "players";

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
    pub lock: Option<DataLock>,
    /// Another player owns the autosave, or it cannot be locked: this one keeps its game in its
    /// home (why, for the messages).
    pub held: Option<String>,
    /// Where this player's autosave and journal go when it is not the data directory (a second
    /// player's home), and the home's lock.
    pub home: Option<Store>,
    home_lock: Option<DataLock>,
    /// When a second player tries to take the autosave over next.
    next_takeover: Option<Instant>,
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
            home: None,
            home_lock: None,
            next_takeover: None,
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
        let Some(store) = self.home.clone().or_else(|| store.cloned()) else {
            return;
        };
        let store = &store;
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
                // A new game: its autosave on disk now, before the journal goes on from it (a
                // move journaled after a reset needs the save of that reset).
                Ok(Observed::Replaced) => {
                    if let Err(err) = self.try_save(app, store, true) {
                        app.error(format!("Autosave failed: {err}"));
                    }
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
        if app.unsaved.dirty {
            let now = (self.now)();
            self.first_unsaved.get_or_insert(now);
            if app.unsaved.changes != self.seen_changes || self.last_unsaved.is_none() {
                self.seen_changes = app.unsaved.changes;
                self.last_unsaved = Some(now);
            }
        }
    }

    /// Saves the game: through the background writer when there is one (waiting for the write
    /// when `wait`, else reporting an earlier failed write), else in place. A second player
    /// writes to its home, and when `wait` (quitting) its game goes to a saved game.
    pub fn try_save(
        &mut self,
        app: &mut App,
        store: Option<&Store>,
        wait: bool,
    ) -> Result<(), String> {
        self.first_unsaved = None;
        self.last_unsaved = None;
        app.unsaved.saved();
        let mut game = saved_game(app);
        game.journal = self.log.as_ref().map(MoveLog::mark);
        if let Some(latest) = &self.latest {
            if let Ok(mut l) = latest.lock() {
                *l = game.clone();
            }
        }
        let home = self.home.clone().or_else(|| store.cloned());
        let written = match (&self.writer, home) {
            (Some(w), _) => {
                w.submit(game);
                if wait {
                    w.flush()
                } else {
                    w.take_error().map_or(Ok(()), Err)
                }
                .map_err(|e| e.to_string())
            }
            (None, Some(home)) => home.write_autosave(&game).map_err(|e| e.to_string()),
            (None, None) => Err("no data directory (set TERMDOKU_DATA_DIR)".into()),
        };
        if self.held.is_some() && wait {
            return self.save_held_game(app, store);
        }
        written
    }

    /// Quitting without the autosave (another player owns it): a game that was played goes to a
    /// saved game of its own, named after the time, and the player is told where; the home goes.
    fn save_held_game(&mut self, app: &App, store: Option<&Store>) -> Result<(), String> {
        if app.unsaved.changes > 0 {
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
        } else {
            self.note = Some(String::new());
        }
        self.remove_home();
        Ok(())
    }

    /// Removes a second player's home (its game is in a saved game now).
    fn remove_home(&mut self) {
        self.log = None;
        // The writer finishes what it was given before the files go.
        self.writer = None;
        if let Some(home) = self.home.take() {
            let _ = std::fs::remove_dir_all(home.root());
        }
        self.home_lock = None;
    }

    /// Makes this player a second player with a home of its own under `store` (`why`: for the
    /// messages). The home is made under a hidden name and locked before it gets its name, so
    /// that a starting player never takes it for the home of a player that is gone.
    pub fn become_second(&mut self, store: &Store, why: String) -> Result<(), String> {
        self.held = Some(why);
        let players = store.root().join(PLAYERS_DIR);
        static HOMES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = HOMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("{}-{}-{n}", std::process::id(), storage::unix_now());
        let fresh = players.join(format!(".new-{name}"));
        storage::create_dir(&fresh).map_err(|e| e.to_string())?;
        self.home_lock = match DataLock::acquire(&fresh) {
            Ok(LockOutcome::Owner(l)) => Some(l),
            _ => None,
        };
        let dir = players.join(&name);
        std::fs::rename(&fresh, &dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        self.home = Some(Store::at(dir));
        Ok(())
    }

    /// A second player takes the autosave over once its owner has left (tried every
    /// [`TAKEOVER_EVERY`]): the owner's last game is kept as a saved game (unless it is this
    /// one), this game becomes the autosave with a fresh journal, the home goes.
    fn try_take_over(&mut self, app: &mut App, store: Option<&Store>) {
        let (Some(_), Some(store)) = (&self.held, store) else {
            return;
        };
        let now = (self.now)();
        if self.next_takeover.is_some_and(|t| now < t) {
            return;
        }
        self.next_takeover = Some(now + TAKEOVER_EVERY);
        let Ok(LockOutcome::Owner(lock)) = DataLock::acquire(store.root()) else {
            return;
        };
        let left = movelog::recover(store);
        let mut kept = None;
        if let Some(g) = left.game.filter(|g| !same_game(g, app)) {
            let name = format!("left-{}", storage::unix_now());
            if let Err(e) = store.save_slot(&name, &g) {
                app.error(format!(
                    "The other termdoku left; its game could not be kept: {e}"
                ));
                return;
            }
            kept = Some(name);
        }
        let old_home = self.home.take();
        if self.writer.is_some() {
            // The old writer finishes (into the old home) before the new one starts.
            self.writer = Some(SaveWriter::spawn(store.clone()));
        }
        self.held = None;
        self.lock = Some(lock);
        self.log = None;
        self.begin_journal(app, Some(store));
        if let Some(h) = old_home {
            let _ = std::fs::remove_dir_all(h.root());
        }
        self.home_lock = None;
        let mut text = "The other termdoku has quit: this one autosaves now".to_string();
        if let Some(name) = kept {
            text.push_str(&format!(" (its game is saved as \"{name}\")"));
        }
        match left.note {
            Some(n) => app.error(format!("{text}; {n}")),
            None => app.info(text),
        }
    }

    /// The last save before the process ends (a signal, a crash, the end of the loop): the
    /// autosave, or for a player without it a saved game of its own. `true` when it is written.
    pub fn save_for_exit(&mut self, app: &mut App, store: Option<&Store>) -> bool {
        if self.held.is_some() {
            return self.note.is_some() || self.try_save(app, store, true).is_ok();
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
        let home = self.home.clone().or_else(|| store.cloned());
        if let (Some(log), Some(home)) = (&mut self.log, home) {
            if let Err(e) = log.rotate(&home) {
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
    /// A second player tries to take the autosave over first.
    pub fn if_due(&mut self, app: &mut App, store: Option<&Store>, now: Instant) -> bool {
        self.try_take_over(app, store);
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

/// Whether a saved game is the game of `app` (same board and history length).
fn same_game(g: &SavedGame, app: &App) -> bool {
    let (editor, _, _) = movelog::tracked(app);
    g.editor.board() == editor.board() && g.editor.undo_len() == editor.undo_len()
}

/// Homes of second players that ended without quitting (killed, the terminal closed): each game
/// is folded with its journal and saved as a slot of `store`, and the home removed. Homes whose
/// player still runs (their lock is held) are left alone. The messages say what was found.
pub fn recover_players(store: &Store) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(store.root().join(PLAYERS_DIR)) else {
        return Vec::new();
    };
    let mut notes = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let dir = e.path();
        if name.starts_with('.') || !dir.is_dir() {
            continue;
        }
        let Ok(LockOutcome::Owner(_lock)) = DataLock::acquire(&dir) else {
            continue;
        };
        let home = Store::at(&dir);
        let r = movelog::recover(&home);
        if let Some(game) = &r.game {
            let slot = format!("recovered-{name}");
            match store.save_slot(&slot, game) {
                Ok(_) => notes.push(format!(
                    "A second termdoku did not quit: its game ({} from its journal) is saved \
                     as \"{slot}\" (o opens it)",
                    super::plural(r.replayed, "move")
                )),
                Err(e) => {
                    notes.push(format!(
                        "A second termdoku's game in {} could not be saved: {e}",
                        dir.display()
                    ));
                    continue;
                }
            }
        }
        match r.note {
            // Damaged files stay, under a name the next start passes by.
            Some(n) => {
                for f in [
                    home.autosave_path(),
                    home.root().join(movelog::JOURNAL_FILE),
                ] {
                    let _ = std::fs::remove_file(f);
                }
                let kept = dir.with_file_name(format!(".kept-{name}"));
                let _ = std::fs::rename(&dir, &kept);
                let n = n.replace(&dir.display().to_string(), &kept.display().to_string());
                notes.push(format!("A second termdoku's game: {n}"));
            }
            None => {
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
    }
    notes
}
