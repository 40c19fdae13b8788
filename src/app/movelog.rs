//! The session's journal of moves ([`crate::storage::journal`]): [`MoveLog`] writes one entry per
//! change of the game as it is made, and [`recover`] folds the entries an autosave misses back
//! into it on start.
//!
//! The log follows the editor of the game in progress (in enter-givens mode, the game left
//! behind; the givens being typed are a `draft`) through its [`Revision`]: one new undo step,
//! one undo or one redo since the last key is an entry; anything else (a new game, a loaded
//! save, several changes at once) is a `reset`, and the session then writes the autosave at
//! once. A key costs one short `write`, whatever the length of the history.

use super::{App, Game};
use crate::domain::{Board, Cell, Digit};
use crate::editor::{Colors, EditKind, Editor, Revision, Snapshot};
use crate::storage::journal::{read_journal, Entry, Journal, Op, Selection};
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
    match (app.givens.left(), app.givens.on()) {
        (Some(left), true) => (&left.editor, &left.game, Some(draft_text(app.board()))),
        _ => (app.editor(), app.game(), None),
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
        let at = Some(app.ui.cursor().to_string());
        let mut out = Observed::Same;
        if rev != self.seen.rev {
            let one = rev.line == self.seen.rev.line && rev.count == self.seen.rev.count + 1;
            let op = match rev.last {
                _ if !one => Op::Reset,
                EditKind::Applied => Op::Do {
                    diff: diff_text(&self.seen.current, editor.snapshot()),
                    colors: (editor.colors() != &self.seen.colors)
                        .then(|| editor.colors().to_text()),
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
/// was and how many were skipped, and a problem to report (a damaged journal is not fatal: its
/// intact moves are replayed and the files are kept aside).
#[derive(Debug, Default)]
pub struct Recovered {
    pub game: Option<SavedGame>,
    pub replayed: usize,
    /// Moves of the journal that were not replayed: lost to damaged lines, or refused by the
    /// editor's rules.
    pub skipped: u64,
    /// What went wrong, with where the damaged files were kept.
    pub note: Option<String>,
}

/// Copies the journal and the autosave of `store` aside (`.corrupt-<time>`), both with one
/// time, before anything new is written; what was kept, for the message.
fn keep_aside(store: &Store) -> String {
    let stamp = crate::storage::unix_now();
    let kept: Vec<String> = [store.root().join(JOURNAL_FILE), store.autosave_path()]
        .iter()
        .filter(|p| p.exists())
        .filter_map(|p| crate::storage::copy_aside(p, stamp))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    match kept.len() {
        0 => "the damaged files could not be copied aside".into(),
        _ => format!(
            "copies kept in {}: {}",
            store.root().display(),
            kept.join(", ")
        ),
    }
}

/// Reads the autosave of `store` and replays the moves of its journal that it misses. Damage is
/// reported in [`Recovered::note`] and the damaged files are copied aside first; an unreadable
/// autosave is moved aside and its journal copied beside it.
pub fn recover(store: &Store) -> Recovered {
    let mut out = Recovered::default();
    let journal_path = store.root().join(JOURNAL_FILE);
    let mut game = match store.read_autosave() {
        Ok(Some(g)) => g,
        Ok(None) => {
            if journal_path.exists() {
                out.note = Some(format!(
                    "a journal of moves without its autosave was found; {}",
                    keep_aside(store)
                ));
            }
            return out;
        }
        Err(e @ StorageError::Corrupt { .. }) => {
            let kept = journal_path
                .exists()
                .then(|| crate::storage::copy_aside(&journal_path, crate::storage::unix_now()))
                .flatten();
            out.note = Some(match kept {
                Some(p) => format!("{e}; its journal of moves was kept as {}", p.display()),
                None => e.to_string(),
            });
            return out;
        }
        Err(e) => {
            out.note = Some(e.to_string());
            return out;
        }
    };
    if let Some(mark) = game.journal {
        out.note = fold(store, &mut game, mark, &mut out);
    }
    out.game = Some(game);
    out
}

/// Replays the moves of the journal after `mark` on `game`; what went wrong, if anything.
fn fold(
    store: &Store,
    game: &mut SavedGame,
    mark: JournalMark,
    out: &mut Recovered,
) -> Option<String> {
    let read = match read_journal(&store.root().join(JOURNAL_FILE)) {
        Ok(Some(j)) => j,
        Ok(None) => return None,
        Err(e) => {
            return Some(format!(
                "journal of moves ignored: {e}; {}",
                keep_aside(store)
            ))
        }
    };
    if game.journal_link_damaged {
        return Some(format!(
            "the autosave's mark of its journal is damaged: the journal's moves were not \
             replayed; {}",
            keep_aside(store)
        ));
    }
    let sel = match read.select(mark) {
        Selection::Stale => return None,
        Selection::Broken(why) => {
            return Some(format!(
                "journal of moves not replayed: {why}; {}",
                keep_aside(store)
            ))
        }
        Selection::Replay(r) => r,
    };
    let done = replay(game, &sel.entries);
    out.replayed = done.applied;
    out.skipped = sel.damaged + sel.newer_game + done.refused.len() as u64;
    if out.skipped == 0 && !sel.header_damaged {
        return None;
    }
    let mut why = Vec::new();
    if sel.damaged > 0 {
        why.push(format!(
            "{} in damaged lines",
            super::plural(sel.damaged as usize, "move")
        ));
    }
    if sel.newer_game > 0 {
        why.push(format!(
            "{} of a newer game whose save is missing",
            super::plural(sel.newer_game as usize, "move")
        ));
    }
    if let Some(first) = done.refused.first() {
        why.push(format!(
            "{} against the rules ({first})",
            super::plural(done.refused.len(), "move")
        ));
    }
    if sel.header_damaged {
        why.push("the journal's first line was damaged".into());
    }
    Some(format!(
        "The journal of moves was damaged: {} replayed, {} skipped ({}); {}",
        super::plural(out.replayed, "move"),
        out.skipped,
        why.join(", "),
        keep_aside(store)
    ))
}

/// What [`replay`] did: moves applied, and each move refused with why.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    pub applied: usize,
    pub refused: Vec<String>,
}

/// Applies journal entries to a saved game, in order, each through the editor's rules: a move
/// that does not apply (a changed given, nothing to undo, a diff that does not read) is refused
/// and skipped, and the replay goes on with the next.
pub fn replay(game: &mut SavedGame, entries: &[Entry]) -> Replayed {
    let mut out = Replayed::default();
    if entries.is_empty() {
        return out;
    }
    let mut player = game.player.clone().unwrap_or_default();
    // The colours live in the view; the editor needs them to go on from.
    game.editor.restore_colors(
        Colors::from_text(&player.colors),
        player
            .colors_undo
            .iter()
            .map(|t| Colors::from_text(t))
            .collect(),
        player
            .colors_redo
            .iter()
            .map(|t| Colors::from_text(t))
            .collect(),
    );
    for e in entries {
        if let Err(why) = apply_entry(game, &mut player, &e.op) {
            out.refused.push(format!("move {}: {why}", e.seq));
            continue;
        }
        out.applied += 1;
        game.elapsed_secs = e.t.min(MAX_ELAPSED_SECS);
        if let Some(at) = e.at.as_ref().filter(|a| a.parse::<Cell>().is_ok()) {
            if player.givens_draft.is_some() {
                player.givens_cursor = Some(at.clone());
            } else {
                player.cursor = Some(at.clone());
            }
        }
    }
    let (undo, redo) = game.editor.color_stacks();
    player.colors = game.editor.colors().to_text();
    player.colors_undo = undo.iter().map(Colors::to_text).collect();
    player.colors_redo = redo.iter().map(Colors::to_text).collect();
    game.player = Some(player);
    out
}

/// One move through the editor's rules: never over a given (the puzzle, and so whether it has a
/// solution, never changes by a move).
fn apply_entry(
    game: &mut SavedGame,
    player: &mut crate::storage::PlayerState,
    op: &Op,
) -> Result<(), String> {
    match op {
        Op::Do { diff, colors } => {
            let before = game.editor.snapshot();
            let next = apply_diff(before, diff).map_err(|why| why.to_string())?;
            if let Some(c) = changed_given(&before.board, &next.board) {
                return Err(format!("it changes the given {c}"));
            }
            let colors = match colors {
                Some(t) => Colors::from_text(t),
                None => game.editor.colors().clone(),
            };
            game.editor.record_state(next, colors);
        }
        Op::Undo if !game.editor.undo() => return Err("nothing to undo".into()),
        Op::Redo if !game.editor.redo() => return Err("nothing to redo".into()),
        Op::Undo | Op::Redo => {}
        Op::Draft { givens } => {
            if givens.as_deref().is_some_and(|g| draft_board(g).is_none()) {
                return Err("the givens being entered do not read".into());
            }
            player.givens_draft = givens.clone();
        }
        Op::Reset => return Err("a new game".into()),
    }
    Ok(())
}

/// The first cell whose given differs between two boards.
fn changed_given(a: &Board, b: &Board) -> Option<Cell> {
    Cell::all()
        .find(|&c| a.is_given(c) != b.is_given(c) || (a.is_given(c) && a.value(c) != b.value(c)))
}
