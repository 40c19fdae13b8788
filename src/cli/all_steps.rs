//! `termdoku hint --all [--forcing] [--only FILTER]`: every step of the state as HoDoKu's
//! "All steps" lists them (`solver::all_steps`): per technique a heading with its number of
//! entries (`X-Wing (2)`), one indented line per step (HoDoKu's text), a step with the same
//! effect as the one above it indented further under it. `--forcing` adds forcing chains and
//! nets; `--only` narrows the list to a technique or a family.

use std::process::ExitCode;

use crate::cli::open::{check_puzzle, refuse, Opening};

use crate::domain::Board;
use crate::solver::all_steps::{self, AllStepsOptions, Group};
use crate::solver::engine::context_with;
use crate::solver::techniques::all::StepFilter;
use crate::solver::techniques::SlotSet;
use crate::solver::Grid;

/// The list's settings: HoDoKu's, with the command line's technique switches on top and forcing
/// chains and nets when asked for.
pub fn options(slots: SlotSet, forcing: bool) -> AllStepsOptions {
    let mut o = AllStepsOptions::with_forcing(forcing);
    o.slots.apply(&slots.changes_from_defaults());
    o
}

/// The list of a state, narrowed by `filter`.
pub fn grouped(board: &Board, opts: &AllStepsOptions, filter: Option<StepFilter>) -> Vec<Group> {
    let grid = Grid::from_board(board);
    let ctx = context_with(board, SlotSet::defaults());
    let mut groups = all_steps::list(&grid, &ctx, opts);
    if let Some(f) = filter {
        groups.retain(|g| f.matches(g.technique));
    }
    groups
}

/// Parses `--only`, or the message for a name that is neither a technique nor a family.
pub fn parse_filter(s: &str) -> Result<StepFilter, String> {
    StepFilter::parse(s).ok_or_else(|| {
        let families: Vec<&str> = crate::solver::techniques::all::TechniqueFamily::ALL
            .iter()
            .map(|f| f.name())
            .collect();
        format!(
            "--only {s}: not a technique or family (families: {}; `termdoku hint --list-techniques` lists the techniques)",
            families.join(", ")
        )
    })
}

/// `hint --all`: one state (or, with `--each-line`, each line's state, lists separated by an
/// empty line). Exit 1 when the state is solved or has no step.
pub(crate) fn run(
    opening: &Opening<'_>,
    only: Option<&str>,
    slots: SlotSet,
    forcing: bool,
) -> ExitCode {
    let filter = match only.map(parse_filter).transpose() {
        Ok(f) => f,
        Err(e) => return refuse(opening.cmd(), e),
    };
    let opts = options(slots, forcing);
    opening.run(|board, _| {
        check_puzzle(board)?;
        if board.is_solved() {
            return Err("the sudoku is solved".into());
        }
        let groups = grouped(board, &opts, filter);
        if groups.is_empty() {
            return Err(match filter {
                Some(f) => format!("no {} step in this state", f.name()),
                None => "no step found".into(),
            });
        }
        Ok(all_steps::text(&groups).trim_end().to_string())
    })
}
