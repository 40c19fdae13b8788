//! How SE's finders write their hints as [`Step`]s: SE's technique and SE's difficulty of the
//! step, SE's hint name and text (`Name: details`), and facts of the technique's family (a
//! single's cell and digit, the pattern's cells with the eliminated digits, a chain producer's
//! chains with the cells they cross).

use std::fmt::Display;

use super::SeTechnique;
use crate::domain::{Cell, Digit};
use crate::solver::step::Difficulty;
use crate::solver::{Candidate, Facts, Family, Step, StepTechnique};

/// SE's difficulty of a step (none for a step of another engine).
pub fn difficulty(s: &Step) -> Difficulty {
    s.technique.se().map_or(Difficulty(0), |(_, d)| d)
}

/// A step of `t` with SE's difficulty in tenths, named `name` (SE's hint name, which may say
/// more than the technique's: `Direct Claiming`, `Unique Rectangle type 2`) and the text
/// `name: details`; the finder adds what it places, removes and shows.
pub fn step(
    t: SeTechnique,
    difficulty: u16,
    name: impl Into<String>,
    details: impl Display,
) -> Step {
    let name = name.into();
    let mut s = Step::new(StepTechnique::Se(t, Difficulty(difficulty)));
    s.text = format!("{name}: {details}");
    s.name = Some(name);
    s
}

/// A step that places `d` in `c`: a single's facts for a single, else a pattern of `c` and
/// `cells` (SE's direct hidden sets and pointing).
pub fn placement(
    t: SeTechnique,
    difficulty: u16,
    name: impl Into<String>,
    details: impl Display,
    (c, d): (Cell, Digit),
    cells: impl IntoIterator<Item = Cell>,
) -> Step {
    let mut s = step(t, difficulty, name, details);
    s.placements.push(Candidate::new(c, d));
    s.facts = if t.family() == Family::Single {
        Facts::Single {
            cell: c,
            digit: d,
            house: None,
        }
    } else {
        pattern(&s.eliminations, [c].into_iter().chain(cells).collect())
    };
    s
}

/// A step that removes `eliminations`, with the pattern's `cells`.
pub fn elimination(
    t: SeTechnique,
    difficulty: u16,
    name: impl Into<String>,
    details: impl Display,
    eliminations: Vec<Candidate>,
    cells: Vec<Cell>,
) -> Step {
    let mut s = step(t, difficulty, name, details);
    s.facts = pattern(&eliminations, cells);
    s.eliminations = eliminations;
    s
}

/// The facts of a pattern: its cells and the digits it removes.
fn pattern(eliminations: &[Candidate], cells: Vec<Cell>) -> Facts {
    let mut digits: Vec<Digit> = eliminations.iter().map(|c| c.digit).collect();
    digits.sort();
    digits.dedup();
    Facts::Pattern {
        digits,
        cells,
        houses: Vec::new(),
        marks: Vec::new(),
    }
}
