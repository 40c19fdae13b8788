//! INPUT handling shared by every subcommand: a path to an existing file, else literal text;
//! absent or `-` reads standard input. Line-by-line reading streams with bounded memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// Where the input comes from.
pub enum Source {
    Stdin,
    File(std::path::PathBuf),
    Literal(String),
}

impl Source {
    /// `None` or `-` is standard input; an existing path is a file; anything else is literal text.
    pub fn from_arg(arg: Option<&str>) -> Source {
        match arg {
            None | Some("-") => Source::Stdin,
            Some(s) if Path::new(s).is_file() => Source::File(s.into()),
            Some(s) => Source::Literal(s.to_string()),
        }
    }

    /// The whole input as text (invalid UTF-8 is an error).
    pub fn read_all(&self) -> io::Result<String> {
        match self {
            Source::Stdin => {
                let mut s = String::new();
                io::stdin().lock().read_to_string(&mut s)?;
                Ok(s)
            }
            Source::File(p) => std::fs::read_to_string(p),
            Source::Literal(s) => Ok(s.clone()),
        }
    }

    /// Calls `f` for every line (without its line ending), streaming.
    pub fn for_each_line(&self, mut f: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
        match self {
            Source::Stdin => read_lines(io::stdin().lock(), f),
            Source::File(p) => read_lines(BufReader::new(File::open(p)?), f),
            Source::Literal(s) => {
                for line in s.lines() {
                    f(line)?;
                }
                Ok(())
            }
        }
    }
}

fn read_lines(mut r: impl BufRead, mut f: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        if r.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        // Valid UTF-8 (the common case) is checked by the faster `from_utf8`.
        match std::str::from_utf8(&buf) {
            Ok(line) => f(line)?,
            Err(_) => f(&String::from_utf8_lossy(&buf))?,
        }
    }
}

/// The `--each-line` driver shared by the subcommands: every input line is one puzzle, streamed
/// with bounded memory. `answer` returns the text to write for the line (one or more lines,
/// without the final newline) or an error message, written as `error: <message>`. Records are
/// separated by `separator` when it is given (`steps` puts an empty line between puzzles).
///
/// Exit code: 0 when every line was answered, 1 when some line failed (or standard output was
/// closed), 2 when the input could not be read.
pub fn run_each_line(
    source: &Source,
    cmd: &str,
    separator: Option<&str>,
    mut answer: impl FnMut(&str) -> Result<String, String>,
) -> ExitCode {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut failed = 0usize;
    let mut first = true;
    let result = source.for_each_line(|line| {
        if let Some(sep) = separator.filter(|_| !first) {
            writeln!(out, "{sep}")?;
        }
        first = false;
        match answer(line) {
            Ok(text) => writeln!(out, "{text}"),
            Err(msg) => {
                failed += 1;
                writeln!(out, "error: {msg}")
            }
        }
    });
    match result.and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::from(1),
        Err(e) => {
            eprintln!("termdoku {cmd}: {e}");
            return ExitCode::from(2);
        }
    }
    if failed > 0 {
        eprintln!("termdoku {cmd}: {failed} line(s) could not be read");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
