//! What SE's propagation adds at levels above 0 (`getAdvancedPotentials`): when nothing else
//! follows, simpler techniques run on the reduced state (pointing/claiming, hidden pairs, naked
//! pairs, X-Wings), and at levels 2 and more whole chain producers (nested chains). The rules run
//! in order until one yields an elimination that relies on candidates the propagation removed;
//! those eliminations join the propagation, with the removed candidates as parents.
//!
//! The rules here are SE's own searches in SE's order (region types, digit and position
//! combinations in its `Permutations` order, eliminations in its `HashMap` order), since that
//! order decides which contradiction a propagation meets first.
//!
//! They are separate searches, not calls of SE's producers of the same rules
//! ([`crate::solver::se::intersections`], [`crate::solver::se::sets`],
//! [`crate::solver::se::fish`]) nor of HoDoKu's. HoDoKu's searches go in another order. SE's
//! producers go in the same order (region pairs block-column, block-row, column-block,
//! row-block; blocks, columns, rows; columns before rows), but a propagation asks more of a
//! rule and on other data: each elimination comes with the removed candidates it relies on
//! (its parents, read against the propagation's source state) and in SE's `HashMap` order; the
//! inner `Locking(false)` has no direct forms; a rule stops at the first house that gives
//! something with parents; and the rules run on the propagation's reduced candidate sets
//! thousands of times per producer call, where building a `Grid` and `Step`s (names, texts)
//! for the producers would cost more than the rules themselves.

use super::net::{Advanced as Found, Mode, Net};
use super::state::{
    cells_of, digits_of, hash_order, one_cell, one_digit, Cands, Lit, Region, Rule, RuleFact,
};
use super::{ChainProducer, Scratch};
use crate::domain::{Cell, CellSet, DigitSet};
use crate::solver::se::regions::Kind::{Block, Column, Row};
use crate::solver::se::regions::{bits, BCR};

/// The rules one propagation runs, in SE's order.
pub(super) struct Advanced<'s> {
    mode: Mode,
    scratch: &'s Scratch,
    /// Per simple rule (locking, hidden pairs, naked pairs, X-Wings), the candidates of each
    /// digit when it last ran in this propagation, if it ran.
    seen: [Option<[CellSet; 9]>; 4],
    /// The source's cells without a value and how many cells hold each digit, worked out
    /// when the rules first run (the source is the same at every run of a propagation).
    counts: Option<(CellSet, [u32; 9])>,
}

/// The pairs of members of `mask` (bits 0..9) in SE's `Permutations` order (colexicographic):
/// the pairs of 0..9 in that order, those with both members in the mask.
fn pairs(mask: u16) -> impl Iterator<Item = (usize, usize)> {
    let mask = u32::from(mask);
    bits(mask).flat_map(move |b| bits(mask & ((1 << b) - 1)).map(move |a| (a, b)))
}

impl<'s> Advanced<'s> {
    pub(super) fn new(scratch: &'s Scratch, mode: Mode) -> Advanced<'s> {
        Advanced {
            mode,
            scratch,
            seen: [None; 4],
            counts: None,
        }
    }

    /// What changed for simple rule `i` since it last ran (since the source if it never ran),
    /// noting that it runs now.
    fn fresh(&mut self, i: usize, source: &Cands, current: &Cands) -> Removed {
        let before = self.seen[i].replace(current.digit);
        Removed::new(before.as_ref().unwrap_or(&source.digit), current)
    }

    /// Runs the rules in order until one yields an elimination that relies on the propagation.
    ///
    /// A simple rule looks only at patterns (the candidates that make a pattern and its
    /// parents: the digit's positions in the first house of a pointing or a claiming, the two
    /// digits' positions in a hidden pair's house, a naked pair's two cells, the digit's
    /// positions in an X-Wing's base houses) that the propagation changed since the rule last
    /// ran in it. A pattern it passed over then gave nothing; one that gave eliminations has
    /// lost them since (the propagation ran them all off, and removed them, before asking
    /// again); removals elsewhere only take eliminations away. Unchanged, it gives nothing now.
    pub(super) fn run(
        &mut self,
        source: &Cands,
        current: &Cands,
        _net: &Net,
        out: &mut Vec<Found>,
    ) {
        let before = out.len();
        let removed = Removed::new(&source.digit, current);
        let fresh = self.fresh(0, source, current);
        locking(source, current, [&removed, &fresh], out);
        if out.len() > before {
            return;
        }
        let (empty, occ) = *self
            .counts
            .get_or_insert_with(|| (empty_cells(source), occurrences(source)));
        let fresh = self.fresh(1, source, current);
        hidden_pairs(source, current, &fresh, empty, out);
        if out.len() > before {
            return;
        }
        let fresh = self.fresh(2, source, current);
        naked_pairs(source, current, &fresh, empty, out);
        if out.len() > before {
            return;
        }
        let fresh = self.fresh(3, source, current);
        x_wings(source, current, [&removed, &fresh], &occ, out);
        if out.len() > before {
            return;
        }
        let nested: Vec<Rule> = match self.mode.level {
            0 | 1 => Vec::new(),
            2 => vec![ChainProducer::Cycles.rule()],
            3 => vec![ChainProducer::Cycles.rule(), ChainProducer::Multiple.rule()],
            _ => vec![Rule {
                level: self.mode.nesting,
                ..ChainProducer::Dynamic.rule()
            }],
        };
        // Each nested producer runs only when the ones before it gave nothing.
        for r in nested {
            for h in super::nested::hints(self.scratch, current, r).iter() {
                let parents = h.rule_parents(source, current);
                if parents.is_empty() {
                    continue;
                }
                out.push(Found {
                    offs: Vec::new(),
                    parents,
                    nested: Some(h.clone()),
                    rule: None,
                });
            }
            if out.len() > before {
                return;
            }
        }
    }
}

/// Candidates removed from an earlier state of the propagation. Removed from the source, they
/// are what a simple rule's parents are made of: a pattern none of them touch has no parents.
/// Removed since the rule last ran, they are what can make a pattern give something new.
/// Either way, a pattern they do not touch is passed over before its eliminations are worked
/// out.
struct Removed {
    /// Per digit, the cells that lost it.
    digit: [CellSet; 9],
    /// The cells that lost a value.
    cells: CellSet,
}

impl Removed {
    fn new(earlier: &[CellSet; 9], current: &Cands) -> Removed {
        let digit: [CellSet; 9] = std::array::from_fn(|d| earlier[d].difference(current.digit[d]));
        let cells = digit.iter().fold(CellSet::EMPTY, |a, &b| a | b);
        Removed { digit, cells }
    }

    /// The houses of kind `t` holding a cell of `cells`, one bit per house number.
    fn houses(t: Region, cells: CellSet) -> u32 {
        cells_of(cells).fold(0, |m, c| m | 1 << (t.house(c).index() % 9))
    }

    /// The digits some cell of `house` lost.
    fn digits_in(&self, house: CellSet) -> DigitSet {
        digits_where(|d| !(self.digit[d] & house).is_empty())
    }
}

/// The digits (by index 0..9) for which `f` holds.
#[inline]
fn digits_where(f: impl Fn(usize) -> bool) -> DigitSet {
    DigitSet::from_bits((0..9).fold(0, |m, d| m | (f(d) as u16) << d))
}

fn push(out: &mut Vec<Found>, mut removable: Vec<(u8, u8)>, parents: Vec<Lit>, rule: RuleFact) {
    if removable.is_empty() || parents.is_empty() {
        return;
    }
    hash_order(&mut removable);
    out.push(Found {
        offs: removable
            .iter()
            .map(|&(c, d)| Lit::new(c as usize, d as usize, false))
            .collect(),
        parents,
        nested: None,
        rule: Some(rule),
    });
}

/// SE's `Locking(false)`: pointing (box, then column or row) and claiming.
fn locking(source: &Cands, g: &Cands, [removed, fresh]: [&Removed; 2], out: &mut Vec<Found>) {
    for (t1, t2) in [(Block, Column), (Block, Row), (Column, Block), (Row, Block)] {
        for d in (0..9).filter(|&d| !fresh.digit[d].is_empty()) {
            // The pattern is the digit's positions in the first house.
            let changed = Removed::houses(t1, fresh.digit[d]);
            for i1 in bits(changed) {
                let r1 = t1.region(i1);
                // The parents are candidates of the digit removed from the first house.
                if (removed.digit[d] & r1.cells()).is_empty() {
                    continue;
                }
                let pos = g.digit[d] & r1.cells();
                let Some(first) = pos.first().filter(|_| pos.len() >= 2) else {
                    continue;
                };
                // Houses of one type are disjoint: only the first position's can hold all.
                let r2 = t2.region_of(first);
                if !pos.difference(r2.cells()).is_empty() {
                    continue;
                }
                let removable: Vec<(u8, u8)> =
                    cells_of((g.digit[d] & r2.cells()).difference(r1.cells()))
                        .map(|c| (c as u8, d as u8))
                        .collect();
                if removable.is_empty() {
                    continue;
                }
                let parents = cells_of(
                    (source.digit[d] & r1.cells())
                        .difference(g.digit[d])
                        .difference(r2.cells()),
                )
                .map(|c| Lit::new(c, d, false))
                .collect();
                let rule = RuleFact::Locking {
                    digit: d as u8,
                    houses: [r1, r2],
                    cells: pos,
                };
                push(out, removable, parents, rule);
            }
        }
    }
}

/// The cells with no value (SE's `getEmptyCellCount` counts them per house).
fn empty_cells(source: &Cands) -> CellSet {
    source.empty_cells().map(Cell::from_index).collect()
}

/// SE's `HiddenSet(2, false)`: blocks, then columns, then rows.
fn hidden_pairs(source: &Cands, g: &Cands, fresh: &Removed, empty: CellSet, out: &mut Vec<Found>) {
    for t in BCR {
        let changed = Removed::houses(t, fresh.cells);
        for i in bits(changed) {
            let h = t.region(i).cells();
            if (h & empty).len() <= 4 {
                continue;
            }
            // The pattern is the pair's digits' positions in the house; the parents are
            // positions of them removed from it.
            let touched = fresh.digits_in(h);
            // A hidden pair's two digits have the same two positions.
            let two = digits_where(|d| (g.digit[d] & h).len() == 2);
            if two.len() < 2 || (two & touched).is_empty() {
                continue;
            }
            for (a, b) in pairs(two.bits()) {
                let set = one_digit(a) | one_digit(b);
                if (two & set) != set || (set & touched).is_empty() {
                    continue;
                }
                let (pa, pb) = (g.digit[a] & h, g.digit[b] & h);
                if pa.len() <= 1 || pb.len() <= 1 || (pa | pb).len() != 2 {
                    continue;
                }
                let mut removable = Vec::new();
                for c in cells_of(pa | pb) {
                    for v in digits_of(g.cell[c].difference(set)) {
                        removable.push((c as u8, v as u8));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in cells_of(h.difference(pa | pb)) {
                    for v in digits_of(source.cell[c] & set) {
                        parents.push(Lit::new(c, v, false));
                    }
                }
                let rule = RuleFact::HiddenPair {
                    digits: [a as u8, b as u8],
                    house: t.region(i),
                    cells: pa | pb,
                };
                push(out, removable, parents, rule);
            }
        }
    }
}

/// SE's `NakedSet(2)`: blocks, then columns, then rows.
fn naked_pairs(source: &Cands, g: &Cands, fresh: &Removed, empty: CellSet, out: &mut Vec<Found>) {
    // A naked pair's two cells have the same two values.
    let two = CellSet::from_bits((0..81).fold(0, |m, c| m | ((g.cell[c].len() == 2) as u128) << c));
    // The pattern is the pair's cells' values; the parents are values they lost.
    let two_changed = two & fresh.cells;
    for t in BCR {
        let changed = Removed::houses(t, two_changed);
        for i in bits(changed) {
            let house = t.region(i);
            let h = house.cells();
            if (h & empty).len() < 4 || (h & two).len() < 2 {
                continue;
            }
            let places = (0..9).fold(0, |m, k| m | (two.contains(house.cell_at(k)) as u16) << k);
            for (a, b) in pairs(places) {
                let (ca, cb) = (house.cell_at(a).index(), house.cell_at(b).index());
                let both = one_cell(ca) | one_cell(cb);
                if (two & both) != both || (both & two_changed).is_empty() {
                    continue;
                }
                let (va, vb) = (g.cell[ca], g.cell[cb]);
                if va.len() <= 1 || vb.len() <= 1 || (va | vb).len() != 2 {
                    continue;
                }
                let set = va | vb;
                let mut removable = Vec::new();
                for c in cells_of(h.difference(both)) {
                    for v in digits_of(g.cell[c] & set) {
                        removable.push((c as u8, v as u8));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for c in [ca, cb] {
                    for v in digits_of(source.cell[c].difference(set)) {
                        parents.push(Lit::new(c, v, false));
                    }
                }
                let mut ds = digits_of(set).map(|v| v as u8);
                let rule = RuleFact::NakedPair {
                    digits: [ds.next().unwrap_or(0), ds.next().unwrap_or(0)],
                    house,
                    cells: [ca as u8, cb as u8],
                };
                push(out, removable, parents, rule);
            }
        }
    }
}

/// SE's `Fisherman(2)`: X-Wings on columns, then on rows.
fn x_wings(
    source: &Cands,
    g: &Cands,
    [removed, fresh]: [&Removed; 2],
    occ: &[u32; 9],
    out: &mut Vec<Found>,
) {
    // Per digit and row, the columns holding it; per digit and column, the rows.
    let mut in_row = [[0u16; 9]; 9];
    let mut in_col = [[0u16; 9]; 9];
    // The parents are candidates of the digit removed from the base houses: a digit that lost
    // none has no X-Wing with parents.
    let live = digits_where(|d| occ[d] + 4 <= 9 && !fresh.digit[d].is_empty());
    if live.is_empty() {
        return;
    }
    for d in digits_of(live) {
        let bits = g.digit[d].bits();
        for (r, row) in in_row[d].iter_mut().enumerate() {
            let mut cols = (bits >> (9 * r)) as u16 & 0x1ff;
            *row = cols;
            while cols != 0 {
                in_col[d][cols.trailing_zeros() as usize] |= 1 << r;
                cols &= cols - 1;
            }
        }
    }
    for (t1, t2) in [(Column, Row), (Row, Column)] {
        let positions = if t1 == Row { &in_row } else { &in_col };
        // The base houses holding a digit in two places.
        let twos = digits_of(live).fold(0, |m, d| {
            (0..9).fold(m, |m, a| {
                m | ((positions[d][a].count_ones() == 2) as u16) << a
            })
        });
        for (a, b) in pairs(twos) {
            let bases = t1.region(a).cells() | t1.region(b).cells();
            for d in digits_of(live) {
                // The pattern is the digit's positions in the base houses.
                if (fresh.digit[d] & bases).is_empty() {
                    continue;
                }
                // The positions (indices in the base houses) must be the same two.
                let (ma, mb) = (positions[d][a], positions[d][b]);
                if ma.count_ones() <= 1 || mb.count_ones() <= 1 {
                    continue;
                }
                let common = ma | mb;
                if common.count_ones() != 2 {
                    continue;
                }
                let cover = (0..9)
                    .filter(|&j| common >> j & 1 != 0)
                    .fold(CellSet::EMPTY, |a, j| a | t2.region(j).cells());
                if (removed.digit[d] & bases).difference(cover).is_empty() {
                    continue;
                }
                let mut removable = Vec::new();
                for j in (0..9).filter(|&j| common >> j & 1 != 0) {
                    let hj = t2.region(j).cells();
                    for c in cells_of((g.digit[d] & hj).difference(bases)) {
                        removable.push((c as u8, d as u8));
                    }
                }
                if removable.is_empty() {
                    continue;
                }
                let parents = cells_of(
                    (source.digit[d] & bases)
                        .difference(g.digit[d])
                        .difference(cover),
                )
                .map(|c| Lit::new(c, d, false))
                .collect();
                let rule = RuleFact::XWing {
                    digit: d as u8,
                    rows: t1 == Row,
                    cells: g.digit[d] & bases,
                };
                push(out, removable, parents, rule);
            }
        }
    }
}

/// SE's `getCountOccurancesOfValue`: how many cells hold each digit.
fn occurrences(source: &Cands) -> [u32; 9] {
    let mut occ = [0u32; 9];
    for &v in &source.values {
        if v > 0 {
            occ[v as usize - 1] += 1;
        }
    }
    occ
}
