//! The player driven through the real `App` and `Session`: key scripts in the keymap's own chord
//! syntax through the update loop, the clipboard fake and a save store, drawn into ratatui's
//! `TestBackend`. Screens are snapshotted (insta, `tests/ui/snapshots`) at 120x45 (full board),
//! 80x24 (medium) and 60x20 (compact) with their styles, through the one renderer in
//! `tests/common/screen.rs`.
//!
//! One test binary for every test of the player, one module per feature:
//! `cargo test --test ui hints::` runs the hint tests.

#[path = "../common/mod.rs"]
mod common;
mod support;

mod all_steps;
mod chain;
mod clipboard;
mod collections;
mod colours;
mod hints;
mod jobs;
mod journal;
mod journal_fuzz;
mod latency;
mod layout;
mod marks;
mod messages;
mod monkey;
mod picker_se;
mod play;
mod rating;
mod recovery;
mod saves;
mod se;
mod se_board;
mod se_reading;
mod se_views;
mod views;
