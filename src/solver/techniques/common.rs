//! Helpers the technique families share: elimination lists and their text, chain links, house
//! counts, and (for the unit tests) grids from HoDoKu library lines.

use std::cmp::Ordering;

use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, ChainLink, Grid, LinkKind};

/// HoDoKu's weighted index sum (`getIndexSumme`) of eliminations sorted by digit, then cell:
/// the k-th adds its cell index times 1 + 80k, plus its digit. Its tie-break among steps with
/// as many eliminations prefers the smallest.
pub(crate) fn index_sum(sorted: impl IntoIterator<Item = Candidate>) -> i64 {
    let mut sum = 0i64;
    let mut offset = 1i64;
    for c in sorted {
        sum += c.cell.index() as i64 * offset + i64::from(c.digit.get());
        offset += 80;
    }
    sum
}

/// `d` removed from every cell of `cells`, in cell order.
pub(crate) fn elims_of(cells: CellSet, d: Digit) -> Vec<Candidate> {
    cells.iter().map(|c| Candidate::new(c, d)).collect()
}

/// A chain link between two candidates.
pub(crate) fn link(from: (Cell, Digit), to: (Cell, Digit), kind: LinkKind) -> ChainLink {
    ChainLink {
        from: Candidate::new(from.0, from.1).into(),
        to: Candidate::new(to.0, to.1).into(),
        kind,
    }
}

/// A single-digit chain through `cells`, links alternating strong, weak, strong ...
pub(crate) fn x_links(cells: &[Cell], d: Digit) -> Vec<ChainLink> {
    cells
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            let kind = if i % 2 == 0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            link((w[0], d), (w[1], d), kind)
        })
        .collect()
}

/// Number of cells of house `h` with candidate `d` (HoDoKu's `free[house][d]`).
#[inline]
pub(crate) fn free(grid: &Grid, h: House, d: Digit) -> u32 {
    grid.house_cells_with(h, d).len()
}

/// ` => r1c2<>5, ...` (HoDoKu's `getCandidatesToDelete`).
pub(crate) fn elim_suffix(elims: &[Candidate]) -> String {
    format!(" => {}", eliminations_text(elims))
}

/// HoDoKu's pick among collected steps: walking them in discovery order, a step replaces the
/// one kept only when `cmp` ranks it strictly before it. HoDoKu's comparators are not
/// antisymmetric, so this is not `min_by` (which asks the kept one first).
pub(crate) fn first_best<T>(items: Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Option<T> {
    let mut best: Option<T> = None;
    for f in items {
        match &best {
            Some(b) if cmp(&f, b) != Ordering::Less => {}
            _ => best = Some(f),
        }
    }
    best
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Grids from HoDoKu library lines for the technique tests.
    use crate::codec::decode_any;
    use crate::domain::{Cell, Digit};
    use crate::solver::techniques::Context;
    use crate::solver::{Candidate, ChainNode, Grid, Step};

    /// The cell `r{r}c{k}` (1-based, as written).
    pub fn c(r: usize, k: usize) -> Cell {
        Cell::from_rc(r - 1, k - 1)
    }

    /// The digit `n`.
    pub fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    /// The chain node of candidate `n` in `r{r}c{k}`.
    pub fn cand(n: u8, r: usize, k: usize) -> ChainNode {
        ChainNode::Candidate(Candidate::new(c(r, k), d(n)))
    }

    /// A library line `:code:digits:grid:deleted:...` (givens, `+d` placed cells, deleted
    /// candidates) to a grid, through the codec.
    pub fn library(line: &str) -> Grid {
        let parsed = decode_any(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        Grid::from_board(&parsed.board)
    }

    pub fn ctx() -> Context {
        Context {
            unique: true,
            ..Context::default()
        }
    }

    /// The eliminations as sorted `drc` triplets joined by spaces.
    pub fn elims(step: &Step) -> String {
        let mut e = step.eliminations.clone();
        e.sort_by_key(|c| (c.digit, c.cell));
        e.iter().map(|c| c.triplet()).collect::<Vec<_>>().join(" ")
    }
}
