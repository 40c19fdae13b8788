//! Property: a save round trip restores every state of the game (current, undo and redo) with
//! what it shows and with what clearing digits would bring back.

use proptest::prelude::*;
use termdoku::domain::{Board, Cell, CellState, Digit, DigitSet};
use termdoku::editor::{CandidateMode, Command, Editor, Snapshot};
use termdoku::storage::save::{decode_game, encode_game, remembered_marks};
use termdoku::storage::SavedGame;

fn cell() -> impl Strategy<Value = Cell> {
    (0u8..81).prop_map(|i| Cell::new(i).unwrap())
}
fn digit() -> impl Strategy<Value = Digit> {
    (1u8..=9).prop_map(|n| Digit::new(n).unwrap())
}

/// Boards with literal candidates; about one in four has no value at all.
fn board() -> impl Strategy<Value = Board> {
    let with_values = prop_oneof![
        4 => (0u16..512).prop_map(|b| CellState::Empty(DigitSet::from_bits(b))),
        1 => digit().prop_map(CellState::Given),
        1 => digit().prop_map(CellState::Filled),
    ];
    let no_values = (0u16..512).prop_map(|b| CellState::Empty(DigitSet::from_bits(b)));
    prop_oneof![
        3 => prop::collection::vec(with_values, 81),
        1 => prop::collection::vec(no_values, 81),
    ]
    .prop_map(|v| Board::from_cells(&v.try_into().unwrap(), true))
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        4 => (cell(), digit()).prop_map(|(cell, digit)| Command::SetDigit { cell, digit }),
        3 => cell().prop_map(|cell| Command::ClearCell { cell }),
        4 => (cell(), digit()).prop_map(|(cell, digit)| Command::ToggleCandidate { cell, digit }),
        4 => (cell(), digit()).prop_map(|(cell, digit)| Command::EliminateCandidate { cell, digit }),
        1 => Just(Command::FillAllCandidates),
        1 => Just(Command::ClearAllMarks),
        1 => prop_oneof![Just(CandidateMode::Auto), Just(CandidateMode::Manual)]
            .prop_map(Command::SetCandidateMode),
    ]
}

/// The board with the given cells cleared: shows what the remembered eliminations bring back.
fn exposed(b: &Board, which: impl Fn(&Board, Cell) -> bool) -> [CellState; 81] {
    let mut x = b.clone();
    for c in Cell::all() {
        if which(b, c) {
            x.clear(c);
        }
    }
    x.cells()
}

fn same_state(a: &Snapshot, b: &Snapshot) -> Result<(), TestCaseError> {
    prop_assert_eq!(a, b);
    prop_assert_eq!(
        exposed(&a.board, |b, c| !b.is_given(c)),
        exposed(&b.board, |b, c| !b.is_given(c))
    );
    prop_assert_eq!(
        exposed(&a.board, |_, _| true),
        exposed(&b.board, |_, _| true)
    );
    prop_assert_eq!(remembered_marks(&a.board), remembered_marks(&b.board));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn save_round_trip_restores_every_state(
        start in board(),
        manual in any::<bool>(),
        cmds in prop::collection::vec(command(), 0..25),
        undos in 0usize..5,
        elapsed in 0..=termdoku::storage::MAX_ELAPSED_SECS,
    ) {
        let mode = if manual { CandidateMode::Manual } else { CandidateMode::Auto };
        let mut e = Editor::with_mode(start, mode);
        for cmd in cmds {
            let _ = e.apply(cmd);
        }
        for _ in 0..undos {
            e.undo();
        }
        let mut game = SavedGame::new(e);
        game.elapsed_secs = elapsed;
        let text = encode_game(&game).unwrap();
        let back = decode_game(text.as_bytes()).unwrap();
        prop_assert_eq!(back.elapsed_secs, game.elapsed_secs);
        same_state(back.editor.snapshot(), game.editor.snapshot())?;
        let (h, hb) = (game.editor.history(), back.editor.history());
        prop_assert_eq!(h.undo_stack().len(), hb.undo_stack().len());
        prop_assert_eq!(h.redo_stack().len(), hb.redo_stack().len());
        for (a, b) in h.undo_stack().iter().zip(hb.undo_stack()) {
            same_state(a, b)?;
        }
        for (a, b) in h.redo_stack().iter().zip(hb.redo_stack()) {
            same_state(a, b)?;
        }
    }
}
