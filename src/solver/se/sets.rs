//! SE's `HiddenSet` and `NakedSet`: hidden pairs, triplets, quads (3.4, 4.0, 5.4), their direct
//! forms that end in a hidden single (Direct Hidden Pair 2.0, Triplet 2.5) and naked pairs,
//! triplets, quads (3.0, 3.6, 5.0). Regions: blocks, columns, rows; combinations in SE's order.

use std::ops::ControlFlow;

use super::regions::{bits, combinations, digit_list, empty_count, full_cells, positions, BCR};
use super::singles::placement;
use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, Digit, DigitSet};
use crate::solver::{Candidate, Grid};

const SET_NAMES: [&str; 3] = ["Pair", "Triplet", "Quad"];

pub fn direct_hidden_pair(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 2, true, sink)
}
pub fn direct_hidden_triplet(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 3, true, sink)
}
pub fn hidden_pair(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 2, false, sink)
}
pub fn hidden_triplet(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 3, false, sink)
}
pub fn hidden_quad(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    hidden(g, 4, false, sink)
}
pub fn naked_pair(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 2, sink)
}
pub fn naked_triplet(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 3, sink)
}
pub fn naked_quad(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    naked(g, 4, sink)
}

fn hidden(g: &Grid, degree: u32, direct: bool, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for kind in BCR {
        for i in 0..9 {
            let h = kind.region(i);
            let empty = empty_count(g, h);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let pos: [u16; 9] = Digit::ALL.map(|d| positions(g, h, d));
            for combo in combinations(degree, 9) {
                let mut union = 0u16;
                let mut ok = true;
                for k in bits(combo) {
                    if pos[k].count_ones() <= 1 {
                        ok = false;
                        break;
                    }
                    union |= pos[k];
                }
                if !ok || union.count_ones() != degree {
                    continue;
                }
                let set = DigitSet::from_bits(combo as u16);
                let cells: Vec<Cell> = bits(u32::from(union)).map(|k| h.cell_at(k)).collect();
                let name = SET_NAMES[degree as usize - 2];
                if direct {
                    for d in Digit::ALL {
                        if set.contains(d) || pos[d.index()].count_ones() <= 1 {
                            continue;
                        }
                        let rest = pos[d.index()] & !union;
                        if rest.count_ones() != 1 {
                            continue;
                        }
                        let c = h.cell_at(rest.trailing_zeros() as usize);
                        let (t, difficulty) = if degree == 2 {
                            (SeTechnique::DirectHiddenPair, 20)
                        } else {
                            (SeTechnique::DirectHiddenTriplet, 25)
                        };
                        let text = format!(
                            "Direct Hidden {name}: {}: {} in {}",
                            full_cells(&cells),
                            digit_list(set),
                            kind.word()
                        );
                        let mut s = placement(t, difficulty, c, d, text);
                        s.cells.extend(cells.iter().copied());
                        sink(s)?;
                        break;
                    }
                } else {
                    let mut elims = Vec::new();
                    for &c in &cells {
                        for d in g.candidates(c).difference(set) {
                            elims.push(Candidate::new(c, d));
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    let (t, difficulty) = match degree {
                        2 => (SeTechnique::HiddenPair, 34),
                        3 => (SeTechnique::HiddenTriplet, 40),
                        _ => (SeTechnique::HiddenQuad, 54),
                    };
                    let text = format!(
                        "Hidden {name}: {}: {} in {}",
                        full_cells(&cells),
                        digit_list(set),
                        kind.word()
                    );
                    let mut s = SeStep::new(t, difficulty, text);
                    s.eliminations = elims;
                    s.cells = cells;
                    sink(s)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn naked(g: &Grid, degree: u32, sink: &mut Sink<'_>) -> ControlFlow<()> {
    for kind in BCR {
        for i in 0..9 {
            let h = kind.region(i);
            if empty_count(g, h) < degree * 2 {
                continue;
            }
            let list = h.cell_list();
            for combo in combinations(degree, 9) {
                let mut union = DigitSet::EMPTY;
                let mut ok = true;
                for k in bits(combo) {
                    let cands = g.candidates(list[k]);
                    if cands.len() <= 1 {
                        ok = false;
                        break;
                    }
                    union = union.union(cands);
                }
                if !ok || union.len() != degree {
                    continue;
                }
                let cells: Vec<Cell> = bits(combo).map(|k| list[k]).collect();
                let mut elims = Vec::new();
                for (k, &c) in list.iter().enumerate() {
                    if combo & (1 << k) == 0 {
                        for d in g.candidates(c).intersection(union) {
                            elims.push(Candidate::new(c, d));
                        }
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                let (t, difficulty) = match degree {
                    2 => (SeTechnique::NakedPair, 30),
                    3 => (SeTechnique::NakedTriplet, 36),
                    _ => (SeTechnique::NakedQuad, 50),
                };
                let text = format!(
                    "Naked {}: {}: {} in {}",
                    SET_NAMES[degree as usize - 2],
                    full_cells(&cells),
                    digit_list(union),
                    kind.word()
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
