//! `opensudoku` (formats.md §3.13): SunnieShine's 243-field variant (`0|0|1`, `d|0|0`) and the
//! real OpenSudoku cell collections (`version: N` header, versions 1–5).

use super::{DecodeError, Format, Parsed, Position, WriteOptions};
use crate::domain::{Board, Cell, Digit, DigitSet};

/// §6.1 step 4: at least 240 `|` after deleting whitespace, and every field a decimal number,
/// `-` or a `d,`-list.
pub fn looks_like(text: &str) -> bool {
    let bars = text.bytes().filter(|&b| b == b'|').count();
    if bars < 240 {
        return false;
    }
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let squeezed = squeezed.strip_suffix('|').unwrap_or(&squeezed);
    squeezed.split('|').all(|f| field_kind(f).is_some())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum FieldKind {
    Number,
    Dash,
    List,
    Empty,
}

fn field_kind(f: &str) -> Option<FieldKind> {
    if f.is_empty() {
        return Some(FieldKind::Empty);
    }
    if f == "-" {
        return Some(FieldKind::Dash);
    }
    if f.bytes().all(|b| b.is_ascii_digit()) {
        return Some(FieldKind::Number);
    }
    // `1,5,9,` (a trailing comma is what OpenSudoku v1 writes; accept it missing too).
    let ok = f.split(',').enumerate().all(|(i, d)| {
        (d.len() == 1 && (b'1'..=b'9').contains(&d.as_bytes()[0])) || (d.is_empty() && i > 0)
    });
    ok.then_some(FieldKind::List)
}

/// Reads either variant (normalised text).
pub fn read(text: &str) -> Result<Parsed, DecodeError> {
    let text = text.trim();
    let (version, body) = match text.strip_prefix("version:") {
        Some(rest) => {
            let (num, body) = rest.split_once('\n').unwrap_or((rest, ""));
            let v: u32 = num.trim().parse().map_err(|_| {
                DecodeError::invalid(
                    Format::OpenSudoku,
                    format!("version {:?} is not a number", num.trim()),
                )
            })?;
            if !(1..=5).contains(&v) {
                return Err(DecodeError::invalid(
                    Format::OpenSudoku,
                    format!("version {v} is not supported (1 to 5)"),
                ));
            }
            (Some(v), body)
        }
        None => (None, text),
    };
    let squeezed: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let squeezed = squeezed.strip_suffix('|').unwrap_or(&squeezed);
    let fields: Vec<&str> = squeezed.split('|').collect();
    if version.is_none() && fields.len() != 243 {
        return Err(DecodeError::count(
            Format::OpenSudoku,
            "fields",
            fields.len(),
            243,
        ));
    }
    let mut values = [None; 81];
    let mut notes: [Option<DigitSet>; 81] = [None; 81];
    let mut k = 0usize;
    let mut next = |what: &str| -> Result<(usize, &str), DecodeError> {
        let f = fields.get(k).copied().ok_or_else(|| {
            DecodeError::invalid(
                Format::OpenSudoku,
                format!("the text ends before the {what} of a cell"),
            )
            .at(Position::Field(k + 1))
        })?;
        k += 1;
        Ok((k, f))
    };
    for (i, value_slot) in values.iter_mut().enumerate() {
        let (pos, v) = next("value")?;
        let value = match v {
            "0" | "." => None,
            _ => match v.parse::<u8>().ok().and_then(Digit::new) {
                Some(d) => Some(d),
                None => {
                    return Err(DecodeError::invalid(
                        Format::OpenSudoku,
                        format!("value {v:?} of {} is not 0-9", Cell::from_index(i)),
                    )
                    .at(Position::Field(pos)))
                }
            },
        };
        let (pos, n) = next("notes")?;
        let set = parse_notes(n, version == Some(1)).ok_or_else(|| {
            DecodeError::invalid(
                Format::OpenSudoku,
                format!(
                    "notes {n:?} of {} are not a digit mask",
                    Cell::from_index(i)
                ),
            )
            .at(Position::Field(pos))
        })?;
        match version {
            Some(4) => {
                next("secondary marks")?;
            }
            Some(5) => {
                next("secondary marks")?;
                next("colour")?;
            }
            _ => {}
        }
        let (mut pos, mut e) = next("editable flag")?;
        if version == Some(2) && e.is_empty() {
            (pos, e) = next("editable flag")?;
        }
        let editable = match e {
            "0" => false,
            "1" => true,
            _ => {
                return Err(DecodeError::invalid(
                    Format::OpenSudoku,
                    format!(
                        "editable flag {e:?} of {} is not 0 or 1",
                        Cell::from_index(i)
                    ),
                )
                .at(Position::Field(pos)))
            }
        };
        *value_slot = value.map(|d| (d, !editable));
        if value.is_none() {
            notes[i] = set;
        }
    }
    if k != fields.len() {
        return Err(DecodeError::count(
            Format::OpenSudoku,
            "fields",
            fields.len(),
            k,
        ));
    }
    let mut board = Board::from_values(&values);
    if notes.iter().any(Option::is_some) {
        board.set_candidates_specified(true);
        for (i, n) in notes.iter().enumerate() {
            if let Some(set) = n {
                board.set_candidates(Cell::from_index(i), *set);
            }
        }
    }
    Ok(Parsed::new(board, Format::OpenSudoku))
}

/// A notes field: `Some(None)` = no notes, `Some(Some(set))` = notes, `None` = malformed.
fn parse_notes(f: &str, v1: bool) -> Option<Option<DigitSet>> {
    match field_kind(f)? {
        FieldKind::Dash | FieldKind::Empty => Some(None),
        FieldKind::List => {
            let set: DigitSet = f
                .split(',')
                .filter(|d| !d.is_empty())
                .filter_map(|d| Digit::from_char(d.chars().next()?))
                .collect();
            Some((!set.is_empty()).then_some(set))
        }
        FieldKind::Number if v1 && f.len() == 1 && f != "0" => {
            // A v1 list of one digit written without its comma.
            Some(Digit::from_char(f.chars().next()?).map(DigitSet::single))
        }
        FieldKind::Number => {
            let mask: u16 = f.parse().ok()?;
            if mask > 0x1FF {
                return None;
            }
            Some((mask != 0).then(|| DigitSet::from_bits(mask)))
        }
    }
}

/// Variant (a) by default (`d|0|0` for every value, `0|0|1` for empty cells, 243 fields, no
/// trailing bar); with `opensudoku_v3` the `version: 3` form, which keeps given/filled and
/// candidates (mask 0 when candidates were not specified).
pub fn write(board: &Board, opts: &WriteOptions) -> String {
    let mut out = String::with_capacity(600);
    if opts.opensudoku_v3 {
        out.push_str("version: 3\n");
        let cands = board.all_candidates();
        for c in Cell::all() {
            match board.value(c) {
                Some(d) => {
                    out.push(d.to_char());
                    // editable = 0 for givens (and for every value with values_as_givens).
                    out.push_str(if board.is_given(c) || opts.values_as_givens {
                        "|0|0|"
                    } else {
                        "|0|1|"
                    });
                }
                None => {
                    let mask = if board.candidates_specified() {
                        cands[c.index()].bits()
                    } else {
                        0
                    };
                    out.push_str(&format!("0|{mask}|1|"));
                }
            }
        }
        return out;
    }
    for c in Cell::all() {
        if c.index() > 0 {
            out.push('|');
        }
        match board.value(c) {
            Some(d) => {
                out.push(d.to_char());
                out.push_str("|0|0");
            }
            None => out.push_str("0|0|1"),
        }
    }
    out
}
