//! SE's view of the houses: its three region kinds in its own order (blocks 0, rows 1,
//! columns 2), positions of a digit as a 9-bit mask over a region's cells, and its
//! combination order (`Permutations`: k-subsets of 0..n by increasing bit mask).

use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::{Candidate, Grid};

/// SE's region kinds (`getRegionTypeIndex`), numbered in its order: blocks 0, rows 1,
/// columns 2. Every part of SE's engine (its rules, its chain engine, its explanations) names
/// a kind of house with it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Block,
    Row,
    Column,
}

impl Kind {
    /// The `i`-th region of this kind.
    pub const fn region(self, i: usize) -> House {
        match self {
            Kind::Block => House::Box(i as u8),
            Kind::Row => House::Row(i as u8),
            Kind::Column => House::Col(i as u8),
        }
    }

    /// The region of this kind holding `c`.
    pub const fn region_of(self, c: Cell) -> House {
        match self {
            Kind::Block => House::Box(c.box_index() as u8),
            Kind::Row => House::Row(c.row() as u8),
            Kind::Column => House::Col(c.col() as u8),
        }
    }

    /// The cells of the region of this kind holding cell `cell` (0..81), as a cell mask.
    #[inline]
    pub const fn bits(self, cell: usize) -> u128 {
        REGION_BITS[cell][self as usize]
    }

    /// The region of this kind holding cell `cell` (0..81).
    #[inline]
    pub const fn house(self, cell: usize) -> House {
        self.region_of(Cell::from_index(cell))
    }

    pub const fn of(h: House) -> Kind {
        match h {
            House::Box(_) => Kind::Block,
            House::Row(_) => Kind::Row,
            House::Col(_) => Kind::Column,
        }
    }

    /// SE's word for the kind (`Region.toString()`).
    pub const fn word(self) -> &'static str {
        match self {
            Kind::Block => "block",
            Kind::Row => "row",
            Kind::Column => "column",
        }
    }
}

/// Per cell, the cells of its block, row and column (in [`Kind`] order).
const REGION_BITS: [[u128; 3]; 81] = {
    let mut houses = [[0u128; 3]; 27];
    let mut c = 0;
    while c < 81 {
        let (r, k, b) = Cell::row_col_box(c);
        houses[b][0] |= 1u128 << c;
        houses[r][1] |= 1u128 << c;
        houses[k][2] |= 1u128 << c;
        c += 1;
    }
    let mut out = [[0u128; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k, b) = Cell::row_col_box(c);
        out[c] = [houses[b][0], houses[r][1], houses[k][2]];
        c += 1;
    }
    out
};

/// The order most of SE's rules visit the region kinds in: blocks, columns, rows.
pub const BCR: [Kind; 3] = [Kind::Block, Kind::Column, Kind::Row];
/// The order of SE's loops over "all region types": blocks, rows, columns.
pub const BRC: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];

/// Where `d` is a candidate in `h`: bit `k` for the region's `k`-th cell.
pub fn positions(g: &Grid, h: House, d: Digit) -> u16 {
    let mut m = 0u16;
    for (k, c) in h.cell_list().into_iter().enumerate() {
        if g.candidates(c).contains(d) {
            m |= 1 << k;
        }
    }
    m
}

/// The cells of `h` without a value.
pub fn empty_count(g: &Grid, h: House) -> u32 {
    (h.cells() & g.unsolved()).len()
}

/// The region's position of `c` (0..9); `c` must be in `h`.
pub fn index_in(h: House, c: Cell) -> usize {
    match h {
        House::Row(_) => c.col(),
        House::Col(_) => c.row(),
        House::Box(_) => (c.row() % 3) * 3 + c.col() % 3,
    }
}

/// The k-subsets of `0..n` as bit masks, in SE's order (increasing mask, Gosper's step).
pub fn combinations(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let first = if k == 0 || k > n {
        None
    } else {
        Some((1u32 << k) - 1)
    };
    std::iter::successors(first, move |&v| {
        let smallest = v & v.wrapping_neg();
        let ripple = v + smallest;
        let ones = ((v ^ ripple) >> 2) / smallest;
        let next = ripple | ones;
        (next < (1 << n)).then_some(next)
    })
}

/// The set bits of a mask, lowest first.
pub fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// A digit set from a 1-based bit mask over digits (bit 0 = digit 1).
pub fn digits(m: u16) -> DigitSet {
    DigitSet::from_bits(m)
}

/// `r1c2,r3c4`: SE's list of cells.
pub fn cell_list(cells: &[Cell]) -> String {
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.join(",")
}

/// SE's `Cell.toFullString(cells)`: `Cell r1c2` or `Cells r1c2,r3c4`.
pub fn full_cells(cells: &[Cell]) -> String {
    if cells.len() == 1 {
        format!("Cell {}", cells[0])
    } else {
        format!("Cells {}", cell_list(cells))
    }
}

/// `1,2,3`: a digit list.
pub fn digit_list(d: DigitSet) -> String {
    let v: Vec<String> = d.iter().map(|x| x.to_string()).collect();
    v.join(",")
}

/// The candidates `digits` × `cells` present in the grid, cell by cell.
pub fn present(
    g: &Grid,
    cells: impl IntoIterator<Item = Cell>,
    digits: DigitSet,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for c in cells {
        for d in g.candidates(c).intersection(digits) {
            out.push(Candidate::new(c, d));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_follow_increasing_masks() {
        let v: Vec<u32> = combinations(2, 4).collect();
        assert_eq!(v, vec![0b11, 0b101, 0b110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(3, 9).count(), 84);
        assert_eq!(combinations(4, 9).count(), 126);
    }
}
