//! The `--each-line` driver shared by `convert`, `solve`, `steps` and `rate`: every input line is
//! one puzzle, answered on `--jobs N` worker threads, written strictly in input order.
//!
//! Shape: the calling thread reads lines (each capped by [`crate::input::MAX_LINE_BYTES`]) and
//! groups them into chunks of about [`CHUNK_WORK`] of work each (measured as the run goes, so a
//! chunk is thousands of lines for `convert` and one line for a slow `rate`). Each chunk becomes a
//! task of a rayon pool; a writer thread puts the answered chunks back in order and writes them.
//! At most a fixed amount of input is in flight (read but not yet written): when the oldest chunk
//! is slow, the reader waits instead of buffering more, so memory is bounded however long the
//! input and its lines. With `--jobs 1` the lines are answered one after another on the calling
//! thread; with more jobs, so are the lines of the first [`SERIAL_HEAD`] of work (CPU time of the
//! calling thread), and the pool starts only when the input goes on after that: a short input
//! does not pay for starting threads.
//!
//! Standard output is the same for every `--jobs`. Standard error shows a progress line and a
//! closing summary when it is a terminal (not with `--quiet`).

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::input::{InputError, LineReader, Reader, Source};

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
    /// No progress line and no summary on standard error.
    #[arg(long, short = 'q')]
    pub quiet: bool,
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

/// The work one chunk aims at: large enough that handing it over costs nothing in comparison,
/// small enough that the threads stay evenly loaded.
const CHUNK_WORK: Duration = Duration::from_millis(2);
/// The most input bytes in one chunk.
const CHUNK_BYTES: usize = 16 << 10;
/// The most lines in one chunk.
const CHUNK_LINES: usize = 4096;
/// The reorder window, in units of up to [`CHUNK_BYTES`] of input: per worker thread, and at most
/// in all. A chunk takes one unit per started [`CHUNK_BYTES`] (a chunk holding a long line takes
/// several), so what is read ahead stays within the window's bytes whatever the line lengths.
const WINDOW_PER_JOB: usize = 32;
const WINDOW_MAX: usize = 1024;
/// Standard output is written in blocks of about this size (and whenever the input pauses).
const OUT_BLOCK: usize = 64 << 10;
/// With one job, answers older than this are written even when the block is not full: slow lines
/// (`rate`, `steps`) stream as they do on the pool, whose writer hands over what it has whenever
/// it waits.
const OUT_DELAY: Duration = Duration::from_millis(5);
/// With more than one job, the work (CPU time of the calling thread) answered on the calling
/// thread before the pool starts: many times what starting it costs, little against the inputs
/// that gain from it.
const SERIAL_HEAD: Duration = Duration::from_millis(50);
/// How often the head reads its CPU time (wall time between two readings).
const HEAD_CHECK: Duration = Duration::from_millis(1);

/// What the run did, for the exit code and the summary.
#[derive(Default)]
struct Tally {
    lines: u64,
    failed: u64,
    input_error: Option<InputError>,
    output_error: Option<io::Error>,
}

/// Answers every line of `source` with `answer` (the text to write, one or more lines without the
/// final newline, or an error message written as `error: <message>`). Records are separated by
/// `separator` when it is given (`steps` puts an empty line between puzzles).
///
/// Exit code: 0 when every line was answered, 1 when some line failed (or standard output was
/// closed), 2 when the input could not be read (a missing file, a line over the limit).
pub fn run_each_line<F>(
    source: &Source,
    cmd: &str,
    separator: Option<&str>,
    batch: &BatchArgs,
    answer: F,
) -> ExitCode
where
    F: Fn(&str) -> Result<String, String> + Sync,
{
    run_answer(source, cmd, separator, batch, answer)
}

/// [`run_each_line`] with each line's number (from 0) given to `answer` too.
pub fn run_each_line_numbered<F>(
    source: &Source,
    cmd: &str,
    separator: Option<&str>,
    batch: &BatchArgs,
    answer: F,
) -> ExitCode
where
    F: Fn(u64, &str) -> Result<String, String> + Sync,
{
    run_answer(source, cmd, separator, batch, Numbered(answer))
}

fn run_answer<F: Answer + Sync>(
    source: &Source,
    cmd: &str,
    separator: Option<&str>,
    batch: &BatchArgs,
    answer: F,
) -> ExitCode {
    let mut lines = match source.lines() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("termdoku {cmd}: {e}");
            return ExitCode::from(2);
        }
    };
    let progress = Progress::new(cmd, batch.quiet, source.size_hint());
    let mut out = Out::new(Box::new(io::stdout()));
    // A person watching the output sees every answer as it comes.
    out.eager = io::stdout().is_terminal();
    let jobs = batch.jobs();
    let job = Job { separator, answer };
    let tally = match answer_lines(jobs, Some(SERIAL_HEAD), &mut lines, &job, out, &progress) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("termdoku {cmd}: cannot start {jobs} threads: {e}");
            return ExitCode::from(2);
        }
    };
    progress.finish(&tally);
    if let Some(e) = tally.output_error {
        return crate::cli::output::failed(cmd, &e);
    }
    if let Some(e) = tally.input_error {
        eprintln!("termdoku {cmd}: {e}");
        return ExitCode::from(2);
    }
    if tally.failed > 0 {
        if !progress.shown() {
            eprintln!(
                "termdoku {cmd}: {} line(s) failed (their `error:` lines say why)",
                tally.failed
            );
        }
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The answer to one line: a closure of the line, or [`Numbered`], a closure of the line's
/// number (from 0) and the line.
trait Answer {
    fn answer(&self, index: u64, line: &str) -> Result<String, String>;
}

impl<F: Fn(&str) -> Result<String, String>> Answer for F {
    fn answer(&self, _index: u64, line: &str) -> Result<String, String> {
        self(line)
    }
}

/// An answer that is given the line's number (from 0) too.
struct Numbered<F>(F);

impl<F: Fn(u64, &str) -> Result<String, String>> Answer for Numbered<F> {
    fn answer(&self, index: u64, line: &str) -> Result<String, String> {
        (self.0)(index, line)
    }
}

/// The per-line work and how records are separated.
struct Job<'a, F> {
    separator: Option<&'a str>,
    answer: F,
}

impl<F: Answer> Job<'_, F> {
    /// Appends the record of line number `index` (from 0) to `out`; `false` when it failed.
    fn answer_into(&self, index: u64, line: &[u8], out: &mut Vec<u8>) -> bool {
        if let Some(sep) = self.separator.filter(|_| index > 0) {
            out.extend_from_slice(sep.as_bytes());
            out.push(b'\n');
        }
        let result = match std::str::from_utf8(line) {
            Ok(line) => panic::catch_unwind(AssertUnwindSafe(|| self.answer.answer(index, line)))
                .unwrap_or_else(|p| Err(format!("internal error: {}", panic_message(&*p)))),
            Err(e) => Err(format!(
                "line {} is not UTF-8 text (invalid byte at column {})",
                index + 1,
                e.valid_up_to() + 1
            )),
        };
        let ok = result.is_ok();
        match result {
            Ok(text) => out.extend_from_slice(text.as_bytes()),
            Err(msg) => {
                out.extend_from_slice(b"error: ");
                out.extend_from_slice(msg.as_bytes());
            }
        }
        out.push(b'\n');
        ok
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".into()
    }
}

/// Answers every line into `out`: on this thread for one job, else on this thread for `head`
/// of work (none: not at all), then on a pool.
fn answer_lines<F>(
    jobs: usize,
    head: Option<Duration>,
    lines: &mut LineReader<Reader<'_>>,
    job: &Job<'_, F>,
    mut out: Out,
    progress: &Progress,
) -> Result<Tally, rayon::ThreadPoolBuildError>
where
    F: Answer + Sync,
{
    let mut tally = Tally::default();
    if jobs <= 1 {
        sequential(lines, job, &mut out, progress, &mut tally, None);
        return Ok(tally);
    }
    // The head's cost per line sizes the pool's first chunks.
    let mut cost = Cost::default();
    if let Some(budget) = head {
        let mut head = Head::new(budget);
        if !sequential(lines, job, &mut out, progress, &mut tally, Some(&mut head)) {
            return Ok(tally);
        }
        cost = Cost {
            nanos: AtomicU64::new(head.wall.elapsed().as_nanos() as u64),
            lines: AtomicU64::new(tally.lines),
        };
    }
    parallel(jobs, lines, job, out, progress, tally, cost)
}

/// The work done on the calling thread since the head began: its CPU time where the system
/// tells it (Linux `/proc/thread-self/schedstat`), else the wall time.
struct Head {
    budget: Duration,
    wall: Instant,
    cpu: Option<Duration>,
    next_check: Instant,
    /// Lines between two readings of the clock (grows while lines are quick: reading it costs
    /// about as much as answering a short line), and the lines left before the next one.
    stride: u32,
    countdown: u32,
    last_read: Instant,
}

impl Head {
    fn new(budget: Duration) -> Head {
        let wall = Instant::now();
        Head {
            budget,
            wall,
            cpu: thread_cpu_time(),
            next_check: wall + HEAD_CHECK,
            stride: 1,
            countdown: 0,
            last_read: wall,
        }
    }

    /// Whether the budget is spent (read at most every [`HEAD_CHECK`]).
    fn spent(&mut self) -> bool {
        if self.countdown > 0 {
            self.countdown -= 1;
            return false;
        }
        let now = Instant::now();
        // Aim at a few readings of the clock per check.
        let since = now - self.last_read;
        self.last_read = now;
        if since < HEAD_CHECK / 8 {
            self.stride = (self.stride * 2).min(1024);
        } else if since > HEAD_CHECK / 2 {
            self.stride = (self.stride / 2).max(1);
        }
        self.countdown = self.stride - 1;
        if now < self.next_check {
            return false;
        }
        self.next_check = now + HEAD_CHECK;
        let used = match (self.cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => now - self.wall,
        };
        used >= self.budget
    }
}

/// The CPU time the calling thread has run, `None` where the system does not tell it.
fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        s.split_whitespace().next()?.parse().ok()?,
    ))
}

/// One line after another on this thread, counted into `tally`, until the input ends (`false`)
/// or, given a `head`, until it is spent with input left (`true`; the output is then left in
/// `out` for whoever answers the rest).
fn sequential<F: Answer>(
    lines: &mut LineReader<Reader<'_>>,
    job: &Job<'_, F>,
    out: &mut Out,
    progress: &Progress,
    tally: &mut Tally,
    mut head: Option<&mut Head>,
) -> bool {
    let mut buf = Vec::with_capacity(256);
    let mut oldest: Option<Instant> = None;
    loop {
        if head.as_mut().is_some_and(|h| h.spent()) {
            return true;
        }
        // Hand the answers over before waiting for more input (a pipe fed slowly, a terminal).
        if lines.would_wait() {
            oldest = None;
            if let Err(e) = out.flush(progress) {
                tally.output_error = Some(e);
                return false;
            }
        }
        match lines.next_line(&mut buf) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                tally.input_error = Some(e);
                break;
            }
        }
        // When the first answer not yet written was begun.
        let begun = *oldest.get_or_insert_with(Instant::now);
        if !job.answer_into(tally.lines, &buf, &mut out.buf) {
            tally.failed += 1;
        }
        tally.lines += 1;
        if out.buf.len() >= OUT_BLOCK || out.eager || begun.elapsed() >= OUT_DELAY {
            oldest = None;
            if let Err(e) = out.flush(progress) {
                tally.output_error = Some(e);
                return false;
            }
        }
        progress.update(tally.lines, tally.failed, lines.bytes_read());
    }
    if let Err(e) = out.flush(progress) {
        tally.output_error = Some(e);
    }
    false
}

/// Lines read together and answered by one task.
struct Chunk {
    seq: u64,
    /// Line number (from 0) of the first line.
    first: u64,
    data: Vec<u8>,
    /// End offset in `data` of each line.
    ends: Vec<usize>,
    /// Input bytes consumed once this chunk is done (line endings included).
    bytes_after: u64,
    /// Units of the window it holds until written.
    units: usize,
}

/// An answered chunk.
struct Done {
    seq: u64,
    units: usize,
    out: Vec<u8>,
    lines: u64,
    failed: u64,
    bytes_after: u64,
}

/// The measured cost per line, which sets the chunk size.
#[derive(Default)]
struct Cost {
    nanos: AtomicU64,
    lines: AtomicU64,
}

impl Cost {
    fn chunk_lines(&self) -> usize {
        let lines = self.lines.load(Ordering::Relaxed);
        if lines == 0 {
            return 1;
        }
        let per_line = (self.nanos.load(Ordering::Relaxed) / lines).max(1);
        ((CHUNK_WORK.as_nanos() as u64 / per_line) as usize).clamp(1, CHUNK_LINES)
    }
}

/// Answers the rest of the lines on a pool of `jobs` threads; `done` counts the lines answered
/// before (their output is in `out`); `cost` holds what they cost, if known.
fn parallel<F>(
    jobs: usize,
    lines: &mut LineReader<Reader<'_>>,
    job: &Job<'_, F>,
    out: Out,
    progress: &Progress,
    done: Tally,
    cost: Cost,
) -> Result<Tally, rayon::ThreadPoolBuildError>
where
    F: Answer + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("termdoku-worker-{i}"))
        // The main thread's stack size, so that a line needs no more care on a worker.
        .stack_size(8 << 20)
        .build()?;
    let window = (jobs * WINDOW_PER_JOB).min(WINDOW_MAX);
    // One token per unit of the window in flight: the reader puts a chunk's tokens in before
    // handing it over (and waits while the window is full), the writer takes them out after
    // writing it.
    let (slot_tx, slot_rx) = mpsc::sync_channel::<()>(window);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let mut input_error = None;

    let mut tally = std::thread::scope(|s| {
        let first_line = done.lines;
        let writer = s.spawn(move || write_in_order(done_rx, slot_rx, out, progress, done));
        pool.in_place_scope(|scope| {
            let mut seq = 0u64;
            let mut first = first_line;
            let mut buf = Vec::with_capacity(256);
            let mut eof = false;
            while !eof {
                let target = cost.chunk_lines();
                let mut chunk = Chunk {
                    seq,
                    first,
                    data: Vec::new(),
                    ends: Vec::new(),
                    bytes_after: 0,
                    units: 0,
                };
                loop {
                    match lines.next_line(&mut buf) {
                        Ok(true) => {
                            chunk.data.extend_from_slice(&buf);
                            chunk.ends.push(chunk.data.len());
                        }
                        Ok(false) => eof = true,
                        Err(e) => {
                            input_error = Some(e);
                            eof = true;
                        }
                    }
                    if eof
                        || chunk.ends.len() >= target
                        || chunk.data.len() >= CHUNK_BYTES
                        || lines.would_wait()
                    {
                        break;
                    }
                }
                if chunk.ends.is_empty() {
                    continue;
                }
                chunk.bytes_after = lines.bytes_read();
                chunk.units = chunk.data.len().div_ceil(CHUNK_BYTES).clamp(1, window);
                if (0..chunk.units).any(|_| slot_tx.send(()).is_err()) {
                    // The writer stopped (standard output closed): read no further.
                    break;
                }
                seq += 1;
                first += chunk.ends.len() as u64;
                let done_tx = done_tx.clone();
                let cost = &cost;
                scope.spawn(move |_| {
                    let _ = done_tx.send(answer_chunk(job, chunk, cost));
                });
            }
        });
        drop(done_tx);
        writer.join().unwrap_or_else(|p| panic::resume_unwind(p))
    });
    tally.input_error = input_error;
    Ok(tally)
}

fn answer_chunk<F: Answer>(job: &Job<'_, F>, chunk: Chunk, cost: &Cost) -> Done {
    let start = Instant::now();
    let mut out = Vec::with_capacity(chunk.data.len() + chunk.ends.len() * 8);
    let mut failed = 0;
    let mut begin = 0;
    for (i, &end) in chunk.ends.iter().enumerate() {
        if !job.answer_into(chunk.first + i as u64, &chunk.data[begin..end], &mut out) {
            failed += 1;
        }
        begin = end;
    }
    let lines = chunk.ends.len() as u64;
    cost.nanos
        .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    cost.lines.fetch_add(lines, Ordering::Relaxed);
    Done {
        seq: chunk.seq,
        units: chunk.units,
        out,
        lines,
        failed,
        bytes_after: chunk.bytes_after,
    }
}

/// The writer thread: answered chunks arrive in any order and leave in input order, after the
/// lines counted in `tally`.
fn write_in_order(
    done_rx: mpsc::Receiver<Done>,
    slot_rx: mpsc::Receiver<()>,
    mut out: Out,
    progress: &Progress,
    mut tally: Tally,
) -> Tally {
    let mut pending: BTreeMap<u64, Done> = BTreeMap::new();
    let mut next = 0u64;
    loop {
        let done = match done_rx.try_recv() {
            Ok(d) => d,
            Err(mpsc::TryRecvError::Empty) => {
                // Nothing ready: hand what we have to the reader of standard output, then wait.
                if let Err(e) = out.flush(progress) {
                    tally.output_error = Some(e);
                    return tally;
                }
                match done_rx.recv() {
                    Ok(d) => d,
                    Err(_) => break,
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => break,
        };
        pending.insert(done.seq, done);
        while let Some(d) = pending.remove(&next) {
            next += 1;
            out.buf.extend_from_slice(&d.out);
            tally.lines += d.lines;
            tally.failed += d.failed;
            for _ in 0..d.units {
                let _ = slot_rx.recv();
            }
            if out.buf.len() >= OUT_BLOCK || out.eager {
                if let Err(e) = out.flush(progress) {
                    tally.output_error = Some(e);
                    return tally;
                }
            }
            progress.update(tally.lines, tally.failed, d.bytes_after);
        }
    }
    if let Err(e) = out.flush(progress) {
        tally.output_error = Some(e);
    }
    tally
}

/// The output (standard output), written in blocks.
struct Out {
    buf: Vec<u8>,
    sink: Box<dyn Write + Send>,
    /// Written after every record (a terminal), not only in blocks.
    eager: bool,
}

impl Out {
    fn new(sink: Box<dyn Write + Send>) -> Self {
        Out {
            buf: Vec::with_capacity(OUT_BLOCK + 4096),
            sink,
            eager: false,
        }
    }

    fn flush(&mut self, progress: &Progress) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let (buf, sink) = (&self.buf, &mut self.sink);
        progress.around_output(|| {
            sink.write_all(buf)?;
            sink.flush()
        })?;
        self.buf.clear();
        Ok(())
    }
}

/// The progress line and the summary on standard error (a terminal only).
struct Progress {
    cmd: String,
    bar: Option<ProgressBar>,
    /// Standard output goes to the same screen: the bar steps aside while lines are written.
    stdout_tty: bool,
    start: Instant,
    /// Milliseconds since `start` of the last message update.
    last_ms: AtomicU64,
}

impl Progress {
    fn new(cmd: &str, quiet: bool, total_bytes: Option<u64>) -> Self {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            // Styled while hidden, so that the first frame is complete.
            let (len, template) = match total_bytes.filter(|&n| n > 0) {
                Some(n) => (
                    Some(n),
                    "termdoku {prefix}: {msg}, {eta} left [{wide_bar}] {percent:>3}%",
                ),
                None => (None, "termdoku {prefix}: {msg}, {elapsed} {spinner}"),
            };
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template(template)
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar.set_prefix(cmd.to_string());
            bar.set_message("0 lines");
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
            bar.enable_steady_tick(Duration::from_millis(250));
            bar
        });
        Progress {
            cmd: cmd.to_string(),
            bar,
            stdout_tty: io::stdout().is_terminal(),
            start: Instant::now(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn shown(&self) -> bool {
        self.bar.is_some()
    }

    fn update(&self, lines: u64, failed: u64, bytes: u64) {
        let Some(bar) = &self.bar else { return };
        let now = self.start.elapsed();
        let ms = now.as_millis() as u64;
        if ms < self.last_ms.load(Ordering::Relaxed) + 100 {
            return;
        }
        self.last_ms.store(ms, Ordering::Relaxed);
        bar.set_position(bytes);
        bar.set_message(counts(lines, failed, now));
    }

    fn around_output<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.stdout_tty => bar.suspend(f),
            _ => f(),
        }
    }

    fn finish(&self, tally: &Tally) {
        let Some(bar) = &self.bar else { return };
        bar.finish_and_clear();
        let time = self.start.elapsed();
        let (lines, rate) = counts(tally.lines, tally.failed, time)
            .rsplit_once(", ")
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .unwrap_or_default();
        eprintln!(
            "termdoku {}: {lines} in {:.1} s, {rate}",
            self.cmd,
            time.as_secs_f64()
        );
    }
}

/// `1,234 lines (56 errors), 789 lines/s`.
fn counts(lines: u64, failed: u64, time: Duration) -> String {
    let secs = time.as_secs_f64();
    let rate = if secs > 0.0 {
        (lines as f64 / secs).round() as u64
    } else {
        0
    };
    let errors = match failed {
        0 => String::new(),
        1 => " (1 error)".into(),
        n => format!(" ({} errors)", thousands(n)),
    };
    format!(
        "{} line{}{errors}, {} lines/s",
        thousands(lines),
        if lines == 1 { "" } else { "s" },
        thousands(rate)
    )
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink the test reads back.
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn answer_all(
        jobs: usize,
        head: Option<Duration>,
        text: &str,
        job: &Job<'_, impl Fn(&str) -> Result<String, String> + Sync>,
    ) -> (String, Tally) {
        let source = Source::Literal(text.to_string());
        let mut lines = source.lines().unwrap();
        let sink = Shared::default();
        let progress = Progress::new("test", true, None);
        let tally = answer_lines(
            jobs,
            head,
            &mut lines,
            job,
            Out::new(Box::new(sink.clone())),
            &progress,
        )
        .unwrap();
        let out = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        (out, tally)
    }

    #[test]
    fn answers_finishing_out_of_order_are_written_in_input_order() {
        // Early lines take longest, so later chunks finish first; every tenth line fails.
        let text: String = (0..300).map(|i| format!("{i}\n")).collect();
        let job = Job {
            separator: Some("--"),
            answer: |l: &str| {
                let n: u64 = l.parse().unwrap();
                if n < 40 {
                    std::thread::sleep(Duration::from_micros(2000 - n * 50));
                }
                if n % 10 == 7 {
                    Err(format!("bad {n}"))
                } else {
                    Ok(format!("line {n}"))
                }
            },
        };
        let (expected, one) = answer_all(1, None, &text, &job);
        assert_eq!(one.lines, 300);
        assert_eq!(one.failed, 30);
        assert!(expected.starts_with("line 0\n--\nline 1\n"));
        assert!(expected.contains("--\nerror: bad 17\n--\n"));
        for jobs in [2, 3, 8] {
            let (out, tally) = answer_all(jobs, None, &text, &job);
            assert!(out == expected, "--jobs {jobs}");
            assert_eq!((tally.lines, tally.failed), (300, 30));
        }
    }

    #[test]
    fn the_pool_takes_over_where_the_head_stopped() {
        // Lines that keep the calling thread busy for about 0.3 ms each: a 3 ms head answers
        // some, the pool the rest, with the output of one thread.
        let text: String = (0..200).map(|i| format!("{i}\n")).collect();
        let job = Job {
            separator: Some("--"),
            answer: |l: &str| {
                let n: u64 = l.parse().unwrap();
                let until = Instant::now() + Duration::from_micros(300);
                while Instant::now() < until {
                    std::hint::spin_loop();
                }
                if n % 10 == 3 {
                    Err(format!("bad {n}"))
                } else {
                    Ok(format!("line {n}"))
                }
            },
        };
        let (expected, _) = answer_all(1, None, &text, &job);
        let (out, tally) = answer_all(2, Some(Duration::from_millis(3)), &text, &job);
        assert!(out == expected);
        assert!(out.starts_with("line 0\n--\nline 1\n--\nline 2\n--\nerror: bad 3\n--\n"));
        assert_eq!((tally.lines, tally.failed), (200, 20));
    }

    #[test]
    fn lines_larger_than_the_window_pass_through_the_pool() {
        // Lines at the length limit between short ones: a chunk then holds more input than the
        // whole reorder window of two jobs.
        let long = "x".repeat(crate::input::MAX_LINE_BYTES);
        let text: String = (0..6)
            .map(|i| match i % 2 {
                0 => format!("short {i}\n{long}\n"),
                _ => format!("short {i}\n"),
            })
            .collect();
        let job = Job {
            separator: None,
            answer: |l: &str| Ok(l.len().to_string()),
        };
        let (expected, _) = answer_all(1, None, &text, &job);
        assert_eq!(expected.lines().count(), 9);
        assert!(expected.contains(&format!("\n{}\n", long.len())));
        let (out, tally) = answer_all(2, None, &text, &job);
        assert!(out == expected);
        assert_eq!((tally.lines, tally.failed), (9, 0));
    }

    #[test]
    fn counts_read_like_a_person_writes_them() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(
            counts(10_000, 3, Duration::from_secs(4)),
            "10,000 lines (3 errors), 2,500 lines/s"
        );
        assert_eq!(counts(1, 0, Duration::ZERO), "1 line, 0 lines/s");
    }

    #[test]
    fn chunks_grow_to_the_measured_cost() {
        let cost = Cost::default();
        assert_eq!(cost.chunk_lines(), 1);
        // 1 µs a line: 2 ms of work is 2,000 lines.
        cost.nanos.store(1_000_000, Ordering::Relaxed);
        cost.lines.store(1_000, Ordering::Relaxed);
        assert_eq!(cost.chunk_lines(), 2_000);
        // 10 ms a line: one line at a time.
        cost.nanos.store(100_000_000, Ordering::Relaxed);
        cost.lines.store(10, Ordering::Relaxed);
        assert_eq!(cost.chunk_lines(), 1);
        // Very cheap lines are capped.
        cost.nanos.store(1_000, Ordering::Relaxed);
        cost.lines.store(1_000, Ordering::Relaxed);
        assert_eq!(cost.chunk_lines(), CHUNK_LINES);
    }

    #[test]
    fn records_are_separated_and_errors_marked() {
        let job = Job {
            separator: Some(""),
            answer: |l: &str| {
                if l == "bad" {
                    Err("no".to_string())
                } else if l == "boom" {
                    panic!("kaput")
                } else {
                    Ok(l.to_uppercase())
                }
            },
        };
        let mut out = Vec::new();
        assert!(job.answer_into(0, b"a", &mut out));
        assert!(!job.answer_into(1, b"bad", &mut out));
        assert!(!job.answer_into(2, b"boom", &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "A\n\nerror: no\n\nerror: internal error: kaput\n"
        );
        let mut out = Vec::new();
        assert!(!job.answer_into(4, b"r1 \xff", &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\nerror: line 5 is not UTF-8 text (invalid byte at column 4)\n"
        );
    }
}
