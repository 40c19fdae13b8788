//! SE's `HiddenSet` and `NakedSet`: hidden pairs, triplets, quads (3.4, 4.0, 5.4), their direct
//! forms that end in a hidden single (Direct Hidden Pair 2.0, Triplet 2.5) and naked pairs,
//! triplets, quads (3.0, 3.6, 5.0). Regions: blocks, columns, rows; combinations in SE's order.

use std::ops::ControlFlow;

use super::regions::{
    bits, combinations, digit_list, empty_count, full_cells, positions, Kind, BCR,
};
use super::step::{elimination, placement};
use super::{SeContext, SeTechnique, Sink};
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::{Candidate, Grid};

const SET_NAMES: [&str; 3] = ["Pair", "Triplet", "Quad"];

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

/// SE's set search, shared by naked and hidden sets: in each region (blocks, columns, rows) that
/// `wanted` accepts (by its count of empty cells), every combination of `degree` of the region's
/// nine units (its cells for a naked set, the digits for a hidden set) whose masks (a cell's
/// candidates, a digit's positions) each have two or more bits and together exactly `degree`,
/// handed to `found` with the region, the combination and the union of their masks.
fn sets(
    g: &Grid,
    degree: u32,
    naked: bool,
    wanted: impl Fn(u32) -> bool,
    mut found: impl FnMut(House, u32, u16) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for kind in BCR {
        for i in 0..9 {
            let h = kind.region(i);
            if !wanted(empty_count(g, h)) {
                continue;
            }
            let cands = h.cell_list().map(|c| g.candidates(c).bits());
            let masks: [u16; 9] = if naked {
                cands
            } else {
                // The digits' positions: the cells' candidates transposed.
                let mut pos = [0u16; 9];
                for (k, &m) in cands.iter().enumerate() {
                    for d in bits(u32::from(m)) {
                        pos[d] |= 1 << k;
                    }
                }
                pos
            };
            // The units a set can use: two or more bits.
            let mut usable = 0u32;
            for (k, m) in masks.iter().enumerate() {
                if m.count_ones() >= 2 {
                    usable |= 1 << k;
                }
            }
            if usable.count_ones() < degree {
                continue;
            }
            for combo in combinations(degree, 9) {
                if combo & !usable != 0 {
                    continue;
                }
                let union = bits(combo).fold(0u16, |u, k| u | masks[k]);
                if union.count_ones() == degree {
                    found(h, combo, union)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn hidden(g: &Grid, degree: u32, direct: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let wanted = |empty: u32| empty > degree * 2 || (direct && empty > degree);
    sets(g, degree, false, wanted, |h, combo, union| {
        let kind = Kind::of(h);
        let set = DigitSet::from_bits(combo as u16);
        let cells: Vec<Cell> = bits(u32::from(union)).map(|k| h.cell_at(k)).collect();
        let name = SET_NAMES[degree as usize - 2];
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
                let name = format!("Direct Hidden {name}");
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
        let name = format!("Hidden {name}");
        sink(elimination(t, difficulty, name, details, elims, cells))
    })
}

fn naked(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    sets(
        g,
        degree,
        true,
        |empty| empty >= degree * 2,
        |h, combo, union| {
            let list = h.cell_list();
            let union = DigitSet::from_bits(union);
            let cells: Vec<Cell> = bits(combo).map(|k| list[k]).collect();
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
            let name = format!("Naked {}", SET_NAMES[degree as usize - 2]);
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
