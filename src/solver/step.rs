//! `Step`: one deduction, carrying everything a UI needs to show it and HoDoKu's text forms.

use super::Technique;
use crate::domain::{Cell, Digit, House};

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

/// One link of a chain: from a candidate to the next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChainLink {
    pub from: Candidate,
    pub to: Candidate,
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
    /// Chains, each a list of links (X-Chain, XY-Chain, Remote Pair, W-Wing link ...).
    pub chains: Vec<Vec<ChainLink>>,
    /// Coloured candidates: (candidate, colour index; colours 0/1 are a pair, 2/3 the next pair ...).
    pub colors: Vec<(Candidate, u8)>,
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
            chains: Vec::new(),
            colors: Vec::new(),
            text: String::new(),
        }
    }

    /// Whether the step changes nothing (a finder bug if returned).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
}

/// HoDoKu's compact cell list: cells grouped by row (`r8c123`) or by column (`r123c8`),
/// whichever needs fewer groups; groups joined by `,`. Cells are sorted first.
pub fn compact_cells(cells: &[Cell]) -> String {
    let mut cells: Vec<Cell> = cells.to_vec();
    cells.sort();
    cells.dedup();
    let by_row = group(&cells, true);
    let by_col = group(&cells, false);
    if by_col.len() < by_row.len() {
        by_col.join(",")
    } else {
        by_row.join(",")
    }
}

fn group(cells: &[Cell], rows: bool) -> Vec<String> {
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for c in cells {
        let (key, other) = if rows {
            (c.row(), c.col())
        } else {
            (c.col(), c.row())
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(other),
            None => groups.push((key, vec![other])),
        }
    }
    // Merge groups with identical member lists: r1c5,r2c5 -> r12c5 when grouping by rows.
    let mut merged: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (k, mut v) in groups {
        v.sort();
        match merged.iter_mut().find(|(_, m)| *m == v) {
            Some((ks, _)) => ks.push(k),
            None => merged.push((vec![k], v)),
        }
    }
    merged
        .into_iter()
        .map(|(ks, vs)| {
            let ks: String = ks.iter().map(|k| char::from(b'1' + *k as u8)).collect();
            let vs: String = vs.iter().map(|k| char::from(b'1' + *k as u8)).collect();
            if rows {
                format!("r{ks}c{vs}")
            } else {
                format!("r{vs}c{ks}")
            }
        })
        .collect()
}

/// HoDoKu's elimination text: per digit, `cells<>d`, joined by `, ` (digits ascending).
/// `r8c123,r9c89<>4, r2c5<>7`.
pub fn eliminations_text(elims: &[Candidate]) -> String {
    let mut digits: Vec<Digit> = elims.iter().map(|c| c.digit).collect();
    digits.sort();
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
