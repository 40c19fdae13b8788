//! SE's aligned exclusion, one search for its two producers: Aligned Pair Exclusion
//! (`AlignedPairExclusion`, 6.2) and Aligned Triplet Exclusion (`AlignedExclusion(3)`, 7.5).
//!
//! A base cell has at least two candidates, no naked single among its peers, and at least one
//! excluder: a peer with two to `degree` candidates. For `degree` base cells with at least two
//! common excluders, a combination of one value per base cell is excluded when it repeats a digit
//! in two base cells that see each other, or when it covers every candidate of a common excluder;
//! a value of a base cell left in no allowed combination goes.
//!
//! Order, as SE's: base cells in cell order; the first two by SE's `Twomutations` ((0,1), (0,2),
//! (1,2), (0,3), ...); for a triplet, the third among the base cells that exclude for one of the
//! first two (the first cell's excluders in cell order, then the second's), in that order.

use std::ops::ControlFlow;

use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, DigitSet};
use crate::solver::{Candidate, Grid};

pub fn aligned_pair_exclusion(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    aligned_exclusion(g, 2, sink)
}

pub fn aligned_triplet_exclusion(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    aligned_exclusion(g, 3, sink)
}

/// A base cell: the cell, its candidates as a mask, its excluders.
#[derive(Copy, Clone)]
struct Base {
    cell: Cell,
    values: u16,
    excluders: CellSet,
}

fn aligned_exclusion(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mask = |c: Cell| g.candidates(c).bits();
    let mut bases: Vec<Base> = Vec::new();
    let mut is_base = CellSet::EMPTY;
    let mut index = [0usize; 81];
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
            .filter(|&p| (2..=degree).contains(&g.candidates(p).len()))
            .collect();
        if !excluders.is_empty() {
            index[c.index()] = bases.len();
            bases.push(Base {
                cell: c,
                values: mask(c),
                excluders,
            });
            is_base.insert(c);
        }
    }
    if bases.len() < degree as usize {
        return ControlFlow::Continue(());
    }
    let pairs = (1..bases.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        let (b0, b1) = (bases[i0], bases[i1]);
        if degree == 2 {
            if let Some(s) = exclusion(g, &[b0, b1]) {
                sink(s)?;
            }
            continue;
        }
        // SE's twin area: a linked set, the first cell's excluders then the second's.
        let mut second = b1.excluders;
        for c in b0.excluders.iter() {
            second.remove(c);
        }
        let tail = b0
            .excluders
            .iter()
            .chain(second.iter())
            .filter(|&c| is_base.contains(c) && c != b0.cell && c != b1.cell);
        for c in tail {
            if let Some(s) = exclusion(g, &[b0, b1, bases[index[c.index()]]]) {
                sink(s)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The step of the aligned set `cells` (two or three base cells), if it removes anything.
fn exclusion(g: &Grid, cells: &[Base]) -> Option<SeStep> {
    let mut common = cells[0].excluders;
    for b in &cells[1..] {
        common &= b.excluders;
    }
    if common.len() < 2 {
        return None;
    }
    // A cell has at most 20 peers, so at most 20 common excluders.
    let mut locks = [0u16; 20];
    let mut n_locks = 0;
    for c in common.iter() {
        locks[n_locks] = g.candidates(c).bits();
        n_locks += 1;
    }
    let locks = &locks[..n_locks];
    let n = cells.len();
    let sees = |i: usize, j: usize| cells[i].cell.sees(cells[j].cell);
    let seen: [[bool; 3]; 3] =
        std::array::from_fn(|i| std::array::from_fn(|j| i < n && j < n && i != j && sees(i, j)));
    let mut allowed = [0u16; 3];
    let full = |allowed: &[u16; 3]| (0..n).all(|i| allowed[i] == cells[i].values);
    let digits = |m: u16| (0..16u16).filter(move |k| m & (1 << k) != 0);
    let third = if n == 3 { cells[2].values } else { 1 };
    'search: for p0 in digits(cells[0].values) {
        for p1 in digits(cells[1].values) {
            if p0 == p1 && seen[0][1] {
                continue;
            }
            for p2 in digits(third) {
                if n == 3 && ((p0 == p2 && seen[0][2]) || (p1 == p2 && seen[1][2])) {
                    continue;
                }
                let mut combo = (1 << p0) | (1 << p1);
                if n == 3 {
                    combo |= 1 << p2;
                }
                if locks.iter().any(|&l| l & !combo == 0) {
                    continue;
                }
                allowed[0] |= 1 << p0;
                allowed[1] |= 1 << p1;
                if n == 3 {
                    allowed[2] |= 1 << p2;
                }
                if full(&allowed) {
                    break 'search;
                }
            }
        }
    }
    let mut elims = Vec::new();
    for (i, b) in cells.iter().enumerate() {
        for d in DigitSet::from_bits(b.values & !allowed[i]) {
            elims.push(Candidate::new(b.cell, d));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let list: Vec<String> = cells.iter().map(|b| b.cell.to_string()).collect();
    let (technique, difficulty, name) = if n == 2 {
        (SeTechnique::AlignedPairExclusion, 62, "Aligned Pair")
    } else {
        (SeTechnique::AlignedTripletExclusion, 75, "Aligned Triplet")
    };
    let text = format!("{name} Exclusion: {}", list.join(","));
    let mut s = SeStep::new(technique, difficulty, text);
    s.eliminations = elims;
    s.cells = cells.iter().map(|b| b.cell).collect();
    Some(s)
}
