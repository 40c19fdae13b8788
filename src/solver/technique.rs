//! HoDoKu's techniques: library code, argument name, English name, level, base score and the
//! default search order (hodoku.md §1). Techniques a later issue implements keep their slot here.

use std::fmt;

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

/// A solving technique, in HoDoKu's default search order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Full House (`fh`, 0000)
    FullHouse,
    /// Naked Single (`n1`, 0003)
    NakedSingle,
    /// Hidden Single (`h1`, 0002)
    HiddenSingle,
    /// Locked Pair (`l2`, 0110)
    LockedPair,
    /// Locked Triple (`l3`, 0111)
    LockedTriple,
    /// Locked Candidates Type 1 (Pointing) (`lc1`, 0100)
    LockedCandidates1,
    /// Locked Candidates Type 2 (Claiming) (`lc2`, 0101)
    LockedCandidates2,
    /// Naked Pair (`n2`, 0200)
    NakedPair,
    /// Naked Triple (`n3`, 0201)
    NakedTriple,
    /// Hidden Pair (`h2`, 0210)
    HiddenPair,
    /// Hidden Triple (`h3`, 0211)
    HiddenTriple,
    /// Naked Quadruple (`n4`, 0202)
    NakedQuadruple,
    /// Hidden Quadruple (`h4`, 0212)
    HiddenQuadruple,
    /// X-Wing (`bf2`, 0300)
    XWing,
    /// Swordfish (`bf3`, 0301)
    Swordfish,
    /// Jellyfish (`bf4`, 0302)
    Jellyfish,
    /// Remote Pair (`rp`, 0703)
    RemotePair,
    /// Bivalue Universal Grave + 1 (`bug1`, 0610)
    BugPlus1,
    /// Skyscraper (`sk`, 0400)
    Skyscraper,
    /// 2-String Kite (`2sk`, 0401)
    TwoStringKite,
    /// Dual 2-String Kite (`d2sk`, 0404)
    DualTwoStringKite,
    /// Turbot Fish (`tf`, 0403)
    TurbotFish,
    /// Empty Rectangle (`er`, 0402)
    EmptyRectangle,
    /// Dual Empty Rectangle (`der`, 0405)
    DualEmptyRectangle,
    /// W-Wing (`w`, 0803)
    WWing,
    /// XY-Wing (`xy`, 0800)
    XyWing,
    /// XYZ-Wing (`xyz`, 0801)
    XyzWing,
    /// Uniqueness Test 1 (`u1`, 0600)
    Uniqueness1,
    /// Uniqueness Test 2 (`u2`, 0601)
    Uniqueness2,
    /// Uniqueness Test 3 (`u3`, 0602)
    Uniqueness3,
    /// Uniqueness Test 4 (`u4`, 0603)
    Uniqueness4,
    /// Uniqueness Test 5 (`u5`, 0604)
    Uniqueness5,
    /// Uniqueness Test 6 (`u6`, 0605)
    Uniqueness6,
    /// Hidden Rectangle (`hr`, 0606)
    HiddenRectangle,
    /// Avoidable Rectangle Type 1 (`ar1`, 0607)
    AvoidableRectangle1,
    /// Avoidable Rectangle Type 2 (`ar2`, 0608)
    AvoidableRectangle2,
    /// Finned X-Wing (`fbf2`, 0310)
    FinnedXWing,
    /// Sashimi X-Wing (`sbf2`, 0320)
    SashimiXWing,
    /// Finned Swordfish (`fbf3`, 0311)
    FinnedSwordfish,
    /// Sashimi Swordfish (`sbf3`, 0321)
    SashimiSwordfish,
    /// Finned Jellyfish (`fbf4`, 0312)
    FinnedJellyfish,
    /// Sashimi Jellyfish (`sbf4`, 0322)
    SashimiJellyfish,
    /// Sue de Coq (`sdc`, 1101)
    SueDeCoq,
    /// Simple Colors Trap (`sc1`, 0500)
    SimpleColorsTrap,
    /// Simple Colors Wrap (`sc2`, 0501)
    SimpleColorsWrap,
    /// Multi Colors 1 (`mc1`, 0502)
    MultiColors1,
    /// Multi Colors 2 (`mc2`, 0503)
    MultiColors2,
    /// X-Chain (`x`, 0701)
    XChain,
    /// XY-Chain (`xyc`, 0702)
    XyChain,
    /// Continuous Nice Loop (`cnl`, 0706)
    ContinuousNiceLoop,
    /// Discontinuous Nice Loop (`dnl`, 0707)
    DiscontinuousNiceLoop,
    /// AIC (`aic`, 0708)
    Aic,
    /// Grouped Continuous Nice Loop (`gcnl`, 0709)
    GroupedContinuousNiceLoop,
    /// Grouped Discontinuous Nice Loop (`gdnl`, 0710)
    GroupedDiscontinuousNiceLoop,
    /// Grouped AIC (`gaic`, 0711)
    GroupedAic,
    /// Almost Locked Set XZ-Rule (`axz`, 0901)
    AlsXz,
    /// Almost Locked Set XY-Wing (`axy`, 0902)
    AlsXyWing,
    /// Almost Locked Set Chain (`ach`, 0903)
    AlsXyChain,
    /// Franken X-Wing (`ff2`, 0330)
    FrankenXWing,
    /// Franken Swordfish (`ff3`, 0331)
    FrankenSwordfish,
    /// Finned Franken X-Wing (`fff2`, 0340)
    FinnedFrankenXWing,
    /// Finned Franken Swordfish (`fff3`, 0341)
    FinnedFrankenSwordfish,
    /// Forcing Chain Contradiction (`fcc`, 1301)
    ForcingChainContradiction,
    /// Forcing Chain Verity (`fcv`, 1302)
    ForcingChainVerity,
    /// Forcing Net Contradiction (`fnc`, 1303)
    ForcingNetContradiction,
    /// Forcing Net Verity (`fnv`, 1304)
    ForcingNetVerity,
    /// Brute Force (`bf`, xxxx)
    BruteForce,
}

impl Technique {
    /// Every technique, in default search order.
    pub const ALL: [Technique; 67] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::LockedCandidates1,
        Technique::LockedCandidates2,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::NakedQuadruple,
        Technique::HiddenQuadruple,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::RemotePair,
        Technique::BugPlus1,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::DualTwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::DualEmptyRectangle,
        Technique::WWing,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::Uniqueness1,
        Technique::Uniqueness2,
        Technique::Uniqueness3,
        Technique::Uniqueness4,
        Technique::Uniqueness5,
        Technique::Uniqueness6,
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle1,
        Technique::AvoidableRectangle2,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::SueDeCoq,
        Technique::SimpleColorsTrap,
        Technique::SimpleColorsWrap,
        Technique::MultiColors1,
        Technique::MultiColors2,
        Technique::XChain,
        Technique::XyChain,
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::AlsXyChain,
        Technique::FrankenXWing,
        Technique::FrankenSwordfish,
        Technique::FinnedFrankenXWing,
        Technique::FinnedFrankenSwordfish,
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
        Technique::BruteForce,
    ];

    /// HoDoKu library code (`getLibraryType`); `xxxx` for Brute Force.
    pub const fn code(self) -> &'static str {
        match self {
            Technique::FullHouse => "0000",
            Technique::NakedSingle => "0003",
            Technique::HiddenSingle => "0002",
            Technique::LockedPair => "0110",
            Technique::LockedTriple => "0111",
            Technique::LockedCandidates1 => "0100",
            Technique::LockedCandidates2 => "0101",
            Technique::NakedPair => "0200",
            Technique::NakedTriple => "0201",
            Technique::HiddenPair => "0210",
            Technique::HiddenTriple => "0211",
            Technique::NakedQuadruple => "0202",
            Technique::HiddenQuadruple => "0212",
            Technique::XWing => "0300",
            Technique::Swordfish => "0301",
            Technique::Jellyfish => "0302",
            Technique::RemotePair => "0703",
            Technique::BugPlus1 => "0610",
            Technique::Skyscraper => "0400",
            Technique::TwoStringKite => "0401",
            Technique::DualTwoStringKite => "0404",
            Technique::TurbotFish => "0403",
            Technique::EmptyRectangle => "0402",
            Technique::DualEmptyRectangle => "0405",
            Technique::WWing => "0803",
            Technique::XyWing => "0800",
            Technique::XyzWing => "0801",
            Technique::Uniqueness1 => "0600",
            Technique::Uniqueness2 => "0601",
            Technique::Uniqueness3 => "0602",
            Technique::Uniqueness4 => "0603",
            Technique::Uniqueness5 => "0604",
            Technique::Uniqueness6 => "0605",
            Technique::HiddenRectangle => "0606",
            Technique::AvoidableRectangle1 => "0607",
            Technique::AvoidableRectangle2 => "0608",
            Technique::FinnedXWing => "0310",
            Technique::SashimiXWing => "0320",
            Technique::FinnedSwordfish => "0311",
            Technique::SashimiSwordfish => "0321",
            Technique::FinnedJellyfish => "0312",
            Technique::SashimiJellyfish => "0322",
            Technique::SueDeCoq => "1101",
            Technique::SimpleColorsTrap => "0500",
            Technique::SimpleColorsWrap => "0501",
            Technique::MultiColors1 => "0502",
            Technique::MultiColors2 => "0503",
            Technique::XChain => "0701",
            Technique::XyChain => "0702",
            Technique::ContinuousNiceLoop => "0706",
            Technique::DiscontinuousNiceLoop => "0707",
            Technique::Aic => "0708",
            Technique::GroupedContinuousNiceLoop => "0709",
            Technique::GroupedDiscontinuousNiceLoop => "0710",
            Technique::GroupedAic => "0711",
            Technique::AlsXz => "0901",
            Technique::AlsXyWing => "0902",
            Technique::AlsXyChain => "0903",
            Technique::FrankenXWing => "0330",
            Technique::FrankenSwordfish => "0331",
            Technique::FinnedFrankenXWing => "0340",
            Technique::FinnedFrankenSwordfish => "0341",
            Technique::ForcingChainContradiction => "1301",
            Technique::ForcingChainVerity => "1302",
            Technique::ForcingNetContradiction => "1303",
            Technique::ForcingNetVerity => "1304",
            Technique::BruteForce => "xxxx",
        }
    }

    /// HoDoKu's short argument name (`getArgName`).
    pub const fn arg(self) -> &'static str {
        match self {
            Technique::FullHouse => "fh",
            Technique::NakedSingle => "n1",
            Technique::HiddenSingle => "h1",
            Technique::LockedPair => "l2",
            Technique::LockedTriple => "l3",
            Technique::LockedCandidates1 => "lc1",
            Technique::LockedCandidates2 => "lc2",
            Technique::NakedPair => "n2",
            Technique::NakedTriple => "n3",
            Technique::HiddenPair => "h2",
            Technique::HiddenTriple => "h3",
            Technique::NakedQuadruple => "n4",
            Technique::HiddenQuadruple => "h4",
            Technique::XWing => "bf2",
            Technique::Swordfish => "bf3",
            Technique::Jellyfish => "bf4",
            Technique::RemotePair => "rp",
            Technique::BugPlus1 => "bug1",
            Technique::Skyscraper => "sk",
            Technique::TwoStringKite => "2sk",
            Technique::DualTwoStringKite => "d2sk",
            Technique::TurbotFish => "tf",
            Technique::EmptyRectangle => "er",
            Technique::DualEmptyRectangle => "der",
            Technique::WWing => "w",
            Technique::XyWing => "xy",
            Technique::XyzWing => "xyz",
            Technique::Uniqueness1 => "u1",
            Technique::Uniqueness2 => "u2",
            Technique::Uniqueness3 => "u3",
            Technique::Uniqueness4 => "u4",
            Technique::Uniqueness5 => "u5",
            Technique::Uniqueness6 => "u6",
            Technique::HiddenRectangle => "hr",
            Technique::AvoidableRectangle1 => "ar1",
            Technique::AvoidableRectangle2 => "ar2",
            Technique::FinnedXWing => "fbf2",
            Technique::SashimiXWing => "sbf2",
            Technique::FinnedSwordfish => "fbf3",
            Technique::SashimiSwordfish => "sbf3",
            Technique::FinnedJellyfish => "fbf4",
            Technique::SashimiJellyfish => "sbf4",
            Technique::SueDeCoq => "sdc",
            Technique::SimpleColorsTrap => "sc1",
            Technique::SimpleColorsWrap => "sc2",
            Technique::MultiColors1 => "mc1",
            Technique::MultiColors2 => "mc2",
            Technique::XChain => "x",
            Technique::XyChain => "xyc",
            Technique::ContinuousNiceLoop => "cnl",
            Technique::DiscontinuousNiceLoop => "dnl",
            Technique::Aic => "aic",
            Technique::GroupedContinuousNiceLoop => "gcnl",
            Technique::GroupedDiscontinuousNiceLoop => "gdnl",
            Technique::GroupedAic => "gaic",
            Technique::AlsXz => "axz",
            Technique::AlsXyWing => "axy",
            Technique::AlsXyChain => "ach",
            Technique::FrankenXWing => "ff2",
            Technique::FrankenSwordfish => "ff3",
            Technique::FinnedFrankenXWing => "fff2",
            Technique::FinnedFrankenSwordfish => "fff3",
            Technique::ForcingChainContradiction => "fcc",
            Technique::ForcingChainVerity => "fcv",
            Technique::ForcingNetContradiction => "fnc",
            Technique::ForcingNetVerity => "fnv",
            Technique::BruteForce => "bf",
        }
    }

    /// English name as HoDoKu prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::NakedSingle => "Naked Single",
            Technique::HiddenSingle => "Hidden Single",
            Technique::LockedPair => "Locked Pair",
            Technique::LockedTriple => "Locked Triple",
            Technique::LockedCandidates1 => "Locked Candidates Type 1 (Pointing)",
            Technique::LockedCandidates2 => "Locked Candidates Type 2 (Claiming)",
            Technique::NakedPair => "Naked Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::HiddenPair => "Hidden Pair",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::NakedQuadruple => "Naked Quadruple",
            Technique::HiddenQuadruple => "Hidden Quadruple",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::RemotePair => "Remote Pair",
            Technique::BugPlus1 => "Bivalue Universal Grave + 1",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::DualTwoStringKite => "Dual 2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::DualEmptyRectangle => "Dual Empty Rectangle",
            Technique::WWing => "W-Wing",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::Uniqueness1 => "Uniqueness Test 1",
            Technique::Uniqueness2 => "Uniqueness Test 2",
            Technique::Uniqueness3 => "Uniqueness Test 3",
            Technique::Uniqueness4 => "Uniqueness Test 4",
            Technique::Uniqueness5 => "Uniqueness Test 5",
            Technique::Uniqueness6 => "Uniqueness Test 6",
            Technique::HiddenRectangle => "Hidden Rectangle",
            Technique::AvoidableRectangle1 => "Avoidable Rectangle Type 1",
            Technique::AvoidableRectangle2 => "Avoidable Rectangle Type 2",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::SashimiXWing => "Sashimi X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::SashimiSwordfish => "Sashimi Swordfish",
            Technique::FinnedJellyfish => "Finned Jellyfish",
            Technique::SashimiJellyfish => "Sashimi Jellyfish",
            Technique::SueDeCoq => "Sue de Coq",
            Technique::SimpleColorsTrap => "Simple Colors Trap",
            Technique::SimpleColorsWrap => "Simple Colors Wrap",
            Technique::MultiColors1 => "Multi Colors 1",
            Technique::MultiColors2 => "Multi Colors 2",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::ContinuousNiceLoop => "Continuous Nice Loop",
            Technique::DiscontinuousNiceLoop => "Discontinuous Nice Loop",
            Technique::Aic => "AIC",
            Technique::GroupedContinuousNiceLoop => "Grouped Continuous Nice Loop",
            Technique::GroupedDiscontinuousNiceLoop => "Grouped Discontinuous Nice Loop",
            Technique::GroupedAic => "Grouped AIC",
            Technique::AlsXz => "Almost Locked Set XZ-Rule",
            Technique::AlsXyWing => "Almost Locked Set XY-Wing",
            Technique::AlsXyChain => "Almost Locked Set Chain",
            Technique::FrankenXWing => "Franken X-Wing",
            Technique::FrankenSwordfish => "Franken Swordfish",
            Technique::FinnedFrankenXWing => "Finned Franken X-Wing",
            Technique::FinnedFrankenSwordfish => "Finned Franken Swordfish",
            Technique::ForcingChainContradiction => "Forcing Chain Contradiction",
            Technique::ForcingChainVerity => "Forcing Chain Verity",
            Technique::ForcingNetContradiction => "Forcing Net Contradiction",
            Technique::ForcingNetVerity => "Forcing Net Verity",
            Technique::BruteForce => "Brute Force",
        }
    }

    /// Difficulty level.
    pub const fn level(self) -> Level {
        match self {
            Technique::FullHouse => Level::Easy,
            Technique::NakedSingle => Level::Easy,
            Technique::HiddenSingle => Level::Easy,
            Technique::LockedPair => Level::Medium,
            Technique::LockedTriple => Level::Medium,
            Technique::LockedCandidates1 => Level::Medium,
            Technique::LockedCandidates2 => Level::Medium,
            Technique::NakedPair => Level::Medium,
            Technique::NakedTriple => Level::Medium,
            Technique::HiddenPair => Level::Medium,
            Technique::HiddenTriple => Level::Medium,
            Technique::NakedQuadruple => Level::Hard,
            Technique::HiddenQuadruple => Level::Hard,
            Technique::XWing => Level::Hard,
            Technique::Swordfish => Level::Hard,
            Technique::Jellyfish => Level::Hard,
            Technique::RemotePair => Level::Hard,
            Technique::BugPlus1 => Level::Hard,
            Technique::Skyscraper => Level::Hard,
            Technique::TwoStringKite => Level::Hard,
            Technique::DualTwoStringKite => Level::Hard,
            Technique::TurbotFish => Level::Hard,
            Technique::EmptyRectangle => Level::Hard,
            Technique::DualEmptyRectangle => Level::Hard,
            Technique::WWing => Level::Hard,
            Technique::XyWing => Level::Hard,
            Technique::XyzWing => Level::Hard,
            Technique::Uniqueness1 => Level::Hard,
            Technique::Uniqueness2 => Level::Hard,
            Technique::Uniqueness3 => Level::Hard,
            Technique::Uniqueness4 => Level::Hard,
            Technique::Uniqueness5 => Level::Hard,
            Technique::Uniqueness6 => Level::Hard,
            Technique::HiddenRectangle => Level::Hard,
            Technique::AvoidableRectangle1 => Level::Hard,
            Technique::AvoidableRectangle2 => Level::Hard,
            Technique::FinnedXWing => Level::Hard,
            Technique::SashimiXWing => Level::Hard,
            Technique::FinnedSwordfish => Level::Unfair,
            Technique::SashimiSwordfish => Level::Unfair,
            Technique::FinnedJellyfish => Level::Unfair,
            Technique::SashimiJellyfish => Level::Unfair,
            Technique::SueDeCoq => Level::Unfair,
            Technique::SimpleColorsTrap => Level::Hard,
            Technique::SimpleColorsWrap => Level::Hard,
            Technique::MultiColors1 => Level::Hard,
            Technique::MultiColors2 => Level::Hard,
            Technique::XChain => Level::Unfair,
            Technique::XyChain => Level::Unfair,
            Technique::ContinuousNiceLoop => Level::Unfair,
            Technique::DiscontinuousNiceLoop => Level::Unfair,
            Technique::Aic => Level::Unfair,
            Technique::GroupedContinuousNiceLoop => Level::Unfair,
            Technique::GroupedDiscontinuousNiceLoop => Level::Unfair,
            Technique::GroupedAic => Level::Unfair,
            Technique::AlsXz => Level::Unfair,
            Technique::AlsXyWing => Level::Unfair,
            Technique::AlsXyChain => Level::Unfair,
            Technique::FrankenXWing => Level::Unfair,
            Technique::FrankenSwordfish => Level::Unfair,
            Technique::FinnedFrankenXWing => Level::Unfair,
            Technique::FinnedFrankenSwordfish => Level::Unfair,
            Technique::ForcingChainContradiction => Level::Extreme,
            Technique::ForcingChainVerity => Level::Extreme,
            Technique::ForcingNetContradiction => Level::Extreme,
            Technique::ForcingNetVerity => Level::Extreme,
            Technique::BruteForce => Level::Extreme,
        }
    }

    /// Base score.
    pub const fn base_score(self) -> u32 {
        match self {
            Technique::FullHouse => 4,
            Technique::NakedSingle => 4,
            Technique::HiddenSingle => 14,
            Technique::LockedPair => 40,
            Technique::LockedTriple => 60,
            Technique::LockedCandidates1 => 50,
            Technique::LockedCandidates2 => 50,
            Technique::NakedPair => 60,
            Technique::NakedTriple => 80,
            Technique::HiddenPair => 70,
            Technique::HiddenTriple => 100,
            Technique::NakedQuadruple => 120,
            Technique::HiddenQuadruple => 150,
            Technique::XWing => 140,
            Technique::Swordfish => 150,
            Technique::Jellyfish => 160,
            Technique::RemotePair => 110,
            Technique::BugPlus1 => 100,
            Technique::Skyscraper => 130,
            Technique::TwoStringKite => 150,
            Technique::DualTwoStringKite => 150,
            Technique::TurbotFish => 120,
            Technique::EmptyRectangle => 120,
            Technique::DualEmptyRectangle => 120,
            Technique::WWing => 150,
            Technique::XyWing => 160,
            Technique::XyzWing => 180,
            Technique::Uniqueness1 => 100,
            Technique::Uniqueness2 => 100,
            Technique::Uniqueness3 => 100,
            Technique::Uniqueness4 => 100,
            Technique::Uniqueness5 => 100,
            Technique::Uniqueness6 => 100,
            Technique::HiddenRectangle => 100,
            Technique::AvoidableRectangle1 => 100,
            Technique::AvoidableRectangle2 => 100,
            Technique::FinnedXWing => 130,
            Technique::SashimiXWing => 150,
            Technique::FinnedSwordfish => 200,
            Technique::SashimiSwordfish => 240,
            Technique::FinnedJellyfish => 250,
            Technique::SashimiJellyfish => 260,
            Technique::SueDeCoq => 250,
            Technique::SimpleColorsTrap => 150,
            Technique::SimpleColorsWrap => 150,
            Technique::MultiColors1 => 200,
            Technique::MultiColors2 => 200,
            Technique::XChain => 260,
            Technique::XyChain => 260,
            Technique::ContinuousNiceLoop => 280,
            Technique::DiscontinuousNiceLoop => 280,
            Technique::Aic => 280,
            Technique::GroupedContinuousNiceLoop => 300,
            Technique::GroupedDiscontinuousNiceLoop => 300,
            Technique::GroupedAic => 300,
            Technique::AlsXz => 300,
            Technique::AlsXyWing => 320,
            Technique::AlsXyChain => 340,
            Technique::FrankenXWing => 300,
            Technique::FrankenSwordfish => 350,
            Technique::FinnedFrankenXWing => 390,
            Technique::FinnedFrankenSwordfish => 410,
            Technique::ForcingChainContradiction => 500,
            Technique::ForcingChainVerity => 500,
            Technique::ForcingNetContradiction => 700,
            Technique::ForcingNetVerity => 700,
            Technique::BruteForce => 10000,
        }
    }

    /// HoDoKu's solver order index (lower is tried first).
    pub const fn order(self) -> u32 {
        match self {
            Technique::FullHouse => 100,
            Technique::NakedSingle => 200,
            Technique::HiddenSingle => 300,
            Technique::LockedPair => 1000,
            Technique::LockedTriple => 1100,
            Technique::LockedCandidates1 => 1200,
            Technique::LockedCandidates2 => 1210,
            Technique::NakedPair => 1300,
            Technique::NakedTriple => 1400,
            Technique::HiddenPair => 1500,
            Technique::HiddenTriple => 1600,
            Technique::NakedQuadruple => 2000,
            Technique::HiddenQuadruple => 2100,
            Technique::XWing => 2200,
            Technique::Swordfish => 2300,
            Technique::Jellyfish => 2400,
            Technique::RemotePair => 2800,
            Technique::BugPlus1 => 2900,
            Technique::Skyscraper => 3000,
            Technique::TwoStringKite => 3100,
            Technique::DualTwoStringKite => 3100,
            Technique::TurbotFish => 3120,
            Technique::EmptyRectangle => 3170,
            Technique::DualEmptyRectangle => 3170,
            Technique::WWing => 3200,
            Technique::XyWing => 3300,
            Technique::XyzWing => 3400,
            Technique::Uniqueness1 => 3500,
            Technique::Uniqueness2 => 3600,
            Technique::Uniqueness3 => 3700,
            Technique::Uniqueness4 => 3800,
            Technique::Uniqueness5 => 3900,
            Technique::Uniqueness6 => 4000,
            Technique::HiddenRectangle => 4010,
            Technique::AvoidableRectangle1 => 4020,
            Technique::AvoidableRectangle2 => 4030,
            Technique::FinnedXWing => 4100,
            Technique::SashimiXWing => 4200,
            Technique::FinnedSwordfish => 4300,
            Technique::SashimiSwordfish => 4400,
            Technique::FinnedJellyfish => 4500,
            Technique::SashimiJellyfish => 4600,
            Technique::SueDeCoq => 5300,
            Technique::SimpleColorsTrap => 5330,
            Technique::SimpleColorsWrap => 5330,
            Technique::MultiColors1 => 5360,
            Technique::MultiColors2 => 5360,
            Technique::XChain => 5400,
            Technique::XyChain => 5500,
            Technique::ContinuousNiceLoop => 5600,
            Technique::DiscontinuousNiceLoop => 5600,
            Technique::Aic => 5600,
            Technique::GroupedContinuousNiceLoop => 5650,
            Technique::GroupedDiscontinuousNiceLoop => 5650,
            Technique::GroupedAic => 5650,
            Technique::AlsXz => 5700,
            Technique::AlsXyWing => 5800,
            Technique::AlsXyChain => 5900,
            Technique::FrankenXWing => 6100,
            Technique::FrankenSwordfish => 6200,
            Technique::FinnedFrankenXWing => 6700,
            Technique::FinnedFrankenSwordfish => 6800,
            Technique::ForcingChainContradiction => 8500,
            Technique::ForcingChainVerity => 8500,
            Technique::ForcingNetContradiction => 8600,
            Technique::ForcingNetVerity => 8600,
            Technique::BruteForce => 8900,
        }
    }

    /// Finds a technique by library code or argument name.
    pub fn from_code(s: &str) -> Option<Technique> {
        Technique::ALL
            .into_iter()
            .find(|t| t.code() == s || t.arg() == s)
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
        let mut codes: Vec<_> = Technique::ALL.iter().map(|t| t.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), Technique::ALL.len());
        assert_eq!(Technique::from_code("0803"), Some(Technique::WWing));
        assert_eq!(Level::from_name("unfair"), Some(Level::Unfair));
    }
}
