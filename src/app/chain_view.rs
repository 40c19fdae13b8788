//! The chain of a hint's step as the board draws it and the texts list it: its nodes numbered
//! in chain order (node 1 the premise, the start; the last node of the branch's main line the
//! end; then the side literals a net's branch needs), each with how it is reached (`=` strong,
//! `-` weak), for one branch of a many-branch step or all of them; the branch's Eureka lines.
//! Pure data: `ui::chain` draws it, the text view lists it.

use crate::domain::{Board, Cell, Digit};
use crate::solver::notation::{self, runs, ChainStop};
use crate::solver::{Candidate, ChainKind, Eureka, LinkKind, Step};

/// How a node is reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The premise: the first node of a chain (or of a net's side run).
    Start,
    Strong,
    Weak,
    /// The last node of a branch's main line, where it concludes (reached by `link`).
    End(LinkKind),
}

impl From<Option<LinkKind>> for Reach {
    fn from(k: Option<LinkKind>) -> Reach {
        match k {
            None => Reach::Start,
            Some(LinkKind::Strong) => Reach::Strong,
            Some(LinkKind::Weak) => Reach::Weak,
        }
    }
}

impl Reach {
    /// The link's symbol written before the node in the panel's list (none for the start).
    pub fn symbol(self) -> &'static str {
        match self {
            Reach::Start => "",
            Reach::Strong | Reach::End(LinkKind::Strong) => "=",
            Reach::Weak | Reach::End(LinkKind::Weak) => "-",
        }
    }
}

/// One numbered node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeMark {
    /// 1-based position in chain order.
    pub number: usize,
    /// The node's digit and cells (one cell for a candidate; a group's or an ALS's cells).
    pub digit: Digit,
    pub cells: Vec<Cell>,
    pub reach: Reach,
    /// The node as Eureka writes it alone: `(7)r5c3`.
    pub label: String,
}

/// What the chain drawing needs from a hint's step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainView {
    /// The nodes in chain order, each once (a loop's closing node and the start a forcing
    /// chain's branches share are not repeated).
    pub nodes: Vec<NodeMark>,
    /// The chain in Eureka notation, one line per branch for a forcing chain or net (the
    /// branch drawn and the conclusion when one branch is drawn).
    pub lines: Vec<String>,
    /// The side runs the branch drawn needs besides its main line (a net's), in Eureka.
    pub side: Option<String>,
    /// The branch drawn (`Branch 2 of 5`, `All 5 branches`), when the step has several.
    pub branch: Option<String>,
    /// The step's eliminations: drawn crossed out, never as nodes.
    pub eliminations: Vec<Candidate>,
}

impl ChainView {
    /// The view of a step's chains on the board it was found on; `None` without chains.
    /// `branch` (1-based; 0: all) picks the branch of a many-branch step to draw.
    pub fn of(step: &Step, board: &Board, branch: usize) -> Option<ChainView> {
        let eureka = Eureka::on_board(step, board)?;
        let n = branch_count(step);
        let chains: Vec<&Vec<crate::solver::ChainLink>> =
            step.chains().iter().filter(|c| !c.is_empty()).collect();
        let drawn = drawn_branch(n, branch);
        let mut nodes: Vec<NodeMark> = Vec::new();
        for (i, chain) in chains.iter().enumerate() {
            if drawn.is_some_and(|d| d != i) {
                continue;
            }
            // The main line (the last run: from the premise to the branch's result) first,
            // then the side runs a net's branch needs.
            let mut rs = runs(chain);
            let main = rs.pop().unwrap_or_default();
            let last = main.len().saturating_sub(1);
            for (k, stop) in main.iter().enumerate() {
                let reach = match stop.link_in {
                    Some(l) if k == last => Reach::End(l),
                    l => l.into(),
                };
                push_node(&mut nodes, stop, reach);
            }
            for run in &rs {
                for stop in run {
                    push_node(&mut nodes, stop, stop.link_in.into());
                }
            }
        }
        let (lines, side, label) = match drawn {
            Some(i) => {
                // The branch's main line (with where it ends) and the step's conclusion;
                // the side runs it needs apart.
                let (side, main) = split_main(chains[i]);
                let kind = step.technique.chain_kind();
                let cands = |c: Cell| board.candidates(c);
                let write = |links: &[crate::solver::ChainLink], k, el: &[Candidate], pl| {
                    Eureka::of_chains(&[links.to_vec()], k, el, pl, Some(&cands))
                };
                let mut lines = write(main, kind, &step.eliminations, &step.placements)
                    .map(|e| e.lines())
                    .unwrap_or_default();
                let conclusion = format!("=> {}", eureka.conclusion);
                if lines.last() != Some(&conclusion) && !lines.is_empty() {
                    lines.push(conclusion);
                }
                let side = write(side, ChainKind::Chain, &[], &[])
                    .and_then(|e| e.branches.into_iter().next())
                    .map(|b| b.chain);
                let label = branch_label(n, branch);
                (lines, side, Some(label))
            }
            None if n > 1 => (eureka.lines(), None, Some(branch_label(n, 0))),
            None => (eureka.lines(), None, None),
        };
        Some(ChainView {
            nodes,
            lines,
            side,
            branch: label,
            eliminations: step.eliminations.clone(),
        })
    }

    /// The first node on a candidate.
    pub fn node_at(&self, c: Cell, d: Digit) -> Option<&NodeMark> {
        self.nodes
            .iter()
            .find(|n| n.digit == d && n.cells.contains(&c))
    }

    /// Whether the step eliminates the candidate.
    pub fn eliminated(&self, c: Cell, d: Digit) -> bool {
        self.eliminations.contains(&Candidate::new(c, d))
    }
}

/// A chain's links split into the side runs and the main line (the last run: from the premise
/// to the branch's result).
fn split_main(
    links: &[crate::solver::ChainLink],
) -> (&[crate::solver::ChainLink], &[crate::solver::ChainLink]) {
    let mut start = 0;
    for (i, w) in links.windows(2).enumerate() {
        if w[0].to != w[1].from {
            start = i + 1;
        }
    }
    links.split_at(start)
}

/// Numbers a node of the chain unless it already has a number.
fn push_node(nodes: &mut Vec<NodeMark>, stop: &ChainStop, reach: Reach) {
    let cells: Vec<Cell> = stop.node.cells().iter().collect();
    let digit = stop.node.digit();
    if nodes.iter().any(|n| n.digit == digit && n.cells == cells) {
        return;
    }
    nodes.push(NodeMark {
        number: nodes.len() + 1,
        digit,
        label: format!("({digit}){}", notation::cells_text(stop.node.cells())),
        cells,
        reach,
    });
}

/// The marker of the `n`-th node: superscript `¹`-`⁹` (told apart from the candidate digits
/// beside them), then `a`-`z`, `A`-`Z`, then `+`.
pub fn marker(n: usize) -> char {
    const MARKS: [char; 61] = [
        '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i',
        'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'A',
        'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S',
        'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
    ];
    n.checked_sub(1)
        .and_then(|i| MARKS.get(i))
        .copied()
        .unwrap_or('+')
}

/// The branches a step's board drawing steps through: a forcing chain's or net's chains
/// (HoDoKu's verities and contradictions, SE's cell, region, contradiction and double chains);
/// 1 for any other step (a pattern's chains are one picture).
pub fn branch_count(step: &Step) -> usize {
    let n = step.chains().iter().filter(|c| !c.is_empty()).count();
    if step.technique.chain_kind() == ChainKind::Forcing && n > 1 {
        n
    } else {
        1
    }
}

/// The branch drawn of a step with `n` branches when the view asks for `branch` (1-based, 0:
/// all): `Some(i)` (0-based) for one branch, `None` for every chain at once.
pub fn drawn_branch(n: usize, branch: usize) -> Option<usize> {
    (n > 1 && branch > 0).then(|| branch.min(n) - 1)
}

/// The text that names the branch drawn: `Branch 2 of 5`, `All 5 branches`.
pub fn branch_label(n: usize, branch: usize) -> String {
    match drawn_branch(n, branch) {
        Some(i) => format!("Branch {} of {n}", i + 1),
        None => format!("All {n} branches"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_run_one_at_a_time_then_all() {
        assert_eq!(drawn_branch(3, 1), Some(0));
        assert_eq!(drawn_branch(3, 3), Some(2));
        assert_eq!(drawn_branch(3, 0), None);
        assert_eq!(drawn_branch(1, 1), None);
        assert_eq!(branch_label(5, 2), "Branch 2 of 5");
        assert_eq!(branch_label(5, 0), "All 5 branches");
    }
}
