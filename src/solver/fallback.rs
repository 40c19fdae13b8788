//! Hints that never reveal a digit: HoDoKu's step engine, with Sudoku Explainer's engine taking
//! over where HoDoKu's techniques run out (where HoDoKu answers Brute Force). SE's steps come
//! as [`Step`]s of SE's techniques ([`super::step::technique`]), shown and drawn like HoDoKu's.

use super::engine::{context_with, path_by, Path};
use super::se;
use super::techniques::{first_step, Context, SlotSet};
use super::{Grid, Step, Technique};
use crate::domain::Board;

/// The engine `next_step` is asked for (also `solver::StepEngine`).
pub use super::step::StepEngine;

/// What answers where HoDoKu's techniques find nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// Sudoku Explainer's next step (a forcing chain or net, nested where needed).
    #[default]
    Se,
    /// HoDoKu's Brute Force: the solution's digit in one cell.
    BruteForce,
}

/// A step and the engine that found it (the engine of its technique).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundStep {
    pub step: Step,
    pub engine: StepEngine,
}

impl From<Step> for FoundStep {
    fn from(step: Step) -> FoundStep {
        FoundStep {
            engine: step.technique.engine(),
            step,
        }
    }
}

/// SE's next step on a grid as a [`Step`], in SE's context `se` (its caches; one per path).
pub fn se_step(grid: &Grid, se: &se::SeContext) -> Option<Step> {
    se::next_step(grid, se)
}

/// The next step of `engine` on the board; HoDoKu's Brute Force is replaced by SE's next step
/// unless `fallback` is Brute Force.
pub fn next_step(
    board: &Board,
    slots: SlotSet,
    engine: StepEngine,
    fallback: Fallback,
) -> Option<FoundStep> {
    next_step_in(board, || context_with(board, slots), engine, fallback)
}

/// [`next_step`] in a context made on demand (HoDoKu's engine only; see
/// [`super::engine::context_known`]).
pub fn next_step_in(
    board: &Board,
    ctx: impl FnOnce() -> Context,
    engine: StepEngine,
    fallback: Fallback,
) -> Option<FoundStep> {
    let grid = Grid::from_board(board);
    if grid.is_solved() {
        return None;
    }
    match engine {
        StepEngine::Se => se_step(&grid, &se::SeContext::default()).map(FoundStep::from),
        StepEngine::Hodoku => {
            let step = first_step(&grid, &ctx())?;
            rescue(&grid, step, fallback, &se::SeContext::default())
        }
    }
}

/// A HoDoKu step, or where it is Brute Force and the fallback is SE, SE's step (Brute Force
/// still when SE finds nothing).
fn rescue(grid: &Grid, step: Step, fallback: Fallback, se: &se::SeContext) -> Option<FoundStep> {
    if step.technique == Technique::BruteForce && fallback == Fallback::Se {
        if let Some(se) = se_step(grid, se) {
            return Some(se.into());
        }
    }
    Some(step.into())
}

/// HoDoKu's solution path with SE's steps where HoDoKu would use Brute Force (with
/// [`Fallback::Se`]); the level and score count an SE step as its HoDoKu equivalent (a
/// forcing chain or net, [`Step::hodoku_equivalent`]).
pub fn solution_path(board: &Board, slots: SlotSet, fallback: Fallback) -> Path {
    solution_path_in(board, &context_with(board, slots), fallback)
}

/// [`solution_path`] in a prepared context (see [`super::engine::context_known`]).
pub fn solution_path_in(board: &Board, ctx: &Context, fallback: Fallback) -> Path {
    let se = se::SeContext::default();
    path_by(board, |grid| {
        first_step(grid, ctx)
            .and_then(|step| rescue(grid, step, fallback, &se))
            .map(|found| found.step)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;

    /// The first puzzle of forum_hardest_1106, and its state after r2c9=2, where HoDoKu's
    /// techniques find nothing (HoDoKu answers `Brute Force: r5c3=7`).
    const HARD: &str =
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    const STUCK: &str =
        "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

    fn board(s: &str) -> Board {
        codec::decode_any(s).unwrap().board
    }

    #[test]
    fn hodoku_step_is_kept_where_hodoku_has_one() {
        let b = board(HARD);
        let f = next_step(&b, SlotSet::defaults(), StepEngine::Hodoku, Fallback::Se).unwrap();
        assert_eq!(f.engine, StepEngine::Hodoku);
        assert_ne!(f.step.technique, Technique::BruteForce);
    }

    #[test]
    fn where_hodoku_runs_out_se_answers_unless_brute_force_is_asked() {
        let b = board(STUCK);
        let slots = SlotSet::defaults();
        let bf = next_step(&b, slots, StepEngine::Hodoku, Fallback::BruteForce).unwrap();
        assert_eq!(bf.step.technique, Technique::BruteForce);
        let se = next_step(&b, slots, StepEngine::Hodoku, Fallback::Se).unwrap();
        assert_eq!(se.engine, StepEngine::Se);
        assert!(se.step.placements.is_empty() && !se.step.eliminations.is_empty());
        assert!(!se.step.chains().is_empty());
        let sol = crate::solver::exact::solve_values(&b.givens_only().values_array());
        let crate::solver::exact::Outcome::Unique(sol) = sol else {
            panic!("unique")
        };
        for e in &se.step.eliminations {
            assert_ne!(sol.digit(e.cell), e.digit);
        }
    }
}
