//! The settings of the all-steps list (docs/hodoku.md §3): which techniques it searches, and
//! how it searches fish. The defaults are HoDoKu 2.2's: its own switches for this view (not the
//! hint's), fish of two to four sets, basic and Franken, at most five fins of which two endo
//! fins, every digit; no Kraken fish, templates, forcing chains or nets.

use crate::domain::DigitSet;
use crate::solver::technique::{Slot, SLOTS};
use crate::solver::techniques::fish::{FishCategory, MAX_ENDO_FINS, MAX_FINS};
use crate::solver::techniques::SlotSet;
use crate::solver::Technique;

/// How the list searches fish (HoDoKu's `allStepsMinFishSize` ... `allStepsFishCandidates`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FishListing {
    /// Fish are listed at all.
    pub enabled: bool,
    /// Smallest and largest number of base sets (2..=7).
    pub min_size: usize,
    pub max_size: usize,
    /// At most this many fins, of which at most `max_endo_fins` endo fins.
    pub max_fins: u32,
    pub max_endo_fins: u32,
    /// The most general kind searched: basic, basic and Franken, or every kind.
    pub max_category: FishCategory,
    /// The digits searched.
    pub digits: DigitSet,
}

impl Default for FishListing {
    fn default() -> FishListing {
        FishListing {
            enabled: true,
            min_size: 2,
            max_size: 4,
            max_fins: MAX_FINS,
            max_endo_fins: MAX_ENDO_FINS,
            max_category: FishCategory::Franken,
            digits: DigitSet::ALL,
        }
    }
}

/// What the all-steps list searches.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AllStepsOptions {
    /// The slots the list searches (fish slots aside: see `fish`). Forcing chains and nets are
    /// among them only with `forcing`.
    pub slots: SlotSet,
    pub fish: FishListing,
}

/// Whether HoDoKu's All steps searches a slot by default (its `allStepsEnabled` switches; the
/// locked candidates are under a switch of their own that is never on, fish under the fish
/// settings, Kraken fish, templates, forcing chains and nets off, Brute Force never listed).
fn listed_by_default(slot: &Slot) -> bool {
    use Technique as T;
    let t = slot.techniques[0];
    t.fish().is_none()
        && !matches!(
            t,
            T::LockedCandidates1
                | T::LockedCandidates2
                | T::KrakenFishType1
                | T::TemplateSet
                | T::TemplateDelete
                | T::ForcingChainContradiction
                | T::ForcingNetContradiction
                | T::BruteForce
        )
}

impl Default for AllStepsOptions {
    fn default() -> AllStepsOptions {
        let mut slots = SlotSet::defaults();
        for slot in SLOTS {
            slots.set(slot, listed_by_default(slot));
        }
        AllStepsOptions {
            slots,
            fish: FishListing::default(),
        }
    }
}

impl AllStepsOptions {
    /// The defaults, with forcing chains and nets listed too (`forcing`), which HoDoKu's view
    /// leaves out unless switched on.
    pub fn with_forcing(forcing: bool) -> AllStepsOptions {
        let mut o = AllStepsOptions::default();
        o.set_forcing(forcing);
        o
    }

    /// Lists forcing chains and nets, or not.
    pub fn set_forcing(&mut self, on: bool) {
        for t in [
            Technique::ForcingChainContradiction,
            Technique::ForcingNetContradiction,
        ] {
            self.slots.set(t.slot(), on);
        }
    }

    /// Whether forcing chains and nets are listed.
    pub fn forcing(&self) -> bool {
        self.slots
            .contains(Technique::ForcingChainContradiction.slot())
    }

    /// The slots searched, in HoDoKu's order (fish slots aside).
    pub fn searched_slots(&self) -> impl Iterator<Item = &'static Slot> + '_ {
        SLOTS.iter().filter(|s| {
            s.techniques[0].fish().is_none()
                && s.techniques[0] != Technique::BruteForce
                && self.slots.contains(s)
        })
    }

    /// The number of stages of a search: the slots, and the fish as one.
    pub fn stages(&self) -> usize {
        self.searched_slots().count() + usize::from(self.fish.enabled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_hodokus_all_steps_switches() {
        let o = AllStepsOptions::default();
        let on = |t: Technique| o.slots.contains(t.slot());
        for t in [
            Technique::FullHouse,
            Technique::HiddenQuadruple,
            Technique::SimpleColorsWrap,
            Technique::DeathBlossom,
            Technique::GroupedAic,
            Technique::TurbotFish,
        ] {
            assert!(on(t), "{t:?}");
        }
        for t in [
            Technique::LockedCandidates1,
            Technique::KrakenFishType1,
            Technique::TemplateDelete,
            Technique::ForcingNetVerity,
            Technique::BruteForce,
            Technique::XWing,
        ] {
            assert!(!on(t), "{t:?}");
        }
        assert!(!o.forcing());
        let f = AllStepsOptions::with_forcing(true);
        assert!(f.forcing() && f.slots.contains(Technique::ForcingNetContradiction.slot()));
        assert_eq!(o.fish.max_category, FishCategory::Franken);
        assert_eq!((o.fish.min_size, o.fish.max_size), (2, 4));
    }
}
