//! Which engine a [`super::Step`] comes from and its technique there, typed: a [`StepTechnique`] is
//! one of HoDoKu's [`Technique`]s, or one of Sudoku Explainer's [`SeTechnique`]s with SE's
//! difficulty of the step.
//!
//! An enum over the two engines' technique enums, not one merged list: each engine keeps its
//! own table (HoDoKu's `technique.rs` with its codes, levels and scores; SE's `se/technique.rs`
//! with its names, generated from the producers' table, and [`SeTechnique::family`]), and a step names one entry of
//! one table. The name, family, chain kind and rating of a step's technique are read from that
//! table, never from its text. SE rates each step, not each technique (a chain's difficulty
//! grows with its length), so the SE variant carries the step's [`Difficulty`]; a HoDoKu
//! step's score is its technique's.
//!
//! Shown, an SE step reads as SE names and rates it: `Dynamic Forcing Chains (8.9)`
//! ([`StepTechnique`]'s `Display`). HoDoKu's own formats need a HoDoKu technique (a library
//! line's code, a path's level and score): there an SE step counts as the HoDoKu technique of
//! the same reasoning, [`hodoku_equivalent`] (docs/hodoku.md §2, "SE steps").

use std::fmt;

use super::facts::{ChainKind, Family};
use crate::solver::se::technique::SeTechnique;
use crate::solver::technique::Technique;

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

/// Which engine gives a step.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum StepEngine {
    /// HoDoKu's techniques.
    #[default]
    Hodoku,
    /// Sudoku Explainer's.
    Se,
}

/// The technique of a step, in the table of the engine that found it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StepTechnique {
    /// One of HoDoKu's techniques.
    Hodoku(Technique),
    /// One of Sudoku Explainer's techniques, and SE's difficulty of the step.
    Se(SeTechnique, Difficulty),
}

/// How hard a step is, as its engine rates it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StepRating {
    /// HoDoKu's base score of the technique.
    Score(u32),
    /// SE's difficulty of the step.
    Se(Difficulty),
}

impl StepTechnique {
    /// The engine whose technique it is.
    pub const fn engine(self) -> StepEngine {
        match self {
            StepTechnique::Hodoku(_) => StepEngine::Hodoku,
            StepTechnique::Se(..) => StepEngine::Se,
        }
    }

    /// HoDoKu's technique, for a HoDoKu step.
    pub const fn hodoku(self) -> Option<Technique> {
        match self {
            StepTechnique::Hodoku(t) => Some(t),
            StepTechnique::Se(..) => None,
        }
    }

    /// SE's technique and the step's difficulty, for an SE step.
    pub const fn se(self) -> Option<(SeTechnique, Difficulty)> {
        match self {
            StepTechnique::Hodoku(_) => None,
            StepTechnique::Se(t, d) => Some((t, d)),
        }
    }

    /// The technique's name in its engine's table: HoDoKu's English name, or SE's
    /// (`Dynamic Forcing Chains`).
    pub fn name(self) -> &'static str {
        match self {
            StepTechnique::Hodoku(t) => t.name(),
            StepTechnique::Se(t, _) => t.name(),
        }
    }

    /// The kind of facts the technique's steps carry.
    pub const fn family(self) -> Family {
        match self {
            StepTechnique::Hodoku(t) => t.family(),
            StepTechnique::Se(t, _) => t.family(),
        }
    }

    /// Whether the technique is a chain and how its chains are written.
    pub const fn chain_kind(self) -> ChainKind {
        match self {
            StepTechnique::Hodoku(t) => t.chain_kind(),
            StepTechnique::Se(t, _) => t.chain_kind(),
        }
    }

    /// How hard the step is: HoDoKu's base score, or SE's difficulty.
    pub const fn rating(self) -> StepRating {
        match self {
            StepTechnique::Hodoku(t) => StepRating::Score(t.base_score()),
            StepTechnique::Se(_, d) => StepRating::Se(d),
        }
    }
}

impl From<Technique> for StepTechnique {
    fn from(t: Technique) -> StepTechnique {
        StepTechnique::Hodoku(t)
    }
}

/// A HoDoKu step's technique compares equal to that technique; an SE step's to none.
impl PartialEq<Technique> for StepTechnique {
    fn eq(&self, other: &Technique) -> bool {
        *self == StepTechnique::Hodoku(*other)
    }
}

/// The technique as a user reads it: HoDoKu's name (`X-Wing`), or SE's name with SE's
/// difficulty of the step (`Dynamic Forcing Chains (8.9)`).
impl fmt::Display for StepTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepTechnique::Hodoku(t) => f.write_str(t.name()),
            StepTechnique::Se(t, d) => write!(f, "{} ({d})", t.name()),
        }
    }
}

/// The HoDoKu technique of the same reasoning as an SE step, for HoDoKu's formats (a library
/// line's code and digits, a path's level and score): the same technique where HoDoKu has it
/// (singles, subsets, basic fish, XY- and XYZ-Wing), the nearest one of its family otherwise
/// (SE's strong-link chains as Turbot Fish, its bigger wings and aligned exclusions as
/// ALS-XZ, its unique loops as Uniqueness Test 1, its BUG as BUG+1), and for SE's chains a
/// forcing chain (forcing chains, cycles, Nishio and multiple chains) or net (dynamic and
/// nested chains), Verity when the step places a digit, Contradiction when it eliminates.
pub fn hodoku_equivalent(t: SeTechnique, places: bool) -> Technique {
    use SeTechnique as S;
    use Technique as T;
    match t {
        S::HiddenSingle => T::HiddenSingle,
        S::NakedSingle => T::NakedSingle,
        S::DirectPointing | S::PointingClaiming => T::LockedCandidates1,
        S::DirectHiddenPair | S::HiddenPair => T::HiddenPair,
        S::DirectHiddenTriplet | S::HiddenTriplet => T::HiddenTriple,
        S::NakedPair => T::NakedPair,
        S::NakedTriplet => T::NakedTriple,
        S::NakedQuad => T::NakedQuadruple,
        S::HiddenQuad => T::HiddenQuadruple,
        S::XWing => T::XWing,
        S::Swordfish => T::Swordfish,
        S::Jellyfish => T::Jellyfish,
        S::TurbotFish | S::ThreeStrongLinks | S::FourStrongLinks => T::TurbotFish,
        S::XYWing => T::XyWing,
        S::XYZWing => T::XyzWing,
        S::WXYZWing
        | S::VWXYZWing
        | S::UVWXYZWing
        | S::TUVWXYZWing
        | S::AlignedPairExclusion
        | S::AlignedTripletExclusion => T::AlsXz,
        S::UniqueLoop => T::Uniqueness1,
        S::BivalueUniversalGrave => T::BugPlus1,
        S::ForcingChainCycle | S::NishioForcingChain | S::MultipleForcingChain => {
            if places {
                T::ForcingChainVerity
            } else {
                T::ForcingChainContradiction
            }
        }
        S::DynamicForcingChain | S::DynamicForcingChainPlus | S::NestedForcingChain => {
            if places {
                T::ForcingNetVerity
            } else {
                T::ForcingNetContradiction
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;
    use crate::domain::{Board, Digit};
    use crate::solver::se::{self, SeContext};
    use crate::solver::{Facts, Grid, Step};

    /// The first puzzle of forum_hardest_1106 after r2c9=2, where HoDoKu's techniques find
    /// nothing and SE's next step is a nested forcing chain.
    const STUCK: &str =
        "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    /// A puzzle that singles solve.
    const EASY: &str =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

    fn se_step(s: &str) -> Step {
        let board: Board = codec::decode_any(s).unwrap().board;
        se::next_step(&Grid::from_board(&board), &SeContext::default()).unwrap()
    }

    #[test]
    fn an_se_chain_is_a_step_of_its_se_technique_with_its_difficulty_and_chains() {
        let step = se_step(STUCK);
        assert_eq!(
            step.technique,
            StepTechnique::Se(SeTechnique::NestedForcingChain, Difficulty(103))
        );
        assert_eq!(step.technique.engine(), StepEngine::Se);
        assert_eq!(step.technique.hodoku(), None);
        assert_eq!(step.technique.name(), "Nested Forcing Chains");
        assert_eq!(step.technique.to_string(), "Nested Forcing Chains (10.3)");
        assert_eq!(step.technique.rating(), StepRating::Se(Difficulty(103)));
        assert_eq!(step.technique.family(), Family::Chain);
        assert_eq!(step.technique.chain_kind(), ChainKind::Forcing);
        assert!(step.facts.is_of(step.technique.family()));
        // SE's own name of the hint (its getName) is a typed field; SE's text of a chain hint
        // begins with other words.
        assert_eq!(
            step.name(),
            "Dynamic Region Forcing Chains (+ Forcing Chains)"
        );
        assert_eq!(step.text, "Region Forcing Chains: 3 in row ==> r6c5.4 off");
        // The chains are the facts, one a branch, each with its line and the cells they cross.
        assert_eq!(step.chains().len(), 3);
        assert_eq!(step.chain_lines.len(), 3);
        assert!(step.chain_lines.iter().all(|l| l.starts_with("If ")));
        let crossed = step.facts.cells();
        assert!(!crossed.is_empty());
        for link in step.chains().iter().flatten() {
            assert!(crossed.contains(&link.to.candidates().next().unwrap().cell));
        }
        assert_eq!(
            step.line(),
            "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): Region Forcing Chains: 3 in \
             row ==> r6c5.4 off"
        );
        // Not HoDoKu's technique, though it counts as its HoDoKu equivalent in HoDoKu's formats.
        assert_ne!(step.technique, Technique::ForcingNetContradiction);
        assert_eq!(step.hodoku_equivalent(), Technique::ForcingNetContradiction);
        let f = step.library_fields();
        assert_eq!((f.code.as_str(), f.digits.as_str()), ("1303", "4"), "{f:?}");
        assert_eq!(f.eliminations, "465");
    }

    #[test]
    fn an_se_single_is_a_single_of_se_named_and_rated_by_se() {
        let step = se_step(EASY);
        assert_eq!(
            step.technique,
            StepTechnique::Se(SeTechnique::HiddenSingle, Difficulty(12))
        );
        assert_eq!(step.technique.to_string(), "Hidden Single (1.2)");
        assert_eq!(step.name(), "Hidden Single");
        assert_eq!(step.technique.family(), Family::Single);
        assert_eq!(step.technique.chain_kind(), ChainKind::NotChain);
        let [p] = step.placements.as_slice() else {
            panic!("one placement: {}", step.text)
        };
        assert_eq!(
            step.facts,
            Facts::Single {
                cell: p.cell,
                digit: p.digit,
                house: None
            }
        );
        assert_eq!(step.hodoku_equivalent(), Technique::HiddenSingle);
        assert!(step.chains().is_empty());
    }

    #[test]
    fn se_pattern_steps_carry_their_cells_and_eliminated_digits() {
        // SE's X-Wing has no base or cover sets: a pattern of cells.
        let c = crate::domain::Cell::from_index;
        let d4 = Digit::new(4).unwrap();
        let cells = vec![c(0), c(8), c(36), c(44)];
        let elims = vec![crate::solver::Candidate::new(c(9), d4)];
        let t = SeTechnique::XWing;
        let step = se::step::elimination(
            t,
            32,
            se::SeName::Fish(2),
            "Rows 1,5 on value 4",
            elims,
            cells.clone(),
        );
        assert_eq!(step.text, "X-Wing: Rows 1,5 on value 4");
        assert_eq!(step.technique.to_string(), "X-Wing (3.2)");
        assert_eq!(step.technique.family(), Family::Pattern);
        assert_eq!(step.facts.cells(), cells);
        assert_eq!(step.facts.digits(), vec![d4]);
        assert!(step.facts.is_of(step.technique.family()));
        assert_eq!(step.hodoku_equivalent(), Technique::XWing);
    }

    #[test]
    fn every_se_technique_has_a_name_a_family_and_a_hodoku_equivalent() {
        assert_eq!(se::PRODUCERS.len(), SeTechnique::ALL.len());
        for (p, &t) in se::PRODUCERS.iter().zip(SeTechnique::ALL) {
            assert_eq!(p.technique, t);
            let st = StepTechnique::Se(t, Difficulty(50));
            assert_eq!(st.name(), t.name());
            assert_eq!(st.to_string(), format!("{} (5.0)", t.name()));
            let chain = st.chain_kind() == ChainKind::Forcing;
            assert_eq!(chain, st.family() == Family::Chain, "{t:?}");
            for places in [false, true] {
                let h = hodoku_equivalent(t, places);
                assert_ne!(h, Technique::BruteForce);
                assert_eq!(h.chain_kind() == ChainKind::Forcing, chain, "{t:?}");
            }
        }
    }

    #[test]
    fn a_hodoku_technique_reads_as_before() {
        let t = StepTechnique::from(Technique::XWing);
        assert_eq!(t, Technique::XWing);
        assert_ne!(t, Technique::Swordfish);
        assert_eq!(t.to_string(), "X-Wing");
        assert_eq!(t.name(), "X-Wing");
        assert_eq!(t.engine(), StepEngine::Hodoku);
        assert_eq!(t.hodoku(), Some(Technique::XWing));
        assert_eq!(t.se(), None);
        assert_eq!(t.rating(), StepRating::Score(140));
        assert_eq!(t.family(), Technique::XWing.family());
        let mut step = Step::new(Technique::XWing);
        step.text = "X-Wing: 4 r15 c19 => r2c1<>4".into();
        assert_eq!(step.line(), step.text);
        assert_eq!(step.name(), "X-Wing");
        assert_eq!(step.hodoku_equivalent(), Technique::XWing);
    }
}
