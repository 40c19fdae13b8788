//! `termdoku rate --se`, `steps --engine se` and `hint --engine se` end to end, against
//! serate's answers for the same puzzles (Sukaku Explainer, default settings); `hint` and
//! `steps` with SE's steps where HoDoKu's techniques run out (`--fallback se`).

use crate::support::{run, stdout};

/// Two 17-clue puzzles of `tests/data/17_clue.every100.txt`; serate rates them 2.6/1.5/1.5
/// (68 steps, the first `Hidden Single: r1c9: 2 in column`) and 2.0/1.2/1.2.
const P1: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
const P2: &str =
    ".................1....23.4.....45.2...6..7....81.........9....63......9.5..1.....";

#[test]
fn rate_se_prints_er_ep_ed() {
    let o = run(&["rate", "--se", P1], None);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "2.6/1.5/1.5\n");
}

#[test]
fn rate_se_format_and_each_line_number_the_puzzles_in_order() {
    // As serate reads lines: the short line is no puzzle and takes no number; the line of 81
    // characters that has no solution is a puzzle (number 3) that is not rated: nothing is
    // written for it, or an `error:` line with --error-lines.
    let no_solution = format!("11{}", &P2[2..]);
    let input = format!("{P1}\nnot a puzzle\n{P2}\n{no_solution}\n{P1}\n");
    for jobs in ["1", "3"] {
        let o = run(
            &[
                "rate",
                "--se",
                "--each-line",
                "--jobs",
                jobs,
                "--quiet",
                "--format",
                "%n%t%g %r/%p/%d %R|%P|%D %%",
            ],
            Some(&input),
        );
        assert_eq!(o.status.code(), Some(1), "a puzzle not rated fails the run");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            format!("1\t{P1} 2.6/1.5/1.5 Pointing|Hidden Single|Hidden Single %")
        );
        assert_eq!(
            lines[1],
            format!("2\t{P2} 2.0/1.2/1.2 Direct Hidden Pair|Hidden Single|Hidden Single %")
        );
        assert_eq!(
            lines[2],
            format!("4\t{P1} 2.6/1.5/1.5 Pointing|Hidden Single|Hidden Single %")
        );
        assert_eq!(lines.len(), 3, "{out}");
        let mut args = vec![
            "rate",
            "--se",
            "--each-line",
            "--error-lines",
            "-q",
            "--jobs",
            jobs,
        ];
        args.extend(["--format", "%n"]);
        let o = run(&args, Some(&input));
        assert_eq!(o.status.code(), Some(1));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[..2], ["1", "2"]);
        assert!(lines[2].starts_with("error: "), "{out}");
        assert_eq!(lines[3], "4");
    }
}

#[test]
fn steps_engine_se_prints_serates_path_and_rating() {
    let o = run(&["steps", "--engine", "se", P1], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 69, "68 steps and the rating");
    assert_eq!(
        lines[0],
        "1.5\tHidden Single\t\t219\tHidden Single: r1c9: 2 in column"
    );
    assert_eq!(lines[68], "rating\t2.6/1.5/1.5");
}

#[test]
fn hint_engine_se_prints_one_step_line() {
    let o = run(&["hint", "--engine", "se", P1], None);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "1.5\tHidden Single\t\t219\tHidden Single: r1c9: 2 in column\n"
    );
    let solved = run(
        &[
            "hint",
            "--engine",
            "se",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ],
        None,
    );
    assert_eq!(solved.status.code(), Some(1));
}

#[test]
fn se_conflicts_with_hodoku_technique_switches() {
    let o = run(&["rate", "--se", "--techniques", "-fn", P1], None);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["rate", "--format", "%r", P1], None);
    assert_eq!(o.status.code(), Some(2), "--format needs --se");
    let o = run(&["rate", "--engine", "se", "--techniques", "-fn", P1], None);
    assert_eq!(o.status.code(), Some(2));
    let o = run(
        &["rate", "--engine", "hodoku", "--techniques", "-fn", P1],
        None,
    );
    assert!(o.status.success(), "--techniques goes with HoDoKu's engine");
}

/// The first puzzle of forum_hardest_1106 after r2c9=2: HoDoKu's techniques find nothing here
/// (HoDoKu answers `Brute Force: r5c3=7`); SE's next step is a nested region forcing chain.
const STUCK: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn hint_fallback_se_names_ses_technique_and_difficulty() {
    let o = run(&["hint", "--fallback", "se", STUCK], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // The library line needs a HoDoKu code: the step's HoDoKu equivalent, a forcing net.
    assert_eq!(lines[0], format!(":1303:4:{STUCK}::465::"));
    assert_eq!(
        lines[1],
        "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): Region Forcing Chains: 3 in row ==> r6c5.4 off"
    );
    // Three branches and the conclusion.
    assert_eq!(lines.len(), 6, "{out}");
    // Each branch written forward: from its premise to its result.
    assert!(lines[2].starts_with("(3)r6c1-"), "{out}");
    assert!(
        lines[2].ends_with("-(8)r8c5-r5c4=(8-4)r6c5 => r6c5<>4"),
        "{out}"
    );
    assert_eq!(lines[3], "(3-4)r6c5 => r6c5<>4");
    assert_eq!(lines[5], "=> r6c5<>4");
    assert!(!out.contains("Forcing Net"), "{out}");
    assert_eq!(
        stdout(&run(&["hint", STUCK], None)),
        out,
        "SE is the default"
    );
    let eureka = stdout(&run(&["hint", "--notation", "eureka", STUCK], None));
    let line = eureka.lines().nth(1).unwrap();
    assert!(
        line.starts_with("Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): (3)r6c1-"),
        "{line}"
    );
    assert_eq!(
        stdout(&run(&["hint", "--fallback", "brute-force", STUCK], None)),
        format!(":xxxx:7:{STUCK}:::753:\nBrute Force: r5c3=7\n")
    );
}

#[test]
fn steps_fallback_se_lists_ses_steps_by_ses_name_and_difficulty() {
    let o = run(&["steps", "--fallback", "se", STUCK], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        rows[0][..5],
        [
            "1303",
            "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3)",
            "465",
            "",
            "Dynamic Region Forcing Chains (+ Forcing Chains) (10.3): Region Forcing Chains: 3 in row ==> r6c5.4 off"
        ]
    );
    assert!(rows[0][5].starts_with("(3)r6c1-"), "{out}");
    let (level, steps) = rows.split_last().unwrap();
    assert_eq!(level[..2], ["level", "Extreme"]);
    // SE's steps are named `Name (difficulty)`.
    let rated = |name: &str| {
        name.strip_suffix(')')
            .and_then(|n| n.rsplit_once(" ("))
            .is_some_and(|(_, d)| d.parse::<f64>().is_ok())
    };
    let se: Vec<&Vec<&str>> = steps.iter().filter(|r| rated(r[1])).collect();
    assert!(se.len() > 1, "{out}");
    for r in se {
        // SE's chains count as HoDoKu's forcing nets in the code column.
        assert!(["1303", "1304"].contains(&r[0]), "{r:?}");
        assert!(r[4].starts_with(&format!("{}: ", r[1])), "{r:?}");
    }
    assert!(!out.contains("Brute Force"), "{out}");
}

/// A diabolical puzzle of `tests/data/sudokuexchange_diabolical_sample160_with_SER.txt` whose
/// SE path has `Forcing Chain: r2c1.6 off`.
const DIABOLICAL: &str =
    ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";

#[test]
fn explain_follows_each_se_step_with_ses_explanation_and_an_empty_line() {
    let o = run(&["hint", "--engine", "se", "--explain", P1], None);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "1.5\tHidden Single\t\t219\tHidden Single: r1c9: 2 in column\nHidden Single\n\
         The cell r1c9 is the only possible position of the value 2 in the column.\n\n"
    );
    let o = run(&["steps", "--engine", "se", "--explain", DIABOLICAL], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let chain = "7.2\tForcing Chain\t621\t\tForcing Chain: r2c1.6 off\nForcing Chain\n\
        If we assume that r2c1 contains the value 6, it follows, through a Forcing Chain, that \
        r2c1 cannot contain the value 6. Therefore we can conclude that r2c1 does not contain \
        the value 6.\n";
    let at = out.find(chain).expect(&out);
    let rest = &out[at..];
    assert!(rest.contains(
        "\n(1) If r2c1 contains the value 6, then r2c1 cannot contain the value 5 (the cell can \
         contain only one value)\n"
    ));
    assert!(rest.contains(
        "\n(9) If r8c1 contains the value 6, then r2c1 cannot contain the value 6 (the value can \
         occur only once in the column)\n\n"
    ));
    // Without the SE engine there is no SE explanation to give.
    let o = run(&["steps", "--explain", DIABOLICAL], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn eureka_writes_an_se_chain_forward_to_its_result() {
    let o = run(
        &[
            "steps",
            "--engine",
            "se",
            "--notation",
            "eureka",
            DIABOLICAL,
        ],
        None,
    );
    assert!(o.status.success());
    // The step line's text is `Name: <Eureka>`, the chain from its premise to its result.
    assert!(stdout(&o).contains(
        "\tForcing Chain: (6-5)r2c1=(5)r6c1-(5=9)r6c9-(9)r6c2=(9-6)r8c2=(6)r8c1-r2c1 => r2c1<>6\n"
    ));
}

#[test]
fn a_contradictions_two_branches_end_in_the_two_opposite_results() {
    // A puzzle of tests/data/magictour_top1465.txt (line 7).
    let p = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........";
    let o = run(
        &["steps", "--engine", "se", "--notation", "eureka", p],
        None,
    );
    assert!(o.status.success());
    let out = stdout(&o);
    // The step of `Contradiction Forcing Chain: r9c7.4 on ==> r2c9.1 both on & off`: its
    // branches, joined by `; ` in the step line, end in the two opposite results.
    let line = out.lines().find(|l| l.contains("\t497\t")).expect(&out);
    let chain = line.split_once("Chains: ").expect(line).1;
    let lines: Vec<&str> = chain.split("; ").collect();
    assert!(lines[0].starts_with("(4"), "{lines:?}");
    assert!(lines[0].ends_with(" => r2c9=1"), "{lines:?}");
    assert!(lines[1].starts_with("(4)r9c7-"), "{lines:?}");
    assert!(lines[1].ends_with(" => r2c9<>1"), "{lines:?}");
    assert_eq!(lines[2], "=> r9c7<>4");
}
