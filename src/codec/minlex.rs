//! `minlex` (docs/formats.md §3.12): the canonical form of the givens, written as a Susser line.
//! The form itself is [`crate::domain::minlex`] (docs/minlex.md).

use super::WriteOptions;
use crate::domain::{minlex, Board};

/// The canonical form of `board`'s givens (placed digits and marks are not part of a puzzle).
pub fn canonical(board: &Board) -> [u8; 81] {
    minlex(&board.givens_array())
}

/// Writes the canonical form of `board`'s givens: 81 characters, the placeholder for an empty cell.
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    write_values(&board.givens_array(), opts)
}

/// Writes the canonical form of the givens `values` (`0` empty, `1..=9` a given).
pub fn write_values(values: &[u8; 81], opts: &WriteOptions) -> String {
    let empty = opts.placeholder() as u8;
    minlex(values)
        .iter()
        .map(|&d| if d == 0 { empty } else { b'0' + d } as char)
        .collect()
}
