//! The typed explanation of an SE step that is not a chain: the hint found again from the
//! step's facts (its cells, placement, eliminations and SE's typed name) and the state it was
//! found in. Where the facts leave a choice (which house a pair lies in, whether a fish's base
//! is rows or columns), each possible hint is written as SE writes its hint's one-line text
//! and the one that is the step's text is kept.

use super::model::{
    BugExplanation, Excluded, Explanation, LoopSet, SetKind, StrongLinksExplanation,
    UniqueLoopKind, WingExplanation,
};
use super::render_rules::title;
use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::se::unique::type3_sets;
use crate::solver::se::{SeName, SeTechnique};
use crate::solver::{Candidate, Facts, Grid, Step};

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
        SeName::StrongLinks { links, .. } => {
            return strong_links(grid, step, name, usize::from(links));
        }
        SeName::UniqueLoop { kind, .. } => unique_loop(grid, step, cells, kind),
        SeName::Bug(kind) => bug(grid, step, cells, kind),
        SeName::Aligned(_) => vec![aligned(grid, step, cells)],
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

/// A chain of strong links: the hint found again by the strong-link search.
fn strong_links(grid: &Grid, step: &Step, name: SeName, n: usize) -> Option<Explanation> {
    let f = crate::solver::se::links::link_facts(grid, n, &step.text)?;
    Some(Explanation::StrongLinks(StrongLinksExplanation {
        name,
        digit: f.digit,
        links: f.links,
        shared: f.shared,
        ring: f.ring,
        start: f.start?,
        end: f.end?,
        grouped: f.grouped,
        by_kind: f.by_kind,
    }))
}

/// The digits a step removes.
fn removed_digits(step: &Step) -> DigitSet {
    step.eliminations.iter().map(|c| c.digit).collect()
}

/// The houses two cells share, blocks first, then rows, then columns (SE's order here).
fn shared_houses(c1: Cell, c2: Cell) -> Vec<House> {
    [
        House::Box(c1.box_index() as u8),
        House::Row(c1.row() as u8),
        House::Col(c1.col() as u8),
    ]
    .into_iter()
    .filter(|h| h.cells().contains(c2))
    .collect()
}

fn unique_loop(grid: &Grid, step: &Step, cells: &[Cell], kind: u8) -> Vec<Explanation> {
    let Some(&first) = cells.first() else {
        return Vec::new();
    };
    let mut pair = grid.candidates(first).iter();
    let (Some(v1), Some(v2)) = (pair.next(), pair.next()) else {
        return Vec::new();
    };
    let extra: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c).len() > 2)
        .collect();
    let removed = removed_digit(step);
    let (values, kind) = match (kind, extra.as_slice(), removed) {
        (1, &[cell], _) => ([v1, v2], UniqueLoopKind::One { cell }),
        (2, _, Some(digit)) => (
            [v1, v2],
            UniqueLoopKind::Two {
                cells: extra.clone(),
                digit,
            },
        ),
        (3, &[c1, c2], _) => {
            return type3(grid, step, cells, [v1, v2], [c1, c2]);
        }
        (4, &[c1, c2], Some(rem)) => {
            let lock = if rem == v1 { v2 } else { v1 };
            let locked = |h: &House| {
                let others = grid.house_cells_with(*h, lock).iter();
                others.filter(|&c| c != c1 && c != c2).count() == 0
            };
            let Some(house) = shared_houses(c1, c2).into_iter().rev().find(locked) else {
                return Vec::new();
            };
            let kind = UniqueLoopKind::Four {
                cells: [c1, c2],
                house,
            };
            ([lock, rem], kind)
        }
        _ => return Vec::new(),
    };
    vec![Explanation::UniqueLoop {
        cells: cells.to_vec(),
        values,
        kind,
    }]
}

/// A unique loop of type 3: its sets found again as SE's search finds them; of those that
/// remove the step's candidates, the one SE's sort by difficulty puts first.
fn type3(
    grid: &Grid,
    step: &Step,
    cells: &[Cell],
    values: [Digit; 2],
    [c1, c2]: [Cell; 2],
) -> Vec<Explanation> {
    let sorted = |v: &[Candidate]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    let wanted = sorted(&step.eliminations);
    let pair: DigitSet = values.into_iter().collect();
    let extra = grid
        .candidates(c1)
        .union(grid.candidates(c2))
        .difference(pair);
    let sets = type3_sets(grid, c1, c2, values[0], values[1]);
    let Some(set) = sets
        .into_iter()
        .filter(|s| sorted(&s.eliminations) == wanted)
        .min_by_key(|s| s.extra_difficulty)
    else {
        return Vec::new();
    };
    let kind = UniqueLoopKind::Three {
        cells: [c1, c2],
        values: extra,
        set: if set.hidden {
            LoopSet::Hidden
        } else {
            LoopSet::Naked
        },
        others: set.others,
        set_values: set.values,
        house: set.house,
    };
    vec![Explanation::UniqueLoop {
        cells: cells.to_vec(),
        values,
        kind,
    }]
}

fn bug(grid: &Grid, step: &Step, cells: &[Cell], kind: u8) -> Vec<Explanation> {
    let Some((bug_cells, values)) = crate::solver::se::bug::bug_cells(grid) else {
        return Vec::new();
    };
    let removed = removed_digits(step);
    let found = match (kind, cells) {
        (1, &[cell]) => BugExplanation::One {
            cell,
            values,
            removed,
        },
        (2, _) => match values.only() {
            Some(digit) => BugExplanation::Two {
                cells: cells.to_vec(),
                digit,
            },
            None => return Vec::new(),
        },
        (3, _) => return bug_three(grid, step, cells, bug_cells, values),
        (4, &[c1, c2]) => {
            let common = grid
                .candidates(c1)
                .intersection(grid.candidates(c2))
                .difference(values);
            let (Some(digit), Some(&house)) = (common.only(), shared_houses(c1, c2).first()) else {
                return Vec::new();
            };
            BugExplanation::Four {
                cells: [c1, c2],
                values,
                digit,
                house,
                removed,
            }
        }
        _ => return Vec::new(),
    };
    vec![Explanation::Bug(found)]
}

/// BUG type 3: the step's cells are the BUG cells, then the naked set's other cells; the house
/// holds them all and what the step removes.
fn bug_three(
    grid: &Grid,
    step: &Step,
    cells: &[Cell],
    bug_cells: Vec<Cell>,
    values: DigitSet,
) -> Vec<Explanation> {
    let Some(others) = cells.get(bug_cells.len()..) else {
        return Vec::new();
    };
    let naked = others
        .iter()
        .fold(values, |u, &c| u.union(grid.candidates(c)));
    let Some(&first) = bug_cells.first() else {
        return Vec::new();
    };
    [
        House::Box(first.box_index() as u8),
        House::Row(first.row() as u8),
        House::Col(first.col() as u8),
    ]
    .into_iter()
    .filter(|h| {
        let within = |c: &Cell| h.cells().contains(*c);
        cells.iter().all(within) && step.eliminations.iter().all(|e| within(&e.cell))
    })
    .map(|house| {
        Explanation::Bug(BugExplanation::Three {
            cells: bug_cells.clone(),
            values,
            others: others.to_vec(),
            naked,
            house,
        })
    })
    .collect()
}

/// The combinations of values of an aligned exclusion's cells in SE's order: for a pair the
/// first cell's values, then the second's, each rising; for a triplet every cell's values
/// falling, the first cell's changing fastest.
fn combinations(values: &[Vec<Digit>]) -> Vec<Vec<Digit>> {
    let mut out = Vec::new();
    if values.len() == 2 {
        for &a in &values[0] {
            for &b in &values[1] {
                out.push(vec![a, b]);
            }
        }
        return out;
    }
    let n = values.len();
    let mut idx: Vec<usize> = values.iter().map(|v| v.len().saturating_sub(1)).collect();
    loop {
        out.push((0..n).map(|i| values[i][idx[i]]).collect());
        let Some(z) = idx.iter().position(|&i| i > 0) else {
            return out;
        };
        idx[z] -= 1;
        for (i, v) in idx.iter_mut().enumerate().take(z) {
            *v = values[i].len() - 1;
        }
    }
}

/// An aligned exclusion: each combination of the cells' values is excluded when two cells
/// that see each other would share a value, or when a cell seeing them all (with two to
/// `cells.len()` values; the lowest first) would be left no value.
fn aligned(grid: &Grid, step: &Step, cells: &[Cell]) -> Explanation {
    let n = cells.len() as u32;
    let excluders: Vec<Cell> = Cell::all()
        .filter(|&c| {
            let k = grid.candidates(c).len();
            (2..=n).contains(&k) && cells.iter().all(|&b| b != c && b.sees(c))
        })
        .collect();
    let values: Vec<Vec<Digit>> = cells
        .iter()
        .map(|&c| grid.candidates(c).iter().collect())
        .collect();
    let removed_here = |i: usize, d: Digit| {
        step.eliminations
            .iter()
            .any(|e| e.cell == cells[i] && e.digit == d)
    };
    let mut excluded = Vec::new();
    for combo in combinations(&values) {
        let repeat = (0..cells.len())
            .any(|i| (i + 1..cells.len()).any(|j| combo[i] == combo[j] && cells[i].sees(cells[j])));
        let lock = if repeat {
            None
        } else {
            let set: DigitSet = combo.iter().copied().collect();
            match excluders
                .iter()
                .find(|&&c| grid.candidates(c).difference(set).is_empty())
            {
                Some(&c) => Some((c, grid.candidates(c))),
                None => continue,
            }
        };
        if (0..cells.len()).any(|i| removed_here(i, combo[i])) {
            excluded.push(Excluded {
                values: combo,
                lock,
            });
        }
    }
    // SE lists the cells losing candidates from a hash map keyed by cell index: by the index
    // modulo 16, then in the cells' order.
    let mut removed: Vec<(usize, Cell, DigitSet)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, &c)| {
            let lost: DigitSet = step
                .eliminations
                .iter()
                .filter(|e| e.cell == c)
                .map(|e| e.digit)
                .collect();
            (!lost.is_empty()).then_some((i, c, lost))
        })
        .collect();
    removed.sort_by_key(|&(i, c, _)| (c.index() % 16, i));
    Explanation::Aligned {
        cells: cells.to_vec(),
        excluded,
        removed: removed.into_iter().map(|(_, c, d)| (c, d)).collect(),
    }
}
