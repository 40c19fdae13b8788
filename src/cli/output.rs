//! Standard output of every subcommand: one way to write it and one meaning for a failed write.
//!
//! A closed pipe (`termdoku hint ... | head -1`, `| true`) ends the command quietly with exit 1:
//! the reader has what it wanted. Any other failure (a full disk, `> /dev/full`) is a one-line
//! message on standard error and exit 1. Nothing is ever printed with `println!`, which panics on
//! both.

use std::io::{self, Write};
use std::process::ExitCode;

/// Writes `text` to standard output and flushes it.
pub fn write_all(text: &[u8]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text)?;
    out.flush()
}

/// Writes `text` to standard output: success, or the exit code of the failure (see [`failed`]).
pub fn emit(cmd: &str, text: &[u8]) -> ExitCode {
    match write_all(text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(cmd, &e),
    }
}

/// Writes `text` to standard output; on success the command ends with `code`.
pub fn emit_then(cmd: &str, text: &[u8], code: ExitCode) -> ExitCode {
    match write_all(text) {
        Ok(()) => code,
        Err(e) => failed(cmd, &e),
    }
}

/// Whether a write failed because the reader of standard output went away.
pub fn is_closed(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The end of a command whose standard output failed: quiet for a closed pipe, else a message
/// naming the failure; exit 1 either way.
pub fn failed(cmd: &str, e: &io::Error) -> ExitCode {
    if !is_closed(e) {
        let _ = writeln!(
            io::stderr(),
            "termdoku {cmd}: cannot write to standard output: {e}"
        );
    }
    ExitCode::from(1)
}
