//! Start-up: what the player opens (the puzzle or collection of the command line, else the
//! autosave with the journal's moves replayed, else an embedded puzzle), the data directory's
//! lock, the saved view restored (a saved hint is searched on the worker pool, never in place
//! on the event loop), the first autosave and a fresh journal; and reading the command line's
//! puzzle argument.

use super::clipboard::Clipboard;
use super::shared::Shared;
use super::{movelog, puzzles, Action, App, Game, Session};
use crate::domain::{Board, Cell};
use crate::storage::{self, Config, Store};
use std::time::Duration;

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

impl Session {
    /// What the player opens: the given puzzle, else the autosave, else the embedded default.
    /// A collection resumes its autosaved game when that game came from it. Problems (config,
    /// unreadable autosave) end up in the status line, long ones in a message box.
    pub fn start(
        opening: Option<Opening>,
        config: Config,
        store: Option<Store>,
        clipboard: Box<dyn Clipboard>,
    ) -> Session {
        Session::start_with(opening, config, store, clipboard, None)
    }

    /// [`Session::start`] with the step search's wait of [`Session::hint_wait`] already set, so
    /// that a saved hint is searched on the worker pool (the player) or in place (`None`).
    pub fn start_with(
        opening: Option<Opening>,
        config: Config,
        store: Option<Store>,
        clipboard: Box<dyn Clipboard>,
        hint_wait: Option<Duration>,
    ) -> Session {
        Session::start_waiting(opening, config, store, clipboard, hint_wait, Duration::ZERO)
    }

    /// [`Session::start_with`] that waits up to `lock_wait` for the owner of the autosave to
    /// leave before it starts as a second player (the player waits
    /// [`super::autosave::LOCK_WAIT`]).
    pub fn start_waiting(
        opening: Option<Opening>,
        config: Config,
        store: Option<Store>,
        clipboard: Box<dyn Clipboard>,
        hint_wait: Option<Duration>,
        lock_wait: Duration,
    ) -> Session {
        let mut notes: Vec<(bool, String)> = Vec::new();
        let mut resumed = None;
        let mut lock = None;
        let mut held = None;
        let mut replayed = (0, 0);
        if let Some(store) = &store {
            // The lock first: the owner folds the journal, and nobody else may write meanwhile.
            match storage::DataLock::acquire_waiting(store.root(), lock_wait) {
                Ok(storage::lock::LockOutcome::Owner(l)) => lock = Some(l),
                Ok(storage::lock::LockOutcome::Held { pid }) => {
                    held = Some(pid.map_or_else(
                        || "Another termdoku has the autosave".to_string(),
                        |p| format!("termdoku pid {p} has the autosave"),
                    ))
                }
                // Never the owner without the lock: the other player may be real.
                Err(_) => held = Some("The autosave cannot be locked".to_string()),
            }
            notes.extend(
                super::autosave::recover_players(store)
                    .into_iter()
                    .map(|n| (true, n)),
            );
            let r = movelog::recover(store);
            resumed = r.game;
            replayed = (r.replayed, r.skipped);
            notes.extend(r.note.map(|n| (true, n)));
        }
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
                            app.collection().map_or(0, |c| c.index)
                        }
                        _ => 0,
                    };
                    fx.extend(super::update::update(
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
                    let mode = app.config.candidate_mode;
                    app.replace_editor(crate::editor::Editor::with_mode(o.board, mode));
                    app.current.replace_game(game);
                    app.set_cursor(super::first_empty(app.board()).unwrap_or(Cell::from_index(0)));
                    let board = app.board().clone();
                    let count = app.solution.count(&board);
                    notes.push((false, opened_note(&o.name, &board, count)));
                }
            },
            None => match resumed {
                Some(g) => {
                    super::saves::restore_saved(&mut app, &g, &mut fx);
                    notes.push((
                        false,
                        match replayed {
                            (0, 0) => "Resumed the autosave".into(),
                            (n, 0) => format!(
                                "Resumed the autosave and {} from the journal",
                                super::plural(n, "move")
                            ),
                            (n, k) => format!(
                                "Resumed the autosave and {} from the journal ({} skipped)",
                                super::plural(n, "move"),
                                super::plural(k as usize, "damaged move")
                            ),
                        },
                    ));
                }
                None => {
                    let (board, name, level) = puzzles::default_puzzle();
                    let mode = app.config.candidate_mode;
                    app.replace_editor(crate::editor::Editor::with_mode(board, mode));
                    app.current.replace_game(Game::named(name, Some(level)));
                    app.set_cursor(super::first_empty(app.board()).unwrap_or(Cell::from_index(0)));
                    app.origin.played(level, 0);
                }
            },
        }
        let mut s = Session::new(app, clipboard, store);
        s.hint_wait = hint_wait;
        s.autosave.lock = lock;
        let mut held_note = None;
        if let (Some(why), Some(store)) = (held, s.store.clone()) {
            let text = match s.autosave.become_second(&store, why.clone()) {
                Ok(()) => format!("{why}: this game is kept apart"),
                Err(e) => format!("{why}: this game is kept apart ({e})"),
            };
            held_note = Some(text);
        }
        // "New game" starts at a different place in each level's list on each run.
        let seed = crate::solver::generate::time_seed() as usize;
        s.app.origin.shift_embedded(seed);
        // A problem with the autosave always shows (in a box when long); other notes only
        // when nothing else (keymap problems, the collection) took the status line.
        for (err, text) in notes {
            if err {
                s.long_error("Notice", text);
            } else if s.app.ui.status().is_none() {
                s.app.info(text);
            }
        }
        // A status line, not a box: the first keys go to the game.
        if let Some(text) = held_note {
            s.app.info(text);
        }
        fx.extend(super::update::background(&mut s.app));
        for e in fx {
            s.run_effect(e);
        }
        s.autosave.begin_journal(&mut s.app, s.store.as_ref());
        s.app.unsaved.saved();
        s
    }
}

/// "Opened NAME" with what is wrong with the puzzle, if anything.
fn opened_note(name: &str, board: &Board, solutions: usize) -> String {
    match solutions {
        1 => format!("Opened {name}"),
        0 => format!(
            "Opened {name}: no solution ({})",
            super::engine::explain_no_solution(&board.givens_only())
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
pub fn read_text(path: &str) -> Result<String, String> {
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
                se_rating: super::engine::se_rating(first.meta.trailer.as_deref()),
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
        se_rating: super::engine::se_rating(parsed.meta.trailer.as_deref()),
        collection: None,
    })
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into())
}
