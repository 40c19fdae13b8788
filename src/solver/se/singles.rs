//! SE's singles: Hidden Single (full house 1.0, block 1.2, line 1.5) and Naked Single (2.3).

use std::ops::ControlFlow;

use super::regions::{empty_count, positions, Kind, BCR};
use super::step::placement;
use super::{SeContext, SeTechnique, Sink};
use crate::domain::Digit;
use crate::solver::Grid;

/// SE's `HiddenSingle`: first the regions with one empty cell (blocks, columns, rows), then the
/// other hidden singles in the same order; per region the digits in order.
pub fn hidden_single(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for alone_only in [true, false] {
        for kind in BCR {
            for i in 0..9 {
                let h = kind.region(i);
                let alone = empty_count(g, h) == 1;
                if alone != alone_only {
                    continue;
                }
                for d in Digit::ALL {
                    let p = positions(g, h, d);
                    if p.count_ones() != 1 {
                        continue;
                    }
                    let c = h.cell_at(p.trailing_zeros() as usize);
                    let difficulty = match (alone, kind) {
                        (true, _) => 10,
                        (false, Kind::Block) => 12,
                        _ => 15,
                    };
                    let details = format!("{c}: {d} in {}", kind.word());
                    let t = SeTechnique::HiddenSingle;
                    sink(placement(t, difficulty, t.name(), details, (c, d), []))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// SE's `NakedSingle`: cells in index order.
pub fn naked_single(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for c in g.unsolved() {
        if let Some(d) = g.candidates(c).single_digit() {
            let t = SeTechnique::NakedSingle;
            sink(placement(t, 23, t.name(), format!("{c}: {d}"), (c, d), []))?;
        }
    }
    ControlFlow::Continue(())
}
