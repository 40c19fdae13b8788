//! SE's hint producers in one table, in the order Sukaku Explainer's `Solver` tries them with
//! its default settings (the original rating scheme): for each, its technique, SE's name of the
//! technique, whether the default settings enable it, and its finder. Adding a technique is one
//! entry. An entry without a finder is listed but never tried.

use std::ops::ControlFlow;

use super::chaining::{self, ChainProducer};
use super::{aligned, bug, fish, intersections, links, sets, singles, unique, wings, wxyz};
use super::{SeStep, SeTechnique};
use crate::solver::Grid;

/// Where a finder reports its hints, in its order; `Break` stops the search (SE's
/// `SingleHintAccumulator` keeps the first hint).
pub type Sink<'a> = dyn FnMut(SeStep) -> ControlFlow<()> + 'a;
/// A rule's search: every hint it finds in the state, in SE's order.
pub type Finder = fn(&Grid, &mut Sink<'_>) -> ControlFlow<()>;

/// One of SE's hint producers.
pub struct Producer {
    pub technique: SeTechnique,
    /// SE's name of the technique (`SolvingTechnique.toString()`).
    pub name: &'static str,
    /// Whether Sukaku Explainer's default settings enable it.
    pub default_on: bool,
    pub find: Option<Finder>,
}

macro_rules! producers {
    ($( $t:ident, $name:literal, $on:literal, $find:expr; )*) => {
        /// SE's producers in its search order.
        pub const PRODUCERS: &[Producer] = &[
            $( Producer { technique: SeTechnique::$t, name: $name, default_on: $on, find: $find }, )*
        ];
    };
}

/// A chain producer of the chain engine: its hints, easiest first (SE sorts them by difficulty,
/// keeping the engine's order among equals).
fn chains(g: &Grid, sink: &mut Sink<'_>, p: ChainProducer) -> ControlFlow<()> {
    let mut hints = chaining::hints(g, p);
    hints.sort_by_key(|h| h.difficulty);
    for h in hints {
        sink(h)?;
    }
    ControlFlow::Continue(())
}

producers! {
    HiddenSingle, "Hidden Single", true, Some(singles::hidden_single);
    DirectPointing, "Direct Pointing", true, Some(intersections::direct_pointing);
    DirectHiddenPair, "Direct Hidden Pair", true, Some(sets::direct_hidden_pair);
    NakedSingle, "Naked Single", true, Some(singles::naked_single);
    DirectHiddenTriplet, "Direct Hidden Triplet", true, Some(sets::direct_hidden_triplet);
    PointingClaiming, "Pointing & Claiming", true, Some(intersections::pointing_claiming);
    NakedPair, "Naked Pair", true, Some(sets::naked_pair);
    XWing, "X-Wing", true, Some(fish::x_wing);
    HiddenPair, "Hidden Pair", true, Some(sets::hidden_pair);
    NakedTriplet, "Naked Triplet", true, Some(sets::naked_triplet);
    Swordfish, "Swordfish", true, Some(fish::swordfish);
    HiddenTriplet, "Hidden Triplet", true, Some(sets::hidden_triplet);
    TurbotFish, "Scraper, Kite, Turbot", true, Some(links::turbot_fish);
    XYWing, "XY-Wing", true, Some(wings::xy_wing);
    XYZWing, "XYZ-Wing", true, Some(wings::xyz_wing);
    UniqueLoop, "Unique Rectangle / Loop", true, Some(unique::unique_loops);
    NakedQuad, "Naked Quad", true, Some(sets::naked_quad);
    Jellyfish, "Jellyfish", true, Some(fish::jellyfish);
    HiddenQuad, "Hidden Quad", true, Some(sets::hidden_quad);
    ThreeStrongLinks, "3 Strong-linked Fishes", true, Some(links::three_strong_links);
    WXYZWing, "WXYZ-Wing", true, Some(wxyz::wxyz_wing);
    BivalueUniversalGrave, "Bivalue Universal Grave", true, Some(bug::bug);
    FourStrongLinks, "4 Strong-Linked Fishes", true, Some(links::four_strong_links);
    VWXYZWing, "VWXYZ-Wing", true, Some(wxyz::vwxyz_wing);
    AlignedPairExclusion, "Aligned Pair Exclusion", true, Some(aligned::aligned_pair_exclusion);
    UVWXYZWing, "UVWXYZ-Wing", true, Some(wxyz::uvwxyz_wing);
    ForcingChainCycle, "Forcing Chains & Cycles", true, Some(|g, s| chains(g, s, ChainProducer::Cycles));
    TUVWXYZWing, "TUVWXYZ-Wing", true, Some(wxyz::tuvwxyz_wing);
    AlignedTripletExclusion, "Aligned Triplet Exclusion", true, Some(aligned::aligned_triplet_exclusion);
    NishioForcingChain, "Nishio Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Nishio));
    MultipleForcingChain, "Multiple Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Multiple));
    DynamicForcingChain, "Dynamic Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Dynamic));
    DynamicForcingChainPlus, "Dynamic Forcing Chains (+)", true, Some(|g, s| chains(g, s, ChainProducer::DynamicPlus));
    NestedForcingChain, "Nested Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Nested(2)));
    NestedForcingChain, "Nested Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Nested(3)));
    NestedForcingChain, "Nested Forcing Chains", true, Some(|g, s| chains(g, s, ChainProducer::Nested(4)));
}

impl SeTechnique {
    /// SE's name of the technique.
    pub fn name(self) -> &'static str {
        PRODUCERS
            .iter()
            .find(|p| p.technique == self)
            .map_or("?", |p| p.name)
    }
}
