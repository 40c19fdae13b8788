//! Saves: round trips of the game, its history and its marks, slots, golden files of every schema
//! version, the history stored as differences, the slot list read from the header.

use crate::support::*;
use std::fs;
use std::path::Path;
use termdoku::codec::{self, Format};
use termdoku::domain::{Board, Cell, CellState, Digit};
use termdoku::editor::{CandidateMode, Command, Editor};
use termdoku::solver::Level;
use termdoku::storage::{SavedGame, StorageError, Store};

#[test]
fn autosave_round_trip_keeps_state_history_timer_and_mode() {
    for mode in [CandidateMode::Auto, CandidateMode::Manual] {
        let dir = TempDir::new("roundtrip");
        let store = Store::at(dir.path());
        assert!(store.read_autosave().unwrap().is_none());
        let game = sample_game(mode);
        store.write_autosave(&game).unwrap();
        let back = store.read_autosave().unwrap().expect("autosave");
        assert_same_game(&game, &back);
        assert_eq!(back.editor.candidate_mode(), mode);
        assert!(back.saved_at.is_some());
        // The restored history still works: redo the undone placement, then undo everything.
        let mut e = back.editor;
        assert!(e.redo());
        while e.undo() {}
        assert_eq!(
            e.board().cells(),
            game.editor.history().undo_stack()[0].board.cells()
        );
    }
}

#[test]
fn boards_without_values_and_with_single_candidates_survive() {
    // pm-marked writes a board without values without markers; one-candidate cells must not
    // come back as givens.
    let dir = TempDir::new("novalues");
    let store = Store::at(dir.path());
    let mut cells = [CellState::Empty(termdoku::domain::DigitSet::ALL); 81];
    cells[3] = CellState::Empty(termdoku::domain::DigitSet::single(d(5)));
    cells[4] = CellState::Empty(termdoku::domain::DigitSet::EMPTY);
    let b = Board::from_cells(&cells, true);
    for board in [Board::empty(), b] {
        let game = SavedGame::new(Editor::new(board.clone()));
        store.write_autosave(&game).unwrap();
        let back = store.read_autosave().unwrap().unwrap();
        assert_eq!(back.editor.board(), &board);
    }
}

#[test]
fn slots_save_list_and_open() {
    let dir = TempDir::new("slots");
    let store = Store::at(dir.path());
    assert!(store.list_slots().unwrap().is_empty());
    let game = sample_game(CandidateMode::Auto);
    let p = store.save_slot("morning game", &game).unwrap();
    assert!(p.ends_with("slots/morning game.json"));
    let mut other = sample_game(CandidateMode::Manual);
    other.name = Some("Other".into());
    store.save_slot("b-2", &other).unwrap();
    let list = store.list_slots().unwrap();
    let names: Vec<&str> = list.iter().map(|s| s.slot.as_str()).collect();
    assert_eq!(names, ["b-2", "morning game"]);
    let summary = list[1].summary.as_ref().unwrap();
    assert_eq!(summary.name.as_deref(), Some("Sample"));
    assert_eq!(summary.level, Some(Level::Hard));
    assert_eq!(summary.elapsed_secs, 754);
    assert_same_game(&game, &store.open_slot("morning game").unwrap());
    assert!(matches!(
        store.open_slot("nothing here"),
        Err(StorageError::NoSuchSlot { .. })
    ));
    for bad in ["", "../escape", ".hidden", "a/b", "x\0y"] {
        assert!(
            matches!(
                store.save_slot(bad, &game),
                Err(StorageError::BadSlotName { .. })
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn golden_saves_of_every_schema_version_load() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut versions = Vec::new();
    for e in fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "json") {
            let bytes = fs::read(&p).unwrap();
            let g = termdoku::storage::save::decode_game(&bytes)
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            versions.push(p.file_stem().unwrap().to_string_lossy().into_owned());
            // Every golden file is the same sample game.
            assert_eq!(g.name.as_deref(), Some("Golden"), "{}", p.display());
            assert_eq!(g.level, Some(Level::Medium));
            assert_eq!(g.elapsed_secs, 1234);
            let b = g.editor.board();
            assert_eq!(b.given_count(), 17);
            assert_eq!(b.cell(c(1, 2)), CellState::Filled(d(6)));
            assert!(!b.candidates(c(1, 3)).contains(d(2)));
            assert_eq!(b.cell(c(1, 5)), CellState::Filled(d(8)));
            assert_eq!(g.editor.undo_len(), 4);
            assert_eq!(g.editor.redo_len(), 1);
            // r1c1's eliminated 8 is hidden by r1c5 and stays eliminated when r1c5 is cleared.
            let mut e = g.editor.clone();
            e.apply(Command::ClearCell { cell: c(1, 5) }).unwrap();
            assert!(!e.board().candidates(c(1, 1)).contains(d(8)));
            assert!(e.board().candidates(c(1, 4)).contains(d(8)));
            let mut e = g.editor.clone();
            assert!(e.redo());
            assert_eq!(e.board().value(c(9, 9)), Some(d(4)));
            while e.undo() {}
            assert_eq!(e.board().value_count(), 17);
            assert_eq!(e.board().eliminations(), vec![]);
        }
    }
    versions.sort();
    let expected: Vec<String> = (1..=termdoku::storage::SCHEMA_VERSION)
        .map(|v| format!("v{v}"))
        .collect();
    assert_eq!(versions, expected, "one golden save per schema version");
}

#[test]
fn eliminations_hidden_by_a_placed_digit_survive_a_reload() {
    let dir = TempDir::new("hidden");
    let store = Store::at(dir.path());
    let (x, peer) = (c(9, 1), c(9, 9));
    // Auto: 5 eliminated in r9c9, then 5 placed in r9c1 hides it; after a reload, clearing
    // r9c1 must not bring the 5 back in r9c9.
    let mut e = Editor::new(Board::empty());
    e.apply(Command::EliminateCandidate {
        cell: peer,
        digit: d(5),
    })
    .unwrap();
    e.apply(Command::SetDigit {
        cell: x,
        digit: d(5),
    })
    .unwrap();
    store.write_autosave(&SavedGame::new(e)).unwrap();
    let mut back = store.read_autosave().unwrap().unwrap().editor;
    back.apply(Command::ClearCell { cell: x }).unwrap();
    assert!(!back.board().candidates(peer).contains(d(5)));
    assert!(back.board().candidates(c(9, 5)).contains(d(5)));
    // Undo history states keep them too: undo the placement in the reloaded history.
    back.undo();
    assert!(back.undo());
    assert!(!back.board().candidates(peer).contains(d(5)));

    // Manual: marks {2,7} in r9c9, 7 placed in r9c1; after a reload clearing it restores the 7,
    // and r9c5 (never marked) stays empty.
    let mut m = Editor::with_mode(Board::empty(), CandidateMode::Manual);
    for n in [2, 7] {
        m.apply(Command::ToggleCandidate {
            cell: peer,
            digit: d(n),
        })
        .unwrap();
    }
    m.apply(Command::SetDigit {
        cell: x,
        digit: d(7),
    })
    .unwrap();
    store.write_autosave(&SavedGame::new(m)).unwrap();
    let mut back = store.read_autosave().unwrap().unwrap().editor;
    back.apply(Command::ClearCell { cell: x }).unwrap();
    assert_eq!(
        back.board().candidates(peer),
        [d(2), d(7)].into_iter().collect()
    );
    assert!(back.board().candidates(c(9, 5)).is_empty());
    assert!(back.board().candidates(x).is_empty());
}

#[test]
fn a_manual_save_without_remembered_marks_shows_no_unwritten_marks() {
    let dir = TempDir::new("nohidden");
    let store = Store::at(dir.path());
    let mut m = Editor::with_mode(Board::empty(), CandidateMode::Manual);
    m.apply(Command::SetDigit {
        cell: c(9, 1),
        digit: d(7),
    })
    .unwrap();
    let text = termdoku::storage::save::encode_game(&SavedGame::new(m)).unwrap();
    let stripped: String = text
        .lines()
        .filter(|l| !l.contains("\"remembered\""))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replace(
            "\"candidates_specified\": true,\n",
            "\"candidates_specified\": true\n",
        );
    assert_ne!(stripped, text);
    fs::write(store.autosave_path(), stripped).unwrap();
    let mut back = store.read_autosave().unwrap().unwrap().editor;
    back.apply(Command::ClearCell { cell: c(9, 1) }).unwrap();
    assert!(back.board().candidates(c(9, 9)).is_empty());
    assert!(back.board().candidates(c(9, 1)).is_empty());
}

#[test]
fn an_isolated_single_candidate_in_a_board_without_values_stays_a_candidate() {
    // pm-marked writes a board without values like a plain pencilmark grid; a one-candidate cell
    // whose digit no peer lists must still come back as a candidate, not as a given.
    let mut cells = [CellState::Empty(termdoku::domain::DigitSet::ALL); 81];
    let lone = c(1, 1);
    for p in lone.peers() {
        let mut s = termdoku::domain::DigitSet::ALL;
        s.remove(d(5));
        cells[p.index()] = CellState::Empty(s);
    }
    cells[lone.index()] = CellState::Empty(termdoku::domain::DigitSet::single(d(5)));
    let board = Board::from_cells(&cells, true);
    let dir = TempDir::new("lone");
    let store = Store::at(dir.path());
    store
        .write_autosave(&SavedGame::new(Editor::new(board.clone())))
        .unwrap();
    let back = store.read_autosave().unwrap().unwrap();
    assert_eq!(back.editor.board(), &board);
}

/// A game of `steps` undo steps on `PUZZLE`: each step sets, eliminates or clears one cell.
fn long_game(steps: usize) -> SavedGame {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut e = Editor::new(board);
    let empties: Vec<Cell> = Cell::all()
        .filter(|&x| e.board().is_empty_cell(x))
        .collect();
    let mut i = 0usize;
    while e.undo_len() < steps {
        let cell = empties[i % empties.len()];
        let digit = d((i % 9) as u8 + 1);
        let cmd = match i % 3 {
            0 => Command::SetDigit { cell, digit },
            1 => Command::ClearCell { cell },
            _ => Command::ToggleCandidate { cell, digit },
        };
        let _ = e.apply(cmd);
        i += 1;
    }
    for _ in 0..steps / 10 {
        e.undo();
    }
    let mut g = SavedGame::new(e);
    g.name = Some("Long".into());
    g
}

#[test]
fn saves_store_the_history_as_differences() {
    let game = long_game(1000);
    let text = termdoku::storage::save::encode_game(&game).unwrap();
    // A whole board per step took over a kilobyte; a difference takes a few dozen bytes.
    assert!(text.len() < 60_000, "{} bytes for 1000 steps", text.len());
    let back = termdoku::storage::save::decode_game(text.as_bytes()).unwrap();
    assert_same_game(&game, &back);
    // The hidden marks of every state come back too.
    let states = |g: &SavedGame| -> Vec<Vec<(Option<Digit>, bool, _)>> {
        let h = g.editor.history();
        h.undo_stack()
            .iter()
            .chain(h.redo_stack())
            .map(|s| &**s)
            .chain(std::iter::once(g.editor.snapshot()))
            .map(|s| {
                Cell::all()
                    .map(|c| (s.board.value(c), s.board.is_given(c), s.board.raw_marks(c)))
                    .collect()
            })
            .collect()
    };
    assert!(states(&game) == states(&back));
}

#[test]
fn the_slot_list_reads_only_the_header() {
    let dir = TempDir::new("header");
    let store = Store::at(dir.path());
    let game = sample_game(CandidateMode::Auto);
    let path = store.save_slot("v2", &game).unwrap();
    // Break the history: the list still shows the slot from its header; opening it fails.
    let mut v: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    v["undo"][0] = "not a difference".into();
    fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    // A version 1 slot (no `values`/`solved`): its current board is decoded, not its history.
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/v1.json");
    fs::copy(golden, store.slot_path("v1").unwrap()).unwrap();
    let list = store.list_slots().unwrap();
    assert_eq!(list.len(), 2);
    let v1 = list[0].summary.as_ref().unwrap();
    assert_eq!(
        (v1.name.as_deref(), v1.values, v1.solved),
        (Some("Golden"), 19, false)
    );
    assert_eq!(v1.level, Some(Level::Medium));
    assert_eq!(v1.elapsed_secs, 1234);
    let v2 = list[1].summary.as_ref().unwrap();
    assert_eq!(v2.name.as_deref(), Some("Sample"));
    assert_eq!(v2.values, game.editor.board().value_count());
    assert_eq!(v2.elapsed_secs, 754);
    assert!(matches!(
        store.open_slot("v2"),
        Err(StorageError::Corrupt { .. })
    ));
}
