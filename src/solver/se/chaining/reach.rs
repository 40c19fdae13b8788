//! What the static link graph of a state allows, found once per state for the static
//! producers' screen and once per pass of the `Cycles` producer, so its breadth-first walks run
//! only from literals where they can find something.
//!
//! The graph's nodes are the literals of the state's candidates, its edges the links ("on"
//! turns off, "off" turns on). A forcing chain from a literal exists exactly when the literal's
//! negation is reachable from it; a cycle through an "on" literal needs another "on" literal in
//! its strongly connected component (the walk never passes its start twice, and a cycle of
//! length 4 or more turns some other literal on). Components come from Tarjan's algorithm,
//! which finishes every component after the ones it reaches, so the reachable sets are unions
//! over earlier components.
//!
//! Every link has its mirror image: `a` turns `b` off exactly when `b` turns `a` off, `a` off
//! turns `b` on exactly when `b` off turns `a` on (for the cell links, the house links and
//! both). Most "off" literals of a reduced state have no link of their own; they lie on no
//! path, so they are left out of the graph, and what reaches them is told from the "on"
//! literals that turn them off. The reachable sets hold the "on" literals only.

use super::net::{on_to_off, turns_off};
use super::state::{digits_of, static_off_to_on, Cands, Lit, CAND_LITS};
use std::ops::ControlFlow;

const UNSEEN: u32 = u32::MAX;

/// Buffers of the analysis, reused from one pass to the next. Nodes are numbered densely, so
/// the reachable sets are as small as the state.
#[derive(Default)]
pub(super) struct Reach {
    /// Per "on" literal, whether a cycle may go through it (another "on" literal in its
    /// component).
    cycle: Vec<bool>,
    /// Whether the "on" literals of the last analysis have their cell links (Y; their house
    /// links always).
    y: bool,
    /// Node number of each literal.
    id: Vec<u32>,
    /// Literal of each node.
    lits: Vec<Lit>,
    /// The edges between node numbers: node `v`'s are `adj[adj_start[v]..adj_start[v + 1]]`.
    adj: Vec<u32>,
    adj_start: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<u32>,
    on_stack: Vec<bool>,
    calls: Vec<(u32, u32)>,
    /// Members of each component, component after component.
    members: Vec<u32>,
    comp_start: Vec<u32>,
    /// Per component, the last component whose set was merged into it.
    merged: Vec<u32>,
    sets: Vec<u64>,
    /// Per component, with the sets over "on" literals: the candidates whose "off" literals
    /// it reaches, each at its "on" literal's bit ([`Reach::close_off`]).
    off_sets: Vec<u64>,
    /// Words per component in `sets` (at least [`Reach::words`]).
    stride: usize,
    /// How many nodes the reachable sets hold: the "on" literals, numbered first.
    bits: usize,
    /// The edges of the "off" literals of a state's graph, before their targets are numbered.
    off_adj: Vec<Lit>,
    off_start: Vec<u32>,
    /// The edges of its "on" literals, as (source, target) nodes, before they are sorted.
    pairs: Vec<(u32, u32)>,
    /// Per "on" literal, where its next edge goes while they are sorted.
    fill: Vec<u32>,
}

impl Reach {
    /// Analyses the static link graph of a state with the links of a pass of the cycle search
    /// (`y` cell links, `x` house links; both for the screen): an "on" literal turns off the
    /// value's other positions in its houses (and with `y` the cell's other values), an "off"
    /// literal turns on the last value of its cell (with `y`) and the last position of its value
    /// in a house (with `x`). With `sets`, also the reachable sets.
    ///
    /// Only the literals with links of their own are nodes: every "on" literal, and the "off"
    /// literals of a cell with two values or of a value with two positions in a house.
    pub(super) fn analyse(&mut self, grid: &Cands, y: bool, x: bool, sets: bool) {
        let cands = || {
            grid.empty_cells()
                .flat_map(|c| digits_of(grid.cell[c]).map(move |d| Lit::new(c, d, true)))
        };
        self.number(cands());
        self.bits = self.lits.len();
        self.y = y;
        // The "off" literals with links, their edges listed aside until every node has its
        // number.
        self.off_adj.clear();
        self.off_start.clear();
        for on in cands() {
            let off = on.conj();
            let start = self.off_adj.len();
            let off_adj = &mut self.off_adj;
            static_off_to_on(grid, off, y, x, |w, _| off_adj.push(w));
            if self.off_adj.len() > start {
                self.off_start.push(start as u32);
                self.id[off.index()] = self.lits.len() as u32;
                self.lits.push(off);
            }
        }
        self.off_start.push(self.off_adj.len() as u32);
        // The "on" literals' edges, found from their targets: `x` turns `y` off exactly when
        // `y` turns `x` off, so what turns an "off" literal with links on is what it turns off,
        // on.
        let ons = self.bits;
        self.pairs.clear();
        for t in ons..self.lits.len() {
            let (pairs, id) = (&mut self.pairs, &self.id);
            let _ = on_to_off(grid, self.lits[t].conj(), y, |w, _| {
                pairs.push((id[w.conj().index()], t as u32));
                ControlFlow::Continue(())
            });
        }
        // Listed per source (a counting sort), then the "off" literals' own edges.
        self.adj_start.clear();
        self.adj_start.resize(ons + 1, 0);
        for &(v, _) in &self.pairs {
            self.adj_start[v as usize + 1] += 1;
        }
        for v in 0..ons {
            self.adj_start[v + 1] += self.adj_start[v];
        }
        self.adj.clear();
        self.adj.resize(self.pairs.len(), 0);
        self.fill.clear();
        self.fill.extend_from_slice(&self.adj_start[..ons]);
        for &(v, t) in &self.pairs {
            self.adj[self.fill[v as usize] as usize] = t;
            self.fill[v as usize] += 1;
        }
        for k in 0..self.off_start.len() - 1 {
            let (lo, hi) = (self.off_start[k] as usize, self.off_start[k + 1] as usize);
            let id = &self.id;
            self.adj
                .extend(self.off_adj[lo..hi].iter().map(|w| id[w.index()]));
            self.adj_start.push(self.adj.len() as u32);
        }
        self.solve(sets);
    }

    /// Numbers the nodes densely, in the order given.
    fn number(&mut self, nodes: impl Iterator<Item = Lit>) {
        self.id.resize(CAND_LITS, UNSEEN);
        for &l in &self.lits {
            self.id[l.index()] = UNSEEN;
        }
        self.lits.clear();
        for l in nodes {
            self.id[l.index()] = self.lits.len() as u32;
            self.lits.push(l);
        }
    }

    /// The components of the numbered graph, which literals a cycle may go through, and with
    /// `sets` the reachable sets.
    fn solve(&mut self, sets: bool) {
        let n = self.lits.len();
        self.index.clear();
        self.index.resize(n, UNSEEN);
        self.low.clear();
        self.low.resize(n, 0);
        self.comp.clear();
        self.comp.resize(n, UNSEEN);
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        self.stack.clear();
        self.members.clear();
        self.comp_start.clear();
        let mut next = 0u32;
        // Literals with no link of their own are components by themselves, finished before
        // anything that reaches them.
        for v in 0..n {
            if self.adj_start[v] == self.adj_start[v + 1] {
                self.index[v] = next;
                next += 1;
                self.comp[v] = self.comp_start.len() as u32;
                self.comp_start.push(self.members.len() as u32);
                self.members.push(v as u32);
            }
        }
        for root in 0..n as u32 {
            if self.index[root as usize] == UNSEEN {
                self.tarjan(root, &mut next);
            }
        }
        self.comp_start.push(self.members.len() as u32);
        self.close(sets);
    }

    /// The node of literal `l`, if it is one.
    pub(super) fn node(&self, l: Lit) -> Option<u32> {
        let v = *self.id.get(l.index())?;
        (v != UNSEEN).then_some(v)
    }

    /// Whether a cycle may go through "on" literal `l`: another "on" literal lies in its
    /// component.
    pub(super) fn cycle(&self, l: Lit) -> bool {
        self.node(l).is_some_and(|v| self.cycle[v as usize])
    }

    /// Whether literal `l` reaches its negation (a forcing chain may start there); the last
    /// analysis must have computed the sets.
    ///
    /// An "on" literal reaches its "off" literal exactly when it reaches an "on" literal that
    /// turns it off, which is one it turns off (a reachable set holds a few literals, a
    /// candidate turns off a dozen). An "off" literal reaches its "on" literal in the sets.
    pub(super) fn forcing(&self, l: Lit) -> bool {
        let Some(v) = self.node(l) else {
            return false;
        };
        if l.on() {
            // Without links of its own, it reaches nothing but itself.
            self.linked(v) && nodes_of(self.reachable(v)).any(|w| self.turns_off(l, self.lit(w)))
        } else {
            self.holds(self.reachable(v), l.conj())
        }
    }

    /// Whether "on" literal `a` turns candidate `b` off in the last analysis's links
    /// ([`turns_off`]).
    pub(super) fn turns_off(&self, a: Lit, b: Lit) -> bool {
        turns_off(self.y, a, b)
    }

    /// The literal of node `v`.
    pub(super) fn lit(&self, v: u32) -> Lit {
        self.lits[v as usize]
    }

    /// How many words a reachable set takes.
    pub(super) fn words(&self) -> usize {
        self.bits.div_ceil(64)
    }

    /// How many "on" literals the last analysis numbered (nodes `0..ons`).
    pub(super) fn ons(&self) -> u32 {
        self.bits as u32
    }

    /// Whether node `v` has links of its own (without, it reaches only itself).
    pub(super) fn linked(&self, v: u32) -> bool {
        self.adj_start[v as usize] != self.adj_start[v as usize + 1]
    }

    /// Whether `set` (a reachable set) holds literal `l`.
    pub(super) fn holds(&self, set: &[u64], l: Lit) -> bool {
        let v = self.id[l.index()] as usize;
        v < self.bits && set[v / 64] >> (v % 64) & 1 != 0
    }

    /// The nodes reachable from node `v` (itself included) among those the sets hold, one bit
    /// each; the last analysis must have computed sets and have reached `v`.
    pub(super) fn reachable(&self, v: u32) -> &[u64] {
        let (w, c) = (self.stride, self.comp[v as usize] as usize);
        &self.sets[c * w..c * w + self.words()]
    }

    /// The candidates whose "off" literals node `v` reaches, each at its "on" literal's bit;
    /// [`Reach::close_off`] must have run after the last analysis.
    pub(super) fn turned_off(&self, v: u32) -> &[u64] {
        let (w, c) = (self.stride, self.comp[v as usize] as usize);
        &self.off_sets[c * w..c * w + self.words()]
    }

    /// After [`Reach::analyse`] of `grid` with cell links: per component, the "off" literals it reaches
    /// (every one of them, with links or not), from the "on" literals it reaches: an "off"
    /// literal is reached exactly when an "on" literal that turns it off is.
    pub(super) fn close_off(&mut self, grid: &Cands) {
        match self.stride {
            4 => self.close_off_in::<4>(grid),
            8 => self.close_off_in::<8>(grid),
            12 => self.close_off_in::<12>(grid),
            _ => self.close_off_in::<{ CAND_LITS / 64 + 1 }>(grid),
        }
    }

    fn close_off_in<const W: usize>(&mut self, grid: &Cands) {
        let comps = self.comp_start.len() - 1;
        self.off_sets.clear();
        self.off_sets.resize(comps * W, 0);
        self.merged.clear();
        self.merged.resize(comps, UNSEEN);
        for c in 0..comps {
            let (done, rest) = self.off_sets.split_at_mut(c * W);
            let set: &mut [u64; W] = (&mut rest[..W]).try_into().expect("a set is W words");
            let (lo, hi) = (self.comp_start[c] as usize, self.comp_start[c + 1] as usize);
            for &m in &self.members[lo..hi] {
                let l = self.lits[m as usize];
                if l.on() {
                    let id = &self.id;
                    let _ = on_to_off(grid, l, true, |w, _| {
                        let v = id[w.conj().index()];
                        set[v as usize / 64] |= 1 << (v % 64);
                        ControlFlow::Continue(())
                    });
                }
                let edges = self.adj_start[m as usize]..self.adj_start[m as usize + 1];
                for &w in &self.adj[edges.start as usize..edges.end as usize] {
                    let d = self.comp[w as usize] as usize;
                    merge(set, done, &mut self.merged, c, d);
                }
            }
        }
    }

    /// The strongly connected components the last analysis found, each as its nodes.
    pub(super) fn components(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.comp_start
            .windows(2)
            .map(|w| &self.members[w[0] as usize..w[1] as usize])
    }

    /// Tarjan's algorithm from `root`, iteratively (components can be long).
    fn tarjan(&mut self, root: u32, next: &mut u32) {
        self.calls.clear();
        self.enter(root, next);
        while let Some(&(v, pos)) = self.calls.last() {
            if pos < self.adj_start[v as usize + 1] {
                if let Some(top) = self.calls.last_mut() {
                    top.1 += 1;
                }
                let w = self.adj[pos as usize];
                let wi = w as usize;
                if self.index[wi] == UNSEEN {
                    self.enter(w, next);
                } else if self.on_stack[wi] {
                    let v = v as usize;
                    self.low[v] = self.low[v].min(self.index[wi]);
                }
                continue;
            }
            self.calls.pop();
            let vi = v as usize;
            if let Some(&(u, _)) = self.calls.last() {
                let u = u as usize;
                self.low[u] = self.low[u].min(self.low[vi]);
            }
            if self.low[vi] == self.index[vi] {
                let c = self.comp_start.len() as u32;
                self.comp_start.push(self.members.len() as u32);
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w as usize] = false;
                    self.comp[w as usize] = c;
                    self.members.push(w);
                    if w == v {
                        break;
                    }
                }
            }
        }
    }

    fn enter(&mut self, v: u32, next: &mut u32) {
        let vi = v as usize;
        self.index[vi] = *next;
        self.low[vi] = *next;
        *next += 1;
        self.stack.push(v);
        self.on_stack[vi] = true;
        self.calls.push((v, self.adj_start[vi]));
    }

    /// Which literals a cycle may go through; with `sets`, the nodes reachable from each
    /// component (components in finishing order, so every component it reaches has its set
    /// already). The sets are as wide as the state needs, in a few fixed widths the compiler
    /// unrolls.
    fn close(&mut self, sets: bool) {
        match self.words() {
            0..=4 => self.close_in::<4>(sets),
            5..=8 => self.close_in::<8>(sets),
            9..=12 => self.close_in::<12>(sets),
            _ => self.close_in::<{ CAND_LITS / 64 + 1 }>(sets),
        }
    }

    fn close_in<const W: usize>(&mut self, sets: bool) {
        let comps = self.comp_start.len() - 1;
        self.stride = W;
        self.cycle.clear();
        self.cycle.resize(self.lits.len(), false);
        if sets {
            self.sets.clear();
            self.sets.resize(comps * W, 0);
            self.merged.clear();
            self.merged.resize(comps, UNSEEN);
        }
        for c in 0..comps {
            let (lo, hi) = (self.comp_start[c] as usize, self.comp_start[c + 1] as usize);
            let members = &self.members[lo..hi];
            let on = members
                .iter()
                .filter(|&&m| self.lits[m as usize].on())
                .count();
            if on > 1 {
                for &m in members {
                    self.cycle[m as usize] = self.lits[m as usize].on();
                }
            }
            if !sets {
                continue;
            }
            let (done, rest) = self.sets.split_at_mut(c * W);
            let set: &mut [u64; W] = (&mut rest[..W]).try_into().expect("a set is W words");
            for &m in members {
                if (m as usize) < self.bits {
                    set[m as usize / 64] |= 1 << (m % 64);
                }
                let edges = self.adj_start[m as usize]..self.adj_start[m as usize + 1];
                for &w in &self.adj[edges.start as usize..edges.end as usize] {
                    if self.adj_start[w as usize] == self.adj_start[w as usize + 1] {
                        // A literal with no link: its set is itself.
                        if (w as usize) < self.bits {
                            set[w as usize / 64] |= 1 << (w % 64);
                        }
                        continue;
                    }
                    let d = self.comp[w as usize] as usize;
                    merge(set, done, &mut self.merged, c, d);
                }
            }
        }
    }
}

/// Merges the set of component `d` (one of the components finished before `c`, whose sets are
/// `done`) into `set`, component `c`'s, unless `d` is `c` or was merged into it already.
#[inline]
fn merge<const W: usize>(set: &mut [u64; W], done: &[u64], merged: &mut [u32], c: usize, d: usize) {
    if d != c && merged[d] != c as u32 {
        merged[d] = c as u32;
        let from: &[u64; W] = (&done[d * W..(d + 1) * W])
            .try_into()
            .expect("a set is W words");
        set.iter_mut().zip(from).for_each(|(a, b)| *a |= b);
    }
}

/// The nodes of a set.
pub(super) fn nodes_of(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            let b = w.trailing_zeros();
            w &= w.wrapping_sub(1);
            (b < 64).then_some(i as u32 * 64 + b)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;
    use crate::solver::Grid;

    /// What literal `l` reaches in the pass's full graph (every literal of every candidate),
    /// by a plain search.
    fn reached(grid: &Cands, l: Lit, y: bool, x: bool) -> Vec<bool> {
        let mut seen = vec![false; CAND_LITS];
        let mut todo = vec![l];
        seen[l.index()] = true;
        while let Some(a) = todo.pop() {
            let mut next = Vec::new();
            if a.on() {
                let _ = on_to_off(grid, a, y, |w, _| {
                    next.push(w);
                    ControlFlow::Continue(())
                });
            } else {
                static_off_to_on(grid, a, y, x, |w, _| next.push(w));
            }
            for w in next {
                if !std::mem::replace(&mut seen[w.index()], true) {
                    todo.push(w);
                }
            }
        }
        seen
    }

    /// The test of one pair and the enumeration of a literal's "off" targets are one rule:
    /// for every "on" literal of a state, with and without cell links, the candidates it turns
    /// off are exactly those the test accepts.
    #[test]
    fn turns_off_tells_what_on_to_off_lists() {
        let board = codec::decode_any(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        )
        .unwrap()
        .board;
        let grid = Cands::from_grid(&Grid::from_board(&board));
        let cands: Vec<Lit> = grid
            .empty_cells()
            .flat_map(|c| digits_of(grid.cell[c]).map(move |d| Lit::new(c, d, true)))
            .collect();
        let mut pairs = 0;
        for y in [false, true] {
            for &a in &cands {
                let mut listed = Vec::new();
                let _ = on_to_off(&grid, a, y, |w, _| {
                    listed.push(w.conj());
                    ControlFlow::Continue(())
                });
                let told: Vec<Lit> = cands
                    .iter()
                    .copied()
                    .filter(|&b| turns_off(y, a, b))
                    .collect();
                listed.sort_by_key(|l| l.index());
                assert_eq!(listed, told, "{a:?} y={y}");
                pairs += told.len();
            }
        }
        assert!(pairs > 1000, "{pairs} pairs");
    }

    /// On a puzzle's state and on reduced ones, in every pass: a literal is told forcing
    /// exactly when it reaches its negation, an "on" literal may be on a cycle exactly when
    /// another "on" literal lies in its component, and (with both kinds of links) the sets
    /// of what an "on" literal reaches are the literals it reaches.
    #[test]
    fn the_analysis_tells_what_a_plain_search_finds() {
        let board = codec::decode_any(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        )
        .unwrap()
        .board;
        let mut grid = Cands::from_grid(&Grid::from_board(&board));
        let mut reach = Reach::default();
        let mut checked = [0; 2];
        for round in 0..6 {
            // Fewer candidates each round: more cells with two values, more bilocal values.
            for c in grid.empty_cells().collect::<Vec<_>>() {
                if grid.count(c) > 2 && (c + round) % 3 == 0 {
                    let d = digits_of(grid.cell[c]).nth(round % 2).unwrap();
                    grid.remove(c, d);
                }
            }
            for (y, x) in [(false, true), (true, false), (true, true)] {
                reach.analyse(&grid, y, x, true);
                if y && x {
                    reach.close_off(&grid);
                }
                let lits: Vec<Lit> = grid
                    .empty_cells()
                    .flat_map(|c| digits_of(grid.cell[c]).map(move |d| Lit::new(c, d, true)))
                    .flat_map(|l| [l, l.conj()])
                    .collect();
                let all: Vec<Vec<bool>> = lits.iter().map(|&l| reached(&grid, l, y, x)).collect();
                for (i, &l) in lits.iter().enumerate() {
                    let forcing = all[i][l.conj().index()];
                    assert_eq!(reach.forcing(l), forcing, "{l:?} {y} {x}");
                    checked[usize::from(forcing)] += 1;
                    if !l.on() {
                        continue;
                    }
                    let cycle = lits
                        .iter()
                        .enumerate()
                        .any(|(j, &m)| m.on() && m != l && all[i][m.index()] && all[j][l.index()]);
                    assert_eq!(reach.cycle(l), cycle, "{l:?} {y} {x}");
                    if !(y && x) {
                        continue;
                    }
                    let v = reach.node(l).unwrap();
                    for (j, &m) in lits.iter().enumerate().filter(|(_, m)| m.on()) {
                        let on = reach.holds(reach.reachable(v), m);
                        let off = reach.holds(reach.turned_off(v), m);
                        assert_eq!(on, all[i][m.index()], "{l:?} {m:?}");
                        assert_eq!(off, all[i][m.conj().index()], "{l:?} {m:?} {j}");
                    }
                }
            }
        }
        assert!(checked[0] > 100 && checked[1] > 10, "{checked:?}");
    }
}
