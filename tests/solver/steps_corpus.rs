//! Every step of every path over the repository's samples (and, as long tests, the full corpora)
//! is valid: eliminations remove non-solution
//! digits, placements place the solution's digit, and every path ends solved.

use crate::common;

use termdoku::domain::{Board, Digit};
use termdoku::solver::engine::solution_path;

fn board(line: &str) -> Option<Board> {
    let cells: Vec<char> = line.chars().take(81).collect();
    if cells.len() != 81 {
        return None;
    }
    let mut values = [None; 81];
    for (i, ch) in cells.iter().enumerate() {
        values[i] = Digit::from_char(*ch).map(|d| (d, true));
    }
    Some(Board::from_values(&values))
}

fn puzzles(text: &str, every: usize, max: usize) -> Vec<String> {
    text.lines()
        .step_by(every)
        .take(max)
        .map(str::to_string)
        .collect()
}

fn check_corpus(text: &str, every: usize, max: usize) {
    let list = puzzles(text, every, max);
    assert!(!list.is_empty());
    for line in &list {
        let b = board(line).expect("81 cells");
        let sol = match termdoku::solver::exact::solve(&b) {
            termdoku::solver::exact::Outcome::Unique(s) => *s.values(),
            other => panic!("{line}: not unique: {other:?}"),
        };
        let path = solution_path(&b);
        assert!(path.solved, "{line}: path does not end solved");
        for step in &path.steps {
            for e in &step.eliminations {
                assert_ne!(
                    sol[e.cell.index()],
                    e.digit.get(),
                    "{line}: {} eliminates the solution digit",
                    step.text
                );
            }
            for p in &step.placements {
                assert_eq!(
                    sol[p.cell.index()],
                    p.digit.get(),
                    "{line}: {} places a wrong digit",
                    step.text
                );
            }
            assert!(!step.text.is_empty());
        }
    }
}

#[test]
fn seventeen_clue_sample_steps_are_valid() {
    check_corpus(&common::read_sample("17_clue.every100.txt"), 2, 300);
}

#[test]
fn top1465_steps_are_valid() {
    check_corpus(&common::read_sample("magictour_top1465.txt"), 3, 500);
}

#[test]
fn diabolical_160_steps_are_valid() {
    let text = common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt");
    check_corpus(&text, 1, 160);
}

#[test]
#[ignore = "walks a full corpus: run with --ignored where the corpora are (TERMDOKU_DATA)"]
fn long_every_top1465_path_is_valid() {
    let text = common::read_full_corpus("magictour_top1465.txt");
    check_corpus(&text, 1, usize::MAX);
}

#[test]
#[ignore = "walks a full corpus: run with --ignored where the corpora are (TERMDOKU_DATA)"]
fn long_forum_hardest_1106_paths_are_valid() {
    let text = common::read_full_corpus("forum_hardest_1106.txt");
    check_corpus(&text, 1, usize::MAX);
}
