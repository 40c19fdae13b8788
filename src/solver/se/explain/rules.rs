//! The typed explanation of an SE step that is not a chain: the hint found again from the
//! step's facts (its cells, placement, eliminations and SE's typed name) and the state it was
//! found in. Where the facts leave a choice (which house a pair lies in, whether a fish's base
//! is rows or columns), each possible hint is written as SE writes its hint's one-line text
//! and the one that is the step's text is kept.

use super::model::{Explanation, SetKind, WingExplanation};
use super::render_rules::title;
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::se::{SeName, SeTechnique};
use crate::solver::{Facts, Grid, Step};

/// The explanation of a non-chain SE step, or `None` where the step's hint is not found (or
/// its explanation is not written yet).
pub(super) fn explain(grid: &Grid, step: &Step, technique: SeTechnique) -> Option<Explanation> {
    let name = step.name?;
    let cells: &[Cell] = match &step.facts {
        Facts::Pattern { cells, .. } => cells,
        _ => return None,
    };
    let candidates = match name {
        SeName::Locking { pointing } => locking(step, cells, pointing),
        SeName::DirectLocking { pointing } => direct_locking(step, cells, pointing),
        SeName::Naked(_) => sets(grid, cells, SetKind::Naked),
        SeName::Hidden(_) => sets(grid, cells, SetKind::Hidden),
        SeName::DirectHidden(_) => {
            let p = step.placements.first()?;
            let kind = SetKind::DirectHidden {
                cell: p.cell,
                digit: p.digit,
            };
            sets(grid, cells.get(1..)?, kind)
        }
        SeName::Fish(_) => fish(step, cells),
        SeName::XYWing | SeName::XYZWing => xy_wing(grid, step, cells, technique),
        SeName::Wing {
            double,
            biggest,
            size,
            ..
        } => wing(grid, step, cells, double, biggest, size),
        _ => Vec::new(),
    };
    candidates
        .into_iter()
        .find(|e| title(e).as_deref() == Some(step.text.as_str()))
}

/// The one digit a step removes, if it removes only one.
fn removed_digit(step: &Step) -> Option<Digit> {
    let d = step.eliminations.first()?.digit;
    step.eliminations.iter().all(|c| c.digit == d).then_some(d)
}

/// The houses holding all of `cells`, blocks first, then columns, then rows (SE's order).
fn common_houses(cells: &[Cell]) -> Vec<House> {
    let Some(first) = cells.first() else {
        return Vec::new();
    };
    [
        House::Box(first.box_index() as u8),
        House::Col(first.col() as u8),
        House::Row(first.row() as u8),
    ]
    .into_iter()
    .filter(|h| cells.iter().all(|c| h.cells().contains(*c)))
    .collect()
}

fn lines_through(cells: &[Cell]) -> Vec<House> {
    common_houses(cells)
        .into_iter()
        .filter(|h| !matches!(h, House::Box(_)))
        .collect()
}

fn locking(step: &Step, cells: &[Cell], pointing: bool) -> Vec<Explanation> {
    let Some(digit) = removed_digit(step) else {
        return Vec::new();
    };
    let Some(first) = cells.first() else {
        return Vec::new();
    };
    let block = House::Box(first.box_index() as u8);
    lines_through(cells)
        .into_iter()
        .map(|line| Explanation::Locking {
            cells: cells.to_vec(),
            digit,
            houses: if pointing {
                [block, line]
            } else {
                [line, block]
            },
        })
        .collect()
}

fn direct_locking(step: &Step, cells: &[Cell], pointing: bool) -> Vec<Explanation> {
    let (Some(p), Some(rest)) = (step.placements.first(), cells.get(1..)) else {
        return Vec::new();
    };
    let Some(first) = rest.first() else {
        return Vec::new();
    };
    let block = House::Box(first.box_index() as u8);
    lines_through(rest)
        .into_iter()
        .map(|line| Explanation::DirectLocking {
            cells: rest.to_vec(),
            digit: p.digit,
            houses: if pointing {
                [block, line]
            } else {
                [line, block]
            },
            cell: p.cell,
        })
        .collect()
}

/// The naked or hidden sets of `cells` in the houses holding them all.
fn sets(grid: &Grid, cells: &[Cell], kind: SetKind) -> Vec<Explanation> {
    let within: crate::domain::CellSet = cells.iter().copied().collect();
    common_houses(cells)
        .into_iter()
        .filter_map(|house| {
            let digits: DigitSet = match kind {
                SetKind::Naked => cells
                    .iter()
                    .fold(DigitSet::EMPTY, |u, &c| u.union(grid.candidates(c))),
                _ => Digit::ALL
                    .into_iter()
                    .filter(|&d| {
                        let pos = grid.house_cells_with(house, d);
                        pos.len() >= 2 && (pos & !within).is_empty()
                    })
                    .collect(),
            };
            (digits.len() as usize == cells.len()).then(|| Explanation::Set {
                kind,
                cells: cells.to_vec(),
                digits,
                house,
            })
        })
        .collect()
}

/// A fish on its base rows (covered by columns) or on its base columns.
fn fish(step: &Step, cells: &[Cell]) -> Vec<Explanation> {
    let Some(digit) = removed_digit(step) else {
        return Vec::new();
    };
    let mut rows: Vec<House> = cells.iter().map(|c| House::Row(c.row() as u8)).collect();
    let mut cols: Vec<House> = cells.iter().map(|c| House::Col(c.col() as u8)).collect();
    rows.sort();
    rows.dedup();
    cols.sort();
    cols.dedup();
    [(rows.clone(), cols.clone()), (cols, rows)]
        .into_iter()
        .map(|(base, cover)| Explanation::Fish {
            cells: cells.to_vec(),
            digit,
            base,
            cover,
        })
        .collect()
}

fn xy_wing(grid: &Grid, step: &Step, cells: &[Cell], t: SeTechnique) -> Vec<Explanation> {
    let (Some(digit), &[xy, xz, yz]) = (removed_digit(step), cells) else {
        return Vec::new();
    };
    let mut others = grid.candidates(xy).iter().filter(|&d| d != digit);
    let (Some(x), Some(y)) = (others.next(), others.next()) else {
        return Vec::new();
    };
    vec![Explanation::XyWing {
        xyz: t == SeTechnique::XYZWing,
        cells: [xy, xz, yz],
        digit,
        values: [x, y],
    }]
}

fn wing(
    grid: &Grid,
    step: &Step,
    cells: &[Cell],
    double: bool,
    biggest: u8,
    size: u8,
) -> Vec<Explanation> {
    let Some(&yz) = cells.last() else {
        return Vec::new();
    };
    let pair = grid.candidates(yz);
    let (z, x) = if double {
        // SE shows a ring on the bivalue cell's values, the smaller first.
        let mut it = pair.iter();
        let (Some(x), Some(z)) = (it.next(), it.next()) else {
            return Vec::new();
        };
        (z, x)
    } else {
        let Some(z) = removed_digit(step) else {
            return Vec::new();
        };
        let Some(x) = pair.iter().find(|&d| d != z) else {
            return Vec::new();
        };
        (z, x)
    };
    vec![Explanation::Wing(WingExplanation {
        cells: cells.to_vec(),
        z,
        x,
        double,
        biggest,
        size,
    })]
}
