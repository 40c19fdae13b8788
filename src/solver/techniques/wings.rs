//! Wings: W-Wing, XY-Wing, XYZ-Wing, in HoDoKu 2.2's `WingSolver` search order.

use std::ops::ControlFlow;

use super::common::{elim_suffix, elims_of, free, link};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::basic;
use crate::solver::finder::Sink;
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, Facts, Grid, LinkKind, Step, Technique};

/// Unsolved cells with exactly `n` candidates, in cell order.
fn cells_with_count(grid: &Grid, n: u32) -> Vec<Cell> {
    grid.unsolved()
        .iter()
        .filter(|&c| grid.candidates(c).len() == n)
        .collect()
}

/// W-Wing: two bivalue cells `{a,b}` that do not see each other are joined by a strong link on
/// `b` (one end sees each cell); `a` goes from every cell that sees both.
pub fn find_w_wing(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    w_wings(grid, out)
}

fn w_wings(grid: &Grid, out: &mut Sink<'_>) -> ControlFlow<()> {
    let bi = cells_with_count(grid, 2);
    for (ii, &i) in bi.iter().enumerate() {
        let cands = grid.candidates(i);
        let mut it = cands.iter();
        let (Some(a), Some(b)) = (it.next(), it.next()) else {
            return ControlFlow::Continue(());
        };
        let peers_a = grid.cells_with(a) & i.peers();
        let peers_b = grid.cells_with(b) & i.peers();
        for &j in &bi[ii + 1..] {
            if grid.candidates(j) != cands {
                continue;
            }
            // Every bridge of a pair of cells is a W-Wing of its own.
            let elim_a = peers_a & j.peers();
            if !elim_a.is_empty() {
                for s in w_links(grid, a, b, i, j, elim_a) {
                    out(s)?;
                }
            }
            let elim_b = peers_b & j.peers();
            if !elim_b.is_empty() {
                for s in w_links(grid, b, a, i, j, elim_b) {
                    out(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The W-Wings of two bivalue cells, one per house holding a strong link on `link_d` that joins
/// them (houses in index order).
fn w_links(
    grid: &Grid,
    elim_d: Digit,
    link_d: Digit,
    i1: Cell,
    i2: Cell,
    elim: CellSet,
) -> Vec<Step> {
    let mut out = Vec::new();
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
        let (Some(mut w1), Some(mut w2)) = (it.next(), it.next()) else {
            continue;
        };
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
        step.facts = Facts::Chain {
            digits: vec![elim_d, link_d],
            cells: vec![i1, i2],
            houses: vec![h],
            marks: vec![
                Candidate::new(i1, link_d),
                Candidate::new(i2, link_d),
                Candidate::new(w1, link_d),
                Candidate::new(w2, link_d),
            ],
            chains: vec![vec![
                link((i1, elim_d), (i1, link_d), LinkKind::Strong),
                link((i1, link_d), (w1, link_d), LinkKind::Weak),
                link((w1, link_d), (w2, link_d), LinkKind::Strong),
                link((w2, link_d), (i2, link_d), LinkKind::Weak),
                link((i2, link_d), (i2, elim_d), LinkKind::Strong),
            ]],
        };
        step.eliminations = elims_of(elim, elim_d);
        step.text = format!(
            "W-Wing: {elim_d}/{link_d} in {} connected by {link_d} in {}{}",
            compact_cells(&[i1, i2]),
            compact_cells(&[w1, w2]),
            elim_suffix(&step.eliminations)
        );
        out.push(step);
    }
    out
}

/// XY-Wing: pivot `{x,y}` seeing pincers `{x,z}` and `{y,z}`; `z` goes from cells seeing both
/// pincers.
pub fn find_xy_wing(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    find_wing(grid, false, out)
}

/// XYZ-Wing: pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`; `z` goes from cells seeing
/// all three.
pub fn find_xyz_wing(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    find_wing(grid, true, out)
}

fn find_wing(grid: &Grid, xyz: bool, out: &mut Sink<'_>) -> ControlFlow<()> {
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
                        out(s)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn check_wing(grid: &Grid, pivot: Cell, p1: Cell, p2: Cell, xyz: bool) -> Option<Step> {
    if !pivot.sees(p1) || !pivot.sees(p2) {
        return None;
    }
    let z = (grid.candidates(p1) & grid.candidates(p2)).single_digit()?;
    let elim = basic::wing_victims(grid, pivot, p1, p2, z, xyz);
    if elim.is_empty() {
        return None;
    }
    let technique = if xyz {
        Technique::XyzWing
    } else {
        Technique::XyWing
    };
    let mut step = Step::new(technique);
    let mut digits: Vec<Digit> = grid.candidates(pivot).iter().collect();
    if !xyz {
        digits.push(z);
    }
    let cells = vec![pivot, p1, p2];
    let mut marks = Vec::new();
    if xyz {
        marks.push(Candidate::new(pivot, z));
    }
    marks.push(Candidate::new(p1, z));
    marks.push(Candidate::new(p2, z));
    step.eliminations = elims_of(elim, z);
    let name = if xyz { "XYZ-Wing" } else { "XY-Wing" };
    step.text = format!(
        "{name}: {}/{}/{} in {}{}",
        digits[0],
        digits[1],
        digits[2],
        compact_cells(&cells),
        elim_suffix(&step.eliminations)
    );
    step.facts = Facts::Pattern {
        digits,
        cells,
        houses: Vec::new(),
        marks,
    };
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn w_wing_fires_as_hodoku() {
        let g = library(":0000:x:5+2...+7.+4976.....52..4...3+7..8..1.+76..+4.7+69.+2.6+7....+4+91.5+7....8.4..5.2.+37.3..7..1.:123 923 934 835 935 343 344 346 353 363 264 365 865 566 171::");
        let s = finder::first(find_w_wing, &g, &ctx()).expect("W_WING must fire");
        assert_eq!(s.technique, Technique::WWing);
        assert_eq!(elims(&s), "313 324 325 326");
    }

    #[test]
    fn w_wing_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_WING (order 3300).
        let g = library(":0000:x:.8.7.+4.2+66......4+1+4.26.17.9..4..6.383..5+48+6.282+61..4..9+684.72..+21..+6...4.4...2.6.:313 323 925 742 547 768 387 793 394 395 595 397 597::");
        assert_eq!(
            finder::first(find_w_wing, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn xy_wing_fires_as_hodoku() {
        let g = library(":0000:x:4+76+3+918+25+15.....3+72.+3...+1.68..6+35...+3...2.......1.8..35.+4.+1.+3.9.3.....1.9+128.+36.4:425 426 734 943 748 952 953 957 458 558 758 958 662 468 768 968 776 284 784 785 286 686 786 787::");
        let s = finder::first(find_xy_wing, &g, &ctx()).expect("XY_WING must fire");
        assert_eq!(s.technique, Technique::XyWing);
        assert_eq!(elims(&s), "454 456 462");
    }

    #[test]
    fn xy_wing_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+9+2.+7514.+8.+51.2.+79..7+4..6.5.24....3.51+3..+4+5.+275+67....84.1.5...4..9+5.6.8...+8231.+5+7.:826 339 844 944 966 671 276 977 379 679 381 289::");
        assert_eq!(
            finder::first(find_xy_wing, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn xyz_wing_fires_as_hodoku() {
        let g = library(":0000:x:...2.4...3..869..1.+4.......564+9+8+7123+9+32...8+7+47..+34+2..58..1.5..9.5..+9..8..+9+3.2+8+5+1.:712 113 613 713 813 115 617 618 719 727 131 133 733 735 237 338 739 377 677 777 681 683 684 287 487 787 689::");
        let s = finder::first(find_xyz_wing, &g, &ctx()).expect("XYZ_WING must fire");
        assert_eq!(s.technique, Technique::XyzWing);
        assert_eq!(elims(&s), "637 638");
    }

    #[test]
    fn xyz_wing_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:9265+3+7+8+14.3+4+1.2.76.+7...+4..3.9..4+6.+85.+6.9.8+4.+12+4+8+31+5+76+94+1...+9+6..68.4.+1.9.7+5+9..3148:531 343 353 274 275 278 285 287::");
        assert_eq!(
            finder::first(find_xyz_wing, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn w_wing_text_is_hodokus() {
        // the example texts of docs/hodoku.md §2 ("Step texts") (HoDoKu 2.2 output for this position).
        let g = library(":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::");
        let s = finder::first(find_w_wing, &g, &ctx()).expect("fires");
        assert_eq!(
            s.text,
            "W-Wing: 4/2 in r8c9,r9c1 connected by 2 in r3c19 => r8c123,r9c89<>4"
        );
    }
}
