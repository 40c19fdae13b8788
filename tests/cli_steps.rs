//! `termdoku hint`, `steps`, `rate` and `generate` end to end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_termdoku"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn termdoku");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn hint_prints_the_library_line_and_the_text() {
    let o = run(&["hint", PUZZLE], None);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        format!(":0003:4:{PUZZLE}:::467:\nNaked Single: r6c7=4\n")
    );
    // A mid-solve state from stdin, as HoDoKu writes it.
    let state = ":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:::";
    let o = run(&["hint"], Some(state));
    assert_eq!(
        stdout(&o),
        ":0100:1:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...::188 189::\nLocked Candidates Type 1 (Pointing): 1 in b8 => r8c89<>1\n"
    );
}

#[test]
fn hint_exits_1_when_solved_and_2_on_bad_input() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(run(&["hint", solved], None).status.code(), Some(1));
    assert_eq!(run(&["hint", "12345"], None).status.code(), Some(2));
}

#[test]
fn steps_lists_every_step_and_the_level() {
    let o = run(&["steps", PUZZLE], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "0003\tNaked Single\t\t467\tNaked Single: r6c7=4");
    assert!(lines.contains(
        &"0100\tLocked Candidates Type 1 (Pointing)\t188 189\t\tLocked Candidates Type 1 (Pointing): 1 in b8 => r8c89<>1"
    ));
    let last: Vec<&str> = lines.last().unwrap().split('\t').collect();
    assert_eq!(last[0], "level");
    let rate = stdout(&run(&["rate", PUZZLE], None));
    assert_eq!(rate.trim_end(), format!("{}\t{}", last[1], last[2]));
}

#[test]
fn each_line_separates_puzzles() {
    let input = format!("{PUZZLE}\n{PUZZLE}\n");
    let out = stdout(&run(&["steps", "--each-line"], Some(&input)));
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].trim_end(), blocks[1].trim_end());
    let rates = stdout(&run(&["rate", "--each-line"], Some(&input)));
    assert_eq!(rates.lines().count(), 2);
}

#[test]
fn generate_is_deterministic_and_rated_at_the_level() {
    let a = run(
        &[
            "generate", "--level", "easy", "--count", "2", "--seed", "42",
        ],
        None,
    );
    assert!(a.status.success());
    let b = run(
        &[
            "generate", "--level", "easy", "--count", "2", "--seed", "42",
        ],
        None,
    );
    assert_eq!(stdout(&a), stdout(&b));
    for p in stdout(&a).lines() {
        assert_eq!(p.len(), 81);
        let r = stdout(&run(&["rate", p], None));
        assert!(r.starts_with("Easy\t"), "{p}: {r}");
    }
    let bad = run(&["generate", "--level", "insane"], None);
    assert_eq!(bad.status.code(), Some(2));
}
