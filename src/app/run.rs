//! The running player: [`Session`] (the app plus its clipboard and save store; runs effects,
//! debounces the autosave) and [`play`] (terminal setup, the crossterm event loop, signals,
//! panic safety).

use super::clipboard::{Clipboard, CopyRoute, SystemClipboard};
use super::key::{parse_seq, KeyChord, KeyParseError};
use super::update::{clock, open_slot_menu};
use super::{puzzles, update, Action, App, Effect, Game};
use crate::domain::Board;
use crate::storage::{Config, SaveWriter, SavedGame, Store};
use crossterm::event::{self, Event, KeyEventKind, MouseButton, MouseEventKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Quiet time after the last change before the autosave is written.
pub const AUTOSAVE_DEBOUNCE: Duration = Duration::from_millis(400);
/// Longest time a change waits for the autosave while the player keeps typing.
pub const AUTOSAVE_MAX_WAIT: Duration = Duration::from_secs(3);
/// How often the event loop wakes up without input (clock, autosave, signals).
pub const TICK: Duration = Duration::from_millis(200);

/// A puzzle given on the command line.
#[derive(Clone, Debug)]
pub struct Opening {
    pub board: Board,
    pub name: String,
}

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
}

impl Session {
    pub fn new(app: App, clipboard: Box<dyn Clipboard>, store: Option<Store>) -> Session {
        Session {
            app,
            clipboard,
            store,
            first_unsaved: None,
            last_unsaved: None,
            seen_changes: 0,
            latest: None,
            writer: None,
        }
    }

    /// What the player opens: the given puzzle, else the autosave, else the embedded default.
    /// Problems (config, unreadable autosave) end up in the status line.
    pub fn start(
        opening: Option<Opening>,
        config: Config,
        store: Option<Store>,
        clipboard: Box<dyn Clipboard>,
    ) -> Session {
        let mut notes: Vec<(bool, String)> = Vec::new();
        let mut resumed = None;
        if opening.is_none() {
            if let Some(store) = &store {
                match store.read_autosave() {
                    Ok(g) => resumed = g,
                    Err(e) => notes.push((true, e.to_string())),
                }
            }
        }
        let app = match (opening, resumed) {
            (Some(o), _) => {
                notes.push((false, format!("Opened {}", o.name)));
                App::new(
                    o.board,
                    Game {
                        name: o.name,
                        ..Game::default()
                    },
                    config,
                )
            }
            (None, Some(g)) => {
                notes.push((false, "Resumed the autosave".into()));
                let game = game_of(&g);
                App::from_editor(g.editor, game, config)
            }
            (None, None) => {
                let (board, name, level) = puzzles::default_puzzle();
                let mut app = App::new(
                    board,
                    Game {
                        name,
                        level: Some(level),
                        elapsed: Duration::ZERO,
                    },
                    config,
                );
                app.next_puzzle[0] = 1;
                app
            }
        };
        let mut s = Session::new(app, clipboard, store);
        // "New game" starts at a different place in each level's list on each run.
        let seed = crate::solver::generate::time_seed() as usize;
        for (i, next) in s.app.next_puzzle.iter_mut().enumerate() {
            *next += (seed >> (3 * i)) & 0xffff;
        }
        // Keymap problems set by App::from_editor come first.
        if s.app.status.is_none() {
            if let Some((err, text)) = notes.pop() {
                if err {
                    s.app.error(text);
                } else {
                    s.app.info(text);
                }
            }
        }
        s
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
                self.dispatch(Action::Click {
                    x: m.column,
                    y: m.row,
                });
                true
            }
            Event::Resize(w, h) => {
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
        if self.app.dirty {
            // Only a new change restarts the debounce (clock ticks do not).
            let now = Instant::now();
            self.first_unsaved.get_or_insert(now);
            if self.app.changes != self.seen_changes || self.last_unsaved.is_none() {
                self.seen_changes = self.app.changes;
                self.last_unsaved = Some(now);
                if let Some(latest) = &self.latest {
                    let game = self.saved_game();
                    if let Ok(mut g) = latest.lock() {
                        *g = game;
                    }
                }
            }
        }
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
            Effect::SaveSlot(name) => {
                let game = self.saved_game();
                match self.store.as_ref().map(|s| s.save_slot(&name, &game)) {
                    Some(Ok(_)) => self.app.info(format!("Saved as \"{name}\"")),
                    Some(Err(err)) => self.app.error(format!("Not saved: {err}")),
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
                                    clock(Duration::from_secs(sum.elapsed_secs)),
                                    if sum.solved { " solved" } else { "" }
                                ),
                                Err(e) => format!("{:<20} unreadable: {e}", s.slot),
                            };
                            (label, s.slot)
                        })
                        .collect();
                    open_slot_menu(&mut self.app, items);
                }
                Some(Err(err)) => self.app.error(err.to_string()),
                None => self.app.error("No data directory"),
            },
            Effect::LoadSlot(name) => match self.store.as_ref().map(|s| s.open_slot(&name)) {
                Some(Ok(g)) => {
                    let game = game_of(&g);
                    let app = &mut self.app;
                    app.editor = g.editor;
                    app.game = game;
                    app.hint = None;
                    app.givens_mode = false;
                    app.paused = false;
                    app.cursor = super::first_empty(app.board())
                        .unwrap_or(crate::domain::Cell::from_index(0));
                    app.dirty = true;
                    app.info(format!("Opened \"{name}\""));
                }
                Some(Err(err)) => self.app.error(err.to_string()),
                None => self.app.error("No data directory"),
            },
            Effect::Quit => self.app.quit = true,
        }
    }

    /// The game as the save files store it.
    pub fn saved_game(&self) -> SavedGame {
        let mut g = SavedGame::new(self.app.editor.clone());
        g.elapsed_secs = self.app.game.elapsed.as_secs();
        g.name = Some(self.app.game.name.clone());
        g.level = self.app.game.level;
        g
    }

    /// Writes the autosave now; `false` (and a status message) when it failed.
    pub fn save_now(&mut self) -> bool {
        self.first_unsaved = None;
        self.last_unsaved = None;
        self.app.dirty = false;
        let game = self.saved_game();
        if let Some(w) = &self.writer {
            w.submit(game);
            return self.report_save_error();
        }
        match self.store.as_ref().map(|s| s.write_autosave(&game)) {
            Some(Ok(())) => true,
            Some(Err(err)) => {
                self.app.error(format!("Autosave failed: {err}"));
                false
            }
            None => false,
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
        match (self.first_unsaved, self.last_unsaved) {
            (Some(first), Some(last))
                if now.duration_since(last) >= AUTOSAVE_DEBOUNCE
                    || now.duration_since(first) >= AUTOSAVE_MAX_WAIT =>
            {
                self.save_now();
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

fn game_of(g: &SavedGame) -> Game {
    Game {
        name: g.name.clone().unwrap_or_else(|| "saved game".into()),
        level: g.level,
        elapsed: Duration::from_secs(g.elapsed_secs),
    }
}

/// Reads a command-line puzzle argument: a file path, else literal text.
pub fn read_opening(arg: &str) -> Result<Opening, String> {
    let source = crate::cli::input::Source::from_arg(Some(arg));
    let text = source.read_all().map_err(|e| format!("{arg}: {e}"))?;
    let parsed =
        super::engine::decode(&text).map_err(|e| format!("cannot read the puzzle: {e}"))?;
    let name = match source {
        crate::cli::input::Source::File(p) => p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "file".into()),
        _ => format!("{} puzzle", parsed.format.id()),
    };
    Ok(Opening {
        board: parsed.board,
        name,
    })
}

/// The event loop: draw when needed, read events with a timeout, tick the clock, autosave,
/// stop on quit or on a termination signal.
pub fn event_loop<B: ratatui::backend::Backend>(
    terminal: &mut ratatui::Terminal<B>,
    session: &mut Session,
    stop: &AtomicBool,
) -> std::io::Result<()> {
    if let Ok(size) = terminal.size() {
        session.app.screen = (size.width, size.height);
    }
    let mut redraw = true;
    let mut last_tick = Instant::now();
    let mut shown_secs = session.app.game.elapsed.as_secs();
    loop {
        if redraw {
            terminal
                .draw(|f| crate::ui::draw(f, &session.app))
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
                .status
                .as_ref()
                .is_some_and(|s| s.kind == super::StatusKind::Error);
    }
}

/// Runs the player in the terminal until quit. The terminal is restored on every path, also
/// after a panic (the game is saved, then the panic is reported). SIGTERM and SIGHUP save and
/// exit.
pub fn play(opening: Option<Opening>) -> std::process::ExitCode {
    use crossterm::event::{
        DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    };
    use crossterm::execute;
    use std::process::ExitCode;

    let loaded = Config::load();
    let store = Store::from_env().ok();
    let clipboard = Box::new(SystemClipboard::new());
    let mut session = Session::start(opening, loaded.config, store, clipboard);
    if let Some(first) = loaded.errors.first() {
        session.app.error(format!(
            "config: {first}{}",
            if loaded.errors.len() > 1 {
                format!(" (+{} more)", loaded.errors.len() - 1)
            } else {
                String::new()
            }
        ));
    }
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
    watch_signals(&stop, &done, &latest, session.store.clone());

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
        previous(info);
    }));

    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut session, &stop)
    }));
    let _ = execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture
    );
    ratatui::restore();
    let saved = session.save_now() && session.flush_saves();
    done.store(true, Ordering::SeqCst);
    match result {
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
