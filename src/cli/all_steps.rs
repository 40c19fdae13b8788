//! `termdoku hint --all [--only FILTER]`: every step of the state, grouped by technique in
//! HoDoKu's order with counts (`X-Wing (2)`), one indented line per step (its text, with the
//! eliminations or placements). `--only` narrows the list to a technique or a family.

use std::ops::ControlFlow;

use crate::domain::Board;
use crate::solver::engine::context_with;
use crate::solver::techniques::all::{all_steps, StepFilter};
use crate::solver::techniques::SlotSet;
use crate::solver::{Grid, Step, Technique};

/// The steps of a state grouped by technique, in search order.
pub fn grouped(
    board: &Board,
    slots: SlotSet,
    filter: Option<StepFilter>,
) -> Vec<(Technique, Vec<Step>)> {
    let grid = Grid::from_board(board);
    let ctx = context_with(board, slots);
    let mut groups: Vec<(Technique, Vec<Step>)> = Vec::new();
    let _ = all_steps(&grid, &ctx, |_, steps| {
        for s in steps {
            if filter.is_some_and(|f| !f.matches(s.technique)) {
                continue;
            }
            let technique = s.hodoku_equivalent();
            match groups.iter_mut().find(|(t, _)| *t == technique) {
                Some((_, list)) => list.push(s),
                None => groups.push((technique, vec![s])),
            }
        }
        ControlFlow::Continue(())
    });
    groups
}

/// The printed list (empty when there is no step).
pub fn text(groups: &[(Technique, Vec<Step>)]) -> String {
    let mut out = String::new();
    for (t, steps) in groups {
        out.push_str(&format!("{} ({})\n", t.name(), steps.len()));
        for s in steps {
            out.push_str("  ");
            out.push_str(&s.text);
            out.push('\n');
        }
    }
    out
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
pub fn run(args: &super::steps::HintArgs, slots: SlotSet) -> std::process::ExitCode {
    use std::process::ExitCode;
    let filter = match args.only.as_deref().map(parse_filter).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("termdoku hint: {e}");
            return ExitCode::from(2);
        }
    };
    let answer = |board: &Board| -> Result<String, String> {
        super::steps::check_puzzle(board)?;
        if board.is_solved() {
            return Err("the sudoku is solved".into());
        }
        let groups = grouped(board, slots, filter);
        if groups.is_empty() {
            return Err(match filter {
                Some(f) => format!("no {} step in this state", f.name()),
                None => "no step found".into(),
            });
        }
        Ok(text(&groups).trim_end().to_string())
    };
    if args.each_line {
        return super::batch::run_each_line(
            &crate::input::Source::from_arg(args.input.as_deref()),
            "hint",
            Some(""),
            &args.batch,
            |line| answer(&super::steps::line_board(line)?),
        );
    }
    let board = match super::steps::read_board(args.input.as_deref(), "hint") {
        Ok(b) => b,
        Err(code) => return code,
    };
    match answer(&board) {
        // A closed standard output (`| head`) ends the listing quietly; any other failed
        // write says so (exit 1 either way).
        Ok(t) => super::output::emit("hint", format!("{t}\n").as_bytes()),
        Err(why) => {
            eprintln!("termdoku hint: {why}");
            ExitCode::from(1)
        }
    }
}
