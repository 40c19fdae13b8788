//! Sudoku Explainer's step engine: Sukaku Explainer's technique set with its default settings,
//! its difficulty per step, its rule of taking the first hint of the first producer that has
//! one at each state, and its three figures ER/EP/ED.
//!
//! The engine reads the same state as the HoDoKu engine ([`crate::solver::Grid`]) and writes
//! [`crate::solver::Step`]s of [`SeTechnique`]s. Its finders have the shared finder shape
//! ([`crate::solver::finder::Finder`]) with [`SeContext`]; its path is walked by the shared
//! driver ([`crate::solver::path`]) with SE's rating ([`rating`]). A state with eliminations
//! (a pencilmark grid, a Sukaku line) is rated from that state, as Sukaku Explainer does.

pub mod aligned;
pub mod bug;
pub mod chaining;
pub mod explain;
pub mod fish;
pub mod intersections;
mod link_names;
pub mod links;
pub mod name;
pub mod rating;
pub mod regions;
pub mod sets;
pub mod singles;
pub mod step;
pub mod table;
pub mod technique;
pub mod unique;
pub mod wings;
pub mod wxyz;

use crate::solver::finder::Sink;

pub use crate::solver::step::Difficulty;
pub use name::{ChainRule, ChainsKind, SeName};
pub use rating::{
    rate, rate_observed, solution_path, FigureName, PathEvent, SePath, SeRater, SeRating, BEYOND,
};
pub use table::{all_steps, next_step, Producer, PRODUCERS};
pub use technique::SeTechnique;

/// What SE's finders are given besides the state (the finder shape's context): the chain
/// engine's working memory and caches and the aligned triplet search's memo, kept across the
/// states of one path. A context belongs to
/// one thread: each path (each worker of a batch) makes its own.
#[derive(Debug, Default)]
pub struct SeContext {
    pub(crate) chains: chaining::Scratch,
    /// The aligned triplet search's last fruitless state ([`aligned::Memo`]).
    pub(crate) aligned: aligned::Memo,
    /// The strong link searches' fruitless digits ([`links::Memo`]).
    pub(crate) links: links::Memo,
}
