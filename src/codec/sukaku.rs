//! `sukaku-729` (docs/formats.md §3.11): 81 blocks of 9 slots, slot i about digit i, a blank
//! symbol (§2.2) = absent.
//! Whitespace between blocks (and lines) is allowed. The writer also has the SunnieShine `@~`
//! multi-line form (9 rows of 9 right-aligned candidate strings), which reads back as `pm-plain`.

use super::layout::{push_candidates, push_n};
use super::scan::{self, CellLexer, CellSym, Lexeme};
use super::{DecodeError, DecodeErrorKind, Format, Parsed, Position, WriteOptions};
use crate::domain::{Board, CellState, Digit, DigitSet};

/// Reader choices (docs/formats.md §3.11, §9 `ParseOptions`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SukakuOptions {
    /// Reject a digit whose value differs from its slot (lenient: any digit means "present").
    pub strict: bool,
    /// "Sukaku mode": keep isolated singles as one-candidate cells instead of making them givens.
    pub keep_singles: bool,
    /// Isolated singles become `Filled` (Rated Sudoku) instead of `Given` (SukakuExplainer).
    pub values_as_filled: bool,
}

/// Reads a 729-character candidate string (lenient, isolated singles become givens).
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    read_with(text, &SukakuOptions::default())
}

/// [`read`] with explicit options.
pub fn read_with(text: &str, opts: &SukakuOptions) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    let mut sets = [DigitSet::EMPTY; 81];
    let mut n = 0usize;
    for dl in &lines.data {
        // No `+d` here: a `+` is handed back as an unexpected character.
        for lexed in CellLexer::new(dl.text, char::is_whitespace, false) {
            let (lexeme, col) = match lexed {
                Ok(l) => (l.lexeme, l.col),
                Err(col) => (Lexeme::Other('+'), col),
            };
            let at = Position::LineCol { line: dl.line, col };
            let present = match lexeme {
                Lexeme::Cell(CellSym::Blank) => false,
                Lexeme::Cell(CellSym::Given(d) | CellSym::Filled(d)) => {
                    let slot = n % 9 + 1;
                    if opts.strict && d.get() as usize != slot {
                        return Err(DecodeError::invalid(
                            Format::Sukaku,
                            format!("digit {d} in slot {slot}"),
                        )
                        .at(at));
                    }
                    true
                }
                Lexeme::Other(c) => {
                    return Err(
                        DecodeError::new(Some(Format::Sukaku), DecodeErrorKind::BadChar(c)).at(at),
                    )
                }
            };
            if present && n < 729 {
                sets[n / 9].insert(Digit::from_index(n % 9));
            }
            n += 1;
        }
    }
    if n != 729 {
        return Err(DecodeError::count(Format::Sukaku, "characters", n, 729));
    }
    let singles = if opts.keep_singles {
        [None; 81]
    } else {
        scan::isolated_singles(&sets)
    };
    let mut cells = [CellState::Empty(DigitSet::EMPTY); 81];
    for i in 0..81 {
        cells[i] = match singles[i] {
            Some(d) if opts.values_as_filled => CellState::Filled(d),
            Some(d) => CellState::Given(d),
            None => CellState::Empty(sets[i]),
        };
    }
    let mut parsed = Parsed::new(Board::from_cells(&cells, true), Format::Sukaku);
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

/// The digits a cell shows in the 729 projection: its value, or its candidates.
#[inline]
fn present(cs: CellState) -> DigitSet {
    match cs {
        CellState::Given(d) | CellState::Filled(d) => DigitSet::single(d),
        CellState::Empty(s) => s,
    }
}

/// 729 characters (slot i = digit i or the placeholder), no separators, no newline; with
/// `multiline` (SunnieShine `@~`), 9 rows of 9 candidate strings right-aligned to the widest of
/// their column, single spaces between (placeholder for a cell without candidates; two spaces
/// when every column is one symbol wide).
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    let ph = opts.placeholder();
    let cells = board.cells();
    if opts.multiline {
        let mut width = [1usize; 9];
        for (i, c) in cells.iter().enumerate() {
            width[i % 9] = width[i % 9].max(present(*c).len() as usize);
        }
        // Nine one-symbol columns would read as a value grid; two spaces between them keep the
        // pencilmark reading (docs/formats.md, "Value grid or pencilmark grid").
        let gap = if width.iter().all(|&w| w == 1) { 2 } else { 1 };
        let mut out = String::with_capacity(9 * (width.iter().sum::<usize>() + 9 * gap));
        for (i, cs) in cells.iter().enumerate() {
            if i % 9 == 0 {
                if i > 0 {
                    out.push('\n');
                }
            } else {
                push_n(&mut out, ' ', gap);
            }
            let set = present(*cs);
            let len = (set.len() as usize).max(1);
            push_n(&mut out, ' ', width[i % 9].saturating_sub(len));
            push_candidates(&mut out, set, ph);
        }
        return out;
    }
    let mut out = String::with_capacity(729);
    for cs in cells.iter() {
        let set = present(*cs);
        for d in Digit::ALL {
            out.push(if set.contains(d) { d.to_char() } else { ph });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn slots_singles_and_options() {
        let mut cells = [CellState::Empty(DigitSet::from_bits(0b11)); 81];
        cells[40] = CellState::Given(d(9));
        cells[0] = CellState::Filled(d(5));
        let b = Board::from_cells(&cells, true);
        let s = write(&b, &WriteOptions::default());
        assert_eq!(s.len(), 729);
        assert_eq!(&s[..18], "....5....12.......");
        let p = read(&s).unwrap();
        assert_eq!(p.format, Format::Sukaku);
        // Values come back as givens (π_729).
        assert_eq!(p.board.cells()[0], CellState::Given(d(5)));
        assert_eq!(p.board.cells()[40], CellState::Given(d(9)));
        let kept = read_with(
            &s,
            &SukakuOptions {
                keep_singles: true,
                ..SukakuOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            kept.board.cells()[0],
            CellState::Empty(DigitSet::single(d(5)))
        );
        let filled = read_with(
            &s,
            &SukakuOptions {
                values_as_filled: true,
                ..SukakuOptions::default()
            },
        )
        .unwrap();
        assert_eq!(filled.board.cells()[0], CellState::Filled(d(5)));

        // Lenient: any digit in a slot means "present"; strict rejects the mismatch.
        let mut wrong = s.clone();
        wrong.replace_range(9..10, "7");
        assert_eq!(read(&wrong).unwrap().board, p.board);
        let strict = SukakuOptions {
            strict: true,
            ..SukakuOptions::default()
        };
        assert!(read_with(&wrong, &strict).is_err());

        // Whitespace and line breaks are ignored; counts are checked.
        let spaced: String = s
            .as_bytes()
            .chunks(81)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(read(&spaced).unwrap().board, p.board);
        assert_eq!(
            read(&s[..728]).unwrap_err().to_string(),
            "sukaku: 728 characters, expected 729"
        );
        assert!(read(&format!("{s}.")).is_err());
    }

    #[test]
    fn multiline_writer_reads_back_as_pm() {
        let mut cells = [CellState::Empty(DigitSet::from_bits(0b111)); 81];
        cells[0] = CellState::Given(d(9));
        cells[1] = CellState::Empty(DigitSet::EMPTY);
        // Column 9 holds only one-candidate cells: its width is 1.
        for r in 0..9 {
            cells[r * 9 + 8] = CellState::Empty(DigitSet::single(d(1)));
        }
        let b = Board::from_cells(&cells, true);
        let opts = WriteOptions {
            multiline: true,
            ..WriteOptions::default()
        };
        let s = write(&b, &opts);
        assert!(s.starts_with("  9   . 123 123"));
        assert_eq!(
            s.lines().nth(1).unwrap(),
            "123 123 123 123 123 123 123 123 1"
        );
        assert_eq!(s.lines().count(), 9);
        let p = crate::codec::pencilmark::read(&s).unwrap();
        assert_eq!(p.board, b);
    }
}
