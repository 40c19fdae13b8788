//! Bivalue Universal Grave + 1 (HoDoKu 2.2's `UniquenessSolver.getBugPlus1`).
//!
//! Every unsolved cell but one is bivalue, that one has three candidates, and every house holds
//! each digit at most twice except the row, column and box of that cell, which hold one digit
//! three times. That digit is the cell's value: the cell's other candidates go.

use std::ops::ControlFlow;

use super::common::{elim_suffix, free};
use super::Context;
use crate::domain::{Cell, Digit, House};
use crate::solver::finder::Sink;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// BUG+1 (a state has one at most).
pub fn find_bug_plus_1(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    match bug_plus_1(grid, ctx) {
        Some(step) => out(step),
        None => ControlFlow::Continue(()),
    }
}

fn bug_plus_1(grid: &Grid, ctx: &Context) -> Option<Step> {
    // A uniqueness argument: only for puzzles with one solution.
    if !ctx.unique {
        return None;
    }
    let mut index3: Option<Cell> = None;
    for c in grid.unsolved() {
        match grid.candidates(c).len() {
            // HoDoKu tolerates fewer than two candidates here because singles always come
            // first in its order; requiring exactly two keeps the finder sound on its own.
            2 => {}
            3 if index3.is_none() => index3 = Some(c),
            _ => return None,
        }
    }
    let index3 = index3?;
    let mut cand3: Option<Digit> = None;
    let mut found: [Option<House>; 3] = [None; 3];
    for h in House::ALL {
        let kind = match h {
            House::Row(_) => 0,
            House::Col(_) => 1,
            House::Box(_) => 2,
        };
        for d in Digit::ALL {
            let n = free(grid, h, d);
            if n > 3 {
                return None;
            }
            if n == 3 {
                if found[kind].is_some() || cand3.is_some_and(|x| x != d) {
                    return None;
                }
                cand3 = Some(d);
                found[kind] = Some(h);
            }
        }
    }
    let cand3 = cand3?;
    if found != index3.houses().map(Some) || !grid.candidates(index3).contains(cand3) {
        return None;
    }
    let mut step = Step::new(Technique::BugPlus1);
    step.facts = Facts::Pattern {
        digits: vec![cand3],
        cells: vec![index3],
        houses: Vec::new(),
        marks: Vec::new(),
    };
    step.eliminations = grid
        .candidates(index3)
        .iter()
        .filter(|&d| d != cand3)
        .map(|d| Candidate::new(index3, d))
        .collect();
    if step.eliminations.is_empty() {
        return None;
    }
    step.text = format!(
        "Bivalue Universal Grave + 1{}",
        elim_suffix(&step.eliminations)
    );
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn bug_plus_1_fires_as_hodoku() {
        let g = library(":0000:x:52.+61..+97+18+6+94+7+532+9.75+2.1+6.+6.....7+2.41+8+76+2+359+7.2+3...+1+6+8.9.+362+7.36.+27.+98.2+7+1+85+9+643:446 846 866::");
        let s = finder::first(find_bug_plus_1, &g, &ctx()).expect("BUG_PLUS_1 must fire");
        assert_eq!(s.technique, Technique::BugPlus1);
        assert_eq!(elims(&s), "342 942");
        // HoDoKu 2.2.0's library line: an empty digits field.
        let f = s.library_fields();
        assert_eq!((f.code.as_str(), f.digits.as_str()), ("0610", ""));
    }

    #[test]
    fn bug_plus_1_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+8.2...1.+7415.+9.6387.......46...5...9.8..3.+57...79.18......2....3.8.7.4.5...4.3...:234 635 236 244 246 446 248 251 259 262 462 268 669 571 572 972 174 178 191 991 292 695 297 298::");
        assert_eq!(
            finder::first(find_bug_plus_1, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn bug_plus_1_needs_a_unique_puzzle() {
        let g = library(":0000:x:52.+61..+97+18+6+94+7+532+9.75+2.1+6.+6.....7+2.41+8+76+2+359+7.2+3...+1+6+8.9.+362+7.36.+27.+98.2+7+1+85+9+643:446 846 866::");
        let not_unique = Context {
            unique: false,
            ..Context::default()
        };
        assert_eq!(finder::first(find_bug_plus_1, &g, &not_unique), None);
    }
}
