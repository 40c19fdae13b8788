//! SE's `Locking`: Pointing (2.6) and Claiming (2.8), and in direct mode Direct Pointing (1.7)
//! and Direct Claiming (1.9): an intersection that leaves a hidden single in a parallel region,
//! placed without removing anything. What is locked in a region is decided by the search both
//! engines share ([`crate::solver::basic::locked`]); SE keeps its walk: the pairs of region kinds
//! outermost (block/column, block/row, column/block, row/block), then digits, then regions
//! (HoDoKu's: boxes then lines, each by house then digit).

use std::ops::ControlFlow;

use super::regions::{full_cells, Kind};
use super::step::{elimination, placement};
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, Digit, House};
use crate::solver::basic;
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
                let Some(locked) = basic::locked(g, r1, d) else {
                    continue;
                };
                let r2 = locked.target;
                if Kind::of(r2) != k2 {
                    continue;
                }
                if direct {
                    following_singles(g, sink, k1, i1, r1, r2, d)?;
                } else {
                    if locked.removed.is_empty() {
                        continue;
                    }
                    let difficulty = if k1 == Kind::Block { 26 } else { 28 };
                    let cells: Vec<Cell> = locked.cells.iter().collect();
                    let details = locking_details(&cells, d, r1, r2);
                    let elims = locked
                        .removed
                        .iter()
                        .map(|c| Candidate::new(c, d))
                        .collect();
                    let t = SeTechnique::PointingClaiming;
                    sink(elimination(
                        t,
                        difficulty,
                        SeName::Locking {
                            pointing: k1 == Kind::Block,
                        },
                        details,
                        elims,
                        cells,
                    ))?;
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
        let name = SeName::DirectLocking {
            pointing: k1 == Kind::Block,
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
