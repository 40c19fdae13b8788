//! The work done for one line of `--each-line`: the answer (a closure of the line, or of its
//! number and the line), how answers become records of the output (separators, raw answers,
//! counted lines, `error:` lines), and a panic turned into an error line.

use std::panic::{self, AssertUnwindSafe};

use crate::input::{InputError, LineReader, Reader};

use super::dedupe::{self, Dedupe};

/// How answers become records of the output.
#[derive(Copy, Clone)]
pub(super) struct Records<'a> {
    /// The line written between two records.
    pub(super) separator: Option<&'a str>,
    /// Answers carry their own line ends (none is added, an empty answer writes nothing).
    pub(super) raw: bool,
    /// Which lines are answered and numbered (the others are passed over); all when `None`.
    pub(super) counts: Option<fn(&[u8]) -> bool>,
    /// Whether a failed line writes `error: <message>`.
    pub(super) error_lines: bool,
}

impl<'a> Records<'a> {
    pub(super) fn separated(separator: Option<&'a str>) -> Records<'a> {
        Records {
            separator,
            raw: false,
            counts: None,
            error_lines: true,
        }
    }

    /// Whether `line` is answered (and numbered).
    pub(super) fn counts(&self, line: &[u8]) -> bool {
        self.counts.is_none_or(|f| f(line))
    }
}

/// The answer to one line: a closure of the line, or [`Numbered`], a closure of the line's
/// number (from 0) and the line.
pub(super) trait Answer {
    fn answer(&self, index: u64, line: &str) -> Result<String, String>;
}

impl<F: Fn(&str) -> Result<String, String>> Answer for F {
    fn answer(&self, _index: u64, line: &str) -> Result<String, String> {
        self(line)
    }
}

/// An answer that is given the line's number (from 0) too.
pub(super) struct Numbered<F>(pub(super) F);

impl<F: Fn(u64, &str) -> Result<String, String>> Answer for Numbered<F> {
    fn answer(&self, index: u64, line: &str) -> Result<String, String> {
        (self.0)(index, line)
    }
}

/// The per-line work and how its answers are written.
pub(super) struct Job<'a, F> {
    pub(super) records: Records<'a>,
    pub(super) answer: F,
    /// `--dedupe`: read on the calling thread only (the lock is never contended).
    pub(super) dedupe: Option<std::sync::Mutex<Dedupe>>,
}

impl<F: Answer> Job<'_, F> {
    /// Reads the next line to answer into `buf` (`Ok(false)` at the end of the input).
    pub(super) fn next_line(
        &self,
        lines: &mut LineReader<Reader<'_>>,
        buf: &mut Vec<u8>,
    ) -> Result<bool, InputError> {
        dedupe::next_line(lines, self.dedupe.as_ref(), buf)
    }

    /// Appends the record of line number `index` (from 0) to `out`; `false` when it failed.
    /// With counted lines, `counted` is the number of lines counted before this one, and a
    /// line that does not count writes nothing.
    pub(super) fn answer_into(
        &self,
        index: u64,
        counted: u64,
        line: &[u8],
        out: &mut Vec<u8>,
    ) -> bool {
        let records = &self.records;
        let index = match records.counts {
            None => index,
            Some(_) if records.counts(line) => counted + 1,
            Some(_) => return true,
        };
        if let Some(sep) = records.separator.filter(|_| index > 0) {
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
            Ok(text) if records.raw => {
                out.extend_from_slice(text.as_bytes());
                return true;
            }
            Ok(text) => out.extend_from_slice(text.as_bytes()),
            Err(_) if !records.error_lines => return false,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_separated_and_errors_marked() {
        let job = Job {
            records: Records::separated(Some("")),
            dedupe: None,
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
        assert!(job.answer_into(0, 0, b"a", &mut out));
        assert!(!job.answer_into(1, 0, b"bad", &mut out));
        assert!(!job.answer_into(2, 0, b"boom", &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "A\n\nerror: no\n\nerror: internal error: kaput\n"
        );
        let mut out = Vec::new();
        assert!(!job.answer_into(4, 0, b"r1 \xff", &mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\nerror: line 5 is not UTF-8 text (invalid byte at column 4)\n"
        );
    }
}
