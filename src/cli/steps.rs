//! PLACEHOLDER: `termdoku steps`, replaced by the issue that owns it before landing.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// INPUT: a file path, literal text, or - / nothing for standard input.
    pub input: Option<String>,
}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("termdoku steps: not built yet");
    ExitCode::from(2)
}

#[derive(clap::Args, Debug)]
pub struct HintArgs {
    pub input: Option<String>,
}

pub fn run_hint(_args: HintArgs) -> ExitCode {
    eprintln!("termdoku hint: not built yet");
    ExitCode::from(2)
}
