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

use super::link_names::{kind_code, link_sets, name_and_difficulty, normal_kinds};
use super::regions::Kind;
use super::step::elimination;
use super::{SeContext, SeTechnique, Sink};
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::{Candidate, Grid, Step};

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

pub fn turbot_fish(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 2, SeTechnique::TurbotFish, sink)
}
pub fn three_strong_links(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 3, SeTechnique::ThreeStrongLinks, sink)
}
pub fn four_strong_links(g: &Grid, _: &SeContext, sink: &mut Sink<'_>) -> ControlFlow<()> {
    strong_links(g, 4, SeTechnique::FourStrongLinks, sink)
}

/// The rows, columns and blocks a set of cells touches, as 9-bit masks.
#[derive(Clone, Copy, Default)]
struct Lines {
    rows: u16,
    cols: u16,
    boxes: u16,
}

impl Lines {
    fn of(cells: CellSet) -> Lines {
        let mut l = Lines::default();
        for c in cells {
            l.rows |= 1 << c.row();
            l.cols |= 1 << c.col();
            l.boxes |= 1 << c.box_index();
        }
        l
    }

    fn union(self, o: Lines) -> Lines {
        Lines {
            rows: self.rows | o.rows,
            cols: self.cols | o.cols,
            boxes: self.boxes | o.boxes,
        }
    }

    /// The houses (by index: rows, columns, blocks) holding all the cells.
    fn houses(self) -> impl Iterator<Item = usize> {
        let only = |m: u16, base: usize| {
            m.is_power_of_two()
                .then(|| base + m.trailing_zeros() as usize)
        };
        [only(self.rows, 0), only(self.cols, 9), only(self.boxes, 18)]
            .into_iter()
            .flatten()
    }

    /// The region SE names as the one all the cells share: column, row, then block.
    fn shared(self) -> Option<House> {
        let only = |m: u16| m.is_power_of_two().then(|| m.trailing_zeros() as u8);
        only(self.cols)
            .map(House::Col)
            .or_else(|| only(self.rows).map(House::Row))
            .or_else(|| only(self.boxes).map(House::Box))
    }
}

/// One link of a chain: its region and the parts it enters by and leaves by.
#[derive(Clone, Copy)]
struct Hop {
    link: usize,
    enter: CellSet,
    leave: CellSet,
    shown_in: CellSet,
    shown_out: CellSet,
    enter_lines: Lines,
    leave_lines: Lines,
}

impl Hop {
    /// Link `li` taken in orientation `o`, as the chain's first link or as a later one (the
    /// heart of an empty rectangle goes with the part next to the bridge).
    fn new(li: usize, l: &Link, o: usize, first: bool) -> Hop {
        let (enter, leave, shown_in, shown_out) = if first {
            (
                l.parts[1 - o],
                l.parts[o] | l.heart,
                l.parts[1 - o],
                l.parts[o],
            )
        } else {
            (
                l.parts[o] | l.heart,
                l.parts[1 - o],
                l.parts[o],
                l.parts[1 - o],
            )
        };
        Hop {
            link: li,
            enter,
            leave,
            shown_in,
            shown_out,
            enter_lines: Lines::of(enter),
            leave_lines: Lines::of(leave),
        }
    }
}

/// The most links of a digit: one per region.
const MAX_LINKS: usize = 27;

/// The chains of `n` links of one digit. Hops are numbered `2 * link + orientation`, so
/// visiting them in bit order visits the links in order, each in its two orientations.
struct Search<'a> {
    g: &'a Grid,
    d: Digit,
    n: usize,
    links: &'a [(House, Kind, Link)],
    /// Each hop as the chain's first link and as a later link.
    first: Vec<Hop>,
    later: Vec<Hop>,
    /// For each link, the hops of the links with no cell in common with it.
    disjoint: [u64; MAX_LINKS],
    /// For each column, row and block (house index order), the later hops that enter by
    /// cells all in it.
    entering: [u64; 27],
    hops: [Hop; 4],
    shares: [House; 3],
    technique: SeTechnique,
    found: &'a mut Vec<Found>,
}

impl<'a> Search<'a> {
    fn new(
        g: &'a Grid,
        d: Digit,
        n: usize,
        links: &'a [(House, Kind, Link)],
        technique: SeTechnique,
        found: &'a mut Vec<Found>,
    ) -> Search<'a> {
        let blank = Hop::new(0, &links[0].2, 0, true);
        let mut first = Vec::with_capacity(2 * links.len());
        let mut later = Vec::with_capacity(2 * links.len());
        let mut disjoint = [0u64; MAX_LINKS];
        let mut cells = [CellSet::EMPTY; MAX_LINKS];
        for (li, (_, _, l)) in links.iter().enumerate() {
            for o in 0..2 {
                first.push(Hop::new(li, l, o, true));
                later.push(Hop::new(li, l, o, false));
            }
            cells[li] = l.parts[0] | l.parts[1] | l.heart;
        }
        // The links through each cell, then for each link the hops of the links through none
        // of its cells.
        let mut through = [0u32; 81];
        for (li, c) in cells[..links.len()].iter().enumerate() {
            for c in c.iter() {
                through[c.index()] |= 1 << li;
            }
        }
        let all = (1u64 << (2 * links.len())) - 1;
        for (li, c) in cells[..links.len()].iter().enumerate() {
            let overlap = c.iter().fold(0u32, |m, c| m | through[c.index()]);
            let mut hops = 0u64;
            for lj in super::regions::bits(overlap) {
                hops |= 0b11 << (2 * lj);
            }
            disjoint[li] = all & !hops;
        }
        let mut entering = [0u64; 27];
        for (j, hop) in later.iter().enumerate() {
            for h in hop.enter_lines.houses() {
                entering[h] |= 1 << j;
            }
        }
        Search {
            g,
            d,
            n,
            links,
            first,
            later,
            disjoint,
            entering,
            hops: [blank; 4],
            shares: [House::Row(0); 3],
            technique,
            found,
        }
    }

    /// The hops that can follow the chain's hop at `depth`: their entry and its exit share a
    /// region.
    fn next_hops(&self, depth: usize) -> u64 {
        self.hops[depth]
            .leave_lines
            .houses()
            .fold(0, |m, h| m | self.entering[h])
    }

    /// Every chain continuing the first `depth` hops with one of the hops in `open` (the
    /// hops of the links sharing no cell with the chain so far).
    fn extend(&mut self, depth: usize, open: u64) {
        if depth == self.n {
            self.finish();
            return;
        }
        let mut rest = if depth == 0 {
            open
        } else {
            open & self.next_hops(depth - 1)
        };
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let hop = if depth == 0 {
                self.first[k]
            } else {
                let hop = self.later[k];
                let joint = self.hops[depth - 1].leave_lines.union(hop.enter_lines);
                if let Some(h) = joint.shared() {
                    self.shares[depth - 1] = h;
                }
                hop
            };
            self.hops[depth] = hop;
            self.extend(depth + 1, open & self.disjoint[hop.link]);
        }
    }

    fn finish(&mut self) {
        let (d, g) = (self.d, self.g);
        let hops = &self.hops[..self.n];
        let start = hops[0].enter;
        let end = hops[self.n - 1].leave;
        let links_cells = hops
            .iter()
            .fold(CellSet::EMPTY, |acc, h| acc | self.links[h.link].0.cells());
        let seeing_all = |cells: CellSet| {
            let mut v = g.cells_with(d) & !cells & !links_cells;
            for c in cells {
                v &= c.peers();
            }
            v
        };
        let ring = hops[0]
            .enter_lines
            .union(hops[self.n - 1].leave_lines)
            .shared();
        let (first, last) = (hops[0].link, hops[self.n - 1].link);
        if ring.is_some() {
            // SE writes a loop once: from the first part of its link in the lowest region.
            let lowest = hops.iter().map(|h| h.link).min().unwrap_or(first);
            if first != lowest || hops[0].shown_in != self.links[first].2.first_part() {
                return;
            }
        } else if first > last {
            // SE writes a chain once: from the end whose link is in the lower region.
            return;
        }
        let mut victims = seeing_all(start | end);
        if ring.is_some() {
            for w in hops.windows(2) {
                victims |= seeing_all(w[0].leave | w[1].enter);
            }
        } else {
            for s in &self.shares[..self.n - 1] {
                victims &= !s.cells();
            }
        }
        if victims.is_empty() {
            return;
        }
        let grouped = hops.iter().filter(|h| self.links[h.link].2.grouped).count();
        let kinds: Vec<u8> = hops
            .iter()
            .map(|h| kind_code(self.links[h.link].1))
            .collect();
        let kinds = normal_kinds(&kinds);
        let (name, difficulty) = name_and_difficulty(self.n, grouped, &kinds, ring.is_some());
        let shown = |s: CellSet| s.first().map(|c| c.to_string()).unwrap_or_default();
        let mut order = vec![shown(hops[0].shown_in)];
        for w in hops.windows(2) {
            order.push(shown(w[0].shown_out));
            order.push(shown(w[1].shown_in));
        }
        order.push(shown(hops[self.n - 1].shown_out));
        let details = format!("Cell {} on value {d}", order.join(","));
        let elims = victims.iter().map(|c| Candidate::new(c, d)).collect();
        let cells = hops
            .iter()
            .flat_map(|h| (h.enter | h.leave).iter())
            .collect();
        let s = elimination(self.technique, difficulty, name, details, elims, cells);
        let mut regions: Vec<(u8, usize)> = hops
            .iter()
            .map(|h| {
                let (house, kind, _) = &self.links[h.link];
                (kind_code(*kind), house.index() % 9)
            })
            .collect();
        regions.sort_unstable();
        let kinds: Vec<u8> = regions.iter().map(|r| r.0).collect();
        let set_rank = link_sets(self.n)
            .iter()
            .position(|k| *k == kinds)
            .unwrap_or(usize::MAX);
        let facts = LinkFacts {
            digit: d,
            links: hops.iter().map(|h| self.links[h.link].0).collect(),
            shared: self.shares[..self.n - 1].to_vec(),
            ring,
            start: hops[0].shown_in.first(),
            end: hops[self.n - 1].shown_out.first(),
            grouped: hops.iter().filter(|h| self.links[h.link].2.grouped).count(),
            by_kind: regions
                .iter()
                .map(|&(k, i)| match k {
                    0 => House::Box(i as u8),
                    1 => House::Row(i as u8),
                    _ => House::Col(i as u8),
                })
                .collect(),
        };
        self.found.push(Found {
            facts,
            difficulty,
            eliminations: victims.len() as usize,
            suffix: name.suffix(),
            order: (set_rank, d.index(), regions.iter().map(|r| r.1).collect()),
            step: s,
        });
    }
}

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
    strong_link_hints(g, n, SeTechnique::TurbotFish)
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
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    for f in strong_link_hints(g, n, technique) {
        sink(f.step)?;
    }
    ControlFlow::Continue(())
}

/// Every hint of `n` strong links, in SE's order.
fn strong_link_hints(g: &Grid, n: usize, technique: SeTechnique) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    for d in Digit::ALL {
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
            continue;
        }
        let all = (1u64 << (2 * links.len())) - 1;
        Search::new(g, d, n, &links, technique, &mut found).extend(0, all);
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
