//! PLACEHOLDER owned by the codec-grids work: replaced before landing.

use super::{DecodeError, DecodeErrorKind, Parsed, WriteOptions};
use crate::domain::Board;

pub fn read(_text: &str) -> Result<Parsed, DecodeError> {
    Err(DecodeError::new(
        None,
        DecodeErrorKind::Unsupported("multi-line formats are not built yet".into()),
    ))
}

/// 9 lines of 9 characters.
pub fn write_grid(_board: &Board, _opts: &WriteOptions) -> String {
    String::new()
}

/// Boxed grid (formats.md §3.7).
pub fn write_boxed(_board: &Board, _opts: &WriteOptions) -> String {
    String::new()
}
