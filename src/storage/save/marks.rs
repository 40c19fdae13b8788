//! The marks a board remembers beyond what its grid shows (`remembered` in a save, the
//! `:<eliminated>/<extra>` part of a history token): their text and the board they rebuild.

use crate::domain::{Board, Cell, CellState, Digit, DigitSet};

/// What a board remembers per cell beyond what it shows: `(cell, eliminations, extras)` for
/// every cell where either is non-empty (see [`crate::domain::Board`]). The eliminations include
/// digits a placed peer hides (they decide what comes back when that digit is cleared) and, for a
/// cell holding a value, the marks it had before: [`Board::raw_marks`].
pub fn remembered_marks(board: &Board) -> Vec<(Cell, DigitSet, DigitSet)> {
    Cell::all()
        .filter_map(|c| {
            let (elims, extras) = board.raw_marks(c);
            (!elims.is_empty() || !extras.is_empty()).then_some((c, elims, extras))
        })
        .collect()
}

/// The board with `decoded`'s values and exactly the remembered marks.
pub(super) fn rebuild(decoded: &Board, marks: &[(Cell, DigitSet, DigitSet)]) -> Board {
    let mut b = Board::empty();
    for &(c, elims, extras) in marks {
        b.set_raw_marks(c, elims, extras);
    }
    for c in Cell::all() {
        match decoded.cell(c) {
            CellState::Given(d) => b.set_given(c, d),
            CellState::Filled(d) => b.set_filled(c, d),
            CellState::Empty(_) => {}
        }
    }
    b.set_candidates_specified(decoded.candidates_specified());
    b
}

/// `r<row>c<col>:<eliminated digits>/<extra digits>` (one-based), e.g. `r1c2:59/3`.
pub(super) fn parse_marks(t: &str) -> Option<(Cell, DigitSet, DigitSet)> {
    let (cell, marks) = t.split_once(':')?;
    let (elims, extras) = parse_mark_sets(marks)?;
    Some((cell.parse().ok()?, elims, extras))
}

/// `<eliminated digits>/<extra digits>`, e.g. `59/3` or `/7`.
pub(super) fn parse_mark_sets(t: &str) -> Option<(DigitSet, DigitSet)> {
    let (e, x) = t.split_once('/')?;
    Some((parse_digits(e)?, parse_digits(x)?))
}

/// The text form of [`remembered_marks`]: `r1c2:59/ r4c6:/7`.
pub(super) fn marks_text(board: &Board) -> String {
    remembered_marks(board)
        .iter()
        .map(|&(c, e, x)| format!("{c}:{e}/{x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Digits `1`-`9` in any order; the empty string is the empty set.
fn parse_digits(s: &str) -> Option<DigitSet> {
    s.bytes()
        .map(|ch| {
            (b'1'..=b'9')
                .contains(&ch)
                .then(|| Digit::new(ch - b'0'))
                .flatten()
        })
        .collect()
}
