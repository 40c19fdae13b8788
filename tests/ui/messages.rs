//! What the player tells the user about its files: every config error (a long list too), a
//! corrupt statistics file.

use crate::common::screen;
use std::fs;
use std::path::PathBuf;
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::{Overlay, Session};
use termdoku::storage::{Config, Store};

fn temp_dir(tag: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("messages-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_config_error_is_reported_and_the_list_can_be_read_whole() {
    let dir = temp_dir("config");
    let path = dir.join("config.toml");
    let mut text = String::from("candidate_mode = 5\ntheme = \"neon\"\n");
    for i in 0..12 {
        text.push_str(&format!("unknown_{i:02} = 1\n"));
    }
    text.push_str("[keys]\nundo = \"<alt+alt+1>\"\nredo = \"q\"\nno_such_action = \"x\"\n");
    fs::write(&path, text).unwrap();
    let loaded = Config::load_from(&path);
    let errors = termdoku::app::report::config_errors(&loaded);
    assert_eq!(errors.len(), 17, "{errors:#?}");
    for needle in [
        "expected \"auto\" or \"manual\", found 5",
        "unknown_11",
        "given twice",
        "no key to quit",
        "no_such_action",
    ] {
        assert!(
            errors.iter().any(|e| e.contains(needle)),
            "{needle}: {errors:#?}"
        );
    }
    let mut s = Session::start(
        None,
        loaded.config,
        Some(Store::at(dir.join("data"))),
        Box::new(MemoryClipboard::default()),
    );
    s.screen = (80, 24);
    s.report_config_errors(errors.clone());
    let status = s.app.ui().status().cloned().unwrap().text;
    assert!(status.starts_with("17 config errors"), "{status}");
    match &s.app.ui().overlay() {
        Overlay::Message { title, text } => {
            assert_eq!(title, "17 config errors");
            assert_eq!(text.lines().count(), 17);
        }
        other => panic!("{other:?}"),
    }
    // A small terminal shows what fits and says how much more there is; the whole list is
    // printed again when the player ends.
    let shown = screen::screen_text(&mut s, (80, 24));
    assert!(shown.contains("more lines"), "{shown}");
    let note = s.exit_note.clone().unwrap();
    for e in &errors {
        assert!(note.contains(e.as_str()), "{e}");
    }
    // The quit key survived the bad override.
    s.press("<esc>q").unwrap();
    assert!(s.app.quit());
    drop(s);
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_corrupt_statistics_file_is_moved_aside_and_reported() {
    let dir = temp_dir("stats");
    fs::write(dir.join("stats.json"), b"{ not json").unwrap();
    let s = Session::start(
        None,
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard::default()),
    );
    let status = s.app.ui().status().cloned().unwrap();
    assert!(
        status.text.starts_with("Statistics unreadable") && status.text.contains("moved to"),
        "{}",
        status.text
    );
    assert!(!dir.join("stats.json").exists());
    drop(s);
    let _ = fs::remove_dir_all(dir);
}
