//! The Sudoku Explainer rating (ER/EP/ED) of the puzzle in the side panel: the rating its text
//! came with (shown at once, marked as given), else computed off the event loop step by step,
//! with progress, and given up when the puzzle changes.

use super::jobs::Reporter;
use super::Action;
use crate::domain::Board;
use crate::solver::se::{self, Difficulty, SeRating};
use crate::solver::Grid;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What the panel knows of the SE rating of the puzzle on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SeRatingView {
    /// Nothing asked (enter-givens mode, no background rating in this session).
    #[default]
    None,
    /// Being computed for these givens: steps taken so far and the hardest so far.
    Running {
        givens: Board,
        steps: usize,
        hardest: Difficulty,
    },
    /// Computed for these givens.
    Done { givens: Board, rating: SeRating },
}

impl SeRatingView {
    /// The givens the view is about.
    pub fn givens(&self) -> Option<&Board> {
        match self {
            SeRatingView::None => None,
            SeRatingView::Running { givens, .. } | SeRatingView::Done { givens, .. } => {
                Some(givens)
            }
        }
    }
}

/// One report of a running SE rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeProgress {
    /// Steps taken so far and the hardest difficulty met.
    Step {
        givens: Board,
        steps: usize,
        hardest: Difficulty,
    },
    /// The rating (also `Beyond solver`, 20.0, for a state SE cannot finish).
    Done { givens: Board, rating: SeRating },
    /// Given up (the puzzle changed).
    Cancelled,
}

/// The panel line: `SE: 11.3/1.2/1.2 (given)`, `SE: 9.0/1.2/1.2`, `SE: rating… 12 steps, 8.5`;
/// `None` when there is nothing to show.
pub fn panel_line(given: Option<&str>, view: &SeRatingView, givens: &Board) -> Option<String> {
    if let Some(g) = given {
        return Some(format!("SE: {g} (given)"));
    }
    match view {
        SeRatingView::Done { givens: g, rating } if g == givens => {
            Some(format!("SE: {}/{}/{}", rating.er, rating.ep, rating.ed))
        }
        SeRatingView::Running {
            givens: g,
            steps,
            hardest,
        } if g == givens => Some(format!("SE: rating… {steps} steps, {hardest} so far")),
        _ => None,
    }
}

/// SE's rating of `givens` as SE computes it (each state's first hint of the first producer,
/// applied, walked by the solver's path driver), reporting after each step; `None` when
/// `cancel` was set (checked between steps).
pub fn rate(
    givens: &Board,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(SeProgress),
) -> Option<SeRating> {
    let grid = Grid::from_board(givens);
    se::rating::rate_watched(&grid, cancel, &mut |steps, hardest| {
        report(SeProgress::Step {
            givens: givens.clone(),
            steps,
            hardest,
        });
    })
}

/// The session's side of the SE rating: the job under way (its cancel flag) and the givens
/// asked for while it was off.
#[derive(Debug, Default)]
pub struct Rater {
    enabled: bool,
    pending: Option<Board>,
    cancel: Option<Arc<AtomicBool>>,
}

/// A rating job for the session's worker pool: its progress goes through the reporter, its end
/// is the job's answer.
pub type Job = Box<dyn FnOnce(&Reporter) -> Option<Action> + Send>;

impl Rater {
    /// The puzzle changed: the running rating is given up, and `givens` (when some) rated.
    pub fn request(&mut self, givens: Option<Board>) -> Option<Job> {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.pending = givens;
        if self.enabled {
            self.start()
        } else {
            None
        }
    }

    /// Rating switched on: the last puzzle asked for is rated now.
    pub fn enable(&mut self) -> Option<Job> {
        self.enabled = true;
        self.start()
    }

    fn start(&mut self) -> Option<Job> {
        let givens = self.pending.take()?;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        Some(Box::new(move |reporter: &Reporter| {
            let mut report = |p: SeProgress| {
                reporter.send(Action::SeRated(Box::new(p)));
            };
            let done = match rate(&givens, &cancel, &mut report) {
                Some(rating) => SeProgress::Done { givens, rating },
                None => SeProgress::Cancelled,
            };
            Some(Action::SeRated(Box::new(done)))
        }))
    }
}

/// Takes a progress report into the view: kept only while it is about the puzzle on screen.
pub fn receive(view: &mut SeRatingView, p: SeProgress, current: &Board) {
    match p {
        SeProgress::Step {
            givens,
            steps,
            hardest,
        } if givens == *current
            && !matches!(view, SeRatingView::Done { givens: g, .. } if *g == givens) =>
        {
            *view = SeRatingView::Running {
                givens,
                steps,
                hardest,
            };
        }
        SeProgress::Done { givens, rating } if givens == *current => {
            *view = SeRatingView::Done { givens, rating };
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_matches_the_driver_and_reports_each_step() {
        let b = crate::codec::decode_any(
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        )
        .unwrap()
        .board;
        let mut reports = 0;
        let r = rate(&b, &AtomicBool::new(false), &mut |_| reports += 1).unwrap();
        assert_eq!(r, se::rate(&Grid::from_board(&b)));
        assert_eq!(r.er, Difficulty(72));
        assert!(reports > 0);
        assert_eq!(rate(&b, &AtomicBool::new(true), &mut |_| {}), None);
    }

    #[test]
    fn a_given_rating_is_marked_and_wins() {
        let b = Board::empty();
        assert_eq!(
            panel_line(Some("2.3/1.2/1.2"), &SeRatingView::None, &b).as_deref(),
            Some("SE: 2.3/1.2/1.2 (given)")
        );
        assert_eq!(panel_line(None, &SeRatingView::None, &b), None);
    }
}
