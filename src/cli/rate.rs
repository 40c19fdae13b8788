//! `termdoku rate [--each-line] [--techniques LIST] [INPUT]`: HoDoKu's level and score,
//! `Level TAB score` (e.g. `Unfair<TAB>1038`); `Incomplete` when no path solves the position.
//! With techniques that differ from HoDoKu's defaults a third field names them
//! (`Extreme<TAB>1450<TAB>techniques +kf,-fn`), so such ratings are never mistaken for default
//! ones.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::output;
use crate::cli::steps::{check_puzzle, line_board, read_board};
use crate::cli::techniques::TechniqueArgs;
use crate::domain::Board;
use crate::input::Source;
use crate::solver::engine::rate_with;
use crate::solver::techniques::SlotSet;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rate every input line on its own (one output line per puzzle).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// `Level TAB score` for a board (HoDoKu's default techniques).
pub fn rating_line(board: &Board) -> String {
    rating_line_with(board, SlotSet::defaults())
}

/// `Level TAB score`, then `TAB techniques +kf,-fn` when `slots` differ from the defaults.
pub fn rating_line_with(board: &Board, slots: SlotSet) -> String {
    let r = rate_with(board, slots);
    let level = if r.solved {
        r.level.name()
    } else {
        "Incomplete"
    };
    match slots.describe_changes() {
        Some(changes) => format!("{level}\t{}\ttechniques {changes}", r.score),
        None => format!("{level}\t{}", r.score),
    }
}

pub fn run(args: Args) -> ExitCode {
    if let Some(code) = args.techniques.list_if_asked("rate") {
        return code;
    }
    let slots = match args.techniques.slots("rate") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if !args.each_line {
        return match read_board(args.input.as_deref(), "rate") {
            Ok(b) => match rateable(&b) {
                Ok(()) => output::emit(
                    "rate",
                    format!("{}\n", rating_line_with(&b, slots)).as_bytes(),
                ),
                Err(why) => {
                    eprintln!("termdoku rate: {why}");
                    ExitCode::from(1)
                }
            },
            Err(code) => code,
        };
    }
    batch::run_each_line(
        &Source::from_arg(args.input.as_deref()),
        "rate",
        None,
        &args.batch,
        |line| line_board(line).and_then(|b| rateable(&b).map(|()| rating_line_with(&b, slots))),
    )
}

/// A rating needs a puzzle with exactly one solution and a state without wrong digits.
fn rateable(board: &Board) -> Result<(), String> {
    match check_puzzle(board)? {
        true => Ok(()),
        false => Err("the puzzle has several solutions; a rating needs exactly one".into()),
    }
}
