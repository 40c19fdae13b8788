//! Naked and hidden subsets (pairs, triples, quadruples) and locked pairs/triples, in HoDoKu's
//! search order: boxes, then rows, then columns; combinations in lexicographic order of the
//! house's cells (naked) or digits (hidden).

use std::ops::ControlFlow;

use super::Context;
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::finder::Sink;
use crate::solver::step::{compact_cells, eliminations_text};
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

#[derive(Copy, Clone, PartialEq, Eq)]
enum Want {
    /// Only locked subsets (Locked Pair/Triple).
    Locked,
    /// Only subsets that are not locked.
    Naked,
}

fn boxes() -> impl Iterator<Item = House> {
    (0..9u8).map(House::Box)
}
fn rows() -> impl Iterator<Item = House> {
    (0..9u8).map(House::Row)
}
fn cols() -> impl Iterator<Item = House> {
    (0..9u8).map(House::Col)
}

fn digits_text(ds: DigitSet) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Calls `f(chosen, union)` on every `k`-combination of `0..masks.len()` in lexicographic order
/// whose OR of `masks` has at most `limit` bits, until `f` returns `Some`. Prefixes whose union
/// already exceeds `limit` are skipped (unions only grow), which keeps the order of the rest.
pub(crate) fn small_unions<T>(
    masks: &[u16],
    k: usize,
    limit: u32,
    f: &mut impl FnMut(&[usize], u16) -> Option<T>,
) -> Option<T> {
    #[allow(clippy::too_many_arguments)]
    fn go<T>(
        masks: &[u16],
        start: usize,
        depth: usize,
        k: usize,
        limit: u32,
        acc: u16,
        chosen: &mut [usize; 9],
        f: &mut impl FnMut(&[usize], u16) -> Option<T>,
    ) -> Option<T> {
        if depth == k {
            return f(&chosen[..k], acc);
        }
        let n = masks.len();
        for i in start..n.saturating_sub(k - depth - 1) {
            let u = acc | masks[i];
            if u.count_ones() > limit {
                continue;
            }
            chosen[depth] = i;
            if let Some(t) = go(masks, i + 1, depth + 1, k, limit, u, chosen, f) {
                return Some(t);
            }
        }
        None
    }
    if k == 0 || k > masks.len() || k > 9 {
        return None;
    }
    go(masks, 0, 0, k, limit, 0, &mut [0; 9], f)
}

/// `listed`: the eliminations as HoDoKu's candidate list, house by house, so a cell of both the
/// line and the box comes twice (it counts in HoDoKu's sort); else each once.
fn naked_step(
    grid: &Grid,
    cells: &[Cell],
    digits: DigitSet,
    want: Want,
    listed: bool,
) -> Option<Step> {
    let n = cells.len();
    let first = cells[0];
    let shared: Vec<House> = first
        .houses()
        .into_iter()
        .filter(|h| cells.iter().all(|c| h.cells().contains(*c)))
        .collect();
    let mut elims: Vec<Candidate> = Vec::new();
    let mut found = 0;
    for &h in &shared {
        let mut counted = false;
        for c in h.cell_list() {
            if cells.contains(&c) {
                continue;
            }
            let del = grid.candidates(c) & digits;
            if del.is_empty() {
                continue;
            }
            for d in del {
                let cand = Candidate::new(c, d);
                if listed || !elims.contains(&cand) {
                    elims.push(cand);
                }
            }
            if !counted && (matches!(h, House::Box(_)) || c.box_index() != first.box_index()) {
                counted = true;
                found += 1;
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let same_box = shared.iter().any(|h| matches!(h, House::Box(_)));
    let same_line = shared.iter().any(|h| !matches!(h, House::Box(_)));
    let locked = n < 4 && found > 1 && same_box && same_line;
    if locked != (want == Want::Locked) {
        return None;
    }
    let t = match (locked, n) {
        (true, 2) => Technique::LockedPair,
        (true, _) => Technique::LockedTriple,
        (false, 2) => Technique::NakedPair,
        (false, 3) => Technique::NakedTriple,
        _ => Technique::NakedQuadruple,
    };
    let mut s = Step::new(t);
    s.facts = Facts::Pattern {
        digits: digits.iter().collect(),
        cells: cells.to_vec(),
        houses: shared,
        marks: Vec::new(),
    };
    let mut once = elims.clone();
    once.sort();
    once.dedup();
    s.text = format!(
        "{}: {} in {} => {}",
        t.name(),
        digits_text(digits),
        compact_cells(cells),
        eliminations_text(&once)
    );
    s.eliminations = elims;
    Some(s)
}

fn naked_in(
    grid: &Grid,
    houses: impl Iterator<Item = House>,
    k: usize,
    want: Want,
    listed: bool,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    for h in houses {
        let eligible: Vec<Cell> = h
            .cell_list()
            .into_iter()
            .filter(|&c| {
                let n = grid.candidates(c).len() as usize;
                n > 0 && n <= k
            })
            .collect();
        let masks: Vec<u16> = eligible
            .iter()
            .map(|&c| grid.candidates(c).bits())
            .collect();
        let found = small_unions(&masks, k, k as u32, &mut |idx, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let cells: Vec<Cell> = idx.iter().map(|&i| eligible[i]).collect();
            let step = naked_step(grid, &cells, DigitSet::from_bits(union), want, listed)?;
            out(step).is_break().then_some(())
        });
        if found.is_some() {
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(())
}

/// Naked (or locked) subsets of size `k`: boxes, then rows, then columns. A locked subset is
/// met first in its box; the list has it again from its row or column, as HoDoKu's has.
/// `listed`: see [`naked_step`].
fn naked(grid: &Grid, k: usize, want: Want, listed: bool, out: &mut Sink<'_>) -> ControlFlow<()> {
    naked_in(grid, boxes(), k, want, listed, out)?;
    naked_in(grid, rows(), k, want, listed, out)?;
    naked_in(grid, cols(), k, want, listed, out)
}

fn hidden_in(
    grid: &Grid,
    houses: impl Iterator<Item = House>,
    k: usize,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    for h in houses {
        let list = h.cell_list();
        let unsolved = list
            .iter()
            .filter(|&&c| !grid.candidates(c).is_empty())
            .count();
        if unsolved <= k {
            continue;
        }
        let eligible: Vec<Digit> = Digit::ALL
            .into_iter()
            .filter(|&d| {
                let f = grid.free(h, d) as usize;
                f > 0 && f <= k
            })
            .collect();
        // Positions (0..9 in the house's cell order) of each eligible digit.
        let masks: Vec<u16> = eligible
            .iter()
            .map(|&d| {
                list.iter()
                    .enumerate()
                    .filter(|(_, c)| grid.candidates(**c).contains(d))
                    .fold(0u16, |a, (j, _)| a | 1 << j)
            })
            .collect();
        let found = small_unions(&masks, k, k as u32, &mut |idx, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let mut digits = DigitSet::EMPTY;
            for &i in idx {
                digits.insert(eligible[i]);
            }
            let cells: Vec<Cell> = list
                .iter()
                .enumerate()
                .filter(|(j, _)| union >> j & 1 != 0)
                .map(|(_, c)| *c)
                .collect();
            let mut elims = Vec::new();
            for &c in &cells {
                for d in grid.candidates(c).difference(digits) {
                    elims.push(Candidate::new(c, d));
                }
            }
            if elims.is_empty() {
                return None;
            }
            let t = match k {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuadruple,
            };
            let mut s = Step::new(t);
            s.text = format!(
                "{}: {} in {} => {}",
                t.name(),
                digits_text(digits),
                compact_cells(&cells),
                eliminations_text(&elims)
            );
            s.facts = Facts::Pattern {
                digits: digits.iter().collect(),
                cells,
                houses: vec![h],
                marks: Vec::new(),
            };
            s.eliminations = elims;
            out(s).is_break().then_some(())
        });
        if found.is_some() {
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(())
}

fn hidden(grid: &Grid, k: usize, out: &mut Sink<'_>) -> ControlFlow<()> {
    hidden_in(grid, boxes(), k, out)?;
    hidden_in(grid, rows(), k, out)?;
    hidden_in(grid, cols(), k, out)
}

macro_rules! subset_finders {
    ($($find:ident: $what:expr;)+) => {
        $(
            #[doc = concat!("Every `", stringify!($find), "` in HoDoKu's order.")]
            pub fn $find(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
                $what(grid, out)
            }
        )+
    };
}

subset_finders! {
    locked_pair: |g, o| naked(g, 2, Want::Locked, false, o);
    locked_triple: |g, o| naked(g, 3, Want::Locked, false, o);
    naked_pair: |g, o| naked(g, 2, Want::Naked, false, o);
    naked_triple: |g, o| naked(g, 3, Want::Naked, false, o);
    naked_quadruple: |g, o| naked(g, 4, Want::Naked, false, o);
    // As HoDoKu's all-steps search lists them: its candidate lists (see `naked_step`).
    list_locked_pair: |g, o| naked(g, 2, Want::Locked, true, o);
    list_locked_triple: |g, o| naked(g, 3, Want::Locked, true, o);
    list_naked_pair: |g, o| naked(g, 2, Want::Naked, true, o);
    list_naked_triple: |g, o| naked(g, 3, Want::Naked, true, o);
    list_naked_quadruple: |g, o| naked(g, 4, Want::Naked, true, o);
    hidden_pair: |g, o| hidden(g, 2, o);
    hidden_triple: |g, o| hidden(g, 3, o);
    hidden_quadruple: |g, o| hidden(g, 4, o);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, library};

    #[test]
    fn listed_locked_pairs_name_a_cell_of_line_and_box_twice() {
        let g = library(":0000:x:.6.4..+98.9.7.3...6+8..+69....5.......4.....37.+5.3.5..16.4......5..8.......35+12.6..9:213 233 433 452 865 775 776 976::");
        let hint = finder::every(locked_pair, &g, &ctx());
        let listed = finder::every(list_locked_pair, &g, &ctx());
        assert_eq!(hint.len(), listed.len());
        let r7c4 = |s: &Step| {
            s.eliminations
                .iter()
                .filter(|c| c.cell.index() == 57)
                .count()
        };
        for (h, l) in hint.iter().zip(&listed) {
            assert_eq!(h.text, l.text);
            let mut once = l.eliminations.clone();
            once.sort();
            once.dedup();
            let mut set = h.eliminations.clone();
            set.sort();
            assert_eq!(once, set);
        }
        // 1,8 in r7c56: r7c4 is in the row and in the box, and loses both digits twice.
        assert_eq!(hint.iter().map(r7c4).max(), Some(2));
        assert_eq!(listed.iter().map(r7c4).max(), Some(4));
    }
}
