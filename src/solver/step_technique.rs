//! Which engine a [`Step`] comes from and its technique there, typed: a [`StepTechnique`] is
//! one of HoDoKu's [`Technique`]s, or one of Sudoku Explainer's [`SeTechnique`]s with SE's
//! difficulty of the step.
//!
//! An enum over the two engines' technique enums, not one merged list: each engine keeps its
//! own table (HoDoKu's `technique.rs` with its codes, levels and scores; SE's `se/table.rs`
//! with its names and producers, and [`SeTechnique::family`]), and a step names one entry of
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

use super::se::{Difficulty, SeName, SeStep, SeTechnique};
use super::technique::{ChainKind, Family};
use super::{Facts, Step, Technique};
use crate::domain::Digit;

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
    /// One of Sudoku Explainer's techniques, SE's name of the step's hint (what every view
    /// shows) and SE's difficulty of the step.
    Se(SeTechnique, SeName, Difficulty),
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
            StepTechnique::Se(t, _, d) => Some((t, d)),
        }
    }

    /// The technique's name in its engine's table: HoDoKu's English name, or the name of
    /// SE's producer (`Dynamic Forcing Chains`); a step is shown with its hint's name
    /// (`Display`).
    pub fn name(self) -> &'static str {
        match self {
            StepTechnique::Hodoku(t) => t.name(),
            StepTechnique::Se(t, ..) => t.name(),
        }
    }

    /// The kind of facts the technique's steps carry.
    pub const fn family(self) -> Family {
        match self {
            StepTechnique::Hodoku(t) => t.family(),
            StepTechnique::Se(t, ..) => t.family(),
        }
    }

    /// Whether the technique is a chain and how its chains are written.
    pub const fn chain_kind(self) -> ChainKind {
        match self {
            StepTechnique::Hodoku(t) => t.chain_kind(),
            StepTechnique::Se(t, ..) => t.chain_kind(),
        }
    }

    /// How hard the step is: HoDoKu's base score, or SE's difficulty.
    pub const fn rating(self) -> StepRating {
        match self {
            StepTechnique::Hodoku(t) => StepRating::Score(t.base_score()),
            StepTechnique::Se(.., d) => StepRating::Se(d),
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

/// The technique as a user reads it: HoDoKu's name (`X-Wing`), or SE's name of the hint with
/// SE's difficulty of the step (`Dynamic Cell Forcing Chains (8.9)`).
impl fmt::Display for StepTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepTechnique::Hodoku(t) => f.write_str(t.name()),
            StepTechnique::Se(_, n, d) => write!(f, "{n} ({d})"),
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

/// An SE step as a [`Step`]: SE's technique and difficulty, its placements and eliminations,
/// SE's text, and facts of its technique's family: a single's cell and digit, a chain
/// producer's chains (one per branch of a forcing chain or net) with the cells they cross, or
/// the pattern's cells with the eliminated digits.
impl From<&SeStep> for Step {
    fn from(s: &SeStep) -> Step {
        let technique = StepTechnique::Se(s.technique, s.name, s.difficulty);
        let facts = match (technique.family(), s.placements.as_slice()) {
            (Family::Chain, _) => Facts::Chain {
                digits: Vec::new(),
                cells: s.cells.clone(),
                houses: Vec::new(),
                marks: Vec::new(),
                chains: s.chains.clone(),
            },
            (Family::Single, [p]) if s.eliminations.is_empty() => Facts::Single {
                cell: p.cell,
                digit: p.digit,
                house: None,
            },
            _ => {
                let mut digits: Vec<Digit> = s.eliminations.iter().map(|c| c.digit).collect();
                digits.sort();
                digits.dedup();
                Facts::Pattern {
                    digits,
                    cells: s.cells.clone(),
                    houses: Vec::new(),
                    marks: Vec::new(),
                }
            }
        };
        Step {
            technique,
            placements: s.placements.clone(),
            eliminations: s.eliminations.clone(),
            facts,
            text: s.text.clone(),
        }
    }
}

impl From<SeStep> for Step {
    fn from(s: SeStep) -> Step {
        Step::from(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;
    use crate::domain::Board;
    use crate::solver::Grid;

    /// The first puzzle of forum_hardest_1106 after r2c9=2, where HoDoKu's techniques find
    /// nothing and SE's next step is a nested forcing chain.
    const STUCK: &str =
        "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
    /// A puzzle that singles solve.
    const EASY: &str =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";

    fn se_step(s: &str) -> SeStep {
        let board: Board = codec::decode_any(s).unwrap().board;
        crate::solver::se::next_step(&Grid::from_board(&board)).unwrap()
    }

    #[test]
    fn an_se_chain_is_a_step_of_its_se_technique_with_its_difficulty_and_chains() {
        let se = se_step(STUCK);
        let step = Step::from(&se);
        assert_eq!(
            step.technique,
            StepTechnique::Se(SeTechnique::NestedForcingChain, se.name, Difficulty(103))
        );
        assert_eq!(step.technique.engine(), StepEngine::Se);
        assert_eq!(step.technique.hodoku(), None);
        assert_eq!(step.technique.name(), "Nested Forcing Chains");
        assert_eq!(
            step.technique.to_string(),
            "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3)"
        );
        assert_eq!(step.technique.rating(), StepRating::Se(Difficulty(103)));
        assert_eq!(step.technique.family(), Family::Chain);
        assert_eq!(step.technique.chain_kind(), ChainKind::Forcing);
        assert!(step.facts.is_of(step.technique.family()));
        // What it does and how SE says it are kept; the chains are the facts, one a branch.
        assert_eq!(step.text, se.text);
        assert_eq!(step.placements, se.placements);
        assert_eq!(step.eliminations, se.eliminations);
        assert_eq!(step.chains(), se.chains.as_slice());
        assert_eq!(step.chains().len(), 3);
        assert_eq!(step.facts.cells(), se.cells);
        assert_eq!(
            step.line(),
            "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): \
             Region Forcing Chains: 3 in row ==> r6c5.4 off"
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
        let se = se_step(EASY);
        let step = Step::from(se.clone());
        assert_eq!(
            step.technique,
            StepTechnique::Se(
                SeTechnique::HiddenSingle,
                SeName::HiddenSingle,
                Difficulty(12)
            )
        );
        assert_eq!(step.technique.to_string(), "Hidden Single (1.2)");
        assert_eq!(step.technique.family(), Family::Single);
        assert_eq!(step.technique.chain_kind(), ChainKind::NotChain);
        let [p] = se.placements.as_slice() else {
            panic!("one placement: {}", se.text)
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
        let mut se = SeStep::new(
            SeTechnique::XWing,
            SeName::Fish(2),
            32,
            "Rows 1,5 on value 4",
        );
        let c = |i| crate::domain::Cell::from_index(i);
        let d4 = Digit::new(4).unwrap();
        se.cells = vec![c(0), c(8), c(36), c(44)];
        se.eliminations = vec![super::super::Candidate::new(c(9), d4)];
        let step = Step::from(&se);
        assert_eq!(step.technique.to_string(), "X-Wing (3.2)");
        assert_eq!(step.technique.family(), Family::Pattern);
        assert_eq!(step.facts.cells(), se.cells);
        assert_eq!(step.facts.digits(), vec![d4]);
        assert!(step.facts.is_of(step.technique.family()));
        assert_eq!(step.hodoku_equivalent(), Technique::XWing);
    }

    #[test]
    fn every_se_technique_has_a_name_a_family_and_a_hodoku_equivalent() {
        for p in crate::solver::se::PRODUCERS {
            let t = StepTechnique::Se(p.technique, SeName::XYWing, Difficulty(50));
            assert_eq!(t.name(), p.name);
            assert_eq!(t.to_string(), "XY-Wing (5.0)");
            let chain = t.chain_kind() == ChainKind::Forcing;
            assert_eq!(chain, t.family() == Family::Chain, "{:?}", p.technique);
            for places in [false, true] {
                let h = hodoku_equivalent(p.technique, places);
                assert_ne!(h, Technique::BruteForce);
                assert_eq!(
                    h.chain_kind() == ChainKind::Forcing,
                    chain,
                    "{:?}",
                    p.technique
                );
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
        assert_eq!(step.hodoku_equivalent(), Technique::XWing);
    }
}
