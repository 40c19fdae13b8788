//! PLACEHOLDER owned by the codec-grids work: replaced before landing.

use super::{DecodeError, DecodeErrorKind, Parsed, WriteOptions};
use crate::domain::Board;

pub fn read(_text: &str) -> Result<Parsed, DecodeError> {
    Err(DecodeError::new(
        None,
        DecodeErrorKind::Unsupported("multi-line formats are not built yet".into()),
    ))
}

/// `pm-marked` (formats.md §3.8).
pub fn write_marked(_board: &Board, _opts: &WriteOptions) -> String {
    String::new()
}

/// `pm` plain, HoDoKu's PM_GRID layout (formats.md §3.9, hodoku.md §2).
pub fn write_plain(_board: &Board, _opts: &WriteOptions) -> String {
    String::new()
}
