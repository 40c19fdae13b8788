//! `termdoku steps`: the whole solution path, one step per line.
//!
//! `steps [--notation N] [--each-line] [INPUT]`: one line per step, `code TAB name TAB
//! eliminations TAB placements TAB text TAB eureka` (the last column empty for a step without a
//! chain), then `level TAB <Level> TAB <score>`. With `--each-line` every input line is a puzzle
//! and the paths are separated by an empty line.
//!
//! `steps` keeps HoDoKu's path (Brute Force) unless `--fallback se`, which takes Sudoku
//! Explainer's next step where HoDoKu's techniques find nothing.
//!
//! `--engine se` uses Sudoku Explainer's engine instead (see [`crate::cli::se`]): one line per
//! step `difficulty TAB name TAB eliminations TAB placements TAB text` (with `--notation eureka`
//! a chain step's text is `Name: <Eureka>`), and a last `rating TAB ER/EP/ED` line.
//!
//! INPUT is any format `convert` reads, including mid-solve states with eliminations. Bad input:
//! exit 2 and a one-line message on stderr. A state without solution gets no step: exit 1 and
//! what contradicts the solution ([`check_puzzle`]); `steps` that stop before the end (techniques
//! switched off, an engine fault) write the path so far, then say why and exit 1.
//!
//! `--techniques +kf,-fn` switches techniques on or off (`--list-techniques` lists them); when
//! they differ from HoDoKu's defaults, `steps` prints `techniques TAB +kf,-fn` before the level
//! line. Flags that do not apply to the engine asked for are refused (exit 2).

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::batch::BatchArgs;
use crate::cli::open::{
    no_step_with, rateable, refuse_given, se_ready, FallbackArg, Notation, Opening,
};
use crate::cli::output;
use crate::cli::se;
use crate::cli::techniques::TechniqueArgs;
use crate::domain::Board;
use crate::solver::engine::Path;
use crate::solver::fallback::{self, Fallback, StepEngine};
use crate::solver::techniques::SlotSet;
use crate::solver::{Eureka, Grid};

pub use crate::cli::open::step_text;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The text of each step: hodoku (HoDoKu's step text) or eureka (the chain in Eureka
    /// notation).
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
    /// Treat every input line as its own puzzle (paths separated by an empty line).
    #[arg(long)]
    pub each_line: bool,
    /// Instead of the steps, the path's summary: one `COUNT TECHNIQUE` line per technique, in
    /// the order the path first uses them, then the level (or SE's rating) line.
    #[arg(long, conflicts_with = "notation")]
    pub summary: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The step engine: hodoku (HoDoKu's techniques and scores) or se (Sudoku Explainer's
    /// techniques and difficulties, Sukaku Explainer's default settings).
    #[arg(long, value_enum, default_value_t = StepEngine::Hodoku)]
    pub engine: StepEngine,
    /// With HoDoKu's engine, where its techniques find nothing: brute-force (HoDoKu's Brute
    /// Force step; the default) or se (Sudoku Explainer's next step, so that no step reveals a
    /// digit).
    #[arg(long, value_enum)]
    pub fallback: Option<FallbackArg>,
    /// With --engine se: after each step line, the explanation Sudoku Explainer's hint window
    /// gives for it (one line per paragraph, list item and rule), then an empty line.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// The path of a state, or why it has none: the state has no solution (nothing is stepped),
/// or the engine stopped on a fault.
fn checked_path(board: &Board, slots: SlotSet, fallback: Fallback) -> Result<Path, String> {
    se_ready(board, fallback)?;
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
    summary: bool,
) -> io::Result<()> {
    if summary {
        let lines = crate::solver::summary::of_steps(&path.steps);
        out.write_all(crate::solver::summary::summary_text(&lines).as_bytes())?;
    }
    // The state before each step, for the digits of ALS nodes.
    let mut grid = Grid::from_board(board);
    for s in path.steps.iter().filter(|_| !summary) {
        let eureka = Eureka::with_candidates(s, &|c| grid.candidates(c));
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            s.hodoku_equivalent().code(),
            s.title(),
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

/// Refuses the flags that do not apply to the engine asked for.
fn check_flags(args: &Args) -> Result<(), ExitCode> {
    if args.engine == StepEngine::Se {
        refuse_given(
            "steps",
            &[
                ("--fallback", args.fallback.is_some()),
                ("--techniques", args.techniques.techniques.is_some()),
                ("--list-techniques", args.techniques.list_techniques),
            ],
            "applies to --engine hodoku only",
        )?;
    }
    if args.engine != StepEngine::Se {
        refuse_given(
            "steps",
            &[("--explain", args.explain)],
            "gives Sudoku Explainer's explanations: use it with --engine se",
        )?;
    }
    if args.summary {
        refuse_given(
            "steps",
            &[
                ("--notation", args.notation.is_some()),
                ("--explain", args.explain),
            ],
            "cannot be used with --summary (the summary names techniques, not steps)",
        )?;
    }
    args.techniques.refuse_with_list(
        "steps",
        &[
            ("--each-line", args.each_line),
            ("--notation", args.notation.is_some()),
            ("--fallback", args.fallback.is_some()),
            ("--summary", args.summary),
            ("INPUT", args.input.is_some()),
        ],
    )?;
    Ok(())
}

pub fn run(args: Args) -> ExitCode {
    if let Err(code) = check_flags(&args) {
        return code;
    }
    let opening = Opening::new("steps", args.input.as_deref(), args.each_line, &args.batch)
        .blank_line_between();
    let notation = args.notation.unwrap_or_default();
    let summary = args.summary;
    if args.engine == StepEngine::Se {
        return run_se(&opening, notation, summary, args.explain);
    }
    if let Some(code) = args.techniques.list_if_asked("steps") {
        return code;
    }
    let slots = match args.techniques.slots("steps") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let fallback: Fallback = args.fallback.unwrap_or(FallbackArg::BruteForce).into();
    if !args.each_line {
        let board = match opening.board() {
            Ok(b) => b,
            Err(code) => return code,
        };
        let path = match checked_path(&board, slots, fallback) {
            Ok(p) => p,
            Err(why) => return opening.reply(Err(why)),
        };
        let mut text = Vec::new();
        write_path(&mut text, &board, &path, slots, notation, summary)
            .expect("writing into memory");
        let code = output::emit("steps", &text);
        if code != ExitCode::SUCCESS {
            return code;
        }
        return match unsolved_why(&path, slots) {
            None => ExitCode::SUCCESS,
            Some(why) => opening.reply(Err(why)),
        };
    }
    opening.run(|board, _| {
        let mut text = Vec::new();
        let path = checked_path(board, slots, fallback)?;
        if let Some(e) = &path.error {
            return Err(e.to_string());
        }
        write_path(&mut text, board, &path, slots, notation, summary).map_err(|e| e.to_string())?;
        let mut text = String::from_utf8(text).map_err(|e| e.to_string())?;
        text.truncate(text.trim_end_matches('\n').len());
        Ok(text)
    })
}

/// `steps --engine se`.
fn run_se(opening: &Opening<'_>, notation: Notation, summary: bool, explain: bool) -> ExitCode {
    let path_text = |board: &Board| -> Result<(String, bool), String> {
        rateable(board)?;
        let path = se::path(board);
        let mut text = Vec::new();
        se::write_path(&mut text, board, &path, notation, summary, explain)
            .map_err(|e| e.to_string())?;
        let mut text = String::from_utf8(text).map_err(|e| e.to_string())?;
        text.truncate(text.trim_end_matches('\n').len());
        Ok((text, path.solved))
    };
    if opening.each_line() {
        return opening.run(|board, _| path_text(board).map(|(t, _)| t));
    }
    let board = match opening.board() {
        Ok(b) => b,
        Err(code) => return code,
    };
    match path_text(&board) {
        Ok((text, solved)) => {
            let code = if solved {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            output::emit_then("steps", format!("{text}\n").as_bytes(), code)
        }
        Err(why) => opening.reply(Err(why)),
    }
}
