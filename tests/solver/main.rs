//! The solvers: the exact solver against a reference, each technique's finders (soundness along
//! solution paths and on inconsistent states), the all-steps search, the paths of the corpora,
//! Sudoku Explainer's engine and chains, the technique switches.
//!
//! One test binary, a module per subject: `cargo test --test solver MODULE::` runs one.

#[path = "../common/mod.rs"]
mod common;

mod advanced_finders;
mod all_steps;
mod als_finders;
mod eureka_corpus;
mod exact;
mod fish_soundness;
mod inconsistent_states;
mod kraken_fish;
mod se_chains;
mod se_engine;
mod se_explain;
mod se_explain_rules;
mod se_techniques;
mod steps_corpus;
mod steps_techniques;
mod technique_switches;
