//! Sue de Coq, as HoDoKu 2.2's `MiscellaneousSolver` finds it.
//!
//! Two or three unsolved cells of a row (or column) and box intersection hold `n + k`
//! candidates (`k >= 2`). A set of cells of the rest of the line and a set of cells of the rest
//! of the box, disjoint, together lock `k` of the intersection's digits: the line set takes some
//! intersection digits plus as many extra digits as it has cells minus those, the box set the
//! rest (never a digit the line set took from the intersection). Then the line set's digits and
//! the intersection's digits not in the box set go from the rest of the line, the box set's and
//! the intersection's not in the line set from the rest of the box, and extra digits of both sets
//! from both.

use std::ops::ControlFlow;

use super::common::elim_suffix;
use super::Context;
use crate::domain::{Cell, CellSet, DigitSet, House};
use crate::solver::finder::Sink;
use crate::solver::step::compact_cells;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// What stays fixed while one line/box pair is searched.
struct Pair<'a> {
    grid: &'a Grid,
    line: House,
    bx: House,
    /// Unsolved cells of the line and of the box.
    line_cells: CellSet,
    box_cells: CellSet,
    /// The intersection cells in use and their digits.
    inter: CellSet,
    inter_digits: DigitSet,
}

/// A chosen set of cells and their digits.
#[derive(Copy, Clone)]
struct Part {
    cells: CellSet,
    digits: DigitSet,
}

/// Sue de Coq: rows with boxes first, then columns with boxes; per pair the 2- and 3-cell
/// subsets of the intersection, then line sets and box sets depth-first in cell order. The
/// first pattern with eliminations is the step; every pattern is reported, in that order.
pub fn find_sue_de_coq(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let unsolved = grid.unsolved();
    for lines in [0usize, 9] {
        for li in 0..9 {
            let line = House::from_index(lines + li);
            let line_cells = line.cells() & unsolved;
            for bi in 0..9 {
                let bx = House::from_index(18 + bi);
                let box_cells = bx.cells() & unsolved;
                let inter = line_cells & box_cells;
                if inter.len() < 2 {
                    continue;
                }
                let mut pair = Pair {
                    grid,
                    line,
                    bx,
                    line_cells,
                    box_cells,
                    inter: CellSet::EMPTY,
                    inter_digits: DigitSet::EMPTY,
                };
                pair.intersections(inter, out)?;
            }
        }
    }
    ControlFlow::Continue(())
}

impl Pair<'_> {
    fn intersections(&mut self, inter: CellSet, out: &mut Sink<'_>) -> ControlFlow<()> {
        let cells: Vec<Cell> = inter.iter().collect();
        let n = cells.len();
        for i1 in 0..n.saturating_sub(1) {
            let d1 = self.grid.candidates(cells[i1]);
            for i2 in i1 + 1..n {
                let d2 = d1 | self.grid.candidates(cells[i2]);
                let two = CellSet::from_iter([cells[i1], cells[i2]]);
                if d2.len() >= 4 {
                    self.with_intersection(two, d2, out)?;
                }
                for &c3 in &cells[i2 + 1..] {
                    let d3 = d2 | self.grid.candidates(c3);
                    if d3.len() >= 5 {
                        let three = two | CellSet::single(c3);
                        self.with_intersection(three, d3, out)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn with_intersection(
        &mut self,
        inter: CellSet,
        digits: DigitSet,
        out: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        self.inter = inter;
        self.inter_digits = digits;
        let n_plus = digits.len() - inter.len();
        if (self.box_cells & !inter).is_empty() {
            // No cell for a box set.
            return ControlFlow::Continue(());
        }
        let mut cells = [Cell::from_index(0); 9];
        let mut n = 0;
        for c in self.line_cells & !inter {
            cells[n] = c;
            n += 1;
        }
        let source = &cells[..n];
        let empty = Part {
            cells: CellSet::EMPTY,
            digits: DigitSet::EMPTY,
        };
        self.line_sets(source, 0, empty, n_plus, out)
    }

    /// Line sets: some intersection digits, fewer cells than extra digits would allow, leaving
    /// digits for the box set.
    fn line_sets(
        &self,
        source: &[Cell],
        from: usize,
        part: Part,
        n_plus: u32,
        out: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        for i in from..source.len() {
            let next = Part {
                cells: part.cells | CellSet::single(source[i]),
                digits: part.digits | self.grid.candidates(source[i]),
            };
            let contained = (next.digits & self.inter_digits).len();
            let extra = next.digits & !self.inter_digits;
            let level = next.cells.len();
            if contained > 0 && level > extra.len() && level - extra.len() < n_plus {
                // Box cells holding a digit the line set took cannot be in the box set (nor
                // can any of its supersets), so they are left out of the search.
                let allowed = !(next.digits & !extra);
                let mut cells = [Cell::from_index(0); 9];
                let mut n = 0;
                for c in self.box_cells & !self.inter & !next.cells {
                    if (self.grid.candidates(c) & !allowed).is_empty() {
                        cells[n] = c;
                        n += 1;
                    }
                }
                let box_source = &cells[..n];
                let rest = n_plus - (level - extra.len());
                let empty = Part {
                    cells: CellSet::EMPTY,
                    digits: DigitSet::EMPTY,
                };
                self.box_sets(box_source, 0, empty, allowed, rest, next, out)?;
            }
            self.line_sets(source, i + 1, next, n_plus, out)?;
        }
        ControlFlow::Continue(())
    }

    /// Box sets: only allowed digits, exactly the remaining intersection digits' worth of cells.
    #[allow(clippy::too_many_arguments)]
    fn box_sets(
        &self,
        source: &[Cell],
        from: usize,
        part: Part,
        allowed: DigitSet,
        n_plus: u32,
        line_part: Part,
        out: &mut Sink<'_>,
    ) -> ControlFlow<()> {
        for i in from..source.len() {
            let next = Part {
                cells: part.cells | CellSet::single(source[i]),
                digits: part.digits | self.grid.candidates(source[i]),
            };
            if !(next.digits & !allowed).is_empty() {
                // A forbidden digit: every superset has it too.
                continue;
            }
            let contained = (next.digits & self.inter_digits).len();
            let extra = (next.digits & !self.inter_digits).len();
            let surplus = next.cells.len() as i64 - i64::from(extra);
            if contained > 0 && surplus == i64::from(n_plus) {
                if let Some(s) = self.step(line_part, next) {
                    out(s)?;
                }
            }
            // Each further cell adds at most one to the surplus of cells over extra digits.
            if surplus + ((source.len() - i - 1) as i64) < i64::from(n_plus) {
                continue;
            }
            self.box_sets(source, i + 1, next, allowed, n_plus, line_part, out)?;
        }
        ControlFlow::Continue(())
    }

    fn step(&self, line_part: Part, box_part: Part) -> Option<Step> {
        let shared = box_part.digits & line_part.digits;
        let mut elims = Vec::new();
        let box_rest = self.box_cells & !box_part.cells & !self.inter;
        let box_digits = ((self.inter_digits | box_part.digits) & !line_part.digits) | shared;
        collect(self.grid, box_rest, box_digits, &mut elims);
        let line_rest = self.line_cells & !line_part.cells & !self.inter;
        let line_digits = ((self.inter_digits | line_part.digits) & !box_part.digits) | shared;
        collect(self.grid, line_rest, line_digits, &mut elims);
        if elims.is_empty() {
            return None;
        }
        let cells_of = |s: CellSet| compact_cells(&s.iter().collect::<Vec<_>>());
        let digits_of = |d: DigitSet| d.iter().map(|d| d.to_char()).collect::<String>();
        let mut step = Step::new(Technique::SueDeCoq);
        // HoDoKu's fins: the line set's digits in the line set and the intersection.
        let mut marks = Vec::new();
        for c in (line_part.cells | self.inter).iter() {
            for d in self.grid.candidates(c) & line_part.digits {
                marks.push(Candidate::new(c, d));
            }
        }
        step.facts = Facts::Sets {
            alses: vec![
                (self.inter, self.inter_digits),
                (box_part.cells, box_part.digits),
                (line_part.cells, line_part.digits),
            ],
            chains: Vec::new(),
            digits: self.inter_digits.iter().collect(),
            cells: self.inter.iter().collect(),
            houses: vec![self.line, self.bx],
            marks,
        };
        step.text = format!(
            "{}: {} - {{{}}} ({} - {{{}}}, {} - {{{}}}){}",
            Technique::SueDeCoq.name(),
            cells_of(self.inter),
            digits_of(self.inter_digits),
            cells_of(line_part.cells),
            digits_of(line_part.digits),
            cells_of(box_part.cells),
            digits_of(box_part.digits),
            elim_suffix(&elims)
        );
        step.eliminations = elims;
        Some(step)
    }
}

/// `digits` from every cell of `cells` holding them, cell by cell.
fn collect(grid: &Grid, cells: CellSet, digits: DigitSet, out: &mut Vec<Candidate>) {
    if digits.is_empty() {
        return;
    }
    for c in cells {
        for d in grid.candidates(c) & digits {
            out.push(Candidate::new(c, d));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, elims, library};

    #[test]
    fn sue_de_coq_as_hodoku() {
        let g = library(":0000:x:52..1...7.8..4.+532..75+2.1........7+2.41..6..59+7.2....+1+6..9..62+7.36..7.+98.2+7..5.+643:932 936 941 944 946 964 966 183::");
        let s = finder::first(find_sue_de_coq, &g, &ctx()).expect("a step");
        assert_eq!(s.technique, Technique::SueDeCoq);
        assert_eq!(elims(&s), "613");
        assert_eq!(
            s.text,
            "Sue de Coq: r1c46 - {3689} (r1c8 - {69}, r3c6 - {38}) => r1c3<>6"
        );
        let f = s.library_fields();
        assert_eq!((f.code.as_str(), f.digits.as_str()), ("1101", "6"));
        assert_eq!(s.facts.alses().len(), 3);
    }

    #[test]
    fn sue_de_coq_silent_where_hodoku_is() {
        let g = library(":0000:x:.83.2..9....8.+91...293....8...+6987...7.....6...674....3....698...2.+85....1..3.54.:::");
        assert!(finder::first(find_sue_de_coq, &g, &ctx()).is_none());
    }
}
