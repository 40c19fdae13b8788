//! SE's `StrongLinks(2)` ("Scraper, Kite, Turbot"): two strong links on one digit whose ends
//! see each other; every cell that sees both other ends loses the digit. Skyscraper (two
//! parallel lines) 4.0, 2-String Kite (a row and a column) and 2 Strong links (a block) 4.1.
//! SE collects every such hint and takes the easiest, then the one with most eliminations, then
//! the smallest suffix; among equals the first found (link kinds block/block, block/row,
//! row/row, block/column, row/column, column/column; then digit, first and second region).
//! A grouped link (a part of several cells: an empty rectangle in a block, two box segments in
//! a line) makes it Grouped, 4.3.

use std::ops::ControlFlow;

use super::regions::Kind;
use super::{SeStep, SeTechnique, Sink};
use crate::domain::{CellSet, Digit, House};
use crate::solver::{Candidate, Grid};

const SETS: [(Kind, Kind); 6] = [
    (Kind::Block, Kind::Block),
    (Kind::Block, Kind::Row),
    (Kind::Row, Kind::Row),
    (Kind::Block, Kind::Column),
    (Kind::Row, Kind::Column),
    (Kind::Column, Kind::Column),
];

/// A strong link of a digit in a region: the digit is in one of two parts. A grouped link has a
/// part of several cells (SE's empty rectangle in a block, two box segments in a line); the
/// heart of an empty rectangle belongs to the part taken as the bridge.
struct Link {
    parts: [CellSet; 2],
    heart: CellSet,
    grouped: bool,
}

/// The block positions of SE's empty-region tests: for 0..9 the heart cell (a cross through
/// it), for 9..15 two rows or two columns of the block; the empty area and the two blades.
fn block_shape(e: usize) -> (u16, u16, u16) {
    let row = |r: usize| 0b111u16 << (3 * r);
    let col = |c: usize| 0b1001001u16 << c;
    if e < 9 {
        let (r, c) = (e / 3, e % 3);
        let cross = row(r) | col(c);
        let heart = 1u16 << e;
        (0x1FF & !cross, col(c) & !heart, row(r) & !heart)
    } else if e < 12 {
        let empty = 2 - (e - 9);
        let mut rest = (0..3).filter(|&r| r != empty);
        let (a, b) = (rest.next().unwrap_or(0), rest.next().unwrap_or(0));
        (row(empty), row(a), row(b))
    } else {
        let empty = 2 - (e - 12);
        let mut rest = (0..3).filter(|&c| c != empty);
        let (a, b) = (rest.next().unwrap_or(0), rest.next().unwrap_or(0));
        (col(empty), col(a), col(b))
    }
}

fn cells_of(h: House, mask: u16) -> CellSet {
    (0..9)
        .filter(|k| mask & (1 << k) != 0)
        .map(|k| h.cell_at(k))
        .collect()
}

/// The strong link of `d` in `h`, if SE sees one.
fn link(g: &Grid, h: House, kind: Kind, d: Digit) -> Option<Link> {
    let p = super::regions::positions(g, h, d);
    let n = p.count_ones();
    if n < 2 || n > 6 {
        return None;
    }
    if n == 2 {
        let mut it = cells_of(h, p).into_iter();
        let (a, b) = (it.next()?, it.next()?);
        return Some(Link {
            parts: [CellSet::single(a), CellSet::single(b)],
            heart: CellSet::EMPTY,
            grouped: false,
        });
    }
    let shapes: Vec<(u16, u16, u16, u16)> = if kind == Kind::Block {
        (0..15)
            .filter(|&e| !(e > 8 && n < 4))
            .map(|e| {
                let (empty, b1, b2) = block_shape(e);
                let heart = if e < 9 { 1u16 << e } else { 0 };
                (empty, b1, b2, heart)
            })
            .collect()
    } else {
        (0..3)
            .map(|e| {
                let seg = |s: usize| 0b111u16 << (3 * s);
                let mut rest = (0..3).filter(|&s| s != e);
                let (a, b) = (rest.next().unwrap_or(0), rest.next().unwrap_or(0));
                (seg(e), seg(a), seg(b), 0)
            })
            .collect()
    };
    for (empty, b1, b2, heart) in shapes {
        if p & empty != 0 {
            continue;
        }
        if p & b1 == 0 || p & b2 == 0 {
            return None;
        }
        return Some(Link {
            parts: [cells_of(h, p & b1), cells_of(h, p & b2)],
            heart: cells_of(h, p & heart),
            grouped: true,
        });
    }
    None
}

/// The region SE names as the one all bridge cells share: column, row, then block.
fn shared(cells: CellSet) -> Option<House> {
    let first = cells.first()?;
    BCR_SHARE
        .into_iter()
        .map(|k| k.region_of(first))
        .find(|h| (cells & !h.cells()).is_empty())
}

const BCR_SHARE: [Kind; 3] = [Kind::Column, Kind::Row, Kind::Block];

/// The suffix SE appends to the name (grouped links, then the normalised link kinds).
fn suffix(grouped: usize, k1: Kind, k2: Kind) -> String {
    let kinds = match (k1, k2) {
        (Kind::Block, Kind::Block) => "00",
        (Kind::Block, _) | (_, Kind::Block) => "01",
        (a, b) if a == b => "11",
        _ => "12",
    };
    format!("{grouped}{kinds}")
}

pub fn turbot_fish(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: Vec<(u16, usize, String, SeStep)> = Vec::new();
    for (k1, k2) in SETS {
        for d in Digit::ALL {
            for i in 0..9 {
                let r1 = k1.region(i);
                let Some(l1) = link(g, r1, k1, d) else {
                    continue;
                };
                let first_j = if k1 == k2 { i + 1 } else { 0 };
                for j in first_j..9 {
                    let r2 = k2.region(j);
                    let Some(l2) = link(g, r2, k2, d) else {
                        continue;
                    };
                    if g.house_cells_with(r1, d) == g.house_cells_with(r2, d) {
                        continue;
                    }
                    for o1 in 0..2 {
                        for o2 in 0..2 {
                            let bridge1 = l1.parts[o1] | l1.heart;
                            let start = l1.parts[1 - o1];
                            let bridge2 = l2.parts[o2] | l2.heart;
                            let end = l2.parts[1 - o2];
                            let groups = [start, bridge1, bridge2, end];
                            let disjoint = (0..4)
                                .all(|x| (x + 1..4).all(|y| (groups[x] & groups[y]).is_empty()));
                            if !disjoint {
                                continue;
                            }
                            let Some(share) = shared(bridge1 | bridge2) else {
                                continue;
                            };
                            let mut victims = g.cells_with(d);
                            for c in start | end {
                                victims &= c.peers();
                            }
                            victims = victims
                                & !r1.cells()
                                & !r2.cells()
                                & !share.cells()
                                & !start
                                & !end;
                            if victims.is_empty() {
                                continue;
                            }
                            let grouped = usize::from(l1.grouped) + usize::from(l2.grouped);
                            let sfx = suffix(grouped, k1, k2);
                            let (name, mut difficulty) = match &sfx[1..] {
                                "11" => ("Skyscraper", 40),
                                "12" => ("2-String Kite", 41),
                                _ => ("2 Strong links", 41),
                            };
                            let prefix = if grouped > 0 {
                                difficulty = 43;
                                "Grouped "
                            } else {
                                ""
                            };
                            let shown =
                                |s: CellSet| s.first().map(|c| c.to_string()).unwrap_or_default();
                            let text = format!(
                                "{prefix}{name} {sfx}: Cell {},{},{},{} on value {d}",
                                shown(start),
                                shown(l1.parts[o1]),
                                shown(l2.parts[o2]),
                                shown(end)
                            );
                            let mut s = SeStep::new(SeTechnique::TurbotFish, difficulty, text);
                            s.eliminations = victims.iter().map(|c| Candidate::new(c, d)).collect();
                            s.cells = (start | bridge1 | bridge2 | end).iter().collect();
                            found.push((difficulty, victims.len() as usize, sfx, s));
                        }
                    }
                }
            }
        }
    }
    found.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)).then(x.2.cmp(&y.2)));
    for (_, _, _, s) in found {
        sink(s)?;
    }
    ControlFlow::Continue(())
}
