//! The grid formats and the step notation: every sample and grid layout, round-trip properties,
//! a fuzz of the decoders, and the chain notations (Eureka, HoDoKu, SE).
//!
//! One test binary, a module per subject: `cargo test --test codec MODULE::` runs one.

#[path = "../common/mod.rs"]
mod common;

mod errors;
mod fuzz;
mod grids;
mod minlex;
mod notation;
mod projection;
mod props;
mod samples;
