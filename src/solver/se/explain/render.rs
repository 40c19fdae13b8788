//! SE's hint-window texts filled in from an explanation's data, and the HTML made into lines.
//!
//! The templates are the texts of Sudoku Explainer's hint window (its colour tags left out);
//! `{n}` is the n-th argument, as SE's `HtmlLoader.format` fills them.

use super::{Chain, ChainExplanation, ChainKind, Implication, Literal, Reason, RuleHint};
use crate::domain::{Cell, Digit, House};
use crate::solver::se::regions::Kind;
use std::fmt::Write;

const FORCING_CHAIN: &str = "<html><body><h2>Forcing Chain</h2><p>
   If we assume that {0}, it follows, through a Forcing Chain, that {1}.
   Therefore we can conclude that {2}.
  </p><p>
   The Forcing Chain consists of a chain of implications based on simple rules.
   The details of the Forcing Chain are given below.
  </p><p>
   <b>Details of the Forcing Chain:</b><br>
   {3}
  </p></body></html>";

const FORCING_X_CHAIN: &str = "<html><body><h2>Forcing X-Chain {4}</h2><p>
   If we assume that {0}, it follows, through a Forcing X-Chain, that {1}.
   Therefore we can conclude that {2}.
  </p><p>
   The forcing chain consists of a chain of implications based on simple rules.
   The chain is an X-Chain, because it only involves a single value.
   The details of the Forcing Chain are given below.
  </p><p>
   <b>Details of the Forcing Chain:</b><br>
   {3}
  </p></body></html>";

const CYCLE_INTRO: &str = "<p>
   The cells <b>{0}</b> form a bidirectional cycle: there are exactly two ways
   of placing the <b>{V}</b> in these cells, forming two different possible
   configurations. Some <b>{W}</b> appear in a {5} regardless of the
   chosen configuration. Because one of the two configurations must be correct, {O} can be
   removed from these rows, columns or blocks.
  </p>";

const CYCLE_X_NOTE: &str = "<p>
   The cycle is an X-Cycle because only a single value is involved. Bidirectional X-Cycles
   are also known as Fishy Cycles or Bilocation cycles.
  </p>";

const CYCLE_Y_NOTE: &str = "<p>
   The cycle is an Y-Cycle because only cells with two potential values are involved.
   Bidirectional Y-Cycles are also known as Forcing Loops or Bivalue cycles.
  </p>";

const CYCLE_DETAILS: &str = "<p>
   The two configurations of the bidirectional cycle are enforced by two complementary,
   circular chains of implications. The details of each chain are given below.
  </p><p>
  <b>Cycle details, forward direction</b> (View 1):<br>
  {3}
  </p><p>
  <b>Cycle details, reverse direction</b> (View 2):<br>
  {4}
  </p></body></html>";

const TWO_ASSERTIONS: &str = "<p>
   With this solving technique, we will prove the two following assertions:
   <ul><li>If {0}, then {1}<li>If {0}, then {2}</ul>
   Because the same assumption yields to contradictory results, we can conclude that the
   assumption is false, that is, <b>{3}</b>.
  </p><p>";

const DOUBLE_ASSERTIONS: &str = "<p>
   With this solving technique, we will prove the two following assertions:
   <ul><li>If {0}, then {2}<li>If {1}, then {2}</ul>
   Because the two assumptions are complementary, and the results are the same, we can
   conclude that <b>{2}</b>.
  </p><p>";

const DYNAMIC_NOTE: &str = "
   Each assertion is proved by a different chain of simple rules. The chains can be dynamic,
   which means that the conclusions of multiple sub-chains must be combined in some cases.
  </p>";

const STATIC_NOTE: &str = "
   Each assertion is proved by a different chain of simple rules. The chains are
   static, which means that each rule of the chain can be understood without having to
   remember the results of previous rules.
  </p>";

const NISHIO_NOTE: &str = "
   Each assertion is proved by a different chain of simple rules. The chains are Nishio
   chains: they only involve a single value (like Forcing X-Chains), but the conclusions of
   multiple sub-chains must be combined in some cases.
  </p>";

const VIEWS_TWO: &str = "<p>
   The details of each chain are given below. Use the view selector below the grid
   to switch between the graphical illustrations of the two different chains.
  </p>";

const VIEWS_MANY: &str = "<p>
   The details of each chain are given below. Use the view selector below the grid
   to switch between the graphical illustrations of the different chains.
  </p>";

const NESTED_HEAD: &str = "<br><br>\n<b>Nested Forcing Chains details</b> (Note that each \
    Nested Forcing Chain relies on the fact that some candidates have been excluded by the main \
    Forcing Chain): <br><br>\n";

const HIDDEN_SINGLE: &str = "<html><body><h2>Hidden Single</h2><p>
   The cell <b>{0}</b> is the only possible position of the
   value <b>{1}</b> in the {2}.
  </p></body></html>";

const SINGLE: &str = "<html><body><h2>Single</h2><p>
   The cell <b>{0}</b> is the only remaining empty cell of the {2}.
   Its only possible value is the value <b>{1}</b>.
  </p></body></html>";

const NAKED_SINGLE: &str = "<html><body><h2>Naked Single</h2><p>
   The value <b>{0}</b> is the only possible value for the cell <b>{1}</b>.
  </p></body></html>";

pub(super) fn hidden_single_html(cell: Cell, digit: Digit, house: Kind, alone: bool) -> String {
    let template = if alone { SINGLE } else { HIDDEN_SINGLE };
    fill(
        template,
        &[&cell.to_string(), &digit.to_string(), house.word()],
    )
}

pub(super) fn naked_single_html(cell: Cell, digit: Digit) -> String {
    fill(NAKED_SINGLE, &[&digit.to_string(), &cell.to_string()])
}

/// SE's regions a cell can share with another (its vanilla `sharedRegions()`).
pub(super) const SHARED: &str = "row, column or block";

pub(super) fn fill(template: &str, args: &[&str]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), a);
    }
    out
}

/// SE's `toWeakString`: `r1c2 contains the value 5`.
fn weak(l: Literal) -> String {
    let verb = if l.on { "contains" } else { "does not contain" };
    format!("{} {verb} the value {}", l.cand.cell, l.cand.digit)
}

/// SE's `toStrongString`: `r1c2 must contain the value 5`.
fn strong(l: Literal) -> String {
    let verb = if l.on {
        "must contain"
    } else {
        "cannot contain"
    };
    format!("{} {verb} the value {}", l.cand.cell, l.cand.digit)
}

/// SE's literal name with its state: `r1c2.5 on`.
fn named(l: Literal) -> String {
    format!(
        "{}.{} {}",
        l.cand.cell,
        l.cand.digit,
        if l.on { "on" } else { "off" }
    )
}

pub(super) fn house_name(h: House) -> &'static str {
    match h {
        House::Box(_) => "block",
        House::Row(_) => "row",
        House::Col(_) => "column",
    }
}

fn cells_full(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    format!("Cells {}", names.join(","))
}

/// SE's text of a simpler technique's hint (its `toString()`).
fn rule_text(r: &RuleHint) -> String {
    match r {
        RuleHint::Locking {
            cells,
            digit,
            houses,
        } => {
            let name = match houses[1] {
                House::Box(_) => "Claiming",
                _ => "Pointing",
            };
            format!(
                "{name}: {}: {digit} in {} and {}",
                cells_full(cells),
                house_name(houses[0]),
                house_name(houses[1])
            )
        }
        RuleHint::HiddenPair {
            cells,
            digits,
            house,
        } => format!(
            "Hidden Pair: {}: {},{} in {}",
            cells_full(cells),
            digits[0],
            digits[1],
            house.word()
        ),
        RuleHint::NakedPair {
            cells,
            digits,
            house,
        } => format!(
            "Naked Pair: {}: {},{} in {}",
            cells_full(cells),
            digits[0],
            digits[1],
            house.word()
        ),
        RuleHint::XWing {
            cells,
            digit,
            base,
            cover,
        } => format!(
            "X-Wing: {}: {digit} in 2 {}s and 2 {}s",
            cells_full(cells),
            base.word(),
            cover.word()
        ),
    }
}

fn reason_text(r: &Reason, nested: &[ChainExplanation]) -> String {
    match r {
        Reason::CellOneValue => "the cell can contain only one value".to_string(),
        Reason::HouseOnce(k) => format!("the value can occur only once in the {}", k.word()),
        Reason::CellLastValue => "only remaining possible value in the cell".to_string(),
        Reason::HouseLastPosition(k) => {
            format!("only remaining possible position in the {}", k.word())
        }
        Reason::Rule(h) => rule_text(h),
        Reason::Nested(i) => nested.get(*i).map(chain_title).unwrap_or_default(),
    }
}

/// SE's `getHtmlChain`: one numbered rule per implication, each ended by `<br>`.
pub(super) fn chain_rules(c: &Chain, nested: &[ChainExplanation]) -> String {
    let mut out = String::new();
    for (k, imp) in c.implications.iter().enumerate() {
        let _ = write!(out, "({}) ", k + 1);
        implication(&mut out, k, imp, nested);
        out.push_str("<br>");
    }
    out
}

fn implication(out: &mut String, k: usize, imp: &Implication, nested: &[ChainExplanation]) {
    out.push_str("If ");
    let n = imp.parents.len();
    // Parents from the last to the first; a parent is referred to unless it is the previous
    // implication's result.
    for (j, (lit, made_by)) in imp.parents.iter().enumerate().rev() {
        if j + 1 < n {
            out.push_str(if j == 0 { " and " } else { ", " });
        }
        out.push_str(&weak(*lit));
        match made_by {
            Some(i) if *i + 1 < k => {
                let _ = write!(out, " ({})", i + 1);
            }
            None if k > 0 => out.push_str(" (initial assumption)"),
            _ => {}
        }
    }
    out.push_str(", then ");
    out.push_str(&strong(imp.result));
    if let Some(r) = &imp.reason {
        let _ = write!(out, " ({})", reason_text(r, nested));
    }
}

/// SE's one-line name of a chain hint (its `toString()`), e.g. `Forcing Chain: r2c1.6 off`.
pub fn chain_title(e: &ChainExplanation) -> String {
    let result = |i: usize| e.chains.get(i).map(|c| c.result);
    let first = result(0).map(named).unwrap_or_default();
    match &e.kind {
        ChainKind::Cycle { x, y, cells, .. } => {
            let name = if *x && *y {
                "Bidirectional Cycle"
            } else if *y {
                "Bidirectional Y-Cycle"
            } else if cells.len() == 4 {
                "Generalized X-Wing"
            } else {
                "Bidirectional X-Cycle"
            };
            let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            format!("{name}: {}", names.join(","))
        }
        ChainKind::Forcing { x, y, turbot } => {
            let name = if *x && *y {
                "Forcing Chain"
            } else if *y {
                "Forcing Y-Chain"
            } else if *turbot {
                "Turbot Fish"
            } else {
                "Forcing X-Chain"
            };
            format!("{name}: {first}")
        }
        ChainKind::Contradiction { nishio, source } => {
            let off = result(1).map(|l| l.cand).unwrap_or(source.cand);
            format!(
                "{} Forcing Chain: {} ==> {}.{} both on & off",
                if *nishio { "Nishio" } else { "Contradiction" },
                named(*source),
                off.cell,
                off.digit
            )
        }
        ChainKind::Double { source } => format!(
            "Double Forcing Chain: {}.{} on & off ==> {first}",
            source.cand.cell, source.cand.digit
        ),
        ChainKind::Cell { cell } => format!("Cell Forcing Chains: {cell} ==> {first}"),
        ChainKind::Region { digit, house } => format!(
            "Region Forcing Chains: {digit} in {} ==> {first}",
            house_name(*house)
        ),
    }
}

pub(super) fn assumption_line(c: &Chain) -> String {
    format!("If {}, then {}", weak(c.assumption), strong(c.result))
}

/// The hint window of a chain hint, nested chains' details included.
pub(super) fn chain_html(e: &ChainExplanation) -> String {
    let chain = |i: usize| {
        e.chains
            .get(i)
            .map(|c| chain_rules(c, &e.nested))
            .unwrap_or_default()
    };
    let mut html = match &e.kind {
        ChainKind::Cycle { x, y, cells, digit } => cycle_html(*x, *y, cells, *digit, &chain),
        ChainKind::Forcing { y, turbot, .. } => {
            let Some(t) = e.chains.first().map(|c| c.result) else {
                return String::new();
            };
            let reverse = Literal { on: !t.on, ..t };
            let template = if *y { FORCING_CHAIN } else { FORCING_X_CHAIN };
            fill(
                template,
                &[
                    &weak(reverse),
                    &strong(t),
                    &weak(t),
                    &chain(0),
                    if *turbot { "(Turbot Fish)" } else { "" },
                ],
            )
        }
        ChainKind::Contradiction { nishio, source } => {
            let on = e
                .chains
                .first()
                .map(|c| strong(c.result))
                .unwrap_or_default();
            let off = e
                .chains
                .get(1)
                .map(|c| strong(c.result))
                .unwrap_or_default();
            let reverse = Literal {
                on: !source.on,
                ..*source
            };
            let (title, note) = if *nishio {
                ("Nishio Forcing Chains", NISHIO_NOTE)
            } else {
                ("Dynamic Contradiction Forcing Chains", DYNAMIC_NOTE)
            };
            let body = format!(
                "<html><body><h2>{title}</h2>{TWO_ASSERTIONS}{note}{VIEWS_TWO}<p>
  Chain 1: <b>If {{0}}, then {{2}}</b> (View 1):<br>
  {{4}}
  </p><p>
  Chain 2: <b>If {{1}}, then {{2}}</b> (View 2):<br>
  {{5}}
  </p></body></html>"
            );
            fill(
                &body,
                &[
                    &weak(*source),
                    &on,
                    &off,
                    &strong(reverse),
                    &chain(0),
                    &chain(1),
                ],
            )
        }
        ChainKind::Double { source } => {
            let on = Literal {
                on: true,
                ..*source
            };
            let off = Literal {
                on: false,
                ..*source
            };
            let result = e
                .chains
                .first()
                .map(|c| strong(c.result))
                .unwrap_or_default();
            let body = format!(
                "<html><body><h2>Dynamic Double Forcing Chain</h2>{DOUBLE_ASSERTIONS}\
                 {DYNAMIC_NOTE}{VIEWS_TWO}<p>
  Chain 1: <b>If {{0}}, then {{2}}</b> (View 1):<br>
  {{3}}
  </p><p>
  Chain 2: <b>If {{1}}, then {{2}}</b> (View 2):<br>
  {{4}}
  </p></body></html>"
            );
            fill(
                &body,
                &[&weak(on), &weak(off), &result, &chain(0), &chain(1)],
            )
        }
        ChainKind::Cell { cell } => {
            let because = format!(
                "Because the cell {cell} cannot contain other values, and the results are the same,
   we can conclude that <b>{{R}}</b>."
            );
            multiple_html(e, "Cell Forcing Chains", &because)
        }
        ChainKind::Region { digit, house } => {
            let because = format!(
                "Because the value <b>{digit}</b> cannot be placed elsewhere in the {},
   and the results are the same, we can conclude that <b>{{R}}</b>.",
                house_name(*house)
            );
            multiple_html(e, "Region Forcing Chains", &because)
        }
    };
    if !e.nested.is_empty() {
        let flat = e.chains.len();
        let pos = html.rfind("</body>").unwrap_or(html.len());
        html.insert_str(pos, &nested_details(e, flat + 1));
    }
    html
}

/// A bidirectional cycle's hint window: its cells, its value(s), both directions.
fn cycle_html(
    x: bool,
    y: bool,
    cells: &[Cell],
    digit: Digit,
    chain: &dyn Fn(usize) -> String,
) -> String {
    let (x, y, digit) = (&x, &y, &digit);
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    let cells = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} and {last}", rest.join(", "))
        }
        _ => names.join(""),
    };
    let (title, v, w, o) = if *x && !*y {
        let generalized = if names.len() == 4 {
            " (Generalized X-Wing)"
        } else {
            ""
        };
        (
            format!("Bidirectional X-Cycle{generalized}"),
            format!("value {digit}"),
            digit.to_string(),
            format!("other occurrences of the value {digit}"),
        )
    } else {
        let t = if *x {
            "Bidirectional Cycle"
        } else {
            "Bidirectional Y-Cycle"
        };
        (
            t.to_string(),
            "values".to_string(),
            "values".to_string(),
            "other occurrences of these values".to_string(),
        )
    };
    let note = match (x, y) {
        (true, false) => CYCLE_X_NOTE,
        (false, true) => CYCLE_Y_NOTE,
        _ => "",
    };
    let intro = CYCLE_INTRO
        .replace("{V}", &v)
        .replace("{W}", &w)
        .replace("{O}", &o);
    let body = format!("<html><body><h2>{title}</h2>{intro}{note}{CYCLE_DETAILS}");
    fill(
        &body,
        &[&cells, "", "", &chain(0), &chain(1), "row, column or block"],
    )
}

/// A cell or region hint: its assertions, then each chain.
fn multiple_html(e: &ChainExplanation, name: &str, because: &str) -> String {
    let (title, note) = if e.dynamic {
        (format!("Dynamic {name}"), DYNAMIC_NOTE)
    } else {
        (name.to_string(), STATIC_NOTE)
    };
    let mut assertions = String::new();
    let mut details = String::new();
    for (i, c) in e.chains.iter().enumerate() {
        let _ = write!(assertions, "<li>{}", assumption_line(c));
        let _ = write!(
            details,
            "Chain {}: <b>{}</b> (View {}):<br>\n{}<br>\n",
            i + 1,
            assumption_line(c),
            i + 1,
            chain_rules(c, &e.nested)
        );
    }
    let result = e
        .chains
        .first()
        .map(|c| strong(c.result))
        .unwrap_or_default();
    format!(
        "<html><body><h2>{title}</h2><p>
   With this solving technique, we will prove the following assertions:
   <ul>{assertions}</ul>
   {}
  </p><p>{note}{VIEWS_MANY}<p>{details}</p></body></html>",
        because.replace("{R}", &result)
    )
}

/// SE's details of the nested chains: each nested hint's name, then each of its chains.
pub(super) fn nested_details(e: &ChainExplanation, first_view: usize) -> String {
    let mut out = String::from(NESTED_HEAD);
    let mut view = first_view;
    for n in all_nested(e) {
        let _ = writeln!(out, "<i>Nested <b>{}</b></i><br>", chain_title(n));
        for c in &n.chains {
            let _ = write!(
                out,
                "Chain {view}: <b>{}</b> (View {view}):<br>\n{}<br>\n",
                assumption_line(c),
                chain_rules(c, &n.nested)
            );
            view += 1;
        }
    }
    out
}

/// SE's `getNestedChains`: the nested chains, then (for each) the ones nested in it.
pub(super) fn all_nested(e: &ChainExplanation) -> Vec<&ChainExplanation> {
    let mut out: Vec<&ChainExplanation> = e.nested.iter().collect();
    for n in &e.nested {
        out.extend(all_nested(n));
    }
    out
}
