//! `grid-lines` (docs/formats.md §3.7): 9x9 text, boxed grids, `.sdk`, `.ss`, SudoRules `!` walls,
//! `+d` filled digits, `·` blanks; plus the 9-line and canonical boxed writers.

use super::layout::{push_border, FrameCorners};
use super::scan::{self, CellSym, DataLine};
use super::{DecodeError, Format, Parsed, WriteOptions};
use crate::domain::{Board, CellState, Digit};

/// The format of a value grid: `Boxed` when border lines were present, else `Grid`.
pub(crate) fn value_grid_format(borders: usize) -> Format {
    if borders > 0 {
        Format::Boxed
    } else {
        Format::Grid
    }
}

/// Reads a value grid: `Boxed` when border lines were present, else `Grid`.
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    let format = value_grid_format(lines.borders);
    let mut parsed = read_lines(&lines.data, format)?;
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

/// [`read`] on data lines already split by [`scan::lines`].
pub(crate) fn read_lines(data: &[DataLine<'_>], format: Format) -> Result<Parsed, DecodeError> {
    let values = values_of(data, format)?;
    Ok(Parsed::new(Board::from_values(&values), format))
}

/// [`read_lines`] on cells already scanned by [`scan::scan_values`] (the detector scans once).
pub(crate) fn from_scanned(cells: &[CellSym], format: Format) -> Result<Parsed, DecodeError> {
    let values = values_from(cells, format)?;
    Ok(Parsed::new(Board::from_values(&values), format))
}

/// Scans exactly 81 value cells: `Some((digit, is_given))` per cell.
pub(crate) fn values_of(
    data: &[DataLine<'_>],
    format: Format,
) -> Result<[Option<(Digit, bool)>; 81], DecodeError> {
    let cells = scan::scan_values(data).map_err(|e| e.into_decode(format))?;
    values_from(&cells, format)
}

/// Exactly 81 scanned cells as `Some((digit, is_given))` per cell.
fn values_from(
    cells: &[CellSym],
    format: Format,
) -> Result<[Option<(Digit, bool)>; 81], DecodeError> {
    if cells.len() != 81 {
        return Err(DecodeError::count(format, "cells", cells.len(), 81));
    }
    let mut values = [None; 81];
    for (v, &c) in values.iter_mut().zip(cells) {
        *v = match c {
            CellSym::Blank => None,
            CellSym::Given(d) => Some((d, true)),
            CellSym::Filled(d) => Some((d, false)),
        };
    }
    Ok(values)
}

/// What a value writer shows in a cell: `None` = placeholder, `Some((d, plus))`.
#[inline]
fn shown(cs: CellState, opts: &WriteOptions, plus_allowed: bool) -> Option<(Digit, bool)> {
    match cs {
        CellState::Given(d) => Some((d, false)),
        CellState::Filled(_) if opts.givens_only => None,
        CellState::Filled(d) => Some((d, plus_allowed && !opts.values_as_givens)),
        CellState::Empty(_) => None,
    }
}

/// 9 lines of 9 characters, LF-separated, no trailing newline. Givens and filled digits are both
/// written as plain digits (`π_flat`); `givens_only` drops the filled ones.
pub fn write_grid(board: &Board, opts: &WriteOptions) -> String {
    let ph = opts.placeholder();
    let cells = board.cells();
    let mut out = String::with_capacity(89);
    for (i, cs) in cells.iter().enumerate() {
        if i > 0 && i % 9 == 0 {
            out.push('\n');
        }
        out.push(match shown(*cs, opts, false) {
            Some((d, _)) => d.to_char(),
            None => ph,
        });
    }
    out
}

/// The canonical boxed grid (§3.7): one character per cell when no filled digit is shown, else two
/// right-aligned characters with `+d` for filled digits; `.`/`:`/`'` corners (or `+` everywhere
/// with `plus_borders`); LF-separated, no trailing newline.
pub fn write_boxed(board: &Board, opts: &WriteOptions) -> String {
    let ph = opts.placeholder();
    let cells = board.cells();
    let mut shown_cells = [None; 81];
    let mut wide = false;
    for (s, cs) in shown_cells.iter_mut().zip(cells.iter()) {
        *s = shown(*cs, opts, true);
        wide |= matches!(*s, Some((_, true)));
    }
    let seg = if wide { 10 } else { 7 };
    let line_len = 3 * seg + 4;
    let mut out = String::with_capacity((line_len + 1) * 13);
    let corners = FrameCorners::new(opts.plus_borders);
    push_border(&mut out, corners.top, corners.top_mid, [seg; 3]);
    for r in 0..9 {
        out.push('\n');
        if r == 3 || r == 6 {
            push_border(&mut out, corners.sep, corners.sep_mid, [seg; 3]);
            out.push('\n');
        }
        out.push('|');
        for j in 0..9 {
            out.push(' ');
            match shown_cells[r * 9 + j] {
                Some((d, plus)) => {
                    if wide {
                        out.push(if plus { '+' } else { ' ' });
                    }
                    out.push(d.to_char());
                }
                None => {
                    if wide {
                        out.push(' ');
                    }
                    out.push(ph);
                }
            }
            if j % 3 == 2 {
                out.push_str(" |");
            }
        }
    }
    out.push('\n');
    push_border(&mut out, corners.bot, corners.bot_mid, [seg; 3]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Cell;

    const SUSSER: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

    fn board_of(s: &str) -> Board {
        let mut values = [None; 81];
        for (v, c) in values.iter_mut().zip(s.chars()) {
            *v = Digit::from_char(c).map(|d| (d, true));
        }
        Board::from_values(&values)
    }

    #[test]
    fn nine_lines_sdk_and_comments() {
        let text = "#ARuud\n[Puzzle]\n2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n.2.7.1.6.\n.81...24.\n7..4.2..1";
        let p = read(text).unwrap();
        assert_eq!(p.format, Format::Grid);
        assert_eq!(p.meta.comments, vec!["#ARuud", "[Puzzle]"]);
        assert_eq!(p.board.given_count(), 36);
        assert!(!p.board.candidates_specified());
        assert_eq!(write_grid(&p.board, &WriteOptions::default()), &text[16..]);
    }

    #[test]
    fn boxed_plus_and_errors() {
        let b = board_of(SUSSER);
        let mut b2 = b.clone();
        b2.set_filled(Cell::from_index(0), Digit::new(4).unwrap());
        let text = write_boxed(&b2, &WriteOptions::default());
        assert!(text.starts_with(".----------.----------.----------.\n| +4  .  . |  .  8  . |"));
        let p = read(&text).unwrap();
        assert_eq!(p.format, Format::Boxed);
        assert_eq!(p.board, b2);
        // givens_only drops the filled digit and goes back to the narrow layout.
        let narrow = write_boxed(
            &b2,
            &WriteOptions {
                givens_only: true,
                ..WriteOptions::default()
            },
        );
        assert_eq!(read(&narrow).unwrap().board, b);
        let flat = write_boxed(
            &b2,
            &WriteOptions {
                values_as_givens: true,
                plus_borders: true,
                zeros: true,
                ..WriteOptions::default()
            },
        );
        assert!(flat.starts_with("+-------+-------+-------+\n| 4 0 0 | 0 8 0 |"));

        let e = read(&SUSSER[..80]).unwrap_err();
        assert_eq!(e.to_string(), "grid: 80 cells, expected 81");
        let e = read(&format!("{}\n{}", &SUSSER[..40], "1x")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "grid: unexpected character 'x' at line 2, column 2"
        );
    }
}
