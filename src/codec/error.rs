//! Decode errors: they name the format tried, what was found, and a position where there is one.

use super::Format;
use std::fmt;

/// Where in the input a problem was found (one-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Line and column (characters) of the normalised text.
    LineCol { line: usize, col: usize },
    /// A character offset within a one-line input (one-based).
    Char(usize),
    /// A field of a separated record (e.g. HoDoKu field 4, OpenSudoku field 17).
    Field(usize),
    /// A cell (0..81) of the grid being read.
    Cell(usize),
    /// The n-th token of a pencilmark grid (one-based).
    Token(usize),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::LineCol { line, col } => write!(f, "line {line}, column {col}"),
            Position::Char(i) => write!(f, "character {i}"),
            Position::Field(i) => write!(f, "field {i}"),
            Position::Cell(i) => write!(f, "r{}c{}", i / 9 + 1, i % 9 + 1),
            Position::Token(i) => write!(f, "token {i}"),
        }
    }
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeErrorKind {
    /// Nothing but whitespace.
    Empty,
    /// A URL, a share string or another format that is out of scope.
    Unsupported(String),
    /// Wrong number of cells / tokens / fields / rows: `found` of `what`, `expected`.
    Count {
        what: &'static str,
        found: usize,
        expected: usize,
    },
    /// A character that does not belong here.
    BadChar(char),
    /// Anything else, described for the user.
    Invalid(String),
}

/// A decode failure. `format` is `None` when no format could be recognised at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct DecodeError {
    pub format: Option<Format>,
    pub kind: DecodeErrorKind,
    pub at: Option<Position>,
}

impl DecodeError {
    pub fn new(format: Option<Format>, kind: DecodeErrorKind) -> DecodeError {
        DecodeError {
            format,
            kind,
            at: None,
        }
    }
    pub fn at(mut self, pos: Position) -> DecodeError {
        self.at = Some(pos);
        self
    }
    pub fn invalid(format: Format, msg: impl Into<String>) -> DecodeError {
        DecodeError::new(Some(format), DecodeErrorKind::Invalid(msg.into()))
    }
    pub fn count(format: Format, what: &'static str, found: usize, expected: usize) -> DecodeError {
        DecodeError::new(
            Some(format),
            DecodeErrorKind::Count {
                what,
                found,
                expected,
            },
        )
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(format) = self.format {
            write!(f, "{}: ", format.id())?;
        }
        match &self.kind {
            DecodeErrorKind::Empty => write!(f, "nothing to read")?,
            DecodeErrorKind::Unsupported(what) => write!(f, "unsupported: {what}")?,
            DecodeErrorKind::Count {
                what,
                found,
                expected,
            } => write!(f, "{found} {what}, expected {expected}")?,
            DecodeErrorKind::BadChar(c) => write!(f, "unexpected character {c:?}")?,
            DecodeErrorKind::Invalid(msg) => write!(f, "{msg}")?,
        }
        if let Some(at) = self.at {
            write!(f, " at {at}")?;
        }
        Ok(())
    }
}
