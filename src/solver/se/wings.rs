//! SE's `XYWing`: XY-Wing (4.2) and XYZ-Wing (4.4), pivots in cell order, wings among the
//! pivot's peers in cell order.
//!
//! What a wing removes is decided by the code both engines share
//! ([`crate::solver::basic::wing_victims`]). The walk stays SE's own: it takes each pivot with
//! each ordered pair of its peers, so a wing is met once per order of its two pincers and SE's
//! first hint depends on that order; HoDoKu walks unordered triples of cells with two or three
//! candidates and tries the three rotations of each, an order in which SE's first hint is not
//! the first met.

use std::ops::ControlFlow;

use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::solver::basic;
use crate::solver::{Candidate, Grid};

pub fn xy_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wing(g, false, sink)
}
pub fn xyz_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wing(g, true, sink)
}

fn wing(g: &Grid, xyz: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let target = if xyz { 3 } else { 2 };
    for xy in crate::domain::Cell::all() {
        let xyv = g.candidates(xy);
        if xyv.len() != target {
            continue;
        }
        for xz in xy.peers() {
            let xzv = g.candidates(xz);
            if xzv.len() != 2 || xyv.difference(xzv).len() != 1 {
                continue;
            }
            for yz in xy.peers() {
                let yzv = g.candidates(yz);
                if yzv.len() != 2 {
                    continue;
                }
                let union = xyv.union(xzv).union(yzv);
                let inter = xyv.intersection(xzv).intersection(yzv);
                if union.len() != 3 || inter.len() != if xyz { 1 } else { 0 } {
                    continue;
                }
                let Some(z) = xzv.intersection(yzv).first() else {
                    continue;
                };
                let elims: Vec<Candidate> = basic::wing_victims(g, xy, xz, yz, z, xyz)
                    .iter()
                    .map(|c| Candidate::new(c, z))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (t, difficulty, name) = if xyz {
                    (SeTechnique::XYZWing, 44, SeName::XYZWing)
                } else {
                    (SeTechnique::XYWing, 42, SeName::XYWing)
                };
                let details = format!("Cells {xy},{xz},{yz} on value {z}");
                sink(elimination(
                    t,
                    difficulty,
                    name,
                    details,
                    elims,
                    vec![xy, xz, yz],
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}
