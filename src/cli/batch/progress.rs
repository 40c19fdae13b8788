//! The progress line and the closing summary on standard error.

use super::*;

/// The progress line and the summary on standard error (a terminal only).
pub(super) struct Progress {
    pub(super) cmd: String,
    pub(super) bar: Option<ProgressBar>,
    /// Standard output goes to the same screen: the bar steps aside while lines are written.
    pub(super) stdout_tty: bool,
    pub(super) start: Instant,
    /// Milliseconds since `start` of the last message update.
    pub(super) last_ms: AtomicU64,
}

impl Progress {
    pub(super) fn new(cmd: &str, quiet: bool, total_bytes: Option<u64>) -> Self {
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

    pub(super) fn shown(&self) -> bool {
        self.bar.is_some()
    }

    pub(super) fn update(&self, lines: u64, failed: u64, bytes: u64) {
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

    pub(super) fn around_output<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.stdout_tty => bar.suspend(f),
            _ => f(),
        }
    }

    pub(super) fn finish(&self, tally: &Tally) {
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
pub(super) fn counts(lines: u64, failed: u64, time: Duration) -> String {
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

pub(super) fn thousands(n: u64) -> String {
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
