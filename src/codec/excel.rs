//! `excel-tsv` (docs/formats.md §3.12): 9 rows of 9 TAB-separated fields. TABs are never trimmed: a row
//! of 8 TABs is nine empty cells.

use super::scan;
use super::{DecodeError, Format, Parsed, WriteOptions};
use crate::domain::{Board, CellState, Digit};

/// One Excel field: empty or a blank symbol (§2.2, optionally padded with SP) is a blank, one digit a given.
/// `Err(n)` when the field holds something else (`n` = number of digits 1-9 in it).
pub(crate) fn field(f: &str) -> Result<Option<Digit>, usize> {
    let t = f.trim_matches(' ');
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(None),
        (Some(c), None) if scan::is_blank(c) => Ok(None),
        (Some(c), None) if Digit::from_char(c).is_some() => Ok(Digit::from_char(c)),
        _ => Err(t.chars().filter(|c| Digit::from_char(*c).is_some()).count()),
    }
}

/// Reads 9 rows of 9 TAB-separated fields (comment and border lines dropped, §2.3).
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    let lines = scan::lines(text);
    if lines.data.len() != 9 {
        return Err(DecodeError::count(
            Format::Excel,
            "rows",
            lines.data.len(),
            9,
        ));
    }
    let mut values = [None; 81];
    for (r, dl) in lines.data.iter().enumerate() {
        let n = dl.text.split('\t').count();
        if n != 9 {
            return Err(DecodeError::invalid(
                Format::Excel,
                format!("row {} has {n} fields, expected 9", r + 1),
            ));
        }
        for (k, f) in dl.text.split('\t').enumerate() {
            match field(f) {
                Ok(d) => values[r * 9 + k] = d.map(|d| (d, true)),
                Err(_) => {
                    return Err(DecodeError::invalid(
                        Format::Excel,
                        format!(
                            "field r{}c{} is {:?}, expected one digit or nothing",
                            r + 1,
                            k + 1,
                            f
                        ),
                    ))
                }
            }
        }
    }
    let mut parsed = Parsed::new(Board::from_values(&values), Format::Excel);
    parsed.meta.comments = lines.comments;
    Ok(parsed)
}

/// Rows joined by LF, fields by TAB, a digit for every given (and filled digit with
/// `values_as_givens`), an empty field otherwise; no trailing newline (byte-identical to seed 000).
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    let cells = board.cells();
    let mut out = String::with_capacity(81 + 80);
    for (i, cs) in cells.iter().enumerate() {
        if i > 0 {
            out.push(if i % 9 == 0 { '\n' } else { '\t' });
        }
        match *cs {
            CellState::Given(d) => out.push(d.to_char()),
            CellState::Filled(d) if opts.values_as_givens => out.push(d.to_char()),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_tabs_are_empty_cells() {
        let empty_row = "\t".repeat(8);
        let mut rows = vec![empty_row.clone(); 9];
        rows[4] = "\t\t\t\t5\t\t\t\t".into();
        let text = rows.join("\n");
        let p = read(&scan::normalize(&text)).unwrap();
        assert_eq!(p.format, Format::Excel);
        assert_eq!(p.board.given_count(), 1);
        assert_eq!(write(&p.board, &WriteOptions::default()), text);
    }

    #[test]
    fn field_count_and_content_errors() {
        let mut rows = vec!["1\t\t\t\t\t\t\t\t".to_string(); 9];
        rows[2].push('\t');
        let e = read(&rows.join("\n")).unwrap_err();
        assert_eq!(e.to_string(), "excel: row 3 has 10 fields, expected 9");
        rows[2] = "12\t\t\t\t\t\t\t\t".into();
        assert!(read(&rows.join("\n")).is_err());
        let e = read(&rows[..8].join("\n")).unwrap_err();
        assert_eq!(e.to_string(), "excel: 8 rows, expected 9");
        assert_eq!(field(" 0 "), Ok(None));
        assert_eq!(field("7"), Ok(Digit::new(7)));
        assert_eq!(field("123"), Err(3));
    }
}
