//! Sudoku Explainer's step engine: Sukaku Explainer's technique set with its default settings,
//! its difficulty per step, its rule of taking the easiest hint at each state, and its three
//! figures ER/EP/ED (`docs/se.md`).
//!
//! The engine reads the same state as the HoDoKu engine ([`crate::solver::Grid`]) and writes
//! [`SeStep`]s.

pub mod chaining;
pub mod step;

pub use step::{Difficulty, SeStep, SeTechnique};
