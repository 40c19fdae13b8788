//! Saves and resume: the autosave and its debounce, quitting, slots, resuming the whole view,
//! corrupt or unwritable saves, the puzzle argument, config errors.

use crate::support::*;

#[test]
fn autosave_resumes_the_same_state() {
    let mut s = session("resume");
    s.press("1ll<alt+4>").unwrap();
    assert!(s.unsaved());
    assert!(s.save_now());
    let store = s.store.clone();
    let r = Session::start(
        None,
        Config::default(),
        store,
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(r.app.board(), s.app.board());
    assert_eq!(r.app.editor().undo_len(), 2);
    assert_eq!(r.app.game().name, "Test 1");
}

#[test]
fn restarting_the_player_resumes_cursor_modes_hint_filter_and_colours() {
    let mut s = at_origin("resume-view");
    s.press("llj").unwrap(); // r2c3
    s.press("g3f5mcc").unwrap(); // colour r2c3, filter 5, mark mode, check solution then off
    s.press("f<5>").unwrap();
    s.press("tt").unwrap();
    assert!(s.save_now());
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(r.app.ui().cursor(), cell(2, 3));
    assert!(r.app.ui().mark_mode());
    assert_eq!(r.app.ui().check(), s.app.ui().check());
    assert_eq!(
        r.app.ui().filter(),
        Some(termdoku::app::Filter::Digit(d(5)))
    );
    assert_eq!(r.app.editor().colors(), s.app.editor().colors());
    assert_eq!(r.app.live_hint().map(|h| h.stage), Some(HintStage::Where));
    assert_eq!(r.app.board(), s.app.board());
}

#[test]
fn quit_saves_first() {
    let mut s = session("quit");
    s.press("1q").unwrap();
    assert!(s.app.quit());
    let g = s.store.as_ref().unwrap().read_autosave().unwrap().unwrap();
    assert_eq!(g.editor.board(), s.app.board());
}

#[test]
fn autosave_is_debounced_and_clock_ticks_do_not_postpone_it() {
    use std::time::{Duration, Instant};
    let mut s = session("debounce");
    s.press("1").unwrap();
    let t0 = Instant::now();
    assert!(!s.autosave_if_due(t0));
    s.dispatch(termdoku::app::Action::Tick(Duration::from_millis(200)));
    assert!(s.autosave_if_due(t0 + Duration::from_millis(600)));
    assert!(!s.unsaved());
    let g = s.store.as_ref().unwrap().read_autosave().unwrap().unwrap();
    assert_eq!(g.editor.board(), s.app.board());
    // Nothing new: nothing to write.
    assert!(!s.autosave_if_due(t0 + Duration::from_secs(10)));
}

#[test]
fn autosave_debounce_follows_the_injected_clock() {
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let t0 = Instant::now();
    let now = Arc::new(Mutex::new(t0));
    let mut s = session("debounce-clock");
    let n = Arc::clone(&now);
    s.set_clock(Arc::new(move || *n.lock().unwrap()));
    s.press("1").unwrap();
    assert!(!s.autosave_if_due(t0 + Duration::from_millis(399)));
    // A new change 300 ms later restarts the quiet time.
    *now.lock().unwrap() = t0 + Duration::from_millis(300);
    s.press("<tab>4").unwrap();
    assert!(!s.autosave_if_due(t0 + Duration::from_millis(600)));
    assert!(s.autosave_if_due(t0 + Duration::from_millis(700)));
    // Typing without a pause is saved after at most 3 s.
    for i in 0..20u64 {
        *now.lock().unwrap() = t0 + Duration::from_secs(10) + Duration::from_millis(200 * i);
        s.press(if i % 2 == 0 { "5" } else { "6" }).unwrap();
        let due =
            s.autosave_if_due(t0 + Duration::from_secs(10) + Duration::from_millis(200 * i + 100));
        assert_eq!(due, i == 15, "step {i}");
    }
}

#[test]
fn slots_save_list_and_open() {
    let mut s = session("slots");
    s.press("1smy game<enter>").unwrap();
    assert!(s
        .app
        .ui()
        .status()
        .cloned()
        .unwrap()
        .text
        .contains("Saved as"));
    s.press("l2").unwrap();
    s.press("o").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("my game"), "{screen}");
    s.press("<enter>").unwrap();
    assert_eq!(s.app.board().value(cell(1, 3)), None);
    assert_eq!(s.app.board().value(cell(1, 1)), Some(d(1)));
}

#[test]
fn saving_over_an_existing_slot_asks_first() {
    let mut s = session("overwrite");
    s.press("1smine<enter>").unwrap();
    s.press("ll2smine<enter>").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("Replace the saved game \"mine\"?"),
        "{screen}"
    );
    insta::assert_snapshot!("confirm_overwrite_small", styled(&mut s, COMPACT));
    // The default keeps the old save.
    s.press("<enter>").unwrap();
    let old = s.store.as_ref().unwrap().open_slot("mine").unwrap();
    assert_eq!(old.editor.board().value(cell(1, 2)), Some(d(7)));
    assert_eq!(old.editor.board().value(cell(1, 3)), None);
    s.press("smine<enter>j<enter>").unwrap();
    let new = s.store.as_ref().unwrap().open_slot("mine").unwrap();
    assert_eq!(new.editor.board().value(cell(1, 3)), Some(d(2)));
}

#[test]
fn a_terminal_paste_into_the_slot_prompt_is_its_name() {
    let mut s = session("promptpaste");
    let before = s.app.board().clone();
    s.press("s").unwrap();
    s.handle_event(&crossterm::event::Event::Paste("evening\n".into()));
    s.press("<enter>").unwrap();
    assert_eq!(*s.app.board(), before);
    assert!(s.store.as_ref().unwrap().open_slot("evening").is_ok());
}

#[test]
fn a_save_with_an_impossible_clock_is_corrupt_not_a_crash() {
    let mut s = session("elapsed");
    assert!(s.save_now());
    let path = s.store.as_ref().unwrap().autosave_path();
    let text = std::fs::read_to_string(&path).unwrap();
    let bad = regex_free_replace(
        &text,
        "\"elapsed_secs\": 0",
        "\"elapsed_secs\": 18446744073709551615",
    );
    std::fs::write(&path, bad).unwrap();
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    let t = status_text(&r);
    assert!(t.contains("elapsed_secs") && t.contains("moved to"), "{t}");
    // Kept aside; the autosave is the fresh game the player started on.
    let aside = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("autosave.json.corrupt-")
        })
        .count();
    assert_eq!(aside, 1);
}

fn regex_free_replace(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{text}");
    text.replace(from, to)
}

#[test]
fn a_corrupt_save_message_is_shown_whole_in_a_box() {
    let mut s = session("corrupt-box");
    assert!(s.save_now());
    let path = s.store.as_ref().unwrap().autosave_path();
    std::fs::write(&path, "{ not json").unwrap();
    let mut r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert!(matches!(
        r.app.ui().overlay(),
        termdoku::app::Overlay::Message { .. }
    ));
    for size in [FULL, MEDIUM, COMPACT] {
        let screen = snap(&mut r, size);
        let flat: String = screen
            .lines()
            .map(|l| {
                l.trim_end_matches('|')
                    .trim_matches(|c| c == '┃' || c == ' ')
            })
            .collect::<Vec<_>>()
            .join(" ");
        assert!(flat.contains("corrupt-"), "{screen}");
        assert!(flat.contains("moved"), "{screen}");
    }
    r.press("<enter>").unwrap();
    assert_eq!(*r.app.ui().overlay(), termdoku::app::Overlay::None);
}

#[test]
fn quitting_with_an_unwritable_data_directory_asks() {
    let mut s = session("unwritable");
    // A data "directory" that is a file: nothing can be written there.
    let blocker = s.1.join("blocker");
    std::fs::write(&blocker, "x").unwrap();
    s.store = Some(Store::at(&blocker));
    s.press("1q").unwrap();
    assert!(!s.app.quit());
    assert!(s.exit_message.is_some());
    let screen = snap(&mut s, MEDIUM);
    assert!(screen.contains("Quit without saving"), "{screen}");
    // The default stays.
    s.press("<enter>").unwrap();
    assert!(!s.app.quit());
    s.press("qj<enter>").unwrap();
    assert!(s.app.quit());
    assert!(s.exit_message.clone().unwrap().contains("not saved"));
    // The question at every size (a fixed reason: the real one names a temporary path).
    s.app.cancel_quit();
    s.dispatch(termdoku::app::Action::QuitSaveFailed {
        why: "/home/me/.local/share/termdoku/autosave.json: No space left on device".into(),
        journaled: false,
    });
    for size in [FULL, MEDIUM, COMPACT] {
        insta::assert_snapshot!(
            format!("confirm_quit_{}x{}", size.0, size.1),
            styled(&mut s, size)
        );
    }
}

#[test]
fn a_puzzle_argument_opens_that_puzzle() {
    let o = termdoku::app::run::read_opening(PUZZLE).unwrap();
    assert_eq!(o.board.given_count(), 34);
    let dir = data_dir("arg");
    let file = dir.join("p.txt");
    std::fs::write(&file, format!("{PUZZLE}\n")).unwrap();
    let o = termdoku::app::run::read_opening(file.to_str().unwrap()).unwrap();
    assert_eq!(o.name, "p.txt");
    let err = termdoku::app::run::read_opening("not a puzzle").unwrap_err();
    assert!(err.starts_with("no puzzle found"), "{err}");
    let s = Session::start(
        Some(o),
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(s.app.board().given_count(), 34);
    assert_eq!(s.app.ui().status().cloned().unwrap().text, "Opened p.txt");
}

/// What `termdoku rate ARG` says on standard error, without its `termdoku rate: ` prefix.
fn cli_error(arg: &str) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(["rate", arg])
        .output()
        .unwrap();
    assert!(!out.status.success());
    String::from_utf8_lossy(&out.stderr)
        .trim()
        .trim_start_matches("termdoku rate: ")
        .to_string()
}

#[test]
fn the_player_reads_an_argument_as_the_command_line_does() {
    let clash = format!("11{}", &PUZZLE[2..]);
    let dir = data_dir("args");
    let clash_file = dir.join("clash.txt");
    std::fs::write(&clash_file, &clash).unwrap();
    let clash_file = clash_file.to_string_lossy().into_owned();
    for arg in [
        "missing.txt",
        "no/such/dir",
        "hello world",
        clash.as_str(),
        clash_file.as_str(),
    ] {
        let err = termdoku::app::run::read_opening(arg)
            .err()
            .unwrap_or_else(|| panic!("{arg} opened"));
        assert_eq!(err, cli_error(arg), "{arg}");
    }
    assert_eq!(
        termdoku::app::run::read_opening("missing.txt")
            .err()
            .unwrap(),
        "missing.txt: no such file"
    );
    let err = termdoku::app::run::read_opening(&clash).err().unwrap();
    assert!(
        err.contains("no solution") && err.contains("r1c1 and r1c2 both hold 1"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_bad_config_entry_is_reported() {
    let text = "theme = \"purple\"\nshow_timer = 3\nbogus = 1\n";
    let (_, errors) = Config::parse(text, std::path::Path::new("config.toml"));
    assert_eq!(errors.len(), 3, "{errors:?}");
    let mut s = session("config");
    s.report_config_errors(errors.iter().map(ToString::to_string).collect());
    let text = status(&s);
    assert!(text.starts_with("3 config errors"), "{text}");
    let termdoku::app::Overlay::Message { text: list, .. } = &s.app.ui().overlay() else {
        panic!("no list of config errors: {:?}", s.app.ui().overlay());
    };
    for e in &errors {
        assert!(list.contains(&e.to_string()), "{list}");
    }
}
