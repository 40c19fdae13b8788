//! SE's singles: Hidden Single (full house 1.0, block 1.2, line 1.5) and Naked Single (2.3).
//!
//! A naked single and a digit's only position in a house are the searches both engines share
//! ([`crate::solver::basic`]). SE keeps its own walk for hidden singles: the regions whose only
//! empty cell is left first, then the others, each pass blocks, columns, rows; HoDoKu's hint
//! takes its queue of singles instead, and its list walks boxes, rows, columns.

use std::ops::ControlFlow;

use super::regions::{empty_count, Kind, BCR};
use super::step::placement;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, Digit};
use crate::solver::basic;
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
                    let Some(c) = basic::single_position(g, h, d) else {
                        continue;
                    };
                    let difficulty = match (alone, kind) {
                        (true, _) => 10,
                        (false, Kind::Block) => 12,
                        _ => 15,
                    };
                    let details = format!("{c}: {d} in {}", kind.word());
                    let t = SeTechnique::HiddenSingle;
                    sink(placement(
                        t,
                        difficulty,
                        SeName::HiddenSingle,
                        details,
                        (c, d),
                        [],
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The house SE's `HiddenSingle` names for placing `d` in `c` (the first in its search order
/// where `c` is the digit's only position), and whether `c` is the house's only empty cell.
pub fn hidden_single_house(g: &Grid, c: Cell, d: Digit) -> Option<(Kind, bool)> {
    for alone_only in [true, false] {
        for kind in BCR {
            let h = kind.region_of(c);
            let alone = empty_count(g, h) == 1;
            if alone == alone_only && basic::single_position(g, h, d).is_some() {
                return Some((kind, alone));
            }
        }
    }
    None
}

/// SE's `NakedSingle`: cells in index order.
pub fn naked_single(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for (c, d) in basic::naked_singles(g) {
        let t = SeTechnique::NakedSingle;
        sink(placement(
            t,
            23,
            SeName::NakedSingle,
            format!("{c}: {d}"),
            (c, d),
            [],
        ))?;
    }
    ControlFlow::Continue(())
}
