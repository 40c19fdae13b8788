//! `termdoku convert` and `termdoku formats`, run as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");
const LINE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
const ELIMS: &str = "....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189";

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn termdoku");
    {
        let mut pipe = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            pipe.write_all(s.as_bytes()).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}
fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn sample_path(name: &str) -> String {
    format!(
        "{}/tests/fixtures/format-samples/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn converts_literal_text_to_a_library_line() {
    let o = run(&["convert", "--to", "hodoku", ELIMS], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!(":0000:x:{}::\n", ELIMS));
}

#[test]
fn converts_a_file_with_zeros_and_a_format_string() {
    // SudokuStudio `#0` = susser-elims with the 0 placeholder.
    let o = run(
        &["convert", "--to", "#0", &sample_path("hodoku-library-3")],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lib = std::fs::read_to_string(sample_path("hodoku-library-3")).unwrap();
    let f: Vec<&str> = lib.trim().split(':').collect();
    assert_eq!(stdout(&o), format!("{}:{}\n", f[3], f[4]));
    // --zeros on an id.
    let o = run(&["convert", "--to", "susser", "--zeros", LINE], None);
    assert_eq!(stdout(&o).trim(), LINE.replace('.', "0"));
}

#[test]
fn reads_stdin_and_writes_multi_line_formats() {
    let o = run(&["convert", "--to", "boxed"], Some(LINE));
    assert!(o.status.success(), "{}", stderr(&o));
    let boxed = std::fs::read_to_string(sample_path("boxed-grid-1")).unwrap();
    assert_eq!(stdout(&o).trim_end(), boxed.trim_end());
    // And back: a boxed grid from stdin to one line.
    let o = run(&["convert", "--to", "susser", "-"], Some(&boxed));
    assert_eq!(stdout(&o), format!("{LINE}\n"));
}

#[test]
fn from_skips_detection() {
    let o = run(
        &[
            "convert",
            "--from",
            "opensudoku",
            "--to",
            "susser",
            &sample_path("opensudoku-1"),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // `--from json` on a Susser line is an error, not a silent detection.
    let o = run(&["convert", "--from", "json", "--to", "susser", LINE], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("json"), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_with_one_line_on_stderr_and_nothing_on_stdout() {
    let o = run(&["convert", "--to", "hodoku", &LINE[1..]], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("susser: 80 cells, expected 81"), "{err}");

    let o = run(
        &["convert", "--to", "hodoku"],
        Some("https://sudokupad.app/xyz"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unsupported"));
}

#[test]
fn unknown_or_read_only_targets_exit_2() {
    for to in ["nonsense", "gsf", "json-partial", "+!"] {
        let o = run(&["convert", "--to", to, LINE], None);
        assert_eq!(o.status.code(), Some(2), "{to}");
        assert!(o.stdout.is_empty());
    }
    let o = run(&["convert", "--to", "susser", "--from", "nope", LINE], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn each_line_converts_every_line_and_reports_failures() {
    let input = format!("{LINE}\nnot a puzzle\n{ELIMS}\n\n{LINE} ED=1.2/1.2/1.2\n");
    let o = run(
        &["convert", "--to", "susser-plus", "--each-line"],
        Some(&input),
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], LINE);
    assert!(lines[1].starts_with("error: "), "{}", lines[1]);
    assert_eq!(lines[2], ELIMS.split(':').next().unwrap());
    assert_eq!(lines[3], "error: nothing to read");
    assert_eq!(lines[4], LINE);
}

#[test]
fn each_line_exits_0_when_every_line_converts() {
    let input = format!("{LINE}\r\n{ELIMS}\r\n");
    let o = run(&["convert", "--to", "hodoku", "--each-line"], Some(&input));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2);
    // A file input streams too.
    let o = run(
        &[
            "convert",
            "--to",
            "susser",
            "--each-line",
            &sample_path("susser-elims-2"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).lines().count(), 1);
}

#[test]
fn each_line_refuses_multi_line_targets() {
    let o = run(&["convert", "--to", "boxed", "--each-line", LINE], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[test]
fn formats_lists_ids_with_read_and_write() {
    let o = run(&["formats"], None);
    assert!(o.status.success());
    let out = stdout(&o);
    for (id, write) in [
        ("susser", "yes"),
        ("hodoku", "yes"),
        ("pm-marked", "yes"),
        ("gsf", "no"),
    ] {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("{id} missing:\n{out}"));
        let cols: Vec<&str> = line.split_whitespace().collect();
        assert_eq!((cols[1], cols[2]), ("yes", write), "{line}");
    }
}
