//! The per-state cache of the step finders: work that several finders, or several calls of
//! one finder, need on the same state is done once.
//!
//! The engine tries its slots in turn on one state, and the all-steps view runs every finder
//! on one state; many of them start from the same analysis of the state. That analysis is kept
//! here, under one key and one invalidation rule:
//!
//! * **Key**: the state, [`StateKey`]: every cell's value and candidates, and the live part
//!   of the two singles queues (the forcing-net tables replay singles in queue order, so they
//!   depend on the queues; the key is the same for every entry). Givens do not take part: no
//!   cached analysis tells a given from a placed digit.
//! * **Rule**: each cache ([`Caches`], a field of the finders' context) holds the entries of one
//!   state. A request for a state with another
//!   key first drops every entry; an entry is then computed on the first request for it and
//!   shared (as an [`Rc`]) by every later request for the same state. Every entry is a pure
//!   function of the state, so a hit answers exactly what computing afresh would.
//!
//! Each kind of entry is its own type (private to the finder that keeps it), which is how
//! entries are told apart; they are:
//! * `templates`: per digit, the candidates no template uses;
//! * `als`: the almost locked sets and their restricted commons;
//! * `chains`: the X-Chain link tables of each digit;
//! * `fish`: the first basic fish of each size and kind, filled in as the fish slots ask;
//! * `tabling`: the implication tables, one per build asked for.
//!
//! Working memory that a finder reuses from one call to the next without answers in it (the
//! tabling pool of table allocations, the ALS chain search's memo, whose entries are stamped
//! per search) is not a cache of answers; it is kept beside the entries, one value per type
//! ([`Caches::memory`]), and outlives a change of state.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::rc::Rc;

use super::Grid;
use crate::domain::{Cell, Digit};

/// What every cached entry depends on: values, candidates and the live singles queues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StateKey {
    values: [u8; 81],
    cands: [u16; 81],
    ns: Vec<(Cell, Digit)>,
    hs: Vec<(Cell, Digit)>,
}

impl StateKey {
    pub(crate) fn of(g: &Grid) -> StateKey {
        let mut cands = [0u16; 81];
        for c in Cell::all() {
            cands[c.index()] = g.candidates(c).bits();
        }
        StateKey {
            values: g.values_array(),
            cands,
            ns: g.naked_single_queue().to_vec(),
            hs: g.hidden_single_queue().to_vec(),
        }
    }
}

/// The entries of one state.
#[derive(Default)]
struct Entries {
    key: Option<StateKey>,
    entries: Vec<(TypeId, Rc<dyn Any>)>,
}

impl Entries {
    /// Makes `key` the current state; returns the entries of the previous state, to be dropped
    /// by the caller once the cache is no longer borrowed (dropping an entry may run code).
    fn enter(&mut self, key: &StateKey) -> Vec<(TypeId, Rc<dyn Any>)> {
        if self.key.as_ref() == Some(key) {
            return Vec::new();
        }
        self.key = Some(key.clone());
        std::mem::take(&mut self.entries)
    }

    fn find<T: Any>(&self) -> Option<Rc<T>> {
        let id = TypeId::of::<T>();
        let (_, e) = self.entries.iter().find(|(t, _)| *t == id)?;
        Rc::clone(e).downcast::<T>().ok()
    }
}

/// The HoDoKu finders' per-state cache and the working memory they keep between calls: a field
/// of the finders' context ([`super::techniques::Context`]), so each context (one per path, one
/// per worker of a batch) has its own and nothing is shared between threads. It takes no part
/// in a context's identity: a clone starts empty, and two contexts compare equal whatever their
/// caches hold.
#[derive(Default)]
pub struct Caches {
    state: RefCell<Entries>,
    /// Working memory kept across states, one value per type ([`Caches::memory`]).
    memory: RefCell<Vec<(TypeId, Rc<dyn Any>)>>,
}

impl Clone for Caches {
    /// A new, empty cache: cached entries are a pure function of the state, so none is lost.
    fn clone(&self) -> Caches {
        Caches::default()
    }
}

impl PartialEq for Caches {
    fn eq(&self, _: &Caches) -> bool {
        true
    }
}

impl Eq for Caches {}

impl std::fmt::Debug for Caches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Caches").finish_non_exhaustive()
    }
}

impl Caches {
    /// The entry of type `T` for the state of `grid`: the one computed for this state in this
    /// cache, else `make()`'s, kept for the next requests. `make` may itself read the cache.
    pub(crate) fn per_state<T: Any>(&self, grid: &Grid, make: impl FnOnce() -> T) -> Rc<T> {
        let key = StateKey::of(grid);
        let (stale, hit) = {
            let mut c = self.state.borrow_mut();
            let stale = c.enter(&key);
            (stale, c.find::<T>())
        };
        drop(stale);
        if let Some(hit) = hit {
            return hit;
        }
        let made = Rc::new(make());
        let stale = {
            let mut c = self.state.borrow_mut();
            // `make` may have asked about another state meanwhile: the rule still holds.
            let stale = c.enter(&key);
            if c.find::<T>().is_none() {
                c.entries
                    .push((TypeId::of::<T>(), Rc::clone(&made) as Rc<dyn Any>));
            }
            stale
        };
        drop(stale);
        made
    }

    /// The working memory of type `T` (made on the first request, then the same value every
    /// time): memory a finder reuses from one call to the next, holding no answers.
    pub(crate) fn memory<T: Any + Default>(&self) -> Rc<T> {
        let id = TypeId::of::<T>();
        let mut m = self.memory.borrow_mut();
        if let Some((_, e)) = m.iter().find(|(t, _)| *t == id) {
            if let Ok(hit) = Rc::clone(e).downcast::<T>() {
                return hit;
            }
        }
        let made = Rc::new(T::default());
        m.push((id, Rc::clone(&made) as Rc<dyn Any>));
        made
    }

    /// Drops every entry of the per-state cache (tests that compare cached answers with fresh
    /// ones).
    #[cfg(test)]
    pub(crate) fn clear(&self) {
        let stale = {
            let mut c = self.state.borrow_mut();
            c.key = None;
            std::mem::take(&mut c.entries)
        };
        drop(stale);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell as Counter;

    struct A(u32);
    struct B(u32);

    #[test]
    fn working_memory_is_one_value_per_type_across_states() {
        let cache = Caches::default();
        let a = cache.memory::<RefCell<Vec<u8>>>();
        a.borrow_mut().push(1);
        let mut h = Grid::new();
        cache.per_state(&h, || A(1));
        h.eliminate(Cell::from_index(0), Digit::new(1).unwrap());
        cache.per_state(&h, || A(2));
        assert_eq!(*cache.memory::<RefCell<Vec<u8>>>().borrow(), vec![1]);
    }

    #[test]
    fn one_entry_per_kind_and_state_dropped_when_the_state_changes() {
        let made = Counter::new(0);
        let make_a = |v| {
            made.set(made.get() + 1);
            A(v)
        };
        let cache = Caches::default();
        let g = Grid::new();
        let a = cache.per_state(&g, || make_a(1));
        assert!(Rc::ptr_eq(&a, &cache.per_state(&g, || make_a(2))));
        assert_eq!(made.get(), 1);
        // Another kind on the same state is its own entry.
        assert_eq!(cache.per_state(&g, || B(7)).0, 7);
        assert_eq!(cache.per_state(&g, || A(3)).0, 1);
        // Another state (one candidate less) drops every entry.
        let mut h = g.clone();
        h.eliminate(Cell::from_index(0), Digit::new(1).unwrap());
        assert_eq!(cache.per_state(&h, || make_a(4)).0, 4);
        assert_eq!(cache.per_state(&h, || B(8)).0, 8);
        assert_eq!(cache.per_state(&g, || B(9)).0, 9);
        // Another cache has entries of its own; a clone starts empty.
        let other = Caches::default();
        assert_eq!(other.per_state(&g, || B(10)).0, 10);
        assert_eq!(cache.clone().per_state(&h, || B(11)).0, 11);
    }
}
