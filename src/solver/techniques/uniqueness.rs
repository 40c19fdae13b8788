//! Uniqueness: Unique Rectangles (types 1-6), Hidden Rectangle, Avoidable Rectangles (types 1
//! and 2), as HoDoKu 2.2's `UniquenessSolver` finds them. Used only when the puzzle has a unique
//! solution (`Context::unique`).
//!
//! Rectangles are enumerated from each bivalue cell (cell order), its digits being the pair; the
//! second corner is in the same box and row or column, the other two corners in another box.
//! As with HoDoKu's default `ALLOW_UNIQUENESS_MISSING_CANDIDATES`, a corner qualifies when both
//! digits are still *possible* there (no placed peer holds them), even if the player removed
//! them; the pattern tests themselves look at the actual candidates.

use std::ops::ControlFlow;

use super::common::elim_suffix;
use super::Context;
use crate::domain::{Cell, CellSet, Digit, DigitSet, House};
use crate::solver::finder::Sink;
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// For each digit, the unsolved cells no placed peer excludes it from.
fn allowed(grid: &Grid) -> [CellSet; 9] {
    let mut out = [grid.unsolved(); 9];
    for c in Cell::all() {
        if let Some(v) = grid.value(c) {
            out[v.index()] &= !c.peers();
        }
    }
    out
}

fn box_cells(b: usize) -> [Cell; 9] {
    House::Box(b as u8).cell_list()
}

fn row_col_cells(c: Cell, lines: bool) -> [Cell; 9] {
    if lines {
        House::Col(c.col() as u8).cell_list()
    } else {
        House::Row(c.row() as u8).cell_list()
    }
}

fn ur_step(technique: Technique, d1: Digit, d2: Digit, rect: [Cell; 4]) -> Step {
    let mut s = Step::new(technique);
    s.facts = Facts::Pattern {
        digits: vec![d1, d2],
        cells: rect.to_vec(),
        houses: Vec::new(),
        marks: Vec::new(),
    };
    s
}

/// The rectangle's facts, as [`ur_step`] made them.
fn pattern(
    s: &mut Step,
) -> (
    &mut Vec<Digit>,
    &mut Vec<Cell>,
    &mut Vec<House>,
    &mut Vec<Candidate>,
) {
    match &mut s.facts {
        Facts::Pattern {
            digits,
            cells,
            houses,
            marks,
        } => (digits, cells, houses, marks),
        _ => unreachable!("uniqueness steps are patterns"),
    }
}

fn finish(mut s: Step) -> Option<Step> {
    // Keep HoDoKu's order, drop repeated candidates.
    let mut seen = Vec::new();
    s.eliminations.retain(|c| {
        if seen.contains(c) {
            false
        } else {
            seen.push(*c);
            true
        }
    });
    if s.eliminations.is_empty() {
        return None;
    }
    let name = s.technique.name();
    let (digits, cells, _, _) = pattern(&mut s);
    let head = format!(
        "{}: {}/{} in {}",
        name,
        digits[0],
        digits[1],
        compact_cells(cells)
    );
    s.text = format!("{head}{}", elim_suffix(&s.eliminations));
    Some(s)
}

/// Walks the candidate rectangles in HoDoKu's order, calling `check` on each new one; none at all
/// unless the puzzle is known to be unique (uniqueness techniques rely on it).
fn for_each_ur(
    grid: &Grid,
    ctx: &Context,
    out: &mut Sink<'_>,
    mut check: impl FnMut([Cell; 4], Digit, Digit) -> Option<Step>,
) -> ControlFlow<()> {
    if !ctx.unique {
        return ControlFlow::Continue(());
    }
    let allowed = allowed(grid);
    let mut seen: Vec<[Cell; 4]> = Vec::new();
    for i11 in grid.unsolved() {
        let m = grid.candidates(i11);
        if m.len() != 2 {
            continue;
        }
        let mut it = m.iter();
        let (Some(d1), Some(d2)) = (it.next(), it.next()) else {
            continue;
        };
        let ok = |c: Cell| allowed[d1.index()].contains(c) && allowed[d2.index()].contains(c);
        for i12 in box_cells(i11.box_index()) {
            if i12 == i11 || (i12.row() != i11.row() && i12.col() != i11.col()) {
                continue;
            }
            if grid.value(i12).is_some() || !ok(i12) {
                continue;
            }
            let lines = i11.row() == i12.row();
            let (u11, u12) = (row_col_cells(i11, lines), row_col_cells(i12, lines));
            for k in 0..9 {
                let (i21, i22) = (u11[k], u12[k]);
                if i21.box_index() == i11.box_index() {
                    continue;
                }
                if grid.value(i21).is_some() || grid.value(i22).is_some() || !ok(i21) || !ok(i22) {
                    continue;
                }
                let mut key = [i11, i12, i21, i22];
                key.sort();
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                if let Some(s) = check([i11, i12, i21, i22], d1, d2) {
                    out(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The rectangle's corners split into those holding only the pair's digits and the others.
fn split(grid: &Grid, rect: [Cell; 4], ur: DigitSet) -> (Vec<Cell>, Vec<Cell>) {
    rect.iter()
        .partition(|&&c| grid.candidates(c).difference(ur).is_empty())
}

fn pair_mask(d1: Digit, d2: Digit) -> DigitSet {
    DigitSet::single(d1) | DigitSet::single(d2)
}

fn aligned(a: Cell, b: Cell) -> bool {
    a.row() == b.row() || a.col() == b.col()
}

/// The rectangle's corners as a set.
fn rect_cells(rect: [Cell; 4]) -> CellSet {
    rect.iter().copied().collect()
}

/// The first of the pair digits `d1`, `d2` that is a candidate in none of `cells`.
fn pair_digit_absent_from(grid: &Grid, d1: Digit, d2: Digit, cells: CellSet) -> Option<Digit> {
    [d1, d2]
        .into_iter()
        .find(|&d| (grid.cells_with(d) & cells).is_empty())
}

/// Eliminates `d` from those of `cells` (in the order given) that still hold it.
fn eliminate_where_present(s: &mut Step, grid: &Grid, cells: &[Cell], d: Digit) {
    for &c in cells {
        if grid.candidates(c).contains(d) {
            s.eliminations.push(Candidate::new(c, d));
        }
    }
}

/// Uniqueness Test 1: three corners hold only the pair: the fourth loses both digits.
fn uniqueness_1(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let (two, add) = split(grid, rect, pair_mask(d1, d2));
        if two.len() != 3 {
            return None;
        }
        let del = add[0];
        let mut s = ur_step(Technique::Uniqueness1, d1, d2, rect);
        for d in [d1, d2] {
            if grid.candidates(del).contains(d) {
                s.eliminations.push(Candidate::new(del, d));
            }
        }
        finish(s)
    })
}

/// Types 2 and 5: the extra corners share one extra digit, which goes from cells seeing all of
/// them (type 2 when they are two in a row or column, else type 5).
fn ur_2_or_5(grid: &Grid, ctx: &Context, want: Technique, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let ur = pair_mask(d1, d2);
        let (two, add) = split(grid, rect, ur);
        if two.len() != 1 && two.len() != 2 {
            return None;
        }
        let mut extra = DigitSet::EMPTY;
        let mut common = CellSet::ALL;
        for &c in &add {
            extra |= grid.candidates(c).difference(ur);
            if extra.len() > 1 {
                break;
            }
            common &= c.peers();
        }
        let x = extra.single_digit()?;
        let elim = grid.cells_with(x) & common & !rect_cells(rect);
        if elim.is_empty() {
            return None;
        }
        let i2 = if add.len() > 1 { add[1] } else { two[0] };
        let t = if add.len() <= 2 && aligned(add[0], i2) {
            Technique::Uniqueness2
        } else {
            Technique::Uniqueness5
        };
        if t != want {
            return None;
        }
        let mut s = ur_step(t, d1, d2, rect);
        s.eliminations = elim.iter().map(|c| Candidate::new(c, x)).collect();
        finish(s)
    })
}

/// Uniqueness Test 3: the two extra corners' extra digits form a naked subset with other cells
/// of a house they share.
fn uniqueness_3(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let ur = pair_mask(d1, d2);
        let (two, add) = split(grid, rect, ur);
        if two.len() != 2 {
            return None;
        }
        let u3: DigitSet = add.iter().fold(DigitSet::EMPTY, |a, &c| {
            a | grid.candidates(c).difference(ur)
        });
        let (i1, i2) = (add[0], add[1]);
        let units = [
            (i1.row() == i2.row()).then_some(House::Row(i1.row() as u8)),
            (i1.col() == i2.col()).then_some(House::Col(i1.col() as u8)),
            (i1.box_index() == i2.box_index()).then_some(House::Box(i1.box_index() as u8)),
        ];
        for h in units.into_iter().flatten() {
            let pool: Vec<Cell> = h
                .cell_list()
                .into_iter()
                .filter(|&c| {
                    !rect.contains(&c)
                        && grid.value(c).is_none()
                        && (grid.candidates(c) & ur).is_empty()
                        && !grid.candidates(c).is_empty()
                })
                .collect();
            let mut idx = add.clone();
            if let Some(s) = ut3_recursive(grid, h, &pool, u3, &mut idx, 0, rect, d1, d2) {
                return Some(s);
            }
        }
        None
    })
}

#[allow(clippy::too_many_arguments)]
fn ut3_recursive(
    grid: &Grid,
    h: House,
    pool: &[Cell],
    cands: DigitSet,
    included: &mut Vec<Cell>,
    start: usize,
    rect: [Cell; 4],
    d1: Digit,
    d2: Digit,
) -> Option<Step> {
    for i in start..pool.len() {
        let new_cands = cands | grid.candidates(pool[i]);
        included.push(pool[i]);
        let is_box = matches!(h, House::Box(_));
        let same_line = included.iter().all(|c| c.row() == included[0].row())
            || included.iter().all(|c| c.col() == included[0].col());
        if !(is_box && same_line) && new_cands.len() as usize + 1 == included.len() {
            let mut s = ur_step(Technique::Uniqueness3, d1, d2, rect);
            let mut houses = vec![h];
            if !is_box
                && included
                    .iter()
                    .all(|c| c.box_index() == included[0].box_index())
            {
                houses.push(House::Box(included[0].box_index() as u8));
            }
            for hh in houses {
                for c in hh.cell_list() {
                    if grid.value(c).is_some() || included.contains(&c) {
                        continue;
                    }
                    for d in grid.candidates(c) & new_cands {
                        s.eliminations.push(Candidate::new(c, d));
                    }
                }
            }
            for d in new_cands {
                for &c in included.iter() {
                    if grid.candidates(c).contains(d) {
                        pattern(&mut s).3.push(Candidate::new(c, d));
                    }
                }
            }
            *pattern(&mut s).2 = vec![h];
            if let Some(s) = finish(s) {
                included.pop();
                return Some(s);
            }
        }
        let r = ut3_recursive(grid, h, pool, new_cands, included, i + 1, rect, d1, d2);
        included.pop();
        if r.is_some() {
            return r;
        }
    }
    None
}

/// Uniqueness Test 4: two extra corners in a row or column; one pair digit appears nowhere else
/// in a house they share: the other pair digit goes from both.
fn uniqueness_4(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let (two, add) = split(grid, rect, pair_mask(d1, d2));
        if two.len() != 2 || !aligned(add[0], add[1]) {
            return None;
        }
        let shared = add[0].peers() & add[1].peers();
        // The digit confined to the extra corners in their shared houses must sit in one of
        // them, so the other pair digit goes from both.
        let confined = pair_digit_absent_from(grid, d1, d2, shared)?;
        let del = if confined == d1 { d2 } else { d1 };
        let mut s = ur_step(Technique::Uniqueness4, d1, d2, rect);
        eliminate_where_present(&mut s, grid, &add, del);
        finish(s)
    })
}

/// Uniqueness Test 6: two diagonal extra corners; a pair digit appears in their rows and
/// columns only inside the rectangle: it goes from both extra corners.
fn uniqueness_6(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let (two, add) = split(grid, rect, pair_mask(d1, d2));
        if two.len() != 2 || aligned(add[0], add[1]) {
            return None;
        }
        let mut lines = CellSet::EMPTY;
        for &c in &add {
            lines |= House::Row(c.row() as u8).cells() | House::Col(c.col() as u8).cells();
        }
        lines &= !rect_cells(rect);
        let del = pair_digit_absent_from(grid, d1, d2, lines)?;
        let mut s = ur_step(Technique::Uniqueness6, d1, d2, rect);
        let mut sorted = add.clone();
        sorted.sort();
        eliminate_where_present(&mut s, grid, &sorted, del);
        finish(s)
    })
}

/// Hidden Rectangle: from a corner holding only the pair, if one pair digit appears in the row
/// and column of the opposite corner only inside the rectangle, the other digit goes from the
/// opposite corner.
fn hidden_rectangle(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for_each_ur(grid, ctx, out, |rect, d1, d2| {
        let (two, add) = split(grid, rect, pair_mask(d1, d2));
        let corners: Vec<Cell> = match two.len() {
            1 => vec![two[0]],
            2 if !aligned(two[0], two[1]) => two.clone(),
            _ => return None,
        };
        let rect_set = rect_cells(rect);
        for corner in corners {
            let (i1, i2) = (add[0], add[1]);
            let line = if i1.row() != corner.row() {
                i1.row()
            } else {
                i2.row()
            };
            let col = if i1.col() != corner.col() {
                i1.col()
            } else {
                i2.col()
            };
            for (check, del) in [(d1, d2), (d2, d1)] {
                let others = grid.cells_with(check)
                    & (House::Row(line as u8).cells() | House::Col(col as u8).cells())
                    & !rect_set;
                if !others.is_empty() {
                    continue;
                }
                let target = Cell::from_rc(line, col);
                if grid.candidates(target).contains(del) {
                    let mut s = ur_step(Technique::HiddenRectangle, d1, d2, rect);
                    s.eliminations.push(Candidate::new(target, del));
                    return finish(s);
                }
            }
        }
        None
    })
}

/// Avoidable rectangles: corners placed by the player (not givens) that would complete a
/// deadly pattern with the remaining corners.
fn find_ar(grid: &Grid, ctx: &Context, want: Technique, out: &mut Sink<'_>) -> ControlFlow<()> {
    if !ctx.unique {
        return ControlFlow::Continue(());
    }
    let placed = |c: Cell| grid.value(c).is_some() && !grid.is_given(c);
    let mut seen: Vec<[Cell; 4]> = Vec::new();
    for i11 in Cell::all() {
        if !placed(i11) {
            continue;
        }
        let Some(d1) = grid.value(i11) else {
            continue;
        };
        for i12 in box_cells(i11.box_index()) {
            if i12 == i11 || !aligned(i11, i12) || !placed(i12) {
                continue;
            }
            let Some(d2) = grid.value(i12) else {
                continue;
            };
            let lines = i11.row() == i12.row();
            let (u11, u12) = (row_col_cells(i11, lines), row_col_cells(i12, lines));
            for k in 0..9 {
                let (i21, i22) = (u11[k], u12[k]);
                if i21.box_index() == i11.box_index() {
                    continue;
                }
                let (c21, c22) = (grid.candidates(i21), grid.candidates(i22));
                let open = |c: Cell, m: DigitSet, d: Digit| {
                    grid.value(c).is_none() && m.contains(d) && m.len() == 2
                };
                let valid = (grid.value(i21) == Some(d2) && placed(i21) && open(i22, c22, d1))
                    || (grid.value(i22) == Some(d1) && placed(i22) && open(i21, c21, d2))
                    || (open(i21, c21, d2) && open(i22, c22, d1));
                if !valid {
                    continue;
                }
                let mut key = [i11, i12, i21, i22];
                key.sort();
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let rect = [i11, i12, i21, i22];
                let step = if grid.value(i21).is_some() || grid.value(i22).is_some() {
                    let mut s = ur_step(Technique::AvoidableRectangle1, d1, d2, rect);
                    if grid.value(i21).is_some() {
                        if c22.contains(d1) {
                            s.eliminations.push(Candidate::new(i22, d1));
                        }
                    } else if c21.contains(d2) {
                        s.eliminations.push(Candidate::new(i21, d2));
                    }
                    s
                } else {
                    let Some(x) = c21.iter().find(|&x| x != d2) else {
                        continue;
                    };
                    if !c22.contains(x) {
                        continue;
                    }
                    let mut s = ur_step(Technique::AvoidableRectangle2, d1, d2, rect);
                    let peers = i21.peers() & i22.peers() & grid.cells_with(x);
                    s.eliminations = peers.iter().map(|c| Candidate::new(c, x)).collect();
                    s
                };
                if step.technique != want {
                    continue;
                }
                if let Some(s) = finish(step) {
                    out(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

macro_rules! ur_finders {
    ($($find:ident: $what:expr;)+) => {
        $(
            #[doc = concat!("Every `", stringify!($find), "` in HoDoKu's order (only when the puzzle is unique).")]
            pub fn $find(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
                $what(grid, ctx, out)
            }
        )+
    };
}

ur_finders! {
    find_uniqueness_1: uniqueness_1;
    find_uniqueness_2: |g, c, o| ur_2_or_5(g, c, Technique::Uniqueness2, o);
    find_uniqueness_3: uniqueness_3;
    find_uniqueness_4: uniqueness_4;
    find_uniqueness_5: |g, c, o| ur_2_or_5(g, c, Technique::Uniqueness5, o);
    find_uniqueness_6: uniqueness_6;
    find_hidden_rectangle: hidden_rectangle;
    find_avoidable_rectangle_1:
        |g, c, o| find_ar(g, c, Technique::AvoidableRectangle1, o);
    find_avoidable_rectangle_2:
        |g, c, o| find_ar(g, c, Technique::AvoidableRectangle2, o);
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn uniqueness_1_fires_as_hodoku() {
        let g = library(":0000:x:..6.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7..+8.1.4.8.2.:714 722 624 724 325 725::");
        let s = finder::first(find_uniqueness_1, &g, &ctx()).expect("UNIQUENESS_1 must fire");
        assert_eq!(s.technique, Technique::Uniqueness1);
        assert_eq!(elims(&s), "275 675");
    }

    #[test]
    fn uniqueness_1_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:9265+3+7+8+14.3+4+1.2.76.+7...+4..3.9..4+6.+85.+6.9.8+4.+12+4+8+31+5+76+94+1...+9+6..68.4.+1.9.7+5+9..3148:531 343 353 274 275 278 285 287::");
        assert_eq!(
            finder::first(find_uniqueness_1, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn uniqueness_2_fires_as_hodoku() {
        let g = library(":0000:x:+4195.+7.3+8.7348.5..+5+8..+3..7.+3+98..6.5.1..+3+5+8.+97.5.9..3+8.+93+5+8..+7....1.9384+5+84...592+3:129 629 237 239 247 661 765 175 675 176 284::");
        let s = finder::first(find_uniqueness_2, &g, &ctx()).expect("UNIQUENESS_2 must fire");
        assert_eq!(s.technique, Technique::Uniqueness2);
        assert_eq!(elims(&s), "144 145 169");
    }

    #[test]
    fn uniqueness_2_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:826 339 844 944 966 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_uniqueness_2, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn uniqueness_3_fires_as_hodoku() {
        let g = library(":0000:x:+9+74.1.35.1+6..7.9.+485.9.+4.+71+5.+9...8.+728+1.+9.+463+6.7.+8..+9+57+1+6..8+549+4+98.5..+32+325.4+97..:224 324 226 235 144 344 164 266 186::");
        let s = finder::first(find_uniqueness_3, &g, &ctx()).expect("UNIQUENESS_3 must fire");
        assert_eq!(s.technique, Technique::Uniqueness3);
        assert_eq!(elims(&s), "274");
    }

    #[test]
    fn uniqueness_3_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is SUE_DE_COQ (order 5300).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:339 844 944 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_uniqueness_3, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn uniqueness_4_fires_as_hodoku() {
        let g = library(":0000:x:...+53+1...56+2749+183..+38+62..+5.+5.+9+1+4+3.+8+4+316+285...9.3+57.4+13...9+5+7+16.7.1+83.5...5.+7+68+3.:718 918 919 748 281 291 299::");
        let s = finder::first(find_uniqueness_4, &g, &ctx()).expect("UNIQUENESS_4 must fire");
        assert_eq!(s.technique, Technique::Uniqueness4);
        assert_eq!(elims(&s), "472 492");
    }

    #[test]
    fn uniqueness_4_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:826 339 844 944 966 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_uniqueness_4, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn uniqueness_6_fires_as_hodoku() {
        let g = library(":0000:x:5..8+3...1+3.+1+5.4.....46123...35..+16+28.+12.+8+65..6.8+2+5+319...61259..+2..3...+1.1.+3..8..2:712 912 717 718 722 822 922 729 931 838 739 458 479 782 982 785 985 787 489 789 795 498 798::");
        let s = finder::first(find_uniqueness_6, &g, &ctx()).expect("UNIQUENESS_6 must fire");
        assert_eq!(s.technique, Technique::Uniqueness6);
        assert_eq!(elims(&s), "359 378");
    }

    #[test]
    fn uniqueness_6_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:826 339 844 944 966 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_uniqueness_6, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn hidden_rectangle_fires_as_hodoku() {
        let g = library(":0000:x:2..+35+9+1.6+31.+6+2+7.9.6.+98+41.+23..7+29+46.+1.+2+67+13+9..9.+1+58+6..21+9+2+4+7+8+3+65.6.9+32.1+7+7.3+16+52.+9:418 423 458::");
        let s =
            finder::first(find_hidden_rectangle, &g, &ctx()).expect("HIDDEN_RECTANGLE must fire");
        assert_eq!(s.technique, Technique::HiddenRectangle);
        assert_eq!(elims(&s), "858");
    }

    #[test]
    fn hidden_rectangle_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:826 339 844 944 966 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_hidden_rectangle, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn uniqueness_4_text_is_hodokus() {
        // the example texts of docs/hodoku.md §2 ("Step texts") (HoDoKu 2.2 output for this position).
        let g = library(":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:481 482 882 483 883 484 684 486 686 188 189 498 499::");
        let s = finder::first(find_uniqueness_4, &g, &ctx()).expect("fires");
        assert_eq!(s.text, "Uniqueness Test 4: 1/8 in r4c46,r8c46 => r4c46<>1");
    }

    // Avoidable rectangles need corners placed by the player: positions are random player
    // states (solution digits placed, not given), checked against HoDoKu.
    #[test]
    fn avoidable_rectangle_1_fires_as_hodoku() {
        let g = library(":0000:x:.74+218+93+58+9+36.+5..+21+2...9...+9+5...+2.64+48+67.1.2.23..+4.+5.....5.+3+2.1+3.+9.+27..8+51+286.79.:::");
        let s = finder::first(find_avoidable_rectangle_1, &g, &ctx()).expect("AR1 must fire");
        assert_eq!(s.technique, Technique::AvoidableRectangle1);
        assert_eq!(elims(&s), "969");
    }

    #[test]
    fn avoidable_rectangle_1_absent_where_hodoku_finds_none() {
        let g = library(":0000:x:+18+57.+4.2.6..+2+3+5.4+1+4.26+817+59..4+9+26+1383+9+15.8+6+7282+61+7.4+9.9+684+572+1+3+21...+9+5+84.4.+8+12+96+7:::");
        assert_eq!(finder::first(find_avoidable_rectangle_1, &g, &ctx()), None);
    }

    #[test]
    fn avoidable_rectangle_2_fires_as_hodoku() {
        let g = library(":0000:x:+978.4.6..6..+8..59.5+4.61.+7+3+8...+7....9+7194+8235+62.+4......+4+9+7+238.+65+865.+7+4.+23..3+59.48.:::");
        let s = finder::first(find_avoidable_rectangle_2, &g, &ctx()).expect("AR2 must fire");
        assert_eq!(s.technique, Technique::AvoidableRectangle2);
        assert_eq!(elims(&s), "147 148 164 166 168");
    }

    #[test]
    fn avoidable_rectangle_2_absent_where_hodoku_finds_none() {
        let g = library(":0000:x:.4..+32...1.+8+4+693+57.5+6.78.+2+4..5+8+2.+13+9+8.1+94.2+7+5.9+3+7..4..+5+1+428+7+69+36+873+9.+5.2+9+3.6..+71.:::");
        assert_eq!(finder::first(find_avoidable_rectangle_2, &g, &ctx()), None);
    }

    #[test]
    fn uniqueness_techniques_need_a_unique_puzzle() {
        let g = library(":0000:x:.74+218+93+58+9+36.+5..+21+2...9...+9+5...+2.64+48+67.1.2.23..+4.+5.....5.+3+2.1+3.+9.+27..8+51+286.79.:::");
        let not_unique = Context {
            unique: false,
            ..Context::default()
        };
        assert!(finder::first(find_avoidable_rectangle_1, &g, &ctx()).is_some());
        assert_eq!(
            finder::first(find_avoidable_rectangle_1, &g, &not_unique),
            None
        );
    }

    #[test]
    fn uniqueness_5_fires_as_hodoku() {
        // Synthetic position (an empty grid with candidates removed) giving the only bivalue
        // cell r1c1 = {1,2} a rectangle whose three other corners are {1,2,3}: 3 goes from the
        // cells seeing all three. hodoku-py reports the same Uniqueness Test 5.
        let g = library(":0000:x:.................................................................................:311 411 511 611 711 811 911 412 512 612 712 812 912 451 551 651 751 851 951 452 552 652 752 852 952::");
        let s = finder::first(find_uniqueness_5, &g, &ctx()).expect("UNIQUENESS_5 must fire");
        assert_eq!(s.technique, Technique::Uniqueness5);
        assert_eq!(elims(&s), "342 362");
        assert_eq!(s.text, "Uniqueness Test 5: 1/2 in r1c12,r5c12 => r46c2<>3");
        assert_eq!(finder::first(find_uniqueness_2, &g, &ctx()), None);
    }

    #[test]
    fn uniqueness_5_absent_where_hodoku_finds_none() {
        let g = library(":0000:x:..4.2.73.23.5..+14.6.+1+4.+3+2+85...3+52.1+43...4..+72+14+26.7.+5+39+8+3+2+1+5+4+67.2.+8+64+391+416+73+95+2+8:952::");
        assert_eq!(finder::first(find_uniqueness_5, &g, &ctx()), None);
    }
}
