//! Solvers: the exact (backtracking) solver and the human-style step engine.

pub mod all_steps;
pub(crate) mod basic;
pub(crate) mod cache;
pub mod check;
pub mod exact;
pub mod fallback;
pub mod finder;
pub mod grid;
pub(crate) mod hasher;
pub mod lit;
pub mod notation;
pub mod path;
pub mod se;
pub mod step;
pub mod summary;
pub mod technique;
pub mod techniques;

pub use grid::Grid;
pub use lit::Lit;
pub use notation::Eureka;
pub use step::{
    Candidate, ChainKind, ChainLink, ChainNode, Difficulty, Facts, Family, FishFacts, LinkKind,
    Step,
};
pub use step::{StepEngine, StepTechnique};
pub use technique::{Level, Technique};
pub mod engine;
pub mod generate;
pub mod practice;
