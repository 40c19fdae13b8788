//! HoDoKu library line (docs/formats.md §3.5, docs/hodoku.md §2):
//! `:code:digits:grid:deleted::` (6 colons) or `:code:digits:grid:deleted:elims:placements:extra`
//! (7 colons).

use super::susser::{apply_triplets, plus_mode, push_grid, push_triplets, scan_cells, TripletCtx};
use super::{DecodeError, Format, HodokuStepFields, Parsed, Position, WriteOptions};
use crate::domain::Board;

/// Reads one library line (a single normalised line starting with `:`).
pub fn read(line: &str) -> Result<Parsed, DecodeError> {
    let line = line.trim_matches(' ');
    let colons = line.bytes().filter(|&b| b == b':').count();
    if !line.starts_with(':') {
        return Err(DecodeError::invalid(
            Format::Hodoku,
            "a library line starts with ':'",
        ));
    }
    if !(6..=7).contains(&colons) {
        return Err(DecodeError::invalid(
            Format::Hodoku,
            format!("{colons} colons, expected 6 or 7"),
        ));
    }
    let fields: Vec<&str> = line.split(':').collect();
    let code = fields[1].trim();
    let digits = fields[2].trim();
    let code_ok = code == "xxxx"
        || ((4..=5).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_digit()));
    if !code_ok {
        return Err(DecodeError::invalid(
            Format::Hodoku,
            format!("technique code {code:?} at field 1 is not 4 or 5 digits"),
        ));
    }
    let grid = fields[3].trim_matches(' ');
    let offset = fields[0].len() + fields[1].len() + fields[2].len() + 3;
    let scan = scan_cells(Format::Hodoku, grid, offset).map_err(|e| e.at(Position::Field(3)))?;
    if scan.len != grid.len() {
        return Err(DecodeError::invalid(
            Format::Hodoku,
            format!(
                "unexpected {:?} after the 81st cell at field 3",
                &grid[scan.len..]
            ),
        ));
    }
    let mut board = Board::from_values(&scan.values);
    board.set_candidates_specified(true);
    let mut p = Parsed::new(Board::empty(), Format::Hodoku);
    apply_triplets(
        &mut board,
        fields[4],
        &mut p.warnings,
        TripletCtx::Hodoku { field: 4 },
    )?;
    p.board = board;
    let step = HodokuStepFields {
        code: code.to_string(),
        digits: digits.to_string(),
        eliminations: fields.get(5).copied().unwrap_or("").to_string(),
        placements: fields.get(6).copied().unwrap_or("").to_string(),
        extra: fields.get(7).copied().unwrap_or("").to_string(),
    };
    let carries_step = step.code != "0000"
        || step.digits != "x"
        || !step.eliminations.is_empty()
        || !step.placements.is_empty()
        || !step.extra.is_empty();
    if carries_step {
        p.meta.hodoku_step = Some(step);
    }
    Ok(p)
}

/// Writes a library line. Without a step: `:0000:x:<grid>:<deleted>::` (HoDoKu's 6-colon form).
/// With a step: `:<code>:<digits>:<grid>:<deleted>:<elims>:<placements>:<extra>` (7 colons).
/// `<deleted>` is `E(S)`, cell-major then digit; the grid marks filled digits with `+`.
pub fn write_library(
    board: &Board,
    step: Option<&HodokuStepFields>,
    opts: &WriteOptions,
) -> String {
    let mut out = String::with_capacity(256);
    match step {
        Some(s) => {
            out.push(':');
            out.push_str(&s.code);
            out.push(':');
            out.push_str(&s.digits);
            out.push(':');
        }
        None => out.push_str(":0000:x:"),
    }
    push_grid(&mut out, board, opts.placeholder(), plus_mode(opts));
    out.push(':');
    push_triplets(&mut out, board);
    match step {
        Some(s) => {
            out.push(':');
            out.push_str(&s.eliminations);
            out.push(':');
            out.push_str(&s.placements);
            out.push(':');
            out.push_str(&s.extra);
        }
        None => out.push_str("::"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const L2: &str = ":0603:18:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189:144 146::";

    #[test]
    fn step_fields_round_trip() {
        let p = read(L2).unwrap();
        let step = p.meta.hodoku_step.clone().unwrap();
        assert_eq!(step.code, "0603");
        assert_eq!(step.eliminations, "144 146");
        assert_eq!(
            write_library(&p.board, Some(&step), &WriteOptions::default()),
            L2
        );
    }

    #[test]
    fn bad_triplet_names_the_field() {
        let bad = L2.replace("882 883", "1234 883");
        let e = read(&bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hodoku: elimination 1234 at field 4 is not a digit-row-column triplet"
        );
    }
}
