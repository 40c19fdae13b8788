//! Hints on manual pencilmarks. A hint must not wait until every empty cell has marks: a cell
//! without marks counts as holding every candidate the placed digits allow (as switching to
//! automatic candidates would give it), the player's marks elsewhere are taken as written, and
//! the hint says when it relied on cells without marks.

use super::{engine, plural};
use crate::domain::{Board, CellSet};
use crate::editor::{fill_unmarked, CandidateMode, Command, Editor};
use crate::solver::techniques::SlotSet;
use crate::solver::Step;

/// The board as hints read it, and the empty cells that had no marks.
pub fn as_hints_read(board: &Board) -> (Board, CellSet) {
    let mut b = board.clone();
    let unmarked = fill_unmarked(&mut b);
    if !unmarked.is_empty() {
        b.set_candidates_specified(true);
    }
    (b, unmarked)
}

/// The next step of a state, cells without marks read as holding every allowed candidate.
pub fn next_step(
    board: &Board,
    slots: SlotSet,
    hints: crate::storage::HintEngine,
    solved: &super::Solved,
) -> Option<crate::solver::fallback::FoundStep> {
    engine::next_step(&as_hints_read(board).0, slots, hints, solved)
}

/// The note a hint on `board` carries when cells without marks were read as full:
/// ` [3 cells without marks counted as holding every candidate the placed digits allow]`.
pub fn note(board: &Board) -> String {
    let n = as_hints_read(board).1.len() as usize;
    if n == 0 {
        return String::new();
    }
    format!(
        " [{} without marks counted as holding every candidate the placed digits allow]",
        plural(n, "cell")
    )
}

/// The command that applies a step found on [`as_hints_read`]'s board: when it removes
/// candidates from cells without marks, those cells get the candidates they were read with,
/// less the removed ones, in the same undo step; else the step as it is.
pub fn apply_command(board: &Board, mode: CandidateMode, step: Step) -> Command {
    let (read, unmarked) = as_hints_read(board);
    if mode == CandidateMode::Auto || !step.eliminations.iter().any(|e| unmarked.contains(e.cell)) {
        return Command::ApplyStep(Box::new(step));
    }
    let mut b = board.clone();
    for e in &step.eliminations {
        if unmarked.contains(e.cell) {
            b.set_candidates(e.cell, read.candidates(e.cell));
        }
    }
    b.set_candidates_specified(true);
    let mut scratch = Editor::with_mode(b, CandidateMode::Manual);
    match scratch.apply(Command::ApplyStep(Box::new(step.clone()))) {
        Ok(_) => Command::Load(Box::new(scratch.board().clone())),
        Err(_) => Command::ApplyStep(Box::new(step)),
    }
}
