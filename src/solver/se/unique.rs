//! SE's `UniqueLoops`: unique rectangles and loops of types 1 to 4 (with lkSudoku's fixes, on by
//! default). Difficulty 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more;
//! type 3 adds 0.1 per value of its naked set beyond one (hidden: per cell beyond one). SE
//! collects every hint, sorts them by difficulty then type (stable) and takes the first.
//!
//! A search of SE's own: HoDoKu's uniqueness (`techniques/uniqueness.rs`) looks at rectangles
//! only, on the candidates still possible (a digit the player removed counts), with its types
//! 1 to 6, hidden and avoidable rectangles; SE follows loops of any even length from each
//! bivalue cell on the candidates as they stand, with its types 1 to 4 (type 3 with hidden sets
//! too) and its difficulty by length. The patterns, what qualifies and the order differ, so
//! there is no common search; type 3's sets, one cell standing for the loop's two, are SE's.

use std::ops::ControlFlow;

use super::regions::{bits, combinations, empty_count, index_in, positions, Kind, BRC};
use super::step::elimination;
use super::{SeContext, SeName, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, DigitSet, House};
use crate::solver::{Candidate, Grid, Step};

struct Found {
    difficulty: u16,
    kind: u8,
    step: Step,
}

pub fn unique_loops(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: Vec<Found> = Vec::new();
    for cell in Cell::all() {
        let pots = g.candidates(cell);
        if pots.len() != 2 {
            continue;
        }
        let mut it = pots.iter();
        let (Some(v1), Some(v2)) = (it.next(), it.next()) else {
            continue;
        };
        let mut loops = Vec::new();
        let mut path = Vec::new();
        search(
            g,
            cell,
            v1,
            v2,
            &mut path,
            2,
            DigitSet::EMPTY,
            None,
            &mut loops,
        );
        for lp in loops {
            if !valid_loop(&lp) {
                continue;
            }
            let extra: Vec<Cell> = lp
                .iter()
                .copied()
                .filter(|&c| g.candidates(c).len() > 2)
                .collect();
            let pair = DigitSet::single(v1).union(DigitSet::single(v2));
            match extra.len() {
                1 => {
                    let elims = present(g, &[extra[0]], pair);
                    push(&mut found, &lp, 1, v1, v2, elims, 0);
                }
                n if n > 2 => type2(g, &mut found, &lp, &extra, v1, v2),
                2 => {
                    let (c1, c2) = (extra[0], extra[1]);
                    let rest = g.candidates(c1).union(g.candidates(c2)).difference(pair);
                    if rest.len() == 1 {
                        type2(g, &mut found, &lp, &extra, v1, v2);
                    } else if rest.len() >= 2 {
                        type3(g, &mut found, &lp, c1, c2, v1, v2);
                    }
                    type4(g, &mut found, &lp, c1, c2, v1, v2);
                }
                _ => {}
            }
        }
    }
    found.sort_by_key(|f| (f.difficulty, f.kind));
    for f in found {
        sink(f.step)?;
    }
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn search(
    g: &Grid,
    cell: Cell,
    v1: Digit,
    v2: Digit,
    path: &mut Vec<Cell>,
    allowed: i32,
    ex: DigitSet,
    last: Option<Kind>,
    out: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    for kind in BRC {
        if Some(kind) == last {
            continue;
        }
        for next in kind.region_of(cell).cell_list() {
            if next == path[0] && path.len() >= 4 {
                out.push(path.clone());
            } else if !path.contains(&next) {
                let pots = g.candidates(next);
                if !(pots.contains(v1) && pots.contains(v2)) {
                    continue;
                }
                let mut new_ex = ex.union(pots);
                new_ex.remove(v1);
                new_ex.remove(v2);
                if pots.len() == 2 || new_ex.len() == 1 || allowed > 0 {
                    let a = if pots.len() > 2 { allowed - 1 } else { allowed };
                    search(g, next, v1, v2, path, a, new_ex, Some(kind), out);
                }
            }
        }
    }
    path.pop();
}

/// Cells alternate between two sets of regions that must be equal, no region twice in a set.
fn valid_loop(lp: &[Cell]) -> bool {
    let mut odd: Vec<House> = Vec::new();
    let mut even: Vec<House> = Vec::new();
    for (i, &c) in lp.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for kind in BRC {
            let h = kind.region_of(c);
            if set.contains(&h) {
                return false;
            }
            set.push(h);
        }
    }
    odd.len() == even.len() && odd.iter().all(|h| even.contains(h))
}

fn present(g: &Grid, cells: &[Cell], digits: DigitSet) -> Vec<Candidate> {
    super::regions::present(g, cells.iter().copied(), digits)
}

fn base_difficulty(len: usize) -> u16 {
    let mut d = 45;
    if len >= 10 {
        d += 3;
    }
    if len >= 8 {
        d += 2;
    } else if len >= 6 {
        d += 1;
    }
    d
}

fn push(
    found: &mut Vec<Found>,
    lp: &[Cell],
    kind: u8,
    v1: Digit,
    v2: Digit,
    elims: Vec<Candidate>,
    extra_difficulty: u16,
) {
    if elims.is_empty() {
        return;
    }
    let cells: Vec<String> = lp.iter().map(|c| c.to_string()).collect();
    let name = SeName::UniqueLoop {
        cells: lp.len() as u8,
        kind,
    };
    let details = format!("Cells {} on {v1}, {v2}", cells.join(","));
    let difficulty = base_difficulty(lp.len()) + extra_difficulty;
    let t = SeTechnique::UniqueLoop;
    let step = elimination(t, difficulty, name, details, elims, lp.to_vec());
    found.push(Found {
        difficulty,
        kind,
        step,
    });
}

fn type2(g: &Grid, found: &mut Vec<Found>, lp: &[Cell], extra: &[Cell], v1: Digit, v2: Digit) {
    let mut rest = g.candidates(extra[0]);
    rest.remove(v1);
    rest.remove(v2);
    let Some(value) = rest.first() else { return };
    let mut common = CellSet::ALL;
    for &c in extra {
        common &= c.peers();
    }
    for &c in extra {
        common.remove(c);
    }
    let elims = (common & g.cells_with(value))
        .iter()
        .map(|c| Candidate::new(c, value))
        .collect();
    push(found, lp, 2, v1, v2, elims, 0);
}

fn shared_regions(c1: Cell, c2: Cell) -> impl Iterator<Item = House> {
    BRC.into_iter()
        .filter(move |k| k.region_of(c1) == k.region_of(c2))
        .map(move |k| k.region_of(c1))
}

/// A naked or hidden set a unique loop of type 3 forms in `house`: one of the loop's two cells
/// with more values joins `others` on `values`; `eliminations` is what it removes and
/// `extra_difficulty` what it adds to the loop's difficulty.
pub(crate) struct Type3Set {
    pub hidden: bool,
    pub house: House,
    pub others: Vec<Cell>,
    pub values: DigitSet,
    pub eliminations: Vec<Candidate>,
    pub extra_difficulty: u16,
}

fn type3(g: &Grid, found: &mut Vec<Found>, lp: &[Cell], c1: Cell, c2: Cell, v1: Digit, v2: Digit) {
    for set in type3_sets(g, c1, c2, v1, v2) {
        push(found, lp, 3, v1, v2, set.eliminations, set.extra_difficulty);
    }
}

/// Every naked or hidden set of type 3 for the loop's cells `c1` and `c2` with more values
/// than the loop's `v1` and `v2`, in SE's order (by degree, then region, naked before hidden).
pub(crate) fn type3_sets(g: &Grid, c1: Cell, c2: Cell, v1: Digit, v2: Digit) -> Vec<Type3Set> {
    let mut out = Vec::new();
    let pair = DigitSet::single(v1).union(DigitSet::single(v2));
    let extra = g.candidates(c1).union(g.candidates(c2)).difference(pair);
    for degree in 2..=7u32 {
        for region in shared_regions(c1, c2) {
            let empty = empty_count(g, region);
            if degree * 2 <= empty && degree >= extra.len() {
                naked_sets(g, region, c1, c2, extra, degree, &mut out);
            }
            if degree * 2 < empty {
                hidden_sets(g, region, c1, c2, pair, extra, degree, &mut out);
            }
        }
    }
    out
}

fn naked_sets(
    g: &Grid,
    region: House,
    c1: Cell,
    c2: Cell,
    extra: DigitSet,
    degree: u32,
    out: &mut Vec<Type3Set>,
) {
    let (i1, i2) = (index_in(region, c1), index_in(region, c2));
    let list = region.cell_list();
    for combo in combinations(degree, 9) {
        if combo & (1 << i1) == 0 || combo & (1 << i2) != 0 {
            continue;
        }
        let mut naked = extra
            .intersection(g.candidates(c1))
            .intersection(g.candidates(c2));
        let mut ok = true;
        let mut common = DigitSet::EMPTY;
        let mut others = Vec::new();
        for k in bits(combo) {
            let p = if k == i1 {
                extra
            } else {
                let p = g.candidates(list[k]);
                naked = naked.union(p);
                others.push(list[k]);
                p
            };
            if p.len() <= 1 {
                ok = false;
            }
            common = common.union(p);
        }
        if !ok || naked.len() != degree || common.len() != degree {
            continue;
        }
        let mut eliminations = Vec::new();
        for (k, &c) in list.iter().enumerate() {
            if combo & (1 << k) == 0 && k != i2 {
                for d in g.candidates(c).intersection(common) {
                    eliminations.push(Candidate::new(c, d));
                }
            }
        }
        out.push(Type3Set {
            hidden: false,
            house: region,
            others,
            values: common,
            eliminations,
            extra_difficulty: common.len() as u16 - 1,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn hidden_sets(
    g: &Grid,
    region: House,
    c1: Cell,
    c2: Cell,
    pair: DigitSet,
    extra: DigitSet,
    degree: u32,
    out: &mut Vec<Type3Set>,
) {
    let (i1, i2) = (index_in(region, c1), index_in(region, c2));
    let list = region.cell_list();
    let rem: Vec<Digit> = Digit::ALL
        .into_iter()
        .filter(|&d| !pair.contains(d) && !extra.contains(d))
        .collect();
    if (degree as usize) < 2 || degree as usize - 2 > rem.len() {
        return;
    }
    for combo in combinations(degree - 2, rem.len() as u32).chain((degree == 2).then_some(0)) {
        let mut values: Vec<Digit> = bits(combo).map(|k| rem[k]).collect();
        values.extend(pair.iter());
        let mut union = 0u16;
        let mut ok = true;
        for &d in &values {
            let p = positions(g, region, d) & !(1 << i2);
            if p == 0 {
                ok = false;
            }
            union |= p;
        }
        if !ok || union.count_ones() != degree {
            continue;
        }
        let hidden: DigitSet = values.iter().copied().collect();
        let idx = union & !(1 << i1) & !(1 << i2);
        let mut eliminations = Vec::new();
        let mut others = Vec::new();
        for k in bits(u32::from(idx)) {
            others.push(list[k]);
            for d in g.candidates(list[k]).difference(hidden) {
                eliminations.push(Candidate::new(list[k], d));
            }
        }
        out.push(Type3Set {
            hidden: true,
            house: region,
            others,
            values: hidden,
            eliminations,
            extra_difficulty: (idx.count_ones() as u16).saturating_sub(1),
        });
    }
}

fn type4(g: &Grid, found: &mut Vec<Found>, lp: &[Cell], c1: Cell, c2: Cell, v1: Digit, v2: Digit) {
    let mut lock1 = false;
    let mut lock2 = false;
    for region in shared_regions(c1, c2) {
        let others = region.cells() & !CellSet::single(c1) & !CellSet::single(c2);
        if (others & g.cells_with(v1)).is_empty() {
            lock1 = true;
        }
        if (others & g.cells_with(v2)).is_empty() {
            lock2 = true;
        }
    }
    let (lock, rem) = if lock1 {
        (v1, v2)
    } else if lock2 {
        (v2, v1)
    } else {
        return;
    };
    let elims = present(g, &[c1, c2], DigitSet::single(rem));
    push(found, lp, 4, lock, rem, elims, 0);
}
