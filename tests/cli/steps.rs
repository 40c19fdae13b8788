//! `termdoku hint`, `steps`, `rate` and `generate` end to end.

use crate::support::{run, stdout};

const PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

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
    // Six columns; the Eureka column is empty for steps without a chain.
    assert_eq!(
        lines[0],
        "0003\tNaked Single\t\t467\tNaked Single: r6c7=4\t"
    );
    assert!(lines.contains(
        &"0100\tLocked Candidates Type 1 (Pointing)\t188 189\t\tLocked Candidates Type 1 (Pointing): 1 in b8 => r8c89<>1\t"
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

/// A W-Wing state (hodoku.md's example position).
const W_WING_STATE: &str = ":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189::";

#[test]
fn hint_adds_the_chain_in_eureka_notation() {
    let o = run(&["hint", W_WING_STATE], None);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with(":0803:24:"), "{out}");
    assert_eq!(
        lines[1],
        "W-Wing: 4/2 in r8c9,r9c1 connected by 2 in r3c19 => r8c123,r9c89<>4"
    );
    assert_eq!(
        lines[2],
        "(4=2)r8c9-(2)r3c9=r3c1-(2=4)r9c1 => r8c123,r9c89<>4"
    );
    // --notation eureka: the step line reads as a forum chain; the library line is unchanged.
    let o = run(&["hint", "--notation", "eureka", W_WING_STATE], None);
    let out2 = stdout(&o);
    let lines2: Vec<&str> = out2.lines().collect();
    assert_eq!(lines2[0], lines[0]);
    assert_eq!(
        lines2[1],
        "W-Wing: (4=2)r8c9-(2)r3c9=r3c1-(2=4)r9c1 => r8c123,r9c89<>4"
    );
    assert_eq!(lines2[2], lines[2]);
    // A step without a chain: no third line, whatever the notation.
    let o = run(&["hint", "--notation", "eureka", PUZZLE], None);
    assert_eq!(
        stdout(&o),
        format!(":0003:4:{PUZZLE}:::467:\nNaked Single: r6c7=4\n")
    );
    let bad = run(&["hint", "--notation", "sudopedia", PUZZLE], None);
    assert_eq!(bad.status.code(), Some(2));
}

/// A diabolical puzzle of the repository's sample whose path has a kite, empty rectangles,
/// nice loops, W-Wings and XY-Chains.
const CHAIN_PUZZLE: &str =
    "85.....31....7.......8.9.....3...6..97.3.1.52....2....1..4.7..62.5...3.7....8....";

#[test]
fn steps_has_a_sixth_column_with_the_eureka_chain() {
    let out = stdout(&run(&["steps", CHAIN_PUZZLE], None));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| !l.starts_with("level\t"))
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.iter().all(|r| r.len() == 6), "{out}");
    let chained: Vec<&Vec<&str>> = rows.iter().filter(|r| !r[5].is_empty()).collect();
    // Chain techniques carry their chain; singles, subsets, fish, wings without a chain,
    // uniqueness and colouring steps leave the column empty.
    for r in &rows {
        let chain_technique = matches!(
            r[0],
            "0400"
                | "0401"
                | "0402"
                | "0403"
                | "0803"
                | "0701"
                | "0702"
                | "0703"
                | "0706"
                | "0707"
                | "0708"
                | "0709"
                | "0710"
                | "0711"
        );
        let plain = r[0].starts_with("00")
            || r[0].starts_with("01")
            || r[0].starts_with("02")
            || r[0].starts_with("05")
            || r[0].starts_with("06")
            || matches!(r[0], "0300" | "0301" | "0302" | "0800" | "0801");
        if chain_technique {
            assert!(!r[5].is_empty(), "{r:?}");
        }
        if plain {
            assert!(r[5].is_empty(), "{r:?}");
        }
    }
    assert!(chained.len() >= 5, "{out}");
    for (name, chain) in [
        ("W-Wing", "(4=5)r3c9-(5)r3c5=r4c5-(5=4)r4c1 => r4c9<>4"),
        (
            "XY-Chain",
            "(4=6)r2c1-(6=4)r2c8-(4=5)r3c9-(5=1)r3c5-(1=6)r3c2-(6=1)r6c2-(1=4)r6c3 => r3c3,r46c1<>4",
        ),
        ("Empty Rectangle", "(5)r7c7=r7c5-r3c5=r2c46 => r2c7<>5"),
        (
            "Discontinuous Nice Loop",
            "(5)r7c7=r7c5-(5=9)r4c5-(9)r4c9=(9-5)r9c9=(5)r7c7 => r7c7<>289",
        ),
    ] {
        assert!(
            rows.iter().any(|r| r[1] == name && r[5] == chain),
            "{name}: {chain}\n{out}"
        );
    }
    // Every chain ends with its conclusion.
    for r in &chained {
        assert!(r[5].contains(" => "), "{r:?}");
    }

    // --notation eureka: the fifth column shows `Name: chain` for chain steps, HoDoKu's text
    // otherwise; every other column is unchanged.
    let eu = stdout(&run(&["steps", "--notation", "eureka", CHAIN_PUZZLE], None));
    assert_eq!(eu.lines().count(), out.lines().count());
    for (a, b) in out.lines().zip(eu.lines()) {
        let (a, b): (Vec<&str>, Vec<&str>) = (a.split('\t').collect(), b.split('\t').collect());
        if a[0] == "level" {
            assert_eq!(a, b);
            continue;
        }
        assert_eq!(a[..4], b[..4]);
        assert_eq!(a[5], b[5]);
        if a[5].is_empty() {
            assert_eq!(a[4], b[4]);
        } else {
            assert_eq!(b[4], format!("{}: {}", a[1], a[5]));
        }
    }
    // --each-line keeps the columns.
    let each = stdout(&run(
        &["steps", "--each-line", "--notation", "eureka"],
        Some(&format!("{CHAIN_PUZZLE}\n")),
    ));
    assert_eq!(each.trim_end(), eu.trim_end());
}

#[test]
fn hint_each_line_answers_every_state_like_single_hints() {
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let input = format!("{PUZZLE}\n{W_WING_STATE}\n{solved}\nnot a sudoku\n");
    for jobs in ["1", "2"] {
        let o = run(&["hint", "--each-line", "-q", "--jobs", jobs], Some(&input));
        // Some lines have no hint: exit 1, and every line still has its answer in order.
        assert_eq!(o.status.code(), Some(1));
        let out = stdout(&o);
        let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
        assert_eq!(blocks.len(), 4, "{out}");
        assert_eq!(blocks[0], stdout(&run(&["hint", PUZZLE], None)).trim_end());
        assert_eq!(
            blocks[1],
            stdout(&run(&["hint", W_WING_STATE], None)).trim_end()
        );
        assert_eq!(blocks[2], "error: the sudoku is solved");
        assert!(blocks[3].starts_with("error: "), "{out}");
    }
}

/// The counts of a `steps --summary` output (`COUNT NAME` lines before the last line), and
/// its last line.
fn summary_of(out: &str) -> (Vec<(usize, String)>, String) {
    let lines: Vec<&str> = out.lines().collect();
    let (last, counts) = lines.split_last().expect("a summary");
    let counts = counts
        .iter()
        .map(|l| {
            let (n, name) = l.trim_start().split_once(' ').expect("COUNT NAME");
            (n.parse().expect("a count"), name.to_string())
        })
        .collect();
    (counts, last.to_string())
}

#[test]
fn steps_summary_counts_each_technique_of_the_path_for_both_engines() {
    let path = stdout(&run(&["steps", PUZZLE], None));
    let o = run(&["steps", "--summary", PUZZLE], None);
    assert!(o.status.success());
    let (counts, last) = summary_of(&stdout(&o));
    // As many steps as the path, the level line unchanged.
    let steps = path.lines().count() - 1;
    assert_eq!(counts.iter().map(|c| c.0).sum::<usize>(), steps);
    assert_eq!(last, path.lines().last().unwrap());
    for (n, name) in &counts {
        let used = path
            .lines()
            .filter(|l| l.split('\t').nth(1) == Some(name.as_str()))
            .count();
        assert_eq!(used, *n, "{name}");
    }

    let se_path = stdout(&run(&["steps", "--engine", "se", PUZZLE], None));
    let o = run(&["steps", "--engine", "se", "--summary", PUZZLE], None);
    assert!(o.status.success());
    let (counts, last) = summary_of(&stdout(&o));
    assert_eq!(
        counts.iter().map(|c| c.0).sum::<usize>(),
        se_path.lines().count() - 1
    );
    assert!(last.starts_with("rating\t"), "{last}");
    assert_eq!(last, se_path.lines().last().unwrap());
    assert_eq!(counts[0].1, "Hidden Single", "{counts:?}");
}
