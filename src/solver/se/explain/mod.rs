//! What Sudoku Explainer's hint window says about a step, as typed data ([`Explanation`]) and as
//! text ([`Explanation::lines`]): SE's explanation with its HTML tags removed, one line per
//! heading, paragraph, list item and `<br>`-separated rule (`docs/se-explain.md`).
//!
//! A chain step's explanation lists each implication with its reason, numbered as SE numbers
//! them (`(1) If r2c1 contains the value 6, then r2c1 cannot contain the value 5 (the cell can
//! contain only one value)`), and the nested chains a step relies on under it. The chain engine
//! builds the data from its propagations (each literal keeps its parents and a typed cause);
//! [`render`] writes it with SE's template texts, in one place.

mod html;
mod render;

pub use html::html_lines;
pub use render::chain_title;

use crate::domain::{Cell, Digit, House};
use crate::solver::Candidate;

/// A candidate that is on (the cell holds the digit) or off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Literal {
    pub cand: Candidate,
    pub on: bool,
}

/// The kind of house a rule works in (SE's region types, in its order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    Block,
    Row,
    Column,
}

/// Why one literal of a chain follows from its parents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// An "on" literal turns off the cell's other values.
    CellOneValue,
    /// An "on" literal turns off the digit elsewhere in a house.
    HouseOnce(HouseKind),
    /// The last value left in a cell is on.
    CellLastValue,
    /// The last position left for a digit in a house is on.
    HouseLastPosition(HouseKind),
    /// A simpler technique, run on the state the chain has reduced, removes the candidate.
    Rule(RuleHint),
    /// A nested chain (an index into [`ChainExplanation::nested`]) removes the candidate.
    Nested(usize),
}

/// A simpler technique inside a dynamic (+) or nested propagation, as SE names its hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleHint {
    /// Pointing or claiming: the digit's positions `cells` in the first house all lie in the
    /// second, which loses the digit elsewhere.
    Locking {
        cells: Vec<Cell>,
        digit: Digit,
        houses: [House; 2],
    },
    /// A hidden pair in a house.
    HiddenPair {
        cells: Vec<Cell>,
        digits: [Digit; 2],
        house: HouseKind,
    },
    /// A naked pair in a house.
    NakedPair {
        cells: Vec<Cell>,
        digits: [Digit; 2],
        house: HouseKind,
    },
    /// An X-Wing: the digit in two base houses (rows or columns), covered by two others.
    XWing {
        cells: Vec<Cell>,
        digit: Digit,
        base: HouseKind,
        cover: HouseKind,
    },
}

/// One implication of a chain: its parents (each with the number of the implication that made
/// it, `None` for the assumption or a literal no implication lists), what follows and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Implication {
    pub parents: Vec<(Literal, Option<usize>)>,
    pub result: Literal,
    pub reason: Option<Reason>,
}

/// One chain: the assumption, what it proves, and the implications between, in SE's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    pub assumption: Literal,
    pub result: Literal,
    pub implications: Vec<Implication>,
}

/// The kind of a chain hint, with what its explanation names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainKind {
    /// A bidirectional cycle of `digit` (X-cycles) or of values (Y and XY) through `cells`;
    /// its chains are the forward and the reverse direction.
    Cycle {
        x: bool,
        y: bool,
        cells: Vec<Cell>,
        digit: Digit,
    },
    /// A forcing chain: the negation of its result implies the result.
    Forcing { x: bool, y: bool, turbot: bool },
    /// A contradiction: one assumption implies a candidate on (first chain) and off (second).
    Contradiction { nishio: bool, source: Literal },
    /// A double forcing chain: a candidate on and off imply the same.
    Double { source: Literal },
    /// Every value of a cell implies the same.
    Cell { cell: Cell },
    /// Every position of a digit in a house implies the same.
    Region { digit: Digit, house: House },
}

/// A chain hint's explanation: its kind, whether its chains are dynamic, its chains (one per
/// view of SE's hint window) and the nested chains its chains use, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainExplanation {
    pub kind: ChainKind,
    pub dynamic: bool,
    pub chains: Vec<Chain>,
    pub nested: Vec<ChainExplanation>,
}

/// The explanation of one SE step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// The only position of `digit` in a house (`alone`: the house's only empty cell).
    HiddenSingle {
        cell: Cell,
        digit: Digit,
        house: HouseKind,
        alone: bool,
    },
    /// The only value left in a cell.
    NakedSingle {
        cell: Cell,
        digit: Digit,
    },
    Chain(ChainExplanation),
}

/// The explanation of an SE step found in the state `grid`, or `None` for a technique whose
/// explanation is not written yet (or a step the state does not give).
pub fn explain(grid: &crate::solver::Grid, step: &crate::solver::Step) -> Option<Explanation> {
    use crate::solver::se::regions::Kind;
    use crate::solver::se::SeTechnique as T;
    let (technique, difficulty) = step.technique.se()?;
    let placed = step.placements.first().copied();
    match (technique, placed) {
        (T::HiddenSingle, Some(p)) => {
            let (kind, alone) =
                crate::solver::se::singles::hidden_single_house(grid, p.cell, p.digit)?;
            let house = match kind {
                Kind::Block => HouseKind::Block,
                Kind::Row => HouseKind::Row,
                Kind::Column => HouseKind::Column,
            };
            Some(Explanation::HiddenSingle {
                cell: p.cell,
                digit: p.digit,
                house,
                alone,
            })
        }
        (T::NakedSingle, Some(p)) => Some(Explanation::NakedSingle {
            cell: p.cell,
            digit: p.digit,
        }),
        (t, _) if t.family() == crate::solver::technique::Family::Chain => {
            crate::solver::se::chaining::explain(grid, t, &step.text, difficulty)
                .map(Explanation::Chain)
        }
        _ => None,
    }
}

/// The lines of SE's hint-window explanation of a step found in the state `grid` (empty when
/// [`explain`] has none).
pub fn explanation_lines(grid: &crate::solver::Grid, step: &crate::solver::Step) -> Vec<String> {
    explain(grid, step).map(|e| e.lines()).unwrap_or_default()
}

impl Explanation {
    /// The explanation as text, one line per paragraph, list item and rule.
    pub fn lines(&self) -> Vec<String> {
        html_lines(&self.html())
    }

    /// The explanation as SE's hint window gives it (HTML without colours).
    pub fn html(&self) -> String {
        match self {
            Explanation::HiddenSingle {
                cell,
                digit,
                house,
                alone,
            } => render::hidden_single_html(*cell, *digit, *house, *alone),
            Explanation::NakedSingle { cell, digit } => render::naked_single_html(*cell, *digit),
            Explanation::Chain(c) => render::chain_html(c),
        }
    }
}
