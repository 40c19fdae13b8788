//! `rate --engine se` with serate's options, against serate's own output for the same input
//! (`tests/fixtures/serate`, see its README): byte for byte, whatever `--jobs`.

use crate::support::run;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/serate");

fn fixture(name: &str) -> String {
    let path = format!("{FIXTURES}/{name}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `rate --engine se --each-line` on `NAME.txt` with `options` and compares with
/// `NAME.out`.
fn matches_serate(name: &str, options: &[&str]) {
    let input = format!("{FIXTURES}/{name}.txt");
    let expected = fixture(&format!("{name}.out"));
    for jobs in ["1", "3"] {
        let mut args = vec![
            "rate",
            "--engine",
            "se",
            "--each-line",
            "-q",
            "--jobs",
            jobs,
        ];
        args.extend_from_slice(options);
        args.push(&input);
        let o = run(&args, None);
        assert!(o.status.success(), "{name}: {o:?}");
        let out = String::from_utf8_lossy(&o.stdout);
        if out != expected {
            let (a, b): (Vec<&str>, Vec<&str>) =
                (out.lines().collect(), expected.lines().collect());
            let at = a
                .iter()
                .zip(&b)
                .position(|(x, y)| x != y)
                .unwrap_or(a.len().min(b.len()));
            panic!(
                "{name} --jobs {jobs}: line {} differs\ntermdoku: {:?}\nserate:   {:?}",
                at + 1,
                a.get(at),
                b.get(at)
            );
        }
    }
}

#[test]
fn lines_are_read_numbered_and_formatted_as_serate_does() {
    matches_serate(
        "lines",
        &[
            "--start",
            "S%n|%g|%i|%m|%r|%x|%",
            "--format",
            "F%n|%g|%i|%r/%p/%d|%R|%P|%D|%S|%T|%U|%m|%M|%h|%s|%z|%%|%",
        ],
    );
}

#[test]
fn before_and_after_each_step_as_serate_writes_them() {
    matches_serate(
        "steps",
        &[
            "--before",
            "B%i|%n|%r",
            "--after",
            "A%n|%r|%R|%S|%s|%%",
            "--format",
            "F%r/%p/%d %i",
        ],
    );
}

#[test]
fn pencilmark_grids_as_serate_draws_them() {
    matches_serate(
        "grid",
        &[
            "--start", "%M", "--before", "%m", "--after", "%i%l%M", "--format", "%l",
        ],
    );
}

#[test]
fn nested_chains_are_named_as_serate_names_them() {
    matches_serate(
        "nested",
        &[
            "--after",
            "A %r %R %S|%s",
            "--format",
            "F %r/%p/%d %R|%D|%U",
        ],
    );
}

#[test]
fn one_puzzle_without_each_line_and_the_se_alias() {
    let puzzle = fixture("steps.txt");
    let expected = fixture("steps.out");
    let o = run(
        &[
            "rate",
            "--se",
            "--before",
            "B%i|%n|%r",
            "--after",
            "A%n|%r|%R|%S|%s|%%",
            "--format",
            "F%r/%p/%d %i",
            puzzle.trim_end(),
        ],
        None,
    );
    assert!(o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stdout), expected);
    // An empty format writes nothing, as in serate.
    let o = run(
        &["rate", "--engine", "se", "--format", "", puzzle.trim_end()],
        None,
    );
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
}
