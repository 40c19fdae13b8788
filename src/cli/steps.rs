//! `termdoku hint` and `termdoku steps`: HoDoKu's next step and whole solution path.
//!
//! `hint [INPUT]`: line 1 is the HoDoKu library line of the state with the step, line 2 the step
//! text (HoDoKu's `toString(2)`); exit 1 when the state is solved or no step exists.
//! `steps [--each-line] [INPUT]`: one line per step, `code TAB name TAB eliminations TAB placements
//! TAB text`, then `level TAB <Level> TAB <score>`. With `--each-line` every input line is a puzzle
//! and the paths are separated by an empty line.
//!
//! INPUT is any format `convert` reads, including mid-solve states with eliminations. Bad input:
//! exit 2 and a one-line message on stderr.
//!
//! `--techniques +kf,-fn` switches techniques on or off (`--list-techniques` lists them); when
//! they differ from HoDoKu's defaults, `steps` prints `techniques TAB +kf,-fn` before the level
//! line.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::convert::in_file;
use crate::cli::techniques::TechniqueArgs;
use crate::codec::{self, hodoku, WriteOptions};
use crate::domain::Board;
use crate::input::Source;
use crate::solver::engine::{next_step_with, solution_path_with, Path};
use crate::solver::techniques::SlotSet;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Treat every input line as its own puzzle (paths separated by an empty line).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// Reads the whole input as one board (any format).
pub(crate) fn read_board(input: Option<&str>, cmd: &str) -> Result<Board, ExitCode> {
    let source = Source::from_arg(input);
    let text = source.read_all().map_err(|e| {
        eprintln!("termdoku {cmd}: {e}");
        ExitCode::from(2)
    })?;
    codec::decode_any(&text).map(|p| p.board).map_err(|e| {
        eprintln!("termdoku {cmd}: {}", in_file(&source, e.to_string()));
        ExitCode::from(2)
    })
}

/// One input line as a board (any one-line format), or the codec's message.
pub(crate) fn line_board(line: &str) -> Result<Board, String> {
    codec::decode_any(line)
        .map(|p| p.board)
        .map_err(|e| e.to_string())
}

/// Whether a board's puzzle can be hinted or rated: `Err` with the reason when its givens have
/// no solution (naming the first clash) or a filled digit is wrong; `Ok(false)` when the givens
/// have several solutions (uniqueness techniques are then off), `Ok(true)` for one.
pub fn check_puzzle(board: &Board) -> Result<bool, String> {
    let givens = board.givens_only();
    match crate::solver::exact::count_solutions(&givens, 2) {
        0 => Err(match givens.contradiction() {
            Some(c) => format!("the puzzle has no solution ({c})"),
            None => "the puzzle has no solution".to_string(),
        }),
        1 => match crate::solver::exact::wrong_digits(board) {
            Some(wrong) if !wrong.is_empty() => {
                let cells: Vec<String> = wrong.iter().map(|c| c.to_string()).collect();
                Err(format!(
                    "the state has a wrong digit in {} (no solution from here)",
                    cells.join(", ")
                ))
            }
            _ => Ok(true),
        },
        _ => Ok(false),
    }
}

/// The state's library line with the step and the step text, or `None` (solved / no step).
pub fn hint_lines(board: &Board) -> Option<(String, String)> {
    hint_lines_with(board, SlotSet::defaults())
}

/// [`hint_lines`] with the techniques of `slots` switched on.
pub fn hint_lines_with(board: &Board, slots: SlotSet) -> Option<(String, String)> {
    let step = next_step_with(board, slots)?;
    let line = hodoku::write_library(
        board,
        Some(&step.library_fields()),
        &WriteOptions::default(),
    );
    Some((line, step.text))
}

pub fn run_hint(args: HintArgs) -> ExitCode {
    if let Some(code) = args.techniques.list_if_asked("hint") {
        return code;
    }
    let slots = match args.techniques.slots("hint") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let board = match read_board(args.input.as_deref(), "hint") {
        Ok(b) => b,
        Err(code) => return code,
    };
    match check_puzzle(&board) {
        Err(why) => {
            eprintln!("termdoku hint: {why}");
            return ExitCode::from(1);
        }
        Ok(false) => {
            eprintln!(
                "termdoku hint: the puzzle has several solutions; uniqueness techniques are off"
            )
        }
        Ok(true) => {}
    }
    match hint_lines_with(&board, slots) {
        Some((line, text)) => {
            println!("{line}");
            println!("{text}");
            ExitCode::SUCCESS
        }
        None => {
            if board.is_solved() {
                eprintln!("termdoku hint: the sudoku is solved");
            } else {
                eprintln!("termdoku hint: no step found (the position has no solution)");
            }
            ExitCode::from(1)
        }
    }
}

/// Writes a path: one line per step, then the level line.
pub fn write_path(out: &mut impl Write, path: &Path) -> io::Result<()> {
    write_path_with(out, path, SlotSet::defaults())
}

/// [`write_path`], with a `techniques TAB +kf,-fn` line before the level line when `slots`
/// differ from HoDoKu's defaults.
pub fn write_path_with(out: &mut impl Write, path: &Path, slots: SlotSet) -> io::Result<()> {
    for s in &path.steps {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}",
            s.technique.code(),
            s.technique.name(),
            s.eliminations_string(),
            s.placements_string(),
            s.text
        )?;
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
    if let Some(code) = args.techniques.list_if_asked("steps") {
        return code;
    }
    let slots = match args.techniques.slots("steps") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if !args.each_line {
        let board = match read_board(args.input.as_deref(), "steps") {
            Ok(b) => b,
            Err(code) => return code,
        };
        let path = solution_path_with(&board, slots);
        if write_path_with(&mut out, &path, slots)
            .and_then(|_| out.flush())
            .is_err()
        {
            return ExitCode::from(2);
        }
        return if path.solved {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    drop(out);
    batch::run_each_line(
        &Source::from_arg(args.input.as_deref()),
        "steps",
        Some(""),
        &args.batch,
        |line| {
            let mut text = Vec::new();
            let path = solution_path_with(&line_board(line)?, slots);
            write_path_with(&mut text, &path, slots).map_err(|e| e.to_string())?;
            let mut text = String::from_utf8(text).map_err(|e| e.to_string())?;
            text.truncate(text.trim_end_matches('\n').len());
            Ok(text)
        },
    )
}
