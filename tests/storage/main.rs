//! Saves, config and statistics on disk, and the editor's history they keep: golden saves of every
//! schema version, corrupt and interrupted files, round-trip and undo/redo properties.
//!
//! One test binary, a module per subject: `cargo test --test storage MODULE::` runs one.

mod config;
mod damage;
mod editor_props;
mod props;
mod saves;
mod se_cache;
mod support;
mod writer;
