//! [`Session`]: the app with what its effects need, in three parts: the effect runner (the
//! worker pool of [`super::jobs`] and the effects run in place), the autosave writer
//! ([`super::autosave`]) and the clipboard ([`super::clipboard`]). It turns terminal events into
//! actions, runs `update`, runs the effects, applies background results.

use super::autosave::{Autosave, Clock};
use super::clipboard::Clipboard;
use super::jobs::{self, JobKind, Jobs, Reporter};
use super::key::{parse_seq, KeyChord, KeyParseError};
use super::saves::open_slot_menu;
use super::shared::Shared;
use super::startup::{collection_lines, read_text, PICKER_FILE};
use super::{update, Action, App, Effect};
use crate::domain::Board;
use crate::solver::techniques::SlotSet;
use crate::storage::{self, HintEngine, SavedGame, Store};
use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Maps a terminal position to a board cell of the app as drawn in a terminal of a size:
/// `(app, width, height, x, y)`.
pub type Locate = fn(&App, u16, u16, u16, u16) -> Option<crate::domain::Cell>;

/// How long the player waits for a step search before drawing the "searching" status: about a
/// frame, so that the common fast hint never flickers through it.
pub const HINT_WAIT: Duration = Duration::from_millis(30);

/// The app with what its effects need.
pub struct Session {
    pub app: App,
    pub clipboard: Box<dyn Clipboard>,
    pub store: Option<Store>,
    /// The autosave, its journal of moves and its writer.
    pub autosave: Autosave,
    /// Where mouse clicks land (given by the frontend); without it clicks are ignored.
    pub locate: Option<Locate>,
    /// The terminal size last seen.
    pub screen: (u16, u16),
    /// Printed on standard error after the terminal is restored (a failed save on quit).
    pub exit_message: Option<String>,
    /// Printed on standard error after the terminal is restored, not a failure (config errors;
    /// where the game of a player without the autosave went is [`Autosave::note`]).
    pub exit_note: Option<String>,
    /// How long a step search may hold the event loop before it goes on in the background (the
    /// status line then says it is searching, and the hint comes when it is found). `None`
    /// searches in place and returns with the answer (tests, scripts).
    pub hint_wait: Option<Duration>,
    jobs: Jobs,
    /// The background SE rating of the panel (off until [`Session::enable_se_rating`]).
    /// HoDoKu's rating of the puzzle: the job under way, given up when the puzzle changes.
    rater: super::rating::Rater,
    se_rater: super::se_rating::Rater,
    /// Stops the background rating of a collection (set when the picker closes).
    collection_job: Option<Arc<AtomicBool>>,
    /// The background SE rating of a collection (off until [`Session::enable_se_rating`]).
    collection_se: super::collection_se::Runner,
}

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
                app.picker.restore_level(crate::solver::Level::from_name(
                    String::from_utf8_lossy(&level).trim(),
                ));
            }
        }
        let mut s = Session {
            app,
            clipboard,
            autosave: Autosave::new(),
            store,
            locate: None,
            screen: (0, 0),
            exit_message: None,
            exit_note: None,
            hint_wait: None,
            jobs: Jobs::new(),
            rater: super::rating::Rater::default(),
            se_rater: super::se_rating::Rater::default(),
            collection_job: None,
            collection_se: super::collection_se::Runner::default(),
        };
        if let Some(e) = stats_error {
            s.report_stats_error(&e);
        }
        s
    }

    /// Replaces the clock (tests drive the autosave debounce with it).
    pub fn set_clock(&mut self, now: Clock) {
        self.autosave.set_clock(now);
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
            self.app.ui.overlay.open(super::Overlay::Message {
                title: title.to_string(),
                text: text.clone(),
            });
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
                if let Some(cell) = self
                    .locate
                    .and_then(|f| f(&self.app, w, h, m.column, m.row))
                {
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
            self.collection_se.stop();
        }
        self.autosave.observe(&mut self.app, self.store.as_ref());
    }

    /// Runs a job on the worker pool; its actions come back through
    /// [`Session::poll_background`].
    pub fn submit(
        &mut self,
        kind: JobKind,
        job: impl FnOnce(&Reporter) -> Option<Action> + Send + 'static,
    ) {
        self.jobs.submit(kind, job);
    }

    /// Applies the results of finished background jobs; `true` when one arrived.
    pub fn poll_background(&mut self) -> bool {
        let mut any = false;
        while let Some(a) = self.jobs.next(Duration::ZERO) {
            self.dispatch(a);
            any = true;
        }
        any
    }

    /// Applies background results as they come for at most `wait`, stopping at the end of the
    /// first step search.
    fn wait_for_step(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let Some(a) = self.jobs.next(left) else {
                return;
            };
            let found = matches!(
                a,
                Action::StepFound { .. }
                    | Action::JobFailed {
                        job: JobKind::Hint,
                        ..
                    }
            );
            self.dispatch(a);
            if found {
                return;
            }
        }
    }

    /// Waits until every background job finished and applied its result (tests, benchmarks).
    pub fn wait_background(&mut self) {
        while self.jobs.running() > 0 {
            match self.jobs.next(Duration::from_secs(60)) {
                Some(a) => self.dispatch(a),
                None if self.jobs.running() == 0 => {}
                None => break,
            }
        }
    }

    /// Starts computing the SE rating of the panel in the background from now on (the puzzle
    /// on screen first).
    pub fn enable_se_rating(&mut self) {
        if let Some(job) = self.se_rater.enable() {
            self.jobs.submit(JobKind::SeRating, job);
        }
        if let Some(job) = self.collection_se.enable(self.se_cache_path()) {
            self.jobs.submit(JobKind::CollectionSeRating, job);
        }
    }

    /// The cache of SE ratings in the data directory.
    fn se_cache_path(&self) -> Option<std::path::PathBuf> {
        let store = self.store.as_ref()?;
        Some(store.root().join(storage::se_cache::SE_CACHE_FILE))
    }

    /// Number of background jobs still running.
    pub fn background_jobs(&self) -> usize {
        self.jobs.running()
    }

    pub(super) fn run_effect(&mut self, e: Effect) {
        match e {
            Effect::ReadClipboard => {
                let a = super::clipboard::paste(self.clipboard.as_mut());
                self.dispatch(a);
            }
            Effect::Copy { text, what } => {
                match super::clipboard::copy(self.clipboard.as_mut(), &text, &what) {
                    Ok(msg) => self.app.info(msg),
                    Err(msg) => self.app.error(msg),
                }
            }
            Effect::Save => {
                self.save_now();
            }
            Effect::SaveAndQuit => self.save_and_quit(),
            Effect::SaveSlot { name, overwrite } => self.save_slot(name, overwrite),
            Effect::ListSlots => self.list_slots(),
            Effect::LoadSlot(name) => match self.store.as_ref().map(|s| s.open_slot(&name)) {
                Some(Ok(g)) => self.dispatch(Action::SlotLoaded {
                    name,
                    game: Shared::new(g),
                }),
                Some(Err(err)) => self.long_error("Cannot open the saved game", err.to_string()),
                None => self.app.error("No data directory"),
            },
            Effect::Quit => self.app.quit.ask(),
            Effect::Rate(givens) => {
                let slots = self.app.config.solver;
                let solved = self.app.solution.shared(&givens);
                let job = self.rater.request(givens, slots, solved);
                self.jobs.submit(JobKind::Rating, move |_| {
                    job().map(|info| Action::Rated(Box::new(info)))
                })
            }
            Effect::FindStep {
                board,
                slots,
                engine,
            } => self.find_step(board, slots, engine),
            Effect::RateSe(givens) => {
                if let Some(job) = self.se_rater.request(givens) {
                    self.jobs.submit(JobKind::SeRating, job);
                }
            }
            Effect::SolutionPath(board, engine) => {
                let slots = self.app.config.solver;
                let solved = self.app.solution.shared(&board);
                self.jobs.submit(JobKind::Path, move |_| {
                    let steps = super::path::path_steps(&board, slots, engine, &solved);
                    Some(Action::PathReady {
                        board: Box::new(board),
                        steps,
                    })
                })
            }
            Effect::Generate(level) => {
                let seed = crate::solver::generate::time_seed() ^ self.app.unsaved.count();
                let slots = self.app.config.solver;
                self.jobs.submit(JobKind::Generate, move |_| {
                    Some(Action::Generated {
                        level,
                        seed,
                        result: super::engine::generate(level, seed, slots)
                            .map(Box::new)
                            .map_err(|e| e.to_string()),
                    })
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
                let kind = match e {
                    super::all_steps::StepsEffect::Search { .. } => JobKind::AllSteps,
                    super::all_steps::StepsEffect::Practice(_) => JobKind::Practice,
                };
                self.jobs.submit(kind, move |r| {
                    super::all_steps::run(e, &|a| {
                        r.send(Action::Steps(a));
                    });
                    None
                });
            }
            Effect::RateCollection {
                path,
                lines,
                from,
                done,
            } => self.rate_collection(path, lines, from, done),
            Effect::RateCollectionSe {
                path,
                lines,
                from,
                known,
                run,
            } => {
                let r = super::collection_se::Request {
                    path,
                    lines,
                    from,
                    known,
                    run,
                };
                if let Some(job) = self.collection_se.request(r, self.se_cache_path()) {
                    self.jobs.submit(JobKind::CollectionSeRating, job);
                }
            }
            Effect::FindDuplicates { path, lines } => {
                self.jobs.submit(JobKind::CollectionDuplicates, move |_| {
                    Some(Action::CollectionDuplicates {
                        of: super::picker::find_duplicates(&lines.0),
                        path,
                    })
                });
            }
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

    /// Saves the game and quits; a failed save asks the player what to do instead.
    fn save_and_quit(&mut self) {
        match self
            .autosave
            .try_save(&mut self.app, self.store.as_ref(), true)
        {
            Ok(()) => {
                self.exit_message = None;
                self.app.quit.ask();
            }
            Err(why) => {
                self.exit_message = Some(format!("the game was not saved: {why}"));
                let journaled = self.autosave.log.is_some();
                self.dispatch(Action::QuitSaveFailed { why, journaled });
            }
        }
    }

    /// Searches the hint's step: here and now when hints do not wait (tests, scripts), else as
    /// a job that the event loop waits a frame for.
    fn find_step(&mut self, board: Board, slots: SlotSet, engine: HintEngine) {
        let solved = self.app.solution.shared(&board);
        let job = move |_: &Reporter| {
            let found = super::marks::next_step(&board, slots, engine, &solved);
            Some(Action::StepFound {
                engine: found.as_ref().map(|f| f.engine).unwrap_or_default(),
                step: found.map(|f| Box::new(f.step)),
                board: Box::new(board),
            })
        };
        match self.hint_wait {
            None => self.run_in_place(JobKind::Hint, job),
            Some(wait) => {
                self.jobs.submit(JobKind::Hint, job);
                if !wait.is_zero() {
                    self.wait_for_step(wait);
                }
            }
        }
    }

    /// A job run here and now (no worker: tests, scripts), with its reports applied first and a
    /// panic caught as on a worker.
    fn run_in_place(
        &mut self,
        kind: JobKind,
        job: impl FnOnce(&Reporter) -> Option<Action> + Send + 'static,
    ) {
        let mut reports = Vec::new();
        let end = jobs::run_in_place(kind, job, &mut |a| reports.push(a));
        for a in reports.into_iter().chain(end) {
            self.dispatch(a);
        }
    }

    fn save_slot(&mut self, name: String, overwrite: bool) {
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

    fn list_slots(&mut self) {
        match self.store.as_ref().map(Store::list_slots) {
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
        }
    }

    /// Rates a collection's puzzles on a worker, one [`Action::CollectionRated`] each, until
    /// done or until the picker closes (an earlier run of it stops).
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
        let slots = self.app.config.solver;
        self.jobs.submit(JobKind::CollectionRating, move |r| {
            let n = lines.0.len();
            for i in (0..n).map(|k| (from + k) % n).filter(|i| !done.contains(i)) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let level = super::engine::decode(&lines.0[i]).ok().and_then(|p| {
                    let givens = p.board.givens_only();
                    let solved = super::Solved::of(&givens);
                    // A puzzle begun is rated to its end: the stop flag is checked between
                    // puzzles.
                    super::rating::rate(givens, slots, &solved, &AtomicBool::new(false))
                        .and_then(|info| info.level())
                });
                let rated = Action::CollectionRated {
                    path: path.clone(),
                    index: i,
                    level,
                    last: false,
                };
                if !r.send(rated) {
                    return None;
                }
            }
            Some(Action::CollectionRated {
                path,
                index: 0,
                level: None,
                last: true,
            })
        });
    }

    /// The game as the save files store it.
    pub fn saved_game(&self) -> SavedGame {
        super::autosave::saved_game(&self.app)
    }

    /// The last save before the process ends: the autosave, or for a player without it a saved
    /// game of its own. `true` when it is written.
    pub fn save_for_exit(&mut self) -> bool {
        self.autosave
            .save_for_exit(&mut self.app, self.store.as_ref())
    }

    /// Writes the autosave now; `false` (and a status message) when it failed.
    pub fn save_now(&mut self) -> bool {
        self.autosave.save_now(&mut self.app, self.store.as_ref())
    }

    /// Waits until the background writer has written everything; `false` (and a status message)
    /// when the last write failed.
    pub fn flush_saves(&mut self) -> bool {
        self.autosave.flush(&mut self.app)
    }

    /// Writes the autosave when a change has rested long enough (or waited too long).
    pub fn autosave_if_due(&mut self, now: Instant) -> bool {
        self.autosave
            .if_due(&mut self.app, self.store.as_ref(), now)
    }

    /// Whether a change waits for the autosave.
    pub fn unsaved(&self) -> bool {
        self.app.unsaved.is_dirty()
    }
}
