//! SE's names, suffixes and difficulties of strong-link chains, and its order of link kinds.

use super::regions::Kind;
use super::SeName;

/// SE's suffix after the number of grouped links: the link kinds in chain order (0 block,
/// 1 row, 2 column) in SE's normal form (the smaller of the order and its reverse, rows and
/// columns swapped when that is smaller; without a row link, columns count as lines, 1).
pub(super) fn normal_kinds(kinds: &[u8]) -> Vec<u8> {
    let text = |ks: &[u8]| -> String { ks.iter().map(|k| char::from(b'0' + k)).collect() };
    let rev: Vec<u8> = kinds.iter().rev().copied().collect();
    let set: Vec<u8> = if text(kinds) <= text(&rev) {
        kinds.to_vec()
    } else {
        rev
    };
    if !set.contains(&1) {
        return set.iter().map(|&k| if k == 2 { 1 } else { k }).collect();
    }
    let swap = |k: &u8| match k {
        1 => 2,
        2 => 1,
        other => *other,
    };
    let current: Vec<u8> = set.iter().map(swap).collect();
    let reverse: Vec<u8> = current.iter().rev().copied().collect();
    [set, current, reverse]
        .into_iter()
        .min_by_key(|ks| text(ks))
        .unwrap_or_default()
}

/// SE's name and difficulty of a chain of `n` strong links, `grouped` of them grouped, with
/// these link kinds in normal form ([`normal_kinds`]).
pub(super) fn name_and_difficulty(
    n: usize,
    grouped: usize,
    kinds: &[u8],
    ring: bool,
) -> (SeName, u16) {
    const BASE: [u16; 8] = [0, 40, 54, 58, 62, 66, 70, 74];
    let (zero, two) = (kinds.contains(&0), kinds.contains(&2));
    let base = BASE[n - 1];
    let difficulty = if grouped > 0 {
        base + 3
    } else if !zero && !two {
        base
    } else if zero && two {
        base + 2
    } else {
        base + 1
    };
    let mut digits = [0u8; 6];
    for (d, k) in digits.iter_mut().zip(kinds) {
        *d = *k;
    }
    let name = SeName::StrongLinks {
        links: n as u8,
        grouped: grouped as u8,
        kinds: digits,
        ring,
    };
    (name, difficulty)
}

pub(super) fn kind_code(k: Kind) -> u8 {
    match k {
        Kind::Block => 0,
        Kind::Row => 1,
        Kind::Column => 2,
    }
}

/// SE's lists of link kinds for `n` links, in its order: `Permutations(n, 3n)` keeping the
/// masks whose i-th bit is congruent to i modulo n, the kind of bit b being b / n.
pub(super) fn link_sets(n: usize) -> Vec<Vec<u8>> {
    super::regions::combinations(n as u32, 3 * n as u32)
        .filter_map(|m| {
            let idx: Vec<usize> = super::regions::bits(m).collect();
            idx.iter()
                .enumerate()
                .all(|(i, &b)| b % n == i)
                .then(|| idx.iter().map(|&b| (b / n) as u8).collect())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_kinds_in_ses_order() {
        assert_eq!(
            link_sets(2),
            vec![
                vec![0, 0],
                vec![0, 1],
                vec![1, 1],
                vec![0, 2],
                vec![1, 2],
                vec![2, 2]
            ]
        );
        assert_eq!(link_sets(3).len(), 10);
    }

    #[test]
    fn suffixes_and_difficulties_follow_se() {
        assert_eq!(normal_kinds(&[1, 1]), [1, 1]);
        assert_eq!(normal_kinds(&[2, 2]), [1, 1]);
        assert_eq!(normal_kinds(&[2, 1]), [1, 2]);
        assert_eq!(normal_kinds(&[0, 2]), [0, 1]);
        assert_eq!(normal_kinds(&[1, 0, 1]), [1, 0, 1]);
        let named = |n, grouped, kinds: &[u8]| {
            let (name, d) = name_and_difficulty(n, grouped, kinds, false);
            (name.to_string(), d)
        };
        assert_eq!(named(2, 0, &[1, 1]), ("Skyscraper 011".into(), 40));
        assert_eq!(named(2, 0, &[1, 2]), ("2-String Kite 012".into(), 41));
        assert_eq!(
            named(2, 1, &[0, 1]),
            ("Grouped 2 Strong links 101".into(), 43)
        );
        assert_eq!(named(3, 0, &[1, 1, 1]), ("3 Skyscrapers 0111".into(), 54));
        assert_eq!(named(3, 0, &[0, 1, 1]), ("3 Strong links 0011".into(), 55));
        assert_eq!(named(3, 0, &[1, 1, 2]), ("3-String Kite 0112".into(), 55));
        let (ring, _) = name_and_difficulty(3, 1, &[0, 1, 1], true);
        assert_eq!(ring.to_string(), "(3 Strong Links) Grouped X-Loop 1011");
    }
}
