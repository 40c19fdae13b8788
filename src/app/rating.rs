//! The puzzle's rating in the player: asked for in the background once per set of givens, kept
//! while the givens stay (the same puzzle opened again by a paste, a slot, a collection entry),
//! given only to puzzles with exactly one solution (as `termdoku rate`), and the level a solve
//! counts under in the statistics.

use super::{engine, App, Effect, RatingInfo};
use crate::domain::Board;
use crate::solver::techniques::SlotSet;
use crate::solver::Level;

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
/// rating only for exactly one.
pub fn rate(givens: Board, slots: SlotSet, solved: &super::Solved) -> RatingInfo {
    let outcome = match solved.count() {
        0 => RatingOutcome::NoSolution,
        1 => {
            let r = engine::rate(&givens, slots, solved);
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
    RatingInfo { givens, outcome }
}

/// A new game is starting on `board`: the rating stays when it is for the same givens (the
/// puzzle opened again), else it goes and the next [`background`] asks for the new one.
pub fn keep_if_same(app: &mut App, board: &Board) {
    let givens = board.givens_only();
    if app.rating.as_ref().is_some_and(|r| r.givens != givens) {
        app.rating = None;
    }
}

/// A rating arrived: kept when it is for the puzzle on the board, and noted in the collection's
/// levels when it is for the collection's current entry.
pub fn arrived(app: &mut App, info: RatingInfo) {
    if app.rating_requested.as_ref() == Some(&info.givens) {
        // Nothing is on its way for these givens any more.
        app.rating_requested = None;
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
    app.rating = Some(info);
}

/// Background work the current state needs: the rating of givens that have none and none on
/// its way.
pub fn background(app: &mut App) -> Vec<Effect> {
    if app.givens.on() {
        return Vec::new();
    }
    let givens = app.board().givens_only();
    if app.rating.as_ref().is_some_and(|r| r.givens == givens) {
        return Vec::new();
    }
    app.rating = None;
    if app.rating_requested.as_ref() == Some(&givens) {
        return Vec::new();
    }
    app.rating_requested = Some(givens.clone());
    let se = app.game().se_rating.is_none().then(|| givens.clone());
    vec![Effect::Rate(givens), Effect::RateSe(se)]
}

/// The level a solve counts under: the game's level (an embedded or generated puzzle), else the
/// background rating's, else `unrated` (not rated yet, no level, or not unique).
pub fn stats_level(app: &App) -> String {
    let not_unique = app
        .rating
        .as_ref()
        .is_some_and(|r| r.outcome != RatingOutcome::Stuck && r.level().is_none());
    let level = if not_unique {
        None
    } else {
        app.game()
            .level
            .or_else(|| app.rating.as_ref().and_then(RatingInfo::level))
    };
    level.map_or_else(|| "unrated".to_string(), |l| l.name().to_string())
}
