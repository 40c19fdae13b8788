//! The running player: [`Session`] (the app plus its clipboard, save store, background worker and
//! clock; runs effects, debounces the autosave) and [`play`] (terminal setup, the crossterm event
//! loop, signals, panic safety). Drawing comes from outside as a [`Frontend`].

use super::action::Shared;
use super::clipboard::{Clipboard, CopyRoute, SystemClipboard};
use super::key::{parse_seq, KeyChord, KeyParseError};
use super::movelog::{MoveLog, Observed};
use super::saves::open_slot_menu;
use super::update;
use super::{movelog, persist, puzzles, Action, App, Effect, Game};
use crate::domain::{Board, Cell};
use crate::storage::{self, Config, SaveWriter, SavedGame, Store};
use crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
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
/// How often the event loop wakes up without input (clock, autosave, signals, background work).
pub const TICK: Duration = Duration::from_millis(200);
/// Largest puzzle file the player reads (a collection of 100,000 lines is far below).
pub const MAX_OPEN_BYTES: usize = 64 << 20;

/// A puzzle given on the command line: one puzzle, or a file of many.
#[derive(Clone, Debug)]
pub struct Opening {
    pub board: Board,
    pub name: String,
    /// The SE rating of the puzzle's text (`ED=` trailer).
    pub se_rating: Option<String>,
    /// A file of many puzzles: its path and lines (the board is its first puzzle).
    pub collection: Option<(String, Vec<String>)>,
}

/// The file in the data directory that keeps the picker's level filter between runs.
pub const PICKER_FILE: &str = "picker-level";

/// The clock a session reads (injected in tests).
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// Maps a terminal position to a board cell, for a terminal of a size: `(width, height, x, y)`.
pub type Locate = fn(u16, u16, u16, u16) -> Option<Cell>;

/// The app with what its effects need.
pub struct Session {
    pub app: App,
    pub clipboard: Box<dyn Clipboard>,
    pub store: Option<Store>,
    first_unsaved: Option<Instant>,
    last_unsaved: Option<Instant>,
    seen_changes: u64,
    /// The latest state, for the signal thread when the event loop cannot save (see [`play`]).
    pub latest: Option<Arc<Mutex<SavedGame>>>,
    /// Writes the autosave off the event loop when set (see [`play`]); else saves are written
    /// in place.
    pub writer: Option<SaveWriter>,
    /// Where mouse clicks land (given by the frontend); without it clicks are ignored.
    pub locate: Option<Locate>,
    /// The terminal size last seen.
    pub screen: (u16, u16),
    now: Clock,
    jobs: (Sender<Action>, Receiver<Action>),
    running: usize,
    /// Printed on standard error after the terminal is restored (a failed save on quit).
    pub exit_message: Option<String>,
    /// Printed on standard error after the terminal is restored, not a failure (where the game
    /// of a player without the autosave went).
    pub exit_note: Option<String>,
    /// The journal of moves (the player owning the autosave, see [`Session::start`]).
    pub log: Option<MoveLog>,
    /// The data directory's lock, held while this player owns the autosave.
    lock: Option<storage::DataLock>,
    /// Another player owns the autosave: this one writes none (why, for the messages).
    pub autosave_held: Option<String>,
    /// How long a step search may hold the event loop before it goes on in the background (the
    /// status line then says it is searching, and the hint comes when it is found). `None`
    /// searches in place and returns with the answer (tests, scripts).
    pub hint_wait: Option<Duration>,
    /// The background SE rating of the panel (off until [`Session::enable_se_rating`]).
    se_rater: super::se_rating::Rater,
    /// Stops the background rating of a collection (set when the picker closes).
    collection_job: Option<Arc<AtomicBool>>,
}

/// How long the player waits for a step search before drawing the "searching" status: about a
/// frame, so that the common fast hint never flickers through it.
pub const HINT_WAIT: Duration = Duration::from_millis(30);

impl Session {
    pub fn new(app: App, clipboard: Box<dyn Clipboard>, store: Option<Store>) -> Session {
        let mut app = app;
        let mut stats_error = None;
        if let Some(store) = &store {
            match storage::stats::read_stats(&store.stats_path()) {
                Ok(stats) => app.stats = stats,
                Err(e) => stats_error = Some(e),
            }
            // A regular file of a few bytes only (never wait on a FIFO at start).
            if let Ok(level) = storage::read_limited(&store.root().join(PICKER_FILE), 64) {
                app.picker.level =
                    crate::solver::Level::from_name(String::from_utf8_lossy(&level).trim());
            }
        }
        let mut s = Session {
            app,
            clipboard,
            store,
            first_unsaved: None,
            last_unsaved: None,
            seen_changes: 0,
            latest: None,
            writer: None,
            locate: None,
            screen: (0, 0),
            now: Arc::new(Instant::now),
            jobs: channel(),
            running: 0,
            exit_message: None,
            exit_note: None,
            log: None,
            lock: None,
            autosave_held: None,
            hint_wait: None,
            se_rater: super::se_rating::Rater::default(),
            collection_job: None,
        };
        if let Some(e) = stats_error {
            s.report_stats_error(&e);
        }
        s
    }

    /// Replaces the clock (tests drive the autosave debounce with it).
    pub fn set_clock(&mut self, now: Clock) {
        self.now = now;
    }

    /// What the player opens: the given puzzle, else the autosave, else the embedded default.
    /// A collection resumes its autosaved game when that game came from it. Problems (config,
    /// unreadable autosave) end up in the status line, long ones in a message box.
    pub fn start(
        opening: Option<Opening>,
        config: Config,
        store: Option<Store>,
        clipboard: Box<dyn Clipboard>,
    ) -> Session {
        let mut notes: Vec<(bool, String)> = Vec::new();
        let mut resumed = None;
        let mut lock = None;
        let mut held = None;
        let mut replayed = 0;
        if let Some(store) = &store {
            // The lock first: the owner folds the journal, and nobody else may write meanwhile.
            match storage::DataLock::acquire(store.root()) {
                Ok(storage::lock::LockOutcome::Owner(l)) => lock = Some(l),
                Ok(storage::lock::LockOutcome::Held { pid }) => held = Some(pid),
                Err(e) => notes.push((true, format!("The data directory cannot be locked: {e}"))),
            }
            match movelog::recover(store) {
                Ok(r) => {
                    resumed = r.game;
                    replayed = r.replayed;
                    notes.extend(r.note.map(|n| (true, n)));
                }
                Err(e) => notes.push((true, e.to_string())),
            }
        }
        let default_game = || {
            let (board, name, level) = puzzles::default_puzzle();
            (board, Game::named(name, Some(level)))
        };
        let mut app = App::new(Board::empty(), Game::default(), config);
        let mut fx = Vec::new();
        match opening {
            Some(o) => match o.collection {
                Some((path, lines)) => {
                    // The autosave's game came from this file: resume it where it was.
                    let index = match resumed.take() {
                        Some(g)
                            if g.player
                                .as_ref()
                                .and_then(|p| p.collection.as_ref())
                                .is_some_and(|c| c.path == path) =>
                        {
                            super::saves::restore_saved(&mut app, &g, &mut fx);
                            app.collection.as_ref().map_or(0, |c| c.index)
                        }
                        _ => 0,
                    };
                    fx.extend(update::update(
                        &mut app,
                        Action::CollectionRead {
                            path,
                            lines: Shared::new(lines),
                            index,
                            pick: true,
                        },
                    ));
                }
                None => {
                    let mut game = Game::named(o.name.clone(), None);
                    game.se_rating = o.se_rating;
                    app.editor =
                        crate::editor::Editor::with_mode(o.board, app.config.candidate_mode);
                    app.game = game;
                    app.ui.cursor = super::first_empty(app.board()).unwrap_or(Cell::from_index(0));
                    notes.push((false, opened_note(&o.name, app.board())));
                }
            },
            None => match resumed {
                Some(g) => {
                    super::saves::restore_saved(&mut app, &g, &mut fx);
                    notes.push((
                        false,
                        match replayed {
                            0 => "Resumed the autosave".into(),
                            n => format!(
                                "Resumed the autosave and {} from the journal",
                                super::plural(n, "move")
                            ),
                        },
                    ));
                }
                None => {
                    let (board, game) = default_game();
                    app.editor = crate::editor::Editor::with_mode(board, app.config.candidate_mode);
                    app.game = game;
                    app.ui.cursor = super::first_empty(app.board()).unwrap_or(Cell::from_index(0));
                    app.next_puzzle[0] = 1;
                }
            },
        }
        let mut s = Session::new(app, clipboard, store);
        s.lock = lock;
        if let Some(pid) = held {
            let who = pid.map_or_else(
                || "Another termdoku".to_string(),
                |p| format!("Another termdoku (pid {p})"),
            );
            notes.insert(
                0,
                (
                    true,
                    format!(
                        "{who} plays from this data directory: this one does not autosave \
                         (on quit the game goes to a saved game; s saves one now)"
                    ),
                ),
            );
            s.autosave_held = Some(who);
        }
        // "New game" starts at a different place in each level's list on each run.
        let seed = crate::solver::generate::time_seed() as usize;
        for (i, next) in s.app.next_puzzle.iter_mut().enumerate() {
            *next += (seed >> (3 * i)) & 0xffff;
        }
        // A problem with the autosave always shows (in a box when long); other notes only
        // when nothing else (keymap problems, the collection) took the status line.
        for (err, text) in notes {
            if err {
                s.long_error("Notice", text);
            } else if s.app.ui.status.is_none() {
                s.app.info(text);
            }
        }
        fx.extend(update::background(&mut s.app));
        for e in fx {
            s.run_effect(e);
        }
        if s.autosave_held.is_none() {
            s.begin_journal();
        }
        s.app.dirty = false;
        s
    }

    /// Writes the autosave of the game as it starts (with the journal's moves folded in) and
    /// starts a fresh journal of moves for it. A failure is reported; the autosave then goes on
    /// without a journal.
    fn begin_journal(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let id = crate::solver::generate::time_seed() ^ (u64::from(std::process::id()) << 32);
        let mut game = self.saved_game();
        game.journal = Some(storage::JournalMark { id, seq: 0 });
        // The autosave before the journal: a crash in between leaves a stale journal that the
        // autosave already holds (another id), never moves without their base.
        let started = store
            .write_autosave(&game)
            .and_then(|()| MoveLog::start(&store, id, 0, &self.app));
        match started {
            Ok(log) => self.log = Some(log),
            Err(e) => self
                .app
                .error(format!("No journal of moves (autosave only): {e}")),
        }
    }

    /// An error in the status line, or in a message box when it is longer than the screen is
    /// wide (a path must stay readable).
    pub fn long_error(&mut self, title: &str, text: String) {
        let width = if self.screen.0 == 0 {
            80
        } else {
            self.screen.0
        };
        if text.chars().count() + 1 > usize::from(width) {
            self.app.ui.overlay = super::Overlay::Message {
                title: title.to_string(),
                text: text.clone(),
            };
        }
        self.app.error(text);
    }

    /// Handles one terminal event; `true` when the screen must be redrawn.
    pub fn handle_event(&mut self, ev: &Event) -> bool {
        match ev {
            Event::Key(k) if k.kind != KeyEventKind::Release => {
                if let Some(chord) = KeyChord::from_event(k) {
                    self.key(chord);
                }
                true
            }
            Event::Paste(text) => {
                self.dispatch(Action::PasteText(text.clone()));
                true
            }
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                let (w, h) = self.screen;
                if let Some(cell) = self.locate.and_then(|f| f(w, h, m.column, m.row)) {
                    self.dispatch(Action::ClickCell(cell));
                }
                true
            }
            Event::Resize(w, h) => {
                self.screen = (*w, *h);
                self.dispatch(Action::Resize {
                    width: *w,
                    height: *h,
                });
                true
            }
            _ => false,
        }
    }

    /// One key chord through the keymap.
    pub fn key(&mut self, chord: KeyChord) {
        #[cfg(debug_assertions)]
        if let Ok(k) = std::env::var("TERMDOKU_TEST_PANIC_KEY") {
            if parse_seq(&k).ok().as_deref() == Some(&[chord][..]) {
                panic!("test panic requested by TERMDOKU_TEST_PANIC_KEY");
            }
        }
        let fx = self.app.handle_key(chord);
        self.after_update(fx);
    }

    /// A key script (`"p5u<ctrl+r>yh"`), as if typed.
    pub fn press(&mut self, script: &str) -> Result<(), KeyParseError> {
        for chord in parse_seq(script)? {
            self.handle_event(&Event::Key(chord.to_event()));
        }
        Ok(())
    }

    /// Runs an action and its effects.
    pub fn dispatch(&mut self, action: Action) {
        let fx = update::update(&mut self.app, action);
        self.after_update(fx);
    }

    fn after_update(&mut self, fx: Vec<Effect>) {
        for e in fx {
            self.run_effect(e);
        }
        if !super::picker::is_open(&self.app) {
            if let Some(stop) = self.collection_job.take() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        if let Some(log) = &mut self.log {
            match log.observe(&self.app) {
                Ok(Observed::Same | Observed::Logged) => {}
                // A new game: its autosave now, the journal goes on from it.
                Ok(Observed::Replaced) => {
                    self.save_now();
                }
                Err(e) => {
                    self.log = None;
                    self.app.error(format!(
                        "The journal of moves failed ({e}): moves are kept by the autosave only"
                    ));
                    self.save_now();
                }
            }
        }
        if self.app.dirty {
            // Only a new change restarts the debounce (clock ticks do not).
            let now = (self.now)();
            self.first_unsaved.get_or_insert(now);
            if self.app.changes != self.seen_changes || self.last_unsaved.is_none() {
                self.seen_changes = self.app.changes;
                self.last_unsaved = Some(now);
            }
        }
    }

    /// Runs a job on a worker thread; its action comes back through [`Session::poll_background`].
    fn spawn(&mut self, job: impl FnOnce() -> Action + Send + 'static) {
        let tx = self.jobs.0.clone();
        self.running += 1;
        std::thread::spawn(move || {
            let _ = tx.send(job());
        });
    }

    /// Applies the results of finished background jobs; `true` when one arrived.
    pub fn poll_background(&mut self) -> bool {
        let mut any = false;
        while let Ok(a) = self.jobs.1.try_recv() {
            self.finish_job(a);
            any = true;
        }
        any
    }

    /// Applies background results as they come for at most `wait`, stopping at the first step
    /// search's answer.
    fn wait_for_step(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.jobs.1.recv_timeout(left) {
                Ok(a) => {
                    let found = matches!(a, Action::StepFound { .. });
                    self.finish_job(a);
                    if found {
                        return;
                    }
                }
                Err(_) => return,
            }
        }
    }

    /// Waits until every background job finished and applied its result (tests, benchmarks).
    pub fn wait_background(&mut self) {
        while self.running > 0 {
            match self.jobs.1.recv_timeout(Duration::from_secs(60)) {
                Ok(a) => self.finish_job(a),
                Err(_) => break,
            }
        }
    }

    /// Applies the result of a finished background job.
    fn finish_job(&mut self, result: Action) {
        // A collection's rating sends one action per puzzle and counts as one job; a partial
        // result (steps of a search that goes on) and the SE rating's progress leave the job
        // running too.
        if !matches!(result, Action::CollectionRated { last: false, .. })
            && !matches!(&result, Action::Steps(a) if a.is_partial())
            && !super::se_rating::is_progress(&result)
        {
            self.running = self.running.saturating_sub(1);
        }
        self.dispatch(result);
    }

    /// Starts computing the SE rating of the panel in the background from now on (the puzzle
    /// on screen first).
    pub fn enable_se_rating(&mut self) {
        if let Some(job) = self.se_rater.enable(&self.jobs.0) {
            self.spawn(job);
        }
    }

    /// Number of background jobs still running.
    pub fn background_jobs(&self) -> usize {
        self.running
    }

    fn run_effect(&mut self, e: Effect) {
        match e {
            Effect::ReadClipboard => match self.clipboard.get_text() {
                Ok(text) => self.dispatch(Action::PasteText(text)),
                Err(err) => self.dispatch(Action::PasteFailed(err.0)),
            },
            Effect::Copy { text, what } => match self.clipboard.set_text(&text) {
                Ok(CopyRoute::System) => self.app.info(format!("Copied as {what}")),
                Ok(CopyRoute::Osc52) => self.app.info(format!(
                    "Copied as {what} through the terminal (OSC 52): no system clipboard"
                )),
                Err(err) => self.app.error(format!("Copy failed: {err}")),
            },
            Effect::Save => {
                self.save_now();
            }
            Effect::SaveAndQuit => match self.try_save(true) {
                Ok(()) => {
                    self.exit_message = None;
                    self.app.quit = true;
                }
                Err(why) => {
                    self.exit_message = Some(format!("the game was not saved: {why}"));
                    self.dispatch(Action::QuitSaveFailed(why));
                }
            },
            Effect::SaveSlot { name, overwrite } => {
                let game = self.saved_game();
                match &self.store {
                    Some(store) if !overwrite && store.slot_exists(&name) => {
                        self.dispatch(Action::SlotExists(name));
                    }
                    Some(store) => match store.save_slot(&name, &game) {
                        Ok(_) => self.app.info(format!("Saved as \"{name}\"")),
                        Err(err) => self.long_error("Not saved", format!("Not saved: {err}")),
                    },
                    None => self.app.error("Not saved: no data directory"),
                }
            }
            Effect::ListSlots => match self.store.as_ref().map(Store::list_slots) {
                Some(Ok(slots)) if slots.is_empty() => {
                    self.app.error("No saved games yet (s saves one)")
                }
                Some(Ok(slots)) => {
                    let items = slots
                        .into_iter()
                        .map(|s| {
                            let label = match &s.summary {
                                Ok(sum) => format!(
                                    "{:<20} {:<16} {}{}",
                                    s.slot,
                                    sum.name.clone().unwrap_or_default(),
                                    super::clock(Duration::from_secs(sum.elapsed_secs)),
                                    if sum.solved { " solved" } else { "" }
                                ),
                                Err(e) => format!("{:<20} unreadable: {e}", s.slot),
                            };
                            (label, s.slot)
                        })
                        .collect();
                    open_slot_menu(&mut self.app, items);
                }
                Some(Err(err)) => self.long_error("Saved games", err.to_string()),
                None => self.app.error("No data directory"),
            },
            Effect::LoadSlot(name) => match self.store.as_ref().map(|s| s.open_slot(&name)) {
                Some(Ok(g)) => self.dispatch(Action::SlotLoaded {
                    name,
                    game: Shared::new(g),
                }),
                Some(Err(err)) => self.long_error("Cannot open the saved game", err.to_string()),
                None => self.app.error("No data directory"),
            },
            Effect::Quit => self.app.quit = true,
            Effect::Rate(givens) => {
                let slots = self.app.config.solver;
                self.spawn(move || Action::Rated(Box::new(super::rating::rate(givens, slots))))
            }
            Effect::FindStep {
                board,
                slots,
                engine,
            } => {
                let job = move || {
                    let found = super::marks::next_step(&board, slots, engine);
                    Action::StepFound {
                        engine: found.as_ref().map(|f| f.engine).unwrap_or_default(),
                        step: found.map(|f| Box::new(f.step)),
                        board: Box::new(board),
                    }
                };
                match self.hint_wait {
                    None => self.dispatch(job()),
                    Some(wait) => {
                        self.spawn(job);
                        if !wait.is_zero() {
                            self.wait_for_step(wait);
                        }
                    }
                }
            }
            Effect::RateSe(givens) => {
                if let Some(job) = self.se_rater.request(givens, &self.jobs.0) {
                    self.spawn(job);
                }
            }
            Effect::SolutionPath(board) => {
                let slots = self.app.config.solver;
                self.spawn(move || {
                    let steps = super::path::path_steps(&board, slots);
                    Action::PathReady {
                        board: Box::new(board),
                        steps,
                    }
                })
            }
            Effect::Generate(level) => {
                let seed = crate::solver::generate::time_seed() ^ self.app.changes;
                let slots = self.app.config.solver;
                self.spawn(move || Action::Generated {
                    level,
                    seed,
                    result: super::engine::generate(level, seed, slots)
                        .map(Box::new)
                        .map_err(|e| e.to_string()),
                });
            }
            Effect::ReadCollection { path, index, pick } => match read_text(&path) {
                Ok(text) => {
                    let lines = collection_lines(&text);
                    self.dispatch(Action::CollectionRead {
                        path,
                        lines: Shared::new(lines),
                        index,
                        pick,
                    });
                }
                Err(e) => self.dispatch(Action::CollectionFailed(e)),
            },
            Effect::Steps(e) => {
                let tx = self.jobs.0.clone();
                self.running += 1;
                super::all_steps::run(e, move |a| {
                    let _ = tx.send(a);
                });
            }
            Effect::RateCollection {
                path,
                lines,
                from,
                done,
            } => self.rate_collection(path, lines, from, done),
            Effect::SavePickerLevel(level) => {
                if let Some(store) = &self.store {
                    let text = level.map_or("", |l| l.name());
                    let _ = storage::write_atomic(&store.root().join(PICKER_FILE), text.as_bytes());
                }
            }
            Effect::RecordSolve { level, secs, hints } => {
                self.app.stats.record(&level, secs, hints);
                if let Some(store) = &self.store {
                    if let Err(e) =
                        storage::stats::write_stats(&store.stats_path(), &self.app.stats)
                    {
                        self.app.error(format!("Statistics not saved: {e}"));
                    }
                }
            }
        }
    }

    /// Rates a collection's puzzles on a worker thread, one [`Action::CollectionRated`] each,
    /// until done or until the picker closes (an earlier run of it stops).
    fn rate_collection(
        &mut self,
        path: String,
        lines: Shared<Vec<String>>,
        from: usize,
        done: std::collections::BTreeSet<usize>,
    ) {
        if let Some(old) = self.collection_job.take() {
            old.store(true, Ordering::Relaxed);
        }
        let stop = Arc::new(AtomicBool::new(false));
        self.collection_job = Some(Arc::clone(&stop));
        let tx = self.jobs.0.clone();
        let slots = self.app.config.solver;
        self.running += 1;
        std::thread::spawn(move || {
            let n = lines.0.len();
            for i in (0..n).map(|k| (from + k) % n).filter(|i| !done.contains(i)) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let level = super::engine::decode(&lines.0[i])
                    .ok()
                    .and_then(|p| super::rating::rate(p.board.givens_only(), slots).level());
                let rated = Action::CollectionRated {
                    path: path.clone(),
                    index: i,
                    level,
                    last: false,
                };
                if tx.send(rated).is_err() {
                    return;
                }
            }
            let _ = tx.send(Action::CollectionRated {
                path,
                index: 0,
                level: None,
                last: true,
            });
        });
    }

    /// The game as the save files store it (in enter-givens mode: the game left for it, with
    /// the givens typed so far as a draft).
    pub fn saved_game(&self) -> SavedGame {
        let (editor, game, _) = movelog::tracked(&self.app);
        let mut g = SavedGame::new(editor.clone());
        g.elapsed_secs = game.elapsed.as_secs().min(storage::MAX_ELAPSED_SECS);
        g.name = Some(game.name.clone());
        g.level = game.level;
        g.player = Some(persist::player_state(&self.app));
        g
    }

    /// Saves the game: through the background writer when there is one (waiting for the write
    /// when `wait`, else reporting an earlier failed write), else in place.
    fn try_save(&mut self, wait: bool) -> Result<(), String> {
        self.first_unsaved = None;
        self.last_unsaved = None;
        self.app.dirty = false;
        if self.autosave_held.is_some() {
            return if wait { self.save_held_game() } else { Ok(()) };
        }
        let mut game = self.saved_game();
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
        match self.store.as_ref().map(|s| s.write_autosave(&game)) {
            Some(Ok(())) => Ok(()),
            Some(Err(err)) => Err(err.to_string()),
            None => Err("no data directory (set TERMDOKU_DATA_DIR)".into()),
        }
    }

    /// Quitting without the autosave (another player owns it): a game that was played goes to a
    /// saved game of its own, named after the time, and the player is told where.
    fn save_held_game(&mut self) -> Result<(), String> {
        if self.app.changes == 0 {
            return Ok(());
        }
        let Some(store) = &self.store else {
            return Err("no data directory".into());
        };
        let name = format!("quit-{}-{}", storage::unix_now(), std::process::id());
        store
            .save_slot(&name, &self.saved_game())
            .map_err(|e| e.to_string())?;
        self.exit_note = Some(format!(
            "another termdoku owns the autosave: this game was saved as \"{name}\" (o opens it)"
        ));
        Ok(())
    }

    /// The last save before the process ends (a signal, a crash, the end of the loop): the
    /// autosave, or for a player without it a saved game of its own. `true` when it is written.
    pub fn save_for_exit(&mut self) -> bool {
        if self.autosave_held.is_some() {
            return self.exit_note.is_some() || self.save_held_game().is_ok();
        }
        self.save_now() && self.flush_saves()
    }

    /// Starts the journal afresh once it is large and an autosave holding all of it is on disk.
    fn rotate_journal_if_large(&mut self) {
        let large = self
            .log
            .as_ref()
            .is_some_and(|l| l.len() > JOURNAL_ROTATE_BYTES);
        if !large || !self.flush_saves() {
            return;
        }
        if let (Some(log), Some(store)) = (&mut self.log, &self.store) {
            if let Err(e) = log.rotate(store) {
                self.log = None;
                self.app.error(format!(
                    "The journal of moves failed ({e}): moves are kept by the autosave only"
                ));
            }
        }
    }

    /// Writes the autosave now; `false` (and a status message) when it failed.
    pub fn save_now(&mut self) -> bool {
        match self.try_save(false) {
            Ok(()) => true,
            Err(err) => {
                if self.store.is_some() {
                    self.app.error(format!("Autosave failed: {err}"));
                }
                false
            }
        }
    }

    /// Shows the error of a failed background save; `false` when there was one.
    fn report_save_error(&mut self) -> bool {
        match self.writer.as_ref().and_then(SaveWriter::take_error) {
            Some(err) => {
                self.app.error(format!("Autosave failed: {err}"));
                false
            }
            None => true,
        }
    }

    /// Waits until the background writer has written everything; `false` (and a status message)
    /// when the last write failed.
    pub fn flush_saves(&mut self) -> bool {
        match self.writer.as_ref().map(SaveWriter::flush) {
            Some(Err(err)) => {
                self.app.error(format!("Autosave failed: {err}"));
                false
            }
            _ => true,
        }
    }

    /// Writes the autosave when a change has rested long enough (or waited too long).
    pub fn autosave_if_due(&mut self, now: Instant) -> bool {
        if !self.report_save_error() {
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
                self.save_now();
                self.rotate_journal_if_large();
                true
            }
            _ => false,
        }
    }

    /// Whether a change waits for the autosave.
    pub fn unsaved(&self) -> bool {
        self.app.dirty
    }
}

/// "Opened NAME" with what is wrong with the puzzle, if anything.
fn opened_note(name: &str, board: &Board) -> String {
    match super::engine::solution_count(&board.givens_only()) {
        1 => format!("Opened {name}"),
        0 => format!(
            "Opened {name}: no solution ({})",
            super::paste::explain_no_solution(&board.givens_only())
        ),
        _ => format!("Opened {name}: several solutions (uniqueness techniques are off)"),
    }
}

/// The puzzle lines of a collection file: every non-empty line that is not a comment.
pub fn collection_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Reads a file (FIFOs too) through the one input reader, refusing directories and files over
/// [`MAX_OPEN_BYTES`]; the error names the file.
fn read_text(path: &str) -> Result<String, String> {
    crate::input::Source::File(path.into())
        .read_all_capped(MAX_OPEN_BYTES, "a puzzle collection")
        .map_err(|e| e.to_string())
}

/// Reads a command-line puzzle argument as the command line does ([`crate::input::Source`]):
/// an existing path (file or FIFO) or a word that looks like one is a file ("missing.txt: no
/// such file"), `-` standard input, anything else puzzle text. A file whose lines are each a
/// puzzle of its own is a collection. A puzzle without a solution is refused, as a paste is.
pub fn read_opening(arg: &str) -> Result<Opening, String> {
    use crate::input::Source;
    let source = Source::from_arg(Some(arg));
    let is_path = matches!(source, Source::File(_));
    let path = std::path::Path::new(arg);
    let text = match &source {
        Source::Literal(t) => t.clone(),
        _ => source
            .read_all_capped(MAX_OPEN_BYTES, "a puzzle collection")
            .map_err(|e| e.to_string())?,
    };
    if is_path {
        if let Some(lines) = super::engine::puzzle_list(&text) {
            let first = super::engine::decode(&lines[0]).map_err(|e| e.to_string())?;
            return Ok(Opening {
                board: first.board,
                name: format!("{} #1", file_name(path)),
                se_rating: super::paste::se_rating(first.meta.trailer.as_deref()),
                collection: Some((arg.to_string(), lines)),
            });
        }
    }
    let parsed = super::engine::decode(&text).map_err(|e| e.to_string())?;
    let givens = parsed.board.givens_only();
    // The command line's check and words: one way of reading an argument.
    if let Err(e) = crate::solver::check::check_state(&givens) {
        return Err(e.to_string());
    }
    let name = if is_path {
        file_name(path)
    } else {
        format!("{} puzzle", parsed.format.id())
    };
    Ok(Opening {
        board: parsed.board,
        name,
        se_rating: super::paste::se_rating(parsed.meta.trailer.as_deref()),
        collection: None,
    })
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into())
}

/// Draws a frame of the app (reads it only).
pub type Draw = Box<dyn FnMut(&mut ratatui::Frame, &App)>;

/// What draws the app and maps clicks: given by the binary, so the app never imports drawing.
pub struct Frontend {
    pub draw: Draw,
    pub locate: Locate,
}

/// The event loop: draw when needed, read events with a timeout, tick the clock, apply
/// background results, autosave, stop on quit or on a termination signal.
pub fn event_loop<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    session: &mut Session,
    frontend: &mut Frontend,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    if let Ok(size) = terminal.size() {
        session.screen = (size.width, size.height);
    }
    let mut redraw = true;
    let mut last_tick = Instant::now();
    let mut shown_secs = session.app.game.elapsed.as_secs();
    loop {
        if redraw {
            terminal
                .draw(|f| (frontend.draw)(f, &session.app))
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            redraw = false;
        }
        if session.app.quit {
            return Ok(());
        }
        if stop.load(Ordering::Relaxed) {
            session.save_now();
            return Ok(());
        }
        if event::poll(TICK)? {
            let ev = event::read()?;
            redraw |= session.handle_event(&ev);
            // Drain what is already queued (a fast typist, a paste) before drawing.
            while !session.app.quit && event::poll(Duration::ZERO)? {
                let ev = event::read()?;
                redraw |= session.handle_event(&ev);
            }
        }
        redraw |= session.poll_background();
        let now = Instant::now();
        let dt = now.duration_since(last_tick);
        if dt >= TICK {
            last_tick = now;
            session.dispatch(Action::Tick(dt));
            let secs = session.app.game.elapsed.as_secs();
            if secs != shown_secs {
                shown_secs = secs;
                redraw = true;
            }
        }
        // A failed save puts a message on screen.
        redraw |= session.autosave_if_due(now)
            && session
                .app
                .ui
                .status
                .as_ref()
                .is_some_and(|s| s.kind == super::StatusKind::Error);
    }
}

/// Runs the player in the terminal until quit. The terminal is restored on every path, also
/// after a panic (the game is saved, then the panic is reported). SIGTERM and SIGHUP save and
/// exit. `frontend` builds the drawing from the loaded config.
pub fn play(
    opening: Option<Opening>,
    frontend: impl FnOnce(&Config) -> Frontend,
) -> std::process::ExitCode {
    use crossterm::event::{
        DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    };
    use crossterm::execute;
    use std::process::ExitCode;

    let loaded = Config::load();
    let config_errors = super::report::config_errors(&loaded);
    let mut frontend = frontend(&loaded.config);
    let store = Store::from_env().ok();
    let clipboard = Box::new(SystemClipboard::new());
    let mut session = Session::start(opening, loaded.config, store, clipboard);
    session.hint_wait = Some(HINT_WAIT);
    session.enable_se_rating();
    session.locate = Some(frontend.locate);
    if let Ok(size) = crossterm::terminal::size() {
        session.screen = size;
    }
    session.report_config_errors(config_errors);
    session.writer = session.store.clone().map(SaveWriter::spawn);
    if session.store.is_none() {
        session
            .app
            .error("No data directory: the game will not be saved (set TERMDOKU_DATA_DIR)");
    }

    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(Mutex::new(session.saved_game()));
    session.latest = Some(Arc::clone(&latest));
    // With a journal every move is on disk already: a stuck loop is left without writing an
    // older game over the autosave.
    let signal_store = session
        .store
        .clone()
        .filter(|_| session.log.is_none() && session.autosave_held.is_none());
    watch_signals(&stop, &done, &latest, signal_store);

    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            eprintln!("termdoku: cannot use this terminal: {e}");
            return ExitCode::FAILURE;
        }
    };
    let _ = execute!(std::io::stdout(), EnableBracketedPaste, EnableMouseCapture);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(
            std::io::stdout(),
            DisableBracketedPaste,
            DisableMouseCapture
        );
        ratatui::restore();
        previous(info);
    }));

    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut session, &mut frontend, &stop)
    }));
    let _ = execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture
    );
    ratatui::restore();
    let saved = match &session.exit_message {
        // The player chose to quit without a save; do not try again.
        Some(_) if session.app.quit => false,
        _ => session.save_for_exit(),
    };
    done.store(true, Ordering::SeqCst);
    if let Some(msg) = &session.exit_message {
        eprintln!("termdoku: {msg}");
    }
    if let Some(note) = &session.exit_note {
        eprintln!("termdoku: {note}");
    }
    match result {
        Ok(Ok(())) if session.exit_message.is_some() => ExitCode::FAILURE,
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("termdoku: terminal error: {e}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!(
                "termdoku crashed (see the message above); {}",
                if saved {
                    "the game was saved and resumes on the next start"
                } else {
                    "the game could not be saved"
                }
            );
            ExitCode::from(101)
        }
    }
}

/// SIGTERM and SIGHUP ask the event loop to save and leave (`stop`). When the terminal is gone
/// the loop can be stuck inside crossterm's reader (it spins on end-of-file), so after a second
/// without `done` this thread writes the latest state itself and exits. Without the signal
/// thread (an error registering it) the default action stays; not fatal.
fn watch_signals(
    stop: &Arc<AtomicBool>,
    done: &Arc<AtomicBool>,
    latest: &Arc<Mutex<SavedGame>>,
    store: Option<Store>,
) {
    use signal_hook::consts::{SIGHUP, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP]) else {
        return;
    };
    let (stop, done, latest) = (Arc::clone(stop), Arc::clone(done), Arc::clone(latest));
    std::thread::spawn(move || {
        if signals.forever().next().is_none() {
            return;
        }
        stop.store(true, Ordering::SeqCst);
        for _ in 0..20 {
            if done.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if let (Some(store), Ok(game)) = (store, latest.lock()) {
            let _ = store.write_autosave(&game);
        }
        std::process::exit(0);
    });
}
