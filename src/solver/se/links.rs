//! SE's `StrongLinks(2)` ("Scraper, Kite, Turbot"): two strong links on one digit whose ends
//! see each other; every cell that sees both other ends loses the digit. Skyscraper (two
//! parallel lines) 4.0, 2-String Kite (a row and a column) and 2 Strong links (a block) 4.1.
//! SE collects every such hint and takes the easiest, then the one with most eliminations, then
//! the smallest suffix; among equals the first found (link kinds block/block, block/row,
//! row/row, block/column, row/column, column/column; then digit, first and second region).
//! The grouped forms (a link through an empty rectangle, 4.3) are not searched yet.

use std::ops::ControlFlow;

use super::regions::Kind;
use super::{SeStep, SeTechnique, Sink};
use crate::domain::{Cell, Digit, House};
use crate::solver::{Candidate, Grid};

const SETS: [(Kind, Kind); 6] = [
    (Kind::Block, Kind::Block),
    (Kind::Block, Kind::Row),
    (Kind::Row, Kind::Row),
    (Kind::Block, Kind::Column),
    (Kind::Row, Kind::Column),
    (Kind::Column, Kind::Column),
];

/// The region SE names as the one the two bridge cells share: column, row, then block.
fn shared(a: Cell, b: Cell) -> Option<House> {
    if a.col() == b.col() {
        Some(Kind::Column.region_of(a))
    } else if a.row() == b.row() {
        Some(Kind::Row.region_of(a))
    } else if a.box_index() == b.box_index() {
        Some(Kind::Block.region_of(a))
    } else {
        None
    }
}

/// The suffix SE appends to the name (grouped links, then the normalised link kinds).
fn suffix(k1: Kind, k2: Kind) -> &'static str {
    match (k1, k2) {
        (Kind::Block, Kind::Block) => "000",
        (Kind::Block, _) | (_, Kind::Block) => "001",
        (a, b) if a == b => "011",
        _ => "012",
    }
}

pub fn turbot_fish(g: &Grid, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let mut found: Vec<(u16, usize, &'static str, SeStep)> = Vec::new();
    for (k1, k2) in SETS {
        for d in Digit::ALL {
            for i in 0..9 {
                let r1 = k1.region(i);
                let c1 = g.house_cells_with(r1, d);
                if c1.len() != 2 {
                    continue;
                }
                let first_j = if k1 == k2 { i + 1 } else { 0 };
                for j in first_j..9 {
                    let r2 = k2.region(j);
                    let c2 = g.house_cells_with(r2, d);
                    if c2.len() != 2 || c1 == c2 {
                        continue;
                    }
                    for a in c1 {
                        for b in c2 {
                            let Some(share) = (a != b).then(|| shared(a, b)).flatten() else {
                                continue;
                            };
                            let Some(start) = (c1 & !crate::domain::CellSet::single(a)).first()
                            else {
                                continue;
                            };
                            let Some(end) = (c2 & !crate::domain::CellSet::single(b)).first()
                            else {
                                continue;
                            };
                            if start == end || start == b || end == a {
                                continue;
                            }
                            let mut victims = start.peers() & end.peers() & g.cells_with(d);
                            victims = victims & !r1.cells() & !r2.cells() & !share.cells();
                            victims.remove(start);
                            victims.remove(end);
                            if victims.is_empty() {
                                continue;
                            }
                            let sfx = suffix(k1, k2);
                            let (name, difficulty) = match sfx {
                                "011" => ("Skyscraper", 40),
                                "012" => ("2-String Kite", 41),
                                _ => ("2 Strong links", 41),
                            };
                            let text =
                                format!("{name} {sfx}: Cell {start},{a},{b},{end} on value {d}");
                            let mut s = SeStep::new(SeTechnique::TurbotFish, difficulty, text);
                            s.eliminations = victims.iter().map(|c| Candidate::new(c, d)).collect();
                            s.cells = vec![start, a, b, end];
                            found.push((difficulty, victims.len() as usize, sfx, s));
                        }
                    }
                }
            }
        }
    }
    found.sort_by(|x, y| x.0.cmp(&y.0).then(y.1.cmp(&x.1)).then(x.2.cmp(y.2)));
    for (_, _, _, s) in found {
        sink(s)?;
    }
    ControlFlow::Continue(())
}
