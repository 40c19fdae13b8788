//! Basic fish (X-Wing, Swordfish, Jellyfish) and finned/sashimi fish of the same sizes, searched
//! in HoDoKu's order: digits ascending; rows as base sets, then columns; base-set combinations in
//! lexicographic order; for finned fish, cover-set combinations in lexicographic order. At most
//! five fins (`MAX_FINS`); no Siamese fish (`ALLOW_DUALS_AND_SIAMESE=false`).

use super::subsets::combinations;
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, Grid, Step, Technique};

const MAX_FINS: u32 = 5;

fn line(rows: bool, i: usize) -> House {
    if rows {
        House::Row(i as u8)
    } else {
        House::Col(i as u8)
    }
}

/// Cells seeing every cell of `fins`.
fn common_peers(fins: CellSet) -> CellSet {
    fins.iter().fold(CellSet::ALL, |acc, c| acc & c.peers())
}

fn houses_text(houses: &[House]) -> String {
    let mut s = String::new();
    if let Some(first) = houses.first() {
        s.push(match first {
            House::Row(_) => 'r',
            House::Col(_) => 'c',
            House::Box(_) => 'b',
        });
    }
    for h in houses {
        let n = match h {
            House::Row(i) | House::Col(i) | House::Box(i) => *i + 1,
        };
        s.push(char::from(b'0' + n));
    }
    s
}

#[allow(clippy::too_many_arguments)]
fn fish_step(
    t: Technique,
    d: Digit,
    base: &[House],
    cover: &[House],
    base_cells: CellSet,
    fins: CellSet,
    elims: CellSet,
) -> Step {
    let mut s = Step::new(t);
    s.values.push(d);
    s.cells = (base_cells & !fins).iter().collect();
    s.fins = fins.iter().map(|c| Candidate::new(c, d)).collect();
    s.houses = base.to_vec();
    s.cover_houses = cover.to_vec();
    s.eliminations = elims.iter().map(|c| Candidate::new(c, d)).collect();
    let mut text = format!(
        "{}: {} {} {}",
        t.name(),
        d,
        houses_text(base),
        houses_text(cover)
    );
    if !fins.is_empty() {
        let fins: Vec<String> = fins.iter().map(|c: Cell| format!("f{c}")).collect();
        text.push(' ');
        text.push_str(&fins.join(" "));
    }
    text.push_str(" => ");
    text.push_str(&eliminations_text(&s.eliminations));
    s.text = text;
    s
}

fn basic(grid: &Grid, n: usize) -> Option<Step> {
    let t = match n {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        if cands.is_empty() {
            continue;
        }
        for rows in [true, false] {
            let eligible: Vec<usize> = (0..9)
                .filter(|&u| {
                    let k = (cands & line(rows, u).cells()).len() as usize;
                    (2..=n).contains(&k)
                })
                .collect();
            let found = combinations(eligible.len(), n, |idx| {
                let base: Vec<House> = idx.iter().map(|&i| line(rows, eligible[i])).collect();
                let base_cells = base
                    .iter()
                    .fold(CellSet::EMPTY, |a, h| a | (cands & h.cells()));
                let cover: Vec<House> = (0..9)
                    .map(|ci| line(!rows, ci))
                    .filter(|h| !(base_cells & h.cells()).is_empty())
                    .collect();
                if cover.len() != n {
                    return None;
                }
                let cover_cells = cover.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                let elims = cands & cover_cells & !base_cells;
                if elims.is_empty() {
                    return None;
                }
                Some(fish_step(
                    t,
                    d,
                    &base,
                    &cover,
                    base_cells,
                    CellSet::EMPTY,
                    elims,
                ))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

fn finned(grid: &Grid, n: usize, sashimi: bool) -> Option<Step> {
    let t = match (n, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (3, false) => Technique::FinnedSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (2, true) => Technique::SashimiXWing,
        (3, true) => Technique::SashimiSwordfish,
        (_, true) => Technique::SashimiJellyfish,
    };
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        if cands.is_empty() {
            continue;
        }
        for rows in [true, false] {
            let eligible: Vec<usize> = (0..9)
                .filter(|&u| !(cands & line(rows, u).cells()).is_empty())
                .collect();
            let found = combinations(eligible.len(), n, |idx| {
                let base: Vec<House> = idx.iter().map(|&i| line(rows, eligible[i])).collect();
                let base_cells = base
                    .iter()
                    .fold(CellSet::EMPTY, |a, h| a | (cands & h.cells()));
                let cover_all: Vec<House> = (0..9)
                    .map(|ci| line(!rows, ci))
                    .filter(|h| !(base_cells & h.cells()).is_empty())
                    .collect();
                if cover_all.len() < n || cover_all.len() > n + 3 {
                    return None;
                }
                combinations(cover_all.len(), n, |cidx| {
                    let cover: Vec<House> = cidx.iter().map(|&i| cover_all[i]).collect();
                    let cover_cells = cover.iter().fold(CellSet::EMPTY, |a, h| a | h.cells());
                    let fins = base_cells & !cover_cells;
                    if fins.is_empty() || fins.len() > MAX_FINS {
                        return None;
                    }
                    let elims = cands & cover_cells & common_peers(fins) & !base_cells;
                    if elims.is_empty() {
                        return None;
                    }
                    let is_sashimi = base
                        .iter()
                        .any(|h| (cands & h.cells() & cover_cells).len() <= 1);
                    if is_sashimi != sashimi {
                        return None;
                    }
                    Some(fish_step(t, d, &base, &cover, base_cells, fins, elims))
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

pub fn x_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    basic(grid, 2)
}
pub fn swordfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    basic(grid, 3)
}
pub fn jellyfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    basic(grid, 4)
}
pub fn finned_x_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 2, false)
}
pub fn sashimi_x_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 2, true)
}
pub fn finned_swordfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 3, false)
}
pub fn sashimi_swordfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 3, true)
}
pub fn finned_jellyfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 4, false)
}
pub fn sashimi_jellyfish(grid: &Grid, _ctx: &Context) -> Option<Step> {
    finned(grid, 4, true)
}
