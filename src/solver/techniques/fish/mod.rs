//! Every fish comes from one general search ([`search`]) with parameters: its size (2-7 base
//! sets), the houses it may use ([`FishShape`]: rows against columns; Franken adds boxes on both
//! sides; Mutant allows any house on either side), and whether it must be finless or finned (at
//! most [`MAX_FINS`] fins, of which at most [`MAX_ENDO_FINS`] endo fins: base candidates that lie
//! in two base sets).
//!
//! The search follows HoDoKu's order (hodoku-py's `FishSolver`): digits ascending; for basic and
//! Franken fish rows as base sets first, then columns; base-set combinations in lexicographic
//! order of the base pool (houses in index order: rows, columns, boxes); for each, cover-set
//! combinations in lexicographic order of the houses that are not base sets and meet a base
//! candidate. A slot's finder reports every fish of its exact category (basic, Franken or
//! Mutant; finned or sashimi for finned basic fish) that eliminates something, in that order (the
//! first is the hint's). No Siamese fish
//! (`ALLOW_DUALS_AND_SIAMESE=false`).
//!
//! Eliminations: every cover candidate outside the base sets, plus every candidate in two cover
//! sets (cannibalism); for a finned fish only those that see every fin (endo fins included).
//!
//! [`search`] hands every base/cover combination that passes the fin rules to a visitor, whether
//! or not it eliminates anything, so Kraken fish can enumerate finned fish with their fins.

use std::ops::ControlFlow;

use super::Context;
use crate::domain::{Cell, CellSet, Digit, House};
use crate::solver::cache::Caches;
use crate::solver::finder::Sink;
pub use crate::solver::step::facts::{FishCategory, FishKind};
use crate::solver::step::{eliminations_text, Facts, FishFacts};
use crate::solver::{Candidate, Grid, Step, Technique};

mod steps;
mod walk;

use steps::*;
pub use steps::{fish_step, fish_step_covered};
use walk::*;

/// HoDoKu's `MAX_FINS`: at most this many fins (endo fins included).
pub const MAX_FINS: u32 = 5;
/// HoDoKu's `MAX_ENDO_FINS`: at most this many endo fins.
pub const MAX_ENDO_FINS: u32 = 2;

/// Which houses the search may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FishShape {
    /// Rows against columns (and columns against rows).
    Basic,
    /// Rows and boxes against columns and boxes (and columns and boxes against rows and boxes).
    Franken,
    /// Any house as base or cover set.
    Mutant,
}

/// The finder of a fish technique (each fish slot's, bound by the technique table): every fish
/// of the technique's kind that eliminates something, in HoDoKu's order. For a basic fish the
/// first comes from the walk that the basic fish slots of one state share ([`first_basic`],
/// which meets it first as the fish's own search does); if the sink goes on, the fish's own
/// search reports the rest.
pub fn find(grid: &Grid, ctx: &Context, t: Technique, out: &mut Sink<'_>) -> ControlFlow<()> {
    let k = t.fish().expect("a fish technique");
    let caches = &ctx.caches;
    if k.category != FishCategory::Basic {
        return fish_searched(grid, caches, k, out);
    }
    let Some(first) = first_basic(grid, caches, k.size, k.finned, k.sashimi) else {
        return ControlFlow::Continue(());
    };
    let text = first.text.clone();
    out(first)?;
    let mut lead = true;
    fish_searched(grid, caches, k, &mut |s| {
        if std::mem::take(&mut lead) {
            debug_assert_eq!(s.text, text, "the shared walk meets the first fish first");
            return ControlFlow::Continue(());
        }
        out(s)
    })
}

/// The parameters of one search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FishSearch {
    pub shape: FishShape,
    /// Smallest number of base sets (2..=7).
    pub min_size: usize,
    /// Largest number of base sets (2..=7, at least `min_size`).
    pub max_size: usize,
    /// `false`: only finless fish; `true`: only fish with one to `max_fins` fins.
    pub finned: bool,
    pub max_fins: u32,
    pub max_endo_fins: u32,
    /// Base sets need at least this many candidates (HoDoKu's finless basic fish use 2).
    pub min_base_candidates: u32,
    /// Only combinations that can eliminate something: all fins see a common candidate. Off
    /// for searches that use fish without direct eliminations (Kraken fish).
    pub need_eliminations: bool,
    /// HoDoKu's walk for its all-steps list (with `finned`): finless and finned fish in one
    /// walk, every cover combination (none left out for covering the base sets early), and each
    /// fish knows the cover sets HoDoKu's list leaves out ([`FishCandidate::listed_cover`]).
    pub all_steps: bool,
}

impl FishSearch {
    /// A search for fish of exactly `size` base sets with HoDoKu's default fin limits.
    pub const fn new(shape: FishShape, size: usize, finned: bool) -> FishSearch {
        FishSearch {
            shape,
            min_size: size,
            max_size: size,
            finned,
            max_fins: MAX_FINS,
            max_endo_fins: MAX_ENDO_FINS,
            min_base_candidates: if matches!(shape, FishShape::Basic) && !finned {
                2
            } else {
                1
            },
            need_eliminations: true,
            all_steps: false,
        }
    }

    /// A search for HoDoKu's all-steps list: every fish of `min_size..=max_size` base sets,
    /// finless and finned, in one walk.
    pub const fn all_steps(shape: FishShape, min_size: usize, max_size: usize) -> FishSearch {
        let mut p = FishSearch::new(shape, max_size, true);
        p.min_size = min_size;
        p.all_steps = true;
        p
    }
}

/// One base/cover combination the search found (its sets, fins and cannibalistic cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FishCandidate {
    pub digit: Digit,
    base: [House; 7],
    cover: [House; 7],
    size: usize,
    /// The digit's candidates in the base sets.
    pub base_cells: CellSet,
    /// The digit's candidates in the cover sets.
    pub cover_cells: CellSet,
    /// Base candidates outside every cover set (endo fins among them included).
    pub uncovered: CellSet,
    /// Base candidates in two base sets.
    pub endo_fins: CellSet,
    /// Candidates in two cover sets.
    pub cannibal: CellSet,
    /// Every candidate of the digit.
    pub candidates: CellSet,
    /// The cover sets (bits by position) HoDoKu's all-steps list leaves out.
    forgotten: u8,
}

impl FishCandidate {
    /// The base sets, in house index order.
    pub fn base(&self) -> &[House] {
        &self.base[..self.size]
    }
    /// The cover sets, in house index order.
    pub fn cover(&self) -> &[House] {
        &self.cover[..self.size]
    }
    pub fn size(&self) -> usize {
        self.size
    }
    /// Every fin: the uncovered base candidates and the endo fins.
    pub fn all_fins(&self) -> CellSet {
        self.uncovered | self.endo_fins
    }
    /// The fins HoDoKu lists as plain fins: uncovered base candidates that are not endo fins.
    pub fn exo_fins(&self) -> CellSet {
        self.uncovered.difference(self.endo_fins)
    }
    /// The fish's body: base candidates that are not fins.
    pub fn body(&self) -> CellSet {
        self.base_cells.difference(self.all_fins())
    }
    /// What the fish would eliminate without its fins: cover candidates outside the base sets
    /// and candidates in two cover sets.
    pub fn potential_eliminations(&self) -> CellSet {
        self.cover_cells.difference(self.base_cells) | self.cannibal
    }
    /// The eliminations: the potential ones that see every fin.
    pub fn eliminations(&self) -> CellSet {
        let fins = self.all_fins();
        if fins.is_empty() {
            self.potential_eliminations()
        } else {
            self.potential_eliminations() & common_peers(fins)
        }
    }
    pub fn category(&self) -> FishCategory {
        category(self.base(), self.cover())
    }
    /// The cover sets as HoDoKu's all-steps list shows them (see [`Searcher::forgotten`]): all
    /// of them, but for an [`FishSearch::all_steps`] walk.
    pub fn listed_cover(&self) -> Vec<House> {
        (0..self.size)
            .filter(|k| self.forgotten >> k & 1 == 0)
            .map(|k| self.cover[k])
            .collect()
    }
    /// The kind HoDoKu's all-steps list gives the fish (its `createFishStep`): basic for rows
    /// against columns (or the other way round); Franken for rows, or rows and boxes, against
    /// columns, or columns and boxes (or the other way round); every other fish Mutant (boxes
    /// alone on a side too), by the base sets and the listed cover sets. Sashimi (basic fish
    /// only) when a base set keeps at most one candidate besides the fins, even without fins
    /// (a base set with one candidate), else finned when it has fins.
    pub fn listed_kind(&self) -> FishKind {
        let (b, c) = (kind_bits(self.base()), kind_bits(&self.listed_cover()));
        let category = if (b, c) == (ROW, COL) || (b, c) == (COL, ROW) {
            FishCategory::Basic
        } else if [(ROW, COL), (COL, ROW)]
            .iter()
            .any(|&(l, m)| (b == l || b == l | BOX) && (c == m || c == m | BOX))
        {
            FishCategory::Franken
        } else {
            FishCategory::Mutant
        };
        let fins = self.all_fins();
        let sashimi = category == FishCategory::Basic
            && self
                .base()
                .iter()
                .any(|h| (self.candidates & h.cells()).difference(fins).len() <= 1);
        FishKind {
            category,
            size: self.size,
            finned: sashimi || !fins.is_empty(),
            sashimi,
        }
        .normalized()
    }
    /// HoDoKu's sashimi test (basic fish only): some base set keeps at most one candidate once
    /// its fins are removed.
    pub fn is_sashimi(&self) -> bool {
        let fins = self.all_fins();
        self.category() == FishCategory::Basic
            && self
                .base()
                .iter()
                .any(|h| (self.candidates & h.cells()).difference(fins).len() <= 1)
    }
}

const ROW: u8 = 1;
const COL: u8 = 2;
const BOX: u8 = 4;

fn kind_bits(houses: &[House]) -> u8 {
    houses.iter().fold(0, |a, h| {
        a | match h {
            House::Row(_) => ROW,
            House::Col(_) => COL,
            House::Box(_) => BOX,
        }
    })
}

fn category(base: &[House], cover: &[House]) -> FishCategory {
    let (b, c) = (kind_bits(base), kind_bits(cover));
    if (b == ROW && c == COL) || (b == COL && c == ROW) {
        FishCategory::Basic
    } else if (b & !(ROW | BOX) == 0 && c & !(COL | BOX) == 0)
        || (b & !(COL | BOX) == 0 && c & !(ROW | BOX) == 0)
    {
        FishCategory::Franken
    } else {
        FishCategory::Mutant
    }
}

/// Whether the set bits (line numbers) lie within one group of three.
fn in_one_chute(mask: u16) -> bool {
    mask & 0o007 == mask || mask & 0o070 == mask || mask & 0o700 == mask
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
}

/// Cells seeing every cell of `cells`.
fn common_peers(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::ALL, |acc, c| acc & c.peers())
}

#[derive(Copy, Clone)]
struct Unit {
    house: House,
    cells: u128,
    /// For a row or column: the perpendicular lines its candidates lie in (9 bits).
    lines: u16,
    /// For a row or column: its own bit among the lines of its kind.
    line_bit: u16,
}

/// The base and cover pools of one digit and orientation (hodoku-py's `_build_unit_pools`):
/// `rows_base` puts the rows on the base side for basic and Franken fish.
/// The pools are written into `base` and `cover` (emptied first).
fn pools(
    cands: u128,
    p: &FishSearch,
    rows_base: bool,
    base: &mut Vec<Unit>,
    cover: &mut Vec<Unit>,
) {
    base.clear();
    cover.clear();
    let base_ok = |n: u32| n >= p.min_base_candidates && (p.finned || n as usize <= p.max_size);
    for h in House::ALL {
        let kind = match h {
            House::Row(_) => ROW,
            House::Col(_) => COL,
            House::Box(_) => BOX,
        };
        if kind == BOX && p.shape == FishShape::Basic {
            continue;
        }
        let cells = cands & h.cells().bits();
        if cells == 0 {
            continue;
        }
        let lines = match h {
            House::Row(r) => ((cells >> (9 * u32::from(r))) & 0x1ff) as u16,
            House::Col(c) => (0..9).fold(0u16, |a, r| {
                a | (((cells >> (9 * r + u32::from(c))) & 1) as u16) << r
            }),
            House::Box(_) => 0,
        };
        let line_bit = match h {
            House::Row(i) | House::Col(i) => 1 << i,
            House::Box(_) => 0,
        };
        let unit = Unit {
            house: h,
            cells,
            lines,
            line_bit,
        };
        let (to_base, to_cover) = match (p.shape, kind) {
            (FishShape::Mutant, _) | (_, BOX) => (true, true),
            (_, ROW) => (rows_base, !rows_base),
            _ => (!rows_base, rows_base),
        };
        if to_base && base_ok(cells.count_ones()) {
            base.push(unit);
        }
        if to_cover {
            cover.push(unit);
        }
    }
}

/// The general fish search: hands every base/cover combination of the digits in `digits`
/// (ascending) that passes the fin rules of `p` to `visit`, in HoDoKu's order, until `visit`
/// breaks. Basic and Franken fish are searched with rows as base sets, then with columns;
/// Mutant fish once (every house is on both sides).
pub fn search(
    grid: &Grid,
    digits: impl IntoIterator<Item = Digit>,
    p: &FishSearch,
    visit: impl FnMut(&FishCandidate) -> ControlFlow<()>,
) -> ControlFlow<()> {
    search_within(grid, digits, p, &[CellSet::ALL; 9], visit)
}

/// [`search`] for eliminations within `targets` (per digit): with `need_eliminations`, only
/// combinations that eliminate one of those candidates are visited. Sound fish eliminations
/// are always candidates no template of their digit uses, so the template-deletable
/// candidates are a target set that loses nothing.
pub fn search_within(
    grid: &Grid,
    digits: impl IntoIterator<Item = Digit>,
    p: &FishSearch,
    targets: &[CellSet; 9],
    mut visit: impl FnMut(&FishCandidate) -> ControlFlow<()>,
) -> ControlFlow<()> {
    debug_assert!(2 <= p.min_size && p.min_size <= p.max_size && p.max_size <= 7);
    // Buffers reused by every digit and orientation.
    let mut base_pool = Vec::with_capacity(27);
    let mut cover_pool = Vec::with_capacity(27);
    let mut eligible = Vec::with_capacity(27);
    let mut found = Vec::new();
    let mut scratch: Scratch = [None; 40];
    for d in digits {
        let cands = grid.cells_with(d).bits();
        let targets = cands & targets[d.index()].bits();
        if cands == 0 || (p.need_eliminations && targets == 0) {
            continue;
        }
        let orientations: &[bool] = if p.shape == FishShape::Mutant {
            &[true]
        } else {
            &[true, false]
        };
        for &rows_base in orientations {
            pools(cands, p, rows_base, &mut base_pool, &mut cover_pool);
            if base_pool.len() < p.min_size {
                continue;
            }
            let mut cover_of_line = [None; 9];
            for u in &cover_pool {
                if u.line_bit != 0 {
                    cover_of_line[u.line_bit.trailing_zeros() as usize] = Some(*u);
                }
            }
            let mut s = Searcher {
                p,
                digit: d,
                cands,
                targets,
                base_pool: std::mem::take(&mut base_pool),
                cover_pool: std::mem::take(&mut cover_pool),
                base: [0; 7],
                visit: &mut visit,
                eligible: std::mem::take(&mut eligible),
                cover: [0; 7],
                found: std::mem::take(&mut found),
                base_lines: 0,
                cover_of_line,
                scratch: &mut scratch,
            };
            let flow = s.bases(0, 0, 0, 0, 0);
            (base_pool, cover_pool, eligible, found) =
                (s.base_pool, s.cover_pool, s.eligible, s.found);
            flow?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::finder::{self as finders, Finder};
    use crate::solver::techniques::common::test_support::{ctx, elims, library};
    use crate::solver::techniques::registry::slot_finder;

    /// The finder of a fish technique's slot.
    fn finder(t: Technique) -> Finder<Context> {
        slot_finder(t.slot()).find
    }

    /// States on HoDoKu's paths (diabolical 160) with hodoku-py's step of each finder.
    const CASES: &[(Technique, &str, &str)] = &[
        (Technique::FrankenXWing, "371 383",
         ":0000:x:+754..1....3.27...42.....71....+76...8.76...43.9...3...+7.97....+458...59.7....6.+728+9:526 864 866::"),
        (Technique::FrankenSwordfish, "371 372",
         ":0000:x:.5..3.+67...7.+6+58..6.42.75.9..........7+35.6.4.5.28.97.3..6...2....5+69+24.+772..+5.+396:474 475 476::"),
        (Technique::FrankenJellyfish, "314 324",
         ":0000:x:+1.8.2+59..6+2+9.....55.+79.1..2..1.7.5...72.+5.69.3.+5...+2.7+2..4.7.+5..1.5.3.2..5..1..8.:442 462 372 672 481 491::"),
        (Technique::FinnedFrankenXWing, "182",
         ":0000:x:3..6+5.+98..69.+3.+5..8...49..3....1.3...73.2.45+1..1.7+3...5+3.28..+49......83+2.2+8+3.4..5:::"),
        (Technique::FinnedFrankenSwordfish, "121",
         ":0000:x:.5..3.+67...7.+6+58..6.42.75+39.+6........7+35+26.4+85.28.97+63..6...2....5+69+24.+772..+5.+396:116 122 143 144 444 145 446 148 149 171 371 871 172 372 872 174 474 175 475 476 876 881 182 196::"),
        (Technique::FinnedFrankenJellyfish, "121",
         ":0000:x:3..6+5.+98..69.+3.+5..8...49..3....1.3+7..73.2.45+1..1.7+3+2+9.5+3.28..+49......83+2.2+8+3.4..5:737 676 984 686::"),
        (Technique::MutantXWing, "617 637",
         ":0000:x:.74+218.3.8..6.+5+4+1.1..+4.9.....+7+3+8+2+164+48+67+51.2.23+1+9+4+6...+7.+85.+3.+41.+4.+1.7.+58.1.86+479.:383 393::"),
        (Technique::MutantSwordfish, "314 324",
         ":0000:x:+1.8.2+59..6+2+9.....55.+79.1..2..1.7.5...72.+5.69.3.+5...+2.7+2..4.7.+5..1.5.3.2..5..1..8.:442 462 372 672 481 491::"),
        (Technique::FinnedMutantXWing, "114",
         ":0000:x:+8...4..+3.+32.6.9+41+8+4.63.87..+75+4.9+3.2.+2+68..+43..93+1....74+68+95+32+14+7+143+9+8+726+55+7+2+4..+9+83:155 565 667::"),
        (Technique::FinnedMutantSwordfish, "111",
         ":0000:x:.5..3.+67...7.+6+58..6.42.75+39.+6........7+35+26.4+85.28.97+63..6...2....5+69+24.+772..+5.+396:116 122 143 144 444 145 446 148 149 171 371 871 172 372 872 174 474 175 475 476 876 881 182 196::"),
    ];

    #[test]
    fn franken_and_mutant_fish_fire_with_hodokus_eliminations() {
        for &(t, want, line) in CASES {
            let g = library(line);
            let s = finders::first(finder(t), &g, &ctx())
                .unwrap_or_else(|| panic!("{t:?} not found: {line}"));
            assert_eq!(s.technique, t, "{line}");
            assert_eq!(elims(&s), want, "{t:?}: {}", s.text);
            assert!(s.text.starts_with(&format!("{}: ", t.name())), "{}", s.text);
            assert_eq!(s.library_fields().code, t.code());
        }
    }

    #[test]
    fn fish_texts_follow_hodoku() {
        let texts: Vec<String> = CASES
            .iter()
            .map(|&(t, _, line)| {
                finders::first(finder(t), &library(line), &ctx())
                    .unwrap()
                    .text
            })
            .collect();
        let want = [
            "Franken X-Wing: 3 r49 b47 => r7c1,r8c3<>3",
            "Franken Swordfish: 3 r238 c12b3 => r7c12<>3",
            "Franken Jellyfish: 3 r123b5 c24b23 => r12c4<>3",
            "Finned Franken X-Wing: 1 r1b8 c26 fr8c4 => r8c2<>1",
            "Finned Franken Swordfish: 1 c34b3 r19b1 fr2c4 fr2c8 fr2c9 => r2c1<>1",
            "Finned Franken Jellyfish: 1 r1279 c16b19 fr2c4 fr2c8 => r2c1<>1",
            "Mutant X-Wing: 6 c9b9 c7b3 => r13c7<>6",
            "Mutant Swordfish: 3 r45c2 c4b16 => r12c4<>3",
            "Finned Mutant X-Wing: 1 c2b5 r3c4 fr1c2 => r1c4<>1",
            "Finned Mutant Swordfish: 1 r3c34 r19b2 fr3c2 => r1c1<>1",
        ];
        assert_eq!(texts, want, "{texts:#?}");
    }

    #[test]
    fn no_fish_where_hodoku_finds_none() {
        let g = library(":0000:x:.83.2..9....8.+91+2+3.293....8+2..+6987...7...+3.6...674....3....698...2.+85+3...1..3.54.:411 414 419 619 431 151 551 553 457 259 559 161 269::");
        assert!(finders::first(finder(Technique::FinnedFrankenXWing), &g, &ctx()).is_none());
        assert!(finders::first(finder(Technique::FrankenXWing), &g, &ctx()).is_none());
    }

    /// The basic fish slots answer from one shared walk per state and kind of search; asked in
    /// any order, each gives what a search of its own size and kind alone finds.
    #[test]
    fn shared_basic_walks_answer_like_a_search_per_slot() {
        let slots: [(Finder<Context>, FishKind); 9] = [
            Technique::XWing,
            Technique::Swordfish,
            Technique::Jellyfish,
            Technique::FinnedXWing,
            Technique::SashimiXWing,
            Technique::FinnedSwordfish,
            Technique::SashimiSwordfish,
            Technique::FinnedJellyfish,
            Technique::SashimiJellyfish,
        ]
        .map(|t| (finder(t), t.fish().unwrap()));
        let text = include_str!("../../../../tests/data/magictour_top1465.txt");
        let mut fired = [0; 9];
        for line in text.lines().step_by(3).take(6) {
            let board = crate::codec::decode_any(&line[..81]).unwrap().board;
            let path = crate::solver::engine::solution_path(&board);
            let mut grid = Grid::from_board(&board);
            for step in &path.steps {
                let want: Vec<Option<Step>> = slots
                    .iter()
                    .map(|&(_, k)| first_fish_searched(&grid, k))
                    .collect();
                for (f, w) in fired.iter_mut().zip(&want) {
                    *f += usize::from(w.is_some());
                }
                let orders: [[usize; 9]; 3] = [
                    [0, 1, 2, 3, 4, 5, 6, 7, 8],
                    [8, 7, 6, 5, 4, 3, 2, 1, 0],
                    [5, 1, 3, 8, 0, 6, 2, 4, 7],
                ];
                let c = ctx();
                for order in orders {
                    c.caches.clear();
                    for k in order {
                        let got = finders::first(slots[k].0, &grid, &c);
                        assert_eq!(got, want[k], "slot {k}: {line}");
                    }
                }
                for k in 0..9 {
                    c.caches.clear();
                    let got = finders::first(slots[k].0, &grid, &c);
                    assert_eq!(got, want[k], "slot {k}: {line}");
                    // Every fish: the shared walk's first, then the slot's own search.
                    let mut searched = Vec::new();
                    let _ = fish_searched(&grid, &Caches::default(), slots[k].1, &mut |s| {
                        searched.push(s);
                        ControlFlow::Continue(())
                    });
                    let every = finders::every(slots[k].0, &grid, &c);
                    assert_eq!(every, searched, "slot {k}: {line}");
                }
                grid.apply(step);
            }
        }
        assert!(fired.iter().filter(|&&f| f > 0).count() >= 5, "{fired:?}");
    }

    #[test]
    fn categories_follow_the_house_kinds() {
        use House::{Box as B, Col as C, Row as R};
        assert_eq!(category(&[R(0), R(1)], &[C(0), C(1)]), FishCategory::Basic);
        assert_eq!(category(&[C(0), C(1)], &[R(0), R(1)]), FishCategory::Basic);
        assert_eq!(
            category(&[R(0), B(1)], &[C(0), C(1)]),
            FishCategory::Franken
        );
        assert_eq!(
            category(&[R(0), R(1)], &[C(0), B(1)]),
            FishCategory::Franken
        );
        assert_eq!(category(&[R(0), C(1)], &[C(0), B(1)]), FishCategory::Mutant);
        assert_eq!(category(&[B(0), B(1)], &[R(0), C(1)]), FishCategory::Mutant);
        assert_eq!(houses_text(&[R(0), R(2), B(8)]), "r13b9");
        assert_eq!(houses_text(&[R(0), C(2), B(6)]), "r1c3b7");
    }

    #[test]
    fn a_kraken_style_search_sees_finned_fish_without_eliminations() {
        // The visitor gets every finned combination, eliminating or not, with its fins.
        let g = library(CASES[3].2);
        let mut p = FishSearch::new(FishShape::Franken, 2, true);
        p.need_eliminations = false;
        let (mut all, mut eliminating) = (0, 0);
        let _ = search(&g, Digit::ALL, &p, |f| {
            all += 1;
            assert!(!f.all_fins().is_empty() && f.all_fins().len() <= MAX_FINS);
            if !f.eliminations().is_empty() {
                eliminating += 1;
            }
            ControlFlow::Continue(())
        });
        assert!(all > eliminating && eliminating > 0, "{all} {eliminating}");
    }
}
