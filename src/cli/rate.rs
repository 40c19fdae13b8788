//! `termdoku rate [--each-line] [INPUT]`: HoDoKu's level and score, `Level TAB score`
//! (e.g. `Unfair<TAB>1038`); `Incomplete` when no path solves the position.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::cli::steps::{for_each_board, read_board};
use crate::domain::Board;
use crate::solver::engine::rate;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rate every input line on its own (one output line per puzzle).
    #[arg(long)]
    pub each_line: bool,
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
            Ok(b) => {
                println!("{}", rating_line(&b));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        };
    }
    let out = std::cell::RefCell::new(BufWriter::new(io::stdout().lock()));
    let res = for_each_board(
        args.input.as_deref(),
        "rate",
        |b| writeln!(out.borrow_mut(), "{}", rating_line(&b)),
        |msg| writeln!(out.borrow_mut(), "error: {msg}"),
    );
    let _ = out.borrow_mut().flush();
    match res {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(code) => code,
    }
}
