//! SE's unary chaining (the `Cycles` producer): bidirectional X-, Y- and XY-cycles and forcing
//! X- and XY-chains, searched from every candidate with the static links of the state.
//!
//! The search is SE's own breadth-first walk, which may reach a literal along several paths
//! (its "off" side is not deduplicated), so it keeps its own node arena with one parent per node
//! instead of the propagation tables of [`super::net`].

use super::hint::{grade, removable_of, se_order, Branch, Hint, Kind};
use super::net::{holds, insert, on_to_off, LitBits, Net};
use super::reach::Reach;
use super::state::Rule;
use super::state::{cells_of, digits_of, static_off_to_on, Cands, Cause, Lit, CAND_LITS};
use super::{Scratch, Take};
use crate::domain::{Cell, CellSet};
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::rc::Rc;

const ROOT: u32 = u32::MAX;

/// A set of literals.
#[derive(Clone)]
struct LitSet(LitBits);

impl LitSet {
    fn new() -> LitSet {
        LitSet([0; CAND_LITS / 64 + 1])
    }
    fn clear(&mut self) {
        self.0 = [0; CAND_LITS / 64 + 1];
    }
    #[inline]
    fn has(&self, l: Lit) -> bool {
        holds(&self.0, l)
    }
    #[inline]
    fn set(&mut self, l: Lit) {
        insert(&mut self.0, l);
    }
}

/// The static links of the state, per literal: what an "on" literal turns off, what an "off"
/// literal turns on (the state does not change during the search, so they are listed once).
/// Each literal's list has a cell part (the cell rule) and a house part (the house rule); a pass
/// uses the parts its links allow.
#[derive(Default)]
struct Links {
    /// Per literal: where its cell part, its house part and its list end.
    start: Vec<[u32; 3]>,
    items: Vec<(Lit, Cause)>,
    /// The pass: cell links (Y) and house links (X).
    y: bool,
    x: bool,
}

impl Links {
    /// Lists the links of the state (reusing the lists' memory).
    fn build(&mut self, grid: &Cands) {
        let Links { start, items, .. } = self;
        start.clear();
        start.resize(CAND_LITS, [0; 3]);
        items.clear();
        for cell in grid.empty_cells() {
            for d in digits_of(grid.cell[cell]) {
                let off = Lit::new(cell, d, false);
                let s0 = items.len() as u32;
                static_off_to_on(grid, off, true, false, |l, c| items.push((l, c)));
                let s1 = items.len() as u32;
                static_off_to_on(grid, off, false, true, |l, c| items.push((l, c)));
                start[off.index()] = [s0, s1, items.len() as u32];
                let on = off.conj();
                let s0 = items.len() as u32;
                let _ = on_to_off(grid, on, true, |l, c| {
                    items.push((l, c));
                    ControlFlow::Continue(())
                });
                start[on.index()] = [s0, s0 + grid.count(cell) - 1, items.len() as u32];
            }
        }
    }
    fn pass(&mut self, y: bool, x: bool) {
        self.y = y;
        self.x = x;
    }
    #[inline]
    fn of(&self, l: Lit) -> &[(Lit, Cause)] {
        let [s0, s1, end] = self.start[l.index()];
        let (lo, hi) = match (l.on(), self.y, self.x) {
            (true, true, _) | (false, true, true) => (s0, end),
            (true, false, _) | (false, false, _) => (s1, end),
            (false, true, false) => (s0, s1),
        };
        &self.items[lo as usize..hi as usize]
    }
}

/// Buffers reused from one start candidate to the next (and from one call to the next: nested
/// levels run this producer on thousands of reduced states), kept in the engine's
/// [`super::Scratch`].
pub(super) struct Walks {
    links: Links,
    reach: Reach,
    arena: Arena,
    to_on: LitSet,
    to_off: LitSet,
    pend_on: VecDeque<u32>,
    pend_off: VecDeque<u32>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
}

struct Arena {
    nodes: Vec<(Lit, Cause, u32)>,
    /// Per node, a 64-bit filter of the literals on its path (itself included): a literal whose
    /// bit is clear is surely not an ancestor.
    bloom: Vec<u64>,
}

#[inline]
fn bit(l: Lit) -> u64 {
    1u64 << (((l.index() as u64 * 0x9E37_79B9) >> 7) & 63)
}

impl Arena {
    fn add(&mut self, lit: Lit, cause: Cause, parent: u32) -> u32 {
        self.nodes.push((lit, cause, parent));
        let up = if parent == ROOT {
            0
        } else {
            self.bloom[parent as usize]
        };
        self.bloom.push(up | bit(lit));
        (self.nodes.len() - 1) as u32
    }
    fn is_parent(&self, child: u32, lit: Lit) -> bool {
        if self.bloom[child as usize] & bit(lit) == 0 {
            return false;
        }
        let mut p = self.nodes[child as usize].2;
        while p != ROOT {
            if self.nodes[p as usize].0 == lit {
                return true;
            }
            p = self.nodes[p as usize].2;
        }
        false
    }
    /// The path from the root to `n`.
    fn path(&self, mut n: u32) -> Vec<(Lit, Cause)> {
        let mut out = Vec::new();
        while n != ROOT {
            let (l, c, p) = self.nodes[n as usize];
            out.push((l, c));
            n = p;
        }
        out.reverse();
        out
    }
}

/// A hint's place in SE's order: difficulty, complexity, sort key.
type Key = (f64, u32, u8);

/// The hints of the `Cycles` producer, in SE's order before sorting.
///
/// With [`Take::First`], only the hint SE would apply is sure to be among them (its first after
/// sorting):
/// a walk goes only as deep as a hint can still come before the best found so far, and a pass
/// whose hints all come after it does not run (an XY pass, based at 7.0, once an X- or Y-cycle
/// below 7.0 is found). The search order is SE's either way, so the first hint is the same.
pub(super) fn hints(scratch: &Scratch, grid: &Cands, take: Take, out: &mut Vec<Hint>) {
    // Taken, not borrowed, while the search runs (a nested search runs its own).
    let mut sc = scratch
        .cycles
        .borrow_mut()
        .take()
        .unwrap_or_else(Walks::new);
    let mut links = std::mem::take(&mut sc.links);
    let mut own = std::mem::take(&mut sc.reach);
    links.build(grid);
    let screen = scratch.screen.borrow();
    let mut best: Option<Key> = None;
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let limit = |best| match take {
            Take::First => Limits::before(best, y, x),
            Take::All => Limits::NONE,
        };
        let mut limits = limit(best);
        if limits.cycle < 4 && limits.chain < 1 {
            continue;
        }
        links.pass(y, x);
        // The last pass's graph is the screen's, analysed already when the screen let the
        // search run. Forcing chains need house links.
        let reach = match screen.analysis(grid).filter(|_| y && x) {
            Some(reach) => reach,
            None => {
                own.analyse(grid, y, x, x);
                &own
            }
        };
        for cell in grid.empty_cells() {
            if grid.count(cell) < 2 {
                continue;
            }
            for d in digits_of(grid.cell[cell]) {
                let from = out.len();
                let source = Lit::new(cell, d, true);
                unary(grid, &links, reach, source, y, x, limits, &mut sc, out);
                for h in &out[from..] {
                    let key = (h.difficulty, h.complexity, h.sort_key);
                    if best.is_none_or(|b| se_order(key, b).is_lt()) {
                        best = Some(key);
                        limits = limit(best);
                    }
                }
            }
        }
    }
    drop(screen);
    sc.links = links;
    sc.reach = own;
    *scratch.cycles.borrow_mut() = Some(sc);
}

/// How deep a walk goes: the deepest node of a cycle (its complexity) and of a forcing chain
/// (its complexity less one, the start).
#[derive(Clone, Copy)]
struct Limits {
    cycle: u32,
    chain: u32,
}

impl Limits {
    const NONE: Limits = Limits {
        cycle: u32::MAX,
        chain: u32::MAX,
    };

    /// The depths at which a pass's cycles and chains still come before `best` in SE's order.
    fn before(best: Option<Key>, y: bool, x: bool) -> Limits {
        let Some(best) = best else {
            return Limits::NONE;
        };
        let cycle = most_complex(Kind::Cycle { y, x }, best);
        let chain = most_complex(Kind::Forcing { y, x }, best).map(|c| c.saturating_sub(1));
        Limits {
            cycle: cycle.unwrap_or(0),
            chain: chain.unwrap_or(0),
        }
    }
}

/// The largest complexity at which a hint of `kind` comes before `best` in SE's order, if any
/// (the order grows with complexity, so those that do are the ones up to it).
fn most_complex(kind: Kind, best: Key) -> Option<u32> {
    let before = |c: u32| {
        let (d, k) = grade(rule(), &kind, c);
        se_order((d, c, k), best).is_lt()
    };
    if !before(0) {
        return None;
    }
    // The length addition grows with the logarithm of the length: 0.1 more than the best
    // difficulty is reached long before this.
    let (mut lo, mut hi) = (0u32, 1 << 20);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo)
}

impl Walks {
    fn new() -> Walks {
        Walks {
            links: Links {
                start: Vec::with_capacity(CAND_LITS),
                items: Vec::with_capacity(8192),
                y: true,
                x: true,
            },
            reach: Reach::default(),
            arena: Arena {
                nodes: Vec::with_capacity(1024),
                bloom: Vec::with_capacity(1024),
            },
            to_on: LitSet::new(),
            to_off: LitSet::new(),
            pend_on: VecDeque::with_capacity(256),
            pend_off: VecDeque::with_capacity(256),
            cycles: Vec::new(),
            chains: Vec::new(),
        }
    }
}

fn rule() -> Rule {
    super::ChainProducer::Cycles.rule()
}

#[allow(clippy::too_many_arguments)]
fn unary(
    grid: &Cands,
    links: &Links,
    reach: &Reach,
    source: Lit,
    y: bool,
    x: bool,
    limits: Limits,
    sc: &mut Walks,
    out: &mut Vec<Hint>,
) {
    if !x && grid.count(source.cell_index()) > 2 {
        return;
    }
    let Walks {
        links: _,
        reach: _,
        arena,
        to_on,
        to_off,
        pend_on,
        pend_off,
        cycles,
        chains,
    } = sc;
    arena.nodes.clear();
    arena.bloom.clear();
    cycles.clear();
    chains.clear();
    // Cycles (where the static graph allows one), closed at an "on" node at an even depth.
    if limits.cycle >= 4 && reach.cycle(source) {
        to_on.clear();
        to_off.clear();
        to_on.set(source);
        pend_on.clear();
        pend_off.clear();
        pend_on.push_back(arena.add(source, Cause::Source, ROOT));
        let mut length = 0;
        while !pend_on.is_empty() || !pend_off.is_empty() {
            length += 1;
            if length >= limits.cycle {
                break;
            }
            while let Some(p) = pend_on.pop_front() {
                for &(off, cause) in links.of(arena.nodes[p as usize].0) {
                    // A second node of an "off" literal can only matter by closing a cycle:
                    // the first one, processed before it, already turned on all it implies.
                    if to_off.has(off) && !links.of(off).iter().any(|&(l, _)| l == source) {
                        continue;
                    }
                    if !arena.is_parent(p, off) {
                        to_off.set(off);
                        pend_off.push_back(arena.add(off, cause, p));
                    }
                }
            }
            length += 1;
            while let Some(p) = pend_off.pop_front() {
                for &(on, cause) in links.of(arena.nodes[p as usize].0) {
                    if length >= 4 && on == source {
                        cycles.push(arena.add(on, cause, p));
                    }
                    if !to_on.has(on) {
                        to_on.set(on);
                        pend_on.push_back(arena.add(on, cause, p));
                    }
                }
            }
        }
    }
    // Forcing chains, from the candidate on, then off; they reach the negation at an odd depth.
    if x && limits.chain >= 1 {
        for start in [source, source.conj()] {
            // No chain reaches the negation: the walk would find nothing.
            if !reach.forcing(start) {
                continue;
            }
            to_on.clear();
            to_off.clear();
            pend_on.clear();
            pend_off.clear();
            let root = arena.add(start, Cause::Source, ROOT);
            if start.on() {
                to_on.set(start);
                pend_on.push_back(root);
            } else {
                to_off.set(start);
                pend_off.push_back(root);
            }
            // Only the first chain to the negation counts (later ones reach the same literal),
            // so the walk stops there.
            let mut depth = 0;
            'walk: while !pend_on.is_empty() || !pend_off.is_empty() {
                // One queue at a time holds the walk's last level: the nodes made from it are
                // one deeper.
                if !pend_on.is_empty() {
                    depth += 1;
                    if depth > limits.chain {
                        break;
                    }
                }
                while let Some(p) = pend_on.pop_front() {
                    for &(off, cause) in links.of(arena.nodes[p as usize].0) {
                        let fresh = !to_off.has(off);
                        let hit = off.conj() == start
                            && !chains.iter().any(|&c| arena.nodes[c as usize].0 == off);
                        if !fresh && !hit {
                            continue;
                        }
                        let n = arena.add(off, cause, p);
                        if hit {
                            chains.push(n);
                            break 'walk;
                        }
                        if fresh {
                            to_off.set(off);
                            pend_off.push_back(n);
                        }
                    }
                }
                if !pend_off.is_empty() {
                    depth += 1;
                    if depth > limits.chain {
                        break;
                    }
                }
                while let Some(p) = pend_off.pop_front() {
                    for &(on, cause) in links.of(arena.nodes[p as usize].0) {
                        let fresh = !to_on.has(on);
                        let hit = on.conj() == start
                            && !chains.iter().any(|&c| arena.nodes[c as usize].0 == on);
                        if !fresh && !hit {
                            continue;
                        }
                        let n = arena.add(on, cause, p);
                        if hit {
                            chains.push(n);
                            break 'walk;
                        }
                        if fresh {
                            to_on.set(on);
                            pend_on.push_back(n);
                        }
                    }
                }
            }
        }
    }
    hints_of(grid, arena, cycles, chains, y, x, out);
}

/// The hints of the cycles and chains a walk from one candidate found (their last nodes in
/// `arena`): a cycle's eliminations, a forcing chain's removable candidates or placement.
fn hints_of(
    grid: &Cands,
    arena: &Arena,
    cycles: &[u32],
    chains: &[u32],
    y: bool,
    x: bool,
    out: &mut Vec<Hint>,
) {
    for &c in cycles.iter() {
        if let Some(h) = cycle_hint(grid, &arena.path(c), y, x) {
            out.push(h);
        }
    }
    for &c in chains.iter() {
        let path = arena.path(c);
        let target = path.last().unwrap().0;
        let (removable, placement) = removable_of(grid, target);
        if removable.is_empty() {
            continue;
        }
        let net = Rc::new(Net::linear(&path));
        let t = (path.len() - 1) as u32;
        out.push(Hint::new(
            rule(),
            Kind::Forcing { y, x },
            removable,
            placement,
            vec![Branch { net, target: t }],
        ));
    }
}

/// SE's `createCycleHint`: candidates every "on" node and every "off" node of the cycle see
/// (outside the cycle's cells) go.
fn cycle_hint(grid: &Cands, path: &[(Lit, Cause)], y: bool, x: bool) -> Option<Hint> {
    let cells: CellSet = path[1..]
        .iter()
        .map(|&(l, _)| Cell::from_index(l.cell_index()))
        .collect();
    let mut forw = [CellSet::EMPTY; 9];
    let mut back = [CellSet::EMPTY; 9];
    for &(l, _) in &path[1..] {
        let d = l.digit_index();
        let seen = (Cell::from_index(l.cell_index()).peers() & grid.digit[d]).difference(cells);
        if l.on() {
            forw[d] |= seen;
        } else {
            back[d] |= seen;
        }
    }
    let mut removable = Vec::new();
    for d in 0..9 {
        for c in cells_of(forw[d] & back[d]) {
            removable.push((c as u8, d as u8));
        }
    }
    if removable.is_empty() {
        return None;
    }
    // The reversed cycle: every literal flipped, the links walked the other way.
    let rev: Vec<(Lit, Cause)> = path.iter().rev().map(|&(l, c)| (l.conj(), c)).collect();
    let fwd = Rc::new(Net::linear(path));
    let back_net = Rc::new(Net::linear(&rev));
    let n = (path.len() - 1) as u32;
    let mut h = Hint::new(
        rule(),
        Kind::Cycle { y, x },
        removable,
        None,
        vec![
            Branch {
                net: fwd,
                target: n,
            },
            Branch {
                net: back_net,
                target: n,
            },
        ],
    );
    // SE lists the cells from the reversed start: the cycle's cells after the source, in order.
    let mut cc: Vec<usize> = Vec::new();
    for &(l, _) in &path[1..] {
        if !cc.contains(&l.cell_index()) {
            cc.push(l.cell_index());
        }
    }
    h.cycle_cells = cc;
    let mut order: Vec<(u8, u8)> = Vec::new();
    for &(l, _) in path[1..].iter().rev() {
        if !l.on() {
            continue;
        }
        let d = l.digit_index();
        for c in cells_of(Cell::from_index(l.cell_index()).peers() & forw[d] & back[d]) {
            if !order.contains(&(c as u8, d as u8)) {
                order.push((c as u8, d as u8));
            }
        }
    }
    h.removal_order = order;
    Some(h)
}
