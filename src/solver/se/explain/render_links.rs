//! SE's hint-window texts of a chain of strong links (its Skyscrapers, Kites, strong-linked
//! fishes and X-Loops), filled in from the chain's data. `{n}` is the n-th argument of SE's hint.

use super::model::StrongLinksExplanation;
use super::render::fill;
use crate::domain::House;

const LINKS: &str =
    "<html> <body> <h2>{0}</h2> <p> This technique relies on <b>Conjugate Pairs</b>. The value
   <b>{1}</b> in <b>{2}</b> and <b>{3}</b> forms {4} (regional) strong links or conjugate
   pairs with {5} set(s) of <i>bridge</i> cells in <b>{6}</b> and <b>{7}</b>. The {4} strong
   links are joined therefore with {5} <i>weak</i> link(s). </p> <p> Any occurrence of the
   value <b>{1}</b> can be removed from any cells sharing a region or regions with <i>both
   start and end</i> cells <b>{8}</b> and <b>{9}</b>. </p> <p> This technique is closely
   related to {10} technique logic, Coloring technique or L1-Wing technique. It is a
   subcategory of X-Chains group of techniques which is in itself a subgroup of Alternating
   Inference Chains (AIC) group of techniques. These use strong links in <u>L</u>ocation
   inferred from <u>1</u> value (L1), therefore, <b>L1-Wing</b> can be used to describe this
   pattern (Currently L1 is used with 3 strong links only). </p> </body> </html>";

const GROUPED: &str =
    "<html> <body> <h2>{0}</h2> <p> This technique relies on <b>Conjugate Pairs</b> that infer
   a strong link and/or a special arrangement of values in a line or block also known as
   <b>Grouped Strong Links</b> (where a strong link is inferred from groups of cells having
   the same value). These use strong links in <u>L</u>ocation inferred from <u>1</u> value
   (L1), therefore, <b>Grouped L1-Wing</b> can be used to describe this pattern.(Currently,
   L1 is reserved for 3 strong links). </p> <p> the arrangement of cells with value
   <b>{1}</b> in <b>{2}</b> and <b>{3}</b> form strong links (conjugate pairs, shown as green
   values) or grouped strong links (orange cell outline or yellow cell background). These
   strong links are weakly linked to each other via <b>{6}</b> and <b>{7}</b> (Red or Green
   outlined region). </p> <p> Any occurrence of the value <b>{1}</b> can therefore be removed
   from any cells sharing a region or regions with <u><i>ALL</i></u> cells with value
   <b>{1}</b> in <b>{11}</b> and <b>{3}</b> that are not part of <b>{12}</b> or <b>{7}</b>.
   </p> <p> This technique is part of more generalized technique called X- chains which in
   itself is part of more generalized technique called Alternating Inference Chains (AIC).
   </p> <p> This technique uses logic closely related to {10} technique logic. </p> <p> The
   grouped strong link when inferred from cells in a block that are arranged in one mini-row
   and one mini-column is also known commonly as \"Empty rectangle\". </p> <p> The inference
   of a strong link from a group of cells with value <b>{1}</b> in any region can be spotted
   when a an \"Empty mini Area (EmA)\" is observed. This EmA could be an empty mini-Line
   (EmL) in a region or regions. In the case of \"Empty rectangle\" the EmA is a group of
   empty cells that can also be referred to as \"Empty mini Rectangle (EmR)\". </p> </body>
   </html>";

const LOOP: &str =
    "<html> <body> <h2>{0}</h2> <p> This technique relies on <b>Conjugate Pairs</b> that infer
   a strong link and/or a special arrangement of values in a line or block also known as
   <b>Grouped Strong Links</b> (where a strong link is inferred from groups of cells having
   the same value) that form a loop (an X-Loop). These use strong links in <u>L</u>ocation
   inferred from <u>1</u> value (L1), therefore, <b>L1-Ring</b> can be used to describe this
   loop (Currently, L1 is reserved for 3 strong links). </p> <p> the arrangement of cells
   with value <b>{1}</b> in <b>{2}</b> and <b>{3}</b> (Green outlined region) form strong
   links (conjugate pairs, shown as green values) or grouped strong links (orange cell
   outline or yellow cell background). These strong links are weakly linked to each other via
   <b>{6}</b>, <b>{7}</b> and <b>{13}</b> (Red outlined region) forming a loop/ring. </p> <p>
   Any occurrence of the value <b>{1}</b> can therefore be removed from any cells sharing a
   region or regions with <u><i>ALL</i></u> cells with value <b>{1}</b> in ANY of <b>{6}</b>,
   <b>{7}</b> or <b>{13}</b> outside of <b>{2}</b> and <b>{3}</b>. </p> <p> This technique is
   part of more generalized technique called X-chains which in itself is part of more
   generalized technique called Alternating Inference Chains (AIC). </p> <p> This technique
   can also be described as <b>{10}</b>. </p> <p> The grouped strong link when inferred from
   cells in a block that are arranged in one mini-row and one mini-column is also known
   commonly as \"Empty rectangle\". </p> <p> The inference of a strong link from a group of
   cells with value <b>{1}</b> in any region can be spotted when a an \"Empty mini Area
   (EmA)\" is observed. This EmA could be an empty mini-Line (EmL) in a region or regions. In
   the case of \"Empty rectangle\" the EmA is a group of empty cells that can also be
   referred to as \"Empty mini Rectangle (EmR)\". </p> </body> </html>";

/// SE's names of a fish by its size.
const FISH: [&str; 9] = [
    "Cyclopsfish",
    "X-Wing",
    "Swordfish",
    "Jellyfish",
    "Starfish",
    "Whale",
    "Leviathan",
    "Octupus",
    "Enniafish",
];

/// SE's `toFullString()` of a region: `row 3`.
fn full(h: House) -> String {
    match h {
        House::Row(i) => format!("row {}", i + 1),
        House::Col(i) => format!("column {}", i + 1),
        House::Box(i) => format!("block {}", i + 1),
    }
}

/// SE's `toFullStringShort()` of a region: `r3`.
fn short(h: House) -> String {
    match h {
        House::Row(i) => format!("r{}", i + 1),
        House::Col(i) => format!("c{}", i + 1),
        House::Box(i) => format!("b{}", i + 1),
    }
}

fn joined(hs: &[House]) -> String {
    hs.iter().map(|&h| full(h)).collect::<Vec<_>>().join(", ")
}

/// The loop's regions as a fish's base and cover sets: `r3c5\b7c2r1`.
fn fish_rc(e: &StrongLinksExplanation, ring: House) -> String {
    let base: String = e.by_kind.iter().map(|&h| short(h)).collect();
    let cover: String = e.shared.iter().map(|&h| short(h)).collect();
    format!("{base}\\{cover}{}", short(ring))
}

/// SE's shape of the loop seen as a fish: a region kind on both sides of the sets makes it
/// Mutant, a block Franken, else Basic.
fn fish_shape(conf: &str) -> &'static str {
    let half = conf.len() / 2;
    let first = |c: char| conf.find(c);
    let last = |c: char| conf.rfind(c);
    let (r0, r1, c0, c1) = (first('r'), last('r'), first('c'), last('c'));
    if let (Some(r0), Some(r1)) = (r0, r1) {
        let c_late = c1.is_some_and(|c| c > half);
        let c_early = c0.is_some_and(|c| c <= half);
        if (r0 <= half && (r1 > half || c_early)) || (r1 > half && c_late) {
            return "Mutant";
        }
    }
    if let (Some(c0), Some(c1)) = (c0, c1) {
        if c0 <= half && c1 > half {
            return "Mutant";
        }
    }
    if conf.contains('b') {
        "Franken"
    } else {
        "Basic"
    }
}

/// The hint window of a chain of strong links.
pub(super) fn links_html(e: &StrongLinksExplanation) -> Option<String> {
    let n = e.links.len();
    let (last_link, first_links) = e.links.split_last()?;
    let (last_shared, first_shared) = e.shared.split_last()?;
    let fish = FISH[n.clamp(1, 9) - 1];
    let (template, fish_name, ring) = match e.ring {
        Some(ring) => {
            let rc = fish_rc(e, ring);
            let name = format!("{} {fish} {rc}", fish_shape(&rc));
            (LOOP, name, full(ring))
        }
        None if e.grouped > 0 => (GROUPED, format!("Finned {fish}"), String::new()),
        None => {
            let twice = "2x".repeat(n.saturating_sub(1));
            (
                LINKS,
                format!("{twice}1 Finned Sashimi {fish}"),
                String::new(),
            )
        }
    };
    let shared_list = if first_shared.is_empty() {
        full(*last_shared)
    } else {
        joined(first_shared)
    };
    Some(fill(
        template,
        &[
            &e.name.to_string(),
            &e.digit.to_string(),
            &joined(first_links),
            &full(*last_link),
            &n.to_string(),
            &(n - 1).to_string(),
            &shared_list,
            &full(*last_shared),
            &e.start.to_string(),
            &e.end.to_string(),
            &fish_name,
            &full(e.links[0]),
            &full(e.shared[0]),
            &ring,
        ],
    ))
}
