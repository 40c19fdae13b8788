//! `termdoku rate [--each-line] [INPUT]`: HoDoKu's level and score, `Level TAB score`
//! (e.g. `Unfair<TAB>1038`); `Incomplete` when no path solves the position.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::steps::{check_puzzle, line_board, read_board};
use crate::domain::Board;
use crate::input::Source;
use crate::solver::engine::rate;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rate every input line on its own (one output line per puzzle).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// `Level TAB score` for a board.
pub fn rating_line(board: &Board) -> String {
    let r = rate(board);
    let level = if r.solved {
        r.level.name()
    } else {
        "Incomplete"
    };
    format!("{level}\t{}", r.score)
}

pub fn run(args: Args) -> ExitCode {
    if !args.each_line {
        return match read_board(args.input.as_deref(), "rate") {
            Ok(b) => match rateable(&b) {
                Ok(()) => {
                    println!("{}", rating_line(&b));
                    ExitCode::SUCCESS
                }
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
        |line| line_board(line).and_then(|b| rateable(&b).map(|()| rating_line(&b))),
    )
}

/// A rating needs a puzzle with exactly one solution and a state without wrong digits.
fn rateable(board: &Board) -> Result<(), String> {
    match check_puzzle(board)? {
        true => Ok(()),
        false => Err("the puzzle has several solutions; a rating needs exactly one".into()),
    }
}
