//! Typed bitsets: `DigitSet` (9 bits in a u16) and `CellSet` (81 bits in a u128).

use super::{Cell, Digit};
use std::fmt;

/// `|` union, `&` intersection, `|=`, `&=` and `!` complement for a bitset newtype that has
/// `union`, `intersection` and `complement` (the complement keeps only valid members).
macro_rules! set_operators {
    ($set:ident) => {
        impl std::ops::BitOr for $set {
            type Output = $set;
            fn bitor(self, o: $set) -> $set {
                self.union(o)
            }
        }
        impl std::ops::BitAnd for $set {
            type Output = $set;
            fn bitand(self, o: $set) -> $set {
                self.intersection(o)
            }
        }
        impl std::ops::BitOrAssign for $set {
            fn bitor_assign(&mut self, o: $set) {
                self.0 |= o.0;
            }
        }
        impl std::ops::BitAndAssign for $set {
            fn bitand_assign(&mut self, o: $set) {
                self.0 &= o.0;
            }
        }
        impl std::ops::Not for $set {
            type Output = $set;
            fn not(self) -> $set {
                self.complement()
            }
        }
    };
}

/// `collect()` into, and `for x in set` over, a bitset newtype with `EMPTY`, `insert` and `iter`.
macro_rules! set_collection_traits {
    ($set:ident, $item:ident, $iter:ident) => {
        impl FromIterator<$item> for $set {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> Self {
                let mut s = $set::EMPTY;
                for x in iter {
                    s.insert(x);
                }
                s
            }
        }

        impl IntoIterator for $set {
            type Item = $item;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }
    };
}

/// A set of digits; bit `d-1` is digit `d`.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u16);

impl DigitSet {
    pub const EMPTY: DigitSet = DigitSet(0);
    pub const ALL: DigitSet = DigitSet(0x1FF);

    /// From raw bits (bits above 8 are dropped).
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1FF)
    }
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
    #[inline]
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(d.bit())
    }
    #[inline]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & d.bit() != 0
    }
    #[inline]
    pub fn insert(&mut self, d: Digit) {
        self.0 |= d.bit();
    }
    #[inline]
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !d.bit();
    }
    #[inline]
    pub fn toggle(&mut self, d: Digit) {
        self.0 ^= d.bit();
    }
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn union(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 | o.0)
    }
    #[inline]
    pub const fn intersection(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & o.0)
    }
    #[inline]
    pub const fn difference(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & !o.0)
    }
    #[inline]
    pub const fn complement(self) -> DigitSet {
        DigitSet(!self.0 & 0x1FF)
    }
    /// The smallest digit, if any.
    #[inline]
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit::from_index(self.0.trailing_zeros() as usize))
        }
    }
    /// The only digit, if the set has exactly one.
    #[inline]
    pub fn single_digit(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
            self.first()
        } else {
            None
        }
    }
    /// Digits in ascending order.
    #[inline]
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

set_collection_traits!(DigitSet, Digit, DigitSetIter);

/// Iterator over a [`DigitSet`], ascending.
#[derive(Clone)]
pub struct DigitSetIter(u16);

impl Iterator for DigitSetIter {
    type Item = Digit;
    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitSetIter {}

set_operators!(DigitSet);

/// Ascending digits without separators, e.g. `1257`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// A set of cells; bit `i` is cell `i` (0..81).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u128);

const CELL_MASK: u128 = (1u128 << 81) - 1;

impl CellSet {
    pub const EMPTY: CellSet = CellSet(0);
    pub const ALL: CellSet = CellSet(CELL_MASK);

    #[inline]
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & CELL_MASK)
    }
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }
    #[inline]
    pub const fn single(c: Cell) -> CellSet {
        CellSet(1u128 << c.index())
    }
    #[inline]
    pub const fn contains(self, c: Cell) -> bool {
        self.0 >> c.index() & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0 |= 1u128 << c.index();
    }
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0 &= !(1u128 << c.index());
    }
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
    #[inline]
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
    #[inline]
    pub const fn difference(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }
    #[inline]
    pub const fn complement(self) -> CellSet {
        CellSet(!self.0 & CELL_MASK)
    }
    #[inline]
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Cell::new(self.0.trailing_zeros() as u8)
        }
    }
    /// Cells in ascending index order.
    #[inline]
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

set_collection_traits!(CellSet, Cell, CellSetIter);

/// Iterator over a [`CellSet`], ascending.
#[derive(Clone)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Cell::new(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

set_operators!(CellSet);

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_set_operations() {
        let a: DigitSet = [1, 3, 5].iter().map(|&d| Digit::new(d).unwrap()).collect();
        assert_eq!(a.to_string(), "135");
        assert_eq!(a.len(), 3);
        assert_eq!(a.complement().to_string(), "246789");
        assert_eq!(a.first(), Digit::new(1));
        assert_eq!(a.single_digit(), None);
        assert_eq!(
            DigitSet::single(Digit::new(7).unwrap()).single_digit(),
            Digit::new(7)
        );
        assert_eq!(DigitSet::ALL.iter().count(), 9);
    }

    #[test]
    fn cell_set_operations() {
        let s: CellSet = [0u8, 40, 80]
            .iter()
            .map(|&i| Cell::new(i).unwrap())
            .collect();
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().map(|c| c.index()).collect::<Vec<_>>(),
            vec![0, 40, 80]
        );
        assert_eq!(s.complement().len(), 78);
        assert_eq!(CellSet::ALL.len(), 81);
    }
}
