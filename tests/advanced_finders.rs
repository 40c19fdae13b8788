//! The advanced finders (orders 2800..=4030 and 5330..=5500: remote pair ... XY-Chain) are sound on their own:
//! along each solution path, every one of them is asked at every state (not only when it is the
//! first to fire), and each step it returns must be well-formed and may only remove digits that
//! are not the solution's.

mod common;

use termdoku::domain::{Board, Digit};
use termdoku::solver::engine::{context, next_step_on};
use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
use termdoku::solver::techniques::finders;
use termdoku::solver::Grid;

fn puzzles(text: &str, every: usize) -> Vec<String> {
    text.lines().step_by(every).map(str::to_string).collect()
}

fn board(line: &str) -> Board {
    let mut values = [None; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        values[i] = Digit::from_char(ch).map(|d| (d, true));
    }
    Board::from_values(&values)
}

/// The slots of this family (the finned fish at 4100..=4600 belong to the fish module).
fn is_advanced(order: u32) -> bool {
    (2800..=4030).contains(&order) || (5330..=5500).contains(&order)
}

fn check(text: &str, every: usize) -> usize {
    let mut checked = 0;
    for line in puzzles(text, every) {
        let board = board(&line);
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context(&board);
        let mut grid = Grid::from_board(&board);
        for _ in 0..200 {
            for (f, find) in finders().filter(|(f, _)| is_advanced(f.order)) {
                let Some(step) = find(&grid, &ctx) else {
                    continue;
                };
                checked += 1;
                assert!(
                    f.techniques.contains(&step.technique),
                    "{line}: slot {} returned {:?}",
                    f.order,
                    step.technique
                );
                assert!(!step.eliminations.is_empty(), "{line}: empty {}", step.text);
                assert!(
                    step.text.starts_with(step.technique.name()),
                    "{line}: {}",
                    step.text
                );
                common::assert_sound_eliminations(&grid, &step, &sol, &line);
            }
            let Some(step) = next_step_on(&grid, &ctx) else {
                break;
            };
            grid.apply(&step);
            if grid.is_solved() {
                break;
            }
        }
    }
    checked
}

#[test]
fn advanced_finders_are_sound_on_the_diabolical_160() {
    let text = common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt");
    assert!(check(&text, 1) > 1000);
}

#[test]
fn advanced_finders_are_sound_on_a_top1465_sample() {
    assert!(check(&common::read_sample("magictour_top1465.txt"), 15) > 500);
}
