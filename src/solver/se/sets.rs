//! SE's `HiddenSet` and `NakedSet`: hidden pairs, triplets, quads (3.4, 4.0, 5.4), their direct
//! forms that end in a hidden single (Direct Hidden Pair 2.0, Triplet 2.5) and naked pairs,
//! triplets, quads (3.0, 3.6, 5.0). The search in a region is the one both engines share
//! ([`crate::solver::basic::sets`]); SE keeps its walk: regions blocks, columns, rows (HoDoKu's:
//! boxes, rows, columns), only units of two or more bits, combinations by increasing mask
//! (HoDoKu's: lexicographic), and its own limits on a region's empty cells.

use std::ops::ControlFlow;

use super::regions::{bits, digit_list, empty_count, full_cells, positions, Kind, BCR};
use super::step::{elimination, placement};
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::basic::{self, Order, Units};
use crate::solver::{Candidate, Grid};

pub fn direct_hidden_pair(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 2, true, sink)
}
pub fn direct_hidden_triplet(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 3, true, sink)
}
pub fn hidden_pair(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 2, false, sink)
}
pub fn hidden_triplet(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 3, false, sink)
}
pub fn hidden_quad(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 4, false, sink)
}
pub fn naked_pair(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 2, sink)
}
pub fn naked_triplet(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 3, sink)
}
pub fn naked_quad(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 4, sink)
}

/// SE's walk of the shared set search ([`basic::sets`]): regions in its order (blocks, columns,
/// rows), those `wanted` accepts by their count of empty cells, units with two or more bits,
/// combinations by increasing mask; each set is handed to `found` with the region, the
/// combination and the union of its masks.
fn sets(
    g: &Grid,
    degree: u32,
    units: Units,
    wanted: impl Fn(u32) -> bool,
    mut found: impl FnMut(House, u16, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for kind in BCR {
        for i in 0..9 {
            let h = kind.region(i);
            if !wanted(empty_count(g, h)) {
                continue;
            }
            let masks = basic::unit_masks(g, h, units);
            let usable = basic::usable(&masks, 2, degree);
            basic::sets(
                &masks,
                usable,
                degree,
                Order::IncreasingMask,
                |combo, union| found(h, combo, union),
            )?;
        }
    }
    ControlFlow::Continue(())
}

fn hidden(g: &Grid, degree: u32, direct: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let wanted = |empty: u32| empty > degree * 2 || (direct && empty > degree);
    sets(g, degree, Units::Digits, wanted, |h, combo, union| {
        let kind = Kind::of(h);
        let set = DigitSet::from_bits(combo);
        let cells: Vec<Cell> = bits(u32::from(union)).map(|k| h.cell_at(k)).collect();
        if direct {
            for d in Digit::ALL {
                let pos = positions(g, h, d);
                if set.contains(d) || pos.count_ones() <= 1 {
                    continue;
                }
                let rest = pos & !union;
                if rest.count_ones() != 1 {
                    continue;
                }
                let c = h.cell_at(rest.trailing_zeros() as usize);
                let (t, difficulty) = if degree == 2 {
                    (SeTechnique::DirectHiddenPair, 20)
                } else {
                    (SeTechnique::DirectHiddenTriplet, 25)
                };
                let details = format!(
                    "{}: {} in {}",
                    full_cells(&cells),
                    digit_list(set),
                    kind.word()
                );
                let name = SeName::DirectHidden(degree as u8);
                let cells = cells.iter().copied();
                return sink(placement(t, difficulty, name, details, (c, d), cells));
            }
            return ControlFlow::Continue(());
        }
        let mut elims = Vec::new();
        for &c in &cells {
            for d in g.candidates(c).difference(set) {
                elims.push(Candidate::new(c, d));
            }
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let (t, difficulty) = match degree {
            2 => (SeTechnique::HiddenPair, 34),
            3 => (SeTechnique::HiddenTriplet, 40),
            _ => (SeTechnique::HiddenQuad, 54),
        };
        let details = format!(
            "{}: {} in {}",
            full_cells(&cells),
            digit_list(set),
            kind.word()
        );
        let name = SeName::Hidden(degree as u8);
        sink(elimination(t, difficulty, name, details, elims, cells))
    })
}

fn naked(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    sets(
        g,
        degree,
        Units::Cells,
        |empty| empty >= degree * 2,
        |h, combo, union| {
            let list = h.cell_list();
            let union = DigitSet::from_bits(union);
            let cells: Vec<Cell> = bits(u32::from(combo)).map(|k| list[k]).collect();
            let mut elims = Vec::new();
            for (k, &c) in list.iter().enumerate() {
                if combo & (1 << k) == 0 {
                    for d in g.candidates(c).intersection(union) {
                        elims.push(Candidate::new(c, d));
                    }
                }
            }
            if elims.is_empty() {
                return ControlFlow::Continue(());
            }
            let (t, difficulty) = match degree {
                2 => (SeTechnique::NakedPair, 30),
                3 => (SeTechnique::NakedTriplet, 36),
                _ => (SeTechnique::NakedQuad, 50),
            };
            let name = SeName::Naked(degree as u8);
            let details = format!(
                "{}: {} in {}",
                full_cells(&cells),
                digit_list(union),
                Kind::of(h).word()
            );
            sink(elimination(t, difficulty, name, details, elims, cells))
        },
    )
}
