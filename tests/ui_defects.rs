//! The player's defects a forum solver hit, each driven through the real App (key scripts into
//! the update loop, the clipboard fake and a save store, drawn into ratatui's TestBackend): the
//! rating of a puzzle opened again and of one with several solutions, hints on manual
//! pencilmarks, long hint and status text at 80x24, the collection picker, reading arguments,
//! the copy menu's warnings.

mod common;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::{App, Game, RatingOutcome, Session};
use termdoku::codec;
use termdoku::domain::Cell;
use termdoku::storage::{Config, Store};
use termdoku::ui::theme::{Theme, ThemeKind};

/// A puzzle generated for the player's tests (unique solution; singles suffice).
const PUZZLE: &str =
    ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
const MEDIUM: (u16, u16) = (80, 24);
const FULL: (u16, u16) = (120, 45);

/// A session with its own data directory (removed at the end) and an in-memory clipboard.
struct TestSession(Session, PathBuf);

impl Drop for TestSession {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

impl std::ops::Deref for TestSession {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.0
    }
}

impl std::ops::DerefMut for TestSession {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.0
    }
}

fn data_dir(test: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "ui-defects-{}-{test}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn session_app(test: &str, app: App, clip: Option<&str>) -> TestSession {
    let clipboard = MemoryClipboard {
        text: clip.map(str::to_string),
    };
    let dir = data_dir(test);
    let mut s = Session::new(app, Box::new(clipboard), Some(Store::at(&dir)));
    s.locate = Some(termdoku::ui::cell_at);
    TestSession(s, dir)
}

fn session_on(test: &str, puzzle: &str, config: Config, clip: Option<&str>) -> TestSession {
    let board = codec::decode_any(puzzle).unwrap().board;
    let app = App::new(board, Game::named("Test 1", None), config);
    session_app(test, app, clip)
}

fn session(test: &str) -> TestSession {
    session_on(test, PUZZLE, Config::default(), None)
}

fn render(s: &mut Session, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    s.screen = (w, h);
    let theme = Theme::new(ThemeKind::Dark);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| termdoku::ui::draw(f, &s.app, &theme)).unwrap();
    t
}

/// The screen as text, each row closed by `|` so trailing spaces show.
fn snap(s: &mut Session, size: (u16, u16)) -> String {
    let t = render(s, size);
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push_str("|\n");
    }
    out
}

fn status(s: &Session) -> String {
    s.app
        .ui
        .status
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::from_rc(r - 1, c - 1)
}

// ---- 1. the rating of every way of starting a game -----------------------------------------

#[test]
fn pasting_the_loaded_puzzle_again_keeps_its_rating() {
    let mut s = session_on("repaste", PUZZLE, Config::default(), Some(PUZZLE));
    s.press("l").unwrap();
    s.wait_background();
    let rated = s.app.rating.clone().expect("rated");
    assert!(matches!(rated.outcome, RatingOutcome::Rated { .. }));
    s.press("p").unwrap();
    s.wait_background();
    assert_eq!(s.app.rating.as_ref(), Some(&rated));
    let screen = snap(&mut s, FULL);
    assert!(!screen.contains("rating…"), "{screen}");
    // Solving it counts under its level, not as unrated.
    let sol = termdoku::app::engine::unique_solution(s.app.board()).unwrap();
    fill(&mut s, &sol);
    let level = rated.level().unwrap().name().to_string();
    assert_eq!(s.app.stats.levels.get(&level).map(|l| l.solved), Some(1));
    assert!(!s.app.stats.levels.contains_key("unrated"));
}

#[test]
fn opening_a_slot_that_holds_the_loaded_puzzle_keeps_its_rating() {
    let mut s = session("slot-same");
    s.press("1smine<enter>").unwrap();
    s.wait_background();
    assert!(s.app.rating.is_some());
    s.press("o<enter>").unwrap();
    s.wait_background();
    assert!(s.app.rating.is_some(), "{:?}", status(&s));
    assert!(!snap(&mut s, MEDIUM).contains("rating…"));
}

#[test]
fn a_puzzle_opened_while_its_rating_is_on_the_way_gets_it() {
    let mut s = session_on("in-flight", PUZZLE, Config::default(), Some(PUZZLE));
    // The paste comes before the first rating arrived.
    s.press("lp").unwrap();
    s.wait_background();
    assert!(s.app.rating.is_some());
}

/// Types the solution into the empty cells.
fn fill(s: &mut Session, sol: &[u8; 81]) {
    for c in Cell::all() {
        if s.app.board().value(c).is_none() {
            s.app.ui.cursor = c;
            s.press(&sol[c.index()].to_string()).unwrap();
        }
    }
    assert!(s.app.board().is_solved());
}

// ---- 6. several solutions: no level ------------------------------------------------------

#[test]
fn a_puzzle_with_several_solutions_gets_no_level_and_counts_unrated() {
    let serg = common::read_sample("serg_benchmark.every50.txt");
    let line = serg.lines().next().unwrap();
    let mut s = session_on("not-unique", line, Config::default(), None);
    s.press("l").unwrap();
    s.wait_background();
    let r = s.app.rating.clone().expect("rated");
    assert_eq!(r.outcome, RatingOutcome::NotUnique);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("not unique"), "{screen}");
    assert!(!screen.contains("Extreme"), "{screen}");
    // Solve it along one of its solutions: counted, but under no level.
    let sol = termdoku::solver::exact::first_solution(s.app.board()).unwrap();
    let values: [u8; 81] = *sol.values();
    fill(&mut s, &values);
    assert_eq!(s.app.stats.levels.get("unrated").map(|l| l.solved), Some(1));
    assert!(!s.app.stats.levels.contains_key("Extreme"));
}

// ---- 2. hints on manual pencilmarks --------------------------------------------------------

fn manual() -> Config {
    Config {
        candidate_mode: termdoku::editor::CandidateMode::Manual,
        ..Config::default()
    }
}

#[test]
fn hints_work_on_manual_marks_before_every_cell_has_marks() {
    let mut s = session_on("manual-hint", PUZZLE, manual(), None);
    let sol = termdoku::app::engine::unique_solution(&s.app.board().givens_only()).unwrap();
    // Marks in one cell only: its solution digit and one more.
    let c = s.app.ui.cursor;
    let other = (1..=9u8)
        .find(|&d| {
            d != sol[c.index()]
                && s.app
                    .board()
                    .auto_candidates(c)
                    .contains(termdoku::domain::Digit::new(d).unwrap())
        })
        .unwrap_or(sol[c.index()]);
    s.press(&format!("m{}{}m", sol[c.index()], other)).unwrap();
    s.press("t").unwrap();
    let text = status(&s);
    assert!(text.starts_with("Hint: "), "{text}");
    assert!(
        text.contains("without marks counted as holding every candidate"),
        "{text}"
    );
    // The marked cell is read as written, the others as full.
    let (read, unmarked) = termdoku::app::marks::as_hints_read(s.app.board());
    assert!(!unmarked.contains(c));
    assert_eq!(read.candidates(c), s.app.board().candidates(c));
    assert_eq!(
        unmarked.len() as usize,
        s.app.board().given_count().abs_diff(81) - 1
    );
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("without marks"), "{screen}");
    // Applying it changes the board (a placement, or marks written where it removed some).
    let before = s.app.board().clone();
    s.press("T").unwrap();
    assert_ne!(*s.app.board(), before, "{}", status(&s));
    assert!(status(&s).starts_with("Applied"), "{}", status(&s));
    // Hints go on to the end.
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
    }
    assert!(s.app.board().is_solved(), "{}", status(&s));
}

#[test]
fn with_every_cell_marked_no_note_is_added() {
    let mut s = session_on("manual-full", PUZZLE, manual(), None);
    s.press("a").unwrap(); // fill all candidates
    s.press("t").unwrap();
    let text = status(&s);
    assert!(text.starts_with("Hint: "), "{text}");
    assert!(!text.contains("without marks"), "{text}");
}

// ---- 3. long hint text at 80x24 --------------------------------------------------------------

/// A session on a W-Wing state showing the W-Wing at its third stage.
fn w_wing_shown(test: &str) -> TestSession {
    let mut s = session_on(test, common::chains::W_WING, Config::default(), None);
    s.press("ttt").unwrap();
    let step = s.app.hint_step().expect("a hint").clone();
    assert_eq!(step.technique, termdoku::solver::Technique::WWing);
    s
}

/// The side panel's column of an 80x24 screen (right of the medium board).
fn panel(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| {
            l.chars()
                .skip(57)
                .collect::<String>()
                .trim_end_matches('|')
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn the_hint_panel_wraps_between_tokens_and_points_to_the_whole_hint() {
    let mut s = w_wing_shown("wwing-panel");
    let screen = snap(&mut s, MEDIUM);
    let side = panel(&screen);
    let eureka = termdoku::solver::Eureka::on_board(s.app.hint_step().unwrap(), s.app.board())
        .unwrap()
        .lines();
    // Every node of the chain is whole on some line of the panel.
    for token in eureka[0].split(['-', '=']).filter(|t| t.contains('r')) {
        let cellname = token.trim_start_matches(|c: char| c != 'r');
        let cellname = cellname.split(' ').next().unwrap();
        assert!(
            side.iter().any(|l| l.contains(cellname)),
            "{cellname} split:\n{screen}"
        );
    }
    // No line of the panel ends inside a cell name.
    for l in &side {
        assert!(!l.ends_with('r') && !l.ends_with('c'), "{l:?}\n{screen}");
    }
    insta::assert_snapshot!("w_wing_panel_medium", screen);
}

#[test]
fn the_whole_hint_reads_full_screen_and_scrolls() {
    let mut s = w_wing_shown("wwing-read");
    s.press("i").unwrap();
    let screen = snap(&mut s, MEDIUM);
    let step = s.app.hint_step().unwrap().clone();
    let eureka = termdoku::solver::Eureka::on_board(&step, s.app.board())
        .unwrap()
        .lines();
    let flat = screen.replace(['|', ' ', '\n', '│', '┃'], "");
    for l in &eureka {
        assert!(flat.contains(&l.replace(' ', "")), "{l}\n{screen}");
    }
    assert!(flat.contains(&step.text.replace(' ', "")), "{screen}");
    // A narrow, short terminal scrolls through it.
    s.screen = (44, 16);
    s.dispatch(termdoku::app::Action::Resize {
        width: 44,
        height: 16,
    });
    let first = snap(&mut s, (44, 16));
    s.press("<pagedown>").unwrap();
    let second = snap(&mut s, (44, 16));
    assert_ne!(first, second);
    s.press("G").unwrap();
    let last = snap(&mut s, (44, 16));
    assert!(last.contains(" of "), "{last}");
    s.press("g").unwrap();
    assert_eq!(snap(&mut s, (44, 16)), first);
    s.press("<esc>").unwrap();
    assert_eq!(s.app.ui.overlay, termdoku::app::Overlay::None);
}

#[test]
fn the_hint_text_is_copied_with_its_key_and_from_the_copy_menu() {
    let mut s = w_wing_shown("wwing-copy");
    let step = s.app.hint_step().unwrap().clone();
    s.press("yt").unwrap();
    let copied = s.clipboard.get_text().unwrap();
    assert!(copied.contains(&step.text), "{copied}");
    let eureka = termdoku::solver::Eureka::on_board(&step, s.app.board())
        .unwrap()
        .lines();
    assert!(copied.contains(&eureka[0]), "{copied}");
    assert!(status(&s).contains("hint text"), "{}", status(&s));
    // The copy menu lists it last.
    s.press("Y").unwrap();
    assert!(snap(&mut s, FULL).contains("the hint's text"));
    s.press("G<enter>").unwrap();
    assert!(status(&s).contains("hint text"), "{}", status(&s));
}

// ---- 4. long status messages ------------------------------------------------------------------

#[test]
fn a_long_status_message_is_cut_between_words_and_read_whole_with_i() {
    let mut s = session("long-status");
    s.dispatch(termdoku::app::Action::PasteFailed(
        "no X11 or Wayland display: DISPLAY and WAYLAND_DISPLAY are unset".into(),
    ));
    let full = status(&s);
    assert!(full.contains("Ctrl+Shift+V"), "{full}");
    let screen = snap(&mut s, (100, 30));
    let last = screen.lines().last().unwrap().to_string();
    assert!(last.contains("i: read all"), "{last}");
    // The cut is at a word boundary: the shown part is a prefix of the message, ending in a word.
    let shown = last.split(" … i: read all").next().unwrap().trim_end();
    assert!(full.starts_with(shown), "{shown:?}");
    assert!(full[shown.len()..].starts_with(' '), "{shown:?}");
    s.press("i").unwrap();
    let screen = snap(&mut s, (100, 30));
    let flat = screen.replace(['|', '\n', '┃'], " ");
    let flat: String = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&full), "{screen}");
}

#[test]
fn earlier_messages_are_kept_for_the_text_view() {
    let mut s = session("log");
    s.press("l").unwrap();
    s.app.info("first message");
    s.app.error("second message");
    s.press("i").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("second message"), "{screen}");
    assert!(screen.contains("• first message"), "{screen}");
}

// ---- 7. SE ratings in every trailer form -----------------------------------------------------

fn sample_path(name: &str) -> String {
    common::sample_dir()
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A session started as `termdoku ARG` would be.
fn started(test: &str, arg: &str) -> TestSession {
    let opening = termdoku::app::run::read_opening(arg).expect("opens");
    let dir = data_dir(test);
    let s = Session::start(
        Some(opening),
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard { text: None }),
    );
    TestSession(s, dir)
}

#[test]
fn a_bare_se_rating_after_the_cells_is_read_and_shown_in_the_picker() {
    let path = sample_path("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut s = started("se-bare", &path);
    // The picker opens on a collection; its lines carry their SE rating.
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE 7.2"), "{screen}");
    s.press("<enter>").unwrap();
    assert_eq!(s.app.game.se_rating.as_deref(), Some("7.2"));
    assert!(snap(&mut s, FULL).contains("SE: 7.2"));
}

#[test]
fn se_ratings_in_the_forum_forms_are_read_from_a_paste() {
    for (trailer, want) in [
        (" 11.9/11.9/11.3", "11.9/11.9/11.3"),
        (" ED=11.6/1.2/1.2", "11.6/1.2/1.2"),
        (" SE 8.3", "8.3"),
    ] {
        let text = format!("{PUZZLE}{trailer}");
        let mut s = session_on("se-forms", PUZZLE, Config::default(), Some(&text));
        s.press("p").unwrap();
        assert_eq!(s.app.game.se_rating.as_deref(), Some(want), "{trailer}");
    }
}

// ---- 8. the collection picker --------------------------------------------------------------

fn selected_entry(s: &Session) -> usize {
    match &s.app.ui.overlay {
        termdoku::app::Overlay::Menu(m) => match &m.items[m.selected].1 {
            termdoku::app::MenuChoice::CollectionEntry(i) => *i,
            other => panic!("{other:?}"),
        },
        other => panic!("no picker: {other:?}"),
    }
}

#[test]
fn the_picker_pages_jumps_searches_and_shows_whole_lines() {
    let path = sample_path("magictour_top1465.txt");
    let mut s = started("picker-keys", &path);
    s.dispatch(termdoku::app::Action::Resize {
        width: 120,
        height: 45,
    });
    assert_eq!(selected_entry(&s), 0);
    s.press("<pagedown>").unwrap();
    let page = selected_entry(&s);
    assert!(page > 10, "{page}");
    s.press("<pageup>").unwrap();
    assert_eq!(selected_entry(&s), 0);
    s.press("G").unwrap();
    assert_eq!(selected_entry(&s), 1464);
    s.press("g").unwrap();
    assert_eq!(selected_entry(&s), 0);
    // Digits go to a number.
    s.press("17").unwrap();
    assert_eq!(selected_entry(&s), 16);
    // Lines 17 and 19 differ only after their 27th character: both shown whole.
    let lines: Vec<String> = common::read_sample("magictour_top1465.txt")
        .lines()
        .map(str::to_string)
        .collect();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains(&lines[16]), "{screen}");
    assert!(screen.contains(&lines[18]), "{screen}");
    s.press("<esc>").unwrap(); // stops typing, the picker stays
    assert!(matches!(s.app.ui.overlay, termdoku::app::Overlay::Menu(_)));
    // `/` searches the lines.
    let needle = &lines[100][..30];
    s.press(&format!("/{needle}")).unwrap();
    assert_eq!(selected_entry(&s), 100);
    s.press("<enter>").unwrap();
    assert!(s.app.game.name.contains("#101"), "{}", s.app.game.name);
}

#[test]
fn the_level_column_fills_in_and_the_level_filter_is_kept_between_runs() {
    let path = sample_path("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut s = started("picker-levels", &path);
    // The ratings arrive in the background while the picker is open.
    s.wait_background();
    let c = s.app.collection.clone().unwrap();
    assert_eq!(c.levels.len() + s.app.picker.no_level.len(), 160);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("160 rated"), "{screen}");
    let some_level = *c.levels.values().next().unwrap();
    assert!(screen.contains(some_level.name()), "{screen}");
    // `f` cycles the level filter: only puzzles of that level are listed.
    let mut filter = None;
    for _ in 0..5 {
        s.press("f").unwrap();
        filter = s.app.picker.level;
        if filter == Some(some_level) {
            break;
        }
    }
    assert_eq!(filter, Some(some_level));
    let listed = match &s.app.ui.overlay {
        termdoku::app::Overlay::Menu(m) => m.items.len(),
        _ => panic!(),
    };
    assert_eq!(
        listed,
        c.levels.values().filter(|l| **l == some_level).count()
    );
    // The next run starts with the same filter.
    let dir = s.1.clone();
    let next = Session::start(
        Some(termdoku::app::run::read_opening(&path).unwrap()),
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard { text: None }),
    );
    assert_eq!(next.app.picker.level, Some(some_level));
}
