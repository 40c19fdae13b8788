//! SE's `WXYZWing`, `VWXYZWing`, `UVWXYZWing` and `TUVWXYZWing`: k cells (3 to 6) seeing each
//! other, taken in SE's forward order, hold k+1 digits, with a bivalue cell (yz) that sees
//! them; a digit of yz whose wing cells all see yz is restricted, and the other one leaves
//! every cell seeing yz and the wing cells holding it. With both restricted (a doubly linked
//! wing) the other digits go from the cells seeing all their wing cells too. Difficulty:
//! WXYZ 5.5 + (1 - |3 - largest cell|) / 10, VWXYZ 6.2 + (2 - |3 - largest|) / 10, UVWXYZ 6.6,
//! TUVWXYZ 7.5. SE sorts by difficulty, then more eliminations, then its suffix (double link,
//! largest cell, wing size) from the largest.
//!
//! A search of SE's own: HoDoKu has no wings of four or more cells (its XY-Wing and XYZ-Wing
//! share their eliminations with SE's `wings.rs`).

use std::ops::ControlFlow;

use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, DigitSet};
use crate::solver::{Candidate, Grid, Step};

/// The peers of `c` after it in cell order (SE's forward visible cells).
fn forward(c: Cell) -> CellSet {
    c.peers() & CellSet::from_bits(!((1u128 << (c.index() + 1)) - 1))
}

/// Whether every wing cell holding `d` sees `yz`.
fn restricted(g: &Grid, wing: &[Cell], yz: Cell, d: Digit) -> bool {
    wing.iter()
        .all(|&c| !g.candidates(c).contains(d) || yz.sees(c))
}

/// The cells that see every wing cell holding `d` (and `yz` when given), outside the pattern.
fn victims(g: &Grid, wing: &[Cell], yz: Option<Cell>, d: Digit) -> Vec<Candidate> {
    let mut v = yz.map_or(CellSet::ALL, |y| y.peers());
    for &c in wing {
        if g.candidates(c).contains(d) {
            v &= c.peers();
        }
    }
    for &c in wing.iter().chain(yz.iter()) {
        v.remove(c);
    }
    (v & g.cells_with(d))
        .iter()
        .map(|c| Candidate::new(c, d))
        .collect()
}

pub fn wxyz_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wings(g, 3, sink)
}
pub fn vwxyz_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wings(g, 4, sink)
}
pub fn uvwxyz_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wings(g, 5, sink)
}
pub fn tuvwxyz_wing(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    wings(g, 6, sink)
}

/// The technique and difficulty for `k` wing cells whose largest holds `biggest`.
fn kind(k: usize, biggest: u32) -> (SeTechnique, u16) {
    let spread = |top: u32, avg: u32| (top - avg) as i32 - (avg as i32 - biggest as i32).abs();
    match k {
        3 => (SeTechnique::WXYZWing, (55 + spread(4, 3)) as u16),
        4 => (SeTechnique::VWXYZWing, (62 + spread(5, 3)) as u16),
        5 => (SeTechnique::UVWXYZWing, 66),
        _ => (SeTechnique::TUVWXYZWing, 75),
    }
}

struct Found {
    difficulty: u16,
    eliminations: usize,
    suffix: String,
    step: Step,
}

fn wings(g: &Grid, k: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found = Vec::new();
    let mut wing = Vec::with_capacity(k);
    let mut classes = Classes {
        fits: CellSet::EMPTY,
        bivalue: CellSet::EMPTY,
    };
    for c in g.unsolved() {
        let n = g.candidates(c).len();
        if (2..=k as u32 + 1).contains(&n) {
            classes.fits.insert(c);
        }
        if n == 2 {
            classes.bivalue.insert(c);
        }
    }
    for first in classes.fits {
        wing.push(first);
        let v = g.candidates(first);
        let range = forward(first) & classes.fits;
        grow(g, k, classes, &mut wing, range, v, &mut found);
        wing.pop();
    }
    found.sort_by(|a: &Found, b: &Found| {
        a.difficulty
            .cmp(&b.difficulty)
            .then(b.eliminations.cmp(&a.eliminations))
            .then(b.suffix.cmp(&a.suffix))
    });
    for f in found {
        sink(f.step)?;
    }
    ControlFlow::Continue(())
}

/// The cells a wing of k cells can use: wing cells (two to k+1 candidates) and yz cells.
#[derive(Clone, Copy)]
struct Classes {
    fits: CellSet,
    bivalue: CellSet,
}

/// Adds wing cells from `range` (cells after the last one that see every one so far, with
/// two to k+1 candidates).
fn grow(
    g: &Grid,
    k: usize,
    classes: Classes,
    wing: &mut Vec<Cell>,
    range: CellSet,
    union: DigitSet,
    found: &mut Vec<Found>,
) {
    for c in range {
        let v = g.candidates(c);
        let all = union.union(v);
        if v.len() < 2 || all.len() as usize > k + 1 {
            continue;
        }
        wing.push(c);
        if wing.len() == k {
            if all.len() as usize == k + 1 {
                pivots(g, k, classes, wing, all, found);
            }
        } else {
            grow(g, k, classes, wing, range & forward(c), all, found);
        }
        wing.pop();
    }
}

fn pivots(
    g: &Grid,
    k: usize,
    classes: Classes,
    wing: &[Cell],
    all: DigitSet,
    found: &mut Vec<Found>,
) {
    let biggest = wing
        .iter()
        .map(|&c| g.candidates(c).len())
        .max()
        .unwrap_or(0);
    let size: u32 = wing.iter().map(|&c| g.candidates(c).len()).sum();
    let mut range = CellSet::EMPTY;
    for &c in wing {
        range |= c.peers();
    }
    for &c in wing {
        range.remove(c);
    }
    let (technique, difficulty) = kind(k, biggest);
    for yz in range & classes.bivalue {
        let vy = g.candidates(yz);
        if vy.len() != 2 || vy.intersection(all).len() != 2 {
            continue;
        }
        let mut it = vy.iter();
        let (Some(x), Some(z)) = (it.next(), it.next()) else {
            continue;
        };
        let hint = match (restricted(g, wing, yz, x), restricted(g, wing, yz, z)) {
            (true, false) => (victims(g, wing, Some(yz), z), false, Shown::One(z)),
            (true, true) => double(g, wing, yz, x, z, all.difference(vy)),
            (false, true) => (victims(g, wing, Some(yz), x), false, Shown::One(x)),
            (false, false) => continue,
        };
        let (elims, double_link, shown) = hint;
        if elims.is_empty() {
            continue;
        }
        let suffix = format!("{}{biggest}{size}", if double_link { 2 } else { 1 });
        let cells: Vec<String> = wing.iter().chain([&yz]).map(|c| c.to_string()).collect();
        let cells = format!("Cells {}", cells.join(","));
        let details = match shown {
            Shown::One(d) => format!("{cells} on value {d}"),
            Shown::Two(a, b) => format!("{cells} on values {a},{b}"),
        };
        let eliminations = elims.len();
        let pattern = wing.iter().copied().chain([yz]).collect();
        let name = SeName::Wing {
            cells: k as u8 + 1,
            double: double_link,
            biggest: biggest as u8,
            size: size as u8,
        };
        let step = elimination(technique, difficulty, name, details, elims, pattern);
        found.push(Found {
            difficulty,
            eliminations,
            suffix,
            step,
        });
    }
}

enum Shown {
    One(Digit),
    Two(Digit, Digit),
}

/// Both digits of yz restricted: the two other digits go from cells seeing their wing cells,
/// and x and z from cells seeing yz and their wing cells.
fn double(
    g: &Grid,
    wing: &[Cell],
    yz: Cell,
    x: Digit,
    z: Digit,
    rest: DigitSet,
) -> (Vec<Candidate>, bool, Shown) {
    let mut elims = Vec::new();
    let mut weak = false;
    for w in rest {
        let v = victims(g, wing, None, w);
        weak |= !v.is_empty();
        elims.extend(v);
    }
    let vx = victims(g, wing, Some(yz), x);
    let vz = victims(g, wing, Some(yz), z);
    let (strong_x, strong_z) = (!vx.is_empty(), !vz.is_empty());
    elims.extend(vx);
    elims.extend(vz);
    if !weak && !strong_z {
        return (elims, false, Shown::One(x));
    }
    let double_link = weak || strong_x;
    let shown = if double_link {
        Shown::Two(x, z)
    } else {
        Shown::One(z)
    };
    (elims, double_link, shown)
}
