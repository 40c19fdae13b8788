//! `termdoku hint` and `termdoku steps`: HoDoKu's next step and whole solution path.
//!
//! `hint [--notation N] [INPUT]`: line 1 is the HoDoKu library line of the state with the step,
//! line 2 the step text (HoDoKu's `toString(2)`, or with `--notation eureka` the technique and
//! its chain in Eureka notation); a chain step adds its chain in Eureka notation from line 3
//! on (one line; a forcing chain or net one line per branch and a last `=> conclusion` line).
//! Exit 1 when the state is solved or no step exists.
//! `steps [--notation N] [--each-line] [INPUT]`: one line per step, `code TAB name TAB
//! eliminations TAB placements TAB text TAB eureka` (the last column empty for a step without a
//! chain), then `level TAB <Level> TAB <score>`. With `--each-line` every input line is a puzzle
//! and the paths are separated by an empty line.
//!
//! Where HoDoKu's techniques find nothing, `hint` gives Sudoku Explainer's next step (a forcing
//! chain or net, nested where needed) instead of HoDoKu's Brute Force; `--fallback brute-force`
//! keeps Brute Force. `steps` keeps HoDoKu's path (Brute Force) unless `--fallback se`.
//!
//! `--engine se` uses Sudoku Explainer's engine instead (see [`crate::cli::se`]): `hint` prints
//! one step line `difficulty TAB name TAB eliminations TAB placements TAB text`, `steps` one such
//! line per step and a last `rating TAB ER/EP/ED` line.
//!
//! INPUT is any format `convert` reads, including mid-solve states with eliminations. Bad input:
//! exit 2 and a one-line message on stderr. A state without solution gets no step: exit 1 and
//! what contradicts the solution ([`check_puzzle`]); `steps` that stop before the end (techniques
//! switched off, an engine fault) write the path so far, then say why and exit 1.
//!
//! `--techniques +kf,-fn` switches techniques on or off (`--list-techniques` lists them); when
//! they differ from HoDoKu's defaults, `steps` prints `techniques TAB +kf,-fn` before the level
//! line.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::convert::in_file;
use crate::cli::output;
use crate::cli::se::{self, Engine};
use crate::cli::techniques::TechniqueArgs;
use crate::codec::{self, hodoku, WriteOptions};
use crate::domain::Board;
use crate::input::Source;
use crate::solver::check::check_state;
use crate::solver::engine::Path;
use crate::solver::fallback::{self, Fallback, StepEngine};
use crate::solver::techniques::SlotSet;
use crate::solver::{Eureka, Grid, Step};

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

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The text of each step: hodoku (HoDoKu's step text) or eureka (the chain in Eureka
    /// notation).
    #[arg(long, value_enum, default_value_t = Notation::Hodoku)]
    pub notation: Notation,
    /// Treat every input line as its own puzzle (paths separated by an empty line).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The step engine: hodoku (HoDoKu's techniques and scores) or se (Sudoku Explainer's
    /// techniques and difficulties, Sukaku Explainer's default settings).
    #[arg(long, value_enum, default_value_t = Engine::Hodoku, conflicts_with_all = ["techniques", "list_techniques"])]
    pub engine: Engine,
    /// Where HoDoKu's techniques find nothing: brute-force (HoDoKu's Brute Force step) or se
    /// (Sudoku Explainer's next step, so that no step reveals a digit).
    #[arg(long, value_enum, default_value_t = FallbackArg::BruteForce)]
    pub fallback: FallbackArg,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// The text of the step line: hodoku (HoDoKu's step text) or eureka (the chain in Eureka
    /// notation).
    #[arg(long, value_enum, default_value_t = Notation::Hodoku)]
    pub notation: Notation,
    /// Treat every input line as its own state (hints separated by an empty line; a line with
    /// no hint answers `error: <why>`).
    #[arg(long)]
    pub each_line: bool,
    /// Every step of the state as HoDoKu's "All steps" lists them: its techniques and fish
    /// settings, sorted and grouped by technique with counts, a step with the same effect as
    /// the one above it indented under it.
    #[arg(long)]
    pub all: bool,
    /// With --all: list forcing chains and nets too (HoDoKu's view leaves them out).
    #[arg(long, requires = "all")]
    pub forcing: bool,
    /// With --all: only the steps of one technique (`xy`, `X-Wing`, `0800`) or family
    /// (`fish`, `wings`, `chains`, ...).
    #[arg(long, requires = "all", value_name = "FILTER")]
    pub only: Option<String>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The step engine: hodoku (HoDoKu's techniques and scores) or se (Sudoku Explainer's
    /// techniques and difficulties, Sukaku Explainer's default settings).
    #[arg(long, value_enum, default_value_t = Engine::Hodoku, conflicts_with_all = ["techniques", "list_techniques"])]
    pub engine: Engine,
    /// Where HoDoKu's techniques find nothing: se (Sudoku Explainer's next step, a forcing
    /// chain or net; the default) or brute-force (HoDoKu's Brute Force, a revealed digit).
    #[arg(long, value_enum, default_value_t = FallbackArg::Se)]
    pub fallback: FallbackArg,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// Reads the whole input as one board (any format).
pub(crate) fn read_board(input: Option<&str>, cmd: &str) -> Result<Board, ExitCode> {
    read_puzzle(input, cmd).map(|(board, _)| board)
}

/// Reads the whole input as one board (any format), with the text it was read from. A failure
/// is reported on standard error as `termdoku <cmd>: ...` and becomes exit code 2.
pub(crate) fn read_puzzle(input: Option<&str>, cmd: &str) -> Result<(Board, String), ExitCode> {
    let source = Source::from_arg(input);
    let text = source.read_all().map_err(|e| {
        eprintln!("termdoku {cmd}: {e}");
        ExitCode::from(2)
    })?;
    match codec::decode_any(&text) {
        Ok(p) => Ok((p.board, text)),
        Err(e) => {
            eprintln!("termdoku {cmd}: {}", in_file(&source, e.to_string()));
            Err(ExitCode::from(2))
        }
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

/// The step line's text: [`Step::line`] (HoDoKu's text; SE's technique and difficulty before
/// SE's text), or `Name: <Eureka>` for a chain step in Eureka notation (an SE step's name with
/// its difficulty: `Dynamic Forcing Chains (8.9): <Eureka>`).
pub fn step_text(step: &Step, eureka: Option<&Eureka>, notation: Notation) -> String {
    match (notation, eureka) {
        (Notation::Eureka, Some(e)) => format!("{}: {e}", step.technique),
        _ => step.line(),
    }
}

/// What `termdoku hint` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintLines {
    /// The state's HoDoKu library line with the step.
    pub library: String,
    /// The step line (see [`step_text`]).
    pub text: String,
    /// The chain in Eureka notation, one line per branch (empty for a step without a chain).
    pub eureka: Vec<String>,
}

/// The hint for a state with the techniques of `slots` and SE's step or Brute Force where they
/// find nothing, or `None` (solved / no step).
pub fn hint_lines(
    board: &Board,
    slots: SlotSet,
    notation: Notation,
    fallback: Fallback,
) -> Option<HintLines> {
    let step = fallback::next_step(board, slots, StepEngine::Hodoku, fallback)?.step;
    let library = hodoku::write_library(
        board,
        Some(&step.library_fields()),
        &WriteOptions::default(),
    );
    let eureka = Eureka::on_board(&step, board);
    Some(HintLines {
        library,
        text: step_text(&step, eureka.as_ref(), notation),
        eureka: eureka.map(|e| e.lines()).unwrap_or_default(),
    })
}

pub fn run_hint(args: HintArgs) -> ExitCode {
    if args.engine == Engine::Se {
        return run_hint_se(&args);
    }
    if let Some(code) = args.techniques.list_if_asked("hint") {
        return code;
    }
    let slots = match args.techniques.slots("hint") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if args.all {
        return super::all_steps::run(&args, slots);
    }
    if args.each_line {
        return batch::run_each_line(
            &Source::from_arg(args.input.as_deref()),
            "hint",
            Some(""),
            &args.batch,
            |line| {
                let board = line_board(line)?;
                hint_or_why(&board, slots, args.notation, args.fallback.into()).map(|h| {
                    let mut text = format!("{}\n{}", h.library, h.text);
                    for l in &h.eureka {
                        text.push('\n');
                        text.push_str(l);
                    }
                    text
                })
            },
        );
    }
    let board = match read_board(args.input.as_deref(), "hint") {
        Ok(b) => b,
        Err(code) => return code,
    };
    if let Ok(false) = check_puzzle(&board) {
        eprintln!("termdoku hint: the puzzle has several solutions; uniqueness techniques are off");
    }
    match hint_or_why(&board, slots, args.notation, args.fallback.into()) {
        Ok(h) => {
            let mut text = format!("{}\n{}\n", h.library, h.text);
            for l in &h.eureka {
                text.push_str(l);
                text.push('\n');
            }
            output::emit("hint", text.as_bytes())
        }
        Err(why) => {
            eprintln!("termdoku hint: {why}");
            ExitCode::from(1)
        }
    }
}

/// The hint for `board`, or why there is none (no solution, a wrong digit, solved).
fn hint_or_why(
    board: &Board,
    slots: SlotSet,
    notation: Notation,
    fallback: Fallback,
) -> Result<HintLines, String> {
    check_puzzle(board)?;
    hint_lines(board, slots, notation, fallback).ok_or_else(|| {
        if board.is_solved() {
            "the sudoku is solved".to_string()
        } else {
            no_step_with(slots)
        }
    })
}

/// Why a consistent state gets no step: the techniques switched on find none.
fn no_step_with(slots: SlotSet) -> String {
    match slots.describe_changes() {
        Some(_) => "the chosen techniques find no step".to_string(),
        None => "no technique finds a step".to_string(),
    }
}

/// The path of a state, or why it has none: the state has no solution (nothing is stepped),
/// or the engine stopped on a fault.
fn checked_path(board: &Board, slots: SlotSet, fallback: Fallback) -> Result<Path, String> {
    check_puzzle(board)?;
    Ok(fallback::solution_path(board, slots, fallback))
}

/// Why a path that was written does not solve the state (`None` when it does).
fn unsolved_why(path: &Path, slots: SlotSet) -> Option<String> {
    if path.solved {
        return None;
    }
    Some(match &path.error {
        Some(e) => e.to_string(),
        None => format!("{} before the end", no_step_with(slots)),
    })
}

/// Writes the path of `board`: one line per step, then (when `slots` differ from HoDoKu's
/// defaults) a `techniques TAB +kf,-fn` line, then the level line.
pub fn write_path(
    out: &mut impl Write,
    board: &Board,
    path: &Path,
    slots: SlotSet,
    notation: Notation,
) -> io::Result<()> {
    // The state before each step, for the digits of ALS nodes.
    let mut grid = Grid::from_board(board);
    for s in &path.steps {
        let eureka = Eureka::with_candidates(s, &|c| grid.candidates(c));
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            s.hodoku_equivalent().code(),
            s.technique,
            s.eliminations_string(),
            s.placements_string(),
            step_text(s, eureka.as_ref(), notation),
            eureka.map(|e| e.to_string()).unwrap_or_default()
        )?;
        grid.apply(s);
    }
    if let Some(changes) = slots.describe_changes() {
        writeln!(out, "techniques\t{changes}")?;
    }
    let level = if path.solved {
        path.level.name()
    } else {
        "Incomplete"
    };
    writeln!(out, "level\t{level}\t{}", path.score)
}

pub fn run(args: Args) -> ExitCode {
    if args.engine == Engine::Se {
        return run_se(&args);
    }
    if let Some(code) = args.techniques.list_if_asked("steps") {
        return code;
    }
    let slots = match args.techniques.slots("steps") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if !args.each_line {
        let board = match read_board(args.input.as_deref(), "steps") {
            Ok(b) => b,
            Err(code) => return code,
        };
        let path = match checked_path(&board, slots, args.fallback.into()) {
            Ok(p) => p,
            Err(why) => {
                eprintln!("termdoku steps: {why}");
                return ExitCode::from(1);
            }
        };
        let mut text = Vec::new();
        write_path(&mut text, &board, &path, slots, args.notation).expect("writing into memory");
        let code = output::emit("steps", &text);
        if code != ExitCode::SUCCESS {
            return code;
        }
        return match unsolved_why(&path, slots) {
            None => ExitCode::SUCCESS,
            Some(why) => {
                eprintln!("termdoku steps: {why}");
                ExitCode::from(1)
            }
        };
    }
    batch::run_each_line(
        &Source::from_arg(args.input.as_deref()),
        "steps",
        Some(""),
        &args.batch,
        |line| {
            let mut text = Vec::new();
            let board = line_board(line)?;
            let path = checked_path(&board, slots, args.fallback.into())?;
            if let Some(e) = &path.error {
                return Err(e.to_string());
            }
            write_path(&mut text, &board, &path, slots, args.notation)
                .map_err(|e| e.to_string())?;
            let mut text = String::from_utf8(text).map_err(|e| e.to_string())?;
            text.truncate(text.trim_end_matches('\n').len());
            Ok(text)
        },
    )
}

/// SE's hint for `board`, or why there is none.
fn se_hint_or_why(board: &Board) -> Result<String, String> {
    check_puzzle(board)?;
    se::hint(board).ok_or_else(|| {
        if board.is_solved() {
            "the sudoku is solved".to_string()
        } else {
            "no step found (beyond the SE engine's techniques)".to_string()
        }
    })
}

/// `hint --engine se`.
fn run_hint_se(args: &HintArgs) -> ExitCode {
    if args.each_line {
        return batch::run_each_line(
            &Source::from_arg(args.input.as_deref()),
            "hint",
            Some(""),
            &args.batch,
            |line| se_hint_or_why(&line_board(line)?),
        );
    }
    let board = match read_board(args.input.as_deref(), "hint") {
        Ok(b) => b,
        Err(code) => return code,
    };
    match se_hint_or_why(&board) {
        Ok(line) => output::emit("hint", format!("{line}\n").as_bytes()),
        Err(why) => {
            eprintln!("termdoku hint: {why}");
            ExitCode::from(1)
        }
    }
}

/// `steps --engine se`.
fn run_se(args: &Args) -> ExitCode {
    if args.each_line {
        return batch::run_each_line(
            &Source::from_arg(args.input.as_deref()),
            "steps",
            Some(""),
            &args.batch,
            |line| {
                let board = line_board(line)?;
                check_puzzle(&board)?;
                let mut text = Vec::new();
                se::write_path(&mut text, &se::path(&board)).map_err(|e| e.to_string())?;
                let mut text = String::from_utf8(text).map_err(|e| e.to_string())?;
                text.truncate(text.trim_end_matches('\n').len());
                Ok(text)
            },
        );
    }
    let board = match read_board(args.input.as_deref(), "steps") {
        Ok(b) => b,
        Err(code) => return code,
    };
    if let Err(why) = check_puzzle(&board) {
        eprintln!("termdoku steps: {why}");
        return ExitCode::from(1);
    }
    let path = se::path(&board);
    let mut text = Vec::new();
    se::write_path(&mut text, &path).expect("writing into memory");
    let code = if path.solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    output::emit_then("steps", &text, code)
}
