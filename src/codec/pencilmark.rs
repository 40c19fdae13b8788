//! Pencilmark grids: `pm-marked` (§3.8), `pm-plain` (§3.9, incl. the single-digit rule and HoDoKu
//! step markup), SudoCue `.sdx` (§3.16), and their writers.
//!
//! Both writers use the §3.8 layout (`w_j` = widest token of column j, box text
//! `SP t1 SP SP t2 SP SP t3 SP`); the plain writer writes values as bare digits, which is
//! byte-identical to SunnieShine's compatible mode and reads identically to HoDoKu's PM_GRID.

use super::layout::{push_border, push_candidates, push_n, FrameCorners};
use super::scan::{self, RawToken, TokenAt};
use super::{DecodeError, Format, Parsed, Position, Warning, WriteOptions};
use crate::domain::{Board, Cell, CellState, Digit, DigitSet};

/// One pencilmark token as seen by other readers (Rated Sudoku candidate tables).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PmToken {
    /// `<d>`.
    Given(Digit),
    /// `*d*` or `ud`.
    Filled(Digit),
    /// Candidate digits; `.`/`0` is the empty set; a single digit is a one-candidate set.
    Candidates(DigitSet),
}

/// Every pencilmark token of `text` in reading order, after dropping border, comment and text lines
/// (§2.3). The caller checks the count (81).
pub fn tokens(text: &str) -> Result<Vec<PmToken>, DecodeError> {
    let lines = scan::lines(text);
    let toks = scan::pm_tokens(&lines.data).map_err(|e| e.into_decode(Format::Pm))?;
    Ok(toks
        .into_iter()
        .map(|t| match t.token {
            RawToken::Given(d) => PmToken::Given(d),
            RawToken::Filled(d) | RawToken::User(d) => PmToken::Filled(d),
            RawToken::Cands { set, .. } => PmToken::Candidates(set),
        })
        .collect())
}

/// Reader choices for unmarked values (docs/formats.md §3.9 rule 3, §9 `ParseOptions`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PmOptions {
    /// Values recognised by the single-digit rule become `Filled` (Rated Sudoku semantics)
    /// instead of `Given` (HoDoKu, SunnieShine, SukakuExplainer).
    pub values_as_filled: bool,
    /// "Sukaku mode": keep every single digit as a one-candidate cell.
    pub keep_singles: bool,
    /// A repeated candidate digit (`113`) is an error instead of a warning (§3.8).
    pub strict: bool,
}

/// Reads a pencilmark grid: `pm-marked` when a `<d>` or `*d*` token is present, `sdx` when only
/// `ud` markers are, else `pm-plain`.
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    read_with(text, &PmOptions::default())
}

/// [`read`] with explicit options (they matter only for `pm-plain` and `sdx`).
pub fn read_with(text: &str, opts: &PmOptions) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    let toks = scan::pm_tokens(&lines.data).map_err(|e| e.into_decode(Format::Pm))?;
    let mut parsed = from_tokens_with(&toks, opts)?;
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

/// Builds the state from 81 tokens (shared with the TAB-separated reader of `multiline`).
pub(crate) fn from_tokens(toks: &[TokenAt]) -> Result<Parsed, DecodeError> {
    from_tokens_with(toks, &PmOptions::default())
}

fn from_tokens_with(toks: &[TokenAt], opts: &PmOptions) -> Result<Parsed, DecodeError> {
    let format = token_format(toks);
    if toks.len() != 81 {
        return Err(DecodeError::count(format, "tokens", toks.len(), 81));
    }
    let mut cells = [CellState::Empty(DigitSet::EMPTY); 81];
    let mut warnings = Vec::new();
    let singles_are_values = format != Format::PmMarked && !opts.keep_singles;
    let mut sets = [DigitSet::EMPTY; 81];
    for (i, t) in toks.iter().enumerate() {
        sets[i] = t.token.digits();
    }
    let singles = if singles_are_values {
        scan::isolated_singles(&sets)
    } else {
        [None; 81]
    };
    for (i, t) in toks.iter().enumerate() {
        cells[i] = match t.token {
            RawToken::Given(d) => CellState::Given(d),
            RawToken::Filled(d) | RawToken::User(d) => CellState::Filled(d),
            RawToken::Cands { set, repeated, .. } => {
                if repeated && opts.strict {
                    return Err(DecodeError::invalid(format, "repeated candidate digit").at(
                        Position::LineCol {
                            line: t.line,
                            col: t.col,
                        },
                    ));
                }
                if repeated {
                    warnings.push(Warning::RepeatedCandidate {
                        cell: Cell::from_index(i),
                    });
                }
                match singles[i] {
                    Some(d) if opts.values_as_filled => CellState::Filled(d),
                    Some(d) => CellState::Given(d),
                    None => CellState::Empty(set),
                }
            }
        };
    }
    let mut parsed = Parsed::new(Board::from_cells(&cells, true), format);
    parsed.warnings = warnings;
    Ok(parsed)
}

fn token_format(toks: &[TokenAt]) -> Format {
    let mut user = false;
    for t in toks {
        match t.token {
            RawToken::Given(_) | RawToken::Filled(_) => return Format::PmMarked,
            RawToken::User(_) => user = true,
            RawToken::Cands { .. } => {}
        }
    }
    if user {
        Format::Sdx
    } else {
        Format::Pm
    }
}

/// What a writer puts in one cell.
#[derive(Copy, Clone)]
enum Tok {
    Given(Digit),
    Filled(Digit),
    Bare(Digit),
    Cands(DigitSet),
}

impl Tok {
    #[inline]
    fn len(self) -> usize {
        match self {
            Tok::Given(_) | Tok::Filled(_) => 3,
            Tok::Bare(_) => 1,
            Tok::Cands(s) => (s.len() as usize).max(1),
        }
    }

    #[inline]
    fn push(self, out: &mut String, placeholder: char) {
        match self {
            Tok::Given(d) => {
                out.push('<');
                out.push(d.to_char());
                out.push('>');
            }
            Tok::Filled(d) => {
                out.push('*');
                out.push(d.to_char());
                out.push('*');
            }
            Tok::Bare(d) => out.push(d.to_char()),
            Tok::Cands(s) => push_candidates(out, s, placeholder),
        }
    }
}

/// The §3.8 layout around 81 tokens.
fn write_layout(toks: &[Tok; 81], opts: &WriteOptions) -> String {
    let placeholder = opts.placeholder();
    let mut w = [1usize; 9];
    for (i, t) in toks.iter().enumerate() {
        w[i % 9] = w[i % 9].max(t.len());
    }
    let seg = [
        w[0] + w[1] + w[2] + 6,
        w[3] + w[4] + w[5] + 6,
        w[6] + w[7] + w[8] + 6,
    ];
    let line_len = seg.iter().sum::<usize>() + 4;
    let mut out = String::with_capacity((line_len + 1) * 13);
    let corners = FrameCorners::new(opts.plus_borders);
    push_border(&mut out, corners.top, corners.top_mid, seg);
    for r in 0..9 {
        out.push('\n');
        if r == 3 || r == 6 {
            push_border(&mut out, corners.sep, corners.sep_mid, seg);
            out.push('\n');
        }
        out.push('|');
        for j in 0..9 {
            let t = toks[r * 9 + j];
            out.push(' ');
            t.push(&mut out, placeholder);
            push_n(&mut out, ' ', w[j] - t.len() + 1);
            if j % 3 == 2 {
                out.push('|');
            }
        }
    }
    out.push('\n');
    push_border(&mut out, corners.bot, corners.bot_mid, seg);
    out
}

/// `pm-marked` (docs/formats.md §3.8): `<d>` givens, `*d*` filled (every value `<d>` with
/// `values_as_givens`), ascending candidates, `.` (or `0`) for an empty candidate set.
pub fn write_marked(board: &Board, opts: &WriteOptions) -> String {
    let cells = board.cells();
    let mut toks = [Tok::Cands(DigitSet::EMPTY); 81];
    for (t, cs) in toks.iter_mut().zip(cells.iter()) {
        *t = match *cs {
            CellState::Given(d) => Tok::Given(d),
            CellState::Filled(d) if opts.values_as_givens => Tok::Given(d),
            CellState::Filled(d) => Tok::Filled(d),
            CellState::Empty(s) => Tok::Cands(s),
        };
    }
    write_layout(&toks, opts)
}

/// `pm` plain (docs/formats.md §3.9): the §3.8 layout with every value as a bare digit; byte-identical
/// to SunnieShine's compatible mode (`pencilmark-plain-2`), read identically to HoDoKu's PM_GRID.
pub fn write_plain(board: &Board, opts: &WriteOptions) -> String {
    let cells = board.cells();
    let mut toks = [Tok::Cands(DigitSet::EMPTY); 81];
    for (t, cs) in toks.iter_mut().zip(cells.iter()) {
        *t = match *cs {
            CellState::Given(d) | CellState::Filled(d) => Tok::Bare(d),
            CellState::Empty(s) => Tok::Cands(s),
        };
    }
    write_layout(&toks, opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }
    fn set(s: &str) -> DigitSet {
        s.chars().filter_map(Digit::from_char).collect()
    }
    fn grid_of(tokens: &[&str]) -> String {
        tokens
            .chunks(9)
            .map(|r| r.join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn tokens_for_rated_tables() {
        let t = tokens(".---.\n| 568  0 <4> *5* 1 |\n'---'").unwrap();
        assert_eq!(
            t,
            vec![
                PmToken::Candidates(set("568")),
                PmToken::Candidates(DigitSet::EMPTY),
                PmToken::Given(d(4)),
                PmToken::Filled(d(5)),
                PmToken::Candidates(set("1")),
            ]
        );
    }

    #[test]
    fn marked_reads_singles_as_candidates_and_counts_tokens() {
        let mut toks = vec!["123"; 81];
        toks[0] = "<1>";
        toks[1] = "*2*";
        toks[2] = "5";
        toks[3] = ".";
        let p = read(&grid_of(&toks)).unwrap();
        assert_eq!(p.format, Format::PmMarked);
        let c = p.board.cells();
        assert_eq!(c[0], CellState::Given(d(1)));
        assert_eq!(c[1], CellState::Filled(d(2)));
        assert_eq!(c[2], CellState::Empty(set("5")));
        assert_eq!(c[3], CellState::Empty(DigitSet::EMPTY));
        // Extra candidates are kept literally.
        assert_eq!(c[4], CellState::Empty(set("123")));
        assert!(p.board.candidates_specified());

        let e = read(&grid_of(&toks[..80])).unwrap_err();
        assert_eq!(e.to_string(), "pm-marked: 80 tokens, expected 81");
    }

    #[test]
    fn plain_single_rule_and_sdx() {
        let mut toks = vec!["2345"; 81];
        toks[0] = "1"; // no peer mentions 1: a value (given)
        toks[80] = "6"; // r9c9
        toks[79] = "67"; // r9c8 mentions 6: r9c9 stays a naked single
        let p = read(&grid_of(&toks)).unwrap();
        assert_eq!(p.format, Format::Pm);
        let c = p.board.cells();
        assert_eq!(c[0], CellState::Given(d(1)));
        assert_eq!(c[80], CellState::Empty(set("6")));

        toks[1] = "u7";
        toks[40] = "113"; // r5c5: not a peer of r1c1
        let p = read(&grid_of(&toks)).unwrap();
        let strict = PmOptions {
            strict: true,
            ..PmOptions::default()
        };
        let e = read_with(&grid_of(&toks), &strict).unwrap_err();
        assert_eq!(
            e.to_string(),
            "sdx: repeated candidate digit at line 5, column 21"
        );
        assert_eq!(p.format, Format::Sdx);
        let c = p.board.cells();
        assert_eq!(c[1], CellState::Filled(d(7)));
        assert_eq!(c[0], CellState::Given(d(1)));
        assert_eq!(
            p.warnings,
            vec![Warning::RepeatedCandidate {
                cell: Cell::from_index(40)
            }]
        );
    }

    #[test]
    fn plain_options_filled_and_sukaku_mode() {
        let mut toks = vec!["23"; 81];
        toks[0] = "1";
        let text = grid_of(&toks);
        let filled = read_with(
            &text,
            &PmOptions {
                values_as_filled: true,
                ..PmOptions::default()
            },
        )
        .unwrap();
        assert_eq!(filled.board.cells()[0], CellState::Filled(d(1)));
        let kept = read_with(
            &text,
            &PmOptions {
                keep_singles: true,
                ..PmOptions::default()
            },
        )
        .unwrap();
        assert_eq!(kept.board.cells()[0], CellState::Empty(set("1")));
    }

    #[test]
    fn marked_writer_layout_and_round_trip() {
        let mut cells = [CellState::Empty(set("12")); 81];
        cells[0] = CellState::Given(d(3));
        cells[1] = CellState::Filled(d(4));
        cells[2] = CellState::Empty(DigitSet::EMPTY);
        cells[3] = CellState::Empty(set("3"));
        let b = Board::from_cells(&cells, true);
        let text = write_marked(&b, &WriteOptions::default());
        let first: Vec<&str> = text.lines().take(2).collect();
        assert_eq!(
            first,
            vec![
                ".--------------.------------.------------.",
                "| <3>  *4*  .  | 3   12  12 | 12  12  12 |"
            ]
        );
        assert_eq!(text.lines().count(), 13);
        assert!(!text.ends_with('\n'));
        assert_eq!(read(&text).unwrap().board, b);

        let plus = write_marked(
            &b,
            &WriteOptions {
                plus_borders: true,
                zeros: true,
                ..WriteOptions::default()
            },
        );
        assert!(plus.starts_with("+--------------+------------+"));
        assert!(plus.lines().nth(1).unwrap().contains(" 0  |"));
        assert_eq!(read(&plus).unwrap().board, b);
    }
}
