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
//!
//! A search of SE's own: HoDoKu has no aligned exclusion, so there is nothing to share.
//!
//! The triplet search, the costlier, remembers the last state it searched in vain ([`Memo`]):
//! a triplet's outcome depends only on its three cells' candidates and excluders and on its
//! common excluders' candidates, so in the next state a triplet none of whose cells changed is
//! known to exclude nothing and is not tried again.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, DigitSet};
use crate::solver::{Candidate, Grid, Step};

pub fn aligned_pair_exclusion(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    aligned_exclusion(g, 2, sink)
}

pub fn aligned_triplet_exclusion(
    g: &Grid,
    ctx: &SeContext,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let mut memo = ctx.aligned.borrow_mut();
    let last = memo.take();
    let mut found = false;
    let mut counted = |s: Step| {
        found = true;
        sink(s)
    };
    let (flow, now) = search(g, 3, last.as_ref(), &mut counted);
    // Only a search that found nothing tells what the next state may skip.
    if !found {
        *memo = Some(now);
    }
    flow
}

/// The last state the triplet search found nothing in (a field of [`SeContext`]): per cell its
/// candidates and, for a base cell, its excluders (empty for the others).
pub type Memo = RefCell<Option<Seen>>;

/// What the triplet search saw of a state.
#[derive(Clone, Debug)]
pub struct Seen {
    values: [u16; 81],
    excluders: [CellSet; 81],
}

/// A base cell: the cell, its candidates as a mask, its excluders.
#[derive(Copy, Clone)]
struct Base {
    cell: Cell,
    values: u16,
    excluders: CellSet,
}

fn aligned_exclusion(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    search(g, degree, None, sink).0
}

/// The search in `g`, skipping the sets whose cells are as in `last` (a state where it found
/// nothing); also what it saw of `g`.
fn search(
    g: &Grid,
    degree: u32,
    last: Option<&Seen>,
    sink: &mut Sink<'_>,
) -> (ControlFlow<()>, Seen) {
    let mut seen = Seen {
        values: [0; 81],
        excluders: [CellSet::EMPTY; 81],
    };
    let flow = find(g, degree, last, &mut seen, sink);
    (flow, seen)
}

fn find(
    g: &Grid,
    degree: u32,
    last: Option<&Seen>,
    seen: &mut Seen,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    // The unsolved cells by candidate count: naked singles, and the possible excluders.
    let mut singles = CellSet::EMPTY;
    let mut small = CellSet::EMPTY;
    let mut several = CellSet::EMPTY;
    for c in g.unsolved().iter() {
        match g.candidates(c).len() {
            0 => {}
            1 => singles.insert(c),
            n => {
                several.insert(c);
                if n <= degree {
                    small.insert(c);
                }
            }
        }
    }
    let mut bases: Vec<Base> = Vec::with_capacity(81);
    let mut is_base = CellSet::EMPTY;
    let mut index = [0usize; 81];
    for c in several.iter() {
        let peers = c.peers();
        if !(peers & singles).is_empty() {
            continue;
        }
        let excluders = peers & small;
        if !excluders.is_empty() {
            index[c.index()] = bases.len();
            bases.push(Base {
                cell: c,
                values: g.candidates(c).bits(),
                excluders,
            });
            is_base.insert(c);
            seen.excluders[c.index()] = excluders;
        }
    }
    // The cells whose candidates or excluders changed since `last`.
    let mut changed = CellSet::EMPTY;
    for c in Cell::all() {
        seen.values[c.index()] = g.candidates(c).bits();
        let same = last.is_some_and(|l| {
            l.values[c.index()] == seen.values[c.index()]
                && l.excluders[c.index()] == seen.excluders[c.index()]
        });
        if !same {
            changed.insert(c);
        }
    }
    if bases.len() < degree as usize {
        return ControlFlow::Continue(());
    }
    let pairs = (1..bases.len()).flat_map(|i1| (0..i1).map(move |i0| (i0, i1)));
    for (i0, i1) in pairs {
        let (b0, b1) = (bases[i0], bases[i1]);
        // A third cell only narrows the common excluders, and an aligned set needs two.
        let common = b0.excluders & b1.excluders;
        if common.len() < 2 {
            continue;
        }
        if degree == 2 {
            if let Some(s) = exclusion(g, &[b0, b1], common) {
                sink(s)?;
            }
            continue;
        }
        // SE's twin area: a linked set, the first cell's excluders then the second's.
        let others = is_base & !CellSet::single(b0.cell) & !CellSet::single(b1.cell);
        let second = b1.excluders & !b0.excluders;
        for c in (b0.excluders & others)
            .iter()
            .chain((second & others).iter())
        {
            let b2 = bases[index[c.index()]];
            let common = common & b2.excluders;
            if common.len() < 2 {
                continue;
            }
            let cells = CellSet::single(b0.cell) | CellSet::single(b1.cell) | CellSet::single(c);
            if ((cells | common) & changed).is_empty() {
                // As in the last state, where it excluded nothing.
                continue;
            }
            if let Some(s) = exclusion(g, &[b0, b1, b2], common) {
                sink(s)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The values of each base cell that some allowed combination uses: a combination (one value
/// per cell, as masks) is excluded when two cells that see each other share a value or when it
/// covers every candidate of a common excluder (a lock in `locks`). The last cell's values are
/// taken all at once: with the other values fixed, a lock excludes the last value it misses
/// when it misses one, every last value when it misses none.
fn allowed_values(cells: &[Base], locks: &[u16]) -> [u16; 3] {
    let n = cells.len();
    let v = [
        cells[0].values,
        cells[1].values,
        if n == 3 { cells[2].values } else { 0 },
    ];
    let sees = |i: usize, j: usize| j < n && cells[i].cell.sees(cells[j].cell);
    let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    // The values of the last cell allowed with the others' values `fixed` and the values
    // `repeat` a seeing cell already took.
    let last = |fixed: u16, repeat: u16, values: u16| {
        let mut kill = repeat;
        for &l in locks {
            let rest = l & !fixed;
            if rest == 0 {
                return 0;
            }
            if rest.count_ones() == 1 {
                kill |= rest;
            }
        }
        values & !kill
    };
    let mut allowed = [0u16; 3];
    for m0 in bits(v[0]) {
        if n == 2 {
            let ok = last(m0, if s01 { m0 } else { 0 }, v[1]);
            if ok != 0 {
                allowed[0] |= m0;
                allowed[1] |= ok;
            }
            continue;
        }
        if allowed[0] & m0 != 0 && allowed[1] == v[1] && allowed[2] == v[2] {
            continue;
        }
        for m1 in bits(v[1]) {
            if (s01 && m0 == m1)
                || (allowed[0] & m0 != 0 && allowed[1] & m1 != 0 && allowed[2] == v[2])
            {
                continue;
            }
            let repeat = (if s02 { m0 } else { 0 }) | (if s12 { m1 } else { 0 });
            let ok = last(m0 | m1, repeat, v[2]);
            if ok != 0 {
                allowed[0] |= m0;
                allowed[1] |= m1;
                allowed[2] |= ok;
                if allowed == v {
                    return allowed;
                }
            }
        }
    }
    allowed
}

/// The single-bit masks of `m`, lowest first.
fn bits(m: u16) -> impl Iterator<Item = u16> {
    let mut rest = m;
    std::iter::from_fn(move || {
        let low = rest & rest.wrapping_neg();
        rest &= !low;
        (low != 0).then_some(low)
    })
}

/// The step of the aligned set `cells` (two or three base cells) with these common excluders
/// (at least two), if it removes anything.
fn exclusion(g: &Grid, cells: &[Base], common: CellSet) -> Option<Step> {
    // A cell has at most 20 peers, so at most 20 common excluders; one with a candidate no
    // base cell holds is never covered.
    let values = cells.iter().fold(0, |m, b| m | b.values);
    let mut locks = [0u16; 20];
    let mut n_locks = 0;
    for c in common.iter() {
        let lock = g.candidates(c).bits();
        if lock & !values == 0 {
            locks[n_locks] = lock;
            n_locks += 1;
        }
    }
    let allowed = allowed_values(cells, &locks[..n_locks]);
    if cells.iter().zip(allowed).all(|(b, a)| b.values & !a == 0) {
        return None;
    }
    let mut elims = Vec::new();
    for (i, b) in cells.iter().enumerate() {
        for d in DigitSet::from_bits(b.values & !allowed[i]) {
            elims.push(Candidate::new(b.cell, d));
        }
    }
    let n = cells.len();
    let list: Vec<String> = cells.iter().map(|b| b.cell.to_string()).collect();
    let (technique, difficulty) = if n == 2 {
        (SeTechnique::AlignedPairExclusion, 62)
    } else {
        (SeTechnique::AlignedTripletExclusion, 75)
    };
    let name = SeName::Aligned(n as u8);
    let cells = cells.iter().map(|b| b.cell).collect();
    Some(elimination(
        technique,
        difficulty,
        name,
        list.join(","),
        elims,
        cells,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::se::next_step;

    /// magictour_top1465 line 21: its SE path takes an aligned triplet exclusion.
    const PUZZLE: &str =
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..";

    #[test]
    fn the_triplet_search_with_its_memo_finds_what_a_fresh_search_finds_along_a_path() {
        let mut g = Grid::from_board(&crate::codec::decode_any(PUZZLE).unwrap().board);
        let ctx = SeContext::default();
        let (mut fired, mut remembered) = (0, 0);
        let texts = |g: &Grid, c: &SeContext| -> Vec<String> {
            finder::every(aligned_triplet_exclusion, g, c)
                .into_iter()
                .map(|s| s.text)
                .collect()
        };
        while !g.is_solved() {
            // The search with the memo of the states before, against a fresh one.
            let fresh = texts(&g, &SeContext::default());
            remembered += usize::from(ctx.aligned.borrow().is_some());
            assert_eq!(texts(&g, &ctx), fresh);
            fired += usize::from(!fresh.is_empty());
            let step = next_step(&g, &ctx).expect("a step");
            g.apply(&step);
        }
        assert!(g.is_solved());
        assert!(fired > 0 && remembered > 0);
    }
}
