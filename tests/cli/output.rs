//! Standard output that fails: a closed pipe ends every subcommand quietly (exit 1, nothing on
//! stderr), a full device (`/dev/full`) ends it with a message on stderr and exit 1; never a
//! panic.

use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");
const PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

/// Every subcommand that writes to standard output, with arguments that succeed.
fn commands() -> Vec<Vec<&'static str>> {
    vec![
        vec!["hint", PUZZLE],
        vec!["hint", "--all", PUZZLE],
        vec!["rate", PUZZLE],
        vec!["steps", PUZZLE],
        vec!["solve", PUZZLE],
        vec!["solve", "--count", PUZZLE],
        vec!["convert", "--to", "sukaku", PUZZLE],
        vec!["formats"],
        vec!["completions", "bash"],
        vec!["manpage"],
        vec!["generate", "--level", "easy", "--seed", "1", "--count", "2"],
        vec!["rate", "--list-techniques"],
        vec!["hint", "--each-line", PUZZLE],
        vec!["rate", "--each-line", "--jobs", "1", PUZZLE],
        vec!["--help"],
        vec!["steps", "--help"],
        vec!["--version"],
    ]
}

fn run_with_stdout(args: &[&str], stdout: Stdio) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("spawn termdoku")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in commands() {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = run_with_stdout(&args, Stdio::from(writer));
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

#[test]
fn a_full_device_is_a_message_and_exit_1() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    for args in commands() {
        let o = run_with_stdout(&args, Stdio::from(full.try_clone().unwrap()));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output"),
            "{args:?}: {err}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_file_size_limit_is_a_message_and_exit_1() {
    // `hint --all` writes about 100 KB; the limit is 1 KB.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fsize-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -f 1; exec '{BIN}' hint --all '{PUZZLE}' > '{}'",
            dir.join("out").display()
        ))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(1),
        "killed by a signal? {:?}: {err}",
        o.status
    );
    assert!(err.contains("cannot write to standard output"), "{err}");
}
