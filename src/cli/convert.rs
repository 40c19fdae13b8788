//! `termdoku convert` and `termdoku formats`.
//!
//! `convert --to FORMAT [--from FORMAT] [--each-line] [--zeros] [INPUT]`: FORMAT is a format id
//! (see `termdoku formats`) or a SudokuStudio format string (`#`, `.+:`, `@:`, `~0`, `%`, `^` ...).
//! Without `--each-line` the whole input is one puzzle: bad input gives exit 2, a one-line message
//! on stderr and nothing on stdout. With `--each-line` every input line is converted on its own
//! (streamed): one output line per input line, `error: <message>` for a bad line, exit 1 at the end
//! if any line failed.

use std::process::ExitCode;

use crate::cli::batch::{self, BatchArgs};
use crate::cli::output;
use crate::codec::{self, hodoku, json, minlex, studio, Format, Parsed, WriteOptions};
use crate::input::Source;
use crate::solver::exact;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Output format: an id from `termdoku formats` or a SudokuStudio format string (e.g. `#`, `@:`).
    #[arg(long, value_name = "FORMAT")]
    pub to: String,
    /// Read the input as this format instead of detecting it.
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<String>,
    /// Convert every input line on its own (one output line per input line).
    #[arg(long)]
    pub each_line: bool,
    /// Write `0` instead of `.` for empty cells and absent candidates.
    #[arg(long)]
    pub zeros: bool,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

/// Whether a writer (with these options) always produces a single line.
fn one_line_output(format: Format, opts: &WriteOptions) -> bool {
    match format {
        Format::Susser
        | Format::Values
        | Format::SusserPlus
        | Format::SusserElims
        | Format::SusserShort
        | Format::Hodoku
        | Format::Json
        | Format::Minlex => true,
        Format::Sukaku => !opts.multiline,
        Format::OpenSudoku => !opts.opensudoku_v3,
        _ => false,
    }
}

/// Writes `p` in `format`, keeping what the source carried when the target can hold it (HoDoKu
/// step fields, the JSON id).
fn write(p: &Parsed, format: Format, opts: &WriteOptions) -> Result<String, codec::EncodeError> {
    match format {
        Format::Hodoku => Ok(hodoku::write_library(
            &p.board,
            p.meta.hodoku_step.as_ref(),
            opts,
        )),
        Format::Json => Ok(json::write_puzzle(&p.board, p.meta.id.as_deref(), opts)),
        _ => codec::encode(format, &p.board, opts),
    }
}

fn convert_one(
    text: &str,
    from: Option<Format>,
    to: Format,
    opts: &WriteOptions,
) -> Result<String, String> {
    // The canonical form of a plain 81-cell line needs no detection (lists of puzzles are that).
    if to == Format::Minlex && from.is_none() {
        if let Some(values) = exact::parse_line81(text.as_bytes()) {
            return Ok(minlex::write_values(&values, opts));
        }
    }
    let parsed = match from {
        Some(f) => codec::decode(f, text),
        None => codec::decode_any(text),
    }
    .map_err(|e| one_line(&e.to_string()))?;
    write(&parsed, to, opts).map_err(|e| one_line(&e.to_string()))
}

/// A message about the content of a file names the file.
pub(crate) fn in_file(source: &Source, msg: String) -> String {
    match source {
        Source::File(p) => format!("{}: {msg}", p.display()),
        _ => msg,
    }
}

/// Messages go on one line (stderr, or an `error:` line of `--each-line`).
fn one_line(msg: &str) -> String {
    msg.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

pub fn run(args: Args) -> ExitCode {
    let usage = |msg: String| {
        eprintln!("termdoku convert: {msg}");
        ExitCode::from(2)
    };
    let (to, mut opts) = match studio::resolve_target(&args.to) {
        Ok(t) => t,
        Err(e) => return usage(format!("--to: {e} (see `termdoku formats`)")),
    };
    if !to.can_write() {
        return usage(format!("--to: {}", codec::EncodeError::NotWritable(to)));
    }
    opts.zeros |= args.zeros;
    let from = match args.from.as_deref() {
        None => None,
        Some(s) => match Format::from_id(s) {
            Some(f) => Some(f),
            None => {
                return usage(format!(
                    "--from: unknown format {s:?} (see `termdoku formats`)"
                ))
            }
        },
    };
    let source = Source::from_arg(args.input.as_deref());
    if args.each_line {
        if !one_line_output(to, &opts) {
            return usage(format!(
                "--each-line needs a one-line output format; {} spans several lines",
                to.id()
            ));
        }
        return batch::run_each_line(&source, "convert", None, &args.batch, |line| {
            convert_one(line, from, to, &opts)
        });
    }
    let text = match source.read_all() {
        Ok(t) => t,
        Err(e) => return usage(e.to_string()),
    };
    match convert_one(&text, from, to, &opts).map_err(|m| in_file(&source, m)) {
        Ok(out) => output::emit("convert", format!("{out}\n").as_bytes()),
        Err(msg) => usage(msg),
    }
}

pub fn run_formats() -> ExitCode {
    let mut s = String::new();
    s.push_str("id             read  write  description\n");
    for f in Format::ALL {
        s.push_str(&format!(
            "{:<14} {:<5} {:<6} {}\n",
            f.id(),
            if f.can_read() { "yes" } else { "no" },
            if f.can_write() { "yes" } else { "no" },
            f.name()
        ));
    }
    s.push_str(
        "\n--to also accepts SudokuStudio format strings: . 0 + .+: # !  .!: .* @ @* @! @: @:! ~. ~0 @~ % ^\n",
    );
    output::emit("formats", s.as_bytes())
}
