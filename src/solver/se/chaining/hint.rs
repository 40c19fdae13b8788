//! A chain hint as SE builds it (its `ChainingHint` subclasses): what it removes or places, the
//! chains that prove it, and its complexity, difficulty and sort key.

use super::nested::Nested;
use super::net::{LitBits, Net, NONE};
use super::state::{cand, hash_order, Cands, Cause, Lit, Region, Rule, CAND_LITS};
use crate::domain::{Cell, House};
use crate::solver::se::{ChainRule, ChainsKind, Difficulty, SeName};
use crate::solver::{ChainLink, ChainNode, LinkKind};
use std::rc::Rc;

/// The kind of a chain hint (SE's hint classes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Bidirectional cycle (`CycleHint`): X-, Y- or XY-links.
    Cycle { y: bool, x: bool },
    /// Forcing chain (`ForcingChainHint`): an assumption implying its own negation.
    Forcing { y: bool, x: bool },
    /// `BinaryChainingHint`: a contradiction (both states of a candidate) or a double chain
    /// (a candidate on and off imply the same).
    Binary {
        absurd: bool,
        nishio: bool,
        source: Lit,
    },
    /// `CellChainingHint`: every value of a cell implies the same.
    Cell { cell: usize },
    /// `RegionChainingHint`: every position of a value in a house implies the same.
    Region { house: House, digit: usize },
}

/// One chain of a hint: its target literal in a propagation.
#[derive(Clone, Debug)]
pub(super) struct Branch {
    pub(super) net: Rc<Net>,
    pub(super) target: u32,
}

impl Branch {
    pub(super) fn lit(&self) -> Lit {
        self.net.lit(self.target)
    }
}

#[derive(Debug)]
pub(super) struct Hint {
    pub(super) kind: Kind,
    /// SE's removable potentials, sorted (cell, digit).
    pub(super) removable: Vec<(u8, u8)>,
    /// The removable potentials in the order SE builds its map of them.
    pub(super) removal_order: Vec<(u8, u8)>,
    /// The value the hint places, if its result is "on".
    pub(super) placement: Option<(usize, usize)>,
    /// The chains: cycles and forcing chains have one, binary hints two, cell and region hints
    /// one per value or position.
    pub(super) branches: Vec<Branch>,
    /// For cycles, the cells in SE's order.
    pub(super) cycle_cells: Vec<usize>,
    pub(super) complexity: u32,
    pub(super) difficulty: f64,
    pub(super) sort_key: u8,
}

/// SE's `getLengthDifficulty` added to a base, in the same floating-point steps.
fn with_length(base: f64, complexity: u32) -> f64 {
    let mut added = 0.0f64;
    let mut ceil = 4i64;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    base + added
}

/// SE's order of chain hints (its `Collections.sort` comparator): easier difficulty first,
/// then smaller complexity, then the kind's sort key. Sorts using it are stable: SE keeps the
/// search order among equal hints.
pub(super) fn se_order(
    (d1, c1, k1): (f64, u32, u8),
    (d2, c2, k2): (f64, u32, u8),
) -> std::cmp::Ordering {
    d1.partial_cmp(&d2)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(c1.cmp(&c2))
        .then(k1.cmp(&k2))
}

impl Hint {
    pub(super) fn new(
        rule: Rule,
        kind: Kind,
        removable: Vec<(u8, u8)>,
        placement: Option<(usize, usize)>,
        branches: Vec<Branch>,
    ) -> Hint {
        let mut h = Hint::ungraded(kind, removable, placement, branches);
        h.complexity = h.flat_complexity() + h.nested_complexity();
        (h.difficulty, h.sort_key) = grade(rule, &h.kind, h.complexity);
        h
    }

    /// A hint whose complexity is known (counted as [`Hint::new`] counts it).
    pub(super) fn graded(
        rule: Rule,
        kind: Kind,
        removable: Vec<(u8, u8)>,
        placement: Option<(usize, usize)>,
        branches: Vec<Branch>,
        complexity: u32,
    ) -> Hint {
        let mut h = Hint::ungraded(kind, removable, placement, branches);
        h.complexity = complexity;
        (h.difficulty, h.sort_key) = grade(rule, &h.kind, complexity);
        h
    }

    /// The hint without its complexity, difficulty and sort key yet.
    fn ungraded(
        kind: Kind,
        removable: Vec<(u8, u8)>,
        placement: Option<(usize, usize)>,
        branches: Vec<Branch>,
    ) -> Hint {
        let mut h = Hint {
            kind,
            removal_order: removable.clone(),
            removable,
            placement,
            branches,
            cycle_cells: Vec::new(),
            complexity: 0,
            difficulty: 0.0,
            sort_key: 0,
        };
        h.removable.sort_unstable();
        h
    }

    /// The hint as a nested chain inside other propagations, found in `state` by `rule` at
    /// `index` of its hints.
    pub(super) fn to_nested(&self, state: Rc<Cands>, rule: Rule, index: usize) -> Nested {
        let h = self;
        let mut order = h.removal_order.clone();
        hash_order(&mut order);
        let offs = order
            .iter()
            .map(|&(c, d)| Lit::new(c as usize, d as usize, false))
            .collect();
        let mut chains = Vec::with_capacity(h.branches.len());
        let mut rules = Vec::new();
        for b in &h.branches {
            let chain = b.net.chain(b.target);
            for &e in &chain {
                let en = &b.net.entries[e as usize];
                if !en.lit.on() {
                    continue;
                }
                // A cell or region hint's assumptions stand for its cell or house rule.
                let cause = match (en.cause, &h.kind) {
                    (Cause::Source, Kind::Cell { .. }) => Cause::NakedSingle,
                    (Cause::Source, Kind::Region { house, .. }) => {
                        Cause::Hidden(Region::of(*house))
                    }
                    (c, _) => c,
                };
                if matches!(cause, Cause::NakedSingle | Cause::Hidden(_)) {
                    rules.push((en.lit, cause));
                }
            }
            chains.push((b.lit(), chain.iter().map(|&e| b.net.lit(e)).collect()));
        }
        Nested::new(offs, h.complexity, chains, rules, state, rule, index)
    }

    fn flat_complexity(&self) -> u32 {
        let mut seen: LitBits = [0; CAND_LITS / 64 + 1];
        let mut stack = Vec::with_capacity(64);
        // A cycle's complexity is that of its first chain only.
        let counted = match self.kind {
            Kind::Cycle { .. } | Kind::Forcing { .. } => &self.branches[..1],
            _ => &self.branches[..],
        };
        counted
            .iter()
            .map(|b| b.net.ancestors(b.target, &mut seen, &mut stack))
            .sum()
    }

    /// The nested chains the branches rely on, each once (SE's `FullChain` identity).
    pub(super) fn nested_chains(&self) -> Vec<Rc<Nested>> {
        nested_chains(self.branches.iter().map(|b| (&*b.net, b.target)))
    }

    fn nested_complexity(&self) -> u32 {
        self.nested_chains().iter().map(|h| h.complexity).sum()
    }

    pub(super) fn tenths(&self) -> Difficulty {
        Difficulty((self.difficulty * 10.0).round() as u16)
    }

    /// SE's name of the hint (the start of its `toString()`).
    /// SE's name of the hint (`getName()`), under the rule that found it.
    pub(super) fn se_name(&self, rule: Rule) -> SeName {
        let chains = |kind| {
            let rule = if rule.level > 0 {
                ChainRule::Dynamic(rule.level)
            } else if rule.nishio {
                ChainRule::Nishio
            } else if rule.dynamic {
                ChainRule::Dynamic(0)
            } else {
                ChainRule::Multiple
            };
            SeName::Chains { rule, kind }
        };
        match self.kind {
            Kind::Cycle { y, x } => SeName::Cycle {
                x,
                y,
                four_cells: self.cycle_cells.len() == 4,
            },
            Kind::Forcing { y, x } => SeName::ForcingChain {
                x,
                y,
                turbot: self.complexity == 6,
            },
            Kind::Binary { absurd, nishio, .. } => chains(if nishio {
                ChainsKind::Nishio
            } else if absurd {
                ChainsKind::Contradiction
            } else {
                ChainsKind::Double
            }),
            Kind::Cell { .. } => chains(ChainsKind::Cell),
            Kind::Region { .. } => chains(ChainsKind::Region),
        }
    }

    /// The words SE's text (`toString()`) begins with, before `": "`.
    pub(super) fn name(&self) -> &'static str {
        match &self.kind {
            Kind::Cycle { y, x } => {
                if *x && *y {
                    "Bidirectional Cycle"
                } else if *y {
                    "Bidirectional Y-Cycle"
                } else if self.cycle_cells.len() == 4 {
                    "Generalized X-Wing"
                } else {
                    "Bidirectional X-Cycle"
                }
            }
            Kind::Forcing { y, x } => {
                if *x && *y {
                    "Forcing Chain"
                } else if *y {
                    "Forcing Y-Chain"
                } else if self.complexity == 6 {
                    "Turbot Fish"
                } else {
                    "Forcing X-Chain"
                }
            }
            Kind::Binary { absurd, nishio, .. } => {
                if *nishio {
                    "Nishio Forcing Chain"
                } else if *absurd {
                    "Contradiction Forcing Chain"
                } else {
                    "Double Forcing Chain"
                }
            }
            Kind::Cell { .. } => "Cell Forcing Chains",
            Kind::Region { .. } => "Region Forcing Chains",
        }
    }

    /// The rest of SE's `toString()`, after the name and `": "`.
    pub(super) fn details(&self) -> String {
        let onoff = |l: Lit| if l.on() { " on" } else { " off" };
        match &self.kind {
            Kind::Cycle { .. } => {
                let cells: Vec<String> = self
                    .cycle_cells
                    .iter()
                    .map(|&c| Cell::from_index(c).to_string())
                    .collect();
                cells.join(",")
            }
            Kind::Forcing { .. } => {
                let t = self.branches[0].lit();
                format!("{}{}", t.name(), onoff(t))
            }
            Kind::Binary {
                absurd,
                nishio,
                source,
            } => {
                let off = self.branches[1].lit();
                if *nishio || *absurd {
                    format!(
                        "{}{} ==> {} both on & off",
                        source.name(),
                        onoff(*source),
                        off.name()
                    )
                } else {
                    let on = self.branches[0].lit();
                    format!("{} on & off ==> {}{}", source.name(), on.name(), onoff(on))
                }
            }
            Kind::Cell { cell } => {
                let t = self.branches[0].lit();
                format!("{} ==> {}{}", Cell::from_index(*cell), t.name(), onoff(t))
            }
            Kind::Region { house, digit } => {
                let t = self.branches[0].lit();
                format!(
                    "{} in {} ==> {}{}",
                    digit + 1,
                    Region::of(*house).word(),
                    t.name(),
                    onoff(t)
                )
            }
        }
    }

    /// The links of each branch, parent to child (SE's `getLinks`: literals with at most six
    /// parents), one list per branch, written forward: first the links into the branch's
    /// side literals (in the order they follow), then its main line from the assumption to
    /// the result (each literal following from the one before), so a branch reads as one
    /// chain that ends in what it proves.
    pub(super) fn links(&self) -> Vec<Vec<ChainLink>> {
        let shown = match self.kind {
            Kind::Cycle { .. } | Kind::Forcing { .. } => &self.branches[..1],
            _ => &self.branches[..],
        };
        let link = |net: &Net, from: u32, to: u32| {
            let (from, to) = (net.lit(from), net.lit(to));
            ChainLink {
                from: ChainNode::Candidate(cand(from.cell_index(), from.digit_index())),
                to: ChainNode::Candidate(cand(to.cell_index(), to.digit_index())),
                kind: if to.on() {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                },
            }
        };
        shown
            .iter()
            .map(|b| {
                let net = &b.net;
                let main = net.main_line(b.target);
                let on_main = |p: u32, e: u32| main.windows(2).any(|w| w[0] == p && w[1] == e);
                let mut out = Vec::new();
                for e in net.forward(b.target) {
                    let ps = net.parents(e);
                    if ps.len() > 6 {
                        continue;
                    }
                    for &p in ps {
                        if !on_main(p, e) {
                            out.push(link(net, p, e));
                        }
                    }
                }
                for w in main.windows(2) {
                    if net.parents(w[1]).len() <= 6 {
                        out.push(link(net, w[0], w[1]));
                    }
                }
                out
            })
            .collect()
    }

    /// One line per branch: its assumption, its conclusion and its length.
    pub(super) fn branch_lines(&self) -> Vec<String> {
        let weak = |l: Lit| {
            format!(
                "{} {} {}",
                Cell::from_index(l.cell_index()),
                if l.on() {
                    "contains"
                } else {
                    "does not contain"
                },
                l.digit_index() + 1
            )
        };
        let strong = |l: Lit| {
            format!(
                "{} {} {}",
                Cell::from_index(l.cell_index()),
                if l.on() {
                    "must contain"
                } else {
                    "cannot contain"
                },
                l.digit_index() + 1
            )
        };
        let shown = match self.kind {
            Kind::Cycle { .. } | Kind::Forcing { .. } => &self.branches[..1],
            _ => &self.branches[..],
        };
        shown
            .iter()
            .map(|b| {
                let chain = b.net.chain(b.target);
                let src = chain
                    .iter()
                    .rev()
                    .find(|&&e| b.net.parents(e).is_empty())
                    .map_or(b.lit(), |&e| b.net.lit(e));
                format!(
                    "If {}, then {} ({} literals)",
                    weak(src),
                    strong(b.lit()),
                    chain.len()
                )
            })
            .collect()
    }
}

/// The nested chains that branches (a propagation and a target entry each) rely on, each once
/// (SE's `FullChain` identity), in branch and chain order.
pub(super) fn nested_chains<'a>(branches: impl Iterator<Item = (&'a Net, u32)>) -> Vec<Rc<Nested>> {
    let mut out: Vec<Rc<Nested>> = Vec::new();
    for (net, target) in branches {
        if net.nested.is_empty() {
            continue;
        }
        for e in net.chain(target) {
            let n = net.entries[e as usize].nested;
            if n != NONE {
                let h = &net.nested[n as usize];
                if !out.iter().any(|o| Rc::ptr_eq(o, h) || o.same_chains(h)) {
                    out.push(h.clone());
                }
            }
        }
    }
    out
}

/// A hint's difficulty (its base and SE's length addition) and its sort key (SE's order among
/// hints of one difficulty and complexity), from its kind and complexity.
pub(super) fn grade(rule: Rule, kind: &Kind, complexity: u32) -> (f64, u8) {
    let (base, key) = match *kind {
        Kind::Cycle { y, x } => (if y && x { 7.0 } else { 6.5 }, key_xy(y, x)),
        Kind::Forcing { y, x } => (if y && x { 7.0 } else { 6.6 }, key_xy(y, x)),
        Kind::Binary { absurd, .. } => (rule.base(), if absurd { 7 } else { 1 }),
        Kind::Cell { .. } => (rule.base(), 5),
        Kind::Region { .. } => (rule.base(), 6),
    };
    (with_length(base, complexity), key)
}

fn key_xy(y: bool, x: bool) -> u8 {
    if y && x {
        4
    } else if y {
        3
    } else {
        2
    }
}

/// The value a hint places, as (cell, digit index).
pub(super) type Placement = Option<(usize, usize)>;

/// Removable set of a result literal: an "off" result removes itself, an "on" result the
/// cell's other candidates (and places the value).
pub(super) fn removable_of(grid: &Cands, target: Lit) -> (Vec<(u8, u8)>, Placement) {
    let (cell, d) = (target.cell_index(), target.digit_index());
    if target.on() {
        let rest = grid.cell[cell].difference(super::state::one_digit(d));
        let rem = super::state::digits_of(rest)
            .map(|v| (cell as u8, v as u8))
            .collect();
        (rem, Some((cell, d)))
    } else {
        (vec![(cell as u8, d as u8)], None)
    }
}
