//! The exact solver over the corpora, on contradictory and sparse inputs, with the player's
//! eliminations, and against a plain reference backtracker (property test); plus `termdoku solve`.

use proptest::prelude::*;
use termdoku::domain::{Board, Cell, CellState, Digit, DigitSet, House};
use termdoku::solver::exact::{
    count_solutions, count_solutions_values, first_solution, parse_line81, solve, solve_values,
    wrong_digits, Isa, Outcome, Solver,
};

use crate::common;

/// The first 17-clue puzzle of `17_clue.txt`.
const FIRST_17_CLUE: &str =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
/// The first puzzle of `magictour_top1465.txt`.
const TOP1465_1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// The eighth puzzle of `magictour_top1465.txt`.
const TOP1465_8: &str =
    "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.";

/// The solver on every code path this CPU has (the portable one always): every test that walks
/// puzzles runs on each, so each compiled path is checked on this machine.
fn solvers() -> Vec<Solver> {
    let all: Vec<Solver> = Isa::ALL.into_iter().filter_map(Solver::with_isa).collect();
    assert!(all.iter().any(|s| s.isa() == Isa::Portable));
    assert!(all.iter().any(|s| s.isa() == Isa::best()));
    all
}

fn line81(l: &str) -> [u8; 81] {
    parse_line81(l.as_bytes()).unwrap_or_else(|| panic!("bad line {l:?}"))
}

fn parse_corpus(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| parse_line81(l.as_bytes()).unwrap_or_else(|| panic!("bad line {l:?}")))
        .collect()
}

/// A complete grid with every house holding 1..=9, agreeing with the puzzle's clues.
fn assert_valid_solution(sol: &[u8; 81], puzzle: &[u8; 81]) {
    for i in 0..81 {
        assert!(
            puzzle[i] == 0 || puzzle[i] == sol[i],
            "clue changed at {i}: {puzzle:?}"
        );
    }
    for h in House::ALL {
        let mut seen = 0u16;
        for c in h.cell_list() {
            seen |= 1 << sol[c.index()];
        }
        assert_eq!(seen, 0x3FE, "house {h} of {sol:?}");
    }
}

fn assert_unique_corpus(name: &str, text: &str) {
    let puzzles = parse_corpus(text);
    assert!(!puzzles.is_empty());
    for solver in solvers() {
        for p in &puzzles {
            match solver.solve_values(p) {
                Outcome::Unique(s) => assert_valid_solution(s.values(), p),
                other => panic!("{name} on {:?}: {p:?} gave {other:?}", solver.isa()),
            }
        }
    }
    // The free functions take the fastest path.
    assert!(matches!(solve_values(&puzzles[0]), Outcome::Unique(_)));
    assert_eq!(count_solutions_values(&puzzles[0], 2), 1);
}

fn sample(name: &str) -> String {
    common::read_sample(name)
}

#[test]
fn sampled_17_clue_puzzles_have_one_valid_solution() {
    assert_unique_corpus("17_clue", &sample("17_clue.every100.txt"));
}

#[test]
fn sampled_forum_hardest_11plus_puzzles_have_one_valid_solution() {
    let name = "forum_hardest_1905_11plus";
    assert_unique_corpus(name, &sample("forum_hardest_1905_11plus.every200.txt"));
}

#[test]
#[ignore = "walks a full corpus: run with --ignored where the corpora are (TERMDOKU_DATA)"]
fn long_every_17_clue_puzzle_has_one_valid_solution() {
    let text = common::read_full_corpus("17_clue.txt");
    assert_unique_corpus("17_clue", &text);
}

#[test]
#[ignore = "walks a full corpus: run with --ignored where the corpora are (TERMDOKU_DATA)"]
fn long_every_forum_hardest_11plus_puzzle_has_one_valid_solution() {
    let text = common::read_full_corpus("forum_hardest_1905_11plus.txt");
    assert_unique_corpus("forum_hardest_1905_11plus", &text);
}

#[test]
fn every_top1465_puzzle_has_one_valid_solution() {
    assert_unique_corpus("top1465", &sample("magictour_top1465.txt"));
}

#[test]
fn every_forum_hardest_1106_puzzle_has_one_valid_solution() {
    assert_unique_corpus("forum_hardest_1106", &sample("forum_hardest_1106.txt"));
}

fn assert_several_solutions(text: &str) {
    for solver in solvers() {
        for p in parse_corpus(text) {
            let isa = solver.isa();
            assert_eq!(solver.count_solutions_values(&p, 2), 2, "{isa:?} {p:?}");
            assert_eq!(solver.solve_values(&p), Outcome::Multiple, "{isa:?}");
            // Its first solution is still a valid grid.
            let mut cells = [None; 81];
            for (i, &v) in p.iter().enumerate() {
                cells[i] = Digit::new(v).map(|d| (d, true));
            }
            let s = solver
                .first_solution(&Board::from_values(&cells))
                .expect("solvable");
            assert_valid_solution(s.values(), &p);
        }
    }
}

#[test]
fn sampled_serg_puzzles_have_several_solutions() {
    assert_several_solutions(&sample("serg_benchmark.every50.txt"));
}

#[test]
#[ignore = "walks a full corpus: run with --ignored where the corpora are (TERMDOKU_DATA)"]
fn long_every_serg_puzzle_has_several_solutions() {
    let text = common::read_full_corpus("serg_benchmark.txt");
    assert_several_solutions(&text);
}

#[test]
fn removing_a_clue_from_a_17_clue_puzzle_leaves_several_solutions() {
    // No 16-clue Sudoku has a unique solution, so every 16-clue subset counts 2.
    for p in parse_corpus(&sample("17_clue.every100.txt"))
        .iter()
        .step_by(10)
    {
        for i in (0..81).filter(|&i| p[i] != 0) {
            let mut q = *p;
            q[i] = 0;
            for solver in solvers() {
                assert_eq!(solver.count_solutions_values(&q, 2), 2, "{q:?}");
            }
        }
    }
}

#[test]
fn sparse_grids_count_two() {
    let sol = match solve_values(&line81(FIRST_17_CLUE)) {
        Outcome::Unique(s) => *s.values(),
        other => panic!("{other:?}"),
    };
    // 0..=16 clues taken from a solution grid, spread over the grid.
    for clues in 0..=16usize {
        let mut q = [0u8; 81];
        for k in 0..clues {
            let i = (k * 37 + clues * 11) % 81;
            q[i] = sol[i];
        }
        for solver in solvers() {
            assert_eq!(solver.count_solutions_values(&q, 2), 2, "{clues} clues");
            assert_eq!(solver.count_solutions_values(&q, 1), 1);
            assert_eq!(solver.count_solutions_values(&q, 0), 0);
        }
    }
}

#[test]
fn contradictory_starts_report_no_solution() {
    let base = line81(TOP1465_1);
    // Two equal digits in a row, a column, a box.
    let i = (0..81).find(|&i| base[i] != 0).unwrap();
    let d = base[i];
    let (r, c) = (i / 9, i % 9);
    for j in [
        r * 9 + (c + 1) % 9,
        ((r + 1) % 9) * 9 + c,
        (r / 3 * 3 + (r + 1) % 3) * 9 + c / 3 * 3 + (c + 1) % 3,
    ] {
        let mut q = base;
        q[j] = d;
        for solver in solvers() {
            assert_eq!(solver.count_solutions_values(&q, 2), 0, "{q:?}");
            assert_eq!(solver.solve_values(&q), Outcome::None);
        }
    }
    // An empty cell with no candidate: its eight peers in a row and column hold 1..=9.
    let mut q = [0u8; 81];
    for (k, v) in q.iter_mut().enumerate().take(9).skip(1) {
        *v = k as u8; // row 1: 1..=8 in columns 2..9
    }
    q[9 * 4] = 9; // column 1 holds a 9
    for solver in solvers() {
        assert_eq!(solver.count_solutions_values(&q, 2), 0);
    }
    // Out-of-range values are contradictions, not panics.
    let mut q = [0u8; 81];
    q[5] = 10;
    assert_eq!(count_solutions_values(&q, 2), 0);
}

#[test]
fn candidates_and_filled_digits_are_honoured() {
    let p = line81(TOP1465_8);
    let mut cells = [None; 81];
    for (i, &v) in p.iter().enumerate() {
        cells[i] = Digit::new(v).map(|d| (d, true));
    }
    let board = Board::from_values(&cells);
    let Outcome::Unique(sol) = solve(&board) else {
        panic!("top1465 #8 is unique")
    };
    let empties: Vec<Cell> = Cell::all().filter(|&c| board.is_empty_cell(c)).collect();

    // Eliminating a wrong candidate everywhere keeps the solution; eliminating the right one
    // anywhere kills it.
    let mut b = board.clone();
    for &c in &empties {
        if let Some(wrong) = b.candidates(c).iter().find(|&d| d != sol.digit(c)) {
            b.eliminate(c, wrong);
        }
    }
    assert_eq!(solve(&b), Outcome::Unique(sol));
    let mut b = board.clone();
    b.eliminate(empties[20], sol.digit(empties[20]));
    assert_eq!(solve(&b), Outcome::None);

    // A right filled digit keeps it; a wrong one is reported by wrong_digits.
    let mut b = board.clone();
    b.set_filled(empties[3], sol.digit(empties[3]));
    assert_eq!(solve(&b), Outcome::Unique(sol));
    assert_eq!(wrong_digits(&b).unwrap().len(), 0);
    let bad = Digit::ALL
        .into_iter()
        .find(|&d| d != sol.digit(empties[5]) && board.candidates(empties[5]).contains(d))
        .unwrap();
    b.set_filled(empties[5], bad);
    assert_eq!(solve(&b), Outcome::None);
    let wrong = wrong_digits(&b).unwrap();
    assert_eq!(wrong.len(), 1);
    assert!(wrong.contains(empties[5]));

    // A cell whose candidates are all eliminated: no solution at once.
    let mut cs = board.cells();
    cs[empties[0].index()] = CellState::Empty(DigitSet::EMPTY);
    assert_eq!(count_solutions(&Board::from_cells(&cs, true), 2), 0);
}

// ---- Reference backtracker and the property test ----

/// Counts solutions up to `limit` the plain way: house masks of used digits; fill the empty cell
/// with the fewest allowed digits, recurse. `allowed[i]` restricts the digits of empty cell `i`
/// (bit d-1).
fn reference_count(values: &[u8; 81], allowed: &[u16; 81], limit: usize) -> usize {
    let mut used = [0u16; 27];
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            let bit = 1 << (v - 1);
            for h in houses(i) {
                if used[h] & bit != 0 {
                    return 0;
                }
                used[h] |= bit;
            }
        }
    }
    let mut values = *values;
    let mut n = 0;
    reference_rec(&mut values, &mut used, allowed, limit, &mut n);
    n
}

fn houses(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + (i / 27) * 3 + (i % 9) / 3]
}

fn reference_rec(
    values: &mut [u8; 81],
    used: &mut [u16; 27],
    allowed: &[u16; 81],
    limit: usize,
    n: &mut usize,
) {
    let mut best: Option<(usize, u16)> = None;
    for i in 0..81 {
        if values[i] != 0 {
            continue;
        }
        let [r, c, b] = houses(i);
        let m = allowed[i] & !(used[r] | used[c] | used[b]);
        if best.is_none_or(|(_, bm)| m.count_ones() < bm.count_ones()) {
            best = Some((i, m));
        }
    }
    let Some((i, m)) = best else {
        *n += 1;
        return;
    };
    let [r, c, b] = houses(i);
    for d in 0..9 {
        if m >> d & 1 != 0 {
            values[i] = d as u8 + 1;
            used[r] |= 1 << d;
            used[c] |= 1 << d;
            used[b] |= 1 << d;
            reference_rec(values, used, allowed, limit, n);
            used[r] &= !(1 << d);
            used[c] &= !(1 << d);
            used[b] &= !(1 << d);
            values[i] = 0;
            if *n >= limit {
                return;
            }
        }
    }
}

/// A valid grid to derive random puzzles from (row-shifted pattern), then shuffled by symmetries.
fn base_grid() -> [u8; 81] {
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            g[r * 9 + c] = ((r * 3 + r / 3 + c) % 9) as u8 + 1;
        }
    }
    g
}

prop_compose! {
    fn random_grid()(
        digits in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        bands in Just(vec![0usize, 1, 2]).prop_shuffle(),
        rows in proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3),
        stacks in Just(vec![0usize, 1, 2]).prop_shuffle(),
        cols in proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3),
        transpose in any::<bool>(),
    ) -> [u8; 81] {
        let base = base_grid();
        let mut g = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let sr = bands[r / 3] * 3 + rows[r / 3][r % 3];
                let sc = stacks[c / 3] * 3 + cols[c / 3][c % 3];
                let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                g[r * 9 + c] = digits[base[sr * 9 + sc] as usize - 1];
            }
        }
        g
    }
}

prop_compose! {
    /// A partial grid: a random subset of a valid grid's cells, sometimes one wrong digit, and
    /// random candidate eliminations on empty cells.
    fn random_position()(
        grid in random_grid(),
        keep in proptest::collection::vec(any::<bool>(), 81),
        density in 0u32..2,
        extra in any::<bool>(),
        extra_cell in 0usize..81,
        extra_digit in 1u8..=9,
        elims in proptest::collection::vec((0usize..81, 0u16..9), 0..24),
    ) -> ([u8; 81], [u16; 81]) {
        let mut values = [0u8; 81];
        let mut seed = density;
        for i in 0..81 {
            // density 0..2: keep about 1/2 or 1/3 of the cells (about 40 or 27 clues, so a planted
            // wrong digit is refuted quickly by the reference too).
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            if keep[i] && (density == 0 || seed % 3 != 0) {
                values[i] = grid[i];
            }
        }
        if extra {
            values[extra_cell] = extra_digit;
        }
        let mut allowed = [0x1FFu16; 81];
        for (i, d) in elims {
            allowed[i] &= !(1 << d);
        }
        (values, allowed)
    }
}

fn board_of(values: &[u8; 81], allowed: &[u16; 81]) -> Board {
    let mut b = Board::empty();
    for c in Cell::all() {
        if let Some(d) = Digit::new(values[c.index()]) {
            b.set_given(c, d);
        }
    }
    for c in Cell::all() {
        if b.is_empty_cell(c) {
            for d in Digit::ALL {
                if allowed[c.index()] & d.bit() == 0 {
                    b.eliminate(c, d);
                }
            }
        }
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn agrees_with_the_reference_backtracker((values, allowed) in random_position()) {
        let board = board_of(&values, &allowed);
        let no_elims = [0x1FFu16; 81];
        let expected: Vec<usize> =
            [1usize, 2, 3].map(|limit| reference_count(&values, &allowed, limit)).to_vec();
        let expected_values = reference_count(&values, &no_elims, 2);
        // Every code path, then the free functions (the fastest path).
        for solver in solvers() {
            let isa = solver.isa();
            for (limit, &want) in [1usize, 2, 3].iter().zip(&expected) {
                prop_assert_eq!(
                    solver.count_solutions(&board, *limit), want, "{:?} limit {}", isa, limit
                );
            }
            prop_assert_eq!(
                solver.count_solutions_values(&values, 2), expected_values, "{:?}", isa
            );
            if let Outcome::Unique(s) = solver.solve(&board) {
                prop_assert_eq!(expected[1], 1);
                assert_valid_solution(s.values(), &values);
                for c in Cell::all() {
                    if board.is_empty_cell(c) {
                        prop_assert!(board.candidates(c).contains(s.digit(c)));
                    }
                }
            }
            if let Some(s) = solver.first_solution(&board) {
                assert_valid_solution(s.values(), &values);
            }
        }
        prop_assert_eq!(count_solutions(&board, 2), expected[1]);
        prop_assert_eq!(count_solutions_values(&values, 2), expected_values);
        prop_assert_eq!(solve(&board) == Outcome::None, expected[0] == 0);
        if let Some(s) = first_solution(&board) {
            assert_valid_solution(s.values(), &values);
        }
    }
}

// ---- The command line ----

fn termdoku(args: &[&str], stdin: &str) -> (String, String, i32) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run termdoku");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_solves_one_puzzle_and_reports_failures() {
    let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let (out, _, code) = termdoku(&["solve", p], "");
    assert_eq!(code, 0);
    let sol = parse_line81(out.trim_end().as_bytes()).expect("81 digits");
    assert_valid_solution(&sol, &parse_line81(p.as_bytes()).unwrap());

    // The same puzzle as a 9-line grid on stdin.
    let grid: String = p
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(termdoku(&["solve"], &grid).0, out);

    let empty = ".".repeat(81);
    let (out, err, code) = termdoku(&["solve", &empty], "");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(err.contains("more than one solution"), "{err}");
    assert_eq!(termdoku(&["solve", "--count", &empty], "").0, "2\n");

    let bad = format!("11{}", &empty[2..]);
    let (_, err, code) = termdoku(&["solve", &bad], "");
    assert_eq!(code, 1);
    assert!(err.contains("no solution"), "{err}");
    assert_eq!(termdoku(&["solve", "--count", &bad], "").0, "0\n");

    let (out, _, code) = termdoku(&["solve", "not a sudoku"], "");
    assert_eq!((out.as_str(), code), ("", 2));
}

#[test]
fn cli_each_line_answers_every_line() {
    let unique =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let empty = ".".repeat(81);
    let bad = format!("11{}", &empty[2..]);
    let input = format!("{unique}\n{empty}\n{bad}\nxyz\n{unique} # with a trailer\n");
    let (out, _, code) = termdoku(&["solve", "--each-line"], &input);
    assert_eq!(code, 1, "a line could not be read");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0].len(), 81);
    assert_eq!(&lines[1..3], &["multiple", "none"]);
    assert!(lines[3].starts_with("error: "), "{}", lines[3]);
    assert_eq!(lines[4], lines[0]);
    let (out, _, _) = termdoku(&["solve", "--each-line", "--count"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..3], &["1", "2", "0"]);
    assert_eq!(lines[4], "1");
}
