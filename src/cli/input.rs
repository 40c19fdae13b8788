//! INPUT handling shared by every subcommand: a path to an existing file, else literal text;
//! absent or `-` reads standard input. Line-by-line reading streams with bounded memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Where the input comes from.
pub enum Source {
    Stdin,
    File(std::path::PathBuf),
    Literal(String),
}

impl Source {
    /// `None` or `-` is standard input; an existing path is a file; anything else is literal text.
    pub fn from_arg(arg: Option<&str>) -> Source {
        match arg {
            None | Some("-") => Source::Stdin,
            Some(s) if Path::new(s).is_file() => Source::File(s.into()),
            Some(s) => Source::Literal(s.to_string()),
        }
    }

    /// The whole input as text (invalid UTF-8 is an error).
    pub fn read_all(&self) -> io::Result<String> {
        match self {
            Source::Stdin => {
                let mut s = String::new();
                io::stdin().lock().read_to_string(&mut s)?;
                Ok(s)
            }
            Source::File(p) => std::fs::read_to_string(p),
            Source::Literal(s) => Ok(s.clone()),
        }
    }

    /// Calls `f` for every line (without its line ending), streaming.
    pub fn for_each_line(&self, mut f: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
        match self {
            Source::Stdin => each_line(io::stdin().lock(), f),
            Source::File(p) => each_line(BufReader::new(File::open(p)?), f),
            Source::Literal(s) => {
                for line in s.lines() {
                    f(line)?;
                }
                Ok(())
            }
        }
    }
}

fn each_line(mut r: impl BufRead, mut f: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
    let mut buf = Vec::with_capacity(256);
    loop {
        buf.clear();
        if r.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        let line = String::from_utf8_lossy(&buf);
        f(&line)?;
    }
}
