//! Rated Sudoku JSON (docs/formats.md §3.14 puzzle, §3.15 partial puzzle) via serde_json.

use serde_json::Value;

use super::pencilmark::PmToken;
use super::scan;
use super::susser::Values;
use super::{DecodeError, DecodeErrorKind, Format, Parsed, WriteOptions};
use crate::domain::{Board, Cell, Digit};

/// §6.1 step 2: `map` + `beginNumbers` → partial; `numbers` → puzzle; else an error.
pub fn read_any(text: &str) -> Result<Parsed, DecodeError> {
    let v = parse_json(Format::Json, text)?;
    if v.get("map").is_some() && v.get("beginNumbers").is_some() {
        partial_from_value(&v)
    } else if v.get("numbers").is_some() {
        puzzle_from_value(&v)
    } else {
        Err(DecodeError::new(
            None,
            DecodeErrorKind::Unsupported(
                "JSON without \"numbers\" or \"map\"/\"beginNumbers\" (unknown JSON)".into(),
            ),
        ))
    }
}

/// Reads a JSON puzzle (`{"numbers": [9 strings of 9]}`).
pub fn read_puzzle(text: &str) -> Result<Parsed, DecodeError> {
    puzzle_from_value(&parse_json(Format::Json, text)?)
}

/// Reads a partial puzzle (begin state; see §3.15).
pub fn read_partial(text: &str) -> Result<Parsed, DecodeError> {
    partial_from_value(&parse_json(Format::JsonPartial, text)?)
}

fn parse_json(format: Format, text: &str) -> Result<Value, DecodeError> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        DecodeError::invalid(
            format,
            // serde_json's message ends with the line and column.
            format!("invalid JSON: {e}"),
        )
    })?;
    if !v.is_object() {
        return Err(DecodeError::invalid(format, "expected a JSON object"));
    }
    Ok(v)
}

/// Nine strings of nine cells: `1`-`9` a digit, `.` or `0` empty.
fn rows(format: Format, v: &Value, key: &str) -> Result<[Option<Digit>; 81], DecodeError> {
    let arr = v.get(key).and_then(Value::as_array).ok_or_else(|| {
        DecodeError::invalid(format, format!("\"{key}\" is missing or not an array"))
    })?;
    if arr.len() != 9 {
        return Err(DecodeError::invalid(
            format,
            format!("\"{key}\" has {} rows, expected 9", arr.len()),
        ));
    }
    let mut out = [None; 81];
    for (r, row) in arr.iter().enumerate() {
        let s = row.as_str().ok_or_else(|| {
            DecodeError::invalid(format, format!("\"{key}\" row {} is not a string", r + 1))
        })?;
        if s.chars().count() != 9 {
            return Err(DecodeError::invalid(
                format,
                format!(
                    "\"{key}\" row {} has {} characters, expected 9",
                    r + 1,
                    s.chars().count()
                ),
            ));
        }
        for (k, ch) in s.chars().enumerate() {
            out[9 * r + k] = match ch {
                c if scan::is_blank(c) => None,
                _ => Some(Digit::from_char(ch).ok_or_else(|| {
                    DecodeError::invalid(
                        format,
                        format!("\"{key}\" row {}: unexpected character {ch:?}", r + 1),
                    )
                })?),
            };
        }
    }
    Ok(out)
}

fn check_shape(format: Format, v: &Value) -> Result<(), DecodeError> {
    if let Some(t) = v.get("type") {
        if t.as_str() != Some("classic") {
            return Err(DecodeError::new(
                Some(format),
                DecodeErrorKind::Unsupported(format!("puzzle type {t}")),
            ));
        }
    }
    for key in ["m", "n"] {
        if let Some(x) = v.get(key) {
            if x.as_u64() != Some(3) {
                return Err(DecodeError::new(
                    Some(format),
                    DecodeErrorKind::Unsupported(format!("box size {key} = {x} (only 3x3)")),
                ));
            }
        }
    }
    Ok(())
}

fn puzzle_from_value(v: &Value) -> Result<Parsed, DecodeError> {
    check_shape(Format::Json, v)?;
    let digits = rows(Format::Json, v, "numbers")?;
    let mut values: Values = [None; 81];
    for (i, d) in digits.iter().enumerate() {
        values[i] = d.map(|d| (d, true));
    }
    let mut p = Parsed::new(Board::from_values(&values), Format::Json);
    p.meta.id = v.get("id").and_then(Value::as_str).map(str::to_string);
    Ok(p)
}

fn partial_from_value(v: &Value) -> Result<Parsed, DecodeError> {
    const F: Format = Format::JsonPartial;
    let map = v
        .get("map")
        .filter(|m| m.is_object())
        .ok_or_else(|| DecodeError::invalid(F, "\"map\" is not an object"))?;
    check_shape(F, map)?;
    let givens = rows(F, map, "numbers")?;
    let begin = rows(F, v, "beginNumbers")?;
    let mut values: Values = [None; 81];
    for i in 0..81 {
        values[i] = match (givens[i], begin[i]) {
            (Some(g), Some(b)) if g == b => Some((g, true)),
            (Some(g), _) => {
                return Err(DecodeError::invalid(
                    F,
                    format!(
                        "given {g} of {} is missing from \"beginNumbers\"",
                        Cell::from_index(i)
                    ),
                ))
            }
            (None, Some(b)) => Some((b, false)),
            (None, None) => None,
        };
    }
    let mut board = Board::from_values(&values);
    if let Some(table) = v.get("beginCandidatesTable") {
        let lines = table
            .as_array()
            .ok_or_else(|| DecodeError::invalid(F, "\"beginCandidatesTable\" is not an array"))?;
        let mut text = String::new();
        for l in lines {
            let s = l.as_str().ok_or_else(|| {
                DecodeError::invalid(F, "\"beginCandidatesTable\" holds a non-string")
            })?;
            text.push_str(s);
            text.push('\n');
        }
        let tokens = super::pencilmark::tokens(&text).map_err(|e| DecodeError {
            format: Some(F),
            ..e
        })?;
        if tokens.len() != 81 {
            return Err(DecodeError::count(
                F,
                "beginCandidatesTable tokens",
                tokens.len(),
                81,
            ));
        }
        board.set_candidates_specified(true);
        for (i, tok) in tokens.iter().enumerate() {
            let c = Cell::from_index(i);
            let set = match *tok {
                PmToken::Candidates(set) => set,
                _ => {
                    return Err(DecodeError::invalid(
                        F,
                        format!("{c}: value markers are not allowed in beginCandidatesTable"),
                    ))
                }
            };
            match board.value(c) {
                // Token `0` (the empty set) is how the table marks a value cell.
                Some(_) if set.is_empty() => {}
                Some(d) => {
                    return Err(DecodeError::invalid(
                        F,
                        format!("{c} holds {d} but its candidate token is not 0"),
                    ))
                }
                None => board.set_candidates(c, set),
            }
        }
    }
    let mut p = Parsed::new(board, F);
    p.meta.id = v.get("id").and_then(Value::as_str).map(str::to_string);
    if let Some(h) = v.get("givenHints") {
        p.meta.comments.push(format!("givenHints: {h}"));
    }
    Ok(p)
}

/// `{"numbers":[...]}` with the givens (every value with `values_as_givens`), `.` for empty
/// cells (`0` with `zeros`); `"id"` first when one is given.
pub fn write_puzzle(board: &Board, id: Option<&str>, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(140);
    out.push('{');
    if let Some(id) = id {
        out.push_str("\"id\":");
        out.push_str(&Value::String(id.to_string()).to_string());
        out.push(',');
    }
    out.push_str("\"numbers\":[");
    for r in 0..9 {
        if r > 0 {
            out.push(',');
        }
        out.push('"');
        for k in 0..9 {
            let c = Cell::from_rc(r, k);
            match board.value(c) {
                Some(d) if board.is_given(c) || opts.values_as_givens => out.push(d.to_char()),
                _ => out.push(opts.placeholder()),
            }
        }
        out.push('"');
    }
    out.push_str("]}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = r#"["......16.","1........",".3...7...","..1..4..9","..5...61.",".67.312..",".2.......",".53.2.7.4","4..5..9.."]"#;

    #[test]
    fn puzzle_keys_type_and_box_size() {
        let p = read_any(&format!(
            r#"{{"id":"ab","type":"classic","m":3,"n":3,"numbers":{ROWS}}}"#
        ))
        .unwrap();
        assert_eq!(p.format, Format::Json);
        assert_eq!(p.meta.id.as_deref(), Some("ab"));
        assert_eq!(p.board.given_count(), 25);
        let out = write_puzzle(&p.board, Some("ab"), &WriteOptions::default());
        assert_eq!(out, format!(r#"{{"id":"ab","numbers":{ROWS}}}"#));
        let e = read_any(&format!(r#"{{"type":"killer","numbers":{ROWS}}}"#)).unwrap_err();
        assert!(e.to_string().contains("unsupported"), "{e}");
        let e = read_any(&format!(r#"{{"m":2,"numbers":{ROWS}}}"#)).unwrap_err();
        assert!(e.to_string().contains("only 3x3"), "{e}");
        let bad = ROWS.replacen("......16.", "......16", 1);
        let e = read_any(&format!(r#"{{"numbers":{bad}}}"#)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "json: \"numbers\" row 1 has 8 characters, expected 9"
        );
        assert!(read_any("[1,2]").is_err());
    }
}
