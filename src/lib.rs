//! termdoku: a Sudoku player and analyser for the terminal.
//!
//! Layers, lower never importing higher: `domain` -> `codec` -> `solver` -> `editor` ->
//! `app`/`ui`; `storage` for saves and config; `cli` for the scriptable subcommands; `input` (files,
//! standard input, read limits) below every layer that reads user input.
//! Only `app`, `ui` and `storage` touch ratatui, crossterm, arboard or directories.

pub mod app;
pub mod cli;
pub mod codec;
pub mod domain;
pub mod editor;
pub mod input;
pub mod solver;
pub mod storage;
pub mod ui;
