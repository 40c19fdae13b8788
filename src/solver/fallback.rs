//! Hints that never reveal a digit: HoDoKu's step engine, with Sudoku Explainer's engine taking
//! over where HoDoKu's techniques run out (where HoDoKu answers Brute Force), and SE's steps as
//! [`Step`]s, so that everything that shows a HoDoKu step (the player's board, chain drawing and
//! side panel, the step lines) shows an SE step too.
//!
//! An SE step keeps SE's text (`Dynamic Forcing Chain: r4c5<>3`); its technique is the nearest
//! HoDoKu technique (a forcing chain or net for SE's chains, which makes the chain drawing list
//! one branch a line), and its facts are SE's cells and chains.

use super::engine::{context_with, makes_progress, rating_of, Path, PathError};
use super::se::{self, SeStep, SeTechnique};
use super::techniques::{first_step, Context, SlotSet};
use super::{Facts, Grid, Step, Technique};
use crate::domain::{Board, Digit};

/// What answers where HoDoKu's techniques find nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// Sudoku Explainer's next step (a forcing chain or net, nested where needed).
    #[default]
    Se,
    /// HoDoKu's Brute Force: the solution's digit in one cell.
    BruteForce,
}

/// Which engine gives a step.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum StepEngine {
    /// HoDoKu's techniques.
    #[default]
    Hodoku,
    /// Sudoku Explainer's.
    Se,
}

/// A step and the engine that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundStep {
    pub step: Step,
    pub engine: StepEngine,
}

/// The nearest HoDoKu technique of an SE step: the same technique where HoDoKu has it, a forcing
/// chain (placement: verity; elimination: contradiction) for SE's chains and cycles, a forcing
/// net for its dynamic and nested chains.
pub fn technique_of(s: &SeStep) -> Technique {
    use SeTechnique as S;
    use Technique as T;
    let places = s.places();
    match s.technique {
        S::HiddenSingle => T::HiddenSingle,
        S::NakedSingle => T::NakedSingle,
        S::DirectPointing | S::PointingClaiming => T::LockedCandidates1,
        S::DirectHiddenPair | S::HiddenPair => T::HiddenPair,
        S::DirectHiddenTriplet | S::HiddenTriplet => T::HiddenTriple,
        S::NakedPair => T::NakedPair,
        S::NakedTriplet => T::NakedTriple,
        S::NakedQuad => T::NakedQuadruple,
        S::HiddenQuad => T::HiddenQuadruple,
        S::XWing => T::XWing,
        S::Swordfish => T::Swordfish,
        S::Jellyfish => T::Jellyfish,
        S::TurbotFish | S::ThreeStrongLinks | S::FourStrongLinks => T::TurbotFish,
        S::XYWing => T::XyWing,
        S::XYZWing => T::XyzWing,
        S::WXYZWing
        | S::VWXYZWing
        | S::UVWXYZWing
        | S::TUVWXYZWing
        | S::AlignedPairExclusion
        | S::AlignedTripletExclusion => T::AlsXz,
        S::UniqueLoop => T::Uniqueness1,
        S::BivalueUniversalGrave => T::BugPlus1,
        S::ForcingChainCycle | S::NishioForcingChain | S::MultipleForcingChain => {
            if places {
                T::ForcingChainVerity
            } else {
                T::ForcingChainContradiction
            }
        }
        S::DynamicForcingChain | S::DynamicForcingChainPlus | S::NestedForcingChain => {
            if places {
                T::ForcingNetVerity
            } else {
                T::ForcingNetContradiction
            }
        }
    }
}

/// An SE step as a [`Step`]: its placements and eliminations, SE's text, and as facts its
/// chains (with its cells) or its cells.
pub fn to_step(s: &SeStep) -> Step {
    let technique = technique_of(s);
    let facts = if !s.chains.is_empty() {
        Facts::Chain {
            digits: Vec::new(),
            cells: s.cells.clone(),
            houses: Vec::new(),
            marks: Vec::new(),
            chains: s.chains.clone(),
        }
    } else if let ([p], true) = (s.placements.as_slice(), s.eliminations.is_empty()) {
        Facts::Single {
            cell: p.cell,
            digit: p.digit,
            house: None,
        }
    } else {
        let mut digits: Vec<Digit> = s.eliminations.iter().map(|c| c.digit).collect();
        digits.sort();
        digits.dedup();
        Facts::Pattern {
            digits,
            cells: s.cells.clone(),
            houses: Vec::new(),
            marks: Vec::new(),
        }
    };
    Step {
        technique,
        placements: s.placements.clone(),
        eliminations: s.eliminations.clone(),
        facts,
        text: s.text.clone(),
    }
}

/// SE's next step on a grid as a [`Step`].
pub fn se_step(grid: &Grid) -> Option<Step> {
    se::next_step(grid).map(|s| to_step(&s))
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
        StepEngine::Se => se_step(&grid).map(|step| FoundStep {
            step,
            engine: StepEngine::Se,
        }),
        StepEngine::Hodoku => {
            let step = first_step(&grid, &ctx())?;
            rescue(&grid, step, fallback)
        }
    }
}

/// A HoDoKu step, or where it is Brute Force and the fallback is SE, SE's step (Brute Force
/// still when SE finds nothing).
fn rescue(grid: &Grid, step: Step, fallback: Fallback) -> Option<FoundStep> {
    if step.technique == Technique::BruteForce && fallback == Fallback::Se {
        if let Some(se) = se_step(grid) {
            return Some(FoundStep {
                step: se,
                engine: StepEngine::Se,
            });
        }
    }
    Some(FoundStep {
        step,
        engine: StepEngine::Hodoku,
    })
}

/// HoDoKu's solution path with SE's steps where HoDoKu would use Brute Force (with
/// [`Fallback::Se`]); the level and score count HoDoKu's steps only, an SE step as a forcing
/// chain or net.
pub fn solution_path(board: &Board, slots: SlotSet, fallback: Fallback) -> Path {
    let mut grid = Grid::from_board(board);
    let ctx = context_with(board, slots);
    let mut steps = Vec::new();
    let mut error = None;
    for _ in 0..81 * 10 {
        if grid.is_solved() {
            break;
        }
        let Some(step) = first_step(&grid, &ctx) else {
            break;
        };
        let Some(found) = rescue(&grid, step, fallback) else {
            break;
        };
        if !makes_progress(&grid, &found.step) {
            error = Some(PathError::NoProgress(Box::new(found.step)));
            break;
        }
        grid.apply(&found.step);
        steps.push(found.step);
    }
    let solved = grid.is_solved();
    let (level, score) = rating_of(&steps);
    Path {
        steps,
        level,
        score,
        solved,
        error,
    }
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
    fn se_step_keeps_text_and_changes() {
        let b = board(HARD);
        let grid = Grid::from_board(&b);
        let se = se::next_step(&grid).unwrap();
        let step = to_step(&se);
        assert_eq!(step.text, se.text);
        assert_eq!(step.eliminations, se.eliminations);
        assert_eq!(step.placements, se.placements);
        assert!(!step.is_empty());
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
