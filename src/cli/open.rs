//! Input and opening shared by every subcommand: where the input comes from, how it is read
//! (whole as one puzzle, or line by line with `--each-line`), the check a state passes before it
//! is stepped or rated, the engine flag, and how a refused combination of flags ends (a one-line
//! message, exit 2).
//!
//! A subcommand describes its run as an [`Opening`] (its name, its input, `--each-line` and the
//! batch options) and hands it the answer for one board: [`Opening::run`] reads the input, calls
//! the answer once (the whole input) or per line, and writes what it returns.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::output;
use crate::codec;
use crate::domain::Board;
use crate::input::Source;
use crate::solver::check::check_state;
use crate::solver::fallback::{Fallback, StepEngine};
use crate::solver::techniques::SlotSet;
use crate::solver::{Eureka, Step};

/// The step engine flag (`--engine hodoku|se`) of `hint`, `steps` and `rate`: the solver's
/// [`StepEngine`], read by clap.
impl clap::ValueEnum for StepEngine {
    fn value_variants<'a>() -> &'a [Self] {
        &[StepEngine::Hodoku, StepEngine::Se]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(match self {
            StepEngine::Hodoku => clap::builder::PossibleValue::new("hodoku")
                .help("HoDoKu's techniques, order and scores"),
            StepEngine::Se => clap::builder::PossibleValue::new("se").help(
                "Sudoku Explainer's techniques and difficulties (Sukaku Explainer's default settings)",
            ),
        })
    }
}

/// What answers where HoDoKu's techniques find nothing (where HoDoKu would use Brute Force).
#[derive(clap::ValueEnum, Copy, Clone, Debug, PartialEq, Eq)]
pub enum FallbackArg {
    /// Sudoku Explainer's next step: a forcing chain or net, nested where needed; never a
    /// revealed digit.
    Se,
    /// HoDoKu's Brute Force: the solution's digit in one cell.
    BruteForce,
}

impl From<FallbackArg> for Fallback {
    fn from(f: FallbackArg) -> Fallback {
        match f {
            FallbackArg::Se => Fallback::Se,
            FallbackArg::BruteForce => Fallback::BruteForce,
        }
    }
}

/// Which text the step line shows.
#[derive(clap::ValueEnum, Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// HoDoKu's step text (`toString(2)`).
    #[default]
    Hodoku,
    /// The technique and its chain in Eureka notation (HoDoKu's text for a step without a
    /// chain).
    Eureka,
}

/// The step line's text: [`Step::line`] (HoDoKu's text; SE's technique and difficulty before
/// SE's text), or `Name: <Eureka>` for a chain step in Eureka notation (an SE step's name with
/// its difficulty: `Dynamic Forcing Chains (8.9): <Eureka>`).
pub fn step_text(step: &Step, eureka: Option<&Eureka>, notation: Notation) -> String {
    match (notation, eureka) {
        (Notation::Eureka, Some(e)) => format!("{}: {e}", step.title()),
        _ => step.line(),
    }
}

/// Why a consistent state gets no step: the techniques switched on find none.
pub(crate) fn no_step_with(slots: SlotSet) -> String {
    match slots.describe_changes() {
        Some(_) => "the chosen techniques find no step".to_string(),
        None => "no technique finds a step".to_string(),
    }
}

/// A message about the content of a file names the file.
pub(crate) fn in_file(source: &Source, msg: String) -> String {
    match source {
        Source::File(p) => format!("{}: {msg}", p.display()),
        _ => msg,
    }
}

/// A refused command line: `termdoku <cmd>: <msg>` on standard error, exit 2.
pub(crate) fn refuse(cmd: &str, msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("termdoku {cmd}: {msg}");
    ExitCode::from(2)
}

/// The first of `flags` (name, given) that is given, refused with `why` (e.g. "applies to
/// --engine hodoku only"), or `Ok` when none is.
pub(crate) fn refuse_given(cmd: &str, flags: &[(&str, bool)], why: &str) -> Result<(), ExitCode> {
    match flags.iter().find(|(_, given)| *given) {
        Some((name, _)) => Err(refuse(cmd, format!("{name} {why}"))),
        None => Ok(()),
    }
}

/// Reads the whole input as one board (any format).
pub(crate) fn read_board(input: Option<&str>, cmd: &str) -> Result<Board, ExitCode> {
    read_puzzle(input, cmd).map(|(board, _)| board)
}

/// Reads the whole input as one board (any format), with the text it was read from. A failure
/// is reported on standard error as `termdoku <cmd>: ...` and becomes exit code 2.
pub(crate) fn read_puzzle(input: Option<&str>, cmd: &str) -> Result<(Board, String), ExitCode> {
    let source = Source::from_arg(input);
    let text = source.read_all().map_err(|e| refuse(cmd, e))?;
    match codec::decode_any(&text) {
        Ok(p) => Ok((p.board, text)),
        Err(e) => Err(refuse(cmd, in_file(&source, e.to_string()))),
    }
}

/// One input line as a board (any one-line format), or the codec's message.
pub(crate) fn line_board(line: &str) -> Result<Board, String> {
    codec::decode_any(line)
        .map(|p| p.board)
        .map_err(|e| e.to_string())
}

/// Whether a state can be hinted, stepped or rated ([`check_state`], the player's check):
/// `Err` with the reason when it has no solution, else whether its givens have exactly one
/// solution (`Ok(false)`: several, uniqueness techniques are then off).
pub fn check_puzzle(board: &Board) -> Result<bool, String> {
    check_state(board)
        .map(|c| c.unique)
        .map_err(|e| e.to_string())
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

/// The state's check before a hint or a path: with SE's fallback also exactly one solution, as
/// [`rateable`] (SE's search would take long and answer nothing useful otherwise).
pub(crate) fn se_ready(board: &Board, fallback: Fallback) -> Result<(), String> {
    match fallback {
        Fallback::Se => rateable(board),
        Fallback::BruteForce => check_puzzle(board).map(|_| ()),
    }
}

/// How one subcommand reads its input, made by [`Opening::new`].
pub(crate) struct Opening<'a> {
    /// The subcommand, for messages (`termdoku <cmd>: ...`).
    cmd: &'static str,
    /// INPUT as given (a path, literal text, `-` or nothing).
    input: Option<&'a str>,
    /// `--each-line`: every input line is a puzzle.
    each_line: bool,
    batch: &'a BatchArgs,
    /// With `--each-line`: the line written between two answers (`steps` and `hint` put an
    /// empty line between puzzles).
    separator: Option<&'static str>,
}

impl<'a> Opening<'a> {
    /// The opening of subcommand `cmd`: INPUT as given (a path, literal text, `-` or nothing),
    /// read whole or, with `each_line`, line by line with the batch options; answers to lines
    /// follow each other without a line between them.
    pub fn new(
        cmd: &'static str,
        input: Option<&'a str>,
        each_line: bool,
        batch: &'a BatchArgs,
    ) -> Self {
        Opening {
            cmd,
            input,
            each_line,
            batch,
            separator: None,
        }
    }

    /// With `--each-line`, an empty line between two answers (the records of `steps` and
    /// `hint` have several lines).
    pub fn blank_line_between(self) -> Self {
        Opening {
            separator: Some(""),
            ..self
        }
    }

    /// The subcommand's name, for messages.
    pub fn cmd(&self) -> &'static str {
        self.cmd
    }

    /// INPUT as given.
    pub fn input(&self) -> Option<&'a str> {
        self.input
    }

    /// Whether every input line is a puzzle (`--each-line`).
    pub fn each_line(&self) -> bool {
        self.each_line
    }

    /// Answers the input: the whole input as one board, or each line with `--each-line`.
    /// `answer` gets the board and the text it was read from (the line, or the first line of
    /// the input) and gives the text to write (without its last line end) or why there is
    /// none. One board: the text on standard output, or the reason on standard error and
    /// exit 1; each line: see [`batch::run_each_line`].
    pub fn run<F>(&self, answer: F) -> ExitCode
    where
        F: Fn(&Board, &str) -> Result<String, String> + Sync,
    {
        if self.each_line {
            return batch::run_each_line(&self.source(), self.cmd, self.separator, self.batch, {
                |line| answer(&line_board(line)?, line)
            });
        }
        let (board, text) = match read_puzzle(self.input, self.cmd) {
            Ok(read) => read,
            Err(code) => return code,
        };
        let first = text.lines().next().unwrap_or("").trim_end();
        self.reply(answer(&board, first))
    }

    /// Writes one answer: its text and a line end, or its reason on standard error and exit 1.
    pub fn reply(&self, answer: Result<String, String>) -> ExitCode {
        match answer {
            Ok(text) => output::emit(self.cmd, format!("{text}\n").as_bytes()),
            Err(why) => {
                eprintln!("termdoku {}: {why}", self.cmd);
                ExitCode::from(1)
            }
        }
    }

    /// The input as a source of lines.
    pub fn source(&self) -> Source {
        Source::from_arg(self.input)
    }

    /// The whole input as one board (any format).
    pub fn board(&self) -> Result<Board, ExitCode> {
        read_board(self.input, self.cmd)
    }
}
