//! New games and collections: the new-game menu and the generator, a file of many puzzles and its
//! picker (keys, levels, filter), the statistics per level.

use crate::support::*;
use std::path::PathBuf;

#[test]
fn new_game_offers_levels_from_the_collection() {
    let mut s = session("newgame");
    s.press("n").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("Easy") && screen.contains("Extreme"));
    s.press("<enter>").unwrap();
    assert_eq!(s.app.game().level, Some(termdoku::solver::Level::Easy));
    assert!(s.app.board().given_count() >= 17);
}

#[test]
fn new_game_can_generate_a_puzzle_of_the_chosen_level() {
    let mut s = session("generate");
    s.press("n").unwrap();
    assert!(snap(&mut s, FULL).contains("generate a new one"));
    // Five collection levels, then Generate Easy, Medium, Hard: seven steps down.
    s.press("jjjjjjj<enter>").unwrap();
    // The generator runs in the background; the board is the old one until it is done.
    s.wait_background();
    assert_eq!(s.app.game().level, Some(termdoku::solver::Level::Hard));
    let board = s.app.board().clone();
    assert!(board.given_count() >= 17 && board.value_count() == board.given_count());
    assert_eq!(termdoku::solver::exact::count_solutions(&board, 2), 1);
    assert_eq!(
        termdoku::solver::engine::rate(&board).level,
        termdoku::solver::Level::Hard
    );
}

#[test]
fn generating_an_extreme_puzzle_says_an() {
    let mut s = session("article");
    s.press("n").unwrap();
    // Five embedded levels, then Generate Easy ... Extreme: the tenth entry.
    s.press("G").unwrap();
    assert!(
        matches!(&s.app.ui().overlay(), termdoku::app::Overlay::Menu(m)
        if matches!(m.items[m.selected].1, termdoku::app::MenuChoice::Generate(termdoku::solver::Level::Extreme)))
    );
    s.press("<enter>").unwrap();
    assert_eq!(status(&s), "Generating an Extreme puzzle…");
}

/// A file of several puzzles (the embedded Easy list).
fn collection_file(dir: &std::path::Path) -> PathBuf {
    let lines: Vec<&str> = termdoku::app::puzzles::puzzles(termdoku::solver::Level::Easy)
        .take(5)
        .collect();
    let path = dir.join("five.txt");
    std::fs::write(
        &path,
        format!(
            "# five puzzles\n{} ED=2.3/1.2/1.2\n{}\n",
            lines[0],
            lines[1..].join("\n")
        ),
    )
    .unwrap();
    path
}

#[test]
fn a_file_of_many_puzzles_opens_a_picker_and_remembers_the_position() {
    let dir = data_dir("collection");
    let _cleanup = TestSession(
        Session::new(
            App::new(
                termdoku::domain::Board::empty(),
                Game::default(),
                Config::default(),
            ),
            Box::new(MemoryClipboard::default()),
            None,
        ),
        dir.clone(),
    );
    let file = collection_file(&dir);
    let arg = file.to_str().unwrap().to_string();
    let o = termdoku::app::run::read_opening(&arg).unwrap();
    assert_eq!(o.collection.as_ref().unwrap().1.len(), 5);
    let store = Store::at(dir.join("data"));
    let mut s = Session::start(
        Some(o.clone()),
        Config::default(),
        Some(store.clone()),
        Box::new(MemoryClipboard::default()),
    );
    assert!(matches!(
        s.app.ui().overlay(),
        termdoku::app::Overlay::Menu(_)
    ));
    assert_eq!(s.app.game().se_rating.as_deref(), Some("2.3/1.2/1.2"));
    for size in [FULL, MEDIUM, COMPACT] {
        insta::assert_snapshot!(
            format!("picker_{}x{}", size.0, size.1),
            styled(&mut s, size)
        );
    }
    s.press("jj<enter>").unwrap();
    assert_eq!(s.app.game().name, "five.txt #3");
    // Once rated in the background, the picker shows the puzzle's level.
    s.wait_background();
    s.press("nj<enter>").unwrap();
    let picker = snap(&mut s, FULL);
    let line3 = picker
        .lines()
        .find(|l| l.contains("    3  "))
        .unwrap_or_default()
        .to_string();
    assert!(line3.contains("Easy"), "{picker}");
    s.press("<esc>").unwrap();
    s.press("5").unwrap();
    let board = s.app.board().clone();
    // n continues with the next puzzle of the collection.
    s.press("n").unwrap();
    assert!(snap(&mut s, FULL).contains("Next in five.txt (#4 of 5)"));
    s.press("<esc>").unwrap();
    assert!(s.save_now());
    // One player at a time owns the autosave: this one ends first.
    drop(s);
    // Opening the file again resumes puzzle 3 where it was, with the picker on it.
    let mut r = Session::start(
        Some(o),
        Config::default(),
        Some(store.clone()),
        Box::new(MemoryClipboard::default()),
    );
    assert_eq!(*r.app.board(), board);
    assert_eq!(r.app.game().name, "five.txt #3");
    match &r.app.ui().overlay() {
        termdoku::app::Overlay::Menu(m) => assert_eq!(m.selected, 2),
        other => panic!("{other:?}"),
    }
    r.press("<esc>n<enter>").unwrap();
    assert_eq!(r.app.game().name, "five.txt #4");
    // Without the file argument, n still knows the collection (read again from the file).
    assert!(r.save_now());
    drop(r);
    let mut t = Session::start(
        None,
        Config::default(),
        Some(store),
        Box::new(MemoryClipboard::default()),
    );
    t.press("n<enter>").unwrap();
    assert_eq!(t.app.game().name, "five.txt #5");
}

fn selected_entry(s: &Session) -> usize {
    match &s.app.ui().overlay() {
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
    let lines: Vec<String> = crate::common::read_sample("magictour_top1465.txt")
        .lines()
        .map(str::to_string)
        .collect();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains(&lines[16]), "{screen}");
    assert!(screen.contains(&lines[18]), "{screen}");
    s.press("<esc>").unwrap(); // stops typing, the picker stays
    assert!(matches!(
        s.app.ui().overlay(),
        termdoku::app::Overlay::Menu(_)
    ));
    // `/` searches the lines.
    let needle = &lines[100][..30];
    s.press(&format!("/{needle}")).unwrap();
    assert_eq!(selected_entry(&s), 100);
    s.press("<enter>").unwrap();
    assert!(s.app.game().name.contains("#101"), "{}", s.app.game().name);
}

#[test]
fn the_level_column_fills_in_and_the_level_filter_is_kept_between_runs() {
    let path = sample_path("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut s = started("picker-levels", &path);
    // The ratings arrive in the background while the picker is open.
    s.wait_background();
    let c = s.app.collection().cloned().unwrap();
    assert_eq!(c.levels.len() + s.app.picker().no_level().len(), 160);
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("160 rated"), "{screen}");
    let some_level = *c.levels.values().next().unwrap();
    assert!(screen.contains(some_level.name()), "{screen}");
    // `f` cycles the level filter: only puzzles of that level are listed.
    let mut filter = None;
    for _ in 0..5 {
        s.press("f").unwrap();
        filter = s.app.picker().level();
        if filter == Some(some_level) {
            break;
        }
    }
    assert_eq!(filter, Some(some_level));
    let listed = match &s.app.ui().overlay() {
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
    assert_eq!(next.app.picker().level(), Some(some_level));
}

#[test]
fn a_bare_se_rating_after_the_cells_is_read_and_shown_in_the_picker() {
    let path = sample_path("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut s = started("se-bare", &path);
    // The picker opens on a collection; its lines carry their SE rating.
    let screen = snap(&mut s, FULL);
    assert!(screen.contains("SE 7.2"), "{screen}");
    s.press("<enter>").unwrap();
    assert_eq!(s.app.game().se_rating.as_deref(), Some("7.2"));
    assert!(snap(&mut s, FULL).contains("SE: 7.2"));
}

#[test]
fn statistics_count_solves_per_level_and_show_on_the_new_game_menu() {
    let mut s = session("stats");
    s.app.game_mut().level = Some(termdoku::solver::Level::Easy);
    s.dispatch(termdoku::app::Action::Tick(std::time::Duration::from_secs(
        65,
    )));
    s.press("t").unwrap();
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
    }
    assert!(s.app.board().is_solved());
    let stats =
        termdoku::storage::stats::read_stats(&s.store.as_ref().unwrap().stats_path()).unwrap();
    let easy = &stats.levels["Easy"];
    assert_eq!((easy.solved, easy.times.clone()), (1, vec![65]));
    assert!(easy.hints >= 1);
    // Counted once, however often the solved board is touched.
    s.press("u<ctrl+r>").unwrap();
    s.press("n").unwrap();
    let screen = snap(&mut s, FULL);
    assert!(
        screen.contains("Easy     1 solved, median 01:05"),
        "{screen}"
    );
    insta::assert_snapshot!("new_game_with_stats", styled(&mut s, MEDIUM));
    let stats =
        termdoku::storage::stats::read_stats(&s.store.as_ref().unwrap().stats_path()).unwrap();
    assert_eq!(stats.levels["Easy"].solved, 1);
}

#[test]
fn the_picker_marks_a_puzzle_that_repeats_an_earlier_one_in_another_shape() {
    let easy: Vec<&str> = termdoku::app::puzzles::puzzles(termdoku::solver::Level::Easy)
        .take(3)
        .collect();
    // The first puzzle transposed, its bands and digits moved: the same puzzle in another shape.
    let morph = crate::common::line_of(
        &termdoku::domain::Morph::new(
            true,
            3,
            [1, 0, 2],
            5,
            [2, 4, 0],
            [9, 8, 7, 6, 5, 4, 3, 2, 1],
        )
        .apply(&crate::common::givens_array(easy[0])),
    );
    assert_ne!(morph, easy[0]);
    let dir = data_dir("picker-repeats");
    let path = dir.join("repeats.txt");
    std::fs::create_dir_all(&dir).unwrap();
    let text = [easy[0], easy[1], &morph, easy[2], easy[1]].join("\n");
    std::fs::write(&path, text).unwrap();
    let mut s = started("picker-repeats-run", path.to_str().unwrap());
    s.dispatch(termdoku::app::Action::Resize {
        width: 140,
        height: 40,
    });
    s.wait_background();
    let size = (140, 40);
    let screen = snap(&mut s, size);
    let row = |n: usize| {
        screen
            .lines()
            .find(|l| l.contains(&format!("    {n}  ")))
            .unwrap_or_else(|| panic!("no entry {n}\n{screen}"))
            .to_string()
    };
    assert!(
        screen.contains("5 puzzles, 5 rated, 2 repeated"),
        "{screen}"
    );
    assert!(row(3).contains("same as #1"), "{screen}");
    assert!(row(5).contains("same as #2"), "{screen}");
    for n in [1, 2, 4] {
        assert!(!row(n).contains("same as"), "{screen}");
    }
    // Repeated entries are drawn dimmed, the others not (the first entry is selected).
    let buf = render(&mut s, size);
    let dimmed = |n: usize| {
        let key = format!("    {n}  ");
        let (y, line) = screen
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(&key))
            .unwrap();
        // The column of the entry's number (characters, not bytes: the borders are wide).
        let x = line[..line.find(&key).unwrap()].chars().count() + 4;
        buf[(x as u16, y as u16)].modifier.contains(Modifier::DIM)
    };
    assert!(dimmed(3) && dimmed(5));
    assert!(!dimmed(2) && !dimmed(4));
}
