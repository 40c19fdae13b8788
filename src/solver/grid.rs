//! `Grid`: the working state of the step engine: values, candidates per cell, and for each digit
//! the set of cells where it is still a candidate.

use super::step::Step;
use crate::domain::{Board, Cell, CellSet, Digit, DigitSet, House};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    values: [Option<Digit>; 81],
    givens: CellSet,
    cands: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    unsolved: CellSet,
}

impl Grid {
    /// The board's values and current candidates (including the player's eliminations).
    pub fn from_board(board: &Board) -> Grid {
        let cands = board.all_candidates();
        let mut g = Grid {
            values: [None; 81],
            givens: CellSet::EMPTY,
            cands: [DigitSet::EMPTY; 81],
            digit_cells: [CellSet::EMPTY; 9],
            unsolved: CellSet::EMPTY,
        };
        for c in Cell::all() {
            let i = c.index();
            match board.value(c) {
                Some(d) => {
                    g.values[i] = Some(d);
                    if board.is_given(c) {
                        g.givens.insert(c);
                    }
                }
                None => {
                    g.unsolved.insert(c);
                    g.cands[i] = cands[i];
                    for d in cands[i] {
                        g.digit_cells[d.index()].insert(c);
                    }
                }
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

    /// Places `d` in `c` and removes `d` from the peers' candidates.
    pub fn place(&mut self, c: Cell, d: Digit) {
        let i = c.index();
        for x in self.cands[i] {
            self.digit_cells[x.index()].remove(c);
        }
        self.cands[i] = DigitSet::EMPTY;
        self.values[i] = Some(d);
        self.unsolved.remove(c);
        for p in c.peers() & self.digit_cells[d.index()] {
            self.cands[p.index()].remove(d);
        }
        self.digit_cells[d.index()] &= !c.peers();
    }

    /// Removes a candidate.
    pub fn eliminate(&mut self, c: Cell, d: Digit) {
        self.cands[c.index()].remove(d);
        self.digit_cells[d.index()].remove(c);
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
        for p in &step.placements {
            self.place(p.cell, p.digit);
        }
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
}
