//! The shared lexical layer under every reader (docs/formats.md §2): normalisation, line classes, and
//! THE grid tokenizer every multi-line reader uses.
//!
//! * [`lines`] splits a normalised text into data lines after dropping border, comment and text
//!   lines (§2.3), keeping the dropped comment/text lines as metadata.
//! * [`CellLexer`] is the one cell tokenizer: one cell per digit, blank symbol ([`is_blank`], §2.2)
//!   or `+d` pair; [`scan_values`] reads a value grid with it, separators (§2.3) skipped (§3.7).
//! * [`pm_tokens`] splits data lines into pencilmark tokens (§3.8, §3.9, §3.16) and
//!   [`parse_pm_token`] reads one token (also used for TAB-separated fields).
//! * [`isolated_singles`] is the single-digit rule of §3.9 rule 2, shared by the pencilmark,
//!   Sukaku and Simple Sudoku readers.

use super::{DecodeError, DecodeErrorKind, Format, Position};
use crate::domain::{Cell, Digit, DigitSet};

/// Normalises pasted text (§2.1): drop a BOM, CRLF/CR to LF, NBSP and ideographic space to SP,
/// strip trailing SP from each line (never TAB), drop leading and trailing blank lines.
pub fn normalize(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut unified = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                unified.push('\n');
            }
            '\u{a0}' | '\u{3000}' => unified.push(' '),
            c => unified.push(c),
        }
    }
    let lines: Vec<&str> = unified
        .split('\n')
        .map(|l| l.trim_end_matches(' '))
        .collect();
    let is_blank = |l: &&str| l.is_empty();
    let start = lines.iter().position(|l| !is_blank(l));
    let Some(start) = start else {
        return String::new();
    };
    let end = lines.iter().rposition(|l| !is_blank(l)).unwrap_or(start);
    lines[start..=end].join("\n")
}

/// The class of a line in a multi-line input (§2.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineClass {
    /// Contains `---` and no digit 1-9.
    Border,
    /// `#...` comment or `[Section]` header.
    Comment,
    /// Contains a word (two consecutive Latin letters).
    Text,
    /// Empty or only spaces.
    Blank,
    /// Everything else.
    Data,
}

/// Classifies one normalised line (§2.3).
pub fn classify_line(line: &str) -> LineClass {
    let trimmed = line.trim_matches(|c| c == ' ' || c == '\t');
    if trimmed.is_empty() {
        // A row of TABs is data (an Excel row of empty cells), never blank.
        return if line.contains('\t') {
            LineClass::Data
        } else {
            LineClass::Blank
        };
    }
    if trimmed.starts_with('#') || (trimmed.starts_with('[') && trimmed.ends_with(']')) {
        return LineClass::Comment;
    }
    if line.contains("---") && !line.chars().any(|c| ('1'..='9').contains(&c)) {
        return LineClass::Border;
    }
    let mut prev_letter = false;
    for c in line.chars() {
        let letter = c.is_ascii_alphabetic();
        if letter && prev_letter {
            return LineClass::Text;
        }
        prev_letter = letter;
    }
    LineClass::Data
}

/// Whether `c` separates tokens inside a data line (§2.3): SP, TAB, `|`, `!`, `,`, `;`.
#[inline]
pub fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '|' | '!' | ',' | ';')
}

/// A data line of a normalised text, with its one-based line number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DataLine<'a> {
    pub line: usize,
    pub text: &'a str,
}

/// The lines of a normalised text after §2.3.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines<'a> {
    /// What remains after dropping border, comment, text and blank lines.
    pub data: Vec<DataLine<'a>>,
    /// Comment lines (`#...`, `[Puzzle]`) and text lines, trimmed, in input order.
    pub comments: Vec<String>,
    /// Number of border lines dropped (a boxed grid has some).
    pub borders: usize,
}

/// Classifies every line of a normalised text (§2.3). A stray CR at a line end is ignored, so a
/// reader called on un-normalised CRLF text still sees its lines.
pub fn lines(text: &str) -> Lines<'_> {
    let mut out = Lines::default();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        match classify_line(line) {
            LineClass::Data => out.data.push(DataLine {
                line: i + 1,
                text: line,
            }),
            LineClass::Border => out.borders += 1,
            LineClass::Comment | LineClass::Text => out.comments.push(line.trim().to_string()),
            LineClass::Blank => {}
        }
    }
    out
}

/// A problem found by the tokenizer; the reader turns it into a [`DecodeError`] naming its format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScanError {
    pub kind: DecodeErrorKind,
    pub at: Position,
}

impl ScanError {
    fn bad_char(c: char, line: usize, col: usize) -> ScanError {
        ScanError {
            kind: DecodeErrorKind::BadChar(c),
            at: Position::LineCol { line, col },
        }
    }
    fn invalid(msg: &str, line: usize, col: usize) -> ScanError {
        ScanError {
            kind: DecodeErrorKind::Invalid(msg.to_string()),
            at: Position::LineCol { line, col },
        }
    }
    /// The same problem, attributed to `format`.
    pub fn into_decode(self, format: Format) -> DecodeError {
        DecodeError::new(Some(format), self.kind).at(self.at)
    }
}

/// One cell of a value grid (§2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CellSym {
    Blank,
    Given(Digit),
    /// `+d`: a digit the player placed.
    Filled(Digit),
}

/// Whether `c` is a blank cell symbol (§2.2): `.`, `0`, `·` (U+00B7) or `_`. Every reader of
/// cells uses this one set; only the 81-character line of §3.6 item 4 adds its own.
#[inline]
pub fn is_blank(c: char) -> bool {
    matches!(c, '.' | '0' | '\u{b7}' | '_')
}

/// The one message for a `+` that is not followed by a digit (§2.2).
pub const PLUS_WITHOUT_DIGIT: &str = "'+' must be followed by a digit 1-9";

/// What the cell tokenizer found at one place of the text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lexeme {
    /// A digit, a blank symbol or a `+d` pair.
    Cell(CellSym),
    /// Any other character (not skipped): an error or the end of the cells, as the caller decides.
    Other(char),
}

/// A lexeme with the one-based character column of its first character and its byte range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lexed {
    pub lexeme: Lexeme,
    pub col: usize,
    pub start: usize,
    pub end: usize,
}

/// THE cell tokenizer (§2.2): every digit 1-9, blank symbol ([`is_blank`]) and, when `plus` is on,
/// `+d` pair of a text is a cell; characters for which `skip` holds are passed over; anything else
/// is handed back as [`Lexeme::Other`]. A `+` without a digit after it yields `Err(column)`.
/// Value grids, Susser lines, HoDoKu and gsf fields and the 729 slots of Sukaku all read their
/// cells through it.
#[derive(Clone, Debug)]
pub struct CellLexer<'a> {
    text: &'a str,
    byte: usize,
    col: usize,
    skip: fn(char) -> bool,
    plus: bool,
}

impl<'a> CellLexer<'a> {
    pub fn new(text: &'a str, skip: fn(char) -> bool, plus: bool) -> CellLexer<'a> {
        CellLexer {
            text,
            byte: 0,
            col: 0,
            skip,
            plus,
        }
    }

    /// Skips nothing (one-line forms, where any non-cell character ends the cells).
    pub fn no_skip(_: char) -> bool {
        false
    }
}

impl Iterator for CellLexer<'_> {
    type Item = Result<Lexed, usize>;

    #[inline]
    fn next(&mut self) -> Option<Result<Lexed, usize>> {
        loop {
            let c = self.text[self.byte..].chars().next()?;
            let start = self.byte;
            self.byte += c.len_utf8();
            self.col += 1;
            if (self.skip)(c) {
                continue;
            }
            let col = self.col;
            let lexeme = if let Some(d) = Digit::from_char(c) {
                Lexeme::Cell(CellSym::Given(d))
            } else if is_blank(c) {
                Lexeme::Cell(CellSym::Blank)
            } else if c == '+' && self.plus {
                match self.text[self.byte..]
                    .chars()
                    .next()
                    .and_then(Digit::from_char)
                {
                    Some(d) => {
                        self.byte += 1;
                        self.col += 1;
                        Lexeme::Cell(CellSym::Filled(d))
                    }
                    None => return Some(Err(col)),
                }
            } else {
                Lexeme::Other(c)
            };
            return Some(Ok(Lexed {
                lexeme,
                col,
                start,
                end: self.byte,
            }));
        }
    }
}

/// Scans the data lines as a value grid (§3.7 step 2): every digit, blank symbol and `+d` pair is a
/// cell, separators are skipped, anything else is an error. The caller checks the count.
pub fn scan_values(data: &[DataLine<'_>]) -> Result<Vec<CellSym>, ScanError> {
    let mut cells = Vec::with_capacity(81);
    for dl in data {
        for lexed in CellLexer::new(dl.text, is_separator, true) {
            match lexed {
                Ok(Lexed {
                    lexeme: Lexeme::Cell(sym),
                    ..
                }) => cells.push(sym),
                Ok(Lexed {
                    lexeme: Lexeme::Other(c),
                    col,
                    ..
                }) => return Err(ScanError::bad_char(c, dl.line, col)),
                Err(col) => return Err(ScanError::invalid(PLUS_WITHOUT_DIGIT, dl.line, col)),
            }
        }
    }
    Ok(cells)
}

/// Counts the cell symbols of the data lines, skipping anything that is not one (for the
/// "found N cells" message of §6.1 step 8.5).
pub fn count_cell_symbols(data: &[DataLine<'_>]) -> usize {
    data.iter()
        .flat_map(|dl| dl.text.chars())
        .filter(|&c| Digit::from_char(c).is_some() || is_blank(c))
        .count()
}

/// One pencilmark token (§3.8, §3.9, §3.16).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RawToken {
    /// `<d>`: a given.
    Given(Digit),
    /// `*d*`: a filled digit.
    Filled(Digit),
    /// `ud` (SudoCue `.sdx`): a digit placed by the user.
    User(Digit),
    /// Candidate digits (`.`/`0` = the empty set). `repeated` when a digit occurs twice;
    /// `markup` when HoDoKu step markup (`*`, `#`, `@`, `A`-`Z`, `-`) was removed.
    Cands {
        set: DigitSet,
        repeated: bool,
        markup: bool,
    },
}

impl RawToken {
    /// Whether the token is one of the value markers `<d>`, `*d*`, `ud`.
    #[inline]
    pub fn is_marker(self) -> bool {
        !matches!(self, RawToken::Cands { .. })
    }

    /// The digits the token mentions (a value marker mentions its value).
    #[inline]
    pub fn digits(self) -> DigitSet {
        match self {
            RawToken::Given(d) | RawToken::Filled(d) | RawToken::User(d) => DigitSet::single(d),
            RawToken::Cands { set, .. } => set,
        }
    }
}

/// A token with the position of its first character.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TokenAt {
    pub token: RawToken,
    pub line: usize,
    pub col: usize,
}

/// Reads one pencilmark token (no separators inside). `line`/`col` locate it for errors.
pub fn parse_pm_token(tok: &str, line: usize, col: usize) -> Result<RawToken, ScanError> {
    let b = tok.as_bytes();
    // Value markers first: `*d*` is never markup.
    if b.len() == 3 {
        if let Some(d) = Digit::from_char(b[1] as char) {
            match (b[0], b[2]) {
                (b'<', b'>') => return Ok(RawToken::Given(d)),
                (b'*', b'*') => return Ok(RawToken::Filled(d)),
                _ => {}
            }
        }
    }
    if b.len() == 2 && b[0] == b'u' {
        if let Some(d) = Digit::from_char(b[1] as char) {
            return Ok(RawToken::User(d));
        }
    }
    if tok == "." || tok == "0" {
        return Ok(RawToken::Cands {
            set: DigitSet::EMPTY,
            repeated: false,
            markup: false,
        });
    }
    let mut set = DigitSet::EMPTY;
    let mut repeated = false;
    let mut markup = false;
    let mut count = 0usize;
    let mut leading = true;
    let mut chars = tok.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let at = col + i;
        if leading && matches!(c, '*' | '#' | '@' | 'A'..='Z') {
            markup = true;
            continue;
        }
        leading = false;
        if c == '-' {
            // HoDoKu marks an eliminated candidate with `-` before the digit.
            match chars.peek() {
                Some((_, n)) if Digit::from_char(*n).is_some() => {
                    markup = true;
                    continue;
                }
                _ => return Err(ScanError::invalid("'-' must precede a digit", line, at)),
            }
        }
        match Digit::from_char(c) {
            Some(d) => {
                count += 1;
                if set.contains(d) {
                    repeated = true;
                }
                set.insert(d);
            }
            None if c == '0' || c == '.' => {
                return Err(ScanError::invalid(
                    "'0'/'.' mixed with candidate digits",
                    line,
                    at,
                ))
            }
            None => return Err(ScanError::bad_char(c, line, at)),
        }
    }
    if count == 0 {
        return Err(ScanError::invalid("markup without candidates", line, col));
    }
    if count > 9 {
        return Err(ScanError::invalid(
            "more than 9 candidate digits",
            line,
            col,
        ));
    }
    Ok(RawToken::Cands {
        set,
        repeated,
        markup,
    })
}

/// Splits the data lines into pencilmark tokens at separator runs (§3.8 step 1). The caller checks
/// the count.
pub fn pm_tokens(data: &[DataLine<'_>]) -> Result<Vec<TokenAt>, ScanError> {
    let mut out = Vec::with_capacity(81);
    for dl in data {
        let mut start: Option<(usize, usize)> = None; // (byte offset, column)
        let mut col = 0usize;
        for (off, c) in dl.text.char_indices() {
            col += 1;
            if is_separator(c) {
                if let Some((s, scol)) = start.take() {
                    out.push(token_at(&dl.text[s..off], dl.line, scol)?);
                }
            } else if start.is_none() {
                start = Some((off, col));
            }
        }
        if let Some((s, scol)) = start {
            out.push(token_at(&dl.text[s..], dl.line, scol)?);
        }
    }
    Ok(out)
}

fn token_at(tok: &str, line: usize, col: usize) -> Result<TokenAt, ScanError> {
    Ok(TokenAt {
        token: parse_pm_token(tok, line, col)?,
        line,
        col,
    })
}

/// §3.9 rule 2: `out[c]` is the digit of every cell whose set has exactly one digit that occurs in
/// no peer's set (evaluated on the sets as written, order-independent).
pub fn isolated_singles(sets: &[DigitSet; 81]) -> [Option<Digit>; 81] {
    let mut out = [None; 81];
    for c in Cell::all() {
        let Some(d) = sets[c.index()].single_digit() else {
            continue;
        };
        if !c.peers().iter().any(|p| sets[p.index()].contains(d)) {
            out[c.index()] = Some(d);
        }
    }
    out
}

/// All whitespace removed (for the 729-character forms).
pub fn strip_whitespace(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dl(text: &str) -> Vec<DataLine<'_>> {
        vec![DataLine { line: 1, text }]
    }

    #[test]
    fn lines_drop_borders_comments_and_text() {
        let l = lines("#Aauthor\n.---.\n|1 2|\n Simple Sudoku\n\n3 4");
        assert_eq!(l.data.len(), 2);
        assert_eq!(
            l.data[0],
            DataLine {
                line: 3,
                text: "|1 2|"
            }
        );
        assert_eq!(l.data[1].line, 6);
        assert_eq!(l.borders, 1);
        assert_eq!(l.comments, vec!["#Aauthor", "Simple Sudoku"]);
    }

    #[test]
    fn value_scan_reads_symbols_separators_and_plus() {
        let cells = scan_values(&dl("| . 4 +6 |0_\u{b7}!1,2;3")).unwrap();
        let d = |n| Digit::new(n).unwrap();
        assert_eq!(
            cells,
            vec![
                CellSym::Blank,
                CellSym::Given(d(4)),
                CellSym::Filled(d(6)),
                CellSym::Blank,
                CellSym::Blank,
                CellSym::Blank,
                CellSym::Given(d(1)),
                CellSym::Given(d(2)),
                CellSym::Given(d(3)),
            ]
        );
        let e = scan_values(&dl("12x")).unwrap_err();
        assert_eq!(e.kind, DecodeErrorKind::BadChar('x'));
        assert_eq!(e.at, Position::LineCol { line: 1, col: 3 });
        assert!(scan_values(&dl("+.")).is_err());
        assert!(scan_values(&dl("++5")).is_err());
        assert!(scan_values(&dl("5+")).is_err());
        assert_eq!(count_cell_symbols(&dl("1x.2")), 3);
    }

    #[test]
    fn pm_tokens_markers_candidates_and_markup() {
        let toks = pm_tokens(&dl("| <8> *3* u5 |*17 -4-69 . 0 A12 #367")).unwrap();
        let kinds: Vec<RawToken> = toks.iter().map(|t| t.token).collect();
        let d = |n| Digit::new(n).unwrap();
        let set = |s: &str| s.chars().filter_map(Digit::from_char).collect::<DigitSet>();
        assert_eq!(kinds[0], RawToken::Given(d(8)));
        assert_eq!(kinds[1], RawToken::Filled(d(3)));
        assert_eq!(kinds[2], RawToken::User(d(5)));
        assert_eq!(kinds[3].digits(), set("17"));
        assert_eq!(kinds[4].digits(), set("469"));
        assert!(matches!(kinds[4], RawToken::Cands { markup: true, .. }));
        assert_eq!(kinds[5].digits(), DigitSet::EMPTY);
        assert_eq!(kinds[6].digits(), DigitSet::EMPTY);
        assert_eq!(kinds[7].digits(), set("12"));
        assert_eq!(kinds[8].digits(), set("367"));
        assert_eq!(toks[3].col, 15);
        assert!(matches!(
            parse_pm_token("113", 1, 1).unwrap(),
            RawToken::Cands { repeated: true, .. }
        ));
        assert!(parse_pm_token("1230", 1, 1).is_err());
        assert!(parse_pm_token("1234567891", 1, 1).is_err());
        assert!(parse_pm_token("12-", 1, 1).is_err());
        assert!(parse_pm_token("1b", 1, 1).is_err());
        assert!(parse_pm_token("*", 1, 1).is_err());
    }

    #[test]
    fn isolated_singles_follow_rule_2() {
        let mut sets = [DigitSet::EMPTY; 81];
        let one = DigitSet::single(Digit::new(1).unwrap());
        sets[0] = one; // r1c1 = {1}
        sets[80] = one; // r9c9 = {1}: not a peer of r1c1
        sets[70] = one; // r8c8 = {1}: peer of r9c9
        let v = isolated_singles(&sets);
        assert_eq!(v[0], Digit::new(1));
        assert_eq!(v[80], None);
        assert_eq!(v[70], None);
    }

    #[test]
    fn normalize_handles_bom_crlf_nbsp_and_blank_edges() {
        assert_eq!(
            normalize("\u{feff}\r\n  \r\nab  \r\ncd\rxy\n\n"),
            "ab\ncd\nxy"
        );
        assert_eq!(normalize("a\u{a0}b"), "a b");
        assert_eq!(normalize("\t\t\n"), "\t\t");
        assert_eq!(normalize("   \n \n"), "");
    }

    #[test]
    fn line_classes() {
        assert_eq!(classify_line(".---.---."), LineClass::Border);
        assert_eq!(classify_line("|---+---+---|"), LineClass::Border);
        assert_eq!(classify_line("#A author"), LineClass::Comment);
        assert_eq!(classify_line("[Puzzle]"), LineClass::Comment);
        assert_eq!(classify_line("Version 4.2n"), LineClass::Text);
        assert_eq!(classify_line("u5 3 12"), LineClass::Data);
        assert_eq!(classify_line("\t\t\t\t\t\t\t\t"), LineClass::Data);
        assert_eq!(classify_line("  "), LineClass::Blank);
    }
}
