//! `susser-short` (docs/formats.md §3.4): nine rows joined by `,`, runs of blanks shortened to `*`.

use super::susser::Values;
use super::{DecodeError, Format, Parsed, Position, WriteOptions};
use crate::domain::{Board, Cell, Digit};

/// Whether a line has the shape `row(,row){8}` with rows of `[0-9.*]{1,9}` and at least one `*`
/// (§6.1 step 7.2).
pub fn looks_like(line: &str) -> bool {
    let line = line.trim_matches(' ');
    let mut rows = 0;
    for row in line.split(',') {
        rows += 1;
        if row.is_empty()
            || row.len() > 9
            || !row
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'*')
        {
            return false;
        }
    }
    rows == 9 && line.contains('*')
}

/// Reads a shortened line.
pub fn read(line: &str) -> Result<Parsed, DecodeError> {
    let line = line.trim_matches(' ');
    if let Some(i) = line.find(['+', ':']) {
        return Err(DecodeError::invalid(
            Format::SusserShort,
            "'+' and ':' are not allowed in a shortened line",
        )
        .at(Position::Char(i + 1)));
    }
    let rows: Vec<&str> = line.split(',').collect();
    if rows.len() != 9 {
        return Err(DecodeError::count(
            Format::SusserShort,
            "rows",
            rows.len(),
            9,
        ));
    }
    let mut values: Values = [None; 81];
    for (r, row) in rows.iter().enumerate() {
        let bad = |msg: String| {
            DecodeError::invalid(Format::SusserShort, format!("row {}: {msg}", r + 1))
        };
        let b = row.as_bytes();
        if b.is_empty() || b.len() > 9 {
            return Err(bad(format!("{} characters, expected 1 to 9", b.len())));
        }
        if let Some(&c) = b
            .iter()
            .find(|&&c| !(c.is_ascii_digit() || c == b'.' || c == b'*'))
        {
            return Err(bad(format!("unexpected character {:?}", c as char)));
        }
        let stars = b.iter().filter(|&&c| c == b'*').count();
        let share = if stars == 0 {
            if b.len() != 9 {
                return Err(bad(format!("{} cells without '*', expected 9", b.len())));
            }
            0
        } else {
            let empty = 9 + stars - b.len();
            if empty < stars || empty % stars != 0 {
                return Err(bad(format!(
                    "{empty} blanks cannot be shared evenly by {stars} '*'"
                )));
            }
            empty / stars
        };
        let mut k = 0usize;
        for &c in b {
            match c {
                b'*' => k += share,
                b'1'..=b'9' => {
                    values[9 * r + k] = Some((Digit::from_index((c - b'1') as usize), true));
                    k += 1;
                }
                _ => k += 1,
            }
        }
        debug_assert_eq!(k, 9);
    }
    Ok(Parsed::new(
        Board::from_values(&values),
        Format::SusserShort,
    ))
}

/// Writes the givens (or every value with `values_as_givens`) shortened as SunnieShine does,
/// described in §3.4: per row, equal-length placeholder runs all become `*`; with different
/// lengths only the longest (first if tied) does.
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    let ph = opts.placeholder();
    let mut out = String::with_capacity(81);
    for r in 0..9 {
        if r > 0 {
            out.push(',');
        }
        let mut row = [ph; 9];
        for (k, slot) in row.iter_mut().enumerate() {
            let c = Cell::from_rc(r, k);
            if let Some(d) = board.value(c) {
                if board.is_given(c) || opts.values_as_givens {
                    *slot = d.to_char();
                }
            }
        }
        // Maximal runs of the placeholder: (start, len).
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut k = 0;
        while k < 9 {
            if row[k] == ph {
                let s = k;
                while k < 9 && row[k] == ph {
                    k += 1;
                }
                runs.push((s, k - s));
            } else {
                k += 1;
            }
        }
        let all_equal = runs.windows(2).all(|w| w[0].1 == w[1].1);
        let longest = runs
            .iter()
            .enumerate()
            .fold(None::<(usize, usize)>, |best, (i, &(_, len))| match best {
                Some((_, bl)) if bl >= len => best,
                _ => Some((i, len)),
            })
            .map(|(i, _)| i);
        let mut k = 0;
        let mut next_run = 0;
        while k < 9 {
            if next_run < runs.len() && runs[next_run].0 == k {
                let (_, len) = runs[next_run];
                if all_equal || Some(next_run) == longest {
                    out.push('*');
                } else {
                    (0..len).for_each(|_| out.push(ph));
                }
                k += len;
                next_run += 1;
            } else {
                out.push(row[k]);
                k += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHORT: &str = "08063*40,2*85009,09*81,*300800,*2*,006001*,97*30,40085*7,01*94050";
    const LONG: &str =
        "080630040200085009090000081000300800000020000006001000970000030400850007010094050";

    #[test]
    fn sunnieshine_doc_sample_expands_and_writes_back() {
        let p = read(SHORT).unwrap();
        let opts = WriteOptions {
            zeros: true,
            ..Default::default()
        };
        assert_eq!(super::super::susser::write_susser(&p.board, &opts), LONG);
        assert_eq!(write(&p.board, &opts), SHORT);
        assert!(looks_like(SHORT));
    }

    #[test]
    fn uneven_share_is_an_error() {
        // 2 stars for 5 blanks.
        let bad = SHORT.replacen("08063*40", "1*2*3456", 1);
        assert!(read(&bad).is_err());
        let bad = SHORT.replacen("08063*40", "1*2*34", 1);
        assert!(read(&bad).is_err());
    }
}
