//! Cost of the editor and of saves: `cargo bench --bench storage`.
//!
//! A game is played on a 17-clue puzzle: every empty cell gets an elimination of a wrong
//! candidate, then its solution digit (one or two undo steps per cell), then the last 4
//! placements are undone (so there is redo history too). Figures (single thread, median of
//! repeated runs):
//! * editor commands: `SetDigit` + `undo`, a command that changes nothing (full board
//!   comparison), `ClearAllMarks` + `FillAllCandidates`; microseconds;
//! * encoding the whole save to JSON, decoding it, the atomic write (temp file, fsync, rename,
//!   directory fsync) and the read of the autosave, milliseconds; the file size;
//! * the same for games of 10, 1,000 and 10,000 undo steps, plus what the event loop itself pays
//!   to save through the background writer (copying the game and queueing it) and what the slot
//!   list reads of such a file (its header).
//!
//! Measured (release, 2-core machine shared with other builds at load average 20-25, so times
//! are upper bounds; the atomic write is mostly the two fsyncs):
//!
//! | steps | save size | encode | atomic write | decode | slot-list header | event loop |
//! |---:|---:|---:|---:|---:|---:|---:|
//! | 10 | 1.4 KB | 0.01 ms | 16-18 ms | 0.01 ms | 0.001 ms | 0.000 ms |
//! | 1,000 | 19.2 KB | 0.30 ms | 16-23 ms | 0.18-0.20 ms | 0.010 ms | 0.014 ms |
//! | 10,000 | 182 KB | 7-19 ms | 24-36 ms | 6-23 ms | 0.1 ms | 0.8-2.7 ms |
//!
//! The slot list over 99 slots of 1,000-step games: 1.9 ms. With whole boards per step (schema
//! 1) a 1,000-step save was 1.3 MB, written in 18 ms on the event loop.

use std::hint::black_box;
use std::time::Instant;
use termdoku::codec::{self, Format};
use termdoku::domain::{Cell, Digit};
use termdoku::editor::{Command, Editor};
use termdoku::solver::exact::first_solution;
use termdoku::storage::save::{decode_game, decode_summary, encode_game};
use termdoku::storage::{SaveWriter, SavedGame, Store};

const PUZZLE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

fn median_micros(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times[runs / 2]
}

fn played_game() -> SavedGame {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let solution = first_solution(&board).expect("puzzle has a solution");
    let mut e = Editor::new(board);
    let empties: Vec<Cell> = Cell::all()
        .filter(|&c| e.board().is_empty_cell(c))
        .collect();
    for c in empties {
        let right = Digit::new(solution.values()[c.index()]).unwrap();
        if let Some(wrong) = e.board().candidates(c).iter().find(|&d| d != right) {
            e.apply(Command::EliminateCandidate {
                cell: c,
                digit: wrong,
            })
            .unwrap();
        }
        e.apply(Command::SetDigit {
            cell: c,
            digit: right,
        })
        .unwrap();
    }
    for _ in 0..4 {
        e.undo();
    }
    let mut g = SavedGame::new(e);
    g.elapsed_secs = 600;
    g.name = Some("bench".into());
    g
}

fn main() {
    let game = played_game();
    println!(
        "game: {} undo steps, {} redo steps",
        game.editor.undo_len(),
        game.editor.redo_len()
    );

    let mut e = game.editor.clone();
    let cell = Cell::all().find(|&c| e.board().is_empty_cell(c)).unwrap();
    let cmd_us = median_micros(2001, || {
        let cmd = Command::SetDigit {
            cell,
            digit: Digit::new(5).unwrap(),
        };
        black_box(e.apply(cmd).unwrap());
        e.undo();
    });
    println!("editor SetDigit + undo: {cmd_us:.2} us");
    // A command that changes nothing costs a full comparison of the two boards.
    let given = Cell::all().find(|&c| e.board().is_given(c)).unwrap();
    let blocked = e.board().value(given).unwrap();
    let peer = given
        .peers()
        .iter()
        .find(|&p| e.board().is_empty_cell(p))
        .unwrap();
    let noop_us = median_micros(2001, || {
        let cmd = Command::EliminateCandidate {
            cell: peer,
            digit: blocked,
        };
        assert!(!black_box(e.apply(cmd).unwrap()));
    });
    println!("editor command that changes nothing: {noop_us:.2} us");
    let fill_us = median_micros(2001, || {
        black_box(e.apply(Command::ClearAllMarks).unwrap());
        black_box(e.apply(Command::FillAllCandidates).unwrap());
    });
    println!("editor ClearAllMarks + FillAllCandidates: {fill_us:.2} us");

    let text = encode_game(&game).unwrap();
    println!("save size: {} bytes", text.len());
    let enc_us = median_micros(21, || {
        black_box(encode_game(black_box(&game)).unwrap());
    });
    println!("encode save: {:.2} ms", enc_us / 1000.0);
    let dec_us = median_micros(21, || {
        black_box(decode_game(black_box(text.as_bytes())).unwrap());
    });
    println!("decode save: {:.2} ms", dec_us / 1000.0);

    let dir = std::env::temp_dir().join(format!("termdoku-bench-{}", std::process::id()));
    let store = Store::at(&dir);
    let write_us = median_micros(11, || store.write_autosave(&game).unwrap());
    println!(
        "write autosave (encode + atomic write with fsync): {:.2} ms",
        write_us / 1000.0
    );
    let read_us = median_micros(11, || {
        black_box(store.read_autosave().unwrap().unwrap());
    });
    println!("read autosave: {:.2} ms", read_us / 1000.0);
    let _ = std::fs::remove_dir_all(&dir);

    println!();
    println!("steps | save size | encode | atomic write | decode | slot-list header | event loop (copy + queue)");
    for steps in [10, 1_000, 10_000] {
        history_figures(steps);
    }
    slot_list_figures();
}

/// The "open a saved game" list over 99 slots of 1,000-step games (what `o` shows).
fn slot_list_figures() {
    let dir = std::env::temp_dir().join(format!("termdoku-bench-slots-{}", std::process::id()));
    let store = Store::at(&dir);
    let game = game_of(1_000);
    for i in 0..99 {
        store.save_slot(&format!("slot {i:02}"), &game).unwrap();
    }
    let list = median_micros(11, || {
        assert_eq!(black_box(store.list_slots().unwrap()).len(), 99);
    });
    println!(
        "slot list of 99 slots (1,000 steps each): {:.2} ms",
        list / 1000.0
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of `steps` undo steps: set, clear or toggle one cell per step, over and over.
fn game_of(steps: usize) -> SavedGame {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut e = Editor::new(board);
    let empties: Vec<Cell> = Cell::all()
        .filter(|&c| e.board().is_empty_cell(c))
        .collect();
    let mut i = 0usize;
    while e.undo_len() < steps {
        let cell = empties[i % empties.len()];
        let digit = Digit::new((i % 9) as u8 + 1).unwrap();
        let cmd = match i % 3 {
            0 => Command::SetDigit { cell, digit },
            1 => Command::ClearCell { cell },
            _ => Command::ToggleCandidate { cell, digit },
        };
        let _ = e.apply(cmd);
        i += 1;
    }
    let mut g = SavedGame::new(e);
    g.name = Some("bench".into());
    g
}

fn history_figures(steps: usize) {
    let game = game_of(steps);
    let runs = if steps >= 10_000 { 7 } else { 21 };
    let text = encode_game(&game).unwrap();
    let enc = median_micros(runs, || {
        black_box(encode_game(black_box(&game)).unwrap());
    });
    let dec = median_micros(runs, || {
        black_box(decode_game(black_box(text.as_bytes())).unwrap());
    });
    let head = median_micros(runs, || {
        black_box(decode_summary(black_box(text.as_bytes())).unwrap());
    });
    let dir = std::env::temp_dir().join(format!("termdoku-bench-h{steps}-{}", std::process::id()));
    let store = Store::at(&dir);
    let write = median_micros(runs, || store.write_autosave(&game).unwrap());
    let writer = SaveWriter::spawn(store.clone());
    let queue = median_micros(runs, || {
        writer.submit(black_box(game.clone()));
    });
    writer.flush().unwrap();
    drop(writer);
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{steps:>6} | {:>8.1} KB | {:>7.2} ms | {:>7.2} ms | {:>7.2} ms | {:>7.3} ms | {:>7.3} ms",
        text.len() as f64 / 1024.0,
        enc / 1000.0,
        write / 1000.0,
        dec / 1000.0,
        head / 1000.0,
        queue / 1000.0
    );
}
