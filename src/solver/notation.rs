//! Eureka notation, the chain notation of the Sudoku forums, for every step that carries chains.
//!
//! A node is written `(d)r5c3`; a strong link is `=`, a weak link `-`:
//! `(4=7)r2c3-(7)r5c3=r5c8-(7=4)r6c9 => r2c9<>4`.
//!
//! * Consecutive candidates of one cell share the cell, the link inside the brackets:
//!   `(4=7)r2c3` (a bivalue cell), `(1-4)r5c4`.
//! * A run of nodes with the same digit writes the digit once: `(7)r5c3=r5c8-r6c8`.
//! * A group node names its cells: `(7)r5c78`, `(7)r45c4`, `(7)r5c4|r6c45`.
//! * An almost locked set shows the digit it is entered by, `=`, its other digits, and last the
//!   digit it is left by: `(1)r5c4-(1=264)r5c789-(4)r4c8` (the other digits need the board the
//!   step was found on; without it only the entry and exit digits are written).
//! * A loop ends on the node it started from: `(3)r1c1=r1c5-(3=8)r3c5-...-(3)r1c1`.
//! * The conclusion follows ` => `: eliminations `r2c9<>4` (cells losing the same digits share
//!   one entry: `r13c9<>47`), placements `r5c5=3`.
//! * Forcing chains and nets (and Kraken fish) have one chain per branch; each branch line
//!   ends with where its chain ends (`=> r5c9<>3` or `=> r5c9=3`: the last node is false after
//!   a weak link, true after a strong one), and the step's conclusion gets its own line. A net
//!   branch whose links do not all follow one another is written as its runs joined by ` & `.

use std::fmt;

use super::step::{compact_cells, Candidate, ChainLink, ChainNode, LinkKind, Step};
use super::technique::ChainKind;
use crate::domain::{Board, Cell, CellSet, Digit, DigitSet};

/// The candidates of a cell on the state a step was found on.
pub type Cands<'a> = &'a dyn Fn(Cell) -> DigitSet;

/// A step's chains in Eureka notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eureka {
    /// One entry per chain of the step (per branch of a forcing chain or net).
    pub branches: Vec<Branch>,
    /// What the step concludes: `r2c9<>4`, `r5c5=3`, `r1c4=5, r2c3<>4`.
    pub conclusion: String,
}

/// One chain in Eureka notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The chain: `(4=7)r2c3-(7)r5c3=r5c8-(7=4)r6c9`.
    pub chain: String,
    /// Where a forcing branch ends (`r5c9<>3`, `r5c9=3`); `None` for the chains of a pattern
    /// or loop, whose ends together give the conclusion.
    pub end: Option<String>,
}

impl Eureka {
    /// The step's chains in Eureka notation, or `None` when the step has no chain. ALS nodes
    /// show only their entry and exit digits (see [`Eureka::on_board`]).
    pub fn of(step: &Step) -> Option<Eureka> {
        Eureka::build(step, None)
    }

    /// As [`Eureka::of`], reading the digits of ALS nodes from `board`, the state the step was
    /// found on.
    pub fn on_board(step: &Step, board: &Board) -> Option<Eureka> {
        Eureka::build(step, Some(&|c| board.candidates(c)))
    }

    /// As [`Eureka::on_board`], with the candidates of the state given cell by cell (a
    /// [`crate::solver::Grid`] along a solution path).
    pub fn with_candidates(step: &Step, cands: &dyn Fn(Cell) -> DigitSet) -> Option<Eureka> {
        Eureka::build(step, Some(cands))
    }

    fn build(step: &Step, board: Option<Cands<'_>>) -> Option<Eureka> {
        Eureka::of_chains(
            step.chains(),
            step.technique.chain_kind(),
            &step.eliminations,
            &step.placements,
            board,
        )
    }

    /// Chains written as `kind` says, with the conclusion from `eliminations` and
    /// `placements` (any engine's step); ALS nodes read their digits from `board` when given.
    pub fn of_chains(
        chains: &[Vec<ChainLink>],
        kind: ChainKind,
        eliminations: &[Candidate],
        placements: &[Candidate],
        board: Option<Cands<'_>>,
    ) -> Option<Eureka> {
        let chains: Vec<&Vec<ChainLink>> = chains.iter().filter(|c| !c.is_empty()).collect();
        if chains.is_empty() {
            return None;
        }
        let forcing = kind == ChainKind::Forcing;
        let continuous = kind == ChainKind::Loop;
        // The digit a chain eliminates, when it is one (an ALS at an end of the chain is
        // entered or left by it).
        let z = match eliminations.split_first() {
            Some((first, rest)) if !forcing && rest.iter().all(|e| e.digit == first.digit) => {
                Some(first.digit)
            }
            _ => None,
        };
        let branches = chains
            .into_iter()
            .map(|links| Branch {
                chain: if continuous {
                    chain_text(&closed_loop(links), board, None)
                } else {
                    chain_text(links, board, z)
                },
                end: forcing.then(|| end_text(links)),
            })
            .collect();
        Some(Eureka {
            branches,
            conclusion: conclusion_text(eliminations, placements),
        })
    }

    /// The notation as lines: `chain => conclusion` for a single chain; otherwise one line per
    /// chain (with ` => end` for a forcing branch) and a last line `=> conclusion`.
    pub fn lines(&self) -> Vec<String> {
        if let [b] = self.branches.as_slice() {
            if b.end.is_none() {
                return vec![format!("{} => {}", b.chain, self.conclusion)];
            }
        }
        let mut out: Vec<String> = self
            .branches
            .iter()
            .map(|b| match &b.end {
                Some(end) => format!("{} => {end}", b.chain),
                None => b.chain.clone(),
            })
            .collect();
        out.push(format!("=> {}", self.conclusion));
        out
    }
}

/// One line: the lines of [`Eureka::lines`] joined by `; `.
impl fmt::Display for Eureka {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("; "))
    }
}

impl Step {
    /// The step's chains in Eureka notation (`None` for a step without chains).
    pub fn eureka(&self) -> Option<Eureka> {
        Eureka::of(self)
    }
}

/// A node of a chain in reading order, with the link that reaches it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChainStop {
    pub node: ChainNode,
    /// The link from the previous node; `None` for the first node of a run.
    pub link_in: Option<LinkKind>,
}

/// The nodes of a chain in reading order, as runs of links that follow one another (a chain
/// is one run; a net branch may have several). A loop's closing node is the last stop of its
/// run again.
pub fn runs(links: &[ChainLink]) -> Vec<Vec<ChainStop>> {
    let mut out: Vec<Vec<ChainStop>> = Vec::new();
    let mut last: Option<ChainNode> = None;
    for l in links {
        if last != Some(l.from) {
            out.push(vec![ChainStop {
                node: l.from,
                link_in: None,
            }]);
        }
        out.last_mut().expect("a run was opened").push(ChainStop {
            node: l.to,
            link_in: Some(l.kind),
        });
        last = Some(l.to);
    }
    out
}

fn link_char(k: LinkKind) -> char {
    match k {
        LinkKind::Strong => '=',
        LinkKind::Weak => '-',
    }
}

/// The cells of a node as Eureka writes them: `r5c3`, `r5c78`, `r45c4`, `r5c4|r6c45`.
pub fn cells_text(cells: CellSet) -> String {
    let v: Vec<Cell> = cells.iter().collect();
    compact_cells(&v).replace(',', "|")
}

/// What one term of the notation stands for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum TermKind {
    Candidate,
    Group,
    Als,
}

/// Nodes written as one term: one cell or group or ALS, with one or more digits linked inside.
struct Term {
    kind: TermKind,
    cells: CellSet,
    /// The digits in order and the link that precedes each (inside the brackets).
    digits: Vec<(Digit, Option<LinkKind>)>,
    /// The link from the previous term.
    link_in: Option<LinkKind>,
}

fn term_kind(n: ChainNode) -> TermKind {
    match n {
        ChainNode::Candidate(_) => TermKind::Candidate,
        ChainNode::Group { .. } => TermKind::Group,
        ChainNode::Als { .. } => TermKind::Als,
    }
}

/// Groups the stops of a run into terms: consecutive nodes of the same kind on the same cells.
fn terms(run: &[ChainStop]) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for s in run {
        let (kind, cells, d) = (term_kind(s.node), s.node.cells(), s.node.digit());
        if let Some(t) = out.last_mut() {
            let same_place = t.kind == kind && t.cells == cells && kind != TermKind::Group;
            if same_place && t.digits.last().map(|x| x.0) != Some(d) {
                t.digits.push((d, s.link_in));
                continue;
            }
        }
        out.push(Term {
            kind,
            cells,
            digits: vec![(d, None)],
            link_in: s.link_in,
        });
    }
    out
}

/// The text of one chain (all its runs).
fn chain_text(links: &[ChainLink], board: Option<Cands<'_>>, z: Option<Digit>) -> String {
    runs(links)
        .iter()
        .map(|run| run_text(run, board, z))
        .collect::<Vec<_>>()
        .join(" & ")
}

fn run_text(run: &[ChainStop], board: Option<Cands<'_>>, z: Option<Digit>) -> String {
    let ts = terms(run);
    let mut out = String::new();
    // The digit of the previous term when it was written with a single digit (a same-digit run).
    let mut run_digit: Option<Digit> = None;
    for (i, t) in ts.iter().enumerate() {
        if let Some(k) = t.link_in {
            out.push(link_char(k));
        }
        let single = t.digits.len() == 1 && t.kind != TermKind::Als;
        let d0 = t.digits[0].0;
        if single && run_digit == Some(d0) {
            // Same digit as the node before: the digit is not repeated.
        } else if t.kind == TermKind::Als {
            let next = ts.get(i + 1).map(|n| n.digits[0].0);
            out.push_str(&als_digits(t, next, board, z));
        } else {
            out.push('(');
            for (d, k) in &t.digits {
                if let Some(k) = k {
                    out.push(link_char(*k));
                }
                out.push(d.to_char());
            }
            out.push(')');
        }
        out.push_str(&cells_text(t.cells));
        run_digit = single.then_some(d0);
    }
    out
}

/// `(1=264)` for an ALS entered by 1 and left by 4 (its other digits from the board): the entry
/// digit first, the exit digit last, as the forums write a set. A set at an end of a chain that
/// eliminates `z` is entered (first set) or left (last set) by `z` when it holds it:
/// `(7=1235)r2c1358-...-(2=134587)r4c79 => r2c9<>7`. Without `z`, a set that opens a run with
/// one digit is left by that digit: `(25=1)r5c78-...`.
fn als_digits(t: &Term, next: Option<Digit>, board: Option<Cands<'_>>, z: Option<Digit>) -> String {
    let mut entry = t.digits[0].0;
    let mut exit = t.digits.last().map(|x| x.0).unwrap_or(entry);
    let mut rest = DigitSet::EMPTY;
    if let Some(b) = board {
        for c in t.cells {
            rest |= b(c);
        }
    }
    let single = t.digits.len() == 1;
    let z = z.filter(|&z| single && rest.contains(z) && z != entry);
    if exit == entry {
        match (t.link_in, next, z) {
            // The first set: entered by the eliminated digit, left by its chain digit.
            (None, Some(_), Some(z)) => entry = z,
            // The last set: left by the eliminated digit.
            (Some(_), None, Some(z)) => exit = z,
            _ => {
                if let Some(n) = next.filter(|&n| n != entry) {
                    exit = n;
                }
            }
        }
    }
    if t.link_in.is_none() && single && next.is_some() && entry == exit {
        rest.remove(entry);
        if rest.is_empty() {
            return format!("({entry})");
        }
        let others: String = rest.iter().map(|d| d.to_char()).collect();
        return format!("({others}={entry})");
    }
    rest.remove(entry);
    rest.remove(exit);
    let mut s = format!("({entry}");
    if exit != entry || !rest.is_empty() {
        s.push('=');
        s.extend(rest.iter().map(|d| d.to_char()));
        if exit != entry {
            s.push(exit.to_char());
        }
    }
    s.push(')');
    s
}

/// A continuous loop whose chain stops in its first cell on another digit (HoDoKu leaves the
/// in-cell link back to the start implicit) gets that link, so the notation ends on its start:
/// `(2)r5c1=r5c8-...=(3-2)r5c1`.
fn closed_loop(links: &[ChainLink]) -> Vec<ChainLink> {
    let mut out = links.to_vec();
    if let (Some(first), Some(last)) = (links.first(), links.last()) {
        let (start, end) = (first.from, last.to);
        if end != start && end.cells() == start.cells() {
            out.push(ChainLink {
                from: end,
                to: start,
                kind: match last.kind {
                    LinkKind::Strong => LinkKind::Weak,
                    LinkKind::Weak => LinkKind::Strong,
                },
            });
        }
    }
    out
}

/// Where a forcing branch ends: its last node, false after a weak link (`r5c9<>3`), true after
/// a strong one (`r5c9=3`).
fn end_text(links: &[ChainLink]) -> String {
    let last = links.last().expect("a branch has links");
    let sign = match last.kind {
        LinkKind::Strong => "=",
        LinkKind::Weak => "<>",
    };
    format!("{}{sign}{}", cells_text(last.to.cells()), last.to.digit())
}

/// `r1c4=5, r13c9<>47, r2c3<>4`: placements, then eliminations with the cells that lose the
/// same digits together (ordered by digits, then by first cell).
pub fn conclusion_text(elims: &[Candidate], places: &[Candidate]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut places: Vec<Candidate> = places.to_vec();
    places.sort();
    places.dedup();
    parts.extend(places.iter().map(|p| format!("{}={}", p.cell, p.digit)));
    let mut per_cell: Vec<(Cell, DigitSet)> = Vec::new();
    for e in elims {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, set)) => set.insert(e.digit),
            None => per_cell.push((e.cell, DigitSet::single(e.digit))),
        }
    }
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (c, set) in per_cell {
        match groups.iter_mut().find(|(s, _)| *s == set) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((set, vec![c])),
        }
    }
    groups.sort_by_key(|(set, cells)| {
        (
            set.iter().map(|d| d.get()).collect::<Vec<u8>>(),
            cells.iter().min().copied(),
        )
    });
    parts.extend(groups.iter().map(|(set, cells)| {
        let digits: String = set.iter().map(|d| d.to_char()).collect();
        format!("{}<>{digits}", compact_cells(cells))
    }));
    parts.join(", ")
}
