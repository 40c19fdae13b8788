//! The fish of the all-steps list (HoDoKu's `getAllFishes` in its find-all mode): one search over
//! every size and kind the settings allow, finless and finned together; per digit, one fish per
//! set of eliminations, the first found unless a later one is of a simpler kind (a basic fish
//! before a finned one, a smaller before a larger), which then takes its place.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::options::FishListing;
use super::order::fish_rank;
use crate::domain::{CellSet, Digit};
use crate::solver::techniques::fish::{
    fish_step, search_within, FishCandidate, FishCategory, FishKind, FishSearch, FishShape,
};
use crate::solver::{Grid, Step, Technique};

/// Where a fish comes in HoDoKu's search: digit, rows as base sets before columns, then the
/// base sets and the cover sets in lexicographic order (a prefix before its extensions).
type SearchPlace = (u8, u8, Vec<usize>, Vec<usize>);

fn place(fish: &FishCandidate) -> SearchPlace {
    use crate::domain::House;
    let columns_base = fish.base().iter().any(|h| matches!(h, House::Col(_)))
        && !fish.base().iter().any(|h| matches!(h, House::Row(_)));
    (
        fish.digit.get(),
        u8::from(columns_base),
        fish.base().iter().map(|h| h.index()).collect(),
        fish.cover().iter().map(|h| h.index()).collect(),
    )
}

/// HoDoKu's category of a fish (`createFishStep`): basic for rows against columns; Franken
/// for rows, or rows and boxes, against columns, or columns and boxes (or the other way
/// round); every other fish is Mutant (boxes against boxes, rows against boxes alone).
fn category(fish: &FishCandidate) -> FishCategory {
    use crate::domain::House;
    let mask = |hs: &[House]| {
        hs.iter().fold(0u8, |m, h| {
            m | match h {
                House::Row(_) => 1,
                House::Col(_) => 2,
                House::Box(_) => 4,
            }
        })
    };
    let (b, c) = (mask(fish.base()), mask(fish.cover()));
    if (b, c) == (1, 2) || (b, c) == (2, 1) {
        FishCategory::Basic
    } else if (matches!(b, 1 | 5) && matches!(c, 2 | 6))
        || (matches!(b, 2 | 6) && matches!(c, 1 | 5))
    {
        FishCategory::Franken
    } else {
        FishCategory::Mutant
    }
}

/// The technique of a found fish: its category, size and fins.
fn technique_of(fish: &FishCandidate) -> Technique {
    let finned = !fish.all_fins().is_empty();
    let kind = FishKind {
        category: category(fish),
        size: fish.size(),
        finned,
        sashimi: finned && fish.is_sashimi(),
    };
    Technique::of_fish(kind.normalized())
}

/// Every fish the settings allow, folded as HoDoKu folds them, in its search order. (A search
/// of Franken shape also meets fish HoDoKu calls Mutant: rows or boxes alone against boxes.)
pub fn list_fish(grid: &Grid, opts: &FishListing) -> Vec<Step> {
    if !opts.enabled || opts.min_size > opts.max_size {
        return Vec::new();
    }
    let shape = match opts.max_category {
        FishCategory::Basic => FishShape::Basic,
        FishCategory::Franken => FishShape::Franken,
        FishCategory::Mutant => FishShape::Mutant,
    };
    let mut found: Vec<(SearchPlace, Technique, CellSet, Step)> = Vec::new();
    for finned in [false, true] {
        let mut p = FishSearch::new(shape, opts.max_size, finned);
        p.min_size = opts.min_size.clamp(2, 7);
        p.max_size = opts.max_size.clamp(p.min_size, 7);
        p.max_fins = opts.max_fins;
        p.max_endo_fins = opts.max_endo_fins;
        let digits = Digit::ALL.into_iter().filter(|d| opts.digits.contains(*d));
        let _ = search_within(grid, digits, &p, &[CellSet::ALL; 9], |fish| {
            let elims = fish.eliminations();
            if !elims.is_empty() {
                let t = technique_of(fish);
                found.push((place(fish), t, elims, fish_step(t, fish, elims)));
            }
            ControlFlow::Continue(())
        });
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    // Fish of a kind beyond the settings take part in the folding (a simpler one found later
    // takes their place), then stay out.
    let max = opts.max_category;
    fold(found)
        .into_iter()
        .filter(|s| {
            s.technique
                .hodoku()
                .and_then(|t| t.fish())
                .is_some_and(|k| k.category <= max)
        })
        .collect()
}

/// Per digit, one fish per set of eliminations: the first, replaced in place by a later one of
/// a strictly simpler kind.
fn fold(found: Vec<(SearchPlace, Technique, CellSet, Step)>) -> Vec<Step> {
    let mut out: Vec<(Technique, Step)> = Vec::new();
    let mut at: HashMap<(u8, CellSet), usize> = HashMap::new();
    for (place, t, elims, step) in found {
        match at.get(&(place.0, elims)) {
            Some(&i) => {
                if fish_rank(t) < fish_rank(out[i].0) {
                    out[i] = (t, step);
                }
            }
            None => {
                at.insert((place.0, elims), out.len());
                out.push((t, step));
            }
        }
    }
    out.into_iter().map(|(_, s)| s).collect()
}
