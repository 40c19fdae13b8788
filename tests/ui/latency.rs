//! The cost of one key as the undo history grows: a timing harness (no timed asserts), run with
//! `cargo test --test ui latency:: -- --ignored --nocapture`. The session is set up as the
//! player runs it (background save writer, journal of moves), with a history of 1k and 90k
//! steps built through the editor, then 2,000 keys (moves, digits, undo) through
//! `Session::handle_event`, with the autosave checked after each as the event loop does.

use std::time::{Duration, Instant};
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::key::parse_seq;
use termdoku::app::run::Opening;
use termdoku::app::Session;
use termdoku::codec::{self, Format};
use termdoku::domain::{Cell, Digit};
use termdoku::editor::{Command, Editor};
use termdoku::storage::{Config, SaveWriter, Store};

const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

/// A session as `play` sets it up (`Session::start`: the lock and the journal of moves; the
/// background writer), on a game with `history` undo steps.
fn player_session(root: &std::path::Path, history: usize) -> Session {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let opening = Opening {
        board: board.clone(),
        name: "Test".into(),
        se_rating: None,
        collection: None,
    };
    let store = Store::at(root);
    let clip = MemoryClipboard { text: None };
    let mut s = Session::start(
        Some(opening),
        Config::default(),
        Some(store.clone()),
        Box::new(clip),
    );
    s.autosave.writer = Some(SaveWriter::spawn(store));
    let mut editor = Editor::new(board);
    let cell = Cell::from_rc(0, 0);
    for i in 0..history {
        let digit = Digit::new(1 + (i % 2) as u8 * 8).unwrap();
        editor.apply(Command::SetDigit { cell, digit }).unwrap();
    }
    // As a resumed game: the journal sees a new game and the autosave is written once.
    s.app.replace_editor(editor);
    s.press("<right><left>").unwrap();
    s.flush_saves();
    s
}

/// Median, 99th percentile and mean, in microseconds.
fn figures_us(mut v: Vec<Duration>) -> (f64, f64, f64) {
    v.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    let mean = v.iter().map(|&d| us(d)).sum::<f64>() / v.len() as f64;
    (us(v[v.len() / 2]), us(v[v.len() * 99 / 100]), mean)
}

#[test]
#[ignore = "timing harness: prints figures"]
fn key_cost_against_history_length() {
    let script = parse_seq("l3j4<alt+5>ku7uh2").unwrap();
    for history in [1_000usize, 90_000] {
        let dir =
            std::env::temp_dir().join(format!("termdoku-latency-{}-{history}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut s = player_session(&dir, history);
        let mut times = Vec::new();
        for i in 0..2_000 {
            let ev = crossterm::event::Event::Key(script[i % script.len()].to_event());
            let t = Instant::now();
            s.handle_event(&ev);
            s.autosave_if_due(Instant::now());
            times.push(t.elapsed());
        }
        let (med, p99, mean) = figures_us(times);
        println!(
            "history {history:>6}: key median {med:8.1} us, p99 {p99:8.1} us, mean {mean:8.1} us, undo {}",
            s.app.editor().undo_len()
        );
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
#[ignore = "timing harness: prints figures"]
fn autosave_and_start_against_history_length() {
    for history in [1_000usize, 100_000, 300_000] {
        let dir =
            std::env::temp_dir().join(format!("termdoku-load-{}-{history}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut s = player_session(&dir, history);
        // The event loop's part of an autosave (the copy handed to the writer thread).
        let t = Instant::now();
        s.save_now();
        let submit = t.elapsed();
        s.flush_saves();
        let written = t.elapsed();
        drop(s);
        // A crafted save: the history without its colour stacks.
        let store = Store::at(&dir);
        let mut g = store.read_autosave().unwrap().unwrap();
        g.player = Some(termdoku::storage::PlayerState::default());
        store.write_autosave(&g).unwrap();
        let bytes = std::fs::metadata(store.autosave_path()).unwrap().len();
        let t = Instant::now();
        let s = Session::start(
            None,
            Config::default(),
            Some(store.clone()),
            Box::new(MemoryClipboard { text: None }),
        );
        let start = t.elapsed();
        assert_eq!(s.app.editor().undo_len(), history);
        println!(
            "history {history:>6}: autosave on the event loop {:8.2} ms, written {:8.1} ms; \
             start on a {:.1} MB save {:8.1} ms",
            submit.as_secs_f64() * 1e3,
            written.as_secs_f64() * 1e3,
            bytes as f64 / 1e6,
            start.as_secs_f64() * 1e3,
        );
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
