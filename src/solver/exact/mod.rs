//! The exact solver: counts solutions (up to a limit) of a board state, fast enough to call on
//! every keystroke and in the generator's inner loop.
//!
//! # Design
//!
//! The search is tdoku's "triad" DPLL design ported to Rust (`triad/`, which carries tdoku's
//! BSD-2-Clause notice): boxes as 4x4 matrices of digit sets (nine cells plus six negative
//! triads), bands as the six ways each digit can cross their three boxes, eliminations bouncing
//! between the two until nothing changes, branching on a digit's configurations in the band with
//! the fewest. The state is about 480 bytes and is copied at each guess.
//!
//! The solver is written once over vector types of 16-bit lanes; `simd/` (the only module with
//! `unsafe` code) provides them for four code paths ([`Isa`]): AVX-512, AVX2 and SSE4.1 on
//! x86-64, chosen at run time by feature detection, and a portable one for every other CPU.
//! [`Solver::with_isa`] runs a chosen path (the tests run every one the CPU has).
//!
//! This is the one backtracking search of termdoku: HoDoKu's Brute Force (the smallest
//! solution in cell order) and the generator (a random full grid, the uniqueness of each
//! removal) ask it (`ordered.rs`) rather than searching on their own.

mod ordered;
mod simd;
mod triad;

pub use ordered::{random_solution, smallest_solution_within};
pub use simd::Isa;

use crate::domain::{Board, Cell, CellSet, Digit};
use std::fmt;
use triad::{Search, Start};

/// A complete solution grid.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Solution([u8; 81]);

impl Solution {
    /// The digit of a cell.
    #[inline]
    pub fn digit(&self, c: Cell) -> Digit {
        Digit::from_index(self.0[c.index()] as usize - 1)
    }

    /// The 81 values, 1..=9, in cell order.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.0
    }
}

/// 81 digits on one line.
impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = [0u8; 81];
        for (o, v) in s.iter_mut().zip(self.0.iter()) {
            *o = b'0' + v;
        }
        f.write_str(std::str::from_utf8(&s).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}

/// What a uniqueness check found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique(Solution),
    /// Two or more solutions.
    Multiple,
    /// No solution (including a contradictory start).
    None,
}

/// The exact solver on one code path. The free functions of this module use [`Solver::new`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solver {
    isa: Isa,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// The solver on the fastest path this CPU has.
    pub fn new() -> Solver {
        Solver { isa: Isa::best() }
    }

    /// The solver on `isa`, or `None` when this CPU cannot run it.
    pub fn with_isa(isa: Isa) -> Option<Solver> {
        isa.is_available().then_some(Solver { isa })
    }

    /// The code path this solver runs.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    fn search(&self, start: Option<Start<'_>>, limit: usize, want_first: bool) -> Search {
        let mut search = Search {
            count: 0,
            limit,
            want_first,
            first: None,
            guesses: 0,
        };
        if let Some(start) = start {
            if limit > 0 {
                simd::run(self.isa, start, &mut search);
            }
        }
        search
    }

    fn search_board(&self, board: &Board, limit: usize, want_first: bool) -> Search {
        let cands = board_candidates(board);
        self.search(Some(Start::Candidates(&cands)), limit, want_first)
    }

    fn search_values(&self, values: &[u8; 81], limit: usize, want_first: bool) -> Search {
        let start = values
            .iter()
            .all(|&v| v <= 9)
            .then_some(Start::Values(values));
        self.search(start, limit, want_first)
    }

    /// See [`count_solutions`].
    pub fn count_solutions(&self, board: &Board, limit: usize) -> usize {
        self.search_board(board, limit, false).count
    }

    /// See [`solve`].
    pub fn solve(&self, board: &Board) -> Outcome {
        outcome(self.search_board(board, 2, true))
    }

    /// See [`first_solution`].
    pub fn first_solution(&self, board: &Board) -> Option<Solution> {
        self.search_board(board, 1, true).first.map(Solution)
    }

    /// See [`count_solutions_values`].
    pub fn count_solutions_values(&self, values: &[u8; 81], limit: usize) -> usize {
        self.search_values(values, limit, false).count
    }

    /// See [`solve_values`].
    pub fn solve_values(&self, values: &[u8; 81]) -> Outcome {
        outcome(self.search_values(values, 2, true))
    }

    /// [`Solver::count_solutions_values`] and the number of guesses (branchings) the search
    /// made: a measure of the search tree for profiling.
    pub fn count_with_guesses(&self, values: &[u8; 81], limit: usize) -> (usize, u64) {
        let s = self.search_values(values, limit, false);
        (s.count, s.guesses)
    }
}

/// Per cell the digits it may take (bit `d` for digit `d + 1`): the value of a filled cell, the
/// candidates of an empty one.
fn board_candidates(board: &Board) -> [u16; 81] {
    let values = board.values_array();
    let cands = board.all_candidates();
    let mut out = [0u16; 81];
    for c in Cell::all() {
        let i = c.index();
        out[i] = match values[i] {
            0 => cands[i].bits() & 0x1FF,
            v => 1 << (v - 1),
        };
    }
    out
}

/// Number of solutions of the board state, counting stops at `limit` (so the result is
/// `min(solutions, limit)`). Filled digits count like givens, and an empty cell may only take one
/// of its candidates (the player's eliminations are honoured).
pub fn count_solutions(board: &Board, limit: usize) -> usize {
    Solver::new().count_solutions(board, limit)
}

/// Uniqueness check of the board state (see [`count_solutions`]).
pub fn solve(board: &Board) -> Outcome {
    Solver::new().solve(board)
}

/// A solution of the board state, if it has one.
pub fn first_solution(board: &Board) -> Option<Solution> {
    Solver::new().first_solution(board)
}

/// [`count_solutions`] on raw values (`0` empty, `1..=9` digits; anything above 9 counts as a
/// contradiction). The entry point for hot loops: no `Board`, no candidates.
pub fn count_solutions_values(values: &[u8; 81], limit: usize) -> usize {
    Solver::new().count_solutions_values(values, limit)
}

/// [`solve`] on raw values (see [`count_solutions_values`]).
pub fn solve_values(values: &[u8; 81]) -> Outcome {
    Solver::new().solve_values(values)
}

fn outcome(search: Search) -> Outcome {
    match (search.count, search.first) {
        (1, Some(v)) => Outcome::Unique(Solution(v)),
        (0, _) => Outcome::None,
        _ => Outcome::Multiple,
    }
}

/// The player's filled digits that differ from the solution of the givens. `None` when the givens
/// alone do not have exactly one solution (then "wrong" is not defined).
pub fn wrong_digits(board: &Board) -> Option<CellSet> {
    let givens = board.givens_only();
    let Outcome::Unique(sol) = solve(&givens) else {
        return None;
    };
    Some(board.wrong_digits(sol.values()))
}

/// Reads one line of 81 cells (`1-9` digits; `.` or `0` blank) into raw values: the fast path for
/// corpora and benchmarks. `None` if the line is not exactly that.
pub fn parse_line81(line: &[u8]) -> Option<[u8; 81]> {
    if line.len() != 81 {
        return None;
    }
    // Branch-free per byte (the compiler vectorises it); one check at the end.
    let mut out = [0u8; 81];
    let mut bad = false;
    for (o, &ch) in out.iter_mut().zip(line) {
        let v = ch.wrapping_sub(b'0');
        let digit = v <= 9;
        bad |= !digit & (ch != b'.');
        *o = if digit { v } else { 0 };
    }
    if bad {
        None
    } else {
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::DigitSet;

    const EASY: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn vals(s: &str) -> [u8; 81] {
        parse_line81(s.as_bytes()).unwrap()
    }

    fn board(s: &str) -> Board {
        let v = vals(s);
        let mut cells = [None; 81];
        for (i, &x) in v.iter().enumerate() {
            if x != 0 {
                cells[i] = Some((Digit::new(x).unwrap(), true));
            }
        }
        Board::from_values(&cells)
    }

    fn is_valid_solution(sol: &[u8; 81], puzzle: &[u8; 81]) -> bool {
        for i in 0..81 {
            if puzzle[i] != 0 && puzzle[i] != sol[i] {
                return false;
            }
        }
        for h in crate::domain::House::ALL {
            let mut seen = 0u16;
            for c in h.cell_list() {
                seen |= 1 << sol[c.index()];
            }
            if seen != 0x3FE {
                return false;
            }
        }
        true
    }

    /// Every path the CPU has, the portable one first.
    fn solvers() -> Vec<Solver> {
        Isa::ALL.into_iter().filter_map(Solver::with_isa).collect()
    }

    #[test]
    fn the_portable_path_is_always_available_and_best_is_available() {
        assert!(Isa::Portable.is_available());
        assert!(Isa::best().is_available());
        assert_eq!(Solver::new().isa(), Isa::best());
        assert_eq!(
            Solver::with_isa(Isa::Portable).map(|s| s.isa()),
            Some(Isa::Portable)
        );
    }

    #[test]
    fn every_path_finds_the_same_solutions_and_guesses() {
        // The paths run the same search: the same counts, solutions and guesses.
        let mut puzzles = vec![vals(EASY), vals(HARD), [0u8; 81]];
        // Sparser grids derived from HARD (several solutions) and a contradictory one.
        let mut sparse = vals(HARD);
        sparse[0] = 0;
        sparse[4] = 0;
        puzzles.push(sparse);
        let mut bad = vals(EASY);
        bad[0] = bad[4];
        puzzles.push(bad);
        let portable = Solver::with_isa(Isa::Portable).unwrap();
        for v in &puzzles {
            let want = portable.count_with_guesses(v, 3);
            let want_solution = portable.solve_values(v);
            for s in solvers() {
                assert_eq!(s.count_with_guesses(v, 3), want, "{:?}", s.isa());
                assert_eq!(s.solve_values(v), want_solution, "{:?}", s.isa());
            }
        }
    }

    #[test]
    fn a_digit_gone_from_a_whole_line_is_a_contradiction_at_once() {
        // A 17-clue puzzle whose first guess is wrong: the box settle that follows removes a
        // digit's last two places in a matrix row in one round. Seen at once, the search needs
        // that single guess; unseen, it went on for 117 more before the leaves showed it.
        let v = vals(
            "................12..3..4..5.............367..12.....8....21.......8...7.5.6......",
        );
        for s in solvers() {
            assert_eq!(s.count_with_guesses(&v, 2), (1, 1), "{:?}", s.isa());
        }
    }

    #[test]
    fn solves_easy_and_hard_puzzles_uniquely() {
        for solver in solvers() {
            for p in [EASY, HARD] {
                let v = vals(p);
                match solver.solve_values(&v) {
                    Outcome::Unique(s) => assert!(is_valid_solution(s.values(), &v)),
                    o => panic!("{p}: {o:?}"),
                }
                assert_eq!(solver.count_solutions_values(&v, 10), 1);
            }
        }
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        for solver in solvers() {
            assert_eq!(solver.count_solutions_values(&[0; 81], 2), 2);
            assert_eq!(solver.count_solutions_values(&[0; 81], 50), 50);
            assert_eq!(solver.count_solutions_values(&[0; 81], 0), 0);
            let s = solver.first_solution(&Board::empty()).unwrap();
            assert!(is_valid_solution(s.values(), &[0; 81]));
            assert_eq!(s.to_string().len(), 81);
        }
    }

    #[test]
    fn contradictory_starts_have_no_solution() {
        let mut v = [0u8; 81];
        v[0] = 5;
        v[8] = 5;
        assert_eq!(count_solutions_values(&v, 2), 0);
        let mut b = Board::empty();
        let c = Cell::from_rc(4, 4);
        for d in Digit::ALL {
            b.eliminate(c, d);
        }
        assert_eq!(solve(&b), Outcome::None);
        assert_eq!(first_solution(&b), None);
    }

    #[test]
    fn eliminations_are_honoured() {
        let b = board(EASY);
        let Outcome::Unique(sol) = solve(&b) else {
            panic!()
        };
        // Eliminating the solution digit of an empty cell leaves no solution.
        let c = Cell::all().find(|&c| b.is_empty_cell(c)).unwrap();
        let mut b2 = b.clone();
        b2.eliminate(c, sol.digit(c));
        assert_eq!(count_solutions(&b2, 2), 0);
        // Restricting a cell to its solution digit keeps it unique.
        let mut b3 = b.clone();
        b3.set_candidates(c, DigitSet::single(sol.digit(c)));
        assert_eq!(solve(&b3), Outcome::Unique(sol));
    }

    #[test]
    fn wrong_digits_compares_with_the_solution_of_the_givens() {
        let mut b = board(EASY);
        let sol = first_solution(&b).unwrap();
        let empties: Vec<Cell> = Cell::all().filter(|&c| b.is_empty_cell(c)).collect();
        let right = empties[0];
        let wrong = empties[1];
        b.set_filled(right, sol.digit(right));
        let bad = Digit::ALL
            .into_iter()
            .find(|&d| d != sol.digit(wrong))
            .unwrap();
        b.set_filled(wrong, bad);
        assert_eq!(wrong_digits(&b), Some(CellSet::single(wrong)));
        // The position with the wrong digit has no solution.
        assert_eq!(solve(&b), Outcome::None);
        assert_eq!(wrong_digits(&Board::empty()), None);
    }

    #[test]
    fn parse_line81_rejects_other_text() {
        assert!(parse_line81(EASY.as_bytes()).is_some());
        assert!(parse_line81(&EASY.as_bytes()[1..]).is_none());
        let mut s = EASY.as_bytes().to_vec();
        s[3] = b'x';
        assert!(parse_line81(&s).is_none());
    }
}
