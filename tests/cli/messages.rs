//! Messages of the command line name what went wrong in the user's words: a missing file, a
//! line that is not UTF-8, a man page directory that cannot be written.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_missing_file_is_no_such_file() {
    let o = run(&["/nonexistent/file.txt"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "termdoku: /nonexistent/file.txt: no such file\n"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_named_by_its_number() {
    let puzzle =
        "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
    let mut input = format!("{puzzle}\n").into_bytes();
    input.extend_from_slice(b"....8....\xff..5.2.....\n");
    for cmd in ["convert", "solve", "rate"] {
        let mut args = vec![cmd, "--each-line"];
        if cmd == "convert" {
            args.extend(["--to", "susser"]);
        }
        let o = run(&args, &input);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(
            out.lines().nth(1),
            Some("error: line 2 is not UTF-8 text (invalid byte at column 10)"),
            "{cmd}: {out}"
        );
    }
}

#[test]
fn man_pages_name_the_path_that_failed() {
    let o = run(&["manpage", "/proc"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("cannot write /proc/termdoku"), "{err}");
    let file = std::env::temp_dir().join(format!("termdoku-man-file-{}", std::process::id()));
    std::fs::write(&file, b"a file").unwrap();
    let below = file.join("man1");
    let o = run(&["manpage", below.to_str().unwrap()], b"");
    let _ = std::fs::remove_file(&file);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{} is not a directory", file.display())),
        "{err}"
    );
}
