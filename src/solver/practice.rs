//! Practice by technique (HoDoKu's learning mode): puzzles whose solution path needs a chosen
//! technique, and the state just before the path uses it.
//!
//! A puzzle is taken from a list of puzzle lines (a collection) or made by the generator from a
//! seed (a random full grid with clues removed in random order while the puzzle stays unique,
//! as [`super::generate`] does, without the level filter); its HoDoKu path is followed until a
//! step of the technique (or family) comes up. Random puzzles are mostly easy, so rare
//! techniques take many tries: `cargo bench --bench practice` measures it per technique.

use super::engine::context_with;
use super::generate::{board_of, random_full_grid, reduce, SplitMix64};
use super::techniques::all::StepFilter;
use super::techniques::{first_step, SlotSet};
use super::{Grid, Step};
use crate::domain::Board;

/// A puzzle to practise on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    /// The puzzle (givens only).
    pub givens: Board,
    /// The path's steps before the first one of the technique.
    pub before: Vec<Step>,
    /// That step.
    pub step: Step,
    /// Puzzles looked at until this one (1 for the first).
    pub tries: u32,
}

/// The steps of a puzzle's HoDoKu path up to the first step `filter` matches, and that step.
/// `None` when the path never uses it (or the puzzle is not solved by it).
pub fn first_use(givens: &Board, slots: SlotSet, filter: StepFilter) -> Option<(Vec<Step>, Step)> {
    let mut grid = Grid::from_board(givens);
    let ctx = context_with(givens, slots);
    let mut before = Vec::new();
    for _ in 0..81 * 10 {
        if grid.is_solved() {
            return None;
        }
        let step = first_step(&grid, &ctx)?;
        if step.is_empty() {
            return None;
        }
        if filter.matches(step.technique) {
            return Some((before, step));
        }
        grid.apply(&step);
        before.push(step);
    }
    None
}

/// Generates puzzles from `rng` until one's path uses the technique, at most `max_tries`
/// puzzles, while `wanted` says so.
pub fn generated(
    rng: &mut SplitMix64,
    filter: StepFilter,
    slots: SlotSet,
    max_tries: u32,
    wanted: &dyn Fn() -> bool,
) -> Option<Practice> {
    for tries in 1..=max_tries {
        if !wanted() {
            return None;
        }
        let full = random_full_grid(rng);
        let givens = board_of(&reduce(&full, false, rng));
        if let Some((before, step)) = first_use(&givens, slots, filter) {
            return Some(Practice {
                givens,
                before,
                step,
                tries,
            });
        }
    }
    None
}

/// The first of `boards` (taken from `start` on, wrapping around) whose path uses the
/// technique, and its index.
pub fn from_collection(
    boards: &[Board],
    start: usize,
    filter: StepFilter,
    slots: SlotSet,
    wanted: &dyn Fn() -> bool,
) -> Option<(usize, Practice)> {
    let n = boards.len();
    for k in 0..n {
        if !wanted() {
            return None;
        }
        let i = (start + k) % n;
        let givens = boards[i].givens_only();
        if crate::solver::exact::count_solutions(&givens, 2) != 1 {
            continue;
        }
        if let Some((before, step)) = first_use(&givens, slots, filter) {
            return Some((
                i,
                Practice {
                    givens,
                    before,
                    step,
                    tries: k as u32 + 1,
                },
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Technique;

    #[test]
    fn a_generated_puzzle_reaches_its_technique_after_the_steps_before_it() {
        let filter = StepFilter::Technique(Technique::LockedCandidates1);
        let p = generated(
            &mut SplitMix64::new(3),
            filter,
            SlotSet::defaults(),
            200,
            &|| true,
        )
        .expect("pointing within 200 puzzles");
        assert_eq!(p.step.technique, Technique::LockedCandidates1);
        // Replaying the steps before it brings the engine's next step to the technique.
        let mut grid = Grid::from_board(&p.givens);
        for s in &p.before {
            assert!(!filter.matches(s.technique));
            grid.apply(s);
        }
        let ctx = context_with(&p.givens, SlotSet::defaults());
        assert_eq!(
            first_step(&grid, &ctx).and_then(|s| s.technique.hodoku()),
            Some(Technique::LockedCandidates1)
        );
        // Deterministic for the seed.
        let q = generated(
            &mut SplitMix64::new(3),
            filter,
            SlotSet::defaults(),
            200,
            &|| true,
        );
        assert_eq!(q.map(|q| q.givens), Some(p.givens));
    }
}
