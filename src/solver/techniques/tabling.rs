//! The implication engine of the tabling techniques: HoDoKu-style tabling ("Trebor's tables"),
//! read by nice loops and AICs (grouped or not), forcing chains and nets, and Kraken Fish.
//!
//! Two chain families keep their own link search, as HoDoKu 2.2 does: the simple chains of its
//! `ChainSolver` (Remote Pair, Turbot Fish, X-Chain, XY-Chain; `chains.rs`) and the ALS-XY-Chain
//! of its `AlsSolver` (`als.rs`). Which of several chains they report, and so the step, follows
//! the order of a depth-first walk over their own links (the first of the shortest chains per
//! set of eliminations; ALS chains over restricted commons between sets), which these
//! breadth-first tables do not reproduce.
//!
//! For every candidate of the state there are two tables, one for the candidate set (on) and one
//! for it deleted (off). A table lists, in discovery order, every literal (a node that is true or
//! false) the premise implies, each with the entries it follows from, so that the chain proving it
//! can be walked back. Group nodes (a digit in two or three cells of one box that share a row or
//! a column) have their own on/off tables in an extended list.
//!
//! Three builds exist, each at most once per state ([`tables_for`] keeps them in the per-state
//! cache of the finders' context, [`crate::solver::cache`]):
//! * [`Build::Chains`]: direct links only (cell and house strong/weak links), for nice loops/AIC;
//! * [`Build::GroupedChains`]: the same plus group nodes, for grouped nice loops and forcing
//!   chains;
//! * [`Build::Nets`]: each premise is played on a scratch copy of the grid with
//!   [`NET_LOOK_AHEAD`] rounds of naked and hidden singles (HoDoKu's net look-ahead), plus group
//!   nodes, for forcing nets.
//!
//! After the direct implications are filled in, every on/off table is expanded: the tables of
//! the literals it contains are merged into it (breadth first, keeping the shortest distance),
//! which makes each table the transitive closure of its premise, capped at [`MAX_ENTRIES`]
//! entries as in HoDoKu. The order of entries, the distances and the way chains are walked back
//! decide which of several equivalent chains is reported, so they follow HoDoKu 2.2's behaviour.

use std::cell::RefCell;
use std::rc::Rc;

use crate::solver::cache::Caches;

use super::super::grid::Grid;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::lit::CAND_NODES;
/// The literals of the tables (candidates and group nodes, on or off).
pub(crate) use crate::solver::Lit;
use crate::solver::{Candidate, ChainLink, ChainNode, LinkKind};

/// HoDoKu's cap on the entries of one table.
pub(crate) const MAX_ENTRIES: usize = 1000;
/// HoDoKu's default forcing-net look-ahead (rounds of singles after a premise).
pub(crate) const NET_LOOK_AHEAD: usize = 4;

const EXPANDED: u8 = 1;
const FROM_ON: u8 = 2;
const FROM_EXT: u8 = 4;

/// A group node: `digit` in the two or three cells of one box that share a row or a column.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct GroupNode {
    pub digit: Digit,
    pub cells: CellSet,
    /// Cells that see every cell of the group.
    pub buddies: CellSet,
    pub block: House,
    /// The row or column the cells share.
    pub line: House,
}

impl GroupNode {
    fn first(&self) -> Cell {
        self.cells.first().expect("a group has cells")
    }
}

/// What an entry of a table follows from.
#[derive(Copy, Clone, Default, Debug)]
struct Meta {
    /// The entry (position in this table) the entry follows from, or for an entry merged from
    /// another table that table's index; further reasons are in [`Table::more`].
    ret: u16,
    dist: u16,
    flags: u8,
}

/// One premise's implications.
#[derive(Clone, Default, Debug)]
pub(crate) struct Table {
    pub(crate) lits: Vec<Lit>,
    /// Per entry: its reasons and distance.
    meta: Vec<Meta>,
    /// Position -> the second to fifth reasons of an entry that has more than one (only
    /// entries of the net look-ahead have).
    more: Vec<(u16, [u16; 4])>,
    /// Cells where each digit is implied set / deleted (candidate literals only).
    pub(crate) on_sets: [CellSet; 9],
    pub(crate) off_sets: [CellSet; 9],
    /// Entries filled in before the merging; only these are merged into other tables (later
    /// entries are marked expanded).
    direct: usize,
}

impl Table {
    /// Empties the table, keeping its memory.
    fn clear(&mut self) {
        // The cell sets only ever hold entries' cells: an empty table's are empty already.
        if self.lits.is_empty() {
            return;
        }
        self.lits.clear();
        self.direct = 0;
        self.meta.clear();
        self.more.clear();
        self.on_sets = [CellSet::EMPTY; 9];
        self.off_sets = [CellSet::EMPTY; 9];
    }

    /// Drops every entry after the direct ones, and their cells from the cell sets.
    fn reset_to_direct(&mut self) {
        let direct = self.direct;
        self.lits.truncate(direct);
        self.meta.truncate(direct);
        self.more.retain(|e| (e.0 as usize) < direct);
        self.on_sets = [CellSet::EMPTY; 9];
        self.off_sets = [CellSet::EMPTY; 9];
        for k in 0..direct {
            let l = self.lits[k];
            if let Some((c, set)) = self.cell_set(l) {
                set.insert(c);
            }
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.lits.is_empty()
    }
    pub(crate) fn premise(&self) -> Lit {
        self.lits[0]
    }
    pub(crate) fn len(&self) -> usize {
        self.lits.len()
    }
    pub(crate) fn distance(&self, i: usize) -> u16 {
        self.meta[i].dist
    }
    /// The position of `l` (the latest one for a repeated group literal).
    fn position(&self, l: Lit) -> Option<usize> {
        last_position(&self.lits, l)
    }
    /// The (up to five) reasons of entry `i`, unused ones 0.
    fn reasons(&self, i: usize) -> [u16; 5] {
        let mut r = [self.meta[i].ret, 0, 0, 0, 0];
        if let Some((_, more)) = self.more.iter().find(|e| e.0 as usize == i) {
            r[1..].copy_from_slice(more);
        }
        r
    }

    /// HoDoKu's `getEntryIndex`: the position, 0 when absent.
    fn index_or_zero(&self, l: Lit) -> u16 {
        self.position(l).unwrap_or(0) as u16
    }

    /// Adds a literal (HoDoKu's `addEntry`): candidate literals already present are skipped;
    /// `ret` are positions in this table the literal follows from. Returns false when nothing
    /// was added.
    fn add(&mut self, l: Lit, ret: [u16; 5]) -> bool {
        let idx = self.lits.len();
        if idx >= MAX_ENTRIES {
            return false;
        }
        if !l.is_group() {
            let (c, d) = cand_of(l);
            let set = if l.on() {
                &self.on_sets[d.index()]
            } else {
                &self.off_sets[d.index()]
            };
            if set.contains(c) {
                return false;
            }
        }
        let packed = pack_ret(ret);
        let r1 = ret[0] as usize;
        let base = if r1 < idx { self.meta[r1].dist } else { 0 };
        self.lits.push(l);
        if packed[1..].iter().any(|&x| x != 0) {
            self.more
                .push((idx as u16, [packed[1], packed[2], packed[3], packed[4]]));
        }
        self.meta.push(Meta {
            ret: packed[0],
            dist: (base + 1) & 0x1FF,
            flags: 0,
        });
        if let Some((c, set)) = self.cell_set(l) {
            set.insert(c);
        }
        true
    }

    /// The cell of a candidate literal and the table's set of cells where its digit is set (or
    /// deleted, for an off literal); `None` for a group literal.
    #[inline]
    fn cell_set(&mut self, l: Lit) -> Option<(Cell, &mut CellSet)> {
        if l.is_group() {
            return None;
        }
        let (c, d) = cand_of(l);
        let sets = if l.on() {
            &mut self.on_sets
        } else {
            &mut self.off_sets
        };
        Some((c, &mut sets[d.index()]))
    }

    /// [`Table::add`] for a direct implication of the premise (no reasons).
    #[inline]
    fn push_direct(&mut self, l: Lit) {
        let idx = self.lits.len();
        if idx >= MAX_ENTRIES {
            return;
        }
        if let Some((c, set)) = self.cell_set(l) {
            if set.contains(c) {
                return;
            }
            set.insert(c);
        }
        let dist = if idx == 0 {
            1
        } else {
            (self.meta[0].dist + 1) & 0x1FF
        };
        self.lits.push(l);
        self.meta.push(Meta {
            ret: 0,
            dist,
            flags: 0,
        });
    }

    /// [`Table::push_direct`] for a candidate literal known to be absent; the caller adds its
    /// cell to the table's cell sets.
    #[inline]
    fn push_new(&mut self, l: Lit) {
        debug_assert!(self.lits.len() < MAX_ENTRIES && !self.lits.contains(&l));
        self.lits.push(l);
        self.meta.push(Meta {
            ret: 0,
            dist: (self.meta[0].dist + 1) & 0x1FF,
            flags: 0,
        });
    }

    /// Appends a literal merged from another table (`add` for a literal known to be absent);
    /// returns false when the table is full.
    #[inline]
    fn push_merged(&mut self, l: Lit, src: u16, dist: u16, kind: u8) -> bool {
        if self.lits.len() >= MAX_ENTRIES {
            return false;
        }
        self.lits.push(l);
        self.meta.push(Meta {
            ret: if src > 4096 { 0 } else { src },
            dist: dist & 0x1FF,
            flags: EXPANDED | kind,
        });
        if let Some((c, set)) = self.cell_set(l) {
            set.insert(c);
        }
        true
    }
}

/// Expands one table (see [`Tables::expand`]), `SHORTER`: with the check for a shorter way to
/// an entry. `pos` is all zero before and after. Returns the largest distance of an entry
/// merged from.
#[inline(never)]
fn expand_table<const SHORTER: bool>(
    dest: &mut Table,
    pos: &mut [u32],
    succ: &[u32],
    start: &[u32],
    src_of: &[u32],
) -> u16 {
    let mut farthest = 0;
    for (p, l) in dest.lits.iter().enumerate() {
        let replaceable = if dest.meta[p].flags & EXPANDED != 0 {
            (dest.meta[p].dist as u32) << 16
        } else {
            0
        };
        pos[l.index()] = (p as u32 + 1) | replaceable;
    }
    let mut j = 1;
    while j < dest.lits.len() {
        if dest.lits.len() >= MAX_ENTRIES {
            break;
        }
        let l = dest.lits[j];
        let li = l.index();
        let merged = &succ[start[li] as usize..start[li + 1] as usize];
        if merged.is_empty() {
            j += 1;
            continue;
        }
        let (src_idx, kind) = (src_of[li] as u16, (src_of[li] >> 16) as u8);
        let base = dest.meta[j].dist;
        farthest = farthest.max(base);
        for &x in merged {
            let sl = Lit::from_index(x as usize);
            let new_dist = base + (x >> 16) as u16;
            let v = pos[sl.index()];
            debug_assert!(SHORTER || x >> 16 == 2);
            debug_assert!(SHORTER || (v >> 16) <= new_dist as u32 || new_dist > 0x1FF);
            if v == 0 {
                if dest.push_merged(sl, src_idx, new_dist, kind) {
                    pos[sl.index()] = dest.lits.len() as u32 | ((new_dist & 0x1FF) as u32) << 16;
                } else {
                    // As HoDoKu: a full table marks its last entry instead.
                    let p = dest.lits.len() - 1;
                    dest.meta[p].flags |= EXPANDED | kind;
                    dest.meta[p].dist = new_dist & 0x1FF;
                    let last = dest.lits[p].index();
                    pos[last] = (pos[last] & 0xFFFF) | ((new_dist & 0x1FF) as u32) << 16;
                }
            } else if SHORTER && (v >> 16) > new_dist as u32 {
                let p = (v & 0xFFFF) as usize - 1;
                dest.meta[p].ret = src_idx;
                if !dest.more.is_empty() {
                    dest.more.retain(|e| e.0 as usize != p);
                }
                dest.meta[p].flags = EXPANDED | kind;
                dest.meta[p].dist = new_dist & 0x1FF;
                pos[sl.index()] = (v & 0xFFFF) | ((new_dist & 0x1FF) as u32) << 16;
            }
        }
        j += 1;
    }
    for l in &dest.lits {
        pos[l.index()] = 0;
    }
    farthest
}

/// The last position of `l` in `lits` (a scan in fixed-size blocks, which vectorises).
fn last_position(lits: &[Lit], l: Lit) -> Option<usize> {
    const BLOCK: usize = 32;
    let n = lits.len();
    let mut end = n;
    while end > 0 {
        let start = end.saturating_sub(BLOCK);
        let block = &lits[start..end];
        if block.iter().fold(false, |a, &x| a | (x == l)) {
            return block.iter().rposition(|&x| x == l).map(|p| start + p);
        }
        end = start;
    }
    None
}

/// HoDoKu's packing of up to five back references: the first must fit 12 bits, the others 10;
/// the largest is moved to the first place.
fn pack_ret(r: [u16; 5]) -> [u16; 5] {
    let mut r = r;
    if r[0] > 4096 {
        r[0] = 0;
    }
    for x in r.iter_mut().skip(1) {
        if *x > 1023 {
            *x = 0;
        }
    }
    for k in 1..5 {
        if r[k] > r[0] {
            r.swap(0, k);
        }
    }
    r
}

/// The cell and digit of a candidate literal.
#[inline]
pub(crate) fn cand_of(l: Lit) -> (Cell, Digit) {
    CAND_OF[l.node()]
}

/// Candidate node index -> cell and digit, looked up (the hot loops ask for it per entry).
static CAND_OF: [(Cell, Digit); CAND_NODES] = {
    let mut t = [(Cell::from_index(0), Digit::from_index(0)); CAND_NODES];
    let mut i = 0;
    while i < CAND_NODES {
        t[i] = (Cell::from_index(i / 9), Digit::from_index(i % 9));
        i += 1;
    }
    t
};

/// Which of the three table builds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Build {
    Chains,
    GroupedChains,
    Nets,
}

/// Where a table lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TableRef {
    On(usize),
    Off(usize),
    Ext(usize),
}

/// The tables of one state.
#[derive(Debug)]
pub(crate) struct Tables {
    pub(crate) on: Vec<Table>,
    pub(crate) off: Vec<Table>,
    ext: Vec<Table>,
    /// Extended tables in use (the rest is memory kept from an earlier state).
    ext_used: usize,
    /// Group literal -> extended table index + 1.
    ext_map: Vec<u32>,
    pub(crate) groups: Vec<GroupNode>,
    n_lits: usize,
    /// Memory of [`Tables::expand`]'s position index.
    scratch_pos: Vec<u32>,
    /// The direct implications of every literal's table in one array (literal | distance << 16),
    /// `succ_start[l]..succ_start[l + 1]` for literal `l`: what [`Tables::expand`] merges.
    succ: Vec<u32>,
    succ_start: Vec<u32>,
    /// Per literal, the table its entries are merged from: index | kind flags << 16.
    lit_src: Vec<u32>,
    /// The candidate nodes of the state, ascending: the only on/off tables that are not empty.
    live: Vec<u16>,
    live_mask: [u64; CAND_NODES.div_ceil(64)],
}

/// A chain as HoDoKu stores it: literals from the premise to the conclusion; a net's side
/// branches follow the entry they start from, each closed by [`ChainEntry::Close`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ChainEntry {
    Main(Lit),
    Branch(Lit),
    Close,
}

impl ChainEntry {
    pub(crate) fn lit(self) -> Option<Lit> {
        match self {
            ChainEntry::Main(l) | ChainEntry::Branch(l) => Some(l),
            ChainEntry::Close => None,
        }
    }
}

/// How a walked-back chain is checked for lassos (a chain that runs into itself).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lasso {
    /// No check (forcing chains).
    None,
    /// A nice loop: it may return to its start cell only at its end.
    NiceLoop,
    /// An AIC: no cell twice.
    Aic,
}

impl Tables {
    fn new(groups: Vec<GroupNode>) -> Tables {
        let n_lits = 2 * (CAND_NODES + groups.len());
        Tables {
            on: vec![Table::default(); CAND_NODES],
            off: vec![Table::default(); CAND_NODES],
            ext: Vec::new(),
            ext_used: 0,
            ext_map: vec![0; n_lits],
            groups,
            n_lits,
            scratch_pos: Vec::new(),
            succ: Vec::new(),
            succ_start: Vec::new(),
            lit_src: Vec::new(),
            live: Vec::new(),
            live_mask: [0; CAND_NODES.div_ceil(64)],
        }
    }

    /// Builds the tables of `grid`.
    #[cfg(test)]
    pub(crate) fn build(grid: &Grid, build: Build) -> Tables {
        Tables::build_reusing(grid, build, None)
    }

    /// Builds the tables of `grid`, reusing the memory of `old` (tables of another state).
    fn build_reusing(grid: &Grid, build: Build, old: Option<Tables>) -> Tables {
        let groups = if build == Build::Chains {
            Vec::new()
        } else {
            group_nodes(grid)
        };
        let mut t = match old {
            Some(mut t) => {
                t.n_lits = 2 * (CAND_NODES + groups.len());
                let n = t.n_lits;
                // Only the earlier state's tables hold anything.
                t.for_each_used(Table::clear);
                t.ext_used = 0;
                t.ext_map.clear();
                t.ext_map.resize(n, 0);
                t.groups = groups;
                t
            }
            None => Tables::new(groups),
        };
        t.live.clear();
        t.live_mask = [0; CAND_NODES.div_ceil(64)];
        for cell in grid.unsolved() {
            for d in grid.candidates(cell) {
                let i = cell.index() * 9 + d.index();
                t.live.push(i as u16);
                t.live_mask[i / 64] |= 1 << (i % 64);
            }
        }
        match build {
            Build::Nets => t.fill_nets(grid),
            _ => t.fill_chains(grid),
        }
        if build != Build::Chains {
            t.fill_groups(grid);
        }
        t.for_each_used(|tab| tab.direct = tab.lits.len());
        t.index_direct();
        if build == Build::Nets {
            t.expand::<true>(true);
            t.expand::<true>(false);
        } else {
            t.expand::<false>(true);
            t.expand::<false>(false);
        }
        t
    }

    /// Calls `f` on every table that may hold entries: the on and off tables of the candidates
    /// in [`Tables::live`] and the group tables in use (every other table is empty).
    fn for_each_used(&mut self, mut f: impl FnMut(&mut Table)) {
        for &i in &self.live {
            f(&mut self.on[i as usize]);
            f(&mut self.off[i as usize]);
        }
        for tab in &mut self.ext[..self.ext_used] {
            f(tab);
        }
    }

    /// The candidate nodes with tables (the rest are empty), ascending.
    pub(crate) fn live(&self) -> &[u16] {
        &self.live
    }

    pub(crate) fn table(&self, r: TableRef) -> &Table {
        match r {
            TableRef::On(i) => &self.on[i],
            TableRef::Off(i) => &self.off[i],
            TableRef::Ext(i) => &self.ext[i],
        }
    }

    fn table_mut(&mut self, r: TableRef) -> &mut Table {
        match r {
            TableRef::On(i) => &mut self.on[i],
            TableRef::Off(i) => &mut self.off[i],
            TableRef::Ext(i) => &mut self.ext[i],
        }
    }

    fn add(&mut self, r: TableRef, l: Lit, ret: [u16; 5]) -> bool {
        let t = match r {
            TableRef::On(i) => &mut self.on[i],
            TableRef::Off(i) => &mut self.off[i],
            TableRef::Ext(i) => &mut self.ext[i],
        };
        t.add(l, ret)
    }

    /// Direct implications: the other candidates of the cell and the digit in the cell's
    /// houses (weak links for a set candidate, strong links for a deleted one).
    fn fill_chains(&mut self, grid: &Grid) {
        for cell in grid.unsolved() {
            let cands = grid.candidates(cell);
            for d in cands {
                let id = cell.index() * 9 + d.index();
                let (on, off) = (&mut self.on[id], &mut self.off[id]);
                on.push_direct(Lit::cand(cell, d, true));
                off.push_direct(Lit::cand(cell, d, false));
                // The set candidate's table: the cell's other candidates, then the digit's
                // peers by row, column and box (each once); none can be there already.
                for o in cands {
                    if o != d {
                        on.push_new(Lit::cand(cell, o, false));
                        on.off_sets[o.index()].insert(cell);
                        if cands.len() == 2 {
                            off.push_direct(Lit::cand(cell, o, true));
                        }
                    }
                }
                let [row, col, bx] = cell.houses().map(|h| {
                    grid.house_cells_with(h, d)
                        .difference(CellSet::single(cell))
                });
                for p in row.iter().chain(col).chain(bx & !row & !col) {
                    on.push_new(Lit::cand(p, d, false));
                }
                on.off_sets[d.index()] |= row | col | bx;
                // The deleted candidate's table: the other place of the digit in each house
                // where it has two.
                for peers in [row, col, bx] {
                    if peers.len() == 1 {
                        if let Some(p) = peers.first() {
                            off.push_direct(Lit::cand(p, d, true));
                        }
                    }
                }
            }
        }
    }

    /// Net implications: each premise played on a copy of the grid with rounds of singles (the
    /// copy is set back to the state before each premise).
    fn fill_nets(&mut self, grid: &Grid) {
        let mut s = grid.clone();
        for cell in grid.unsolved() {
            for d in grid.candidates(cell) {
                let id = cell.index() * 9 + d.index();
                s.reset_to(grid);
                self.net_entry(TableRef::On(id), &mut s, grid, cell, d, true);
                s.reset_to(grid);
                self.net_entry(TableRef::Off(id), &mut s, grid, cell, d, false);
            }
        }
    }

    fn net_entry(
        &mut self,
        t: TableRef,
        s: &mut Grid,
        base: &Grid,
        cell: Cell,
        d: Digit,
        set: bool,
    ) {
        if set {
            self.net_set(t, s, base, cell, d, None);
        } else {
            s.eliminate(cell, d);
            self.add(t, Lit::cand(cell, d, false), [0; 5]);
            if let Some(single) = s.candidates(cell).single_digit() {
                self.net_set(t, s, base, cell, single, None);
            }
        }
        let mut found: Vec<(Cell, Digit, bool)> = Vec::new();
        for _ in 0..NET_LOOK_AHEAD {
            found.clear();
            net_singles(s, &mut found);
            if found.is_empty() {
                break;
            }
            for &(c, v, naked) in &found {
                self.net_set(t, s, base, c, v, Some(naked));
            }
        }
    }

    /// Sets `d` in `cell` on the premise's grid and records it with what it removes; `single`
    /// tells a look-ahead single (naked or hidden), whose entry points back at the deletions
    /// that forced it.
    fn net_set(
        &mut self,
        t: TableRef,
        s: &mut Grid,
        base: &Grid,
        cell: Cell,
        d: Digit,
        single: Option<bool>,
    ) {
        let mut peers = base.cells_with(d) & cell.peers();
        peers.remove(cell);
        let others = s.candidates(cell);
        let mut ret = [0u16; 5];
        if let Some(naked) = single {
            let table = self.table(t);
            if naked {
                let mut k = 0;
                for c in base.candidates(cell) {
                    if c == d && k < 5 {
                        continue;
                    }
                    let idx = table.index_or_zero(Lit::cand(cell, c, false));
                    if k < 5 {
                        ret[k] = idx;
                        k += 1;
                    }
                }
            } else {
                let mut best = cell.houses()[0];
                let mut best_free = u32::MAX;
                for h in cell.houses() {
                    let f = s.free(h, d);
                    if f < best_free {
                        best_free = f;
                        best = h;
                    }
                }
                let mut house_peers = base.cells_with(d) & best.cells();
                house_peers.remove(cell);
                for (k, p) in house_peers.iter().take(5).enumerate() {
                    ret[k] = table.index_or_zero(Lit::cand(p, d, false));
                }
            }
        }
        let back = self.table(t).len() as u16;
        s.place(cell, d);
        self.add(t, Lit::cand(cell, d, true), ret);
        let r = [back, 0, 0, 0, 0];
        for p in peers {
            self.add(t, Lit::cand(p, d, false), r);
        }
        for o in others {
            if o != d {
                self.add(t, Lit::cand(cell, o, false), r);
            }
        }
    }

    fn next_ext(&mut self) -> usize {
        if self.ext_used == self.ext.len() {
            self.ext.push(Table::default());
        }
        self.ext_used += 1;
        self.ext_used - 1
    }

    /// Group nodes: their own on/off tables, and links to and from candidates and other groups.
    fn fill_groups(&mut self, grid: &Grid) {
        let groups = std::mem::take(&mut self.groups);
        let mut of_digit: [Vec<usize>; 9] = Default::default();
        for (i, g) in groups.iter().enumerate() {
            of_digit[g.digit.index()].push(i);
        }
        for (i, g) in groups.iter().enumerate() {
            let d = g.digit;
            let on_i = self.next_ext();
            self.table_mut(TableRef::Ext(on_i))
                .push_direct(Lit::group(i, true));
            self.ext_map[Lit::group(i, true).index()] = on_i as u32 + 1;
            let off_i = self.next_ext();
            self.table_mut(TableRef::Ext(off_i))
                .push_direct(Lit::group(i, false));
            self.ext_map[Lit::group(i, false).index()] = off_i as u32 + 1;
            let (on, off) = (TableRef::Ext(on_i), TableRef::Ext(off_i));

            let visible = grid.cells_with(d) & g.buddies;
            if !visible.is_empty() {
                for c in visible {
                    self.table_mut(on).push_direct(Lit::cand(c, d, false));
                    let id = c.index() * 9 + d.index();
                    self.table_mut(TableRef::On(id))
                        .push_direct(Lit::group(i, false));
                }
                for h in [g.block, g.line] {
                    let rest = visible & h.cells();
                    if rest.len() == 1 {
                        let c = rest.first().expect("one cell");
                        self.table_mut(off).push_direct(Lit::cand(c, d, true));
                        let id = c.index() * 9 + d.index();
                        self.table_mut(TableRef::Off(id))
                            .push_direct(Lit::group(i, true));
                    }
                }
            }

            // Other groups of the digit that do not overlap: in the same line or box.
            let mut line_other: Option<(usize, u32)> = None;
            let mut block_other: Option<(usize, u32)> = None;
            for &j in &of_digit[d.index()] {
                let g2 = &groups[j];
                if j == i || !(g.cells & g2.cells).is_empty() {
                    continue;
                }
                if g.line == g2.line {
                    let e = line_other.get_or_insert((j, 0));
                    e.1 += 1;
                    self.table_mut(on).push_direct(Lit::group(j, false));
                }
                if g.block == g2.block {
                    let e = block_other.get_or_insert((j, 0));
                    e.1 += 1;
                    self.table_mut(on).push_direct(Lit::group(j, false));
                }
            }
            for (h, other) in [(g.line, line_other), (g.block, block_other)] {
                if let Some((j, 1)) = other {
                    let rest = grid.house_cells_with(h, d) & !g.cells & !groups[j].cells;
                    if rest.is_empty() {
                        self.table_mut(off).push_direct(Lit::group(j, true));
                    }
                }
            }
        }
        self.groups = groups;
    }

    /// Fills [`Tables::succ`]: for every literal, the entries of its table that expanding
    /// merges (the direct ones after the premise, none already expanded). The direct part of a
    /// table never changes while tables are expanded.
    fn index_direct(&mut self) {
        let mut succ = std::mem::take(&mut self.succ);
        let mut start = std::mem::take(&mut self.succ_start);
        let mut src_of = std::mem::take(&mut self.lit_src);
        succ.clear();
        start.clear();
        src_of.clear();
        src_of.resize(self.n_lits, 0);
        for (li, src_slot) in src_of.iter_mut().enumerate() {
            start.push(succ.len() as u32);
            let l = Lit::from_index(li);
            let (src, from) = if l.is_group() {
                match self.ext_map[li] {
                    0 => continue,
                    e => (&self.ext[e as usize - 1], (e - 1) | (FROM_EXT as u32) << 16),
                }
            } else if self.live_mask[l.node() / 64] & 1 << (l.node() % 64) == 0 {
                continue;
            } else if l.on() {
                let i = l.node();
                (&self.on[i], i as u32 | (FROM_ON as u32) << 16)
            } else {
                let i = l.node();
                (&self.off[i], i as u32)
            };
            *src_slot = from;
            for k in 1..src.direct.min(src.lits.len()) {
                if src.meta[k].flags & EXPANDED == 0 {
                    succ.push(src.lits[k].index() as u32 | (src.meta[k].dist as u32) << 16);
                }
            }
        }
        start.push(succ.len() as u32);
        self.succ = succ;
        self.succ_start = start;
        self.lit_src = src_of;
    }

    /// Merges into every table of one side the tables of the literals it holds, until each is
    /// closed (or full).
    ///
    /// `NETS`: whether direct entries may lie at different distances (net tables). Otherwise
    /// every direct entry is one step from its premise, entries come in order of distance,
    /// and a shorter way to an entry never turns up later, so the check for one is left out.
    /// That holds while the distances, kept in 9 bits as HoDoKu keeps them, do not wrap
    /// around: a table whose distances did is expanded again with the check.
    fn expand<const NETS: bool>(&mut self, on_side: bool) {
        // Literal -> position + 1 in the table being expanded (the latest for a repeated group
        // literal), with the entry's distance << 16 when a shorter one would replace its
        // reasons (an expanded entry), else 0: one small array that stays in cache, emptied
        // after each table.
        let mut pos = std::mem::take(&mut self.scratch_pos);
        pos.clear();
        pos.resize(self.n_lits, 0);
        let (succ, start, src_of) = (&self.succ, &self.succ_start, &self.lit_src);
        let tables = if on_side { &mut self.on } else { &mut self.off };
        for &i in &self.live {
            let dest = &mut tables[i as usize];
            let farthest = expand_table::<NETS>(dest, &mut pos, succ, start, src_of);
            // Direct entries of chain tables lie two from their premise's distance: a merge
            // from an entry past 0x1FF - 2 went past 9 bits.
            if !NETS && farthest > 0x1FF - 2 {
                dest.reset_to_direct();
                expand_table::<true>(dest, &mut pos, succ, start, src_of);
            }
        }
        self.scratch_pos = pos;
    }

    /// The cells a literal's node covers (one cell, or a group's cells).
    pub(crate) fn lit_cells(&self, l: Lit) -> CellSet {
        if l.is_group() {
            self.groups[l.group_index()].cells
        } else {
            CellSet::single(cand_of(l).0)
        }
    }

    /// The first cell of a literal's node (HoDoKu's `getCellIndex`).
    pub(crate) fn lit_cell(&self, l: Lit) -> Cell {
        if l.is_group() {
            self.groups[l.group_index()].first()
        } else {
            cand_of(l).0
        }
    }

    pub(crate) fn lit_digit(&self, l: Lit) -> Digit {
        if l.is_group() {
            self.groups[l.group_index()].digit
        } else {
            cand_of(l).1
        }
    }

    /// Cells that see the whole node (HoDoKu's `getSNodeBuddies`).
    pub(crate) fn lit_buddies(&self, l: Lit) -> CellSet {
        if l.is_group() {
            self.groups[l.group_index()].buddies
        } else {
            cand_of(l).0.peers()
        }
    }

    pub(crate) fn node(&self, l: Lit) -> ChainNode {
        if l.is_group() {
            let g = &self.groups[l.group_index()];
            ChainNode::Group {
                digit: g.digit,
                cells: g.cells,
            }
        } else {
            let (c, d) = cand_of(l);
            ChainNode::Candidate(Candidate::new(c, d))
        }
    }

    /// Walks back from `target` in table `r` to the premise (HoDoKu's `buildChain`): the main
    /// chain from the target back to the premise, and for nets the side branches (each from an
    /// additional reason back to where it joins the main chain).
    fn walk_back(&self, r: TableRef, target: Lit) -> Option<(Vec<Lit>, Vec<Vec<Lit>>)> {
        let org = self.table(r);
        let index = org.lits.iter().position(|&l| l == target)?;
        let mut main_cells = CellSet::EMPTY;
        let mut mins: Vec<Vec<Lit>> = Vec::new();
        let main = self.walk(r, index, None, &mut main_cells, &mut mins);
        let mut built: Vec<Vec<Lit>> = Vec::with_capacity(mins.len());
        for m in &mins {
            let start = m[0];
            match org.position(start) {
                Some(ei) => {
                    let mut unused = Vec::new();
                    built.push(self.walk(r, ei, Some(&main), &mut main_cells.clone(), &mut unused))
                }
                None => built.push(vec![start]),
            }
        }
        Some((main, built))
    }

    fn walk(
        &self,
        r: TableRef,
        entry_index: usize,
        main: Option<&[Lit]>,
        main_cells: &mut CellSet,
        mins: &mut Vec<Vec<Lit>>,
    ) -> Vec<Lit> {
        let org = self.table(r);
        let mut table = org;
        let mut out = vec![org.lits[entry_index]];
        let mut first = entry_index;
        let mut jumped = false;
        while first != 0 && out.len() < MAX_ENTRIES {
            if table.meta[first].flags & EXPANDED != 0 {
                let src = org.meta[first].ret as usize;
                let f = table.meta[first].flags;
                let next = if f & FROM_EXT != 0 {
                    self.ext.get(src)
                } else if f & FROM_ON != 0 {
                    self.on.get(src)
                } else {
                    self.off.get(src)
                };
                let Some(next) = next else { break };
                let lit = org.lits[first];
                table = next;
                jumped = true;
                match table.position(lit) {
                    Some(p) => first = p,
                    None => break,
                }
            }
            let ret = table.reasons(first);
            let prev = ret[0] as usize;
            first = prev;
            let Some(&pl) = table.lits.get(prev) else {
                break;
            };
            out.push(pl);
            match main {
                None => *main_cells |= self.lit_cells(pl),
                Some(main) => {
                    if main_cells.contains(self.lit_cell(pl)) && main.contains(&pl) {
                        return out;
                    }
                }
            }
            if main.is_none() {
                for &x in &ret[1..] {
                    if x != 0 && mins.len() < 200 {
                        if let Some(&ml) = table.lits.get(x as usize) {
                            mins.push(vec![ml]);
                        }
                    }
                }
            }
            if jumped && first == 0 {
                let back = table.lits[0];
                table = org;
                match org.position(back) {
                    Some(p) => first = p,
                    None => break,
                }
                jumped = false;
            }
        }
        out
    }

    /// The chain proving `target` in table `r`, premise first (HoDoKu's `addChain`), or `None`
    /// when it cannot be built or is a lasso.
    pub(crate) fn chain(&self, r: TableRef, target: Lit, lasso: Lasso) -> Option<Vec<ChainEntry>> {
        let (main, mins) = self.walk_back(r, target)?;
        if lasso == Lasso::NiceLoop
            && main.len() > 1
            && self.lit_cell(main[0]) == self.lit_cell(main[1])
        {
            return None;
        }
        let first_cell = self.lit_cell(*main.last().expect("non-empty"));
        let mut seen = CellSet::EMPTY;
        let mut last: Option<Lit> = None;
        let mut out = Vec::with_capacity(main.len());
        for &l in main.iter().rev() {
            if lasso != Lasso::None {
                if seen.contains(self.lit_cell(l)) {
                    return None;
                }
                if let Some(prev) = last {
                    if self.lit_cell(prev) != first_cell || lasso == Lasso::Aic {
                        seen |= self.lit_cells(prev);
                    }
                }
            }
            last = Some(l);
            out.push(ChainEntry::Main(l));
            for m in &mins {
                if m.last() == Some(&l) {
                    for &b in m[..m.len() - 1].iter().rev() {
                        out.push(ChainEntry::Branch(b));
                    }
                    out.push(ChainEntry::Close);
                }
            }
        }
        Some(out)
    }

    /// A chain as links between consecutive literals, side branches after the main chain; a link
    /// into a true literal is strong, into a false one weak.
    pub(crate) fn links(&self, chain: &[ChainEntry]) -> Vec<ChainLink> {
        let mut links = Vec::new();
        let mut prev_main: Option<Lit> = None;
        let mut prev_branch: Option<Lit> = None;
        for e in chain {
            match *e {
                ChainEntry::Main(l) => {
                    if let Some(p) = prev_main {
                        links.push(self.link(p, l));
                    }
                    prev_main = Some(l);
                    prev_branch = Some(l);
                }
                ChainEntry::Branch(l) => {
                    if let Some(p) = prev_branch {
                        links.push(self.link(p, l));
                    }
                    prev_branch = Some(l);
                }
                ChainEntry::Close => prev_branch = prev_main,
            }
        }
        links
    }

    fn link(&self, from: Lit, to: Lit) -> ChainLink {
        ChainLink {
            from: self.node(from),
            to: self.node(to),
            kind: if to.on() {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            },
        }
    }

    /// HoDoKu's cell print of a node: `r1c2` or a compact group `r1c23`.
    pub(crate) fn node_text(&self, l: Lit) -> String {
        if l.is_group() {
            let cells: Vec<Cell> = self.groups[l.group_index()].cells.iter().collect();
            crate::solver::step::compact_cells(&cells)
        } else {
            cand_of(l).0.to_string()
        }
    }
}

/// HoDoKu's group nodes of a state: rows first, then columns; per line each digit, per digit each
/// box; two or three cells.
fn group_nodes(grid: &Grid) -> Vec<GroupNode> {
    let mut out = Vec::new();
    for lines in [0..9usize, 9..18] {
        for li in lines {
            let line = House::from_index(li);
            for d in Digit::ALL {
                let in_line = grid.house_cells_with(line, d);
                if in_line.is_empty() {
                    continue;
                }
                for b in 0..9 {
                    let block = House::Box(b as u8);
                    let cells = in_line & block.cells();
                    if cells.len() >= 2 {
                        let mut buddies = CellSet::ALL;
                        for c in cells {
                            buddies &= c.peers();
                        }
                        out.push(GroupNode {
                            digit: d,
                            cells,
                            buddies,
                            block,
                            line,
                        });
                    }
                }
            }
        }
    }
    out
}

/// HoDoKu's net look-ahead singles on a premise's grid: naked singles in queue order, then
/// hidden singles in queue order (each cell once).
fn net_singles(s: &Grid, out: &mut Vec<(Cell, Digit, bool)>) {
    for &(c, d) in s.naked_single_queue() {
        if s.value(c).is_none() {
            out.push((c, d, true));
        }
    }
    let mut found = CellSet::EMPTY;
    for &(c, d) in s.hidden_single_queue() {
        if s.value(c).is_some() || found.contains(c) || !s.candidates(c).contains(d) {
            continue;
        }
        if c.houses().iter().any(|&h| s.free(h, d) == 1) {
            out.push((c, d, false));
            found.insert(c);
        }
    }
}

/// The builds of one state, in the per-state cache ([`crate::solver::cache`]), with the pool
/// their memory goes back to.
struct StateTables {
    builds: RefCell<Vec<(Build, Rc<Tables>)>>,
    pool: Rc<TablePool>,
}

/// Tables of earlier states whose memory the next builds reuse (working memory of the context,
/// [`Caches::memory`]; no answers).
#[derive(Default)]
struct TablePool(RefCell<Vec<Tables>>);

/// When the cache drops a state, its tables' memory goes to the pool for the next builds.
impl Drop for StateTables {
    fn drop(&mut self) {
        let builds = std::mem::take(self.builds.get_mut());
        let mut pool = self.pool.0.borrow_mut();
        for (_, t) in builds {
            if let Ok(t) = Rc::try_unwrap(t) {
                if pool.len() < 3 {
                    pool.push(t);
                }
            }
        }
    }
}

/// The tables of `grid` for `build`, built at most once per state and context (the per-state
/// cache, [`crate::solver::cache`]).
pub(crate) fn tables_for(grid: &Grid, caches: &Caches, build: Build) -> Rc<Tables> {
    let state = caches.per_state(grid, || StateTables {
        builds: RefCell::new(Vec::new()),
        pool: caches.memory::<TablePool>(),
    });
    if let Some((_, t)) = state.builds.borrow().iter().find(|(b, _)| *b == build) {
        return Rc::clone(t);
    }
    let old = state.pool.0.borrow_mut().pop();
    let t = Rc::new(Tables::build_reusing(grid, build, old));
    state.builds.borrow_mut().push((build, Rc::clone(&t)));
    t
}

/// Cells where each digit may stand judging by the placed digits only (HoDoKu's
/// `candidatesAllowed`): unsolved cells no placed peer forbids.
pub(crate) fn candidates_allowed(grid: &Grid) -> [CellSet; 9] {
    let mut out = [grid.unsolved(); 9];
    for c in Cell::all() {
        if let Some(v) = grid.value(c) {
            out[v.index()] &= !c.peers();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::techniques::common::test_support::library;

    const STATE: &str =
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";

    #[test]
    fn direct_links_and_closure() {
        let g = library(STATE);
        let t = Tables::build(&g, Build::Chains);
        // Every table starts with its premise and holds each candidate literal once.
        for (i, tab) in t.on.iter().enumerate() {
            if tab.is_empty() {
                continue;
            }
            let (c, d) = cand_of(tab.premise());
            assert_eq!(c.index() * 9 + d.index(), i);
            assert!(tab.premise().on());
            let mut seen = std::collections::HashSet::new();
            for &l in &tab.lits {
                assert!(seen.insert(l), "{l:?} twice");
            }
            // A set candidate removes its peers with the digit.
            for p in g.cells_with(d) & c.peers() {
                assert!(tab.off_sets[d.index()].contains(p));
            }
        }
    }

    /// The closure of a table computed the plain way: breadth first over the direct
    /// implications, each literal once, capped at [`MAX_ENTRIES`].
    fn plain_closure(t: &Tables, dest: &Table) -> Vec<Lit> {
        let mut out: Vec<Lit> = dest.lits[..dest.direct].to_vec();
        let mut seen: std::collections::HashSet<Lit> = out.iter().copied().collect();
        let mut j = 1;
        while j < out.len() {
            let l = out[j];
            let src = if l.is_group() {
                match t.ext_map[l.index()] {
                    0 => None,
                    e => Some(&t.ext[e as usize - 1]),
                }
            } else if l.on() {
                Some(&t.on[l.node()])
            } else {
                Some(&t.off[l.node()])
            };
            if let Some(src) = src {
                for &sl in src.lits.get(1..src.direct).unwrap_or(&[]) {
                    if out.len() < MAX_ENTRIES && seen.insert(sl) {
                        out.push(sl);
                    }
                }
            }
            j += 1;
        }
        out
    }

    #[test]
    fn expansion_is_the_breadth_first_closure() {
        let g = library(STATE);
        for build in [Build::Chains, Build::GroupedChains] {
            let t = Tables::build(&g, build);
            let (mut checked, mut grown) = (0, 0);
            for tab in t.on.iter().chain(t.off.iter()) {
                if tab.is_empty() {
                    continue;
                }
                assert_eq!(tab.lits, plain_closure(&t, tab), "{:?}", tab.premise());
                if tab.len() > tab.direct {
                    grown += 1;
                }
                // Each merged entry lies one link (distance 2) beyond the entry it came from.
                for p in tab.direct..tab.len() {
                    assert!(tab.meta[p].flags & EXPANDED != 0);
                    assert!(tab.distance(p) >= 4 && tab.distance(p) % 2 == 0);
                }
                checked += 1;
            }
            assert!(checked > 100 && grown > checked / 2, "{checked} {grown}");
        }
    }

    #[test]
    fn a_literal_is_in_its_own_cell_only() {
        let c = Cell::from_index(40);
        let d = Digit::from_index(4);
        for on in [true, false] {
            assert!(Lit::cand(c, d, on).is_in_cell(c));
            assert!(!Lit::cand(c, d, on).is_in_cell(Cell::from_index(39)));
            assert!(!Lit::cand(c, d, on).is_in_cell(Cell::from_index(41)));
        }
        assert!(Lit::cand(c, Digit::from_index(0), false).is_in_cell(c));
        assert!(Lit::cand(c, Digit::from_index(8), true).is_in_cell(c));
        assert!(!Lit::group(0, true).is_in_cell(Cell::from_index(80)));
    }

    #[test]
    fn cache_is_per_state() {
        let g = library(STATE);
        let caches = Caches::default();
        let a = tables_for(&g, &caches, Build::Chains);
        let b = tables_for(&g, &caches, Build::Chains);
        assert!(Rc::ptr_eq(&a, &b));
        let mut g2 = g.clone();
        let c = g2.unsolved().first().unwrap();
        let d = g2.candidates(c).first().unwrap();
        g2.eliminate(c, d);
        let e = tables_for(&g2, &caches, Build::Chains);
        assert!(!Rc::ptr_eq(&a, &e));
        assert!(e.on[c.index() * 9 + d.index()].is_empty());
    }
}
