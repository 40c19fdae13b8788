//! HoDoKu's techniques in one table: for each slot of HoDoKu's search order its configuration
//! name, order index, whether HoDoKu enables it by default and its finder; for each technique its
//! library code, argument name, English name, level and base score (docs/hodoku.md §1).
//!
//! Each technique also has its family (the kind of [`Facts`] its steps carry; a fish's
//! category, size and fins), whether it is a chain and how its chains are written
//! ([`ChainKind`]), and what its library lines list as digits ([`LibraryDigits`]).
//!
//! Adding a technique is one entry in [`technique_table!`]'s invocation below: the [`Technique`]
//! enum, [`Technique::ALL`], the per-technique facts and the slot list [`SLOTS`] that the engine
//! walks are all generated from it. A slot without a finder (`None`) is listed but never tried.

use std::fmt;

#[cfg(doc)]
use super::step::Facts;
use super::techniques::fish::{FishCategory, FishKind};
use super::techniques::{
    als, brute_force, bug, chains, coloring, fish, forcing, intersections, kraken, nice_loops,
    single_digit, singles, subsets, sue_de_coq, templates, uniqueness, wings, Context, FindFn,
};
use super::{Grid, Step};

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

/// The family of a technique: which kind of [`Facts`] its steps carry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// [`Facts::Single`]: singles and Brute Force.
    Single,
    /// [`Facts::Pattern`]: subsets, locked candidates, wings, uniqueness, BUG+1, templates.
    Pattern,
    /// [`Facts::Fish`], of the given kind.
    Fish(FishKind),
    /// [`Facts::Kraken`]: a finned fish with a forcing chain per fin.
    Kraken,
    /// [`Facts::Coloring`]: simple and multi colours.
    Coloring,
    /// [`Facts::Chain`]: single-digit patterns, W-Wing, chains, loops, forcing chains and nets.
    Chain,
    /// [`Facts::Sets`]: almost locked sets and Sue de Coq.
    Sets,
}

/// Whether a technique is a chain, and how its chains are written (Eureka notation) and counted
/// (HoDoKu's library lines).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// Not a chain technique: the chains a step may show (Skyscraper, W-Wing, ALS) are
    /// written as open chains and not counted.
    NotChain,
    /// HoDoKu's simple chain or open loop (`isSimpleChainOrLoop`): written as an open chain;
    /// the library extra field holds its number of links.
    Chain,
    /// A continuous nice loop: written closed on its first node; counted as [`ChainKind::Chain`].
    Loop,
    /// Branches from one premise or to one conclusion (forcing chains and nets, Kraken fish):
    /// each branch is written with where it ends.
    Forcing,
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
    /// The finder: the first step of the slot in HoDoKu's choice, or `None`. `None` for slots
    /// termdoku does not search yet.
    pub find: Option<FindFn>,
}

impl fmt::Debug for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Slot")
            .field("arg", &self.arg)
            .field("order", &self.order)
            .field("default_on", &self.default_on)
            .field("techniques", &self.techniques)
            .field("find", &self.find.is_some())
            .finish()
    }
}

/// The table. A slot is `slot arg, order, default_on, finder => { techniques }`, or
/// `fish arg, order, default_on => { technique }` for a fish slot, whose finder is the fish
/// search for the technique's [`FishKind`]. A technique is `Variant: code, arg, name, level,
/// score, family, chain kind, library digits;` where a fish's family is
/// `Fish(plain|finned|sashimi, Basic|Franken|Mutant, size)`.
macro_rules! technique_table {
    (@find slot, $find:expr; $($variant:ident)+) => { $find };
    (@find fish; $variant:ident) => {{
        fn find(grid: &Grid, ctx: &Context) -> Option<Step> {
            fish::find(grid, ctx, Technique::$variant)
        }
        Some(find as FindFn)
    }};
    (@family Fish($fins:ident, $cat:ident, $size:literal)) => {
        Family::Fish(FishKind::$fins(FishCategory::$cat, $size))
    };
    (@family $family:ident) => { Family::$family };
    ($(
        $kind:ident $slot_arg:literal, $order:literal, $on:literal $(, $find:expr)? => {
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
                family: technique_table!(@family $family $(($($fish)*))?),
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
                find: technique_table!(@find $kind $(, $find)?; $($variant)+),
            },
        )+];
    };
}

technique_table! {
    slot "fh", 100, true, Some(singles::full_house) => {
        FullHouse: "0000", "fh", "Full House", Easy, 4, Single, NotChain, Pattern;
    }
    slot "n1", 200, true, Some(singles::naked_single) => {
        NakedSingle: "0003", "n1", "Naked Single", Easy, 4, Single, NotChain, Pattern;
    }
    slot "h1", 300, true, Some(singles::hidden_single) => {
        HiddenSingle: "0002", "h1", "Hidden Single", Easy, 14, Single, NotChain, Pattern;
    }
    slot "l2", 1000, true, Some(subsets::locked_pair) => {
        LockedPair: "0110", "l2", "Locked Pair", Medium, 40, Pattern, NotChain, Pattern;
    }
    slot "l3", 1100, true, Some(subsets::locked_triple) => {
        LockedTriple: "0111", "l3", "Locked Triple", Medium, 60, Pattern, NotChain, Pattern;
    }
    slot "lc1", 1200, true, Some(intersections::locked_candidates_1) => {
        LockedCandidates1: "0100", "lc1", "Locked Candidates Type 1 (Pointing)", Medium, 50, Pattern, NotChain, Pattern;
    }
    slot "lc2", 1210, true, Some(intersections::locked_candidates_2) => {
        LockedCandidates2: "0101", "lc2", "Locked Candidates Type 2 (Claiming)", Medium, 50, Pattern, NotChain, Pattern;
    }
    slot "n2", 1300, true, Some(subsets::naked_pair) => {
        NakedPair: "0200", "n2", "Naked Pair", Medium, 60, Pattern, NotChain, Pattern;
    }
    slot "n3", 1400, true, Some(subsets::naked_triple) => {
        NakedTriple: "0201", "n3", "Naked Triple", Medium, 80, Pattern, NotChain, Pattern;
    }
    slot "h2", 1500, true, Some(subsets::hidden_pair) => {
        HiddenPair: "0210", "h2", "Hidden Pair", Medium, 70, Pattern, NotChain, Pattern;
    }
    slot "h3", 1600, true, Some(subsets::hidden_triple) => {
        HiddenTriple: "0211", "h3", "Hidden Triple", Medium, 100, Pattern, NotChain, Pattern;
    }
    slot "n4", 2000, true, Some(subsets::naked_quadruple) => {
        NakedQuadruple: "0202", "n4", "Naked Quadruple", Hard, 120, Pattern, NotChain, Pattern;
    }
    slot "h4", 2100, true, Some(subsets::hidden_quadruple) => {
        HiddenQuadruple: "0212", "h4", "Hidden Quadruple", Hard, 150, Pattern, NotChain, Pattern;
    }
    fish "bf2", 2200, true => {
        XWing: "0300", "bf2", "X-Wing", Hard, 140, Fish(plain, Basic, 2), NotChain, Pattern;
    }
    fish "bf3", 2300, true => {
        Swordfish: "0301", "bf3", "Swordfish", Hard, 150, Fish(plain, Basic, 3), NotChain, Pattern;
    }
    fish "bf4", 2400, true => {
        Jellyfish: "0302", "bf4", "Jellyfish", Hard, 160, Fish(plain, Basic, 4), NotChain, Pattern;
    }
    fish "bf5", 2500, false => {
        Squirmbag: "0303", "bf5", "Squirmbag", Unfair, 470, Fish(plain, Basic, 5), NotChain, Pattern;
    }
    fish "bf6", 2600, false => {
        Whale: "0304", "bf6", "Whale", Unfair, 470, Fish(plain, Basic, 6), NotChain, Pattern;
    }
    fish "bf7", 2700, false => {
        Leviathan: "0305", "bf7", "Leviathan", Unfair, 470, Fish(plain, Basic, 7), NotChain, Pattern;
    }
    slot "rp", 2800, true, Some(chains::find_remote_pair) => {
        RemotePair: "0703", "rp", "Remote Pair", Hard, 110, Chain, Chain, Pattern;
    }
    slot "bug1", 2900, true, Some(bug::find_bug_plus_1) => {
        BugPlus1: "0610", "bug1", "Bivalue Universal Grave + 1", Hard, 100, Pattern, NotChain, Empty;
    }
    slot "sk", 3000, true, Some(single_digit::find_skyscraper) => {
        Skyscraper: "0400", "sk", "Skyscraper", Hard, 130, Chain, NotChain, Pattern;
    }
    slot "2sk", 3100, true, Some(single_digit::find_two_string_kite) => {
        TwoStringKite: "0401", "2sk", "2-String Kite", Hard, 150, Chain, NotChain, Pattern;
        DualTwoStringKite: "0404", "d2sk", "Dual 2-String Kite", Hard, 150, Chain, NotChain, Pattern;
    }
    slot "tf", 3120, true, Some(chains::find_turbot_fish) => {
        TurbotFish: "0403", "tf", "Turbot Fish", Hard, 120, Chain, NotChain, Pattern;
    }
    slot "er", 3170, true, Some(single_digit::find_empty_rectangle) => {
        EmptyRectangle: "0402", "er", "Empty Rectangle", Hard, 120, Chain, NotChain, Pattern;
        DualEmptyRectangle: "0405", "der", "Dual Empty Rectangle", Hard, 120, Chain, NotChain, Pattern;
    }
    slot "w", 3200, true, Some(wings::find_w_wing) => {
        WWing: "0803", "w", "W-Wing", Hard, 150, Chain, NotChain, Pattern;
    }
    slot "xy", 3300, true, Some(wings::find_xy_wing) => {
        XyWing: "0800", "xy", "XY-Wing", Hard, 160, Pattern, NotChain, Pattern;
    }
    slot "xyz", 3400, true, Some(wings::find_xyz_wing) => {
        XyzWing: "0801", "xyz", "XYZ-Wing", Hard, 180, Pattern, NotChain, Pattern;
    }
    slot "u1", 3500, true, Some(uniqueness::find_uniqueness_1) => {
        Uniqueness1: "0600", "u1", "Uniqueness Test 1", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "u2", 3600, true, Some(uniqueness::find_uniqueness_2) => {
        Uniqueness2: "0601", "u2", "Uniqueness Test 2", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "u3", 3700, true, Some(uniqueness::find_uniqueness_3) => {
        Uniqueness3: "0602", "u3", "Uniqueness Test 3", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "u4", 3800, true, Some(uniqueness::find_uniqueness_4) => {
        Uniqueness4: "0603", "u4", "Uniqueness Test 4", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "u5", 3900, true, Some(uniqueness::find_uniqueness_5) => {
        Uniqueness5: "0604", "u5", "Uniqueness Test 5", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "u6", 4000, true, Some(uniqueness::find_uniqueness_6) => {
        Uniqueness6: "0605", "u6", "Uniqueness Test 6", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "hr", 4010, true, Some(uniqueness::find_hidden_rectangle) => {
        HiddenRectangle: "0606", "hr", "Hidden Rectangle", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "ar1", 4020, true, Some(uniqueness::find_avoidable_rectangle_1) => {
        AvoidableRectangle1: "0607", "ar1", "Avoidable Rectangle Type 1", Hard, 100, Pattern, NotChain, Pattern;
    }
    slot "ar2", 4030, true, Some(uniqueness::find_avoidable_rectangle_2) => {
        AvoidableRectangle2: "0608", "ar2", "Avoidable Rectangle Type 2", Hard, 100, Pattern, NotChain, Pattern;
    }
    fish "fbf2", 4100, true => {
        FinnedXWing: "0310", "fbf2", "Finned X-Wing", Hard, 130, Fish(finned, Basic, 2), NotChain, Pattern;
    }
    fish "sbf2", 4200, true => {
        SashimiXWing: "0320", "sbf2", "Sashimi X-Wing", Hard, 150, Fish(sashimi, Basic, 2), NotChain, Pattern;
    }
    fish "fbf3", 4300, true => {
        FinnedSwordfish: "0311", "fbf3", "Finned Swordfish", Unfair, 200, Fish(finned, Basic, 3), NotChain, Pattern;
    }
    fish "sbf3", 4400, true => {
        SashimiSwordfish: "0321", "sbf3", "Sashimi Swordfish", Unfair, 240, Fish(sashimi, Basic, 3), NotChain, Pattern;
    }
    fish "fbf4", 4500, true => {
        FinnedJellyfish: "0312", "fbf4", "Finned Jellyfish", Unfair, 250, Fish(finned, Basic, 4), NotChain, Pattern;
    }
    fish "sbf4", 4600, true => {
        SashimiJellyfish: "0322", "sbf4", "Sashimi Jellyfish", Unfair, 260, Fish(sashimi, Basic, 4), NotChain, Pattern;
    }
    fish "fbf5", 4700, false => {
        FinnedSquirmbag: "0313", "fbf5", "Finned Squirmbag", Unfair, 470, Fish(finned, Basic, 5), NotChain, Pattern;
    }
    fish "sbf5", 4800, false => {
        SashimiSquirmbag: "0323", "sbf5", "Sashimi Squirmbag", Unfair, 470, Fish(sashimi, Basic, 5), NotChain, Pattern;
    }
    fish "fbf6", 4900, false => {
        FinnedWhale: "0314", "fbf6", "Finned Whale", Unfair, 470, Fish(finned, Basic, 6), NotChain, Pattern;
    }
    fish "sbf6", 5000, false => {
        SashimiWhale: "0324", "sbf6", "Sashimi Whale", Unfair, 470, Fish(sashimi, Basic, 6), NotChain, Pattern;
    }
    fish "fbf7", 5100, false => {
        FinnedLeviathan: "0315", "fbf7", "Finned Leviathan", Unfair, 470, Fish(finned, Basic, 7), NotChain, Pattern;
    }
    fish "sbf7", 5200, false => {
        SashimiLeviathan: "0325", "sbf7", "Sashimi Leviathan", Unfair, 470, Fish(sashimi, Basic, 7), NotChain, Pattern;
    }
    slot "sdc", 5300, true, Some(sue_de_coq::find_sue_de_coq) => {
        SueDeCoq: "1101", "sdc", "Sue de Coq", Unfair, 250, Sets, NotChain, Eliminated;
    }
    slot "sc", 5330, true, Some(coloring::find_simple_colors) => {
        SimpleColorsTrap: "0500", "sc1", "Simple Colors Trap", Hard, 150, Coloring, NotChain, Pattern;
        SimpleColorsWrap: "0501", "sc2", "Simple Colors Wrap", Hard, 150, Coloring, NotChain, Pattern;
    }
    slot "mc", 5360, true, Some(coloring::find_multi_colors) => {
        MultiColors1: "0502", "mc1", "Multi Colors 1", Hard, 200, Coloring, NotChain, Pattern;
        MultiColors2: "0503", "mc2", "Multi Colors 2", Hard, 200, Coloring, NotChain, Pattern;
    }
    slot "x", 5400, true, Some(chains::find_x_chain) => {
        XChain: "0701", "x", "X-Chain", Unfair, 260, Chain, Chain, Pattern;
    }
    slot "xyc", 5500, true, Some(chains::find_xy_chain) => {
        XyChain: "0702", "xyc", "XY-Chain", Unfair, 260, Chain, Chain, Pattern;
    }
    slot "nl", 5600, true, Some(nice_loops::find_nice_loops) => {
        ContinuousNiceLoop: "0706", "cnl", "Continuous Nice Loop", Unfair, 280, Chain, Loop, Eliminated;
        DiscontinuousNiceLoop: "0707", "dnl", "Discontinuous Nice Loop", Unfair, 280, Chain, Chain, Eliminated;
        Aic: "0708", "aic", "AIC", Unfair, 280, Chain, Chain, Eliminated;
    }
    slot "gnl", 5650, true, Some(nice_loops::find_grouped_nice_loops) => {
        GroupedContinuousNiceLoop: "0709", "gcnl", "Grouped Continuous Nice Loop", Unfair, 300, Chain, Loop, Eliminated;
        GroupedDiscontinuousNiceLoop: "0710", "gdnl", "Grouped Discontinuous Nice Loop", Unfair, 300, Chain, Chain, Eliminated;
        GroupedAic: "0711", "gaic", "Grouped AIC", Unfair, 300, Chain, Chain, Eliminated;
    }
    slot "axz", 5700, true, Some(als::find_als_xz) => {
        AlsXz: "0901", "axz", "Almost Locked Set XZ-Rule", Unfair, 300, Sets, NotChain, Eliminated;
    }
    slot "axy", 5800, true, Some(als::find_als_xy_wing) => {
        AlsXyWing: "0902", "axy", "Almost Locked Set XY-Wing", Unfair, 320, Sets, NotChain, Eliminated;
    }
    slot "ach", 5900, true, Some(als::find_als_xy_chain) => {
        AlsXyChain: "0903", "ach", "Almost Locked Set Chain", Unfair, 340, Sets, NotChain, Eliminated;
    }
    slot "db", 6000, false, Some(als::find_death_blossom) => {
        DeathBlossom: "0904", "db", "Death Blossom", Unfair, 360, Sets, NotChain, Eliminated;
    }
    fish "ff2", 6100, true => {
        FrankenXWing: "0330", "ff2", "Franken X-Wing", Unfair, 300, Fish(plain, Franken, 2), NotChain, Pattern;
    }
    fish "ff3", 6200, true => {
        FrankenSwordfish: "0331", "ff3", "Franken Swordfish", Unfair, 350, Fish(plain, Franken, 3), NotChain, Pattern;
    }
    fish "ff4", 6300, false => {
        FrankenJellyfish: "0332", "ff4", "Franken Jellyfish", Unfair, 370, Fish(plain, Franken, 4), NotChain, Pattern;
    }
    fish "ff5", 6400, false => {
        FrankenSquirmbag: "0333", "ff5", "Franken Squirmbag", Extreme, 470, Fish(plain, Franken, 5), NotChain, Pattern;
    }
    fish "ff6", 6500, false => {
        FrankenWhale: "0334", "ff6", "Franken Whale", Extreme, 470, Fish(plain, Franken, 6), NotChain, Pattern;
    }
    fish "ff7", 6600, false => {
        FrankenLeviathan: "0335", "ff7", "Franken Leviathan", Extreme, 470, Fish(plain, Franken, 7), NotChain, Pattern;
    }
    fish "fff2", 6700, true => {
        FinnedFrankenXWing: "0340", "fff2", "Finned Franken X-Wing", Unfair, 390, Fish(finned, Franken, 2), NotChain, Pattern;
    }
    fish "fff3", 6800, true => {
        FinnedFrankenSwordfish: "0341", "fff3", "Finned Franken Swordfish", Unfair, 410, Fish(finned, Franken, 3), NotChain, Pattern;
    }
    fish "fff4", 6900, false => {
        FinnedFrankenJellyfish: "0342", "fff4", "Finned Franken Jellyfish", Unfair, 430, Fish(finned, Franken, 4), NotChain, Pattern;
    }
    fish "fff5", 7000, false => {
        FinnedFrankenSquirmbag: "0343", "fff5", "Finned Franken Squirmbag", Extreme, 470, Fish(finned, Franken, 5), NotChain, Pattern;
    }
    fish "fff6", 7100, false => {
        FinnedFrankenWhale: "0344", "fff6", "Finned Franken Whale", Extreme, 470, Fish(finned, Franken, 6), NotChain, Pattern;
    }
    fish "fff7", 7200, false => {
        FinnedFrankenLeviathan: "0345", "fff7", "Finned Franken Leviathan", Extreme, 470, Fish(finned, Franken, 7), NotChain, Pattern;
    }
    fish "mf2", 7300, false => {
        MutantXWing: "0350", "mf2", "Mutant X-Wing", Extreme, 450, Fish(plain, Mutant, 2), NotChain, Pattern;
    }
    fish "mf3", 7400, false => {
        MutantSwordfish: "0351", "mf3", "Mutant Swordfish", Extreme, 450, Fish(plain, Mutant, 3), NotChain, Pattern;
    }
    fish "mf4", 7500, false => {
        MutantJellyfish: "0352", "mf4", "Mutant Jellyfish", Extreme, 450, Fish(plain, Mutant, 4), NotChain, Pattern;
    }
    fish "mf5", 7600, false => {
        MutantSquirmbag: "0353", "mf5", "Mutant Squirmbag", Extreme, 470, Fish(plain, Mutant, 5), NotChain, Pattern;
    }
    fish "mf6", 7700, false => {
        MutantWhale: "0354", "mf6", "Mutant Whale", Extreme, 470, Fish(plain, Mutant, 6), NotChain, Pattern;
    }
    fish "mf7", 7800, false => {
        MutantLeviathan: "0355", "mf7", "Mutant Leviathan", Extreme, 470, Fish(plain, Mutant, 7), NotChain, Pattern;
    }
    fish "fmf2", 7900, false => {
        FinnedMutantXWing: "0360", "fmf2", "Finned Mutant X-Wing", Extreme, 470, Fish(finned, Mutant, 2), NotChain, Pattern;
    }
    fish "fmf3", 8000, false => {
        FinnedMutantSwordfish: "0361", "fmf3", "Finned Mutant Swordfish", Extreme, 470, Fish(finned, Mutant, 3), NotChain, Pattern;
    }
    fish "fmf4", 8100, false => {
        FinnedMutantJellyfish: "0362", "fmf4", "Finned Mutant Jellyfish", Extreme, 470, Fish(finned, Mutant, 4), NotChain, Pattern;
    }
    fish "fmf5", 8200, false => {
        FinnedMutantSquirmbag: "0363", "fmf5", "Finned Mutant Squirmbag", Extreme, 470, Fish(finned, Mutant, 5), NotChain, Pattern;
    }
    fish "fmf6", 8300, false => {
        FinnedMutantWhale: "0364", "fmf6", "Finned Mutant Whale", Extreme, 470, Fish(finned, Mutant, 6), NotChain, Pattern;
    }
    fish "fmf7", 8400, false => {
        FinnedMutantLeviathan: "0365", "fmf7", "Finned Mutant Leviathan", Extreme, 470, Fish(finned, Mutant, 7), NotChain, Pattern;
    }
    slot "kf", 8450, false, Some(kraken::find_kraken_fish) => {
        KrakenFishType1: "0371", "kf1", "Kraken Fish Type 1", Extreme, 500, Kraken, Forcing, Pattern;
        KrakenFishType2: "0372", "kf2", "Kraken Fish Type 2", Extreme, 500, Kraken, Forcing, Pattern;
    }
    slot "fc", 8500, true, Some(forcing::find_forcing_chains) => {
        ForcingChainContradiction: "1301", "fcc", "Forcing Chain Contradiction", Extreme, 500, Chain, Forcing, Eliminated;
        ForcingChainVerity: "1302", "fcv", "Forcing Chain Verity", Extreme, 500, Chain, Forcing, Pattern;
    }
    slot "fn", 8600, true, Some(forcing::find_forcing_nets) => {
        ForcingNetContradiction: "1303", "fnc", "Forcing Net Contradiction", Extreme, 700, Chain, Forcing, Eliminated;
        ForcingNetVerity: "1304", "fnv", "Forcing Net Verity", Extreme, 700, Chain, Forcing, Pattern;
    }
    slot "ts", 8700, false, Some(templates::template_set) => {
        TemplateSet: "1201", "ts", "Template Set", Extreme, 10000, Pattern, NotChain, Pattern;
    }
    slot "td", 8800, false, Some(templates::template_delete) => {
        TemplateDelete: "1202", "td", "Template Delete", Extreme, 10000, Pattern, NotChain, Pattern;
    }
    slot "bf", 8900, true, Some(brute_force::brute_force) => {
        BruteForce: "xxxx", "bf", "Brute Force", Extreme, 10000, Single, NotChain, Pattern;
    }
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
            assert!(t.slot().find.is_some(), "{t:?}");
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
