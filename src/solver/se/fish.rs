//! SE's `Fisherman`: basic X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2) on columns then
//! rows. SE enumerates its base sets and digits in its own order and takes the first fish, so
//! the search follows that order rather than the HoDoKu engine's general fish search.

use std::ops::ControlFlow;

use super::regions::{bits, combinations, full_cells, positions, Kind};
use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, Digit};
use crate::solver::{Candidate, Grid};

pub fn x_wing(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 2, sink)
}
pub fn swordfish(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 3, sink)
}
pub fn jellyfish(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 4, sink)
}

fn fish(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let placed: [u32; 9] = Digit::ALL.map(|d| {
        crate::domain::Cell::all()
            .filter(|&c| g.value(c) == Some(d))
            .count() as u32
    });
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        for combo in combinations(degree, 9) {
            for d in Digit::ALL {
                if placed[d.index()] + degree * 2 > 9 {
                    continue;
                }
                let mut union = 0u16;
                let mut ok = true;
                for b in bits(combo) {
                    let p = positions(g, base.region(b), d);
                    if p.count_ones() <= 1 {
                        ok = false;
                        break;
                    }
                    union |= p;
                }
                if !ok || union.count_ones() != degree {
                    continue;
                }
                let mut elims = Vec::new();
                for ci in bits(u32::from(union)) {
                    let rest = positions(g, cover.region(ci), d) & !(combo as u16);
                    for k in bits(u32::from(rest)) {
                        elims.push(Candidate::new(cover.region(ci).cell_at(k), d));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let mut cells: Vec<Cell> = Vec::new();
                for ci in bits(u32::from(union)) {
                    for b in bits(combo) {
                        let c = cover.region(ci).cell_at(b);
                        if g.candidates(c).contains(d) {
                            cells.push(c);
                        }
                    }
                }
                let (t, difficulty, name) = match degree {
                    2 => (SeTechnique::XWing, 32, "X-Wing"),
                    3 => (SeTechnique::Swordfish, 38, "Swordfish"),
                    _ => (SeTechnique::Jellyfish, 52, "Jellyfish"),
                };
                let text = format!(
                    "{name}: {}: {d} in {degree} {}s and {degree} {}s",
                    full_cells(&cells),
                    base.word(),
                    cover.word()
                );
                let mut s = SeStep::new(t, difficulty, text);
                s.eliminations = elims;
                s.cells = cells;
                sink(s)?;
            }
        }
    }
    ControlFlow::Continue(())
}
