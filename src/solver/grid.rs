//! `Grid`: the working state of the step engine: values, candidates per cell, and for each digit
//! the set of cells where it is still a candidate.
//!
//! The grid also keeps HoDoKu's two "singles queues" (`Sudoku2.nsQueue`/`hsQueue`): every time a
//! cell drops to one candidate, or a digit drops to one cell in a house, the event is appended. The
//! single finders report the *first* live entry, which is how HoDoKu chooses among several singles.
//! To reproduce its choice the grid performs every placement and elimination in HoDoKu's order:
//! [`Grid::from_board`] replays `Sudoku2.setSudoku` (values in cell order, then the deleted
//! candidates in cell, digit order), [`Grid::place`] replays `setCell` and [`Grid::apply`] applies
//! a step's placements, then its eliminations in the order the finder listed them.

use super::step::Step;
use crate::domain::{Board, Cell, CellSet, Digit, DigitSet, House};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    values: [Option<Digit>; 81],
    givens: CellSet,
    cands: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    unsolved: CellSet,
    /// Cells that dropped to one candidate, in event order (append-only).
    ns_queue: Vec<(Cell, Digit)>,
    /// (cell, digit) where the digit dropped to one cell of a house, in event order (append-only).
    hs_queue: Vec<(Cell, Digit)>,
    /// Entries before these indices belong to solved cells (HoDoKu would skip them).
    ns_head: usize,
    hs_head: usize,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::new()
    }
}

impl Grid {
    /// An empty grid: every cell unsolved with all nine candidates.
    pub fn new() -> Grid {
        Grid {
            values: [None; 81],
            givens: CellSet::EMPTY,
            cands: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
            unsolved: CellSet::ALL,
            ns_queue: Vec::new(),
            hs_queue: Vec::new(),
            ns_head: 0,
            hs_head: 0,
        }
    }

    /// The board's values and current candidates (including the player's eliminations), built
    /// the way HoDoKu loads a library line: values in cell order, then the deleted candidates.
    /// Extra candidates (digits a placed peer forbids) are added back without queue events.
    pub fn from_board(board: &Board) -> Grid {
        let mut g = Grid::new();
        for c in Cell::all() {
            if let Some(d) = board.value(c) {
                g.place(c, d);
                if board.is_given(c) {
                    g.givens.insert(c);
                }
            }
        }
        for (c, d) in board.eliminations() {
            g.eliminate(c, d);
        }
        for (c, d) in board.extra_candidates() {
            if g.values[c.index()].is_none() {
                g.cands[c.index()].insert(d);
                g.digit_cells[d.index()].insert(c);
            }
        }
        g
    }

    /// Builds a grid from 81 values (0 = empty), all treated as givens.
    pub fn from_values(values: &[u8; 81]) -> Grid {
        let mut g = Grid::new();
        for c in Cell::all() {
            if let Some(d) = Digit::new(values[c.index()]) {
                g.place(c, d);
                g.givens.insert(c);
            }
        }
        g
    }

    #[inline]
    pub fn value(&self, c: Cell) -> Option<Digit> {
        self.values[c.index()]
    }
    #[inline]
    pub fn is_given(&self, c: Cell) -> bool {
        self.givens.contains(c)
    }
    /// Candidates of an unsolved cell (empty for solved cells).
    #[inline]
    pub fn candidates(&self, c: Cell) -> DigitSet {
        self.cands[c.index()]
    }
    /// Cells where `d` is a candidate.
    #[inline]
    pub fn cells_with(&self, d: Digit) -> CellSet {
        self.digit_cells[d.index()]
    }
    /// Cells of `h` where `d` is a candidate.
    #[inline]
    pub fn house_cells_with(&self, h: House, d: Digit) -> CellSet {
        self.digit_cells[d.index()] & h.cells()
    }
    /// Number of cells of `h` holding candidate `d` (HoDoKu's `free[house][d]`).
    #[inline]
    pub fn free(&self, h: House, d: Digit) -> u32 {
        (self.digit_cells[d.index()] & h.cells()).len()
    }
    /// Cells without a value.
    #[inline]
    pub fn unsolved(&self) -> CellSet {
        self.unsolved
    }
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved.is_empty()
    }
    /// Whether the digit is already placed in the house.
    pub fn house_has_value(&self, h: House, d: Digit) -> bool {
        h.cells().iter().any(|c| self.values[c.index()] == Some(d))
    }
    /// The 81 values, 0 for empty cells.
    pub fn values_array(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (o, v) in out.iter_mut().zip(self.values.iter()) {
            *o = v.map_or(0, |d| d.get());
        }
        out
    }

    /// HoDoKu's naked-single queue, oldest first, without the leading entries of solved cells
    /// (later entries may be stale too: check the cell).
    pub fn naked_single_queue(&self) -> &[(Cell, Digit)] {
        &self.ns_queue[self.ns_head..]
    }
    /// HoDoKu's hidden-single queue, oldest first, without the leading entries of solved cells
    /// (later entries may be stale too: check the cell).
    pub fn hidden_single_queue(&self) -> &[(Cell, Digit)] {
        &self.hs_queue[self.hs_head..]
    }

    /// Records hidden-single events for digit `d` after a cell of `houses` lost it.
    #[inline]
    fn note_houses(&mut self, c: Cell, d: Digit, skip_value: bool) {
        if skip_value {
            return;
        }
        for h in c.houses() {
            let rest = self.digit_cells[d.index()] & h.cells();
            if rest.len() == 1 {
                if let Some(first) = rest.first() {
                    self.hs_queue.push((first, d));
                }
            }
        }
    }

    /// Places `d` in `c` (HoDoKu's `setCell`): removes `d` from the peers in cell order, then the
    /// cell's own candidates.
    pub fn place(&mut self, c: Cell, d: Digit) {
        let i = c.index();
        if self.values[i] == Some(d) {
            return;
        }
        self.values[i] = Some(d);
        self.unsolved.remove(c);
        for p in c.peers() & self.digit_cells[d.index()] {
            self.eliminate(p, d);
        }
        let old = self.cands[i];
        self.cands[i] = DigitSet::EMPTY;
        for x in old {
            self.digit_cells[x.index()].remove(c);
            self.note_houses(c, x, x == d);
        }
        while self
            .ns_queue
            .get(self.ns_head)
            .is_some_and(|&(q, _)| self.values[q.index()].is_some())
        {
            self.ns_head += 1;
        }
        while self
            .hs_queue
            .get(self.hs_head)
            .is_some_and(|&(q, _)| self.values[q.index()].is_some())
        {
            self.hs_head += 1;
        }
    }

    /// Removes a candidate (HoDoKu's `delCandidate`); no effect if it is absent.
    pub fn eliminate(&mut self, c: Cell, d: Digit) {
        let i = c.index();
        if !self.cands[i].contains(d) {
            return;
        }
        self.cands[i].remove(d);
        self.digit_cells[d.index()].remove(c);
        self.note_houses(c, d, false);
        if let Some(single) = self.cands[i].single_digit() {
            self.ns_queue.push((c, single));
        }
    }

    /// Applies a step as HoDoKu does: placements first, then eliminations in the step's order.
    pub fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            self.place(p.cell, p.digit);
        }
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
    }

    /// Sets this grid back to `base`, of which it is a copy with moves played on it since (the
    /// forcing nets play every premise on one such copy): the fixed-size state is copied and the
    /// singles queues, which only grow, are cut back to `base`'s length.
    pub fn reset_to(&mut self, base: &Grid) {
        debug_assert!(
            self.ns_queue.starts_with(&base.ns_queue) && self.hs_queue.starts_with(&base.hs_queue),
            "a copy of the base grid"
        );
        self.values = base.values;
        self.givens = base.givens;
        self.cands = base.cands;
        self.digit_cells = base.digit_cells;
        self.unsolved = base.unsolved;
        self.ns_queue.truncate(base.ns_queue.len());
        self.hs_queue.truncate(base.hs_queue.len());
        self.ns_head = base.ns_head;
        self.hs_head = base.hs_head;
    }

    /// The values as a [`Board`]: givens stay given, other values are filled; candidates as here.
    pub fn to_board(&self) -> Board {
        let mut b = Board::empty();
        for c in Cell::all() {
            if let Some(d) = self.values[c.index()] {
                if self.givens.contains(c) {
                    b.set_given(c, d);
                } else {
                    b.set_filled(c, d);
                }
            }
        }
        for c in self.unsolved {
            b.set_candidates(c, self.cands[c.index()]);
        }
        b.set_candidates_specified(true);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn place_updates_peers_and_digit_sets() {
        let mut g = Grid::from_board(&Board::empty());
        let d = Digit::new(5).unwrap();
        let c = Cell::from_rc(4, 4);
        g.place(c, d);
        assert_eq!(g.value(c), Some(d));
        for p in c.peers() {
            assert!(!g.candidates(p).contains(d));
            assert!(!g.cells_with(d).contains(p));
        }
        assert_eq!(g.cells_with(d).len(), 81 - 21);
        assert_eq!(g.unsolved().len(), 80);
        let back = Grid::from_board(&g.to_board());
        assert_eq!(
            back.candidates(Cell::from_rc(0, 0)),
            g.candidates(Cell::from_rc(0, 0))
        );
    }

    #[test]
    fn queues_record_singles_in_event_order() {
        let mut g = Grid::new();
        let r1 = Cell::from_rc(0, 0);
        // Remove 1..8 from r1c1: it becomes a naked single 9.
        for k in 1..=8u8 {
            g.eliminate(r1, Digit::new(k).unwrap());
        }
        assert_eq!(g.naked_single_queue(), &[(r1, Digit::new(9).unwrap())]);
        // Remove 7 from r2c1..r9c1: column 1 keeps 7 only in r1c1, a hidden single.
        let mut h = Grid::new();
        let d = Digit::new(7).unwrap();
        for r in 1..9 {
            h.eliminate(Cell::from_rc(r, 0), d);
        }
        assert_eq!(h.hidden_single_queue(), &[(r1, d)]);
    }
}
