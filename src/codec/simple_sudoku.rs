//! `ss-stacked` (docs/formats.md §3.10): Simple Sudoku's 2- or 3-grid exports (givens, [all values,]
//! pencilmark grid). The writer follows HoDoKu's "Copy for SimpleSudoku" (docs/hodoku.md §2): givens
//! grid, values grid, pencilmark grid, separated by two empty lines, but frames the grids exactly as
//! Simple Sudoku itself does (no leading space, `|---+---+---|` band lines inside the pencilmark
//! grid), which reproduces `simple-sudoku-3` byte for byte; HoDoKu's variant (leading space on every
//! line, `*` at the start of inner band lines) reads back identically.

use super::layout::{push_candidates, push_n};
use super::scan::{self, DataLine, RawToken};
use super::{DecodeError, Format, Parsed, Warning, WriteOptions};
use crate::domain::{Board, Cell, CellState, DigitSet};

/// Reads 18 or 27 data lines: givens grid, (values grid,) pencilmark grid.
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    let mut parsed = read_lines(&lines.data)?;
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

/// [`read`] on data lines already split by [`scan::lines`].
pub(crate) fn read_lines(data: &[DataLine<'_>]) -> Result<Parsed, DecodeError> {
    let f = Format::SimpleSudoku;
    let n = data.len();
    if n != 18 && n != 27 {
        return Err(DecodeError::count(f, "lines", n, 27));
    }
    let givens = super::grid::values_of(&data[..9], f)?;
    let values = if n == 27 {
        Some(super::grid::values_of(&data[9..18], f)?)
    } else {
        None
    };
    let toks = scan::pm_tokens(&data[n - 9..]).map_err(|e| e.into_decode(f))?;
    if toks.len() != 81 {
        return Err(DecodeError::count(f, "pencilmark tokens", toks.len(), 81));
    }
    let mut sets = [DigitSet::EMPTY; 81];
    for (s, t) in sets.iter_mut().zip(toks.iter()) {
        *s = t.token.digits();
    }
    // With two blocks, isolated singles of the pencilmark grid are the placed digits (§3.9 rule 2).
    let singles = if values.is_none() {
        scan::isolated_singles(&sets)
    } else {
        [None; 81]
    };
    let mut cells = [CellState::Empty(DigitSet::EMPTY); 81];
    let mut warnings = Vec::new();
    for i in 0..81 {
        let placed = values.as_ref().and_then(|v| v[i]).map(|(d, _)| d);
        cells[i] = match (givens[i], placed, singles[i]) {
            (Some((d, _)), _, _) => CellState::Given(d),
            (None, Some(d), _) => CellState::Filled(d),
            (None, None, Some(d)) if values.is_none() => CellState::Filled(d),
            _ => {
                if let RawToken::Cands { repeated: true, .. } = toks[i].token {
                    warnings.push(Warning::RepeatedCandidate {
                        cell: Cell::from_index(i),
                    });
                }
                CellState::Empty(sets[i])
            }
        };
    }
    let mut parsed = Parsed::new(Board::from_cells(&cells, true), f);
    parsed.warnings = warnings;
    Ok(parsed)
}

/// One Simple Sudoku value grid (`*-----------*`, `|.3.|4..|...|`, `|---+---+---|`), each line
/// followed by LF.
fn push_value_grid(out: &mut String, cells: &[CellState; 81], ph: char, givens_only: bool) {
    out.push_str("*-----------*\n");
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str("|---+---+---|\n");
        }
        for j in 0..9 {
            if j % 3 == 0 {
                out.push('|');
            }
            out.push(match cells[r * 9 + j] {
                CellState::Given(d) => d.to_char(),
                CellState::Filled(d) if !givens_only => d.to_char(),
                _ => ph,
            });
        }
        out.push_str("|\n");
    }
    out.push_str("*-----------*\n");
}

/// Givens grid, two empty lines, values grid, two empty lines, pencilmark grid (every cell padded
/// to the widest token + 2, `*---*` frame, `|---+---+---|` band lines); no trailing newline.
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    let ph = opts.placeholder();
    let cells = board.cells();
    let tok_len = |cs: CellState| match cs {
        CellState::Given(_) | CellState::Filled(_) => 1,
        CellState::Empty(s) => (s.len() as usize).max(1),
    };
    let w = cells.iter().map(|c| tok_len(*c)).max().unwrap_or(1) + 2;
    let box_w = 3 * w + 1;
    let mut out = String::with_capacity(2 * 14 * 14 + 13 * (3 * box_w + 6));
    push_value_grid(&mut out, &cells, ph, true);
    out.push_str("\n\n");
    push_value_grid(&mut out, &cells, ph, false);
    out.push_str("\n\n");
    out.push('*');
    push_n(&mut out, '-', 3 * box_w + 2);
    out.push('*');
    for r in 0..9 {
        out.push('\n');
        if r == 3 || r == 6 {
            for b in 0..3 {
                out.push(if b == 0 { '|' } else { '+' });
                push_n(&mut out, '-', box_w);
            }
            out.push('|');
            out.push('\n');
        }
        for j in 0..9 {
            if j % 3 == 0 {
                out.push_str("| ");
            }
            let cs = cells[r * 9 + j];
            match cs {
                CellState::Given(d) | CellState::Filled(d) => out.push(d.to_char()),
                CellState::Empty(s) => push_candidates(&mut out, s, ph),
            }
            push_n(&mut out, ' ', w - tok_len(cs));
        }
        out.push('|');
    }
    out.push('\n');
    out.push('*');
    push_n(&mut out, '-', 3 * box_w + 2);
    out.push('*');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Digit;

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn three_blocks_round_trip_exactly() {
        let mut cells = [CellState::Empty(DigitSet::from_bits(0b1_1000_0000)); 81];
        cells[0] = CellState::Given(d(1));
        cells[1] = CellState::Filled(d(2));
        cells[2] = CellState::Empty(DigitSet::single(d(3)));
        cells[3] = CellState::Empty(DigitSet::EMPTY);
        let b = Board::from_cells(&cells, true);
        let text = write(&b, &WriteOptions::default());
        assert!(text.starts_with("*-----------*\n|1..|...|...|\n"));
        assert!(text.contains("*-----------*\n\n\n*-----------*\n|12.|"));
        let p = read(&text).unwrap();
        assert_eq!(p.format, Format::SimpleSudoku);
        assert_eq!(p.board, b);

        // HoDoKu's framing: a leading space on every line, `*` starting inner band lines.
        let hodoku: Vec<String> = text
            .lines()
            .map(|l| match l.strip_prefix("|-") {
                Some(rest) if l.len() > 20 => format!(" *-{rest}"),
                _ if l.is_empty() => String::new(),
                _ => format!(" {l}"),
            })
            .collect();
        let crlf = scan::normalize(&hodoku.join("\r\n"));
        assert_eq!(read(&crlf).unwrap().board, b);
    }

    #[test]
    fn two_blocks_make_isolated_singles_filled() {
        let mut cells = [CellState::Empty(DigitSet::from_bits(0b1_1000_0000)); 81];
        cells[0] = CellState::Given(d(1));
        cells[1] = CellState::Filled(d(2));
        let b = Board::from_cells(&cells, true);
        let text = write(&b, &WriteOptions::default());
        // Drop the values grid: 2-block form.
        let blocks: Vec<&str> = text.split("\n\n\n").collect();
        assert_eq!(blocks.len(), 3);
        let two = format!("{}\n\n\n{}", blocks[0], blocks[2]);
        assert_eq!(read(&two).unwrap().board, b);
        let e = read(blocks[0]).unwrap_err();
        assert_eq!(e.to_string(), "simple-sudoku: 9 lines, expected 27");
    }
}
