//! The step engine: the next step HoDoKu would take (a hint), the solution path and the rating.
//!
//! A hint is the first step over [`FINDERS`] in HoDoKu's order on the current state, including the
//! player's eliminations. Uniqueness techniques are allowed only when the puzzle (its givens) has
//! exactly one solution. The path repeats hint + apply until solved; the rating adds the base
//! scores and raises the level while the score exceeds the level's cap (hodoku.md §1).

use super::techniques::brute_force::first_solution_in_cell_order;
use super::techniques::{first_step, Context, FINDERS};
use super::{Grid, Level, Step};
use crate::domain::{Board, Digit};

/// A solution path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub steps: Vec<Step>,
    /// HoDoKu's level of the path (meaningful when `solved`).
    pub level: Level,
    /// Sum of the steps' base scores.
    pub score: u32,
    /// Whether the path ends with every cell filled.
    pub solved: bool,
}

/// HoDoKu's rating of a puzzle or state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    pub level: Level,
    pub score: u32,
    /// False when no path reaches a solution (the position has no solution).
    pub solved: bool,
}

/// The finder context for a board: uniqueness of the givens and the solution of the values.
pub fn context(board: &Board) -> Context {
    let givens = board.givens_only().values_array();
    let (count, unique_solution) = exact_adapter::count_solutions(&givens, 2);
    let unique = count == 1;
    let values = board.values_array();
    let consistent = |sol: &[u8; 81]| values.iter().zip(sol).all(|(&v, &s)| v == 0 || v == s);
    let solution = match unique_solution {
        Some(sol) if unique && consistent(&sol) => Some(sol),
        _ => first_solution_in_cell_order(&values),
    };
    Context {
        unique,
        solution: solution.map(|s| s.map(|d| Digit::new(d).unwrap_or(Digit::ALL[0]))),
    }
}

/// The next step HoDoKu would take on this state, or `None` when it is solved or has no
/// solution.
pub fn next_step(board: &Board) -> Option<Step> {
    let grid = Grid::from_board(board);
    if grid.is_solved() {
        return None;
    }
    first_step(&grid, &context(board))
}

/// The next step on a prepared grid with a prepared context (for callers that keep a [`Grid`]
/// across steps, which preserves HoDoKu's choice among singles).
pub fn next_step_on(grid: &Grid, ctx: &Context) -> Option<Step> {
    first_step(grid, ctx)
}

/// Repeats hint + apply until solved (or stuck).
pub fn solution_path(board: &Board) -> Path {
    let mut grid = Grid::from_board(board);
    let ctx = context(board);
    let mut steps = Vec::new();
    // Every step removes at least one candidate or fills a cell: 81 * 9 bounds the loop.
    for _ in 0..81 * 10 {
        if grid.is_solved() {
            break;
        }
        let Some(step) = first_step(&grid, &ctx) else {
            break;
        };
        if step.is_empty() {
            break;
        }
        grid.apply(&step);
        steps.push(step);
    }
    let solved = grid.is_solved();
    let (level, score) = rating_of(&steps);
    Path {
        steps,
        level,
        score,
        solved,
    }
}

/// HoDoKu's level and score of a list of steps.
pub fn rating_of(steps: &[Step]) -> (Level, u32) {
    let score: u32 = steps.iter().map(|s| s.technique.base_score()).sum();
    let mut level = steps
        .iter()
        .map(|s| s.technique.level())
        .max()
        .unwrap_or(Level::Easy);
    while score > level.max_score() && level != Level::Extreme {
        level = level.next();
    }
    (level, score)
}

/// HoDoKu's rating of the board's current state.
pub fn rate(board: &Board) -> Rating {
    let p = solution_path(board);
    Rating {
        level: p.level,
        score: p.score,
        solved: p.solved,
    }
}

/// The number of implemented finder slots (for diagnostics).
pub fn finder_count() -> usize {
    FINDERS.len()
}

/// Stand-in for `crate::solver::exact` until that module lands: counts solutions of 81 values
/// (0 = empty) up to a limit, with a minimum-remaining-values depth-first search.
mod exact_adapter {
    /// (number of solutions found, up to `limit`; the first solution found).
    pub fn count_solutions(values: &[u8; 81], limit: usize) -> (usize, Option<[u8; 81]>) {
        let mut st = State {
            grid: *values,
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1u16 << (v - 1);
            let (r, c, b) = rcb(i);
            if (st.rows[r] | st.cols[c] | st.boxes[b]) & bit != 0 {
                return (0, None);
            }
            st.rows[r] |= bit;
            st.cols[c] |= bit;
            st.boxes[b] |= bit;
        }
        let mut found = 0;
        let mut first = None;
        search(&mut st, limit, &mut found, &mut first);
        (found, first)
    }

    struct State {
        grid: [u8; 81],
        rows: [u16; 9],
        cols: [u16; 9],
        boxes: [u16; 9],
    }

    #[inline]
    fn rcb(i: usize) -> (usize, usize, usize) {
        (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3)
    }

    fn search(st: &mut State, limit: usize, found: &mut usize, first: &mut Option<[u8; 81]>) {
        let mut best = usize::MAX;
        let mut best_mask = 0u16;
        let mut best_n = 10;
        for i in 0..81 {
            if st.grid[i] != 0 {
                continue;
            }
            let (r, c, b) = rcb(i);
            let mask = !(st.rows[r] | st.cols[c] | st.boxes[b]) & 0x1FF;
            let n = mask.count_ones();
            if n < best_n {
                best_n = n;
                best = i;
                best_mask = mask;
                if n <= 1 {
                    break;
                }
            }
        }
        if best == usize::MAX {
            *found += 1;
            if first.is_none() {
                *first = Some(st.grid);
            }
            return;
        }
        let (r, c, b) = rcb(best);
        let mut m = best_mask;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= !bit;
            st.grid[best] = bit.trailing_zeros() as u8 + 1;
            st.rows[r] |= bit;
            st.cols[c] |= bit;
            st.boxes[b] |= bit;
            search(st, limit, found, first);
            st.rows[r] &= !bit;
            st.cols[c] &= !bit;
            st.boxes[b] &= !bit;
            st.grid[best] = 0;
            if *found >= limit {
                return;
            }
        }
    }
}
