//! Sudoku Explainer's chain engine: its `Chaining` producers (bidirectional cycles and forcing
//! X/Y-chains, Nishio, multiple, dynamic, dynamic (+) and nested forcing chains) with SE's
//! search order, hint order and difficulties (`docs/se-chains.md`).
//!
//! The search follows SE's semantics rather than sharing HoDoKu's tables
//! ([`crate::solver::techniques::tabling`]): SE's difficulty counts the literals a chain's
//! conclusion follows from in *its* breadth-first propagation (which stops at the first
//! contradiction and, when dynamic, removes every "off" literal from the working state), and the
//! first hint it reports depends on that exact order. So the engine keeps its own propagation
//! ([`net`]) over literals as small integers and candidates as bit sets ([`state`]), one
//! propagation per start literal and call, shared by the binary, region and cell searches.

mod cycles;
mod explain;
mod hint;
mod multiple;
mod nested;
mod net;
mod nishio;
mod pending;
mod prefix;
mod reach;
mod rules;
mod screen;
mod state;
mod walk;

use crate::domain::CellSet;
use crate::solver::finder::Sink;
use crate::solver::se::step::step;
use crate::solver::se::SeTechnique;
use crate::solver::Grid;
use crate::solver::{Facts, Step};
use hint::Hint;
use net::Mode;
use state::Cands;
use state::Rule;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The chain engine's working memory and caches, kept from one producer call to the next and
/// across the states of a path (SE's context holds one, [`crate::solver::se::SeContext`]):
/// the spare buffers of finished propagations, of their working lists and of the producers'
/// tables of propagations, the cycle search's
/// buffers, and the nested producers' hints per reduced state. None of it changes an answer:
/// the buffers hold no results, a cached hint list is a pure function of its key, and so is the
/// static producers' screen of the last state ([`screen`]), and the digits known to give the
/// Nishio producer nothing are known from their positions alone ([`nishio`]). A context
/// belongs to one thread (each worker of a batch makes its own).
#[derive(Default)]
pub struct Scratch {
    pool: net::Pool,
    spare: RefCell<Vec<std::rc::Rc<net::Net>>>,
    work: RefCell<Vec<net::Work>>,
    cycles: RefCell<Option<cycles::Walks>>,
    nested: RefCell<nested::Cache>,
    screen: RefCell<screen::Memo>,
    nishio: RefCell<nishio::Memo>,
    engines: RefCell<Vec<net::Table>>,
    prefixes: RefCell<prefix::Prefixes>,
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scratch")
            .field("nested states", &self.nested.borrow().len())
            .finish_non_exhaustive()
    }
}

/// One of SE's chain producers (Solver.java's `Chaining(...)` instances), in SE's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChainProducer {
    /// Bidirectional cycles and forcing X- and XY-chains (6.5 and up).
    Cycles,
    /// Nishio forcing chains (7.5 and up).
    Nishio,
    /// Cell and region forcing chains (8.0 and up).
    Multiple,
    /// Dynamic contradiction, double, cell and region forcing chains (8.5 and up).
    Dynamic,
    /// Dynamic forcing chains with simpler techniques inside the propagation (9.0 and up).
    DynamicPlus,
    /// Nested forcing chains: SE's level 2 (forcing chains inside, 9.5), 3 (multiple forcing
    /// chains inside, 10.0) and 4 (dynamic forcing chains inside, 10.5); `Nested(5)` and
    /// `Nested(6)` are SE's experimental level 4 with dynamic (+) and nested chains inside.
    Nested(u8),
}

impl ChainProducer {
    /// SE's producers in its order (the rescue levels last).
    pub const ALL: [ChainProducer; 7] = [
        ChainProducer::Cycles,
        ChainProducer::Nishio,
        ChainProducer::Multiple,
        ChainProducer::Dynamic,
        ChainProducer::DynamicPlus,
        ChainProducer::Nested(2),
        ChainProducer::Nested(3),
    ];

    pub fn technique(self) -> SeTechnique {
        match self {
            ChainProducer::Cycles => SeTechnique::ForcingChainCycle,
            ChainProducer::Nishio => SeTechnique::NishioForcingChain,
            ChainProducer::Multiple => SeTechnique::MultipleForcingChain,
            ChainProducer::Dynamic => SeTechnique::DynamicForcingChain,
            ChainProducer::DynamicPlus => SeTechnique::DynamicForcingChainPlus,
            ChainProducer::Nested(_) => SeTechnique::NestedForcingChain,
        }
    }

    fn rule(self) -> Rule {
        let (multiple, dynamic, nishio, level) = match self {
            ChainProducer::Cycles => (false, false, false, 0),
            ChainProducer::Nishio => (false, true, true, 0),
            ChainProducer::Multiple => (true, false, false, 0),
            ChainProducer::Dynamic => (true, true, false, 0),
            ChainProducer::DynamicPlus => (true, true, false, 1),
            ChainProducer::Nested(l) => (true, true, false, l.clamp(2, 4)),
        };
        Rule {
            multiple,
            dynamic,
            nishio,
            level,
        }
    }

    /// SE's nesting limit: `Nested(4 + n)` is level 4 with dynamic chains of level `n` inside.
    fn nesting(self) -> u8 {
        match self {
            ChainProducer::Nested(l) if l > 4 => l - 4,
            _ => 0,
        }
    }
}

/// Every hint the producer finds in the state, each with its SE difficulty (length additions
/// included), easiest first in SE's order (difficulty, then complexity, then kind), hints with
/// the same eliminations given once. A hint whose conclusion is a value "on" is a placement
/// (SE removes the cell's other candidates and sets the value); the others are eliminations.
pub fn hints(grid: &Grid, producer: ChainProducer, scratch: &Scratch) -> Vec<Step> {
    let cands = Cands::from_grid(grid);
    raw_hints(scratch, &cands, producer.rule(), producer.nesting())
        .iter()
        .map(|h| to_step(h, producer))
        .collect()
}

/// The producer's hints in the order of [`hints`], each made a `Step` only when the sink takes
/// it: a path takes the first and stops, so the others are never built (their chains, links
/// and texts).
pub fn each(
    grid: &Grid,
    producer: ChainProducer,
    scratch: &Scratch,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let cands = Cands::from_grid(grid);
    let (rule, nesting) = (producer.rule(), producer.nesting());
    raw_each(
        scratch,
        &cands,
        rule,
        nesting,
        true,
        Take::First,
        &mut |h| sink(to_step(&h, producer)),
    )
}

/// The producer's easiest hint (the first of [`hints`]), which is the one SE applies: the same
/// search without building the other hints' chains and texts.
pub fn first(grid: &Grid, producer: ChainProducer, scratch: &Scratch) -> Option<Step> {
    let cands = Cands::from_grid(grid);
    let mut out = None;
    let _ = raw_each(
        scratch,
        &cands,
        producer.rule(),
        producer.nesting(),
        true,
        Take::First,
        &mut |h| {
            out = Some(to_step(&h, producer));
            ControlFlow::Break(())
        },
    );
    out
}

/// The explanation of the chain hint with SE's text `text` and difficulty `difficulty` that a
/// producer of `technique` finds in the state (the producers of the technique tried in SE's
/// order), or `None` when none finds it. The search runs in a scratch of its own.
pub fn explain(
    grid: &Grid,
    technique: SeTechnique,
    text: &str,
    difficulty: crate::solver::se::Difficulty,
) -> Option<crate::solver::se::explain::ChainExplanation> {
    let cands = Cands::from_grid(grid);
    let scratch = Scratch::default();
    // SE's producers, then the nested levels beyond its default rescue (4 to 6).
    let producers = ChainProducer::ALL
        .into_iter()
        .chain((4..=6).map(ChainProducer::Nested));
    for p in producers.filter(|p| p.technique() == technique) {
        let rule = p.rule();
        let hints = raw_hints(&scratch, &cands, rule, p.nesting());
        if let Some(h) = hints
            .iter()
            .find(|h| h.tenths() == difficulty && text == format!("{}: {}", h.name(), h.details()))
        {
            let rebuild = |n: &nested::Nested| {
                let (state, rule, index) = n.origin();
                raw_hints(&scratch, state, rule, 0).into_iter().nth(index)
            };
            return Some(explain::explanation(h, rule.dynamic, &rebuild));
        }
    }
    None
}

/// The hints of a producer given by its SE parameters (`nesting` is SE's nesting limit, used
/// at level 4), sorted and deduplicated as SE does.
fn raw_hints(scratch: &Scratch, cands: &Cands, rule: Rule, nesting: u8) -> Vec<Hint> {
    search(scratch, cands, rule, nesting, true)
}

/// [`raw_hints`]; with `screened`, the static producers search only where the screen of the
/// state leaves something to find (most states of the nested levels give them nothing, which
/// one analysis of the state's links tells before they search).
fn search(scratch: &Scratch, cands: &Cands, rule: Rule, nesting: u8, screened: bool) -> Vec<Hint> {
    let mut out = Vec::new();
    let _ = raw_each(
        scratch,
        cands,
        rule,
        nesting,
        screened,
        Take::All,
        &mut |h| {
            out.push(h);
            ControlFlow::Continue(())
        },
    );
    out
}

/// The hints of [`search`], in its order, given to `f` one at a time until it breaks (the
/// multiple producers build a hint only when it is its turn).
fn raw_each(
    scratch: &Scratch,
    cands: &Cands,
    rule: Rule,
    nesting: u8,
    screened: bool,
    take: Take,
    f: &mut dyn FnMut(Hint) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if !rule.multiple && !rule.dynamic {
        if screened && !scratch.screen.borrow_mut().cycles(cands) {
            return ControlFlow::Continue(());
        }
        let run = |take| {
            let mut out = Vec::new();
            cycles::hints(scratch, cands, take, &mut out);
            sort_dedup(out)
        };
        if take == Take::All {
            return run(Take::All).into_iter().try_for_each(f);
        }
        // The first hint from a search that drops what cannot come first; the others, if
        // asked for, from the whole search (whose first hint is that one).
        let Some(h) = run(Take::First).into_iter().next() else {
            return ControlFlow::Continue(());
        };
        f(h)?;
        run(Take::All).into_iter().skip(1).try_for_each(f)
    } else {
        let mode = Mode {
            y: !rule.nishio,
            dynamic: rule.dynamic,
            level: rule.level,
            nesting,
        };
        let cells = if rule.dynamic || !screened {
            CellSet::ALL
        } else {
            scratch.screen.borrow_mut().multiple(cands)
        };
        let mut eng = multiple::Engine::new(scratch, cands, mode, rule);
        let mut found = pending::Found::new(rule);
        multiple::hints(&mut eng, cells, &mut found);
        found.each(cands, f)
    }
}

/// What the taker of a producer's hints wants.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Take {
    /// Every hint: the nested levels and the explanations.
    All,
    /// Mostly the first, the one SE applies (a path): it is searched for on its own, and the
    /// others only if asked for.
    First,
}

fn sort_dedup(out: Vec<Hint>) -> Vec<Hint> {
    let mut out = out;
    // A stable sort: SE's Collections.sort keeps the search order among equal hints.
    out.sort_by(|a, b| {
        hint::se_order(
            (a.difficulty, a.complexity, a.sort_key),
            (b.difficulty, b.complexity, b.sort_key),
        )
    });
    let mut seen: std::collections::HashSet<_, crate::solver::hasher::FastBuild> =
        std::collections::HashSet::default();
    out.retain(|h| seen.insert(h.removable.clone()));
    out
}

fn to_step(h: &Hint, producer: ChainProducer) -> Step {
    use crate::domain::Cell;
    let placements: Vec<_> = h
        .placement
        .iter()
        .map(|&(c, d)| state::cand(c, d))
        .collect();
    let eliminations = if h.placement.is_some() {
        Vec::new()
    } else {
        h.removable
            .iter()
            .map(|&(c, d)| state::cand(c as usize, d as usize))
            .collect()
    };
    let mut cells: Vec<Cell> = Vec::new();
    for b in &h.branches {
        for e in b.net.chain(b.target) {
            let c = Cell::from_index(b.net.lit(e).cell_index());
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    cells.sort();
    let name = h.se_name(producer.rule());
    let mut s = step(producer.technique(), h.tenths().0, name, h.details());
    // SE's text of a chain hint does not begin with its name (`Contradiction Forcing Chain:`
    // for a hint named `Dynamic Contradiction Forcing Chains`).
    s.text = format!("{}: {}", h.name(), h.details());
    s.placements = placements;
    s.eliminations = eliminations;
    s.facts = Facts::Chain {
        digits: Vec::new(),
        cells,
        houses: Vec::new(),
        marks: Vec::new(),
        chains: h.links(),
    };
    s.chain_lines = h.branch_lines();
    s
}
