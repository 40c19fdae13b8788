//! Single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle.
//!
//! The search order follows HoDoKu 2.2's `SingleDigitPatternSolver`, so the first pattern found
//! is the one HoDoKu reports: Skyscrapers over rows (all digits), then over columns; kites and
//! empty rectangles digit by digit. Dual kites and dual empty rectangles are off in HoDoKu's
//! default configuration (`ALLOW_DUALS_AND_SIAMESE=false`), so the solve loop never reports them.

use std::ops::ControlFlow;

use super::common::{elim_suffix, elims_of, free, link, x_links};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::finder::{self, Sink};
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, ChainLink, ChainNode, Facts, Grid, LinkKind, Step, Technique};

/// Houses (in index order within `range` of `House::ALL`) where `d` has exactly two cells,
/// each as (first, second) in cell order.
fn conjugate_pairs(grid: &Grid, d: Digit, houses: &[House]) -> Vec<(Cell, Cell)> {
    houses
        .iter()
        .filter_map(|&h| {
            let s = grid.house_cells_with(h, d);
            if s.len() != 2 {
                return None;
            }
            let mut it = s.iter();
            Some((it.next()?, it.next()?))
        })
        .collect()
}

fn rows() -> [House; 9] {
    std::array::from_fn(|i| House::Row(i as u8))
}

fn cols() -> [House; 9] {
    std::array::from_fn(|i| House::Col(i as u8))
}

/// Skyscraper: two conjugate rows (or columns) whose ends on one side share a column (row);
/// the other two ends' common peers lose the digit.
pub fn find_skyscraper(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    skyscrapers(grid, out)
}

fn skyscrapers(grid: &Grid, out: &mut Sink<'_>) -> ControlFlow<()> {
    for by_rows in [true, false] {
        let houses = if by_rows { rows() } else { cols() };
        let key = |c: Cell| if by_rows { c.col() } else { c.row() };
        for d in Digit::ALL {
            let pairs = conjugate_pairs(grid, d, &houses);
            for i in 0..pairs.len() {
                for j in i + 1..pairs.len() {
                    let (a, b) = (pairs[i], pairs[j]);
                    let ((fi, li), (fj, lj)) = if key(a.0) == key(b.0) {
                        ((a.1, a.0), (b.1, b.0))
                    } else if key(a.1) == key(b.1) {
                        ((a.0, a.1), (b.0, b.1))
                    } else {
                        continue;
                    };
                    if key(fi) == key(fj) {
                        continue; // an X-Wing
                    }
                    let elim = grid.cells_with(d) & fi.peers() & fj.peers();
                    if elim.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(Technique::Skyscraper);
                    step.facts = Facts::Chain {
                        digits: vec![d],
                        cells: vec![fi, fj, li, lj],
                        houses: if by_rows {
                            vec![House::Row(fi.row() as u8), House::Row(fj.row() as u8)]
                        } else {
                            vec![House::Col(fi.col() as u8), House::Col(fj.col() as u8)]
                        },
                        marks: Vec::new(),
                        chains: vec![x_links(&[fi, li, lj, fj], d)],
                    };
                    step.eliminations = elims_of(elim, d);
                    step.text = format!(
                        "Skyscraper: {d} in {} (connected by {}){}",
                        compact_cells(&[fi, fj]),
                        compact_cells(&[li, lj]),
                        elim_suffix(&step.eliminations)
                    );
                    out(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// 2-String Kite: a conjugate row and a conjugate column with one end each in the same box;
/// the cell seeing both other ends loses the digit.
/// Every kite in HoDoKu's order, one per elimination (the first found).
pub fn find_two_string_kite(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let mut seen: Vec<Candidate> = Vec::new();
    for d in Digit::ALL {
        let line_pairs = conjugate_pairs(grid, d, &rows());
        let col_pairs = conjugate_pairs(grid, d, &cols());
        for &(l0, l1) in &line_pairs {
            for &(c0, c1) in &col_pairs {
                let (la, lb, ca, cb) = if l0.box_index() == c0.box_index() {
                    (l0, l1, c0, c1)
                } else if l0.box_index() == c1.box_index() {
                    (l0, l1, c1, c0)
                } else if l1.box_index() == c0.box_index() {
                    (l1, l0, c0, c1)
                } else if l1.box_index() == c1.box_index() {
                    (l1, l0, c1, c0)
                } else {
                    continue;
                };
                if la == ca || la == cb || lb == ca || lb == cb {
                    continue;
                }
                let cross = Cell::from_rc(cb.row(), lb.col());
                if !grid.cells_with(d).contains(cross) {
                    continue;
                }
                let elim = Candidate::new(cross, d);
                if seen.contains(&elim) {
                    continue;
                }
                seen.push(elim);
                let mut step = Step::new(Technique::TwoStringKite);
                step.facts = Facts::Chain {
                    digits: vec![d],
                    cells: vec![lb, cb, la, ca],
                    houses: vec![House::Row(lb.row() as u8), House::Col(cb.col() as u8)],
                    marks: vec![Candidate::new(la, d), Candidate::new(ca, d)],
                    chains: vec![x_links(&[lb, la, ca, cb], d)],
                };
                step.eliminations = vec![Candidate::new(cross, d)];
                step.text = format!(
                    "2-String Kite: {d} in {} (connected by {}){}",
                    compact_cells(&[lb, cb]),
                    compact_cells(&[la, ca]),
                    elim_suffix(&step.eliminations)
                );
                out(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Dual 2-String Kite: two kites sharing their box ends, with different eliminations. Off in
/// HoDoKu's default configuration (`ALLOW_DUALS_AND_SIAMESE=false`), so it has no slot in
/// the technique table; provided for callers that want every pattern. Every pair of kites (in
/// their order) whose first eliminations differ.
pub fn find_dual_two_string_kite(
    grid: &Grid,
    ctx: &Context,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let all = finder::every(find_two_string_kite, grid, ctx);
    let same_box_cells = |s1: &Step, s2: &Step| {
        let (c1, c2) = (parts(s1).cells, parts(s2).cells);
        let (b11, b12, b21, b22) = (c1[2], c1[3], c2[2], c2[3]);
        (b11 == b21 && b12 == b22) || (b12 == b21 && b11 == b22)
    };
    dual_pairs(&all, same_box_cells, |s1, s2| {
        let houses = parts(s1)
            .houses
            .iter()
            .chain(parts(s2).houses)
            .copied()
            .collect();
        let mut step = dual_step(Technique::DualTwoStringKite, s1, s2, houses);
        let p = parts(&step);
        let c = p.cells;
        step.text = format!(
            "Dual 2-String Kite: {} in {}/in {} (connected by {}){}",
            p.digits[0],
            compact_cells(&c[0..2]),
            compact_cells(&c[4..6]),
            compact_cells(&c[2..4]),
            elim_suffix(&step.eliminations)
        );
        out(step)
    })
}

/// Calls `each` on every pair (in list order) of single steps that `pair` accepts and whose
/// first eliminations differ.
fn dual_pairs(
    all: &[Step],
    pair: impl Fn(&Step, &Step) -> bool,
    mut each: impl FnMut(&Step, &Step) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            let (s1, s2) = (&all[i], &all[j]);
            if pair(s1, s2) && s1.eliminations[0] != s2.eliminations[0] {
                each(s1, s2)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A dual step from two single ones: the first one's digit and marks, both steps' cells,
/// eliminations and chains, and `houses` (the text is the caller's).
fn dual_step(technique: Technique, s1: &Step, s2: &Step, houses: Vec<House>) -> Step {
    let (p1, p2) = (parts(s1), parts(s2));
    let mut step = Step::new(technique);
    step.facts = Facts::Chain {
        digits: p1.digits.to_vec(),
        cells: p1.cells.iter().chain(p2.cells).copied().collect(),
        houses,
        marks: p1.marks.to_vec(),
        chains: vec![p1.chains[0].clone(), p2.chains[0].clone()],
    };
    step.eliminations = vec![s1.eliminations[0], s2.eliminations[0]];
    step
}

/// The facts of a single-digit step, all [`Facts::Chain`].
struct Parts<'a> {
    digits: &'a [Digit],
    cells: &'a [Cell],
    houses: &'a [House],
    marks: &'a [Candidate],
    chains: &'a [Vec<ChainLink>],
}

fn parts(s: &Step) -> Parts<'_> {
    match &s.facts {
        Facts::Chain {
            digits,
            cells,
            houses,
            marks,
            chains,
        } => Parts {
            digits,
            cells,
            houses,
            marks,
            chains,
        },
        _ => unreachable!("single-digit steps are chains"),
    }
}

/// Empty Rectangle: the digit's cells in a box lie on one row and one column of it (each
/// with a cell outside their crossing, and one of the two lines holding two of them); a
/// conjugate pair from that row (column) leads to a cell on the box's column (row) that loses
/// the digit. Every one in HoDoKu's order, as its list has them: per digit, box, pattern and
/// direction, every conjugate pair's first elimination (the same one again from another
/// pattern too).
pub fn find_empty_rectangle(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for d in Digit::ALL {
        for b in 0..9u8 {
            let bx = House::Box(b);
            let count = free(grid, bx, d);
            if !(2..=5).contains(&count) {
                continue;
            }
            let block_cands = grid.house_cells_with(bx, d);
            let (r0, c0) = ((b as usize / 3) * 3, (b as usize % 3) * 3);
            for p in 0..9 {
                // The crossing row/column of pattern p; the other four cells must be empty.
                let er_line = r0 + 2 - p / 3;
                let er_col = c0 + 2 - p % 3;
                let line = House::Row(er_line as u8).cells();
                let col = House::Col(er_col as u8).cells();
                if !(block_cands & !(line | col)).is_empty() {
                    continue;
                }
                if (block_cands & line & !col).is_empty() || (block_cands & col & !line).is_empty()
                {
                    continue;
                }
                // HoDoKu's `allowErsWithOnlyTwoCandidates` (off): one line holds two.
                if (block_cands & line).len() < 2 && (block_cands & col).len() < 2 {
                    continue;
                }
                for reversed in [false, true] {
                    check_er(grid, d, b, block_cands, er_line, er_col, reversed, out)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Dual Empty Rectangle: two empty rectangles of one box and digit with different
/// eliminations. Off in HoDoKu's default configuration (`ALLOW_DUALS_AND_SIAMESE=false`), so it
/// has no slot in the technique table; provided for callers that want every pattern. Every
/// pair of them (in their order) whose first eliminations differ.
pub fn find_dual_empty_rectangle(
    grid: &Grid,
    ctx: &Context,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let all = finder::every(find_empty_rectangle, grid, ctx);
    let same_box_and_fins = |s1: &Step, s2: &Step| {
        let (p1, p2) = (parts(s1), parts(s2));
        p1.houses == p2.houses && p1.marks == p2.marks
    };
    dual_pairs(&all, same_box_and_fins, |s1, s2| {
        let mut step = dual_step(
            Technique::DualEmptyRectangle,
            s1,
            s2,
            parts(s1).houses.to_vec(),
        );
        let p = parts(&step);
        let c = p.cells;
        step.text = format!(
            "Dual Empty Rectangle: {} in {} ({}/{}){}",
            p.digits[0],
            p.houses[0],
            compact_cells(&c[0..2]),
            compact_cells(&c[2..4]),
            elim_suffix(&step.eliminations)
        );
        out(step)
    })
}

/// One direction of an empty rectangle: `reversed == false` walks the ER row and takes
/// conjugate pairs in columns; `true` walks the ER column and takes conjugate pairs in rows.
/// Reports each conjugate pair's first elimination.
#[allow(clippy::too_many_arguments)]
fn check_er(
    grid: &Grid,
    d: Digit,
    b: u8,
    block_cands: CellSet,
    er_line: usize,
    er_col: usize,
    reversed: bool,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let walk = if reversed {
        House::Col(er_col as u8)
    } else {
        House::Row(er_line as u8)
    };
    for index in grid.house_cells_with(walk, d) {
        if index.box_index() == b as usize {
            continue;
        }
        let conj_house = if reversed {
            House::Row(index.row() as u8)
        } else {
            House::Col(index.col() as u8)
        };
        let conj = grid.house_cells_with(conj_house, d);
        if conj.len() != 2 {
            continue;
        }
        let mut other = conj;
        other.remove(index);
        let Some(index2) = other.first() else {
            continue;
        };
        let del_house = if reversed {
            House::Col(index2.col() as u8)
        } else {
            House::Row(index2.row() as u8)
        };
        for del in grid.house_cells_with(del_house, d) {
            if del.box_index() == b as usize {
                continue;
            }
            let hit = if reversed {
                del.row() == er_line
            } else {
                del.col() == er_col
            };
            if !hit {
                continue;
            }
            let mut step = Step::new(Technique::EmptyRectangle);
            step.facts = Facts::Chain {
                digits: vec![d],
                cells: vec![index, index2],
                houses: vec![House::Box(b)],
                marks: elims_of(block_cands, d),
                chains: vec![er_chain(
                    block_cands,
                    d,
                    index2,
                    index,
                    er_line,
                    er_col,
                    reversed,
                )],
            };
            step.eliminations = vec![Candidate::new(del, d)];
            step.text = format!(
                "Empty Rectangle: {d} in b{} ({}){}",
                b + 1,
                compact_cells(&[index, index2]),
                elim_suffix(&step.eliminations)
            );
            out(step)?;
            break;
        }
    }
    ControlFlow::Continue(())
}

/// The Empty Rectangle as an AIC: the conjugate pair `index2 = index`, a weak link into the box's
/// candidates on `index`'s line, a strong link to the rest of the box's candidates (on the other
/// line): `(5)r7c7=r7c5-r123c5=r2c46`. The eliminated cell sees both ends.
fn er_chain(
    block_cands: CellSet,
    d: Digit,
    index2: Cell,
    index: Cell,
    er_line: usize,
    er_col: usize,
    reversed: bool,
) -> Vec<ChainLink> {
    let row = block_cands & House::Row(er_line as u8).cells();
    let col = block_cands & House::Col(er_col as u8).cells();
    let (near, far) = if reversed {
        (col, block_cands & !col)
    } else {
        (row, block_cands & !row)
    };
    let node = |cells: CellSet| match cells.len() {
        1 => ChainNode::Candidate(Candidate::new(cells.first().expect("one cell"), d)),
        _ => ChainNode::Group { digit: d, cells },
    };
    let mut links = vec![link((index2, d), (index, d), LinkKind::Strong)];
    if !near.is_empty() {
        links.push(ChainLink {
            from: Candidate::new(index, d).into(),
            to: node(near),
            kind: LinkKind::Weak,
        });
        if !far.is_empty() {
            links.push(ChainLink {
                from: node(near),
                to: node(far),
                kind: LinkKind::Strong,
            });
        }
    }
    links
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn skyscraper_fires_as_hodoku() {
        let g = library(":0000:x:+9..3+71...6+3....+1.7.1.+68.+39.57..2.+863.8.5.6+71+9.+69+8.+74....67.39...9.468.7..4.....3.:261 291 293 893 297 299::");
        let s = finder::first(find_skyscraper, &g, &ctx()).expect("SKYSCRAPER must fire");
        assert_eq!(s.technique, Technique::Skyscraper);
        assert_eq!(elims(&s), "278 279 281 283");
    }

    #[test]
    fn skyscraper_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is HIDDEN_RECTANGLE (order 4010).
        let g = library(":0000:x:+8.2...1.+7415.+9.6387.......46...5...9.8..3.+57...79.18......2....3.8.7.4.5...4.3...:234 635 236 244 246 446 248 251 259 262 462 268 669 571 572 178 191 991 292 695 297 298::");
        assert_eq!(
            finder::first(find_skyscraper, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn two_string_kite_fires_as_hodoku() {
        let g = library(":0000:x:2..+35+9+1.6+31.+6+2+7.9.6.+98+41.+23..7+29+46.+1.+2+67+13+9..9.+1+58+6..21+9+2+4+7+8+3+65.6.9+32.1+7+7.3+16+52.+9:::");
        let s = finder::first(find_two_string_kite, &g, &ctx()).expect("TWO_STRING_KITE must fire");
        assert_eq!(s.technique, Technique::TwoStringKite);
        assert_eq!(elims(&s), "458");
    }

    #[test]
    fn two_string_kite_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is AIC (order 5600).
        let g = library(":0000:x:+8.2...1.+7415.+9.6387.......46...5...9.8..3.+57...79.18......2....3.8.7.4.5...4.3...:234 635 236 244 246 446 248 251 259 262 462 268 669 571 572 972 174 874 178 191 991 292 695 297 298::");
        assert_eq!(
            finder::first(find_two_string_kite, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn empty_rectangle_fires_as_hodoku() {
        let g = library(":0000:x:85.....31....7.......8.9....+23+7..6+1.97.3.1.52....2...+31..4.7..62.5..+63.7....8.+1..:213 413 613 217 417 322 224 624 226 426 435 635 445 975 982 988 994 298::");
        let s = finder::first(find_empty_rectangle, &g, &ctx()).expect("EMPTY_RECTANGLE must fire");
        assert_eq!(s.technique, Technique::EmptyRectangle);
        assert_eq!(elims(&s), "527");
    }

    #[test]
    fn empty_rectangle_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is AIC (order 5600).
        let g = library(":0000:x:.8.7.+4.2.6......4.+4.26.17.9..4..6.383..5+48..282.1..4..9.84.72..+21......4.4...2.6.:925 742 763 768 793::");
        assert_eq!(
            finder::first(find_empty_rectangle, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn dual_patterns_fire_as_hodoku_with_duals_allowed() {
        let g = library(":0000:x:52.+61..+97+18+6.4.+532+9.75+2.1+6.+6.....7+2.41+8.6.+359+7.2....+1+6+8.9.+362+7.36..7.+98.2+7+1.5.+643:944 946 964 966::");
        let k = finder::first(find_dual_two_string_kite, &g, &ctx()).expect("dual kite");
        assert_eq!(k.technique, Technique::DualTwoStringKite);
        assert_eq!(elims(&k), "846 866");
        // The two empty rectangles of 8 in box 6 have two candidates only, which HoDoKu's
        // `allowErsWithOnlyTwoCandidates` (off) leaves out: no dual.
        assert_eq!(finder::first(find_dual_empty_rectangle, &g, &ctx()), None);
        let ers: Vec<String> = finder::every(find_empty_rectangle, &g, &ctx())
            .iter()
            .map(|s| s.text.clone())
            .collect();
        assert_eq!(ers, ["Empty Rectangle: 3 in b4 (r3c26) => r4c6<>3"]);
    }

    #[test]
    fn dual_patterns_absent_where_hodoku_finds_none() {
        let g = library(":0000:x:89..+3..47..6...5...5..2..1....8.7...73..6..89.2+8.1..7.....5....5..6+74..2...981...:::");
        assert_eq!(finder::first(find_dual_two_string_kite, &g, &ctx()), None);
        let g = library(":0000:x:+3725+9146+8.+9.+8.+2...1+8.4.7..98..+6.+9..5+2671+8594+3..9.2.6+8...8...3+9....9.8...+94....+87.:345 362 675 581 582 583 385 585 685 287 288 393 395 695::");
        assert_eq!(finder::first(find_dual_empty_rectangle, &g, &ctx()), None);
    }

    #[test]
    fn dual_empty_rectangle_fires_on_two_rectangles_of_one_box() {
        // HoDoKu's all-steps list has the two empty rectangles of box 3 and digit 2 here
        // (`=> r3c2<>2` and `=> r8c7<>2`); the dual joins them.
        let g = library(":0000:x:...2.4...3..869..1.........564+9+8+7123..2...8..7...4+2..58..1.5..9.5..+9..8.....2+8+5+1.:::");
        let single: Vec<String> = finder::every(find_empty_rectangle, &g, &ctx())
            .iter()
            .map(elims)
            .collect();
        assert!(single.contains(&"232".to_string()) && single.contains(&"287".to_string()));
        let duals = finder::every(find_dual_empty_rectangle, &g, &ctx());
        assert_eq!(duals.len(), 1);
        assert_eq!(duals[0].technique, Technique::DualEmptyRectangle);
        assert_eq!(elims(&duals[0]), "232 287");
        assert_eq!(
            duals[0].text,
            "Dual Empty Rectangle: 2 in b3 (r38c1/r7c27) => r3c2,r8c7<>2"
        );
    }
}
