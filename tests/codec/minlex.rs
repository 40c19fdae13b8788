//! The canonical form (docs/minlex.md): the minlexing tool's forms stored once in
//! `tests/fixtures/minlex.txt`, and properties over the sample puzzles and grids that are not
//! puzzles: a random morph has the same form, the form is its own form and a morph of the grid
//! (same number of givens per digit class, same number of solutions).

use crate::common::{self, Rng};
use proptest::prelude::*;

use termdoku::codec::{self, Format, WriteOptions};
use termdoku::domain::{minlex, Morph};
use termdoku::solver::exact;

use common::{givens_array as grid, line_of as text};

fn golden() -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/minlex.txt");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let (g, f) = l.split_once(' ').unwrap();
            (g.to_string(), f.to_string())
        })
        .collect()
}

/// A random morph drawn from `rng`.
fn random_morph(rng: &mut Rng) -> Morph {
    let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let mut six = || rng.below(6) as u8;
    let (bands, rows) = (six(), [six(), six(), six()]);
    let (stacks, cols) = (six(), [six(), six(), six()]);
    Morph::new(rng.chance(0.5), bands, rows, stacks, cols, digits)
}

/// Puzzles of every sample list, the golden grids (empty, full, several solutions) among them.
fn grids() -> Vec<String> {
    let mut out = common::sample_puzzles(&[
        ("17_clue.every100.txt", 10),
        ("magictour_top1465.txt", 50),
        ("forum_hardest_1106.txt", 25),
        ("forum_hardest_1905_11plus.every200.txt", 20),
        ("serg_benchmark.every50.txt", 20),
        ("sudokuexchange_diabolical_sample160_with_SER.txt", 16),
    ]);
    out.extend(golden().into_iter().map(|(g, _)| g));
    out
}

#[test]
fn the_form_is_the_minlexing_tools() {
    let cases = golden();
    assert!(cases.len() > 60, "{} golden cases", cases.len());
    for (g, want) in &cases {
        assert_eq!(text(&minlex(&grid(g))), *want, "{g}");
    }
}

#[test]
fn the_writer_writes_the_form_with_either_placeholder() {
    for (g, want) in golden() {
        let board = codec::decode_any(&g).unwrap().board;
        let line = codec::encode(Format::Minlex, &board, &WriteOptions::default()).unwrap();
        assert_eq!(line, want);
        let zeros = WriteOptions {
            zeros: true,
            ..WriteOptions::default()
        };
        let line = codec::encode(Format::Minlex, &board, &zeros).unwrap();
        assert_eq!(line, want.replace('.', "0"));
    }
}

#[test]
fn the_form_of_a_board_ignores_placed_digits() {
    let (g, want) = &golden()[0];
    let mut board = codec::decode_any(g).unwrap().board;
    let empty = termdoku::domain::Cell::all()
        .find(|&c| board.is_empty_cell(c))
        .unwrap();
    board.set_filled(empty, termdoku::domain::Digit::new(1).unwrap());
    let line = codec::encode(Format::Minlex, &board, &WriteOptions::default()).unwrap();
    assert_eq!(&line, want);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_random_morph_has_the_same_form(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let all = grids();
        let g = grid(&all[pick.index(all.len())]);
        let mut rng = Rng::new(seed);
        let m = random_morph(&mut rng);
        let morphed = m.apply(&g);
        prop_assert_eq!(text(&minlex(&morphed)), text(&minlex(&g)));
    }

    #[test]
    fn the_form_is_its_own_form_and_a_morph_of_the_grid(pick in any::<prop::sample::Index>()) {
        let all = grids();
        let g = grid(&all[pick.index(all.len())]);
        let form = minlex(&g);
        prop_assert_eq!(minlex(&form), form);
        // The same givens, in classes of the same sizes (relabelling keeps them).
        let sizes = |g: &[u8; 81]| {
            let mut n = [0usize; 10];
            for &d in g {
                n[d as usize] += 1;
            }
            let mut v = n[1..].to_vec();
            v.sort();
            (n[0], v)
        };
        prop_assert_eq!(sizes(&form), sizes(&g));
        prop_assert_eq!(
            exact::count_solutions_values(&form, 3),
            exact::count_solutions_values(&g, 3)
        );
    }
}

#[test]
fn random_morphs_of_every_sample_share_their_form() {
    let mut rng = Rng::new(common::env_seed("MINLEX_SEED", 29));
    for line in grids() {
        let g = grid(&line);
        let form = minlex(&g);
        for _ in 0..3 {
            let m = random_morph(&mut rng);
            assert_eq!(
                text(&minlex(&m.apply(&g))),
                text(&form),
                "{line} under {m:?}"
            );
        }
    }
}
