//! A literal of the implication engines: a node that is true ("on") or false ("off"). One type
//! for both: Sudoku Explainer's chain engine (`se::chaining`) and HoDoKu's tabling
//! (`techniques::tabling`).
//!
//! A literal is a small integer, `node * 2 + on`, so it indexes a table directly. The first
//! [`CAND_NODES`] nodes are the candidates, `cell * 9 + digit` (cell 0..81, digit index 0..9);
//! HoDoKu's tables number their group nodes after them ([`Lit::group`]). SE's engine uses the
//! candidate literals only ([`CAND_LITS`] of them).

use crate::domain::{Cell, Digit};

use super::Candidate;

/// The candidate nodes: 81 cells x 9 digits.
pub const CAND_NODES: usize = 81 * 9;
/// The candidate literals: every candidate on and off.
pub const CAND_LITS: usize = CAND_NODES * 2;

/// A node (a candidate, or a group node of HoDoKu's tables) that is on or off.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Lit(u16);

impl Lit {
    /// Candidate `digit` (index 0..9) of cell `cell` (index 0..81), on or off.
    #[inline]
    pub const fn new(cell: usize, digit: usize, on: bool) -> Lit {
        Lit(((cell * 9 + digit) * 2 + on as usize) as u16)
    }
    /// Candidate `d` of `cell`, on or off.
    #[inline]
    pub fn cand(cell: Cell, d: Digit, on: bool) -> Lit {
        Lit::new(cell.index(), d.index(), on)
    }
    /// Group node `g` (HoDoKu's tables), on or off.
    #[inline]
    pub const fn group(g: usize, on: bool) -> Lit {
        Lit((((CAND_NODES + g) as u16) << 1) | on as u16)
    }
    /// The literal with index `i` (the inverse of [`Lit::index`]).
    #[inline]
    pub const fn from_index(i: usize) -> Lit {
        Lit(i as u16)
    }
    /// `node * 2 + on`: the literal's slot in a table of literals.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The node: `cell * 9 + digit` for a candidate.
    #[inline]
    pub const fn node(self) -> usize {
        (self.0 >> 1) as usize
    }
    #[inline]
    pub const fn on(self) -> bool {
        self.0 & 1 != 0
    }
    /// The same node with the other truth value.
    #[inline]
    pub const fn conj(self) -> Lit {
        Lit(self.0 ^ 1)
    }
    /// Whether this is a group literal (not a candidate's).
    #[inline]
    pub const fn is_group(self) -> bool {
        self.node() >= CAND_NODES
    }
    /// The group index of a group literal.
    #[inline]
    pub const fn group_index(self) -> usize {
        self.node() - CAND_NODES
    }
    /// The cell index (0..81) of a candidate literal.
    #[inline]
    pub const fn cell_index(self) -> usize {
        self.0 as usize / 18
    }
    /// The digit index (0..9) of a candidate literal.
    #[inline]
    pub const fn digit_index(self) -> usize {
        (self.0 as usize / 2) % 9
    }
    /// Whether this is a candidate literal of `cell` (a group literal never is).
    #[inline]
    pub fn is_in_cell(self, cell: Cell) -> bool {
        let lo = (cell.index() * 18) as u16;
        (lo..lo + 18).contains(&self.0)
    }
    /// The candidate of a candidate literal.
    #[inline]
    pub fn candidate(self) -> Candidate {
        Candidate::new(
            Cell::from_index(self.cell_index()),
            Digit::from_index(self.digit_index()),
        )
    }
    /// A candidate literal's candidate as `r1c2.5` (SE's notation).
    pub fn name(self) -> String {
        let c = self.candidate();
        format!("{}.{}", c.cell, c.digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_and_group_literals_round_trip() {
        let c = Cell::from_index(40);
        let d = Digit::new(5).unwrap();
        let on = Lit::cand(c, d, true);
        assert_eq!(on, Lit::new(40, 4, true));
        assert_eq!((on.cell_index(), on.digit_index(), on.on()), (40, 4, true));
        assert_eq!(on.conj(), Lit::cand(c, d, false));
        assert_eq!(on.node(), 40 * 9 + 4);
        assert_eq!(Lit::from_index(on.index()), on);
        assert!(on.is_in_cell(c) && !on.is_in_cell(Cell::from_index(41)));
        assert_eq!(on.name(), "r5c5.5");
        assert!(!on.is_group());
        let g = Lit::group(3, false);
        assert!(g.is_group() && !g.on());
        assert_eq!(g.group_index(), 3);
        assert!(!g.is_in_cell(Cell::from_index(80)));
        assert!(Lit::new(80, 8, true).index() < CAND_LITS);
    }
}
