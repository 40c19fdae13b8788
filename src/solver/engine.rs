//! The step engine: the next step HoDoKu would take (a hint), the solution path and the rating.
//!
//! A hint is the first step over the active slots in HoDoKu's order on the current state, including the
//! player's eliminations. Uniqueness techniques are allowed only when the puzzle (its givens) has
//! exactly one solution. The path repeats hint + apply until solved; the rating adds the base
//! scores and raises the level while the score exceeds the level's cap (docs/hodoku.md §1).

use super::check::allowed_digits;
use super::exact::{self, Outcome};
use super::path::{self, End, Rater, Watch};
use super::techniques::brute_force::first_solution_in_cell_order_within;
use super::techniques::{active_slots, first_step, Context, SlotSet};
use super::{Grid, Level, Step};
use crate::domain::{Board, Digit};
use std::sync::atomic::AtomicBool;

/// A solution path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub steps: Vec<Step>,
    /// HoDoKu's level of the path (meaningful when `solved`).
    pub level: Level,
    /// Sum of the steps' base scores.
    pub score: u32,
    /// Whether the path ends with every cell filled.
    pub solved: bool,
    /// Why the engine stopped before the end, when it did so on a fault of the state.
    pub error: Option<PathError>,
}

/// Why a solution path stopped early.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathError {
    /// A step that would change nothing (or place a digit the cell cannot take): the state has
    /// no solution, and repeating the step would never end.
    #[error("the engine stopped at a step that changes nothing ({}): the state has no solution", .0.text)]
    NoProgress(Box<Step>),
}

pub use super::path::makes_progress;

/// HoDoKu's rating of a puzzle or state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    pub level: Level,
    pub score: u32,
    /// False when no path reaches a solution (the position has no solution).
    pub solved: bool,
}

/// The finder context for a board with HoDoKu's default techniques: uniqueness of the givens and
/// the solution of the values.
pub fn context(board: &Board) -> Context {
    context_with(board, SlotSet::defaults())
}

/// The finder context for a board with the techniques of `slots` switched on.
pub fn context_with(board: &Board, slots: SlotSet) -> Context {
    let givens = board.givens_only().values_array();
    let solution = match exact::solve_values(&givens) {
        Outcome::Unique(sol) => Some(*sol.values()),
        Outcome::Multiple | Outcome::None => None,
    };
    context_known(board, slots, solution.as_ref())
}

/// The finder context when the solution of the givens is already known (`Some` for givens with
/// exactly one solution): the givens are not solved again.
pub fn context_known(board: &Board, slots: SlotSet, givens_solution: Option<&[u8; 81]>) -> Context {
    let unique = givens_solution.is_some();
    let values = board.values_array();
    let solution = match givens_solution {
        Some(sol) if values.iter().zip(sol).all(|(&v, &s)| v == 0 || v == s) => Some(*sol),
        // HoDoKu's choice among the solutions of the state (its eliminations hold).
        _ => first_solution_in_cell_order_within(&allowed_digits(board)),
    };
    Context {
        unique,
        slots,
        solution: solution.and_then(|s| {
            let mut out = [Digit::ALL[0]; 81];
            for (o, v) in out.iter_mut().zip(s) {
                *o = Digit::new(v)?;
            }
            Some(out)
        }),
        caches: Default::default(),
    }
}

/// The next step HoDoKu would take on this state (default techniques), or `None` when it is
/// solved or has no solution.
pub fn next_step(board: &Board) -> Option<Step> {
    next_step_with(board, SlotSet::defaults())
}

/// The next step with the techniques of `slots` switched on.
pub fn next_step_with(board: &Board, slots: SlotSet) -> Option<Step> {
    let grid = Grid::from_board(board);
    if grid.is_solved() {
        return None;
    }
    first_step(&grid, &context_with(board, slots)).filter(|s| makes_progress(&grid, s))
}

/// The next step on a prepared grid with a prepared context (for callers that keep a [`Grid`]
/// across steps, which preserves HoDoKu's choice among singles).
pub fn next_step_on(grid: &Grid, ctx: &Context) -> Option<Step> {
    first_step(grid, ctx)
}

/// Repeats hint + apply until solved (or stuck), default techniques.
pub fn solution_path(board: &Board) -> Path {
    solution_path_with(board, SlotSet::defaults())
}

/// The solution path with the techniques of `slots` switched on.
pub fn solution_path_with(board: &Board, slots: SlotSet) -> Path {
    solution_path_in(board, &context_with(board, slots))
}

/// The solution path in a prepared context (see [`context_known`]).
pub fn solution_path_in(board: &Board, ctx: &Context) -> Path {
    path_by(board, |grid| first_step(grid, ctx))
}

/// The path that `next` takes from `board`: its step in each state, applied until the grid is
/// solved, `next` finds nothing, or a step changes nothing (then the path ends with an error),
/// walked by the shared driver ([`super::path`]) with HoDoKu's rating.
pub fn path_by(board: &Board, next: impl FnMut(&Grid) -> Option<Step>) -> Path {
    let grid = Grid::from_board(board);
    let w = path::walk(grid, next, HodokuRater::default(), Watch::keep_steps())
        .expect("a walk without a cancel flag ends");
    let (level, score) = w.rating.level_and_score();
    Path {
        steps: w.steps,
        level,
        score,
        solved: w.end == End::Solved,
        error: match w.end {
            End::NoProgress(step) => Some(PathError::NoProgress(step)),
            End::Solved | End::Stuck => None,
        },
    }
}

/// HoDoKu's rating of a path so far (an SE step counts as its HoDoKu equivalent): the sum of
/// the base scores and the hardest level; the level rises while the score exceeds its cap.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HodokuRater {
    score: u32,
    hardest: Option<Level>,
}

impl HodokuRater {
    /// HoDoKu's level and score of the steps so far.
    pub fn level_and_score(self) -> (Level, u32) {
        let mut level = self.hardest.unwrap_or(Level::Easy);
        while self.score > level.max_score() && level != Level::Extreme {
            level = level.next();
        }
        (level, self.score)
    }
}

impl Rater for HodokuRater {
    fn step(&mut self, step: &Step) {
        let t = step.hodoku_equivalent();
        self.score += t.base_score();
        self.hardest = self.hardest.max(Some(t.level()));
    }
}

/// HoDoKu's level and score of a list of steps (an SE step as its HoDoKu equivalent).
pub fn rating_of(steps: &[Step]) -> (Level, u32) {
    let mut r = HodokuRater::default();
    for s in steps {
        r.step(s);
    }
    r.level_and_score()
}

/// HoDoKu's rating of the board's current state (default techniques).
pub fn rate(board: &Board) -> Rating {
    rate_with(board, SlotSet::defaults())
}

/// HoDoKu's rating with the techniques of `slots` switched on.
pub fn rate_with(board: &Board, slots: SlotSet) -> Rating {
    let p = solution_path_with(board, slots);
    Rating {
        level: p.level,
        score: p.score,
        solved: p.solved,
    }
}

/// HoDoKu's rating in a prepared context (see [`context_known`]), walked by the path driver
/// without keeping the steps; `None` when `cancel` was set (checked between steps: the
/// player's background rating of a puzzle no longer on screen).
pub fn rate_in(board: &Board, ctx: &Context, cancel: &AtomicBool) -> Option<Rating> {
    let watch = Watch {
        keep_steps: false,
        cancel: Some(cancel),
        progress: None,
    };
    let w = path::walk(
        Grid::from_board(board),
        |grid| first_step(grid, ctx),
        HodokuRater::default(),
        watch,
    )?;
    let (level, score) = w.rating.level_and_score();
    Some(Rating {
        level,
        score,
        solved: w.end == End::Solved,
    })
}

/// The number of slots searched by default (for diagnostics).
pub fn finder_count() -> usize {
    active_slots(&Context::default()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_in_a_context_is_the_paths_and_stops_when_cancelled() {
        let board = crate::codec::decode_any(
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        )
        .unwrap()
        .board;
        let ctx = context(&board);
        let rating = rate_in(&board, &ctx, &AtomicBool::new(false)).expect("not cancelled");
        assert_eq!(rating, rate(&board));
        assert!(rating.solved && rating.score > 0);
        assert_eq!(rate_in(&board, &ctx, &AtomicBool::new(true)), None);
    }
}
