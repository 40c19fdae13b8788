//! SE's `WXYZWing`: three cells seeing each other pairwise along SE's forward order hold four
//! digits with a bivalue cell (yz) that sees them; a digit of yz whose wing cells all see yz is
//! restricted, and the other one leaves every cell seeing yz and the wing cells holding it.
//! With both restricted (a doubly linked wing) the two other digits go too. Difficulty 5.5, or
//! 5.6 when the largest wing cell holds three digits; SE sorts by difficulty, then more
//! eliminations, then its suffix (double link, largest cell, wing size) from the largest.

use std::ops::ControlFlow;

use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, DigitSet};
use crate::solver::{Candidate, Grid};

/// The peers of `c` after it in cell order (SE's forward visible cells).
fn forward(c: Cell) -> CellSet {
    c.peers() & CellSet::from_bits(!((1u128 << (c.index() + 1)) - 1))
}

/// Whether every wing cell holding `d` sees `yz`.
fn restricted(g: &Grid, wing: [Cell; 3], yz: Cell, d: Digit) -> bool {
    wing.iter()
        .all(|&c| !g.candidates(c).contains(d) || yz.sees(c))
}

/// The cells that see every wing cell holding `d` (and `yz` when given), outside the pattern.
fn victims(g: &Grid, wing: [Cell; 3], yz: Option<Cell>, d: Digit) -> Vec<Candidate> {
    let mut v = yz.map_or(CellSet::ALL, |y| y.peers());
    for &c in &wing {
        if g.candidates(c).contains(d) {
            v &= c.peers();
        }
    }
    for c in wing.into_iter().chain(yz) {
        v.remove(c);
    }
    (v & g.cells_with(d))
        .iter()
        .map(|c| Candidate::new(c, d))
        .collect()
}

pub fn wxyz_wing(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: Vec<(u16, usize, String, SeStep)> = Vec::new();
    for wxyz in Cell::all() {
        let v0 = g.candidates(wxyz);
        if !(2..5).contains(&v0.len()) {
            continue;
        }
        for wz in forward(wxyz) {
            let v1 = g.candidates(wz);
            if v1.len() < 2 || v0.union(v1).len() >= 5 {
                continue;
            }
            for xz in forward(wxyz) & forward(wz) {
                let v2 = g.candidates(xz);
                let all = v0.union(v1).union(v2);
                if v2.len() < 2 || all.len() != 4 {
                    continue;
                }
                let biggest = v0.len().max(v1.len()).max(v2.len());
                let size = v0.len() + v1.len() + v2.len();
                let wing = [wxyz, wz, xz];
                let mut range = wxyz.peers() | wz.peers() | xz.peers();
                for c in wing {
                    range.remove(c);
                }
                for yz in range {
                    let vy = g.candidates(yz);
                    if vy.len() != 2 || vy.intersection(all).len() != 2 {
                        continue;
                    }
                    let mut it = vy.iter();
                    let (Some(x), Some(z)) = (it.next(), it.next()) else {
                        continue;
                    };
                    let z_r = restricted(g, wing, yz, z);
                    let x_r = restricted(g, wing, yz, x);
                    let hint = match (x_r, z_r) {
                        (true, false) => Some(single(g, wing, yz, z)),
                        (true, true) => Some(double(g, wing, yz, x, z, all.difference(vy))),
                        (false, true) => Some(single(g, wing, yz, x)),
                        (false, false) => None,
                    };
                    let Some((elims, double_link, shown)) = hint else {
                        continue;
                    };
                    if elims.is_empty() {
                        continue;
                    }
                    let difficulty = 55 + if biggest == 3 { 1 } else { 0 };
                    let suffix = format!("{}{biggest}{size}", if double_link { 2 } else { 1 });
                    let cells = format!("Cells {wxyz},{wz},{xz},{yz}");
                    let text = match shown {
                        Shown::One(d) => format!("WXYZ-Wing {suffix}: {cells} on value {d}"),
                        Shown::Two(a, b) => {
                            format!("WXYZ-Wing {suffix}: {cells} on values {a},{b}")
                        }
                    };
                    let mut s = SeStep::new(SeTechnique::WXYZWing, difficulty, text);
                    let n = elims.len();
                    s.eliminations = elims;
                    s.cells = vec![wxyz, wz, xz, yz];
                    found.push((difficulty, n, suffix, s));
                }
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(b.2.cmp(&a.2)));
    for (_, _, _, s) in found {
        sink(s)?;
    }
    ControlFlow::Continue(())
}

enum Shown {
    One(Digit),
    Two(Digit, Digit),
}

/// One restricted digit: the other (`z`) goes.
fn single(g: &Grid, wing: [Cell; 3], yz: Cell, z: Digit) -> (Vec<Candidate>, bool, Shown) {
    (victims(g, wing, Some(yz), z), false, Shown::One(z))
}

/// Both digits of yz restricted: the two other digits go from cells seeing their wing cells,
/// and x and z from cells seeing yz and their wing cells.
fn double(
    g: &Grid,
    wing: [Cell; 3],
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
