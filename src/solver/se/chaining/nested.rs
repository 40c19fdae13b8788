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

use super::hint::{Hint, Kind, Rule};
use super::state::{cells_of, digits_of, Cands, Cause, Lit, Region};
use crate::domain::House;
use std::cell::RefCell;
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
    fn of(h: &Hint, state: Rc<Cands>, rule: Rule, index: usize) -> Nested {
        let mut order = h.removal_order.clone();
        super::rules::hash_order(&mut order);
        let offs = order
            .iter()
            .map(|&(c, d)| Lit::new(c as usize, d as usize, false))
            .collect();
        let mut chains = Vec::with_capacity(h.branches.len());
        let mut rules = Vec::new();
        for b in &h.branches {
            let chain = b.net.chain(b.target);
            for &e in &chain {
                let en = &b.net.entries[e as usize];
                if !en.lit.on() {
                    continue;
                }
                // A cell or region hint's assumptions stand for its cell or house rule.
                let cause = match (en.cause, &h.kind) {
                    (Cause::Source, Kind::Cell { .. }) => Cause::NakedSingle,
                    (Cause::Source, Kind::Region { house, .. }) => Cause::Hidden(match house {
                        House::Box(_) => Region::Block,
                        House::Row(_) => Region::Row,
                        House::Col(_) => Region::Column,
                    }),
                    (c, _) => c,
                };
                if matches!(cause, Cause::NakedSingle | Cause::Hidden(_)) {
                    rules.push((en.lit, cause));
                }
            }
            chains.push((b.lit(), chain.iter().map(|&e| b.net.lit(e)).collect()));
        }
        Nested {
            offs,
            complexity: h.complexity,
            chains,
            rules,
            state,
            rule,
            index,
        }
    }

    /// The hint again, with its propagations (the producer runs once more on its state).
    pub(super) fn rebuild(&self) -> Option<Hint> {
        super::raw_hints(&self.state, self.rule, 0)
            .into_iter()
            .nth(self.index)
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
            let (cell, d) = (lit.cell(), lit.digit());
            match cause {
                Cause::NakedSingle => {
                    for v in digits_of(initial.cell[cell] & !current.cell[cell]) {
                        push(Lit::new(cell, v, false));
                    }
                }
                Cause::Hidden(r) => {
                    let hb = r.bits(cell);
                    for c in cells_of(initial.digit[d] & hb & !current.digit[d]) {
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

/// Reduced states kept at most (per thread); past it the cache starts again, so memory stays
/// bounded over any number of puzzles.
const CACHE_MAX: usize = 4096;

thread_local! {
    static CACHE: RefCell<HashMap<(Rule, Cands), List>> = RefCell::new(HashMap::new());
}

/// The hints of the producer `rule` in the state `current`, sorted and deduplicated as SE does.
pub(super) fn hints(current: &Cands, rule: Rule) -> List {
    let key = (rule, current.clone());
    if let Some(l) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return l;
    }
    // Not borrowed while computing: nested producers of level 4 have nested chains themselves.
    let state = Rc::new(current.clone());
    let list: List = Rc::new(
        super::raw_hints(current, rule, 0)
            .iter()
            .enumerate()
            .map(|(i, h)| Rc::new(Nested::of(h, state.clone(), rule, i)))
            .collect(),
    );
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_MAX {
            c.clear();
        }
        c.insert(key, list.clone());
    });
    list
}
