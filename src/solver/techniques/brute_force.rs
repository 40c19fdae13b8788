//! Brute Force exactly as HoDoKu: place the solution's digit in the middle unsolved cell
//! (`unsolved[len / 2]` in cell order).

use super::Context;
use crate::domain::Cell;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

pub fn brute_force(grid: &Grid, ctx: &Context) -> Option<Step> {
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
/// in index order and digits ascending, i.e. the smallest solution in cell order. Forward checking
/// (a branch dies as soon as a cell has no digit left) keeps it fast without changing the result.
pub fn first_solution_in_cell_order(values: &[u8; 81]) -> Option<[u8; 81]> {
    first_solution_in_cell_order_limited(values, u64::MAX).flatten()
}

/// [`first_solution_in_cell_order`] giving up (`None`) after `max_nodes` placements;
/// `Some(None)` means the values have no solution.
pub fn first_solution_in_cell_order_limited(
    values: &[u8; 81],
    max_nodes: u64,
) -> Option<Option<[u8; 81]>> {
    first_solution_in_cell_order_within(values, &[0x1FF; 81], max_nodes)
}

/// [`first_solution_in_cell_order_limited`] where each empty cell may only take the digits of
/// `allowed` (bit `d` for digit `d + 1`): a state's candidates, so that its eliminations hold.
pub fn first_solution_in_cell_order_within(
    values: &[u8; 81],
    allowed: &[u16; 81],
    max_nodes: u64,
) -> Option<Option<[u8; 81]>> {
    let mut nodes = 0u64;
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    let mut grid = *values;
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let bit = 1u16 << (v - 1);
        let (r, c, b) = Cell::row_col_box(i);
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return Some(None);
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    let empties: Vec<usize> = (0..81).filter(|&i| values[i] == 0).collect();
    let free = |rows: &[u16; 9], cols: &[u16; 9], boxes: &[u16; 9], i: usize| -> u16 {
        let (r, c, b) = Cell::row_col_box(i);
        !(rows[r] | cols[c] | boxes[b]) & allowed[i] & 0x1FF
    };
    if empties.iter().any(|&i| free(&rows, &cols, &boxes, i) == 0) {
        return None;
    }
    // Explicit stack: for each depth, the digits still to try.
    let mut tried: Vec<u16> = vec![0; empties.len()];
    let mut depth = 0usize;
    let mut entering = true;
    loop {
        if depth == empties.len() {
            return Some(Some(grid));
        }
        nodes += 1;
        if nodes > max_nodes {
            return None;
        }
        let i = empties[depth];
        let (r, c, b) = Cell::row_col_box(i);
        if entering {
            tried[depth] = free(&rows, &cols, &boxes, i);
        } else {
            // Undo the digit placed at this depth.
            let bit = 1u16 << (grid[i] - 1);
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            grid[i] = 0;
        }
        let mut advanced = false;
        while tried[depth] != 0 {
            let bit = tried[depth] & tried[depth].wrapping_neg();
            tried[depth] &= !bit;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            let dead = empties[depth + 1..]
                .iter()
                .any(|&j| free(&rows, &cols, &boxes, j) == 0);
            if dead {
                rows[r] &= !bit;
                cols[c] &= !bit;
                boxes[b] &= !bit;
                continue;
            }
            grid[i] = bit.trailing_zeros() as u8 + 1;
            advanced = true;
            break;
        }
        if advanced {
            depth += 1;
            entering = true;
        } else {
            if depth == 0 {
                return Some(None);
            }
            depth -= 1;
            entering = false;
        }
    }
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
        let s = first_solution_in_cell_order_within(&[0; 81], &allowed, u64::MAX)
            .flatten()
            .unwrap();
        assert_eq!(s[0], 2);
        allowed[0] = 0;
        assert_eq!(
            first_solution_in_cell_order_within(&[0; 81], &allowed, u64::MAX),
            None
        );
    }
}
