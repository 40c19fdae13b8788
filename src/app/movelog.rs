//! The session's journal of moves ([`crate::storage::journal`]): [`MoveLog`] writes one entry per
//! change of the game as it is made, and [`recover`] folds the entries an autosave misses back
//! into it on start.
//!
//! The log follows the editor of the game in progress (in enter-givens mode, the game left
//! behind; the givens being typed are a `draft`) through its [`Revision`]: one new undo step,
//! one undo or one redo since the last key is an entry; anything else (a new game, a loaded
//! save, several changes at once) is a `reset`, and the session then writes the autosave at
//! once. A key costs one short `write`, whatever the length of the history.

use super::persist::{colors_text, parse_colors};
use super::{App, Game};
use crate::domain::{Board, Cell, Digit};
use crate::editor::{Colors, EditKind, Editor, Revision, Snapshot};
use crate::storage::journal::{read_journal, Entry, Journal, Op};
use crate::storage::save::{apply_diff, diff_text};
use crate::storage::{JournalMark, SavedGame, StorageError, Store, MAX_ELAPSED_SECS};

/// File name of the journal in the data directory.
pub const JOURNAL_FILE: &str = "autosave.journal";

/// What [`MoveLog::observe`] saw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Observed {
    /// No change of the game.
    Same,
    /// One move, written.
    Logged,
    /// The game was replaced (a `reset` is written): the autosave must be written now.
    Replaced,
}

/// The last state the journal describes.
#[derive(Clone, Debug)]
struct Seen {
    rev: Revision,
    current: Snapshot,
    colors: Colors,
    draft: Option<String>,
}

/// The journal being written, and what it last described.
#[derive(Debug)]
pub struct MoveLog {
    journal: Journal,
    seen: Seen,
}

/// The game in progress: in enter-givens mode the one left behind.
pub fn tracked(app: &App) -> (&Editor, &Game, Option<String>) {
    match (&app.givens_backup, app.givens_mode) {
        (Some(b), true) => (&b.0, &b.1, Some(draft_text(app.board()))),
        _ => (&app.editor, &app.game, None),
    }
}

fn seen(app: &App) -> Seen {
    let (editor, _, draft) = tracked(app);
    Seen {
        rev: editor.revision(),
        current: editor.snapshot().clone(),
        colors: editor.colors().clone(),
        draft,
    }
}

/// The givens of a board as 81 characters (`1`-`9`, `.`).
pub fn draft_text(b: &Board) -> String {
    Cell::all()
        .map(|c| match b.value(c) {
            Some(d) if b.is_given(c) => char::from(b'0' + d.get()),
            _ => '.',
        })
        .collect()
}

/// The board of [`draft_text`] (only givens); `None` when the text is not 81 such characters.
pub fn draft_board(t: &str) -> Option<Board> {
    if t.len() != 81 {
        return None;
    }
    let mut b = Board::empty();
    for (c, ch) in Cell::all().zip(t.bytes()) {
        match ch {
            b'.' => {}
            b'1'..=b'9' => b.set_given(c, Digit::new(ch - b'0')?),
            _ => return None,
        }
    }
    Some(b)
}

impl MoveLog {
    /// Starts journal `id` (its first entry numbered `base + 1`) describing the app as it is.
    pub fn start(store: &Store, id: u64, base: u64, app: &App) -> Result<MoveLog, StorageError> {
        let journal = Journal::create(&store.root().join(JOURNAL_FILE), id, base)?;
        Ok(MoveLog {
            journal,
            seen: seen(app),
        })
    }

    /// What an autosave written now holds of this journal.
    pub fn mark(&self) -> JournalMark {
        JournalMark {
            id: self.journal.id(),
            seq: self.journal.last_seq(),
        }
    }

    /// Bytes in the journal file.
    pub fn len(&self) -> u64 {
        self.journal.len()
    }

    pub fn is_empty(&self) -> bool {
        self.journal.is_empty()
    }

    /// A fresh journal file after an autosave holding every entry so far was written.
    pub fn rotate(&mut self, store: &Store) -> Result<(), StorageError> {
        let mark = self.mark();
        self.journal = Journal::create(&store.root().join(JOURNAL_FILE), mark.id, mark.seq)?;
        Ok(())
    }

    /// Writes what changed in the game since the last call.
    pub fn observe(&mut self, app: &App) -> Result<Observed, StorageError> {
        let (editor, game, draft) = tracked(app);
        let rev = editor.revision();
        let t = game.elapsed.as_secs();
        let at = Some(app.ui.cursor.to_string());
        let mut out = Observed::Same;
        if rev != self.seen.rev {
            let one = rev.line == self.seen.rev.line && rev.count == self.seen.rev.count + 1;
            let op = match rev.last {
                _ if !one => Op::Reset,
                EditKind::Applied => Op::Do {
                    diff: diff_text(&self.seen.current, editor.snapshot()),
                    colors: (editor.colors() != &self.seen.colors)
                        .then(|| colors_text(editor.colors())),
                },
                EditKind::Undone => Op::Undo,
                EditKind::Redone => Op::Redo,
                EditKind::Other => Op::Reset,
            };
            let reset = op == Op::Reset;
            // The state is taken as seen even when the write fails (the error is reported and
            // the session writes the autosave).
            self.seen = seen(app);
            self.journal.append(op, t, at.clone())?;
            if reset {
                return Ok(Observed::Replaced);
            }
            out = Observed::Logged;
        }
        if draft != self.seen.draft {
            self.seen.draft = draft.clone();
            self.journal.append(Op::Draft { givens: draft }, t, at)?;
            out = Observed::Logged;
        }
        Ok(out)
    }
}

/// What start-up found: the autosave with the journal's moves folded in, how many moves that
/// was, and a problem to report (an unreadable journal is ignored, not fatal).
#[derive(Debug, Default)]
pub struct Recovered {
    pub game: Option<SavedGame>,
    pub replayed: usize,
    pub note: Option<String>,
}

/// Reads the autosave of `store` and replays the moves of its journal that it misses.
pub fn recover(store: &Store) -> Result<Recovered, StorageError> {
    let Some(mut game) = store.read_autosave()? else {
        return Ok(Recovered::default());
    };
    let mut out = Recovered::default();
    if let Some(mark) = game.journal {
        match read_journal(&store.root().join(JOURNAL_FILE)) {
            Ok(Some(j)) => {
                if let Some(entries) = j.after(mark) {
                    match replay(&mut game, entries) {
                        Ok(n) => out.replayed = n,
                        Err((n, why)) => {
                            out.replayed = n;
                            out.note =
                                Some(format!("the journal of moves stops after {n} moves: {why}"));
                        }
                    }
                }
            }
            Ok(None) => {}
            Err(e) => out.note = Some(format!("journal of moves ignored: {e}")),
        }
    }
    out.game = Some(game);
    Ok(out)
}

/// Applies journal entries to a saved game, in order. `Err` gives the number applied before the
/// entry that does not apply, and why.
pub fn replay(game: &mut SavedGame, entries: &[Entry]) -> Result<usize, (usize, String)> {
    if entries.is_empty() {
        return Ok(0);
    }
    let mut player = game.player.clone().unwrap_or_default();
    // The colours live in the view; the editor needs them to go on from.
    game.editor.restore_colors(
        parse_colors(&player.colors),
        player.colors_undo.iter().map(|t| parse_colors(t)).collect(),
        player.colors_redo.iter().map(|t| parse_colors(t)).collect(),
    );
    let mut applied = 0;
    let mut failure = None;
    for e in entries {
        let ok = match &e.op {
            Op::Do { diff, colors } => match apply_diff(game.editor.snapshot(), diff) {
                Ok(next) => {
                    let colors = match colors {
                        Some(t) => parse_colors(t),
                        None => game.editor.colors().clone(),
                    };
                    game.editor.record_state(next, colors);
                    true
                }
                Err(why) => {
                    failure = Some(format!("move {}: {why}", e.seq));
                    false
                }
            },
            Op::Undo => game.editor.undo(),
            Op::Redo => game.editor.redo(),
            Op::Draft { givens } => {
                player.givens_draft = givens.clone();
                true
            }
            Op::Reset => false,
        };
        if !ok {
            failure.get_or_insert_with(|| format!("move {} does not apply", e.seq));
            break;
        }
        applied += 1;
        game.elapsed_secs = e.t.min(MAX_ELAPSED_SECS);
        if let Some(at) = &e.at {
            if player.givens_draft.is_some() {
                player.givens_cursor = Some(at.clone());
            } else {
                player.cursor = Some(at.clone());
            }
        }
    }
    let (undo, redo) = game.editor.color_stacks();
    player.colors = colors_text(game.editor.colors());
    player.colors_undo = undo.iter().map(colors_text).collect();
    player.colors_redo = redo.iter().map(colors_text).collect();
    game.player = Some(player);
    match failure {
        Some(why) => Err((applied, why)),
        None => Ok(applied),
    }
}
