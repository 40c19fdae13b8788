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

use super::reach::Reach;
use super::state::{cells_of, digits_of, region_cells, Cands, Lit, REGIONS};
use crate::domain::{Cell, CellSet};

/// The analysis of the last state screened (a nested level asks for both producers on one
/// state, one after the other) and what was told from it, a field of the engine's
/// [`super::Scratch`].
#[derive(Default)]
pub(super) struct Memo {
    reach: Reach,
    inter: Vec<u64>,
    state: Option<Cands>,
    cycles: Option<bool>,
    multiple: Option<CellSet>,
}

impl Memo {
    /// Analyses `grid` unless it is the state analysed last.
    fn analyse(&mut self, grid: &Cands) {
        if self.state.as_ref() == Some(grid) {
            return;
        }
        self.reach.analyse(grid, true, true, true);
        match &mut self.state {
            Some(state) => state.clone_from(grid),
            None => self.state = Some(grid.clone()),
        }
        self.cycles = None;
        self.multiple = None;
    }

    /// The analysis of `grid` (links of both kinds, reachable sets), if it is the state
    /// analysed last.
    pub(super) fn analysis(&self, grid: &Cands) -> Option<&Reach> {
        (self.state.as_ref() == Some(grid)).then_some(&self.reach)
    }

    /// Whether the `Cycles` producer (cycles, forcing X- and XY-chains) may find something in
    /// `grid`.
    pub(super) fn cycles(&mut self, grid: &Cands) -> bool {
        self.analyse(grid);
        let reach = &self.reach;
        *self
            .cycles
            .get_or_insert_with(|| forcing(grid, reach) || cycles(grid, reach))
    }

    /// The cells the static `Multiple` producer may find something from in `grid` (cell and
    /// region forcing chains; a region's chains are searched from its value's first position).
    pub(super) fn multiple(&mut self, grid: &Cands) -> CellSet {
        self.analyse(grid);
        if self.multiple.is_none() {
            self.reach.close_off(grid);
        }
        let (reach, inter) = (&self.reach, &mut self.inter);
        *self
            .multiple
            .get_or_insert_with(|| multiple(grid, reach, inter))
    }
}

/// A forcing chain may start at a literal of a cell with two values or more: one that
/// reaches its negation.
fn forcing(grid: &Cands, reach: &Reach) -> bool {
    (0..reach.ons()).any(|v| {
        let on = reach.lit(v);
        grid.count(on.cell_index()) >= 2 && (reach.forcing(on) || reach.forcing(on.conj()))
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
///
/// A start reaches the "on" literals of its reachable set and the "off" literals of its
/// turned-off set ([`Reach::close_off`]); the two are intersected apart.
fn multiple(grid: &Cands, reach: &Reach, inter: &mut Vec<u64>) -> CellSet {
    let mut common = |starts: &mut dyn Iterator<Item = Lit>| -> bool {
        let mut nodes = [0u32; 9];
        let mut k = 0;
        for l in starts {
            // Not a node: a candidate the analysis did not reach; nothing is known of it.
            let Some(v) = reach.node(l) else {
                return true;
            };
            nodes[k] = v;
            k += 1;
        }
        // Whether the starts' reachable ("on") or turned-off ("off") sets have a literal in
        // common.
        let mut meet = |off: bool| {
            inter.clear();
            inter.resize(reach.words(), !0);
            for &v in &nodes[..k] {
                let set = if off {
                    reach.turned_off(v)
                } else {
                    reach.reachable(v)
                };
                inter.iter_mut().zip(set).for_each(|(a, b)| *a &= b);
            }
            inter.iter().any(|&w| w != 0)
        };
        meet(false) || meet(true)
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

#[cfg(test)]
mod tests {
    use super::super::{search, ChainProducer, Scratch};
    use super::*;
    use crate::codec;
    use crate::solver::Grid;

    fn texts(hints: &[super::super::hint::Hint]) -> Vec<String> {
        hints
            .iter()
            .map(|h| {
                format!(
                    "{} {}: {} {:?}",
                    h.tenths(),
                    h.name(),
                    h.details(),
                    h.removable
                )
            })
            .collect()
    }

    /// The reduced states nested forcing chains meet on a hard puzzle: the states the nested
    /// producers were asked about, kept in the engine's cache.
    fn nested_states(puzzle: &str, producer: ChainProducer) -> Vec<Cands> {
        let board = codec::decode_any(puzzle).unwrap().board;
        let grid = Grid::from_board(&board);
        let scratch = Scratch::default();
        super::super::hints(&grid, producer, &scratch);
        let cache = scratch.nested.borrow();
        let mut states: Vec<Cands> = cache.keys().map(|(_, c)| c.clone()).collect();
        states.sort_by_key(|c| c.cell.iter().map(|d| d.len()).sum::<u32>());
        states.dedup();
        states
    }

    /// On the reduced states of a forcing-chain search on hard puzzles, the static producers
    /// find the same hints, in the same order, with and without the screen: the screen only
    /// skips searches that come back empty. Most of these states give nothing, some give
    /// hints, so both sides of the screen are exercised (the test checks that they are).
    #[test]
    fn the_screen_skips_only_searches_that_find_nothing() {
        let puzzles = [
            // forum_hardest_1106, lines 1 and 2 (rated 10.3 and 11.x by SE).
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
        ];
        let rules = [ChainProducer::Cycles.rule(), ChainProducer::Multiple.rule()];
        let (mut empty, mut found) = (0, 0);
        for p in puzzles {
            let states = nested_states(p, ChainProducer::Nested(2));
            // Every 8th state, so the test stays quick in the test build.
            for state in states.iter().step_by(8) {
                for rule in rules {
                    let scratch = Scratch::default();
                    let screened = search(&scratch, state, rule, 0, true);
                    let full = search(&scratch, state, rule, 0, false);
                    assert_eq!(texts(&screened), texts(&full), "{state:?}");
                    if full.is_empty() {
                        empty += 1;
                    } else {
                        found += 1;
                    }
                }
            }
        }
        assert!(empty > 50 && found > 5, "empty {empty}, found {found}");
    }
}
