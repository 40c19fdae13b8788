//! Multi-line inputs: §6.1 steps 6 (TAB grids) and 8 (stacked Simple Sudoku grids, value grids,
//! pencilmark grids, multi-line 729). Also reached by one-line inputs that are not Susser lines
//! (nine groups, comma cells, 81 candidate groups: §3.6 items 5-6).

use super::scan::{self, DataLine, TokenAt};
use super::{
    excel, grid, pencilmark, simple_sudoku, sukaku, DecodeError, DecodeErrorKind, Format, Parsed,
};

/// Detects and parses a normalised text by §6.1 steps 6 and 8 (first match wins).
pub fn decode_multiline(text: &str) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    let data = &lines.data;
    let mut parsed = detect(text, data, lines.borders)?;
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

fn detect(text: &str, data: &[DataLine<'_>], borders: usize) -> Result<Parsed, DecodeError> {
    // Step 6: a TAB grid of 9 rows x 9 fields.
    if text.contains('\t')
        && data.len() == 9
        && data.iter().all(|dl| dl.text.matches('\t').count() == 8)
    {
        match tab_grid(data) {
            TabGrid::Excel => return excel::read(text),
            TabGrid::Pm(toks) => return pencilmark::from_tokens(&toks),
            TabGrid::Neither => {}
        }
    }
    // Step 8.1: 18 or 27 lines whose first block is a value grid.
    if (data.len() == 18 || data.len() == 27)
        && scan::scan_values(&data[..9]).is_ok_and(|c| c.len() == 81)
    {
        return simple_sudoku::read_lines(data);
    }
    // Step 8.2: exactly 81 value cells, unless the grid is laid out as a pencilmark grid
    // (docs/formats.md, "Value grid or pencilmark grid").
    let cells = scan::scan_values(data);
    if let Ok(c) = &cells {
        if c.len() == 81 {
            if spaced_like_pencilmarks(data) {
                if let Ok(t) = scan::pm_tokens(data) {
                    if t.len() == 81 {
                        return pencilmark::from_tokens(&t);
                    }
                }
            }
            return grid::from_scanned(c, grid::value_grid_format(borders));
        }
    }
    // Step 8.3: exactly 81 pencilmark tokens.
    let toks = scan::pm_tokens(data);
    if let Ok(t) = &toks {
        if t.len() == 81 {
            return pencilmark::from_tokens(t);
        }
    }
    // Step 8.4: 729 digits and blanks (§2.2) once whitespace is removed.
    let compact = data
        .iter()
        .flat_map(|dl| dl.text.chars())
        .filter(|c| !c.is_whitespace());
    let (mut n, mut all_slots) = (0usize, true);
    for c in compact {
        n += 1;
        all_slots &= scan::is_blank(c) || c.is_ascii_digit();
    }
    if n == 729 && all_slots {
        return sukaku::read(text);
    }
    // Step 8.5: nothing fits. Nine TAB rows get the spreadsheet's own error (a row with the wrong
    // number of fields); a grid of the right size with one bad symbol gets that error.
    if text.contains('\t') && data.len() == 9 {
        // Step 6 already accepted every valid spreadsheet, so this only ever returns its error.
        excel::read(text)?;
    }
    let raw_tokens: usize = data
        .iter()
        .map(|dl| {
            dl.text
                .split(scan::is_separator)
                .filter(|t| !t.is_empty())
                .count()
        })
        .sum();
    if let Err(e) = toks {
        if raw_tokens == 81 {
            return Err(e.into_decode(Format::Pm));
        }
    }
    let n_cells = match &cells {
        Ok(c) => c.len(),
        Err(_) => scan::count_cell_symbols(data),
    };
    if let Err(e) = cells {
        if n_cells == 81 {
            return Err(e.into_decode(grid::value_grid_format(borders)));
        }
    }
    if data.is_empty() {
        // Only words, comments or borders: say so rather than counting zero cells.
        return Err(DecodeError::new(
            None,
            DecodeErrorKind::Invalid(
                "no puzzle found: the text has only words, comments or borders".into(),
            ),
        ));
    }
    if let Some(e) = row_size_error(data) {
        return Err(e);
    }
    Err(DecodeError::new(
        None,
        DecodeErrorKind::Invalid(format!(
            "found {n_cells} cells / {raw_tokens} tokens, expected 81"
        )),
    ))
}

/// For nine grid rows, the first row that does not hold nine cells, in the words of the kind of
/// grid the text looks like: a pencilmark grid (counting candidate lists) or a value grid
/// (counting one symbol a cell).
fn row_size_error(data: &[DataLine<'_>]) -> Option<DecodeError> {
    if data.len() != 9 {
        return None;
    }
    fn tokens<'a>(dl: &DataLine<'a>) -> Vec<&'a str> {
        dl.text
            .split(scan::is_separator)
            .filter(|t| !t.is_empty())
            .collect()
    }
    // Candidate lists: several tokens on a row, some of several digits (a value grid has one
    // symbol per cell, or a whole row as one token).
    let pencilmarks = data.iter().any(|dl| {
        let t = tokens(dl);
        t.len() > 1 && t.iter().any(|t| t.chars().count() > 1)
    });
    let what = if pencilmarks {
        "pencilmark grid"
    } else {
        "grid"
    };
    data.iter().enumerate().find_map(|(r, dl)| {
        let n = if pencilmarks {
            tokens(dl).len()
        } else {
            scan::count_cell_symbols(std::slice::from_ref(dl))
        };
        (n != 9).then(|| {
            let more = if n > 9 { "extra" } else { "missing" };
            DecodeError::new(
                None,
                DecodeErrorKind::Invalid(format!(
                    "{what}: row {} (line {}) has {n} cells, expected 9 ({} {more})",
                    r + 1,
                    dl.line,
                    n.abs_diff(9)
                )),
            )
        })
    })
}

/// Whether 81 one-symbol tokens are laid out as a pencilmark grid rather than a value grid:
/// every pencilmark writer (HoDoKu, Simple Sudoku, SunnieShine, ours) pads its columns so that two
/// tokens on a line are always at least two separator characters apart, while value grids put
/// their cells side by side or one separator apart (`| 4 . 6 |`, `4.6`, `4,.,6`). Both readings
/// give the same values; they differ on `.` (an empty candidate set or an unknown cell) and on a
/// digit repeated in a house (a one-candidate cell or a duplicate value).
fn spaced_like_pencilmarks(data: &[DataLine<'_>]) -> bool {
    let mut gaps = 0usize;
    for dl in data {
        // Separator run lengths between tokens (leading and trailing runs do not count).
        let mut run: Option<usize> = None;
        for c in dl.text.chars() {
            if scan::is_separator(c) {
                if let Some(n) = run.as_mut() {
                    *n += 1;
                }
            } else {
                match run {
                    Some(n) if n < 2 => return false,
                    Some(_) => gaps += 1,
                    None => {}
                }
                run = Some(0);
            }
        }
    }
    gaps > 0
}

enum TabGrid {
    Excel,
    Pm(Vec<TokenAt>),
    Neither,
}

/// Step 6: every field a single symbol → Excel; some field with 2+ digits and every field a valid
/// pencilmark token (an empty field = no candidates) → TAB-separated `pm-plain`.
fn tab_grid(data: &[DataLine<'_>]) -> TabGrid {
    let mut excel_ok = true;
    let mut multi_digit = false;
    for dl in data {
        for f in dl.text.split('\t') {
            match excel::field(f) {
                Ok(_) => {}
                Err(n) => {
                    excel_ok = false;
                    multi_digit |= n >= 2;
                }
            }
        }
    }
    if excel_ok {
        return TabGrid::Excel;
    }
    if !multi_digit {
        return TabGrid::Neither;
    }
    let mut toks = Vec::with_capacity(81);
    for dl in data {
        let mut col = 1;
        for f in dl.text.split('\t') {
            let t = f.trim_matches(' ');
            let t = if t.is_empty() { "." } else { t };
            match scan::parse_pm_token(t, dl.line, col) {
                Ok(token) => toks.push(TokenAt {
                    token,
                    line: dl.line,
                    col,
                }),
                Err(_) => return TabGrid::Neither,
            }
            col += f.chars().count() + 1;
        }
    }
    TabGrid::Pm(toks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{CellState, Digit, DigitSet};

    const SUSSER: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

    fn rows(s: &str, sep: &str) -> String {
        s.as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|b| (*b as char).to_string())
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn one_line_groups_and_comma_cells_are_grids() {
        let groups = SUSSER
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect::<Vec<_>>()
            .join(" ");
        let p = decode_multiline(&groups).unwrap();
        assert_eq!(p.format, Format::Grid);
        let commas = SUSSER
            .chars()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(decode_multiline(&commas).unwrap().board, p.board);
        assert_eq!(p.board.given_count(), 24);
    }

    #[test]
    fn tab_grids_excel_or_pm() {
        let excel_text = rows(SUSSER, "\t").replace('.', "");
        let p = decode_multiline(&excel_text).unwrap();
        assert_eq!(p.format, Format::Excel);
        assert_eq!(p.board.given_count(), 24);

        let mut fields = vec!["12"; 81];
        fields[0] = "9";
        let pm = fields
            .chunks(9)
            .map(|r| r.join("\t"))
            .collect::<Vec<_>>()
            .join("\n");
        let p = decode_multiline(&pm).unwrap();
        assert_eq!(p.format, Format::Pm);
        let c = p.board.cells();
        assert_eq!(c[0], CellState::Given(Digit::new(9).unwrap()));
        assert_eq!(c[1], CellState::Empty(DigitSet::from_bits(0b11)));
    }

    #[test]
    fn candidate_groups_on_one_line_are_pm() {
        let mut groups = vec!["123"; 81];
        groups[5] = "4";
        let p = decode_multiline(&groups.join(" ")).unwrap();
        assert_eq!(p.format, Format::Pm);
        assert_eq!(p.board.given_count(), 1);
    }

    #[test]
    fn multi_line_729_and_hodoku_pm_layout() {
        let mut cells = [CellState::Empty(DigitSet::from_bits(0b101)); 81];
        cells[10] = CellState::Given(Digit::new(4).unwrap());
        let b = crate::domain::Board::from_cells(&cells, true);
        let s729 = sukaku::write(&b, &Default::default());
        let lines: Vec<&str> = (0..9).map(|r| &s729[r * 81..r * 81 + 81]).collect();
        let p = decode_multiline(&lines.join("\n")).unwrap();
        assert_eq!(p.format, Format::Sukaku);
        assert_eq!(p.board, b);

        // HoDoKu's own PM_GRID layout (column width = longest token + 2) reads the same.
        let row = "| 13   13   13   | 13   13   13   | 13   13   13   |";
        let mut rows = vec![row.to_string(); 9];
        rows[1] = "| 13   4    13   | 13   13   13   | 13   13   13   |".into();
        let mut text = String::from(".----------------.----------------.----------------.\n");
        for (r, line) in rows.iter().enumerate() {
            if r == 3 || r == 6 {
                text.push_str(":----------------+----------------+----------------:\n");
            }
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("'----------------'----------------'----------------'\nNaked Single: r2c2=4");
        let p = decode_multiline(&text).unwrap();
        assert_eq!(p.format, Format::Pm);
        assert_eq!(p.board, b);
        assert_eq!(p.meta.comments, vec!["Naked Single: r2c2=4"]);
    }

    #[test]
    fn ten_lines_are_an_error() {
        let mut lines: Vec<String> = (0..9)
            .map(|r| SUSSER[r * 9..r * 9 + 9].to_string())
            .collect();
        lines.push(SUSSER[..9].to_string());
        assert!(decode_multiline(&lines.join("\n")).is_err());
    }

    #[test]
    fn tab_rows_with_a_wrong_field_count_report_the_row() {
        let mut text = rows(SUSSER, "\t").replace('.', "");
        text = text.replacen('\n', "\t\n", 1);
        let e = decode_multiline(&text).unwrap_err();
        assert_eq!(e.to_string(), "excel: row 1 has 10 fields, expected 9");
    }

    #[test]
    fn nothing_fits() {
        let e = decode_multiline("123\n456").unwrap_err();
        assert_eq!(e.to_string(), "found 6 cells / 2 tokens, expected 81");
        // Nine rows: the first row of the wrong size, in the grid's own words.
        let mut pm: Vec<String> = (0..9).map(|_| ["12"; 9].join("  ")).collect();
        pm[3] = ["12"; 8].join("  ");
        let e = decode_multiline(&pm.join("\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "pencilmark grid: row 4 (line 4) has 8 cells, expected 9 (1 missing)"
        );
        let mut grid: Vec<String> = (0..9).map(|_| "123456789".to_string()).collect();
        grid[6] = "1234567891".to_string();
        let e = decode_multiline(&grid.join("\n")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "grid: row 7 (line 7) has 10 cells, expected 9 (1 extra)"
        );
        let e = decode_multiline("Hello world\n# a comment\n.---.---.").unwrap_err();
        assert_eq!(
            e.to_string(),
            "no puzzle found: the text has only words, comments or borders"
        );
        assert_eq!(e.format, None);
        let mut groups = vec!["123"; 81];
        groups[7] = "1230";
        let e = decode_multiline(&groups.join(" ")).unwrap_err();
        assert_eq!(e.format, Some(Format::Pm));
    }
}
