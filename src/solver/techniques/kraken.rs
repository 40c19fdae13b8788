//! Kraken fish (slot `kf`, 8450: Type 1 0371, Type 2 0372): a finned fish that eliminates
//! nothing by itself, completed by chains from its fins.
//!
//! In a finned fish either the fish holds (no fin is true) or one of the fins is true:
//! * Type 1: a candidate the fish would eliminate without its fins (a cover candidate outside
//!   the base sets, or a base candidate in two cover sets) is eliminated when every fin, set,
//!   implies it deleted. The eliminated candidate has the fish's digit.
//! * Type 2: when the fish holds, one base candidate of each cover set is true (base candidates
//!   in two cover sets are false). So a candidate that every non-cannibalistic base candidate
//!   of one cover set and every fin implies deleted is false. It may have any digit. Cover sets
//!   that hold base candidates only are skipped (that would be a plain forcing chain).
//!
//! HoDoKu 2.2's search with its default Kraken options: basic and Franken fish of two to four
//! base sets, one or two fins, no endo fins; the fish come from the general search
//! ([`super::fish::search`]) in its order (digits ascending, rows as base sets before columns,
//! base and cover combinations in lexicographic order). For each fish without eliminations of
//! its own, Type 1 is tried (potential eliminations in cell order), then Type 2 (cover sets in
//! house order, then the digit of the eliminated candidate, then its cell); the first found is
//! the step. Implications come from the forcing-chain tables ([`super::tabling`], group nodes,
//! no nets); the step carries one chain per fin (Type 1) or per base candidate of the cover set
//! and fin (Type 2), in cell order, each from that candidate set to the eliminated candidate.

use std::ops::ControlFlow;

use super::common::index_sum;
use super::fish::{self, FishCandidate, FishCategory, FishKind, FishSearch, FishShape};
use super::tabling::{tables_for, Build, Lasso, Lit, TableRef, Tables};
use super::Context;
use crate::domain::{CellSet, Digit, House};
use crate::solver::finder::Sink;
use crate::solver::step::eliminations_text;
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

/// HoDoKu's `KRAKEN_MAX_FISH_SIZE`: at most four base sets.
pub const MAX_SIZE: usize = 4;
/// HoDoKu's `MAX_KRAKEN_FINS`: at most two fins.
pub const MAX_FINS: u32 = 2;
/// HoDoKu's `MAX_KRAKEN_ENDO_FINS`: no endo fins.
pub const MAX_ENDO_FINS: u32 = 0;

/// The general search as the Kraken search runs it: basic and Franken fish (HoDoKu's
/// `KRAKEN_MAX_FISH_TYPE` 1), sizes 2 to [`MAX_SIZE`], finned, every combination whether or
/// not it eliminates anything.
fn kraken_search() -> FishSearch {
    let mut p = FishSearch::new(FishShape::Franken, 2, true);
    p.max_size = MAX_SIZE;
    p.max_fins = MAX_FINS;
    p.max_endo_fins = MAX_ENDO_FINS;
    p.min_base_candidates = 1;
    p.need_eliminations = false;
    p
}

/// A Kraken fish found: its type, the eliminated candidate and the candidates its chains start
/// from (all with the fish's digit).
struct Kraken {
    technique: Technique,
    target: Candidate,
    starts: CellSet,
}

/// What each candidate of one digit implies deleted, copied out of the tables into one small
/// array (the fish search asks it for thousands of fish per state).
struct Implied {
    /// The digit loaded, if any.
    digit: Option<Digit>,
    /// Per cell: the cells where each digit is deleted when the cell holds `digit`.
    off: [[CellSet; 9]; 81],
    /// The candidates of each digit.
    cands: [CellSet; 9],
}

impl Implied {
    fn new(grid: &Grid) -> Implied {
        Implied {
            digit: None,
            off: [[CellSet::EMPTY; 9]; 81],
            cands: Digit::ALL.map(|e| grid.cells_with(e)),
        }
    }

    /// Fills the array for `d` (once per digit: the search takes the digits in order).
    fn load(&mut self, grid: &Grid, t: &Tables, d: Digit) {
        if self.digit == Some(d) {
            return;
        }
        self.digit = Some(d);
        for c in grid.cells_with(d) {
            self.off[c.index()] = t.on[c.index() * 9 + d.index()].off_sets;
        }
    }

    /// Per digit, the candidates that every candidate of `starts`, set, implies deleted.
    fn deleted_by_all(&self, starts: CellSet) -> [CellSet; 9] {
        let mut acc = self.cands;
        for s in starts {
            let off = &self.off[s.index()];
            for (a, o) in acc.iter_mut().zip(off) {
                *a &= *o;
            }
        }
        acc
    }
}

/// The Kraken fish of one base/cover combination, if any (HoDoKu's `searchForKraken`).
fn kraken_of(imp: &Implied, f: &FishCandidate) -> Option<Kraken> {
    let d = f.digit;
    let fins = f.all_fins();
    // Type 1: a potential elimination every fin deletes.
    let by_fins = imp.deleted_by_all(fins);
    if let Some(target) = (by_fins[d.index()] & f.potential_eliminations()).first() {
        return Some(Kraken {
            technique: Technique::KrakenFishType1,
            target: Candidate::new(target, d),
            starts: fins,
        });
    }
    if by_fins.iter().all(|s| s.is_empty()) {
        return None;
    }
    // Type 2: per cover set, its non-cannibalistic base candidates and the fins.
    for &h in f.cover() {
        let in_cover = f.candidates & h.cells();
        let own = in_cover & f.base_cells & !f.cannibal;
        if own == in_cover {
            continue;
        }
        let starts = own | fins;
        let mut acc = by_fins;
        for s in own {
            let off = &imp.off[s.index()];
            for (a, o) in acc.iter_mut().zip(off) {
                *a &= *o;
            }
        }
        for e in Digit::ALL {
            if let Some(target) = (acc[e.index()] & !starts).first() {
                return Some(Kraken {
                    technique: Technique::KrakenFishType2,
                    target: Candidate::new(target, e),
                    starts,
                });
            }
        }
    }
    None
}

/// The fish's category as HoDoKu names a Kraken fish's fish (`createFishStep`): Franken only
/// when each side has lines of its kind, so boxes alone on one side make it Mutant.
fn category(f: &FishCandidate) -> FishCategory {
    const ROW: u8 = 1;
    const COL: u8 = 2;
    const BOX: u8 = 4;
    let mask = |houses: &[House]| {
        houses.iter().fold(0u8, |m, h| {
            m | match h {
                House::Row(_) => ROW,
                House::Col(_) => COL,
                House::Box(_) => BOX,
            }
        })
    };
    let (b, c) = (mask(f.base()), mask(f.cover()));
    let franken_side = |m: u8, line: u8| m == line || m == line | BOX;
    if (b == ROW && c == COL) || (b == COL && c == ROW) {
        FishCategory::Basic
    } else if (franken_side(b, ROW) && franken_side(c, COL))
        || (franken_side(b, COL) && franken_side(c, ROW))
    {
        FishCategory::Franken
    } else {
        FishCategory::Mutant
    }
}

/// The step of a Kraken fish: the fish's fields, the eliminated candidate, one chain per start,
/// and HoDoKu's text (`toString(2)`) without its chain lines:
/// `Kraken Fish Type 1:  => r5c4<>5  Finned Swordfish: 5 r139 c268 fr2c3`.
fn kraken_step(t: &Tables, f: &FishCandidate, k: &Kraken) -> Option<Step> {
    let sub =
        Technique::of_fish(FishKind::finned(category(f), f.size()).with_sashimi(f.is_sashimi()));
    let mut step = fish::fish_step(sub, f, CellSet::EMPTY);
    let fish_text = step
        .text
        .strip_suffix(" => ")
        .unwrap_or(&step.text)
        .to_string();
    step.technique = k.technique.into();
    step.eliminations = vec![k.target];
    let end = Lit::cand(k.target.cell, k.target.digit, false);
    let mut chains = Vec::with_capacity(k.starts.len() as usize);
    for s in k.starts {
        let r = TableRef::On(s.index() * 9 + f.digit.index());
        let chain = t.chain(r, end, Lasso::None)?;
        chains.push(t.links(&chain));
    }
    let Facts::Fish(fish) = std::mem::replace(&mut step.facts, Facts::None) else {
        unreachable!("a fish step has fish facts")
    };
    step.facts = Facts::Kraken { fish, chains };
    step.text = format!(
        "{}:  => {}  {}",
        k.technique.name(),
        eliminations_text(&step.eliminations),
        fish_text
    );
    Some(step)
}

/// Kraken fish (slot 8450), a finder that leads with its hint's step: HoDoKu's hint is the
/// first Kraken fish of the fish search, its list every one sorted (`Collections.sort`): most
/// eliminations first, then the smallest index sum of the eliminations, then the shorter
/// chains, the search order among equals. The finder reports the first found, then, if the
/// sink goes on, the whole sorted list (the table marks it as leading).
pub fn find_kraken_fish(grid: &Grid, ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    let mut first = None;
    krakens(grid, ctx, &mut |s| {
        first = Some(s);
        ControlFlow::Break(())
    });
    let Some(first) = first else {
        return ControlFlow::Continue(());
    };
    out(first)?;
    let mut all = Vec::new();
    krakens(grid, ctx, &mut |s| {
        all.push(s);
        ControlFlow::Continue(())
    });
    all.sort_by_cached_key(|s| {
        let mut e = s.eliminations.clone();
        e.sort_by_key(|c| (c.digit, c.cell));
        let chain: usize = s.chains().iter().map(Vec::len).sum();
        (std::cmp::Reverse(e.len()), index_sum(e), chain)
    });
    all.into_iter().try_for_each(out)
}

/// Every Kraken fish in the order of the fish search, each to `each` until it answers `Break`.
fn krakens(grid: &Grid, ctx: &Context, each: &mut Sink<'_>) {
    let t = tables_for(grid, &ctx.caches, Build::GroupedChains);
    let p = kraken_search();
    let mut imp = Box::new(Implied::new(grid));
    let _ = fish::search(grid, Digit::ALL, &p, |f| {
        if !f.eliminations().is_empty() {
            return ControlFlow::Continue(());
        }
        imp.load(grid, &t, f.digit);
        match kraken_of(&imp, f).and_then(|k| kraken_step(&t, f, &k)) {
            Some(step) => each(step),
            None => ControlFlow::Continue(()),
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{cand, ctx, elims, library};
    use crate::solver::{ChainNode, LinkKind};

    /// States on HoDoKu 2.2's paths with Kraken fish switched on (a top1465 puzzle and a
    /// diabolical one), with HoDoKu's step there.
    const TYPE_1: &str = ":0000:x:.5.3.7.4.1.....+3...3.......5.8.3.61+2...8..5.9.6..1+5+4......4..+26...6927..+6.2...9..:922 923 224 524 528 728 828 829 931 933 434 534 835 636 137 538 738 838 139 839 753 763 769 172 774 589 792 595 898 599::";
    const TYPE_2: &str = ":0000:x:..64.15+3.3..5.9..1....3....2.5...7.3.3.+74+5.2.67...+3.58.6.9.7.8.....5......23.49..:638 142 842 648::";
    /// The same puzzle two steps on: HoDoKu finds no Kraken fish and goes on to a forcing chain.
    const NONE: &str = ":0000:x:..64.15+3.3..5.9..1....3....2.5...7.3.3.+74+5.2.67...+3.58.6.9.7.8.....5......23.49..:932 638 142 842 648 487::";

    #[test]
    fn type_1_as_hodoku() {
        let s = finder::first(find_kraken_fish, &library(TYPE_1), &ctx()).expect("a Kraken fish");
        assert_eq!(s.technique, Technique::KrakenFishType1);
        assert_eq!(elims(&s), "422");
        assert_eq!(
            s.text,
            "Kraken Fish Type 1:  => r2c2<>4  Finned Franken Jellyfish: 4 r23b47 c12b12 fr5c3 fr8c3"
        );
        let f = s.library_fields();
        assert_eq!((f.code.as_str(), f.digits.as_str()), ("0371", "4"));
        assert_eq!(f.extra, "");
        // One chain per fin, each from the fin set to r2c2<>4 (HoDoKu: `r5c3 =1= r5c2 =2=
        // r2c2`, `r8c3 =5= r7c3 -5- r7c4 -1- r3c4 =1= r3c6 =4= r2c46 -4- r2c2`).
        assert_eq!(s.chains().len(), 2);
        let first = &s.chains()[0];
        assert_eq!(first[0].from, cand(4, 5, 3));
        assert_eq!(first.last().unwrap().to, cand(4, 2, 2));
        assert_eq!(first.last().unwrap().kind, LinkKind::Weak);
        assert_eq!(s.chains()[1][0].from, cand(4, 8, 3));
        assert!(s.chains()[1].iter().any(|l| matches!(
            l.to,
            ChainNode::Group { cells, .. } if cells.len() == 2
        )));
    }

    #[test]
    fn type_2_as_hodoku() {
        let s = finder::first(find_kraken_fish, &library(TYPE_2), &ctx()).expect("a Kraken fish");
        assert_eq!(s.technique, Technique::KrakenFishType2);
        assert_eq!(elims(&s), "932");
        assert_eq!(
            s.text,
            "Kraken Fish Type 2:  => r3c2<>9  Finned Franken Jellyfish: 1 r346b7 c123b5 fr4c8 fr6c7"
        );
        let f = s.library_fields();
        assert_eq!((f.code.as_str(), f.digits.as_str()), ("0372", "1"));
        // One chain per base candidate of the cover set and per fin, in cell order.
        let starts: Vec<ChainNode> = s.chains().iter().map(|c| c[0].from).collect();
        assert_eq!(
            starts,
            [
                cand(1, 3, 1),
                cand(1, 4, 8),
                cand(1, 6, 7),
                cand(1, 7, 1),
                cand(1, 8, 1),
                cand(1, 9, 1)
            ]
        );
        for c in s.chains() {
            assert_eq!(c.last().unwrap().to, cand(9, 3, 2));
            assert_eq!(c.last().unwrap().kind, LinkKind::Weak);
        }
        // HoDoKu: `r3c1 =5= r3c2`: r3c1=1 deletes its 5, which puts 5 in r3c2.
        assert_eq!(s.chains()[0].len(), 3);
        assert_eq!(s.eureka().unwrap().branches[0].chain, "(1-5)r3c1=(5-9)r3c2");
    }

    #[test]
    fn boxes_alone_as_cover_sets_make_a_mutant_fish_as_in_hodoku() {
        let g = library(":0000:x:..5+47....674..9...+1..2+65+49+7..7..48.1.4.....3.5.18..7..+71.6+52...+4..9..275.+5..4.6+1.:311 811 312 812 218 219 125 383::");
        let s = finder::first(find_kraken_fish, &g, &ctx()).expect("a Kraken fish");
        assert_eq!(
            s.text,
            "Kraken Fish Type 2:  => r2c8<>8  Finned Mutant Swordfish: 2 r125 b134 fr5c5 fr5c9"
        );
        assert_eq!(s.library_fields().code, "0372");
        assert_eq!(s.chains().len(), 4);
    }

    #[test]
    fn no_kraken_fish_where_hodoku_finds_none() {
        assert_eq!(
            finder::first(find_kraken_fish, &library(NONE), &ctx()),
            None
        );
    }

    #[test]
    fn a_kraken_fish_is_a_finned_fish_without_eliminations_of_its_own() {
        for line in [TYPE_1, TYPE_2] {
            let s = finder::first(find_kraken_fish, &library(line), &ctx()).unwrap();
            let Facts::Kraken { fish: f, .. } = &s.facts else {
                panic!("{:?}", s.facts)
            };
            let fins: CellSet = f.fins.iter().map(|c| c.cell).collect();
            assert!(!fins.is_empty() && fins.len() <= MAX_FINS);
            assert!(f.endo_fins.is_empty());
            assert!((2..=MAX_SIZE).contains(&f.base.len()));
            assert_eq!(f.base.len(), f.cover.len());
        }
    }
}
