//! Basic fish (X-Wing, Swordfish, Jellyfish) and finned/sashimi fish of the same sizes, searched
//! in HoDoKu's order: digits ascending; rows as base sets, then columns; base-set combinations in
//! lexicographic order; for finned fish, cover-set combinations in lexicographic order. At most
//! five fins (`MAX_FINS`); no Siamese fish (`ALLOW_DUALS_AND_SIAMESE=false`).

use super::subsets::{combinations, small_unions};
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

/// Per line (row or column) of one digit: the positions (columns or rows) holding it, as 9 bits.
fn positions(cands: CellSet, rows: bool) -> [u16; 9] {
    let mut pos = [0u16; 9];
    for c in cands {
        let (l, p) = if rows {
            (c.row(), c.col())
        } else {
            (c.col(), c.row())
        };
        pos[l] |= 1 << p;
    }
    pos
}

/// The cells of the lines whose numbers are the bits of `mask`.
fn lines_cells(rows: bool, mask: u16) -> CellSet {
    let mut out = CellSet::EMPTY;
    for i in 0..9 {
        if mask >> i & 1 != 0 {
            out |= line(rows, i).cells();
        }
    }
    out
}

/// The lines (0-8) whose position mask passes `keep`, ascending, and how many there are.
fn lines_where(pos: &[u16; 9], keep: impl Fn(u16) -> bool) -> ([usize; 9], usize) {
    let mut out = [0usize; 9];
    let mut n = 0;
    for (u, &p) in pos.iter().enumerate() {
        if keep(p) {
            out[n] = u;
            n += 1;
        }
    }
    (out, n)
}

/// Runs `search` for every digit that still has candidates, with rows then columns as base lines
/// (HoDoKu's order), passing the digit, its candidate cells and the per-line positions; stops at
/// the first step found.
fn first_per_digit_and_orientation(
    grid: &Grid,
    mut search: impl FnMut(Digit, CellSet, bool, &[u16; 9]) -> Option<Step>,
) -> Option<Step> {
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        if cands.is_empty() {
            continue;
        }
        for rows in [true, false] {
            let pos = positions(cands, rows);
            let found = search(d, cands, rows, &pos);
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

fn bits(mask: u16) -> ([usize; 9], usize) {
    let mut out = [0usize; 9];
    let mut n = 0;
    for i in 0..9 {
        if mask >> i & 1 != 0 {
            out[n] = i;
            n += 1;
        }
    }
    (out, n)
}

/// Whether the set bits (line or position numbers) lie within one group of three.
fn in_one_chute(mask: u16) -> bool {
    mask & 0o007 == mask || mask & 0o070 == mask || mask & 0o700 == mask
}

fn houses_of(rows: bool, list: &[usize]) -> Vec<House> {
    list.iter().map(|&i| line(rows, i)).collect()
}

fn basic(grid: &Grid, n: usize) -> Option<Step> {
    let t = match n {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    first_per_digit_and_orientation(grid, |d, cands, rows, pos| {
        let (eligible, m) = lines_where(pos, |p| (2..=n as u32).contains(&p.count_ones()));
        let masks: Vec<u16> = eligible[..m].iter().map(|&u| pos[u]).collect();
        small_unions(&masks, n, n as u32, &mut |idx, union| {
            if union.count_ones() as usize != n {
                return None;
            }
            let base_lines: Vec<usize> = idx.iter().map(|&i| eligible[i]).collect();
            let base_cells =
                cands & lines_cells(rows, base_lines.iter().fold(0, |a, &l| a | 1 << l));
            let elims = cands & lines_cells(!rows, union) & !base_cells;
            if elims.is_empty() {
                return None;
            }
            let (cover, k) = bits(union);
            Some(fish_step(
                t,
                d,
                &houses_of(rows, &base_lines),
                &houses_of(!rows, &cover[..k]),
                base_cells,
                CellSet::EMPTY,
                elims,
            ))
        })
    })
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
    first_per_digit_and_orientation(grid, |d, cands, rows, pos| {
        let (eligible, m) = lines_where(pos, |p| p != 0);
        combinations(m, n, |idx| {
            let union = idx.iter().fold(0u16, |a, &i| a | pos[eligible[i]]);
            let (cover_all, k) = bits(union);
            if k < n || k > n + 3 {
                return None;
            }
            combinations(k, n, |cidx| {
                let cover = cidx.iter().fold(0u16, |a, &i| a | 1 << cover_all[i]);
                // An elimination lies in a cover line outside the base lines, so it can see a
                // fin only through a box: all fins must share one box. Skipping other cover
                // choices changes nothing found (and not the order).
                if !in_one_chute(union & !cover) {
                    return None;
                }
                let mut fin_lines = 0u16;
                for &i in idx {
                    if pos[eligible[i]] & !cover != 0 {
                        fin_lines |= 1 << eligible[i];
                    }
                }
                if !in_one_chute(fin_lines) {
                    return None;
                }
                let mut fin_count = 0;
                let mut sashimi_line = false;
                for &i in idx {
                    let p = pos[eligible[i]];
                    fin_count += (p & !cover).count_ones();
                    if (p & cover).count_ones() <= 1 {
                        sashimi_line = true;
                    }
                }
                if fin_count == 0 || fin_count > MAX_FINS || sashimi_line != sashimi {
                    return None;
                }
                let base_mask = idx.iter().fold(0u16, |a, &i| a | 1 << eligible[i]);
                let base_cells = cands & lines_cells(rows, base_mask);
                let cover_cells = lines_cells(!rows, cover);
                let fins = base_cells & !cover_cells;
                let elims = cands & cover_cells & common_peers(fins) & !base_cells;
                if elims.is_empty() {
                    return None;
                }
                let base_lines: Vec<usize> = idx.iter().map(|&i| eligible[i]).collect();
                let cover_lines: Vec<usize> = cidx.iter().map(|&i| cover_all[i]).collect();
                Some(fish_step(
                    t,
                    d,
                    &houses_of(rows, &base_lines),
                    &houses_of(!rows, &cover_lines),
                    base_cells,
                    fins,
                    elims,
                ))
            })
        })
    })
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
