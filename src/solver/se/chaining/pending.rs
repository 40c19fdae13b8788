//! The hints of one multiple, dynamic or Nishio producer call, kept unbuilt until taken.
//!
//! A producer call finds hundreds of hints in a state and SE keeps only the easiest (the path
//! takes the first of the sorted list; the others are dropped by the sort and the
//! deduplication, or never asked for). So a hint found is kept as its kind, its result and its
//! branches (a propagation's start and an entry each), with the complexity, difficulty and sort
//! key SE sorts by; its eliminations and its chains are built only when it is taken, in SE's
//! order. The complexity is counted as [`Hint::new`] counts it, with each entry's ancestor
//! count kept: one entry is the branch of many hints (every double, cell and region hint
//! through it).

use super::hint::{grade, nested_chains, removable_of, se_order, Branch, Hint, Kind};
use super::net::{LitBits, Net};
use super::state::{Cands, Lit, Rule, CAND_LITS};
use crate::solver::hasher::FastBuild;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::rc::Rc;

/// No propagation at this start yet.
const UNSET: u16 = u16::MAX;

/// A hint found, not built.
struct Pending {
    kind: Kind,
    /// The literal it concludes (its eliminations or placement follow from it and the state).
    target: Lit,
    /// Its branches: `branches[start..start + len]`.
    start: u32,
    len: u32,
    complexity: u32,
    difficulty: f64,
    sort_key: u8,
}

/// The hints of one producer call, in its search order, unbuilt.
pub(super) struct Found {
    rule: Rule,
    /// The propagations the hints' branches lie in, each once.
    nets: Vec<Rc<Net>>,
    /// Per start literal, its propagation's place in `nets` (a call runs one per start).
    slot: Vec<u16>,
    /// Per propagation and entry, its ancestor count (0: not counted yet).
    ancestors: Vec<Vec<u32>>,
    /// The branches of all hints: (place in `nets`, target entry).
    branches: Vec<(u16, u32)>,
    hints: Vec<Pending>,
    seen: LitBits,
    stack: Vec<u32>,
}

impl Found {
    pub(super) fn new(rule: Rule) -> Found {
        Found {
            rule,
            nets: Vec::new(),
            slot: vec![UNSET; CAND_LITS],
            ancestors: Vec::new(),
            branches: Vec::new(),
            hints: Vec::new(),
            seen: [0; CAND_LITS / 64 + 1],
            stack: Vec::new(),
        }
    }

    /// A hint concluding `target` in `grid`, its branches each a propagation and the entry of
    /// its target there; none when the conclusion removes nothing (SE's hints remove
    /// something).
    pub(super) fn push<'n>(
        &mut self,
        grid: &Cands,
        kind: Kind,
        target: Lit,
        branches: impl Iterator<Item = (&'n Rc<Net>, u32)>,
    ) {
        if target.on()
            && grid.cell[target.cell_index()]
                .difference(super::state::one_digit(target.digit_index()))
                .is_empty()
        {
            return;
        }
        let start = self.branches.len() as u32;
        let mut complexity = 0;
        let mut nested = false;
        for (net, e) in branches {
            let k = self.place(net);
            complexity += self.ancestors(k, e);
            nested |= !net.nested.is_empty();
            self.branches.push((k, e));
        }
        let len = self.branches.len() as u32 - start;
        if nested {
            let bs = &self.branches[start as usize..];
            complexity += nested_chains(bs.iter().map(|&(k, e)| (&*self.nets[k as usize], e)))
                .iter()
                .map(|h| h.complexity)
                .sum::<u32>();
        }
        let (difficulty, sort_key) = grade(self.rule, &kind, complexity);
        self.hints.push(Pending {
            kind,
            target,
            start,
            len,
            complexity,
            difficulty,
            sort_key,
        });
    }

    /// The place of a propagation in `nets` (its start literal names it in a call).
    fn place(&mut self, net: &Rc<Net>) -> u16 {
        let s = net.lit(0).index();
        if self.slot[s] == UNSET {
            self.slot[s] = self.nets.len() as u16;
            self.nets.push(net.clone());
            self.ancestors.push(vec![0; net.entries.len()]);
        }
        self.slot[s]
    }

    /// SE's ancestor count of entry `e` of the propagation at `k`, counted once.
    fn ancestors(&mut self, k: u16, e: u32) -> u32 {
        let known = self.ancestors[k as usize][e as usize];
        if known != 0 {
            return known;
        }
        let n = self.nets[k as usize].ancestors(e, &mut self.seen, &mut self.stack);
        self.ancestors[k as usize][e as usize] = n;
        n
    }

    /// The hints sorted and deduplicated as SE does (a stable sort by difficulty, complexity
    /// and kind; of hints with the same eliminations the first), each built only when `f`
    /// asks for the next.
    pub(super) fn each(
        self,
        grid: &Cands,
        f: &mut dyn FnMut(Hint) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut order: Vec<u32> = (0..self.hints.len() as u32).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.hints[a as usize], &self.hints[b as usize]);
            se_order(
                (a.difficulty, a.complexity, a.sort_key),
                (b.difficulty, b.complexity, b.sort_key),
            )
        });
        let mut seen: HashSet<_, FastBuild> = HashSet::default();
        for i in order {
            let p = &self.hints[i as usize];
            let (removable, placement) = removable_of(grid, p.target);
            let mut sorted = removable.clone();
            sorted.sort_unstable();
            if !seen.insert(sorted) {
                continue;
            }
            let bs = &self.branches[p.start as usize..(p.start + p.len) as usize];
            let branches = bs
                .iter()
                .map(|&(k, e)| Branch {
                    net: self.nets[k as usize].clone(),
                    target: e,
                })
                .collect();
            f(Hint::graded(
                self.rule,
                p.kind.clone(),
                removable,
                placement,
                branches,
                p.complexity,
            ))?;
        }
        ControlFlow::Continue(())
    }
}
