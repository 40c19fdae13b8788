//! Text formats: one module per format, plus detection (formats.md §6).
//!
//! `decode_any` detects the format of pasted text and parses it; `decode` parses as a named format;
//! `encode` writes a board in any writable format. Every reader starts from [`scan::normalize`].

pub mod error;
pub mod format;
pub mod scan;

// Multi-line formats (one module each).
pub mod excel;
pub mod grid;
pub mod multiline;
pub mod pencilmark;
pub mod simple_sudoku;
pub mod sukaku;

pub use error::{DecodeError, DecodeErrorKind, Position};
pub use format::Format;

use crate::domain::Board;

/// Optional information carried by a parsed text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// Comment lines and text lines dropped by the reader (`#A author`, `Simple Sudoku` ...).
    pub comments: Vec<String>,
    /// A one-line trailer after the 81 cells (` ED=11.6/1.2/1.2`, `# comment`).
    pub trailer: Option<String>,
    /// HoDoKu library fields: technique code and digits (`0603`, `18`), step eliminations,
    /// placements and extra, when the line carried a step.
    pub hodoku_step: Option<HodokuStepFields>,
    /// JSON `id`.
    pub id: Option<String>,
}

/// The step fields of a 7-colon HoDoKu library line (kept verbatim).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HodokuStepFields {
    pub code: String,
    pub digits: String,
    pub eliminations: String,
    pub placements: String,
    pub extra: String,
}

/// A non-fatal observation made while parsing (formats.md §6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// An elimination triplet named a cell that holds a value; it was ignored.
    EliminationOnValue {
        cell: crate::domain::Cell,
        digit: crate::domain::Digit,
    },
    /// A candidate token repeats a digit.
    RepeatedCandidate { cell: crate::domain::Cell },
}

/// The result of a successful parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub board: Board,
    pub format: Format,
    pub meta: Meta,
    pub warnings: Vec<Warning>,
}

impl Parsed {
    pub fn new(board: Board, format: Format) -> Parsed {
        Parsed {
            board,
            format,
            meta: Meta::default(),
            warnings: Vec::new(),
        }
    }
}

/// Choices for writers (formats.md §9, and the SudokuStudio format strings of §4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Placeholder for empty cells / absent candidates: `0` instead of `.`.
    pub zeros: bool,
    /// Write filled digits as givens (SunnieShine `!`; `values`, Excel/JSON "values" option).
    pub values_as_givens: bool,
    /// Drop filled digits (SunnieShine `@`: boxed grid of givens only).
    pub givens_only: bool,
    /// `+` at every border corner and junction (SunnieShine `*` with `@`).
    pub plus_borders: bool,
    /// Multi-line Sukaku: 9 rows of 9 right-aligned candidate strings (SunnieShine `@~`).
    pub multiline: bool,
    /// OpenSudoku: write the `version: 3` form (keeps given/filled and candidates).
    pub opensudoku_v3: bool,
}

impl WriteOptions {
    #[inline]
    pub fn placeholder(&self) -> char {
        if self.zeros {
            '0'
        } else {
            '.'
        }
    }
}
