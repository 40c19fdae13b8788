//! The scriptable command line: one module per subcommand, sharing input handling.

pub mod all_steps;
pub mod batch;
pub mod convert;
pub mod generate;
pub mod hint;
pub mod open;
pub mod output;
pub mod rate;
pub mod se;
pub mod serate;
pub mod solve;
pub mod steps;
pub mod techniques;
