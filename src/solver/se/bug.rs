//! SE's `BivalueUniversalGrave` with lkSudoku's fix (on by default): the cells with more than
//! two candidates whose extra digits break the bivalue pattern, and SE's four types, tried in
//! its order. One BUG cell: type 1 (its other candidates go) 5.6. One extra digit: type 2 (it
//! leaves the cells that see every BUG cell) 5.7, then, with two BUG cells in one house, type 4.
//! Otherwise, with cells seeing every BUG cell: type 4 (two BUG cells in one house sharing one
//! non-extra digit, which is locked there: their other non-extra digits go) 5.7, then type 3
//! (the extra digits form a naked set with other cells of the BUG cells' house: its digits leave
//! the house's remaining cells) 5.7 + 0.1 per digit past the first, sets of 2 to 6 digits.
//!
//! A search of SE's own: HoDoKu's BUG (`techniques/bug.rs`) is BUG+1 only, one cell with three
//! candidates in an otherwise bivalue grave, searched only when the puzzle has one solution;
//! SE's pattern allows several BUG cells and extra digits (lkSudoku's fix) and has four types
//! of its own, so neither the pattern nor its eliminations are HoDoKu's.

use std::ops::ControlFlow;

use super::regions::{bits, combinations, Kind, BRC};
use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, DigitSet};
use crate::solver::{Candidate, Grid, Step};

const BUG: SeTechnique = SeTechnique::BivalueUniversalGrave;

pub fn bug(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let Some(p) = find(g) else {
        return ControlFlow::Continue(());
    };
    if p.cells.len() == 1 {
        return sink(type1(g, &p));
    }
    if p.all_values.len() == 1 {
        if let Some(s) = type2(g, &p) {
            sink(s)?;
        }
        if p.cells.len() == 2 {
            type4(g, &p, sink)?;
        }
        return ControlFlow::Continue(());
    }
    if !p.common.is_empty() {
        if p.cells.len() == 2 {
            type4(g, &p, sink)?;
        }
        type3(g, &p, sink)?;
    }
    ControlFlow::Continue(())
}

/// A BUG pattern: its cells in SE's order, each one's extra digits, all extra digits, and the
/// cells (other than BUG cells) that see every BUG cell.
/// The BUG pattern of `g`, if SE sees one: its cells (the cells with a value beyond the
/// pattern, in SE's order) and all those values.
pub fn bug_cells(g: &Grid) -> Option<(Vec<Cell>, DigitSet)> {
    find(g).map(|p| (p.cells, p.all_values))
}

struct Pattern {
    cells: Vec<Cell>,
    extra: [DigitSet; 81],
    all_values: DigitSet,
    common: CellSet,
}

fn find(g: &Grid) -> Option<Pattern> {
    let mut temp: [DigitSet; 81] = std::array::from_fn(|i| g.candidates(Cell::from_index(i)));
    let mut extras = [DigitSet::EMPTY; 81];
    let mut bug_cells: Vec<Cell> = Vec::new();
    let mut all_values = DigitSet::EMPTY;
    let mut common: Option<CellSet> = None;
    let mut all_extra: Option<CellSet> = None;
    let mut only_value: Option<Digit> = None;
    let mut one_value = true;
    let add = |cell: Cell,
               bug_cells: &mut Vec<Cell>,
               common: &mut Option<CellSet>,
               all_values: DigitSet|
     -> Option<()> {
        if !bug_cells.contains(&cell) {
            bug_cells.push(cell);
        }
        let mut c = common.map_or(cell.peers(), |c| c & cell.peers());
        for &b in bug_cells.iter() {
            c.remove(b);
        }
        *common = Some(c);
        if bug_cells.len() > 1 && all_values.len() > 1 && c.is_empty() {
            return None;
        }
        Some(())
    };
    for kind in BRC {
        for i in 0..9 {
            let h = kind.region(i);
            for d in Digit::ALL {
                let cells = g.house_cells_with(h, d);
                if cells.is_empty() || cells.len() == 2 {
                    continue;
                }
                let new: Vec<Cell> = cells
                    .iter()
                    .filter(|&c| g.candidates(c).len() >= 3)
                    .collect();
                match all_extra {
                    None => {
                        all_extra = Some(new.iter().copied().collect());
                        only_value = Some(d);
                    }
                    Some(ref mut set) if one_value => {
                        if only_value == Some(d) {
                            for &c in &new {
                                set.insert(c);
                            }
                        } else {
                            one_value = false;
                        }
                    }
                    _ => {}
                }
                if new.len() == 1 {
                    let cell = new[0];
                    all_values.insert(d);
                    extras[cell.index()].insert(d);
                    temp[cell.index()].remove(d);
                    add(cell, &mut bug_cells, &mut common, all_values)?;
                }
                if new.is_empty() {
                    return None;
                }
            }
        }
    }
    if let (true, Some(extra), Some(v)) = (one_value, all_extra, only_value) {
        if extra.len() as usize > bug_cells.len() {
            let mut rest = extra;
            for &b in &bug_cells {
                rest.remove(b);
            }
            for cell in rest {
                bug_cells.push(cell);
                extras[cell.index()] = DigitSet::EMPTY;
                extras[cell.index()].insert(v);
                temp[cell.index()].remove(v);
                add(cell, &mut bug_cells, &mut common, all_values)?;
            }
        }
    }
    for c in g.unsolved() {
        if temp[c.index()].len() != 2 {
            return None;
        }
    }
    for kind in BRC {
        for i in 0..9 {
            let h = kind.region(i);
            for d in Digit::ALL {
                let n = h
                    .cells()
                    .iter()
                    .filter(|c| temp[c.index()].contains(d))
                    .count();
                if n != 0 && n != 2 {
                    return None;
                }
            }
        }
    }
    Some(Pattern {
        cells: bug_cells,
        extra: extras,
        all_values,
        common: common.unwrap_or(CellSet::EMPTY),
    })
}

fn type1(g: &Grid, p: &Pattern) -> Step {
    let cell = p.cells[0];
    let elims = g
        .candidates(cell)
        .difference(p.all_values)
        .iter()
        .map(|d| Candidate::new(cell, d))
        .collect();
    elimination(BUG, 56, SeName::Bug(1), cell, elims, vec![cell])
}

fn type2(g: &Grid, p: &Pattern) -> Option<Step> {
    let value = p.all_values.first()?;
    let elims: Vec<Candidate> = (p.common & g.cells_with(value))
        .iter()
        .map(|c| Candidate::new(c, value))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let details = format!("{} on {value}", cell_list(&p.cells));
    Some(elimination(
        BUG,
        57,
        SeName::Bug(2),
        details,
        elims,
        p.cells.clone(),
    ))
}

/// The house of `kind` holding every cell of `cells`, if there is one.
fn shared(kind: Kind, cells: &[Cell]) -> Option<crate::domain::House> {
    let h = kind.region_of(cells[0]);
    cells[1..]
        .iter()
        .all(|&c| kind.region_of(c) == h)
        .then_some(h)
}

/// Type 3: for sets of 2 to 6 digits, in houses of each kind shared by the BUG cells, the
/// extra digits and `degree - 1` other cells of the house seeing every BUG cell.
fn type3(g: &Grid, p: &Pattern, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for degree in 2..=6u32 {
        for kind in BRC {
            let Some(h) = shared(kind, &p.cells) else {
                continue;
            };
            let region: Vec<Cell> = (p.common & h.cells()).iter().collect();
            if region.len() < degree as usize {
                continue;
            }
            for combo in combinations(degree - 1, region.len() as u32) {
                let naked: Vec<Cell> = bits(combo).map(|k| region[k]).collect();
                let mut union = DigitSet::EMPTY;
                let mut all_pairs = true;
                for &c in &naked {
                    let v = g.candidates(c);
                    all_pairs &= v.len() > 1;
                    union = union.union(v);
                }
                if union.len() != degree
                    || !all_pairs
                    || p.all_values.len() <= 1
                    || union.union(p.all_values).len() != degree
                {
                    continue;
                }
                let set = union.union(p.all_values);
                let mut elims = Vec::new();
                for &c in &region {
                    if naked.contains(&c) || p.cells.contains(&c) {
                        continue;
                    }
                    for d in g.candidates(c).intersection(set) {
                        elims.push(Candidate::new(c, d));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let digits: Vec<String> = set.iter().map(|d| d.to_string()).collect();
                let details = format!("{} on {}", cell_list(&p.cells), digits.join(", "));
                let cells = p.cells.iter().chain(naked.iter()).copied().collect();
                let difficulty = 57 + (degree as u16 - 1);
                sink(elimination(
                    BUG,
                    difficulty,
                    SeName::Bug(3),
                    details,
                    elims,
                    cells,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Type 4: two BUG cells sharing one digit besides the extra ones, in a house of each kind
/// they share.
fn type4(g: &Grid, p: &Pattern, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let (c1, c2) = (p.cells[0], p.cells[1]);
    let common = g
        .candidates(c1)
        .intersection(g.candidates(c2))
        .difference(p.all_values);
    if common.len() != 1 {
        return ControlFlow::Continue(());
    }
    let Some(value) = common.first() else {
        return ControlFlow::Continue(());
    };
    for kind in BRC {
        if shared(kind, &[c1, c2]).is_none() {
            continue;
        }
        let mut elims = Vec::new();
        for c in [c1, c2] {
            let mut rest = g.candidates(c).difference(p.extra[c.index()]);
            rest.remove(value);
            elims.extend(rest.iter().map(|d| Candidate::new(c, d)));
        }
        let details = format!("{c1},{c2} on {value}");
        sink(elimination(
            BUG,
            57,
            SeName::Bug(4),
            details,
            elims,
            vec![c1, c2],
        ))?;
    }
    ControlFlow::Continue(())
}

fn cell_list(cells: &[Cell]) -> String {
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.join(",")
}
