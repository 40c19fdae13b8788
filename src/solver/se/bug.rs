//! SE's `BivalueUniversalGrave` with lkSudoku's fix (on by default): the cells with more than
//! two candidates whose extra digits break the bivalue pattern. Type 1 (one such cell: its
//! other candidates go) 5.6; type 2 (one extra digit: it leaves the cells that see every BUG
//! cell) 5.7. Types 3 and 4 (a naked set or a locked digit among the BUG cells) are not
//! searched yet.

use std::ops::ControlFlow;

use super::regions::BRC;
use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, DigitSet};
use crate::solver::{Candidate, Grid};

pub fn bug(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    match find(g) {
        Some(s) => sink(s),
        None => ControlFlow::Continue(()),
    }
}

fn find(g: &Grid) -> Option<SeStep> {
    let mut temp: [DigitSet; 81] = std::array::from_fn(|i| g.candidates(Cell::from_index(i)));
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
    if bug_cells.len() == 1 {
        let cell = bug_cells[0];
        let mut s = SeStep::new(
            SeTechnique::BivalueUniversalGrave,
            56,
            format!("BUG type 1: {cell}"),
        );
        s.eliminations = g
            .candidates(cell)
            .difference(all_values)
            .iter()
            .map(|d| Candidate::new(cell, d))
            .collect();
        s.cells = vec![cell];
        return Some(s);
    }
    if all_values.len() == 1 {
        let value = all_values.first()?;
        let common = common.filter(|c| !c.is_empty())?;
        let elims: Vec<Candidate> = (common & g.cells_with(value))
            .iter()
            .map(|c| Candidate::new(c, value))
            .collect();
        if elims.is_empty() {
            return None;
        }
        let cells: Vec<String> = bug_cells.iter().map(|c| c.to_string()).collect();
        let mut s = SeStep::new(
            SeTechnique::BivalueUniversalGrave,
            57,
            format!("BUG type 2: {} on {value}", cells.join(",")),
        );
        s.eliminations = elims;
        s.cells = bug_cells;
        return Some(s);
    }
    None
}
