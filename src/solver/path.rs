//! The one path driver of both step engines: from a state, the engine's next step is applied
//! until the grid is solved, the engine finds nothing, a step would change nothing (the state
//! has no solution), or the caller cancels. Each engine brings its rating as a [`Rater`] fed
//! one step at a time (HoDoKu: level and score; SE: ER/EP/ED); the caller may watch the
//! progress after each step and cancel between steps (the player's background ratings).
//!
//! The driver knows no engine: the HoDoKu path (`engine.rs`, `fallback.rs`) and SE's
//! (`se/rating.rs`) call it with their next-step function and rater.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Grid, Step};

/// Every step removes at least one candidate or fills a cell: no path is longer.
pub const MAX_STEPS: usize = 81 * 10;

/// An engine's rating of a path, built one step at a time.
pub trait Rater {
    /// A step was taken (called before it is applied).
    fn step(&mut self, step: &Step);
    /// The path ended (not called for a cancelled walk).
    fn end(&mut self, _end: &End) {}
}

/// Why a path ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Every cell is filled.
    Solved,
    /// The engine found no step (or the path reached [`MAX_STEPS`]).
    Stuck,
    /// The engine's step would change nothing (or place a digit its cell cannot take): the
    /// state has no solution, and repeating the step would never end.
    NoProgress(Box<Step>),
}

/// A walked path: the steps (when kept), how many were taken, how it ended, the rating and
/// the final state.
#[derive(Clone, Debug)]
pub struct Walk<R> {
    pub steps: Vec<Step>,
    pub taken: usize,
    pub end: End,
    pub rating: R,
    pub grid: Grid,
}

/// A report after each step: steps taken so far, the rating so far.
pub type Progress<'a, R> = &'a mut dyn FnMut(usize, &R);

/// What the caller watches of a walk: whether the steps are kept, a cancel flag checked
/// before each step, and a report after each step (steps taken so far, the rating so far).
pub struct Watch<'a, R> {
    pub keep_steps: bool,
    pub cancel: Option<&'a AtomicBool>,
    pub progress: Option<Progress<'a, R>>,
}

impl<R> Watch<'_, R> {
    /// Keep the steps; no cancel, no reports.
    pub fn keep_steps() -> Self {
        Watch {
            keep_steps: true,
            cancel: None,
            progress: None,
        }
    }

    /// Only the rating: the steps are not kept; no cancel, no reports.
    pub fn rating_only() -> Self {
        Watch {
            keep_steps: false,
            cancel: None,
            progress: None,
        }
    }
}

/// Whether applying `step` to `grid` changes it: every placement goes into an empty cell that
/// has the digit as a candidate, and it places or removes something.
pub fn makes_progress(grid: &Grid, step: &Step) -> bool {
    let placements_fit = step
        .placements
        .iter()
        .all(|p| grid.value(p.cell).is_none() && grid.candidates(p.cell).contains(p.digit));
    placements_fit
        && (!step.placements.is_empty()
            || step
                .eliminations
                .iter()
                .any(|e| grid.candidates(e.cell).contains(e.digit)))
}

/// Walks the path `next` takes from `grid`, rating it with `rater`; `None` when the walk was
/// cancelled.
pub fn walk<R: Rater>(
    mut grid: Grid,
    mut next: impl FnMut(&Grid) -> Option<Step>,
    mut rater: R,
    watch: Watch<'_, R>,
) -> Option<Walk<R>> {
    let Watch {
        keep_steps,
        cancel,
        mut progress,
    } = watch;
    let mut steps = Vec::new();
    let mut taken = 0;
    let end = loop {
        if grid.is_solved() {
            break End::Solved;
        }
        if taken >= MAX_STEPS {
            break End::Stuck;
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let Some(step) = next(&grid) else {
            break End::Stuck;
        };
        if !makes_progress(&grid, &step) {
            break End::NoProgress(Box::new(step));
        }
        rater.step(&step);
        grid.apply(&step);
        taken += 1;
        if let Some(report) = progress.as_mut() {
            report(taken, &rater);
        }
        if keep_steps {
            steps.push(step);
        }
    };
    rater.end(&end);
    Some(Walk {
        steps,
        taken,
        end,
        rating: rater,
        grid,
    })
}

#[cfg(test)]
mod tests {
    use std::cell::Cell as Counter;

    use super::*;
    use crate::codec;
    use crate::domain::Board;
    use crate::solver::engine::{self, HodokuRater};
    use crate::solver::se::{self, SeContext, SeRater};
    use crate::solver::step::Difficulty;

    /// The repository's sample of rated puzzles: `<puzzle> <SE rating>` a line.
    const RATED: &str =
        include_str!("../../tests/data/sudokuexchange_diabolical_sample160_with_SER.txt");

    fn rated(n: usize) -> Vec<(Board, String)> {
        RATED
            .lines()
            .take(n)
            .map(|l| {
                let (p, r) = l.split_once(' ').unwrap();
                (codec::decode_any(p).unwrap().board, r.to_string())
            })
            .collect()
    }

    /// HoDoKu's path of a board through the driver, watched as asked.
    fn hodoku(board: &Board, watch: Watch<'_, HodokuRater>) -> Option<Walk<HodokuRater>> {
        let ctx = engine::context(board);
        let next = |g: &Grid| engine::next_step_on(g, &ctx);
        walk(Grid::from_board(board), next, HodokuRater::default(), watch)
    }

    #[test]
    fn hodoku_rates_a_sample_as_its_rate_command_does_and_reports_each_step() {
        let (board, _) = &rated(1)[0];
        let mut reports = Vec::new();
        let mut progress = |taken: usize, r: &HodokuRater| reports.push((taken, *r));
        let watch = Watch {
            keep_steps: true,
            cancel: None,
            progress: Some(&mut progress),
        };
        let w = hodoku(board, watch).unwrap();
        assert_eq!(w.end, End::Solved);
        assert!(w.grid.is_solved());
        // `termdoku rate` on this puzzle: `Extreme 2152`.
        assert_eq!(
            w.rating.level_and_score(),
            (crate::solver::Level::Extreme, 2152)
        );
        assert_eq!(w.steps.len(), w.taken);
        // One report after each step, in order, the last with the final rating.
        let taken: Vec<usize> = reports.iter().map(|r| r.0).collect();
        assert_eq!(taken, (1..=w.taken).collect::<Vec<_>>());
        assert_eq!(reports.last().unwrap().1, w.rating);
        // Without keeping the steps: the same walk and rating.
        let bare = hodoku(board, Watch::rating_only()).unwrap();
        assert!(bare.steps.is_empty());
        assert_eq!((bare.taken, bare.rating), (w.taken, w.rating));
    }

    #[test]
    fn se_rates_the_samples_as_sukaku_explainer_did() {
        for (board, ser) in rated(3) {
            let grid = Grid::from_board(&board);
            let mut hardest = Vec::new();
            let cancel = AtomicBool::new(false);
            let r = se::rating::rate_watched(&grid, &cancel, &mut |taken, d| {
                hardest.push((taken, d));
            })
            .unwrap();
            assert_eq!(r.er.to_string(), ser, "{board:?}");
            assert_eq!((r.ep, r.ed), (Difficulty(12), Difficulty(12)));
            assert_eq!(r.ed_name.to_string(), "Hidden Single");
            assert_eq!(r, se::rate(&grid));
            // Reported after each step: the hardest so far never falls and ends at ER.
            assert!(hardest
                .windows(2)
                .all(|w| w[0].1 <= w[1].1 && w[1].0 == w[0].0 + 1));
            assert_eq!(hardest.last().map(|h| h.1), Some(r.er));
            let path = se::solution_path(&grid);
            assert!(path.solved);
            assert_eq!(path.steps.len(), hardest.len());
            assert_eq!(path.rating, r);
        }
    }

    #[test]
    fn a_cancel_flag_stops_the_walk_between_steps() {
        let (board, _) = &rated(1)[0];
        // Set before: no step is looked for.
        let calls = Counter::new(0);
        let cancel = AtomicBool::new(true);
        let next = |_: &Grid| {
            calls.set(calls.get() + 1);
            None
        };
        let watch = Watch {
            keep_steps: true,
            cancel: Some(&cancel),
            progress: None,
        };
        let w = walk(Grid::from_board(board), next, SeRater::default(), watch);
        assert!(w.is_none());
        assert_eq!(calls.get(), 0);
        // Set after the third step: no fourth.
        let cancel = AtomicBool::new(false);
        let mut reports = 0;
        let mut progress = |taken: usize, _: &SeRater| {
            reports += 1;
            if taken == 3 {
                cancel.store(true, Ordering::Relaxed);
            }
        };
        let watch = Watch {
            keep_steps: true,
            cancel: Some(&cancel),
            progress: Some(&mut progress),
        };
        let ctx = SeContext::default();
        let next = |g: &Grid| se::next_step(g, &ctx);
        let w = walk(Grid::from_board(board), next, SeRater::default(), watch);
        assert!(w.is_none());
        assert_eq!(reports, 3);
        // The player's SE rating gives up the same way.
        let r = se::rating::rate_watched(&Grid::from_board(board), &cancel, &mut |_, _| {});
        assert_eq!(r, None);
    }

    #[test]
    fn a_state_the_engine_cannot_move_ends_stuck_and_rates_beyond_the_solver() {
        let (board, _) = &rated(1)[0];
        let grid = Grid::from_board(board);
        let w = walk(
            grid.clone(),
            |_| None,
            SeRater::default(),
            Watch::keep_steps(),
        )
        .unwrap();
        assert_eq!((w.end, w.taken), (End::Stuck, 0));
        assert_eq!(w.rating.rating.er, se::BEYOND);
        assert_eq!(w.rating.rating.er_name.to_string(), "Beyond solver");
        // A step that changes nothing ends the walk with it, unrated and unapplied.
        let first = se::next_step(&grid, &SeContext::default()).unwrap();
        let mut stale = first.clone();
        stale.placements.clear();
        let given = crate::domain::Cell::all()
            .find(|&c| grid.value(c).is_some())
            .unwrap();
        stale.eliminations = vec![crate::solver::Candidate::new(
            given,
            crate::domain::Digit::ALL[0],
        )];
        let mut once = Some(first);
        let next = |_: &Grid| once.take().or_else(|| Some(stale.clone()));
        let w = walk(grid, next, HodokuRater::default(), Watch::keep_steps()).unwrap();
        assert_eq!(w.taken, 1);
        assert!(matches!(w.end, End::NoProgress(ref s) if **s == stale));
        assert_eq!(
            w.rating.level_and_score().1,
            w.steps[0].hodoku_equivalent().base_score()
        );
    }
}
