//! Sue de Coq and the almost-locked-set finders (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death
//! Blossom) are sound on their own: along each solution path every one of them is asked at every
//! state (not only when it is the first to fire), and each step it returns must be well-formed
//! (its sets are almost locked sets of the state, its chain runs through them) and may only
//! remove candidates that are not the solution's.

use crate::common;

use termdoku::domain::{DigitSet, House};
use termdoku::solver::{ChainNode, Grid, Step, Technique};

fn is_ours(order: u32) -> bool {
    order == 5300 || (5700..=6000).contains(&order)
}

fn well_formed(grid: &Grid, step: &Step, line: &str) {
    if step.technique == Technique::SueDeCoq {
        assert_eq!(step.facts.alses().len(), 3, "{line}: {}", step.text);
        return;
    }
    // A Death Blossom has one petal per stem candidate (one, beside a naked single).
    let min = if step.technique == Technique::DeathBlossom {
        1
    } else {
        2
    };
    assert!(step.facts.alses().len() >= min, "{line}: {}", step.text);
    for &(cells, digits) in step.facts.alses() {
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
    assert!(!step.chains().is_empty(), "{line}: {}", step.text);
    for link in step.chains().iter().flatten() {
        for node in [link.from, link.to] {
            if let ChainNode::Als { cells, digit } = node {
                assert!(
                    step.facts
                        .alses()
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
    common::check_finders_along_paths(text, every, is_ours, well_formed)
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
