//! The step finders, one module per technique family, and the registry [`FINDERS`] that the
//! engine walks in HoDoKu's default search order (hodoku.md §1).
//!
//! Every finder is a plain function `fn(&Grid, &Context) -> Option<Step>` returning the step HoDoKu
//! 2.2 would return for its slot (the first one in HoDoKu's iteration order). A step lists its
//! eliminations in the order HoDoKu's `candidatesToDelete` holds them: [`Grid::apply`] replays them
//! in that order, which keeps the singles queues (and so the next single chosen) as in HoDoKu.

use super::{Grid, Step, Technique};
use crate::domain::Digit;

pub mod brute_force;
pub mod bug;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod intersections;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

/// What a finder may know beyond the grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The puzzle (its givens) has exactly one solution: uniqueness techniques are allowed.
    pub unique: bool,
    /// The solution of the current values (the unique one, else HoDoKu's brute-force choice:
    /// the first solution in cell order, digits ascending). `None` when there is none.
    pub solution: Option<[Digit; 81]>,
}

/// A finder: returns the first step of its slot, or `None`.
pub type FindFn = fn(&Grid, &Context) -> Option<Step>;

/// One slot of HoDoKu's search order.
pub struct Finder {
    /// HoDoKu's `index` of the slot (100 for Full House ... 8900 for Brute Force).
    pub order: u32,
    /// The techniques the slot can yield (simple colours: trap and wrap, ...).
    pub techniques: &'static [Technique],
    pub find: FindFn,
}

impl std::fmt::Debug for Finder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Finder")
            .field("order", &self.order)
            .field("techniques", &self.techniques)
            .finish()
    }
}

macro_rules! finder {
    ($order:expr, [$($t:ident),+], $f:path) => {
        Finder { order: $order, techniques: &[$(Technique::$t),+], find: $f }
    };
}

/// Every implemented slot in HoDoKu's default order (ascending `order`). Techniques of later
/// issues (Sue de Coq, nice loops/AIC, grouped loops, ALS, Franken fish, forcing chains/nets)
/// have no finder yet; their slots are simply absent.
pub static FINDERS: &[Finder] = &[
    finder!(100, [FullHouse], singles::full_house),
    finder!(200, [NakedSingle], singles::naked_single),
    finder!(300, [HiddenSingle], singles::hidden_single),
    finder!(1000, [LockedPair], subsets::locked_pair),
    finder!(1100, [LockedTriple], subsets::locked_triple),
    finder!(
        1200,
        [LockedCandidates1],
        intersections::locked_candidates_1
    ),
    finder!(
        1210,
        [LockedCandidates2],
        intersections::locked_candidates_2
    ),
    finder!(1300, [NakedPair], subsets::naked_pair),
    finder!(1400, [NakedTriple], subsets::naked_triple),
    finder!(1500, [HiddenPair], subsets::hidden_pair),
    finder!(1600, [HiddenTriple], subsets::hidden_triple),
    finder!(2000, [NakedQuadruple], subsets::naked_quadruple),
    finder!(2100, [HiddenQuadruple], subsets::hidden_quadruple),
    finder!(2200, [XWing], fish::x_wing),
    finder!(2300, [Swordfish], fish::swordfish),
    finder!(2400, [Jellyfish], fish::jellyfish),
    // ---- BEGIN steps-advanced block A (orders 2800..=4030: rp, bug1, sk, 2sk, tf, er, w, xy,
    // ---- xyz, u1..u6, hr, ar1, ar2). Owned and edited by steps-advanced.
    finder!(2800, [RemotePair], chains::find_remote_pair),
    finder!(2900, [BugPlus1], bug::find_bug_plus_1),
    finder!(3000, [Skyscraper], single_digit::find_skyscraper),
    finder!(3100, [TwoStringKite], single_digit::find_two_string_kite),
    finder!(3120, [TurbotFish], chains::find_turbot_fish),
    finder!(3170, [EmptyRectangle], single_digit::find_empty_rectangle),
    finder!(3200, [WWing], wings::find_w_wing),
    finder!(3300, [XyWing], wings::find_xy_wing),
    finder!(3400, [XyzWing], wings::find_xyz_wing),
    finder!(3500, [Uniqueness1], uniqueness::find_uniqueness_1),
    finder!(3600, [Uniqueness2], uniqueness::find_uniqueness_2),
    finder!(3700, [Uniqueness3], uniqueness::find_uniqueness_3),
    finder!(3800, [Uniqueness4], uniqueness::find_uniqueness_4),
    finder!(3900, [Uniqueness5], uniqueness::find_uniqueness_5),
    finder!(4000, [Uniqueness6], uniqueness::find_uniqueness_6),
    finder!(4010, [HiddenRectangle], uniqueness::find_hidden_rectangle),
    finder!(
        4020,
        [AvoidableRectangle1],
        uniqueness::find_avoidable_rectangle_1
    ),
    finder!(
        4030,
        [AvoidableRectangle2],
        uniqueness::find_avoidable_rectangle_2
    ),
    // ---- END steps-advanced block A
    finder!(4100, [FinnedXWing], fish::finned_x_wing),
    finder!(4200, [SashimiXWing], fish::sashimi_x_wing),
    finder!(4300, [FinnedSwordfish], fish::finned_swordfish),
    finder!(4400, [SashimiSwordfish], fish::sashimi_swordfish),
    finder!(4500, [FinnedJellyfish], fish::finned_jellyfish),
    finder!(4600, [SashimiJellyfish], fish::sashimi_jellyfish),
    // ---- BEGIN steps-advanced block B (orders 5330..=5500: sc, mc, x, xyc).
    // ---- Owned and edited by steps-advanced.
    finder!(
        5330,
        [SimpleColorsTrap, SimpleColorsWrap],
        coloring::find_simple_colors
    ),
    finder!(
        5360,
        [MultiColors1, MultiColors2],
        coloring::find_multi_colors
    ),
    finder!(5400, [XChain], chains::find_x_chain),
    finder!(5500, [XyChain], chains::find_xy_chain),
    // ---- END steps-advanced block B
    finder!(8900, [BruteForce], brute_force::brute_force),
];

/// The first step over [`FINDERS`] in order (a hint), or `None` (only when the grid is solved or
/// has no solution for brute force).
pub fn first_step(grid: &Grid, ctx: &Context) -> Option<Step> {
    if grid.is_solved() {
        return None;
    }
    FINDERS.iter().find_map(|f| (f.find)(grid, ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finders_are_in_hodoku_order_and_match_technique_slots() {
        for w in FINDERS.windows(2) {
            assert!(w[0].order < w[1].order, "{:?} before {:?}", w[0], w[1]);
        }
        for f in FINDERS {
            for t in f.techniques {
                assert_eq!(t.order(), f.order, "{t:?}");
            }
        }
    }
}
