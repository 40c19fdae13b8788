//! Solutions chosen in an order, on top of the one exact search: the smallest in cell order
//! (HoDoKu's brute-force solution) and a random one (the generator's full grids).
//!
//! Both fix the cells one at a time in cell order, asking the exact search whether the cells
//! fixed so far, with the digit tried for the next cell, still have a solution. The search
//! also returns that solution, which answers the next cells for free: a cell whose digit in
//! the solution at hand is the one wanted needs no new search.

use super::{Solution, Solver};

/// Digits a cell may take: bit `d` for digit `d + 1`.
type Allowed = [u16; 81];

impl Solver {
    /// A solution where every cell takes one of its `allowed` digits, if there is one.
    pub fn first_solution_within(&self, allowed: &Allowed) -> Option<Solution> {
        self.search_allowed(allowed, 1).first.map(Solution)
    }

    fn search_allowed(&self, allowed: &Allowed, limit: usize) -> super::triad::Search {
        self.search(Some(super::triad::Start::Candidates(allowed)), limit, true)
    }

    /// The smallest solution in cell order (the first found trying cells in index order and
    /// digits ascending) where every cell takes one of its `allowed` digits. A unique solution
    /// is found by one search; otherwise at most one search per cell and smaller digit.
    pub fn smallest_solution_within(&self, allowed: &Allowed) -> Option<Solution> {
        let first = self.search_allowed(allowed, 2);
        let mut sol = first.first?;
        if first.count == 1 {
            return Some(Solution(sol));
        }
        let mut fixed = *allowed;
        for i in 0..81 {
            let own = 1u16 << (sol[i] - 1);
            let mut smaller = fixed[i] & (own - 1);
            while smaller != 0 {
                let bit = smaller & smaller.wrapping_neg();
                smaller &= smaller - 1;
                fixed[i] = bit;
                if let Some(s) = self.first_solution_within(&fixed) {
                    sol = *s.values();
                    break;
                }
            }
            fixed[i] = 1 << (sol[i] - 1);
        }
        Some(Solution(sol))
    }

    /// A random complete grid: cell by cell, a digit drawn among those the fixed peers leave
    /// (`pick(n)` draws an index below `n`), kept when the grid can still be completed, else
    /// removed from the draw. Deterministic for the sequence `pick` returns.
    pub fn random_solution(&self, mut pick: impl FnMut(usize) -> usize) -> Solution {
        let mut fixed: Allowed = [0x1FF; 81];
        let mut sol = *self
            .first_solution_within(&fixed)
            .expect("the empty grid has solutions")
            .values();
        for i in 0..81 {
            let cell = crate::domain::Cell::from_index(i);
            let mut open = 0x1FF;
            for p in cell.peers() {
                if p.index() < i {
                    open &= !fixed[p.index()];
                }
            }
            loop {
                let n = open.count_ones() as usize;
                let mut rest = open;
                for _ in 0..pick(n) {
                    rest &= rest - 1;
                }
                let bit = rest & rest.wrapping_neg();
                if sol[i] == bit.trailing_zeros() as u8 + 1 {
                    break;
                }
                fixed[i] = bit;
                if let Some(s) = self.first_solution_within(&fixed) {
                    sol = *s.values();
                    break;
                }
                open &= !bit;
                fixed[i] = 0x1FF;
            }
            fixed[i] = 1 << (sol[i] - 1);
        }
        Solution(sol)
    }
}

/// See [`Solver::smallest_solution_within`].
pub fn smallest_solution_within(allowed: &Allowed) -> Option<Solution> {
    Solver::new().smallest_solution_within(allowed)
}

/// See [`Solver::random_solution`].
pub fn random_solution(pick: impl FnMut(usize) -> usize) -> Solution {
    Solver::new().random_solution(pick)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: a backtracking walk in cell order, digits ascending, that gives up a
    /// branch as soon as a later cell has no digit left.
    fn smallest_by_walk(allowed: &Allowed) -> Option<[u8; 81]> {
        fn free(grid: &[u8; 81], allowed: &Allowed, i: usize) -> u16 {
            let cell = crate::domain::Cell::from_index(i);
            let used = cell
                .peers()
                .iter()
                .filter(|p| grid[p.index()] != 0)
                .fold(0u16, |m, p| m | 1 << (grid[p.index()] - 1));
            allowed[i] & !used
        }
        fn walk(i: usize, grid: &mut [u8; 81], allowed: &Allowed) -> bool {
            if i == 81 {
                return true;
            }
            let mut digits = free(grid, allowed, i);
            while digits != 0 {
                let d = digits.trailing_zeros() as u8 + 1;
                digits &= digits - 1;
                grid[i] = d;
                if (i + 1..81).all(|j| free(grid, allowed, j) != 0) && walk(i + 1, grid, allowed) {
                    return true;
                }
                grid[i] = 0;
            }
            false
        }
        let mut grid = [0u8; 81];
        walk(0, &mut grid, allowed).then_some(grid)
    }

    fn allowed_of(line: &str) -> Allowed {
        let mut a = [0x1FF; 81];
        for (o, b) in a.iter_mut().zip(line.bytes()) {
            if b.is_ascii_digit() && b != b'0' {
                *o = 1 << (b - b'1');
            }
        }
        a
    }

    #[test]
    fn smallest_is_the_first_of_a_cell_order_walk() {
        // Many solutions (a few givens), a unique one, none, and an eliminated digit.
        let many =
            "....8.......5.2.....3...1...5.....2.8...9...6....................................";
        let unique =
            "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
        for line in [many, unique] {
            let a = allowed_of(line);
            let want = smallest_by_walk(&a).unwrap();
            assert_eq!(smallest_solution_within(&a).unwrap().values(), &want);
        }
        let empty = [0x1FF; 81];
        let s = smallest_solution_within(&empty).unwrap();
        assert_eq!(
            &s.values()[..18],
            b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x04\x05\x06\x07\x08\x09\x01\x02\x03"
        );
        let mut no_one = empty;
        no_one[0] = 0x1FE;
        assert_eq!(smallest_solution_within(&no_one).unwrap().values()[0], 2);
        assert_eq!(
            smallest_by_walk(&no_one),
            Some(*smallest_solution_within(&no_one).unwrap().values())
        );
        let mut dead = empty;
        dead[0] = 0;
        assert_eq!(smallest_solution_within(&dead), None);
        let mut clash = empty;
        clash[0] = 1;
        clash[1] = 1;
        assert_eq!(smallest_solution_within(&clash), None);
    }

    #[test]
    fn random_grids_are_complete_and_follow_the_draws() {
        let mut state = 7u64;
        let mut draw = move |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        let a = random_solution(&mut draw);
        let b = random_solution(&mut draw);
        assert_ne!(a, b);
        for s in [a, b] {
            let allowed: Allowed = std::array::from_fn(|i| 1 << (s.values()[i] - 1));
            assert_eq!(Solver::new().first_solution_within(&allowed), Some(s));
        }
        // Always the first draw: the smallest grid.
        let first = random_solution(|_| 0);
        assert_eq!(Some(first), smallest_solution_within(&[0x1FF; 81]));
    }
}
