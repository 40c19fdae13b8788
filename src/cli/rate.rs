//! `termdoku rate [--each-line] [--techniques LIST] [INPUT]`: HoDoKu's level and score,
//! `Level TAB score` (e.g. `Unfair<TAB>1038`); `Incomplete` when no path solves the position.
//! With techniques that differ from HoDoKu's defaults a third field names them
//! (`Extreme<TAB>1450<TAB>techniques +kf,-fn`), so such ratings are never mistaken for default
//! ones.
//!
//! `termdoku rate --engine se` (or `--se`): Sudoku Explainer's rating instead (Sukaku
//! Explainer's default settings): `ER/EP/ED` (e.g. `7.2/1.5/1.2`), or what serate's options
//! `--format`, `--start`, `--before` and `--after` describe (see [`crate::cli::serate`]). With
//! `--each-line` the lines are read as serate reads them: a line shorter than 81 characters is
//! skipped and takes no number; a puzzle that cannot be rated (unreadable, no solution, several
//! solutions) writes nothing, or `error: <why>` with `--error-lines`.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::open::{line_board, rateable, read_puzzle, refuse_given, Opening};
use crate::cli::output;
use crate::cli::serate::{self, Formats};
use crate::cli::techniques::TechniqueArgs;
use crate::domain::Board;
use crate::solver::engine::solution_path_with;
use crate::solver::fallback::StepEngine;
use crate::solver::techniques::SlotSet;
use crate::solver::Grid;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rate every input line on its own (one output line per puzzle).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// The engine: hodoku (HoDoKu's level and score; the default) or se (Sudoku Explainer's
    /// ER/EP/ED, e.g. 7.2/1.5/1.2, with Sukaku Explainer's default settings; 20.0 when its
    /// techniques cannot solve the puzzle).
    #[arg(long, value_enum, value_name = "ENGINE")]
    pub engine: Option<StepEngine>,
    /// The same as --engine se.
    #[arg(long, conflicts_with = "engine")]
    pub se: bool,
    /// With --engine se: the line after each puzzle, with serate's conversions: %r %p %d (ER,
    /// EP, ED), %R %P %D (the names of the hints that set them), %S %T %U (their short names),
    /// %g (the input line), %i (the cells' values after the rating: the solution), %n (the
    /// puzzle's number from 1), %e (the time taken), %t (tab), %l (new line), %% (%). Default
    /// %r/%p/%d.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// With --engine se: a line before each puzzle (serate's --start): %g %i %m (729-character
    /// pencilmarks) %M (pencilmarks as a grid) %n %t %l.
    #[arg(long, value_name = "FORMAT")]
    pub start: Option<String>,
    /// With --engine se: a line before each step (serate's --before): %g %i %m %M %t %l.
    #[arg(long, value_name = "FORMAT")]
    pub before: Option<String>,
    /// With --engine se: a line after each step (serate's --after): %s (the step's text), %h
    /// (SE's explanation of it, without serate's HTML tags), %r (its difficulty), %R %S (the hardest step
    /// so far), %e (its time), %g %i %m %M (the state after it) %n %t %l.
    #[arg(long, value_name = "FORMAT")]
    pub after: Option<String>,
    /// With --engine se --each-line: write `error: <why>` for a puzzle that cannot be rated
    /// (serate's way, the default, is to write nothing for it; the count is on standard error
    /// and the exit code is 1 either way).
    #[arg(long, requires = "each_line")]
    pub error_lines: bool,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

impl Args {
    fn engine(&self) -> StepEngine {
        match (self.se, self.engine) {
            (true, _) => StepEngine::Se,
            (false, e) => e.unwrap_or_default(),
        }
    }
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

/// Refuses the flags that do not apply to the engine asked for.
fn check_flags(args: &Args) -> Result<(), ExitCode> {
    match args.engine() {
        StepEngine::Hodoku => refuse_given(
            "rate",
            &[
                ("--format", args.format.is_some()),
                ("--start", args.start.is_some()),
                ("--before", args.before.is_some()),
                ("--after", args.after.is_some()),
                ("--error-lines", args.error_lines),
            ],
            "applies to --engine se only",
        ),
        StepEngine::Se => refuse_given(
            "rate",
            &[
                ("--techniques", args.techniques.techniques.is_some()),
                ("--list-techniques", args.techniques.list_techniques),
            ],
            "applies to --engine hodoku only",
        ),
    }?;
    args.techniques.refuse_with_list(
        "rate",
        &[
            ("--each-line", args.each_line),
            ("INPUT", args.input.is_some()),
        ],
    )?;
    Ok(())
}

pub fn run(args: Args) -> ExitCode {
    if let Err(code) = check_flags(&args) {
        return code;
    }
    let opening = Opening::new("rate", args.input.as_deref(), args.each_line, &args.batch);
    if args.engine() == StepEngine::Se {
        return run_se(&args, &opening);
    }
    if let Some(code) = args.techniques.list_if_asked("rate") {
        return code;
    }
    let slots = match args.techniques.slots("rate") {
        Ok(s) => s,
        Err(code) => return code,
    };
    opening.run(|board, _| rating_line_with(board, slots))
}

/// `rate --engine se`: SE's ratings with serate's options.
fn run_se(args: &Args, opening: &Opening<'_>) -> ExitCode {
    let opt = |o: &Option<String>| o.clone().unwrap_or_default();
    let formats = Formats::parse(
        &opt(&args.start),
        &opt(&args.before),
        &opt(&args.after),
        args.format.as_deref().unwrap_or(serate::DEFAULT_FORMAT),
    );
    let rate = |board: &Board, line: &str, ordinal: u64| -> Result<String, String> {
        rateable(board)?;
        Ok(serate::rate(
            &Grid::from_board(board),
            line,
            ordinal,
            &formats,
        ))
    };
    if !opening.each_line() {
        let (board, text) = match read_puzzle(opening.input(), opening.cmd()) {
            Ok(read) => read,
            Err(code) => return code,
        };
        let line = text.lines().next().unwrap_or("").trim_end();
        return match rate(&board, line, 1) {
            Ok(out) => output::emit(opening.cmd(), out.as_bytes()),
            Err(why) => opening.reply(Err(why)),
        };
    }
    batch::run_each_line_counted(
        &opening.source(),
        opening.cmd(),
        &args.batch,
        serate::is_puzzle_line,
        args.error_lines,
        |ordinal, line| rate(&line_board(line)?, line, ordinal),
    )
}
