//! The background save writer: temporary files of dead writers removed at start, the session's
//! autosave through the writer, a failed write reported in the status line, a data directory
//! that is a file named.

use crate::support::*;
use std::fs;
use std::path::Path;
use termdoku::codec::{self, Format};
use termdoku::editor::CandidateMode;
use termdoku::storage::{Config, Store};

/// The pid of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn temp_files_of_dead_writers_are_removed_at_start() {
    let dir = TempDir::new("orphans");
    let store = Store::at(dir.path());
    fs::create_dir_all(dir.path().join("slots")).unwrap();
    let dead = dead_pid();
    let orphan = dir.path().join(format!(".autosave.json.tmp-{dead}-0"));
    let slot_orphan = dir.path().join(format!("slots/.game.json.tmp-{dead}-12"));
    let ours = dir
        .path()
        .join(format!(".autosave.json.tmp-{}-99", std::process::id()));
    let not_temp = dir.path().join(format!("notes.tmp-{dead}-0"));
    // An old dot-file that only looks like a temporary file.
    let lookalike = dir.path().join(".notes.tmp-draft");
    for f in [&orphan, &slot_orphan, &ours, &not_temp, &lookalike] {
        fs::write(f, b"partial").unwrap();
    }
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&lookalike)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    // The writer thread cleans up before its first write.
    let writer = termdoku::storage::SaveWriter::spawn(store.clone());
    writer.flush().unwrap();
    assert!(
        !orphan.exists() && !slot_orphan.exists(),
        "dead writers' files go"
    );
    assert!(ours.exists(), "a running writer's file stays");
    assert!(not_temp.exists() && lookalike.exists(), "other files stay");
    drop(writer);
    assert_eq!(store.remove_orphan_temps(), 0);
}

/// A session whose autosave goes through the background writer.
fn writer_session(root: &Path) -> termdoku::app::Session {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let app = termdoku::app::App::new(board, termdoku::app::Game::default(), Config::default());
    let clip = termdoku::app::clipboard::MemoryClipboard { text: None };
    let store = Store::at(root);
    let mut s = termdoku::app::Session::new(app, Box::new(clip), Some(store.clone()));
    s.autosave.writer = Some(termdoku::storage::SaveWriter::spawn(store));
    s
}

#[test]
fn the_session_saves_through_the_background_writer() {
    let dir = TempDir::new("session-writer");
    let mut s = writer_session(dir.path());
    // Switching the candidate mode is one undo step.
    s.press("M").unwrap();
    assert_eq!(s.app.editor().undo_len(), 1);
    assert!(s.save_now(), "queued");
    assert!(s.flush_saves());
    let saved = Store::at(dir.path()).read_autosave().unwrap().unwrap();
    assert_eq!(saved.editor.snapshot(), s.app.editor().snapshot());
    assert_eq!(saved.editor.undo_len(), 1);
}

#[test]
fn a_failed_background_save_reaches_the_status_line() {
    let dir = TempDir::new("session-writer-fail");
    // The data directory is a file: the write fails on the writer thread.
    let root = dir.path().join("not-a-dir");
    fs::write(&root, b"x").unwrap();
    let mut s = writer_session(&root);
    s.press("M").unwrap();
    s.save_now();
    // The failure is reported once: by `save_now` when the writer already failed (a busy
    // machine can switch threads right after the submission), else by the flush.
    let _ = s.flush_saves();
    let status = s.app.ui().status().expect("a message");
    assert!(
        status.text.starts_with("Autosave failed"),
        "{}",
        status.text
    );
    assert_eq!(status.kind, termdoku::app::StatusKind::Error);
}

#[test]
fn a_data_directory_that_is_a_file_is_named() {
    let dir = TempDir::new("not-a-dir");
    let file = dir.path().join("data");
    fs::write(&file, b"a file").unwrap();
    for root in [file.clone(), file.join("below")] {
        let e = Store::at(&root)
            .write_autosave(&sample_game(CandidateMode::Auto))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{} is not a directory", file.display())
        );
        let e = termdoku::storage::DataLock::acquire(&root).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{} is not a directory", file.display())
        );
    }
}
