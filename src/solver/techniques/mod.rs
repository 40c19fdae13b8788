//! The step finders, one module per technique family. The engine walks the slots of the one
//! technique table ([`crate::solver::technique::SLOTS`]) in HoDoKu's default search order
//! (docs/hodoku.md §1), skipping slots that are switched off or have no finder.
//!
//! Every finder is a plain function `fn(&Grid, &Context) -> Option<Step>` returning the step HoDoKu
//! 2.2 would return for its slot (the first one in HoDoKu's iteration order). A step lists its
//! eliminations in the order HoDoKu's `candidatesToDelete` holds them: [`Grid::apply`] replays them
//! in that order, which keeps the singles queues (and so the next single chosen) as in HoDoKu.

use super::technique::{Slot, SLOTS};
use super::{Grid, Step};
use crate::domain::Digit;

pub mod als;
pub mod brute_force;
pub mod bug;
pub mod chains;
pub mod coloring;
pub(crate) mod common;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod nice_loops;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub(crate) mod tabling;
pub mod uniqueness;
pub mod wings;

/// Which slots of [`SLOTS`] are switched on, by position in the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SlotSet(u128);

impl SlotSet {
    /// HoDoKu's default configuration.
    pub fn defaults() -> SlotSet {
        let mut set = SlotSet(0);
        for (i, slot) in SLOTS.iter().enumerate() {
            if slot.default_on {
                set.0 |= 1 << i;
            }
        }
        set
    }

    /// The position of `slot` in [`SLOTS`].
    fn index(slot: &Slot) -> usize {
        SLOTS
            .iter()
            .position(|s| std::ptr::eq(s, slot))
            .expect("a slot of SLOTS")
    }

    pub fn contains(self, slot: &Slot) -> bool {
        self.0 & (1 << Self::index(slot)) != 0
    }

    pub fn set(&mut self, slot: &Slot, on: bool) {
        let bit = 1u128 << Self::index(slot);
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }
}

impl Default for SlotSet {
    fn default() -> SlotSet {
        SlotSet::defaults()
    }
}

// There are no more slots than techniques, so this bounds the slot count for `SlotSet`'s bits.
const _: () = assert!(super::technique::Technique::ALL.len() <= 128);

/// What a finder may know beyond the grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The puzzle (its givens) has exactly one solution: uniqueness techniques are allowed.
    pub unique: bool,
    /// The solution of the current values (the unique one, else HoDoKu's brute-force choice:
    /// the first solution in cell order, digits ascending). `None` when there is none.
    pub solution: Option<[Digit; 81]>,
    /// The slots switched on (HoDoKu's defaults unless configured).
    pub slots: SlotSet,
}

/// A finder: returns the first step of its slot, or `None`.
pub type FindFn = fn(&Grid, &Context) -> Option<Step>;

/// Every slot that has a finder, in search order, whether switched on or not.
pub fn finders() -> impl Iterator<Item = (&'static Slot, FindFn)> {
    SLOTS.iter().filter_map(|s| s.find.map(|f| (s, f)))
}

/// The slots that are switched on in `ctx` and have a finder, in search order.
pub fn active_slots(ctx: &Context) -> impl Iterator<Item = (&'static Slot, FindFn)> + '_ {
    finders().filter(|(s, _)| ctx.slots.contains(s))
}

/// The first step over the active slots in order (a hint), or `None` (only when the grid is
/// solved or has no solution for brute force).
pub fn first_step(grid: &Grid, ctx: &Context) -> Option<Step> {
    if grid.is_solved() {
        return None;
    }
    active_slots(ctx).find_map(|(_, find)| find(grid, ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_switch_on_hodoku_default_slots_only() {
        let ctx = Context::default();
        for slot in SLOTS {
            assert_eq!(ctx.slots.contains(slot), slot.default_on, "{slot:?}");
        }
        let mut set = SlotSet::defaults();
        let kraken = super::super::Technique::KrakenFishType1.slot();
        set.set(kraken, true);
        assert!(set.contains(kraken));
        set.set(kraken, false);
        assert_eq!(set, SlotSet::defaults());
    }
}
