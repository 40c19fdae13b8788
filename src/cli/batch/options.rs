//! The options every `--each-line` command takes: `--jobs`, `--quiet`, `--dedupe`.

/// The options every `--each-line` command takes.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct BatchArgs {
    /// With --each-line: answer lines on N threads (default: the number of cores; 1 answers them
    /// one after another). The output is the same for every N.
    #[arg(
        long,
        short = 'j',
        value_name = "N",
        requires = "each_line",
        value_parser = clap::value_parser!(u32).range(1..=1024)
    )]
    pub jobs: Option<u32>,
    /// With --each-line: no progress line and no summary on standard error.
    #[arg(long, short = 'q', requires = "each_line")]
    pub quiet: bool,
    /// With --each-line: drop a line whose puzzle is a morph of an earlier line's (the same
    /// canonical form, as `convert --to minlex` writes it); the first is kept, and the number of
    /// lines dropped is written on standard error.
    #[arg(long, requires = "each_line")]
    pub dedupe: bool,
}

impl BatchArgs {
    /// The number of worker threads: `--jobs`, else the number of cores.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}
