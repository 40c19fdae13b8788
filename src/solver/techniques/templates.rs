//! Templates (HoDoKu's `TemplateSolver`): a template places one digit once in every row, column
//! and box; there are 46,656. For each digit the templates that keep every placed cell of the
//! digit and use only its candidates are valid; then, until nothing changes, a digit's templates
//! that touch a cell some other digit must take (a cell in every valid template of that digit)
//! are dropped.
//!
//! Template Set places a digit in the cells all its valid templates share; Template Delete removes
//! the candidates no valid template uses. Each finder reports one step per digit, the smallest digit first.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use super::Context;
use crate::domain::{Cell, CellSet, Digit};
use crate::solver::cache::Caches;
use crate::solver::finder::Sink;
use crate::solver::step::{compact_cells, eliminations_text};
use crate::solver::{Candidate, Facts, Grid, Step, Technique};

const ALL: u128 = (1u128 << 81) - 1;

/// Every template as an 81-bit cell mask, generated once.
fn all_templates() -> &'static [u128] {
    static TEMPLATES: OnceLock<Vec<u128>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        fn place(row: usize, cols: u16, boxes: u16, cells: u128, out: &mut Vec<u128>) {
            if row == 9 {
                out.push(cells);
                return;
            }
            for col in 0..9 {
                let b = row / 3 * 3 + col / 3;
                if cols >> col & 1 != 0 || boxes >> b & 1 != 0 {
                    continue;
                }
                place(
                    row + 1,
                    cols | 1 << col,
                    boxes | 1 << b,
                    cells | 1u128 << (row * 9 + col),
                    out,
                );
            }
        }
        let mut out = Vec::with_capacity(46_656);
        place(0, 0, 0, 0, &mut out);
        out
    })
}

/// Per digit: the cells every valid template uses (`set`) and the cells no valid template uses
/// (`deletable`).
struct Analysis {
    set: [u128; 9],
    deletable: [u128; 9],
    /// Whether the digit has a valid template at all.
    any: [bool; 9],
}

fn analyse(grid: &Grid) -> Analysis {
    let mut placed = [0u128; 9];
    for c in Cell::all() {
        if let Some(d) = grid.value(c) {
            placed[d.index()] |= 1u128 << c.index();
        }
    }
    let mut forbidden = [0u128; 9];
    for d in Digit::ALL {
        let i = d.index();
        forbidden[i] = !(placed[i] | grid.cells_with(d).bits()) & ALL;
    }
    let mut lists: [Vec<u128>; 9] = Default::default();
    for &t in all_templates() {
        for i in 0..9 {
            if t & placed[i] == placed[i] && t & forbidden[i] == 0 {
                lists[i].push(t);
            }
        }
    }
    let mut set = [ALL; 9];
    let mut used = [0u128; 9];
    for i in 0..9 {
        for &t in &lists[i] {
            set[i] &= t;
            used[i] |= t;
        }
    }
    loop {
        let mut removed = false;
        for j in 0..9 {
            let others: u128 = (0..9).filter(|&k| k != j).fold(0, |a, k| a | set[k]);
            let before = lists[j].len();
            lists[j].retain(|&t| t & others == 0);
            removed |= lists[j].len() != before;
            set[j] = ALL;
            used[j] = 0;
            for &t in &lists[j] {
                set[j] &= t;
                used[j] |= t;
            }
        }
        if !removed {
            break;
        }
    }
    let mut deletable = [0u128; 9];
    let mut any = [false; 9];
    for i in 0..9 {
        deletable[i] = !used[i] & ALL;
        any[i] = !lists[i].is_empty();
    }
    Analysis {
        set,
        deletable,
        any,
    }
}

/// Per digit, the candidates no template of the digit uses (without the refinement between
/// digits): a depth-first placement row by row over the digit's cells, so the cost follows the
/// number of templates left, not the 46,656.
///
/// Kept in the per-state cache ([`crate::solver::cache`]): the fish slots of one state ask in
/// turn.
pub fn unused_by_templates(grid: &Grid, caches: &Caches) -> [CellSet; 9] {
    struct Unused([CellSet; 9]);
    caches.per_state(grid, || Unused(compute_unused(grid))).0
}

fn compute_unused(grid: &Grid) -> [CellSet; 9] {
    fn union(rows: &[u16; 9], r: usize, cols: u16, stacks: u8, out: &mut u128) -> bool {
        if r == 9 {
            return true;
        }
        let stacks = if r.is_multiple_of(3) { 0 } else { stacks };
        let mut any = false;
        let mut opts = rows[r] & !cols;
        while opts != 0 {
            let c = opts.trailing_zeros() as usize;
            opts &= opts - 1;
            let st = 1u8 << (c / 3);
            if stacks & st != 0 {
                continue;
            }
            let mut below = 0u128;
            if union(rows, r + 1, cols | 1 << c, stacks | st, &mut below) {
                any = true;
                *out |= below | 1u128 << (r * 9 + c);
            }
        }
        any
    }
    let mut out = [CellSet::EMPTY; 9];
    for d in Digit::ALL {
        let cands = grid.cells_with(d).bits();
        let mut rows = [0u16; 9];
        for (r, row) in rows.iter_mut().enumerate() {
            let placed = (0..9).find(|&c| grid.value(Cell::from_rc(r, c)) == Some(d));
            *row = match placed {
                Some(c) => 1 << c,
                None => (cands >> (r * 9)) as u16 & 0x1FF,
            };
        }
        let mut used = 0u128;
        if union(&rows, 0, 0, 0, &mut used) {
            out[d.index()] = CellSet::from_bits(cands & !used);
        }
    }
    out
}

/// Template Set: `Template Set: r1c2,r5c7=4`.
/// One per digit, digits ascending (HoDoKu's all steps).
pub fn template_set(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    template_sets(grid).into_iter().try_for_each(out)
}

fn template_sets(grid: &Grid) -> Vec<Step> {
    let a = analyse(grid);
    let mut out = Vec::new();
    for d in Digit::ALL {
        let i = d.index();
        let cells = CellSet::from_bits(a.set[i]) & grid.unsolved();
        if !a.any[i] || cells.is_empty() {
            continue;
        }
        let mut s = Step::new(Technique::TemplateSet);
        let cells: Vec<Cell> = cells.iter().collect();
        s.placements = cells.iter().map(|&c| Candidate::new(c, d)).collect();
        s.text = format!(
            "{}: {}={}",
            Technique::TemplateSet.name(),
            compact_cells(&cells),
            d
        );
        s.facts = Facts::Pattern {
            digits: vec![d],
            cells,
            houses: Vec::new(),
            marks: Vec::new(),
        };
        out.push(s);
    }
    out
}

/// Template Delete: `Template Delete:  => r1c2,r5c7<>4`.
/// One per digit, digits ascending (HoDoKu's all steps).
pub fn template_delete(grid: &Grid, _ctx: &Context, out: &mut Sink<'_>) -> ControlFlow<()> {
    template_deletes(grid).into_iter().try_for_each(out)
}

fn template_deletes(grid: &Grid) -> Vec<Step> {
    let a = analyse(grid);
    let mut out = Vec::new();
    for d in Digit::ALL {
        let i = d.index();
        let cells = CellSet::from_bits(a.deletable[i]) & grid.cells_with(d);
        if !a.any[i] || cells.is_empty() {
            continue;
        }
        let mut s = Step::new(Technique::TemplateDelete);
        s.facts = Facts::Pattern {
            digits: vec![d],
            cells: Vec::new(),
            houses: Vec::new(),
            marks: Vec::new(),
        };
        s.eliminations = cells.iter().map(|c| Candidate::new(c, d)).collect();
        s.text = format!(
            "{}:  => {}",
            Technique::TemplateDelete.name(),
            eliminations_text(&s.eliminations)
        );
        out.push(s);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_46656_templates_each_a_placement_of_nine_cells() {
        let t = all_templates();
        assert_eq!(t.len(), 46_656);
        for &m in t.iter().take(500) {
            assert_eq!(m.count_ones(), 9);
            for h in crate::domain::House::ALL {
                assert_eq!((m & h.cells().bits()).count_ones(), 1);
            }
        }
    }
}

#[cfg(test)]
mod hodoku_cases {
    use super::*;
    use crate::solver::finder;
    use crate::solver::techniques::common::test_support::{ctx, elims, library};

    #[test]
    fn template_steps_match_hodoku() {
        // States on HoDoKu's paths (diabolical 160) with hodoku-py's Template Set / Delete.
        let g = library(":0000:x:.78.4+56..6.+1...59.5.+261............9+7194.235.2..........+7.38.+65+865..+4+9.3+1+23+59+648+7:::");
        let s = finder::first(template_set, &g, &ctx()).expect("template set");
        assert_eq!(s.placements_string(), "146");
        assert_eq!(s.text, "Template Set: r4c6=1");
        assert_eq!(s.library_fields().placements, "146");
        let g = library(":0000:x:3..1....8.9...831.+8.17+3..94.....365+2.......+4+3.432...+7+128...41...396...8.1....5..9:656 956 286::");
        let s = finder::first(template_delete, &g, &ctx()).expect("template delete");
        assert_eq!(elims(&s), "145 152");
        assert_eq!(s.text, "Template Delete:  => r4c5,r5c2<>1");
    }

    #[test]
    fn no_template_step_on_a_solved_digit_free_start() {
        let g = library(":0000:x:.................................................................................:::");
        assert!(finder::first(template_set, &g, &ctx()).is_none());
        assert!(finder::first(template_delete, &g, &ctx()).is_none());
    }
}
