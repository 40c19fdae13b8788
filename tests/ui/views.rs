//! What the player's views show at 80x24 and 120x45: the path view's cut lines and `i` on its
//! selected step, the status line when a view opens and closes, menus that scroll and their
//! marks, a long game name beside the digit counts, the all-steps view and the message log, the
//! picker's typed number and search, practice from a collection and its position.

use crate::support::*;
use termdoku::app::Overlay;

/// A diabolical puzzle whose path has an XY-Chain too long for an 80x24 line.
const DIABOLICAL: &str =
    "59......7.4..1..83..8.349....14.2....69...82....1.93....467.2..98..4..3.7......16";

/// The rows of a screen whose text contains `what`.
fn rows_with<'a>(screen: &'a str, what: &str) -> Vec<&'a str> {
    screen.lines().filter(|l| l.contains(what)).collect()
}

/// A screen's text with the box characters and spaces folded, for finding wrapped text.
fn flat(screen: &str) -> String {
    screen
        .replace(['|', '\n', '┃'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_path_view_cuts_long_steps_with_an_ellipsis_and_i_reads_the_selected_one() {
    let mut s = session_on("path-cut", DIABOLICAL, None);
    s.press("t").unwrap();
    assert_status(&s, "Hint: ");
    s.press("v").unwrap();
    // The hint's message belongs to the board left behind.
    assert!(!status(&s).contains("Hint"), "{}", status(&s));
    s.wait_background();
    let steps = match &s.app.ui().overlay() {
        Overlay::Path(p) => p.steps.clone().unwrap(),
        o => panic!("{o:?}"),
    };
    assert_eq!(
        status(&s),
        format!(
            "Solution path: {} steps; Enter applies up to the selected one, i reads it whole",
            steps.len()
        )
    );
    // The inner width of the 80x24 path box is 74 columns.
    let long = steps
        .iter()
        .position(|st| format!(" {:>3}. {}", 1, st.line()).chars().count() > 74)
        .expect("a step longer than an 80x24 line");
    s.press(&"j".repeat(long)).unwrap();
    let medium = snap(&mut s, MEDIUM);
    let row = rows_with(&medium, &format!("{:>3}. ", long + 1));
    assert_eq!(row.len(), 1, "{medium}");
    assert!(row[0].contains("…┃"), "{medium}");
    insta::assert_snapshot!("path_cut_80x24", styled(&mut s, MEDIUM));
    // At 120x45 the same step fits whole.
    let full = snap(&mut s, FULL);
    assert!(full.contains(&steps[long].line()), "{full}");
    assert!(!rows_with(&full, &format!("{:>3}. ", long + 1))[0].contains('…'));
    // i: the selected step whole, then back to the path at the same step.
    s.press("i").unwrap();
    for size in [MEDIUM, FULL] {
        // Wrapped between tokens: compared without spaces.
        let text = flat(&snap(&mut s, size)).replace(' ', "");
        assert!(text.contains("Selectedstep:"), "{text}");
        assert!(text.contains(&steps[long].text.replace(' ', "")), "{text}");
    }
    s.press("<esc>").unwrap();
    assert!(matches!(&s.app.ui().overlay(), Overlay::Path(p) if p.selected == long));
    // Esc closes the path, and its message goes with it.
    s.press("<esc>").unwrap();
    assert_eq!(*s.app.ui().overlay(), Overlay::None);
    assert_eq!(status(&s), "");
    assert!(snap(&mut s, MEDIUM).contains("? help  q quit"));
}

#[test]
fn the_practice_and_copy_menus_scroll_with_marks_of_what_is_above_and_below() {
    let mut s = session("menu-marks");
    s.press("P").unwrap();
    let items = match &s.app.ui().overlay() {
        Overlay::Menu(m) => m.items.len(),
        o => panic!("{o:?}"),
    };
    // 80x24: 24 lines less the borders, the header and its blank line.
    let medium = snap(&mut s, MEDIUM);
    let shown = 24 - 2 - 2;
    assert!(
        medium.contains(&format!("↓ {} more", items - shown)),
        "{medium}"
    );
    insta::assert_snapshot!("practice_menu_80x24", styled(&mut s, MEDIUM));
    // At 120x45 the whole menu fits: no mark.
    assert!(!snap(&mut s, FULL).contains(" more "));
    s.press("jjjjjjjjjjjjjjjjjjjjjj").unwrap();
    let medium = snap(&mut s, MEDIUM);
    assert!(
        medium.contains(&format!("↑ 3 ↓ {} more", items - shown - 3)),
        "{medium}"
    );
    s.press("G").unwrap();
    assert!(snap(&mut s, MEDIUM).contains(&format!("↑ {} more", items - shown)));
    // The copy menu fits 80x24; on a shorter terminal it scrolls the same way.
    s.press("<esc>Y").unwrap();
    assert!(!snap(&mut s, MEDIUM).contains(" more "));
    let short = snap(&mut s, (80, 16));
    assert!(short.contains("↓ ") && short.contains(" more ┛"), "{short}");
    s.press("G").unwrap();
    assert!(snap(&mut s, (80, 16)).contains("↑ "));
}

#[test]
fn a_long_game_name_gives_way_to_the_clock_and_the_digit_counts() {
    let mut s = session("long-name");
    s.app.game_mut().name =
        "Practice Almost Locked Set XY-Wing (forum_hardest_1905_11plus.txt #1234)".into();
    for size in [MEDIUM, FULL] {
        let screen = snap(&mut s, size);
        let line = screen.lines().nth(usize::from(size.1) - 2).unwrap();
        assert!(line.contains("Practice Almost"), "{line}");
        assert!(line.contains("00:00") && line.contains("9:"), "{line}");
        if size == MEDIUM {
            assert!(line.contains('…'), "{line}");
        }
    }
}

#[test]
fn moving_in_the_all_steps_view_adds_nothing_to_the_message_log() {
    let mut s = session_on("steps-log", DIABOLICAL, None);
    s.press("A").unwrap();
    s.wait_background();
    let log = s.app.ui().log().to_vec();
    s.press("jjjlllhjk").unwrap();
    assert_eq!(s.app.ui().log(), log);
    // The selection still shows in the status line.
    assert!(status(&s).ends_with("(Enter: apply)"), "{}", status(&s));
}

/// A collection of the first `n` lines of the diabolical sample, opened as `termdoku FILE`.
fn collection(test: &str, n: usize) -> TestSession {
    let dir = data_dir(test);
    let lines: Vec<String> =
        crate::common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt")
            .lines()
            .take(n)
            .map(String::from)
            .collect();
    let file = dir.join("diabolical.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    started(test, file.to_str().unwrap())
}

/// The entry selected in the picker (zero-based).
fn selected(s: &Session) -> usize {
    match &s.app.ui().overlay() {
        Overlay::Menu(m) => match m.items[m.selected].1 {
            termdoku::app::MenuChoice::CollectionEntry(i) => i,
            ref c => panic!("{c:?}"),
        },
        o => panic!("{o:?}"),
    }
}

#[test]
fn the_pickers_number_is_echoed_ends_with_another_key_and_is_gone_after_use() {
    let mut s = collection("picker-number", 30);
    assert!(termdoku::app::picker::is_open(&s.app));
    s.press("12").unwrap();
    assert_eq!(selected(&s), 11);
    for size in [MEDIUM, FULL] {
        assert!(snap(&mut s, size).contains("Go to #12  (Enter opens"));
    }
    insta::assert_snapshot!("picker_number_80x24", styled(&mut s, MEDIUM));
    // A key that is not a digit ends the number and does its own work.
    s.press("j").unwrap();
    assert_eq!(selected(&s), 12);
    assert!(snap(&mut s, MEDIUM).contains("digits: go to #"));
    s.press("kk<enter>").unwrap();
    assert!(s.app.game().name.ends_with("#11"), "{}", s.app.game().name);
    // Typed again and opened: the next picker starts without it, and j moves.
    s.press("n").unwrap();
    s.press("j<enter>").unwrap();
    assert!(termdoku::app::picker::is_open(&s.app));
    s.press("7<enter>").unwrap();
    assert!(s.app.game().name.ends_with("#7"), "{}", s.app.game().name);
    s.press("nj<enter>").unwrap();
    assert!(snap(&mut s, MEDIUM).contains("digits: go to #"));
    assert_eq!(selected(&s), 6);
    s.press("jj").unwrap();
    assert_eq!(selected(&s), 8);
    // A number beyond the collection says so.
    s.press("99").unwrap();
    assert!(snap(&mut s, MEDIUM).contains("Go to #99: no such puzzle (1-30)"));
}

#[test]
fn a_picker_search_without_a_match_says_so() {
    let mut s = collection("picker-search", 10);
    s.press("/").unwrap();
    s.press("..8.349").unwrap();
    assert_eq!(selected(&s), 2);
    assert!(!snap(&mut s, MEDIUM).contains("no match"));
    s.press("zz").unwrap();
    for size in [MEDIUM, FULL] {
        assert!(
            snap(&mut s, size).contains("Search: ..8.349zz▏ no match"),
            "{}",
            snap(&mut s, size)
        );
    }
    assert_eq!(selected(&s), 2);
    s.press("<backspace><backspace>").unwrap();
    assert!(!snap(&mut s, MEDIUM).contains("no match"));
}

#[test]
fn practice_from_a_collection_moves_its_position_to_the_puzzle_practised() {
    let mut s = collection("practice-position", 40);
    s.wait_background();
    s.press("<esc>").unwrap();
    // The nice-loop entry (21st) of the practice menu.
    s.press("P").unwrap();
    s.press(&"j".repeat(20)).unwrap();
    s.press("<enter>").unwrap();
    s.wait_background();
    let name = s.app.game().name.clone();
    let number: usize = name
        .strip_prefix("Practice Nice loop / AIC (diabolical.txt #")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{name}"))
        .parse()
        .unwrap();
    assert!(number > 1, "{name}");
    let c = s.app.collection().unwrap();
    assert_eq!(c.index, number - 1);
    let level_before = c.levels.clone();
    // n goes on after the puzzle practised.
    s.press("n").unwrap();
    assert!(
        snap(&mut s, MEDIUM).contains(&format!("Next in diabolical.txt (#{} of 40)", number + 1)),
        "{}",
        snap(&mut s, MEDIUM)
    );
    s.press("<esc>").unwrap();
    // The practice puzzle's rating is its own entry's, no other's.
    s.wait_background();
    let c = s.app.collection().unwrap();
    for (i, l) in &c.levels {
        if *i != number - 1 {
            assert_eq!(level_before.get(i), Some(l), "entry {i}");
        }
    }
    if let Some(r) = s.app.rating().and_then(|r| r.level()) {
        assert_eq!(c.levels.get(&(number - 1)), Some(&r));
    }
}

/// Whether a text colour can be the background of a colour scheme the palette is for: colour 8
/// on dark schemes (Solarized Dark's background), 7 and 15 on light ones (Solarized Light's).
fn palette_grey(theme: ThemeKind, c: Color) -> bool {
    match theme {
        ThemeKind::Light => matches!(
            c,
            Color::Gray | Color::White | Color::Indexed(7) | Color::Indexed(15)
        ),
        _ => matches!(c, Color::DarkGray | Color::Indexed(8)),
    }
}

#[test]
fn candidates_and_cell_lines_never_use_the_palettes_greys() {
    for theme in [ThemeKind::Dark, ThemeKind::Light] {
        for size in [MEDIUM, FULL] {
            let mut s = session("no-grey");
            set_theme(theme);
            s.press("j").unwrap();
            let buf = render(&mut s, size);
            let cand = if size == FULL {
                candidate_at(&buf, cell(1, 3), d(4))
            } else {
                medium_candidate_at(&buf, cell(1, 3), d(4))
            };
            assert_eq!(cand.symbol(), "4");
            assert_eq!(cand.fg, Color::Reset, "{theme:?} {size:?}");
            assert!(cand.modifier.contains(Modifier::DIM), "{theme:?} {size:?}");
            // No text of the board or the status line is drawn in palette grey.
            for y in 0..size.1 {
                for x in 0..size.0 {
                    let c = &buf[(x, y)];
                    // Text on a background of its own stands out whatever the scheme.
                    if c.symbol().trim().is_empty() || c.bg != Color::Reset {
                        continue;
                    }
                    assert!(
                        !palette_grey(theme, c.fg),
                        "{theme:?} {size:?}: {:?} at {x},{y} in {:?}",
                        c.symbol(),
                        c.fg
                    );
                }
            }
        }
    }
}

#[test]
fn the_config_chooses_the_mono_palette_and_the_environment_still_wins() {
    let (config, errors) = Config::parse("theme = \"mono\"\n", std::path::Path::new("c.toml"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(config.theme, termdoku::storage::ThemeChoice::Mono);
    // Without NO_COLOR or TERMDOKU_THEME in the environment, the config decides.
    let env_free = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var_os("TERMDOKU_THEME").is_none();
    if env_free {
        let t = ui::theme::Theme::from_env_and_config(config.theme);
        assert!(t.is_mono());
        let t = ui::theme::Theme::from_env_and_config(termdoku::storage::ThemeChoice::Light);
        assert_eq!(t.kind, ThemeKind::Light);
    }
}

#[test]
fn a_pasted_susser_line_with_eliminations_says_how_many_once() {
    let board = codec::decode_any(PUZZLE).unwrap().board;
    let mut ed = termdoku::editor::Editor::new(board);
    let CellState::Empty(cands) = ed.board().cell(cell(1, 1)) else {
        panic!("r1c1 is empty in PUZZLE");
    };
    ed.apply(termdoku::editor::Command::ToggleCandidate {
        cell: cell(1, 1),
        digit: cands.iter().next().unwrap(),
    })
    .unwrap();
    let line = codec::encode(
        Format::SusserElims,
        ed.board(),
        &codec::WriteOptions::default(),
    )
    .unwrap();
    let n = ed.board().eliminations().len();
    assert!(n > 0);
    let mut s = session_on("paste-elims", PUZZLE, Some(&line));
    s.press("p").unwrap();
    let want = if n == 1 {
        "Pasted Susser line with 1 elimination: one solution".to_string()
    } else {
        format!("Pasted Susser line with {n} eliminations: one solution")
    };
    assert_eq!(status(&s), want);
}

#[test]
fn a_paste_without_a_system_clipboard_points_to_the_terminals_paste() {
    let mut s = session("no-clipboard");
    s.dispatch(termdoku::app::Action::PasteFailed(
        termdoku::app::clipboard::ClipboardError::Unavailable(
            "no display: DISPLAY and WAYLAND_DISPLAY are unset".into(),
        ),
    ));
    let text = status(&s);
    assert!(
        text.starts_with("No system clipboard to paste from ("),
        "{text}"
    );
    assert!(text.contains("your terminal's own paste works"), "{text}");
    assert!(!text.contains("X11"), "{text}");
    // An empty clipboard is not a missing one.
    s.press("p").unwrap();
    assert!(
        status(&s).starts_with("Nothing to paste: the clipboard is empty"),
        "{}",
        status(&s)
    );
    // The terminal's own paste (bracketed) still works.
    s.handle_event(&crossterm::event::Event::Paste(DIABOLICAL.into()));
    assert_eq!(
        s.app.board().given_count(),
        DIABOLICAL.chars().filter(|c| c.is_ascii_digit()).count()
    );
}

#[test]
fn the_hint_engine_is_saved_with_the_game_and_resumed() {
    let mut s = session("engine-saved");
    s.press("E").unwrap();
    assert_eq!(
        s.app.config().hint_engine,
        termdoku::storage::HintEngine::Se
    );
    assert!(s.save_now());
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(
        r.app.config().hint_engine,
        termdoku::storage::HintEngine::Se
    );
    // A save without the engine (older) keeps the config's.
    let path = s.store.as_ref().unwrap().autosave_path();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"hint_engine\": \"se\""), "{text}");
    fn forget_engine(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("hint_engine");
                m.values_mut().for_each(forget_engine);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(forget_engine),
            _ => {}
        }
    }
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    forget_engine(&mut json);
    std::fs::write(&path, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    let r = Session::start(
        None,
        Config::default(),
        s.store.clone(),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(r.app.board(), s.app.board());
    assert_eq!(
        r.app.config().hint_engine,
        termdoku::storage::HintEngine::Hodoku
    );
}

#[test]
fn an_applied_hodoku_step_names_its_technique_and_result() {
    let mut s = session_config(
        "applied-hodoku",
        crate::common::chains::W_WING,
        Config::default(),
        None,
    );
    s.press("t").unwrap();
    let step = s.app.hint_step().unwrap().clone();
    s.press("T").unwrap();
    let result = termdoku::solver::step::eliminations_text(&step.eliminations);
    assert_eq!(status(&s), format!("Applied: W-Wing: {result}"));
}
