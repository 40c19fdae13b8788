//! The typed data of an explanation: literals, reasons, implications, chains and the
//! explanation of each kind of step; the chain engine fills them in, [`super::render`] writes them.

use crate::domain::{Cell, Digit, DigitSet, House};
use crate::solver::se::regions::Kind;
use crate::solver::Candidate;

/// A candidate that is on (the cell holds the digit) or off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Literal {
    pub cand: Candidate,
    pub on: bool,
}

/// Why one literal of a chain follows from its parents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// An "on" literal turns off the cell's other values.
    CellOneValue,
    /// An "on" literal turns off the digit elsewhere in a house.
    HouseOnce(Kind),
    /// The last value left in a cell is on.
    CellLastValue,
    /// The last position left for a digit in a house is on.
    HouseLastPosition(Kind),
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
        house: Kind,
    },
    /// A naked pair in a house.
    NakedPair {
        cells: Vec<Cell>,
        digits: [Digit; 2],
        house: Kind,
    },
    /// An X-Wing: the digit in two base houses (rows or columns), covered by two others.
    XWing {
        cells: Vec<Cell>,
        digit: Digit,
        base: Kind,
        cover: Kind,
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
        house: Kind,
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
    /// A chain of strong links on one digit (SE's Skyscraper, Kite, strong-linked fishes,
    /// X-Loop).
    StrongLinks(StrongLinksExplanation),
    /// A unique rectangle or loop: its cells in loop order, its two values (for type 4 the
    /// locked value first) and what its type adds.
    UniqueLoop {
        cells: Vec<Cell>,
        values: [Digit; 2],
        kind: UniqueLoopKind,
    },
    /// A bivalue universal grave.
    Bug(BugExplanation),
    /// An aligned pair or triplet exclusion: the cells, each combination of their values that
    /// is excluded and involves a removed candidate (in SE's order), and the candidates removed
    /// (in SE's order of the cells).
    Aligned {
        cells: Vec<Cell>,
        excluded: Vec<Excluded>,
        removed: Vec<(Cell, DigitSet)>,
    },
}

/// A combination of values of an aligned exclusion's cells that cannot be: it repeats a value
/// in two cells that see each other (`lock` is `None`), or it leaves the cell `lock` (with its
/// values) no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excluded {
    pub values: Vec<Digit>,
    pub lock: Option<(Cell, DigitSet)>,
}

/// What a unique loop's type adds to its cells and values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UniqueLoopKind {
    /// Type 1: the one cell with more values loses the loop's values.
    One { cell: Cell },
    /// Type 2: the cells with more values all hold one more `digit`, which cells seeing them
    /// all lose.
    Two { cells: Vec<Cell>, digit: Digit },
    /// Type 3: one of `cells` (the two with more values, which hold `values` beyond the
    /// loop's) forms a naked or hidden set (`set`) with `others` in `house` on `set_values`.
    Three {
        cells: [Cell; 2],
        values: DigitSet,
        set: LoopSet,
        others: Vec<Cell>,
        set_values: DigitSet,
        house: House,
    },
    /// Type 4: `cells` are the only places of the first value in `house`, and lose the second.
    Four { cells: [Cell; 2], house: House },
}

/// The kind of set a unique loop of type 3 forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopSet {
    /// The set's cells hold only its values.
    Naked,
    /// The set's values have no other places in the house.
    Hidden,
}

/// A bivalue universal grave: the cells with a value beyond the pattern (`cells`) and those
/// values (`values`), and what its type removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BugExplanation {
    /// Type 1: the one cell keeps its extra values and loses the rest (`removed`).
    One {
        cell: Cell,
        values: DigitSet,
        removed: DigitSet,
    },
    /// Type 2: one extra `digit`, which cells seeing all the BUG cells lose.
    Two { cells: Vec<Cell>, digit: Digit },
    /// Type 3: one of the cells forms a naked set (`naked`) with `others` in `house`.
    Three {
        cells: Vec<Cell>,
        values: DigitSet,
        others: Vec<Cell>,
        naked: DigitSet,
        house: House,
    },
    /// Type 4: two cells of `house` share `digit`, whose only places in the house they are;
    /// both lose `removed`.
    Four {
        cells: [Cell; 2],
        values: DigitSet,
        digit: Digit,
        house: House,
        removed: DigitSet,
    },
}

/// A chain of strong links, as SE's hint gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrongLinksExplanation {
    /// SE's name of the hint (`Skyscraper 011`).
    pub name: crate::solver::se::SeName,
    pub digit: Digit,
    /// The links' regions in chain order, and the regions joining each link to the next.
    pub links: Vec<House>,
    pub shared: Vec<House>,
    /// The region joining the chain's two ends (an X-Loop).
    pub ring: Option<House>,
    /// The chain's first and last cells.
    pub start: Cell,
    pub end: Cell,
    /// How many links are grouped.
    pub grouped: usize,
    /// The links' regions in SE's order of them (blocks, rows, columns; then by number).
    pub by_kind: Vec<House>,
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
