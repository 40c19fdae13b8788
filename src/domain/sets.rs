//! One typed bit set, [`BitSet`], over any [`Member`] kind: `DigitSet` (9 digits in a `u16`) and
//! `CellSet` (81 cells in a `u128`) are its two instances.

use super::{Cell, Digit};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The unsigned integer a [`BitSet`] keeps its bits in.
pub trait Word:
    Copy
    + Eq
    + Hash
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    /// The word with only bit `i` set.
    fn bit(i: u32) -> Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// The word without its lowest set bit (`self` must not be zero).
    fn without_lowest(self) -> Self;
}

macro_rules! impl_word {
    ($($w:ty),*) => {$(
        impl Word for $w {
            const ZERO: $w = 0;
            #[inline]
            fn bit(i: u32) -> $w {
                1 << i
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$w>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$w>::trailing_zeros(self)
            }
            #[inline]
            fn without_lowest(self) -> $w {
                self & (self - 1)
            }
        }
    )*};
}

impl_word!(u16, u128);

/// A kind of thing a [`BitSet`] holds: each member owns one bit, `bit_index` of a word whose
/// valid bits are `ALL`.
pub trait Member: Copy {
    type Word: Word;
    /// Every valid member's bit.
    const ALL: Self::Word;
    fn bit_index(self) -> u32;
    /// The member owning bit `i` (`i` is one of `ALL`'s bits).
    fn from_bit_index(i: u32) -> Self;
}

/// Bit `d-1` is digit `d`.
impl Member for Digit {
    type Word = u16;
    const ALL: u16 = 0x1FF;
    #[inline]
    fn bit_index(self) -> u32 {
        self.index() as u32
    }
    #[inline]
    fn from_bit_index(i: u32) -> Digit {
        Digit::from_index(i as usize)
    }
}

/// Bit `i` is cell `i` (0..81).
impl Member for Cell {
    type Word = u128;
    const ALL: u128 = (1u128 << 81) - 1;
    #[inline]
    fn bit_index(self) -> u32 {
        self.index() as u32
    }
    #[inline]
    fn from_bit_index(i: u32) -> Cell {
        Cell::from_index(i as usize)
    }
}

/// A set of `T`s, one bit each; iteration is in ascending bit order.
pub struct BitSet<T: Member>(T::Word, PhantomData<fn() -> T>);

/// A set of digits; bit `d-1` is digit `d`.
pub type DigitSet = BitSet<Digit>;
/// A set of cells; bit `i` is cell `i` (0..81).
pub type CellSet = BitSet<Cell>;
/// Iterator over a [`DigitSet`], ascending.
pub type DigitSetIter = BitSetIter<Digit>;
/// Iterator over a [`CellSet`], ascending.
pub type CellSetIter = BitSetIter<Cell>;

impl<T: Member> BitSet<T> {
    pub const EMPTY: Self = BitSet(T::Word::ZERO, PhantomData);
    pub const ALL: Self = BitSet(T::ALL, PhantomData);

    /// From raw bits (bits of no member are dropped).
    #[inline]
    pub fn from_bits(bits: T::Word) -> Self {
        BitSet(bits & T::ALL, PhantomData)
    }
    #[inline]
    pub fn bits(self) -> T::Word {
        self.0
    }
    #[inline]
    pub fn single(x: T) -> Self {
        BitSet(T::Word::bit(x.bit_index()), PhantomData)
    }
    #[inline]
    pub fn contains(self, x: T) -> bool {
        self.0 & T::Word::bit(x.bit_index()) != T::Word::ZERO
    }
    #[inline]
    pub fn insert(&mut self, x: T) {
        self.0 |= T::Word::bit(x.bit_index());
    }
    #[inline]
    pub fn remove(&mut self, x: T) {
        self.0 &= !T::Word::bit(x.bit_index());
    }
    #[inline]
    pub fn toggle(&mut self, x: T) {
        self.0 ^= T::Word::bit(x.bit_index());
    }
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == T::Word::ZERO
    }
    #[inline]
    pub fn union(self, o: Self) -> Self {
        BitSet(self.0 | o.0, PhantomData)
    }
    #[inline]
    pub fn intersection(self, o: Self) -> Self {
        BitSet(self.0 & o.0, PhantomData)
    }
    #[inline]
    pub fn difference(self, o: Self) -> Self {
        BitSet(self.0 & !o.0, PhantomData)
    }
    /// Every valid member not in the set.
    #[inline]
    pub fn complement(self) -> Self {
        BitSet(!self.0 & T::ALL, PhantomData)
    }
    /// The smallest member, if any.
    #[inline]
    pub fn first(self) -> Option<T> {
        if self.is_empty() {
            None
        } else {
            Some(T::from_bit_index(self.0.trailing_zeros()))
        }
    }
    /// The only member, if the set has exactly one.
    #[inline]
    pub fn only(self) -> Option<T> {
        if self.0.count_ones() == 1 {
            self.first()
        } else {
            None
        }
    }
    /// Members in ascending order.
    #[inline]
    pub fn iter(self) -> BitSetIter<T> {
        BitSetIter(self.0, PhantomData)
    }
}

impl DigitSet {
    /// The only digit, if the set has exactly one.
    #[inline]
    pub fn single_digit(self) -> Option<Digit> {
        self.only()
    }
}

impl<T: Member> Clone for BitSet<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Member> Copy for BitSet<T> {}

impl<T: Member> Default for BitSet<T> {
    #[inline]
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<T: Member> PartialEq for BitSet<T> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}

impl<T: Member> Eq for BitSet<T> {}

impl<T: Member> Hash for BitSet<T> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<T: Member> BitOr for BitSet<T> {
    type Output = Self;
    #[inline]
    fn bitor(self, o: Self) -> Self {
        self.union(o)
    }
}

impl<T: Member> BitAnd for BitSet<T> {
    type Output = Self;
    #[inline]
    fn bitand(self, o: Self) -> Self {
        self.intersection(o)
    }
}

impl<T: Member> BitOrAssign for BitSet<T> {
    #[inline]
    fn bitor_assign(&mut self, o: Self) {
        self.0 |= o.0;
    }
}

impl<T: Member> BitAndAssign for BitSet<T> {
    #[inline]
    fn bitand_assign(&mut self, o: Self) {
        self.0 &= o.0;
    }
}

impl<T: Member> Not for BitSet<T> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        self.complement()
    }
}

impl<T: Member> FromIterator<T> for BitSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for x in iter {
            s.insert(x);
        }
        s
    }
}

impl<T: Member> IntoIterator for BitSet<T> {
    type Item = T;
    type IntoIter = BitSetIter<T>;
    #[inline]
    fn into_iter(self) -> BitSetIter<T> {
        self.iter()
    }
}

/// Iterator over a [`BitSet`], ascending.
pub struct BitSetIter<T: Member>(T::Word, PhantomData<fn() -> T>);

impl<T: Member> Clone for BitSetIter<T> {
    fn clone(&self) -> Self {
        BitSetIter(self.0, PhantomData)
    }
}

impl<T: Member> Iterator for BitSetIter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        if self.0 == T::Word::ZERO {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 = self.0.without_lowest();
        Some(T::from_bit_index(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<T: Member> ExactSizeIterator for BitSetIter<T> {}

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
        assert_eq!(format!("{a:?}"), "{135}");
        assert_eq!(a.len(), 3);
        assert_eq!(a.complement().to_string(), "246789");
        assert_eq!((!a).to_string(), "246789");
        assert_eq!(a.first(), Digit::new(1));
        assert_eq!(a.single_digit(), None);
        assert_eq!(
            DigitSet::single(Digit::new(7).unwrap()).single_digit(),
            Digit::new(7)
        );
        assert_eq!(DigitSet::ALL.iter().count(), 9);
        assert_eq!(DigitSet::from_bits(0xFFFF), DigitSet::ALL);
        let mut t = a;
        t.toggle(Digit::new(3).unwrap());
        t.remove(Digit::new(1).unwrap());
        assert_eq!(t.to_string(), "5");
        assert_eq!(DigitSet::default(), DigitSet::EMPTY);
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
        assert_eq!(s.iter().len(), 3);
        assert_eq!(s.complement().len(), 78);
        assert_eq!(CellSet::ALL.len(), 81);
        assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
        assert!(s.contains(Cell::from_index(40)));
        assert_eq!((s & !s), CellSet::EMPTY);
        assert_eq!(
            CellSet::single(Cell::from_index(80)).only(),
            Some(Cell::from_index(80))
        );
    }
}
