//! The solution of the givens: the exact solver runs once per set of givens, and its answer
//! ([`Solved`]) is shared (`Arc`) by everything that needs it: the paste's and enter-givens'
//! checks, the solution check, hints and mistakes, and the background rating. Owns
//! `App::solution`.
//!
//! Solving the givens stays on the event loop: the exact solver answers in well under a
//! millisecond on the hardest puzzles of the corpora (see `docs/architecture.md`), and it runs
//! once per game.

use crate::domain::{Board, Cell};
use crate::solver::exact::{self, Outcome};
use std::sync::Arc;

/// What the exact solver says about a set of givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// No solution.
    None,
    /// Exactly one: the digit of every cell.
    Unique([u8; 81]),
    /// Two or more.
    Several,
}

impl Solved {
    /// Solves givens (a board's values are ignored but for its givens).
    pub fn of(givens: &Board) -> Arc<Solved> {
        Arc::new(match exact::solve(&givens.givens_only()) {
            Outcome::Unique(sol) => {
                let mut out = [0u8; 81];
                for c in Cell::all() {
                    out[c.index()] = sol.digit(c).get();
                }
                Solved::Unique(out)
            }
            Outcome::Multiple => Solved::Several,
            Outcome::None => Solved::None,
        })
    }

    /// Number of solutions, counting up to 2.
    pub fn count(&self) -> usize {
        match self {
            Solved::None => 0,
            Solved::Unique(_) => 1,
            Solved::Several => 2,
        }
    }

    /// The solution, for givens with exactly one.
    pub fn solution(&self) -> Option<&[u8; 81]> {
        match self {
            Solved::Unique(sol) => Some(sol),
            Solved::None | Solved::Several => None,
        }
    }
}

/// The answer for the givens of the game, kept while the givens stay.
#[derive(Clone, Debug, Default)]
pub struct SolutionCache {
    givens: Option<Board>,
    solved: Option<Arc<Solved>>,
}

impl SolutionCache {
    /// The answer for the givens of `board`, solved on the first call for these givens.
    pub fn shared(&mut self, board: &Board) -> Arc<Solved> {
        let givens = board.givens_only();
        match &self.solved {
            Some(s) if self.givens.as_ref() == Some(&givens) => Arc::clone(s),
            _ => {
                let s = Solved::of(&givens);
                self.insert(givens, Arc::clone(&s));
                s
            }
        }
    }

    /// Keeps an answer computed elsewhere (a paste checks its givens before it starts a game).
    pub fn insert(&mut self, givens: Board, solved: Arc<Solved>) {
        self.givens = Some(givens);
        self.solved = Some(solved);
    }

    /// The solution digit of every cell (`None` when the givens have no unique solution).
    pub fn get(&mut self, board: &Board) -> Option<&[u8; 81]> {
        self.shared(board);
        self.solved.as_deref().and_then(Solved::solution)
    }

    /// Number of solutions of the givens of `board`, counting up to 2.
    pub fn count(&mut self, board: &Board) -> usize {
        self.shared(board).count()
    }

    /// The cached solution for exactly these givens, without computing.
    pub fn peek(&self, board: &Board) -> Option<&[u8; 81]> {
        match &self.givens {
            Some(g) if *g == board.givens_only() => {
                self.solved.as_deref().and_then(Solved::solution)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_givens_are_solved_once_and_shared() {
        let b = crate::codec::decode_any(
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        )
        .unwrap()
        .board;
        let mut cache = SolutionCache::default();
        let a = cache.shared(&b);
        let mut played = b.clone();
        let first = crate::app::first_empty(&b).unwrap();
        played.set_filled(
            first,
            crate::domain::Digit::new(a.solution().unwrap()[first.index()]).unwrap(),
        );
        assert!(Arc::ptr_eq(&a, &cache.shared(&played)));
        assert_eq!(cache.count(&b), 1);
        assert_eq!(cache.peek(&Board::empty()), None);
        assert_eq!(Solved::of(&Board::empty()).count(), 2);
    }

    #[test]
    fn the_all_steps_search_gets_the_games_solution() {
        use crate::app::all_steps::{StepsAction, StepsEffect};
        use crate::app::{Action, App, Effect, Game};
        let b = crate::codec::decode_any(
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        )
        .unwrap()
        .board;
        let mut app = App::new(b, Game::default(), crate::storage::Config::default());
        let shared = app.solution.shared(&app.board().clone());
        let fx = crate::app::update::update(&mut app, Action::Steps(StepsAction::Open));
        let solved = fx.iter().find_map(|e| match e {
            Effect::Steps(StepsEffect::Search { solved, .. }) => Some(solved),
            _ => None,
        });
        assert!(Arc::ptr_eq(solved.expect("a search"), &shared));
    }
}
