//! The sort HoDoKu's list goes through: Java's `Collections.sort`, a TimSort (runs of at least
//! `min_run` elements made by binary insertion, merged with galloping). Its comparisons of
//! steps are not a total order (two steps with other eliminations and the same index sum are
//! equal to each other, not to the steps each is equivalent to), so the order of the result
//! depends on the algorithm: this is the same algorithm, so the list comes out in HoDoKu's
//! order. On a comparison that is a total order it is an ordinary stable sort.

use std::cmp::Ordering;

const MIN_MERGE: usize = 32;
const MIN_GALLOP: usize = 7;

/// Sorts `items` stably by `cmp` as Java's TimSort does.
pub(super) fn sort<T: Clone>(items: &mut [T], cmp: &impl Fn(&T, &T) -> Ordering) {
    let mut perm: Vec<usize> = (0..items.len()).collect();
    let c = |a: usize, b: usize| cmp(&items[a], &items[b]);
    sort_indices(&mut perm, &c);
    let sorted: Vec<T> = perm.iter().map(|&i| items[i].clone()).collect();
    items.clone_from_slice(&sorted);
}

type Cmp<'a> = &'a dyn Fn(usize, usize) -> Ordering;

fn lt(c: Cmp<'_>, a: usize, b: usize) -> bool {
    c(a, b) == Ordering::Less
}

fn sort_indices(a: &mut [usize], c: Cmp<'_>) {
    let n = a.len();
    if n < 2 {
        return;
    }
    if n < MIN_MERGE {
        let init = count_run(a, 0, n, c);
        binary_sort(a, 0, n, init, c);
        return;
    }
    let mut ts = Merger {
        min_gallop: MIN_GALLOP,
        runs: Vec::new(),
        tmp: Vec::new(),
    };
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = count_run(a, lo, n, c);
        if run < min_run {
            let force = remaining.min(min_run);
            binary_sort(a, lo, lo + force, lo + run, c);
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse(a, c);
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse(a, c);
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// The length of the run starting at `lo`; a strictly descending run is reversed.
fn count_run(a: &mut [usize], lo: usize, hi: usize, c: Cmp<'_>) -> usize {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return 1;
    }
    if lt(c, a[run_hi], a[lo]) {
        run_hi += 1;
        while run_hi < hi && lt(c, a[run_hi], a[run_hi - 1]) {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        run_hi += 1;
        while run_hi < hi && !lt(c, a[run_hi], a[run_hi - 1]) {
            run_hi += 1;
        }
    }
    run_hi - lo
}

/// Binary insertion of `a[start..hi]` into the sorted `a[lo..start]`.
fn binary_sort(a: &mut [usize], lo: usize, hi: usize, start: usize, c: Cmp<'_>) {
    let start = if start == lo { start + 1 } else { start };
    for s in start..hi {
        let pivot = a[s];
        let (mut left, mut right) = (lo, s);
        while left < right {
            let mid = (left + right) / 2;
            if lt(c, pivot, a[mid]) {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a.copy_within(left..s, left + 1);
        a[left] = pivot;
    }
}

/// Where `key` goes in the sorted `a[base..base + len]`, before equal elements, searched from
/// `hint` outwards.
fn gallop_left(key: usize, a: &[usize], base: usize, len: usize, hint: usize, c: Cmp<'_>) -> usize {
    let (mut last, mut ofs): (isize, isize) = (0, 1);
    let h = hint as isize;
    let at = |i: isize| a[(base as isize + i) as usize];
    if c(key, at(h)) == Ordering::Greater {
        let max = len as isize - h;
        while ofs < max && c(key, at(h + ofs)) == Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        last += h;
        ofs += h;
    } else {
        let max = h + 1;
        while ofs < max && c(key, at(h - ofs)) != Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        let t = last;
        last = h - ofs;
        ofs = h - t;
    }
    last += 1;
    while last < ofs {
        let m = last + ((ofs - last) >> 1);
        if c(key, at(m)) == Ordering::Greater {
            last = m + 1;
        } else {
            ofs = m;
        }
    }
    ofs as usize
}

/// Where `key` goes in the sorted `a[base..base + len]`, after equal elements, searched from
/// `hint` outwards.
fn gallop_right(
    key: usize,
    a: &[usize],
    base: usize,
    len: usize,
    hint: usize,
    c: Cmp<'_>,
) -> usize {
    let (mut last, mut ofs): (isize, isize) = (0, 1);
    let h = hint as isize;
    let at = |i: isize| a[(base as isize + i) as usize];
    if c(key, at(h)) == Ordering::Less {
        let max = h + 1;
        while ofs < max && c(key, at(h - ofs)) == Ordering::Less {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        let t = last;
        last = h - ofs;
        ofs = h - t;
    } else {
        let max = len as isize - h;
        while ofs < max && c(key, at(h + ofs)) != Ordering::Less {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        last += h;
        ofs += h;
    }
    last += 1;
    while last < ofs {
        let m = last + ((ofs - last) >> 1);
        if c(key, at(m)) == Ordering::Less {
            ofs = m;
        } else {
            last = m + 1;
        }
    }
    ofs as usize
}

/// The pending runs and the merge state.
struct Merger {
    min_gallop: usize,
    runs: Vec<(usize, usize)>,
    tmp: Vec<usize>,
}

impl Merger {
    fn merge_collapse(&mut self, a: &mut [usize], c: Cmp<'_>) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |i: usize| self.runs[i].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1))
                || (n > 1 && len(n - 2) <= len(n) + len(n - 1))
            {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(a, n, c);
        }
    }

    fn merge_force_collapse(&mut self, a: &mut [usize], c: Cmp<'_>) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(a, n, c);
        }
    }

    fn merge_at(&mut self, a: &mut [usize], i: usize, c: Cmp<'_>) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let k = gallop_right(a[base2], a, base1, len1, 0, c);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return;
        }
        len2 = gallop_left(a[base1 + len1 - 1], a, base2, len2, len2 - 1, c);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2, c);
        } else {
            self.merge_hi(a, base1, len1, base2, len2, c);
        }
    }

    fn merge_lo(
        &mut self,
        a: &mut [usize],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: Cmp<'_>,
    ) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&a[base1..base1 + len1]);
        let tmp = std::mem::take(&mut self.tmp);
        let (mut c1, mut c2, mut dest) = (0usize, base2, base1);
        a[dest] = a[c2];
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]);
            self.tmp = tmp;
            return;
        }
        if len1 == 1 {
            a.copy_within(c2..c2 + len2, dest);
            a[dest + len2] = tmp[c1];
            self.tmp = tmp;
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut n1, mut n2) = (0usize, 0usize);
            loop {
                if lt(c, a[c2], tmp[c1]) {
                    a[dest] = a[c2];
                    dest += 1;
                    c2 += 1;
                    n2 += 1;
                    n1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1];
                    dest += 1;
                    c1 += 1;
                    n1 += 1;
                    n2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (n1 | n2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                n1 = gallop_right(a[c2], &tmp, c1, len1, 0, c);
                if n1 != 0 {
                    a[dest..dest + n1].copy_from_slice(&tmp[c1..c1 + n1]);
                    dest += n1;
                    c1 += n1;
                    len1 -= n1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2];
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                n2 = gallop_left(tmp[c1], a, c2, len2, 0, c);
                if n2 != 0 {
                    a.copy_within(c2..c2 + n2, dest);
                    dest += n2;
                    c2 += n2;
                    len2 -= n2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1];
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if !(n1 >= MIN_GALLOP || n2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len1 == 1 {
            a.copy_within(c2..c2 + len2, dest);
            a[dest + len2] = tmp[c1];
        } else if len1 > 0 {
            a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]);
        }
        self.tmp = tmp;
    }

    fn merge_hi(
        &mut self,
        a: &mut [usize],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        c: Cmp<'_>,
    ) {
        self.tmp.clear();
        self.tmp.extend_from_slice(&a[base2..base2 + len2]);
        let tmp = std::mem::take(&mut self.tmp);
        // Cursors may step one before the start: signed.
        let mut c1 = (base1 + len1) as isize - 1;
        let mut c2 = len2 as isize - 1;
        let mut dest = (base2 + len2) as isize - 1;
        let u = |i: isize| i as usize;
        a[u(dest)] = a[u(c1)];
        dest -= 1;
        c1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            let d = u(dest) + 1 - len2;
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
            self.tmp = tmp;
            return;
        }
        if len2 == 1 {
            dest -= len1 as isize;
            c1 -= len1 as isize;
            a.copy_within(u(c1 + 1)..u(c1 + 1) + len1, u(dest + 1));
            a[u(dest)] = tmp[u(c2)];
            self.tmp = tmp;
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut n1, mut n2) = (0usize, 0usize);
            loop {
                if lt(c, tmp[u(c2)], a[u(c1)]) {
                    a[u(dest)] = a[u(c1)];
                    dest -= 1;
                    c1 -= 1;
                    n1 += 1;
                    n2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[u(dest)] = tmp[u(c2)];
                    dest -= 1;
                    c2 -= 1;
                    n2 += 1;
                    n1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (n1 | n2) as isize >= min_gallop {
                    break;
                }
            }
            loop {
                n1 = len1 - gallop_right(tmp[u(c2)], a, base1, len1, len1 - 1, c);
                if n1 != 0 {
                    dest -= n1 as isize;
                    c1 -= n1 as isize;
                    len1 -= n1;
                    a.copy_within(u(c1 + 1)..u(c1 + 1) + n1, u(dest + 1));
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[u(dest)] = tmp[u(c2)];
                dest -= 1;
                c2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                n2 = len2 - gallop_left(a[u(c1)], &tmp, 0, len2, len2 - 1, c);
                if n2 != 0 {
                    dest -= n2 as isize;
                    c2 -= n2 as isize;
                    len2 -= n2;
                    a[u(dest + 1)..u(dest + 1) + n2]
                        .copy_from_slice(&tmp[u(c2 + 1)..u(c2 + 1) + n2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[u(dest)] = a[u(c1)];
                dest -= 1;
                c1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if !(n1 >= MIN_GALLOP || n2 >= MIN_GALLOP) {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len2 == 1 {
            dest -= len1 as isize;
            c1 -= len1 as isize;
            a.copy_within(u(c1 + 1)..u(c1 + 1) + len1, u(dest + 1));
            a[u(dest)] = tmp[u(c2)];
        } else if len2 > 0 {
            let d = u(dest) + 1 - len2;
            a[d..d + len2].copy_from_slice(&tmp[..len2]);
        }
        self.tmp = tmp;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for test data.
    fn values(n: usize, seed: u64, range: u64) -> Vec<(u64, usize)> {
        let mut x = seed;
        (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % range, i)
            })
            .collect()
    }

    #[test]
    fn sorts_stably_on_a_total_order_of_any_size() {
        for (n, range) in [
            (0, 5),
            (1, 5),
            (31, 4),
            (32, 4),
            (100, 3),
            (1000, 50),
            (5000, 7),
        ] {
            let mut v = values(n, 88172645463325252 + n as u64, range);
            let mut want = v.clone();
            want.sort_by_key(|x| x.0);
            sort(&mut v, &|a: &(u64, usize), b: &(u64, usize)| a.0.cmp(&b.0));
            assert_eq!(v, want, "n={n}");
        }
    }

    #[test]
    fn runs_and_reversed_runs_merge() {
        let mut v: Vec<(u64, usize)> = (0..200).rev().map(|i| (i as u64 / 3, i)).collect();
        v.extend((0..300).map(|i| (i as u64 % 40, 1000 + i)));
        let mut want = v.clone();
        want.sort_by_key(|x| x.0);
        sort(&mut v, &|a: &(u64, usize), b: &(u64, usize)| a.0.cmp(&b.0));
        assert_eq!(v, want);
    }
}
