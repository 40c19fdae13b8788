//! The puzzle's rating in the player: asked for in the background once per set of givens, kept
//! while the givens stay (the same puzzle opened again by a paste, a slot, a collection entry),
//! given only to puzzles with exactly one solution (as `termdoku rate`), and the level a solve
//! counts under in the statistics. Owns [`Ratings`]: HoDoKu's and SE's ratings of the puzzle.

use super::se_rating::{SeProgress, SeRatingView};
use super::{engine, App, Effect, RatingInfo};
use crate::domain::Board;
use crate::solver::techniques::SlotSet;
use crate::solver::Level;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The puzzle's ratings, computed in the background: HoDoKu's (and the givens it was last asked
/// for) and SE's. They change only here: as the puzzle changes, as the answers arrive, and
/// when a rating job fails.
#[derive(Clone, Debug, Default)]
pub struct Ratings {
    hodoku: Option<RatingInfo>,
    /// The givens whose HoDoKu rating was last asked for.
    requested: Option<Board>,
    /// SE's rating, unless the puzzle's text gave one.
    se: SeRatingView,
}

impl Ratings {
    /// HoDoKu's rating of the puzzle.
    pub fn hodoku(&self) -> Option<&RatingInfo> {
        self.hodoku.as_ref()
    }

    /// What is known of SE's rating of the puzzle.
    pub fn se(&self) -> &SeRatingView {
        &self.se
    }

    /// A report of the SE rating job, about the puzzle whose givens are `current`.
    pub fn se_progress(&mut self, p: SeProgress, current: &Board) {
        super::se_rating::receive(&mut self.se, p, current);
    }

    /// The HoDoKu rating job failed: nothing is on its way (the next state asks again).
    pub fn hodoku_failed(&mut self) {
        self.requested = None;
    }

    /// The SE rating job failed: nothing is shown.
    pub fn se_failed(&mut self) {
        self.se = SeRatingView::None;
    }
}

/// What the background rating found for a set of givens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RatingOutcome {
    /// One solution, reached by the techniques switched on: HoDoKu's level and score.
    Rated { level: Level, score: u32 },
    /// One solution, but the techniques switched on do not reach it.
    Stuck,
    /// The givens have several solutions: no level (`termdoku rate` refuses them too).
    NotUnique,
    /// The givens have no solution.
    NoSolution,
}

impl RatingInfo {
    /// The level, for a puzzle rated at one.
    pub fn level(&self) -> Option<Level> {
        match self.outcome {
            RatingOutcome::Rated { level, .. } => Some(level),
            _ => None,
        }
    }

    /// The side panel's words: `Extreme (score 93132)`, `not unique (several solutions)`.
    pub fn describe(&self) -> String {
        match self.outcome {
            RatingOutcome::Rated { level, score } => format!("{level} (score {score})"),
            RatingOutcome::Stuck => "beyond the techniques switched on".into(),
            RatingOutcome::NotUnique => "none: not unique (several solutions)".into(),
            RatingOutcome::NoSolution => "none: no solution".into(),
        }
    }
}

/// Rates givens (the background job): the number of solutions first (known: `solved`), HoDoKu's
/// rating only for exactly one; `None` when `cancel` was set (checked between the path's steps).
pub fn rate(
    givens: Board,
    slots: SlotSet,
    solved: &super::Solved,
    cancel: &AtomicBool,
) -> Option<RatingInfo> {
    let outcome = match solved.count() {
        0 => RatingOutcome::NoSolution,
        1 => {
            let r = engine::rate(&givens, slots, solved, cancel)?;
            if r.solved {
                RatingOutcome::Rated {
                    level: r.level,
                    score: r.score,
                }
            } else {
                RatingOutcome::Stuck
            }
        }
        _ => RatingOutcome::NotUnique,
    };
    Some(RatingInfo { givens, outcome })
}

/// The session's side of HoDoKu's rating: the flag that cancels the job under way.
#[derive(Debug, Default)]
pub struct Rater {
    cancel: Option<Arc<AtomicBool>>,
}

impl Rater {
    /// The rating of new givens is asked for: the job under way (for the puzzle that was on
    /// screen) is given up, and the new one's job returned. It answers `None` when a later
    /// request gave it up in turn.
    pub fn request(
        &mut self,
        givens: Board,
        slots: SlotSet,
        solved: Arc<super::Solved>,
    ) -> impl FnOnce() -> Option<RatingInfo> + Send + 'static {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        move || rate(givens, slots, &solved, &cancel)
    }
}

/// A new game is starting on `board`: the rating stays when it is for the same givens (the
/// puzzle opened again), else it goes and the next [`background`] asks for the new one.
pub fn keep_if_same(app: &mut App, board: &Board) {
    let givens = board.givens_only();
    if app
        .ratings
        .hodoku
        .as_ref()
        .is_some_and(|r| r.givens != givens)
    {
        app.ratings.hodoku = None;
    }
}

/// A rating arrived: kept when it is for the puzzle on the board, and noted in the collection's
/// levels when it is for the collection's current entry.
pub fn arrived(app: &mut App, info: RatingInfo) {
    if app.ratings.requested.as_ref() == Some(&info.givens) {
        // Nothing is on its way for these givens any more.
        app.ratings.requested = None;
    }
    if info.givens != app.board().givens_only() {
        return;
    }
    if let (Some(c), Some(level)) = (app.origin.collection(), info.level()) {
        // Only the entry's own puzzle: a practice or pasted puzzle played meanwhile is not it.
        let entry = c.lines.get(c.index).and_then(|l| engine::decode(l).ok());
        if entry.is_some_and(|p| p.board.givens_only() == info.givens) {
            let (path, index) = (c.path.clone(), c.index);
            app.origin.note_level(&path, index, level);
        }
    }
    app.ratings.hodoku = Some(info);
}

/// Background work the current state needs: the rating of givens that have none and none on
/// its way.
pub fn background(app: &mut App) -> Vec<Effect> {
    if app.givens.on() {
        return Vec::new();
    }
    let givens = app.board().givens_only();
    if app
        .ratings
        .hodoku
        .as_ref()
        .is_some_and(|r| r.givens == givens)
    {
        return Vec::new();
    }
    app.ratings.hodoku = None;
    if app.ratings.requested.as_ref() == Some(&givens) {
        return Vec::new();
    }
    app.ratings.requested = Some(givens.clone());
    let se = app.game().se_rating.is_none().then(|| givens.clone());
    vec![Effect::Rate(givens), Effect::RateSe(se)]
}

/// The level a solve counts under: the game's level (an embedded or generated puzzle), else the
/// background rating's, else `unrated` (not rated yet, no level, or not unique).
pub fn stats_level(app: &App) -> String {
    let not_unique = app
        .rating()
        .is_some_and(|r| r.outcome != RatingOutcome::Stuck && r.level().is_none());
    let level = if not_unique {
        None
    } else {
        app.game()
            .level
            .or_else(|| app.rating().and_then(RatingInfo::level))
    };
    level.map_or_else(|| "unrated".to_string(), |l| l.name().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_request_cancels_the_rating_under_way() {
        let easy = super::super::puzzles::puzzle(Level::Easy, 0).unwrap().0;
        let other = super::super::puzzles::puzzle(Level::Easy, 1).unwrap().0;
        let solved = super::super::Solved::of;
        let slots = SlotSet::defaults();
        let mut rater = Rater::default();
        let first = rater.request(easy.clone(), slots, solved(&easy));
        let second = rater.request(other.clone(), slots, solved(&other));
        assert_eq!(first(), None, "given up for the newer puzzle");
        let info = second().expect("the latest request runs to its end");
        assert_eq!(info.givens, other);
        let again = rater.request(easy.clone(), slots, solved(&easy))().expect("not given up");
        assert!(matches!(again.outcome, RatingOutcome::Rated { .. }));
    }
}
