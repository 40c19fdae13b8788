//! SE's rating (`Solver.getDifficulty`) as a [`Rater`] of the shared path driver: at each
//! state the first hint of the first producer that has one ([`super::next_step`]), applied; ER
//! is the highest difficulty met, EP the highest up to the first placement, ED the difficulty
//! of the first step. A state no producer moves rates 20.0 (`Beyond solver`).

use std::sync::atomic::AtomicBool;

use super::step::difficulty;
use super::{next_step, SeContext};
use crate::solver::path::{self, End, Rater, Watch};
use crate::solver::step::Difficulty;
use crate::solver::{Grid, Step};

/// SE's three figures, with the names of the hints that set them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeRating {
    /// Explainer Rating: the hardest step of the path.
    pub er: Difficulty,
    /// Pearl: the hardest step up to the first placement.
    pub ep: Difficulty,
    /// Diamond: the first step.
    pub ed: Difficulty,
    /// SE's name of the hint that set each figure (`%R %P %D`).
    pub er_name: String,
    pub ep_name: String,
    pub ed_name: String,
}

/// The difficulty SE gives a state it cannot solve.
pub const BEYOND: Difficulty = Difficulty(200);

/// SE's rating of a path so far, fed one step at a time by the driver.
#[derive(Clone, Debug, Default)]
pub struct SeRater {
    pub rating: SeRating,
    taken: usize,
    pearl: bool,
}

impl Rater for SeRater {
    fn step(&mut self, step: &Step) {
        let r = &mut self.rating;
        let d = difficulty(step);
        if d > r.er {
            r.er = d;
            r.er_name = step.name().to_string();
        }
        if self.taken == 0 {
            r.ed = r.er;
            r.ed_name = r.er_name.clone();
        }
        if !self.pearl && step.places() {
            self.pearl = true;
            r.ep = r.er;
            r.ep_name = r.er_name.clone();
        }
        self.taken += 1;
    }

    fn end(&mut self, end: &End) {
        if *end != End::Solved {
            self.rating.er = BEYOND;
            self.rating.er_name = "Beyond solver".to_string();
        }
    }
}

/// A whole path: the steps taken, the rating and whether the grid ends solved.
#[derive(Clone, Debug, Default)]
pub struct SePath {
    pub steps: Vec<Step>,
    pub rating: SeRating,
    pub solved: bool,
}

/// SE's path from this state, watched as the caller asks; `None` when cancelled.
pub fn walk(g: &Grid, watch: Watch<'_, SeRater>) -> Option<SePath> {
    let ctx = SeContext;
    let w = path::walk(g.clone(), |g| next_step(g, &ctx), SeRater::default(), watch)?;
    Some(SePath {
        solved: w.end == End::Solved,
        steps: w.steps,
        rating: w.rating.rating,
    })
}

/// SE's path from this state and its rating.
pub fn solution_path(g: &Grid) -> SePath {
    walk(g, Watch::keep_steps()).unwrap_or_default()
}

/// SE's rating of the state (ER/EP/ED).
pub fn rate(g: &Grid) -> SeRating {
    walk(g, Watch::rating_only()).unwrap_or_default().rating
}

/// SE's rating of the state, reporting after each step (steps taken, the hardest difficulty
/// so far); `None` when `cancel` was set (checked between steps).
pub fn rate_watched(
    g: &Grid,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(usize, Difficulty),
) -> Option<SeRating> {
    let mut progress = |taken: usize, r: &SeRater| report(taken, r.rating.er);
    let watch = Watch {
        keep_steps: false,
        cancel: Some(cancel),
        progress: Some(&mut progress),
    };
    walk(g, watch).map(|p| p.rating)
}
