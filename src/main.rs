//! The `termdoku` binary: the player with no subcommand, else a scriptable subcommand.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use termdoku::cli;
use termdoku::input::{describe, Source};

/// The rater's chain engine allocates and frees many small buffers; mimalloc serves them faster
/// than the system allocator (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "termdoku",
    version,
    about = "Sudoku player and analyser for the terminal",
    after_long_help = "INPUT is a path to an existing file (FIFOs and <(...) included), else literal text; \
absent or - reads standard input. One puzzle or one line may have at most 1 MiB.\n\n\
With --each-line every input line is one puzzle: one answer per line (steps: one path per \
line, separated by an empty line), `error: <message>` for a bad line, in input order whatever \
--jobs is; exit 1 at the end if a line failed, 2 if the input could not be read. `rate --engine se` \
reads lines as serate does: a line under 81 characters is skipped, and a puzzle it cannot rate \
writes nothing (an `error:` line with --error-lines).\n\n\
A flag that does not apply to the engine or mode asked for is refused (exit 2)."
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
    /// The next step HoDoKu (or with --engine se, Sudoku Explainer) would take; --all: every step.
    Hint(cli::hint::Args),
    /// The whole solution path, one step per line.
    Steps(cli::steps::Args),
    /// HoDoKu level and score, or Sudoku Explainer's ER/EP/ED (--engine se, serate's options).
    Rate(cli::rate::Args),
    /// Generate puzzles of a HoDoKu level.
    Generate(cli::generate::Args),
    /// Print the shell completion script (e.g. `termdoku completions bash > ~/.local/share/bash-completion/completions/termdoku`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Write the man pages: termdoku.1 on standard output, or termdoku.1 and one page per
    /// subcommand (termdoku-convert.1, ...) into DIR.
    Manpage {
        /// The directory to write the pages into (created if missing), e.g. ~/.local/share/man/man1.
        dir: Option<PathBuf>,
    },
}

/// The command line with the player's part of the help (keys from the keymap, config,
/// environment, files) after the subcommands' notes: `--help` and the man page.
fn command() -> clap::Command {
    let cmd = Cli::command();
    let base = cmd
        .get_after_long_help()
        .map(ToString::to_string)
        .unwrap_or_default();
    cmd.after_long_help(format!("{base}\n\n{}", termdoku::app::docs::player_help()))
}

/// The top man page: clap's sections (its notes under EXTRA), then the player's as sections of
/// their own with aligned key tables (`termdoku::app::docs::player_roff`).
fn render_top_page(out: &mut Vec<u8>) -> std::io::Result<()> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    if cmd.get_subcommands().next().is_some() {
        man.render_subcommands_section(out)?;
    }
    if cmd.get_after_long_help().is_some() {
        man.render_extra_section(out)?;
    }
    out.extend_from_slice(termdoku::app::docs::player_roff().as_bytes());
    if cmd.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    // Over a file-size limit (`ulimit -f`) a write fails with EFBIG and says so (a save, a
    // command's output), instead of the process being killed without a word.
    #[cfg(unix)]
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGXFSZ,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    let cli = match command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        // Help and version go through the one output path when they are not for a terminal
        // (clap ignores a failed write); clap prints everything else itself.
        Err(e)
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) && !std::io::stdout().is_terminal() =>
        {
            return cli::output::emit("help", e.render().to_string().as_bytes());
        }
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Convert(a)) => cli::convert::run(a),
        Some(Command::Formats) => cli::convert::run_formats(),
        Some(Command::Solve(a)) => cli::solve::run(a),
        Some(Command::Hint(a)) => cli::hint::run(a),
        Some(Command::Steps(a)) => cli::steps::run(a),
        Some(Command::Rate(a)) => cli::rate::run(a),
        Some(Command::Generate(a)) => cli::generate::run(a),
        Some(Command::Completions { shell }) => completions(shell),
        Some(Command::Manpage { dir }) => manpage(dir.as_deref()),
        None => play(cli.puzzle),
    }
}

/// The player: `termdoku` resumes the autosave (else opens the embedded default puzzle);
/// `termdoku PUZZLE|FILE` opens that puzzle in any format.
fn play(puzzle: Option<String>) -> ExitCode {
    // A word that names a file (`/path/to/file.txt`) is never read as a puzzle's text.
    if let Some(Source::File(path)) = puzzle.as_deref().map(|p| Source::from_arg(Some(p))) {
        if let Err(e) = std::fs::metadata(&path) {
            eprintln!("termdoku: {}: {}", path.display(), describe(&e));
            return ExitCode::from(2);
        }
    }
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

fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command(), "termdoku", &mut out);
    cli::output::emit("completions", &out)
}

fn manpage(dir: Option<&Path>) -> ExitCode {
    let Some(dir) = dir else {
        let mut out = Vec::new();
        // The pages `manpage DIR` writes, and only those, are referred to.
        if let Err(e) = render_top_page(&mut out) {
            eprintln!("termdoku manpage: {e}");
            return ExitCode::from(2);
        }
        return cli::output::emit("manpage", &out);
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        let why = match dir.ancestors().find(|a| a.exists() && !a.is_dir()) {
            Some(p) => format!("{} is not a directory", p.display()),
            None => describe(&e),
        };
        eprintln!(
            "termdoku manpage: cannot create the directory {}: {why}",
            dir.display()
        );
        return ExitCode::from(2);
    }
    let mut cmd = command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    man_pages(cmd, &mut pages);
    for (i, page) in pages.iter().enumerate() {
        let path = dir.join(page.get_filename());
        let mut text = Vec::new();
        // The top page is the last one (see `man_pages`).
        let rendered = if i + 1 == pages.len() {
            render_top_page(&mut text)
        } else {
            page.render(&mut text)
        };
        let written = rendered.and_then(|()| std::fs::write(&path, &text));
        if let Err(e) = written {
            eprintln!(
                "termdoku manpage: cannot write {}: {}",
                path.display(),
                describe(&e)
            );
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The man pages of a command and of its subcommands (what `clap_mangen::generate_to` writes),
/// so that a failed write can name its file.
fn man_pages(cmd: clap::Command, out: &mut Vec<clap_mangen::Man>) {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned() {
        man_pages(sub, out);
    }
    out.push(clap_mangen::Man::new(cmd));
}
