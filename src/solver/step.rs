//! `Step`: one deduction, carrying everything a UI needs to show it and HoDoKu's text forms.

use super::step_technique::{hodoku_equivalent, StepTechnique};
use super::technique::{ChainKind, Family, LibraryDigits};
use super::Technique;
use crate::codec::HodokuStepFields;
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
/// technique table's [`super::technique::Family`]). The UI draws these and the notation writes
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

/// A step found by a technique of either engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The engine and technique that found the step.
    pub technique: StepTechnique,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates removed by the step.
    pub eliminations: Vec<Candidate>,
    /// What the step is about, per family of techniques.
    pub facts: Facts,
    /// HoDoKu's `toString(2)` text, e.g. `Naked Single: r6c7=4`; SE's hint text for an SE
    /// step (`Region Forcing Chains: 3 in row ==> r6c5.4 off`).
    pub text: String,
}

impl Step {
    /// A step of the given technique without placements, eliminations or facts; finders fill
    /// them in.
    pub fn new(technique: impl Into<StepTechnique>) -> Step {
        Step {
            technique: technique.into(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            facts: Facts::None,
            text: String::new(),
        }
    }

    /// Whether the step changes nothing (a finder bug if returned).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// The step as one line: HoDoKu's text (`X-Wing: 4 r2c4,r8c4 => ...`), or for an SE step
    /// SE's technique and difficulty before SE's text (`Nested Forcing Chains (10.3): Region
    /// Forcing Chains: 3 in row ==> r6c5.4 off`).
    pub fn line(&self) -> String {
        match self.technique {
            StepTechnique::Hodoku(_) => self.text.clone(),
            StepTechnique::Se(..) => format!("{}: {}", self.technique, self.text),
        }
    }

    /// The HoDoKu technique the step counts as in HoDoKu's formats and rating: its own for a
    /// HoDoKu step, [`hodoku_equivalent`] for an SE step.
    pub fn hodoku_equivalent(&self) -> Technique {
        match self.technique {
            StepTechnique::Hodoku(t) => t,
            StepTechnique::Se(t, ..) => hodoku_equivalent(t, !self.placements.is_empty()),
        }
    }

    /// The step's chains (empty for a step without chains).
    pub fn chains(&self) -> &[Vec<ChainLink>] {
        self.facts.chains()
    }

    /// Eliminations as `drc` triplets, sorted by digit then cell.
    pub fn eliminations_string(&self) -> String {
        triplets_sorted(&self.eliminations)
    }

    /// Placements as `drc` triplets, sorted by digit then cell.
    pub fn placements_string(&self) -> String {
        triplets_sorted(&self.placements)
    }

    /// The step fields of a HoDoKu library line (docs/hodoku.md §2, "Library lines"); an SE
    /// step writes those of its [`Step::hodoku_equivalent`].
    pub fn library_fields(&self) -> HodokuStepFields {
        let t = self.hodoku_equivalent();
        let mut digits: Vec<Digit> = Vec::new();
        match t.info().library_digits {
            LibraryDigits::Empty => {}
            LibraryDigits::Eliminated | LibraryDigits::Pattern => {
                if t.info().library_digits == LibraryDigits::Eliminated {
                    digits.extend(self.eliminations.iter().map(|c| c.digit));
                }
                if digits.is_empty() {
                    digits.extend(self.facts.digits());
                    digits.extend(self.placements.iter().map(|c| c.digit));
                }
            }
        }
        digits.sort();
        digits.dedup();
        let eliminations = self.eliminations_string();
        let placements = if eliminations.is_empty() {
            self.placements_string()
        } else {
            String::new()
        };
        let extra = match t.chain_kind() {
            ChainKind::Chain | ChainKind::Loop => {
                let links: usize = self.chains().iter().map(|c| c.len()).sum();
                links.to_string()
            }
            ChainKind::NotChain | ChainKind::Forcing => String::new(),
        };
        HodokuStepFields {
            code: t.code().to_string(),
            digits: digits.iter().map(|d| d.to_char()).collect(),
            eliminations,
            placements,
            extra,
        }
    }
}

/// HoDoKu's compact cell list (`SolutionStep.getCompactCellPrint`): cells sorted by index; the
/// smallest remaining cell opens a group, which then takes every later cell of its row (while the
/// group has one row) or of its column (while it has one column). Groups joined by `,`:
/// `r8c123,r9c89`, `r12c5`, `r4c46,r8c46`.
pub fn compact_cells(cells: &[Cell]) -> String {
    let mut rest: Vec<Cell> = cells.to_vec();
    rest.sort();
    rest.dedup();
    let mut out = String::new();
    while !rest.is_empty() {
        let first = rest.remove(0);
        let mut rows = vec![first.row()];
        let mut cols = vec![first.col()];
        rest.retain(|c| {
            if c.row() == first.row() && rows.len() == 1 {
                cols.push(c.col());
                false
            } else if c.col() == first.col() && cols.len() == 1 {
                rows.push(c.row());
                false
            } else {
                true
            }
        });
        if !out.is_empty() {
            out.push(',');
        }
        out.push('r');
        out.extend(rows.iter().map(|r| char::from(b'1' + *r as u8)));
        out.push('c');
        out.extend(cols.iter().map(|k| char::from(b'1' + *k as u8)));
    }
    out
}

/// HoDoKu's elimination text (`getCandidatesToDelete` without the ` => `): per digit, lowest
/// first, `cells<>d`, joined by `, `: `r2c5<>4, r8c123,r9c89<>7`. HoDoKu groups its candidate
/// list in list order, and that list is sorted by digit, then cell, once the step's library
/// line has been written (`getCandidateString`), which is how HoDoKu's text of a step reads.
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut digits: Vec<Digit> = elims.iter().map(|e| e.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    digits
        .into_iter()
        .map(|d| {
            let cells: Vec<Cell> = elims
                .iter()
                .filter(|c| c.digit == d)
                .map(|c| c.cell)
                .collect();
            format!("{}<>{}", compact_cells(&cells), d)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Candidates as `drc` triplets sorted by digit, then cell (HoDoKu's `Candidate.compareTo`),
/// duplicates dropped, joined by a space.
pub fn triplets_sorted(cands: &[Candidate]) -> String {
    let mut v: Vec<Candidate> = cands.to_vec();
    v.sort_by_key(|c| (c.digit, c.cell));
    v.dedup();
    v.iter().map(|c| c.triplet()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(r: usize, k: usize) -> Cell {
        Cell::from_rc(r - 1, k - 1)
    }

    #[test]
    fn compact_cells_groups_like_hodoku() {
        assert_eq!(
            compact_cells(&[c(8, 1), c(8, 2), c(8, 3), c(9, 8), c(9, 9)]),
            "r8c123,r9c89"
        );
        assert_eq!(compact_cells(&[c(4, 4), c(4, 6)]), "r4c46");
        assert_eq!(compact_cells(&[c(1, 5), c(2, 5)]), "r12c5");
        assert_eq!(compact_cells(&[c(3, 1), c(3, 9)]), "r3c19");
        // A rectangle: row groups are not merged (spec example `Uniqueness Test 4: 1/8 in r4c46,r8c46`).
        assert_eq!(
            compact_cells(&[c(4, 4), c(4, 6), c(8, 4), c(8, 6)]),
            "r4c46,r8c46"
        );
        // The first cell takes its column-mates only when it found no row-mate.
        assert_eq!(compact_cells(&[c(1, 1), c(2, 1), c(2, 2)]), "r12c1,r2c2");
        assert_eq!(compact_cells(&[c(1, 3), c(1, 8), c(5, 3)]), "r1c38,r5c3");
    }

    #[test]
    fn elimination_text_groups_by_digit() {
        let d4 = Digit::new(4).unwrap();
        let e = [
            Candidate::new(c(8, 1), d4),
            Candidate::new(c(8, 2), d4),
            Candidate::new(c(8, 3), d4),
            Candidate::new(c(9, 8), d4),
            Candidate::new(c(9, 9), d4),
        ];
        assert_eq!(eliminations_text(&e), "r8c123,r9c89<>4");
    }

    #[test]
    fn elimination_text_lists_digits_lowest_first() {
        let d = |n| Digit::new(n).unwrap();
        // HoDoKu 2.2's Hidden Pair 4,5 in r8c56: its finder deletes cell by cell, the text reads
        // digit by digit.
        let e = [
            Candidate::new(c(8, 5), d(3)),
            Candidate::new(c(8, 5), d(8)),
            Candidate::new(c(8, 5), d(9)),
            Candidate::new(c(8, 6), d(3)),
            Candidate::new(c(8, 6), d(6)),
            Candidate::new(c(8, 6), d(7)),
            Candidate::new(c(8, 6), d(8)),
        ];
        assert_eq!(
            eliminations_text(&e),
            "r8c56<>3, r8c6<>6, r8c6<>7, r8c56<>8, r8c5<>9"
        );
    }
}
