//! `termdoku hint`: the next step of a state, or with `--all` every step.
//!
//! `hint [--notation N] [INPUT]`: line 1 is the HoDoKu library line of the state with the step,
//! line 2 the step text (HoDoKu's `toString(2)`, or with `--notation eureka` the technique and
//! its chain in Eureka notation); a chain step adds its chain in Eureka notation from line 3
//! on (one line; a forcing chain or net one line per branch and a last `=> conclusion` line).
//! Exit 1 when the state is solved or no step exists.
//!
//! Where HoDoKu's techniques find nothing, `hint` gives Sudoku Explainer's next step (a forcing
//! chain or net, nested where needed) instead of HoDoKu's Brute Force; `--fallback brute-force`
//! keeps Brute Force.
//!
//! `--engine se` uses Sudoku Explainer's engine instead (see [`crate::cli::se`]): one step line
//! `difficulty TAB name TAB eliminations TAB placements TAB text`; with `--notation eureka` the
//! text of a chain step is `Name: <Eureka>` and the chain follows, one line per branch, as for
//! HoDoKu's steps. `--all --engine se` lists every hint SE has for the state, one step line
//! each, sorted by difficulty (SE's order among equal ones).
//!
//! Flags that do not apply to the engine or mode asked for are refused (exit 2), never ignored.

use std::process::ExitCode;

use crate::cli::batch::BatchArgs;
use crate::cli::open::{
    check_puzzle, no_step_with, rateable, refuse_given, se_ready, step_text, FallbackArg, Notation,
    Opening,
};
use crate::cli::se;
use crate::cli::techniques::TechniqueArgs;
use crate::codec::{hodoku, WriteOptions};
use crate::domain::Board;
use crate::solver::fallback::{self, Fallback, StepEngine};
use crate::solver::techniques::SlotSet;
use crate::solver::Eureka;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The text of the step line: hodoku (HoDoKu's step text) or eureka (the chain in Eureka
    /// notation).
    #[arg(long, value_enum)]
    pub notation: Option<Notation>,
    /// Treat every input line as its own state (hints separated by an empty line; a line with
    /// no hint answers `error: <why>`).
    #[arg(long)]
    pub each_line: bool,
    /// Every step of the state: HoDoKu's "all steps", grouped by technique with counts; with
    /// --engine se every hint of Sudoku Explainer, sorted by difficulty.
    #[arg(long)]
    pub all: bool,
    /// With --all (HoDoKu's engine): only the steps of one technique (`xy`, `X-Wing`, `0800`)
    /// or family (`fish`, `wings`, `chains`, ...).
    #[arg(long, requires = "all", value_name = "FILTER")]
    pub only: Option<String>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The step engine: hodoku (HoDoKu's techniques and scores) or se (Sudoku Explainer's
    /// techniques and difficulties, Sukaku Explainer's default settings).
    #[arg(long, value_enum, default_value_t = StepEngine::Hodoku)]
    pub engine: StepEngine,
    /// With HoDoKu's engine, where its techniques find nothing: se (Sudoku Explainer's next
    /// step, a forcing chain or net; the default) or brute-force (HoDoKu's Brute Force, a
    /// revealed digit).
    #[arg(long, value_enum)]
    pub fallback: Option<FallbackArg>,
    /// With --all: list forcing chains and nets too (HoDoKu's view leaves them out).
    #[arg(long, requires = "all")]
    pub forcing: bool,
    /// With --engine se: after each step line, the explanation Sudoku Explainer's hint window
    /// gives for it (one line per paragraph, list item and rule), then an empty line.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub techniques: TechniqueArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
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

impl HintLines {
    /// The lines as printed, without the last line end.
    pub fn text(&self) -> String {
        let mut text = format!("{}\n{}", self.library, self.text);
        for l in &self.eureka {
            text.push('\n');
            text.push_str(l);
        }
        text
    }
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

/// Refuses the flags that do not apply to the engine and mode asked for.
fn check_flags(args: &Args) -> Result<(), ExitCode> {
    let cmd = "hint";
    if args.engine == StepEngine::Se {
        refuse_given(
            cmd,
            &[
                ("--fallback", args.fallback.is_some()),
                ("--techniques", args.techniques.techniques.is_some()),
                ("--list-techniques", args.techniques.list_techniques),
                ("--only", args.only.is_some()),
                ("--forcing", args.forcing),
            ],
            "applies to --engine hodoku only",
        )?;
    }
    if args.engine != StepEngine::Se {
        refuse_given(
            cmd,
            &[("--explain", args.explain)],
            "gives Sudoku Explainer's explanations: use it with --engine se",
        )?;
    }
    if args.all {
        refuse_given(
            cmd,
            &[
                ("--notation", args.notation.is_some()),
                ("--fallback", args.fallback.is_some()),
                ("--explain", args.explain),
            ],
            "does not apply to --all (it lists every step as its engine writes it)",
        )?;
    }
    args.techniques.refuse_with_list(
        cmd,
        &[
            ("--all", args.all),
            ("--each-line", args.each_line),
            ("--notation", args.notation.is_some()),
            ("--fallback", args.fallback.is_some()),
            ("--explain", args.explain),
            ("INPUT", args.input.is_some()),
        ],
    )?;
    Ok(())
}

pub fn run(args: Args) -> ExitCode {
    if let Err(code) = check_flags(&args) {
        return code;
    }
    let opening = Opening::new("hint", args.input.as_deref(), args.each_line, &args.batch)
        .blank_line_between();
    let notation = args.notation.unwrap_or_default();
    if args.engine == StepEngine::Se {
        if args.all {
            return opening.run(|board, _| se_all_or_why(board));
        }
        let explain = args.explain;
        return opening.run(|board, _| se_hint_or_why(board, notation, explain));
    }
    if let Some(code) = args.techniques.list_if_asked("hint") {
        return code;
    }
    let slots = match args.techniques.slots("hint") {
        Ok(s) => s,
        Err(code) => return code,
    };
    if args.all {
        return super::all_steps::run(&opening, args.only.as_deref(), slots, args.forcing);
    }
    let fallback: Fallback = args.fallback.unwrap_or(FallbackArg::Se).into();
    if !args.each_line {
        let board = match opening.board() {
            Ok(b) => b,
            Err(code) => return code,
        };
        if let (Fallback::BruteForce, Ok(false)) = (fallback, check_puzzle(&board)) {
            eprintln!(
                "termdoku hint: the puzzle has several solutions; uniqueness techniques are off"
            );
        }
        return opening.reply(hint_or_why(&board, slots, notation, fallback).map(|h| h.text()));
    }
    opening.run(|board, _| hint_or_why(board, slots, notation, fallback).map(|h| h.text()))
}

/// The hint for `board`, or why there is none (no solution, a wrong digit, solved).
fn hint_or_why(
    board: &Board,
    slots: SlotSet,
    notation: Notation,
    fallback: Fallback,
) -> Result<HintLines, String> {
    se_ready(board, fallback)?;
    hint_lines(board, slots, notation, fallback).ok_or_else(|| {
        if board.is_solved() {
            "the sudoku is solved".to_string()
        } else {
            no_step_with(slots)
        }
    })
}

/// SE's hint for `board` in `notation`, or why there is none.
fn se_hint_or_why(board: &Board, notation: Notation, explain: bool) -> Result<String, String> {
    rateable(board)?;
    se::hint(board, notation, explain).ok_or_else(|| se_no_step(board))
}

/// Every SE hint for `board`, or why there is none.
fn se_all_or_why(board: &Board) -> Result<String, String> {
    rateable(board)?;
    let lines = se::all_hints(board);
    if lines.is_empty() {
        return Err(se_no_step(board));
    }
    Ok(lines.join("\n"))
}

fn se_no_step(board: &Board) -> String {
    if board.is_solved() {
        "the sudoku is solved".to_string()
    } else {
        "no step found (beyond the SE engine's techniques)".to_string()
    }
}
