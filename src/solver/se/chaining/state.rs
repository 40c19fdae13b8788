//! The chain engine's view of a state: candidates as the domain's bit sets (per cell a
//! [`DigitSet`], per digit a [`CellSet`]); its literals are the solver's
//! ([`crate::solver::lit::Lit`]).

use crate::domain::{Cell, CellSet, Digit, DigitSet, House};
use crate::solver::Grid;

/// The engine's literals: the candidate literals of the solver's one literal type
/// ([`crate::solver::lit`]), indices `(cell * 9 + digit) * 2 + on`.
pub(super) use crate::solver::lit::{Lit, CAND_LITS};

/// Why a literal follows from its parents (SE's `Potential.Cause`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    /// The assumption a chain starts from.
    Source,
    /// Cell rule: one value per cell.
    NakedSingle,
    /// House rule in a box, a row or a column (SE's region types 0, 1, 2).
    Hidden(Region),
    /// Removed by a simpler technique or a nested chain inside the propagation.
    Advanced,
}

/// SE's region kinds in its order (blocks, rows, columns), the one enum of SE's rules.
pub(super) use crate::solver::se::regions::{Kind as Region, BRC as REGIONS};

/// The cells of the house of kind `r` holding cell `cell` (0..81).
#[inline]
pub(super) fn region_cells(r: Region, cell: usize) -> CellSet {
    CellSet::from_bits(r.bits(cell))
}

/// The cell `cell` (0..81) alone.
#[inline]
pub(super) fn one_cell(cell: usize) -> CellSet {
    CellSet::single(Cell::from_index(cell))
}

/// The digit `d` (0..9) alone.
#[inline]
pub(super) fn one_digit(d: usize) -> DigitSet {
    DigitSet::single(Digit::from_index(d))
}

/// The cell indices of a cell set, ascending.
#[inline]
pub(super) fn cells_of(cells: CellSet) -> impl Iterator<Item = usize> {
    cells.iter().map(Cell::index)
}

/// The digit indices of a digit set, ascending.
#[inline]
pub(super) fn digits_of(digits: DigitSet) -> impl Iterator<Item = usize> {
    digits.iter().map(Digit::index)
}

/// Candidates of a state: per cell its digits and per digit its cells (the same candidates
/// twice). Solved cells have none.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Cands {
    /// Placed digits (1..=9), 0 for empty cells.
    pub(super) values: [u8; 81],
    pub(super) cell: [DigitSet; 81],
    pub(super) digit: [CellSet; 9],
}

impl std::hash::Hash for Cands {
    /// The candidates of the cells, four cells a word: the rest follows from them in the
    /// states compared (and `Eq` compares all).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for four in self.cell.chunks(4) {
            state.write_u64(four.iter().fold(0, |w, d| w << 16 | d.bits() as u64));
        }
    }
}

impl Cands {
    pub(super) fn from_grid(g: &Grid) -> Cands {
        let mut cell = [DigitSet::EMPTY; 81];
        let mut digit = [CellSet::EMPTY; 9];
        for c in g.unsolved() {
            let ds = g.candidates(c);
            cell[c.index()] = ds;
            for d in ds {
                digit[d.index()].insert(c);
            }
        }
        Cands {
            values: g.values_array(),
            cell,
            digit,
        }
    }
    #[inline]
    pub(super) fn remove(&mut self, cell: usize, d: usize) {
        self.cell[cell].remove(Digit::from_index(d));
        self.digit[d].remove(Cell::from_index(cell));
    }
    #[inline]
    pub(super) fn count(&self, cell: usize) -> u32 {
        self.cell[cell].len()
    }
    /// Empty cells (without a value).
    pub(super) fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..81).filter(move |&i| self.values[i] == 0)
    }
}

pub(super) fn cand(cell: usize, d: usize) -> crate::solver::Candidate {
    crate::solver::Candidate::new(Cell::from_index(cell), Digit::from_index(d))
}

/// The producer's part of a hint's identity: its base difficulty and name parts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Rule {
    pub(super) multiple: bool,
    pub(super) dynamic: bool,
    pub(super) nishio: bool,
    pub(super) level: u8,
}

impl Rule {
    /// SE's `Chaining.getDifficulty()` (not for cycles and forcing X/Y-chains).
    pub(super) fn base(self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * f64::from(self.level)
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }
}

/// Which simpler technique made an elimination inside a propagation, as its explanation names
/// it: the cells are the pattern's (its digit's positions, the pair's cells).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum RuleFact {
    /// Pointing or claiming: the digit's positions in `houses[0]` all lie in `houses[1]`.
    Locking {
        digit: u8,
        houses: [House; 2],
        cells: CellSet,
    },
    HiddenPair {
        digits: [u8; 2],
        house: House,
        cells: CellSet,
    },
    NakedPair {
        digits: [u8; 2],
        house: House,
        cells: [u8; 2],
    },
    /// An X-Wing on rows (`rows`) or on columns.
    XWing {
        digit: u8,
        rows: bool,
        cells: CellSet,
    },
}

/// The order a Java `HashMap<Cell, _>` with default capacity iterates cells inserted in
/// `cells` order: by cell index modulo the table size, then insertion order.
pub(super) fn hash_order(cells: &mut [(u8, u8)]) {
    let mut distinct: Vec<u8> = Vec::new();
    for &(c, _) in cells.iter() {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let mut cap = 16usize;
    while distinct.len() > cap * 3 / 4 {
        cap *= 2;
    }
    let pos = |c: u8| distinct.iter().position(|&x| x == c).unwrap_or(0);
    cells.sort_by_key(|&(c, d)| (c as usize % cap, pos(c), d));
}

/// SE's `getOffToOn` on a state that does not change (no hidden parents): what `p` being false
/// turns on, by the cell rule (`y`: the last value of a cell) and the house rule (`x`: the
/// last position of a value in a house), each literal once, given to `f`.
#[inline]
pub(super) fn static_off_to_on(
    grid: &Cands,
    p: Lit,
    y: bool,
    x: bool,
    mut f: impl FnMut(Lit, Cause),
) {
    let (cell, d) = (p.cell_index(), p.digit_index());
    let other = grid.cell[cell].difference(one_digit(d)).first();
    if let (true, Some(other)) = (y && grid.count(cell) == 2, other) {
        f(Lit::new(cell, other.index(), true), Cause::NakedSingle);
    }
    if x {
        // A position can be the last in two houses (its box and its row or column).
        let mut given = CellSet::EMPTY;
        for r in REGIONS {
            let others = (grid.digit[d] & region_cells(r, cell)).difference(one_cell(cell));
            if let Some(oc) = others.only().filter(|&oc| !given.contains(oc)) {
                given.insert(oc);
                f(Lit::new(oc.index(), d, true), Cause::Hidden(r));
            }
        }
    }
}
