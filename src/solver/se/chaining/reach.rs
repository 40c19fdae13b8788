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
    /// Words per component in `sets` (at least [`Reach::words`]).
    stride: usize,
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
        self.solve(root, forcing);
    }

    /// Analyses the full static link graph of a state, with `forcing`: both literals of every
    /// candidate; an "on" literal turns off the cell's other values and the value's other
    /// positions in its houses, an "off" literal turns on the last value of its cell and the
    /// last position of its value in a house (the links of the cycle search's passes together).
    pub(super) fn analyse_state(&mut self, grid: &Cands) {
        self.number(grid.empty_cells().flat_map(|c| {
            digits_of(grid.cell[c]).flat_map(move |d| [Lit::new(c, d, false), Lit::new(c, d, true)])
        }));
        self.adj.clear();
        self.adj_start.clear();
        let (adj, id) = (&mut self.adj, &self.id);
        for &l in &self.lits {
            self.adj_start.push(adj.len() as u32);
            let mut link = |w: Lit, _| adj.push(id[w.index()]);
            if l.on() {
                let _ = on_to_off(grid, l, true, |w, c| {
                    link(w, c);
                    ControlFlow::Continue(())
                });
            } else {
                static_off_to_on(grid, l, true, true, link);
            }
        }
        self.adj_start.push(self.adj.len() as u32);
        self.solve(|_| true, true);
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
    fn solve(&mut self, root: impl Fn(Lit) -> bool, forcing: bool) {
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
        self.close(forcing);
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

    /// How many words a set of nodes takes.
    pub(super) fn words(&self) -> usize {
        self.lits.len().div_ceil(64)
    }

    /// The nodes reachable from node `v` (itself included), one bit each; the last analysis
    /// must have been made with `forcing` and have reached `v`.
    pub(super) fn reachable(&self, v: u32) -> &[u64] {
        let (w, c) = (self.stride, self.comp[v as usize] as usize);
        &self.sets[c * w..c * w + self.words()]
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
    fn close(&mut self, forcing: bool) {
        match self.words() {
            0..=4 => self.close_in::<4>(forcing),
            5..=8 => self.close_in::<8>(forcing),
            9..=12 => self.close_in::<12>(forcing),
            _ => self.close_in::<{ CAND_LITS / 64 + 1 }>(forcing),
        }
    }

    fn close_in<const W: usize>(&mut self, forcing: bool) {
        let comps = self.comp_start.len() - 1;
        self.stride = W;
        if forcing {
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
            if !forcing {
                continue;
            }
            let (done, rest) = self.sets.split_at_mut(c * W);
            let set: &mut [u64; W] = (&mut rest[..W]).try_into().expect("a set is W words");
            for &m in members {
                set[m as usize / 64] |= 1 << (m % 64);
                let edges = self.adj_start[m as usize]..self.adj_start[m as usize + 1];
                for &w in &self.adj[edges.start as usize..edges.end as usize] {
                    if self.adj_start[w as usize] == self.adj_start[w as usize + 1] {
                        // A literal with no link: its set is itself.
                        set[w as usize / 64] |= 1 << (w % 64);
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
