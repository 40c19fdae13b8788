//! The scriptable command line: one module per subcommand, sharing input handling.

pub mod convert;
pub mod generate;
pub mod input;
pub mod rate;
pub mod solve;
pub mod steps;
pub mod techniques;
