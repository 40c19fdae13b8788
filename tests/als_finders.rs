//! Sue de Coq and the almost-locked-set finders (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death
//! Blossom) are sound on their own: along each solution path every one of them is asked at every
//! state (not only when it is the first to fire), and each step it returns must be well-formed
//! (its sets are almost locked sets of the state, its chain runs through them) and may only
//! remove candidates that are not the solution's.

mod common;

use termdoku::domain::{Board, DigitSet, House};
use termdoku::solver::engine::{context, next_step_on};
use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
use termdoku::solver::techniques::finders;
use termdoku::solver::{ChainNode, Grid, Step, Technique};

fn board(line: &str) -> Board {
    let mut values = [None; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        values[i] = termdoku::domain::Digit::from_char(ch).map(|d| (d, true));
    }
    Board::from_values(&values)
}

fn is_ours(order: u32) -> bool {
    order == 5300 || (5700..=6000).contains(&order)
}

fn well_formed(grid: &Grid, step: &Step, line: &str) {
    if step.technique == Technique::SueDeCoq {
        assert_eq!(step.alses.len(), 3, "{line}: {}", step.text);
        return;
    }
    // A Death Blossom has one petal per stem candidate (one, beside a naked single).
    let min = if step.technique == Technique::DeathBlossom {
        1
    } else {
        2
    };
    assert!(step.alses.len() >= min, "{line}: {}", step.text);
    for &(cells, digits) in &step.alses {
        assert_eq!(digits.len(), cells.len() + 1, "{line}: {}", step.text);
        assert!(
            House::ALL.iter().any(|h| (cells & !h.cells()).is_empty()),
            "{line}: {}",
            step.text
        );
        let union = cells
            .iter()
            .fold(DigitSet::EMPTY, |u, c| u | grid.candidates(c));
        assert_eq!(union, digits, "{line}: {}", step.text);
    }
    assert!(!step.chains.is_empty(), "{line}: {}", step.text);
    for link in step.chains.iter().flatten() {
        for node in [link.from, link.to] {
            if let ChainNode::Als { cells, digit } = node {
                assert!(
                    step.alses
                        .iter()
                        .any(|&(c, d)| c == cells && d.contains(digit)),
                    "{line}: {}",
                    step.text
                );
            }
        }
    }
}

fn check(text: &str, every: usize) -> usize {
    let mut checked = 0;
    for line in text.lines().step_by(every) {
        let board = board(line);
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context(&board);
        let mut grid = Grid::from_board(&board);
        for _ in 0..200 {
            for (f, find) in finders().filter(|(f, _)| is_ours(f.order)) {
                let Some(step) = find(&grid, &ctx) else {
                    continue;
                };
                checked += 1;
                assert!(f.techniques.contains(&step.technique), "{line}");
                assert!(!step.eliminations.is_empty(), "{line}: {}", step.text);
                assert!(step.text.starts_with(step.technique.name()), "{line}");
                well_formed(&grid, &step, line);
                common::assert_sound_eliminations(&grid, &step, &sol, line);
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
fn als_and_sue_de_coq_finders_are_sound_on_the_diabolical_160() {
    let text = common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt");
    assert!(check(&text, 3) > 300);
}

#[test]
fn als_and_sue_de_coq_finders_are_sound_on_a_top1465_sample() {
    assert!(check(&common::read_sample("magictour_top1465.txt"), 30) > 150);
}
