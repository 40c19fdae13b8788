//! `opensudoku` (docs/formats.md §3.13): SunnieShine's 243-field variant (`0|0|1`, `d|0|0`) and the
//! real OpenSudoku cell collections (`version: N` header, versions 1–5).

use super::{DecodeError, Format, Parsed, Position, WriteOptions};
use crate::domain::{Board, Cell, Digit, DigitSet};

/// §6.1 step 4: at least 240 `|` after deleting whitespace, and every field a decimal number,
/// `-` or a `d,`-list.
pub fn looks_like(text: &str) -> bool {
    // 240 bars and 240 fields need at least 480 bytes.
    if text.len() < 480 {
        return false;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::susser;
    use crate::domain::CellState;

    const LINE: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

    fn board() -> Board {
        let mut b = susser::read(LINE).unwrap().board;
        b.set_filled(Cell::from_index(0), Digit::new(2).unwrap());
        b
    }

    /// The cells of `b` in the given OpenSudoku version (`notes` = the note of r1c2).
    fn versioned(b: &Board, version: u32, note: &str) -> String {
        let mut out = format!("version: {version}\n");
        for c in Cell::all() {
            let (v, e) = match b.value(c) {
                Some(d) => (d.get(), u8::from(!b.is_given(c))),
                None => (0, 1),
            };
            let n = if c.index() == 1 {
                note
            } else if version == 1 {
                "-"
            } else {
                "0"
            };
            let cell = match version {
                1 | 3 => format!("{v}|{n}|{e}|"),
                2 => format!("{v}|{n}||{e}|"),
                4 => format!("{v}|{n}|0|{e}|"),
                _ => format!("{v}|{n}|0|7|{e}|"),
            };
            out.push_str(&cell);
        }
        out
    }

    #[test]
    fn every_version_reads_values_flags_and_notes() {
        let b = board();
        let want_note = CellState::Empty(DigitSet::from_bits(0b1_0001_0001)); // 1, 5, 9
        for (v, note) in [
            (1, "1,5,9,"),
            (2, "273"),
            (3, "273"),
            (4, "273"),
            (5, "273"),
        ] {
            let p = read(&versioned(&b, v, note)).unwrap_or_else(|e| panic!("v{v}: {e}"));
            assert_eq!(
                p.board.cell(Cell::from_index(0)),
                b.cell(Cell::from_index(0)),
                "v{v}"
            );
            assert_eq!(p.board.cell(Cell::from_index(1)), want_note, "v{v}");
            assert!(p.board.candidates_specified());
            assert_eq!(p.board.given_count(), b.given_count(), "v{v}");
        }
    }

    #[test]
    fn variant_a_reads_every_value_as_given_and_v3_keeps_the_state() {
        let b = board();
        let a = write(&b, &WriteOptions::default());
        assert_eq!(a.split('|').count(), 243);
        let p = read(&a).unwrap();
        assert_eq!(p.board.given_count(), b.value_count());
        assert!(!p.board.candidates_specified());
        let mut s = b.clone();
        s.set_candidates_specified(true);
        s.eliminate(Cell::from_index(1), Digit::new(1).unwrap());
        let v3 = write(
            &s,
            &WriteOptions {
                opensudoku_v3: true,
                ..Default::default()
            },
        );
        assert!(v3.starts_with("version: 3\n2|0|1|"));
        assert_eq!(read(&v3).unwrap().board, s);
    }

    #[test]
    fn errors_name_the_field() {
        let a = write(&board(), &WriteOptions::default());
        let short = a.rsplit_once('|').unwrap().0;
        assert_eq!(
            read(short).unwrap_err().to_string(),
            "opensudoku: 242 fields, expected 243"
        );
        let bad = a.replacen("0|0|1", "0|0|2", 1);
        let e = read(&bad).unwrap_err().to_string();
        assert!(
            e.contains("editable flag \"2\"") && e.contains("field"),
            "{e}"
        );
        let bad = a.replacen("0|0|1", "0|999|1", 1);
        assert!(read(&bad).is_err());
        let v3 = versioned(&board(), 3, "0");
        let cut = &v3[..v3.len() - 6];
        assert!(read(cut).is_err());
    }

    #[test]
    fn detection_shape() {
        let a = write(&board(), &WriteOptions::default());
        assert!(looks_like(&a));
        assert!(!looks_like(&a.replace('|', ".")));
    }
}
