//! Forcing chains (slot `fc`, 8500: Contradiction 1301, Verity 1302) and forcing nets (slot
//! `fn`, 8600: 1303, 1304), read off the implication tables ([`super::tabling`]).
//!
//! As HoDoKu 2.2 (default options: group nodes, no ALS nodes, net look-ahead 4, one chain per
//! conclusion): a premise whose table contradicts itself (the premise's inverse, a candidate both
//! set and deleted, two digits in one cell, a digit twice in a house, a cell or a house emptied)
//! is false; a conclusion reached from a candidate both set and deleted, or from every candidate
//! of a cell or every place of a digit in a house, is true. Every step is collected (the shortest
//! chains per conclusion), and HoDoKu's first is reported: placements first (lowest cell), then
//! most eliminations, then the shortest chains. A step whose chains branch is a net; the net slot
//! reports only nets.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::common::first_best;
use super::forcing_entity::inverse_entity;
use super::tabling::{
    candidates_allowed, tables_for, Build, ChainEntry, Lasso, Lit, TableRef, Tables,
};
use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::finder::Sink;
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// Where a contradiction shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Entity {
    Cell(Cell),
    House(House),
}

#[derive(Clone, Debug)]
struct Found {
    technique: Technique,
    placement: Option<Candidate>,
    /// Sorted by digit then cell.
    elims: Vec<Candidate>,
    entity: Entity,
    chains: Vec<Vec<ChainEntry>>,
}

impl Found {
    fn chain_len(&self) -> usize {
        self.chains.iter().map(Vec::len).sum()
    }
    fn is_net(&self) -> bool {
        self.chains
            .iter()
            .flatten()
            .any(|e| matches!(e, ChainEntry::Branch(_)))
    }
}

/// A conclusion: the premise is false (contradiction) or a candidate is set / deleted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Conclusion {
    Place(Candidate),
    Delete(Candidate),
}

impl Conclusion {
    /// The part of [`compare`] that does not depend on the chains: a step of a higher rank never
    /// comes before one of a lower rank, and among the steps of the lowest rank the others play
    /// no part in which one is reported.
    fn rank(self) -> u32 {
        match self {
            Conclusion::Place(c) => c.cell.index() as u32,
            Conclusion::Delete(c) => 1000 + (c.cell.index() * 10 + c.digit.index()) as u32 + 1,
        }
    }
}

struct Search<'a> {
    grid: &'a Grid,
    t: &'a Tables,
    nets: bool,
    allowed: [CellSet; 9],
    /// The houses (bit = house index) where `allowed` leaves each digit a place.
    allowed_houses: [u32; 9],
    found: Vec<Found>,
    by_conclusion: HashMap<(Technique, Conclusion), usize>,
    /// The lowest [`Conclusion::rank`] recorded: conclusions of a higher rank cannot be
    /// reported, so their chains are not built.
    min_rank: u32,
    /// Every conclusion is wanted (the all-steps view), not only the best.
    all: bool,
}

impl Search<'_> {
    /// Whether a conclusion can no longer be reported (its chains need not be built).
    fn beaten(&self, c: Conclusion) -> bool {
        !self.all && c.rank() > self.min_rank
    }

    /// Records a step (HoDoKu's `replaceOrCopyStep`): a chain step becomes a net step when a
    /// chain branches; the net search keeps nets only; one step per conclusion, the shortest.
    fn record(
        &mut self,
        contradiction: bool,
        conclusion: Conclusion,
        entity: Entity,
        chains: Vec<Vec<ChainEntry>>,
    ) {
        let mut f = Found {
            technique: Technique::ForcingChainContradiction,
            placement: None,
            elims: Vec::new(),
            entity,
            chains,
        };
        let net = f.is_net();
        f.technique = match (contradiction, net) {
            (true, false) => Technique::ForcingChainContradiction,
            (false, false) => Technique::ForcingChainVerity,
            (true, true) => Technique::ForcingNetContradiction,
            (false, true) => Technique::ForcingNetVerity,
        };
        if self.nets && !net {
            return;
        }
        match conclusion {
            Conclusion::Place(c) => f.placement = Some(c),
            Conclusion::Delete(c) => f.elims.push(c),
        }
        self.min_rank = self.min_rank.min(conclusion.rank());
        let key = (f.technique, conclusion);
        if let Some(&old) = self.by_conclusion.get(&key) {
            if self.found[old].chain_len() > f.chain_len() {
                self.found[old] = f;
            }
            return;
        }
        self.by_conclusion.insert(key, self.found.len());
        self.found.push(f);
    }

    fn chains(&self, r: TableRef, targets: &[Lit]) -> Vec<Vec<ChainEntry>> {
        targets
            .iter()
            .filter_map(|&l| self.t.chain(r, l, Lasso::None))
            .collect()
    }

    /// The premise of table `r` is false when its table contradicts itself.
    fn one_chain(&mut self, r: TableRef) {
        let t = self.t;
        let tab = t.table(r);
        if tab.is_empty() {
            return;
        }
        let premise = tab.premise();
        let (pc, pd) = (t.lit_cell(premise), t.lit_digit(premise));
        let strong = premise.on();
        let conclusion = if strong {
            Conclusion::Delete(Candidate::new(pc, pd))
        } else {
            Conclusion::Place(Candidate::new(pc, pd))
        };
        if self.beaten(conclusion) {
            return;
        }
        // The premise's inverse.
        let inverse = if strong {
            tab.off_sets[pd.index()].contains(pc)
        } else {
            tab.on_sets[pd.index()].contains(pc)
        };
        if inverse {
            let ch = self.chains(r, &[Lit::cand(pc, pd, !strong)]);
            let entity = inverse_entity(self.grid, t, &self.allowed, r, pc);
            self.record(true, conclusion, Entity::Cell(entity), ch);
        }
        // A candidate both set and deleted.
        for d in Digit::ALL {
            let both = tab.on_sets[d.index()] & tab.off_sets[d.index()];
            if let Some(c) = both.first() {
                let ch = self.chains(r, &[Lit::cand(c, d, false), Lit::cand(c, d, true)]);
                self.record(true, conclusion, Entity::Cell(c), ch);
            }
        }
        // Two digits set in one cell.
        let mut seen = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for set in &tab.on_sets {
            twice |= seen & *set;
            seen |= *set;
        }
        for (i, d1) in Digit::ALL.into_iter().enumerate() {
            if twice.is_empty() {
                break;
            }
            for d2 in Digit::ALL.into_iter().skip(i + 1) {
                let both = tab.on_sets[d1.index()] & tab.on_sets[d2.index()];
                if let Some(c) = both.first() {
                    let ch = self.chains(r, &[Lit::cand(c, d1, true), Lit::cand(c, d2, true)]);
                    self.record(true, conclusion, Entity::Cell(c), ch);
                }
            }
        }
        // A digit set twice in a house.
        let clash = Digit::ALL.map(|d| {
            let set = tab.on_sets[d.index()];
            set.len() >= 2 && set.iter().any(|c| !(c.peers() & set).is_empty())
        });
        for houses in [0..9usize, 9..18, 18..27] {
            for d in Digit::ALL {
                if !clash[d.index()] {
                    continue;
                }
                for hi in houses.clone() {
                    let h = House::from_index(hi);
                    let set = h.cells() & tab.on_sets[d.index()];
                    if set.len() > 1 {
                        let targets: Vec<Lit> = set.iter().map(|c| Lit::cand(c, d, true)).collect();
                        let ch = self.chains(r, &targets);
                        self.record(true, conclusion, Entity::House(h), ch);
                    }
                }
            }
        }
        // A cell emptied.
        let mut emptied = CellSet::ALL;
        for d in Digit::ALL {
            emptied &= tab.off_sets[d.index()] | !self.grid.cells_with(d);
        }
        for d in Digit::ALL {
            emptied &= !tab.on_sets[d.index()];
        }
        emptied &= self.grid.unsolved();
        for c in emptied {
            let targets: Vec<Lit> = self
                .grid
                .candidates(c)
                .iter()
                .map(|d| Lit::cand(c, d, false))
                .collect();
            let ch = self.chains(r, &targets);
            self.record(true, conclusion, Entity::Cell(c), ch);
        }
        // A house without a place for a digit.
        let emptied_houses = Digit::ALL.map(|d| {
            let off = tab.off_sets[d.index()];
            if off.is_empty() {
                0
            } else {
                self.allowed_houses[d.index()] & !houses_of(self.allowed[d.index()] & !off)
            }
        });
        for houses in [0..9usize, 9..18, 18..27] {
            for d in Digit::ALL {
                if emptied_houses[d.index()] == 0 {
                    continue;
                }
                for hi in houses.clone() {
                    if emptied_houses[d.index()] & 1 << hi == 0 {
                        continue;
                    }
                    let h = House::from_index(hi);
                    let places = h.cells() & self.allowed[d.index()];
                    let targets: Vec<Lit> = places.iter().map(|c| Lit::cand(c, d, false)).collect();
                    let ch = self.chains(r, &targets);
                    self.record(true, conclusion, Entity::House(h), ch);
                }
            }
        }
    }

    /// What follows both from a candidate set and from it deleted is true.
    fn two_chains(&mut self, i: usize) {
        let t = self.t;
        let (on, off) = (&t.on[i], &t.off[i]);
        if on.is_empty() || off.is_empty() {
            return;
        }
        let pc = t.lit_cell(on.premise());
        for set in [true, false] {
            for d in Digit::ALL {
                let mut both = if set {
                    on.on_sets[d.index()] & off.on_sets[d.index()]
                } else {
                    on.off_sets[d.index()] & off.off_sets[d.index()]
                };
                both.remove(pc);
                for c in both {
                    let conclusion = if set {
                        Conclusion::Place(Candidate::new(c, d))
                    } else {
                        Conclusion::Delete(Candidate::new(c, d))
                    };
                    if self.beaten(conclusion) {
                        continue;
                    }
                    let l = Lit::cand(c, d, set);
                    let mut ch = self.chains(TableRef::On(i), &[l]);
                    ch.extend(self.chains(TableRef::Off(i), &[l]));
                    self.record(false, conclusion, Entity::Cell(pc), ch);
                }
            }
        }
    }

    /// What follows from every candidate of a cell, or from every place of a digit in a house,
    /// is true.
    fn all_chains(&mut self) {
        let t = self.t;
        for c in self.grid.unsolved() {
            let list: Vec<usize> = self
                .grid
                .candidates(c)
                .iter()
                .map(|d| c.index() * 9 + d.index())
                .collect();
            self.entry_list(&list, Entity::Cell(c));
        }
        for houses in [0..9usize, 9..18, 18..27] {
            for hi in houses {
                let h = House::from_index(hi);
                for d in Digit::ALL {
                    let cells = self.grid.house_cells_with(h, d);
                    if cells.is_empty() {
                        continue;
                    }
                    let list: Vec<usize> =
                        cells.iter().map(|c| c.index() * 9 + d.index()).collect();
                    self.entry_list(&list, Entity::House(h));
                }
            }
        }
        let _ = t;
    }

    fn entry_list(&mut self, list: &[usize], entity: Entity) {
        let t = self.t;
        let mut on = [CellSet::ALL; 9];
        let mut off = [CellSet::ALL; 9];
        for &i in list {
            for k in 0..9 {
                on[k] &= t.on[i].on_sets[k];
                off[k] &= t.on[i].off_sets[k];
            }
        }
        for d in Digit::ALL {
            for (set, cells) in [(true, on[d.index()]), (false, off[d.index()])] {
                for c in cells {
                    let conclusion = if set {
                        Conclusion::Place(Candidate::new(c, d))
                    } else {
                        Conclusion::Delete(Candidate::new(c, d))
                    };
                    if self.beaten(conclusion) {
                        continue;
                    }
                    let l = Lit::cand(c, d, set);
                    let mut ch = Vec::new();
                    for &i in list {
                        ch.extend(self.chains(TableRef::On(i), &[l]));
                    }
                    self.record(false, conclusion, entity, ch);
                }
            }
        }
    }
}

/// HoDoKu's `TablingComparator`: placements first (more, then the lower cell), then more
/// eliminations (then the lower ones); equivalent steps by chain length.
fn compare(a: &Found, b: &Found) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a.placement, b.placement) {
        (Some(_), None) => return Ordering::Less,
        (None, Some(_)) => return Ordering::Greater,
        (Some(pa), Some(pb)) => {
            let equivalent = a.technique == b.technique && pa.cell == pb.cell;
            if !equivalent {
                let (sa, sb) = (pa.cell.index(), pb.cell.index());
                // HoDoKu orders different steps on one cell as "greater" both ways; keeping the
                // earlier one is what a stable sort does for most inputs.
                return if sa == sb {
                    Ordering::Greater
                } else {
                    sa.cmp(&sb)
                };
            }
        }
        (None, None) => {
            let r = b.elims.len().cmp(&a.elims.len());
            if r != Ordering::Equal {
                return r;
            }
            let equivalent =
                a.technique == b.technique && super::nice_loops::same_set(&a.elims, &b.elims);
            if !equivalent {
                for (x, y) in a.elims.iter().zip(&b.elims) {
                    let (kx, ky) = (
                        x.cell.index() * 10 + x.digit.index() + 1,
                        y.cell.index() * 10 + y.digit.index() + 1,
                    );
                    if kx != ky {
                        return kx.cmp(&ky);
                    }
                }
            }
        }
    }
    a.chain_len().cmp(&b.chain_len())
}

/// The houses holding a cell of `s`, bit `h` for house index `h` (rows, columns, boxes).
fn houses_of(s: CellSet) -> u32 {
    let b = s.bits();
    let (mut rows, mut cols, mut boxes) = (0u32, 0u32, 0u32);
    for band in 0..3 {
        let mut or = 0u32;
        for r in band * 3..band * 3 + 3 {
            let row = ((b >> (9 * r)) & 0x1FF) as u32;
            rows |= ((row != 0) as u32) << r;
            or |= row;
        }
        cols |= or;
        for stack in 0..3 {
            boxes |= (((or >> (3 * stack)) & 7 != 0) as u32) << (band * 3 + stack);
        }
    }
    rows | cols << 9 | boxes << 18
}

fn collect(grid: &Grid, t: &Tables, nets: bool) -> Vec<Found> {
    search(grid, t, nets, false)
}

fn search(grid: &Grid, t: &Tables, nets: bool, all: bool) -> Vec<Found> {
    let allowed = candidates_allowed(grid);
    let mut s = Search {
        grid,
        t,
        nets,
        allowed,
        allowed_houses: allowed.map(houses_of),
        found: Vec::new(),
        by_conclusion: HashMap::new(),
        min_rank: u32::MAX,
        all,
    };
    for i in 0..t.on.len() {
        s.one_chain(TableRef::On(i));
        s.one_chain(TableRef::Off(i));
    }
    for i in 0..t.on.len() {
        s.two_chains(i);
    }
    s.all_chains();
    s.found
}

fn to_step(t: &Tables, f: &Found) -> Step {
    let mut step = Step::new(f.technique);
    let chains = f.chains.iter().map(|c| t.links(c)).collect();
    let (mut digits, mut cells) = (Vec::new(), Vec::new());
    let mut text = f.technique.name().to_string();
    if matches!(
        f.technique,
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction
    ) {
        let ent = match f.entity {
            Entity::Cell(c) => c.to_string(),
            Entity::House(h) => h.to_string(),
        };
        text.push_str(&format!(" in {ent}"));
    }
    if let Some(p) = f.placement {
        text.push_str(&format!(" => {}={}", p.cell, p.digit));
        step.placements = vec![p];
        digits.push(p.digit);
        cells.push(p.cell);
    } else {
        text.push_str(&format!(" => {}", eliminations_text(&f.elims)));
        step.eliminations = f.elims.clone();
    }
    step.text = text;
    step.facts = Facts::Chain {
        digits,
        cells,
        houses: Vec::new(),
        marks: Vec::new(),
        chains,
    };
    step
}

/// The finder of forcing chains or nets, which leads with its hint's step: HoDoKu's hint is the
/// best conclusion by its comparator ([`compare`], which is not a strict order: the first
/// found wins among steps it does not tell apart), from a search that skips building chains
/// that cannot win; its list is every conclusion (the shortest chain for each), placements
/// first, then by cell and digit, then shortest chain. The finder reports the hint's step,
/// then, if the sink goes on, the whole list from a second, full search (the table marks it as
/// leading).
fn forcing(
    grid: &Grid,
    ctx: &Context,
    build: Build,
    nets: bool,
    out: &mut Sink<'_>,
) -> ControlFlow<()> {
    let t = tables_for(grid, &ctx.caches, build);
    let Some(best) = first_best(collect(grid, &t, nets), compare) else {
        return ControlFlow::Continue(());
    };
    out(to_step(&t, &best))?;
    let mut found = search(grid, &t, nets, true);
    found.sort_by_key(|f| {
        let rank = match (f.placement, f.elims.first()) {
            (Some(p), _) => Conclusion::Place(p).rank(),
            (None, Some(&e)) => Conclusion::Delete(e).rank(),
            (None, None) => u32::MAX,
        };
        (rank, f.chain_len())
    });
    found.iter().try_for_each(|f| out(to_step(&t, f)))
}

/// Forcing chains (slot 8500); see [`forcing`].
pub fn find_forcing_chains(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    forcing(grid, ctx, Build::GroupedChains, false, out)
}

/// Forcing nets (slot 8600); see [`forcing`].
pub fn find_forcing_nets(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    forcing(grid, ctx, Build::Nets, true, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, elims, library};

    // States along HoDoKu 2.2's path of a top1465 puzzle, with HoDoKu's step there.
    const FCC: &str = ":0000:x:...3..5...5..1..3...7..4..12.+9...4...6..9......1..6..28..7..2..+79..8..5...5..9..7:213 216 234 767 294::";
    const FNC: &str = ":0000:x:...3..5...5..1..3...7..4..12.+9...4...6..9......1..6..28..7..2..+79..8..5...5..9..7:213 216 927 929 234 767 294::";
    const FCV: &str = ":0000:x:...3..5...5..1.+73...7..4..12.+9...4...6..9......1..6..28..7..2..+79..8..5...5..9..7:213 216 929 234 837 294::";

    #[test]
    fn houses_of_names_every_house_with_a_cell() {
        let sets = [
            CellSet::EMPTY,
            CellSet::ALL,
            CellSet::single(Cell::from_index(0)),
            CellSet::single(Cell::from_index(80)),
            CellSet::single(Cell::from_index(40)) | CellSet::single(Cell::from_index(23)),
            CellSet::from_bits(0x1234_5678_9abc_def0_1357_9bdf),
        ];
        for s in sets {
            let mut want = 0u32;
            for hi in 0..27 {
                if !(House::from_index(hi).cells() & s).is_empty() {
                    want |= 1 << hi;
                }
            }
            assert_eq!(houses_of(s), want, "{s:?}");
        }
    }

    #[test]
    fn forcing_chain_contradiction_as_hodoku() {
        let s = finder::first(find_forcing_chains, &library(FCC), &ctx()).expect("a forcing chain");
        assert_eq!(s.technique, Technique::ForcingChainContradiction);
        assert_eq!(elims(&s), "927");
        assert!(
            s.text.starts_with("Forcing Chain Contradiction in "),
            "{}",
            s.text
        );
        assert!(s.text.ends_with(" => r2c7<>9"), "{}", s.text);
        assert!(!s.chains().is_empty() && s.chains().iter().all(|c| !c.is_empty()));
    }

    #[test]
    fn forcing_chain_verity_as_hodoku() {
        let s = finder::first(find_forcing_chains, &library(FCV), &ctx()).expect("a forcing chain");
        assert_eq!(s.technique, Technique::ForcingChainVerity);
        assert_eq!(elims(&s), "858");
        assert_eq!(s.text, "Forcing Chain Verity => r5c8<>8");
        // A verity has one chain per branch (at least two).
        assert!(s.chains().len() >= 2);
    }

    #[test]
    fn forcing_net_where_no_chain_suffices() {
        let g = library(FNC);
        assert_eq!(finder::first(find_forcing_chains, &g, &ctx()), None);
        let s = finder::first(find_forcing_nets, &g, &ctx()).expect("a forcing net");
        assert_eq!(s.technique, Technique::ForcingNetContradiction);
        assert_eq!(elims(&s), "827");
    }
}
