//! Walks over a propagation's literals and their parents: SE's ancestor count, the order of
//! its explanations, and its chains.

use super::net::{extend, insert, LitBits, Net};
use super::state::CAND_LITS;

impl Net {
    /// SE's `getAncestorCount`: the distinct literals `e` follows from, itself included
    /// (`seen` and `stack` are working memory).
    pub(super) fn ancestors(&self, e: u32, seen: &mut LitBits, stack: &mut Vec<u32>) -> u32 {
        seen.iter_mut().for_each(|w| *w = 0);
        stack.clear();
        stack.push(e);
        let mut n = 0;
        while let Some(x) = stack.pop() {
            if !insert(seen, self.lit(x)) {
                continue;
            }
            n += 1;
            extend(stack, self.parents(x));
        }
        n
    }

    /// The entries `e` follows from (itself included), each parent's before its children:
    /// depth first, parents in their order, each entry once (the order of SE's `getHtmlChain`).
    pub(super) fn forward(&self, e: u32) -> Vec<u32> {
        let mut done = vec![false; self.entries.len()];
        let mut out = Vec::new();
        let mut stack: Vec<(u32, usize)> = vec![(e, 0)];
        while let Some(top) = stack.last_mut() {
            let (x, next) = *top;
            let ps = self.parents(x);
            if next < ps.len() {
                top.1 += 1;
                let p = ps[next];
                if !done[p as usize] {
                    done[p as usize] = true;
                    stack.push((p, 0));
                }
                continue;
            }
            stack.pop();
            done[x as usize] = true;
            out.push(x);
        }
        out
    }

    /// The main line to `e`: from the root, each entry the first parent of the next.
    pub(super) fn main_line(&self, e: u32) -> Vec<u32> {
        let mut out = vec![e];
        let mut x = e;
        while let Some(&p) = self.parents(x).first() {
            out.push(p);
            x = p;
        }
        out.reverse();
        out
    }

    /// SE's `getChain`: the entries `e` follows from, breadth first, each literal once.
    pub(super) fn chain(&self, e: u32) -> Vec<u32> {
        let mut seen: LitBits = [0; CAND_LITS / 64 + 1];
        let mut out = Vec::new();
        let mut todo = vec![e];
        let mut next = Vec::new();
        while !todo.is_empty() {
            for &x in &todo {
                if insert(&mut seen, self.lit(x)) {
                    out.push(x);
                    extend(&mut next, self.parents(x));
                }
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
        out
    }
}
