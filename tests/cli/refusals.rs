//! SE's engine, alone or as HoDoKu's fallback, needs a puzzle with exactly one solution, as a
//! rating does: `steps` and `hint` with `--engine se` or `--fallback se` refuse a puzzle with
//! several solutions (an empty grid too) or none at once, with `rate --se`'s words, one line at
//! a time under `--each-line` too.

use crate::support::{run, stdout};

const SEVERAL: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......7.....";
const NONE: &str =
    "11..8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

fn empty() -> String {
    ".".repeat(81)
}

#[test]
fn se_commands_refuse_several_no_and_empty_puzzles_as_rate_se_does() {
    let empty = empty();
    for puzzle in [SEVERAL, NONE, empty.as_str()] {
        let rate = run(&["rate", "--se", puzzle], None);
        let want = String::from_utf8_lossy(&rate.stderr)
            .trim()
            .trim_start_matches("termdoku rate: ")
            .to_string();
        assert_eq!(rate.status.code(), Some(1), "{want}");
        assert!(!want.is_empty());
        for args in [
            &["steps", "--engine", "se"][..],
            &["steps", "--fallback", "se"],
            &["hint", "--engine", "se"],
            &["hint", "--fallback", "se"],
            &["hint"],
        ] {
            let mut a = args.to_vec();
            a.push(puzzle);
            let o = run(&a, None);
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(1), "{a:?}: {err}");
            assert!(err.contains(&want), "{a:?}: {err} (want {want})");
            assert_eq!(stdout(&o), "", "{a:?}");
            // One line at a time: an `error:` line with the same words, exit 1.
            let mut a = args.to_vec();
            a.push("--each-line");
            let o = run(&a, Some(&format!("{puzzle}\n")));
            let out = stdout(&o);
            assert_eq!(o.status.code(), Some(1), "{a:?}: {out}");
            assert!(out.contains(&format!("error: {want}")), "{a:?}: {out}");
        }
    }
}
