//! The advanced finders (orders 2800..=4030 and 5330..=5500: remote pair ... XY-Chain) are sound on their own:
//! along each solution path, every one of them is asked at every state (not only when it is the
//! first to fire), and each step it returns must be well-formed and may only remove digits that
//! are not the solution's.

use crate::common;

/// The slots of this family (the finned fish at 4100..=4600 belong to the fish module).
fn is_advanced(order: u32) -> bool {
    (2800..=4030).contains(&order) || (5330..=5500).contains(&order)
}

fn check(text: &str, every: usize) -> usize {
    common::check_finders_along_paths(text, every, is_advanced, |_, _, _| {})
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
