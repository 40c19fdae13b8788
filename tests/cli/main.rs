//! The command line (`termdoku convert|solve|rate|hint|steps ...`) run as a process: outputs
//! against golden files, batch mode, bounded searches, messages, SE rating, and a fuzz of commands.
//!
//! One test binary, a module per subject: `cargo test --test cli MODULE::` runs one.

#[path = "../common/mod.rs"]
mod common;

mod all_steps;
mod batch;
mod bounded;
mod convert;
mod flags;
mod fuzz;
mod kill_loop;
mod messages;
mod minlex;
mod output;
mod refusals;
mod se;
mod serate;
mod steps;
mod support;
mod unsolvable;
