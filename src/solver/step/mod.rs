//! The engine-neutral step module: `Step`, one deduction of either engine, carrying everything
//! a UI needs to show it and HoDoKu's text forms; its facts ([`facts`]) and its technique
//! ([`technique`]). It imports the two engines' technique enums and nothing of their finders,
//! tables of finders or drivers.

pub mod facts;
pub mod technique;

pub use facts::{
    Candidate, ChainKind, ChainLink, ChainNode, Facts, Family, FishCategory, FishFacts, FishKind,
    LinkKind,
};
pub use technique::{hodoku_equivalent, Difficulty, StepEngine, StepRating, StepTechnique};

use super::technique::{LibraryDigits, Technique};
use crate::codec::HodokuStepFields;
use crate::domain::{Cell, Digit};
use crate::solver::se::name::SeName;

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
    /// The step's own name where its engine names each step: SE's name of its hint (its
    /// `getName()`: `Direct Claiming`, `Unique Rectangle type 2`, `Dynamic Region Forcing
    /// Chains`), typed; `None`: the technique's name ([`Step::name`]).
    pub name: Option<SeName>,
    /// One text line per chain of the facts where the engine writes them (SE's chains: each
    /// branch's assumption, conclusion and length); empty otherwise.
    pub chain_lines: Vec<String>,
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
            name: None,
            chain_lines: Vec::new(),
        }
    }

    /// The step's name: its own where its engine gives one (SE's hint name, `Direct
    /// Claiming`), else its technique's.
    pub fn name(&self) -> String {
        match &self.name {
            Some(n) => n.to_string(),
            None => self.technique.name().to_string(),
        }
    }

    /// The step's name as a user reads it: HoDoKu's technique (`X-Wing`), or SE's name of the
    /// hint with SE's difficulty of the step (`Dynamic Cell Forcing Chains (8.9)`).
    pub fn title(&self) -> String {
        match self.technique {
            StepTechnique::Hodoku(t) => t.name().to_string(),
            StepTechnique::Se(_, d) => format!("{} ({d})", self.name()),
        }
    }

    /// Whether the step places a digit.
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }

    /// Whether the step changes nothing (a finder bug if returned).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }

    /// The step as one line: HoDoKu's text (`X-Wing: 4 r2c4,r8c4 => ...`), or for an SE step
    /// its title before SE's text (`Dynamic Region Forcing Chains (+ Forcing Chains) (10.3):
    /// Region Forcing Chains: 3 in row ==> r6c5.4 off`).
    pub fn line(&self) -> String {
        match self.technique {
            StepTechnique::Hodoku(_) => self.text.clone(),
            StepTechnique::Se(..) => format!("{}: {}", self.title(), self.text),
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
