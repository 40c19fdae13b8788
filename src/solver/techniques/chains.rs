//! Simple chains: Remote Pair, Turbot Fish, X-Chain, XY-Chain (HoDoKu 2.2's `ChainSolver`).
//!
//! HoDoKu enumerates every chain by depth-first search (at most 20 nodes with
//! `RESTRICT_CHAIN_SIZE`; Turbot Fish is an X-Chain of at most four nodes), keeps the shortest
//! chain for each distinct set of eliminations (the first found among equally short ones), and
//! reports the best set: most eliminations first, then the smallest weighted index sum of the
//! eliminations (`SolutionStep.compareTo`). This module does the same, in the same order.
//!
//! The links are this module's own (per digit for X-Chains, bivalue cells for XY-Chains), not
//! the implication tables of `tabling/`: the chain reported among equally short ones is the
//! first met by HoDoKu's depth-first walk, an order the breadth-first tables do not keep.

use super::common::{elim_suffix, index_sum, link, x_links};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, DigitSet, House};
use crate::solver::cache::Caches;
use crate::solver::finder::Sink;
use crate::solver::hasher::FastBuild;
use crate::solver::{Candidate, ChainLink, Facts, Grid, LinkKind, Step, Technique};
use std::collections::HashMap;
use std::ops::ControlFlow;

/// HoDoKu's chain length limit (nodes) for X- and XY-Chains.
const MAX_CHAIN: usize = 20;
/// Turbot Fish: an X-Chain of at most four nodes.
const TURBOT_NODES: usize = 4;

/// An elimination set: up to two (digit, cells) groups, digits ascending (a Remote Pair removes
/// two digits, every other chain one).
type ElimKey = [(u8, u128); 2];

fn key_of(groups: &[(Digit, CellSet)]) -> ElimKey {
    let mut k = [(0u8, 0u128); 2];
    for (slot, (d, cells)) in k.iter_mut().zip(groups.iter().filter(|g| !g.1.is_empty())) {
        *slot = (d.get(), cells.bits());
    }
    if k[1].0 != 0 && k[1].0 < k[0].0 {
        k.swap(0, 1);
    }
    k
}

/// The eliminations of a key, sorted by (digit, cell).
fn key_elims(k: &ElimKey) -> impl Iterator<Item = Candidate> + '_ {
    k.iter().filter(|g| g.0 != 0).flat_map(|&(d, bits)| {
        let d = Digit::new(d).expect("digit");
        CellSet::from_bits(bits)
            .iter()
            .map(move |c| Candidate::new(c, d))
    })
}

/// The shortest chain per elimination set, in order of first discovery, and HoDoKu's list of
/// every chain: a chain is listed when no chain with its eliminations was met before or when it
/// is shorter than every such chain met before (the longer ones stay listed). The chains are
/// kept one after another in one arena (a replaced chain's nodes stay behind unused), so
/// recording allocates nothing per chain.
struct Found<T> {
    /// Per elimination set: its key, its chain's length and where the chain starts in `arena`.
    entries: Vec<(ElimKey, usize, usize)>,
    /// Every listed chain: its key, length, place in `arena`, and its start as HoDoKu's search
    /// meets it (start cell, then start digit).
    listed: Vec<(ElimKey, usize, usize, u16)>,
    arena: Vec<T>,
    index: HashMap<ElimKey, usize, FastBuild>,
    /// Keep every chain, not only the shortest per elimination set (HoDoKu lists every Turbot
    /// Fish, each direction of one too).
    every: bool,
}

impl<T: Copy> Found<T> {
    fn new() -> Self {
        Found {
            entries: Vec::new(),
            listed: Vec::new(),
            arena: Vec::new(),
            index: HashMap::default(),
            every: false,
        }
    }

    /// Records `chain` with eliminations `key`, unless as short a chain has them already.
    /// `origin` orders the starts as HoDoKu's search meets them.
    fn record(&mut self, key: ElimKey, chain: &[T], origin: u16) {
        let len = chain.len();
        let at = self.arena.len();
        if self.every {
            self.entries.push((key, len, at));
        } else {
            match self.index.get(&key) {
                Some(&k) => {
                    let e = &mut self.entries[k];
                    if e.1 <= len {
                        return;
                    }
                    e.1 = len;
                    e.2 = at;
                }
                None => {
                    self.index.insert(key, self.entries.len());
                    self.entries.push((key, len, at));
                }
            }
        }
        self.listed.push((key, len, at, origin));
        self.arena.extend_from_slice(chain);
    }

    /// The best entry: most eliminations, then smallest index sum, then the first found.
    /// Returns the eliminations sorted by (digit, cell), as HoDoKu holds them.
    fn best(&self) -> Option<(Vec<Candidate>, Vec<T>)> {
        let k = (0..self.entries.len()).min_by_key(|&k| {
            let r = key_rank(&self.entries[k].0);
            (std::cmp::Reverse(r.0), r.1, k)
        })?;
        let (key, len, at) = self.entries[k];
        Some((key_elims(&key).collect(), self.arena[at..at + len].to_vec()))
    }

    /// HoDoKu's list of every chain, in the order its search meets them (start cell, then
    /// start digit; chains of one start in the order found). Returns the eliminations sorted by
    /// (digit, cell).
    fn listed(mut self) -> impl Iterator<Item = (Vec<Candidate>, Vec<T>)> {
        self.listed.sort_by_key(|e| e.3);
        self.listed.into_iter().map(move |(key, len, at, _)| {
            (key_elims(&key).collect(), self.arena[at..at + len].to_vec())
        })
    }
}

/// The number of eliminations of a key and their index sum, without collecting them.
fn key_rank(key: &ElimKey) -> (u32, i64) {
    let n = key.iter().map(|g| g.1.count_ones()).sum();
    (n, index_sum(key_elims(key)))
}

/// HoDoKu's single-digit links of each cell: the row, column and box neighbours with the digit
/// (box neighbours already seen through the row or column are skipped), strong when the house
/// holds the digit twice.
struct LinkTable {
    /// `to[start[c]..start[c + 1]]` are the links of cell `c`.
    start: [u16; 82],
    to: Vec<(Cell, bool)>,
}

impl LinkTable {
    fn new() -> LinkTable {
        LinkTable {
            start: [0; 82],
            to: Vec::with_capacity(81 * 8),
        }
    }

    fn of(&self, c: Cell) -> &[(Cell, bool)] {
        &self.to[self.start[c.index()] as usize..self.start[c.index() + 1] as usize]
    }

    /// Refills the table with the links of digit `d`.
    fn fill(&mut self, grid: &Grid, d: Digit) {
        let cands = grid.cells_with(d);
        self.to.clear();
        for c in Cell::all() {
            self.start[c.index()] = self.to.len() as u16;
            if !cands.contains(c) {
                continue;
            }
            for h in c.houses() {
                let in_house = grid.house_cells_with(h, d);
                let strong = in_house.len() == 2;
                let is_box = matches!(h, House::Box(_));
                for nb in in_house {
                    if nb == c || (is_box && (nb.row() == c.row() || nb.col() == c.col())) {
                        continue;
                    }
                    self.to.push((nb, strong));
                }
            }
        }
        self.start[81] = self.to.len() as u16;
    }
}

struct XSearch<'a> {
    links: &'a LinkTable,
    d: Digit,
    start: Cell,
    start_buddies: CellSet,
    max_nodes: usize,
    chain: Vec<Cell>,
    in_chain: CellSet,
    found: &'a mut Found<Cell>,
}

impl XSearch<'_> {
    fn dfs(&mut self, strong_only: bool) {
        if self.chain.len() >= self.max_nodes {
            return;
        }
        let cur = *self.chain.last().expect("chain has a start");
        let links = self.links;
        for &(nb, strong) in links.of(cur) {
            if strong_only && !strong {
                continue;
            }
            let is_loop = nb == self.start;
            if !is_loop && self.in_chain.contains(nb) {
                continue;
            }
            self.chain.push(nb);
            if !is_loop {
                self.in_chain.insert(nb);
            }
            if strong && strong_only && self.chain.len() > 2 {
                let elim = self.start_buddies & nb.peers();
                if !elim.is_empty() {
                    let origin = self.start.index() as u16 * 10 + u16::from(self.d.get());
                    self.found
                        .record(key_of(&[(self.d, elim)]), &self.chain, origin);
                }
            }
            if !is_loop {
                self.dfs(!strong_only);
            }
            self.chain.pop();
            if !is_loop {
                self.in_chain.remove(nb);
            }
        }
    }
}

/// Per digit, the links of its candidates: kept in the per-state cache
/// ([`crate::solver::cache`]), as X-Chain and Turbot Fish search the same state in turn.
struct XLinks([LinkTable; 9]);

impl XLinks {
    fn of(grid: &Grid) -> XLinks {
        XLinks(std::array::from_fn(|i| {
            let mut t = LinkTable::new();
            t.fill(grid, Digit::ALL[i]);
            t
        }))
    }
}

/// The X-Chain (or Turbot Fish) HoDoKu's hint takes, then HoDoKu's list of every one.
fn x_chains_ranked(
    grid: &Grid,
    caches: &Caches,
    technique: Technique,
    max_nodes: usize,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let found = x_chains(grid, caches, max_nodes, technique == Technique::TurbotFish);
    let Some((elims, chain)) = found.best() else {
        return ControlFlow::Continue(());
    };
    out(x_chain_step(technique, elims, chain))?;
    found
        .listed()
        .try_for_each(|(elims, chain)| out(x_chain_step(technique, elims, chain)))
}

fn x_chains(grid: &Grid, caches: &Caches, max_nodes: usize, every: bool) -> Found<Cell> {
    let mut found: Found<Cell> = Found::new();
    found.every = every;
    let mut chain_buf: Vec<Cell> = Vec::with_capacity(max_nodes.min(81) + 1);
    let tables = caches.per_state(grid, || XLinks::of(grid));
    for d in Digit::ALL {
        let cands = grid.cells_with(d);
        if cands.is_empty() {
            continue;
        }
        let links = &tables.0[d.index()];
        for start in cands {
            let start_buddies = cands & start.peers();
            if start_buddies.is_empty() {
                continue;
            }
            for &(nb, strong) in links.of(start) {
                if !strong {
                    continue;
                }
                chain_buf.clear();
                chain_buf.extend([start, nb]);
                let mut s = XSearch {
                    links,
                    d,
                    start,
                    start_buddies,
                    max_nodes,
                    chain: std::mem::take(&mut chain_buf),
                    in_chain: CellSet::single(nb),
                    found: &mut found,
                };
                s.dfs(false);
                chain_buf = s.chain;
            }
        }
    }
    found
}

fn x_chain_step(technique: Technique, elims: Vec<Candidate>, chain: Vec<Cell>) -> Step {
    let d = elims[0].digit;
    let mut step = Step::new(technique);
    let links = x_links(&chain, d);
    let mut text = format!("{}: {d} {}", technique.name(), chain[0]);
    for (i, c) in chain.iter().enumerate().skip(1) {
        let sign = if i % 2 == 1 { '=' } else { '-' };
        text.push_str(&format!(" {sign}{d}{sign} {c}"));
    }
    step.eliminations = elims;
    step.text = text + &elim_suffix(&step.eliminations);
    step.facts = Facts::Chain {
        digits: vec![d],
        cells: chain,
        houses: Vec::new(),
        marks: Vec::new(),
        chains: vec![links],
    };
    step
}

/// Turbot Fish: an X-Chain of three links (strong, weak, strong).
pub fn find_turbot_fish(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    x_chains_ranked(grid, &ctx.caches, Technique::TurbotFish, TURBOT_NODES, out)
}

/// X-Chain: a single-digit chain of alternating strong and weak links, starting and ending
/// with a strong link; cells seeing both ends lose the digit.
pub fn find_x_chain(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    x_chains_ranked(grid, &ctx.caches, Technique::XChain, MAX_CHAIN, out)
}

/// An XY-Chain or Remote Pair node sequence: (cell, digit) pairs, two per cell.
type XyChain = Vec<(Cell, Digit)>;

struct XySearch<'a> {
    grid: &'a Grid,
    remote_pair: bool,
    start: Cell,
    start_cand: Digit,
    start_mask: DigitSet,
    start_buddies: CellSet,
    chain: XyChain,
    visited: CellSet,
    found: &'a mut Found<(Cell, Digit)>,
}

impl XySearch<'_> {
    fn dfs(&mut self, strong_only: bool) {
        if self.chain.len() >= MAX_CHAIN {
            return;
        }
        let (cur, cur_cand) = *self.chain.last().expect("chain has a start");
        if strong_only {
            let Some(other) = self.grid.candidates(cur).iter().find(|&x| x != cur_cand) else {
                return;
            };
            self.chain.push((cur, other));
            if other == self.start_cand && self.chain.len() > 2 {
                let elim = self.start_buddies & cur.peers();
                if !elim.is_empty() {
                    if self.remote_pair {
                        if self.chain.len() >= 8 {
                            self.record_remote_pair();
                        }
                    } else {
                        let origin = self.origin();
                        self.found
                            .record(key_of(&[(self.start_cand, elim)]), &self.chain, origin);
                    }
                }
            }
            self.dfs(false);
            self.chain.pop();
        } else {
            let cand_cells = self.grid.cells_with(cur_cand);
            for h in cur.houses() {
                let is_box = matches!(h, House::Box(_));
                for nb in h.cells() & cand_cells {
                    if nb == cur {
                        continue;
                    }
                    let m = self.grid.candidates(nb);
                    if m.len() != 2 || (self.remote_pair && m != self.start_mask) {
                        continue;
                    }
                    if is_box && (nb.row() == cur.row() || nb.col() == cur.col()) {
                        continue;
                    }
                    if nb == self.start || self.visited.contains(nb) {
                        continue;
                    }
                    self.chain.push((nb, cur_cand));
                    self.visited.insert(nb);
                    self.dfs(true);
                    self.chain.pop();
                    self.visited.remove(nb);
                }
            }
        }
    }

    /// Remote Pair eliminations: both digits from cells seeing two chain cells an odd number of
    /// cells apart (at least three).
    fn record_remote_pair(&mut self) {
        let n = self.chain.len();
        let other_cand = self.chain[1].1;
        let (mut e1, mut e2) = (CellSet::EMPTY, CellSet::EMPTY);
        let s1 = self.grid.cells_with(self.start_cand);
        let s2 = self.grid.cells_with(other_cand);
        for i in (0..n).step_by(2) {
            let ci = self.chain[i].0;
            for j in (i + 6..n).step_by(4) {
                let shared = ci.peers() & self.chain[j].0.peers();
                e1 |= shared & s1;
                e2 |= shared & s2;
            }
        }
        if e1.is_empty() && e2.is_empty() {
            return;
        }
        let origin = self.origin();
        self.found.record(
            key_of(&[(self.start_cand, e1), (other_cand, e2)]),
            &self.chain,
            origin,
        );
    }

    /// Where HoDoKu's search meets this chain's start: its cell, then its digit.
    fn origin(&self) -> u16 {
        self.start.index() as u16 * 10 + u16::from(self.start_cand.get())
    }
}

/// The XY-Chain (or Remote Pair) HoDoKu's hint takes, then HoDoKu's list of every one.
fn xy_chains_ranked(grid: &Grid, remote_pair: bool, out: &mut Sink<'_>) -> ControlFlow<()> {
    let found = xy_chains(grid, remote_pair);
    let Some((elims, chain)) = found.best() else {
        return ControlFlow::Continue(());
    };
    out(xy_step(remote_pair, elims, chain))?;
    found
        .listed()
        .try_for_each(|(elims, chain)| out(xy_step(remote_pair, elims, chain)))
}

fn xy_chains(grid: &Grid, remote_pair: bool) -> Found<(Cell, Digit)> {
    let mut found: Found<(Cell, Digit)> = Found::new();
    for start in grid.unsolved() {
        let mask = grid.candidates(start);
        if mask.len() != 2 {
            continue;
        }
        let mut it = mask.iter();
        let (Some(d1), Some(d2)) = (it.next(), it.next()) else {
            continue;
        };
        for (sc, oc) in [(d1, d2), (d2, d1)] {
            let start_buddies = grid.cells_with(sc) & start.peers();
            if start_buddies.is_empty() {
                continue;
            }
            let mut s = XySearch {
                grid,
                remote_pair,
                start,
                start_cand: sc,
                start_mask: mask,
                start_buddies,
                chain: vec![(start, sc), (start, oc)],
                visited: CellSet::single(start),
                found: &mut found,
            };
            s.dfs(false);
        }
    }
    found
}

fn xy_step(remote_pair: bool, elims: Vec<Candidate>, chain: Vec<(Cell, Digit)>) -> Step {
    let technique = if remote_pair {
        Technique::RemotePair
    } else {
        Technique::XyChain
    };
    let mut step = Step::new(technique);
    let (sc, oc) = (chain[0].1, chain[1].1);
    let cells: Vec<Cell> = chain.iter().step_by(2).map(|n| n.0).collect();
    let links: Vec<ChainLink> = chain
        .windows(2)
        .map(|w| {
            let kind = if w[0].0 == w[1].0 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            link(w[0], w[1], kind)
        })
        .collect();
    // Cells joined by the digit of each weak link.
    let mut body = cells[0].to_string();
    for k in 1..cells.len() {
        body.push_str(&format!(" -{}- {}", chain[2 * k].1, cells[k]));
    }
    let (digits, text) = if remote_pair {
        (vec![sc, oc], format!("Remote Pair: {sc}/{oc} {body}"))
    } else {
        (vec![sc], format!("XY-Chain: {sc} {sc}- {body} -{sc}"))
    };
    step.eliminations = elims;
    step.text = text + &elim_suffix(&step.eliminations);
    step.facts = Facts::Chain {
        digits,
        cells,
        houses: Vec::new(),
        marks: Vec::new(),
        chains: vec![links],
    };
    step
}

/// Remote Pair: a chain of bivalue cells with the same two digits; cells seeing two chain cells
/// of opposite polarity lose both digits.
pub fn find_remote_pair(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains_ranked(grid, true, out)
}

/// XY-Chain: a chain of bivalue cells from digit `x` back to `x`; cells seeing both ends lose
/// `x`.
pub fn find_xy_chain(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    xy_chains_ranked(grid, false, out)
}

#[cfg(test)]
mod tests {
    use super::super::common::test_support::{ctx, elims, library};
    use super::*;
    use crate::solver::finder;

    #[test]
    fn remote_pair_fires_as_hodoku() {
        let g = library(":0000:x:+5+76+8+4+92+1+39+8+1+3....4243..+5896+8+3+7591+4+6+2+1.2.8+43..4..2.3.+813.+8....+47+6.+49.7+1+3+8+71.4+38+62.:725 552 567 275 675::");
        let s = finder::first(find_remote_pair, &g, &ctx()).expect("REMOTE_PAIR must fire");
        assert_eq!(s.technique, Technique::RemotePair);
        assert_eq!(elims(&s), "952 967");
    }

    #[test]
    fn remote_pair_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+8+92+3..1+5+7415.+9.6387.......46...5...9.8..3.+57...79.18......2....3.8.7.4.5...4.3...:234 634 635 236 636 244 246 446 248 251 259 262 462 268 669 571 572 174 874 178 191 991 292 695 297 298::");
        assert_eq!(
            finder::first(find_remote_pair, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn turbot_fish_fires_as_hodoku() {
        let g = library(":0000:x:.1+57.+4...4.6.2+9+1.+59.21.5...+548.9+7..+16.1+4..5.7...+65+184..+6+95+437.2.+5+4.7.9.6...+9+16.5.:819 339 252 361 762 281 881 888 391 891 792 399::");
        let s = finder::first(find_turbot_fish, &g, &ctx()).expect("TURBOT_FISH must fire");
        assert_eq!(s.technique, Technique::TurbotFish);
        assert_eq!(elims(&s), "317");
    }

    #[test]
    fn turbot_fish_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:+8.2...1.+7415.+9.6387.......46...5...9.8..3.+57...79.18......2....3.8.7.4.5...4.3...:234 635 236 244 246 446 248 251 259 262 462 268 669 571 572 972 174 178 191 991 292 695 297 298::");
        assert_eq!(
            finder::first(find_turbot_fish, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn x_chain_fires_as_hodoku() {
        let g = library(":0000:x:3..1....8.9+2..831.+8.17+3..94.+1...365+2.+2.....+4+3.432...+7+128...41...396...8.1....5..9:612 513 613 215 521 751 755 656 956 773 785 286::");
        let s = finder::first(find_x_chain, &g, &ctx()).expect("X_CHAIN must fire");
        assert_eq!(s.technique, Technique::XChain);
        assert_eq!(elims(&s), "795");
    }

    #[test]
    fn x_chain_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is XY_CHAIN (order 5500).
        let g = library(":0000:x:..6.+294..+4.73682..2..+4.+5...7...9.5...4..5..3...9.4...7+6.+5+9.+4+3.8..15367....42+8.6..:118 242 262 982 992::");
        assert_eq!(
            finder::first(find_x_chain, &g, &ctx()).map(|s| s.technique),
            None
        );
    }

    #[test]
    fn xy_chain_fires_as_hodoku() {
        let g = library(":0000:x:+74..+32...1...+693.7.5..78.+2.+4+75.+2+6.3..+61.4.2...9..+1.4..+5.+428..9.6.73+9...2...6+5..1.:813 828 554 756 858 564 766 391 393::");
        let s = finder::first(find_xy_chain, &g, &ctx()).expect("XY_CHAIN must fire");
        assert_eq!(s.technique, Technique::XyChain);
        assert_eq!(elims(&s), "887 888 891 892 893");
    }

    #[test]
    fn xy_chain_absent_when_hodoku_needs_a_later_technique() {
        // HoDoKu's next step here is GROUPED_DISCONTINUOUS_NICE_LOOP (order 5650).
        let g = library(":0000:x:...2.4...3..869..1.........564+9+8+7123+9+32...8..7..+34+2..58..1.5..9.5..+9..8..+9+3.2+8+5+1.:718 431 232 237 658 659 472 681 683 684 287 487 787 489 689 499::");
        assert_eq!(
            finder::first(find_xy_chain, &g, &ctx()).map(|s| s.technique),
            None
        );
    }
}
