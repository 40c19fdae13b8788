//! Every step of a state (HoDoKu's "find all steps", `techniques::all`): along the solution
//! paths of sample puzzles, every listed step is sound, changes something, is listed once, comes
//! in HoDoKu's slot order, and the hint (the engine's next step) is among them.

use crate::common;

use termdoku::solver::engine::{context, next_step_on};
use termdoku::solver::finder;
use termdoku::solver::techniques::all::{collect_all, slot_steps, StepFilter};
use termdoku::solver::techniques::brute_force::first_solution_in_cell_order;
use termdoku::solver::techniques::registry::slot_finder;
use termdoku::solver::{Candidate, Grid, Step, Technique};

/// What a step does: its technique, eliminations and placements, sorted.
fn effect(s: &Step) -> (Technique, Vec<Candidate>, Vec<Candidate>) {
    let mut e = s.eliminations.clone();
    e.sort();
    e.dedup();
    let mut p = s.placements.clone();
    p.sort();
    (s.hodoku_equivalent(), e, p)
}

#[test]
fn every_listed_step_is_sound_once_in_order_and_holds_the_hint() {
    let text = common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut states = 0;
    let mut listed = 0;
    for line in text.lines().step_by(32) {
        let board = common::givens_board(line);
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context(&board);
        let mut grid = Grid::from_board(&board);
        for k in 0..200 {
            let Some(hint) = next_step_on(&grid, &ctx) else {
                break;
            };
            if k % 9 == 0 {
                states += 1;
                let all = collect_all(&grid, &ctx);
                listed += all.len();
                let mut seen = std::collections::HashSet::new();
                let mut last_order = 0;
                for s in &all {
                    assert!(!s.is_empty(), "{line}: {}", s.text);
                    assert!(seen.insert(effect(s)), "{line}: listed twice: {}", s.text);
                    assert!(
                        s.hodoku_equivalent().order() >= last_order,
                        "{line}: order at {}",
                        s.text
                    );
                    last_order = s.hodoku_equivalent().order();
                    common::assert_sound_eliminations(&grid, s, &sol, line);
                    for p in &s.placements {
                        assert_eq!(sol[p.cell.index()], p.digit.get(), "{line}: {}", s.text);
                    }
                }
                if hint.technique != Technique::BruteForce {
                    assert!(
                        all.iter().any(|s| effect(s) == effect(&hint)),
                        "{line}: the hint {} is not listed",
                        hint.text
                    );
                }
            }
            grid.apply(&hint);
            if grid.is_solved() {
                break;
            }
        }
    }
    assert!(states > 10, "{states} states");
    assert!(
        listed > states * 3,
        "{listed} steps listed on {states} states"
    );
}

#[test]
fn enumerating_slots_find_more_than_the_first_instance() {
    // A state with four pointing candidates and six claiming ones (top1465 #1 after its
    // first steps are not needed: the givens state already has them).
    let board = common::givens_board(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    );
    let ctx = context(&board);
    let grid = Grid::from_board(&board);
    let lc1 = Technique::LockedCandidates1.slot();
    let steps = slot_steps(lc1, &grid, &ctx);
    assert_eq!(
        steps.len(),
        4,
        "{:?}",
        steps.iter().map(|s| &s.text).collect::<Vec<_>>()
    );
    assert_eq!(
        steps[0].text,
        "Locked Candidates Type 1 (Pointing): 5 in b4 => r123c3<>5"
    );
    // The first listed is the hint's pick.
    let first = finder::first(slot_finder(lc1).find, &grid, &ctx).unwrap();
    assert_eq!(effect(&steps[0]), effect(&first));
    // A finder that does not lead with its hint's step lists exactly what it reports.
    assert!(!slot_finder(lc1).leads);
    assert_eq!(finder::every(slot_finder(lc1).find, &grid, &ctx), steps);
}

#[test]
fn filters_name_techniques_and_families() {
    use termdoku::solver::techniques::all::TechniqueFamily;
    assert_eq!(
        StepFilter::parse("x-wing"),
        Some(StepFilter::Technique(Technique::XWing))
    );
    assert_eq!(
        StepFilter::parse("xy"),
        Some(StepFilter::Technique(Technique::XyWing))
    );
    assert_eq!(
        StepFilter::parse("Fish"),
        Some(StepFilter::TechniqueFamily(TechniqueFamily::Fish))
    );
    assert_eq!(StepFilter::parse("nope"), None);
    let nl = StepFilter::parse("nl").unwrap();
    assert!(nl.matches(Technique::Aic) && !nl.matches(Technique::GroupedAic));
    assert!(StepFilter::TechniqueFamily(TechniqueFamily::Fish)
        .matches(Technique::FinnedFrankenSwordfish));
    assert!(StepFilter::TechniqueFamily(TechniqueFamily::Wings).matches(Technique::WWing));
    assert!(!StepFilter::TechniqueFamily(TechniqueFamily::Wings).matches(Technique::XWing));
}

#[test]
fn hint_all_prints_the_groups_with_counts_and_only_narrows_them() {
    let bin = env!("CARGO_BIN_EXE_termdoku");
    let state = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let out = std::process::Command::new(bin)
        .args(["hint", "--all", state])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], ["Hidden Single (1)", "  Hidden Single: r9c3=7"]);
    assert!(text.contains("\nDiscontinuous Nice Loop (15)\n"), "{text}");
    // HoDoKu's list: 123 entries, 16 more under them; no locked candidates, no forcing chains.
    let entries = lines
        .iter()
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "));
    assert_eq!(entries.count(), 123);
    assert_eq!(lines.iter().filter(|l| l.starts_with("    ")).count(), 16);
    assert!(!text.contains("Locked Candidates") && !text.contains("Forcing"));
    let out = std::process::Command::new(bin)
        .args(["hint", "--all", "--only", "wings", state])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "XYZ-Wing (1)\n  XYZ-Wing: 4/6/8 in r7c123 => r7c589,r89c2,r9c3<>6\n"
    );
    let out = std::process::Command::new(bin)
        .args(["hint", "--all", "--only", "x-wing", state])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "termdoku hint: no X-Wing step in this state\n"
    );
    let out = std::process::Command::new(bin)
        .args(["hint", "--all", "--only", "bogus", state])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("not a technique or family"));
}

/// The slots whose finders stopped at their first step list every instance, in HoDoKu's
/// all-steps order, on states (from HoDoKu 2.2's paths) with several.
#[test]
fn every_instance_of_sue_de_coq_als_chains_death_blossom_kraken_and_templates() {
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    // (slot, state, distinct steps listed, sorted by most eliminations first)
    let cases: &[(Technique, &str, usize, bool)] = &[
        (
            Technique::SueDeCoq,
            ":0000:x:........8.+83...4.+2.9+4.2+8.6..+4.+879....+5+7+4612.+9.6.5+32.7+4.+38...5+4..1....+82.4.5.....3:985 386 686 786::",
            2,
            false,
        ),
        (
            Technique::AlsXyChain,
            ":0000:x:....+4+3..8.+83..+54.+2.9+4.2+8+36..+4.+879+6..+3+5+7+4612+8+9+86+95+32+17+4.+38...5+4.+91+6+3+5+4+82+74.5.+8...3:::",
            63,
            true,
        ),
        (Technique::DeathBlossom, HARD, 3, true),
        (Technique::KrakenFishType1, HARD, 68, true),
        (
            Technique::TemplateSet,
            ":0000:x:4...3.......6.+48........+4+61....5..9..8.+4..6...7.2....+4...1+927..5+13...+94+29+2+7+3+4+5+1+8.:213 513 613 913 714 814 716 916 518 523 923 228 728 729 533 933 734 834 936 643 346 746 846 349 151 153 253 156 756 358 558 359 361 163 663 166 666 866 368 568 679::",
            9,
            false,
        ),
        (Technique::TemplateDelete, HARD, 9, false),
    ];
    for &(t, line, count, sorted) in cases {
        let board = termdoku::codec::decode_any(line).unwrap().board;
        let sol = first_solution_in_cell_order(&board.values_array()).expect("solvable");
        let ctx = context(&board);
        let grid = Grid::from_board(&board);
        let slot = t.slot();
        let steps = slot_steps(slot, &grid, &ctx);
        let distinct: std::collections::HashSet<_> = steps.iter().map(effect).collect();
        assert_eq!(distinct.len(), count, "{t:?}");
        for s in &steps {
            common::assert_sound_eliminations(&grid, s, &sol, line);
            for p in &s.placements {
                assert_eq!(sol[p.cell.index()], p.digit.get(), "{}", s.text);
            }
        }
        // The hint's pick is listed: first, but for Kraken fish, whose hint is the first the fish
        // search finds and whose list HoDoKu sorts.
        let f = slot_finder(slot);
        let first = finder::first(f.find, &grid, &ctx).unwrap();
        // A finder that leads with its hint's step reports it, then the list.
        let every = finder::every(f.find, &grid, &ctx);
        assert_eq!(every[0], first, "{t:?}");
        assert_eq!(&every[usize::from(f.leads)..], &steps[..], "{t:?}");
        if t == Technique::KrakenFishType1 {
            assert!(distinct.contains(&effect(&first)), "{t:?}");
        } else {
            assert_eq!(effect(&steps[0]), effect(&first), "{t:?}");
        }
        if sorted {
            assert!(
                steps
                    .windows(2)
                    .all(|w| w[0].eliminations.len() >= w[1].eliminations.len()),
                "{t:?}: not most eliminations first"
            );
        }
        if matches!(t, Technique::TemplateSet | Technique::TemplateDelete) {
            // One step per digit, in digit order.
            let digits: Vec<_> = steps
                .iter()
                .map(|s| {
                    s.placements
                        .first()
                        .or(s.eliminations.first())
                        .unwrap()
                        .digit
                })
                .collect();
            assert!(digits.windows(2).all(|w| w[0] < w[1]), "{digits:?}");
        }
    }
}
