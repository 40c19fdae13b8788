//! Nice loops and AICs (slot `nl`, 5600: Continuous / Discontinuous Nice Loop, AIC) and their
//! grouped forms (slot `gnl`, 5650), read off the implication tables ([`super::tabling`]).
//!
//! As HoDoKu 2.2: a table whose premise's cell comes back in it closes a loop (discontinuous when
//! its ends contradict the premise, continuous otherwise); an "off" table reaching a set
//! candidate is an AIC. Every step is collected, one chain per elimination set (the shortest
//! first found), and the step reported is the first in HoDoKu's order: most eliminations, then
//! the smallest weighted index sum, then the shortest chain.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::common::{first_best, index_sum};
use super::tabling::{tables_for, Build, ChainEntry, Lasso, Lit, TableRef, Tables};
use super::Context;
use crate::domain::{CellSet, Digit};
use crate::solver::finder::Sink;
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// A step found, before it becomes a [`Step`].
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub technique: Technique,
    /// Eliminations sorted by digit then cell, repeats kept (they count, as in HoDoKu).
    pub elims: Vec<Candidate>,
    pub chain: Vec<ChainEntry>,
}

/// HoDoKu's `SolutionStep.compareTo` for chain steps: most eliminations, then (different
/// steps) the index sum, then (equivalent steps) the shorter chain.
fn compare(a: &Found, b: &Found) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let r = b.elims.len().cmp(&a.elims.len());
    if r != Ordering::Equal {
        return r;
    }
    let equivalent = a.technique == b.technique && same_set(&a.elims, &b.elims);
    if !equivalent {
        return index_sum(a.elims.iter().copied()).cmp(&index_sum(b.elims.iter().copied()));
    }
    a.chain.len().cmp(&b.chain.len())
}

/// The part of [`compare`] that does not depend on the chain (most eliminations, then the
/// smallest index sum): a step of a higher rank never comes before one of a lower rank, and
/// among the steps of the lowest rank the others play no part in which one is reported.
fn rank(elims: &[Candidate]) -> (std::cmp::Reverse<usize>, i64) {
    (
        std::cmp::Reverse(elims.len()),
        index_sum(elims.iter().copied()),
    )
}

/// Whether every candidate of `a` is in `b` and the lengths match (HoDoKu's `isEqualCandidate`).
pub(crate) fn same_set(a: &[Candidate], b: &[Candidate]) -> bool {
    a.len() == b.len() && a.iter().all(|c| b.contains(c))
}

struct Search<'a> {
    grid: &'a Grid,
    t: &'a Tables,
    found: Vec<Found>,
    by_elims: HashMap<(Technique, Vec<Candidate>), usize>,
    /// The lowest [`rank`] recorded: loops of a higher rank cannot be reported, so their
    /// chains are not built.
    min_rank: Option<(std::cmp::Reverse<usize>, i64)>,
    /// Every loop is wanted (the all-steps view), not only the best.
    all: bool,
}

impl Search<'_> {
    /// Whether a step with these eliminations may still be reported.
    fn may_win(&self, elims: &[Candidate]) -> bool {
        self.all || self.min_rank.is_none_or(|m| rank(elims) <= m)
    }

    fn record(&mut self, f: Found) {
        let r = rank(&f.elims);
        if self.min_rank.is_none_or(|m| r < m) {
            self.min_rank = Some(r);
        }
        let key = (f.technique, f.elims.clone());
        if let Some(&old) = self.by_elims.get(&key) {
            if self.found[old].chain.len() <= f.chain.len() {
                return;
            }
        }
        self.by_elims.insert(key, self.found.len());
        self.found.push(f);
    }

    fn loops(&mut self, on_side: bool) {
        let tables = if on_side { &self.t.on } else { &self.t.off };
        for &i in self.t.live() {
            let (i, tab) = (i as usize, &tables[i as usize]);
            let start = self.t.lit_cell(tab.premise());
            for j in 1..tab.len() {
                if tab.lits[j].is_in_cell(start) {
                    let r = if on_side {
                        TableRef::On(i)
                    } else {
                        TableRef::Off(i)
                    };
                    self.nice_loop(r, j);
                }
            }
        }
    }

    fn nice_loop(&mut self, r: TableRef, j: usize) {
        let tab = self.t.table(r);
        if tab.distance(j) <= 2 {
            return;
        }
        let end = tab.lits[j];
        let premise = tab.premise();
        // HoDoKu reads the first link off the table's second entry.
        let first_strong = tab.len() > 1 && tab.lits[1].on();
        let last_strong = end.on();
        let sc = self.t.lit_digit(premise);
        let ec = self.t.lit_digit(end);
        let start = self.t.lit_cell(premise);
        let cands = self.grid.candidates(start);
        let mut elims: Vec<Candidate> = Vec::new();
        let mut technique = Technique::DiscontinuousNiceLoop;
        if !first_strong && !last_strong && sc == ec {
            elims.push(Candidate::new(start, sc));
        } else if first_strong && last_strong && sc == ec {
            for d in cands {
                if d != sc {
                    elims.push(Candidate::new(start, d));
                }
            }
        } else if first_strong != last_strong && sc != ec {
            elims.push(Candidate::new(start, if first_strong { ec } else { sc }));
        } else if (!first_strong && !last_strong && cands.len() == 2 && sc != ec)
            || (first_strong && last_strong && sc != ec)
            || (first_strong != last_strong && sc == ec)
        {
            technique = Technique::ContinuousNiceLoop;
        } else {
            return;
        }
        // A discontinuous loop's eliminations do not depend on its chain.
        if technique == Technique::DiscontinuousNiceLoop {
            if elims.is_empty() {
                return;
            }
            elims.sort_by_key(|c| (c.digit, c.cell));
            if !self.may_win(&elims) {
                return;
            }
        }
        let Some(chain) = self.t.chain(r, end, Lasso::NiceLoop) else {
            return;
        };
        let lits: Vec<Lit> = chain.iter().filter_map(|e| e.lit()).collect();
        if lits.len() < 2 || self.t.lit_cell(lits[0]) == self.t.lit_cell(lits[1]) {
            return;
        }
        if technique == Technique::ContinuousNiceLoop {
            self.continuous_elims(
                &lits,
                start,
                sc,
                ec,
                first_strong && last_strong,
                &mut elims,
            );
            if elims.is_empty() {
                return;
            }
            elims.sort_by_key(|c| (c.digit, c.cell));
        }
        if lits.iter().any(|l| l.is_group()) {
            technique = match technique {
                Technique::ContinuousNiceLoop => Technique::GroupedContinuousNiceLoop,
                _ => Technique::GroupedDiscontinuousNiceLoop,
            };
        }
        self.record(Found {
            technique,
            elims,
            chain,
        });
    }

    /// A continuous loop's eliminations: cells with two strong links keep only those two
    /// digits; each weak link between cells removes its digit from cells seeing both ends.
    fn continuous_elims(
        &self,
        chain: &[Lit],
        start: crate::domain::Cell,
        sc: Digit,
        ec: Digit,
        both_strong: bool,
        elims: &mut Vec<Candidate>,
    ) {
        let t = self.t;
        let mut in_chain = CellSet::EMPTY;
        for &l in chain {
            in_chain |= t.lit_cells(l);
        }
        let n = chain.len();
        for i in 0..n {
            let cell_i = t.lit_cell(chain[i]);
            let two_strong_candidate = (i == 0 && both_strong)
                || (i > 0 && chain[i].on() && i + 2 < n && t.lit_cell(chain[i - 1]) != cell_i);
            if two_strong_candidate
                && (i == 0
                    || (!chain[i + 1].on()
                        && cell_i == t.lit_cell(chain[i + 1])
                        && chain[i + 2].on()
                        && t.lit_cell(chain[i + 1]) != t.lit_cell(chain[i + 2])))
            {
                let (c1, c2) = if i == 0 {
                    (sc, ec)
                } else {
                    (t.lit_digit(chain[i]), t.lit_digit(chain[i + 2]))
                };
                for d in self.grid.candidates(cell_i) {
                    if d != c1 && d != c2 {
                        elims.push(Candidate::new(cell_i, d));
                    }
                }
            }
            if i > 0 && !chain[i].on() && t.lit_cell(chain[i - 1]) != cell_i {
                let d = t.lit_digit(chain[i]);
                let mut common = t.lit_buddies(chain[i - 1]) & t.lit_buddies(chain[i]);
                common &= !in_chain;
                common.remove(start);
                common &= self.grid.cells_with(d);
                for c in common {
                    elims.push(Candidate::new(c, d));
                }
            }
        }
    }

    fn aics(&mut self) {
        for &i in self.t.live() {
            let (i, tab) = (i as usize, &self.t.off[i as usize]);
            let premise = tab.premise();
            let start = self.t.lit_cell(premise);
            let sc = self.t.lit_digit(premise);
            for j in 1..tab.len() {
                let l = tab.lits[j];
                if l.is_group() || !l.on() || self.t.lit_cell(l) == start {
                    continue;
                }
                let end = self.t.lit_cell(l);
                let ec = self.t.lit_digit(l);
                let ok = if sc == ec {
                    (start.peers() & end.peers() & self.grid.cells_with(sc)).len() >= 2
                } else {
                    start.sees(end)
                        && self.grid.candidates(end).contains(sc)
                        && self.grid.candidates(start).contains(ec)
                };
                if ok {
                    self.aic(TableRef::Off(i), j);
                }
            }
        }
    }

    fn aic(&mut self, r: TableRef, j: usize) {
        let tab = self.t.table(r);
        if tab.distance(j) <= 2 {
            return;
        }
        let premise = tab.premise();
        let end_lit = tab.lits[j];
        let (start, sc) = (self.t.lit_cell(premise), self.t.lit_digit(premise));
        let (end, ec) = (self.t.lit_cell(end_lit), self.t.lit_digit(end_lit));
        let mut elims = Vec::new();
        if sc == ec {
            let common = start.peers() & end.peers() & self.grid.cells_with(sc);
            if common.len() > 1 {
                elims.extend(common.iter().map(|c| Candidate::new(c, sc)));
            }
        } else {
            if self.grid.candidates(start).contains(ec) {
                elims.push(Candidate::new(start, ec));
            }
            if self.grid.candidates(end).contains(sc) {
                elims.push(Candidate::new(end, sc));
            }
        }
        if elims.is_empty() {
            return;
        }
        elims.sort_by_key(|c| (c.digit, c.cell));
        if !self.may_win(&elims) {
            return;
        }
        let Some(chain) = self.t.chain(r, end_lit, Lasso::Aic) else {
            return;
        };
        let technique = if chain.iter().filter_map(|e| e.lit()).any(|l| l.is_group()) {
            Technique::GroupedAic
        } else {
            Technique::Aic
        };
        self.record(Found {
            technique,
            elims,
            chain,
        });
    }
}

/// Every nice loop and AIC of the state in HoDoKu's discovery order (one per elimination set).
fn collect(grid: &Grid, t: &Tables) -> Vec<Found> {
    search(grid, t, false).found
}

fn search<'a>(grid: &'a Grid, t: &'a Tables, all: bool) -> Search<'a> {
    let mut s = Search {
        grid,
        t,
        found: Vec::new(),
        by_elims: HashMap::new(),
        min_rank: None,
        all,
    };
    s.loops(true);
    s.loops(false);
    s.aics();
    s
}

/// The slot's finder, which leads with its hint's step: HoDoKu's hint is the best loop by its
/// comparator ([`compare`], which is not a strict order: the first found wins among steps it
/// does not tell apart), from a search that skips building chains that cannot win; its list
/// is every loop and AIC, one per technique and set of eliminations (the shortest chain),
/// sorted: most eliminations, then smallest index sum, then shortest chain, then order found.
/// The finder reports the hint's step, then, if the sink goes on, the whole list from a second,
/// full search (the table marks it as leading).
fn loops(grid: &Grid, ctx: &Context, build: Build, out: &mut Sink<'_>) -> ControlFlow<()> {
    let t = tables_for(grid, &ctx.caches, build);
    let Some(best) = first_best(collect(grid, &t), compare) else {
        return ControlFlow::Continue(());
    };
    out(to_step(&t, &best))?;
    let s = search(grid, &t, true);
    let mut kept: Vec<usize> = s.by_elims.values().copied().collect();
    kept.sort_by_key(|&k| {
        let f = &s.found[k];
        (rank(&f.elims), f.chain.len(), k)
    });
    kept.into_iter()
        .try_for_each(|k| out(to_step(&t, &s.found[k])))
}

/// The loops and AICs as HoDoKu's all-steps search lists them: every one its search keeps,
/// also those a shorter chain with the same eliminations follows (HoDoKu adds the shorter one
/// and leaves the longer one listed), sorted as [`loops`] sorts its list.
fn listed(grid: &Grid, ctx: &Context, build: Build, out: &mut Sink<'_>) -> ControlFlow<()> {
    let t = tables_for(grid, &ctx.caches, build);
    let s = search(grid, &t, true);
    let mut kept: Vec<usize> = (0..s.found.len()).collect();
    kept.sort_by_key(|&k| {
        let f = &s.found[k];
        (rank(&f.elims), f.chain.len(), k)
    });
    kept.into_iter()
        .try_for_each(|k| out(to_step(&t, &s.found[k])))
}

/// The step of a found loop or AIC, with HoDoKu's text (`toString(2)`).
fn to_step(t: &Tables, f: &Found) -> Step {
    let mut step = Step::new(f.technique);
    let mut elims = f.elims.clone();
    elims.dedup();
    let lits: Vec<Lit> = f.chain.iter().filter_map(|e| e.lit()).collect();
    let chains = vec![t.links(&f.chain)];
    let mut cells = Vec::new();
    for &l in &lits {
        for c in t.lit_cells(l) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    step.facts = Facts::Chain {
        digits: Vec::new(),
        cells,
        houses: Vec::new(),
        marks: Vec::new(),
        chains,
    };
    let mut digits: Vec<Digit> = elims.iter().map(|c| c.digit).collect();
    digits.sort();
    digits.dedup();
    let digits_text = digits
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/");
    let mut body = chain_text(t, &lits);
    match f.technique {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => {
            let first_cell = t.lit_cell(lits[0]);
            let mut s = 0;
            while s < lits.len() && t.lit_cell(lits[s]) == first_cell {
                s += 1;
            }
            let last_cell = t.lit_cell(lits[lits.len() - 1]);
            let mut e = lits.len() - 1;
            while e > 0 && t.lit_cell(lits[e]) == last_cell {
                e -= 1;
            }
            e += 1;
            let sd = lits
                .get(s)
                .map_or(String::new(), |l| t.lit_digit(*l).to_string());
            body = format!("{}= {body} ={sd}", t.lit_digit(lits[e]));
        }
        Technique::Aic | Technique::GroupedAic => {
            body = format!(
                "{}- {body} -{}",
                t.lit_digit(lits[0]),
                t.lit_digit(lits[lits.len() - 1])
            );
        }
        _ => {}
    }
    step.text = format!(
        "{}: {digits_text} {body} => {}",
        f.technique.name(),
        eliminations_text(&elims)
    );
    step.eliminations = elims;
    step
}

/// HoDoKu's chain text: nodes joined by `=d=` (into a set candidate) or `-d-`; a link inside
/// one cell is not printed.
pub(crate) fn chain_text(t: &Tables, lits: &[Lit]) -> String {
    let mut out = String::new();
    let mut last: Option<crate::domain::Cell> = None;
    for (i, &l) in lits.iter().enumerate() {
        let cell = t.lit_cell(l);
        if last == Some(cell) {
            continue;
        }
        last = Some(cell);
        if i > 0 {
            let d = t.lit_digit(l);
            if l.on() {
                out.push_str(&format!(" ={d}= "));
            } else {
                out.push_str(&format!(" -{d}- "));
            }
        }
        out.push_str(&t.node_text(l));
    }
    out
}

/// Nice loops and AICs without group nodes (slot 5600); see [`loops`].
pub fn find_nice_loops(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    loops(grid, ctx, Build::Chains, out)
}

/// Nice loops and AICs with group nodes (slot 5650); as HoDoKu's `getStep`, the best loop of the
/// grouped search is reported even when it has no group node. See [`loops`].
pub fn find_grouped_nice_loops(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    loops(grid, ctx, Build::GroupedChains, out)
}

/// Nice loops and AICs without group nodes as the all-steps list has them ([`listed`]).
pub fn list_nice_loops(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    listed(grid, ctx, Build::Chains, out)
}

/// Nice loops and AICs with group nodes as the all-steps list has them ([`listed`]).
pub fn list_grouped_nice_loops(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    listed(grid, ctx, Build::GroupedChains, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, elims, library};

    #[test]
    fn discontinuous_loop_from_the_spec_state() {
        // HoDoKu 2.2's example (docs/hodoku.md §2): `:0707:469:...:414 614 914::13`.
        let g = library(":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:144 146 481 482 882 483 883 484 684 486 686 188 189 498 499::");
        let s = finder::first(find_nice_loops, &g, &ctx()).expect("a loop");
        assert_eq!(s.technique, Technique::DiscontinuousNiceLoop);
        assert_eq!(elims(&s), "414 614 914");
        assert_eq!(s.library_fields().extra, "13");
        assert!(
            s.text.starts_with("Discontinuous Nice Loop: 4/6/9 r1c4 "),
            "{}",
            s.text
        );
        assert!(
            s.text.ends_with(" => r1c4<>4, r1c4<>6, r1c4<>9"),
            "{}",
            s.text
        );
    }

    /// States along HoDoKu 2.2's path of a diabolical-160 puzzle, with HoDoKu's step there.
    const GROUPED_STATE: &str = ":0000:x:7...4...6...759..+29..8+61..3...524.+3..3....+42.4.......75.1...2.8.8.....1.2.9...3.4:212 213 313 623 843 147 753 167 384 385 386 795 796::";
    const CONTINUOUS_STATE: &str = ":0000:x:7...4...6...759.+4+29..8+61..3..+7524.+3..3....+42.4.......75.1...2.8.8.....1.2.9+1+8+53.4:212 213 313 517 518 623 532 533 141 642 147 947 851 863 167 668 384 984 385 386 786 687::";
    const AIC_STATE: &str = ":0000:x:2..+35+9+1.6+31.+6+2+7.9.6.+98+41.+23..7+29+46.+1.+2+67+13+9+5.9.+1+58+6..21+9+2+4+7+8+3+65.6.9+32.1+7+7.3+16+52.+9:418 423::";

    #[test]
    fn continuous_loop_as_hodoku() {
        let s = finder::first(find_nice_loops, &library(CONTINUOUS_STATE), &ctx()).expect("a loop");
        assert_eq!(s.technique, Technique::ContinuousNiceLoop);
        assert_eq!(elims(&s), "563 656 775 817 867 987");
        assert!(
            s.text
                .starts_with("Continuous Nice Loop: 5/6/7/8/9 9= r1c7 =1= r1c2 "),
            "{}",
            s.text
        );
    }

    #[test]
    fn aic_as_hodoku() {
        let s = finder::first(find_nice_loops, &library(AIC_STATE), &ctx()).expect("an AIC");
        assert_eq!(s.technique, Technique::Aic);
        assert_eq!(elims(&s), "459 829");
        // An AIC's text opens and closes with its end digits.
        assert!(s.text.starts_with("AIC: 4/8 "), "{}", s.text);
    }

    #[test]
    fn grouped_loop_only_with_group_nodes() {
        let g = library(GROUPED_STATE);
        assert_eq!(finder::first(find_nice_loops, &g, &ctx()), None);
        let s = finder::first(find_grouped_nice_loops, &g, &ctx()).expect("a grouped loop");
        assert_eq!(s.technique, Technique::GroupedDiscontinuousNiceLoop);
        assert_eq!(elims(&s), "863");
        assert!(s.chains()[0]
            .iter()
            .any(|l| matches!(l.to, crate::solver::ChainNode::Group { .. })));
    }

    #[test]
    fn the_list_keeps_a_longer_aic_a_shorter_one_follows() {
        let g = library(":0000:x:.........53.2.9.76...7.6..+37..+9....4.4.5.2.8.15.+43..6946.895.328...2...5..+5......:212 117 127 232 137 243 843 147 353 757 187 787 991 792 695 796 197 797::");
        let with = |find, e: &str| -> Vec<String> {
            finder::every(find, &g, &ctx())
                .into_iter()
                .filter(|s| s.technique == Technique::Aic && elims(s) == e)
                .map(|s| s.text)
                .collect()
        };
        // HoDoKu's search meets the longer chain first and keeps it when the shorter one comes.
        let longer = "AIC: 1 1- r4c6 -8- r6c6 -7- r6c7 =7= r7c7 =1= r5c7 -1 => r4c8,r5c5<>1";
        let listed = with(list_nice_loops, "148 155");
        assert_eq!(listed.len(), 2, "{listed:?}");
        assert_eq!(listed[1], longer);
        // The hint's list keeps the shorter one only (after the hint's own step).
        let hint = with(find_nice_loops, "148 155");
        assert!(!hint.iter().any(|t| t == longer), "{hint:?}");
    }
}
