//! Kraken fish (slot `kf`, off by default) along the solution paths of the samples with `+kf`:
//! the finder is asked at every state, and each step it returns must be a well-formed Kraken
//! fish (a finned fish of two to four base sets, one chain per start candidate, each ending in
//! the eliminated candidate by a weak link) that removes only digits that are not the
//! solution's.

use crate::common;

use termdoku::domain::{Board, Digit};
use termdoku::solver::engine::{context_with, next_step_on};
use termdoku::solver::finder;
use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
use termdoku::solver::techniques::kraken::find_kraken_fish;
use termdoku::solver::techniques::{slot_named, SlotSet};
use termdoku::solver::{ChainNode, Facts, Grid, LinkKind, Technique};

fn board(line: &str) -> Board {
    let mut values = [None; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        values[i] = Digit::from_char(ch).map(|d| (d, true));
    }
    Board::from_values(&values)
}

fn with_kraken() -> SlotSet {
    let mut slots = SlotSet::defaults();
    slots.set(slot_named("kf").expect("the kf slot"), true);
    slots
}

/// Walks the paths of every `every`-th puzzle with `+kf`; returns (Kraken steps found at any
/// state, Kraken steps taken on the paths).
fn check(text: &str, every: usize) -> (usize, usize) {
    let (mut found, mut taken) = (0, 0);
    for line in text.lines().step_by(every) {
        let board = board(line);
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context_with(&board, with_kraken());
        let mut grid = Grid::from_board(&board);
        for _ in 0..200 {
            if let Some(step) = finder::first(find_kraken_fish, &grid, &ctx) {
                found += 1;
                assert!(
                    matches!(
                        step.technique.hodoku(),
                        Some(Technique::KrakenFishType1 | Technique::KrakenFishType2)
                    ),
                    "{line}: {}",
                    step.text
                );
                assert_eq!(step.eliminations.len(), 1, "{line}: {}", step.text);
                assert!(
                    step.text.starts_with(step.technique.name()),
                    "{}",
                    step.text
                );
                let Facts::Kraken { fish, chains } = &step.facts else {
                    panic!("{:?}", step.facts)
                };
                assert!((2..=4).contains(&fish.base.len()), "{}", step.text);
                assert!((1..=2).contains(&fish.fins.len()), "{}", step.text);
                let target = ChainNode::Candidate(step.eliminations[0]);
                let d = fish.digit;
                for chain in chains {
                    let first = chain.first().expect("a chain has links");
                    assert_eq!(first.from.digit(), d, "{line}: {}", step.text);
                    let last = chain.last().unwrap();
                    assert_eq!(last.to, target, "{line}: {}", step.text);
                    assert_eq!(last.kind, LinkKind::Weak, "{line}: {}", step.text);
                }
                // Type 1: one chain per fin.
                if step.technique == Technique::KrakenFishType1 {
                    assert_eq!(chains.len(), fish.fins.len(), "{}", step.text);
                    assert_eq!(step.eliminations[0].digit, d);
                }
                common::assert_sound_eliminations(&grid, &step, &sol, line);
            }
            let Some(step) = next_step_on(&grid, &ctx) else {
                break;
            };
            if matches!(
                step.technique.hodoku(),
                Some(Technique::KrakenFishType1 | Technique::KrakenFishType2)
            ) {
                taken += 1;
            }
            grid.apply(&step);
            if grid.is_solved() {
                break;
            }
        }
    }
    (found, taken)
}

#[test]
fn kraken_fish_are_sound_on_the_diabolical_160() {
    let (found, taken) = check(
        &common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt"),
        1,
    );
    // HoDoKu 2.2 takes 13 Kraken fish on these paths.
    assert!(taken >= 10 && found > taken, "{found} {taken}");
}

#[test]
fn kraken_fish_are_sound_on_a_top1465_sample() {
    let (found, taken) = check(&common::read_sample("magictour_top1465.txt"), 50);
    assert!(taken >= 20 && found > taken, "{found} {taken}");
}
