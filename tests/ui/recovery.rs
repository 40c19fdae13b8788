//! What comes back after damage and crashes: journals of the old format, damaged autosaves with
//! their journals, journals with moves that break the editor's rules, the save's mark of its
//! journal, the second player's own journal and its taking over of the autosave, a lock that
//! cannot be taken, the save of a new game, the quit question, fields too long to keep.
//! Sessions run as the player runs them (`Session::start`); a "kill" drops the session.

use crate::support::*;
use std::fs;
use std::path::Path;
use termdoku::app::movelog::JOURNAL_FILE;
use termdoku::storage::{SaveWriter, SavedGame};

fn start(dir: &Path, puzzle: bool) -> Session {
    let open = puzzle.then(|| termdoku::app::run::Opening {
        board: codec::decode(Format::Susser, PUZZLE).unwrap().board,
        name: "Test".into(),
        se_rating: None,
        collection: None,
    });
    Session::start(
        open,
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    )
}

fn board_text(s: &Session) -> String {
    codec::encode(Format::PmMarked, s.app.board(), &Default::default()).unwrap()
}

/// The files of `dir` whose name starts with `prefix`.
fn files(dir: &Path, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    v.sort();
    v
}

/// A journal of today's format turned into the first format (no checksums, version 1).
fn as_version_1(text: &str) -> String {
    text.lines()
        .map(|l| {
            let cut = l.rfind(",\"crc\":\"").unwrap();
            format!("{}}}\n", &l[..cut])
        })
        .collect::<String>()
        .replacen("\"journal\":2", "\"journal\":1", 1)
}

#[test]
fn a_journal_of_the_first_format_still_loads() {
    let dir = data_dir("v1");
    let mut s = start(&dir, true);
    s.press("4ll9ll<alt+3>u").unwrap();
    let played = (board_text(&s), s.app.editor().undo_len());
    drop(s);
    let path = dir.join(JOURNAL_FILE);
    let v1 = as_version_1(&fs::read_to_string(&path).unwrap());
    assert!(
        !v1.contains("crc") && v1.starts_with("{\"journal\":1,"),
        "{v1}"
    );
    fs::write(&path, v1).unwrap();
    let s = start(&dir, false);
    assert_eq!((board_text(&s), s.app.editor().undo_len()), played);
    assert!(
        status(&s).contains("moves from the journal"),
        "{}",
        status(&s)
    );
    assert!(files(&dir, "autosave.journal.corrupt-").is_empty());
}

#[test]
fn a_damaged_line_is_skipped_reported_and_kept_aside() {
    let dir = data_dir("skip");
    let mut s = start(&dir, true);
    s.press("4ll9ll8").unwrap();
    drop(s);
    let path = dir.join(JOURNAL_FILE);
    let text = fs::read_to_string(&path).unwrap();
    // The second move's digit changed (its line still parses).
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[2] = lines[2].replacen("=f9", "=f2", 1);
    let damaged = lines.join("\n") + "\n";
    fs::write(&path, &damaged).unwrap();
    let s = start(&dir, false);
    let b = s.app.board();
    assert_eq!(b.value(cell(1, 1)).map(|d| d.get()), Some(4));
    assert_eq!(
        b.value(cell(1, 3)).map(|d| d.get()),
        None,
        "the damaged move"
    );
    assert_eq!(
        b.value(cell(1, 5)).map(|d| d.get()),
        Some(8),
        "the move after it"
    );
    let msg = status(&s);
    assert!(
        msg.contains("2 moves replayed, 1 skipped") && msg.contains("damaged lines"),
        "{msg}"
    );
    let aside = files(&dir, "autosave.journal.corrupt-");
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read_to_string(dir.join(&aside[0])).unwrap(), damaged);
    assert_eq!(
        files(&dir, "autosave.json.corrupt-").len(),
        1,
        "its partner"
    );
}

#[test]
fn a_move_over_a_given_is_refused_and_counted() {
    let dir = data_dir("given");
    let mut s = start(&dir, true);
    s.press("4ll9").unwrap();
    drop(s);
    // A first-format journal (no checksum to catch it) whose second move writes over r1c2's
    // given 7 (a flipped column).
    let path = dir.join(JOURNAL_FILE);
    let v1 = as_version_1(&fs::read_to_string(&path).unwrap()).replacen("r1c3=f9", "r1c2=f9", 1);
    fs::write(&path, v1).unwrap();
    let s = start(&dir, false);
    let b = s.app.board();
    assert!(b.is_given(cell(1, 2)));
    assert_eq!(b.value(cell(1, 2)).map(|d| d.get()), Some(7));
    assert_eq!(b.value(cell(1, 1)).map(|d| d.get()), Some(4));
    let msg = status(&s);
    assert!(
        msg.contains("against the rules") && msg.contains("r1c2"),
        "{msg}"
    );
}

#[test]
fn a_changed_mark_in_the_save_is_caught() {
    let dir = data_dir("mark");
    let mut s = start(&dir, true);
    s.press("4ll9").unwrap();
    assert!(s.save_now());
    s.press("ll8").unwrap();
    drop(s);
    let save = dir.join("autosave.json");
    let text = fs::read_to_string(&save).unwrap();
    assert!(text.contains("\"seq\": 2"), "{text}");
    fs::write(&save, text.replacen("\"seq\": 2", "\"seq\": 1", 1)).unwrap();
    let s = start(&dir, false);
    let msg = status(&s);
    assert!(msg.contains("mark of its journal is damaged"), "{msg}");
    assert_eq!(files(&dir, "autosave.journal.corrupt-").len(), 1);
    assert_eq!(s.app.board().value(cell(1, 3)).map(|d| d.get()), Some(9));
}

#[test]
fn an_unreadable_autosave_keeps_its_journal() {
    let dir = data_dir("bad-save");
    let mut s = start(&dir, true);
    s.press("4ll9").unwrap();
    drop(s);
    let journal = fs::read(dir.join(JOURNAL_FILE)).unwrap();
    fs::write(dir.join("autosave.json"), b"{ not json").unwrap();
    let s = start(&dir, false);
    let msg = status(&s);
    assert!(msg.contains("its journal of moves was kept"), "{msg}");
    let aside = files(&dir, "autosave.journal.corrupt-");
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read(dir.join(&aside[0])).unwrap(), journal);
    assert_eq!(files(&dir, "autosave.json.corrupt-").len(), 1);
}

#[test]
fn a_second_player_journals_its_moves_and_a_kill_loses_none() {
    let dir = data_dir("second-kill");
    let mut first = start(&dir, true);
    first.press("4").unwrap();
    let mut second = start(&dir, false);
    assert!(second.autosave.held.is_some());
    assert!(
        status(&second).contains("kept apart"),
        "{}",
        status(&second)
    );
    // No box over the board: the first keys go to the game.
    assert_eq!(*second.app.ui().overlay(), termdoku::app::Overlay::None);
    second.press("ll7ll8").unwrap();
    let played = board_text(&second);
    drop(second); // killed
    let mut third = start(&dir, false);
    assert!(third.autosave.held.is_some(), "the first still runs");
    let msg = status(&third);
    assert!(
        msg.contains("did not quit") || msg.contains("kept apart"),
        "{msg}"
    );
    let slots = Store::at(&dir).list_slots().unwrap();
    assert_eq!(slots.len(), 1, "{msg}");
    assert!(slots[0].slot.starts_with("recovered-"));
    // The note is long: a box, closed first.
    third.press("<esc>q").unwrap();
    assert!(third.app.quit());
    drop(third);
    let g = Store::at(&dir).open_slot(&slots[0].slot).unwrap();
    let text = codec::encode(Format::PmMarked, g.editor.board(), &Default::default()).unwrap();
    assert_eq!(text, played);
    first.press("q").unwrap();
    let left = files(&dir.join("players"), "");
    assert!(left.is_empty(), "homes removed: {left:?}");
}

#[test]
fn a_second_player_takes_over_when_the_owner_leaves() {
    let dir = data_dir("takeover");
    let mut first = start(&dir, true);
    let mut second = start(&dir, false);
    assert!(second.autosave.held.is_some());
    second.press("ll7").unwrap();
    first.press("4ll9q").unwrap();
    let owners = board_text(&first);
    drop(first);
    second.autosave_if_due(std::time::Instant::now());
    assert!(second.autosave.held.is_none());
    let msg = status(&second);
    assert!(
        msg.contains("autosaves now") && msg.contains("left-"),
        "{msg}"
    );
    second.press("ll8").unwrap();
    let played = board_text(&second);
    drop(second);
    let s = start(&dir, false);
    assert_eq!(
        board_text(&s),
        played,
        "the autosave is the second player's"
    );
    let slots = Store::at(&dir).list_slots().unwrap();
    let left = Store::at(&dir).open_slot(&slots[0].slot).unwrap();
    let text = codec::encode(Format::PmMarked, left.editor.board(), &Default::default()).unwrap();
    assert_eq!(text, owners, "the owner's game is kept");
}

#[test]
fn a_lock_that_cannot_be_taken_makes_a_second_player() {
    let dir = data_dir("no-lock");
    fs::create_dir_all(dir.join("autosave.lock")).unwrap();
    let mut first = start(&dir, true);
    assert!(first.autosave.held.is_some());
    assert!(
        status(&first).contains("cannot be locked"),
        "{}",
        status(&first)
    );
    first.press("4q").unwrap();
    let note = first.autosave.note.clone().unwrap();
    drop(first);
    assert!(!dir.join("autosave.json").exists(), "never the owner");
    assert_eq!(Store::at(&dir).list_slots().unwrap().len(), 1, "{note}");
}

#[test]
fn a_starting_player_waits_for_the_owner_to_leave() {
    let dir = data_dir("wait");
    let mut first = start(&dir, true);
    // The owner leaving: its lock goes a moment after the next player starts.
    let lock = first.autosave.lock.take().expect("the owner");
    let leaving = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(lock);
    });
    let s = Session::start_waiting(
        None,
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard::default()),
        None,
        std::time::Duration::from_secs(20),
    );
    leaving.join().unwrap();
    assert!(s.autosave.held.is_none(), "{}", status(&s));
    drop(first);
}

#[test]
fn a_new_game_is_on_disk_before_the_moves_after_it() {
    let dir = data_dir("new-game");
    let mut s = start(&dir, true);
    s.autosave.writer = Some(SaveWriter::spawn(Store::at(&dir)));
    s.press("4n<enter>").unwrap();
    let name = s.app.game().name.clone();
    // Read before the writer could catch up: the save of the new game is there already.
    let g = Store::at(&dir).read_autosave().unwrap().unwrap();
    assert_eq!(g.name.as_deref(), Some(name.as_str()));
}

#[test]
fn the_quit_question_after_a_failed_save_says_the_journal_keeps_the_moves() {
    let dir = data_dir("quit-journal");
    let mut s = start(&dir, true);
    s.press("1").unwrap();
    let blocker = dir.join("blocker");
    fs::write(&blocker, "x").unwrap();
    s.store = Some(Store::at(&blocker));
    s.autosave.home = Some(Store::at(&blocker));
    s.press("q").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("journal of moves keeps"), "{screen}");
    assert!(!screen.contains("lose the changes"), "{screen}");
}

#[test]
fn a_save_with_a_huge_name_opens_with_the_name_cut() {
    let dir = data_dir("long-name");
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut g = SavedGame::new(termdoku::editor::Editor::new(board));
    g.name = Some("x".repeat(1 << 20));
    Store::at(&dir).write_autosave(&g).unwrap();
    let s = start(&dir, false);
    assert!(
        s.app.game().name.len() <= 200,
        "{}",
        s.app.game().name.len()
    );
}
