//! The optional fish and template finders (off by default, so the corpus walks do not reach
//! them) on states of the sample paths: every step only removes candidates that are not the
//! solution's digit and only places the solution's digits, and a step's technique is the
//! finder's own.

use termdoku::codec::decode_any;
use termdoku::solver::engine::{context, solution_path};
use termdoku::solver::finder::{self, Finder};
use termdoku::solver::techniques::registry::slot_finder;
use termdoku::solver::techniques::{templates, Context};
use termdoku::solver::{Grid, Technique};

use crate::common;

/// The finder of a technique's slot.
fn finder(t: Technique) -> Finder<Context> {
    slot_finder(t.slot()).find
}

#[test]
fn optional_fish_and_templates_only_make_true_deductions() {
    let finders: &[(Finder<Context>, &[Technique])] = &[
        (finder(Technique::Squirmbag), &[Technique::Squirmbag]),
        (finder(Technique::Whale), &[Technique::Whale]),
        (finder(Technique::Leviathan), &[Technique::Leviathan]),
        (
            finder(Technique::FinnedSquirmbag),
            &[Technique::FinnedSquirmbag],
        ),
        (
            finder(Technique::SashimiSquirmbag),
            &[Technique::SashimiSquirmbag],
        ),
        (finder(Technique::FinnedWhale), &[Technique::FinnedWhale]),
        (
            finder(Technique::SashimiLeviathan),
            &[Technique::SashimiLeviathan],
        ),
        (
            finder(Technique::FrankenJellyfish),
            &[Technique::FrankenJellyfish],
        ),
        (
            finder(Technique::FinnedFrankenJellyfish),
            &[Technique::FinnedFrankenJellyfish],
        ),
        (finder(Technique::MutantXWing), &[Technique::MutantXWing]),
        (
            finder(Technique::MutantSwordfish),
            &[Technique::MutantSwordfish],
        ),
        (
            finder(Technique::FinnedMutantXWing),
            &[Technique::FinnedMutantXWing],
        ),
        (
            finder(Technique::FinnedMutantSwordfish),
            &[Technique::FinnedMutantSwordfish],
        ),
        (templates::template_set, &[Technique::TemplateSet]),
        (templates::template_delete, &[Technique::TemplateDelete]),
    ];
    let text = common::read_sample("sudokuexchange_diabolical_sample160_with_SER.txt");
    let mut fired = vec![0usize; finders.len()];
    for line in text.lines().step_by(8) {
        let board = decode_any(&line[..81]).unwrap().board;
        let ctx = context(&board);
        let solution = ctx.solution.expect("unique");
        let path = solution_path(&board);
        let mut grid = Grid::from_board(&board);
        for (k, step) in path.steps.iter().enumerate() {
            if k % 6 == 0 && step.placements.is_empty() {
                for (i, (find, techs)) in finders.iter().enumerate() {
                    let Some(s) = finder::first(*find, &grid, &ctx) else {
                        continue;
                    };
                    fired[i] += 1;
                    assert!(techs.iter().any(|t| s.technique == *t), "{:?}", s.technique);
                    assert!(!s.is_empty(), "{}", s.text);
                    for e in &s.eliminations {
                        assert_ne!(solution[e.cell.index()], e.digit, "{}: {line}", s.text);
                        assert!(grid.candidates(e.cell).contains(e.digit), "{}", s.text);
                    }
                    for p in &s.placements {
                        assert_eq!(solution[p.cell.index()], p.digit, "{}: {line}", s.text);
                    }
                }
            }
            grid.apply(step);
        }
    }
    // The common shapes do occur on these states.
    for (i, name) in [
        (7, "Franken Jellyfish"),
        (9, "Mutant X-Wing"),
        (14, "Template Delete"),
    ] {
        assert!(fired[i] > 0, "{name} never fired: {fired:?}");
    }
}
