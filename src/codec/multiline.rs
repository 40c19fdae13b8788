//! Multi-line inputs: §6.1 steps 6 (TAB grids) and 8 (value grids, pencilmark grids, stacked grids,
//! multi-line 729). PLACEHOLDER owned by the codec-grids work: replaced before landing.

use super::{DecodeError, DecodeErrorKind, Parsed};

/// Detects and parses a normalised multi-line (or grid-like one-line) text.
pub fn decode_multiline(_text: &str) -> Result<Parsed, DecodeError> {
    Err(DecodeError::new(
        None,
        DecodeErrorKind::Unsupported("multi-line formats are not built yet".into()),
    ))
}
