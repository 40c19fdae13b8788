//! Unit tests of the editor: candidate semantics per mode, givens, undo/redo bookkeeping.

use super::*;
use crate::solver::{Candidate, Step, Technique};

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}
fn c(r: usize, k: usize) -> Cell {
    Cell::from_rc(r - 1, k - 1)
}
fn set(ds: &[u8]) -> DigitSet {
    ds.iter().map(|&n| d(n)).collect()
}

/// r1c1 = given 1, r5c5 = given 5.
fn puzzle() -> Board {
    let mut b = Board::empty();
    b.set_given(c(1, 1), d(1));
    b.set_given(c(5, 5), d(5));
    b
}

fn set_digit(e: &mut Editor, cell: Cell, n: u8) -> Result<bool, EditError> {
    e.apply(Command::SetDigit { cell, digit: d(n) })
}

#[test]
fn auto_placing_removes_from_peers_and_clearing_restores_except_eliminations() {
    let mut e = Editor::new(puzzle());
    let (x, peer, far) = (c(1, 5), c(1, 9), c(9, 9));
    assert!(e.board().candidates(peer).contains(d(7)));
    assert_eq!(
        e.apply(Command::EliminateCandidate {
            cell: peer,
            digit: d(3)
        }),
        Ok(true)
    );
    assert_eq!(set_digit(&mut e, x, 7), Ok(true));
    assert!(!e.board().candidates(peer).contains(d(7)));
    assert!(e.board().candidates(far).contains(d(7)));
    assert_eq!(e.apply(Command::ClearCell { cell: x }), Ok(true));
    assert!(e.board().candidates(peer).contains(d(7)));
    assert!(!e.board().candidates(peer).contains(d(3)));
    // The cleared cell shows its automatic candidates again (minus the 1 and 5 it sees).
    assert_eq!(e.board().candidates(x), set(&[2, 3, 4, 6, 7, 8, 9]));
}

#[test]
fn givens_cannot_change_and_refusals_record_nothing() {
    let mut e = Editor::new(puzzle());
    let g = c(1, 1);
    let before = e.board().clone();
    assert_eq!(
        set_digit(&mut e, g, 2),
        Err(EditError::GivenCell { cell: g })
    );
    assert_eq!(
        e.apply(Command::ClearCell { cell: g }),
        Err(EditError::GivenCell { cell: g })
    );
    assert_eq!(
        e.apply(Command::ToggleCandidate {
            cell: g,
            digit: d(2)
        }),
        Err(EditError::GivenCell { cell: g })
    );
    let mut step = Step::new(Technique::NakedSingle);
    step.placements.push(Candidate::new(g, d(4)));
    assert_eq!(
        e.apply(Command::apply_step(step)),
        Err(EditError::GivenCell { cell: g })
    );
    assert_eq!(e.board(), &before);
    assert!(!e.can_undo());
    // The enter-givens commands may change givens.
    assert_eq!(
        e.apply(Command::SetGiven {
            cell: g,
            digit: d(2)
        }),
        Ok(true)
    );
    assert_eq!(e.board().cell(g), CellState::Given(d(2)));
    assert_eq!(e.apply(Command::ClearGiven { cell: g }), Ok(true));
    assert!(e.board().is_empty_cell(g));
}

#[test]
fn marks_on_a_filled_cell_are_refused() {
    let mut e = Editor::new(puzzle());
    set_digit(&mut e, c(2, 2), 4).unwrap();
    assert_eq!(
        e.apply(Command::EliminateCandidate {
            cell: c(2, 2),
            digit: d(4)
        }),
        Err(EditError::CellHasValue { cell: c(2, 2) })
    );
}

#[test]
fn unchanged_commands_record_nothing() {
    let mut e = Editor::new(puzzle());
    assert_eq!(e.apply(Command::ClearCell { cell: c(2, 2) }), Ok(false));
    // r1c2 sees the given 1: not a candidate, nothing to eliminate.
    assert_eq!(
        e.apply(Command::EliminateCandidate {
            cell: c(1, 2),
            digit: d(1)
        }),
        Ok(false)
    );
    assert_eq!(e.apply(Command::FillAllCandidates), Ok(false));
    assert_eq!(e.apply(Command::load(puzzle())), Ok(false));
    assert!(!e.can_undo());
    set_digit(&mut e, c(2, 2), 4).unwrap();
    assert_eq!(set_digit(&mut e, c(2, 2), 4), Ok(false));
    assert_eq!(e.undo_len(), 1);
}

#[test]
fn undo_and_redo_walk_the_history_and_a_new_command_drops_redo() {
    let mut e = Editor::new(puzzle());
    let s0 = e.board().clone();
    set_digit(&mut e, c(2, 2), 4).unwrap();
    let s1 = e.board().clone();
    e.apply(Command::ToggleCandidate {
        cell: c(9, 9),
        digit: d(9),
    })
    .unwrap();
    let s2 = e.board().clone();
    assert!(e.undo());
    assert_eq!(e.board(), &s1);
    assert!(e.undo());
    assert_eq!(e.board(), &s0);
    assert!(!e.undo());
    assert!(e.redo());
    assert!(e.redo());
    assert_eq!(e.board(), &s2);
    assert!(!e.redo());
    e.undo();
    set_digit(&mut e, c(3, 3), 8).unwrap();
    assert!(!e.can_redo());
}

#[test]
fn apply_step_is_one_undo_step() {
    let mut e = Editor::new(puzzle());
    let mut step = Step::new(Technique::LockedCandidates1);
    step.placements.push(Candidate::new(c(2, 2), d(3)));
    step.eliminations.push(Candidate::new(c(9, 9), d(2)));
    step.eliminations.push(Candidate::new(c(9, 8), d(2)));
    assert_eq!(e.apply(Command::apply_step(step.clone())), Ok(true));
    assert_eq!(e.board().value(c(2, 2)), Some(d(3)));
    assert!(!e.board().candidates(c(9, 9)).contains(d(2)));
    assert!(!e.board().candidates(c(9, 8)).contains(d(2)));
    assert!(e.board().candidates_specified());
    assert_eq!(e.undo_len(), 1);
    // Applying it again changes nothing.
    assert_eq!(e.apply(Command::apply_step(step)), Ok(false));
    e.undo();
    assert_eq!(e.board(), &puzzle());
    // A stale step that places over a different digit is refused.
    set_digit(&mut e, c(2, 2), 6).unwrap();
    let mut stale = Step::new(Technique::NakedSingle);
    stale.placements.push(Candidate::new(c(2, 2), d(3)));
    assert_eq!(
        e.apply(Command::apply_step(stale)),
        Err(EditError::StepConflict {
            cell: c(2, 2),
            digit: d(3),
            existing: d(6)
        })
    );
}

#[test]
fn fill_all_and_clear_all_in_auto_mode_forget_eliminations() {
    let mut e = Editor::new(puzzle());
    for n in [2, 3] {
        e.apply(Command::EliminateCandidate {
            cell: c(9, 9),
            digit: d(n),
        })
        .unwrap();
    }
    e.apply(Command::ToggleCandidate {
        cell: c(1, 2),
        digit: d(1),
    })
    .unwrap();
    assert_eq!(e.board().extra_candidates(), vec![(c(1, 2), d(1))]);
    assert_eq!(e.apply(Command::FillAllCandidates), Ok(true));
    assert!(e.board().eliminations().is_empty());
    assert!(e.board().extra_candidates().is_empty());
    assert!(!e.board().candidates_specified());
    e.undo();
    assert_eq!(e.apply(Command::ClearAllMarks), Ok(true));
    assert!(e.board().eliminations().is_empty());
    assert_eq!(e.undo_len(), 4);
}

#[test]
fn manual_mode_starts_without_marks_and_placing_hides_then_clearing_restores() {
    let mut e = Editor::with_mode(puzzle(), CandidateMode::Manual);
    let (x, peer) = (c(1, 5), c(1, 9));
    assert_eq!(e.board().candidates(peer), DigitSet::EMPTY);
    // No cell is dead just because it is unmarked.
    assert!(e.dead_cells().is_empty());
    for n in [2, 7] {
        e.apply(Command::ToggleCandidate {
            cell: peer,
            digit: d(n),
        })
        .unwrap();
    }
    assert_eq!(e.board().candidates(peer), set(&[2, 7]));
    set_digit(&mut e, x, 7).unwrap();
    assert_eq!(e.board().candidates(peer), set(&[2]));
    // r1c8 never had a mark: placing and clearing digits never adds any.
    assert_eq!(e.board().candidates(c(1, 8)), DigitSet::EMPTY);
    e.apply(Command::ClearCell { cell: x }).unwrap();
    assert_eq!(e.board().candidates(peer), set(&[2, 7]));
    assert_eq!(e.board().candidates(c(1, 8)), DigitSet::EMPTY);
    // The cleared cell had no marks before it was filled.
    assert_eq!(e.board().candidates(x), DigitSet::EMPTY);
}

#[test]
fn manual_mode_marks_written_while_blocked_do_not_appear_later() {
    let mut e = Editor::with_mode(puzzle(), CandidateMode::Manual);
    let (x, peer) = (c(1, 5), c(1, 9));
    set_digit(&mut e, x, 7).unwrap();
    e.apply(Command::ToggleCandidate {
        cell: peer,
        digit: d(2),
    })
    .unwrap();
    e.apply(Command::ClearCell { cell: x }).unwrap();
    assert_eq!(e.board().candidates(peer), set(&[2]));
}

#[test]
fn manual_fill_all_writes_automatic_candidates_and_clear_all_empties() {
    let mut e = Editor::with_mode(puzzle(), CandidateMode::Manual);
    assert_eq!(e.apply(Command::FillAllCandidates), Ok(true));
    let auto = Editor::new(puzzle());
    assert_eq!(e.board().cells(), auto.board().cells());
    // After "fill all", the cells follow placements like automatic candidates.
    set_digit(&mut e, c(1, 5), 7).unwrap();
    assert!(!e.board().candidates(c(1, 9)).contains(d(7)));
    e.apply(Command::ClearCell { cell: c(1, 5) }).unwrap();
    assert!(e.board().candidates(c(1, 9)).contains(d(7)));
    assert_eq!(e.apply(Command::ClearAllMarks), Ok(true));
    assert!(Cell::all()
        .filter(|&x| e.board().is_empty_cell(x))
        .all(|x| e.board().candidates(x).is_empty()));
    e.apply(Command::ToggleCandidate {
        cell: c(9, 9),
        digit: d(4),
    })
    .unwrap();
    assert_eq!(e.apply(Command::ClearMarks { cell: c(9, 9) }), Ok(true));
    assert_eq!(e.board().candidates(c(9, 9)), DigitSet::EMPTY);
}

#[test]
fn manual_load_keeps_pencilmarks_literally_and_filled_cells_have_no_marks() {
    let mut cells = [CellState::Empty(set(&[1, 2])); 81];
    cells[0] = CellState::Given(d(1));
    cells[40] = CellState::Filled(d(2));
    cells[41] = CellState::Empty(set(&[1]));
    let b = Board::from_cells(&cells, true);
    let mut e = Editor::with_mode(Board::empty(), CandidateMode::Manual);
    assert_eq!(e.apply(Command::load(b.clone())), Ok(true));
    assert_eq!(e.board().cells(), b.cells());
    // r5c6 is marked 1 only (2 is seen in r5c5). Clearing r5c5 brings no 2 there in Manual mode
    // (Auto mode would), and r5c5 itself has no marks.
    assert_eq!(e.board().candidates(c(5, 6)), set(&[1]));
    e.apply(Command::ClearCell { cell: c(5, 5) }).unwrap();
    assert_eq!(e.board().candidates(c(5, 6)), set(&[1]));
    assert_eq!(e.board().candidates(c(5, 5)), DigitSet::EMPTY);
    let mut a = Editor::new(b);
    a.apply(Command::ClearCell { cell: c(5, 5) }).unwrap();
    assert_eq!(a.board().candidates(c(5, 6)), set(&[1, 2]));
}

#[test]
fn switching_mode_is_one_step_and_manual_to_auto_fills_unmarked_cells() {
    let mut e = Editor::with_mode(puzzle(), CandidateMode::Manual);
    e.apply(Command::ToggleCandidate {
        cell: c(9, 9),
        digit: d(4),
    })
    .unwrap();
    assert!(e.set_candidate_mode(CandidateMode::Auto));
    assert!(!e.set_candidate_mode(CandidateMode::Auto));
    assert_eq!(e.candidate_mode(), CandidateMode::Auto);
    assert_eq!(e.board().candidates(c(9, 9)), set(&[4]));
    assert_eq!(
        e.board().candidates(c(9, 8)),
        e.board().auto_candidates(c(9, 8))
    );
    assert!(e.dead_cells().is_empty());
    assert!(e.undo());
    assert_eq!(e.candidate_mode(), CandidateMode::Manual);
    assert_eq!(e.board().candidates(c(9, 8)), DigitSet::EMPTY);
    // Auto -> Manual keeps what is shown.
    let mut a = Editor::new(puzzle());
    let shown = a.board().cells();
    assert!(a.set_candidate_mode(CandidateMode::Manual));
    assert_eq!(a.board().cells(), shown);
}

#[test]
fn dead_cells_and_digit_counts() {
    let mut e = Editor::new(puzzle());
    set_digit(&mut e, c(2, 2), 1).unwrap();
    assert_eq!(e.digit_counts(), [2, 0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(e.digit_count(d(1)), 2);
    assert_eq!(e.conflicts().len(), 2);
    for n in 1..=9 {
        let _ = e.apply(Command::EliminateCandidate {
            cell: c(9, 9),
            digit: d(n),
        });
    }
    assert!(e.dead_cells().contains(c(9, 9)));
    assert!(!e.is_solved());
}

#[test]
fn auto_clear_marks_restores_one_cells_automatic_candidates() {
    let mut e = Editor::new(puzzle());
    let x = c(9, 9);
    for n in [2, 3] {
        e.apply(Command::EliminateCandidate {
            cell: x,
            digit: d(n),
        })
        .unwrap();
    }
    e.apply(Command::EliminateCandidate {
        cell: c(9, 8),
        digit: d(2),
    })
    .unwrap();
    assert_eq!(e.apply(Command::ClearMarks { cell: x }), Ok(true));
    assert_eq!(e.board().candidates(x), e.board().auto_candidates(x));
    assert!(!e.board().candidates(c(9, 8)).contains(d(2)));
    assert_eq!(e.apply(Command::ClearMarks { cell: x }), Ok(false));
}

#[test]
fn restored_manual_snapshots_take_the_shown_marks_as_complete() {
    // A board read back without its remembered marks: r1c9 shows {2}; the 7 is hidden by r1c5.
    let mut b = puzzle();
    b.set_filled(c(1, 5), d(7));
    b.set_candidates(c(1, 9), set(&[2]));
    let auto = Snapshot::restored(b.clone(), CandidateMode::Auto);
    assert_eq!(auto.board, b);
    let manual = Snapshot::restored(b.clone(), CandidateMode::Manual);
    assert_eq!(manual.board, b);
    let mut e = Editor::from_parts(manual, History::new());
    e.apply(Command::ClearCell { cell: c(1, 5) }).unwrap();
    assert_eq!(e.board().candidates(c(1, 9)), set(&[2]));
    assert_eq!(e.board().candidates(c(1, 5)), DigitSet::EMPTY);
    // In Auto mode the 7 comes back (it was never eliminated).
    let mut a = Editor::from_parts(auto, History::new());
    a.apply(Command::ClearCell { cell: c(1, 5) }).unwrap();
    assert_eq!(a.board().candidates(c(1, 9)), set(&[2, 7]));
}

#[test]
fn colours_are_undone_and_redone_with_the_board() {
    let mut e = Editor::new(puzzle());
    let k = Color::new(3).unwrap();
    assert!(e
        .apply(Command::ColorCell {
            cell: c(2, 2),
            color: Some(k)
        })
        .unwrap());
    set_digit(&mut e, c(2, 3), 4).unwrap();
    assert!(e
        .apply(Command::ColorCandidate {
            cell: c(9, 9),
            digit: d(7),
            color: Some(k.partner())
        })
        .unwrap());
    // The same colour again changes nothing and records nothing.
    assert!(!e
        .apply(Command::ColorCell {
            cell: c(2, 2),
            color: Some(k)
        })
        .unwrap());
    assert_eq!(e.undo_len(), 3);
    assert!(e.undo());
    assert_eq!(e.colors().candidate(c(9, 9), d(7)), None);
    assert!(e.undo());
    assert_eq!(e.board().value(c(2, 3)), None);
    assert_eq!(e.colors().cell(c(2, 2)), Some(k));
    assert!(e.undo());
    assert!(e.colors().is_empty());
    assert!(e.redo() && e.redo() && e.redo());
    assert_eq!(e.colors().candidate(c(9, 9), d(7)), Some(k.partner()));
    assert_eq!(e.color_stacks().0.len(), e.undo_len());
    // Clear all is one step; restart clears colours and digits in one step.
    assert!(e.apply(Command::ClearColors { cell: None }).unwrap());
    assert!(e.colors().is_empty());
    assert!(e.undo());
    assert!(e.apply(Command::Restart).unwrap());
    assert!(e.colors().is_empty());
    assert_eq!(e.board().value(c(2, 3)), None);
    assert_eq!(e.board().value(c(1, 1)), Some(d(1)));
    assert!(e.undo());
    assert_eq!(e.board().value(c(2, 3)), Some(d(4)));
    assert_eq!(e.colors().cell(c(2, 2)), Some(k));
}

#[test]
fn restored_colour_stacks_are_fitted_to_the_history() {
    let mut e = Editor::new(puzzle());
    set_digit(&mut e, c(2, 3), 4).unwrap();
    set_digit(&mut e, c(2, 4), 5).unwrap();
    let mut one = Colors::default();
    one.set_cell(c(3, 3), Color::new(0));
    // A save with one colour entry for two undo steps: padded at the old end.
    e.restore_colors(Colors::default(), vec![one.clone()], Vec::new());
    assert_eq!(e.color_stacks().0.len(), 2);
    assert!(e.undo());
    assert_eq!(e.colors(), &one);
    assert!(e.undo());
    assert!(e.colors().is_empty());
}

#[test]
fn several_steps_apply_as_one_undo_step() {
    let mut e = Editor::new(puzzle());
    let mut a = Step::new(Technique::NakedSingle);
    a.placements.push(Candidate::new(c(2, 2), d(3)));
    let mut b = Step::new(Technique::NakedSingle);
    b.placements.push(Candidate::new(c(3, 3), d(6)));
    assert!(e.apply(Command::ApplySteps(vec![a, b])).unwrap());
    assert_eq!(e.board().value(c(2, 2)), Some(d(3)));
    assert_eq!(e.board().value(c(3, 3)), Some(d(6)));
    assert_eq!(e.undo_len(), 1);
    assert!(e.undo());
    assert_eq!(e.board().value(c(2, 2)), None);
}
