//! The board state: 81 cells, each `Given(d)`, `Filled(d)` or `Empty(candidates)`.
//!
//! An empty cell's candidates are *derived*: the digits its placed peers allow (`auto`, docs/formats.md §1),
//! minus the player's eliminations, plus explicit extra candidates (digits that conflict with a placed
//! peer, which only pencilmark formats can carry). Keeping eliminations rather than literal candidate
//! sets is what makes "placing a digit removes it from its peers; clearing it brings the candidates
//! back except the player's eliminations" hold without bookkeeping in the editor.
//!
//! Conflicting states are representable (a pasted puzzle may be wrong); see [`Board::conflicts`].

use super::{Cell, CellSet, Digit, DigitSet, House};

/// Why a board cannot be completed, as a player sees it (see [`Board::contradiction`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// Two cells of a house hold the same digit.
    Clash { a: Cell, b: Cell, digit: Digit },
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
}

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contradiction::Clash { a, b, digit } => write!(f, "{a} and {b} both hold {digit}"),
            Contradiction::NoCandidate(c) => write!(f, "{c} has no candidate left"),
        }
    }
}

/// What one cell shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellState {
    /// A clue of the puzzle (immutable in play).
    Given(Digit),
    /// A digit the player placed.
    Filled(Digit),
    /// No digit; the candidate set (pencilmarks).
    Empty(DigitSet),
}

impl CellState {
    /// The digit of a given or filled cell.
    #[inline]
    pub fn value(self) -> Option<Digit> {
        match self {
            CellState::Given(d) | CellState::Filled(d) => Some(d),
            CellState::Empty(_) => None,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Given(Digit),
    Filled(Digit),
    Empty,
}

/// A full board state. Equality compares what is observable: every cell's [`CellState`] and the
/// `candidates_specified` flag.
#[derive(Clone, Debug)]
pub struct Board {
    slots: [Slot; 81],
    /// Player eliminations relative to `auto` (may hold digits currently blocked by a peer: they
    /// are remembered for when that peer is cleared).
    elims: [DigitSet; 81],
    /// Candidates beyond `auto` (digits that conflict with a placed peer). Disjoint from `elims`.
    extras: [DigitSet; 81],
    candidates_specified: bool,
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.candidates_specified == other.candidates_specified
            && Cell::all().all(|c| self.cell(c) == other.cell(c))
    }
}
impl Eq for Board {}

/// Per-house masks of placed values (rows, columns, boxes).
#[derive(Copy, Clone, Default)]
struct HouseMasks {
    row: [u16; 9],
    col: [u16; 9],
    bx: [u16; 9],
}

impl HouseMasks {
    #[inline]
    fn blocked(&self, c: Cell) -> u16 {
        self.row[c.row()] | self.col[c.col()] | self.bx[c.box_index()]
    }
}

impl Board {
    /// A board with no digits; every cell has all nine candidates; `candidates_specified = false`.
    pub fn empty() -> Board {
        Board {
            slots: [Slot::Empty; 81],
            elims: [DigitSet::EMPTY; 81],
            extras: [DigitSet::EMPTY; 81],
            candidates_specified: false,
        }
    }

    /// Builds a board from literal cell states. Values are placed first; then each empty cell's
    /// candidate set is taken literally (digits beyond `auto` become extra candidates).
    pub fn from_cells(cells: &[CellState; 81], candidates_specified: bool) -> Board {
        let mut b = Board::empty();
        b.candidates_specified = candidates_specified;
        for (i, cs) in cells.iter().enumerate() {
            b.slots[i] = match *cs {
                CellState::Given(d) => Slot::Given(d),
                CellState::Filled(d) => Slot::Filled(d),
                CellState::Empty(_) => Slot::Empty,
            };
        }
        let m = b.masks();
        for (i, cs) in cells.iter().enumerate() {
            if let CellState::Empty(set) = *cs {
                let auto = DigitSet::from_bits(!m.blocked(Cell::from_index(i)));
                b.elims[i] = auto.difference(set);
                b.extras[i] = set.difference(auto);
            }
        }
        b
    }

    /// Builds a board of values only (candidates = `auto`, `candidates_specified = false`).
    /// `values[i]` is `Some((digit, is_given))`.
    pub fn from_values(values: &[Option<(Digit, bool)>; 81]) -> Board {
        let mut b = Board::empty();
        for (i, v) in values.iter().enumerate() {
            if let Some((d, given)) = *v {
                b.slots[i] = if given {
                    Slot::Given(d)
                } else {
                    Slot::Filled(d)
                };
            }
        }
        b
    }

    fn masks(&self) -> HouseMasks {
        let mut m = HouseMasks::default();
        for c in Cell::all() {
            if let Slot::Given(d) | Slot::Filled(d) = self.slots[c.index()] {
                m.row[c.row()] |= d.bit();
                m.col[c.col()] |= d.bit();
                m.bx[c.box_index()] |= d.bit();
            }
        }
        m
    }

    /// What the cell shows.
    #[inline]
    pub fn cell(&self, c: Cell) -> CellState {
        match self.slots[c.index()] {
            Slot::Given(d) => CellState::Given(d),
            Slot::Filled(d) => CellState::Filled(d),
            Slot::Empty => CellState::Empty(self.candidates(c)),
        }
    }

    /// All 81 cell states at once (computes the house masks once).
    pub fn cells(&self) -> [CellState; 81] {
        let m = self.masks();
        let mut out = [CellState::Empty(DigitSet::EMPTY); 81];
        for c in Cell::all() {
            let i = c.index();
            out[i] = match self.slots[i] {
                Slot::Given(d) => CellState::Given(d),
                Slot::Filled(d) => CellState::Filled(d),
                Slot::Empty => CellState::Empty(self.cands_with(c, &m)),
            };
        }
        out
    }

    /// The digit in the cell, given or filled.
    #[inline]
    pub fn value(&self, c: Cell) -> Option<Digit> {
        match self.slots[c.index()] {
            Slot::Given(d) | Slot::Filled(d) => Some(d),
            Slot::Empty => None,
        }
    }

    #[inline]
    pub fn is_given(&self, c: Cell) -> bool {
        matches!(self.slots[c.index()], Slot::Given(_))
    }

    #[inline]
    pub fn is_empty_cell(&self, c: Cell) -> bool {
        matches!(self.slots[c.index()], Slot::Empty)
    }

    /// `auto(c)`: all digits minus the values of the 20 peers (for any cell, empty or not).
    pub fn auto_candidates(&self, c: Cell) -> DigitSet {
        let mut blocked = 0u16;
        for p in c.peers() {
            if let Some(d) = self.value(p) {
                blocked |= d.bit();
            }
        }
        DigitSet::from_bits(!blocked)
    }

    #[inline]
    fn cands_with(&self, c: Cell, m: &HouseMasks) -> DigitSet {
        let i = c.index();
        // The cell's own value is not in its masks because the cell is empty.
        let auto = DigitSet::from_bits(!m.blocked(c));
        auto.difference(self.elims[i]).union(self.extras[i])
    }

    /// The candidates of an empty cell (empty set for a cell holding a value).
    pub fn candidates(&self, c: Cell) -> DigitSet {
        if !self.is_empty_cell(c) {
            return DigitSet::EMPTY;
        }
        let i = c.index();
        self.auto_candidates(c)
            .difference(self.elims[i])
            .union(self.extras[i])
    }

    /// Candidates of every cell (empty set for value cells).
    pub fn all_candidates(&self) -> [DigitSet; 81] {
        let m = self.masks();
        let mut out = [DigitSet::EMPTY; 81];
        for c in Cell::all() {
            if self.is_empty_cell(c) {
                out[c.index()] = self.cands_with(c, &m);
            }
        }
        out
    }

    /// Whether the candidates were given explicitly (pencilmark formats, eliminations) rather than
    /// derived from the values alone.
    #[inline]
    pub fn candidates_specified(&self) -> bool {
        self.candidates_specified
    }

    #[inline]
    pub fn set_candidates_specified(&mut self, v: bool) {
        self.candidates_specified = v;
    }

    /// Places a given digit (keeps the cell's remembered eliminations for when it is cleared).
    pub fn set_given(&mut self, c: Cell, d: Digit) {
        self.slots[c.index()] = Slot::Given(d);
    }

    /// Places a player digit.
    pub fn set_filled(&mut self, c: Cell, d: Digit) {
        self.slots[c.index()] = Slot::Filled(d);
    }

    /// Empties the cell; its candidates come back as `auto` minus the remembered eliminations.
    pub fn clear(&mut self, c: Cell) {
        self.slots[c.index()] = Slot::Empty;
    }

    /// Removes a candidate from an empty cell (remembered as an elimination).
    pub fn eliminate(&mut self, c: Cell, d: Digit) {
        let i = c.index();
        self.extras[i].remove(d);
        self.elims[i].insert(d);
    }

    /// Adds a candidate (an extra candidate when a placed peer blocks it).
    pub fn add_candidate(&mut self, c: Cell, d: Digit) {
        let i = c.index();
        self.elims[i].remove(d);
        if !self.auto_candidates(c).contains(d) {
            self.extras[i].insert(d);
        }
    }

    /// Toggles a candidate of an empty cell.
    pub fn toggle_candidate(&mut self, c: Cell, d: Digit) {
        if self.candidates(c).contains(d) {
            self.eliminate(c, d);
        } else {
            self.add_candidate(c, d);
        }
    }

    /// Sets an empty cell's candidates literally.
    pub fn set_candidates(&mut self, c: Cell, set: DigitSet) {
        let i = c.index();
        let auto = self.auto_candidates(c);
        self.elims[i] = auto.difference(set);
        self.extras[i] = set.difference(auto);
    }

    /// What the cell remembers besides its value, as stored: the player's eliminations (also of
    /// digits a placed peer hides, and of a cell holding a value) and the extra candidates. With
    /// [`Board::value`] and [`Board::is_given`] this is everything the board keeps about a cell.
    #[inline]
    pub fn raw_marks(&self, c: Cell) -> (DigitSet, DigitSet) {
        (self.elims[c.index()], self.extras[c.index()])
    }

    /// Sets what [`Board::raw_marks`] returns (an extra candidate that is also eliminated is
    /// dropped, as [`Board::eliminate`] would).
    pub fn set_raw_marks(&mut self, c: Cell, elims: DigitSet, extras: DigitSet) {
        self.elims[c.index()] = elims;
        self.extras[c.index()] = extras.difference(elims);
    }

    /// Forgets every elimination and extra candidate: each empty cell shows `auto`.
    pub fn reset_candidates(&mut self) {
        self.elims = [DigitSet::EMPTY; 81];
        self.extras = [DigitSet::EMPTY; 81];
    }

    /// The player's eliminations of this cell that currently matter (`auto ∖ candidates`).
    pub fn eliminations_of(&self, c: Cell) -> DigitSet {
        if !self.is_empty_cell(c) {
            return DigitSet::EMPTY;
        }
        self.auto_candidates(c).intersection(self.elims[c.index()])
    }

    /// `E(S)` (docs/formats.md §1): `(cell, digit)` pairs with the digit in `auto(c)` but not a candidate,
    /// sorted by cell then digit.
    pub fn eliminations(&self) -> Vec<(Cell, Digit)> {
        // Most boards (plain puzzles) carry no elimination at all: skip the house masks.
        if self.elims.iter().all(|e| e.is_empty()) {
            return Vec::new();
        }
        let m = self.masks();
        let mut out = Vec::new();
        for c in Cell::all() {
            let i = c.index();
            if self.slots[i] != Slot::Empty || self.elims[i].is_empty() {
                continue;
            }
            let auto = DigitSet::from_bits(!m.blocked(c));
            for d in auto.intersection(self.elims[i]).difference(self.extras[i]) {
                out.push((c, d));
            }
        }
        out
    }

    /// `X(S)`: candidates that conflict with a placed peer, sorted by cell then digit.
    pub fn extra_candidates(&self) -> Vec<(Cell, Digit)> {
        if self.extras.iter().all(|e| e.is_empty()) {
            return Vec::new();
        }
        let m = self.masks();
        let mut out = Vec::new();
        for c in Cell::all() {
            let i = c.index();
            if self.slots[i] != Slot::Empty || self.extras[i].is_empty() {
                continue;
            }
            let auto = DigitSet::from_bits(!m.blocked(c));
            for d in self.extras[i].difference(auto) {
                out.push((c, d));
            }
        }
        out
    }

    /// The player's filled digits that differ from `solution` (81 digits `1`-`9`); givens are never
    /// wrong. The one wrong-digit check: the exact solver, the check command and the board view
    /// all use it.
    pub fn wrong_digits(&self, solution: &[u8; 81]) -> CellSet {
        Cell::all()
            .filter(|&c| match self.slots[c.index()] {
                Slot::Filled(d) => d.get() != solution[c.index()],
                _ => false,
            })
            .collect()
    }

    /// Cells whose value equals the value of a peer.
    pub fn conflicts(&self) -> CellSet {
        let mut out = CellSet::EMPTY;
        for c in Cell::all() {
            if let Some(d) = self.value(c) {
                if c.peers().iter().any(|p| self.value(p) == Some(d)) {
                    out.insert(c);
                }
            }
        }
        out
    }

    /// The first contradiction a player can see: two equal digits in a house (in house order:
    /// rows, columns, boxes), else an empty cell without any candidate.
    pub fn contradiction(&self) -> Option<Contradiction> {
        for house in House::ALL {
            let cells = house.cell_list();
            for (i, a) in cells.iter().enumerate() {
                let Some(digit) = self.value(*a) else {
                    continue;
                };
                if let Some(b) = cells[i + 1..]
                    .iter()
                    .find(|b| self.value(**b) == Some(digit))
                {
                    return Some(Contradiction::Clash {
                        a: *a,
                        b: *b,
                        digit,
                    });
                }
            }
        }
        self.dead_cells()
            .iter()
            .next()
            .map(Contradiction::NoCandidate)
    }

    /// Empty cells without any candidate.
    pub fn dead_cells(&self) -> CellSet {
        let cands = self.all_candidates();
        Cell::all()
            .filter(|&c| self.is_empty_cell(c) && cands[c.index()].is_empty())
            .collect()
    }

    /// Number of given cells.
    pub fn given_count(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s, Slot::Given(_)))
            .count()
    }

    /// Number of cells holding a value (given or filled).
    pub fn value_count(&self) -> usize {
        self.slots.iter().filter(|s| **s != Slot::Empty).count()
    }

    /// All 81 cells hold a value and no house repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.value_count() == 81 && self.conflicts().is_empty()
    }

    /// The givens only (`π_giv`): filled digits and candidate information dropped.
    pub fn givens_only(&self) -> Board {
        let mut b = Board::empty();
        for c in Cell::all() {
            if let Slot::Given(d) = self.slots[c.index()] {
                b.slots[c.index()] = Slot::Given(d);
            }
        }
        b
    }

    /// 81 digits (0 for empty and filled cells), the givens only.
    pub fn givens_array(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (o, s) in out.iter_mut().zip(&self.slots) {
            if let Slot::Given(d) = s {
                *o = d.get();
            }
        }
        out
    }

    /// 81 digits (0 for empty), givens and filled alike; handy for solvers.
    pub fn values_array(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for c in Cell::all() {
            if let Some(d) = self.value(c) {
                out[c.index()] = d.get();
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }
    fn c(r: usize, k: usize) -> Cell {
        Cell::from_rc(r, k)
    }

    #[test]
    fn placing_removes_from_peers_and_clearing_restores_except_eliminations() {
        let mut b = Board::empty();
        let a = c(0, 0);
        let peer = c(0, 5);
        b.eliminate(peer, d(3));
        b.set_filled(a, d(5));
        assert!(!b.candidates(peer).contains(d(5)));
        assert!(!b.candidates(peer).contains(d(3)));
        b.clear(a);
        assert!(b.candidates(peer).contains(d(5)));
        assert!(!b.candidates(peer).contains(d(3)));
        // Elimination of a digit that a peer blocks is remembered for when it comes back.
        b.set_filled(a, d(7));
        b.eliminate(peer, d(7));
        b.clear(a);
        assert!(!b.candidates(peer).contains(d(7)));
    }

    #[test]
    fn literal_candidates_round_trip_with_extras() {
        let mut cells = [CellState::Empty(DigitSet::ALL); 81];
        cells[0] = CellState::Given(d(1));
        // r1c2 sees the 1 but lists it anyway: an extra candidate.
        cells[1] = CellState::Empty(DigitSet::from_bits(0b11));
        let b = Board::from_cells(&cells, true);
        assert_eq!(b.cell(c(0, 1)), cells[1]);
        // Every peer lists the 1 that r1c1 holds: 20 extra candidates.
        assert_eq!(b.extra_candidates().len(), 20);
        assert!(b.extra_candidates().contains(&(c(0, 1), d(1))));
        assert_eq!(b.eliminations().len(), 7);
        assert_eq!(b.cells(), cells);
    }

    #[test]
    fn conflicts_and_dead_cells_are_reported() {
        let mut b = Board::empty();
        b.set_given(c(0, 0), d(4));
        b.set_filled(c(0, 8), d(4));
        assert_eq!(b.conflicts().len(), 2);
        for k in 0..9 {
            b.eliminate(c(5, 5), Digit::from_index(k));
        }
        assert!(b.dead_cells().contains(c(5, 5)));
    }

    #[test]
    fn equality_is_observable_state() {
        let mut a = Board::empty();
        let b = Board::empty();
        a.set_filled(c(0, 0), d(2));
        a.eliminate(c(0, 1), d(2)); // blocked anyway: not observable
        a.clear(c(0, 0));
        assert_ne!(a, b); // now observable: r1c2 lacks 2
        a.add_candidate(c(0, 1), d(2));
        assert_eq!(a, b);
    }
}
