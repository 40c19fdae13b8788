//! Text formats: one module per format, plus detection (docs/formats.md §6).
//!
//! `decode_any` detects the format of pasted text and parses it; `decode` parses as a named format;
//! `encode` writes a board in any writable format. Every reader starts from [`scan::normalize`].
//!
//! A bare section number (`§3.9`) in the codec's comments refers to `docs/formats.md`.

pub mod error;
pub mod format;
pub mod scan;

// Detection and the one-line formats.
pub mod detect;
pub mod hodoku;
pub mod json;
pub mod minlex;
pub mod opensudoku;
pub mod rating;
pub mod short;
pub mod studio;
pub mod susser;

// Multi-line formats (one module each).
pub mod excel;
pub mod grid;
mod layout;
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

/// A non-fatal observation made while parsing (docs/formats.md §6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// An elimination triplet named a cell that holds a value; it was ignored.
    EliminationOnValue {
        cell: crate::domain::Cell,
        digit: crate::domain::Digit,
    },
    /// A candidate token repeats a digit.
    RepeatedCandidate { cell: crate::domain::Cell },
    /// A value repeats a digit of a peer (row, column or box); the cell is one of the pair.
    DuplicateValue {
        cell: crate::domain::Cell,
        digit: crate::domain::Digit,
    },
    /// An empty cell has no candidate at all (only reported when candidates were specified).
    NoCandidates { cell: crate::domain::Cell },
    /// Candidates that conflict with a placed peer (`X(S)`); kept, flagged for the UI.
    ExtraCandidates { count: usize },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::EliminationOnValue { cell, digit } => write!(
                f,
                "elimination {digit}{}{} names {cell}, which holds a value; ignored",
                cell.row() + 1,
                cell.col() + 1
            ),
            Warning::RepeatedCandidate { cell } => write!(f, "{cell}: a candidate is repeated"),
            Warning::DuplicateValue { cell, digit } => {
                write!(f, "{cell}: value {digit} repeats in a row, column or box")
            }
            Warning::NoCandidates { cell } => write!(f, "{cell}: empty cell without candidates"),
            Warning::ExtraCandidates { count } => write!(
                f,
                "{count} candidate(s) conflict with a placed digit in the same house"
            ),
        }
    }
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
    /// One line for the status bar: "HoDoKu library line with 8 eliminations" (§6.3).
    pub fn describe(&self) -> String {
        let mut s = self.format.name().to_string();
        if self.board.candidates_specified() {
            let n = self.board.eliminations().len();
            if n > 0 {
                let count = format!("{n} elimination{}", if n == 1 { "" } else { "s" });
                // A format named for its eliminations says how many once.
                match s.strip_suffix("eliminations") {
                    Some(head) => s = format!("{head}{count}"),
                    None => s.push_str(&format!(" with {count}")),
                }
            }
        }
        if !self.warnings.is_empty() {
            let n = self.warnings.len();
            s.push_str(&format!(" ({n} warning{})", if n == 1 { "" } else { "s" }));
        }
        s
    }

    pub fn new(board: Board, format: Format) -> Parsed {
        Parsed {
            board,
            format,
            meta: Meta::default(),
            warnings: Vec::new(),
        }
    }
}

/// Choices for writers (docs/formats.md §9, and the SudokuStudio format strings of §4).
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

/// A writer refused: the format is read-only (or cannot hold what was asked).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    #[error("{0}: this format can be read but not written")]
    NotWritable(Format),
}

/// Detects the format of pasted text (docs/formats.md §6.1) and parses it, then runs the post-parse
/// checks of §6.3 (warnings only).
pub fn decode_any(text: &str) -> Result<Parsed, DecodeError> {
    let mut p = detect::detect_and_parse(text)?;
    post_checks(&mut p);
    Ok(p)
}

/// Parses `text` as the named format, without detection ("Paste as ...", `convert --from`).
/// The susser family (`susser`, `values`, `susser-plus`, `susser-elims`) shares one reader, so
/// the result may name a sibling of `format` (e.g. `susser-plus` when a `+d` cell was found).
pub fn decode(format: Format, text: &str) -> Result<Parsed, DecodeError> {
    let norm = detect::normalized(text);
    if norm.is_empty() {
        return Err(DecodeError::new(Some(format), DecodeErrorKind::Empty));
    }
    let mut p = match format {
        Format::Susser
        | Format::Values
        | Format::SusserPlus
        | Format::SusserElims
        | Format::Minlex => susser::read(single_line(format, &norm)?),
        Format::SusserShort => short::read(single_line(format, &norm)?),
        Format::Gsf => susser::read_gsf(single_line(format, &norm)?),
        Format::Hodoku => hodoku::read(single_line(format, &norm)?),
        Format::OpenSudoku => opensudoku::read(&norm),
        Format::Json => json::read_puzzle(&norm),
        Format::JsonPartial => json::read_partial(&norm),
        Format::Grid | Format::Boxed => grid::read(&norm),
        Format::Pm | Format::PmMarked | Format::Sdx => pencilmark::read(&norm),
        Format::Sukaku => sukaku::read(&norm),
        Format::Excel => excel::read(&norm),
        Format::SimpleSudoku => simple_sudoku::read(&norm),
    }?;
    post_checks(&mut p);
    Ok(p)
}

/// The one data line of a one-line format (comment lines such as `#A author` are skipped).
fn single_line(format: Format, norm: &str) -> Result<&str, DecodeError> {
    use scan::{classify_line, LineClass};
    let mut data = norm
        .lines()
        .filter(|l| !matches!(classify_line(l), LineClass::Comment | LineClass::Blank));
    match (data.next(), data.count()) {
        (Some(line), 0) => Ok(line.trim_matches(' ')),
        (None, _) => Err(DecodeError::count(format, "lines", 0, 1)),
        (Some(_), more) => Err(DecodeError::count(format, "lines", more + 1, 1)),
    }
}

/// Writes `board` in `format`.
pub fn encode(format: Format, board: &Board, opts: &WriteOptions) -> Result<String, EncodeError> {
    Ok(match format {
        Format::Susser => susser::write_susser(board, opts),
        Format::Values => susser::write_values(board, opts),
        Format::SusserPlus => susser::write_plus(board, opts),
        Format::SusserElims => susser::write_elims(board, opts),
        Format::SusserShort => short::write(board, opts),
        Format::Hodoku => hodoku::write_library(board, None, opts),
        Format::Grid => grid::write_grid(board, opts),
        Format::Boxed => grid::write_boxed(board, opts),
        Format::Pm => pencilmark::write_plain(board, opts),
        Format::PmMarked => pencilmark::write_marked(board, opts),
        Format::Sukaku => sukaku::write(board, opts),
        Format::Excel => excel::write(board, opts),
        Format::OpenSudoku => opensudoku::write(board, opts),
        Format::Json => json::write_puzzle(board, None, opts),
        Format::SimpleSudoku => simple_sudoku::write(board, opts),
        Format::Minlex => minlex::write(board, opts),
        Format::JsonPartial | Format::Sdx | Format::Gsf => {
            return Err(EncodeError::NotWritable(format))
        }
    })
}

/// The post-parse checks of docs/formats.md §6.3, appended to `p.warnings`: duplicate values, empty
/// cells without candidates (when candidates were specified), extra candidates.
pub fn post_checks(p: &mut Parsed) {
    use crate::domain::Cell;
    let b = &p.board;
    // `conflicts()` looks at 20 peers per cell: run it only when a house repeats a value.
    if has_duplicate_values(b) {
        for c in b.conflicts() {
            if let Some(d) = b.value(c) {
                let w = Warning::DuplicateValue { cell: c, digit: d };
                if !p.warnings.contains(&w) {
                    p.warnings.push(w);
                }
            }
        }
    }
    if b.candidates_specified() {
        let cands = b.all_candidates();
        for c in Cell::all() {
            if b.is_empty_cell(c) && cands[c.index()].is_empty() {
                let w = Warning::NoCandidates { cell: c };
                if !p.warnings.contains(&w) {
                    p.warnings.push(w);
                }
            }
        }
        let extras = b.extra_candidates().len();
        if extras > 0
            && !p
                .warnings
                .iter()
                .any(|w| matches!(w, Warning::ExtraCandidates { .. }))
        {
            p.warnings.push(Warning::ExtraCandidates { count: extras });
        }
    }
}

/// Cheap pre-check for [`post_checks`]: whether any house repeats a value.
fn has_duplicate_values(b: &Board) -> bool {
    let v = b.values_array();
    let (mut row, mut col, mut bx) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (i, &d) in v.iter().enumerate() {
        if d == 0 {
            continue;
        }
        let bit = 1u16 << (d - 1);
        let [r, k, x] = HOUSES_OF[i];
        let (r, k, x) = (r as usize, k as usize, x as usize);
        if (row[r] | col[k] | bx[x]) & bit != 0 {
            return true;
        }
        row[r] |= bit;
        col[k] |= bit;
        bx[x] |= bit;
    }
    false
}

/// Row, column and box of every cell.
const HOUSES_OF: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c, b) = crate::domain::Cell::row_col_box(i);
        t[i] = [r as u8, c as u8, b as u8];
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    const LIB: &str = ":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::";

    #[test]
    fn describe_names_the_format_and_the_eliminations() {
        assert_eq!(
            decode_any(LIB).unwrap().describe(),
            "HoDoKu library line with 8 eliminations"
        );
        let susser = encode(
            Format::SusserElims,
            &decode_any(LIB).unwrap().board,
            &WriteOptions::default(),
        )
        .unwrap();
        assert_eq!(
            decode_any(&susser).unwrap().describe(),
            "Susser line with 8 eliminations"
        );
    }

    #[test]
    fn post_checks_report_duplicates_dead_cells_and_extras() {
        let dup = format!("11{}", ".".repeat(79));
        let p = decode_any(&dup).unwrap();
        assert_eq!(p.warnings.len(), 2, "{:?}", p.warnings);
        assert!(p.describe().ends_with("(2 warnings)"));
        // r1c1 loses its only candidates: 1 is eliminated and 2-9 sit in its row.
        let line = format!(".23456789{}:111", ".".repeat(72));
        let p = decode_any(&line).unwrap();
        assert!(p.warnings.contains(&Warning::NoCandidates {
            cell: crate::domain::Cell::from_index(0)
        }));
        assert!(p.warnings[0].to_string().contains("r1c1"));
    }

    #[test]
    fn named_one_line_formats_skip_comment_lines() {
        let p = decode(Format::Hodoku, &format!("#C from HoDoKu\n{LIB}\n")).unwrap();
        assert_eq!(p.board, decode_any(LIB).unwrap().board);
        let e = decode(Format::Hodoku, &format!("{LIB}\n{LIB}")).unwrap_err();
        assert_eq!(e.to_string(), "hodoku: 2 lines, expected 1");
    }

    #[test]
    fn wrong_colon_count_is_a_library_error() {
        let e = decode_any(&LIB[..LIB.len() - 1]).unwrap_err();
        assert_eq!(e.to_string(), "hodoku: 5 colons, expected 6 or 7");
    }

    #[test]
    fn read_only_formats_refuse_to_write() {
        assert_eq!(
            encode(Format::Gsf, &Board::empty(), &WriteOptions::default()),
            Err(EncodeError::NotWritable(Format::Gsf))
        );
        for f in Format::ALL {
            assert_eq!(
                encode(f, &Board::empty(), &WriteOptions::default()).is_ok(),
                f.can_write(),
                "{f}"
            );
        }
    }
}
