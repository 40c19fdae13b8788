//! `convert --to minlex` and `--dedupe` of the `--each-line` commands, run as a user would.

use crate::common::{givens_array as grid, line_of as text};
use crate::support::{run, stdout};
use termdoku::domain::Morph;

const LINE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
const OTHER: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// `LINE` in another shape.
fn morph_of_line() -> String {
    let m = Morph::new(
        true,
        2,
        [3, 1, 5],
        4,
        [0, 2, 1],
        [2, 3, 1, 5, 4, 9, 7, 8, 6],
    );
    text(&m.apply(&grid(LINE)))
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn convert_writes_the_same_form_for_a_puzzle_and_its_morph() {
    let morph = morph_of_line();
    assert_ne!(morph, LINE);
    let a = run(&["convert", "--to", "minlex", LINE], None);
    let b = run(&["convert", "--to", "minlex", &morph], None);
    assert!(a.status.success(), "{}", stderr(&a));
    let form = stdout(&a);
    assert_eq!(form.trim_end().len(), 81);
    assert_eq!(form, stdout(&b));
    // The form of the form is itself; `--zeros` writes `0` for empty cells; a grid in another
    // layout (9 lines) has the same form.
    let again = run(&["convert", "--to", "minlex", form.trim_end()], None);
    assert_eq!(stdout(&again), form);
    let zeros = run(&["convert", "--to", "minlex", "--zeros", LINE], None);
    assert_eq!(stdout(&zeros), form.replace('.', "0"));
    let nine: String = LINE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(
        stdout(&run(&["convert", "--to", "minlex"], Some(&nine))),
        form
    );
}

#[test]
fn each_line_converts_plain_lines_and_other_formats_alike() {
    let input = format!(
        "{LINE}\n{} ED=1.2/1.2/1.2\nnot a puzzle\n{}\n",
        morph_of_line(),
        LINE.replace('.', "0")
    );
    let o = run(
        &["convert", "--to", "minlex", "--each-line", "--jobs", "1"],
        Some(&input),
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], lines[1]);
    assert!(lines[2].starts_with("error: "));
    assert_eq!(lines[0], lines[3]);
}

#[test]
fn formats_lists_minlex_as_written() {
    let out = stdout(&run(&["formats"], None));
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("minlex"))
        .unwrap_or_else(|| panic!("minlex missing:\n{out}"));
    assert!(line.split_whitespace().nth(2) == Some("yes"), "{line}");
}

/// Input with repeats: `LINE`, `OTHER`, a morph of `LINE`, a line that is not a puzzle, `LINE`
/// again, `OTHER` again.
fn repeats() -> String {
    format!(
        "{LINE}\n{OTHER}\n{}\nnot a puzzle\n{LINE}\n{OTHER}\n",
        morph_of_line()
    )
}

#[test]
fn dedupe_drops_later_morphs_and_keeps_the_first_whatever_the_jobs() {
    for jobs in ["1", "2"] {
        let o = run(
            &["solve", "--each-line", "--dedupe", "--jobs", jobs, "-q"],
            Some(&repeats()),
        );
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        let solve = |p: &str| stdout(&run(&["solve", p], None)).trim_end().to_string();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0], solve(LINE));
        assert_eq!(lines[1], solve(OTHER));
        assert!(lines[2].starts_with("error: "), "{out}");
        assert!(
            stderr(&o).contains("dropped 3 duplicate line(s)"),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn dedupe_works_on_every_each_line_command() {
    let want = |args: &[&str]| {
        let mut full: Vec<&str> = args.to_vec();
        full.extend(["--each-line", "--jobs", "1", "-q"]);
        stdout(&run(
            &full,
            Some(&format!("{LINE}\n{OTHER}\nnot a puzzle\n")),
        ))
    };
    for args in [
        &["convert", "--to", "minlex"][..],
        &["convert", "--to", "susser"][..],
        &["rate"][..],
        &["hint"][..],
        &["steps"][..],
    ] {
        let mut full: Vec<&str> = args.to_vec();
        full.extend(["--each-line", "--dedupe", "--jobs", "2", "-q"]);
        let o = run(&full, Some(&repeats()));
        assert_eq!(stdout(&o), want(args), "{args:?}");
        assert!(stderr(&o).contains("dropped 3"), "{args:?}: {}", stderr(&o));
    }
    // Without --each-line it is refused.
    let o = run(&["solve", "--dedupe", LINE], None);
    assert_eq!(o.status.code(), Some(2));
}
