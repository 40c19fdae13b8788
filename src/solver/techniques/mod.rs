//! The step finders, one module per technique family. The engine walks the slots of the one
//! technique table ([`crate::solver::technique::SLOTS`]) in HoDoKu's default search order
//! (docs/hodoku.md §1), skipping slots that are switched off; the table's rows bind each slot's
//! finder ([`registry`]).
//!
//! Every finder has the one finder shape of [`crate::solver::finder`]: `fn(&Grid, &Context,
//! &mut Sink) -> ControlFlow<()>`, reporting every instance of its slot on the state to the sink
//! in HoDoKu's order, the first being the step HoDoKu 2.2's hint takes, until the sink answers
//! `Break`. A hint is [`finder::first`] ([`first_step`] over the slots switched on), the
//! all-steps view (docs/hodoku.md §3) [`all::slot_steps`], which is [`finder::every`]. Where
//! HoDoKu's hint and its list of every step are two different searches (the singles queues
//! against a scan of the grid; the best chain, forcing chain or net by HoDoKu's comparator
//! against its sorted list; the first Kraken fish or Death Blossom found against the sorted
//! list) the finder reports the hint's step first and then its whole list, and the table marks
//! it ([`registry::SlotFinder::leads`]) so that the list drops that lead.
//!
//! A step lists its eliminations in the order HoDoKu's `candidatesToDelete` holds them:
//! [`Grid::apply`] replays them in that order, which keeps the singles queues (and so the next
//! single chosen) as in HoDoKu.

use super::finder::{self, Finder};
use super::technique::{Slot, SLOTS};
use super::{Grid, Step};
use crate::domain::Digit;

pub mod all;
pub mod als;
pub mod brute_force;
pub mod bug;
pub mod chains;
pub mod coloring;
pub(crate) mod common;
pub mod fish;
pub mod forcing;
mod forcing_entity;
pub mod intersections;
pub mod kraken;
pub mod nice_loops;
pub mod registry;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub(crate) mod tabling;
pub mod templates;
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
    fn index(slot: &'static Slot) -> usize {
        slot.index()
    }

    pub fn contains(self, slot: &'static Slot) -> bool {
        self.0 & (1 << Self::index(slot)) != 0
    }

    pub fn set(&mut self, slot: &'static Slot, on: bool) {
        let bit = 1u128 << Self::index(slot);
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }
}

/// A name in a technique switch list that names no technique or slot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique `{name}` (item {position}; `termdoku hint --list-techniques` lists the names)")]
pub struct UnknownTechnique {
    /// The name as written.
    pub name: String,
    /// One-based position of the item in its list.
    pub position: usize,
}

/// Switching one slot on or off.
#[derive(Copy, Clone, Debug)]
pub struct SlotChange {
    pub slot: &'static Slot,
    pub on: bool,
}

impl PartialEq for SlotChange {
    fn eq(&self, o: &SlotChange) -> bool {
        std::ptr::eq(self.slot, o.slot) && self.on == o.on
    }
}

impl Eq for SlotChange {}

/// The slot a HoDoKu short name stands for: a slot name (`nl`, `kf`, `fc`) or a technique's
/// argument name (`cnl`, `kf1`, `bf2`), case-insensitive.
pub fn slot_named(name: &str) -> Option<&'static Slot> {
    Slot::from_arg(&name.trim().to_ascii_lowercase())
}

/// Parses a switch list as the command line takes it: `+kf,+db,-fn` (a name without a sign
/// switches on; commas or spaces separate items). Returns the changes in order and the names
/// that are not techniques.
pub fn parse_switches(spec: &str) -> (Vec<SlotChange>, Vec<UnknownTechnique>) {
    let mut changes = Vec::new();
    let mut bad = Vec::new();
    let items = spec
        .split([',', ' ', '\t'])
        .map(str::trim)
        .filter(|s| !s.is_empty());
    for (i, item) in items.enumerate() {
        let (on, name) = match item.as_bytes()[0] {
            b'+' => (true, &item[1..]),
            b'-' => (false, &item[1..]),
            _ => (true, item),
        };
        match slot_named(name) {
            Some(slot) => changes.push(SlotChange { slot, on }),
            None => bad.push(UnknownTechnique {
                name: item.to_string(),
                position: i + 1,
            }),
        }
    }
    (changes, bad)
}

impl SlotSet {
    /// Applies changes in order (a later change of the same slot wins).
    pub fn apply(&mut self, changes: &[SlotChange]) {
        for c in changes {
            self.set(c.slot, c.on);
        }
    }

    /// HoDoKu's defaults with the slots of `enable` switched on, then those of `disable`
    /// switched off (a config's `[solver]` lists); unknown names are returned, the rest applies.
    pub fn from_lists<E, D>(enable: E, disable: D) -> (SlotSet, Vec<UnknownTechnique>)
    where
        E: IntoIterator,
        E::Item: AsRef<str>,
        D: IntoIterator,
        D::Item: AsRef<str>,
    {
        let mut set = SlotSet::defaults();
        let mut bad = Vec::new();
        for (list, on) in [
            (
                enable
                    .into_iter()
                    .map(|s| s.as_ref().to_string())
                    .collect::<Vec<_>>(),
                true,
            ),
            (
                disable
                    .into_iter()
                    .map(|s| s.as_ref().to_string())
                    .collect(),
                false,
            ),
        ] {
            for (i, name) in list.iter().enumerate() {
                match slot_named(name) {
                    Some(slot) => set.set(slot, on),
                    None => bad.push(UnknownTechnique {
                        name: name.clone(),
                        position: i + 1,
                    }),
                }
            }
        }
        (set, bad)
    }

    /// The slots whose switch differs from HoDoKu's defaults, in search order.
    pub fn changes_from_defaults(self) -> Vec<SlotChange> {
        SLOTS
            .iter()
            .filter(|s| self.contains(s) != s.default_on)
            .map(|slot| SlotChange {
                slot,
                on: !slot.default_on,
            })
            .collect()
    }

    /// The differences from the defaults as a switch list (`+kf,-fn`), `None` for the defaults.
    pub fn describe_changes(self) -> Option<String> {
        let changes = self.changes_from_defaults();
        if changes.is_empty() {
            return None;
        }
        Some(
            changes
                .iter()
                .map(|c| format!("{}{}", if c.on { '+' } else { '-' }, c.slot.arg))
                .collect::<Vec<_>>()
                .join(","),
        )
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
    /// The finders' per-state cache and working memory ([`crate::solver::cache`]).
    pub caches: crate::solver::cache::Caches,
}

/// Every slot with its finder, in search order, whether switched on or not.
pub fn finders() -> impl Iterator<Item = (&'static Slot, Finder<Context>)> {
    SLOTS.iter().map(|s| (s, registry::slot_finder(s).find))
}

/// The slots that are switched on in `ctx` with their finders, in search order.
pub fn active_slots(ctx: &Context) -> impl Iterator<Item = (&'static Slot, Finder<Context>)> + '_ {
    finders().filter(|(s, _)| ctx.slots.contains(s))
}

/// The first step over the active slots in order (a hint), or `None` (only when the grid is
/// solved or has no solution for brute force).
pub fn first_step(grid: &Grid, ctx: &Context) -> Option<Step> {
    if grid.is_solved() {
        return None;
    }
    let step = active_slots(ctx).find_map(|(_, find)| finder::first(find, grid, ctx))?;
    debug_assert!(
        step.facts.is_of(step.technique.family()),
        "{:?} carries {:?}",
        step.technique,
        step.facts
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_lists_apply_on_top_of_the_defaults_and_name_bad_items() {
        let (changes, bad) = parse_switches("+kf, +DB,-fn,bogus , -cnl");
        assert_eq!(
            bad,
            vec![UnknownTechnique {
                name: "bogus".into(),
                position: 4
            }]
        );
        let mut set = SlotSet::defaults();
        set.apply(&changes);
        assert_eq!(set.describe_changes().as_deref(), Some("-nl,+db,+kf,-fn"));
        let (set2, bad2) = SlotSet::from_lists(["kf", "db", "zz"], ["fn", "nl"]);
        assert_eq!(set2, set);
        assert_eq!(bad2.len(), 1);
        assert_eq!(bad2[0].name, "zz");
        assert!(bad2[0].to_string().contains("unknown technique `zz`"));
        assert_eq!(SlotSet::defaults().describe_changes(), None);
        // A technique's own name switches its whole slot.
        let (c, _) = parse_switches("-sc2");
        assert_eq!(c[0].slot.arg, "sc");
    }

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
