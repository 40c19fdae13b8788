//! No flag is ever silently ignored: every combination of two flags of `hint`, `steps`, `rate`,
//! `solve` and `convert` either works (exit 0 or 1) or is refused with a message (exit 2), and a
//! flag that changes the output on its own still changes it next to any other flag it is
//! accepted with.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `termdoku ARGS` with `stdin`; a command that ends without reading it is fine.
fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn termdoku");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// The first puzzle of forum_hardest_1106 after r2c9=2: HoDoKu's techniques find nothing (its
/// answer would be Brute Force), SE's next step is a nested forcing chain.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
/// A puzzle of the diabolical sample (SE 7.2), whose paths hold chains.
const DIABOLICAL: &str =
    ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";

/// A command, its input (on standard input) and the flags to combine, each with its value.
struct Case {
    cmd: &'static str,
    input: &'static str,
    flags: &'static [&'static [&'static str]],
}

const CASES: &[Case] = &[
    Case {
        cmd: "hint",
        input: STUCK,
        flags: &[
            &["--notation", "eureka"],
            &["--each-line"],
            &["--all"],
            &["--only", "fish"],
            &["--jobs", "2"],
            &["--quiet"],
            &["--engine", "se"],
            &["--fallback", "brute-force"],
            &["--techniques", "-fn"],
            &["--list-techniques"],
        ],
    },
    Case {
        cmd: "steps",
        input: DIABOLICAL,
        flags: &[
            &["--notation", "eureka"],
            &["--each-line"],
            &["--jobs", "2"],
            &["--quiet"],
            &["--engine", "se"],
            &["--fallback", "se"],
            &["--techniques", "-fc"],
            &["--list-techniques"],
            &["--summary"],
        ],
    },
    Case {
        cmd: "rate",
        input: DIABOLICAL,
        flags: &[
            &["--each-line"],
            &["--jobs", "2"],
            &["--quiet"],
            &["--engine", "se"],
            &["--se"],
            &["--format", "%r %R %S"],
            &["--start", "%n %i"],
            &["--before", "%i"],
            &["--after", "%s"],
            &["--error-lines"],
            &["--techniques", "-fc"],
            &["--list-techniques"],
        ],
    },
    Case {
        cmd: "solve",
        input: DIABOLICAL,
        flags: &[
            &["--count"],
            &["--each-line"],
            &["--jobs", "2"],
            &["--quiet"],
        ],
    },
    Case {
        cmd: "convert",
        input: DIABOLICAL,
        flags: &[
            &["--to", "sukaku"],
            &["--from", "susser"],
            &["--each-line"],
            &["--zeros"],
            &["--jobs", "2"],
            &["--quiet"],
        ],
    },
];

fn run_with(case: &Case, flags: &[&[&str]]) -> Output {
    let mut args = vec![case.cmd];
    for f in flags {
        args.extend_from_slice(f);
    }
    // convert needs a target; a flag given twice is its own combination.
    if case.cmd == "convert" && !flags.iter().any(|f| f[0] == "--to") {
        args.extend(["--to", "susser"]);
    }
    run(&args, &format!("{}\n", case.input))
}

/// The outcome that shows whether a flag was taken into account.
fn seen(o: &Output) -> (Option<i32>, Vec<u8>) {
    (o.status.code(), o.stdout.clone())
}

fn works_or_is_refused(what: &str, o: &Output) {
    let code = o.status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "{what}: exit {code:?}, stderr {}",
        String::from_utf8_lossy(&o.stderr)
    );
    if code == Some(2) {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("termdoku ") || err.starts_with("error: "),
            "{what}: refused without a message: {err:?}"
        );
        assert!(o.stdout.is_empty(), "{what}: refused but wrote output");
    }
}

/// Flags that have nothing to act on next to another, each with the reason: (command, flag,
/// other flag).
const NOTHING_TO_ACT_ON: &[(&str, &str, &str)] = &[
    // Brute Force's step has no chain to write in Eureka notation.
    ("hint", "--notation", "--fallback"),
];

#[test]
fn every_pair_of_flags_works_or_is_refused_and_no_flag_is_ignored() {
    let mut ignored = Vec::new();
    for case in CASES {
        let bare = run_with(case, &[]);
        works_or_is_refused(case.cmd, &bare);
        // The flags that change the output on their own.
        let mut effective = Vec::new();
        for (i, f) in case.flags.iter().enumerate() {
            let o = run_with(case, &[f]);
            works_or_is_refused(&format!("{} {f:?}", case.cmd), &o);
            if o.status.code() != Some(2) && seen(&o) != seen(&bare) {
                effective.push(i);
            }
        }
        assert!(!effective.is_empty(), "{}: no flag shows", case.cmd);
        for i in 0..case.flags.len() {
            for j in i + 1..case.flags.len() {
                let (a, b) = (case.flags[i], case.flags[j]);
                let what = format!("{} {a:?} {b:?}", case.cmd);
                let both = run_with(case, &[a, b]);
                works_or_is_refused(&what, &both);
                if both.status.code() == Some(2) {
                    continue;
                }
                // Each flag that shows alone must show next to the other.
                for (k, other) in [(i, b), (j, a)] {
                    let allowed =
                        NOTHING_TO_ACT_ON.contains(&(case.cmd, case.flags[k][0], other[0]));
                    if effective.contains(&k) && !allowed {
                        let without = run_with(case, &[other]);
                        if seen(&both) == seen(&without) {
                            ignored.push(format!("{what}: {:?} is ignored", case.flags[k]));
                        }
                    }
                }
            }
        }
    }
    assert!(ignored.is_empty(), "{}", ignored.join("\n"));
}
