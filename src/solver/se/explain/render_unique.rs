//! SE's hint-window texts of the uniqueness tests (unique rectangles and loops) and of the
//! bivalue universal grave, filled in from their data, and their one-line texts. `{n}` is the
//! n-th argument of SE's hint.

use super::model::{BugExplanation, Explanation, LoopSet, UniqueLoopKind};
use super::render::{fill, house_name, SHARED};
use crate::domain::{Cell, Digit, DigitSet};
use crate::solver::se::SeName;

const UL1: &str =
    "<html> <body> <h2>Unique {0} type 1</h2> <p> The cells <b>{3}</b> form a <b>Unique {0}</b>
   with the values <b>{1}</b> and <b>{2}</b>. There are exactly two ways of placing the
   values <b>{1}</b> and <b>{2}</b> in the cells of the Unique {0}, forming two possible
   configurations. In both configurations, each {5} touched by the Unique {0} contains each
   of the two values <b>{1}</b> and <b>{2}</b> exactly once. As a result, if one of these two
   configurations were part of the solution, it could then be replaced by the other one to
   get a <i>second valid solution</i>. </p><p> Because a valid sudoku cannot have more than
   one solution, none of the two configurations of the Unique {0} can be valid. The only
   possible way to avoid these two configurations is if the cell <b>{4}</b> does not contain
   the values <b>{1}</b> and <b>{2}</b>. </p> </body> </html>";

const UL2: &str =
    "<html> <body> <h2>Unique {0} type 2</h2> <p> The cells <b>{3}</b> form a <b>Unique {0}</b>
   with the values <b>{1}</b> and <b>{2}</b>. There are exactly two ways of placing the
   values <b>{1}</b> and <b>{2}</b> in the cells of the Unique {0}, forming two possible
   configurations. In both configurations, each {7} touched by the Unique {0} contains each
   of the two values <b>{1}</b> and <b>{2}</b> exactly once. As a result, if one of these two
   configurations were part of the solution, it could then be replaced by the other one to
   get a <i>second valid solution</i>. </p><p> Because a valid sudoku cannot have more than
   one solution, none of the two configurations of the Unique {0} can be valid. The only
   possible way to avoid these two configurations is if one of <b>{4}</b> contains the value
   <b>{6}</b>. </p><p> Other occurrences of the value <b>{6}</b> can therefore be removed
   from the cells that share a {7} with <b>{5}</b>. </p> </body> </html>";

const UL3_NAKED: &str =
    "<html> <body> <h2>Unique {0} type 3 (with Naked {7})</h2> <p> The cells <b>{3}</b> form a
   <b>Unique {0}</b> with the values <b>{1}</b> and <b>{2}</b>. There are exactly two ways of
   placing the values <b>{1}</b> and <b>{2}</b> in the cells of the Unique {0}, forming two
   possible configurations. In both configurations, each {11} touched by the Unique {0}
   contains each of the two values <b>{1}</b> and <b>{2}</b> exactly once. As a result, if one
   of these two configurations were part of the solution, it could then be replaced by the
   other one to get a <i>second valid solution</i>. </p><p> Because a valid sudoku cannot have
   more than one solution, none of the two configurations of the Unique {0} can be valid. This
   implies that either <b>{4}</b> or <b>{5}</b> contains one of the values <b>{6}</b>. It
   follows that either <b>{4}</b> or <b>{5}</b> forms a <b>Naked {7}</b> with <b>{8}</b> on
   the values <b>{9}</b> in the {10}. </p><p> Other potential positions of the values {9} can
   therefore be removed from the {10}. </p> </body> </html>";

const UL3_HIDDEN: &str =
    "<html> <body> <h2>Unique {0} type 3 (with Hidden {7})</h2> <p> The cells <b>{3}</b> form a
   <b>Unique {0}</b> with the values <b>{1}</b> and <b>{2}</b>. There are exactly two ways of
   placing the values <b>{1}</b> and <b>{2}</b> in the cells of the Unique {0}, forming two
   possible configurations. In both configurations, each {11} touched by the Unique {0}
   contains each of the two values <b>{1}</b> and <b>{2}</b> exactly once. As a result, if one
   of these two configurations were part of the solution, it could then be replaced by the
   other one to get a <i>second valid solution</i>. </p><p> Because a valid sudoku cannot have
   more than one solution, none of the two configurations of the Unique {0} can be valid. This
   implies that either <b>{4}</b> or <b>{5}</b> contains one of the values <b>{6}</b>. It
   follows that either <b>{4}</b> or <b>{5}</b> forms a <b>Hidden {7}</b> with <b>{8}</b> on
   the values <b>{9}</b> in the {10}. </p><p> Other potential values can therefore be removed
   from <b>{8}</b>. </p> </body> </html>";

/// SE's names of a unique loop's type 3 set, by its size.
const LOOP_SETS: [&str; 6] = [
    "Pair",
    "Triplet",
    "Quad",
    "Quintuplet",
    "Sextuplet",
    "Septuplet",
];

const UL4: &str =
    "<html> <body> <h2>Unique {0} type 4</h2> <p> The cells <b>{3}</b> form a <b>Unique {0}</b>
   with the values <b>{1}</b> and <b>{2}</b>. There are exactly two ways of placing the
   values <b>{1}</b> and <b>{2}</b> in the cells of the Unique {0}, forming two possible
   configurations. In both configurations, each {7} touched by the Unique {0} contains each
   of the two values <b>{1}</b> and <b>{2}</b> exactly once. As a result, if one of these two
   configurations were part of the solution, it could then be replaced by the other one to
   get a <i>second valid solution</i>. </p><p> Because a valid sudoku cannot have more than
   one solution, none of the two configurations of the Unique {0} can be valid. Note that the
   two cells <b>{4}</b> and <b>{5}</b> are the only possible positions of the value
   <b>{1}</b> in the {6}, thus, one of these two cells will contain the value <b>{1}</b>.
   Therefore, the only possible way to avoid the two configurations is if neither <b>{4}</b>
   nor <b>{5}</b> contains the value <b>{2}</b>. </p> </body> </html>";

const BUG1: &str =
    "<html> <body> <h2>Bivalue Universal Grave type 1</h2> <p> If the value <b>{0}</b> were
   removed from the cell <b>{1}</b>, the Sudoku would exhibit a <b>Bivalue Universal
   Grave</b> pattern (or <b>BUG</b>). </p> <p> In a BUG, each value that remains in a {4} has
   exactly two possible positions in that {4}; and each empty cell has exactly two possible
   values. A Sudoku having a BUG has <i><b>zero, two or more</b></i> valid solutions. </p>
   <p> Because a valid Sudoku has exactly one solution, the BUG cannot be part of it. The
   only way to avoid the BUG is if the cell <b>{1}</b> contains the value <b>{2}</b>. The
   values <b>{3}</b> can therefore be removed. </p> </body> </html>";

const BUG2: &str =
    "<html> <body> <h2>Bivalue Universal Grave type 2</h2> <p> If the value <b>{0}</b> were
   removed from the cells <b>{1}</b>, the Sudoku would exhibit a <b>Bivalue Universal
   Grave</b> pattern (or <b>BUG</b>). </p> <p> In a BUG, each value that remains in a {2} has
   exactly two possible positions in that {2}; and each empty cell has exactly two possible
   values. A Sudoku having a BUG has <i><b>zero, two or more</b></i> valid solutions. </p>
   <p> Because a valid Sudoku has exactly one solution, the BUG cannot be part of it. The
   only way to avoid the BUG is if at least one of the cells <b>{1}</b> contains the value
   <b>{0}</b>. Other potential positions of this value can therefore be removed from other
   cells sharing a {2} with <b>{1}</b>. </p> </body> </html>";

const BUG3: &str =
    "<html> <body> <h2>Bivalue Universal Grave type 3 (with Naked {4})</h2> <p> If the values
   <b>{0}</b> were removed from the cells <b>{1}</b>, the Sudoku would exhibit a <b>Bivalue
   Universal Grave</b> pattern (or <b>BUG</b>). </p> <p> In a BUG, each value that remains in
   a {8} has exactly two possible positions in that {8}; and each empty cell has exactly two
   possible values. A Sudoku having a BUG has <i><b>zero, two or more</b></i> valid
   solutions. </p> <p> Because a valid Sudoku has exactly one solution, the BUG cannot be
   part of it. The only way to avoid the BUG is if at least one of the cells <b>{2}</b>
   contains one of the values <b>{3}</b>. It follows that one of <b>{2}</b> forms a <b>Naked
   {4}</b> with <b>{5}</b> on the values <b>{6}</b> in the {7}. </p><p> Other potential
   positions of the values <b>{6}</b> can therefore be removed from the {7}. </p> </body>
   </html>";

const BUG4: &str =
    "<html> <body> <h2>Bivalue Universal Grave type 4</h2> <p> If the values <b>{0}</b> were
   removed from the cells <b>{1}</b>, the Sudoku would exhibit a <b>Bivalue Universal
   Grave</b> pattern (or <b>BUG</b>). </p> <p> In a BUG, each value that remains in a {7} has
   exactly two possible positions in that {7}; and each empty cell has exactly two possible
   values. A Sudoku having a BUG has <i><b>zero, two or more</b></i> valid solutions. </p>
   <p> Because a valid Sudoku has exactly one solution, the BUG cannot be part of it. The
   only possible way to avoid the BUG is if one of the two cells <b>{2}</b> contains one of
   the values <b>{3}</b>. If follows that the other of these two cells will contain the value
   <b>{4}</b> because this value has no other possible position in the {5}. </p><p> The
   values <b>{6}</b> can therefore be removed from the cells <b>{1}</b>. </p> </body> </html>";

/// SE's `ValuesFormatter.formatCells`: `a, b and c` (or `a, b or c`).
fn cells_joined(cells: &[Cell], last: &str) -> String {
    joined(cells.iter().map(|c| c.to_string()).collect(), last)
}

/// SE's `ValuesFormatter.formatValues`: `1, 2 and 3` (or `1, 2 or 3`).
fn values_joined(values: DigitSet, last: &str) -> String {
    joined(values.iter().map(|d| d.to_string()).collect(), last)
}

fn joined(items: Vec<String>, last: &str) -> String {
    match items.split_last() {
        Some((tail, rest)) if !rest.is_empty() => format!("{}{last}{tail}", rest.join(", ")),
        _ => items.concat(),
    }
}

fn comma_cells(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn loop_kind(kind: &UniqueLoopKind) -> u8 {
    match kind {
        UniqueLoopKind::One { .. } => 1,
        UniqueLoopKind::Two { .. } => 2,
        UniqueLoopKind::Three { .. } => 3,
        UniqueLoopKind::Four { .. } => 4,
    }
}

/// SE's one-line text of a uniqueness or BUG hint, `None` for another explanation.
pub(super) fn title(e: &Explanation) -> Option<String> {
    Some(match e {
        Explanation::UniqueLoop {
            cells,
            values,
            kind,
        } => {
            let name = SeName::UniqueLoop {
                cells: cells.len() as u8,
                kind: loop_kind(kind),
            };
            format!(
                "{name}: Cells {} on {}, {}",
                comma_cells(cells),
                values[0],
                values[1]
            )
        }
        Explanation::Bug(b) => match b {
            BugExplanation::One { cell, .. } => format!("BUG type 1: {cell}"),
            BugExplanation::Two { cells, digit } => {
                format!("BUG type 2: {} on {digit}", comma_cells(cells))
            }
            BugExplanation::Three { cells, naked, .. } => {
                let values: Vec<String> = naked.iter().map(|d| d.to_string()).collect();
                format!(
                    "BUG type 3: {} on {}",
                    comma_cells(cells),
                    values.join(", ")
                )
            }
            BugExplanation::Four { cells, digit, .. } => {
                format!("BUG type 4: {},{} on {digit}", cells[0], cells[1])
            }
        },
        _ => return None,
    })
}

/// The hint window of a unique loop.
pub(super) fn unique_loop_html(
    cells: &[Cell],
    values: [Digit; 2],
    kind: &UniqueLoopKind,
) -> String {
    let shape = if cells.len() == 4 {
        "Rectangle"
    } else {
        "Loop"
    };
    let (v1, v2) = (values[0].to_string(), values[1].to_string());
    let all = comma_cells(cells);
    match kind {
        UniqueLoopKind::One { cell } => {
            fill(UL1, &[shape, &v1, &v2, &all, &cell.to_string(), SHARED])
        }
        UniqueLoopKind::Two { cells, digit } => fill(
            UL2,
            &[
                shape,
                &v1,
                &v2,
                &all,
                &cells_joined(cells, " or "),
                &cells_joined(cells, " and "),
                &digit.to_string(),
                SHARED,
            ],
        ),
        UniqueLoopKind::Three {
            cells,
            values,
            set,
            others,
            set_values,
            house,
        } => fill(
            match set {
                LoopSet::Naked => UL3_NAKED,
                LoopSet::Hidden => UL3_HIDDEN,
            },
            &[
                shape,
                &v1,
                &v2,
                &all,
                &cells[0].to_string(),
                &cells[1].to_string(),
                &values_joined(*values, " or "),
                LOOP_SETS[(set_values.len() as usize).clamp(2, 7) - 2],
                &cells_joined(others, " and "),
                &values_joined(*set_values, " and "),
                house_name(*house),
                SHARED,
            ],
        ),
        UniqueLoopKind::Four { cells, house } => fill(
            UL4,
            &[
                shape,
                &v1,
                &v2,
                &all,
                &cells[0].to_string(),
                &cells[1].to_string(),
                house_name(*house),
                SHARED,
            ],
        ),
    }
}

/// SE's names of a naked set in a BUG type 3, by its size.
const BUG_SETS: [&str; 6] = ["Pair", "Triplet", "Quad", "Set (5)", "Set (6)", "Set (7)"];

/// The hint window of a bivalue universal grave.
pub(super) fn bug_html(b: &BugExplanation) -> String {
    match b {
        BugExplanation::One {
            cell,
            values,
            removed,
        } => fill(
            BUG1,
            &[
                &values_joined(*values, " and "),
                &cell.to_string(),
                &values_joined(*values, " or "),
                &values_joined(*removed, " and "),
                SHARED,
            ],
        ),
        BugExplanation::Two { cells, digit } => fill(
            BUG2,
            &[&digit.to_string(), &cells_joined(cells, " and "), SHARED],
        ),
        BugExplanation::Three {
            cells,
            values,
            others,
            naked,
            house,
        } => fill(
            BUG3,
            &[
                &values_joined(*values, " and "),
                &cells_joined(cells, " and "),
                &cells_joined(cells, " or "),
                &values_joined(*values, " or "),
                BUG_SETS[(naked.len() as usize).clamp(2, 7) - 2],
                &cells_joined(others, " and "),
                &values_joined(*naked, " and "),
                house_name(*house),
                SHARED,
            ],
        ),
        BugExplanation::Four {
            cells,
            values,
            digit,
            house,
            removed,
        } => fill(
            BUG4,
            &[
                &values_joined(*values, " and "),
                &cells_joined(cells, " and "),
                &cells_joined(cells, " or "),
                &values_joined(*values, " or "),
                &digit.to_string(),
                house_name(*house),
                &values_joined(*removed, " and "),
                SHARED,
            ],
        ),
    }
}
