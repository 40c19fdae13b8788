//! The implication engine of the tabling techniques: HoDoKu-style tabling ("Trebor's tables"),
//! read by nice loops and AICs (grouped or not), forcing chains and nets, and Kraken Fish.
//!
//! Two chain families keep their own link search, as HoDoKu 2.2 does: the simple chains of its
//! `ChainSolver` (Remote Pair, Turbot Fish, X-Chain, XY-Chain; `chains.rs`) and the ALS-XY-Chain
//! of its `AlsSolver` (`als/`). Which of several chains they report, and so the step, follows
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

mod fill;
mod table;
mod walk;

use fill::group_nodes;

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
