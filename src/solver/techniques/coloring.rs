//! Colouring: Simple Colors (trap, wrap) and Multi Colors (types 1 and 2), as HoDoKu 2.2's
//! `ColoringSolver` finds them.
//!
//! For each digit the cells that belong to a conjugate pair are split into clusters by a
//! depth-first walk over conjugate pairs (row, column, box order), starting from the lowest
//! uncoloured cell; the two colours of a cluster alternate along the pairs.

use std::ops::ControlFlow;

use super::common::elim_suffix;
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::finder::Sink;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// One cluster: the two colour classes.
type Cluster = (CellSet, CellSet);

fn peers_of(set: CellSet) -> CellSet {
    set.iter().fold(CellSet::EMPTY, |acc, c| acc | c.peers())
}

fn conjugate(grid: &Grid, c: Cell, d: Digit, h: House) -> Option<Cell> {
    let s = grid.house_cells_with(h, d);
    if s.len() != 2 {
        return None;
    }
    let mut o = s;
    o.remove(c);
    o.first()
}

fn color_dfs(grid: &Grid, c: Cell, d: Digit, on: bool, remaining: &mut CellSet, cl: &mut Cluster) {
    if !remaining.contains(c) {
        return;
    }
    remaining.remove(c);
    if on {
        cl.0.insert(c);
    } else {
        cl.1.insert(c);
    }
    for h in c.houses() {
        if let Some(p) = conjugate(grid, c, d, h) {
            color_dfs(grid, p, d, !on, remaining, cl);
        }
    }
}

fn clusters(grid: &Grid, d: Digit) -> Vec<Cluster> {
    let mut remaining: CellSet = grid
        .cells_with(d)
        .iter()
        .filter(|c| {
            c.houses()
                .iter()
                .any(|&h| grid.house_cells_with(h, d).len() == 2)
        })
        .collect();
    let mut out = Vec::new();
    while let Some(seed) = remaining.first() {
        let mut cl = (CellSet::EMPTY, CellSet::EMPTY);
        color_dfs(grid, seed, d, true, &mut remaining, &mut cl);
        if !cl.0.is_empty() && !cl.1.is_empty() {
            out.push(cl);
        }
    }
    out
}

/// Whether two cells of `set` see each other.
fn self_sees(set: CellSet) -> bool {
    set.iter().any(|c| !(c.peers() & set).is_empty())
}

/// How a colouring search writes a step's eliminations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorElims {
    /// The hint's: one set, in cell order, the colouring's own cells left out of a trap.
    Set,
    /// HoDoKu's candidate list as its search builds it (`ColoringSolver`): each finding's cells
    /// in cell order, one finding after the other, so a candidate two findings give comes
    /// twice; a trap keeps the colouring's own cells that see both colours.
    Listed,
}

fn color_step(technique: Technique, d: Digit, colors: &[CellSet], elim: Vec<Cell>) -> Step {
    let mut step = Step::new(technique);
    let mut colored: Vec<(Candidate, u8)> = Vec::new();
    for (k, set) in colors.iter().enumerate() {
        for c in set.iter() {
            colored.push((Candidate::new(c, d), k as u8));
        }
    }
    colored.sort_by_key(|(c, _)| c.cell);
    step.facts = Facts::Coloring {
        digit: d,
        colors: colored,
    };
    let shown: CellSet = elim.iter().copied().collect();
    step.eliminations = elim.into_iter().map(|c| Candidate::new(c, d)).collect();
    // HoDoKu's getColorCellPrint: "(cells of colour 0) / (colour 1), (colour 2) / (colour 3)".
    let mut text = format!("{}: {d} ", technique.name());
    for (k, set) in colors.iter().enumerate() {
        if k % 2 == 1 {
            text.push_str(" / ");
        } else if k > 0 {
            text.push_str(", ");
        }
        let cells: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        text.push_str(&format!("({})", cells.join(",")));
    }
    let once: Vec<Candidate> = shown.iter().map(|c| Candidate::new(c, d)).collect();
    step.text = text + &elim_suffix(&once);
    step
}

/// The eliminations of the findings of a step: in `Set` mode their union, else one after
/// the other (see [`ColorElims`]).
fn gather(mode: ColorElims, findings: &[CellSet]) -> Vec<Cell> {
    match mode {
        ColorElims::Set => findings
            .iter()
            .fold(CellSet::EMPTY, |acc, &s| acc | s)
            .iter()
            .collect(),
        ColorElims::Listed => findings.iter().flat_map(|s| s.iter()).collect(),
    }
}

/// Simple Colors: per digit and cluster, first a wrap (two cells of one colour see each other:
/// that colour goes), then a trap (cells seeing both colours lose the digit).
pub fn find_simple_colors(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    simple_colors(grid, ColorElims::Set, out)
}

/// Simple Colors as HoDoKu's all-steps search lists them: its candidate lists
/// ([`ColorElims::Listed`]).
pub fn list_simple_colors(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    simple_colors(grid, ColorElims::Listed, out)
}

fn simple_colors(grid: &Grid, mode: ColorElims, out: &mut Sink<'_>) -> ControlFlow<()> {
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        for (c1, c2) in clusters(grid, d) {
            let wrap: Vec<CellSet> = [c1, c2]
                .into_iter()
                .filter(|&color| self_sees(color))
                .map(|color| color & cands)
                .collect();
            // A hint takes the wrap; the list has the trap of the same colouring too.
            let wrap = gather(mode, &wrap);
            if !wrap.is_empty() {
                out(color_step(Technique::SimpleColorsWrap, d, &[c1, c2], wrap))?;
            }
            let mut trap = cands & peers_of(c1) & peers_of(c2);
            if mode == ColorElims::Set {
                trap &= !(c1 | c2);
            }
            if !trap.is_empty() {
                let trap = trap.iter().collect();
                out(color_step(Technique::SimpleColorsTrap, d, &[c1, c2], trap))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether the cells of `color` together see a cell of `b1` and a cell of `b2`.
fn sees_both(color: CellSet, b1: CellSet, b2: CellSet) -> bool {
    let p = peers_of(color);
    !(p & b1).is_empty() && !(p & b2).is_empty()
}

fn sets_see(a: CellSet, b: CellSet) -> bool {
    !(peers_of(a) & b).is_empty()
}

/// Multi Colors: for each ordered pair of clusters `A`, `B` of a digit, first type 2 (a colour
/// of `A` sees both colours of `B`: it goes), then type 1 (a colour of `A` sees a colour of
/// `B`: cells seeing both opposite colours lose the digit), both of one pair if both hold.
pub fn find_multi_colors(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    multi_colors(grid, ColorElims::Set, out)
}

/// Multi Colors as HoDoKu's all-steps search lists them: its candidate lists
/// ([`ColorElims::Listed`]).
pub fn list_multi_colors(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    multi_colors(grid, ColorElims::Listed, out)
}

fn multi_colors(grid: &Grid, mode: ColorElims, out: &mut Sink<'_>) -> ControlFlow<()> {
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        let cl = clusters(grid, d);
        for i in 0..cl.len() {
            for j in 0..cl.len() {
                if i == j {
                    continue;
                }
                let ((a1, a2), (b1, b2)) = (cl[i], cl[j]);
                let colors = [a1, a2, b1, b2];
                let elim2: Vec<CellSet> = [a1, a2]
                    .into_iter()
                    .filter(|&a| sees_both(a, b1, b2))
                    .map(|a| a & cands)
                    .collect();
                let elim2 = gather(mode, &elim2);
                if !elim2.is_empty() {
                    out(color_step(Technique::MultiColors2, d, &colors, elim2))?;
                }
                let trap = |x: CellSet, y: CellSet| {
                    let t = cands & peers_of(x) & peers_of(y);
                    match mode {
                        ColorElims::Set => t & !(x | y),
                        ColorElims::Listed => t,
                    }
                };
                let elim1: Vec<CellSet> = [
                    (a1, b1, a2, b2),
                    (a1, b2, a2, b1),
                    (a2, b1, a1, b2),
                    (a2, b2, a1, b1),
                ]
                .into_iter()
                .filter(|&(x, y, _, _)| sets_see(x, y))
                .map(|(_, _, x, y)| trap(x, y))
                .collect();
                let elim1 = gather(mode, &elim1);
                if !elim1.is_empty() {
                    out(color_step(Technique::MultiColors1, d, &colors, elim1))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn simple_colors_trap_fires_as_hodoku() {
        let g = library(":0000:x:.........53.2.9.76...7.6..+37..+9.+1..4.4.5.2.8.15.+43..6946.895.328...2...5..+5......:911 112 212 812 113 813 115 815 416 117 817 118 127 232 135 137 837 243 843 353 757 783 386 187 487 787 991 192 792 495 695 796 197 797 199::");
        let s =
            finder::first(find_simple_colors, &g, &ctx()).expect("SIMPLE_COLORS_TRAP must fire");
        assert_eq!(s.technique, Technique::SimpleColorsTrap);
        assert_eq!(elims(&s), "133 183");
    }

    #[test]
    fn simple_colors_trap_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:9265+3+7+8+14.3+4+1.2.76.+7...+4..3.9..4+6.+85.+6.9.8+4.+12+4+8+31+5+76+94+1...+9+6..68.4.+1.9.7+5+9..3148:531 343 353 274 275 278 285 287::");
        assert_eq!(
            finder::first(find_simple_colors, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn multi_colors_1_fires_as_hodoku() {
        let g = library(":0000:x:.+1.2..7.8..+8.7.+15.9.+7.+81+43.+8....72+1.16.8+25.47..21...+8..9.7.+8..1.8+1.4+2...5.6+9+13+8.+4:615 624 343 443 644 689::");
        let s = finder::first(find_multi_colors, &g, &ctx()).expect("MULTI_COLORS_1 must fire");
        assert_eq!(s.technique, Technique::MultiColors1);
        assert_eq!(elims(&s), "629 665 669");
    }

    #[test]
    fn multi_colors_1_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is AIC (order 5600).
        let g = library(":0000:x:..6.+294..+4.73682..2..+4.+5...7...9.5...4..5..3...9.4...7..+5+9.+4..8..15367....42+8.6..:242 262 982 992::");
        assert_eq!(
            finder::first(find_multi_colors, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn multi_colors_2_fires_as_hodoku() {
        let g = library(":0000:x:.83.2..9....8.+91...293....8...+6987...7.....6...674....3....698...2.+85....1..3.54.:::");
        let s = finder::first(find_multi_colors, &g, &ctx()).expect("MULTI_COLORS_2 must fire");
        assert_eq!(s.technique, Technique::MultiColors2);
        assert_eq!(elims(&s), "229");
    }

    #[test]
    fn simple_colors_wrap_fires_as_hodoku() {
        let g = library(":0000:x:+8215+6.+3.+7+5.+7+183+62.+3.6.+7.8+1+5.+6.8+3+5.+71.38+7+1.45+67+1+5..6.+8+3+1+72+3.+85+6..5+362+7+1.+8+6+8..+5173+2:434 936 941::");
        let s =
            finder::first(find_simple_colors, &g, &ctx()).expect("SIMPLE_COLORS_WRAP must fire");
        assert_eq!(s.technique, Technique::SimpleColorsWrap);
        assert_eq!(elims(&s), "918 922 934 943 956 965 967 979 981 994");
    }

    /// Every step `find` reports as (technique, eliminations in the step's order).
    fn listed(find: finder::Finder<Context>, line: &str) -> Vec<(Technique, String)> {
        finder::every(find, &library(line), &ctx())
            .iter()
            .map(|s| {
                let e: Vec<String> = s.eliminations.iter().map(|c| c.triplet()).collect();
                (s.hodoku_equivalent(), e.join(" "))
            })
            .collect()
    }

    #[test]
    fn listed_multi_colors_keep_hodokus_candidate_lists() {
        let line = ":0000:x:.195...3+8.7348.5...+8..+3..7.+3.8..6.5.1..+3+5...7.5.9..3..+93.+8..+7....1.9384.+84...592+3:::";
        let lists = |find| -> Vec<String> {
            listed(find, line)
                .into_iter()
                .filter(|(t, _)| *t == Technique::MultiColors1)
                .map(|(_, e)| e)
                .collect()
        };
        // Two findings of one pair of clusters both take r6c6: HoDoKu's list names it twice.
        assert_eq!(
            lists(list_multi_colors),
            [
                "715 766 766",
                "766 766",
                "715 766 766",
                "765 766",
                "766 766",
                "765 766"
            ]
        );
        // The hint's steps hold each candidate once.
        assert_eq!(
            lists(find_multi_colors),
            ["715 766", "766", "715 766", "765 766", "766", "765 766"]
        );
    }

    #[test]
    fn listed_simple_colors_traps_keep_the_colourings_own_cells() {
        let line = ":0000:x:+2.+8.+5+1.+4+3....+3+8.12+1.3..4+8+9+5..+2+1.35+86.1.+872+4+3+98+3...+5+1+2+7...+31+9+2.+8+3+2+158.9.+4.+89...3.+1:794::";
        let trap = |find| {
            listed(find, line)
                .into_iter()
                .any(|(t, e)| t == Technique::SimpleColorsTrap && e == "945 964")
        };
        // r4c5 and r6c4 (one colour, seeing each other) see both colours: HoDoKu's trap takes
        // them; the hint's trap leaves the colouring's cells to the wrap.
        assert!(trap(list_simple_colors));
        assert!(!trap(find_simple_colors));
    }
}
