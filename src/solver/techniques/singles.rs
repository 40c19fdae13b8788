//! Full House, Naked Single and Hidden Single, chosen as HoDoKu chooses them: the first live entry
//! of the grid's singles queues (see [`Grid`]).

use std::ops::ControlFlow;

use super::Context;
use crate::domain::{Cell, Digit, House};
use crate::solver::basic;
use crate::solver::finder::Sink;
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

/// Full House: every naked single in queue order that is the last empty cell of a house.
pub fn full_house(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for &(cell, digit) in grid.naked_single_queue() {
        if grid.value(cell).is_some() || !grid.candidates(cell).contains(digit) {
            continue;
        }
        if let Some(h) = cell
            .houses()
            .into_iter()
            .find(|&h| is_last_in(grid, h, digit))
        {
            out(single_step(Technique::FullHouse, cell, digit, Some(h)))?;
        }
    }
    ControlFlow::Continue(())
}

/// Naked Single. HoDoKu's hint takes the first live entry of the naked-single queue, its list
/// of every step scans the cells in order: the finder reports the queue's step first, then
/// every naked single in cell order (the table marks it as leading with its hint). With no
/// live entry it reports nothing (a cell down to one candidate without a queue entry needs
/// candidates added back by hand).
pub fn naked_single(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(&(cell, digit)) = grid.naked_single_queue().iter().find(|&&(cell, digit)| {
        grid.value(cell).is_none() && grid.candidates(cell).contains(digit)
    }) else {
        return ControlFlow::Continue(());
    };
    out(single_step(Technique::NakedSingle, cell, digit, None))?;
    for (c, d) in basic::naked_singles(grid) {
        out(single_step(Technique::NakedSingle, c, d, None))?;
    }
    ControlFlow::Continue(())
}

/// Hidden Single. HoDoKu's hint takes the first entry of the hidden-single queue whose cell is
/// unsolved, and stops there even when that entry is no longer a hidden single; its list of
/// every step scans the houses. The finder reports the queue's step first, then every hidden
/// single, one per cell and digit (the first house it is alone in), by house (blocks, rows,
/// columns as HoDoKu lists them) then digit (the table marks it as leading with its hint).
/// Where the hint finds none it reports nothing (a stale entry at the head of the queue needs
/// candidates added back by hand or an inconsistent state).
pub fn hidden_single(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(&(cell, digit)) = grid
        .hidden_single_queue()
        .iter()
        .find(|&&(cell, _)| grid.value(cell).is_none())
    else {
        return ControlFlow::Continue(());
    };
    if !grid.candidates(cell).contains(digit) {
        return ControlFlow::Continue(());
    }
    let Some(h) = cell
        .houses()
        .into_iter()
        .find(|&h| grid.free(h, digit) == 1)
    else {
        return ControlFlow::Continue(());
    };
    out(single_step(Technique::HiddenSingle, cell, digit, Some(h)))?;
    let mut seen: Vec<Candidate> = Vec::new();
    for i in 0..27 {
        let h = House::from_index((i + 18) % 27);
        for d in Digit::ALL {
            let Some(cell) = basic::single_position(grid, h, d) else {
                continue;
            };
            let placed = Candidate::new(cell, d);
            if grid.value(cell).is_some() || seen.contains(&placed) {
                continue;
            }
            seen.push(placed);
            out(single_step(Technique::HiddenSingle, cell, d, Some(h)))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::technique::Technique;
    use crate::solver::techniques::all::slot_steps;
    use crate::solver::techniques::common::test_support::{c, ctx, d};

    /// A grid where r9c9 drops to one candidate (1) before r1c1 (9): the queue and the cell
    /// order disagree.
    fn two_naked_singles() -> Grid {
        let mut g = Grid::new();
        for n in 2..=9 {
            g.eliminate(c(9, 9), d(n));
        }
        for n in 1..=8 {
            g.eliminate(c(1, 1), d(n));
        }
        g
    }

    #[test]
    fn naked_single_hint_follows_the_queue_and_its_list_the_cells() {
        let g = two_naked_singles();
        let texts = |steps: Vec<Step>| steps.into_iter().map(|s| s.text).collect::<Vec<_>>();
        let hint = finder::first(naked_single, &g, &ctx()).expect("a naked single");
        assert_eq!(hint.text, "Naked Single: r9c9=1");
        // The finder leads with the hint's step, then lists every naked single in cell order ...
        assert_eq!(
            texts(finder::every(naked_single, &g, &ctx())),
            [
                "Naked Single: r9c9=1",
                "Naked Single: r1c1=9",
                "Naked Single: r9c9=1"
            ]
        );
        // ... and the slot's list leaves that lead out.
        let slot = Technique::NakedSingle.slot();
        assert_eq!(
            texts(slot_steps(slot, &g, &ctx())),
            ["Naked Single: r1c1=9", "Naked Single: r9c9=1"]
        );
    }
}
