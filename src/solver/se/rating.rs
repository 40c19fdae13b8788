//! SE's rating (`Solver.getDifficulty`) as a [`Rater`] of the shared path driver: at each
//! state the first hint of the first producer that has one ([`super::next_step`]), applied; ER
//! is the highest difficulty met, EP the highest up to the first placement, ED the difficulty
//! of the first step. A state no producer moves rates 20.0 (`Beyond solver`).

use std::sync::atomic::AtomicBool;

use super::step::difficulty;
use super::{next_step, SeContext, SeName};
use crate::solver::path::{self, End, Rater, Watch};
use crate::solver::step::Difficulty;
use crate::solver::{Grid, Step};

/// The hint that set one of SE's figures, named as serate names it (`%R %P %D`, and `%S %T %U`
/// for the short names).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum FigureName {
    /// No step set it (yet): `No solution` (`O`).
    #[default]
    None,
    /// The engine stopped: `Beyond solver` (`xx`).
    Beyond,
    /// The hint's name.
    Hint(SeName),
}

impl FigureName {
    /// The name of the hint of an SE step (none for a step of another engine).
    fn of(step: &Step) -> FigureName {
        step.name.map_or(FigureName::None, FigureName::Hint)
    }

    /// SE's short name (`getShortName()`).
    pub fn short(&self) -> String {
        match self {
            FigureName::None => "O".into(),
            FigureName::Beyond => "xx".into(),
            FigureName::Hint(n) => n.short(),
        }
    }
}

impl std::fmt::Display for FigureName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureName::None => f.write_str("No solution"),
            FigureName::Beyond => f.write_str("Beyond solver"),
            FigureName::Hint(n) => n.fmt(f),
        }
    }
}

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
    pub er_name: FigureName,
    pub ep_name: FigureName,
    pub ed_name: FigureName,
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
            r.er_name = FigureName::of(step);
        }
        if self.taken == 0 {
            r.ed = r.er;
            r.ed_name = r.er_name;
        }
        if !self.pearl && step.places() {
            self.pearl = true;
            r.ep = r.er;
            r.ep_name = r.er_name;
        }
        self.taken += 1;
    }

    fn end(&mut self, end: &End) {
        if *end != End::Solved {
            self.rating.er = BEYOND;
            self.rating.er_name = FigureName::Beyond;
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
    let ctx = SeContext::default();
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

/// What [`rate_observed`] reports as the path goes (serate's `--before` and `--after`).
pub enum PathEvent<'a> {
    /// A step is about to be searched for in this state.
    Before(&'a Grid),
    /// A step was applied: the state after it, the step, and the rating so far (its ER and
    /// ER's name count the step).
    After(&'a Grid, &'a Step, &'a SeRating),
}

/// SE's rating of the state, reporting each state and step to `observe` as the path goes;
/// also the state it ends in (solved, or where no technique finds a step).
pub fn rate_observed(g: &Grid, observe: &mut dyn FnMut(PathEvent<'_>)) -> (SeRating, Grid) {
    let ctx = SeContext::default();
    // The driver asks for each step in the state the previous one left: that state closes
    // the previous step (its `After`) and opens the next search (`Before`).
    let mut seen = SeRater::default();
    let mut last: Option<Step> = None;
    let next = |g: &Grid| {
        if let Some(s) = last.take() {
            observe(PathEvent::After(g, &s, &seen.rating));
        }
        observe(PathEvent::Before(g));
        let s = next_step(g, &ctx)?;
        seen.step(&s);
        last = Some(s.clone());
        Some(s)
    };
    let w = path::walk(g.clone(), next, SeRater::default(), Watch::rating_only())
        .expect("not cancelled");
    if let Some(s) = last.take() {
        observe(PathEvent::After(&w.grid, &s, &seen.rating));
    }
    (w.rating.rating, w.grid)
}
