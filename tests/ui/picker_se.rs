//! The picker's SE column: every entry's ER/EP/ED rated in the background and cached by puzzle,
//! a line's own rating compared with it, no rating for a puzzle with several solutions, the
//! order by ER (`s`) and the ER filter (`e`).

use crate::support::*;
use termdoku::app::{MenuChoice, Overlay};

/// Five puzzles: one whose `ED=` is SE's own (7.2/1.2/1.2), one rated 9.0/1.2/1.2, one whose
/// `ED=` differs from SE's 7.1/1.2/1.2, one with several solutions, one of singles (1.2).
const LINES: [&str; 5] = [
    ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54. ED=7.2/1.2/1.2",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2.. ED=9.1/9.1/2.6",
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    PUZZLE,
];

/// The collection file in `dir`.
fn list(dir: &std::path::Path) -> String {
    let path = dir.join("five-se.txt");
    std::fs::write(&path, LINES.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

/// A player started on the list with the data directory `dir`, SE ratings on, after its
/// background work ended.
fn rated(dir: &std::path::Path, file: &str) -> Session {
    let mut s = Session::start(
        Some(termdoku::app::run::read_opening(file).unwrap()),
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard { text: None }),
    );
    s.enable_se_rating();
    s.wait_background();
    s
}

/// The entries listed, in order (numbers from 1).
fn listed(s: &Session) -> Vec<usize> {
    match s.app.ui().overlay() {
        Overlay::Menu(m) => m
            .items
            .iter()
            .filter_map(|(_, ch)| match ch {
                MenuChoice::CollectionEntry(i) => Some(i + 1),
                _ => None,
            })
            .collect(),
        other => panic!("no picker: {other:?}"),
    }
}

/// The picker's line of entry `n` on the screen.
fn row(screen: &str, n: usize) -> String {
    let tag = format!("{n:>5}  ");
    screen
        .lines()
        .find(|l| l.contains(&tag))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn ratings_fill_in_with_the_lines_own_compared_and_are_read_from_the_cache_next_time() {
    let dir = data_dir("picker-se");
    let file = list(&dir);
    let mut s = rated(&dir, &file);
    for size in [FULL, MEDIUM] {
        let screen = snap(&mut s, size);
        assert!(screen.contains("SE 5/5"), "{screen}");
        assert!(row(&screen, 1).contains("7.2/1.2/1.2"), "{screen}");
        assert!(!row(&screen, 1).contains('≠'), "{screen}");
        assert!(row(&screen, 2).contains("9.0/1.2/1.2"), "{screen}");
        assert!(
            row(&screen, 3).contains("7.1/1.2/1.2    ≠ ED 9.1/9.1/2.6"),
            "{screen}"
        );
        assert!(row(&screen, 4).contains("2+ solutions"), "{screen}");
        assert!(row(&screen, 5).contains("1.2/1.2/1.2"), "{screen}");
        insta::assert_snapshot!(
            format!("picker_se_{}x{}", size.0, size.1),
            styled(&mut s, size)
        );
    }
    // The ratings are on disk, by puzzle.
    let cache = std::fs::read_to_string(dir.join("se-ratings.txt")).unwrap();
    assert_eq!(cache.lines().count(), 6, "{cache}");
    assert!(cache.contains(&format!("{} 2+", LINES[3])), "{cache}");
    drop(s);
    // Opened again, the entries come from the cache: a rating changed there is what shows.
    let cache = cache.replace(
        &format!("{PUZZLE} 1.2/1.2/1.2"),
        &format!("{PUZZLE} 5.5/5.5/5.5"),
    );
    std::fs::write(dir.join("se-ratings.txt"), &cache).unwrap();
    let mut again = rated(&dir, &file);
    let screen = snap(&mut again, FULL);
    assert!(row(&screen, 5).contains("5.5/5.5/5.5"), "{screen}");
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn s_sorts_by_er_and_e_filters_by_it() {
    let dir = data_dir("picker-se-sort");
    let file = list(&dir);
    let mut s = rated(&dir, &file);
    assert_eq!(listed(&s), [1, 2, 3, 4, 5]);
    s.press("s").unwrap();
    // Hardest first; the puzzle without an ER last.
    assert_eq!(listed(&s), [2, 1, 3, 5, 4]);
    insta::assert_snapshot!("picker_se_sorted_80x24", styled(&mut s, MEDIUM));
    s.press("s").unwrap();
    assert_eq!(listed(&s), [5, 3, 1, 2, 4]);
    s.press("s").unwrap();
    assert_eq!(listed(&s), [1, 2, 3, 4, 5]);
    // A filter that does not read changes nothing and says why.
    s.press("e9..<enter>").unwrap();
    assert_eq!(listed(&s), [1, 2, 3, 4, 5]);
    assert!(snap(&mut s, FULL).contains("\"9..\" is not a rating"));
    s.press("<esc>").unwrap();
    // ER >= 9: the one puzzle of 9.0.
    s.press("e>= 9<enter>").unwrap();
    assert_eq!(listed(&s), [2]);
    insta::assert_snapshot!("picker_se_filtered_120x45", styled(&mut s, FULL));
    // A range, then no filter.
    // `e` starts from the filter in force.
    s.press("e").unwrap();
    assert!(snap(&mut s, FULL).contains("ER filter: >= 9.0▏"));
    for _ in 0..6 {
        s.press("<backspace>").unwrap();
    }
    s.press("7-7.1<enter>").unwrap();
    assert_eq!(listed(&s), [3]);
    s.press("e").unwrap();
    for _ in 0..10 {
        s.press("<backspace>").unwrap();
    }
    s.press("<enter>").unwrap();
    assert_eq!(listed(&s), [1, 2, 3, 4, 5]);
    // The selection stays on the entry it was on; Enter opens it again.
    s.press("<enter>").unwrap();
    assert_eq!(s.app.game().name, "five-se.txt #3");
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_cache_is_reported_kept_aside_and_the_puzzles_rated_again() {
    let dir = data_dir("picker-se-damaged");
    let file = list(&dir);
    std::fs::write(dir.join("se-ratings.txt"), "not a cache\n").unwrap();
    let mut s = rated(&dir, &file);
    let status = status(&s);
    assert!(
        status.contains("SE ratings cache") && status.contains("does not read"),
        "{status}"
    );
    let aside: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("se-ratings.txt.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(&aside[0])).unwrap(),
        "not a cache\n"
    );
    assert!(row(&snap(&mut s, FULL), 2).contains("9.0/1.2/1.2"));
    let cache = std::fs::read_to_string(dir.join("se-ratings.txt")).unwrap();
    assert_eq!(cache.lines().count(), 6, "{cache}");
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_the_picker_stops_the_rating_and_reopening_goes_on() {
    let dir = data_dir("picker-se-close");
    let file = list(&dir);
    let mut s = Session::start(
        Some(termdoku::app::run::read_opening(&file).unwrap()),
        Config::default(),
        Some(Store::at(&dir)),
        Box::new(MemoryClipboard { text: None }),
    );
    // Closed before SE ratings are switched on: nothing is rated.
    s.press("<esc>").unwrap();
    s.enable_se_rating();
    s.wait_background();
    assert!(!dir.join("se-ratings.txt").exists());
    // `n`, then "pick another": the picker opens and the rating runs.
    s.press("n").unwrap();
    let pick = match s.app.ui().overlay() {
        Overlay::Menu(m) => m
            .items
            .iter()
            .position(|(_, ch)| *ch == MenuChoice::CollectionPick)
            .unwrap(),
        other => panic!("{other:?}"),
    };
    for _ in 0..pick {
        s.press("j").unwrap();
    }
    s.press("<enter>").unwrap();
    s.wait_background();
    assert!(snap(&mut s, MEDIUM).contains("SE 5/5"));
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
