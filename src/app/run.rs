//! The terminal player: [`play`] (terminal set-up and restore, also after a panic; signals) and
//! [`event_loop`] (draw when needed, read events, apply background results, tick the clock,
//! autosave). Drawing comes from outside as a [`Frontend`]; the game is a [`Session`].

use super::{Action, App, Session};
use crate::storage::{Config, SaveWriter, SavedGame, Store};
use crossterm::event;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use super::session::{Locate, HINT_WAIT};
pub use super::startup::{read_opening, Opening};

/// How often the event loop wakes up without input (clock, autosave, signals, background work).
pub const TICK: Duration = Duration::from_millis(200);

/// Draws a frame of the app (reads it only).
pub type Draw = Box<dyn FnMut(&mut ratatui::Frame<'_>, &App)>;

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
    let mut shown_secs = session.app.game().elapsed.as_secs();
    loop {
        if redraw {
            terminal
                .draw(|f| (frontend.draw)(f, &session.app))
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            redraw = false;
        }
        if session.app.quit() {
            return Ok(());
        }
        if stop.load(Ordering::Relaxed) {
            session.save_now();
            return Ok(());
        }
        // Crossterm's reader spins without end on a terminal that is gone: it is asked only
        // when the terminal is there, and a closed one ends the loop (the final save follows).
        let tty = wait_tty(TICK);
        if tty == Tty::Closed {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the terminal was closed",
            ));
        }
        let wait = if tty == Tty::Unknown {
            TICK
        } else {
            Duration::ZERO
        };
        // Asked also when the terminal is idle: a resize comes through crossterm's own signal.
        if event::poll(wait)? {
            let ev = event::read()?;
            redraw |= session.handle_event(&ev);
            // Drain what is already queued (a fast typist, a paste) before drawing.
            while !session.app.quit()
                && wait_tty(Duration::ZERO) != Tty::Closed
                && event::poll(Duration::ZERO)?
            {
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
            let secs = session.app.game().elapsed.as_secs();
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
                .status()
                .is_some_and(|s| s.kind == super::StatusKind::Error);
    }
}

/// The terminal's input as the loop finds it before asking crossterm.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tty {
    /// Input waits.
    Ready,
    /// Nothing came within the wait.
    Idle,
    /// The terminal is gone (hung up, closed, an error).
    Closed,
    /// Not known here (standard input is not the terminal, or not Linux): crossterm waits.
    Unknown,
}

/// Waits up to `timeout` for input on standard input when it is the terminal.
#[cfg(target_os = "linux")]
fn wait_tty(timeout: Duration) -> Tty {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Tty::Unknown;
    }
    let mut fds = [PollFd::new(&stdin, PollFlags::IN)];
    let ts = Timespec {
        tv_sec: timeout.as_secs() as i64,
        tv_nsec: timeout.subsec_nanos().into(),
    };
    match poll(&mut fds, Some(&ts)) {
        Ok(0) => Tty::Idle,
        Ok(_)
            if fds[0]
                .revents()
                .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) =>
        {
            Tty::Closed
        }
        Ok(_) => Tty::Ready,
        Err(rustix::io::Errno::INTR) => Tty::Idle,
        Err(_) => Tty::Closed,
    }
}

#[cfg(not(target_os = "linux"))]
fn wait_tty(_timeout: Duration) -> Tty {
    Tty::Unknown
}

/// Runs the player in the terminal until quit. The terminal is restored on every path, also
/// after a panic (the game is saved, then the panic is reported). SIGTERM, SIGHUP, SIGINT and
/// SIGQUIT save and exit, and so does a closed terminal. `frontend` builds the drawing from the loaded config.
pub fn play(
    opening: Option<Opening>,
    frontend: impl FnOnce(&Config) -> Frontend,
) -> std::process::ExitCode {
    use crossterm::event::{EnableBracketedPaste, EnableMouseCapture};
    use crossterm::execute;
    use std::process::ExitCode;

    let loaded = Config::load();
    let config_errors = super::report::config_errors(&loaded);
    let mut frontend = frontend(&loaded.config);
    let store = Store::from_env().ok();
    let clipboard = Box::new(super::clipboard::SystemClipboard::new());
    let mut session = Session::start_waiting(
        opening,
        loaded.config,
        store,
        clipboard,
        Some(HINT_WAIT),
        super::autosave::LOCK_WAIT,
    );
    session.enable_se_rating();
    session.locate = Some(frontend.locate);
    if let Ok(size) = crossterm::terminal::size() {
        session.screen = size;
    }
    session.report_config_errors(config_errors);
    // The writer writes where this player's autosave goes (a second player's home).
    session.autosave.writer = session
        .autosave
        .home
        .clone()
        .or_else(|| session.store.clone())
        .map(SaveWriter::spawn);
    if session.store.is_none() {
        session
            .app
            .error("No data directory: the game will not be saved (set TERMDOKU_DATA_DIR)");
    }

    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(Mutex::new(session.saved_game()));
    session.autosave.latest = Some(Arc::clone(&latest));
    // With a journal every move is on disk already: a stuck loop is left without writing an
    // older game over the autosave.
    let signal_store = session
        .store
        .clone()
        .filter(|_| session.autosave.log.is_none() && session.autosave.held.is_none());
    watch_signals(&stop, &done, &latest, signal_store);

    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            restore_terminal();
            say(&format!("termdoku: cannot use this terminal: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let _ = execute!(std::io::stdout(), EnableBracketedPaste, EnableMouseCapture);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A job's panic is the pool's: it becomes a message in the status line.
        if std::thread::current().name() == Some(super::jobs::WORKER_NAME) {
            return;
        }
        restore_terminal();
        previous(info);
    }));

    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        event_loop(&mut terminal, &mut session, &mut frontend, &stop)
    }));
    // The final save first: restoring a terminal that is gone fails, and nothing may stop it.
    let saved = match &session.exit_message {
        // The player chose to quit without a save; do not try again.
        Some(_) if session.app.quit() => false,
        _ => session.save_for_exit(),
    };
    done.store(true, Ordering::SeqCst);
    restore_terminal();
    if let Some(msg) = &session.exit_message {
        say(&format!("termdoku: {msg}"));
    }
    for note in [&session.autosave.note, &session.exit_note]
        .into_iter()
        .flatten()
        .filter(|n| !n.is_empty())
    {
        say(&format!("termdoku: {note}"));
    }
    match result {
        Ok(Ok(())) if session.exit_message.is_some() => ExitCode::FAILURE,
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            say(&format!("termdoku: terminal error: {e}"));
            ExitCode::FAILURE
        }
        Err(_) => {
            say(&format!(
                "termdoku crashed (see the message above); {}",
                if saved {
                    "the game was saved and resumes on the next start"
                } else {
                    "the game could not be saved"
                }
            ));
            ExitCode::from(101)
        }
    }
}

/// Leaves raw mode, the alternate screen, bracketed paste and mouse capture; errors (a terminal
/// that is gone) are ignored.
fn restore_terminal() {
    use crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
    let _ = crossterm::execute!(
        std::io::stdout(),
        DisableBracketedPaste,
        DisableMouseCapture
    );
    let _ = ratatui::try_restore();
}

/// A line on standard error, if it can still be written (`eprintln!` panics when it cannot).
fn say(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// SIGTERM, SIGHUP, SIGINT and SIGQUIT ask the event loop to save and leave (`stop`); it sees
/// the flag within a [`TICK`]. Should it not end within two seconds (stuck in the terminal's
/// reader), this thread restores the terminal, writes the latest state itself when there is no
/// journal of moves (`store`), and exits. Without the signal thread (an error registering it)
/// the default action stays; not fatal.
fn watch_signals(
    stop: &Arc<AtomicBool>,
    done: &Arc<AtomicBool>,
    latest: &Arc<Mutex<SavedGame>>,
    store: Option<Store>,
) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    else {
        return;
    };
    let (stop, done, latest) = (Arc::clone(stop), Arc::clone(done), Arc::clone(latest));
    std::thread::spawn(move || {
        if signals.forever().next().is_none() {
            return;
        }
        stop.store(true, Ordering::SeqCst);
        for _ in 0..40 {
            if done.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if let (Some(store), Ok(game)) = (store, latest.lock()) {
            let _ = store.write_autosave(&game);
        }
        restore_terminal();
        std::process::exit(1);
    });
}
