//! Per-technique checks on states taken from HoDoKu 2.2's solution paths (hodoku-py 0.2.1): at
//! each state the technique's finder must return exactly HoDoKu's eliminations (or placement), and
//! every finder earlier in the search order must find nothing (HoDoKu reached this technique).
//! Step texts are checked against real HoDoKu output (hodoku.md §2).

use termdoku::codec::decode_any;
use termdoku::domain::Board;
use termdoku::solver::engine::{context, next_step, solution_path};
use termdoku::solver::finder;
use termdoku::solver::techniques::finders;
use termdoku::solver::{Grid, Technique};

/// (technique, state as a HoDoKu library line, HoDoKu's eliminations, HoDoKu's placements).
const CASES: &[(Technique, &str, &str, &str)] = &[
    (
        Technique::HiddenSingle,
        ":0000:x:.83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.:::",
        "",
        "926",
    ),
    (
        Technique::LockedPair,
        ":0000:x:.83.2..9....8.+91...293....8...+6987...7.....6...674....3....698...2.+85....1..3.54.:::",
        "419 429 457 619 629 687",
        "",
    ),
    (
        Technique::NakedSingle,
        ":0000:x:.83.2..9....8.+91...293....8...+6987...7.....6...674....3....698...2.+85....1..3.54.:419 619 429 629 457 687::",
        "",
        "387",
    ),
    (
        Technique::LockedCandidates1,
        ":0000:x:.83.2..9....8.+91...293....8...+6987...7.....6...674....3....698...2.+85+3...1..3.54.:419 619 429 629 457::",
        "141 151 161",
        "",
    ),
    (
        Technique::LockedCandidates2,
        ":0000:x:.83.2..9....8.+91+2+3.293....8+2..+6987...7...+3.6...674....3....698...2.+85+3...1..3.54.:414 419 619 151 551 553 457 259 559 161 269::",
        "411 431",
        "",
    ),
    (
        Technique::FullHouse,
        ":0000:x:.83+52..9+7...8.+91+2+3.293...+58+2..+6987...7..+5+3.6...674....3....698+2..2.+85+3+7..1..3.54+6:411 431 149 151 457 159 161 169::",
        "",
        "189",
    ),
    (
        Technique::XWing,
        ":0000:x:.83+52..9+7+5..8.+91+2+3.293...+58+2..+6987...7..+5+3.6...674....3....698+2..2.+85+3+7+1.1+8.3.54+6:411 431 442 151 457 161::",
        "735",
        "",
    ),
    (
        Technique::NakedPair,
        ":0000:x:..6.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7..+8.1.4.8.2.:714 722 724 325 725::",
        "624",
        "",
    ),
    (
        Technique::FinnedXWing,
        ":0000:x:.+76.+4+92+1.9.+1.....4243..+5896.+3.591..+2+1.2.8+43..4..2.3..13.......7...9.7+1.+8.1.4.8.2.:624 724 325 725 747 275 675 682 685::",
        "658 668",
        "",
    ),
    (
        Technique::FinnedSwordfish,
        ":0000:x:.+76.+4+92+1.9.+1.....4243..+5896.+3.591+4+6+2+1.2.8+43..4..2.3.+813......+47+6.+49.7+1.+8.1.4.8.2.:624 724 325 725 763 573 275 675::",
        "567",
        "",
    ),
    (
        Technique::LockedTriple,
        ":0000:x:85.....31....7.......8.9....+23+7..6+1.97.3.1.52....2...+31..4.7..62.5..+63.7....8.+1..:975 982 988 994::",
        "213 217 224 226 413 417 426 435 613 624 635",
        "",
    ),
    (
        Technique::NakedTriple,
        ":0000:x:85.....31....7+3......8.9....+23+7..6+1.97.3.1.52....2...+31..4+37+5+262+45..+63+87....8.+1..:213 413 613 217 417 224 624 929 435 635 445 992 993 994::",
        "431 631 691",
        "",
    ),
    (
        Technique::Swordfish,
        ":0000:x:52.+61..+97+18+6+94+7+532+9.75+2.1+6.+6.....7+2.41+8+76+2+359+7.2+3...+1+6+8.9.+362+7.36.+27.+98.2+7+1+85+9+643:846 866::",
        "446",
        "",
    ),
    (
        Technique::HiddenPair,
        ":0000:x:.7..9.+14.14.2.8+9379...1...8.8....+49.2.1.4.6.34.......1.1+9...+82....629+7+1.7...8.+3.9:311 313 334 534 336 536 636 558 568 371::",
        "364 554 564 754 764",
        "",
    ),
    (
        Technique::SashimiXWing,
        ":0000:x:+7214+38+9+5+6.+94+6.273.63..9.+4...+6...9.43..3.+4.6.+545.3.+6..+7...+96..74.461..5.....8.436.:245 265 571 988 795::",
        "858",
        "",
    ),
    (
        Technique::SashimiSwordfish,
        ":0000:x:.1+57.+4...4.6.2+9+1.+59.21.5...+548.9+7..+16.1+4..5.7...+65+184..+6+95+437.2.+5+4.7.9.6...+9+16.5.:317 819 339 252 361 362 762 281 881 888 391 891 792 399::",
        "392",
        "",
    ),
    (
        Technique::FinnedJellyfish,
        ":0000:x:....28....273..86.3+8.+7.+9+241+8..5..7...1.+8+7+3.2..+73..6..+873+9...+1+84.48+1+3769....98+4...:511 413 519 121 521 525 949 451 559 461 291 599::",
        "593",
        "",
    ),
    (
        Technique::HiddenTriple,
        ":0000:x:.4.......7....4.68896.....421..684+3.....1.+6...+6734+2.816+7....29515.2..+8+46......+17+3:313 719 323 551 951 353 553 953::",
        "114 174 514 594 714 914 994",
        "",
    ),
    (
        Technique::HiddenQuadruple,
        ":0000:x:..+8..6.+7.+15.87+4.9...725+98+1.5.....18..63...94..21.....7.+85.217.+9.1..93.5+8...5...+2+1:311 312 317 417 219 319 229 339 756 856::",
        "744 865",
        "",
    ),
    (
        Technique::NakedQuadruple,
        ":0000:x:..8+2.5...3...9+7...+2+573..+9+4..216...8....+5.2+1.35....94.2......6....57+2.81.4...+5...7:612 618 422 628 529 636 745 951 752 952 653 455 365 971 372 972 174 475 476 979 392 692 992 393 894::",
        "373 378 874",
        "",
    ),
    (
        Technique::Jellyfish,
        ":0000:x:58+2...+6+9..4+9+6.52+18..+69+82..+49....3+465.+6+549..2.+4...5+6+9.1...36.....54..+97+3+66..+5.....:115 715 716 332 742 743 351 851 756 764 171 771 272 873 176 877 181 292 893 195 795 196::",
        "731",
        "",
    ),
];

fn board(line: &str) -> Board {
    decode_any(line).expect("library line").board
}

#[test]
fn each_technique_fires_with_hodokus_eliminations_and_earlier_ones_do_not() {
    for &(t, line, elims, places) in CASES {
        let b = board(line);
        let g = Grid::from_board(&b);
        let ctx = context(&b);
        let finders: Vec<_> = finders().collect();
        let slot = finders
            .iter()
            .position(|(s, _)| s.techniques.contains(&t))
            .unwrap_or_else(|| panic!("{t:?} has no finder"));
        // Singles depend on HoDoKu's queue history; the other techniques on the candidates only.
        let singles = matches!(
            t,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        );
        if !singles {
            for (s, find) in &finders[..slot] {
                assert_eq!(
                    finder::first(*find, &g, &ctx),
                    None,
                    "{t:?}: {:?} fired on {line}",
                    s.techniques
                );
            }
        }
        let step = finder::first(finders[slot].1, &g, &ctx)
            .unwrap_or_else(|| panic!("{t:?} not found: {line}"));
        assert_eq!(step.technique, t, "{line}");
        assert_eq!(
            step.eliminations_string(),
            elims,
            "{t:?} {line}: {}",
            step.text
        );
        if elims.is_empty() {
            assert_eq!(
                step.placements_string(),
                places,
                "{t:?} {line}: {}",
                step.text
            );
        }
        if !singles {
            assert_eq!(
                next_step(&b).and_then(|s| s.technique.hodoku()),
                Some(t),
                "{line}"
            );
        }
    }
}

#[test]
fn texts_and_library_lines_match_hodoku_output() {
    let p = "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
    let path = solution_path(&board(p));
    let texts: Vec<&str> = path.steps.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(texts[0], "Naked Single: r6c7=4");
    assert!(texts.contains(&"Full House: r6c8=8"));
    assert!(texts.contains(&"Locked Candidates Type 1 (Pointing): 1 in b8 => r8c89<>1"));
    assert!(texts.contains(&"Locked Candidates Type 2 (Claiming): 4 in r7 => r8c46<>4"));
    let lc = path
        .steps
        .iter()
        .find(|s| s.technique == Technique::LockedCandidates1)
        .unwrap();
    let f = lc.library_fields();
    assert_eq!((f.code.as_str(), f.digits.as_str()), ("0100", "1"));
    assert_eq!(f.eliminations, "188 189");
    let first = &path.steps[0].library_fields();
    assert_eq!(
        (
            first.code.as_str(),
            first.digits.as_str(),
            first.placements.as_str()
        ),
        ("0003", "4", "467")
    );
}

#[test]
fn hint_on_a_mid_solve_library_line_is_hodokus() {
    // hodoku.md §2: the state before HoDoKu's LC1 step, and that step.
    let line = ":0000:x:....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:::";
    let s = next_step(&board(line)).unwrap();
    assert_eq!(
        s.text,
        "Locked Candidates Type 1 (Pointing): 1 in b8 => r8c89<>1"
    );
}

#[test]
fn subset_and_fish_texts() {
    for &(t, line, _, _) in CASES {
        let b = board(line);
        let s = next_step(&b).unwrap();
        let expect_prefix = format!("{}: ", t.name());
        assert!(s.text.starts_with(&expect_prefix), "{}", s.text);
        assert!(
            s.text.contains(" => ") || s.eliminations.is_empty(),
            "{}",
            s.text
        );
    }
}

/// States on HoDoKu 2.2's paths of forum_hardest_1106 puzzles and HoDoKu 2.2's text of its step
/// there (`scripts/hodoku-java/PathOracle.java`): eliminations per digit, lowest first, whatever
/// order the finder found them in.
const HODOKU_TEXTS: &[(&str, &str)] = &[
    (
        ":0000:x:........8..3...4.+2.9..2..6.....79....+5+7+4612.+9.6.5.2.7...8...5+4..1.....2.4.5.....3:824 375::",
        "Hidden Pair: 4,5 in r8c56 => r8c56<>3, r8c6<>6, r8c6<>7, r8c56<>8, r8c5<>9",
    ),
    (
        ":0000:x:+8.6..1....5..3....9.+34....7+5.1.+4+3.2.+23+8+19+7+5+4+64..5....13.....68..+8.3..2....2..8..3:712 515 724 924 427 827 929 236 538 847 962 785 692 795::",
        "Naked Triple: 1,6,9 in r2c78,r3c8 => r3c7<>1, r1c789<>9",
    ),
    (
        ":0000:x:..6.....1.8...7.5.9...5.8.....+7.4....4.+13+5.2....2.8.....3.7...9.7.....8.1.....6+73:311 312 915 625 925 639 751 769 572 674 283 484 685 985 286 994 995::",
        "Almost Locked Set XZ-Rule: A=r8c13579 {124569}, B=r179c2 {2569}, X=6,9 => r8c6<>1, r34c2<>2, r46c2,r8c4<>5, r7c1<>6, r9c3<>9",
    ),
    (
        ":0000:x:...+2.+5..7..2..96..8+5.+46+7..3+5...92.....46+7.5...1..54.....5+74.9...3.....7.1.......8:417 129 138 842 147 447 847 649 958 968 672 184 884 287 489 993 394 297 298 498::",
        "Sue de Coq: r7c89 - {1236} (r7c1 - {26}, r89c7 - {134}) => r8c9<>1, r7c2<>2, r9c8<>3, r7c6<>6",
    ),
    (
        ":0000:x:........6..2....4+1.1...798....79.+8...8..5+2+6....3..8.1...6....2..9...51..4.......8:::",
        "Locked Pair: 4,6 in r6c45 => r4c6,r5c4,r6c279<>4, r4c6,r6c12<>6",
    ),
    (
        ":0000:x:.+7..+1...6+1.5+63.7..2.+6.+78.1..+6+19+2.8...5+3+18+6+24..+287.3+6.+1+51+23+6......7+29+15+6.6..+8..+1.2:411 911 416 516 318 426 928 432 339 439 479 481 889 492 998::",
        "Naked Pair: 3,9 in r39c2 => r8c2<>3, r2c2<>9",
    ),
];

#[test]
fn step_texts_are_hodoku_2_2s() {
    for &(line, text) in HODOKU_TEXTS {
        let s = next_step(&board(line)).unwrap_or_else(|| panic!("no step: {line}"));
        assert_eq!(s.text, text, "{line}");
    }
}
