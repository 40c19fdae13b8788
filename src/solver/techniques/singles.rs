//! Full House, Naked Single and Hidden Single, chosen as HoDoKu chooses them: the first live entry
//! of the grid's singles queues (see [`Grid`]).

use super::common::{all_of, first_of, Collect};
use super::Context;
use crate::domain::{Cell, Digit, House};
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

fn single_step(t: Technique, cell: Cell, digit: Digit, house: Option<House>) -> Step {
    let mut s = Step::new(t);
    s.placements.push(Candidate::new(cell, digit));
    s.facts = Facts::Single { cell, digit, house };
    s.text = format!("{}: {}={}", t.name(), cell, digit);
    s
}

/// Whether `cell` is the only cell of `h` that still has any candidate other than `digit`
/// (HoDoKu: `free[h][d] == 0` for every other digit).
fn is_last_in(grid: &Grid, h: House, digit: Digit) -> bool {
    Digit::ALL
        .iter()
        .all(|&d| d == digit || grid.house_cells_with(h, d).is_empty())
}

/// Full House: the first naked single in queue order that is the last empty cell of a house.
pub fn full_house(grid: &Grid, _ctx: &Context) -> Option<Step> {
    first_of(|out| full_houses(grid, out))
}

/// Every Full House (the all-steps view).
pub fn all_full_houses(grid: &Grid, _ctx: &Context) -> Vec<Step> {
    all_of(|out| full_houses(grid, out))
}

fn full_houses(grid: &Grid, out: &mut Collect) {
    for &(cell, digit) in grid.naked_single_queue() {
        if grid.value(cell).is_some() || !grid.candidates(cell).contains(digit) {
            continue;
        }
        if let Some(h) = cell
            .houses()
            .into_iter()
            .find(|&h| is_last_in(grid, h, digit))
        {
            if out.push(single_step(Technique::FullHouse, cell, digit, Some(h))) {
                return;
            }
        }
    }
}

/// Naked Single: the first live entry of the naked-single queue.
pub fn naked_single(grid: &Grid, _ctx: &Context) -> Option<Step> {
    grid.naked_single_queue()
        .iter()
        .find(|&&(cell, digit)| grid.value(cell).is_none() && grid.candidates(cell).contains(digit))
        .map(|&(cell, digit)| single_step(Technique::NakedSingle, cell, digit, None))
}

/// Every Naked Single, in cell order (the all-steps view).
pub fn all_naked_singles(grid: &Grid, _ctx: &Context) -> Vec<Step> {
    Cell::all()
        .filter(|&c| grid.value(c).is_none())
        .filter_map(|c| {
            let d = grid.candidates(c).single_digit()?;
            Some(single_step(Technique::NakedSingle, c, d, None))
        })
        .collect()
}

/// Hidden Single: the first entry of the hidden-single queue whose cell is unsolved; HoDoKu stops
/// there even when that entry is no longer a hidden single.
pub fn hidden_single(grid: &Grid, _ctx: &Context) -> Option<Step> {
    let &(cell, digit) = grid
        .hidden_single_queue()
        .iter()
        .find(|&&(cell, _)| grid.value(cell).is_none())?;
    if !grid.candidates(cell).contains(digit) {
        return None;
    }
    let h = cell
        .houses()
        .into_iter()
        .find(|&h| grid.free(h, digit) == 1)?;
    Some(single_step(Technique::HiddenSingle, cell, digit, Some(h)))
}

/// Every Hidden Single, one per cell and digit (the first house it is alone in), by house
/// (blocks, rows, columns as HoDoKu lists them) then digit.
pub fn all_hidden_singles(grid: &Grid, _ctx: &Context) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    for i in 0..27 {
        let h = House::from_index((i + 18) % 27);
        for d in Digit::ALL {
            let cells = grid.house_cells_with(h, d);
            let Some(cell) = cells.first().filter(|_| cells.len() == 1) else {
                continue;
            };
            if grid.value(cell).is_some()
                || out
                    .iter()
                    .any(|s| s.placements[0] == Candidate::new(cell, d))
            {
                continue;
            }
            out.push(single_step(Technique::HiddenSingle, cell, d, Some(h)));
        }
    }
    out
}
