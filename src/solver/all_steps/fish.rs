//! The fish of the all-steps list (HoDoKu's `getAllFishes` in its find-all mode): one walk over
//! every size and kind the settings allow, finless and finned together, in HoDoKu's order
//! (digits ascending; rows as base sets, then columns; base sets, then cover sets in
//! lexicographic order). Each fish is shown and typed by the cover sets HoDoKu's list shows
//! ([`FishCandidate::listed_cover`]). Per digit, one fish per set of eliminations: the first
//! found, replaced in place by a later one of a strictly simpler kind (by category, then size,
//! then finned before sashimi).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::options::FishListing;
use super::order::fish_rank;
use crate::domain::{CellSet, Digit};
use crate::solver::techniques::fish::{
    fish_step_covered, search_within, FishCategory, FishSearch, FishShape,
};
use crate::solver::Grid;
use crate::solver::{Step, Technique};

/// Every fish the settings allow, folded as HoDoKu folds them, in its search order.
pub fn list_fish(grid: &Grid, opts: &FishListing) -> Vec<Step> {
    if !opts.enabled || opts.min_size > opts.max_size {
        return Vec::new();
    }
    let shape = match opts.max_category {
        FishCategory::Basic => FishShape::Basic,
        FishCategory::Franken => FishShape::Franken,
        FishCategory::Mutant => FishShape::Mutant,
    };
    let min = opts.min_size.clamp(2, 7);
    let mut p = FishSearch::all_steps(shape, min, opts.max_size.clamp(min, 7));
    p.max_fins = opts.max_fins;
    p.max_endo_fins = opts.max_endo_fins;
    let digits = Digit::ALL.into_iter().filter(|d| opts.digits.contains(*d));
    let mut out: Vec<(Technique, Step)> = Vec::new();
    let mut at: HashMap<(Digit, CellSet), usize> = HashMap::new();
    let _ = search_within(grid, digits, &p, &[CellSet::ALL; 9], |fish| {
        let elims = fish.eliminations();
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let t = Technique::of_fish(fish.listed_kind());
        let step = || fish_step_covered(t, fish, &fish.listed_cover(), elims);
        match at.get(&(fish.digit, elims)) {
            Some(&i) => {
                if fish_rank(t) < fish_rank(out[i].0) {
                    out[i] = (t, step());
                }
            }
            None => {
                at.insert((fish.digit, elims), out.len());
                out.push((t, step()));
            }
        }
        ControlFlow::Continue(())
    });
    out.into_iter().map(|(_, s)| s).collect()
}
