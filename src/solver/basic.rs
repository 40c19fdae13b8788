//! The basic searches both step engines run, written once: the sets of a house (naked and
//! hidden subsets), locked candidates, the singles and a wing's eliminations. Each engine walks
//! the houses, digits and combinations in its own order and builds its own steps; what a search
//! finds in one house (or for one pivot) is decided here. The fish search is shared the same way
//! (`techniques::fish::search`, SE's basic fish included).

use std::ops::ControlFlow;

use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::Grid;

/// What a set of a house is made of: its cells (a naked set; a unit's mask is the cell's
/// candidates, bit `d - 1` for digit `d`) or its digits (a hidden set; a unit's mask is the
/// digit's positions, bit `k` for the house's `k`-th cell).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Units {
    Cells,
    Digits,
}

/// The masks of a house's nine units (see [`Units`]); a solved cell's mask is empty.
pub fn unit_masks(g: &Grid, h: House, units: Units) -> [u16; 9] {
    let cands = h.cell_list().map(|c| g.candidates(c).bits());
    match units {
        Units::Cells => cands,
        Units::Digits => {
            // The digits' positions: the cells' candidates transposed.
            let mut pos = [0u16; 9];
            for (k, &m) in cands.iter().enumerate() {
                let mut m = m;
                while m != 0 {
                    pos[m.trailing_zeros() as usize] |= 1 << k;
                    m &= m - 1;
                }
            }
            pos
        }
    }
}

/// The units whose masks have `min` to `k` bits, as a mask over the nine units (a unit with
/// more than `k` bits is in no set of `k`).
pub fn usable(masks: &[u16; 9], min: u32, k: u32) -> u16 {
    let mut usable = 0u16;
    for (i, m) in masks.iter().enumerate() {
        if (min..=k).contains(&m.count_ones()) {
            usable |= 1 << i;
        }
    }
    usable
}

/// The order combinations of units are visited in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Lexicographic order of the units' indices (HoDoKu's).
    Lexicographic,
    /// Increasing combination mask (colexicographic: SE's `Permutations`).
    IncreasingMask,
}

/// Every combination of `k` of the `usable` units whose masks together have exactly `k` bits,
/// in `order`, handed to `found` as (combination mask, union of its masks) until it breaks. A
/// partial combination whose union already has more than `k` bits is not completed (unions only
/// grow), which leaves the order of the others as it is.
pub fn sets(
    masks: &[u16; 9],
    usable: u16,
    k: u32,
    order: Order,
    mut found: impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 || usable.count_ones() < k {
        return ControlFlow::Continue(());
    }
    let walk = Walk {
        masks,
        usable,
        k,
        order,
    };
    let start = match order {
        Order::Lexicographic => 0,
        Order::IncreasingMask => 9,
    };
    walk.choose(start, k, 0, 0, &mut found)
}

/// The sets of `k` units of house `h` (units with `min` to `k` bits) in `order`: [`sets`] over
/// the house's [`unit_masks`].
pub fn house_sets(
    g: &Grid,
    h: House,
    units: Units,
    min: u32,
    k: u32,
    order: Order,
    found: impl FnMut(u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let masks = unit_masks(g, h, units);
    sets(&masks, usable(&masks, min, k), k, order, found)
}

struct Walk<'a> {
    masks: &'a [u16; 9],
    usable: u16,
    k: u32,
    order: Order,
}

impl Walk<'_> {
    /// Chooses the `left` units still to choose, one at a time: in lexicographic order the
    /// smallest of them, from unit `bound` up; in increasing-mask order the largest, below unit
    /// `bound` (combinations ordered by their largest unit, then their next largest, ...).
    fn choose(
        &self,
        bound: usize,
        left: u32,
        combo: u16,
        union: u16,
        found: &mut impl FnMut(u16, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            return if union.count_ones() == self.k {
                found(combo, union)
            } else {
                ControlFlow::Continue(())
            };
        }
        let left_out = left as usize - 1;
        let (units, next) = match self.order {
            Order::Lexicographic => (bound..=8 - left_out, 1),
            Order::IncreasingMask => (left_out..=bound - 1, 0),
        };
        for i in units {
            let u = union | self.masks[i];
            if self.usable & 1 << i != 0 && u.count_ones() <= self.k {
                self.choose(i + next, left - 1, combo | 1 << i, u, found)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Locked candidates found in one house: every position of a digit in `source` (two or more)
/// lies in `target`, a house of another kind (the box of a line; the row or the column of a
/// box), whose other positions of the digit, `removed`, can go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Locked {
    pub target: House,
    pub cells: CellSet,
    pub removed: CellSet,
}

/// The locked candidates of `d` in `source`, if its positions there (two or more) share a
/// house of another kind (there is one at most); `removed` may be empty.
pub fn locked(g: &Grid, source: House, d: Digit) -> Option<Locked> {
    let cells = g.house_cells_with(source, d);
    if cells.len() < 2 {
        return None;
    }
    let target = cells
        .first()?
        .houses()
        .into_iter()
        .find(|&h| h != source && (cells & !h.cells()).is_empty())?;
    let removed = g.house_cells_with(target, d) & !source.cells();
    Some(Locked {
        target,
        cells,
        removed,
    })
}

/// The naked singles of the state in cell order: each unsolved cell with one candidate.
pub fn naked_singles(g: &Grid) -> impl Iterator<Item = (Cell, Digit)> + '_ {
    g.unsolved()
        .iter()
        .filter_map(|c| Some((c, g.candidates(c).single_digit()?)))
}

/// The only position of `d` in `h`, if it has one position there (a hidden single).
pub fn single_position(g: &Grid, h: House, d: Digit) -> Option<Cell> {
    g.house_cells_with(h, d).only()
}

/// What an XY-Wing or an XYZ-Wing removes: `z` (the pincers' common digit) from the cells that
/// see both pincers (and the pivot, for an XYZ-Wing), the wing's cells left out.
pub fn wing_victims(g: &Grid, pivot: Cell, p1: Cell, p2: Cell, z: Digit, xyz: bool) -> CellSet {
    let mut victims = g.cells_with(z) & p1.peers() & p2.peers();
    if xyz {
        victims &= pivot.peers();
    }
    for c in [pivot, p1, p2] {
        victims.remove(c);
    }
    victims
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every(masks: &[u16; 9], usable: u16, k: u32, order: Order) -> Vec<u16> {
        let mut out = Vec::new();
        let _ = sets(masks, usable, k, order, |combo, _| {
            out.push(combo);
            ControlFlow::Continue(())
        });
        out
    }

    /// Nine units of one bit each: every combination is a set.
    const DISTINCT: [u16; 9] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

    #[test]
    fn increasing_order_is_the_order_of_masks() {
        for k in 1..=5 {
            let v = every(&DISTINCT, 0x1ff, k, Order::IncreasingMask);
            assert_eq!(v.len(), [9, 36, 84, 126, 126][k as usize - 1]);
            assert!(v.windows(2).all(|w| w[0] < w[1]), "k = {k}");
        }
    }

    #[test]
    fn lexicographic_order_is_by_smallest_unit_first() {
        let v = every(&DISTINCT, 0b1111, 2, Order::Lexicographic);
        assert_eq!(v, [0b11, 0b101, 0b1001, 0b110, 0b1010, 0b1100]);
        let v = every(&DISTINCT, 0b1111, 2, Order::IncreasingMask);
        assert_eq!(v, [0b11, 0b101, 0b110, 0b1001, 0b1010, 0b1100]);
    }

    #[test]
    fn only_usable_units_whose_union_has_k_bits() {
        // Units 0 and 2 share digits 1 and 2, unit 1 is {1, 3}, unit 3 is unusable.
        let masks = [0b011, 0b101, 0b011, 0b011, 0, 0, 0, 0, 0];
        assert_eq!(every(&masks, 0b0111, 2, Order::Lexicographic), [0b101]);
        assert_eq!(every(&masks, 0b0111, 3, Order::Lexicographic), [0b111]);
        assert_eq!(usable(&masks, 2, 2), 0b1111);
        assert_eq!(usable(&[1, 0b111, 0b11, 0, 0, 0, 0, 0, 0], 1, 2), 0b101);
    }

    #[test]
    fn digits_are_the_cells_transposed() {
        let mut g = Grid::new();
        let h = House::Row(0);
        for d in 2..=9 {
            g.eliminate(Cell::from_index(0), Digit::new(d).unwrap());
        }
        let pos = unit_masks(&g, h, Units::Digits);
        assert_eq!(pos[0], 0x1ff);
        assert_eq!(pos[1], 0x1fe);
        assert_eq!(unit_masks(&g, h, Units::Cells)[0], 1);
    }
}
