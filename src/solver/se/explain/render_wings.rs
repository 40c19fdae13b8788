//! SE's hint-window texts of the WXYZ- to TUVWXYZ-Wings (and their rings), filled in from a
//! wing's data. `{n}` is the n-th argument of SE's hint, which names the cells in an order of
//! its own for the bigger wings.

use super::model::WingExplanation;
use super::render::fill;
use super::render::SHARED;

const WXYZ_WING: &str =
    "<html> <body> <h2>WXYZ-Wing {11}{9}{10}</h2> <p> The four cells <b>{0}</b>, <b>{1}</b>,
   <b>{2}</b> and <b>{3}</b> form an <b>WXYZ-Wing</b>: The three cells <b>{0}</b>,
   <b>{1}</b>, and <b>{2}</b> form an almost locked set linked to the bivalue cell <b>{3}</b>
   through the value <b>{8}</b>. If the value <b>{4}</b> was eliminated from all 4 cells of
   the Wing then the remaining value <b>{8}</b> in cell <b>{3}</b> would force the remaining
   3 cells to have only 2 possible candidates to fill them. That is impossible! </p> <p>
   Other occurrences of the <b>value {4}</b> can therefore be removed from any cells sharing
   a {12} with all Wing cells containing the <b>value {4}</b>. </p> <p> The largest cell of
   the wing has {9} candidates and all 4 cells of the WXYZ-Wing pattern have a total of {10}
   candidates. </p> </body> </html>";

const WXYZ_RING: &str =
    "<html> <body> <h2>WXYZ-Ring {11}{9}{10}</h2> <p> The four cells <b>{0}</b>, <b>{1}</b>,
   <b>{2}</b> and <b>{3}</b> form a <i>double-linked</i> <b>WXYZ-Wing</b>: The three cells
   <b>{0}</b>, <b>{1}</b>, and <b>{2}</b> form an almost locked set linked to the bivalue
   cell <b>{3}</b> through <i>both</i> values <b>{4}</b> and <b>{8}</b> therefore creating a
   loop (ring). Regardless of the final value of cell <b>{3}</b>, the double-link would force
   the other 3 cells from the pattern to have different values to that one. The 4 different
   values will be in 4 cells therefore forming a locked set. </p> <p> <b><u>Other occurrences
   of any of the values</u></b> of the Ring pattern can therefore be removed from any cells
   sharing a row, column or block with all Ring cells containing that value. </p> <p> The
   largest cell of the Ring has {9} candidates and all 4 cells of the WXYZ-Ring pattern have
   a total of {10} candidates. The pattern is similar to a 4digit-4cell Sue de Coq (SDC).
   </p> </body> </html>";

const VWXYZ_WING: &str =
    "<html> <body> <h2>VWXYZ-Wing {12}{10}{11}</h2> <p> The five cells <b>{0}</b>, <b>{1}</b>,
   <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a <b>VWXYZ-Wing</b>: The four cells <b>{0}</b>,
   <b>{1}</b>, <b>{2}</b> and <b>{3}</b> form an almost locked set linked to the bivalue cell
   <b>{4}</b> through the value <b>{9}</b>. If the value <b>{5}</b> was eliminated from all 4
   cells of the Wing then the remaining value <b>{9}</b> in cell <b>{4}</b> would force the
   remaining 4 cells to have only 3 possible candidates to fill them. That is impossible!
   </p> <p> Other occurrences of the <b>value {5}</b> can therefore be removed from any cells
   sharing a {13} with all Wing cells containing the <b>value {5}</b>. </p> <p> The largest
   cell of the wing has {10} candidates and the 4 cells of the ALS have a total of {11}
   candidates. </p> </body> </html>";

const VWXYZ_RING: &str =
    "<html> <body> <h2>VWXYZ-Ring {12}{10}{11}</h2> <p> The five cells <b>{0}</b>, <b>{1}</b>,
   <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a <i>double-linked</i> <b>VWXYZ-Wing</b>: The
   four cells <b>{0}</b>, <b>{1}</b>, <b>{2}</b> and <b>{3}</b> form an almost locked set
   linked to the bivalue cell <b>{4}</b> through <i>both</i> values <b>{5}</b> and <b>{9}</b>
   therefore creating a loop (ring). Regardless of the final value of cell <b>{4}</b>, the
   double-link would force the other 4 cells from the pattern to have different values to
   that one. The 5 different values will be in 5 cells therefore forming a locked set. </p>
   <p> <b><u>Other occurrences of any of the values</u></b> of the Ring pattern can therefore
   be removed from any cells sharing a row, column or block with all Ring cells containing
   that value. </p> <p> The largest cell of the Ring has {10} candidates and all 4 cells of
   the ALS have a total of {11} candidates. The pattern is similar to a 5digit-5cell Sue de
   Coq (SDC). </p> </body> </html>";

const UVWXYZ_WING: &str =
    "<html> <body> <h2>UVWXYZ-Wing {12}{10}{11}</h2> <p> The six cells <b>{0}</b>, <b>{1}</b>,
   <b>{14}</b>, <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a <b>UVWXYZ-Wing</b>: The five
   cells <b>{0}</b>, <b>{1}</b>, <b>{14}</b>, <b>{2}</b> and <b>{3}</b> form an almost locked
   set linked to the bivalue cell <b>{4}</b> through the value <b>{9}</b>. If the value
   <b>{5}</b> was eliminated from all 6 cells of the Wing then the remaining value <b>{9}</b>
   in cell <b>{4}</b> would force the remaining 5 cells to have only 4 possible candidates to
   fill them. That is impossible! </p> <p> Other occurrences of the <b>value {5}</b> can
   therefore be removed from any cells sharing a {13} with all Wing cells containing the
   <b>value {5}</b>. </p> <p> The largest cell of the wing has {10} candidates and the 5
   cells of the ALS have a total of {11} candidates. </p> </body> </html>";

const UVWXYZ_RING: &str =
    "<html> <body> <h2>UVWXYZ-Ring {12}{10}{11}</h2> <p> The six cells <b>{0}</b>, <b>{1}</b>,
   <b>{14}</b>, <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a <i>double-linked</i>
   <b>UVWXYZ-Wing</b>: The five cells <b>{0}</b>, <b>{1}</b>, <b>{14}</b>, <b>{2}</b> and
   <b>{3}</b> form an almost locked set linked to the bivalue cell <b>{4}</b> through
   <i>both</i> values <b>{5}</b> and <b>{9}</b> therefore creating a loop (ring). Regardless
   of the final value of cell <b>{4}</b>, the double-link would force the other 5 cells from
   the pattern to have different values to that one. The 6 different values will be in 6
   cells therefore forming a locked set. </p> <p> <b><u>Other occurrences of any of the
   values</u></b> of the Ring pattern can therefore be removed from any cells sharing a row,
   column or block with all Ring cells containing that value. </p> <p> The largest cell of
   the Ring has {10} candidates and all 5 cells of the ALS have a total of {11} candidates.
   The pattern is similar to a 6digit-6cell Sue de Coq (SDC). </p> </body> </html>";

const TUVWXYZ_WING: &str =
    "<html> <body> <h2>TUVWXYZ-Wing {12}{10}{11}</h2> <p> The seven cells <b>{0}</b>,
   <b>{1}</b>, <b>{15}</b>, <b>{14}</b>, <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a
   <b>TUVWXYZ-Wing</b>: The six cells <b>{0}</b>, <b>{1}</b>, <b>{15}</b>, <b>{14}</b>,
   <b>{2}</b> and <b>{3}</b> form an almost locked set linked to the bivalue cell <b>{4}</b>
   through the value <b>{9}</b>. If the value <b>{5}</b> was eliminated from all 7 cells of
   the Wing then the remaining value <b>{9}</b> in cell <b>{4}</b> would force the remaining
   6 cells to have only 5 possible candidates to fill them. That is impossible! </p> <p>
   Other occurrences of the <b>value {5}</b> can therefore be removed from any cells sharing
   a {13} with all Wing cells containing the <b>value {5}</b>. </p> <p> The largest cell of
   the wing has {10} candidates and the 6 cells of the ALS have a total of {11} candidates.
   </p> </body> </html>";

const TUVWXYZ_RING: &str =
    "<html> <body> <h2>TUVWXYZ-Ring {12}{10}{11}</h2> <p> The seven cells <b>{0}</b>,
   <b>{1}</b>, <b>{15}</b>, <b>{14}</b>, <b>{2}</b>, <b>{3}</b> and <b>{4}</b> form a
   <i>double-linked</i> <b>TUVWXYZ-Wing</b>: The six cells <b>{0}</b>, <b>{1}</b>,
   <b>{15}</b>, <b>{14}</b>, <b>{2}</b> and <b>{3}</b> form an almost locked set linked to
   the bivalue cell <b>{4}</b> through <i>both</i> values <b>{5}</b> and <b>{9}</b> therefore
   creating a loop (ring). Regardless of the final value of cell <b>{4}</b>, the double-link
   would force the other 6 cells from the pattern to have different values to that one. The 7
   different values will be in 7 cells therefore forming a locked set. </p> <p> <b><u>Other
   occurrences of any of the values</u></b> of the Ring pattern can therefore be removed from
   any cells sharing a row, column or block with all Ring cells containing that value. </p>
   <p> The largest cell of the Ring has {10} candidates and all 6 cells of the ALS have a
   total of {11} candidates. The pattern is similar to a 7digit-7cell Sue de Coq (SDC). </p>
   </body> </html>";

/// The hint window of a wing.
pub(super) fn wing_html(w: &WingExplanation) -> Option<String> {
    let c: Vec<String> = w.cells.iter().map(|c| c.to_string()).collect();
    let (z, x) = (w.z.to_string(), w.x.to_string());
    let (big, size) = (w.biggest.to_string(), w.size.to_string());
    let links = if w.double { "2" } else { "1" };
    let s = |i: usize| c.get(i).map(String::as_str).unwrap_or("");
    // The arguments of SE's hint: the cells (in the template's order), then z, three values
    // the texts do not use, x, the biggest cell's and the wing's candidate counts, the links,
    // the shared regions, and the bigger wings' further cells.
    let (template, args): (&str, Vec<&str>) = match (c.len(), w.double) {
        (4, d) => (
            if d { WXYZ_RING } else { WXYZ_WING },
            vec![
                s(0),
                s(1),
                s(2),
                s(3),
                &z,
                "",
                "",
                "",
                &x,
                &big,
                &size,
                links,
                SHARED,
            ],
        ),
        (5, d) => (
            if d { VWXYZ_RING } else { VWXYZ_WING },
            vec![
                s(0),
                s(1),
                s(2),
                s(3),
                s(4),
                &z,
                "",
                "",
                "",
                &x,
                &big,
                &size,
                links,
                SHARED,
            ],
        ),
        (6, d) => (
            if d { UVWXYZ_RING } else { UVWXYZ_WING },
            vec![
                s(0),
                s(2),
                s(3),
                s(4),
                s(5),
                &z,
                "",
                "",
                "",
                &x,
                &big,
                &size,
                links,
                SHARED,
                s(1),
            ],
        ),
        (7, d) => (
            if d { TUVWXYZ_RING } else { TUVWXYZ_WING },
            vec![
                s(0),
                s(3),
                s(4),
                s(5),
                s(6),
                &z,
                "",
                "",
                "",
                &x,
                &big,
                &size,
                links,
                SHARED,
                s(2),
                s(1),
            ],
        ),
        _ => return None,
    };
    Some(fill(template, &args))
}
