//! Every chain step along the solution paths of the repository's samples reads in Eureka
//! notation: every link of the step's chains is written, strong and weak links alternate (also
//! inside brackets), and the notation ends with the step's own conclusion.

use crate::common;

use termdoku::codec;
use termdoku::solver::engine::solution_path;
use termdoku::solver::notation::conclusion_text;
use termdoku::solver::technique::ChainKind;
use termdoku::solver::{ChainNode, Eureka, Grid};

#[test]
fn chain_steps_on_the_sample_paths_read_as_alternating_chains() {
    let mut chain_steps = 0;
    let mut techniques = std::collections::BTreeSet::new();
    for name in [
        "sudokuexchange_diabolical_sample160_with_SER.txt",
        "magictour_top1465.txt",
    ] {
        let text = common::read_sample(name);
        for line in text.lines().take(120) {
            let board = codec::decode_any(&line[..81]).unwrap().board;
            let path = solution_path(&board);
            let mut grid = Grid::from_board(&board);
            for s in &path.steps {
                let e = Eureka::with_candidates(s, &|c| grid.candidates(c));
                grid.apply(s);
                let Some(e) = e else {
                    assert!(s.chains().iter().all(Vec::is_empty), "{}", s.text);
                    continue;
                };
                chain_steps += 1;
                techniques.insert(s.technique.name());
                assert_eq!(
                    e.conclusion,
                    conclusion_text(&s.eliminations, &s.placements),
                    "{}",
                    s.text
                );
                assert!(
                    e.to_string().ends_with(&format!(" => {}", e.conclusion)),
                    "{e}"
                );
                // (A branch without links, a verity's premise that is its conclusion, has
                // no line.)
                let chains = s.chains().iter().filter(|c| !c.is_empty());
                for (b, links) in e.branches.iter().zip(chains) {
                    let symbols: Vec<char> =
                        b.chain.chars().filter(|c| matches!(c, '=' | '-')).collect();
                    // A continuous loop that stops in its first cell on another digit is
                    // closed by the in-cell link back to its start.
                    let closing = s.technique.name().contains("Continuous Nice Loop")
                        && links.first().map(|l| l.from) != links.last().map(|l| l.to);
                    // An ALS writes the strong inference inside it, `(19=5)r45c9`, whether or
                    // not the chain has a link for it.
                    let als = links.iter().any(|l| {
                        matches!(l.from, ChainNode::Als { .. })
                            || matches!(l.to, ChainNode::Als { .. })
                    });
                    if !als {
                        assert_eq!(
                            symbols.len(),
                            links.len() + usize::from(closing),
                            "{}: {}",
                            s.text,
                            b.chain
                        );
                    }
                    if s.technique.chain_kind() != ChainKind::Forcing {
                        assert!(
                            symbols.windows(2).all(|w| w[0] != w[1]),
                            "{}: {}",
                            s.text,
                            b.chain
                        );
                        // An AIC (and every pattern read as one) starts and ends with a
                        // strong link; a nice loop may start with a weak one.
                        if !s.technique.name().contains("Nice Loop") {
                            assert_eq!(symbols.first(), Some(&'='), "{}: {}", s.text, b.chain);
                            assert_eq!(symbols.last(), Some(&'='), "{}: {}", s.text, b.chain);
                        }
                    }
                }
            }
        }
    }
    assert!(chain_steps >= 50, "only {chain_steps} chain steps");
    for t in [
        "X-Chain",
        "XY-Chain",
        "W-Wing",
        "Skyscraper",
        "Empty Rectangle",
    ] {
        assert!(
            techniques.contains(t),
            "no {t} on the sample paths: {techniques:?}"
        );
    }
}
