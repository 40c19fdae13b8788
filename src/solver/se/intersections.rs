//! SE's `Locking`: Pointing (2.6) and Claiming (2.8), and in direct mode Direct Pointing (1.7)
//! and Direct Claiming (1.9): an intersection that leaves a hidden single in a parallel region,
//! placed without removing anything.

use std::ops::ControlFlow;

use super::regions::{full_cells, Kind};
use super::step::{elimination, placement};
use super::{SeContext, SeTechnique, Sink};
use crate::domain::{Cell, Digit, House};
use crate::solver::{Candidate, Grid};

/// The (region1, region2) kinds SE visits: block/column, block/row, column/block, row/block.
const PAIRS: [(Kind, Kind); 4] = [
    (Kind::Block, Kind::Column),
    (Kind::Block, Kind::Row),
    (Kind::Column, Kind::Block),
    (Kind::Row, Kind::Block),
];

pub fn pointing_claiming(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    search(g, false, sink)
}

pub fn direct_pointing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    search(g, true, sink)
}

fn search(g: &Grid, direct: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for (k1, k2) in PAIRS {
        for d in Digit::ALL {
            for i1 in 0..9 {
                let r1 = k1.region(i1);
                if g.free(r1, d) < 2 {
                    continue;
                }
                let cells1 = g.house_cells_with(r1, d);
                for i2 in 0..9 {
                    let r2 = k2.region(i2);
                    if (r1.cells() & r2.cells()).is_empty() {
                        continue;
                    }
                    if !(cells1 & !r2.cells()).is_empty() {
                        continue;
                    }
                    if direct {
                        following_singles(g, sink, k1, i1, r1, r2, d)?;
                    } else {
                        let removed = g.house_cells_with(r2, d) & !r1.cells();
                        if removed.is_empty() {
                            continue;
                        }
                        let (name, difficulty) = match k1 {
                            Kind::Block => ("Pointing", 26),
                            _ => ("Claiming", 28),
                        };
                        let cells: Vec<Cell> = cells1.iter().collect();
                        let details = locking_details(&cells, d, r1, r2);
                        let elims = removed.iter().map(|c| Candidate::new(c, d)).collect();
                        let t = SeTechnique::PointingClaiming;
                        sink(elimination(t, difficulty, name, details, elims, cells))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn locking_details(cells: &[Cell], d: Digit, r1: House, r2: House) -> String {
    format!(
        "{}: {d} in {} and {}",
        full_cells(cells),
        Kind::of(r1).word(),
        Kind::of(r2).word()
    )
}

/// SE's `lookForFollowingHiddenSingles`: the regions of `r1`'s kind crossing `r2` where one
/// position of `d` stays outside `r2`.
fn following_singles(
    g: &Grid,
    sink: &mut Sink<'_>,
    k1: Kind,
    i1: usize,
    r1: House,
    r2: House,
    d: Digit,
) -> ControlFlow<()> {
    for i3 in 0..9 {
        if i3 == i1 {
            continue;
        }
        let r3 = k1.region(i3);
        if (r3.cells() & r2.cells()).is_empty() {
            continue;
        }
        if g.free(r3, d) < 2 {
            continue;
        }
        let rest = g.house_cells_with(r3, d) & !r2.cells();
        if rest.len() != 1 {
            continue;
        }
        let Some(hcell) = rest.first() else { continue };
        let name = match k1 {
            Kind::Block => "Direct Pointing",
            _ => "Direct Claiming",
        };
        let difficulty = if k1 == Kind::Block { 17 } else { 19 };
        let cells: Vec<Cell> = (g.house_cells_with(r2, d) & r1.cells()).iter().collect();
        let details = format!(
            "{}: {d} of {} in {}",
            full_cells(&cells),
            Kind::of(r1).word(),
            Kind::of(r2).word()
        );
        let t = SeTechnique::DirectPointing;
        sink(placement(t, difficulty, name, details, (hcell, d), cells))?;
    }
    ControlFlow::Continue(())
}
