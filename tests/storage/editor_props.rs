//! Property tests of the editor: any command sequence undoes back to the start and redoes to the
//! same end, in both candidate modes.

use proptest::prelude::*;
use termdoku::domain::{Board, Cell, CellState, Digit, DigitSet};
use termdoku::editor::{CandidateMode, Command, EditError, Editor};
use termdoku::solver::{Candidate, Step, Technique};

fn cell() -> impl Strategy<Value = Cell> {
    (0u8..81).prop_map(|i| Cell::new(i).unwrap())
}
fn digit() -> impl Strategy<Value = Digit> {
    (1u8..=9).prop_map(|n| Digit::new(n).unwrap())
}
fn mode() -> impl Strategy<Value = CandidateMode> {
    prop_oneof![Just(CandidateMode::Auto), Just(CandidateMode::Manual)]
}

/// Boards with some givens, filled digits and literal candidate sets (possibly conflicting).
fn board() -> impl Strategy<Value = Board> {
    let cell_state = prop_oneof![
        3 => (1u16..512).prop_map(|bits| CellState::Empty(DigitSet::from_bits(bits))),
        1 => digit().prop_map(CellState::Given),
        1 => digit().prop_map(CellState::Filled),
    ];
    (prop::collection::vec(cell_state, 81), any::<bool>()).prop_map(|(v, spec)| {
        let cells: [CellState; 81] = v.try_into().unwrap();
        if spec {
            Board::from_cells(&cells, true)
        } else {
            let mut vals = [None; 81];
            for (i, cs) in cells.iter().enumerate() {
                vals[i] = match *cs {
                    CellState::Given(d) => Some((d, true)),
                    CellState::Filled(d) => Some((d, false)),
                    CellState::Empty(_) => None,
                };
            }
            Board::from_values(&vals)
        }
    })
}

fn step() -> impl Strategy<Value = Step> {
    (
        prop::collection::vec((cell(), digit()), 0..3),
        prop::collection::vec((cell(), digit()), 0..6),
    )
        .prop_map(|(p, e)| {
            let mut s = Step::new(Technique::LockedCandidates1);
            s.placements = p.into_iter().map(|(c, d)| Candidate::new(c, d)).collect();
            s.eliminations = e.into_iter().map(|(c, d)| Candidate::new(c, d)).collect();
            s
        })
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        6 => (cell(), digit()).prop_map(|(cell, digit)| Command::SetDigit { cell, digit }),
        3 => cell().prop_map(|cell| Command::ClearCell { cell }),
        5 => (cell(), digit()).prop_map(|(cell, digit)| Command::ToggleCandidate { cell, digit }),
        4 => (cell(), digit()).prop_map(|(cell, digit)| Command::EliminateCandidate { cell, digit }),
        1 => cell().prop_map(|cell| Command::ClearMarks { cell }),
        1 => Just(Command::FillAllCandidates),
        1 => Just(Command::ClearAllMarks),
        2 => step().prop_map(Command::apply_step),
        1 => board().prop_map(Command::load),
        1 => (cell(), digit()).prop_map(|(cell, digit)| Command::SetGiven { cell, digit }),
        1 => cell().prop_map(|cell| Command::ClearGiven { cell }),
        1 => mode().prop_map(Command::SetCandidateMode),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn undo_returns_to_start_and_redo_replays(
        start in board(),
        start_mode in mode(),
        cmds in prop::collection::vec(command(), 0..40),
    ) {
        let mut e = Editor::with_mode(start, start_mode);
        let first = e.snapshot().clone();
        let mut recorded = 0;
        let mut states = vec![first.clone()];
        for cmd in cmds.iter().cloned() {
            let before = e.snapshot().clone();
            match e.apply(cmd) {
                Ok(true) => {
                    recorded += 1;
                    prop_assert_ne!(e.snapshot(), &before);
                    states.push(e.snapshot().clone());
                }
                Ok(false) | Err(_) => prop_assert_eq!(e.snapshot(), &before),
            }
            prop_assert_eq!(e.undo_len(), recorded);
        }
        let last = e.snapshot().clone();
        // As many undos as commands: the extra ones do nothing.
        for _ in 0..cmds.len() {
            e.undo();
        }
        prop_assert_eq!(e.snapshot(), &first);
        prop_assert!(!e.can_undo());
        // Redo walks through every intermediate state.
        for expected in states.iter().skip(1) {
            prop_assert!(e.redo());
            prop_assert_eq!(e.snapshot(), expected);
        }
        prop_assert!(!e.redo());
        prop_assert_eq!(e.snapshot(), &last);
    }

    #[test]
    fn givens_never_change_outside_the_enter_givens_commands(
        start in board(),
        start_mode in mode(),
        cmds in prop::collection::vec(command(), 0..40),
    ) {
        let mut e = Editor::with_mode(start, start_mode);
        for cmd in cmds {
            let givens = e.board().givens_only();
            let touches_givens = matches!(
                cmd,
                Command::Load(_) | Command::SetGiven { .. } | Command::ClearGiven { .. }
            );
            let target = match &cmd {
                Command::SetDigit { cell, .. } | Command::ClearCell { cell } => Some(*cell),
                _ => None,
            };
            let result = e.apply(cmd);
            if let Some(c) = target {
                if givens.is_given(c) {
                    prop_assert_eq!(result, Err(EditError::GivenCell { cell: c }));
                }
            }
            if !touches_givens {
                prop_assert_eq!(e.board().givens_only(), givens);
            }
        }
    }

    #[test]
    fn auto_mode_shows_automatic_candidates_minus_eliminations(
        cmds in prop::collection::vec(command(), 0..30),
    ) {
        // Only value commands: no candidate was ever edited, so every empty cell shows `auto`.
        let mut e = Editor::new(Board::empty());
        for cmd in cmds {
            if matches!(cmd, Command::SetDigit { .. } | Command::ClearCell { .. }) {
                let _ = e.apply(cmd);
            }
        }
        for c in Cell::all().filter(|&c| e.board().is_empty_cell(c)) {
            prop_assert_eq!(e.board().candidates(c), e.board().auto_candidates(c));
        }
    }
}
