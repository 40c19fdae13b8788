//! SE's rating loop (`Solver.getDifficulty`): at each state the first hint of the first
//! producer that has one (producers in [`PRODUCERS`] order), applied; ER is the highest
//! difficulty met, EP the highest up to the first placement, ED the difficulty of the first step.
//! A state no producer moves rates 20.0 (`Beyond solver`).

use std::ops::ControlFlow;

use super::table::PRODUCERS;
use super::{Difficulty, SeName, SeStep};
use crate::solver::Grid;

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

/// SE's three figures, with the names of the techniques that set them.
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

/// A whole path: the steps taken, the rating and whether the grid ends solved.
#[derive(Clone, Debug, Default)]
pub struct SePath {
    pub steps: Vec<SeStep>,
    pub rating: SeRating,
    pub solved: bool,
}

/// The hint SE gives in this state, or `None` when no producer finds one (or it is solved).
pub fn next_step(g: &Grid) -> Option<SeStep> {
    let mut found = None;
    for p in PRODUCERS.iter().filter(|p| p.default_on) {
        let Some(find) = p.find else { continue };
        let _ = find(g, &mut |s| {
            found = Some(s);
            ControlFlow::Break(())
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Every hint each producer finds in this state, producers in SE's order (for listing).
pub fn all_steps(g: &Grid) -> Vec<SeStep> {
    let mut out = Vec::new();
    for p in PRODUCERS.iter().filter(|p| p.default_on) {
        let Some(find) = p.find else { continue };
        let _ = find(g, &mut |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
    }
    out
}

/// Applies a step as SE does: its eliminations, then its placements.
pub fn apply(g: &mut Grid, s: &SeStep) {
    for e in &s.eliminations {
        g.eliminate(e.cell, e.digit);
    }
    for p in &s.placements {
        g.place(p.cell, p.digit);
    }
}

/// What the rating loop reports as it goes (serate's `--before` and `--after`).
pub enum PathEvent<'a> {
    /// A step is about to be searched for in this state.
    Before(&'a Grid),
    /// A step was applied: the state after it, the step, and the rating so far (its ER and
    /// ER's name count the step; EP and ED are set after this event).
    After(&'a Grid, &'a SeStep, &'a SeRating),
}

/// SE's path from this state and its rating.
pub fn solution_path(g: &Grid) -> SePath {
    walk(g, true, &mut |_| {}).0
}

/// SE's rating of the state (ER/EP/ED).
pub fn rate(g: &Grid) -> SeRating {
    walk(g, false, &mut |_| {}).0.rating
}

/// SE's rating of the state, reporting each state and step to `observe` as the loop goes; also
/// the state it ends in (solved, or where no technique finds a step).
pub fn rate_observed(g: &Grid, observe: &mut dyn FnMut(PathEvent<'_>)) -> (SeRating, Grid) {
    let (path, end) = walk(g, false, observe);
    (path.rating, end)
}

fn walk(start: &Grid, keep: bool, observe: &mut dyn FnMut(PathEvent<'_>)) -> (SePath, Grid) {
    let mut g = start.clone();
    let mut r = SeRating::default();
    let mut steps = Vec::new();
    let mut pearl_set = false;
    let mut diamond_set = false;
    while !g.is_solved() {
        observe(PathEvent::Before(&g));
        let Some(step) = next_step(&g) else {
            r.er = BEYOND;
            r.er_name = FigureName::Beyond;
            break;
        };
        if step.difficulty > r.er {
            r.er = step.difficulty;
            r.er_name = FigureName::Hint(step.name());
        }
        apply(&mut g, &step);
        observe(PathEvent::After(&g, &step, &r));
        if !pearl_set {
            if !diamond_set {
                diamond_set = true;
                r.ed = r.er;
                r.ed_name = r.er_name;
            }
            if step.places() {
                pearl_set = true;
                r.ep = r.er;
                r.ep_name = r.er_name;
            }
        }
        if keep {
            steps.push(step);
        }
    }
    let path = SePath {
        solved: g.is_solved(),
        steps,
        rating: r,
    };
    (path, g)
}
