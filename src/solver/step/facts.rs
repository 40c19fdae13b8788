//! Candidates, chain nodes and links; what a step is about beyond what it places and removes
//! ([`Facts`]); and the families of techniques by the facts their steps carry ([`Family`],
//! [`ChainKind`], [`FishKind`]). Shared by both engines' tables and steps, the UI and the
//! notation; imports nothing but the domain.

use crate::domain::{Cell, CellSet, Digit, DigitSet, House};

/// A candidate: a digit in a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    pub cell: Cell,
    pub digit: Digit,
}

impl Candidate {
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
    /// HoDoKu's `drc` triplet (digit, one-based row, one-based column).
    pub fn triplet(self) -> String {
        format!(
            "{}{}{}",
            self.digit,
            self.cell.row() + 1,
            self.cell.col() + 1
        )
    }
}

/// How two chain nodes are linked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// Strong link (`=d=`): not both false.
    Strong,
    /// Weak link (`-d-`): not both true.
    Weak,
}

/// A node of a chain: what is true or false at one point of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainNode {
    /// One candidate.
    Candidate(Candidate),
    /// A group node: `digit` in two or three cells of one box that share a row or a column
    /// (true when one of the cells holds the digit).
    Group { digit: Digit, cells: CellSet },
    /// An almost locked set (`cells` hold one more digit than there are cells): the node stands
    /// for `digit` in the set.
    Als { digit: Digit, cells: CellSet },
}

impl ChainNode {
    /// The digit the node is about.
    pub fn digit(self) -> Digit {
        match self {
            ChainNode::Candidate(c) => c.digit,
            ChainNode::Group { digit, .. } | ChainNode::Als { digit, .. } => digit,
        }
    }

    /// The node's cells, in cell order.
    pub fn cells(self) -> CellSet {
        match self {
            ChainNode::Candidate(c) => CellSet::from_iter([c.cell]),
            ChainNode::Group { cells, .. } | ChainNode::Als { cells, .. } => cells,
        }
    }

    /// The candidates a drawing marks for the node: the digit in each of its cells.
    pub fn candidates(self) -> impl Iterator<Item = Candidate> {
        let d = self.digit();
        self.cells().into_iter().map(move |c| Candidate::new(c, d))
    }
}

impl From<Candidate> for ChainNode {
    fn from(c: Candidate) -> ChainNode {
        ChainNode::Candidate(c)
    }
}

/// One link of a chain: from a node to the next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChainLink {
    pub from: ChainNode,
    pub to: ChainNode,
    pub kind: LinkKind,
}

/// The category of a found fish, from the kinds of its houses (HoDoKu's `createFishStep`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FishCategory {
    Basic,
    Franken,
    Mutant,
}

/// What one fish technique looks for: the category, the size (2-7 base sets) and the fins.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FishKind {
    pub category: FishCategory,
    pub size: usize,
    /// With one or more fins.
    pub finned: bool,
    /// Finned with a base set of no more than the fins (told apart for basic fish only).
    pub sashimi: bool,
}

impl FishKind {
    /// A finless fish.
    pub const fn plain(category: FishCategory, size: usize) -> FishKind {
        FishKind {
            category,
            size,
            finned: false,
            sashimi: false,
        }
    }

    /// A finned fish (not sashimi).
    pub const fn finned(category: FishCategory, size: usize) -> FishKind {
        FishKind {
            category,
            size,
            finned: true,
            sashimi: false,
        }
    }

    /// A sashimi fish.
    pub const fn sashimi(category: FishCategory, size: usize) -> FishKind {
        FishKind {
            category,
            size,
            finned: true,
            sashimi: true,
        }
    }

    /// The same kind, sashimi or not.
    pub const fn with_sashimi(self, sashimi: bool) -> FishKind {
        FishKind { sashimi, ..self }
    }

    /// The kind as the technique table has it: sashimi only for finned basic fish.
    pub const fn normalized(self) -> FishKind {
        FishKind {
            sashimi: self.sashimi && self.finned && matches!(self.category, FishCategory::Basic),
            ..self
        }
    }
}

/// The family of a technique: which kind of [`Facts`] its steps carry.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// [`Facts::Single`]: singles and Brute Force.
    Single,
    /// [`Facts::Pattern`]: subsets, locked candidates, wings, uniqueness, BUG+1, templates.
    Pattern,
    /// [`Facts::Fish`], of the given kind.
    Fish(FishKind),
    /// [`Facts::Kraken`]: a finned fish with a forcing chain per fin.
    Kraken,
    /// [`Facts::Coloring`]: simple and multi colours.
    Coloring,
    /// [`Facts::Chain`]: single-digit patterns, W-Wing, chains, loops, forcing chains and nets.
    Chain,
    /// [`Facts::Sets`]: almost locked sets and Sue de Coq.
    Sets,
}

/// Whether a technique is a chain, and how its chains are written (Eureka notation) and counted
/// (HoDoKu's library lines).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// Not a chain technique: the chains a step may show (Skyscraper, W-Wing, ALS) are
    /// written as open chains and not counted.
    NotChain,
    /// HoDoKu's simple chain or open loop (`isSimpleChainOrLoop`): written as an open chain;
    /// the library extra field holds its number of links.
    Chain,
    /// A continuous nice loop: written closed on its first node; counted as [`ChainKind::Chain`].
    Loop,
    /// Branches from one premise or to one conclusion (forcing chains and nets, Kraken fish):
    /// each branch is written with where it ends.
    Forcing,
}

/// The facts of a fish: its digit, base and cover sets and fins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FishFacts {
    pub digit: Digit,
    /// The base sets, in house index order.
    pub base: Vec<House>,
    /// The cover sets, in house index order.
    pub cover: Vec<House>,
    /// The digit's cells in the base sets.
    pub body: Vec<Cell>,
    /// Base candidates outside every cover set (endo fins not among them).
    pub fins: Vec<Candidate>,
    /// Endo fins: base candidates that lie in two base sets.
    pub endo_fins: Vec<Candidate>,
}

/// What a step is about beyond what it places and removes, per family of techniques (the
/// techniques' [`Family`]). The UI draws these and the notation writes
/// them; another engine's steps are drawn through the same facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Facts {
    /// Nothing beyond the placements and eliminations.
    None,
    /// A placed digit (singles, Brute Force): the cell, the digit, and the house it is the last
    /// place for (Full House, Hidden Single).
    Single {
        cell: Cell,
        digit: Digit,
        house: Option<House>,
    },
    /// Cells holding digits within houses (subsets, locked candidates, wings, uniqueness,
    /// BUG+1, templates). `digits` are HoDoKu's `values`, e.g. a naked pair's digits; `houses`
    /// of locked candidates are the house holding the digit, then the house losing it;
    /// `marks` are further candidates of note (a wing's z, a uniqueness test's extra digits).
    Pattern {
        digits: Vec<Digit>,
        cells: Vec<Cell>,
        houses: Vec<House>,
        marks: Vec<Candidate>,
    },
    /// A fish.
    Fish(FishFacts),
    /// A Kraken fish: the finned fish, and one chain from each fin (or cover candidate) to the
    /// eliminated candidate.
    Kraken {
        fish: FishFacts,
        chains: Vec<Vec<ChainLink>>,
    },
    /// Coloured candidates of one digit: (candidate, colour; colours 0/1 are a pair, 2/3 the
    /// next pair ...).
    Coloring {
        digit: Digit,
        colors: Vec<(Candidate, u8)>,
    },
    /// Chains, each a list of links (single-digit patterns, W-Wing, X-Chain, XY-Chain, Remote
    /// Pair, nice loops, forcing chains and nets), with the pattern's digits, cells, houses and
    /// marked candidates (a Skyscraper's ends, a W-Wing's bridge).
    Chain {
        digits: Vec<Digit>,
        cells: Vec<Cell>,
        houses: Vec<House>,
        marks: Vec<Candidate>,
        chains: Vec<Vec<ChainLink>>,
    },
    /// Almost locked sets (cells, digits) in HoDoKu's order (ALS-XZ, ALS-XY-Wing, ALS chain,
    /// Death Blossom, Sue de Coq), with the chains that link them, the pattern's cells (a
    /// Death Blossom's stem, a Sue de Coq's intersection), digits, houses and marked
    /// candidates.
    Sets {
        alses: Vec<(CellSet, DigitSet)>,
        chains: Vec<Vec<ChainLink>>,
        digits: Vec<Digit>,
        cells: Vec<Cell>,
        houses: Vec<House>,
        marks: Vec<Candidate>,
    },
}

impl Facts {
    /// [`Facts::Sets`] with only the sets and the chains linking them.
    pub fn sets(alses: Vec<(CellSet, DigitSet)>, chains: Vec<Vec<ChainLink>>) -> Facts {
        Facts::Sets {
            alses,
            chains,
            digits: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// [`Facts::Chain`] with only the chains.
    pub fn chain(chains: Vec<Vec<ChainLink>>) -> Facts {
        Facts::Chain {
            digits: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            marks: Vec::new(),
            chains,
        }
    }

    /// The pattern's cells: a single's cell, a fish's body, the coloured cells, the cells of a
    /// pattern, chain or sets.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Facts::None => Vec::new(),
            Facts::Single { cell, .. } => vec![*cell],
            Facts::Fish(f) | Facts::Kraken { fish: f, .. } => f.body.clone(),
            Facts::Coloring { colors, .. } => colors.iter().map(|(c, _)| c.cell).collect(),
            Facts::Pattern { cells, .. }
            | Facts::Chain { cells, .. }
            | Facts::Sets { cells, .. } => cells.clone(),
        }
    }

    /// The digits the pattern is about (HoDoKu's `values`).
    pub fn digits(&self) -> Vec<Digit> {
        match self {
            Facts::None => Vec::new(),
            Facts::Single { digit, .. } | Facts::Coloring { digit, .. } => vec![*digit],
            Facts::Fish(f) | Facts::Kraken { fish: f, .. } => vec![f.digit],
            Facts::Pattern { digits, .. }
            | Facts::Chain { digits, .. }
            | Facts::Sets { digits, .. } => digits.clone(),
        }
    }

    /// The chains of the step (empty for facts without chains).
    pub fn chains(&self) -> &[Vec<ChainLink>] {
        match self {
            Facts::Kraken { chains, .. }
            | Facts::Chain { chains, .. }
            | Facts::Sets { chains, .. } => chains,
            _ => &[],
        }
    }

    /// The almost locked sets of the step (empty for facts without them).
    pub fn alses(&self) -> &[(CellSet, DigitSet)] {
        match self {
            Facts::Sets { alses, .. } => alses,
            _ => &[],
        }
    }

    /// The family of facts, to check against the technique table (a fish's kind is not kept).
    pub fn is_of(&self, family: Family) -> bool {
        matches!(
            (self, family),
            (Facts::None, _)
                | (Facts::Single { .. }, Family::Single)
                | (Facts::Pattern { .. }, Family::Pattern)
                | (Facts::Fish(_), Family::Fish(_))
                | (Facts::Kraken { .. }, Family::Kraken)
                | (Facts::Coloring { .. }, Family::Coloring)
                | (Facts::Chain { .. }, Family::Chain)
                | (Facts::Sets { .. }, Family::Sets)
        )
    }
}
