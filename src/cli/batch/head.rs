//! The head of a run: lines answered one after another on the calling thread, for `--jobs 1`
//! or until the head's work is spent (see the module docs of [`super`]).

use super::*;

/// The work done on the calling thread since the head began: its CPU time where the system
/// tells it (Linux `/proc/thread-self/schedstat`), else the wall time.
pub(super) struct Head {
    pub(super) budget: Duration,
    pub(super) wall: Instant,
    pub(super) cpu: Option<Duration>,
    pub(super) next_check: Instant,
    /// Lines between two readings of the clock (grows while lines are quick: reading it costs
    /// about as much as answering a short line), and the lines left before the next one.
    pub(super) stride: u32,
    pub(super) countdown: u32,
    pub(super) last_read: Instant,
}

impl Head {
    pub(super) fn new(budget: Duration) -> Head {
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
    pub(super) fn spent(&mut self) -> bool {
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
pub(super) fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        s.split_whitespace().next()?.parse().ok()?,
    ))
}

/// One line after another on this thread, counted into `tally`, until the input ends (`false`)
/// or, given a `head`, until it is spent with input left (`true`; the output is then left in
/// `out` for whoever answers the rest).
pub(super) fn sequential<F: Answer>(
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
        match job.next_line(lines, &mut buf) {
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
