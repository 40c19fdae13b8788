//! Bivalue Universal Grave + 1 (HoDoKu 2.2's `UniquenessSolver.getBugPlus1`).
//!
//! Every unsolved cell but one is bivalue, that one has three candidates, and every house holds
//! each digit at most twice except the row, column and box of that cell, which hold one digit
//! three times. That digit is the cell's value: the cell's other candidates go.

use super::single_digit::{elim_suffix, free};
use super::Context;
use crate::domain::{Cell, Digit, House};
use crate::solver::{Candidate, Grid, Step, Technique};

pub fn find_bug_plus_1(grid: &Grid, _ctx: &Context) -> Option<Step> {
    let mut index3: Option<Cell> = None;
    for c in grid.unsolved() {
        match grid.candidates(c).len() {
            0..=2 => {}
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
    step.values = vec![cand3];
    step.cells = vec![index3];
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
