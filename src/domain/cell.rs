//! `Cell` (0..81) and `House` (the 27 rows, columns and boxes), with precomputed peers.

use super::CellSet;
use std::fmt;

/// A cell of the grid, index `9 * row + col` (all zero-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// `Some` for 0..81.
    #[inline]
    pub const fn new(i: u8) -> Option<Cell> {
        if i < 81 {
            Some(Cell(i))
        } else {
            None
        }
    }
    /// From a zero-based index; panics when `i >= 81` (programming error).
    #[inline]
    pub const fn from_index(i: usize) -> Cell {
        assert!(i < 81, "cell index out of range");
        Cell(i as u8)
    }
    /// From zero-based row and column.
    #[inline]
    pub const fn from_rc(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row/col out of range");
        Cell((row * 9 + col) as u8)
    }
    /// Every cell in index order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..81u8).map(Cell)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Zero-based row 0..9.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }
    /// Zero-based column 0..9.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }
    /// Zero-based box 0..9 (row-major boxes).
    #[inline]
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }
    /// Row, column and box of the cell at index `i` (for loops over raw 81-value arrays).
    #[inline]
    pub const fn row_col_box(i: usize) -> (usize, usize, usize) {
        let c = Cell::from_index(i);
        (c.row(), c.col(), c.box_index())
    }
    /// The three houses containing the cell: row, column, box.
    #[inline]
    pub const fn houses(self) -> [House; 3] {
        [
            House::Row(self.row() as u8),
            House::Col(self.col() as u8),
            House::Box(self.box_index() as u8),
        ]
    }
    /// The 20 peers (same row, column or box, excluding the cell itself).
    #[inline]
    pub fn peers(self) -> CellSet {
        CellSet::from_bits(PEERS[self.index()])
    }
    /// Whether two distinct cells see each other.
    #[inline]
    pub fn sees(self, other: Cell) -> bool {
        PEERS[self.index()] >> other.index() & 1 != 0
    }
}

/// `r1c1` notation (one-based), as HoDoKu prints cells.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// Why a cell name was refused; `at` is the one-based character position in the name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellNameError {
    #[error("empty cell name, expected r<row>c<column> such as r5c3 or a row letter and a column such as E3")]
    Empty,
    #[error("{found:?} at character {at} of the cell name, expected {expected}")]
    Unexpected {
        at: usize,
        found: char,
        expected: &'static str,
    },
    #[error("the cell name ends after character {at}, expected {expected}")]
    Short { at: usize, expected: &'static str },
}

/// The names the project reads for a cell: `r5c3` (any case, one-based row and column, as HoDoKu
/// and the saves write it) and HoDoKu's letters form `E3` (row letter A-I, column 1-9, any case,
/// as the board shows with `labels = "letters"`).
impl std::str::FromStr for Cell {
    type Err = CellNameError;

    fn from_str(s: &str) -> Result<Cell, CellNameError> {
        const DIGIT: &str = "a digit 1-9";
        let mut chars = s.chars().enumerate().map(|(i, c)| (i + 1, c));
        let mut last = 0;
        let mut next = |expected: &'static str| match chars.next() {
            Some((at, c)) => {
                last = at;
                Ok((at, c))
            }
            None => Err(CellNameError::Short { at: last, expected }),
        };
        let index = |(at, c): (usize, char), expected: &'static str, first: char| {
            let i = (c.to_ascii_lowercase() as u32).wrapping_sub(first as u32);
            if i < 9 {
                Ok(i as usize)
            } else {
                Err(CellNameError::Unexpected {
                    at,
                    found: c,
                    expected,
                })
            }
        };
        let (at, lead) = next("").map_err(|_| CellNameError::Empty)?;
        let (row, col) = match lead {
            'r' | 'R' => {
                let row = index(next(DIGIT)?, DIGIT, '1')?;
                let (at, c) = next("c")?;
                if !matches!(c, 'c' | 'C') {
                    return Err(CellNameError::Unexpected {
                        at,
                        found: c,
                        expected: "c",
                    });
                }
                (row, index(next(DIGIT)?, DIGIT, '1')?)
            }
            _ => {
                const LEAD: &str = "r (as in r5c3) or a row letter A-I (as in E3)";
                let row = index((at, lead), LEAD, 'a')?;
                (row, index(next(DIGIT)?, DIGIT, '1')?)
            }
        };
        if let Some((at, found)) = chars.next() {
            return Err(CellNameError::Unexpected {
                at,
                found,
                expected: "the end of the cell name",
            });
        }
        Ok(Cell::from_rc(row, col))
    }
}

/// A row, column or box, each numbered 0..9.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    Row(u8),
    Col(u8),
    Box(u8),
}

impl House {
    /// All 27 houses: rows 0..9, then columns, then boxes (index order).
    pub const ALL: [House; 27] = {
        let mut a = [House::Row(0); 27];
        let mut i = 0;
        while i < 9 {
            a[i] = House::Row(i as u8);
            a[9 + i] = House::Col(i as u8);
            a[18 + i] = House::Box(i as u8);
            i += 1;
        }
        a
    };

    /// Index 0..27: rows, then columns, then boxes.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            House::Row(i) => i as usize,
            House::Col(i) => 9 + i as usize,
            House::Box(i) => 18 + i as usize,
        }
    }
    #[inline]
    pub const fn from_index(i: usize) -> House {
        House::ALL[i]
    }
    /// The house's nine cells.
    #[inline]
    pub fn cells(self) -> CellSet {
        CellSet::from_bits(HOUSE_CELLS[self.index()])
    }
    /// The house's nine cells in order (left to right, top to bottom).
    #[inline]
    pub fn cell_list(self) -> [Cell; 9] {
        let mut out = [Cell(0); 9];
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.cell_at(k);
        }
        out
    }
    /// The `k`-th cell (0..9) of the house.
    #[inline]
    pub const fn cell_at(self, k: usize) -> Cell {
        match self {
            House::Row(r) => Cell::from_rc(r as usize, k),
            House::Col(c) => Cell::from_rc(k, c as usize),
            House::Box(b) => {
                let b = b as usize;
                Cell::from_rc((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3)
            }
        }
    }
}

/// HoDoKu's notation: `r1`, `c1`, `b1` (one-based).
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "r{}", i + 1),
            House::Col(i) => write!(f, "c{}", i + 1),
            House::Box(i) => write!(f, "b{}", i + 1),
        }
    }
}

const HOUSE_CELLS: [u128; 27] = {
    let mut a = [0u128; 27];
    let mut c = 0;
    while c < 81 {
        let (r, k, b) = Cell::row_col_box(c);
        a[r] |= 1u128 << c;
        a[9 + k] |= 1u128 << c;
        a[18 + b] |= 1u128 << c;
        c += 1;
    }
    a
};

const PEERS: [u128; 81] = {
    let mut p = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, k, b) = Cell::row_col_box(c);
        p[c] = (HOUSE_CELLS[r] | HOUSE_CELLS[9 + k] | HOUSE_CELLS[18 + b]) & !(1u128 << c);
        c += 1;
    }
    p
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_twenty_peers_and_three_houses() {
        for c in Cell::all() {
            assert_eq!(c.peers().len(), 20, "{c}");
            assert!(!c.peers().contains(c));
            for h in c.houses() {
                assert!(h.cells().contains(c));
            }
            assert_eq!(Cell::from_rc(c.row(), c.col()), c);
        }
    }

    #[test]
    fn every_house_has_nine_cells_in_order() {
        for (i, h) in House::ALL.iter().enumerate() {
            assert_eq!(h.index(), i);
            assert_eq!(h.cells().len(), 9);
            let list: CellSet = h.cell_list().into_iter().collect();
            assert_eq!(list, h.cells());
        }
        assert_eq!(House::Box(4).cell_at(0), Cell::from_rc(3, 3));
        assert_eq!(Cell::from_rc(7, 8).to_string(), "r8c9");
        assert_eq!(House::Box(7).to_string(), "b8");
    }

    #[test]
    fn cell_names_read_in_every_form() {
        let r5c3 = Cell::from_rc(4, 2);
        for name in ["r5c3", "R5C3", "r5C3", "E3", "e3"] {
            assert_eq!(name.parse::<Cell>(), Ok(r5c3), "{name}");
        }
        for c in Cell::all() {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        assert_eq!("".parse::<Cell>(), Err(CellNameError::Empty));
        assert_eq!(
            "r0c3".parse::<Cell>(),
            Err(CellNameError::Unexpected {
                at: 2,
                found: '0',
                expected: "a digit 1-9"
            })
        );
        assert_eq!(
            "r5".parse::<Cell>(),
            Err(CellNameError::Short {
                at: 2,
                expected: "c"
            })
        );
        assert_eq!(
            "r5c3 ".parse::<Cell>().unwrap_err().to_string(),
            "' ' at character 5 of the cell name, expected the end of the cell name"
        );
        assert!("J1".parse::<Cell>().is_err());
        assert!("x5c3".parse::<Cell>().is_err());
        assert!("E".parse::<Cell>().is_err());
        assert!("r5x3".parse::<Cell>().is_err());
    }

    #[test]
    fn peers_are_symmetric() {
        for a in Cell::all() {
            for b in Cell::all() {
                assert_eq!(a.sees(b), b.sees(a));
            }
        }
    }
}
