//! Cells, digits, bitsets and the board state. No I/O, no terminal.

mod board;
mod cell;
mod digit;
pub mod minlex;
mod sets;

pub use board::{Board, CellState, Contradiction};
pub use cell::{Cell, CellNameError, House};
pub use digit::Digit;
pub use minlex::{minlex, Morph};
pub use sets::{BitSet, BitSetIter, CellSet, CellSetIter, DigitSet, DigitSetIter, Member, Word};
