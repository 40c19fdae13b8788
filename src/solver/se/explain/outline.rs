//! A chain step's explanation as a tree for reading ([`Outline`]): SE's text, word for word, cut
//! into the lines before its chains, each chain (its heading and its numbered implications),
//! the lines after them, and under each implication that a nested chain proves, that nested
//! chain with its own chains (SE lists them all apart, after the main chains). A reader can
//! then fold a branch or a nested chain under the line it serves; [`Outline::se_lines`] gives
//! back SE's own order.

use super::html::html_lines;
use super::render::{all_nested, assumption_line, chain_rules, chain_title};
use super::{Chain, ChainExplanation, Explanation, Reason};

/// SE's explanation of a chain step, as a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The lines before the first chain: the title, the assertions, the notes.
    pub head: Vec<String>,
    /// The chains, one per view of SE's hint window (a forcing chain's or net's branches).
    pub chains: Vec<OutlineChain>,
    /// The lines after the last chain.
    pub tail: Vec<String>,
    /// SE's note over the nested chains' details, when the step has nested chains.
    pub nested_note: Option<String>,
}

/// One chain: its heading (`Chain 1: If r6c1 contains the value 3, then ... (View 1):`) and its
/// numbered implications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineChain {
    pub head: Vec<String>,
    pub rules: Vec<OutlineRule>,
}

/// One numbered implication and the nested chain that proves it, if one does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineRule {
    pub text: String,
    pub nested: Option<Box<OutlineNested>>,
}

/// A nested chain under the implication it proves: SE's heading (`Nested Turbot Fish: r5c4.8
/// off`) and its chains, numbered with SE's views.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineNested {
    pub title: String,
    pub chains: Vec<OutlineChain>,
    /// Its place in SE's list of nested chains (from 0).
    pub index: usize,
    /// Listed whole under an earlier implication already.
    pub again: bool,
}

impl Explanation {
    /// The explanation as a tree, for a chain step whose text holds each chain's implications
    /// in order; `None` for any other step.
    pub fn outline(&self) -> Option<Outline> {
        let Explanation::Chain(e) = self else {
            return None;
        };
        let (main, details, _) = self.nested_apart();
        let nested_list = all_nested(e);
        let mut seen = vec![false; nested_list.len()];
        let first_view = |n: &ChainExplanation| {
            let mut view = e.chains.len() + 1;
            for m in &nested_list {
                if std::ptr::eq(*m, n) {
                    return view;
                }
                view += m.chains.len();
            }
            view
        };
        let place = |n: &ChainExplanation| {
            nested_list
                .iter()
                .position(|m| std::ptr::eq(*m, n))
                .unwrap_or(0)
        };
        let tools = Tools {
            first_view: &first_view,
            place: &place,
        };
        let mut chains = Vec::new();
        let mut head = Vec::new();
        let mut at = 0;
        for (i, c) in e.chains.iter().enumerate() {
            let rules = html_lines(&chain_rules(c, &e.nested));
            if rules.len() != c.implications.len() {
                return None;
            }
            let found = (at..=main.len().saturating_sub(rules.len()))
                .find(|&p| main[p..p + rules.len()] == rules[..])?;
            // The first chain's heading is the line before its rules; a later chain's, every
            // line since the chain before it.
            let from = if i == 0 { found.saturating_sub(1) } else { at };
            if i == 0 {
                head = main[..from].to_vec();
            }
            chains.push(OutlineChain {
                head: main[from..found].to_vec(),
                rules: outline_rules(c, rules, &e.nested, &tools, &mut seen),
            });
            at = found + c.implications.len();
        }
        Some(Outline {
            head,
            chains,
            tail: main[at..].to_vec(),
            nested_note: details.first().cloned(),
        })
    }
}

/// What building the nested chains needs to know of the whole explanation: a nested chain's
/// first view number and its place in SE's list.
struct Tools<'a> {
    first_view: &'a dyn Fn(&ChainExplanation) -> usize,
    place: &'a dyn Fn(&ChainExplanation) -> usize,
}

fn outline_rules(
    c: &Chain,
    texts: Vec<String>,
    nested: &[ChainExplanation],
    tools: &Tools<'_>,
    seen: &mut [bool],
) -> Vec<OutlineRule> {
    texts
        .into_iter()
        .zip(&c.implications)
        .map(|(text, imp)| {
            let nested = match imp.reason {
                Some(Reason::Nested(j)) => nested
                    .get(j)
                    .map(|n| Box::new(outline_nested(n, tools, seen))),
                _ => None,
            };
            OutlineRule { text, nested }
        })
        .collect()
}

fn outline_nested(n: &ChainExplanation, tools: &Tools<'_>, seen: &mut [bool]) -> OutlineNested {
    let index = (tools.place)(n);
    let again = seen.get(index).copied().unwrap_or(false);
    if let Some(s) = seen.get_mut(index) {
        *s = true;
    }
    let mut chains = Vec::new();
    for (view, c) in ((tools.first_view)(n)..).zip(&n.chains) {
        let head = html_lines(&format!(
            "Chain {view}: <b>{}</b> (View {view}):",
            assumption_line(c)
        ));
        let texts = html_lines(&chain_rules(c, &n.nested));
        // Nested chains of a chain listed again are not walked again.
        let rules = if again {
            texts
                .into_iter()
                .map(|text| OutlineRule { text, nested: None })
                .collect()
        } else {
            outline_rules(c, texts, &n.nested, tools, seen)
        };
        chains.push(OutlineChain { head, rules });
    }
    OutlineNested {
        title: html_lines(&format!("<i>Nested <b>{}</b></i>", chain_title(n))).concat(),
        chains,
        index,
        again,
    }
}

impl Outline {
    /// The lines in SE's own order: the head, the chains, the tail, then the nested chains'
    /// details (each nested chain once, in SE's order).
    pub fn se_lines(&self) -> Vec<String> {
        let mut out = self.head.clone();
        for c in &self.chains {
            push_chain(&mut out, c);
        }
        out.extend(self.tail.iter().cloned());
        let mut nested: Vec<&OutlineNested> = Vec::new();
        for c in &self.chains {
            collect_nested(c, &mut nested);
        }
        nested.sort_by_key(|n| n.index);
        if let Some(note) = &self.nested_note {
            out.push(note.clone());
        }
        for n in nested {
            out.push(n.title.clone());
            for c in &n.chains {
                push_chain(&mut out, c);
            }
        }
        out
    }

    /// How many nested chains the step relies on, each counted once.
    pub fn nested_count(&self) -> usize {
        let mut nested = Vec::new();
        for c in &self.chains {
            collect_nested(c, &mut nested);
        }
        nested.len()
    }
}

fn push_chain(out: &mut Vec<String>, c: &OutlineChain) {
    out.extend(c.head.iter().cloned());
    out.extend(c.rules.iter().map(|r| r.text.clone()));
}

/// The nested chains listed whole under the chain's implications, deepest included.
fn collect_nested<'a>(c: &'a OutlineChain, out: &mut Vec<&'a OutlineNested>) {
    for r in &c.rules {
        if let Some(n) = r.nested.as_deref().filter(|n| !n.again) {
            out.push(n);
            for c in &n.chains {
                collect_nested(c, out);
            }
        }
    }
}
