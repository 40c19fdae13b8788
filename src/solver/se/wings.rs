//! SE's `XYWing`: XY-Wing (4.2) and XYZ-Wing (4.4), pivots in cell order, wings among the
//! pivot's peers in cell order.

use std::ops::ControlFlow;

use super::step::elimination;
use super::{SeContext, SeTechnique, Sink};
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
                let mut victims = xz.peers() & yz.peers();
                if xyz {
                    victims &= xy.peers();
                }
                for c in [xy, xz, yz] {
                    victims.remove(c);
                }
                let elims: Vec<Candidate> = (victims & g.cells_with(z))
                    .iter()
                    .map(|c| Candidate::new(c, z))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (t, difficulty, name) = if xyz {
                    (SeTechnique::XYZWing, 44, "XYZ-Wing")
                } else {
                    (SeTechnique::XYWing, 42, "XY-Wing")
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
