//! SE's `Fisherman`: basic X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2), found by the
//! project's general fish search (finless basic fish of the size) and taken in SE's order:
//! columns as base sets before rows, then base-set combinations by increasing mask, then digits.
//! As SE, a digit is skipped when fewer than twice the size of its lines are left
//! (`placed + 2 * size > 9`).
//!
//! The search is the one both engines share (`techniques::fish::search`); SE keeps its order
//! and its steps.

use std::ops::ControlFlow;

use super::regions::{full_cells, Kind};
use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, Digit, House};
use crate::solver::techniques::fish::{search, FishSearch, FishShape};
use crate::solver::{Candidate, Grid, Step};

pub fn x_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 2, sink)
}
pub fn swordfish(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 3, sink)
}
pub fn jellyfish(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    fish(g, 4, sink)
}

/// A house's line number (0..9) and whether it is a row.
fn line(h: House) -> (u32, bool) {
    match h {
        House::Row(i) => (u32::from(i), true),
        House::Col(i) => (u32::from(i), false),
        House::Box(i) => (u32::from(i), false),
    }
}

fn fish(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let placed: [u32; 9] =
        Digit::ALL.map(|d| Cell::all().filter(|&c| g.value(c) == Some(d)).count() as u32);
    let digits = Digit::ALL
        .into_iter()
        .filter(|d| placed[d.index()] + degree * 2 <= 9);
    // (rows as base sets, base mask, digit, the step): SE's order is columns first.
    let mut found: Vec<(bool, u32, Digit, Step)> = Vec::new();
    let p = FishSearch::new(FishShape::Basic, degree as usize, false);
    let _ = search(g, digits, &p, |f| {
        let (_, rows) = line(f.base()[0]);
        let (base, cover) = if rows {
            (Kind::Row, Kind::Column)
        } else {
            (Kind::Column, Kind::Row)
        };
        let combo: u32 = f.base().iter().map(|&h| 1 << line(h).0).sum();
        let covers: Vec<u32> = f.cover().iter().map(|&h| line(h).0).collect();
        let d = f.digit;
        // SE's lists: cover lines in order, and along each the positions.
        let mut elims = Vec::new();
        let mut cells = Vec::new();
        for &ci in &covers {
            let region = cover.region(ci as usize);
            for k in 0..9 {
                let c = region.cell_at(k);
                if !g.candidates(c).contains(d) {
                    continue;
                }
                if combo & (1 << k) == 0 {
                    elims.push(Candidate::new(c, d));
                } else {
                    cells.push(c);
                }
            }
        }
        if elims.is_empty() {
            return ControlFlow::Continue(());
        }
        let (t, difficulty) = match degree {
            2 => (SeTechnique::XWing, 32),
            3 => (SeTechnique::Swordfish, 38),
            _ => (SeTechnique::Jellyfish, 52),
        };
        let details = format!(
            "{}: {d} in {degree} {}s and {degree} {}s",
            full_cells(&cells),
            base.word(),
            cover.word()
        );
        let s = elimination(
            t,
            difficulty,
            SeName::Fish(degree as u8),
            details,
            elims,
            cells,
        );
        found.push((rows, combo, d, s));
        ControlFlow::Continue(())
    });
    found.sort_by_key(|&(rows, combo, d, _)| (rows, combo, d));
    for (_, _, _, s) in found {
        sink(s)?;
    }
    ControlFlow::Continue(())
}
