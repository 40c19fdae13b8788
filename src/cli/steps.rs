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

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use crate::cli::input::Source;
use crate::codec::{self, hodoku, WriteOptions};
use crate::domain::Board;
use crate::solver::engine::{next_step, solution_path, Path};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Treat every input line as its own puzzle (paths separated by an empty line).
    #[arg(long)]
    pub each_line: bool,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// Reads the whole input as one board (any format).
pub(crate) fn read_board(input: Option<&str>, cmd: &str) -> Result<Board, ExitCode> {
    let text = Source::from_arg(input).read_all().map_err(|e| {
        eprintln!("termdoku {cmd}: {e}");
        ExitCode::from(2)
    })?;
    codec::decode_any(&text).map(|p| p.board).map_err(|e| {
        eprintln!("termdoku {cmd}: {e}");
        ExitCode::from(2)
    })
}

/// Calls `f` for every non-empty input line parsed as a board; a bad line prints
/// `error: <message>` through `f_err`. Returns whether every line parsed.
pub(crate) fn for_each_board(
    input: Option<&str>,
    cmd: &str,
    mut f: impl FnMut(Board) -> io::Result<()>,
    mut f_err: impl FnMut(String) -> io::Result<()>,
) -> Result<bool, ExitCode> {
    let mut all_ok = true;
    let res = Source::from_arg(input).for_each_line(|line| {
        if line.trim().is_empty() {
            return Ok(());
        }
        match codec::decode_any(line) {
            Ok(p) => f(p.board),
            Err(e) => {
                all_ok = false;
                f_err(e.to_string())
            }
        }
    });
    match res {
        Ok(()) => Ok(all_ok),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(all_ok),
        Err(e) => {
            eprintln!("termdoku {cmd}: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// The state's library line with the step and the step text, or `None` (solved / no step).
pub fn hint_lines(board: &Board) -> Option<(String, String)> {
    let step = next_step(board)?;
    let line = hodoku::write_library(
        board,
        Some(&step.library_fields()),
        &WriteOptions::default(),
    );
    Some((line, step.text))
}

pub fn run_hint(args: HintArgs) -> ExitCode {
    let board = match read_board(args.input.as_deref(), "hint") {
        Ok(b) => b,
        Err(code) => return code,
    };
    match hint_lines(&board) {
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
    let level = if path.solved {
        path.level.name()
    } else {
        "Incomplete"
    };
    writeln!(out, "level\t{level}\t{}", path.score)
}

pub fn run(args: Args) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if !args.each_line {
        let board = match read_board(args.input.as_deref(), "steps") {
            Ok(b) => b,
            Err(code) => return code,
        };
        let path = solution_path(&board);
        if write_path(&mut out, &path)
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
    let first = std::cell::Cell::new(true);
    let out = std::cell::RefCell::new(out);
    let separator = |o: &mut BufWriter<io::StdoutLock<'_>>| -> io::Result<()> {
        if !first.replace(false) {
            writeln!(o)?;
        }
        Ok(())
    };
    let res = for_each_board(
        args.input.as_deref(),
        "steps",
        |board| {
            let mut o = out.borrow_mut();
            separator(&mut o)?;
            write_path(&mut *o, &solution_path(&board))
        },
        |msg| {
            let mut o = out.borrow_mut();
            separator(&mut o)?;
            writeln!(o, "error: {msg}")
        },
    );
    let _ = out.borrow_mut().flush();
    match res {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(code) => code,
    }
}
