//! Sukaku Explainer's techniques: [`SeTechnique`] and SE's name of each, declared from the one
//! table of SE's producers (`se_table!`) with its finder column left out, so this module imports
//! no finder; `table.rs` expands the same rows again with the finders. Adding a technique is one
//! row of `se_table!`.

use crate::solver::step::facts::{ChainKind, Family};

/// SE's hint producers in the order Sukaku Explainer's `Solver` tries them with its default
/// settings (the original rating scheme): for each, its technique, SE's name of the technique
/// (`SolvingTechnique.toString()`), whether the default settings enable it, and its finder
/// (a path in `se`). The rows are handed to `$then`, a macro that takes
/// `Variant, "name", on, finder;` rows.
macro_rules! se_table {
    ($then:ident) => {
        $then! {
            HiddenSingle, "Hidden Single", true, singles::hidden_single;
            DirectPointing, "Direct Pointing", true, intersections::direct_pointing;
            DirectHiddenPair, "Direct Hidden Pair", true, sets::direct_hidden_pair;
            NakedSingle, "Naked Single", true, singles::naked_single;
            DirectHiddenTriplet, "Direct Hidden Triplet", true, sets::direct_hidden_triplet;
            PointingClaiming, "Pointing & Claiming", true, intersections::pointing_claiming;
            NakedPair, "Naked Pair", true, sets::naked_pair;
            XWing, "X-Wing", true, fish::x_wing;
            HiddenPair, "Hidden Pair", true, sets::hidden_pair;
            NakedTriplet, "Naked Triplet", true, sets::naked_triplet;
            Swordfish, "Swordfish", true, fish::swordfish;
            HiddenTriplet, "Hidden Triplet", true, sets::hidden_triplet;
            TurbotFish, "Scraper, Kite, Turbot", true, links::turbot_fish;
            XYWing, "XY-Wing", true, wings::xy_wing;
            XYZWing, "XYZ-Wing", true, wings::xyz_wing;
            UniqueLoop, "Unique Rectangle / Loop", true, unique::unique_loops;
            NakedQuad, "Naked Quad", true, sets::naked_quad;
            Jellyfish, "Jellyfish", true, fish::jellyfish;
            HiddenQuad, "Hidden Quad", true, sets::hidden_quad;
            ThreeStrongLinks, "3 Strong-linked Fishes", true, links::three_strong_links;
            WXYZWing, "WXYZ-Wing", true, wxyz::wxyz_wing;
            BivalueUniversalGrave, "Bivalue Universal Grave", true, bug::bug;
            FourStrongLinks, "4 Strong-Linked Fishes", true, links::four_strong_links;
            VWXYZWing, "VWXYZ-Wing", true, wxyz::vwxyz_wing;
            AlignedPairExclusion, "Aligned Pair Exclusion", true, aligned::aligned_pair_exclusion;
            UVWXYZWing, "UVWXYZ-Wing", true, wxyz::uvwxyz_wing;
            ForcingChainCycle, "Forcing Chains & Cycles", true, chains::cycles;
            TUVWXYZWing, "TUVWXYZ-Wing", true, wxyz::tuvwxyz_wing;
            AlignedTripletExclusion, "Aligned Triplet Exclusion", true, aligned::aligned_triplet_exclusion;
            NishioForcingChain, "Nishio Forcing Chains", true, chains::nishio;
            MultipleForcingChain, "Multiple Forcing Chains", true, chains::multiple;
            DynamicForcingChain, "Dynamic Forcing Chains", true, chains::dynamic;
            DynamicForcingChainPlus, "Dynamic Forcing Chains (+)", true, chains::dynamic_plus;
            NestedForcingChain, "Nested Forcing Chains", true, chains::nested;
        }
    };
}
pub(crate) use se_table;

/// Declares [`SeTechnique`] and its names from the table's rows, the finders left out.
macro_rules! declare {
    ($( $t:ident, $name:literal, $on:literal, $find:path; )*) => {
        /// Sukaku Explainer's techniques (its `SolvingTechnique`), in SE's search order. Only
        /// those its default settings enable are searched; the name is SE's.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum SeTechnique {
            $( $t, )*
        }

        impl SeTechnique {
            /// Every technique, in SE's search order.
            pub const ALL: &'static [SeTechnique] = &[$( SeTechnique::$t, )*];

            /// SE's name of the technique (`Nested Forcing Chains`).
            pub const fn name(self) -> &'static str {
                match self {
                    $( SeTechnique::$t => $name, )*
                }
            }

            /// Whether Sukaku Explainer's default settings enable the technique.
            pub const fn default_on(self) -> bool {
                match self {
                    $( SeTechnique::$t => $on, )*
                }
            }
        }
    };
}
se_table!(declare);

impl SeTechnique {
    /// The kind of facts a step of the technique carries: a single places one digit, a chain
    /// producer's step proves with chains (one per branch of a forcing chain or net), every
    /// other rule is a pattern of cells (SE's fish give no base or cover sets).
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
