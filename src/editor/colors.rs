//! Colouring, as HoDoKu's colour pairs: a cell or one candidate gets one of ten colours, five
//! pairs of two shades (the two sides of a colouring chain). Colours are part of the editor's
//! state, so they are undone and redone with the board.

use crate::domain::{Cell, Digit};
use std::fmt;

/// Number of colour pairs.
pub const PAIRS: u8 = 5;

/// One of the ten colours: pair `0..5`, shade `0` (a) or `1` (b).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(u8);

impl Color {
    /// Every colour: pair 1 shade a, pair 1 shade b, pair 2 shade a ...
    pub const ALL: [Color; 10] = [
        Color(0),
        Color(1),
        Color(2),
        Color(3),
        Color(4),
        Color(5),
        Color(6),
        Color(7),
        Color(8),
        Color(9),
    ];

    /// Colour `index` (0..10) in [`Color::ALL`] order.
    pub const fn new(index: u8) -> Option<Color> {
        if index < 2 * PAIRS {
            Some(Color(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    /// The pair, `0..5`.
    pub const fn pair(self) -> u8 {
        self.0 / 2
    }

    /// The shade within the pair: `0` (a) or `1` (b).
    pub const fn shade(self) -> u8 {
        self.0 % 2
    }

    /// The other shade of the same pair.
    pub const fn partner(self) -> Color {
        Color(self.0 ^ 1)
    }

    /// The letter shown where colours cannot be: `a`..`e` for shade a, `A`..`E` for shade b.
    pub const fn letter(self) -> char {
        let base = if self.shade() == 0 { b'a' } else { b'A' };
        (base + self.pair()) as char
    }

    /// The key that picks this colour after `g` / `G`: `1`..`9`, then `0`.
    pub const fn key(self) -> char {
        if self.0 == 9 {
            '0'
        } else {
            (b'1' + self.0) as char
        }
    }

    /// The colour of a key `1`..`9`, `0`.
    pub fn from_key(c: char) -> Option<Color> {
        match c {
            '0' => Some(Color(9)),
            '1'..='9' => Some(Color(c as u8 - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pair {} {}",
            self.pair() + 1,
            if self.shade() == 0 { 'a' } else { 'b' }
        )
    }
}

/// The colours of a board: per cell, and per candidate (a cell colour and candidate colours can
/// coexist).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Colors {
    cells: Vec<(Cell, Color)>,
    candidates: Vec<(Cell, Digit, Color)>,
}

impl Colors {
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty() && self.candidates.is_empty()
    }

    /// The colour of a cell.
    pub fn cell(&self, c: Cell) -> Option<Color> {
        self.cells.iter().find(|(x, _)| *x == c).map(|(_, k)| *k)
    }

    /// The colour of a candidate.
    pub fn candidate(&self, c: Cell, d: Digit) -> Option<Color> {
        self.candidates
            .iter()
            .find(|(x, y, _)| *x == c && *y == d)
            .map(|(_, _, k)| *k)
    }

    /// Every coloured cell, in cell order.
    pub fn cells(&self) -> &[(Cell, Color)] {
        &self.cells
    }

    /// Every coloured candidate, in cell then digit order.
    pub fn candidates(&self) -> &[(Cell, Digit, Color)] {
        &self.candidates
    }

    /// Sets (or with `None` removes) a cell's colour.
    pub fn set_cell(&mut self, c: Cell, color: Option<Color>) {
        self.cells.retain(|(x, _)| *x != c);
        if let Some(k) = color {
            self.cells.push((c, k));
            self.cells.sort();
        }
    }

    /// Sets (or with `None` removes) a candidate's colour.
    pub fn set_candidate(&mut self, c: Cell, d: Digit, color: Option<Color>) {
        self.candidates.retain(|(x, y, _)| !(*x == c && *y == d));
        if let Some(k) = color {
            self.candidates.push((c, d, k));
            self.candidates.sort();
        }
    }

    /// Removes the colours of a cell and of its candidates.
    pub fn clear_cell(&mut self, c: Cell) {
        self.cells.retain(|(x, _)| *x != c);
        self.candidates.retain(|(x, _, _)| *x != c);
    }

    pub fn clear(&mut self) {
        self.cells.clear();
        self.candidates.clear();
    }
}

impl Colors {
    /// The colours as text, as saves keep them: `r1c2=1` (a cell, colour 1..10), `r3c4#5=2`
    /// (candidate 5 of a cell), separated by spaces.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let sep = |out: &mut String| {
            if !out.is_empty() {
                out.push(' ');
            }
        };
        for (cell, k) in self.cells() {
            sep(&mut out);
            let _ = write!(out, "{cell}={}", k.index() + 1);
        }
        for (cell, d, k) in self.candidates() {
            sep(&mut out);
            let _ = write!(out, "{cell}#{d}={}", k.index() + 1);
        }
        out
    }

    /// The colours of [`Colors::to_text`]; bad entries are skipped.
    pub fn from_text(t: &str) -> Colors {
        let mut out = Colors::default();
        for part in t.split_whitespace() {
            let Some((left, k)) = part.split_once('=') else {
                continue;
            };
            let Some(color) = k
                .parse::<u8>()
                .ok()
                .and_then(|k| Color::new(k.wrapping_sub(1)))
            else {
                continue;
            };
            match left.split_once('#') {
                Some((cell, d)) => {
                    let digit = d.parse::<u8>().ok().and_then(Digit::new);
                    if let (Some(cell), Some(digit)) = (cell.parse::<Cell>().ok(), digit) {
                        out.set_candidate(cell, digit, Some(color));
                    }
                }
                None => {
                    if let Ok(cell) = left.parse::<Cell>() {
                        out.set_cell(cell, Some(color));
                    }
                }
            }
        }
        out
    }
}
