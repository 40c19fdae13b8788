//! The `--each-line` driver shared by `convert`, `solve`, `steps` and `rate`: every input line is
//! one puzzle, answered on `--jobs N` worker threads, written strictly in input order.
//!
//! Shape: the calling thread reads lines (each capped by [`crate::input::MAX_LINE_BYTES`]) and
//! groups them into chunks of about `CHUNK_WORK` (2 ms) of work each (measured as the run goes, so a
//! chunk is thousands of lines for `convert` and one line for a slow `rate`). Each chunk becomes a
//! task of a rayon pool; a writer thread puts the answered chunks back in order and writes them.
//! At most a fixed amount of input is in flight (read but not yet written): when the oldest chunk
//! is slow, the reader waits instead of buffering more, so memory is bounded however long the
//! input and its lines. With `--jobs 1` the lines are answered one after another on the calling
//! thread; with more jobs, so are the lines of the first `SERIAL_HEAD` of work (CPU time of the
//! calling thread), and the pool starts only when the input goes on after that: a short input
//! does not pay for starting threads.
//!
//! Standard output is the same for every `--jobs`. Standard error shows a progress line and a
//! closing summary when it is a terminal (not with `--quiet`).

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::input::{InputError, LineReader, Reader, Source};

mod dedupe;
mod head;
mod job;
mod options;
mod pool;
mod progress;

use head::*;
use job::{Answer, Job, Numbered, Records};
pub use options::BatchArgs;
use pool::*;
use progress::*;

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
    /// Lines counted as records (see [`Records::counts`]).
    counted: u64,
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
    run_answer(source, cmd, Records::separated(separator), batch, answer)
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
    run_answer(
        source,
        cmd,
        Records::separated(separator),
        batch,
        Numbered(answer),
    )
}

/// [`run_each_line`] for answers that write their own lines: only the lines `counts` accepts
/// are answered, each given its number among them (from 1) and the line; an answer is written
/// as it is (its own line ends, nothing for an empty one), an error as `error: <message>` when
/// `error_lines`, else only counted for the exit code and the summary.
pub fn run_each_line_counted<F>(
    source: &Source,
    cmd: &str,
    batch: &BatchArgs,
    counts: fn(&[u8]) -> bool,
    error_lines: bool,
    answer: F,
) -> ExitCode
where
    F: Fn(u64, &str) -> Result<String, String> + Sync,
{
    let records = Records {
        separator: None,
        raw: true,
        counts: Some(counts),
        error_lines,
    };
    run_answer(source, cmd, records, batch, Numbered(answer))
}

fn run_answer<F: Answer + Sync>(
    source: &Source,
    cmd: &str,
    records: Records<'_>,
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
    let job = Job {
        records,
        answer,
        dedupe: batch.dedupe.then(Default::default),
    };
    let tally = match answer_lines(jobs, Some(SERIAL_HEAD), &mut lines, &job, out, &progress) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("termdoku {cmd}: cannot start {jobs} threads: {e}");
            return ExitCode::from(2);
        }
    };
    progress.finish(&tally);
    if let Some(d) = job.dedupe {
        let dropped = d.into_inner().unwrap_or_else(|e| e.into_inner()).dropped;
        eprintln!("termdoku {cmd}: dropped {dropped} duplicate line(s) (--dedupe)");
    }
    if let Some(e) = tally.output_error {
        return crate::cli::output::failed(cmd, &e);
    }
    if let Some(e) = tally.input_error {
        eprintln!("termdoku {cmd}: {e}");
        return ExitCode::from(2);
    }
    if tally.failed > 0 {
        if !progress.shown() {
            let why = if records.error_lines {
                "their `error:` lines say why"
            } else {
                "nothing was written for them"
            };
            eprintln!("termdoku {cmd}: {} line(s) failed ({why})", tally.failed);
        }
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::minlex;
    use crate::solver::exact;

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
            records: Records::separated(Some("--")),
            dedupe: None,
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
    fn dedupe_keeps_the_first_of_each_puzzle_on_the_pool_too() {
        // Puzzles that are morphs of each other (digits relabelled), slow first so that later
        // chunks finish first, and lines that are not puzzles (never dropped).
        let base =
            "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
        let relabel = |k: u8| -> String {
            base.bytes()
                .map(|b| match b {
                    b'1'..=b'9' => (b'1' + (b - b'1' + k) % 9) as char,
                    _ => '.',
                })
                .collect()
        };
        let text: String = (0..400)
            .map(|i| match i % 4 {
                0 => format!("{}\n", relabel((i % 9) as u8)),
                1 => format!("not a puzzle {i}\n"),
                _ => format!(
                    "{}\n",
                    base.replacen("....8", &format!("{}...8", 1 + i % 7), 1)
                ),
            })
            .collect();
        let job = |dedupe: bool| Job {
            records: Records::separated(None),
            dedupe: dedupe.then(Default::default),
            answer: |l: &str| {
                if l.starts_with("not") {
                    return Err(l.to_string());
                }
                std::thread::sleep(Duration::from_micros(50));
                Ok(l.to_string())
            },
        };
        let (all, _) = answer_all(1, None, &text, &job(false));
        let mut seen = std::collections::HashSet::new();
        let mut expected = String::new();
        for line in all.lines() {
            let form = exact::parse_line81(line.as_bytes()).map(|v| minlex(&v));
            if form.is_none_or(|f| seen.insert(f)) {
                expected.push_str(line);
                expected.push('\n');
            }
        }
        // The relabellings of `base` share one form: most puzzle lines repeat an earlier one.
        assert!(seen.len() <= 8, "{expected}");
        for jobs in [1, 2, 3] {
            let job = job(true);
            let (out, tally) = answer_all(jobs, None, &text, &job);
            assert!(out == expected, "--jobs {jobs}");
            let dropped = job.dedupe.unwrap().into_inner().unwrap().dropped;
            assert_eq!(dropped + tally.lines, 400);
        }
    }

    #[test]
    fn the_pool_takes_over_where_the_head_stopped() {
        // Lines that keep the calling thread busy for about 0.3 ms each: a 3 ms head answers
        // some, the pool the rest, with the output of one thread.
        let text: String = (0..200).map(|i| format!("{i}\n")).collect();
        let job = Job {
            records: Records::separated(Some("--")),
            dedupe: None,
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
            records: Records::separated(None),
            dedupe: None,
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
}
