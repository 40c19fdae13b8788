//! Chain hints used inside another propagation (SE's nested chains, levels 2 and more): what
//! the outer propagation needs from each, and the hints of a nested producer per reduced state,
//! kept from one propagation (and one producer call) to the next.
//!
//! A nested producer's hints depend only on the reduced state and the producer, and the
//! propagations of one state (and of the Nested producers tried one after the other on it) end
//! in the same reduced states again and again. A hint is kept as a [`Nested`]: its
//! eliminations, its complexity, the literals of its chains (SE's `FullChain` identity) and the
//! literals its cell and house rules made, which give its rule parents in any outer state; it
//! holds none of its propagations, so a kept list is small.

use super::state::{cells_of, digits_of, region_cells, Cands, Cause, Lit, Rule};
use super::Scratch;
use crate::solver::hasher::FastBuild;
use std::collections::HashMap;
use std::rc::Rc;

/// A nested chain hint, as the outer propagation uses it.
#[derive(Debug)]
pub(super) struct Nested {
    /// Its eliminations as "off" literals, in the order SE's `HashMap` gives them.
    pub(super) offs: Vec<Lit>,
    /// Its complexity (nested chains of its own included).
    pub(super) complexity: u32,
    /// Per chain, its target and its literals in SE's `getChain` order.
    chains: Vec<(Lit, Vec<Lit>)>,
    /// The "on" literals of its chains that a cell or a house rule made, in chain order.
    rules: Vec<(Lit, Cause)>,
    /// Where it was found: the reduced state, the producer and its place in the producer's
    /// hints, to rebuild it with its chains for an explanation.
    state: Rc<Cands>,
    rule: Rule,
    index: usize,
}

impl Nested {
    /// A nested hint: its eliminations (in SE's order), complexity, chains and rule-made
    /// literals, and where it was found (the state, the producer, its place in the producer's
    /// hints), to find it again with its propagations for an explanation.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        offs: Vec<Lit>,
        complexity: u32,
        chains: Vec<(Lit, Vec<Lit>)>,
        rules: Vec<(Lit, Cause)>,
        state: Rc<Cands>,
        rule: Rule,
        index: usize,
    ) -> Nested {
        Nested {
            offs,
            complexity,
            chains,
            rules,
            state,
            rule,
            index,
        }
    }

    /// Where it was found: the reduced state, the producer and its place in the producer's
    /// hints.
    pub(super) fn origin(&self) -> (&Cands, Rule, usize) {
        (&self.state, self.rule, self.index)
    }

    /// Whether its producer's chains are dynamic.
    pub(super) fn dynamic(&self) -> bool {
        self.rule.dynamic
    }

    /// SE's `FullChain.equals`: the same targets, and the same literals along each chain.
    pub(super) fn same_chains(&self, o: &Nested) -> bool {
        self.chains == o.chains
    }

    /// SE's `getRuleParents`: the candidates removed between `initial` and `current` that the
    /// hint's cell and house rules rely on.
    pub(super) fn rule_parents(&self, initial: &Cands, current: &Cands) -> Vec<Lit> {
        let mut out: Vec<Lit> = Vec::new();
        let mut push = |l: Lit| {
            if !out.contains(&l) {
                out.push(l);
            }
        };
        for &(lit, cause) in &self.rules {
            let (cell, d) = (lit.cell_index(), lit.digit_index());
            match cause {
                Cause::NakedSingle => {
                    for v in digits_of(initial.cell[cell].difference(current.cell[cell])) {
                        push(Lit::new(cell, v, false));
                    }
                }
                Cause::Hidden(r) => {
                    let hb = region_cells(r, cell);
                    for c in cells_of((initial.digit[d] & hb).difference(current.digit[d])) {
                        push(Lit::new(c, d, false));
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// The hints of one nested producer in one state.
pub(super) type List = Rc<Vec<Rc<Nested>>>;

/// Reduced states kept at most per generation (per context): when the newer generation is full
/// it becomes the older one and the older one is dropped, so memory stays bounded over any
/// number of puzzles while the states met lately stay at hand.
const CACHE_MAX: usize = 4096;

/// The nested producers' hints per (producer, reduced state), a field of the engine's
/// [`Scratch`]: shared by every producer call and every state of a path.
#[derive(Default)]
pub(super) struct Cache {
    new: HashMap<(Rule, Cands), List, FastBuild>,
    old: HashMap<(Rule, Cands), List, FastBuild>,
}

impl Cache {
    /// The reduced states kept.
    pub(super) fn len(&self) -> usize {
        self.new.len() + self.old.len()
    }

    /// The states kept, with their producers.
    #[cfg(test)]
    pub(super) fn keys(&self) -> impl Iterator<Item = &(Rule, Cands)> {
        self.new.keys().chain(self.old.keys())
    }

    fn get(&mut self, key: &(Rule, Cands)) -> Option<List> {
        if let Some(l) = self.new.get(key) {
            return Some(l.clone());
        }
        let (k, l) = self.old.remove_entry(key)?;
        self.insert(k, l.clone());
        Some(l)
    }

    fn insert(&mut self, key: (Rule, Cands), list: List) {
        if self.new.len() >= CACHE_MAX {
            // The older generation's table, emptied, takes the newer states: it keeps its
            // capacity, so a full generation is never grown (and moved) again.
            std::mem::swap(&mut self.old, &mut self.new);
            self.new.clear();
        }
        self.new.insert(key, list);
    }
}

/// The hints of the producer `rule` in the state `current`, sorted and deduplicated as SE does.
pub(super) fn hints(scratch: &Scratch, current: &Cands, rule: Rule) -> List {
    let key = (rule, current.clone());
    if let Some(l) = scratch.nested.borrow_mut().get(&key) {
        return l;
    }
    // Not borrowed while computing: nested producers of level 4 have nested chains themselves.
    let state = Rc::new(current.clone());
    let list: List = Rc::new(
        super::raw_hints(scratch, current, rule, 0)
            .iter()
            .enumerate()
            .map(|(i, h)| Rc::new(h.to_nested(state.clone(), rule, i)))
            .collect(),
    );
    scratch.nested.borrow_mut().insert(key, list.clone());
    list
}
