//! `termdoku rate` and `hint` on puzzles without exactly one solution: a clear message on
//! standard error and a non-zero exit for no solution; "several solutions" for an ambiguous one.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn no_solution_names_the_clash_and_fails() {
    let clash = format!("7.7{}", ".".repeat(78));
    for cmd in ["rate", "hint"] {
        let o = run(&[cmd, &clash]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        assert!(o.stdout.is_empty(), "{cmd}");
        assert!(
            stderr(&o).contains("no solution (r1c1 and r1c3 both hold 7)"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn several_solutions_are_named() {
    let one = format!("1{}", ".".repeat(80));
    let r = run(&["rate", &one]);
    assert_eq!(r.status.code(), Some(1));
    assert!(stderr(&r).contains("several solutions"), "{}", stderr(&r));
    // SE's fallback (the default) needs one solution, as `rate` does.
    let h = run(&["hint", &one]);
    assert_eq!(h.status.code(), Some(1));
    assert!(stderr(&h).contains("several solutions"), "{}", stderr(&h));
    assert!(h.stdout.is_empty());
    // HoDoKu's steps alone go on, without the uniqueness techniques.
    let h = run(&["hint", "--fallback", "brute-force", &one]);
    assert_eq!(h.status.code(), Some(0));
    assert!(stderr(&h).contains("several solutions"), "{}", stderr(&h));
    assert!(!h.stdout.is_empty());
}

#[test]
fn a_wrong_filled_digit_is_named() {
    // A unique puzzle with a wrong filled digit in r1c1 (its solution is 3).
    let puzzle =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
    let state = format!("+1{}", &puzzle[1..]);
    let o = run(&["rate", &state]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the state has no solution: r1c1 is wrong"),
        "{}",
        stderr(&o)
    );
}

/// A state pasted with eliminations that no solution of its (several-solution) givens agrees
/// with: every command that reasons about it says so, exits 1 and writes no step.
const NO_SOLUTION: &str = ":0000:x:8.........59.......76.........4285.7...593..8...671......954716...816932...732485:928 511 913 964 999 376 581 618 845 755 625 839 628 954 357 145 347 965 354 528 326 981 865 475 479 284 247 975 737 357 652 569 517 446 291 327 781 616::";

#[test]
fn a_state_without_solution_gets_no_step() {
    for cmd in ["hint", "steps", "rate", "solve"] {
        let o = run(&[cmd, NO_SOLUTION]);
        assert_eq!(o.status.code(), Some(1), "{cmd}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{cmd}");
        assert!(
            stderr(&o).contains("the state has no solution"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
    for cmd in ["hint", "steps", "rate"] {
        let o = run(&[cmd, "--each-line", NO_SOLUTION]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(
            out.starts_with("error: the state has no solution"),
            "{cmd}: {out}"
        );
        assert_eq!(out.lines().count(), 1, "{cmd}: {out}");
    }
}

#[test]
fn an_eliminated_solution_digit_is_named() {
    // r1c1's solution is 3; the state removes it (HoDoKu library line, candidate 311 deleted).
    let puzzle =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
    let state = format!(":0000:x:{puzzle}:311::");
    for cmd in ["hint", "steps", "rate", "solve"] {
        let o = run(&[cmd, &state]);
        assert_eq!(o.status.code(), Some(1), "{cmd}");
        assert!(o.stdout.is_empty(), "{cmd}");
        assert!(
            stderr(&o).contains("the state has no solution: 3 was removed from r1c1"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn no_step_with_the_chosen_techniques_is_not_no_solution() {
    let puzzle =
        ".7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
    let list = run(&["hint", "--list-techniques"]);
    let all: Vec<String> = String::from_utf8_lossy(&list.stdout)
        .lines()
        .map(|l| {
            let name = l.split('\t').nth(1).unwrap();
            let slot = name
                .rsplit_once(" (")
                .map_or(name, |(_, s)| &s[..s.len() - 1]);
            format!("-{slot}")
        })
        .collect();
    let off = all.join(",");
    let o = run(&["hint", "--techniques", &off, puzzle]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("the chosen techniques find no step"), "{err}");
    assert!(!err.contains("no solution"), "{err}");
    let o = run(&[
        "steps",
        "--techniques",
        "-fh,-n1,-h1,-bf,-fc,-fn,-kf",
        puzzle,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the chosen techniques find no step before the end"),
        "{}",
        stderr(&o)
    );
}
