//! Bounded work on the command line: the generator gives up on a level the chosen techniques
//! cannot reach, and `--each-line --jobs 1` streams its answers as the pool does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");

#[test]
fn an_unreachable_level_gives_up_with_a_message() {
    let o = Command::new(BIN)
        .args([
            "generate",
            "--level",
            "easy",
            "--techniques",
            "-fh,-n1,-h1",
            "--seed",
            "1",
            "--max-tries",
            "3",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(o.stdout.is_empty());
    assert!(
        err.contains("no puzzle rated Easy in 3 tries: the chosen techniques do not seem to reach"),
        "{err}"
    );
    // A reachable level is unaffected by the bound.
    let o = Command::new(BIN)
        .args([
            "generate",
            "--level",
            "easy",
            "--seed",
            "1",
            "--max-tries",
            "50",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(o.stdout.len(), 82);
}

/// With one job the first rating arrives while the rest are still being worked out (it used to
/// wait for a 64 KiB block or the end, and a Ctrl-C lost every answer).
#[test]
fn one_job_streams_its_answers() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/magictour_top1465.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let input: String = text.lines().take(400).map(|l| format!("{l}\n")).collect();
    let mut child = Command::new(BIN)
        .args(["rate", "--each-line", "--jobs", "1", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The whole input at once, then end of input: nothing waits on the reader.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(first.contains('\t'), "{first:?}");
    assert!(running, "the first answer came only at the end");
}
