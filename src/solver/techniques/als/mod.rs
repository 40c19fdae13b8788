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

mod blossom;
mod chain;
mod wing;
mod xz;

pub use blossom::find_death_blossom;
pub use chain::{find_als_xy_chain, list_als_xy_chain};
pub use wing::find_als_xy_wing;
pub use xz::{find_als_xz, list_als_xz};

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
