//! The projections of docs/formats.md §7.1 as the codec tests state them, independently of the
//! readers, and what each format keeps: shared by `props`, `fuzz` and `samples` (each uses its
//! part).
#![allow(dead_code)]

use termdoku::codec::Format;
use termdoku::domain::{Board, Cell, CellState, DigitSet};

/// The formats termdoku writes.
pub fn writable() -> Vec<Format> {
    Format::ALL.into_iter().filter(|f| f.can_write()).collect()
}

/// The values of `b` only; all of them givens with `all_given`, else givens stay givens.
pub fn values_of(b: &Board, all_given: bool) -> Board {
    let mut v = [None; 81];
    for c in Cell::all() {
        v[c.index()] = b.value(c).map(|d| (d, all_given || b.is_given(c)));
    }
    Board::from_values(&v)
}

/// `π_giv`.
pub fn giv(b: &Board) -> Board {
    b.givens_only()
}

/// The canonical form of `π_giv`, computed here from the domain's form (docs/minlex.md).
pub fn canonical(b: &Board) -> Board {
    let form = termdoku::domain::minlex(&b.givens_array());
    let mut v = [None; 81];
    for c in Cell::all() {
        v[c.index()] = termdoku::domain::Digit::new(form[c.index()]).map(|d| (d, true));
    }
    Board::from_values(&v)
}

/// `π_flat`.
pub fn flat(b: &Board) -> Board {
    values_of(b, true)
}

/// `π_val`.
pub fn val(b: &Board) -> Board {
    values_of(b, false)
}

/// `π_auto` as cell states: the candidates of empty cells limited to those the values allow.
pub fn auto_cells(b: &Board) -> [CellState; 81] {
    let mut cells = b.cells();
    for c in Cell::all() {
        if let CellState::Empty(set) = cells[c.index()] {
            cells[c.index()] = CellState::Empty(set.intersection(b.auto_candidates(c)));
        }
    }
    cells
}

/// The cells `format` keeps of `b` (docs/formats.md, "What each format keeps"); `None` when only
/// the values are compared (Simple Sudoku grids turn unspecified candidates into written ones).
pub fn kept(format: Format, b: &Board) -> Option<[CellState; 81]> {
    Some(match format {
        Format::Susser | Format::SusserShort | Format::Excel | Format::Json => giv(b).cells(),
        Format::Values | Format::OpenSudoku | Format::Grid => flat(b).cells(),
        Format::SusserPlus | Format::Boxed => val(b).cells(),
        Format::SusserElims | Format::Hodoku => auto_cells(b),
        Format::PmMarked if b.value_count() > 0 => b.cells(),
        Format::Pm | Format::PmMarked | Format::Sukaku => project_729(b).cells(),
        Format::Minlex => canonical(b).cells(),
        Format::SimpleSudoku | Format::JsonPartial | Format::Sdx | Format::Gsf => return None,
    })
}

/// `π_729` = `π_pmplain`: values become one-candidate cells, then §3.9 rule 2 brings isolated
/// singles back as givens.
pub fn project_729(b: &Board) -> Board {
    let sets: Vec<DigitSet> = b
        .cells()
        .iter()
        .map(|c| match *c {
            CellState::Given(d) | CellState::Filled(d) => DigitSet::single(d),
            CellState::Empty(s) => s,
        })
        .collect();
    let mut out = [CellState::Empty(DigitSet::EMPTY); 81];
    for c in Cell::all() {
        let set = sets[c.index()];
        out[c.index()] = match set.single_digit() {
            Some(d) if c.peers().iter().all(|p| !sets[p.index()].contains(d)) => {
                CellState::Given(d)
            }
            _ => CellState::Empty(set),
        };
    }
    Board::from_cells(&out, true)
}
