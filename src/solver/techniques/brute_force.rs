//! Brute Force exactly as HoDoKu: place the solution's digit in the middle unsolved cell
//! (`unsolved[len / 2]` in cell order).

use std::ops::ControlFlow;

use super::Context;
use crate::solver::exact;
use crate::solver::finder::Sink;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// The one Brute Force step of a state with a solution.
pub fn brute_force(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    match brute_force_step(grid, ctx) {
        Some(step) => out(step),
        None => ControlFlow::Continue(()),
    }
}

fn brute_force_step(grid: &Grid, ctx: &Context) -> Option<Step> {
    let solution = ctx.solution.as_ref()?;
    let unsolved: Vec<_> = grid.unsolved().iter().collect();
    let cell = *unsolved.get(unsolved.len() / 2)?;
    let digit = solution[cell.index()];
    // A state that removed the solution's digit has no solution: nothing to place.
    if !grid.candidates(cell).contains(digit) {
        return None;
    }
    let mut s = Step::new(Technique::BruteForce);
    s.placements.push(Candidate::new(cell, digit));
    s.facts = Facts::Single {
        cell,
        digit,
        house: None,
    };
    s.text = format!("Brute Force: {cell}={digit}");
    Some(s)
}

/// HoDoKu's brute-force solution of `values` (0 = empty): the first solution found trying cells
/// in index order and digits ascending, i.e. the smallest solution in cell order, as the exact
/// solver finds it ([`exact::smallest_solution_within`]).
pub fn first_solution_in_cell_order(values: &[u8; 81]) -> Option<[u8; 81]> {
    let allowed = std::array::from_fn(|i| match values[i] {
        0 => 0x1FF,
        v @ 1..=9 => 1 << (v - 1),
        _ => 0,
    });
    first_solution_in_cell_order_within(&allowed)
}

/// [`first_solution_in_cell_order`] where each cell may only take the digits of `allowed` (bit
/// `d` for digit `d + 1`; a filled cell its value): a state's candidates, so that its
/// eliminations hold.
pub fn first_solution_in_cell_order_within(allowed: &[u16; 81]) -> Option<[u8; 81]> {
    exact::smallest_solution_within(allowed).map(|s| *s.values())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_order_solution_is_the_smallest() {
        // An empty grid: the smallest solution starts 123456789 / 456789123 / 789123456.
        let s = first_solution_in_cell_order(&[0; 81]).unwrap();
        assert_eq!(&s[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(&s[9..18], &[4, 5, 6, 7, 8, 9, 1, 2, 3]);
        let mut bad = [0u8; 81];
        bad[0] = 5;
        bad[1] = 5;
        assert_eq!(first_solution_in_cell_order(&bad), None);
    }

    #[test]
    fn allowed_digits_are_respected() {
        // r1c1 may not take 1: the smallest solution then starts with 2.
        let mut allowed = [0x1FF; 81];
        allowed[0] = 0x1FE;
        let s = first_solution_in_cell_order_within(&allowed).unwrap();
        assert_eq!(s[0], 2);
        allowed[0] = 0;
        assert_eq!(first_solution_in_cell_order_within(&allowed), None);
    }
}
