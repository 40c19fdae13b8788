//! The `termdoku` binary: the player with no subcommand, else a scriptable subcommand.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use termdoku::cli;

#[derive(Parser, Debug)]
#[command(
    name = "termdoku",
    version,
    about = "Sudoku player and analyser for the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A puzzle to open in the player (any format) or a file holding one.
    puzzle: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Convert a puzzle or state between text formats.
    Convert(cli::convert::Args),
    /// List the format ids with read/write support.
    Formats,
    /// Solve with the exact solver (uniqueness check).
    Solve(cli::solve::Args),
    /// The next step HoDoKu would take, as a library line and as text.
    Hint(cli::steps::HintArgs),
    /// The whole solution path, one step per line.
    Steps(cli::steps::Args),
    /// HoDoKu level and score.
    Rate(cli::rate::Args),
    /// Generate puzzles of a HoDoKu level.
    Generate(cli::generate::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Convert(a)) => cli::convert::run(a),
        Some(Command::Formats) => cli::convert::run_formats(),
        Some(Command::Solve(a)) => cli::solve::run(a),
        Some(Command::Hint(a)) => cli::steps::run_hint(a),
        Some(Command::Steps(a)) => cli::steps::run(a),
        Some(Command::Rate(a)) => cli::rate::run(a),
        Some(Command::Generate(a)) => cli::generate::run(a),
        None => play(cli.puzzle),
    }
}

/// PLACEHOLDER until the player lands (issue 4): prints the default puzzle.
fn play(_puzzle: Option<String>) -> ExitCode {
    println!("{}", DEFAULT_PUZZLE);
    println!("The terminal player is coming; try `termdoku --help` for the command line.");
    ExitCode::SUCCESS
}

const DEFAULT_PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
