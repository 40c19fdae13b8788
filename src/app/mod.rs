//! The player: keymap, actions, the TEA update loop, effects, the terminal event loop, clipboard.

pub mod action;
pub mod key;
pub mod keymap;
