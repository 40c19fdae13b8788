//! `termdoku solve [--count] [--each-line] [INPUT]`: the exact solver on any input format.
//!
//! The whole board state is solved: givens, filled digits and, when the format carries them, the
//! candidates (an eliminated candidate is not tried).
//!
//! Without `--each-line` the input is one puzzle. Output: the 81-digit solution; `--count` prints
//! `0`, `1` or `2` (two or more) and exits 0. Otherwise no solution or several solutions exit 1
//! with "no solution" / "more than one solution" on stderr; unreadable input exits 2.
//!
//! With `--each-line` every input line is one puzzle (streamed, bounded memory): one output line
//! per input line, the solution, `none`, `multiple` or `error: <message>` (with `--count`: the
//! count or the error). Exit 1 at the end if any line could not be read.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::open::in_file;
use crate::cli::output;
use crate::codec;
use crate::input::Source;
use crate::solver::check::check_state;
use crate::solver::exact::{self, Outcome};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the number of solutions (0, 1, or 2 meaning two or more) instead of the solution.
    #[arg(long)]
    pub count: bool,
    /// Solve every input line on its own (one output line per input line).
    #[arg(long)]
    pub each_line: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// The answer for one puzzle.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Count(usize),
    Solved(Outcome),
}

/// Solves one puzzle text. Plain 81-cell lines (`1-9`, `.`/`0`) skip format detection: the codec
/// reads them as Susser givens, which is exactly what [`exact::parse_line81`] yields.
fn answer(text: &str, count: bool) -> Result<Answer, codec::DecodeError> {
    if let Some(values) = exact::parse_line81(text.as_bytes()) {
        return Ok(if count {
            Answer::Count(exact::count_solutions_values(&values, 2))
        } else {
            Answer::Solved(exact::solve_values(&values))
        });
    }
    let parsed = codec::decode_any(text)?;
    Ok(if count {
        Answer::Count(exact::count_solutions(&parsed.board, 2))
    } else {
        Answer::Solved(exact::solve(&parsed.board))
    })
}

pub fn run(args: Args) -> ExitCode {
    let source = Source::from_arg(args.input.as_deref());
    if args.each_line {
        return run_each_line(&source, args.count, &args.batch);
    }
    let text = match source.read_all() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("termdoku solve: {e}");
            return ExitCode::from(2);
        }
    };
    let (line, code) = match answer(&text, args.count) {
        Err(e) => {
            eprintln!("termdoku solve: {}", in_file(&source, e.to_string()));
            return ExitCode::from(2);
        }
        Ok(Answer::Count(n)) => (n.to_string(), ExitCode::SUCCESS),
        Ok(Answer::Solved(Outcome::Unique(s))) => (s.to_string(), ExitCode::SUCCESS),
        Ok(Answer::Solved(Outcome::None)) => {
            // The same words as hint, steps and rate where the check can name the fault.
            let why = codec::decode_any(&text)
                .ok()
                .and_then(|p| check_state(&p.board).err())
                .map_or_else(|| "no solution".to_string(), |e| e.to_string());
            eprintln!("termdoku solve: {why}");
            return ExitCode::from(1);
        }
        Ok(Answer::Solved(Outcome::Multiple)) => {
            eprintln!("termdoku solve: more than one solution");
            return ExitCode::from(1);
        }
    };
    output::emit_then("solve", format!("{line}\n").as_bytes(), code)
}

fn run_each_line(source: &Source, count: bool, batch_args: &BatchArgs) -> ExitCode {
    batch::run_each_line(source, "solve", None, batch_args, |line| {
        Ok(match answer(line, count).map_err(|e| e.to_string())? {
            Answer::Count(n) => n.to_string(),
            Answer::Solved(Outcome::Unique(s)) => s.to_string(),
            Answer::Solved(Outcome::None) => "none".into(),
            Answer::Solved(Outcome::Multiple) => "multiple".into(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

    /// The fast path must answer exactly like the codec's reader.
    #[test]
    fn fast_path_agrees_with_decode_any() {
        let zeros = PUZZLE.replace('.', "0");
        let mut conflict = PUZZLE.to_string();
        conflict.replace_range(0..1, "8");
        let empty = ".".repeat(81);
        for text in [PUZZLE, zeros.as_str(), conflict.as_str(), empty.as_str()] {
            let values = exact::parse_line81(text.as_bytes()).expect("plain line");
            let board = codec::decode_any(text).expect("readable").board;
            assert_eq!(board.values_array(), values, "{text}");
            for count in [false, true] {
                let fast = answer(text, count).unwrap();
                let slow = if count {
                    Answer::Count(exact::count_solutions(&board, 2))
                } else {
                    Answer::Solved(exact::solve(&board))
                };
                assert_eq!(fast, slow, "{text}");
            }
        }
    }

    #[test]
    fn other_formats_go_through_detection() {
        // The same puzzle with a trailer and as a 9-line grid.
        let trailer = format!("{PUZZLE} # comment");
        let grid: String = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        let expected = answer(PUZZLE, false).unwrap();
        assert!(matches!(expected, Answer::Solved(Outcome::Unique(_))));
        assert_eq!(answer(&trailer, false).unwrap(), expected);
        assert_eq!(answer(&grid, false).unwrap(), expected);
        assert!(answer("hello", false).is_err());
        assert!(answer("", true).is_err());
    }
}
