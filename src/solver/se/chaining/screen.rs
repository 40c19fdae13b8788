//! What the static producers (`Cycles` and the static `Multiple`) can find in a state, told
//! from one analysis of its static link graph before either searches.
//!
//! Nested levels run these producers on thousands of reduced states, and almost all of them
//! find nothing there: the outer propagation has already drawn every simpler conclusion. Both
//! producers walk the state's static links (an "on" literal turns off the cell's other values
//! and the value's other positions in its houses; an "off" literal turns on the last value of a
//! cell or the last position of a value in a house), and every link of any of their passes is
//! a link of the full graph (cell and house links together). So from the full graph's strongly
//! connected components and reachable sets:
//! - a forcing chain from a literal needs the literal's negation reachable from it;
//! - a cycle lies in one component, and removes a candidate only if some "on" and some "off"
//!   literal of its digit in that component both see it;
//! - a static propagation reaches only what its start reaches in the graph (it may stop
//!   earlier, at a contradiction), so a cell or region forcing chain needs a literal that every
//!   branch's start reaches.
//!
//! When the needed condition fails, the producer surely finds nothing and is not run; when it
//! holds, the producer runs as before. No answer changes: the screen only skips searches that
//! would come back empty.

use super::reach::{Reach, FORCING};
use super::state::{cells_of, digits_of, region_cells, Cands, Lit, REGIONS};
use crate::domain::{Cell, CellSet};

/// Whether each static producer may find something in a state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Screen {
    /// The `Cycles` producer (cycles, forcing X- and XY-chains).
    pub(super) cycles: bool,
    /// The cells the static `Multiple` producer may find something from (cell and region
    /// forcing chains; a region's chains are searched from its value's first position).
    pub(super) multiple: CellSet,
}

/// The analysis's buffers and the last state screened (a nested level asks for both producers
/// on one state, one after the other), a field of the engine's [`super::Scratch`].
#[derive(Default)]
pub(super) struct Memo {
    reach: Reach,
    inter: Vec<u64>,
    last: Option<(Cands, Screen)>,
}

/// The screen of `grid` (kept for the next call on the same state).
pub(super) fn screen(memo: &mut Memo, grid: &Cands) -> Screen {
    if let Some((state, s)) = &memo.last {
        if state == grid {
            return *s;
        }
    }
    let Memo { reach, inter, last } = memo;
    reach.analyse_state(grid);
    let s = Screen {
        cycles: forcing(grid, reach) || cycles(grid, reach),
        multiple: multiple(grid, reach, inter),
    };
    match last {
        Some((state, old)) => {
            state.clone_from(grid);
            *old = s;
        }
        None => *last = Some((grid.clone(), s)),
    }
    s
}

/// A forcing chain may start at a literal of a cell with two values or more.
fn forcing(grid: &Cands, reach: &Reach) -> bool {
    grid.empty_cells()
        .filter(|&c| grid.count(c) >= 2)
        .flat_map(|c| digits_of(grid.cell[c]).map(move |d| (c, d)))
        .any(|(c, d)| {
            [true, false]
                .iter()
                .any(|&on| reach.flags[Lit::new(c, d, on).index()] & FORCING != 0)
        })
}

/// Some component holds two "on" literals and, for one digit, an "on" and an "off" literal
/// that see a common candidate of the digit.
fn cycles(grid: &Cands, reach: &Reach) -> bool {
    reach.components().any(|comp| {
        if comp.iter().filter(|&&m| reach.lit(m).on()).count() < 2 {
            return false;
        }
        let mut on = [CellSet::EMPTY; 9];
        let mut off = [CellSet::EMPTY; 9];
        for &m in comp {
            let l = reach.lit(m);
            let d = l.digit_index();
            let seen = Cell::from_index(l.cell_index()).peers() & grid.digit[d];
            if l.on() {
                on[d] |= seen;
            } else {
                off[d] |= seen;
            }
        }
        (0..9).any(|d| !(on[d] & off[d]).is_empty())
    })
}

/// The cells of three values or more (the cells the static producer starts from) whose values'
/// "on" literals, or the positions of one of its values in a house where the cell comes first,
/// all reach a common literal.
fn multiple(grid: &Cands, reach: &Reach, inter: &mut Vec<u64>) -> CellSet {
    let mut common = |starts: &mut dyn Iterator<Item = Lit>| -> bool {
        inter.clear();
        inter.resize(reach.words(), !0);
        for l in starts {
            // Not a node: a candidate the analysis did not reach; nothing is known of it.
            let Some(v) = reach.node(l) else {
                return true;
            };
            inter
                .iter_mut()
                .zip(reach.reachable(v))
                .for_each(|(a, b)| *a &= b);
        }
        inter.iter().any(|&w| w != 0)
    };
    let mut cells = CellSet::EMPTY;
    for cell in grid.empty_cells().filter(|&c| grid.count(c) > 2) {
        let found = common(&mut digits_of(grid.cell[cell]).map(|d| Lit::new(cell, d, true)))
            || digits_of(grid.cell[cell]).any(|d| {
                REGIONS.iter().any(|&r| {
                    let positions = grid.digit[d] & region_cells(r, cell);
                    positions.len() >= 2
                        && positions.first().map(Cell::index) == Some(cell)
                        && common(&mut cells_of(positions).map(|c| Lit::new(c, d, true)))
                })
            });
        if found {
            cells.insert(Cell::from_index(cell));
        }
    }
    cells
}
