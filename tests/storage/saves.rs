//! Saves and config: round trips, golden files of every schema version, corrupt files moved aside,
//! interrupted writes, config errors listed.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use termdoku::codec::{self, Format};
use termdoku::domain::{Board, Cell, CellState, Digit};
use termdoku::editor::{CandidateMode, Command, Editor};
use termdoku::solver::Level;
use termdoku::storage::{
    CheckMode, Config, ConfigError, SavedGame, StorageError, Store, ThemeChoice,
};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh directory under the system temp dir (removed at the end of a passing test).
struct TempDir(PathBuf);

/// A directory made by the parent process (see `env_var_child`).
struct TempDirRef<'a>(&'a Path);
impl TempDirRef<'_> {
    fn path(&self) -> &Path {
        self.0
    }
}

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!(
            "termdoku-storage-{tag}-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&p);
        fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}

const PUZZLE: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}
fn c(r: usize, k: usize) -> Cell {
    Cell::from_rc(r - 1, k - 1)
}

/// A game with placements, eliminations, an extra candidate, undo and redo history.
fn sample_game(mode: CandidateMode) -> SavedGame {
    let board = codec::decode(Format::Susser, PUZZLE).unwrap().board;
    let mut e = Editor::with_mode(board, mode);
    let empties: Vec<Cell> = Cell::all()
        .filter(|&x| e.board().is_empty_cell(x))
        .collect();
    e.apply(Command::SetDigit {
        cell: empties[0],
        digit: d(2),
    })
    .unwrap();
    e.apply(Command::ToggleCandidate {
        cell: empties[5],
        digit: d(7),
    })
    .unwrap();
    e.apply(Command::EliminateCandidate {
        cell: empties[6],
        digit: e.board().candidates(empties[6]).first().unwrap_or(d(1)),
    })
    .unwrap();
    e.apply(Command::ToggleCandidate {
        cell: c(1, 3),
        digit: d(4),
    })
    .unwrap();
    e.apply(Command::SetDigit {
        cell: empties[10],
        digit: d(9),
    })
    .unwrap();
    assert!(e.undo());
    let mut g = SavedGame::new(e);
    g.elapsed_secs = 754;
    g.name = Some("Sample".to_string());
    g.level = Some(Level::Hard);
    g
}

fn assert_same_game(a: &SavedGame, b: &SavedGame) {
    assert_eq!(a.editor.snapshot(), b.editor.snapshot());
    assert_eq!(
        a.editor.history().undo_stack(),
        b.editor.history().undo_stack()
    );
    assert_eq!(
        a.editor.history().redo_stack(),
        b.editor.history().redo_stack()
    );
    assert_eq!(a.elapsed_secs, b.elapsed_secs);
    assert_eq!(a.name, b.name);
    assert_eq!(a.level, b.level);
}

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

fn corrupt_case(bytes: &[u8]) -> (StorageError, Vec<PathBuf>, TempDir) {
    let dir = TempDir::new("corrupt");
    let store = Store::at(dir.path());
    fs::write(store.autosave_path(), bytes).unwrap();
    let err = store.read_autosave().unwrap_err();
    let files: Vec<PathBuf> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    (err, files, dir)
}

#[test]
fn corrupt_saves_are_moved_aside_reported_and_preserved() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    let cases: Vec<Vec<u8>> = vec![
        b"{ this is not json".to_vec(),
        good.replace(
            &format!("\"schema_version\": {}", termdoku::storage::SCHEMA_VERSION),
            "\"schema_version\": 99",
        )
        .into_bytes(),
        good.replacen("<4>", "<x>", 1).into_bytes(),
        good.replace("\"auto\"", "\"sideways\"").into_bytes(),
        good.as_bytes()[..good.len() / 2].to_vec(),
        // Remembered marks that contradict the grid, or that do not parse.
        good.replacen(
            "\"remembered\": \"",
            "\"remembered\": \"r9c9:123456789/ ",
            1,
        )
        .into_bytes(),
        good.replacen("\"remembered\": \"", "\"remembered\": \"rXc1:1/ ", 1)
            .into_bytes(),
    ];
    for bytes in cases {
        let (err, files, dir) = corrupt_case(&bytes);
        let StorageError::Corrupt {
            path,
            moved_to,
            reason,
        } = err
        else {
            panic!("expected Corrupt, got {err:?}");
        };
        assert_eq!(path, Store::at(dir.path()).autosave_path());
        let moved = moved_to.expect("moved aside");
        let name = moved.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("autosave.json.corrupt-"), "{name}");
        assert_eq!(fs::read(&moved).unwrap(), bytes, "original bytes kept");
        assert_eq!(files, vec![moved.clone()], "only the moved file remains");
        assert!(!err_message(&reason).is_empty());
        // The next autosave starts fresh and leaves the corrupt file alone.
        let store = Store::at(dir.path());
        store
            .write_autosave(&sample_game(CandidateMode::Auto))
            .unwrap();
        assert_eq!(fs::read(&moved).unwrap(), bytes);
        assert!(store.read_autosave().unwrap().is_some());
    }
}

fn err_message(r: &termdoku::storage::CorruptReason) -> String {
    r.to_string()
}

#[test]
fn a_second_corrupt_file_does_not_overwrite_the_first() {
    let dir = TempDir::new("corrupt2");
    let store = Store::at(dir.path());
    fs::write(store.autosave_path(), b"first").unwrap();
    let a = store.read_autosave().unwrap_err();
    fs::write(store.autosave_path(), b"second").unwrap();
    let b = store.read_autosave().unwrap_err();
    let (
        StorageError::Corrupt {
            moved_to: Some(pa), ..
        },
        StorageError::Corrupt {
            moved_to: Some(pb), ..
        },
    ) = (a, b)
    else {
        panic!("expected two moved corrupt files");
    };
    assert_ne!(pa, pb);
    assert_eq!(fs::read(pa).unwrap(), b"first");
    assert_eq!(fs::read(pb).unwrap(), b"second");
}

#[test]
fn an_interrupted_write_leaves_the_existing_save_intact() {
    let dir = TempDir::new("interrupted");
    let store = Store::at(dir.path());
    let game = sample_game(CandidateMode::Auto);
    store.write_autosave(&game).unwrap();
    let before = fs::read(store.autosave_path()).unwrap();
    // A crash after creating and partly writing the temporary file, before the rename.
    let tmp = dir.path().join(".autosave.json.tmp-4242-0");
    fs::write(&tmp, &before[..before.len() / 3]).unwrap();
    assert_eq!(fs::read(store.autosave_path()).unwrap(), before);
    assert_same_game(&game, &store.read_autosave().unwrap().unwrap());
    // Writing again works next to the leftover (a recent temp file is left alone).
    let mut later = sample_game(CandidateMode::Auto);
    later.elapsed_secs = 999;
    store.write_autosave(&later).unwrap();
    assert_eq!(store.read_autosave().unwrap().unwrap().elapsed_secs, 999);
    assert!(tmp.exists());
    // A leftover temp file is never listed as a slot.
    fs::create_dir_all(dir.path().join("slots")).unwrap();
    fs::write(dir.path().join("slots/.x.json.tmp-1-0"), b"{").unwrap();
    assert!(store.list_slots().unwrap().is_empty());
}

/// Runs `env_var_child` in a child process of this test binary with the two variables set: the
/// environment of this process is shared by the tests running in parallel, so it is never changed.
#[test]
fn env_var_selects_the_data_and_config_dirs() {
    let dir = TempDir::new("env");
    // The child test's full name in this test binary (its module path below the crate).
    let child = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::env_var_child"),
        None => "env_var_child".to_string(),
    };
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &child,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TERMDOKU_DATA_DIR", dir.path())
        .env("TERMDOKU_CONFIG_DIR", dir.path().join("cfg"))
        .env("TERMDOKU_ENV_CHILD", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1 passed"), "{text}");
}

#[test]
#[ignore = "run in a child process by env_var_selects_the_data_and_config_dirs"]
fn env_var_child() {
    assert!(
        std::env::var_os("TERMDOKU_ENV_CHILD").is_some(),
        "run by env_var_selects_the_data_and_config_dirs, which sets the environment"
    );
    let dir = PathBuf::from(std::env::var_os("TERMDOKU_DATA_DIR").unwrap());
    let dir = TempDirRef(&dir);
    let store = Store::from_env().unwrap();
    assert_eq!(store.root(), dir.path());
    assert_eq!(
        Config::default_path().unwrap(),
        dir.path().join("cfg").join("config.toml")
    );
    // No config file: defaults, no error.
    let load = Config::load();
    assert_eq!(load.config, Config::default());
    assert!(load.errors.is_empty());
    fs::create_dir_all(dir.path().join("cfg")).unwrap();
    fs::write(
        dir.path().join("cfg/config.toml"),
        "theme = \"light\"\n[keys]\nundo = [\"ctrl+z\", \"u\"]\n",
    )
    .unwrap();
    let load = Config::load();
    assert!(load.errors.is_empty(), "{:?}", load.errors);
    assert_eq!(load.config.theme, ThemeChoice::Light);
    assert_eq!(load.config.keys["undo"], ["ctrl+z", "u"]);
}

#[test]
fn config_reads_every_setting() {
    let text = r#"
candidate_mode = "manual"
check_mode = "solution"
theme = "light"
highlight_peers = false
highlight_same_digit = false
show_timer = false

[keys]
undo = ["ctrl+z", "u"]
redo = "ctrl+r"
"#;
    let (cfg, errors) = Config::parse(text, Path::new("config.toml"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(cfg.candidate_mode, CandidateMode::Manual);
    assert_eq!(cfg.check_mode, CheckMode::Solution);
    assert_eq!(cfg.theme, ThemeChoice::Light);
    assert!(!cfg.highlight_peers && !cfg.highlight_same_digit && !cfg.show_timer);
    assert_eq!(cfg.keys["redo"], ["ctrl+r"]);
}

#[test]
fn config_errors_are_listed_and_the_rest_still_applies() {
    let text = r#"
check_mode = "sometimes"
theme = "light"
highlight_peers = "yes"
colour = "red"

[keys]
undo = ["ctrl+z", 5]
redo = "ctrl+r"
"#;
    let p = Path::new("/cfg/config.toml");
    let (cfg, errors) = Config::parse(text, p);
    assert_eq!(cfg.theme, ThemeChoice::Light);
    assert_eq!(cfg.check_mode, CheckMode::Rules);
    assert!(cfg.highlight_peers);
    assert_eq!(cfg.keys.get("redo").map(Vec::len), Some(1));
    assert!(!cfg.keys.contains_key("undo"));
    let keys: Vec<String> = errors
        .iter()
        .map(|e| match e {
            ConfigError::BadValue { key, .. } | ConfigError::UnknownKey { key, .. } => key.clone(),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        keys,
        ["check_mode", "colour", "highlight_peers", "keys.undo"]
    );
    assert!(errors[0]
        .to_string()
        .starts_with("/cfg/config.toml: `check_mode`"));

    // A syntax error is one error with its position; every setting keeps its default.
    let (cfg, errors) = Config::parse("theme = \"light\"\ncheck_mode = \n", p);
    assert_eq!(cfg, Config::default());
    match errors.as_slice() {
        [ConfigError::Syntax { line, .. }] => assert_eq!(*line, 2),
        other => panic!("{other:?}"),
    }
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

#[test]
fn stale_temp_files_are_cleaned_up_by_the_next_write() {
    let dir = TempDir::new("stale");
    let store = Store::at(dir.path());
    let stale = dir.path().join(".autosave.json.tmp-777-0");
    fs::write(&stale, b"partial").unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    let fresh = dir.path().join(".autosave.json.tmp-778-0");
    fs::write(&fresh, b"partial").unwrap();
    store
        .write_autosave(&sample_game(CandidateMode::Auto))
        .unwrap();
    assert!(!stale.exists(), "an hour-old temp file is removed");
    assert!(fresh.exists(), "a recent one may belong to a running write");
}

#[test]
fn a_corrupt_slot_is_listed_with_its_reason_and_moved_aside_when_opened() {
    let dir = TempDir::new("badslot");
    let store = Store::at(dir.path());
    store
        .save_slot("good", &sample_game(CandidateMode::Auto))
        .unwrap();
    let bad = store.slot_path("bad").unwrap();
    fs::write(&bad, b"{\"schema_version\": 1}").unwrap();
    let list = store.list_slots().unwrap();
    assert_eq!(list.len(), 2);
    assert!(list[0].summary.is_err(), "{:?}", list[0]);
    assert!(list[1].summary.is_ok());
    // Listing does not move anything; opening does.
    assert!(bad.exists());
    match store.open_slot("bad") {
        Err(StorageError::Corrupt {
            moved_to: Some(m), ..
        }) => assert_eq!(fs::read(m).unwrap(), b"{\"schema_version\": 1}"),
        other => panic!("{other:?}"),
    }
    assert!(!bad.exists());
    assert_eq!(store.list_slots().unwrap().len(), 1);
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
fn a_bad_difference_makes_the_save_corrupt() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    for bad in [
        "r0c1=.",
        "r1c1=x5",
        "r1c1=g0",
        "r1c1=.:12",
        "r1c1=.:1a/",
        "mode=sideways",
        "specified=2",
        "junk",
    ] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["undo"][0] = bad.into();
        let text = serde_json::to_string(&v).unwrap();
        let (err, _, _dir) = corrupt_case(text.as_bytes());
        let StorageError::Corrupt { reason, .. } = err else {
            panic!("{bad}: expected Corrupt, got {err:?}");
        };
        let msg = reason.to_string();
        assert!(
            msg.starts_with("undo[0]") && msg.contains(bad),
            "{bad}: {msg}"
        );
    }
}

#[test]
fn a_version_2_save_without_its_summary_is_corrupt() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    for field in ["values", "solved"] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v.as_object_mut().unwrap().remove(field).expect("written");
        let text = serde_json::to_string(&v).unwrap();
        let (err, _, _dir) = corrupt_case(text.as_bytes());
        let StorageError::Corrupt { reason, .. } = err else {
            panic!("{field}: expected Corrupt, got {err:?}");
        };
        assert!(reason.to_string().starts_with(field), "{field}: {reason}");
    }
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
    assert_eq!(s.app.editor.undo_len(), 1);
    assert!(s.save_now(), "queued");
    assert!(s.flush_saves());
    let saved = Store::at(dir.path()).read_autosave().unwrap().unwrap();
    assert_eq!(saved.editor.snapshot(), s.app.editor.snapshot());
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
    let status = s.app.ui.status.as_ref().expect("a message");
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
