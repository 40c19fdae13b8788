//! Sudoku Explainer's step engine: Sukaku Explainer's technique set with its default settings,
//! its difficulty per step, its rule of taking the first hint of the first producer that has
//! one at each state, and its three figures ER/EP/ED.
//!
//! The engine reads the same state as the HoDoKu engine ([`crate::solver::Grid`]) and writes
//! [`SeStep`]s. A state with eliminations (a pencilmark grid, a Sukaku line) is rated from that
//! state, as Sukaku Explainer does.

pub mod aligned;
pub mod bug;
pub mod chaining;
pub mod driver;
pub mod explain;
pub mod fish;
pub mod intersections;
pub mod links;
pub mod regions;
pub mod sets;
pub mod singles;
pub mod step;
pub mod table;
pub mod unique;
pub mod wings;
pub mod wxyz;

pub use driver::{all_steps, apply, next_step, rate, solution_path, SePath, SeRating, BEYOND};
pub use step::{Difficulty, SeStep, SeTechnique};
pub use table::{Finder, Producer, Sink, PRODUCERS};
