//! Locked Candidates type 1 (pointing) and type 2 (claiming), searched in HoDoKu's order: houses
//! by number, digits ascending; type 1 tries the row before the column; type 2 tries all rows,
//! then all columns. What is locked in a house is decided by the search both engines share
//! ([`crate::solver::basic::locked`]).

use std::ops::ControlFlow;

use super::Context;
use crate::domain::{Digit, House};
use crate::solver::basic;
use crate::solver::finder::Sink;
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// Builds the step: `source` holds every `d` of the pattern, `target` loses its other `d`s.
fn lc_step(grid: &Grid, t: Technique, d: Digit, source: House, target: House) -> Step {
    let mut s = Step::new(t);
    let mut cells = Vec::new();
    for c in target.cell_list() {
        if !grid.candidates(c).contains(d) {
            continue;
        }
        if source.cells().contains(c) {
            cells.push(c);
        } else {
            s.eliminations.push(Candidate::new(c, d));
        }
    }
    s.facts = Facts::Pattern {
        digits: vec![d],
        cells,
        houses: vec![source, target],
        marks: Vec::new(),
    };
    s.text = format!(
        "{}: {} in {} => {}",
        t.name(),
        d,
        source,
        eliminations_text(&s.eliminations)
    );
    s
}

/// Type 1: the digit's cells in a box lie in one row (or column); the rest of that line loses it.
pub fn locked_candidates_1(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for b in 0..9u8 {
        let source = House::Box(b);
        for d in Digit::ALL {
            if let Some(l) = basic::locked(grid, source, d).filter(|l| !l.removed.is_empty()) {
                out(lc_step(
                    grid,
                    Technique::LockedCandidates1,
                    d,
                    source,
                    l.target,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Type 2: the digit's cells in a row (then a column) lie in one box; the rest of the box loses it.
pub fn locked_candidates_2(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    for line_kind in [House::Row as fn(u8) -> House, House::Col] {
        for i in 0..9u8 {
            let source = line_kind(i);
            for d in Digit::ALL {
                if let Some(l) = basic::locked(grid, source, d).filter(|l| !l.removed.is_empty()) {
                    out(lc_step(
                        grid,
                        Technique::LockedCandidates2,
                        d,
                        source,
                        l.target,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
