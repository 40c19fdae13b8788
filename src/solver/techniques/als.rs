//! Almost locked sets (ALS): `n` unsolved cells of one house holding `n + 1` candidates, and the
//! restricted common candidates (RCs) between two of them, as HoDoKu 2.2 defines them
//! (`SudokuStepFinder.getAlses` / `getRestrictedCommons`), computed at most once per state and
//! shared by the ALS finders, Death Blossom and (as [`crate::solver::ChainNode::Als`] nodes) the
//! chain engine.
//!
//! The finders of this module: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom, each in
//! HoDoKu's iteration order and with its choice among several steps.

use std::ops::ControlFlow;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use super::common::{elim_suffix, index_sum};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, DigitSet, House};
use crate::solver::cache::Caches;
use crate::solver::finder::Sink;
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, ChainLink, ChainNode, Facts, Grid, LinkKind, Step, Technique};

/// HoDoKu's `MAX_RC`: an ALS chain has at most this many links.
const MAX_RC: usize = 50;

/// HoDoKu's `allStepsAlsChainLength`: an ALS chain of the all-steps list has at most this many
/// links (seven sets).
const ALL_STEPS_MAX_RC: usize = 6;

/// One almost locked set with the sets HoDoKu derives from it (`Als.computeFields`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Als {
    /// The set's cells (all in one house).
    pub cells: CellSet,
    /// The union of the cells' candidates (one more digit than cells).
    pub digits: DigitSet,
    /// Per digit: the set's cells holding it.
    per_digit: [CellSet; 9],
    /// Per digit: the cells outside the set that hold the digit and see every cell of the set
    /// holding it.
    buddies_per_digit: [CellSet; 9],
    /// The union of `buddies_per_digit`.
    buddies: CellSet,
}

impl Als {
    fn new(grid: &Grid, cells: CellSet, digits: DigitSet) -> Als {
        let mut per_digit = [CellSet::EMPTY; 9];
        let mut buddies_per_digit = [CellSet::EMPTY; 9];
        let mut buddies = CellSet::EMPTY;
        for d in digits {
            let with = cells & grid.cells_with(d);
            let b = common_buddies(with) & !cells & grid.cells_with(d);
            per_digit[d.index()] = with;
            buddies_per_digit[d.index()] = b;
            buddies |= b;
        }
        Als {
            cells,
            digits,
            per_digit,
            buddies_per_digit,
            buddies,
        }
    }

    /// The set's cells holding `d`.
    #[inline]
    pub fn cells_with(&self, d: Digit) -> CellSet {
        self.per_digit[d.index()]
    }

    /// The cells outside the set that hold `d` and see every cell of the set holding `d`: `d`
    /// goes from them when the set is locked with `d` in it.
    #[inline]
    pub fn buddies_with(&self, d: Digit) -> CellSet {
        self.buddies_per_digit[d.index()]
    }

    /// HoDoKu's text of a set: `r1c23 {457}`.
    pub fn text(&self) -> String {
        als_text(self.cells, self.digits)
    }
}

/// `r1c23 {457}` (HoDoKu's `getAls`).
fn als_text(cells: CellSet, digits: DigitSet) -> String {
    let list: Vec<Cell> = cells.iter().collect();
    let ds: String = digits.iter().map(|d| d.to_char()).collect();
    format!("{} {{{ds}}}", compact_cells(&list))
}

/// The cells that see every cell of `set` (none for an empty set).
fn common_buddies(set: CellSet) -> CellSet {
    let mut it = set.iter();
    let Some(first) = it.next() else {
        return CellSet::EMPTY;
    };
    it.fold(first.peers(), |acc, c| acc & c.peers())
}

/// A restricted common between two sets of the list (`als1 < als2`): `cand1` (and `cand2` when
/// the pair is doubly linked) appears in both, and every cell of both holding it sees every other.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RestrictedCommon {
    pub als1: usize,
    pub als2: usize,
    pub cand1: Digit,
    pub cand2: Option<Digit>,
}

/// The restricted commons of a state, forward only (`als1 < als2`), without overlapping pairs
/// (HoDoKu's default), grouped by `als1`.
#[derive(Debug, Default)]
struct Rcs {
    list: Vec<RestrictedCommon>,
    /// `list[start[i]..end[i]]` are the RCs whose `als1` is `i`.
    start: Vec<usize>,
    end: Vec<usize>,
}

/// Every almost locked set of one state, and its restricted commons on first use.
#[derive(Debug)]
pub struct AlsSet {
    alses: Vec<Als>,
    rcs: OnceCell<Rcs>,
}

impl AlsSet {
    /// Collects the sets in HoDoKu's order: the houses rows, columns, boxes; in each house the
    /// subsets of its unsolved cells depth-first (cells in house order, at most eight); a set
    /// found in an earlier house is not listed again. Single bivalue cells are included.
    fn collect(grid: &Grid) -> AlsSet {
        let mut alses = Vec::with_capacity(256);
        for h in House::ALL {
            let mut open = [Cell::from_index(0); 9];
            let mut n = 0;
            for c in h.cell_list() {
                if grid.value(c).is_none() {
                    open[n] = c;
                    n += 1;
                }
            }
            // A set met in an earlier house is not listed again: a single cell was met in its
            // row; in a box, cells all in one row or one column were met in that line.
            let kind = match h {
                House::Row(_) => 0,
                House::Col(_) => 1,
                House::Box(_) => 2,
            };
            als_subsets(
                grid,
                &open[..n],
                0,
                0,
                CellSet::EMPTY,
                DigitSet::EMPTY,
                &mut |set, digits| {
                    let listed_before = match kind {
                        0 => false,
                        1 => set.len() == 1,
                        _ => set.len() == 1 || in_one_line(set),
                    };
                    if !listed_before {
                        alses.push(Als::new(grid, set, digits));
                    }
                },
            );
        }
        AlsSet {
            alses,
            rcs: OnceCell::new(),
        }
    }

    /// Every set, single cells included, in HoDoKu's order.
    pub fn alses(&self) -> &[Als] {
        &self.alses
    }

    /// The sets of two cells or more (HoDoKu's `getAlses(true)`, used by chains), in order.
    pub fn larger_than_one(&self) -> impl Iterator<Item = &Als> {
        self.alses.iter().filter(|a| a.cells.len() > 1)
    }

    fn rcs(&self) -> &Rcs {
        self.rcs.get_or_init(|| collect_rcs(&self.alses))
    }

    /// The restricted commons (forward, no overlap), ordered by first set, then second set.
    pub fn restricted_commons(&self) -> &[RestrictedCommon] {
        &self.rcs().list
    }
}

/// Whether the cells all lie in one row or in one column.
fn in_one_line(set: CellSet) -> bool {
    let mut it = set.iter();
    let Some(first) = it.next() else {
        return true;
    };
    let (mut same_row, mut same_col) = (true, true);
    for c in it {
        same_row &= c.row() == first.row();
        same_col &= c.col() == first.col();
    }
    same_row || same_col
}

/// Depth-first subsets of `open[start..]` added to `set`; calls `found` for every ALS.
fn als_subsets<F: FnMut(CellSet, DigitSet)>(
    grid: &Grid,
    open: &[Cell],
    start: usize,
    count: u32,
    set: CellSet,
    digits: DigitSet,
    found: &mut F,
) {
    let count = count + 1;
    if count > 8 {
        return;
    }
    for i in start..open.len() {
        let c = open[i];
        let s = set | CellSet::single(c);
        let d = digits | grid.candidates(c);
        if d.len() == count + 1 {
            found(s, d);
        }
        // Each further cell lowers the surplus of digits over cells by at most one: a subset
        // that cannot come down to one more digit than cells has no ALS below it.
        let further = ((open.len() - i - 1) as u32).min(8 - count);
        if d.len() <= count + 1 + further {
            als_subsets(grid, open, i + 1, count, s, d, found);
        }
    }
}

fn collect_rcs(alses: &[Als]) -> Rcs {
    let n = alses.len();
    let mut rcs = Rcs {
        list: Vec::with_capacity(n * 4),
        start: vec![0; n],
        end: vec![0; n],
    };
    // A restricted common needs a cell of the second set that the first sees (all of the
    // second's cells holding the RC digit see all of the first's): per cell, the sets holding
    // it as a bit row, so each set meets only the sets in cells it sees, in index order.
    let words = n.div_ceil(64);
    let mut in_cell = vec![0u64; 81 * words];
    for (j, a) in alses.iter().enumerate() {
        for c in a.cells {
            in_cell[c.index() * words + j / 64] |= 1 << (j % 64);
        }
    }
    let mut near = vec![0u64; words];
    for (i, a1) in alses.iter().enumerate() {
        rcs.start[i] = rcs.list.len();
        near.iter_mut().for_each(|w| *w = 0);
        for c in a1.buddies {
            let row = &in_cell[c.index() * words..(c.index() + 1) * words];
            for (w, r) in near.iter_mut().zip(row) {
                *w |= r;
            }
        }
        // Only later sets, and none sharing a cell with a1.
        for c in a1.cells {
            let row = &in_cell[c.index() * words..(c.index() + 1) * words];
            for (w, r) in near.iter_mut().zip(row) {
                *w &= !r;
            }
        }
        for (k, w) in near.iter_mut().enumerate() {
            let lo = k * 64;
            if lo + 64 <= i + 1 {
                *w = 0;
            } else if lo < i + 1 {
                *w &= !0u64 << (i + 1 - lo);
            }
        }
        for (k, &word) in near.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let j = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let common = a1.digits & alses[j].digits;
                if common.is_empty() {
                    continue;
                }
                let a2 = &alses[j];
                let mut rc: Option<RestrictedCommon> = None;
                for d in common {
                    // Every cell of both holding `d` sees every other: the sets do not overlap,
                    // so this is a2's cells holding `d` all being a1's buddies for `d`.
                    if a2.per_digit[d.index()]
                        .difference(a1.buddies_per_digit[d.index()])
                        .is_empty()
                    {
                        match &mut rc {
                            None => {
                                rc = Some(RestrictedCommon {
                                    als1: i,
                                    als2: j,
                                    cand1: d,
                                    cand2: None,
                                })
                            }
                            Some(r) => r.cand2 = Some(d),
                        }
                    }
                }
                if let Some(r) = rc {
                    rcs.list.push(r);
                }
            }
        }
        rcs.end[i] = rcs.list.len();
    }
    rcs
}

/// The almost locked sets of the grid's state: computed on the first call for a state, then
/// shared by every finder that asks for the same state (the per-state cache,
/// [`crate::solver::cache`]).
pub fn als_set(grid: &Grid, caches: &Caches) -> Rc<AlsSet> {
    caches.per_state(grid, || AlsSet::collect(grid))
}

// ---------------------------------------------------------------------------------------------
// Steps under construction

/// HoDoKu's `globalStep` while a finder assembles an ALS step: eliminations, the common
/// candidates that made them ("Z", HoDoKu's fins), and the RC candidates ("X", its endo fins).
#[derive(Default)]
struct Draft {
    elims: Vec<Candidate>,
    z: Vec<Candidate>,
    x: Vec<Candidate>,
}

impl Draft {
    /// HoDoKu's `checkCandidatesToDelete`: every digit common to both sets except the RCs
    /// goes from the cells outside both that see all its cells in both.
    fn common_eliminations(&mut self, a1: &Als, a2: &Als, rcs: &[Digit]) {
        let mut digits = a1.digits & a2.digits;
        for &d in rcs {
            digits.remove(d);
        }
        if digits.is_empty() || (a1.buddies & a2.buddies).is_empty() {
            return;
        }
        for d in digits {
            let cells = a1.buddies_with(d) & a2.buddies_with(d);
            if cells.is_empty() {
                continue;
            }
            self.elims
                .extend(cells.iter().map(|c| Candidate::new(c, d)));
            self.z.extend(
                (a1.cells_with(d) | a2.cells_with(d))
                    .iter()
                    .map(|c| Candidate::new(c, d)),
            );
        }
    }

    /// HoDoKu's `checkDoublyLinkedAls`: with both RCs, `a1` without them is a locked set.
    fn doubly_linked(&mut self, a1: &Als, a2: &Als, rc1: Digit, rc2: Digit) -> bool {
        let mut digits = a1.digits;
        digits.remove(rc1);
        digits.remove(rc2);
        let mut any = false;
        for d in digits {
            let cells = a1.buddies_with(d) & !a2.cells;
            for c in cells {
                self.elims.push(Candidate::new(c, d));
                any = true;
            }
        }
        any
    }

    /// HoDoKu's `addRestrictedCommonToStep`: the RC's cells in both sets.
    fn add_rc(&mut self, a1: &Als, a2: &Als, d: Digit) {
        self.x.extend(
            (a1.cells_with(d) | a2.cells_with(d))
                .iter()
                .map(|c| Candidate::new(c, d)),
        );
    }
}

/// The eliminations without repeats, first occurrence kept.
fn dedup_keep_order(elims: &[Candidate]) -> Vec<Candidate> {
    let mut seen = [0u16; 81];
    let mut out = Vec::with_capacity(elims.len());
    for e in elims {
        let bit = e.digit.bit();
        if seen[e.cell.index()] & bit == 0 {
            seen[e.cell.index()] |= bit;
            out.push(*e);
        }
    }
    out
}

/// `1,5` (HoDoKu's `getAlsXorZ`): the distinct digits of `cands`, ascending.
fn digit_list(cands: &[Candidate]) -> String {
    let set: DigitSet = cands.iter().map(|c| c.digit).collect();
    set.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `157` (HoDoKu's `getCandidatesToDeleteDigits`).
fn elim_digits(elims: &[Candidate]) -> String {
    let set: DigitSet = elims.iter().map(|c| c.digit).collect();
    set.iter().map(|d| d.to_char()).collect()
}

/// An RC link between two sets on `d`: `d` cannot be true in both.
fn rc_link(from: &Als, to: &Als, d: Digit) -> ChainLink {
    ChainLink {
        from: ChainNode::Als {
            digit: d,
            cells: from.cells,
        },
        to: ChainNode::Als {
            digit: d,
            cells: to.cells,
        },
        kind: LinkKind::Weak,
    }
}

/// Inside one set: if `from` is not in it, the rest is locked and holds `to`.
fn inner_link(als: &Als, from: Digit, to: Digit) -> ChainLink {
    ChainLink {
        from: ChainNode::Als {
            digit: from,
            cells: als.cells,
        },
        to: ChainNode::Als {
            digit: to,
            cells: als.cells,
        },
        kind: LinkKind::Strong,
    }
}

// ---------------------------------------------------------------------------------------------
// ALS-XZ

/// ALS-XZ: two sets joined by a restricted common `x`; a digit `z` common to both goes from
/// every cell that sees all its cells in both. Doubly linked (two RCs): both sets are locked
/// without the RCs, so each RC also goes from the cells that see all its cells, and each set's
/// other digits from the cells that see all their cells in it. HoDoKu returns the first RC, in
/// RC order, with eliminations.
pub fn find_als_xz(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xz(grid, &ctx.caches, false, out)
}

/// ALS-XZ as HoDoKu's all-steps search lists them: each step's eliminations as HoDoKu's
/// candidate list, which names a candidate twice when both RCs of a doubly linked pair give it
/// (it counts in the sort); else as [`find_als_xz`].
pub fn list_als_xz(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xz(grid, &ctx.caches, true, out)
}

/// `listed`: the eliminations as HoDoKu's candidate list (a candidate can come twice), else
/// each once.
fn als_xz(grid: &Grid, caches: &Caches, listed: bool, out: &mut Sink<'_>) -> ControlFlow<()> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    for rc in set.restricted_commons() {
        let (a1, a2) = (&alses[rc.als1], &alses[rc.als2]);
        let mut draft = Draft::default();
        draft.common_eliminations(a1, a2, &[rc.cand1]);
        if let Some(c2) = rc.cand2 {
            draft.common_eliminations(a1, a2, &[c2]);
            let d1 = draft.doubly_linked(a1, a2, rc.cand1, c2);
            let d2 = draft.doubly_linked(a2, a1, rc.cand1, c2);
            if d1 || d2 {
                draft.z.clear();
            }
        }
        if draft.elims.is_empty() {
            continue;
        }
        draft.add_rc(a1, a2, rc.cand1);
        if let Some(c2) = rc.cand2 {
            draft.add_rc(a1, a2, c2);
        }
        let elims = dedup_keep_order(&draft.elims);
        let mut text = format!(
            "{}: A={}, B={}, X={}",
            Technique::AlsXz.name(),
            a1.text(),
            a2.text(),
            digit_list(&draft.x)
        );
        if !draft.z.is_empty() {
            text.push_str(&format!(", Z={}", digit_list(&draft.z)));
        }
        text.push_str(&elim_suffix(&elims));
        let mut step = Step::new(Technique::AlsXz);
        step.facts = Facts::sets(
            vec![(a1.cells, a1.digits), (a2.cells, a2.digits)],
            std::iter::once(rc.cand1)
                .chain(rc.cand2)
                .map(|d| vec![rc_link(a1, a2, d)])
                .collect(),
        );
        step.eliminations = if listed { draft.elims } else { elims };
        step.text = text;
        out(step)?;
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------------------------------------
// ALS-XY-Wing

/// ALS-XY-Wing: sets A and B each joined to a pivot set C by restricted commons with different
/// digits; a digit common to A and B (not one of the RCs) goes from every cell that sees all
/// its cells in A and B. HoDoKu tries the RC pairs in order (`i < j`) and returns the first with
/// eliminations.
pub fn find_als_xy_wing(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    als_xy_wing(grid, &ctx.caches, out)
}

/// Per set of `n`, the RCs of `list` that have it at either end, ascending: set `a`'s are
/// `touching[start[a]..start[a + 1]]`. Returns `(start, touching)`.
fn touching_rcs(list: &[RestrictedCommon], n: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; n + 1];
    for rc in list {
        start[rc.als1 + 1] += 1;
        start[rc.als2 + 1] += 1;
    }
    for a in 0..n {
        start[a + 1] += start[a];
    }
    let mut touching = vec![0u32; 2 * list.len()];
    let mut fill = start.clone();
    for (k, rc) in list.iter().enumerate() {
        for a in [rc.als1, rc.als2] {
            touching[fill[a] as usize] = k as u32;
            fill[a] += 1;
        }
    }
    (start, touching)
}

fn als_xy_wing(grid: &Grid, caches: &Caches, out: &mut Sink<'_>) -> ControlFlow<()> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let rcs = set.rcs();
    let list = &rcs.list;
    let (start, touching) = touching_rcs(list, alses.len());
    let of = |a: usize| &touching[start[a] as usize..start[a + 1] as usize];
    let mut merged: Vec<u32> = Vec::new();
    for (i, rc1) in list.iter().enumerate() {
        // Only RCs sharing a set with rc1 can form a wing: walk those after i, in order.
        let (t1, t2) = (of(rc1.als1), of(rc1.als2));
        let (mut x, mut y) = (
            t1.partition_point(|&j| j as usize <= i),
            t2.partition_point(|&j| j as usize <= i),
        );
        merged.clear();
        while x < t1.len() || y < t2.len() {
            let j = match (t1.get(x), t2.get(y)) {
                (Some(&a), Some(&b)) if a == b => {
                    x += 1;
                    y += 1;
                    a
                }
                (Some(&a), Some(&b)) if a < b => {
                    x += 1;
                    a
                }
                (Some(_), Some(&b)) => {
                    y += 1;
                    b
                }
                (Some(&a), None) => {
                    x += 1;
                    a
                }
                (None, Some(&b)) => {
                    y += 1;
                    b
                }
                (None, None) => unreachable!(),
            };
            merged.push(j);
        }
        for &j in &merged {
            let rc2 = &list[j as usize];
            if rc1.cand2.is_none() && rc2.cand2.is_none() && rc1.cand1 == rc2.cand1 {
                continue;
            }
            let (p1, q1, p2, q2) = (rc1.als1, rc1.als2, rc2.als1, rc2.als2);
            if !((p1 == p2 && q1 != q2)
                || (q1 == p2 && p1 != q2)
                || (p1 == q2 && q1 != p2)
                || (q1 == q2 && p1 != p2))
            {
                continue;
            }
            // HoDoKu's assignments, the last matching one wins.
            let mut abc = (0, 0, 0);
            if p1 == p2 {
                abc = (q1, q2, p1);
            }
            if p1 == q2 {
                abc = (q1, p2, p1);
            }
            if q1 == p2 {
                abc = (p1, q2, q1);
            }
            if q1 == q2 {
                abc = (p1, p2, q1);
            }
            let (a, b, c) = (&alses[abc.0], &alses[abc.1], &alses[abc.2]);
            if !(a.cells & b.cells).is_empty() {
                continue;
            }
            let union = a.cells | b.cells;
            if union == a.cells || union == b.cells {
                continue;
            }
            let mut excluded = [rc1.cand1; 4];
            let mut k = 1;
            for d in [Some(rc2.cand1), rc1.cand2, rc2.cand2]
                .into_iter()
                .flatten()
            {
                excluded[k] = d;
                k += 1;
            }
            let mut draft = Draft::default();
            draft.common_eliminations(a, b, &excluded[..k]);
            if draft.elims.is_empty() {
                continue;
            }
            for d in std::iter::once(rc1.cand1).chain(rc1.cand2) {
                draft.add_rc(a, c, d);
            }
            for d in std::iter::once(rc2.cand1).chain(rc2.cand2) {
                draft.add_rc(b, c, d);
            }
            let elims = dedup_keep_order(&draft.elims);
            let text = format!(
                "{}: A={}, B={}, C={}, X,Y={}, Z={}{}",
                Technique::AlsXyWing.name(),
                a.text(),
                b.text(),
                c.text(),
                digit_list(&draft.x),
                digit_list(&draft.z),
                elim_suffix(&elims)
            );
            let mut step = Step::new(Technique::AlsXyWing);
            // A -x- C =strong= C -y- B, x and y the first RC digits that differ.
            let x = rc1.cand1;
            let y = if rc2.cand1 != x {
                rc2.cand1
            } else {
                rc2.cand2.unwrap_or(rc2.cand1)
            };
            step.facts = Facts::sets(
                vec![
                    (a.cells, a.digits),
                    (b.cells, b.digits),
                    (c.cells, c.digits),
                ],
                vec![vec![
                    rc_link(a, c, x),
                    inner_link(c, x, y),
                    rc_link(c, b, y),
                ]],
            );
            step.eliminations = elims;
            step.text = text;
            out(step)?;
        }
    }
    ControlFlow::Continue(())
}

// ---------------------------------------------------------------------------------------------
// ALS-XY-Chain

/// Which candidates of an RC are in force at its place in a chain (HoDoKu's `actualRC`):
/// bit 0 `cand1`, bit 1 `cand2`.
type Actual = u8;

/// HoDoKu's `RestrictedCommon.checkRC`: the RC's candidates in force after `prev`; 0 when none.
fn check_rc(
    rc: &RestrictedCommon,
    prev: Option<(&RestrictedCommon, Actual)>,
    first: bool,
) -> Actual {
    let own = |d: Option<Digit>| d.map_or(0, |d| d.get());
    let (c21, c22) = (rc.cand1.get(), own(rc.cand2));
    let Some((p, actual)) = prev else {
        return if c22 != 0 && !first { 2 } else { 1 };
    };
    let (c11, c12) = match actual {
        1 => (p.cand1.get(), 0),
        2 => (own(p.cand2), 0),
        // HoDoKu passes cand1 twice here.
        3 => (p.cand1.get(), p.cand1.get()),
        _ => return if c22 == 0 { 1 } else { 3 },
    };
    if c12 == 0 {
        if c22 == 0 {
            u8::from(c11 != c21)
        } else if c11 == c22 {
            1
        } else if c11 == c21 {
            2
        } else {
            3
        }
    } else if c22 == 0 {
        u8::from(!(c11 == c21 || c12 == c21))
    } else if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
        0
    } else if c11 == c22 || c12 == c22 {
        1
    } else if c11 == c21 || c12 == c21 {
        2
    } else {
        3
    }
}

/// The digits an RC has in force.
fn actual_digits(rc: &RestrictedCommon, actual: Actual) -> DigitSet {
    let mut v = DigitSet::EMPTY;
    if actual & 1 != 0 {
        v.insert(rc.cand1);
    }
    if actual & 2 != 0 {
        if let Some(d) = rc.cand2 {
            v.insert(d);
        }
    }
    v
}

/// HoDoKu's `checkCandidatesToDelete` for two sets and the digits excluded, into `out` (sorted
/// by digit, then cell).
fn eliminations_between(a1: &Als, a2: &Als, excluded: DigitSet, out: &mut Vec<Candidate>) {
    out.clear();
    let digits = a1.digits & a2.digits & !excluded;
    if digits.is_empty() || (a1.buddies & a2.buddies).is_empty() {
        return;
    }
    for d in digits {
        let cells = a1.buddies_with(d) & a2.buddies_with(d);
        out.extend(cells.iter().map(|c| Candidate::new(c, d)));
    }
}

/// Whether any digit common to both sets could go (a chain from one to the other may eliminate).
fn may_eliminate(a1: &Als, a2: &Als) -> bool {
    let digits = a1.digits & a2.digits;
    !digits.is_empty()
        && !(a1.buddies & a2.buddies).is_empty()
        && digits
            .iter()
            .any(|d| !(a1.buddies_with(d) & a2.buddies_with(d)).is_empty())
}

/// Collected steps of one slot, kept as HoDoKu's `onlyOneAlsPerStep` does: one step per set of
/// eliminations, the one whose sets have the fewest cells (the first of equals).
#[derive(Default)]
struct Collected {
    steps: Vec<(Step, u32)>,
    by_elims: HashMap<Vec<Candidate>, usize>,
}

impl Collected {
    /// `step.eliminations` must be sorted by digit, then cell, without repeats.
    fn record(&mut self, step: Step, cells: u32) {
        match self.by_elims.get(&step.eliminations) {
            Some(&i) => {
                if self.steps[i].1 > cells {
                    self.steps[i] = (step, cells);
                }
            }
            None => {
                self.by_elims
                    .insert(step.eliminations.clone(), self.steps.len());
                self.steps.push((step, cells));
            }
        }
    }

    /// Every step by HoDoKu's `AlsComparator` on distinct elimination sets: most eliminations
    /// first, then the smallest index sum (`getIndexSumme`); a stable sort keeps the order found
    /// among equals.
    fn sorted(self) -> Vec<Step> {
        let mut steps: Vec<(Step, u32)> = self.steps;
        steps.sort_by_key(|(s, _)| {
            (
                std::cmp::Reverse(s.eliminations.len()),
                index_sum(s.eliminations.iter().copied()),
            )
        });
        steps.into_iter().map(|(s, _)| s).collect()
    }
}

/// What the search remembers of an explored subtree: the cells of the path that led to it, its
/// depth, and whether the most links a chain may have cut it.
#[derive(Copy, Clone, Default)]
struct Explored {
    stamp: u32,
    cells: u32,
    depth: u8,
    truncated: bool,
}

struct ChainSearch<'a> {
    /// The most links a chain may have.
    max_rc: usize,
    alses: &'a [Als],
    rcs: &'a Rcs,
    in_chain: Vec<bool>,
    chain: Vec<(usize, Actual)>,
    /// The cells of the sets on the chain.
    cells: u32,
    start: usize,
    found: Collected,
    /// Per (first RC digit, set, digit the next RC must avoid): the last explored subtree of the
    /// start `stamp`. The subtree below a set depends only on these (chains are forward only, so
    /// a set never repeats); a later path reaching it with no fewer cells, at no smaller depth,
    /// finds only eliminations already recorded with no more cells, and is skipped.
    memo: Vec<Explored>,
    stamp: u32,
    /// Per set: `stamp` when it may end a chain from the start with eliminations.
    useful: Vec<u32>,
    /// The useful sets of the start as a bit row.
    useful_row: Vec<u64>,
    /// Per set, the sets an RC path from it reaches (all later sets), as bit rows as long as
    /// `useful_row`.
    reach: Vec<u64>,
    /// Per set: `stamp` when [`ChainSearch::leads_on`] is known for it, and the answer.
    leads_known: Vec<u32>,
    leads: Vec<bool>,
    scratch: Vec<Candidate>,
}

/// The digit the next RC must differ from after `rc` in force as `actual` (HoDoKu's `checkRC`
/// treats both-in-force as `cand1` only).
fn key_digit(rc: &RestrictedCommon, actual: Actual) -> Digit {
    if actual == 2 {
        rc.cand2.unwrap_or(rc.cand1)
    } else {
        rc.cand1
    }
}

impl ChainSearch<'_> {
    /// Whether an RC path leads from set `x` to a useful set of the start.
    fn leads_on(&mut self, x: usize) -> bool {
        if self.leads_known[x] != self.stamp {
            let w = self.useful_row.len();
            let from = x / 64;
            let row = &self.reach[x * w + from..(x + 1) * w];
            self.leads[x] = row
                .iter()
                .zip(&self.useful_row[from..])
                .any(|(r, u)| r & u != 0);
            self.leads_known[x] = self.stamp;
        }
        self.leads[x]
    }

    fn memo_index(&self, als: usize, d: Digit) -> usize {
        let (first, first_actual) = self.chain[0];
        let f = key_digit(&self.rcs.list[first], first_actual);
        (f.index() * self.alses.len() + als) * 9 + d.index()
    }

    /// Extends the chain from `als`; returns whether the most links cut the search.
    fn recurse(&mut self, als: usize, last: Option<(usize, Actual)>) -> bool {
        if self.chain.len() >= self.max_rc {
            return true;
        }
        let mut truncated = false;
        let mut first_try = true;
        let mut i = self.rcs.start[als];
        while i < self.rcs.end[als] {
            let rc = self.rcs.list[i];
            let prev = last.map(|(k, a)| (&self.rcs.list[k], a));
            let actual = check_rc(&rc, prev, first_try);
            if actual == 0 || self.in_chain[rc.als2] {
                i += 1;
                continue;
            }
            self.chain.push((i, actual));
            self.in_chain[rc.als2] = true;
            let added = self.alses[rc.als2].cells.len();
            self.cells += added;
            if self.chain.len() >= 3 && self.useful[rc.als2] == self.stamp {
                self.check(rc.als2);
            }
            let m = self.memo_index(rc.als2, key_digit(&rc, actual));
            let depth = self.chain.len() as u8;
            let seen = self.memo[m];
            if !self.leads_on(rc.als2) {
                // No set reachable from here may end a chain with eliminations.
            } else if seen.stamp == self.stamp
                && seen.cells <= self.cells
                // Every node the new subtree would check was checked: the sets below sit at
                // depth 3 or more in both, or at no smaller depth than now.
                && (seen.depth >= 2 || seen.depth >= depth)
                // And it went as deep, unless nothing cut it.
                && (seen.depth <= depth || !seen.truncated)
            {
                truncated |= seen.truncated;
            } else {
                let t = self.recurse(rc.als2, Some((i, actual)));
                truncated |= t;
                if seen.stamp != self.stamp || self.cells <= seen.cells {
                    self.memo[m] = Explored {
                        stamp: self.stamp,
                        cells: self.cells,
                        depth,
                        truncated: t,
                    };
                }
            }
            self.cells -= added;
            self.in_chain[rc.als2] = false;
            self.chain.pop();
            if last.is_none() && rc.cand2.is_some() && first_try {
                // The first RC of a chain may be either of two: try the other one.
                first_try = false;
            } else {
                first_try = true;
                i += 1;
            }
        }
        truncated
    }

    fn check(&mut self, end: usize) {
        let (first, first_actual) = self.chain[0];
        let (last, last_actual) = *self.chain.last().expect("a chain");
        let rc_digits = actual_digits(&self.rcs.list[first], first_actual)
            | actual_digits(&self.rcs.list[last], last_actual);
        let (start, stop) = (&self.alses[self.start], &self.alses[end]);
        eliminations_between(start, stop, rc_digits, &mut self.scratch);
        if self.scratch.is_empty() {
            return;
        }
        let cells = start.cells.len() + self.cells;
        if let Some(&k) = self.found.by_elims.get(&self.scratch[..]) {
            if self.found.steps[k].1 <= cells {
                return;
            }
        }
        let elims = self.scratch.clone();
        let mut step = Step::new(Technique::AlsXyChain);
        let digits = elim_digits(&elims);
        let mut text = format!(
            "{}: {digits}- {}",
            Technique::AlsXyChain.name(),
            start.text()
        );
        let mut alses = vec![(start.cells, start.digits)];
        let mut links = Vec::new();
        let mut prev = start;
        let mut prev_digit: Option<Digit> = None;
        for &(k, actual) in &self.chain {
            let rc = &self.rcs.list[k];
            let next = &self.alses[rc.als2];
            let ds = actual_digits(rc, actual);
            let d = ds.first().expect("an RC digit");
            if let Some(p) = prev_digit {
                if p != d {
                    links.push(inner_link(prev, p, d));
                }
            }
            links.push(rc_link(prev, next, d));
            prev_digit = Some(d);
            let s: String = ds.iter().map(|d| d.to_char()).collect();
            text.push_str(&format!(" -{s}- {}", next.text()));
            alses.push((next.cells, next.digits));
            prev = next;
        }
        text.push_str(&format!(" -{digits}{}", elim_suffix(&elims)));
        step.facts = Facts::sets(alses, vec![links]);
        step.eliminations = elims;
        step.text = text;
        self.found.record(step, cells);
    }
}

/// ALS-XY-Chain: sets joined one to the next by restricted commons, each differing from the one
/// before (at least four sets); a digit common to the first and last set, other than the end
/// RCs, goes from every cell that sees all its cells in both. HoDoKu collects every chain (one
/// per set of eliminations, the one with the fewest cells), then takes the one with the most
/// eliminations (ties: the smallest index sum).
///
/// The search walks the restricted commons of [`als_set`] depth first, as HoDoKu's
/// `AlsSolver` does, not the implication tables of `tabling.rs` (which have no ALS nodes): the
/// chain kept per set of eliminations depends on that walk's order.
///
/// Every chain is reported, one per set of eliminations, in that order (HoDoKu's all steps sort
/// them with the same comparator).
pub fn find_als_xy_chain(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains(grid, &ctx.caches, MAX_RC)
        .sorted()
        .into_iter()
        .try_for_each(out)
}

/// ALS-XY-Chains as HoDoKu's all-steps search lists them: chains of at most
/// [`ALL_STEPS_MAX_RC`] links (its `allStepsAlsChainLength`), else as [`find_als_xy_chain`].
pub fn list_als_xy_chain(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains(grid, &ctx.caches, ALL_STEPS_MAX_RC)
        .sorted()
        .into_iter()
        .try_for_each(out)
}

fn xy_chains(grid: &Grid, caches: &Caches, max_rc: usize) -> Collected {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let n = alses.len();
    let rcs = set.rcs();
    // The memo of explored subtrees is kept between calls (in the context's working memory):
    // a start's entries carry its own stamp, so the table never needs clearing (until the
    // stamps wrap around).
    let kept = caches.memory::<ChainMemo>();
    let (mut memo, mut next_stamp) = std::mem::take(&mut *kept.0.borrow_mut());
    if memo.len() < 81 * n {
        memo.resize(81 * n, Explored::default());
    }
    if next_stamp > u32::MAX - n as u32 - 1 {
        memo.iter_mut().for_each(|e| *e = Explored::default());
        next_stamp = 0;
    }
    let mut search = ChainSearch {
        max_rc,
        alses,
        rcs,
        in_chain: vec![false; n],
        chain: Vec::with_capacity(max_rc),
        cells: 0,
        start: 0,
        found: Collected::default(),
        memo,
        stamp: 0,
        useful: vec![0; n],
        useful_row: vec![0; n.div_ceil(64)],
        reach: Vec::new(),
        leads_known: vec![0; n],
        leads: vec![false; n],
        scratch: Vec::new(),
    };
    // Per digit and cell, the sets whose buddies for the digit hold the cell (a bit row over
    // the sets): a set may end a chain from `i` with eliminations exactly when the two share a
    // buddy for a digit (see [`may_eliminate`]).
    let words = n.div_ceil(64);
    let row_of = |d: Digit, c: Cell| (d.index() * 81 + c.index()) * words;
    let mut buddy_rows = vec![0u64; 9 * 81 * words];
    for (j, a) in alses.iter().enumerate() {
        for d in a.digits {
            for c in a.buddies_with(d) {
                buddy_rows[row_of(d, c) + j / 64] |= 1 << (j % 64);
            }
        }
    }
    // RCs lead only to later sets, so what a set reaches is the union over its RCs of the
    // next set and what that one reaches, filled from the last set back. A next set already
    // reached adds nothing: what it reaches was added with it.
    let mut reach = vec![0u64; n * words];
    for x in (0..n).rev() {
        for rc in &rcs.list[rcs.start[x]..rcs.end[x]] {
            let y = rc.als2;
            let (before, after) = reach.split_at_mut(y * words);
            let rx = &mut before[x * words..(x + 1) * words];
            if rx[y / 64] & 1 << (y % 64) != 0 {
                continue;
            }
            for (a, b) in rx[y / 64..].iter_mut().zip(&after[y / 64..words]) {
                *a |= b;
            }
            rx[y / 64] |= 1 << (y % 64);
        }
    }
    search.reach = reach;
    let mut near = vec![0u64; words];
    for i in 0..n {
        next_stamp += 1;
        let stamp = next_stamp;
        // Only later sets: the words from the start's on.
        let first_word = (i + 1) / 64;
        near.iter_mut().for_each(|w| *w = 0);
        for d in alses[i].digits {
            for c in alses[i].buddies_with(d) {
                let row = &buddy_rows[row_of(d, c) + first_word..row_of(d, c) + words];
                for (w, r) in near[first_word..].iter_mut().zip(row) {
                    *w |= r;
                }
            }
        }
        if first_word < words {
            near[first_word] &= !0u64 << ((i + 1) % 64);
        }
        let mut any = false;
        for (k, &word) in near.iter().enumerate().skip(first_word) {
            let mut bits = word;
            any |= bits != 0;
            while bits != 0 {
                let j = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                debug_assert!(may_eliminate(&alses[i], &alses[j]));
                search.useful[j] = stamp;
            }
        }
        if !any {
            continue;
        }
        search.stamp = stamp;
        search.useful_row.copy_from_slice(&near);
        if !search.leads_on(i) {
            continue;
        }
        search.start = i;
        search.in_chain[i] = true;
        search.recurse(i, None);
        search.in_chain[i] = false;
    }
    let memo = std::mem::take(&mut search.memo);
    *kept.0.borrow_mut() = (memo, next_stamp);
    search.found
}

/// [`ChainSearch::memo`] and the last stamp used in it, kept between calls in the context's
/// working memory ([`Caches::memory`]).
#[derive(Default)]
struct ChainMemo(RefCell<(Vec<Explored>, u32)>);

// ---------------------------------------------------------------------------------------------
// Death Blossom

/// HoDoKu keeps at most this many sets per stem cell and digit (`RCForDeathBlossom`).
const DB_MAX_PER_DIGIT: usize = 100;

struct Blossom<'a> {
    grid: &'a Grid,
    alses: &'a [Als],
    stem: Cell,
    per_digit: [Vec<usize>; 9],
    max_digit: usize,
    cells: CellSet,
    digits: DigitSet,
    petal: [Option<usize>; 9],
    /// Every blossom is wanted: found steps go here and the search goes on.
    all: Option<&'a RefCell<Vec<Step>>>,
}

impl Blossom<'_> {
    fn recurse(&mut self, d: usize) -> Option<Step> {
        if d > self.max_digit {
            return None;
        }
        if self.per_digit[d].is_empty() {
            self.petal[d] = None;
            return self.recurse(d + 1);
        }
        for k in 0..self.per_digit[d].len() {
            let ai = self.per_digit[d][k];
            let als = &self.alses[ai];
            if !(als.cells & self.cells).is_empty() || (self.digits & als.digits).is_empty() {
                continue;
            }
            self.petal[d] = Some(ai);
            let (old_digits, old_cells) = (self.digits, self.cells);
            self.digits &= als.digits;
            self.cells |= als.cells;
            let found = if d < self.max_digit {
                self.recurse(d + 1)
            } else {
                match (self.check(), self.all) {
                    (Some(s), Some(all)) => {
                        all.borrow_mut().push(s);
                        None
                    }
                    (found, _) => found,
                }
            };
            self.digits = old_digits;
            self.cells = old_cells;
            if found.is_some() {
                return found;
            }
        }
        None
    }

    fn check(&self) -> Option<Step> {
        let mut elims = Vec::new();
        for z in self.digits {
            if self.petal[z.index()].is_some() {
                continue;
            }
            let mut with = CellSet::EMPTY;
            for ai in self.petal.iter().flatten() {
                with |= self.alses[*ai].cells_with(z);
            }
            let cells = common_buddies(with)
                & !self.cells
                & !CellSet::single(self.stem)
                & self.grid.cells_with(z);
            elims.extend(cells.iter().map(|c| Candidate::new(c, z)));
        }
        if elims.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::DeathBlossom);
        let (mut alses, mut marks) = (Vec::new(), Vec::new());
        let mut text = format!(
            "{}: [{}]",
            Technique::DeathBlossom.name(),
            compact_cells(&[self.stem])
        );
        let mut links = Vec::new();
        for (di, ai) in self.petal.iter().enumerate() {
            let Some(ai) = *ai else { continue };
            let d = Digit::from_index(di);
            let als = &self.alses[ai];
            text.push_str(&format!(",  -{d}- {}", als.text()));
            alses.push((als.cells, als.digits));
            marks.extend(als.cells_with(d).iter().map(|c| Candidate::new(c, d)));
            marks.push(Candidate::new(self.stem, d));
            links.push(vec![ChainLink {
                from: Candidate::new(self.stem, d).into(),
                to: ChainNode::Als {
                    digit: d,
                    cells: als.cells,
                },
                kind: LinkKind::Weak,
            }]);
        }
        text.push_str(&elim_suffix(&elims));
        step.facts = Facts::Sets {
            alses,
            chains: links,
            digits: Vec::new(),
            cells: vec![self.stem],
            houses: Vec::new(),
            marks,
        };
        step.eliminations = elims;
        step.text = text;
        Some(step)
    }
}

/// Death Blossom: a stem cell whose every candidate `d` is seen by a petal ALS through all its
/// cells holding `d` (petals disjoint); a digit common to all petals and not in the stem goes
/// from every cell that sees all its cells in the petals. HoDoKu returns the first found: stems
/// in cell order, petals per stem digit in ALS order.
/// HoDoKu's list of every Death Blossom is sorted: most eliminations first, then the smallest
/// index sum, the search order among equals. So the finder leads with its hint's step: it
/// reports the first found, then, if the sink goes on, the whole sorted list (the table marks
/// it as leading).
pub fn find_death_blossom(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(first) = blossoms(grid, &ctx.caches, None) else {
        return ControlFlow::Continue(());
    };
    out(first)?;
    let all = RefCell::new(Vec::new());
    blossoms(grid, &ctx.caches, Some(&all));
    let mut steps = all.into_inner();
    steps.sort_by_cached_key(|s| {
        let mut e = s.eliminations.clone();
        e.sort_by_key(|c| (c.digit, c.cell));
        (std::cmp::Reverse(e.len()), index_sum(e))
    });
    steps.into_iter().try_for_each(out)
}

/// The first Death Blossom, or with `all` every one (then `None`).
fn blossoms(grid: &Grid, caches: &Caches, all: Option<&RefCell<Vec<Step>>>) -> Option<Step> {
    let set = als_set(grid, caches);
    let alses = set.alses();
    let mut per_cell: Vec<[Vec<usize>; 9]> = vec![Default::default(); 81];
    let mut masks = [DigitSet::EMPTY; 81];
    for (i, als) in alses.iter().enumerate() {
        for d in als.digits {
            for c in als.buddies_with(d) {
                let v = &mut per_cell[c.index()][d.index()];
                if v.len() < DB_MAX_PER_DIGIT {
                    v.push(i);
                    masks[c.index()].insert(d);
                }
            }
        }
    }
    for stem in grid.unsolved() {
        let cands = grid.candidates(stem);
        if masks[stem.index()].is_empty() || masks[stem.index()] != cands {
            continue;
        }
        let per_digit = std::mem::take(&mut per_cell[stem.index()]);
        let max_digit = (0..9)
            .rev()
            .find(|&d| !per_digit[d].is_empty())
            .unwrap_or(0);
        let mut b = Blossom {
            grid,
            alses,
            stem,
            per_digit,
            max_digit,
            cells: CellSet::EMPTY,
            digits: DigitSet::ALL,
            petal: [None; 9],
            all,
        };
        if let Some(step) = b.recurse(0) {
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder::{self, Finder};
    use crate::solver::techniques::common::test_support::{ctx, elims, library};

    const XZ: &str = ":0000:x:....8.+9.47+19+2+6453+88...+9.6.....4+5+37..3.79+164.5+4.5+8+72+3...+72.+4+9+8.3+6385+2+71+499...3+8+2.+7:512 114 218 232 134 242 642 148 248 648 149 668::";
    const XY: &str = ":0000:x:....8.+9.47.9.+6453+88...+9.6.....4+5+37..3.79+164.5..5+8+72+3....2.+4+9+8.3.385+2+71.99...3+8+2..:::";
    const CHAIN: &str = ":0000:x:3..6....5.297+5..6.+6...93.4...7..+6.54..6.3.7..28....6...6.31.+5...9..+6512.5....9+4.6:792::";
    const NONE_XZ: &str = ":0000:x:7...4...6...759..+29..8+61..3...524.+3..3....+42.4.......75.1...2.8.8.....1.2.9...3.4:212 213 313 623 642 843 147 947 753 863 167 384 385 386 795 796::";
    const NONE_CHAIN: &str = ":0000:x:7...4...6...759..+29..8+61..3...524.+3..3....+42.4.......75.1...2.8.8.....1.2.9...3.4:212 213 313 623 843 147 753 167 384 385 386 795::";
    const NONE_XY: &str = ":0000:x:.+76.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7..+8.1.4.8.2.:624 724 325 725 747 275 675 682 685 487 587::";
    const DB: &str = ":0000:x:....28....273..86.3+8....+241...5..7...1.....2..+73..6...73+9...+1+84.48+1+3769....98+4...:714::";
    const NONE_DB: &str = ":0000:x:..6.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7..+8.1.4.8.2.:714 722 624 724 325 725::";

    #[test]
    fn collects_sets_in_hodoku_order_once_per_state() {
        let g = library(CHAIN);
        let caches = Caches::default();
        let set = als_set(&g, &caches);
        assert!(Rc::ptr_eq(&set, &als_set(&g, &caches)));
        let alses = set.alses();
        assert!(!alses.is_empty());
        // Every set: n unsolved cells of one house, n + 1 digits, listed once.
        for a in alses {
            assert_eq!(a.digits.len(), a.cells.len() + 1);
            assert!(House::ALL.iter().any(|h| (a.cells & !h.cells()).is_empty()));
            let union = a
                .cells
                .iter()
                .fold(DigitSet::EMPTY, |x, c| x | g.candidates(c));
            assert_eq!(union, a.digits);
        }
        let mut bits: Vec<u128> = alses.iter().map(|a| a.cells.bits()).collect();
        bits.sort_unstable();
        bits.dedup();
        assert_eq!(bits.len(), alses.len());
        // Rows come first: the first set lies in row 1.
        assert_eq!(alses[0].cells.first().map(|c| c.row()), Some(0));
        assert!(set.larger_than_one().all(|a| a.cells.len() > 1));
        // Restricted commons: forward, disjoint, and each RC digit's cells all see each other.
        assert!(!set.restricted_commons().is_empty());
        for rc in set.restricted_commons() {
            assert!(rc.als1 < rc.als2);
            let (a, b) = (&alses[rc.als1], &alses[rc.als2]);
            assert!((a.cells & b.cells).is_empty());
            for d in std::iter::once(rc.cand1).chain(rc.cand2) {
                for x in a.cells_with(d) {
                    for y in b.cells_with(d) {
                        assert!(x.sees(y));
                    }
                }
            }
        }
        // Another state computes afresh.
        let mut h = g.clone();
        let c = g
            .unsolved()
            .iter()
            .find(|&c| g.candidates(c).len() > 2)
            .unwrap();
        h.eliminate(c, g.candidates(c).first().unwrap());
        assert!(!Rc::ptr_eq(&set, &als_set(&h, &caches)));
        assert!(Rc::ptr_eq(&als_set(&h, &caches), &als_set(&h, &caches)));
    }

    fn check(find: Finder<Context>, line: &str, t: Technique, el: &str, text: &str) {
        let g = library(line);
        let s = finder::first(find, &g, &ctx()).expect("a step");
        assert_eq!(s.technique, t);
        assert_eq!(elims(&s), el);
        assert_eq!(s.text, text);
        assert!(!s.chains().is_empty() && !s.facts.alses().is_empty());
    }

    #[test]
    fn als_xz_as_hodoku() {
        check(
            find_als_xz,
            XZ,
            Technique::AlsXz,
            "118",
            "Almost Locked Set XZ-Rule: A=r1c126 {1256}, B=r6c28 {169}, X=6, Z=1 => r1c8<>1",
        );
        assert!(finder::first(find_als_xz, &library(NONE_XZ), &ctx()).is_none());
        // Doubly linked: both RCs; the sets' other digits go, no Z is shown.
        check(
            find_als_xz,
            ":0000:x:..6.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7..+8.1.4.8.2.:722 724 725::",
            Technique::AlsXz,
            "714",
            "Almost Locked Set XZ-Rule: A=r1c12 {578}, B=r2c2 {58}, X=5,8 => r1c4<>7",
        );
        let f = finder::first(find_als_xz, &library(XZ), &ctx())
            .unwrap()
            .library_fields();
        assert_eq!(
            (f.code.as_str(), f.digits.as_str(), f.eliminations.as_str()),
            ("0901", "1", "118")
        );
    }

    #[test]
    fn als_xy_wing_as_hodoku() {
        check(find_als_xy_wing, XY, Technique::AlsXyWing, "113",
            "Almost Locked Set XY-Wing: A=r2c2 {12}, B=r349c3 {1346}, C=r1c1236 {12356}, X,Y=2,3, Z=1 => r1c3<>1",
        );
        assert!(finder::first(find_als_xy_wing, &library(NONE_XY), &ctx()).is_none());
    }

    #[test]
    fn als_xy_chain_as_hodoku() {
        check(find_als_xy_chain, CHAIN, Technique::AlsXyChain, "112",
            "Almost Locked Set Chain: 1- r1c35678 {124789} -7- r3c3479 {12578} -5- r1349c2 {13457} -4- r1c3,r2c1 {148} -1 => r1c2<>1",
        );
        assert!(finder::first(find_als_xy_chain, &library(NONE_CHAIN), &ctx()).is_none());
    }

    #[test]
    fn listed_als_xz_keep_hodokus_candidate_lists() {
        let line = ":0000:x:..2.1.8..4.......57..5.9..6+3846.517.+1........2.91+783.4.2.....9.....5......12.76..:::";
        let g = library(line);
        let raw =
            |s: &Step| -> Vec<String> { s.eliminations.iter().map(|c| c.triplet()).collect() };
        let pick = |v: Vec<Step>| {
            v.into_iter()
                .find(|s| s.text.contains("A=r45789c9 {123789}, B=r1c89,r23c8,r3c7"))
                .map(|s| raw(&s))
        };
        // Doubly linked by 7 and 9: each RC's check and the locked sets give r8c8<>1 again.
        assert_eq!(
            pick(finder::every(list_als_xz, &g, &ctx())).unwrap(),
            ["188", "188", "188", "388", "398", "188", "227"]
        );
        assert_eq!(
            pick(finder::every(find_als_xz, &g, &ctx())).unwrap(),
            ["188", "388", "398", "227"]
        );
    }

    #[test]
    fn listed_als_xy_chains_have_at_most_seven_sets() {
        let line = ":0000:x:+29..+671....8...26+7.+6+7....5...6+1.3..27.1.95+6.....6......738.+6.+2....+74+2..66.2...7..:414 421 324 434 934 135 335 936 837 839 842 448 848 452 461 462 562 862 865 467 967 368 468 868 469 869 969 171 882 888 398 998 399 999::";
        let g = library(line);
        let sets = |s: &Step| s.facts.alses().len();
        let hint = finder::every(find_als_xy_chain, &g, &ctx());
        let listed = finder::every(list_als_xy_chain, &g, &ctx());
        // The hint's search goes on to chains of eight sets (r8c8<>1 only so) ...
        assert!(hint.iter().any(|s| sets(s) == 8 && elims(s) == "188"));
        // ... the list's stops at seven, and finds another chain for r2c4<>5.
        assert!(listed.iter().all(|s| sets(s) <= 7));
        assert!(!listed.iter().any(|s| elims(s) == "188"));
        let r2c4 = |v: &[Step]| v.iter().find(|s| elims(s) == "524").map(sets);
        assert_eq!((r2c4(&hint), r2c4(&listed)), (Some(8), Some(7)));
    }

    #[test]
    fn death_blossom_as_hodoku() {
        check(find_death_blossom, DB, Technique::DeathBlossom, "121",
            "Death Blossom: [r1c4],  -4- r1c123789 {1345679},  -6- r2c56,r3c456 {145679} => r2c1<>1",
        );
        assert!(finder::first(find_death_blossom, &library(NONE_DB), &ctx()).is_none());
    }
}
