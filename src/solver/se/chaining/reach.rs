//! What the static link graph of a state allows, found once per pass of the `Cycles` producer
//! so its breadth-first walks run only from literals where they can find something.
//!
//! The graph's nodes are the literals of the state's candidates, its edges the links ("on"
//! turns off, "off" turns on). A forcing chain from a literal exists exactly when the literal's
//! negation is reachable from it; a cycle through an "on" literal needs another "on" literal in
//! its strongly connected component (the walk never passes its start twice, and a cycle of
//! length 4 or more turns some other literal on). Components come from Tarjan's algorithm,
//! which finishes every component after the ones it reaches, so the reachable sets are unions
//! over earlier components.

use super::net::on_to_off;
use super::state::{digits_of, static_off_to_on, Cands, Cause, Lit, CAND_LITS};
use std::ops::ControlFlow;

const UNSEEN: u32 = u32::MAX;

/// Per literal: a forcing chain may start here.
pub(super) const FORCING: u8 = 1;
/// Per "on" literal: a cycle may go through it.
pub(super) const CYCLE: u8 = 2;

/// Buffers of the analysis, reused from one pass to the next. Nodes are numbered densely in
/// the order given, so the reachable sets are as small as the state.
#[derive(Default)]
pub(super) struct Reach {
    /// Per literal, [`FORCING`] and [`CYCLE`] bits (0 for literals of no candidate).
    pub(super) flags: Vec<u8>,
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
    /// How many nodes (the first ones) the reachable sets hold.
    bits: usize,
    /// The edges of the "off" literals of a state's graph, before their targets are numbered.
    off_adj: Vec<Lit>,
    off_start: Vec<u32>,
    /// The edges of its "on" literals, as (source, target) nodes, before they are sorted.
    pairs: Vec<(u32, u32)>,
    /// Per "on" literal, where its next edge goes while they are sorted.
    fill: Vec<u32>,
}

/// Which reachable sets an analysis computes.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Sets {
    /// None (only the components and the [`CYCLE`] flags).
    No,
    /// Over every node, with the [`FORCING`] flags.
    Forcing,
    /// Over the first [`Reach::bits`] nodes, without flags.
    Only,
}

impl Reach {
    /// Analyses the graph whose nodes are `nodes` and whose edges from literal `l` are
    /// `succ(l)`, for the literals reachable from those `root` accepts (the others get no
    /// flags); with `forcing`, also which literals reach their negation.
    pub(super) fn analyse<'a>(
        &mut self,
        nodes: impl Iterator<Item = Lit>,
        succ: impl Fn(Lit) -> &'a [(Lit, Cause)],
        root: impl Fn(Lit) -> bool,
        forcing: bool,
    ) {
        self.number(nodes);
        self.adj.clear();
        self.adj_start.clear();
        for &l in &self.lits {
            self.adj_start.push(self.adj.len() as u32);
            self.adj
                .extend(succ(l).iter().map(|&(w, _)| self.id[w.index()]));
        }
        self.adj_start.push(self.adj.len() as u32);
        self.bits = self.lits.len();
        self.solve(root, if forcing { Sets::Forcing } else { Sets::No });
    }

    /// Analyses the full static link graph of a state: an "on" literal turns off the cell's
    /// other values and the value's other positions in its houses, an "off" literal turns on
    /// the last value of its cell and the last position of its value in a house (the links of
    /// the cycle search's passes together).
    ///
    /// Only the literals with links of their own are nodes: every "on" literal, and the "off"
    /// literals of a cell with two values or of a value with two positions in a house (few in
    /// a reduced state; the others, most of the graph, are sinks and lie on no path). The
    /// reachable sets hold the "on" literals only (numbered first): what else a literal
    /// reaches follows from them (see [`super::screen`]).
    pub(super) fn analyse_state(&mut self, grid: &Cands) {
        let cands = || {
            grid.empty_cells()
                .flat_map(|c| digits_of(grid.cell[c]).map(move |d| Lit::new(c, d, true)))
        };
        self.number(cands());
        self.bits = self.lits.len();
        // The "off" literals with links, their edges listed aside until every node has its
        // number.
        self.off_adj.clear();
        self.off_start.clear();
        for on in cands() {
            let off = on.conj();
            let start = self.off_adj.len();
            let off_adj = &mut self.off_adj;
            static_off_to_on(grid, off, true, true, |w, _| off_adj.push(w));
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
            let _ = on_to_off(grid, self.lits[t].conj(), true, |w, _| {
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
        self.solve(|_| true, Sets::Only);
    }

    /// Numbers the nodes densely, in the order given.
    fn number(&mut self, nodes: impl Iterator<Item = Lit>) {
        self.flags.clear();
        self.flags.resize(CAND_LITS, 0);
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

    /// The components and flags of the numbered graph.
    fn solve(&mut self, root: impl Fn(Lit) -> bool, sets: Sets) {
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
        // Literals with no link of their own ("off" literals of no cell or house rule, most
        // of them) are components by themselves, finished before anything that reaches them.
        for v in 0..n {
            if self.adj_start[v] == self.adj_start[v + 1] {
                self.index[v] = next;
                next += 1;
                self.comp[v] = self.comp_start.len() as u32;
                self.comp_start.push(self.members.len() as u32);
                self.members.push(v as u32);
            }
        }
        let root_of = root;
        for root in 0..n as u32 {
            if self.index[root as usize] == UNSEEN && root_of(self.lits[root as usize]) {
                self.tarjan(root, &mut next);
            }
        }
        self.comp_start.push(self.members.len() as u32);
        self.close(sets);
    }

    /// The node of literal `l`, if the last analysis reached it.
    pub(super) fn node(&self, l: Lit) -> Option<u32> {
        let v = *self.id.get(l.index())?;
        (v != UNSEEN && self.index[v as usize] != UNSEEN).then_some(v)
    }

    /// The literal of node `v`.
    pub(super) fn lit(&self, v: u32) -> Lit {
        self.lits[v as usize]
    }

    /// How many words a reachable set takes.
    pub(super) fn words(&self) -> usize {
        self.bits.div_ceil(64)
    }

    /// After [`Reach::analyse_state`], how many "on" literals it numbered (nodes `0..ons`).
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

    /// After [`Reach::analyse_state`] of `grid`: per component, the "off" literals it reaches
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
                    if d != c && self.merged[d] != c as u32 {
                        self.merged[d] = c as u32;
                        let from: &[u64; W] = (&done[d * W..(d + 1) * W])
                            .try_into()
                            .expect("a set is W words");
                        set.iter_mut().zip(from).for_each(|(a, b)| *a |= b);
                    }
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

    /// The flags; with `forcing`, from the nodes reachable from each component (components
    /// in finishing order, so every component it reaches has its set already). The sets are
    /// as wide as the state needs, in a few fixed widths the compiler unrolls.
    fn close(&mut self, sets: Sets) {
        match self.words() {
            0..=4 => self.close_in::<4>(sets),
            5..=8 => self.close_in::<8>(sets),
            9..=12 => self.close_in::<12>(sets),
            _ => self.close_in::<{ CAND_LITS / 64 + 1 }>(sets),
        }
    }

    fn close_in<const W: usize>(&mut self, sets: Sets) {
        let comps = self.comp_start.len() - 1;
        self.stride = W;
        if sets != Sets::No {
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
                    let l = self.lits[m as usize];
                    if l.on() {
                        self.flags[l.index()] |= CYCLE;
                    }
                }
            }
            if sets == Sets::No {
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
                    if d != c && self.merged[d] != c as u32 {
                        self.merged[d] = c as u32;
                        let from: &[u64; W] = (&done[d * W..(d + 1) * W])
                            .try_into()
                            .expect("a set is W words");
                        set.iter_mut().zip(from).for_each(|(a, b)| *a |= b);
                    }
                }
            }
            if sets != Sets::Forcing {
                continue;
            }
            for &m in members {
                let l = self.lits[m as usize];
                let neg = self.id[l.conj().index()];
                if neg != UNSEEN && set[neg as usize / 64] >> (neg % 64) & 1 != 0 {
                    self.flags[l.index()] |= FORCING;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(cell: usize, on: bool) -> Lit {
        Lit::new(cell, 0, on)
    }

    /// Flags of the graph with these edges (nodes: both literals of cells 0..6).
    fn flags(edges: &[(Lit, Lit)]) -> Vec<u8> {
        let mut succ: Vec<Vec<(Lit, Cause)>> = vec![Vec::new(); CAND_LITS];
        for &(a, b) in edges {
            succ[a.index()].push((b, Cause::NakedSingle));
        }
        let nodes = (0..6).flat_map(|c| [lit(c, false), lit(c, true)]);
        let mut r = Reach::default();
        r.analyse(nodes, |l| &succ[l.index()], |_| true, true);
        r.flags
    }

    #[test]
    fn a_literal_reaching_its_negation_may_start_a_forcing_chain() {
        // 0 on -> 1 off -> 0 off; 1 off reaches 0 off, not 1 on.
        let f = flags(&[
            (lit(0, true), lit(1, false)),
            (lit(1, false), lit(0, false)),
        ]);
        assert_eq!(f[lit(0, true).index()] & FORCING, FORCING);
        assert_eq!(f[lit(1, false).index()] & FORCING, 0);
        assert_eq!(f[lit(0, true).index()] & CYCLE, 0);
    }

    #[test]
    fn a_cycle_needs_two_on_literals_in_one_component() {
        // 2 on -> 3 off -> 2 on: a loop with one "on" literal, no cycle of length 4.
        // 0 on -> 1 off -> 4 on -> 5 off -> 0 on: two "on" literals, a cycle.
        let f = flags(&[
            (lit(2, true), lit(3, false)),
            (lit(3, false), lit(2, true)),
            (lit(0, true), lit(1, false)),
            (lit(1, false), lit(4, true)),
            (lit(4, true), lit(5, false)),
            (lit(5, false), lit(0, true)),
        ]);
        assert_eq!(f[lit(2, true).index()] & CYCLE, 0);
        assert_eq!(f[lit(0, true).index()] & CYCLE, CYCLE);
        assert_eq!(f[lit(4, true).index()] & CYCLE, CYCLE);
        assert_eq!(f[lit(0, true).index()] & FORCING, 0);
    }
}
