//! Batch work end to end: `--each-line --jobs N` gives the output of `--jobs 1` for every
//! command, input limits, files of every kind (FIFOs, process substitution, directories, missing
//! paths), and the generated completions and man pages.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_termdoku");
const PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
const ELIMS: &str = "....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189";

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn termdoku");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.map(<[u8]>::to_vec);
    // Feed from a thread: termdoku may stop reading early (an input over the limit).
    let feeder = std::thread::spawn(move || {
        if let Some(bytes) = input {
            let _ = pipe.write_all(&bytes);
        }
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A temporary directory removed at the end of the test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> Self {
        let p = std::env::temp_dir().join(format!("termdoku-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Good puzzles of several kinds, unreadable lines, empty lines, CRLF endings, invalid UTF-8,
/// a puzzle with several solutions and one without: `lines` puzzles from `corpus` with the odd
/// lines spread among them.
fn mixed_input(corpus: &str, lines: usize) -> Vec<u8> {
    let text = data(corpus);
    let mut out = Vec::new();
    for (i, line) in text.lines().take(lines).enumerate() {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(if i % 7 == 3 { b"\r\n" } else { b"\n" });
        match i % 11 {
            2 => out.extend_from_slice(b"not a puzzle\n"),
            5 => out.extend_from_slice(b"\n"),
            6 => out.extend_from_slice(format!("{ELIMS}\n").as_bytes()),
            8 => out.extend_from_slice(b"\xff\xfe garbage \xc3\n"),
            9 => out.extend_from_slice(format!("{}\n", &PUZZLE[..80]).as_bytes()),
            _ => {}
        }
    }
    // Several solutions, and none.
    out.extend_from_slice(format!("{}\n", ".".repeat(81)).as_bytes());
    out.extend_from_slice(format!("11{}\n", &PUZZLE[2..]).as_bytes());
    // No final line break.
    out.extend_from_slice(PUZZLE.as_bytes());
    out
}

fn assert_same_for_every_jobs(args: &[&str], input: &[u8]) -> Output {
    let with_jobs = |jobs: &str| {
        let mut a = args.to_vec();
        a.extend(["--each-line", "--jobs", jobs]);
        run(&a, Some(input))
    };
    let one = with_jobs("1");
    assert!(!one.stdout.is_empty(), "{args:?}: {}", stderr(&one));
    for jobs in ["2", "4"] {
        let many = with_jobs(jobs);
        assert!(
            one.stdout == many.stdout,
            "{args:?}: --jobs {jobs} differs from --jobs 1"
        );
        assert_eq!(
            one.status.code(),
            many.status.code(),
            "{args:?} --jobs {jobs}"
        );
        assert_eq!(stderr(&one), stderr(&many), "{args:?} --jobs {jobs}");
    }
    one
}

#[test]
fn convert_gives_the_same_output_for_every_jobs() {
    // Enough lines for many chunks and a reorder window that fills.
    let input = mixed_input("17_clue.every100.txt", 492).repeat(4);
    let o = assert_same_for_every_jobs(&["convert", "--to", "hodoku"], &input);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert_eq!(
        out.lines().count(),
        input.split(|&b| b == b'\n').count(),
        "one output line per input line"
    );
    assert!(out.lines().any(|l| l.starts_with("error: ")));
    assert!(stderr(&o).contains("line(s) failed"));
}

#[test]
fn solve_gives_the_same_output_for_every_jobs() {
    let input = mixed_input("forum_hardest_1905_11plus.every200.txt", 244);
    let o = assert_same_for_every_jobs(&["solve"], &input);
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(out.lines().any(|l| l == "multiple"));
    assert!(out.lines().any(|l| l == "none"));
    assert!(out.lines().any(|l| l.len() == 81));
    let o = assert_same_for_every_jobs(&["solve", "--count"], &input);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn rate_gives_the_same_output_for_every_jobs() {
    let input = mixed_input("sudokuexchange_diabolical_sample160_with_SER.txt", 40);
    let o = assert_same_for_every_jobs(&["rate"], &input);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(out.lines().any(|l| l.contains('\t')), "{out}");
}

#[test]
fn steps_gives_the_same_output_for_every_jobs() {
    let input = mixed_input("magictour_top1465.txt", 25);
    let o = assert_same_for_every_jobs(&["steps"], &input);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    // Paths are separated by one empty line, the first has none before it.
    assert!(!out.starts_with('\n'));
    assert!(out.contains("\n\nerror: "), "{out}");
}

#[test]
fn lines_at_the_limit_pass_through_the_window() {
    // Lines of exactly 1 MiB (the limit) between short ones: a chunk then holds more input than
    // the whole reorder window of --jobs 2 (once the pool starts, after the first 50 ms of work
    // on the main thread; the unit tests of `cli::batch` send such lines through the pool).
    let long = ".".repeat(1 << 20);
    let mut input = String::new();
    for i in 0..6 {
        input.push_str(PUZZLE);
        input.push('\n');
        if i % 2 == 0 {
            input.push_str(&long);
            input.push('\n');
        }
    }
    let o = assert_same_for_every_jobs(&["convert", "--to", "susser"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert_eq!(out.lines().count(), 9);
    assert_eq!(out.lines().filter(|l| l.starts_with("error: ")).count(), 3);
}

#[test]
fn jobs_needs_each_line_and_a_positive_count() {
    let o = run(&["solve", "--jobs", "2", PUZZLE], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--each-line"), "{}", stderr(&o));
    let o = run(&["solve", "--each-line", "--jobs", "0", PUZZLE], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
}

#[test]
fn no_progress_or_summary_when_stderr_is_not_a_terminal() {
    let input = data("magictour_top1465.txt");
    let o = run(&["solve", "--each-line"], Some(input.as_bytes()));
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8(o.stdout.clone()).unwrap().lines().count(),
        1465
    );
}

#[test]
fn a_line_over_the_limit_stops_with_a_message_naming_the_limit() {
    // A good line, then 8 MiB without a line break (as `head -c 8M /dev/zero`).
    let mut input = format!("{PUZZLE}\n").into_bytes();
    input.resize(input.len() + (8 << 20), 0);
    for jobs in ["1", "2"] {
        let o = run(
            &["convert", "--to", "susser", "--each-line", "--jobs", jobs],
            Some(&input),
        );
        assert_eq!(o.status.code(), Some(2), "--jobs {jobs}");
        assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{PUZZLE}\n"));
        assert_eq!(
            stderr(&o),
            "termdoku convert: standard input: line 2 is longer than 1 MiB, the limit for one line\n"
        );
    }
}

#[test]
fn a_whole_input_over_the_limit_is_refused() {
    let input = vec![0u8; 3 << 20];
    for args in [
        &["convert", "--to", "susser"][..],
        &["solve"],
        &["rate"],
        &["steps"],
        &["hint"],
    ] {
        let o = run(args, Some(&input));
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
        assert!(
            stderr(&o).contains("standard input is larger than 1 MiB, the limit for one puzzle"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    // Just under the limit is read (and is not a puzzle).
    let mut padded = format!("{PUZZLE}\n").into_bytes();
    padded.resize((1 << 20) - 1, b'\n');
    let o = run(&["solve"], Some(&padded));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn missing_paths_and_directories_are_named() {
    let dir = TempDir::new("paths");
    let d = dir.0.to_str().unwrap();
    for args in [
        &["solve", d][..],
        &["rate", "--each-line", d],
        &["convert", "--to", "susser", d],
    ] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            format!("termdoku {}: {d}: is a directory\n", args[0])
        );
    }
    let missing = dir.path("puzzles.txt");
    let m = missing.to_str().unwrap();
    for args in [&["solve", m][..], &["steps", "--each-line", m]] {
        let o = run(args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            format!("termdoku {}: {m}: no such file\n", args[0])
        );
    }
    // A relative word with an extension that names no file.
    let o = run(&["solve", "mistyped.txt"], None);
    assert_eq!(stderr(&o), "termdoku solve: mistyped.txt: no such file\n");
    // A file that holds no puzzle: the message names the file.
    let bad = dir.path("notes.txt");
    std::fs::write(&bad, "shopping list\n").unwrap();
    let o = run(&["solve", bad.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("termdoku solve: {}: ", bad.display())),
        "{}",
        stderr(&o)
    );
}

#[cfg(unix)]
#[test]
fn fifos_and_process_substitution_are_read() {
    let dir = TempDir::new("fifo");
    let fifo = dir.path("puzzles");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let solution = String::from_utf8(run(&["solve", PUZZLE], None).stdout).unwrap();
    assert_eq!(solution.trim().len(), 81);

    // One puzzle, then a list with --jobs 2, each written by another thread.
    for (args, text, expected) in [
        (
            vec!["solve", fifo.to_str().unwrap()],
            format!("{PUZZLE}\n"),
            solution.clone(),
        ),
        (
            vec![
                "solve",
                "--each-line",
                "--jobs",
                "2",
                fifo.to_str().unwrap(),
            ],
            format!("{PUZZLE}\nnope\n{PUZZLE}\n"),
            format!("{}error: ", solution),
        ),
    ] {
        let path = fifo.clone();
        let writer = std::thread::spawn(move || {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
        });
        let o = run(&args, None);
        writer.join().unwrap();
        let out = String::from_utf8(o.stdout.clone()).unwrap();
        assert!(
            out.starts_with(&expected),
            "{args:?}: {out:?} {}",
            stderr(&o)
        );
    }

    // `<(...)`, made by bash (which runs the project's scripts too).
    let o = Command::new("bash")
        .arg("-c")
        .arg(format!("'{BIN}' solve <(echo '{PUZZLE}')"))
        .output()
        .expect("bash runs (for its process substitution)");
    assert_eq!(
        String::from_utf8(o.stdout.clone()).unwrap(),
        solution,
        "{}",
        stderr(&o)
    );
}

#[test]
fn completions_are_generated_for_every_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef termdoku"),
        ("fish", "complete -c termdoku"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let o = run(&["completions", shell], None);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let text = String::from_utf8(o.stdout.clone()).unwrap();
        assert!(text.contains(marker), "{shell}");
        for word in ["convert", "each-line", "jobs"] {
            assert!(text.contains(word), "{shell}: {word}");
        }
    }
    let o = run(&["completions", "tcsh"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn man_pages_are_generated() {
    let o = run(&["manpage"], None);
    assert_eq!(o.status.code(), Some(0));
    let page = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(page.contains(".TH termdoku 1"), "{page}");
    // The player's parts are sections of their own, each key a tagged paragraph.
    for section in ["THE PLAYER", "CONFIGURATION", "ENVIRONMENT", "FILES"] {
        assert!(
            page.contains(&format!("\n.SH \"{section}\"\n")),
            "{section}: {page}"
        );
    }
    let extra = &page[page.find(".SH EXTRA").unwrap()..page.find(".SH \"THE PLAYER\"").unwrap()];
    assert!(!extra.contains("Keys while playing"), "{extra}");
    assert!(page.contains(".TP 24\n\\fBhint_engine\\fR\n"), "{page}");

    let dir = TempDir::new("man");
    let out = dir.path("man1");
    let o = run(&["manpage", out.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for sub in ["", "-convert", "-solve", "-steps", "-rate", "-completions"] {
        let page = out.join(format!("termdoku{sub}.1"));
        assert!(Path::new(&page).is_file(), "{}", page.display());
    }
    let rate = std::fs::read_to_string(out.join("termdoku-rate.1")).unwrap();
    assert!(rate.contains("jobs"), "{rate}");
}

/// Runs `command` (a shell command line) with a terminal as standard error, through util-linux
/// `script`; returns what the terminal showed.
#[cfg(target_os = "linux")]
fn on_a_terminal(command: &str, log: &Path) -> String {
    let status = Command::new("script")
        .args(["-q", "-e", "-c", command])
        .arg(log)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("util-linux `script` runs (Debian package bsdutils) to make a terminal");
    assert!(status.code().is_some(), "{command}");
    String::from_utf8_lossy(&std::fs::read(log).unwrap()).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn a_terminal_shows_progress_and_a_summary_and_stdout_stays_the_same() {
    let dir = TempDir::new("tty");
    let input = dir.path("list.txt");
    let mut text = data("sudokuexchange_diabolical_sample160_with_SER.txt");
    text.push_str("not a puzzle\n");
    std::fs::write(&input, &text).unwrap();
    let plain = run(
        &[
            "rate",
            "--each-line",
            "--jobs",
            "2",
            input.to_str().unwrap(),
        ],
        None,
    );
    let out = dir.path("out.txt");
    let command = format!(
        "'{BIN}' rate --each-line --jobs 2 '{}' > '{}'",
        input.display(),
        out.display()
    );
    let screen = on_a_terminal(&command, &dir.path("screen.log"));
    assert!(
        std::fs::read(&out).unwrap() == plain.stdout,
        "stdout differs on a terminal"
    );
    assert!(
        screen.contains("termdoku rate: 161 lines (1 error) in "),
        "{screen}"
    );
    assert!(screen.contains(" lines/s"), "{screen}");

    // --quiet: no progress and no summary, only the failed-line report of a non-terminal.
    let quiet = format!("{command} --quiet");
    let screen = on_a_terminal(&quiet, &dir.path("quiet.log"));
    assert!(!screen.contains("lines/s"), "{screen}");
    assert!(!screen.contains("161 lines"), "{screen}");
    assert!(
        screen.contains("termdoku rate: 1 line(s) failed"),
        "{screen}"
    );
    assert!(std::fs::read(&out).unwrap() == plain.stdout);
}
