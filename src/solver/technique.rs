//! HoDoKu's techniques in one table: for each slot of HoDoKu's search order its configuration
//! name, order index, whether HoDoKu enables it by default and its finder; for each technique its
//! library code, argument name, English name, level and base score (docs/hodoku.md §1).
//!
//! Each technique also has its family (the kind of [`Facts`] its steps carry; a fish's
//! category, size and fins), whether it is a chain and how its chains are written
//! ([`ChainKind`]), and what its library lines list as digits ([`LibraryDigits`]).
//!
//! Adding a technique is one entry in the table's rows (`technique/table.rs`): the
//! [`Technique`] enum, [`Technique::ALL`], the per-technique facts and the slot list [`SLOTS`]
//! are generated here from them, and each slot's finder is bound in
//! `techniques/registry.rs` from the same rows. This module imports no finder.

use std::fmt;

mod table;

#[cfg(doc)]
use super::step::facts::Facts;
pub use super::step::facts::{ChainKind, Family};
use super::step::facts::{FishCategory, FishKind};
pub(crate) use table::technique_rows;

/// Generates [`Technique`], its facts (`INFO`), [`Technique::ALL`] and [`SLOTS`] from the rows
/// (the finder column is not read here).
macro_rules! technique_enum {
    (@family Fish($fins:ident, $cat:ident, $size:literal)) => {
        Family::Fish(FishKind::$fins(FishCategory::$cat, $size))
    };
    (@family $family:ident) => { Family::$family };
    ($(
        $kind:ident $slot_arg:literal, $order:literal, $on:literal $(, $find:path)? => {
            $( $variant:ident: $code:literal, $arg:literal, $name:literal, $level:ident, $score:literal,
               $family:ident $(($($fish:tt)*))?, $chain:ident, $digits:ident; )+
        }
    )+) => {
        /// A solving technique, in HoDoKu's default search order.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($(
                #[doc = concat!($name, " (`", $arg, "`, ", $code, ")")]
                $variant,
            )+)+
        }

        const TECHNIQUE_COUNT: usize = [$($(stringify!($variant),)+)+].len();

        const INFO: [TechniqueInfo; TECHNIQUE_COUNT] = [$($(
            TechniqueInfo {
                code: $code,
                arg: $arg,
                name: $name,
                level: Level::$level,
                base_score: $score,
                order: $order,
                family: technique_enum!(@family $family $(($($fish)*))?),
                chain: ChainKind::$chain,
                library_digits: LibraryDigits::$digits,
            },
        )+)+];

        impl Technique {
            /// Every technique, in default search order.
            pub const ALL: [Technique; TECHNIQUE_COUNT] = [$($(Technique::$variant,)+)+];
        }

        /// Every slot of HoDoKu's search order, ascending `order`.
        pub static SLOTS: &[Slot] = &[$(
            Slot {
                arg: $slot_arg,
                order: $order,
                default_on: $on,
                techniques: &[$(Technique::$variant),+],
            },
        )+];
    };
}

technique_rows!(technique_enum);

/// HoDoKu's difficulty levels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The score cap of the level (`DEFAULT_DIFFICULTY_LEVELS`).
    pub const fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => i32::MAX as u32,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The next harder level (Extreme stays Extreme).
    pub const fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// Parses `easy`, `medium`, ... (case-insensitive).
    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the digits field of a HoDoKu library line lists (docs/hodoku.md §2, "Library lines").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LibraryDigits {
    /// The digits the pattern is about and the placed digits.
    Pattern,
    /// The eliminated digits (HoDoKu's `useCandToDelInLibraryFormat`), else as `Pattern`.
    Eliminated,
    /// Nothing (HoDoKu 2.2.0 writes BUG+1 with an empty digits field).
    Empty,
}

/// The facts of one technique (one row of the table).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TechniqueInfo {
    /// HoDoKu library code (`getLibraryType`); `xxxx` for Brute Force.
    pub code: &'static str,
    /// HoDoKu's short argument name (`getArgName`).
    pub arg: &'static str,
    /// English name as HoDoKu prints it.
    pub name: &'static str,
    pub level: Level,
    pub base_score: u32,
    /// The order index of the technique's slot.
    pub order: u32,
    pub family: Family,
    pub chain: ChainKind,
    pub library_digits: LibraryDigits,
}

/// One slot of HoDoKu's search order: the techniques one finder yields (simple colours: trap
/// and wrap; nice loops: continuous, discontinuous and AIC; ...).
#[derive(Debug)]
pub struct Slot {
    /// HoDoKu's configuration name of the slot (`sc`, `nl`, `fc`, ...; the technique's own
    /// argument name for single-technique slots).
    pub arg: &'static str,
    /// HoDoKu's `index` of the slot (100 for Full House ... 8900 for Brute Force).
    pub order: u32,
    /// Whether HoDoKu's default configuration enables the slot.
    pub default_on: bool,
    /// The techniques the slot can yield.
    pub techniques: &'static [Technique],
}

impl Technique {
    /// The technique's row of the table.
    pub const fn info(self) -> TechniqueInfo {
        INFO[self as usize]
    }

    /// HoDoKu library code (`getLibraryType`); `xxxx` for Brute Force.
    pub const fn code(self) -> &'static str {
        self.info().code
    }

    /// HoDoKu's short argument name (`getArgName`).
    pub const fn arg(self) -> &'static str {
        self.info().arg
    }

    /// English name as HoDoKu prints it.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Difficulty level.
    pub const fn level(self) -> Level {
        self.info().level
    }

    /// Base score.
    pub const fn base_score(self) -> u32 {
        self.info().base_score
    }

    /// HoDoKu's solver order index (lower is tried first).
    pub const fn order(self) -> u32 {
        self.info().order
    }

    /// The kind of facts the technique's steps carry.
    pub const fn family(self) -> Family {
        self.info().family
    }

    /// Whether the technique is a chain and how its chains are written.
    pub const fn chain_kind(self) -> ChainKind {
        self.info().chain
    }

    /// The fish the technique finds (`None` for other techniques).
    pub const fn fish(self) -> Option<FishKind> {
        match self.info().family {
            Family::Fish(k) => Some(k),
            _ => None,
        }
    }

    /// The fish technique of a kind (a Franken or Mutant fish with sashimi fins is finned).
    pub fn of_fish(kind: FishKind) -> Technique {
        let kind = kind.normalized();
        Technique::ALL
            .into_iter()
            .find(|t| t.fish() == Some(kind))
            .expect("every fish kind has a technique")
    }

    /// The slot that yields the technique.
    pub fn slot(self) -> &'static Slot {
        SLOTS
            .iter()
            .find(|s| s.techniques.contains(&self))
            .expect("every technique has a slot")
    }

    /// Finds a technique by library code or argument name.
    pub fn from_code(s: &str) -> Option<Technique> {
        Technique::ALL
            .into_iter()
            .find(|t| t.code() == s || t.arg() == s)
    }
}

impl Slot {
    /// The slot's position in [`SLOTS`].
    pub fn index(&'static self) -> usize {
        let at = (self as *const Slot as usize - SLOTS.as_ptr() as usize) / size_of::<Slot>();
        debug_assert!(std::ptr::eq(&SLOTS[at], self), "a slot of SLOTS");
        at
    }

    /// Finds a slot by its configuration name (`nl`, `sc`, `fc`, ...) or by the argument name of
    /// one of its techniques (`cnl`, `sc1`, ...).
    pub fn from_arg(s: &str) -> Option<&'static Slot> {
        SLOTS.iter().find(|slot| slot.arg == s).or_else(|| {
            Technique::ALL
                .into_iter()
                .find(|t| t.arg() == s)
                .map(Technique::slot)
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_ascending_and_codes_are_unique() {
        for w in Technique::ALL.windows(2) {
            assert!(w[0].order() <= w[1].order(), "{:?} before {:?}", w[0], w[1]);
        }
        for w in SLOTS.windows(2) {
            assert!(w[0].order < w[1].order, "{:?} before {:?}", w[0], w[1]);
        }
        for slot in SLOTS {
            for t in slot.techniques {
                assert_eq!(t.order(), slot.order, "{t:?}");
                assert!(std::ptr::eq(t.slot(), slot), "{t:?}");
            }
        }
        let mut args: Vec<_> = SLOTS.iter().map(|s| s.arg).collect();
        args.sort();
        args.dedup();
        assert_eq!(args.len(), SLOTS.len());
        assert_eq!(Slot::from_arg("nl").map(|s| s.order), Some(5600));
        assert_eq!(Slot::from_arg("cnl").map(|s| s.order), Some(5600));
        assert_eq!(Technique::KrakenFishType2.slot().arg, "kf");
        assert!(!Technique::KrakenFishType1.slot().default_on);
        assert!(Technique::Aic.slot().default_on);
        let mut codes: Vec<_> = Technique::ALL.iter().map(|t| t.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), Technique::ALL.len());
        assert_eq!(Technique::from_code("0803"), Some(Technique::WWing));
        assert_eq!(Level::from_name("unfair"), Some(Level::Unfair));
    }

    #[test]
    fn each_fish_is_one_entry_found_from_its_kind() {
        let fish: Vec<Technique> = Technique::ALL
            .into_iter()
            .filter(|t| t.fish().is_some())
            .collect();
        assert_eq!(fish.len(), 42);
        for t in fish {
            let kind = t.fish().unwrap();
            assert_eq!(Technique::of_fish(kind), t);
            assert_eq!(t.slot().techniques, &[t]);
            assert_eq!(t.chain_kind(), ChainKind::NotChain);
        }
        let sashimi_franken = FishKind::sashimi(FishCategory::Franken, 3);
        assert_eq!(
            Technique::of_fish(sashimi_franken),
            Technique::FinnedFrankenSwordfish
        );
        assert_eq!(
            Technique::of_fish(FishKind::sashimi(FishCategory::Basic, 2)),
            Technique::SashimiXWing
        );
    }

    #[test]
    fn chain_kinds_and_library_digits_follow_hodoku() {
        let of = |k: ChainKind| -> Vec<Technique> {
            Technique::ALL
                .into_iter()
                .filter(|t| t.chain_kind() == k)
                .collect()
        };
        use Technique as T;
        assert_eq!(
            of(ChainKind::Loop),
            [T::ContinuousNiceLoop, T::GroupedContinuousNiceLoop]
        );
        assert_eq!(of(ChainKind::Forcing).len(), 6);
        assert_eq!(of(ChainKind::Chain).len(), 7);
        assert_eq!(T::BugPlus1.info().library_digits, LibraryDigits::Empty);
        assert_eq!(T::SueDeCoq.info().library_digits, LibraryDigits::Eliminated);
        assert_eq!(
            T::ForcingChainVerity.info().library_digits,
            LibraryDigits::Pattern
        );
        assert_eq!(T::KrakenFishType1.family(), Family::Kraken);
    }
}
