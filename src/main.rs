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

/// The player: `termdoku` resumes the autosave (else opens the embedded default puzzle);
/// `termdoku PUZZLE|FILE` opens that puzzle in any format.
fn play(puzzle: Option<String>) -> ExitCode {
    let opening = match puzzle.as_deref().map(termdoku::app::run::read_opening) {
        None => None,
        Some(Ok(o)) => Some(o),
        Some(Err(msg)) => {
            eprintln!("termdoku: {msg}");
            return ExitCode::from(2);
        }
    };
    termdoku::app::run::play(opening, |config| {
        let theme = termdoku::ui::theme::Theme::from_env_and_config(config.theme);
        termdoku::app::run::Frontend {
            draw: Box::new(move |f, app| termdoku::ui::draw(f, app, &theme)),
            locate: termdoku::ui::cell_at,
        }
    })
}
