//! `SeStep`: one deduction of the Sudoku Explainer engine, and `SeTechnique`, its technique.

use super::name::SeName;
use crate::domain::Cell;
use crate::solver::technique::{ChainKind, Family};
use crate::solver::{Candidate, ChainLink};
use std::fmt;

/// A Sudoku Explainer difficulty in tenths (`12` is SE's 1.2): SE rates with one decimal, so
/// tenths keep every comparison exact.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as SE prints it (`1.2`, `10.0`).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// Sukaku Explainer's techniques (its `SolvingTechnique`), in its order. Only those its default
/// settings enable are searched; the name is SE's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SeTechnique {
    HiddenSingle,
    DirectPointing,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriplet,
    PointingClaiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriplet,
    Swordfish,
    HiddenTriplet,
    TurbotFish,
    XYWing,
    XYZWing,
    WXYZWing,
    UniqueLoop,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    ThreeStrongLinks,
    VWXYZWing,
    BivalueUniversalGrave,
    FourStrongLinks,
    AlignedPairExclusion,
    UVWXYZWing,
    ForcingChainCycle,
    TUVWXYZWing,
    AlignedTripletExclusion,
    NishioForcingChain,
    MultipleForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain,
}

/// One step of the SE engine: what it places or removes, its difficulty and how to show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeStep {
    pub technique: SeTechnique,
    /// SE's name of the hint (its `getName()`), e.g. `Dynamic Cell Forcing Chains`.
    pub name: SeName,
    pub difficulty: Difficulty,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates removed by the step.
    pub eliminations: Vec<Candidate>,
    /// The pattern's cells, for highlighting.
    pub cells: Vec<Cell>,
    /// Chains to draw, each a list of links; a forcing chain or net has one per branch.
    pub chains: Vec<Vec<ChainLink>>,
    /// One text line per chain or branch, for listing and copying.
    pub branches: Vec<String>,
    /// SE's hint name with what it does, e.g. `Hidden Single: r1c2=5` or
    /// `Dynamic Forcing Chain (+): r4c5<>3`.
    pub text: String,
}

impl SeStep {
    /// A step without chains: its text is SE's hint line, `name: details`.
    pub fn new(technique: SeTechnique, name: SeName, difficulty: u16, details: &str) -> SeStep {
        SeStep {
            technique,
            name,
            difficulty: Difficulty(difficulty),
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            chains: Vec::new(),
            branches: Vec::new(),
            text: format!("{name}: {details}"),
        }
    }

    /// SE's name of the hint (`Hidden Single`, `Direct Claiming`, `Unique Rectangle type 2`,
    /// `Dynamic Cell Forcing Chains`).
    pub fn name(&self) -> SeName {
        self.name
    }

    /// Whether the step places a digit (what ends SE's pearl rating).
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }
}

impl SeTechnique {
    /// The kind of facts a step of the technique carries as a [`crate::solver::Step`]: a single
    /// places one digit, a chain producer's step proves with chains (one per branch of a
    /// forcing chain or net), every other rule is a pattern of cells (SE's fish give no base or
    /// cover sets).
    pub const fn family(self) -> Family {
        use SeTechnique as S;
        match self {
            S::HiddenSingle | S::NakedSingle => Family::Single,
            S::ForcingChainCycle
            | S::NishioForcingChain
            | S::MultipleForcingChain
            | S::DynamicForcingChain
            | S::DynamicForcingChainPlus
            | S::NestedForcingChain => Family::Chain,
            _ => Family::Pattern,
        }
    }

    /// Whether the technique is a chain and how its chains are written: SE's chains, cycles
    /// and nets are branches that each end in what they prove.
    pub const fn chain_kind(self) -> ChainKind {
        match self.family() {
            Family::Chain => ChainKind::Forcing,
            _ => ChainKind::NotChain,
        }
    }
}
