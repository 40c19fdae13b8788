//! The search of SE's chains of strong links of one digit: every chain of n links, each
//! link's exit sharing a region with the next one's entry, no two links sharing a cell; each
//! chain written once and kept when it eliminates something.

use super::super::link_names::{kind_code, link_sets, name_and_difficulty, normal_kinds};
use super::super::regions::{self, Kind};
use super::super::step::elimination;
use super::super::SeTechnique;
use super::{Found, Link, LinkFacts};
use crate::domain::{CellSet, Digit, House};
use crate::solver::{Candidate, Grid};

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
    /// The cells with the digit that see every cell the hop enters by, and leaves by.
    see_enter: CellSet,
    see_leave: CellSet,
}

impl Hop {
    /// Link `li` taken in orientation `o`, as the chain's first link or as a later one (the
    /// heart of an empty rectangle goes with the part next to the bridge).
    fn new(li: usize, l: &Link, o: usize, first: bool, with: CellSet) -> Hop {
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
            see_enter: seeing(enter, with),
            see_leave: seeing(leave, with),
        }
    }
}

/// The cells of `with` that see every cell of `cells` (none of them is one of `cells`).
fn seeing(cells: CellSet, with: CellSet) -> CellSet {
    cells.iter().fold(with, |v, c| v & c.peers())
}

/// The most links of a digit: one per region.
const MAX_LINKS: usize = 27;

/// The chains of `n` links of one digit. Hops are numbered `2 * link + orientation`, so
/// visiting them in bit order visits the links in order, each in its two orientations.
pub(super) struct Search<'a> {
    d: Digit,
    n: usize,
    links: &'a [(House, Kind, Link)],
    /// Each hop as the chain's first link and as a later link.
    first: Vec<Hop>,
    later: Vec<Hop>,
    /// For each link, the hops of the links with no cell in common with it.
    disjoint: [u64; MAX_LINKS],
    /// Each hop as the chain's first link and as a later one: the later hops that can follow
    /// it (their entry and its exit share a region).
    next_first: Vec<u64>,
    next_later: Vec<u64>,
    /// The chain so far: at depth 0 a hop of `first`, then hops of `later`.
    hops: [u8; 4],
    shares: [House; 3],
    technique: SeTechnique,
    found: &'a mut Vec<Found>,
}

impl<'a> Search<'a> {
    pub(super) fn new(
        g: &Grid,
        d: Digit,
        n: usize,
        links: &'a [(House, Kind, Link)],
        technique: SeTechnique,
        found: &'a mut Vec<Found>,
    ) -> Search<'a> {
        let with = g.cells_with(d);
        let mut first = Vec::with_capacity(2 * links.len());
        let mut later = Vec::with_capacity(2 * links.len());
        let mut disjoint = [0u64; MAX_LINKS];
        let mut cells = [CellSet::EMPTY; MAX_LINKS];
        for (li, (_, _, l)) in links.iter().enumerate() {
            for o in 0..2 {
                first.push(Hop::new(li, l, o, true, with));
                later.push(Hop::new(li, l, o, false, with));
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
            for lj in regions::bits(overlap) {
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
        // A hop leaving by cells all in a region is followed by those entering by cells all in
        // it.
        let next = |hop: &Hop| hop.leave_lines.houses().fold(0, |m, h| m | entering[h]);
        let next_first = first.iter().map(next).collect();
        let next_later = later.iter().map(next).collect();
        Search {
            d,
            n,
            links,
            first,
            later,
            disjoint,
            next_first,
            next_later,
            hops: [0; 4],
            shares: [House::Row(0); 3],
            technique,
            found,
        }
    }

    /// The chain's hop at `depth`.
    fn hop(&self, depth: usize) -> &Hop {
        let k = self.hops[depth] as usize;
        if depth == 0 {
            &self.first[k]
        } else {
            &self.later[k]
        }
    }

    /// Every chain continuing the first `depth` hops with one of the hops in `open` (the
    /// hops of the links sharing no cell with the chain so far).
    pub(super) fn extend(&mut self, depth: usize, open: u64) {
        if depth == self.n {
            self.finish();
            return;
        }
        let mut rest = match depth {
            0 => open,
            1 => open & self.next_first[self.hops[0] as usize],
            _ => open & self.next_later[self.hops[depth - 1] as usize],
        };
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.hops[depth] = k as u8;
            // Hops are numbered by link, two orientations each.
            self.extend(depth + 1, open & self.disjoint[k / 2]);
        }
    }

    fn finish(&mut self) {
        let (d, n) = (self.d, self.n);
        let (head, tail) = (*self.hop(0), *self.hop(n - 1));
        let ring = head.enter_lines.union(tail.leave_lines).shared();
        let (first, last) = (head.link, tail.link);
        if ring.is_some() {
            // SE writes a loop once: from the first part of its link in the lowest region.
            let lowest = (0..n).map(|i| self.hop(i).link).min().unwrap_or(first);
            if first != lowest || head.shown_in != self.links[first].2.first_part() {
                return;
            }
        } else if first > last {
            // SE writes a chain once: from the end whose link is in the lower region.
            return;
        }
        // The cells seeing both ends (and with a loop, both cells of a weak link), outside the
        // chain's cells and its links' regions; without a loop, outside the regions joining
        // one link to the next.
        let links_cells = (0..n).fold(CellSet::EMPTY, |acc, i| {
            acc | self.links[self.hop(i).link].0.cells()
        });
        let outside = |cells: CellSet| !cells & !links_cells;
        let mut victims = head.see_enter & tail.see_leave & outside(head.enter | tail.leave);
        for i in 1..n {
            let (a, b) = (*self.hop(i - 1), *self.hop(i));
            if ring.is_some() {
                victims |= a.see_leave & b.see_enter & outside(a.leave | b.enter);
            }
            // The entry of a hop lies in a region with the exit of the one before.
            if let Some(h) = a.leave_lines.union(b.enter_lines).shared() {
                self.shares[i - 1] = h;
            }
        }
        if ring.is_none() {
            for s in &self.shares[..n - 1] {
                victims &= !s.cells();
            }
        }
        if victims.is_empty() {
            return;
        }
        let hops: Vec<Hop> = (0..n).map(|i| *self.hop(i)).collect();
        let grouped = hops.iter().filter(|h| self.links[h.link].2.grouped).count();
        let kinds: Vec<u8> = hops
            .iter()
            .map(|h| kind_code(self.links[h.link].1))
            .collect();
        let kinds = normal_kinds(&kinds);
        let (name, difficulty) = name_and_difficulty(n, grouped, &kinds, ring.is_some());
        let shown = |s: CellSet| s.first().map(|c| c.to_string()).unwrap_or_default();
        let mut order = vec![shown(hops[0].shown_in)];
        for w in hops.windows(2) {
            order.push(shown(w[0].shown_out));
            order.push(shown(w[1].shown_in));
        }
        order.push(shown(hops[n - 1].shown_out));
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
        let set_rank = link_sets(n)
            .iter()
            .position(|k| *k == kinds)
            .unwrap_or(usize::MAX);
        let facts = LinkFacts {
            digit: d,
            links: hops.iter().map(|h| self.links[h.link].0).collect(),
            shared: self.shares[..n - 1].to_vec(),
            ring,
            start: hops[0].shown_in.first(),
            end: hops[n - 1].shown_out.first(),
            grouped,
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
