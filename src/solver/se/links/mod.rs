//! SE's `StrongLinks(n)`: chains of n strong links on one digit (2: "Scraper, Kite, Turbot", 3
//! and 4: strong-linked fishes), each link's end seeing the next link's start; every cell that
//! sees both ends of the chain loses the digit. Difficulty from SE's base (2 links 4.0, 3 links
//! 5.4, 4 links 5.8): +0.1 with a block or rows and columns mixed, +0.2 with both, +0.3 with a
//! grouped link; names as SE's (Skyscraper, 2-String Kite, 3 Strong links 0011, ...).
//! A chain whose ends share a region is SE's X-Loop: the cells seeing both cells of any of its
//! weak links lose the digit too.
//! SE collects every such hint and takes the easiest, then the one with most eliminations, then
//! the smallest suffix; among equals the first found (here: digit, then links by region).
//! SE writes each chain once: from the end whose link lies in the lower region (blocks, rows,
//! then columns), a loop from the first part of its link in the lowest region (of a grouped link,
//! the part of one cell if the other has several). Two cells of a
//! block on one row or column are that line's link, not the block's.
//! A grouped link (a part of several cells: an empty rectangle in a block, two box segments in
//! a line) makes it Grouped, 4.3.
//!
//! A search of SE's own: HoDoKu's Skyscraper and 2-String Kite (`techniques/single_digit.rs`)
//! are two fixed patterns of two links, each searched in its own order, and its Turbot Fish is
//! an X-Chain; SE's chains of two to four links, grouped or not, X-Loops included, are one
//! search sorted by SE's difficulty, which neither of HoDoKu's orders gives.

use std::ops::ControlFlow;

mod chains;

use super::regions::Kind;
use super::{SeContext, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::{Grid, Step};
use chains::Search;

/// A strong link of a digit in a region: the digit is in one of two parts. A grouped link has a
/// part of several cells (SE's empty rectangle in a block, two box segments in a line); the
/// heart of an empty rectangle belongs to the part taken as the bridge.
struct Link {
    parts: [CellSet; 2],
    heart: CellSet,
    grouped: bool,
}

impl Link {
    /// The part SE takes as the link's first: the first part, unless it has several cells and
    /// the second only one.
    fn first_part(&self) -> CellSet {
        let [a, b] = self.parts;
        if a.len() > 1 && b.len() == 1 {
            b
        } else {
            a
        }
    }
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
    if !(2..=6).contains(&n) {
        return None;
    }
    if n == 2 {
        let mut it = cells_of(h, p).into_iter();
        let (a, b) = (it.next()?, it.next()?);
        // SE leaves a block's two cells on one line to that line's link.
        if kind == Kind::Block && (a.row() == b.row() || a.col() == b.col()) {
            return None;
        }
        return Some(Link {
            parts: [CellSet::single(a), CellSet::single(b)],
            heart: CellSet::EMPTY,
            grouped: false,
        });
    }
    let mut shapes = [(0u16, 0u16, 0u16, 0u16); 15];
    let count = if kind == Kind::Block {
        for (e, shape) in shapes.iter_mut().enumerate() {
            let (empty, b1, b2) = block_shape(e);
            let heart = if e < 9 { 1u16 << e } else { 0 };
            *shape = (empty, b1, b2, heart);
        }
        if n < 4 {
            9
        } else {
            15
        }
    } else {
        let seg = |s: usize| 0b111u16 << (3 * s);
        shapes[0] = (seg(0), seg(1), seg(2), 0);
        shapes[1] = (seg(1), seg(0), seg(2), 0);
        shapes[2] = (seg(2), seg(0), seg(1), 0);
        3
    };
    for &(empty, b1, b2, heart) in &shapes[..count] {
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

pub fn turbot_fish(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 2, SeTechnique::TurbotFish, ctx, sink)
}
pub fn three_strong_links(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 3, SeTechnique::ThreeStrongLinks, ctx, sink)
}
pub fn four_strong_links(g: &Grid, ctx: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 4, SeTechnique::FourStrongLinks, ctx, sink)
}

/// For chains of 2, 3 and 4 links, each digit's positions when the last search of it found no
/// chain. A digit's chains depend on its positions alone, so a digit whose positions are those
/// again has none and is not searched (in a path, most steps leave most digits as they were).
/// No positions at all is a fruitless state too, which makes the empty set a sound start.
pub type Memo = std::cell::RefCell<[[CellSet; 9]; 3]>;

/// What SE's hint of a chain of strong links shows besides its cells: the digit, the links'
/// regions in chain order, the regions joining each link to the next, the region joining the
/// ends of a loop, the first and last cells shown, how many links are grouped, and the links'
/// regions in SE's order of them (by kind: blocks, rows, columns; then by number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkFacts {
    pub digit: Digit,
    pub links: Vec<House>,
    pub shared: Vec<House>,
    pub ring: Option<House>,
    pub start: Option<Cell>,
    pub end: Option<Cell>,
    pub grouped: usize,
    pub by_kind: Vec<House>,
}

/// The facts of the hint of `n` strong links in `g` whose text is `text` (the step's).
pub fn link_facts(g: &Grid, n: usize, text: &str) -> Option<LinkFacts> {
    strong_link_hints(g, n, SeTechnique::TurbotFish, None)
        .into_iter()
        .find(|f| f.step.text == text)
        .map(|f| f.facts)
}

/// A chain found, with what SE sorts on and the place SE would have found it at.
struct Found {
    facts: LinkFacts,
    difficulty: u16,
    eliminations: usize,
    suffix: String,
    /// SE's enumeration: the rank of the link kinds (non-decreasing, in SE's order of them),
    /// the digit, then the regions in that kind order.
    order: (usize, usize, Vec<usize>),
    step: Step,
}

fn strong_links(
    g: &Grid,
    n: usize,
    technique: SeTechnique,
    ctx: &SeContext,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for f in strong_link_hints(g, n, technique, Some(&ctx.links)) {
        sink(f.step)?;
    }
    ControlFlow::Continue(())
}

/// Every hint of `n` strong links, in SE's order; with a memo, the digits it knows to have
/// none are not searched, and it learns those that have none.
fn strong_link_hints(
    g: &Grid,
    n: usize,
    technique: SeTechnique,
    memo: Option<&Memo>,
) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    let mut memo = memo.map(|m| m.borrow_mut());
    for d in Digit::ALL {
        let positions = g.cells_with(d);
        let fruitless = memo.as_deref_mut().map(|m| &mut m[n - 2][d.index()]);
        if fruitless.as_ref().is_some_and(|f| **f == positions) {
            continue;
        }
        let before = found.len();
        search_digit(g, d, n, technique, &mut found);
        if let Some(f) = fruitless.filter(|_| found.len() == before) {
            *f = positions;
        }
    }
    found.sort_by(|x, y| {
        (x.difficulty, y.eliminations, &x.suffix, &x.order).cmp(&(
            y.difficulty,
            x.eliminations,
            &y.suffix,
            &y.order,
        ))
    });
    found
}

/// The chains of `n` links of digit `d`, added to `found`.
fn search_digit(g: &Grid, d: Digit, n: usize, technique: SeTechnique, found: &mut Vec<Found>) {
    let mut links = Vec::new();
    for kind in [Kind::Block, Kind::Row, Kind::Column] {
        for i in 0..9 {
            let h = kind.region(i);
            if !(2..=6).contains(&g.free(h, d)) {
                continue;
            }
            if let Some(l) = link(g, h, kind, d) {
                links.push((h, kind, l));
            }
        }
    }
    if links.len() < n {
        return;
    }
    let all = (1u64 << (2 * links.len())) - 1;
    Search::new(g, d, n, &links, technique, found).extend(0, all);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::se::next_step;

    /// Diabolical list, line 87: its SE path takes Skyscrapers, Kites, 3 strong links and X-Loops.
    const PUZZLE: &str =
        "...2..7.8....7..5.9....1.3......72..16.8.5.47..21......9.7....1.8..4....5.6..3...";

    #[test]
    fn the_searches_with_their_memo_find_what_fresh_searches_find_along_a_path() {
        let mut g = Grid::from_board(&crate::codec::decode_any(PUZZLE).unwrap().board);
        let ctx = SeContext::default();
        let finders = [turbot_fish, three_strong_links, four_strong_links];
        let (mut fired, mut skipped) = (0, 0);
        let texts = |f: finder::Finder<SeContext>, g: &Grid, c: &SeContext| -> Vec<String> {
            finder::every(f, g, c).into_iter().map(|s| s.text).collect()
        };
        while !g.is_solved() {
            for (n, &f) in finders.iter().enumerate() {
                let fresh = texts(f, &g, &SeContext::default());
                let known = ctx.links.borrow()[n];
                skipped += Digit::ALL
                    .iter()
                    .filter(|d| {
                        let p = g.cells_with(**d);
                        !p.is_empty() && known[d.index()] == p
                    })
                    .count();
                assert_eq!(texts(f, &g, &ctx), fresh, "{} links", n + 2);
                fired += usize::from(!fresh.is_empty());
            }
            let step = next_step(&g, &ctx).expect("a step");
            g.apply(&step);
        }
        assert!(
            fired > 10 && skipped > 100,
            "{fired} fired, {skipped} skipped"
        );
    }
}
