//! No lost work: the player's journal of moves, quitting in enter-givens mode, two players on
//! one data directory, and files that must not be read (a device, a FIFO). Each test drives the
//! real session (`Session::start`, key scripts through `handle_event`); a "kill" is dropping the
//! session without quitting, so that nothing but what was already written survives.

use std::fs;
use std::path::{Path, PathBuf};
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::run::Opening;
use termdoku::app::Session;
use termdoku::codec::{self, Format};
use termdoku::domain::Cell;
use termdoku::storage::{Config, Store};

const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("journal-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn opening() -> Opening {
    Opening {
        board: codec::decode(Format::Susser, PUZZLE).unwrap().board,
        name: "Test".into(),
        se_rating: None,
        collection: None,
    }
}

fn start(dir: &Path, open: Option<Opening>) -> Session {
    Session::start(
        open,
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    )
}

fn status(s: &Session) -> String {
    s.app
        .ui()
        .status()
        .map_or(String::new(), |t| t.text.clone())
}

/// What must survive: the board, the history lengths, the colours, the candidate mode.
fn state(s: &Session) -> (String, usize, usize, String) {
    let e = &s.app.editor();
    (
        codec::encode(Format::PmMarked, e.board(), &Default::default()).unwrap(),
        e.undo_len(),
        e.redo_len(),
        termdoku::app::persist::colors_text(e.colors()),
    )
}

#[test]
fn quitting_while_entering_givens_keeps_the_game_and_the_givens_typed() {
    let dir = TempDir::new("givens-quit");
    let mut s = start(dir.path(), Some(opening()));
    s.press("4<tab>9").unwrap();
    let game = state(&s);
    assert_eq!(game.1, 2);
    s.press("e").unwrap();
    assert!(s.app.givens_mode());
    // A given typed moves the cursor on.
    s.press("56q").unwrap();
    assert!(s.app.quit());
    drop(s);

    let mut s = start(dir.path(), None);
    assert!(
        s.app.givens_mode(),
        "back in enter-givens mode: {}",
        status(&s)
    );
    let b = s.app.board().clone();
    assert_eq!(b.given_count(), 2, "the two givens typed");
    assert_eq!(s.app.ui().cursor(), Cell::from_rc(0, 2));
    assert!(
        status(&s).contains("Esc goes back to Test"),
        "{}",
        status(&s)
    );
    s.press("<esc>").unwrap();
    assert!(!s.app.givens_mode());
    assert_eq!(state(&s), game, "the game in progress, with its history");
    assert_eq!(s.app.game().name, "Test");
}

#[test]
fn a_killed_player_loses_no_move() {
    let dir = TempDir::new("kill");
    let mut s = start(dir.path(), Some(opening()));
    // Digits, a candidate, undo and redo, a colour, the candidate mode: no autosave between.
    s.press("4l9l<alt+3>uu<ctrl+r>j8M").unwrap();
    s.press("g1").unwrap();
    let played = state(&s);
    let cursor = s.app.ui().cursor();
    assert!(played.1 >= 4, "{played:?}");
    drop(s); // killed: nothing more is written

    let s = start(dir.path(), None);
    assert_eq!(state(&s), played);
    assert_eq!(s.app.ui().cursor(), cursor);
    assert!(status(&s).contains("from the journal"), "{}", status(&s));
    drop(s);
    // Folded into the autosave at start: a second start finds them there.
    let s = start(dir.path(), None);
    assert_eq!(state(&s), played);
}

#[test]
fn moves_after_a_new_game_survive_a_kill() {
    let dir = TempDir::new("kill-new-game");
    let mut s = start(dir.path(), Some(opening()));
    s.press("4").unwrap();
    s.press("R").unwrap(); // restart: back to the givens, one step
    s.press("n").unwrap();
    s.press("<enter>").unwrap(); // a new game from the embedded list
    s.press("5l6").unwrap();
    let played = state(&s);
    let name = s.app.game().name.clone();
    drop(s);
    let s = start(dir.path(), None);
    assert_eq!(s.app.game().name, name);
    assert_eq!(state(&s), played);
}

#[test]
fn a_torn_journal_line_ends_the_replay_there() {
    let dir = TempDir::new("torn");
    let mut s = start(dir.path(), Some(opening()));
    s.press("4<tab>").unwrap();
    let first = state(&s);
    s.press("9").unwrap();
    drop(s);
    // The last line cut in the middle of its write.
    let path = dir.path().join("autosave.journal");
    let text = fs::read_to_string(&path).unwrap();
    let cut = text.trim_end().rfind('\n').unwrap() + 10;
    fs::write(&path, &text[..cut]).unwrap();
    let s = start(dir.path(), None);
    assert_eq!(state(&s), first);
}

#[test]
fn a_second_player_on_the_data_directory_does_not_overwrite_the_first() {
    let dir = TempDir::new("two");
    let mut first = start(dir.path(), Some(opening()));
    first.press("4").unwrap();
    let mut second = start(dir.path(), None);
    assert!(second.autosave.held.is_some());
    let msg = status(&second);
    assert!(
        msg.contains("has the autosave") && msg.contains("kept apart"),
        "{msg}"
    );
    second.press("<tab>7<tab>8q").unwrap();
    assert!(second.app.quit());
    let note = second.autosave.note.clone().expect("where the game went");
    drop(second);
    first.press("<tab>9q").unwrap();
    let played = state(&first);
    drop(first);

    let store = Store::at(dir.path());
    let slots = store.list_slots().unwrap();
    assert_eq!(slots.len(), 1, "{note}");
    assert!(note.contains(&slots[0].slot), "{note}");
    let s = start(dir.path(), None);
    assert!(s.autosave.held.is_none());
    assert_eq!(state(&s), played, "the first player's game");
}

#[cfg(unix)]
#[test]
fn an_autosave_that_is_a_device_or_a_fifo_is_refused_and_kept_aside() {
    for (tag, make) in [
        ("device", "ln -s /dev/urandom autosave.json"),
        ("fifo", "mkfifo autosave.json"),
    ] {
        let dir = TempDir::new(tag);
        let ok = std::process::Command::new("sh")
            .arg("-c")
            .arg(make)
            .current_dir(dir.path())
            .status()
            .unwrap()
            .success();
        assert!(ok, "{make}");
        let s = start(dir.path(), None);
        let msg = status(&s);
        assert!(msg.contains("not a regular file"), "{tag}: {msg}");
        let aside: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".corrupt-"))
            .collect();
        assert_eq!(aside.len(), 1, "{tag}: kept aside");
        assert!(fs::metadata(dir.path().join("autosave.json"))
            .unwrap()
            .is_file());
    }
}

#[cfg(unix)]
#[test]
fn a_config_that_is_a_device_or_a_fifo_is_refused() {
    for (tag, make) in [
        ("cfg-device", "ln -s /dev/urandom config.toml"),
        ("cfg-fifo", "mkfifo config.toml"),
    ] {
        let dir = TempDir::new(tag);
        assert!(std::process::Command::new("sh")
            .arg("-c")
            .arg(make)
            .current_dir(dir.path())
            .status()
            .unwrap()
            .success());
        let load = Config::load_from(&dir.path().join("config.toml"));
        assert_eq!(load.config, Config::default());
        let msg = load.errors[0].to_string();
        assert!(msg.contains("not a regular file"), "{tag}: {msg}");
    }
}

#[test]
fn a_long_key_storm_stays_cheap_and_q_still_quits() {
    use crossterm::event::Event;
    let dir = TempDir::new("storm");
    let mut s = start(dir.path(), Some(opening()));
    // 130,000 keys with no pause (no autosave between): digits, undo, redo, clearing, moves.
    let script = termdoku::app::key::parse_seq("<tab>4<tab>5u<ctrl+r>xl").unwrap();
    for i in 0..130_000 {
        s.handle_event(&Event::Key(script[i % script.len()].to_event()));
    }
    let history = s.app.editor().undo_len();
    assert!(history > 30_000, "{history}");
    // The journal has grown past its limit: the next autosave starts it afresh.
    let journal = dir.path().join("autosave.journal");
    assert!(fs::metadata(&journal).unwrap().len() > 4 << 20);
    s.autosave_if_due(std::time::Instant::now() + std::time::Duration::from_secs(3600));
    assert!(fs::metadata(&journal).unwrap().len() < 100);
    s.press("<tab>7").unwrap();
    let game = state(&s);
    s.press("e1l2").unwrap();
    drop(s); // killed
    let mut s = start(dir.path(), None);
    assert!(s.app.givens_mode());
    assert_eq!(s.app.board().given_count(), 2);
    s.press("q").unwrap();
    assert!(s.app.quit(), "q is honoured at once");
    drop(s);
    let mut s = start(dir.path(), None);
    s.press("<esc>").unwrap();
    assert_eq!(state(&s), game);
}

#[test]
fn a_save_with_a_long_history_and_no_colour_steps_loads() {
    let dir = TempDir::new("long-load");
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut editor = termdoku::editor::Editor::new(board);
    let cell = Cell::from_rc(0, 0);
    for i in 0..300_000u32 {
        let digit = termdoku::domain::Digit::new(1 + (i % 2) as u8 * 8).unwrap();
        editor
            .apply(termdoku::editor::Command::SetDigit { cell, digit })
            .unwrap();
    }
    // A view without colour steps: the player pads them (it once did so one at a time).
    let mut g = termdoku::storage::SavedGame::new(editor);
    g.player = Some(termdoku::storage::PlayerState::default());
    let store = Store::at(dir.path());
    store.write_autosave(&g).unwrap();
    let s = start(dir.path(), None);
    assert_eq!(s.app.editor().undo_len(), 300_000);
    assert_eq!(s.app.editor().color_stacks().0.len(), 300_000);
}
