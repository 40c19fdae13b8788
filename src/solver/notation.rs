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
use super::Technique;
use crate::domain::{Board, Cell, CellSet, Digit, DigitSet};

/// The candidates of a cell on the state a step was found on.
type Cands<'a> = &'a dyn Fn(Cell) -> DigitSet;

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

    fn build(step: &Step, board: Option<Cands>) -> Option<Eureka> {
        let chains: Vec<&Vec<ChainLink>> = step.chains.iter().filter(|c| !c.is_empty()).collect();
        if chains.is_empty() {
            return None;
        }
        let forcing = is_forcing(step.technique);
        let continuous = matches!(
            step.technique,
            Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop
        );
        let branches = chains
            .into_iter()
            .map(|links| Branch {
                chain: if continuous {
                    chain_text(&closed_loop(links), board)
                } else {
                    chain_text(links, board)
                },
                end: forcing.then(|| end_text(links)),
            })
            .collect();
        Some(Eureka {
            branches,
            conclusion: conclusion_text(&step.eliminations, &step.placements),
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

/// Techniques whose chains are branches from one premise (or to one conclusion): each branch is
/// shown with where it ends.
pub fn is_forcing(t: Technique) -> bool {
    matches!(
        t,
        Technique::ForcingChainContradiction
            | Technique::ForcingChainVerity
            | Technique::ForcingNetContradiction
            | Technique::ForcingNetVerity
            | Technique::KrakenFishType1
            | Technique::KrakenFishType2
    )
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
fn chain_text(links: &[ChainLink], board: Option<Cands>) -> String {
    runs(links)
        .iter()
        .map(|run| run_text(run, board))
        .collect::<Vec<_>>()
        .join(" & ")
}

fn run_text(run: &[ChainStop], board: Option<Cands>) -> String {
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
            out.push_str(&als_digits(t, next, board));
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

/// `(1=264)` for an ALS entered by 1 and left by 4 (its other digits from the board).
/// A set that opens a run with one digit is left by that digit: `(25=1)r5c78-...`.
fn als_digits(t: &Term, next: Option<Digit>, board: Option<Cands>) -> String {
    let entry = t.digits[0].0;
    let mut exit = t.digits.last().map(|x| x.0).unwrap_or(entry);
    if exit == entry {
        if let Some(n) = next.filter(|&n| n != entry) {
            exit = n;
        }
    }
    let mut rest = DigitSet::EMPTY;
    if let Some(b) = board {
        for c in t.cells {
            rest |= b(c);
        }
    }
    if t.link_in.is_none() && t.digits.len() == 1 && next.is_some() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::techniques::common::test_support::{c, cand, ctx, d, library};
    use crate::solver::techniques::{chains, single_digit, wings};

    fn cells(list: &[(usize, usize)]) -> CellSet {
        list.iter().map(|&(r, k)| c(r, k)).collect()
    }
    /// A chain through `nodes`, `kinds` giving each link ('=' strong, '-' weak).
    fn chain(nodes: &[ChainNode], kinds: &str) -> Vec<ChainLink> {
        assert_eq!(nodes.len(), kinds.len() + 1);
        nodes
            .windows(2)
            .zip(kinds.chars())
            .map(|(w, k)| ChainLink {
                from: w[0],
                to: w[1],
                kind: if k == '=' {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                },
            })
            .collect()
    }
    fn step(t: Technique, chains: Vec<Vec<ChainLink>>, elims: &[(u8, usize, usize)]) -> Step {
        let mut s = Step::new(t);
        s.chains = chains;
        s.eliminations = elims
            .iter()
            .map(|&(n, r, k)| Candidate::new(c(r, k), d(n)))
            .collect();
        s
    }

    #[test]
    fn aic_with_bivalue_cells_and_a_same_digit_run() {
        let s = step(
            Technique::Aic,
            vec![chain(
                &[
                    cand(4, 2, 3),
                    cand(7, 2, 3),
                    cand(7, 5, 3),
                    cand(7, 5, 8),
                    cand(7, 6, 9),
                    cand(4, 6, 9),
                ],
                "=-=-=",
            )],
            &[(4, 2, 9)],
        );
        let e = s.eureka().unwrap();
        assert_eq!(e.to_string(), "(4=7)r2c3-(7)r5c3=r5c8-(7=4)r6c9 => r2c9<>4");
        assert_eq!(e.lines().len(), 1);
        assert_eq!(e.branches[0].end, None);
    }

    #[test]
    fn no_chain_no_notation() {
        let mut s = Step::new(Technique::NakedSingle);
        s.placements = vec![Candidate::new(c(6, 7), d(4))];
        assert_eq!(s.eureka(), None);
    }

    #[test]
    fn continuous_loop_returns_to_its_start() {
        // (3)r1c1=r1c5-(3=8)r3c5... closing on (3)r1c1: the last node is written again.
        let s = step(
            Technique::ContinuousNiceLoop,
            vec![chain(
                &[
                    cand(3, 1, 1),
                    cand(3, 1, 5),
                    cand(3, 3, 5),
                    cand(8, 3, 5),
                    cand(8, 3, 2),
                    cand(3, 3, 2),
                    cand(3, 1, 1),
                ],
                "=-=-=-",
            )],
            &[(3, 2, 1), (8, 3, 4), (3, 3, 1)],
        );
        assert_eq!(
            s.eureka().unwrap().to_string(),
            "(3)r1c1=r1c5-(3=8)r3c5-(8=3)r3c2-(3)r1c1 => r23c1<>3, r3c4<>8"
        );
    }

    #[test]
    fn continuous_loop_closed_inside_its_first_cell() {
        // HoDoKu's chain of `3= r5c1 =2= r5c8 ... =3= r5c1 =2` stops on (3)r5c1; the in-cell
        // link back to (2)r5c1 closes the loop.
        let s = step(
            Technique::ContinuousNiceLoop,
            vec![chain(
                &[
                    cand(2, 5, 1),
                    cand(2, 5, 8),
                    cand(2, 4, 7),
                    cand(3, 4, 7),
                    cand(3, 5, 6),
                    cand(3, 5, 1),
                ],
                "=-=-=",
            )],
            &[(1, 5, 1)],
        );
        assert_eq!(
            s.eureka().unwrap().to_string(),
            "(2)r5c1=r5c8-(2=3)r4c7-(3)r5c6=(3-2)r5c1 => r5c1<>1"
        );
    }

    #[test]
    fn weak_in_cell_link_and_discontinuous_loop() {
        // A discontinuous loop starting and ending in r5c4 on two digits.
        let s = step(
            Technique::DiscontinuousNiceLoop,
            vec![chain(
                &[
                    cand(1, 5, 4),
                    cand(1, 5, 8),
                    cand(4, 5, 8),
                    cand(4, 9, 8),
                    cand(4, 7, 7),
                    cand(1, 7, 7),
                    cand(1, 7, 4),
                    cand(1, 5, 4),
                ],
                "-=-=-=-",
            )],
            &[(1, 5, 4)],
        );
        assert_eq!(
            s.eureka().unwrap().to_string(),
            "(1)r5c4-(1=4)r5c8-(4)r9c8=(4-1)r7c7=(1)r7c4-r5c4 => r5c4<>1"
        );
    }

    #[test]
    fn group_nodes_name_their_cells() {
        let g = |n: u8, list: &[(usize, usize)]| ChainNode::Group {
            digit: d(n),
            cells: cells(list),
        };
        let s = step(
            Technique::GroupedAic,
            vec![chain(
                &[
                    cand(7, 2, 3),
                    g(7, &[(5, 1), (5, 2), (5, 3)]),
                    g(7, &[(4, 3), (6, 3)]),
                    cand(7, 8, 3),
                    cand(2, 8, 3),
                ],
                "=-=-",
            )],
            &[],
        );
        let mut s = s;
        s.placements = vec![Candidate::new(c(8, 3), d(2))];
        assert_eq!(
            s.eureka().unwrap().to_string(),
            "(7)r2c3=r5c123-r46c3=(7-2)r8c3 => r8c3=2"
        );
        assert_eq!(cells_text(cells(&[(5, 4), (6, 4), (6, 5)])), "r56c4|r6c5");
    }

    #[test]
    fn als_nodes_show_their_digits_from_the_board() {
        let als = |n: u8| ChainNode::Als {
            digit: d(n),
            cells: cells(&[(5, 7), (5, 8), (5, 9)]),
        };
        let s = step(
            Technique::AlsXyChain,
            vec![chain(
                &[cand(1, 5, 4), als(1), als(4), cand(4, 4, 8)],
                "-=-",
            )],
            &[(4, 4, 9)],
        );
        // Without the board: entry and exit digits only.
        assert_eq!(
            s.eureka().unwrap().to_string(),
            "(1)r5c4-(1=4)r5c789-(4)r4c8 => r4c9<>4"
        );
        let mut b = Board::empty();
        b.set_candidates(c(5, 7), DigitSet::from_iter([d(1), d(2), d(4)]));
        b.set_candidates(c(5, 8), DigitSet::from_iter([d(2), d(6)]));
        b.set_candidates(c(5, 9), DigitSet::from_iter([d(4), d(6)]));
        assert_eq!(
            Eureka::on_board(&s, &b).unwrap().to_string(),
            "(1)r5c4-(1=264)r5c789-(4)r4c8 => r4c9<>4"
        );
        // One ALS node left by another digit: the exit digit is the next node's.
        let s2 = step(
            Technique::AlsXyChain,
            vec![chain(&[cand(1, 5, 4), als(1), cand(4, 4, 8)], "--")],
            &[],
        );
        assert_eq!(
            Eureka::on_board(&s2, &b).unwrap().branches[0].chain,
            "(1)r5c4-(1=264)r5c789-(4)r4c8"
        );
    }

    #[test]
    fn als_xz_and_xy_wing_shapes() {
        let a = |n: u8| ChainNode::Als {
            digit: d(n),
            cells: cells(&[(1, 1), (1, 2)]),
        };
        let b_ = |n: u8| ChainNode::Als {
            digit: d(n),
            cells: cells(&[(2, 5), (3, 5)]),
        };
        let c_ = |n: u8| ChainNode::Als {
            digit: d(n),
            cells: cells(&[(3, 1)]),
        };
        let mut b = Board::empty();
        b.set_candidates(c(1, 1), DigitSet::from_iter([d(1), d(5)]));
        b.set_candidates(c(1, 2), DigitSet::from_iter([d(5), d(7)]));
        b.set_candidates(c(2, 5), DigitSet::from_iter([d(5), d(7)]));
        b.set_candidates(c(3, 5), DigitSet::from_iter([d(5), d(8)]));
        b.set_candidates(c(3, 1), DigitSet::from_iter([d(5), d(8)]));
        // ALS-XZ: one restricted common link between the sets; each set's other digits.
        let xz = step(
            Technique::AlsXz,
            vec![chain(&[a(5), b_(5)], "-")],
            &[(7, 1, 5)],
        );
        assert_eq!(
            Eureka::on_board(&xz, &b).unwrap().to_string(),
            "(17=5)r1c12-(5=78)r23c5 => r1c5<>7"
        );
        // ALS-XY-Wing: A -x- C =inside= C -y- B.
        let wing = step(
            Technique::AlsXyWing,
            vec![chain(&[a(1), c_(1), c_(5), b_(5)], "-=-")],
            &[],
        );
        let mut b2 = b.clone();
        b2.set_candidates(c(3, 1), DigitSet::from_iter([d(1), d(5)]));
        assert_eq!(
            Eureka::on_board(&wing, &b2).unwrap().branches[0].chain,
            "(57=1)r1c12-(1=5)r3c1-(5=78)r23c5"
        );
    }

    #[test]
    fn forcing_chain_lists_its_branches_with_their_ends() {
        // r1c1=4 leads to every candidate of r5c9 being false: contradiction.
        let s = step(
            Technique::ForcingChainContradiction,
            vec![
                chain(
                    &[cand(4, 1, 1), cand(4, 1, 9), cand(3, 1, 9), cand(3, 5, 9)],
                    "-=-",
                ),
                chain(
                    &[cand(4, 1, 1), cand(4, 5, 1), cand(5, 5, 1), cand(5, 5, 9)],
                    "-=-",
                ),
                chain(
                    &[cand(4, 1, 1), cand(8, 1, 1), cand(8, 5, 1), cand(8, 5, 9)],
                    "-=-",
                ),
            ],
            &[(4, 1, 1)],
        );
        let e = s.eureka().unwrap();
        assert_eq!(
            e.lines(),
            vec![
                "(4)r1c1-(4=3)r1c9-(3)r5c9 => r5c9<>3",
                "(4)r1c1-(4=5)r5c1-(5)r5c9 => r5c9<>5",
                "(4-8)r1c1=(8)r5c1-r5c9 => r5c9<>8",
                "=> r1c1<>4",
            ]
        );
        assert_eq!(e.branches[2].end.as_deref(), Some("r5c9<>8"));
        assert!(e.to_string().ends_with("r5c9<>8; => r1c1<>4"));
        // A branch ending on a strong link ends with the node true.
        let v = step(
            Technique::ForcingChainVerity,
            vec![chain(&[cand(2, 3, 3), cand(2, 3, 7), cand(6, 3, 7)], "-=")],
            &[],
        );
        assert_eq!(
            v.eureka().unwrap().branches[0].end.as_deref(),
            Some("r3c7=6")
        );
    }

    #[test]
    fn net_branch_runs_are_joined() {
        let links: Vec<ChainLink> = chain(&[cand(4, 1, 1), cand(4, 1, 9)], "-")
            .into_iter()
            .chain(chain(&[cand(4, 1, 1), cand(4, 2, 2), cand(9, 2, 2)], "-="))
            .collect();
        let s = step(Technique::ForcingNetVerity, vec![links], &[(9, 2, 9)]);
        assert_eq!(
            s.eureka().unwrap().branches[0].chain,
            "(4)r1c1-r1c9 & (4)r1c1-(4=9)r2c2"
        );
        assert_eq!(runs(&s.chains[0]).len(), 2);
    }

    #[test]
    fn conclusion_groups_cells_and_digits() {
        let e = |n: u8, r: usize, k: usize| Candidate::new(c(r, k), d(n));
        assert_eq!(
            conclusion_text(
                &[e(4, 1, 9), e(7, 1, 9), e(4, 3, 9), e(7, 3, 9), e(4, 2, 2)],
                &[]
            ),
            "r2c2<>4, r13c9<>47"
        );
        assert_eq!(
            conclusion_text(&[e(4, 2, 3)], &[e(5, 1, 4)]),
            "r1c4=5, r2c3<>4"
        );
    }

    /// Today's chain steps on the positions of their finders' unit tests: (HoDoKu's text, Eureka).
    fn todays_steps() -> Vec<Step> {
        let w = library(":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::");
        let x = library(":0000:x:3..1....8.9+2..831.+8.17+3..94.+1...365+2.+2.....+4+3.432...+7+128...41...396...8.1....5..9:612 513 613 215 521 751 755 656 956 773 785 286::");
        let xy = library(":0000:x:+74..+32...1...+693.7.5..78.+2.+4+75.+2+6.3..+61.4.2...9..+1.4..+5.+428..9.6.73+9...2...6+5..1.:813 828 554 756 858 564 766 391 393::");
        let rp = library(":0000:x:+5+76+8+4+92+1+39+8+1+3....4243..+5896+8+3+7591+4+6+2+1.2.8+43..4..2.3.+813.+8....+47+6.+49.7+1+3+8+71.4+38+62.:725 552 567 275 675::");
        let sk = library(":0000:x:+9..3+71...6+3....+1.7.1.+68.+39.57..2.+863.8.5.6+71+9.+69+8.+74....67.39...9.468.7..4.....3.:261 291 293 893 297 299::");
        let er = library(":0000:x:85.....31....7.......8.9....+23+7..6+1.97.3.1.52....2...+31..4.7..62.5..+63.7....8.+1..:213 413 613 217 417 322 224 624 226 426 435 635 445 975 982 988 994 298::");
        vec![
            wings::find_w_wing(&w, &ctx()).unwrap(),
            chains::find_x_chain(&x, &ctx()).unwrap(),
            chains::find_xy_chain(&xy, &ctx()).unwrap(),
            chains::find_remote_pair(&rp, &ctx()).unwrap(),
            single_digit::find_skyscraper(&sk, &ctx()).unwrap(),
            single_digit::find_empty_rectangle(&er, &ctx()).unwrap(),
        ]
    }

    #[test]
    fn todays_chain_steps_read_as_forum_chains() {
        let want = [
            "(4=2)r8c9-(2)r3c9=r3c1-(2=4)r9c1 => r8c123,r9c89<>4",
            "(7)r7c5=r7c9-r2c9=r2c1-r1c2=r9c2 => r9c5<>7",
            "(8=1)r8c2-(1=4)r8c6-(4=7)r9c6-(7=8)r9c7 => r8c78,r9c123<>8",
            "(9=5)r5c9-(5=9)r9c9-(9=5)r9c3-(5=9)r6c3 => r5c2,r6c7<>9",
            "(2)r7c2=r1c2-r1c7=r8c7 => r7c89,r8c13<>2",
            // The Empty Rectangle's box candidates become two group/candidate nodes.
            "(5)r7c7=r7c5-r3c5=r2c46 => r2c7<>5",
        ];
        let got: Vec<String> = todays_steps()
            .iter()
            .map(|s| s.eureka().expect("a chain step").to_string())
            .collect();
        assert_eq!(got, want);
    }
}
