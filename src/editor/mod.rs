//! The editor model under the player: commands on a [`Board`], unlimited undo/redo, and the
//! candidate (pencilmark) rules. Pure: no terminal, no files.
//!
//! # Marks
//!
//! Every cell remembers a set of *marks* `M(c)` (the board stores its complement as the player's
//! eliminations, see [`crate::domain::Board`]). An empty cell shows `M(c)` minus the digits its
//! placed peers hold, plus the extra candidates the player wrote on purpose against a placed peer.
//! Both modes share this model; they differ in where marks come from:
//!
//! * [`CandidateMode::Auto`] (default): marks start full, so an empty cell shows its automatic
//!   candidates minus what the player eliminated. Placing a digit removes it from its peers;
//!   clearing it brings it back everywhere except where the player eliminated it.
//! * [`CandidateMode::Manual`]: the player writes the marks. A loaded puzzle without candidate
//!   information starts with no marks (a pencilmark paste keeps its marks literally, and a digit
//!   hidden by a placed peer is *not* a mark). Placing a digit still removes it from its peers'
//!   marks, and clearing that digit again puts back exactly the marks the placement hid: a digit
//!   the player never wrote never appears, except after "fill all", which writes every digit (so
//!   the cells behave automatically until the player edits them). A cell that is cleared shows
//!   the marks it had before it was filled; a cell that was filled when the puzzle was loaded has
//!   none.
//!
//! Commands on marks, in both modes: toggle and eliminate act on one shown digit; "fill all"
//! gives every empty cell its automatic candidates; "clear all marks" empties every cell's marks in
//! Manual mode and forgets every elimination in Auto mode (there, empty marks would only show
//! every cell as dead).
//!
//! Switching mode is one undo step. Auto -> Manual keeps what is shown (it becomes the marks).
//! Manual -> Auto gives each empty cell without any mark its automatic candidates and keeps the
//! other cells' marks (unmarked digits count as eliminations).
//!
//! Dead cells (shown as conflicts): in Auto mode an empty cell without candidates; in Manual mode
//! an empty cell where no digit fits at all (an unmarked cell is just not marked yet).
//!
//! # Undo
//!
//! Every command that changes the state (board or mode) records one snapshot; a command that
//! changes nothing observable records nothing and leaves the state untouched. Givens change only
//! through the enter-givens commands ([`Command::SetGiven`], [`Command::ClearGiven`]) and
//! [`Command::Load`]; other commands on a given return [`EditError::GivenCell`].

mod colors;
mod command;
mod history;
pub mod stack;

pub use colors::{Color, Colors};
pub use command::{CandidateMode, Command, EditError};
pub use history::{ColorStack, History, Snapshot};
pub use stack::Stack;

use crate::domain::{Board, Cell, CellSet, CellState, Digit, DigitSet};

impl Snapshot {
    /// A state read back from a save. A save keeps what the board shows, not the marks that a
    /// placed peer hides; in Manual mode the shown marks are taken as the complete marks (so
    /// clearing a digit after a reload never shows a mark the player did not write), and cells
    /// holding a value remember none.
    pub fn restored(mut board: Board, mode: CandidateMode) -> Snapshot {
        if mode == CandidateMode::Manual {
            let specified = board.candidates_specified();
            keep_shown_as_marks(&mut board);
            board.set_candidates_specified(specified);
        }
        Snapshot::new(board, mode)
    }
}

/// What the latest change of an editor was (a journal of moves follows an editor by these).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditKind {
    /// A command recorded one undo step (or [`Editor::record_state`] did).
    Applied,
    Undone,
    Redone,
    /// Anything else: colours or history put back, history cleared.
    Other,
}

/// Where an editor stands: its line (every new editor starts one; a clone continues it) and the
/// number of changes on it, with the kind of the latest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    pub line: u64,
    pub count: u64,
    pub last: EditKind,
}

/// A fresh line number for a new editor.
fn new_line() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The player's game state with its history. The colours ([`Colors`]) are part of each
/// snapshot, so that undo restores them with the board.
#[derive(Clone, Debug)]
pub struct Editor {
    current: Snapshot,
    history: History,
    revision: Revision,
}

impl Editor {
    /// An editor in [`CandidateMode::Auto`] with an empty history; the board is taken as is.
    pub fn new(board: Board) -> Editor {
        Editor::with_mode(board, CandidateMode::Auto)
    }

    /// An editor in `mode` with an empty history; the board is loaded under that mode's rules
    /// (Manual mode: see the module docs).
    pub fn with_mode(mut board: Board, mode: CandidateMode) -> Editor {
        if mode == CandidateMode::Manual {
            normalize_loaded_manual(&mut board);
        }
        Editor {
            current: Snapshot::new(board, mode),
            history: History::new(),
            revision: Revision {
                line: new_line(),
                count: 0,
                last: EditKind::Other,
            },
        }
    }

    /// The editor's line and change count (see [`Revision`]).
    #[inline]
    pub fn revision(&self) -> Revision {
        self.revision
    }

    fn changed(&mut self, kind: EditKind) {
        self.revision.count += 1;
        self.revision.last = kind;
    }

    /// Records `next` (with its colours) as the result of one command: the current state
    /// becomes an undo step and what was undone is forgotten. For replaying a journal of moves.
    pub fn record_state(&mut self, next: Snapshot, colors: Colors) {
        let next = Snapshot { colors, ..next };
        let before = std::mem::replace(&mut self.current, next);
        self.history.record(before);
        self.changed(EditKind::Applied);
    }

    /// Rebuilds an editor from a saved state and history (taken literally), without colours.
    pub fn from_parts(current: Snapshot, history: History) -> Editor {
        Editor {
            current,
            history,
            revision: Revision {
                line: new_line(),
                count: 0,
                last: EditKind::Other,
            },
        }
    }

    /// The colours now.
    #[inline]
    pub fn colors(&self) -> &Colors {
        &self.current.colors
    }

    /// The colours of every undo step (oldest first) and redo step (next redo last).
    pub fn color_stacks(&self) -> (ColorStack<'_>, ColorStack<'_>) {
        self.history.color_stacks()
    }

    /// Puts back saved colours. Stacks of the wrong length (a save written without them) are
    /// padded at the old end with empty colours or cut there.
    pub fn restore_colors(&mut self, current: Colors, undo: Vec<Colors>, redo: Vec<Colors>) {
        /// `v` cut or padded at its old (front) end to `n` entries, in linear time.
        fn fit(v: Vec<Colors>, n: usize) -> Vec<Colors> {
            let pad = n.saturating_sub(v.len());
            let skip = v.len().saturating_sub(n);
            std::iter::repeat_n(Colors::default(), pad)
                .chain(v.into_iter().skip(skip))
                .collect()
        }
        self.current.colors = current;
        let undo = fit(undo, self.history.undo_stack().len());
        // The redo stack keeps its next step last: the oldest undone step is first.
        let redo = fit(redo, self.history.redo_stack().len());
        self.history.recolor(undo, redo);
        self.changed(EditKind::Other);
    }

    /// The current board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.current.board
    }

    /// The current board and mode.
    #[inline]
    pub fn snapshot(&self) -> &Snapshot {
        &self.current
    }

    #[inline]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Forgets every undo and redo step (the state is kept).
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.changed(EditKind::Other);
    }

    #[inline]
    pub fn candidate_mode(&self) -> CandidateMode {
        self.current.mode
    }

    /// Same as applying [`Command::SetCandidateMode`]; `true` when the mode changed.
    pub fn set_candidate_mode(&mut self, mode: CandidateMode) -> bool {
        // The command cannot fail.
        self.apply(Command::SetCandidateMode(mode)).unwrap_or(false)
    }

    /// Runs one command. `Ok(true)`: the state changed and one undo step was recorded.
    /// `Ok(false)`: nothing changed, nothing recorded. `Err`: refused, nothing changed.
    pub fn apply(&mut self, cmd: Command) -> Result<bool, EditError> {
        let mut next = self.current.clone();
        execute(&mut next, cmd)?;
        if next == self.current {
            return Ok(false);
        }
        let before = std::mem::replace(&mut self.current, next);
        self.history.record(before);
        self.changed(EditKind::Applied);
        Ok(true)
    }

    /// Goes back one step; `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if !self.history.undo(&mut self.current) {
            return false;
        }
        self.changed(EditKind::Undone);
        true
    }

    /// Replays one undone step; `false` when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        if !self.history.redo(&mut self.current) {
            return false;
        }
        self.changed(EditKind::Redone);
        true
    }

    #[inline]
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    #[inline]
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Number of steps that can be undone.
    pub fn undo_len(&self) -> usize {
        self.history.undo_stack().len()
    }

    /// Number of steps that can be redone.
    pub fn redo_len(&self) -> usize {
        self.history.redo_stack().len()
    }

    /// Cells whose digit repeats in one of their houses.
    pub fn conflicts(&self) -> CellSet {
        self.board().conflicts()
    }

    /// Empty cells that cannot be completed (see the module docs: depends on the mode).
    pub fn dead_cells(&self) -> CellSet {
        let b = self.board();
        match self.current.mode {
            CandidateMode::Auto => b.dead_cells(),
            CandidateMode::Manual => Cell::all()
                .filter(|&c| b.is_empty_cell(c) && b.auto_candidates(c).is_empty())
                .collect(),
        }
    }

    /// How many cells hold each digit (givens and filled), index 0 for digit 1.
    pub fn digit_counts(&self) -> [u8; 9] {
        let mut out = [0u8; 9];
        for v in self.board().values_array() {
            if v != 0 {
                out[v as usize - 1] += 1;
            }
        }
        out
    }

    /// How many cells hold `digit` (a digit with 9 is complete in a valid board).
    pub fn digit_count(&self, digit: Digit) -> u8 {
        self.digit_counts()[digit.index()]
    }

    /// Every cell holds a digit and no house repeats one.
    pub fn is_solved(&self) -> bool {
        self.board().is_solved()
    }
}

/// Applies `cmd` to `s`; on `Err` the caller drops it (it may be half-changed).
fn execute(s: &mut Snapshot, cmd: Command) -> Result<(), EditError> {
    let manual = s.mode == CandidateMode::Manual;
    let b = &mut s.board;
    let colors = &mut s.colors;
    match cmd {
        Command::ColorCell { cell, color } => colors.set_cell(cell, color),
        Command::ColorCandidate { cell, digit, color } => colors.set_candidate(cell, digit, color),
        Command::ClearColors { cell: Some(cell) } => colors.clear_cell(cell),
        Command::ClearColors { cell: None } => colors.clear(),
        Command::ApplySteps(steps) => {
            for step in steps {
                apply_step(b, &step)?;
            }
        }
        Command::Restart => {
            let givens = b.givens_only();
            *b = givens;
            if manual {
                normalize_loaded_manual(b);
            }
            colors.clear();
        }
        Command::SetDigit { cell, digit } => {
            refuse_given(b, cell)?;
            b.set_filled(cell, digit);
        }
        Command::ClearCell { cell } => {
            refuse_given(b, cell)?;
            b.clear(cell);
        }
        Command::ToggleCandidate { cell, digit } => {
            refuse_value(b, cell)?;
            b.toggle_candidate(cell, digit);
            b.set_candidates_specified(true);
        }
        Command::EliminateCandidate { cell, digit } => {
            refuse_value(b, cell)?;
            if b.candidates(cell).contains(digit) {
                b.eliminate(cell, digit);
                b.set_candidates_specified(true);
            }
        }
        Command::ClearMarks { cell } => {
            refuse_value(b, cell)?;
            if manual {
                set_marks(b, cell, DigitSet::EMPTY);
                b.set_candidates_specified(true);
            } else {
                let auto = b.auto_candidates(cell);
                b.set_candidates(cell, auto);
            }
        }
        Command::FillAllCandidates => {
            fill_all(b);
            b.set_candidates_specified(manual);
        }
        Command::ClearAllMarks => {
            if manual {
                for c in Cell::all() {
                    if b.is_empty_cell(c) {
                        set_marks(b, c, DigitSet::EMPTY);
                    }
                }
                b.set_candidates_specified(true);
            } else {
                fill_all(b);
                b.set_candidates_specified(false);
            }
        }
        Command::ApplyStep(step) => apply_step(b, &step)?,
        Command::Load(board) => {
            *b = *board;
            if manual {
                normalize_loaded_manual(b);
            }
        }
        Command::SetGiven { cell, digit } => b.set_given(cell, digit),
        Command::ClearGiven { cell } => b.clear(cell),
        Command::SetCandidateMode(mode) => {
            match (s.mode, mode) {
                (CandidateMode::Auto, CandidateMode::Manual) => {
                    s.board.set_candidates_specified(true);
                }
                (CandidateMode::Manual, CandidateMode::Auto) => {
                    fill_unmarked(&mut s.board);
                }
                _ => {}
            }
            s.mode = mode;
        }
    }
    Ok(())
}

/// A step's placements and eliminations (see [`Command::ApplyStep`]).
fn apply_step(b: &mut Board, step: &crate::solver::Step) -> Result<(), EditError> {
    for p in &step.placements {
        match b.cell(p.cell) {
            CellState::Empty(_) => b.set_filled(p.cell, p.digit),
            CellState::Given(d) if d != p.digit => {
                return Err(EditError::GivenCell { cell: p.cell })
            }
            CellState::Filled(d) if d != p.digit => {
                return Err(EditError::StepConflict {
                    cell: p.cell,
                    digit: p.digit,
                    existing: d,
                })
            }
            CellState::Given(_) | CellState::Filled(_) => {}
        }
    }
    let mut eliminated = false;
    for e in &step.eliminations {
        if b.candidates(e.cell).contains(e.digit) {
            b.eliminate(e.cell, e.digit);
            eliminated = true;
        }
    }
    if eliminated {
        b.set_candidates_specified(true);
    }
    Ok(())
}

fn refuse_given(b: &Board, cell: Cell) -> Result<(), EditError> {
    if b.is_given(cell) {
        Err(EditError::GivenCell { cell })
    } else {
        Ok(())
    }
}

fn refuse_value(b: &Board, cell: Cell) -> Result<(), EditError> {
    refuse_given(b, cell)?;
    if b.is_empty_cell(cell) {
        Ok(())
    } else {
        Err(EditError::CellHasValue { cell })
    }
}

/// Every empty cell: marks = all digits (shows its automatic candidates, no extras).
fn fill_all(b: &mut Board) {
    for c in Cell::all() {
        if b.is_empty_cell(c) {
            let auto = b.auto_candidates(c);
            b.set_candidates(c, auto);
        }
    }
}

/// Sets the cell's marks to exactly `marks`: shown digits are `marks` (blocked ones become extra
/// candidates), and every other digit, blocked or not, is remembered as eliminated so that it
/// does not appear when a peer is cleared.
fn set_marks(b: &mut Board, c: Cell, marks: DigitSet) {
    b.set_candidates(c, marks);
    for d in marks.complement() {
        b.eliminate(c, d);
    }
}

/// Gives each empty cell without any mark its automatic candidates (every digit the placed
/// peers allow), as switching Manual -> Auto does and as hints read manual marks; returns those
/// cells.
pub fn fill_unmarked(b: &mut Board) -> CellSet {
    let cands = b.all_candidates();
    let unmarked: CellSet = Cell::all()
        .filter(|&c| b.is_empty_cell(c) && cands[c.index()].is_empty())
        .collect();
    for c in unmarked.iter() {
        let auto = b.auto_candidates(c);
        b.set_candidates(c, auto);
    }
    unmarked
}

/// Manual-mode load: empty cells keep exactly what they show when candidates were specified
/// (nothing otherwise); cells holding a value remember no marks.
fn normalize_loaded_manual(b: &mut Board) {
    if b.candidates_specified() {
        keep_shown_as_marks(b);
    } else {
        for c in Cell::all() {
            set_marks(b, c, DigitSet::EMPTY);
        }
    }
    b.set_candidates_specified(true);
}

/// Empty cells: marks = what they show; cells holding a value: no marks.
fn keep_shown_as_marks(b: &mut Board) {
    let cands = b.all_candidates();
    for c in Cell::all() {
        let marks = if b.is_empty_cell(c) {
            cands[c.index()]
        } else {
            DigitSet::EMPTY
        };
        set_marks(b, c, marks);
    }
}

#[cfg(test)]
mod tests;
