//! SE's `AlignedPairExclusion` (6.2): two cells with at least two bivalue cells seeing both;
//! a pair of values for the two cells is excluded when it would empty one of those bivalue cells
//! (or repeats a digit in cells that see each other); a value left in no allowed pair goes.
//! Cells (with no naked single among their peers) in cell order, pairs in SE's order.

use std::ops::ControlFlow;

use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, CellSet};
use crate::solver::{Candidate, Grid};

pub fn aligned_pair_exclusion(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut cells: Vec<(Cell, CellSet)> = Vec::new();
    for c in Cell::all() {
        if g.candidates(c).len() < 2 {
            continue;
        }
        let peers = c.peers();
        if peers.iter().any(|p| g.candidates(p).len() == 1) {
            continue;
        }
        let excluders: CellSet = peers
            .iter()
            .filter(|&p| g.candidates(p).len() == 2)
            .collect();
        if !excluders.is_empty() {
            cells.push((c, excluders));
        }
    }
    // SE's `Twomutations`: (0,1), (0,2), (1,2), (0,3), ...
    let pairs = (1..cells.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        let ((c0, e0), (c1, e1)) = (cells[i0], cells[i1]);
        let common = e0 & e1;
        if common.len() < 2 {
            continue;
        }
        let (v0, v1) = (g.candidates(c0), g.candidates(c1));
        let mut allowed0 = crate::domain::DigitSet::EMPTY;
        let mut allowed1 = crate::domain::DigitSet::EMPTY;
        for p0 in v0 {
            for p1 in v1 {
                if p0 == p1 && c0.sees(c1) {
                    continue;
                }
                let locked = common.iter().any(|x| {
                    let mut v = g.candidates(x);
                    v.remove(p0);
                    v.remove(p1);
                    v.is_empty()
                });
                if !locked {
                    allowed0.insert(p0);
                    allowed1.insert(p1);
                }
            }
        }
        let mut elims: Vec<Candidate> = v0
            .difference(allowed0)
            .iter()
            .map(|d| Candidate::new(c0, d))
            .collect();
        elims.extend(
            v1.difference(allowed1)
                .iter()
                .map(|d| Candidate::new(c1, d)),
        );
        if elims.is_empty() {
            continue;
        }
        let text = format!("Aligned Pair Exclusion: {c0},{c1}");
        let mut s = SeStep::new(SeTechnique::AlignedPairExclusion, 62, text);
        s.eliminations = elims;
        s.cells = vec![c0, c1];
        sink(s)?;
    }
    ControlFlow::Continue(())
}
