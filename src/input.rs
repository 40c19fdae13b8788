//! Where a puzzle text comes from: a path to an existing file (FIFOs, devices and `<(...)`
//! process substitution included), literal text, or standard input (absent or `-`).
//!
//! Every read is capped: a whole input is one puzzle and may not exceed [`MAX_INPUT_BYTES`]; a
//! line read by [`LineReader`] may not exceed [`MAX_LINE_BYTES`]. Both are far beyond any Sudoku
//! format (the largest, a commented pencilmark grid, is a few KB), and they keep memory flat on
//! endless input such as `/dev/zero`.
//!
//! This module is below every layer that reads user input (`app`, `cli`): it knows files and
//! bytes, not formats.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;

/// The most bytes a whole input (one puzzle) may have: 1 MiB.
pub const MAX_INPUT_BYTES: usize = 1 << 20;
/// The most bytes one line may have, line ending excluded: 1 MiB.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Where the input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
    Literal(String),
}

/// A failure to read an input, naming the input (the file, "standard input" or "the argument").
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{}: no such file", .path.display())]
    NotFound { path: PathBuf },
    #[error("{}: is a directory", .path.display())]
    IsDirectory { path: PathBuf },
    #[error("{name}: {}", describe(.source))]
    Io {
        name: String,
        #[source]
        source: io::Error,
    },
    #[error("{name} is larger than {}, the limit for {what}", Bytes(*.limit))]
    TooLarge {
        name: String,
        limit: usize,
        /// What the limit is for ("one puzzle", "a puzzle collection").
        what: &'static str,
    },
    #[error("{name}: line {line} is longer than {}, the limit for one line", Bytes(*.limit))]
    LineTooLong {
        name: String,
        line: u64,
        limit: usize,
    },
    #[error("{name} is not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 { name: String, offset: usize },
}

/// An I/O error in the user's words ("permission denied", not "Permission denied (os error 13)").
pub fn describe(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s,
            }
        }
    }
}

/// A byte count as people write limits: `1 MiB`, `64 KiB`, `100 bytes`.
struct Bytes(usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
            write!(f, "{} MiB", n >> 20)
        } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
            write!(f, "{} KiB", n >> 10)
        } else {
            write!(f, "{n} bytes")
        }
    }
}

/// Whether a word that names no existing file was most likely meant as a path: no white space,
/// not a URL or a Sudoku Coach string, a path separator or a file extension, and too few digits for any puzzle (a puzzle
/// has at least 17 givens). Such a word is reported as "no such file" instead of being read as
/// puzzle text.
fn looks_like_path(s: &str) -> bool {
    if s.is_empty() || s.contains(char::is_whitespace) || s.contains("://") || s.starts_with("SCv")
    {
        return false;
    }
    if s.bytes().filter(u8::is_ascii_digit).count() >= 17 {
        return false;
    }
    let has_separator = s.contains('/') || s.contains('\\') || s.starts_with('~');
    let has_extension = s.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && !stem.ends_with('.')
            && (1..=5).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
            && ext.bytes().any(|b| b.is_ascii_alphabetic())
    });
    has_separator || has_extension
}

impl Source {
    /// `None` or `-` is standard input; a path that exists (any kind of file) is a file, and so is
    /// a word that looks like a path (it then fails to open with "no such file"); anything else
    /// is literal text.
    pub fn from_arg(arg: Option<&str>) -> Source {
        match arg {
            None | Some("-") => Source::Stdin,
            Some(s) if std::fs::metadata(s).is_ok() || looks_like_path(s) => Source::File(s.into()),
            Some(s) => Source::Literal(s.to_string()),
        }
    }

    /// How messages name this input.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "standard input".into(),
            Source::File(p) => p.display().to_string(),
            Source::Literal(_) => "the argument".into(),
        }
    }

    /// The input's size in bytes when it is known before reading (a regular file, standard input
    /// redirected from one, literal text).
    pub fn size_hint(&self) -> Option<u64> {
        match self {
            Source::Stdin => stdin_size(),
            Source::File(p) => std::fs::metadata(p)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len()),
            Source::Literal(s) => Some(s.len() as u64),
        }
    }

    fn io_error(&self, source: io::Error) -> InputError {
        match (self, source.kind()) {
            (Source::File(p), io::ErrorKind::NotFound) => InputError::NotFound { path: p.clone() },
            (Source::File(p), io::ErrorKind::IsADirectory) => {
                InputError::IsDirectory { path: p.clone() }
            }
            _ => InputError::Io {
                name: self.name(),
                source,
            },
        }
    }

    /// Opens the input for reading.
    pub fn open(&self) -> Result<Reader<'_>, InputError> {
        Ok(Reader(match self {
            Source::Stdin => Inner::Stdin(BufReader::with_capacity(1 << 16, io::stdin().lock())),
            Source::File(p) => {
                let meta = std::fs::metadata(p).map_err(|e| self.io_error(e))?;
                if meta.is_dir() {
                    return Err(InputError::IsDirectory { path: p.clone() });
                }
                let f = File::open(p).map_err(|e| self.io_error(e))?;
                Inner::File(BufReader::with_capacity(1 << 16, f))
            }
            Source::Literal(s) => Inner::Bytes(s.as_bytes()),
        }))
    }

    /// The whole input as text, at most [`MAX_INPUT_BYTES`] (invalid UTF-8 is an error).
    pub fn read_all(&self) -> Result<String, InputError> {
        self.read_all_capped(MAX_INPUT_BYTES, "one puzzle")
    }

    /// The whole input as text, at most `limit` bytes, the limit for `what` (named in the error
    /// when the input is larger); invalid UTF-8 is an error.
    pub fn read_all_capped(&self, limit: usize, what: &'static str) -> Result<String, InputError> {
        if let Source::Literal(s) = self {
            if s.len() > limit {
                return Err(InputError::TooLarge {
                    name: self.name(),
                    limit,
                    what,
                });
            }
            return Ok(s.clone());
        }
        let mut buf = Vec::new();
        self.open()?
            .take(limit as u64 + 1)
            .read_to_end(&mut buf)
            .map_err(|e| self.io_error(e))?;
        if buf.len() > limit {
            return Err(InputError::TooLarge {
                name: self.name(),
                limit,
                what,
            });
        }
        String::from_utf8(buf).map_err(|e| InputError::NotUtf8 {
            name: self.name(),
            offset: e.utf8_error().valid_up_to(),
        })
    }

    /// Reads the input line by line, each line at most [`MAX_LINE_BYTES`].
    pub fn lines(&self) -> Result<LineReader<Reader<'_>>, InputError> {
        Ok(LineReader::new(self.open()?, self.name()))
    }

    /// Calls `f` for every line (without its line ending, invalid UTF-8 replaced), streaming.
    /// Stops at the first error of `f`, returned as [`InputError::Io`].
    pub fn for_each_line(
        &self,
        mut f: impl FnMut(&str) -> io::Result<()>,
    ) -> Result<(), InputError> {
        let mut lines = self.lines()?;
        let mut buf = Vec::new();
        while lines.next_line(&mut buf)? {
            f(&String::from_utf8_lossy(&buf)).map_err(|e| self.io_error(e))?;
        }
        Ok(())
    }
}

/// An open input: buffered standard input, a buffered file, or literal bytes.
pub struct Reader<'a>(Inner<'a>);

enum Inner<'a> {
    Stdin(BufReader<io::StdinLock<'static>>),
    File(BufReader<File>),
    Bytes(&'a [u8]),
}

impl Read for Reader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.0 {
            Inner::Stdin(r) => r.read(buf),
            Inner::File(r) => r.read(buf),
            Inner::Bytes(r) => r.read(buf),
        }
    }
}

impl BufRead for Reader<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match &mut self.0 {
            Inner::Stdin(r) => r.fill_buf(),
            Inner::File(r) => r.fill_buf(),
            Inner::Bytes(r) => r.fill_buf(),
        }
    }

    fn consume(&mut self, amt: usize) {
        match &mut self.0 {
            Inner::Stdin(r) => r.consume(amt),
            Inner::File(r) => r.consume(amt),
            Inner::Bytes(r) => r.consume(amt),
        }
    }
}

impl BufReadExt for Reader<'_> {
    fn buffered_is_empty(&self) -> bool {
        match &self.0 {
            Inner::Stdin(r) => r.buffered_is_empty(),
            Inner::File(r) => r.buffered_is_empty(),
            Inner::Bytes(r) => r.buffered_is_empty(),
        }
    }
}

/// The size of standard input when it is redirected from a regular file.
#[cfg(unix)]
fn stdin_size() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta.len())
}

#[cfg(not(unix))]
fn stdin_size() -> Option<u64> {
    None
}

/// Reads lines with a length cap: a line longer than the cap is an error as soon as the cap is
/// passed, without reading the rest of it, so memory stays flat on input without line breaks.
pub struct LineReader<R> {
    inner: R,
    name: String,
    limit: usize,
    line: u64,
    consumed: u64,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of `inner`, whose errors name the input `name`, with the [`MAX_LINE_BYTES`] cap.
    pub fn new(inner: R, name: impl Into<String>) -> Self {
        Self::with_limit(inner, name, MAX_LINE_BYTES)
    }

    /// The same with another cap (tests).
    pub fn with_limit(inner: R, name: impl Into<String>, limit: usize) -> Self {
        LineReader {
            inner,
            name: name.into(),
            limit,
            line: 0,
            consumed: 0,
        }
    }

    /// Reads the next line into `buf` (cleared first) without its line ending (`\n`, `\r\n`, and
    /// any further trailing `\r`). `Ok(false)` at the end of the input.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> Result<bool, InputError> {
        buf.clear();
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(InputError::Io {
                        name: self.name.clone(),
                        source: e,
                    })
                }
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let body = if done { take - 1 } else { take };
            if buf.len() + body > self.limit {
                return Err(InputError::LineTooLong {
                    name: self.name.clone(),
                    line: self.line + 1,
                    limit: self.limit,
                });
            }
            buf.extend_from_slice(&chunk[..body]);
            self.inner.consume(take);
            self.consumed += take as u64;
            if done {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.line += 1;
        while buf.last() == Some(&b'\r') {
            buf.pop();
        }
        Ok(true)
    }

    /// Lines read so far.
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// Bytes read so far, line endings included.
    pub fn bytes_read(&self) -> u64 {
        self.consumed
    }

    /// Whether the next read must wait for the underlying input (nothing is buffered): the moment
    /// to hand over what was read so far.
    pub fn would_wait(&self) -> bool
    where
        R: BufReadExt,
    {
        self.inner.buffered_is_empty()
    }
}

/// Whether a buffered reader holds unread bytes, without reading.
pub trait BufReadExt {
    fn buffered_is_empty(&self) -> bool;
}

impl<R: ?Sized> BufReadExt for BufReader<R> {
    fn buffered_is_empty(&self) -> bool {
        self.buffer().is_empty()
    }
}

impl BufReadExt for &[u8] {
    fn buffered_is_empty(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8], limit: usize) -> Result<Vec<String>, InputError> {
        let mut r = LineReader::with_limit(input, "test", limit);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        while r.next_line(&mut buf)? {
            out.push(String::from_utf8(buf.clone()).unwrap());
        }
        Ok(out)
    }

    #[test]
    fn lines_strip_endings_and_keep_empty_lines() {
        assert_eq!(
            lines_of(b"a\r\nb\n\nc", 10).unwrap(),
            vec!["a", "b", "", "c"]
        );
        assert_eq!(lines_of(b"a\r\r\n", 10).unwrap(), vec!["a"]);
        assert!(lines_of(b"", 10).unwrap().is_empty());
    }

    #[test]
    fn a_line_at_the_limit_passes_and_one_byte_more_fails_naming_the_line() {
        assert_eq!(lines_of(b"12345\n", 5).unwrap(), vec!["12345"]);
        assert_eq!(lines_of(b"12345\r\n", 6).unwrap(), vec!["12345"]);
        let err = lines_of(b"ok\n123456\n", 5).unwrap_err();
        assert!(
            matches!(err, InputError::LineTooLong { line: 2, .. }),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "test: line 2 is longer than 5 bytes, the limit for one line"
        );
    }

    #[test]
    fn an_endless_line_fails_after_reading_just_past_the_limit() {
        // A reader that never ends and never has a line break.
        let mut r = LineReader::with_limit(
            BufReader::with_capacity(4096, io::repeat(0)),
            "zeros",
            MAX_LINE_BYTES,
        );
        let mut buf = Vec::new();
        let err = r.next_line(&mut buf).unwrap_err();
        assert!(buf.len() <= MAX_LINE_BYTES);
        assert_eq!(
            err.to_string(),
            "zeros: line 1 is longer than 1 MiB, the limit for one line"
        );
    }

    #[test]
    fn read_all_is_capped() {
        let text = "x".repeat(100);
        let src = Source::Literal(text.clone());
        assert_eq!(src.read_all_capped(100, "one puzzle").unwrap(), text);
        let err = src.read_all_capped(99, "one puzzle").unwrap_err();
        assert_eq!(
            err.to_string(),
            "the argument is larger than 99 bytes, the limit for one puzzle"
        );
    }

    #[test]
    fn path_like_words_are_files_and_puzzles_are_text() {
        for p in ["puzzles.txt", "dir/list", "./x", "~/p.sdk", "C:\\p.txt"] {
            assert_eq!(Source::from_arg(Some(p)), Source::File(p.into()), "{p}");
        }
        let puzzle =
            "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
        for t in [
            puzzle,
            "https://sudokupad.app/abc.def",
            "hello",
            "not a puzzle.txt",
            "12345",
            &".".repeat(81),
        ] {
            assert_eq!(Source::from_arg(Some(t)), Source::Literal(t.into()), "{t}");
        }
        assert_eq!(Source::from_arg(None), Source::Stdin);
        assert_eq!(Source::from_arg(Some("-")), Source::Stdin);
    }

    #[test]
    fn missing_files_and_directories_say_so_naming_the_path() {
        let dir = std::env::temp_dir();
        let src = Source::File(dir.clone());
        let err = src.read_all().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: is a directory", dir.display())
        );
        let missing = dir.join("termdoku-no-such-file.txt");
        let err = Source::from_arg(missing.to_str()).read_all().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{}: no such file", missing.display())
        );
    }
}
