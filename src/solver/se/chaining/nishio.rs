//! The digits on which the Nishio producer surely finds nothing, remembered along a path.
//!
//! A Nishio propagation has no cell rule: an "on" literal turns off its value's other positions
//! in its houses, an "off" literal turns on the last position of its value in a house, and the
//! propagation removes only candidates of its value. So every literal of a propagation from a
//! candidate of digit `d` is a candidate of `d`, and the propagation depends only on `d`'s
//! positions in the state and on its start. The producer's hints are the contradictions of
//! those propagations, one "on" and one "off" from each candidate of a cell with two or more.
//!
//! When every propagation of a digit ends without a contradiction, the digit is remembered with
//! its positions and the cells it started from; in a later state of the path with the same
//! positions (most steps touch a few digits) and no other start, the digit's propagations are
//! the same and are not run again. No answer changes: only searches known to come back empty are
//! skipped.

use super::state::{cells_of, Cands, Lit};
use crate::domain::{CellSet, Digit, DigitSet};

/// Per digit, positions and starts whose propagations give no contradiction (empty when none
/// is known); a field of the engine's [`super::Scratch`].
#[derive(Default)]
pub(super) struct Memo {
    clean: [(CellSet, CellSet); 9],
}

/// The cells a Nishio call starts propagations of digit `d` from: its positions in cells with
/// two or more candidates.
fn starts(grid: &Cands, d: usize) -> CellSet {
    cells_of(grid.digit[d])
        .filter(|&c| grid.count(c) > 1)
        .map(crate::domain::Cell::from_index)
        .collect()
}

/// The digits whose propagations in `grid` are known to give no contradiction.
pub(super) fn known_clean(memo: &Memo, grid: &Cands) -> DigitSet {
    Digit::ALL
        .into_iter()
        .filter(|d| {
            let (positions, from) = memo.clean[d.index()];
            let i = d.index();
            !positions.is_empty()
                && positions == grid.digit[i]
                && starts(grid, i).difference(from).is_empty()
        })
        .collect()
}

/// Remembers the digits (other than `skipped`) whose propagations in `grid` all ended without
/// a contradiction; `absurd` tells whether the propagation from a literal did.
pub(super) fn record(
    memo: &mut Memo,
    grid: &Cands,
    skipped: DigitSet,
    absurd: impl Fn(Lit) -> bool,
) {
    for d in Digit::ALL.into_iter().filter(|d| !skipped.contains(*d)) {
        let i = d.index();
        let from = starts(grid, i);
        let clean =
            cells_of(from).all(|c| !absurd(Lit::new(c, i, true)) && !absurd(Lit::new(c, i, false)));
        memo.clean[i] = if clean {
            (grid.digit[i], from)
        } else {
            (CellSet::EMPTY, CellSet::EMPTY)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::{hints, multiple, ChainProducer, Scratch};
    use super::*;
    use crate::domain::Cell;
    use crate::solver::Grid;

    /// A state where serate took a Nishio step (r9c5 5 on contradicts itself), as serate's
    /// `values:pencilmarks`.
    const STATE: &str = "\
        ..2...7...1.....6.5......18....37.......49.....41.23....3.2.9..28.....5.6.......2:\
        ..34...89..34.6..9.2.........345...91...56.8.1.3..6.8.......7....34....9..345...9\
        ..34..7891..............789.2345.7.9....5.789..345.....2.45.........6.....345...9\
        ....5......34..7.9.....67.9.234.67.9.....67.9..34.6....2.4.....1...............8.\
        1......89.2..56..91...56.89....56.8...3............7..1..456.8..2.4...891..456..9\
        1.3...78..23.567..1...5678.....56.8....4.............91...56.8..2....78.1...567..\
        ......789....567.9...4.....1............56....2.........3............789....567.9\
        1..4..7.....45.7....3.........4567...2.......1..456.8.........9...4..78.1..4.67..\
        .2..............8.1.....7.9..34..7.91....67.91.34.6...1..4.6.......5....1.34.67..\
        .....6......45.7.91...5.7.9..345.7.91...5.7891.345..8.1..4...8...34..78..2.......";

    fn grid() -> Grid {
        let (vals, marks) = STATE.split_once(':').unwrap();
        let mut g = Grid::from_board(&crate::codec::decode_any(vals).unwrap().board);
        for c in Cell::all() {
            for d in Digit::ALL {
                if g.value(c).is_none() && marks.as_bytes()[c.index() * 9 + d.index()] == b'.' {
                    g.eliminate(c, d);
                }
            }
        }
        g
    }

    /// Runs every Nishio propagation of the state (none skipped) and tells which digits'
    /// propagations end in a contradiction.
    fn digits_with_contradictions(cands: &Cands) -> DigitSet {
        let scratch = Scratch::default();
        let p = ChainProducer::Nishio;
        let mode = super::super::net::Mode {
            y: false,
            dynamic: true,
            level: 0,
            nesting: 0,
        };
        let mut eng = multiple::Engine::new(&scratch, cands, mode, p.rule());
        let mut out = DigitSet::EMPTY;
        for c in cands.empty_cells().filter(|&c| cands.count(c) > 1) {
            for d in super::super::state::digits_of(cands.cell[c]) {
                for on in [true, false] {
                    if eng.net(Lit::new(c, d, on)).absurd.is_some() {
                        out.insert(Digit::from_index(d));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn remembered_digits_are_those_without_contradictions_and_change_no_hint() {
        let g = grid();
        let cands = Cands::from_grid(&g);
        let scratch = Scratch::default();
        let fresh = hints(&g, ChainProducer::Nishio, &scratch);
        let clean = known_clean(&scratch.nishio.borrow(), &cands);
        let absurd = digits_with_contradictions(&cands);
        assert!(absurd.contains(Digit::from_index(4)), "the 5s contradict");
        let present: DigitSet = Digit::ALL
            .into_iter()
            .filter(|d| !starts(&cands, d.index()).is_empty())
            .collect();
        assert_eq!(clean, present.difference(absurd));
        // The second call skips the remembered digits and finds the same hints.
        let again = hints(&g, ChainProducer::Nishio, &scratch);
        let texts = |v: &[crate::solver::Step]| -> Vec<String> {
            v.iter()
                .map(|s| format!("{:?} {}", crate::solver::se::step::difficulty(s), s.text))
                .collect()
        };
        assert!(!fresh.is_empty());
        assert_eq!(texts(&fresh), texts(&again));
    }

    #[test]
    fn a_digit_is_not_skipped_once_its_positions_change() {
        let g = grid();
        let mut cands = Cands::from_grid(&g);
        let mut memo = Memo::default();
        record(&mut memo, &cands, DigitSet::EMPTY, |_| false);
        let n = known_clean(&memo, &cands).len();
        assert!(n > 1);
        let c = cells_of(cands.digit[0])
            .find(|&c| cands.count(c) > 2)
            .unwrap();
        cands.remove(c, 0);
        assert!(!known_clean(&memo, &cands).contains(Digit::from_index(0)));
        assert_eq!(known_clean(&memo, &cands).len(), n - 1);
    }
}
