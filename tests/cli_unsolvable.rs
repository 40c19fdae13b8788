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
    let h = run(&["hint", &one]);
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
    assert!(stderr(&o).contains("wrong digit in r1c1"), "{}", stderr(&o));
}
