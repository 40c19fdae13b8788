//! `Command`: everything the player can do to the board, and `EditError`, why a command was refused.

use super::Color;
use crate::domain::{Board, Cell, Digit};
use crate::solver::Step;

/// How empty cells get their pencilmarks. See the module documentation of [`crate::editor`] for
/// the exact rules.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CandidateMode {
    /// Candidates are computed: what the placed peers allow, minus the player's eliminations.
    #[default]
    Auto,
    /// The player writes the marks; empty cells start without marks.
    Manual,
}

impl CandidateMode {
    /// The setting's name in saves and the config file (`auto`, `manual`).
    pub const fn name(self) -> &'static str {
        match self {
            CandidateMode::Auto => "auto",
            CandidateMode::Manual => "manual",
        }
    }

    /// Parses `auto` / `manual` (case-insensitive).
    pub fn from_name(s: &str) -> Option<CandidateMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Some(CandidateMode::Auto),
            "manual" => Some(CandidateMode::Manual),
            _ => None,
        }
    }

    /// The other mode.
    pub const fn toggled(self) -> CandidateMode {
        match self {
            CandidateMode::Auto => CandidateMode::Manual,
            CandidateMode::Manual => CandidateMode::Auto,
        }
    }
}

/// One player action. Each command that changes the state is exactly one undo step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Place a player digit (replaces a filled digit; refused on a given).
    SetDigit { cell: Cell, digit: Digit },
    /// Remove a player digit (refused on a given; an empty cell is left as it is).
    ClearCell { cell: Cell },
    /// Add or remove one pencilmark of an empty cell.
    ToggleCandidate { cell: Cell, digit: Digit },
    /// Remove one pencilmark of an empty cell (nothing happens when it is not shown).
    EliminateCandidate { cell: Cell, digit: Digit },
    /// Empty cell: Manual mode removes all its marks; Auto mode forgets its eliminations and
    /// extra candidates (it shows its automatic candidates again).
    ClearMarks { cell: Cell },
    /// Every empty cell gets its automatic candidates (both modes).
    FillAllCandidates,
    /// Manual mode: every empty cell loses its marks. Auto mode: forgets every elimination and
    /// extra candidate (same result as [`Command::FillAllCandidates`]).
    ClearAllMarks,
    /// A hint: its placements and eliminations as one step. Placements onto a cell that already
    /// holds that digit and eliminations in cells holding a value are skipped.
    ApplyStep(Box<Step>),
    /// Replace the whole state (paste, new game, a cleared board for entering givens).
    Load(Box<Board>),
    /// Enter-givens editing: make the cell a given (whatever it held).
    SetGiven { cell: Cell, digit: Digit },
    /// Enter-givens editing: empty the cell, given or not.
    ClearGiven { cell: Cell },
    /// Switch between automatic and manual pencilmarks (one undo step; see the module docs).
    SetCandidateMode(CandidateMode),
    /// Several steps in order as one undo step (the solution path up to a chosen step).
    ApplySteps(Vec<Step>),
    /// Back to the givens: every filled digit, pencilmark and colour goes (one undo step).
    Restart,
    /// Colour a cell (`None` removes its colour).
    ColorCell { cell: Cell, color: Option<Color> },
    /// Colour one candidate of a cell (`None` removes its colour).
    ColorCandidate {
        cell: Cell,
        digit: Digit,
        color: Option<Color>,
    },
    /// Remove the colours of one cell (and its candidates), or of every cell.
    ClearColors { cell: Option<Cell> },
}

impl Command {
    /// [`Command::Load`] of `board`.
    pub fn load(board: Board) -> Command {
        Command::Load(Box::new(board))
    }

    /// [`Command::ApplyStep`] of `step`.
    pub fn apply_step(step: Step) -> Command {
        Command::ApplyStep(Box::new(step))
    }
}

/// Why a command was refused. A refused command changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("{cell} is a given and cannot be changed")]
    GivenCell { cell: Cell },
    #[error("{cell} holds a digit; pencilmarks belong to empty cells")]
    CellHasValue { cell: Cell },
    #[error("the step places {digit} in {cell}, which already holds {existing}")]
    StepConflict {
        cell: Cell,
        digit: Digit,
        existing: Digit,
    },
}
