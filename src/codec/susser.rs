//! One-line Susser family (docs/formats.md §3.1–3.3, §3.6): `susser`, `values`, `susser-plus`,
//! `susser-elims`, trailers, gsf q2 lines and alternative blank characters.
//!
//! The reader takes its cells from the one cell tokenizer ([`scan::CellLexer`]) into a fixed array;
//! the only allocations of a plain line are the `Parsed` itself (and the trailer text when there is
//! one).

use super::scan::{self, CellLexer, CellSym, Lexed, Lexeme};
use super::{DecodeError, DecodeErrorKind, Format, Parsed, Position, Warning, WriteOptions};
use crate::domain::{Board, Cell, Digit};

/// 81 optional values: `Some((digit, is_given))`.
pub type Values = [Option<(Digit, bool)>; 81];

/// The result of scanning 81 cells at the start of a line.
pub(crate) struct Scan {
    pub values: Values,
    /// Bytes consumed by the 81 cells.
    pub len: usize,
    /// Whether any `+d` cell was seen.
    pub plus: bool,
}

/// Scans exactly 81 cells of the §3.2 grammar (`d`, a blank, `+d`) at the start of `s` with the
/// cell tokenizer. `offset` is added to reported character positions (for fields inside a longer
/// line).
pub(crate) fn scan_cells(format: Format, s: &str, offset: usize) -> Result<Scan, DecodeError> {
    let plus_error = |col: usize| {
        DecodeError::invalid(format, scan::PLUS_WITHOUT_DIGIT).at(Position::Char(offset + col))
    };
    let mut values: Values = [None; 81];
    let mut plus = false;
    let mut len = 0usize;
    let mut lexer = CellLexer::new(s, CellLexer::no_skip, true);
    for (n, value) in values.iter_mut().enumerate() {
        let lexed = match lexer.next() {
            None => return Err(DecodeError::count(format, "cells", n, 81)),
            Some(Err(col)) => return Err(plus_error(col)),
            Some(Ok(l)) => l,
        };
        match lexed.lexeme {
            Lexeme::Cell(CellSym::Given(d)) => *value = Some((d, true)),
            Lexeme::Cell(CellSym::Filled(d)) => {
                *value = Some((d, false));
                plus = true;
            }
            Lexeme::Cell(CellSym::Blank) => {}
            Lexeme::Other(_) => {
                return Err(DecodeError::count(format, "cells", n, 81)
                    .at(Position::Char(offset + lexed.col)))
            }
        }
        len = lexed.end;
    }
    // More cells right after the 81st: report how many there are.
    let mut extra = 0;
    for lexed in lexer {
        match lexed {
            Err(col) => return Err(plus_error(col)),
            Ok(Lexed {
                lexeme: Lexeme::Cell(_),
                ..
            }) => extra += 1,
            Ok(_) => break,
        }
    }
    if extra > 0 {
        return Err(DecodeError::count(format, "cells", 81 + extra, 81));
    }
    Ok(Scan { values, len, plus })
}

/// Whether `b` may start a trailer right after the 81st cell (§3.6 item 1).
#[inline]
pub(crate) fn is_trailer_start(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'#' | b';' | b',')
}

/// Reads one line of the Susser family: §3.1 / §3.2 (with an optional trailer), §3.3 (after a
/// `:`), or the alternative-blank line of §3.6 item 4. `line` is one normalised line.
pub fn read(line: &str) -> Result<Parsed, DecodeError> {
    let line = line.trim_matches(' ');
    let bytes = line.as_bytes();
    let fmt_guess = if bytes.contains(&b':') {
        Format::SusserElims
    } else if bytes.contains(&b'+') {
        Format::SusserPlus
    } else {
        Format::Susser
    };
    let scan = match scan_cells(fmt_guess, line, 0) {
        Ok(s) => s,
        Err(e) => return read_alt_blank(line).ok_or(e),
    };
    finish(line, &scan)
}

/// The rest of [`read`] once the 81 cells at the start of `line` (trimmed) are scanned: end of
/// line, trailer, or `:` and eliminations.
pub(crate) fn finish(line: &str, scan: &Scan) -> Result<Parsed, DecodeError> {
    let rest = &line[scan.len..];
    match rest.as_bytes().first() {
        None => Ok(values_parsed(scan)),
        Some(b':') => read_elims(scan, &rest[1..], scan.len + 2),
        Some(&b) if is_trailer_start(b) => {
            let mut p = values_parsed(scan);
            p.meta.trailer = trailer_text(rest);
            Ok(p)
        }
        Some(_) => {
            let c = rest.chars().next().unwrap_or(' ');
            let format = if scan.plus {
                Format::SusserPlus
            } else {
                Format::Susser
            };
            Err(DecodeError::new(Some(format), DecodeErrorKind::BadChar(c))
                .at(Position::Char(scan.len + 1)))
        }
    }
}

/// The trailer as metadata: leading blanks dropped, `None` when nothing is left.
fn trailer_text(rest: &str) -> Option<String> {
    let t = rest.trim_matches(|c| c == ' ' || c == '\t');
    (!t.is_empty()).then(|| t.to_string())
}

fn values_parsed(scan: &Scan) -> Parsed {
    let board = Board::from_values(&scan.values);
    let format = if scan.plus {
        Format::SusserPlus
    } else {
        Format::Susser
    };
    Parsed::new(board, format)
}

/// §3.3: `triplets? WS* trailer?` after the colon. `offset` is the one-based character position
/// of `rest[0]` in the line.
fn read_elims(scan: &Scan, rest: &str, offset: usize) -> Result<Parsed, DecodeError> {
    let mut board = Board::from_values(&scan.values);
    board.set_candidates_specified(true);
    let mut warnings = Vec::new();
    let trailer = apply_triplets(
        &mut board,
        rest,
        &mut warnings,
        TripletCtx::Susser { offset },
    )?;
    let mut p = Parsed::new(board, Format::SusserElims);
    p.warnings = warnings;
    p.meta.trailer = trailer;
    Ok(p)
}

/// Where a triplet list sits, for error messages.
#[derive(Clone, Copy)]
pub(crate) enum TripletCtx {
    /// After the colon of a susser-elims line; `offset` = one-based position of the list.
    Susser { offset: usize },
    /// A HoDoKu library field.
    Hodoku { field: usize },
}

/// Parses a triplet list (`drc` separated by SP/TAB runs) and removes each candidate from the
/// board (§3.3 mapping). In the susser context a token starting with `#`, `;` or `,` begins a
/// trailer, which is returned. Triplets naming a value cell are ignored with a warning.
pub(crate) fn apply_triplets(
    board: &mut Board,
    list: &str,
    warnings: &mut Vec<Warning>,
    ctx: TripletCtx,
) -> Result<Option<String>, DecodeError> {
    let b = list.as_bytes();
    let mut i = 0usize;
    loop {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        if i >= b.len() {
            return Ok(None);
        }
        if let TripletCtx::Susser { .. } = ctx {
            if matches!(b[i], b'#' | b';' | b',') {
                return Ok(trailer_text(&list[i..]));
            }
        }
        let start = i;
        while i < b.len() && !matches!(b[i], b' ' | b'\t') {
            if matches!(ctx, TripletCtx::Susser { .. })
                && i >= start + 3
                && matches!(b[i], b'#' | b';' | b',')
            {
                break;
            }
            i += 1;
        }
        let tok = &b[start..i];
        let ok = tok.len() == 3 && tok.iter().all(|c| (b'1'..=b'9').contains(c));
        if !ok {
            let shown = String::from_utf8_lossy(tok);
            return Err(match ctx {
                TripletCtx::Susser { offset } => DecodeError::invalid(
                    Format::SusserElims,
                    format!("elimination {shown} is not a digit-row-column triplet"),
                )
                .at(Position::Char(offset + start)),
                TripletCtx::Hodoku { field } => DecodeError::invalid(
                    Format::Hodoku,
                    format!(
                        "elimination {shown} at field {field} is not a digit-row-column triplet"
                    ),
                ),
            });
        }
        let d = Digit::from_index((tok[0] - b'1') as usize);
        let c = Cell::from_rc((tok[1] - b'1') as usize, (tok[2] - b'1') as usize);
        if board.is_empty_cell(c) {
            if board.auto_candidates(c).contains(d) {
                board.eliminate(c, d);
            }
        } else {
            let w = Warning::EliminationOnValue { cell: c, digit: d };
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
    }
}

/// §3.6 item 4: an 81-character line of digits and blanks from `. 0 - * _ x X` (optionally
/// followed by a trailer), without `+`, `,` or `:`.
pub fn read_alt_blank(line: &str) -> Option<Parsed> {
    let b = line.as_bytes();
    if b.len() < 81 || b.iter().any(|c| matches!(c, b'+' | b',' | b':')) {
        return None;
    }
    if b.len() > 81 && !is_trailer_start(b[81]) {
        return None;
    }
    let mut values: Values = [None; 81];
    for (i, &c) in b[..81].iter().enumerate() {
        match c {
            b'1'..=b'9' => values[i] = Some((Digit::from_index((c - b'1') as usize), true)),
            c if scan::is_blank(c as char) || matches!(c, b'-' | b'*' | b'x' | b'X') => {}
            _ => return None,
        }
    }
    let mut p = Parsed::new(Board::from_values(&values), Format::Susser);
    p.meta.trailer = trailer_text(&line[81..]);
    Some(p)
}

/// §3.6 item 3: a gsf q2 taxonomy line (≥ 6 commas); the puzzle is field 4 (zero-based).
pub fn read_gsf(line: &str) -> Result<Parsed, DecodeError> {
    let commas = line.bytes().filter(|&b| b == b',').count();
    if commas < 6 {
        return Err(DecodeError::count(Format::Gsf, "commas", commas, 6));
    }
    let mut offset = 0usize;
    let mut field = "";
    for (k, f) in line.split(',').enumerate() {
        if k == 4 {
            field = f;
            break;
        }
        offset += f.len() + 1;
    }
    let trimmed = field.trim_matches(' ');
    let lead = field.len() - field.trim_start_matches(' ').len();
    let scan =
        scan_cells(Format::Gsf, trimmed, offset + lead).map_err(|e| e.at(Position::Field(4)))?;
    if scan.len != trimmed.len() {
        return Err(
            DecodeError::invalid(Format::Gsf, "field 4 holds more than the 81 cells")
                .at(Position::Field(4)),
        );
    }
    let mut p = Parsed::new(Board::from_values(&scan.values), Format::Gsf);
    p.meta.trailer = Some(line.to_string());
    Ok(p)
}

/// How a writer shows filled (non-given) digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Filled {
    /// As the placeholder (givens only).
    Drop,
    /// As plain digits (values as givens).
    Plain,
    /// As `+d`.
    Plus,
}

/// Appends the 81-cell grid (built in a stack buffer: one copy into `out`).
pub(crate) fn push_grid(out: &mut String, board: &Board, placeholder: char, filled: Filled) {
    let ph = placeholder as u8;
    let mut buf = [0u8; 162];
    let mut n = 0usize;
    for c in Cell::all() {
        match board.value(c) {
            Some(d) if board.is_given(c) => {
                buf[n] = b'0' + d.get();
                n += 1;
            }
            Some(d) => match filled {
                Filled::Drop => {
                    buf[n] = ph;
                    n += 1;
                }
                Filled::Plain => {
                    buf[n] = b'0' + d.get();
                    n += 1;
                }
                Filled::Plus => {
                    buf[n] = b'+';
                    buf[n + 1] = b'0' + d.get();
                    n += 2;
                }
            },
            None => {
                buf[n] = ph;
                n += 1;
            }
        }
    }
    out.push_str(std::str::from_utf8(&buf[..n]).expect("the grid is ASCII"));
}

/// Appends `E(S)` as triplets joined by single spaces; returns how many were written.
pub(crate) fn push_triplets(out: &mut String, board: &Board) -> usize {
    let elims = board.eliminations();
    for (k, (c, d)) in elims.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push(d.to_char());
        out.push((b'1' + c.row() as u8) as char);
        out.push((b'1' + c.col() as u8) as char);
    }
    elims.len()
}

/// The `+`-grid filled mode chosen by the options (values as givens wins, then givens only).
pub(crate) fn plus_mode(opts: &WriteOptions) -> Filled {
    if opts.values_as_givens {
        Filled::Plain
    } else if opts.givens_only {
        Filled::Drop
    } else {
        Filled::Plus
    }
}

/// `susser`: givens only (filled digits as the placeholder), or every value with
/// `values_as_givens`.
pub fn write_susser(board: &Board, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(81);
    let mode = if opts.values_as_givens {
        Filled::Plain
    } else {
        Filled::Drop
    };
    push_grid(&mut out, board, opts.placeholder(), mode);
    out
}

/// `values`: every given and filled digit as a plain digit (SunnieShine `!`, HoDoKu "values").
pub fn write_values(board: &Board, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(81);
    push_grid(&mut out, board, opts.placeholder(), Filled::Plain);
    out
}

/// `susser-plus`: `+d` for filled digits.
pub fn write_plus(board: &Board, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(100);
    push_grid(&mut out, board, opts.placeholder(), plus_mode(opts));
    out
}

/// `susser-elims` (canonical, §3.3): the `+` grid, then `:` and `E(S)` when it is not empty.
pub fn write_elims(board: &Board, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(192);
    push_grid(&mut out, board, opts.placeholder(), plus_mode(opts));
    let mark = out.len();
    out.push(':');
    if push_triplets(&mut out, board) == 0 {
        out.truncate(mark);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const S1: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

    #[test]
    fn counts_cells_not_characters() {
        let e = read(&S1[1..]).unwrap_err();
        assert_eq!(e.to_string(), "susser: 80 cells, expected 81");
        let e = read(&format!("{S1}5")).unwrap_err();
        assert_eq!(e.to_string(), "susser: 82 cells, expected 81");
        for bad in ["+0", "+.", "++5", "+"] {
            let line = format!("{}{bad}", &S1[..80]);
            assert!(read(&line).is_err(), "{line}");
        }
    }

    #[test]
    fn every_blank_symbol_reads_in_every_cell_reader() {
        let plus = format!("+1{}", &S1[1..]);
        for blank in ["_", "\u{b7}", "0"] {
            let line = S1.replace('.', blank);
            let p = read(&line).unwrap();
            assert_eq!(write_susser(&p.board, &WriteOptions::default()), S1);
            let p = read(&plus.replace('.', blank)).unwrap();
            assert_eq!(p.format, Format::SusserPlus);
            let p = crate::codec::decode_any(&line).unwrap();
            assert_eq!(p.format, Format::Susser, "{line}");
            let slots = crate::codec::sukaku::write(&p.board, &WriteOptions::default());
            let q = crate::codec::decode_any(&slots.replace('.', blank)).unwrap();
            assert_eq!(q.format, Format::Sukaku);
            assert_eq!(write_susser(&q.board, &WriteOptions::default()), S1);
        }
        // One message for a `+` without its digit, wherever the cells are read.
        let e = read(&format!("{}+", &S1[..80])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "susser-plus: '+' must be followed by a digit 1-9 at character 81"
        );
    }

    #[test]
    fn trailer_and_elims() {
        let p = read(&format!("{S1} ED=7.2/1.2/1.2")).unwrap();
        assert_eq!(p.meta.trailer.as_deref(), Some("ED=7.2/1.2/1.2"));
        assert_eq!(p.format, Format::Susser);
        let p = read(&format!("{S1}:111 # note")).unwrap();
        assert_eq!(p.format, Format::SusserElims);
        assert_eq!(p.board.eliminations().len(), 1);
        assert_eq!(p.meta.trailer.as_deref(), Some("# note"));
        let e = read(&format!("{S1}:1234")).unwrap_err();
        assert!(e.to_string().contains("1234"), "{e}");
        assert!(read(&format!("{S1}:012")).is_err());
        assert!(read(&format!("{S1}:a12")).is_err());
        // A triplet on a value is ignored with a warning (r1c5 holds the 8).
        let p = read(&format!("{S1}:815")).unwrap();
        assert_eq!(p.warnings.len(), 1);
        assert!(p.board.eliminations().is_empty());
        assert_eq!(write_elims(&p.board, &WriteOptions::default()), S1);
    }
}
