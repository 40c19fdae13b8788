//! The `π_729` projection (docs/formats.md §7.1) as the codec tests state it, independently of the
//! readers: shared by `codec_props` and `codec_samples` (`mod projection;`).

use termdoku::domain::{Board, Cell, CellState, DigitSet};

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
