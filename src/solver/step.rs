//! `Step`: one deduction, carrying everything a UI needs to show it and HoDoKu's text forms.

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

/// A step found by a technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates removed by the step.
    pub eliminations: Vec<Candidate>,
    /// HoDoKu's `values`: the digits the pattern is about (e.g. W-Wing `4/2`, a naked pair's digits).
    pub values: Vec<Digit>,
    /// The pattern's cells (HoDoKu's `indices`).
    pub cells: Vec<Cell>,
    /// Houses involved (base/cover sets of a fish, the house of a single, ...).
    pub houses: Vec<House>,
    /// Second group of houses (cover sets of a fish), when the technique has one.
    pub cover_houses: Vec<House>,
    /// Fin candidates (fish, W-Wing bridge ...).
    pub fins: Vec<Candidate>,
    /// Endo fins of a fish: base candidates that lie in two base sets.
    pub endo_fins: Vec<Candidate>,
    /// Chains, each a list of links (X-Chain, XY-Chain, Remote Pair, W-Wing link ...).
    pub chains: Vec<Vec<ChainLink>>,
    /// Coloured candidates: (candidate, colour index; colours 0/1 are a pair, 2/3 the next pair ...).
    pub colors: Vec<(Candidate, u8)>,
    /// Almost locked sets of the pattern (cells, digits), in HoDoKu's order (drawn `A`, `B`, ...).
    pub alses: Vec<(CellSet, DigitSet)>,
    /// HoDoKu's `toString(2)` text, e.g. `Naked Single: r6c7=4`.
    pub text: String,
}

impl Step {
    /// An empty step of the given technique; finders fill in the fields.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            values: Vec::new(),
            cells: Vec::new(),
            houses: Vec::new(),
            cover_houses: Vec::new(),
            fins: Vec::new(),
            endo_fins: Vec::new(),
            chains: Vec::new(),
            colors: Vec::new(),
            alses: Vec::new(),
            text: String::new(),
        }
    }

    /// Whether the step changes nothing (a finder bug if returned).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// Eliminations as `drc` triplets, sorted by digit then cell.
    pub fn eliminations_string(&self) -> String {
        triplets_sorted(&self.eliminations)
    }

    /// Placements as `drc` triplets, sorted by digit then cell.
    pub fn placements_string(&self) -> String {
        triplets_sorted(&self.placements)
    }

    /// The step fields of a HoDoKu library line (docs/hodoku.md §2, "Library lines").
    pub fn library_fields(&self) -> HodokuStepFields {
        let t = self.technique;
        let mut digits: Vec<Digit> = Vec::new();
        if uses_elimination_digits(t) {
            digits.extend(self.eliminations.iter().map(|c| c.digit));
        }
        // HoDoKu 2.2.0 writes BUG+1 with an empty digits field (its step has no values).
        if digits.is_empty() && t != Technique::BugPlus1 {
            digits.extend(self.values.iter().copied());
            digits.extend(self.placements.iter().map(|c| c.digit));
        }
        digits.sort();
        digits.dedup();
        let eliminations = self.eliminations_string();
        let placements = if eliminations.is_empty() {
            self.placements_string()
        } else {
            String::new()
        };
        let extra = if is_simple_chain_or_loop(t) {
            let links: usize = self.chains.iter().map(|c| c.len()).sum();
            links.to_string()
        } else {
            String::new()
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

/// HoDoKu's `useCandToDelInLibraryFormat`: the library digits field lists the eliminated digits.
fn uses_elimination_digits(t: Technique) -> bool {
    matches!(
        t,
        Technique::ContinuousNiceLoop
            | Technique::DiscontinuousNiceLoop
            | Technique::Aic
            | Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
            | Technique::ForcingChainContradiction
            | Technique::ForcingNetContradiction
            | Technique::AlsXz
            | Technique::AlsXyWing
            | Technique::AlsXyChain
            | Technique::DeathBlossom
            | Technique::SueDeCoq
    )
}

/// HoDoKu's `isSimpleChainOrLoop`: the library extra field holds the chain length - 1, which is
/// the number of links of the step's chains.
fn is_simple_chain_or_loop(t: Technique) -> bool {
    matches!(
        t,
        Technique::XChain
            | Technique::XyChain
            | Technique::RemotePair
            | Technique::ContinuousNiceLoop
            | Technique::DiscontinuousNiceLoop
            | Technique::Aic
            | Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
    )
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

/// HoDoKu's elimination text (`getCandidatesToDelete` without the ` => `): per digit, in the
/// order the digits first occur in `elims`, `cells<>d`, joined by `, `: `r8c123,r9c89<>4, r2c5<>7`.
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut digits: Vec<Digit> = Vec::new();
    for e in elims {
        if !digits.contains(&e.digit) {
            digits.push(e.digit);
        }
    }
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
}
