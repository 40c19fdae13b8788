//! A step's chain text folded for reading in the text view (`i`), as the board draws it: with
//! one branch of a forcing chain or net drawn (`]`, `[`), its Eureka line and its chain of SE's
//! explanation are open and the other branches are one line each (`▸`); SE's nested chains hang
//! under the implication they prove, one line each until `z` lists them whole (`▾`), indented
//! under it. Every word of SE's text is there once all is open; the copy (`yt`) has it in SE's
//! own order.

use super::chain_view::{branch_count, drawn_branch};
use super::plural;
use crate::solver::se::explain::{Explanation, Outline, OutlineChain, OutlineNested};
use crate::solver::{Eureka, Step};

/// What of a step's text is open: the branch drawn (1-based, 0: all) and whether nested chains
/// are listed whole.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    pub branch: usize,
    pub nested_open: bool,
}

/// The step's Eureka lines under their heading: with one branch of a many-branch step drawn,
/// that branch and the conclusion, the others counted; else every line.
pub fn eureka_lines(step: &Step, e: &Eureka, fold: Option<Fold>) -> Vec<String> {
    let n = branch_count(step);
    let drawn = fold
        .and_then(|f| drawn_branch(n, f.branch))
        .filter(|_| e.branches.len() == n);
    let Some(i) = drawn else {
        let mut out = vec!["Eureka notation:".to_string()];
        out.extend(e.lines());
        return out;
    };
    let b = &e.branches[i];
    let mut out = vec![format!("Eureka notation, branch {} of {n}:", i + 1)];
    match &b.end {
        Some(end) => out.push(format!("{} => {end}", b.chain)),
        None => out.push(b.chain.clone()),
    }
    if b.end.as_deref() != Some(e.conclusion.as_str()) {
        out.push(format!("=> {}", e.conclusion));
    }
    out.push(if n == 2 {
        "▸ 1 other branch (] [ shows it)".to_string()
    } else {
        format!("▸ {} other branches (] [ show them)", n - 1)
    });
    out
}

/// SE's explanation of the step, folded as `fold` asks (in SE's own order and whole without
/// one).
pub fn explanation_lines(step: &Step, e: &Explanation, fold: Option<Fold>) -> Vec<String> {
    let Some(fold) = fold else {
        return e.lines();
    };
    let Some(o) = e.outline() else {
        // No tree: the lines before the nested chains' details, and those folded.
        let (mut main, details, nested) = e.nested_apart();
        if fold.nested_open {
            main.extend(details);
        } else if nested > 0 {
            main.push(format!(
                "▸ {} (z lists them)",
                plural(nested, "nested chain")
            ));
        }
        return main;
    };
    let n = branch_count(step);
    let open = if o.chains.len() == n {
        drawn_branch(n, fold.branch)
    } else {
        None
    };
    outline_lines(&o, open, n > 1, fold.nested_open)
}

/// The tree as lines: chain `open` open and the others folded (all open for `None`), chain
/// headings marked when `marked` (a many-branch step), nested chains open or folded.
fn outline_lines(o: &Outline, open: Option<usize>, marked: bool, nested_open: bool) -> Vec<String> {
    let mut out = o.head.clone();
    if nested_open {
        out.extend(o.nested_note.iter().cloned());
    }
    for (i, c) in o.chains.iter().enumerate() {
        let shown = open.is_none_or(|k| k == i);
        let Some((head, before)) = c.head.split_last() else {
            continue;
        };
        out.extend(before.iter().cloned());
        if shown {
            out.push(if marked {
                format!("▾ {head}")
            } else {
                head.clone()
            });
            rules(&mut out, c, 1, nested_open);
        } else {
            let nested = c.rules.iter().filter(|r| r.nested.is_some()).count();
            let inside = if nested > 0 {
                format!(", {}", plural(nested, "nested chain"))
            } else {
                String::new()
            };
            out.push(format!(
                "▸ {head} {}{inside} (] [ show it)",
                plural(c.rules.len(), "implication")
            ));
        }
    }
    out.extend(o.tail.iter().cloned());
    out
}

/// A chain's implications at `depth` (two spaces each), each with the nested chain that
/// proves it under it.
fn rules(out: &mut Vec<String>, c: &OutlineChain, depth: usize, nested_open: bool) {
    let pad = "  ".repeat(depth);
    for r in &c.rules {
        out.push(format!("{pad}{}", r.text));
        if let Some(n) = &r.nested {
            nested(out, n, depth + 1, nested_open);
        }
    }
}

fn nested(out: &mut Vec<String>, n: &OutlineNested, depth: usize, open: bool) {
    let pad = "  ".repeat(depth);
    let views = views(n);
    if !open || n.again {
        let what = if n.again {
            format!("{views}, listed above")
        } else {
            let k: usize = n.chains.iter().map(|c| c.rules.len()).sum();
            format!("{views}, {}; z lists it", plural(k, "implication"))
        };
        out.push(format!("{pad}▸ {} ({what})", n.title));
        return;
    }
    out.push(format!("{pad}▾ {}", n.title));
    for c in &n.chains {
        out.extend(c.head.iter().map(|h| format!("{pad}  {h}")));
        rules(out, c, depth + 2, open);
    }
}

/// The views a nested chain's chains are numbered with: `Chain 4`, `Chains 4-5`.
fn views(n: &OutlineNested) -> String {
    let number = |c: Option<&OutlineChain>| {
        c.and_then(|c| c.head.last())
            .and_then(|h| h.strip_prefix("Chain "))
            .and_then(|h| h.split(':').next())
            .map(str::to_string)
            .unwrap_or_default()
    };
    let (first, last) = (number(n.chains.first()), number(n.chains.last()));
    if first == last {
        format!("Chain {first}")
    } else {
        format!("Chains {first}-{last}")
    }
}
