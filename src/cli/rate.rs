//! `termdoku rate [--each-line] [--techniques LIST] [INPUT]`: HoDoKu's level and score,
//! `Level TAB score` (e.g. `Unfair<TAB>1038`); `Incomplete` when no path solves the position.
//! With techniques that differ from HoDoKu's defaults a third field names them
//! (`Extreme<TAB>1450<TAB>techniques +kf,-fn`), so such ratings are never mistaken for default
//! ones.
//!
//! `termdoku rate --se [--format F]`: Sudoku Explainer's rating instead (Sukaku Explainer's
//! default settings): `ER/EP/ED` (e.g. `7.2/1.5/1.2`), or the line `--format` describes with
//! serate's conversions (see [`crate::cli::se`]).

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::output;
use crate::cli::se::{self, SeFormat};
use crate::cli::steps::{check_puzzle, line_board, read_board, read_puzzle};
use crate::cli::techniques::TechniqueArgs;
use crate::domain::Board;
use crate::input::Source;
use crate::solver::engine::solution_path_with;
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
    /// Rate with Sudoku Explainer's engine (Sukaku Explainer's default settings): prints
    /// ER/EP/ED, e.g. 7.2/1.5/1.2 (20.0 when its techniques cannot solve the puzzle).
    #[arg(long, conflicts_with_all = ["techniques", "list_techniques"])]
    pub se: bool,
    /// With --se: the output line, with serate's conversions: %r %p %d (ER, EP, ED), %R %P %D
    /// (the techniques that set them), %g (the input line), %i (the puzzle, 81 characters),
    /// %n (the puzzle's number from 1), %e (the time taken), %t (tab), %l (new line), %%.
    #[arg(long, value_name = "FORMAT", requires = "se", default_value = crate::cli::se::DEFAULT_FORMAT)]
    pub format: String,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// `Level TAB score`, then `TAB techniques +kf,-fn` when `slots` differ from the defaults; or
/// why the state cannot be rated (no solution, several solutions, an engine fault).
pub fn rating_line_with(board: &Board, slots: SlotSet) -> Result<String, String> {
    rateable(board)?;
    let path = solution_path_with(board, slots);
    if let Some(e) = path.error {
        return Err(e.to_string());
    }
    let level = if path.solved {
        path.level.name()
    } else {
        "Incomplete"
    };
    Ok(match slots.describe_changes() {
        Some(changes) => format!("{level}\t{}\ttechniques {changes}", path.score),
        None => format!("{level}\t{}", path.score),
    })
}

pub fn run(args: Args) -> ExitCode {
    if args.se {
        return run_se(&args);
    }
    if let Some(code) = args.techniques.list_if_asked("rate") {
        return code;
    }
    let slots = match args.techniques.slots("rate") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if !args.each_line {
        return match read_board(args.input.as_deref(), "rate") {
            Ok(b) => match rating_line_with(&b, slots) {
                Ok(line) => output::emit("rate", format!("{line}\n").as_bytes()),
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
        |line| line_board(line).and_then(|b| rating_line_with(&b, slots)),
    )
}

/// A rating needs a state with a solution and givens with exactly one. SE's engine needs the
/// same (it would search long and answer nothing useful on several solutions or an empty grid):
/// `steps` and `hint` with SE's engine or fallback refuse with these words too.
pub(crate) fn rateable(board: &Board) -> Result<(), String> {
    match check_puzzle(board)? {
        true => Ok(()),
        false => Err("the puzzle has several solutions; a rating needs exactly one".into()),
    }
}

/// `rate --se`: SE's ratings with `--format`.
fn run_se(args: &Args) -> ExitCode {
    let format = SeFormat::parse(&args.format);
    if !args.each_line {
        let (board, text) = match read_puzzle(args.input.as_deref(), "rate") {
            Ok(read) => read,
            Err(code) => return code,
        };
        return match rateable(&board) {
            Ok(()) => {
                let line = text.lines().next().unwrap_or("").trim_end();
                let out = format!("{}\n", se::rate_line(&board, line, 1, &format));
                output::emit("rate", out.as_bytes())
            }
            Err(why) => {
                eprintln!("termdoku rate: {why}");
                ExitCode::from(1)
            }
        };
    }
    batch::run_each_line_numbered(
        &Source::from_arg(args.input.as_deref()),
        "rate",
        None,
        &args.batch,
        |index, line| {
            let b = line_board(line)?;
            rateable(&b)?;
            Ok(se::rate_line(&b, line, index + 1, &format))
        },
    )
}
