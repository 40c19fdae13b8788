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

use super::state::{Cause, Lit, LITS};

const WORDS: usize = LITS / 64 + 1;
const UNSEEN: u32 = u32::MAX;

/// Per literal: a forcing chain may start here.
pub(super) const FORCING: u8 = 1;
/// Per "on" literal: a cycle may go through it.
pub(super) const CYCLE: u8 = 2;

/// Buffers of the analysis, reused from one pass to the next.
#[derive(Default)]
pub(super) struct Reach {
    /// Per literal, [`FORCING`] and [`CYCLE`] bits (0 for literals of no candidate).
    pub(super) flags: Vec<u8>,
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<u16>,
    on_stack: Vec<bool>,
    calls: Vec<(u16, u32)>,
    /// Members of each component, component after component.
    members: Vec<u16>,
    comp_start: Vec<u32>,
    sets: Vec<u64>,
}

impl Reach {
    /// Analyses the graph whose nodes are `nodes` and whose edges from literal `l` are
    /// `succ(l)`.
    pub(super) fn analyse<'a>(
        &mut self,
        nodes: impl Iterator<Item = Lit>,
        succ: impl Fn(Lit) -> &'a [(Lit, Cause)],
    ) {
        self.flags.clear();
        self.flags.resize(LITS, 0);
        self.index.clear();
        self.index.resize(LITS, UNSEEN);
        self.low.clear();
        self.low.resize(LITS, 0);
        self.comp.clear();
        self.comp.resize(LITS, UNSEEN);
        self.on_stack.clear();
        self.on_stack.resize(LITS, false);
        self.stack.clear();
        self.members.clear();
        self.comp_start.clear();
        let mut next = 0u32;
        for root in nodes {
            if self.index[root.idx()] == UNSEEN {
                self.tarjan(root, &succ, &mut next);
            }
        }
        self.comp_start.push(self.members.len() as u32);
        self.close(&succ);
    }

    /// Tarjan's algorithm from `root`, iteratively (components can be long).
    fn tarjan<'a>(&mut self, root: Lit, succ: &impl Fn(Lit) -> &'a [(Lit, Cause)], next: &mut u32) {
        self.calls.clear();
        self.enter(root.0, next);
        while let Some(&(v, pos)) = self.calls.last() {
            if let Some(&(w, _)) = succ(Lit(v)).get(pos as usize) {
                if let Some(top) = self.calls.last_mut() {
                    top.1 += 1;
                }
                let w = w.idx();
                if self.index[w] == UNSEEN {
                    self.enter(w as u16, next);
                } else if self.on_stack[w] {
                    let v = v as usize;
                    self.low[v] = self.low[v].min(self.index[w]);
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

    fn enter(&mut self, v: u16, next: &mut u32) {
        let vi = v as usize;
        self.index[vi] = *next;
        self.low[vi] = *next;
        *next += 1;
        self.stack.push(v);
        self.on_stack[vi] = true;
        self.calls.push((v, 0));
    }

    /// The literals reachable from each component (components in finishing order), and the
    /// flags.
    fn close<'a>(&mut self, succ: &impl Fn(Lit) -> &'a [(Lit, Cause)]) {
        let n = self.comp_start.len() - 1;
        self.sets.clear();
        self.sets.resize(n * WORDS, 0);
        for c in 0..n {
            let (lo, hi) = (self.comp_start[c] as usize, self.comp_start[c + 1] as usize);
            let (done, rest) = self.sets.split_at_mut(c * WORDS);
            let set = &mut rest[..WORDS];
            let mut on = 0;
            for &m in &self.members[lo..hi] {
                set[m as usize / 64] |= 1 << (m % 64);
                on += (m & 1) as u32;
                for &(w, _) in succ(Lit(m)) {
                    let d = self.comp[w.idx()] as usize;
                    if d != c {
                        let from = &done[d * WORDS..(d + 1) * WORDS];
                        set.iter_mut().zip(from).for_each(|(a, b)| *a |= b);
                    }
                }
            }
            for &m in &self.members[lo..hi] {
                let neg = Lit(m).conj().idx();
                let mut f = 0;
                if set[neg / 64] >> (neg % 64) & 1 != 0 {
                    f |= FORCING;
                }
                if m & 1 != 0 && on > 1 {
                    f |= CYCLE;
                }
                self.flags[m as usize] = f;
            }
        }
    }
}
