//! Naked and hidden subsets (pairs, triples, quadruples) and locked pairs/triples, in HoDoKu's
//! search order: boxes, then rows, then columns; combinations in lexicographic order of the
//! house's cells (naked) or digits (hidden). The search in a house is the one both engines share
//! ([`crate::solver::basic::sets`]: units of one to k candidates or positions here).

use std::ops::ControlFlow;

use super::Context;
use crate::domain::{Cell, DigitSet, House};
use crate::solver::basic::{self, Order, Units};
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

fn naked_step(grid: &Grid, cells: &[Cell], digits: DigitSet, want: Want) -> Option<Step> {
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
                if !elims.contains(&cand) {
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
    s.eliminations = elims;
    s.text = format!(
        "{}: {} in {} => {}",
        t.name(),
        digits_text(digits),
        compact_cells(cells),
        eliminations_text(&s.eliminations)
    );
    Some(s)
}

fn naked_in(
    grid: &Grid,
    houses: impl Iterator<Item = House>,
    k: usize,
    want: Want,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    for h in houses {
        let list = h.cell_list();
        let n = k as u32;
        basic::house_sets(
            grid,
            h,
            Units::Cells,
            1,
            n,
            Order::Lexicographic,
            |combo, union| {
                let cells: Vec<Cell> = set_bits(combo).map(|i| list[i]).collect();
                match naked_step(grid, &cells, DigitSet::from_bits(union), want) {
                    Some(step) => out(step),
                    None => ControlFlow::Continue(()),
                }
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// The indices of a mask's set bits, lowest first.
fn set_bits(m: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |i| m >> i & 1 != 0)
}

/// Naked (or locked) subsets of size `k`: boxes, then rows, then columns. A locked subset is
/// met first in its box; the list has it again from its row or column, as HoDoKu's has.
fn naked(grid: &Grid, k: usize, want: Want, out: &mut Sink<'_>) -> ControlFlow<()> {
    naked_in(grid, boxes(), k, want, out)?;
    naked_in(grid, rows(), k, want, out)?;
    naked_in(grid, cols(), k, want, out)
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
        // The units are the digits, with their positions (0..9 in the house's cell order).
        let n = k as u32;
        basic::house_sets(
            grid,
            h,
            Units::Digits,
            1,
            n,
            Order::Lexicographic,
            |combo, union| match hidden_step(grid, h, combo, union) {
                Some(step) => out(step),
                None => ControlFlow::Continue(()),
            },
        )?;
    }
    ControlFlow::Continue(())
}

/// The hidden subset of the digits `combo` (bit `d - 1` for digit `d`) at the positions
/// `union` of house `h`, if it removes anything.
fn hidden_step(grid: &Grid, h: House, combo: u16, union: u16) -> Option<Step> {
    let list = h.cell_list();
    let digits = DigitSet::from_bits(combo);
    let cells: Vec<Cell> = set_bits(union).map(|j| list[j]).collect();
    let mut elims = Vec::new();
    for &c in &cells {
        for d in grid.candidates(c).difference(digits) {
            elims.push(Candidate::new(c, d));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let t = match cells.len() {
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
    Some(s)
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
    locked_pair: |g, o| naked(g, 2, Want::Locked, o);
    locked_triple: |g, o| naked(g, 3, Want::Locked, o);
    naked_pair: |g, o| naked(g, 2, Want::Naked, o);
    naked_triple: |g, o| naked(g, 3, Want::Naked, o);
    naked_quadruple: |g, o| naked(g, 4, Want::Naked, o);
    hidden_pair: |g, o| hidden(g, 2, o);
    hidden_triple: |g, o| hidden(g, 3, o);
    hidden_quadruple: |g, o| hidden(g, 4, o);
}
