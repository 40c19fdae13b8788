//! `Digit`: a Sudoku digit 1..=9.

use std::fmt;

/// A Sudoku digit, 1..=9.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// All nine digits in ascending order.
    pub const ALL: [Digit; 9] = [
        Digit(1),
        Digit(2),
        Digit(3),
        Digit(4),
        Digit(5),
        Digit(6),
        Digit(7),
        Digit(8),
        Digit(9),
    ];

    /// `Some` for 1..=9.
    #[inline]
    pub const fn new(d: u8) -> Option<Digit> {
        if d >= 1 && d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// Digit from a zero-based index 0..9. Panics on a larger index (programming error).
    #[inline]
    pub const fn from_index(i: usize) -> Digit {
        assert!(i < 9, "digit index out of range");
        Digit(i as u8 + 1)
    }

    /// The digit's value, 1..=9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index 0..9 (digit 1 is 0).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit's bit in a [`crate::domain::DigitSet`].
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }

    /// `'1'..='9'` to a digit.
    #[inline]
    pub fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Some(Digit(c as u8 - b'0')),
            _ => None,
        }
    }

    /// The ASCII character of the digit.
    #[inline]
    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Digit {
    type Error = u8;
    fn try_from(v: u8) -> Result<Self, u8> {
        Digit::new(v).ok_or(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_round_trip_through_char_index_and_bit() {
        for (i, d) in Digit::ALL.iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Digit::from_index(i), *d);
            assert_eq!(Digit::from_char(d.to_char()), Some(*d));
            assert_eq!(d.bit().count_ones(), 1);
        }
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::from_char('0'), None);
    }
}
