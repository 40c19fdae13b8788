//! SE's `doChaining`: from assumed literals, everything that follows, breadth first, each
//! literal with the literals it follows from (its parents), until a contradiction or nothing new.
//!
//! The order is SE's: the "on" queue is always emptied before one "off" literal is taken; the
//! consequences of a literal come in SE's order (the cell's other values, then the box, row and
//! column); in dynamic mode every processed "off" literal is removed from the working
//! candidates, so later cell and house rules see the reduced state, and a literal that follows
//! because earlier ones were removed gets those as hidden parents. At levels above 0, when both
//! queues are empty, simpler techniques (and nested chains) run on the reduced state
//! ([`super::rules`]) and their eliminations join the "off" queue.

use super::nested::Nested;
use super::state::{
    cells_of, digits_of, one_cell, one_digit, region_cells, Cands, Cause, Lit, RuleFact, CAND_LITS,
    REGIONS,
};
use super::Scratch;
use crate::domain::Cell;
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

pub(super) const NONE: u32 = u32::MAX;
/// A set of literals, one bit per literal index.
pub(super) type LitBits = [u64; CAND_LITS / 64 + 1];

/// Whether the set `bits` holds `lit`.
#[inline]
pub(super) fn holds(bits: &LitBits, lit: Lit) -> bool {
    bits[lit.index() / 64] >> (lit.index() % 64) & 1 != 0
}

/// Adds `lit` to the set `bits`; whether it was not there before.
#[inline]
pub(super) fn insert(bits: &mut LitBits, lit: Lit) -> bool {
    let fresh = !holds(bits, lit);
    bits[lit.index() / 64] |= 1 << (lit.index() % 64);
    fresh
}
/// What a new propagation's literal index is filled with: a slot is read only where the
/// reached set holds its literal, after it is written, so the filler is never seen.
const UNSET: u16 = u16::MAX;

/// One literal of a propagation, with where it comes from.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) lit: Lit,
    pub(super) cause: Cause,
    pstart: u32,
    plen: u32,
    /// Index in [`Net::nested`] of the nested chain that removed it, or [`NONE`].
    pub(super) nested: u32,
    /// Index in [`Net::rules`] of the simpler technique that removed it, or [`NONE`].
    pub(super) rule: u32,
}

/// Propagations by start literal (a producer call's), with the starts filled.
pub(super) type Table = (Vec<Option<Rc<Net>>>, Vec<u16>);

/// The outcome of one propagation (SE's `toOn`/`toOff` sets with their parents).
#[derive(Debug)]
pub(super) struct Net {
    pub(super) entries: Vec<Entry>,
    parents: Vec<u32>,
    index: Vec<u16>,
    /// The literals of the index, one bit each (to intersect propagations word by word).
    has: LitBits,
    /// Entries that are "on", in discovery order.
    pub(super) on: Vec<u32>,
    /// Entries that are "off", in discovery order.
    pub(super) off: Vec<u32>,
    /// The first contradiction: the "on" and the "off" version of one candidate.
    pub(super) absurd: Option<(u32, u32)>,
    /// Nested chain hints that removed candidates inside the propagation.
    pub(super) nested: Vec<Rc<Nested>>,
    /// Simpler techniques that removed candidates inside the propagation.
    pub(super) rules: Vec<RuleFact>,
    /// Where its buffers go when it is dropped (none for a [`Net::linear`] chain).
    pool: Option<Pool>,
}

/// How a propagation runs (a `Chaining` instance's parameters).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Mode {
    /// Cell rule (one value per cell); off in Nishio.
    pub(super) y: bool,
    pub(super) dynamic: bool,
    /// SE's level: 0 plain, 1 with simpler techniques, 2.. with nested chains.
    pub(super) level: u8,
    /// SE's nesting limit for level 4 (the level of the nested dynamic chains).
    pub(super) nesting: u8,
}

/// Eliminations a rule found inside a propagation, with the removed candidates it relies on.
pub(super) struct Advanced {
    /// The eliminations of a simpler technique (a nested chain's are its own).
    pub(super) offs: Vec<Lit>,
    pub(super) parents: Vec<Lit>,
    pub(super) nested: Option<Rc<Nested>>,
    pub(super) rule: Option<RuleFact>,
}

/// The buffers of a finished propagation, kept for the next one: a propagation records a few
/// dozen literals, and allocating (and clearing) its literal index anew each time cost more
/// than the propagation itself.
#[derive(Debug)]
pub(super) struct Buffers {
    entries: Vec<Entry>,
    parents: Vec<u32>,
    index: Vec<u16>,
    on: Vec<u32>,
    off: Vec<u32>,
}

/// At most this many spare buffers are kept (per context), so memory stays bounded; a producer
/// call holds up to two propagations per candidate.
const POOL_MAX: usize = 1024;

/// The spare buffers of finished propagations (a field of the engine's [`super::Scratch`]):
/// a propagation holds a handle and gives its buffers back when dropped.
pub(super) type Pool = Rc<RefCell<Vec<Buffers>>>;

impl Drop for Net {
    fn drop(&mut self) {
        let Some(pool) = self.pool.take() else {
            return;
        };
        if self.index.len() != CAND_LITS {
            return;
        }
        let mut b = Buffers {
            entries: std::mem::take(&mut self.entries),
            parents: std::mem::take(&mut self.parents),
            index: std::mem::take(&mut self.index),
            on: std::mem::take(&mut self.on),
            off: std::mem::take(&mut self.off),
        };
        b.entries.clear();
        b.parents.clear();
        b.on.clear();
        b.off.clear();
        let mut p = pool.borrow_mut();
        if p.len() < POOL_MAX {
            p.push(b);
        }
    }
}

impl Net {
    fn new(pool: &Pool) -> Net {
        let spare = pool.borrow_mut().pop();
        let b = spare.unwrap_or_else(|| Buffers {
            entries: Vec::with_capacity(64),
            parents: Vec::with_capacity(128),
            index: vec![UNSET; CAND_LITS],
            on: Vec::with_capacity(32),
            off: Vec::with_capacity(64),
        });
        Net {
            entries: b.entries,
            parents: b.parents,
            index: b.index,
            on: b.on,
            off: b.off,
            has: [0; CAND_LITS / 64 + 1],
            absurd: None,
            nested: Vec::new(),
            rules: Vec::new(),
            pool: Some(pool.clone()),
        }
    }

    /// Empties it for another propagation, keeping its buffers (the index's slots are read
    /// only for the literals of `has`, so they are left as they are).
    fn clear(&mut self) {
        self.entries.clear();
        self.parents.clear();
        self.on.clear();
        self.off.clear();
        self.has = [0; CAND_LITS / 64 + 1];
        self.absurd = None;
        self.nested.clear();
        self.rules.clear();
    }

    /// The entry holding `lit`, if the propagation reached it.
    #[inline]
    pub(super) fn get(&self, lit: Lit) -> Option<u32> {
        // The index of a recycled propagation keeps stale slots: `has` tells the live ones.
        if self.index.is_empty() || !self.reaches(lit) {
            return None;
        }
        Some(u32::from(self.index[lit.index()]))
    }

    /// Whether the propagation reached `lit` (what [`Net::get`] finds).
    #[inline]
    fn reaches(&self, lit: Lit) -> bool {
        holds(&self.has, lit)
    }

    /// The "off" literal `off` follows from entry `p`: recorded unless already there; a
    /// contradiction when its "on" version is there (recorded as the first one, and `true`).
    #[inline]
    fn off_follows(&mut self, off: Lit, cause: Cause, p: u32) -> bool {
        if let Some(e) = self.get(off.conj()) {
            let o = self.push(off, cause, &[p], NONE, false);
            self.absurd = Some((e, o));
            return true;
        }
        if !self.reaches(off) {
            self.push(off, cause, &[p], NONE, true);
        }
        false
    }

    /// The literals the propagation reached (those [`Net::get`] finds).
    #[inline]
    pub(super) fn reached(&self) -> &LitBits {
        &self.has
    }

    /// A single chain, root first, each literal following from the one before (no index).
    pub(super) fn linear(path: &[(Lit, Cause)]) -> Net {
        let mut net = Net {
            entries: Vec::with_capacity(path.len()),
            parents: Vec::with_capacity(path.len()),
            index: Vec::new(),
            on: Vec::new(),
            off: Vec::new(),
            has: [0; CAND_LITS / 64 + 1],
            absurd: None,
            nested: Vec::new(),
            rules: Vec::new(),
            pool: None,
        };
        for (i, &(l, c)) in path.iter().enumerate() {
            let one = [i.wrapping_sub(1) as u32];
            net.push(l, c, if i == 0 { &one[..0] } else { &one[..] }, NONE, false);
        }
        net
    }

    #[inline]
    pub(super) fn parents(&self, e: u32) -> &[u32] {
        let en = &self.entries[e as usize];
        &self.parents[en.pstart as usize..(en.pstart + en.plen) as usize]
    }

    #[inline]
    pub(super) fn lit(&self, e: u32) -> Lit {
        self.entries[e as usize].lit
    }

    #[inline]
    fn push(&mut self, lit: Lit, cause: Cause, parents: &[u32], nested: u32, indexed: bool) -> u32 {
        let e = self.entries.len() as u32;
        self.entries.push(Entry {
            lit,
            cause,
            pstart: self.parents.len() as u32,
            plen: parents.len() as u32,
            nested,
            rule: NONE,
        });
        extend(&mut self.parents, parents);
        if indexed {
            self.index[lit.index()] = e as u16;
            insert(&mut self.has, lit);
            if lit.on() {
                self.on.push(e);
            } else {
                self.off.push(e);
            }
        }
        e
    }
}

/// Appends a few parents one by one: the lists are a handful long, and a copy call for each
/// (what `extend_from_slice` makes) cost more than the propagation's own work on them.
#[inline]
pub(super) fn extend(v: &mut Vec<u32>, items: &[u32]) {
    v.reserve(items.len());
    for &x in items {
        v.push(x);
    }
}

/// A rule run when both queues are empty (levels above 0): appends its eliminations.
pub(super) type AdvancedRule<'a> = dyn FnMut(&Cands, &Cands, &Net, &mut Vec<Advanced>) + 'a;

/// A propagation's working lists (taken from the engine's [`super::Scratch`], not borrowed
/// from it: propagations nest).
#[derive(Default)]
pub(super) struct Work {
    pars: Vec<u32>,
    made_on: Vec<(Lit, Cause, u32, u32)>,
    on_pars: Vec<u32>,
    adv: Vec<Advanced>,
}

/// Runs SE's `doChaining` from the literals `start` (all "on" or all "off").
pub(super) fn propagate(
    scratch: &Scratch,
    source: &Cands,
    start: Lit,
    mode: Mode,
    advanced: Option<&mut AdvancedRule<'_>>,
) -> Rc<Net> {
    let spare = scratch.spare.borrow_mut().pop();
    let mut rc = spare.unwrap_or_else(|| Rc::new(Net::new(&scratch.pool)));
    let mut work = scratch.work.borrow_mut().pop().unwrap_or_default();
    match Rc::get_mut(&mut rc) {
        Some(net) => {
            net.push(start, Cause::Source, &[], NONE, true);
            run(
                net,
                source,
                source.clone(),
                (0, 0),
                mode,
                advanced,
                &mut work,
            );
        }
        None => unreachable!("a spare propagation is held only by the spares"),
    }
    done(scratch, work);
    rc
}

/// Continues `prefix`, a dynamic propagation in `source` that nothing else holds and that
/// stopped when both queues were empty and its own rules gave nothing, under a mode whose
/// rules go on from there: up to that point SE's `doChaining` under `mode` goes the same way
/// (the later rules run only where the earlier ones give nothing), and its working state there
/// is the prefix's (every literal reached processed, every "off" one removed). A prefix that
/// ended in a contradiction is the whole propagation already. `None` when something else
/// holds the prefix.
pub(super) fn resume(
    scratch: &Scratch,
    source: &Cands,
    mut prefix: Rc<Net>,
    mode: Mode,
    advanced: Option<&mut AdvancedRule<'_>>,
) -> Option<Rc<Net>> {
    if prefix.absurd.is_some() {
        return Some(prefix);
    }
    let net = Rc::get_mut(&mut prefix)?;
    let mut grid = source.clone();
    for &e in &net.off {
        let l = net.lit(e);
        grid.remove(l.cell_index(), l.digit_index());
    }
    let heads = (net.on.len(), net.off.len());
    let mut work = scratch.work.borrow_mut().pop().unwrap_or_default();
    run(net, source, grid, heads, mode, advanced, &mut work);
    done(scratch, work);
    Some(prefix)
}

/// Gives a propagation's working lists back.
fn done(scratch: &Scratch, work: Work) {
    let mut w = scratch.work.borrow_mut();
    if w.len() < 64 {
        w.push(work);
    }
}

/// At most this many finished propagations are kept whole for reuse (per context).
const SPARE_MAX: usize = 1024;

/// Keeps a finished propagation nothing else holds for the next [`propagate`] (its allocation
/// and its buffers with their grown capacity), emptied.
pub(super) fn recycle(scratch: &Scratch, mut rc: Rc<Net>) {
    let mut spare = scratch.spare.borrow_mut();
    if spare.len() >= SPARE_MAX {
        return;
    }
    if let Some(net) = Rc::get_mut(&mut rc) {
        if net.index.len() != CAND_LITS {
            return;
        }
        net.clear();
        spare.push(rc);
    }
}

/// The propagation's loop, from its queues' heads and its working candidates.
fn run(
    net: &mut Net,
    source: &Cands,
    mut grid: Cands,
    (mut on_head, mut off_head): (usize, usize),
    mode: Mode,
    advanced: Option<&mut AdvancedRule<'_>>,
    work: &mut Work,
) {
    let mut advanced = advanced;
    let Work {
        pars,
        made_on,
        on_pars,
        adv,
    } = work;
    loop {
        if on_head < net.on.len() {
            let p = net.on[on_head];
            on_head += 1;
            // Each result taken as it comes: the propagation ends at a contradiction.
            let pl = net.lit(p);
            let follows = |off: Lit, cause: Cause| {
                if net.off_follows(off, cause, p) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            if on_to_off(&grid, pl, mode.y, follows).is_break() {
                return;
            }
            continue;
        }
        if off_head < net.off.len() {
            let p = net.off[off_head];
            off_head += 1;
            let pl = net.lit(p);
            made_on.clear();
            on_pars.clear();
            off_to_on(source, &grid, net, p, mode.y, made_on, on_pars);
            if mode.dynamic {
                grid.remove(pl.cell_index(), pl.digit_index());
            }
            for &(on, cause, ps, pn) in made_on.iter() {
                let pars = &on_pars[ps as usize..(ps + pn) as usize];
                if let Some(e) = net.get(on.conj()) {
                    let o = net.push(on, cause, pars, NONE, false);
                    net.absurd = Some((o, e));
                    return;
                }
                if !net.reaches(on) {
                    net.push(on, cause, pars, NONE, true);
                }
            }
            continue;
        }
        let Some(rule) = advanced.as_deref_mut() else {
            break;
        };
        adv.clear();
        rule(source, &grid, net, adv);
        let mut added = false;
        for a in adv.drain(..) {
            let chain = a.nested.clone();
            let offs = chain.as_ref().map_or(&a.offs, |h| &h.offs);
            let nested = match a.nested {
                Some(h) => {
                    net.nested.push(h);
                    (net.nested.len() - 1) as u32
                }
                None => NONE,
            };
            let rule = match a.rule {
                Some(r) => {
                    net.rules.push(r);
                    (net.rules.len() - 1) as u32
                }
                None => NONE,
            };
            pars.clear();
            pars.extend(a.parents.iter().filter_map(|&l| net.get(l)));
            for &off in offs {
                if net.get(off).is_none() {
                    let e = net.push(off, Cause::Advanced, pars, nested, true);
                    net.entries[e as usize].rule = rule;
                    added = true;
                }
            }
        }
        if !added {
            break;
        }
    }
}

/// Whether "on" literal `a` turns candidate `b` of the state off: the rule [`on_to_off`]
/// enumerates (a value's other positions in the houses of its cell and, with cell links `y`, the
/// cell's other values), as a test of one pair.
#[inline]
pub(super) fn turns_off(y: bool, a: Lit, b: Lit) -> bool {
    let (ca, cb) = (a.cell_index(), b.cell_index());
    if ca == cb {
        y && a.digit_index() != b.digit_index()
    } else {
        a.digit_index() == b.digit_index() && Cell::from_index(ca).sees(Cell::from_index(cb))
    }
}

/// SE's `getOnToOff`: what `p` being true removes, in SE's order, each given to `f` until it
/// breaks ([`turns_off`] tells one pair).
#[inline]
pub(super) fn on_to_off(
    grid: &Cands,
    p: Lit,
    y: bool,
    mut f: impl FnMut(Lit, Cause) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (cell, d) = (p.cell_index(), p.digit_index());
    if y {
        for v in digits_of(grid.cell[cell].difference(one_digit(d))) {
            f(Lit::new(cell, v, false), Cause::NakedSingle)?;
        }
    }
    let mut done = one_cell(cell);
    for r in REGIONS {
        let bits = (grid.digit[d] & region_cells(r, cell)).difference(done);
        done |= bits;
        for c in cells_of(bits) {
            f(Lit::new(c, d, false), Cause::Hidden(r))?;
        }
    }
    ControlFlow::Continue(())
}

/// SE's `getOffToOn`: what `p` being false forces, with each result's parents (`p` and the
/// hidden parents: candidates of the rule's cell or house removed earlier in the propagation).
/// Results are `(lit, cause, start, len)` into `pars`.
#[inline]
fn off_to_on(
    source: &Cands,
    grid: &Cands,
    net: &Net,
    p: u32,
    y: bool,
    out: &mut Vec<(Lit, Cause, u32, u32)>,
    pars: &mut Vec<u32>,
) {
    let pl = net.lit(p);
    let (cell, d) = (pl.cell_index(), pl.digit_index());
    let pair = y && grid.count(cell) == 2;
    if let Some(other) = grid.cell[cell]
        .difference(one_digit(d))
        .first()
        .filter(|_| pair)
    {
        let start = pars.len() as u32;
        pars.push(p);
        for v in digits_of(source.cell[cell].difference(grid.cell[cell])) {
            pars.extend(net.get(Lit::new(cell, v, false)));
        }
        out.push((
            Lit::new(cell, other.index(), true),
            Cause::NakedSingle,
            start,
            pars.len() as u32 - start,
        ));
    }
    for r in REGIONS {
        let house = region_cells(r, cell);
        if let Some(oc) = (grid.digit[d] & house).difference(one_cell(cell)).only() {
            let lit = Lit::new(oc.index(), d, true);
            if out.iter().any(|&(l, ..)| l == lit) {
                continue;
            }
            let start = pars.len() as u32;
            pars.push(p);
            for c in cells_of((source.digit[d] & house).difference(grid.digit[d])) {
                pars.extend(net.get(Lit::new(c, d, false)));
            }
            out.push((lit, Cause::Hidden(r), start, pars.len() as u32 - start));
        }
    }
}
