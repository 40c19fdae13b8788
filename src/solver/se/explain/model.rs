//! The typed data of an explanation: literals, reasons, implications, chains and the
//! explanation of each kind of step; the chain engine fills them in, [`super::render`] writes them.

use crate::domain::{Cell, Digit, DigitSet, House};
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
    /// Pointing or claiming: the positions `cells` of `digit` in the first house all lie in the
    /// second, which loses the digit elsewhere.
    Locking {
        cells: Vec<Cell>,
        digit: Digit,
        houses: [House; 2],
    },
    /// Direct pointing or claiming: as [`Explanation::Locking`], and what the second house
    /// loses leaves `cell` the only place of `digit` in a house of the first one's kind.
    DirectLocking {
        cells: Vec<Cell>,
        digit: Digit,
        houses: [House; 2],
        cell: Cell,
    },
    /// A naked or hidden set: as many `cells` of `house` as `digits`.
    Set {
        kind: SetKind,
        cells: Vec<Cell>,
        digits: DigitSet,
        house: House,
    },
    /// A fish (X-Wing, Swordfish, Jellyfish): the positions `cells` of `digit` in the `base`
    /// houses all lie in as many `cover` houses.
    Fish {
        cells: Vec<Cell>,
        digit: Digit,
        base: Vec<House>,
        cover: Vec<House>,
    },
    /// An XY-Wing or XYZ-Wing: the pivot, then the two pincers, on the value `digit`; `values`
    /// are the pivot's other two values.
    XyWing {
        xyz: bool,
        cells: [Cell; 3],
        digit: Digit,
        values: [Digit; 2],
    },
    /// A WXYZ- to TUVWXYZ-Wing: the wing's cells (an almost locked set), then the bivalue cell
    /// linked to it.
    Wing(WingExplanation),
}

/// What kind of set an [`Explanation::Set`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetKind {
    Naked,
    Hidden,
    /// A hidden set that leaves `digit` a hidden single in `cell` (SE's direct hidden sets).
    DirectHidden {
        cell: Cell,
        digit: Digit,
    },
}

/// A WXYZ- to TUVWXYZ-Wing, as SE's hint gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WingExplanation {
    /// The almost locked set's cells, then the bivalue cell.
    pub cells: Vec<Cell>,
    /// The value removed (SE's z), and the bivalue cell's other value (its x).
    pub z: Digit,
    pub x: Digit,
    /// Whether both values of the bivalue cell link it to the set (a ring).
    pub double: bool,
    /// The most candidates of a cell of the wing, and the candidates of all its cells.
    pub biggest: u8,
    pub size: u8,
}
