//! Wings: W-Wing, XY-Wing, XYZ-Wing, in HoDoKu 2.2's `WingSolver` search order.

use super::single_digit::{elim_suffix, elims_of, free, link};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, Grid, LinkKind, Step, Technique};

/// Unsolved cells with exactly `n` candidates, in cell order.
fn cells_with_count(grid: &Grid, n: u32) -> Vec<Cell> {
    grid.unsolved()
        .iter()
        .filter(|&c| grid.candidates(c).len() == n)
        .collect()
}

/// W-Wing: two bivalue cells `{a,b}` that do not see each other are joined by a strong link on
/// `b` (one end sees each cell); `a` goes from every cell that sees both.
pub fn find_w_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    let bi = cells_with_count(grid, 2);
    for (ii, &i) in bi.iter().enumerate() {
        let cands = grid.candidates(i);
        let mut it = cands.iter();
        let (a, b) = (it.next()?, it.next()?);
        let peers_a = grid.cells_with(a) & i.peers();
        let peers_b = grid.cells_with(b) & i.peers();
        for &j in &bi[ii + 1..] {
            if grid.candidates(j) != cands {
                continue;
            }
            let elim_a = peers_a & j.peers();
            if !elim_a.is_empty() {
                if let Some(s) = check_w_link(grid, a, b, i, j, elim_a) {
                    return Some(s);
                }
            }
            let elim_b = peers_b & j.peers();
            if !elim_b.is_empty() {
                if let Some(s) = check_w_link(grid, b, a, i, j, elim_b) {
                    return Some(s);
                }
            }
        }
    }
    None
}

fn check_w_link(
    grid: &Grid,
    elim_d: Digit,
    link_d: Digit,
    i1: Cell,
    i2: Cell,
    elim: CellSet,
) -> Option<Step> {
    for h in House::ALL {
        if free(grid, h, link_d) != 2 {
            continue;
        }
        let mut ends = grid.house_cells_with(h, link_d);
        ends.remove(i1);
        ends.remove(i2);
        if ends.len() != 2 {
            continue;
        }
        let mut it = ends.iter();
        let (mut w1, mut w2) = (it.next()?, it.next()?);
        let (s11, s12) = (w1.sees(i1), w1.sees(i2));
        let (s21, s22) = (w2.sees(i1), w2.sees(i2));
        if (s11 && s12) || (s21 && s22) {
            continue;
        }
        if s11 && s22 {
        } else if s12 && s21 {
            std::mem::swap(&mut w1, &mut w2);
        } else {
            continue;
        }
        let mut step = Step::new(Technique::WWing);
        step.values = vec![elim_d, link_d];
        step.cells = vec![i1, i2];
        step.houses = vec![h];
        step.fins = vec![
            Candidate::new(i1, link_d),
            Candidate::new(i2, link_d),
            Candidate::new(w1, link_d),
            Candidate::new(w2, link_d),
        ];
        step.eliminations = elims_of(elim, elim_d);
        step.chains = vec![vec![
            link((i1, elim_d), (i1, link_d), LinkKind::Strong),
            link((i1, link_d), (w1, link_d), LinkKind::Weak),
            link((w1, link_d), (w2, link_d), LinkKind::Strong),
            link((w2, link_d), (i2, link_d), LinkKind::Weak),
            link((i2, link_d), (i2, elim_d), LinkKind::Strong),
        ]];
        step.text = format!(
            "W-Wing: {elim_d}/{link_d} in {} connected by {link_d} in {}{}",
            compact_cells(&[i1, i2]),
            compact_cells(&[w1, w2]),
            elim_suffix(&step.eliminations)
        );
        return Some(step);
    }
    None
}

/// XY-Wing: pivot `{x,y}` seeing pincers `{x,z}` and `{y,z}`; `z` goes from cells seeing both
/// pincers.
pub fn find_xy_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    find_wing(grid, false)
}

/// XYZ-Wing: pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`; `z` goes from cells seeing
/// all three.
pub fn find_xyz_wing(grid: &Grid, _ctx: &Context) -> Option<Step> {
    find_wing(grid, true)
}

fn find_wing(grid: &Grid, xyz: bool) -> Option<Step> {
    let bi = cells_with_count(grid, 2);
    let pivots = if xyz {
        cells_with_count(grid, 3)
    } else {
        bi.clone()
    };
    for (pi, &pivot) in pivots.iter().enumerate() {
        let pm = grid.candidates(pivot);
        for (ji, &j) in bi.iter().enumerate() {
            if (xyz && j == pivot) || (!xyz && ji <= pi) {
                continue;
            }
            let jm = grid.candidates(j);
            if (pm | jm).len() != 3 {
                continue;
            }
            for &k in &bi[ji + 1..] {
                if k == pivot {
                    continue;
                }
                let km = grid.candidates(k);
                if (pm | jm | km).len() != 3 || pm == jm || jm == km || km == pm {
                    continue;
                }
                let rotations: &[(Cell, Cell, Cell)] = if xyz {
                    &[(pivot, j, k)]
                } else {
                    &[(pivot, j, k), (j, pivot, k), (k, j, pivot)]
                };
                for &(p, p1, p2) in rotations {
                    if let Some(s) = check_wing(grid, p, p1, p2, xyz) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

fn check_wing(grid: &Grid, pivot: Cell, p1: Cell, p2: Cell, xyz: bool) -> Option<Step> {
    if !pivot.sees(p1) || !pivot.sees(p2) {
        return None;
    }
    let z = (grid.candidates(p1) & grid.candidates(p2)).single_digit()?;
    let mut elim = grid.cells_with(z) & p1.peers() & p2.peers();
    if xyz {
        elim &= pivot.peers();
    }
    elim.remove(pivot);
    elim.remove(p1);
    elim.remove(p2);
    if elim.is_empty() {
        return None;
    }
    let technique = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let mut step = Step::new(technique);
    step.values = grid.candidates(pivot).iter().collect();
    if !xyz {
        step.values.push(z);
    }
    step.cells = vec![pivot, p1, p2];
    if xyz {
        step.fins.push(Candidate::new(pivot, z));
    }
    step.fins.push(Candidate::new(p1, z));
    step.fins.push(Candidate::new(p2, z));
    step.eliminations = elims_of(elim, z);
    let name = if xyz { "XYZ-Wing" } else { "XY-Wing" };
    let v = &step.values;
    step.text = format!(
        "{name}: {}/{}/{} in {}{}",
        v[0],
        v[1],
        v[2],
        compact_cells(&step.cells),
        elim_suffix(&step.eliminations)
    );
    Some(step)
}
