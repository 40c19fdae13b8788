//! PLACEHOLDER: `termdoku generate`, replaced by the issue that owns it before landing.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("termdoku generate: not built yet");
    ExitCode::from(2)
}
