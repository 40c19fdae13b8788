//! `termdoku hint --all`: HoDoKu 2.2's "All steps" list. The expected lists in
//! `tests/data/all_steps/` are HoDoKu's own (its `FindAllSteps` with its default options, sorted
//! by type, a step with the same effect as the one above it under it), written in termdoku's
//! layout: the state's library line, then per technique `Name (entries)`, each entry indented
//! two spaces and its duplicates four.

use std::process::Command;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_termdoku")
}

/// (state, HoDoKu's list) of a file of `tests/data/all_steps/`.
fn case(name: &str) -> (String, String) {
    let path = format!(
        "{}/tests/data/all_steps/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let (state, list) = text.split_once('\n').unwrap();
    (state.to_string(), list.to_string())
}

fn hint_all(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(bin())
        .args(["hint", "--all"])
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn hint_all_lists_what_hodokus_all_steps_lists_in_its_order() {
    for name in [
        "top1465_1",
        "state1",
        "state2",
        "state3",
        "state4",
        // HoDoKu lists a shorter chain found after a longer one with the same eliminations
        // beside it; Multi Colors 2 and 1 of one pair of clusters; no empty rectangle of a box
        // with two candidates.
        "chains_colors_er",
        // Every conjugate pair of an empty rectangle's line.
        "empty_rectangle",
        "xy_chain",
        // Equal ALS-XY-Wings in the order HoDoKu's sort (Java's TimSort) leaves them.
        "als_xy_wing_order",
        // Nice loops whose premise sets a candidate before those whose premise deletes one.
        "nice_loop_order",
        // Fish shown by the cover sets HoDoKu's list shows (`4 r8b6 c9 fr8c8`), typed by them
        // (a Franken X-Wing that becomes Mutant gives way to a Franken Swordfish).
        "fish_listed_cover",
        // Of two fish of one kind with the same eliminations, the first found is kept.
        "fish_first_kept",
        // Finless and finned fish come from one walk over every base set, also one with more
        // candidates than the fish has sets: a Franken Swordfish with such a row is found
        // first, and a Finned Franken X-Wing with its eliminations found later does not
        // replace it.
        "fish_one_walk",
    ] {
        let (state, want) = case(name);
        let (code, got) = hint_all(&[&state]);
        assert_eq!(code, Some(0), "{name}");
        if got != want {
            let at = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            panic!(
                "{name}: line {} differs\n got: {:?}\nwant: {:?}",
                at + 1,
                got.lines().nth(at),
                want.lines().nth(at)
            );
        }
    }
}

/// `--only fish` against HoDoKu's fish groups (`only_fish_*` files: the rest of those states'
/// lists is not the point).
#[test]
fn hint_all_only_fish_lists_hodokus_fish_in_its_order() {
    for name in [
        // A finless basic fish with a base set of one candidate is HoDoKu's Sashimi fish.
        "only_fish_sashimi_finless",
        // Fish of one kind with as many eliminations in the order of their cannibalistic
        // eliminations as HoDoKu counts them: those in two cover sets, base candidates or not.
        "only_fish_cannibal_order",
    ] {
        let (state, want) = case(name);
        let (code, got) = hint_all(&["--only", "fish", &state]);
        assert_eq!(code, Some(0), "{name}");
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn forcing_chains_and_nets_are_a_switch_off_by_default() {
    let (state, want) = case("state2");
    let (_, with) = hint_all(&["--forcing", &state]);
    assert!(with.contains("\nForcing Chain Contradiction ("), "{with}");
    // The rest of the list is HoDoKu's, in its place.
    let without: String = with
        .split_inclusive('\n')
        .scan(false, |forcing, line| {
            if !line.starts_with(' ') {
                *forcing = line.starts_with("Forcing");
            }
            Some(if *forcing { "" } else { line })
        })
        .collect();
    assert_eq!(without, want);
    // Technique switches of the command line apply on top of HoDoKu's list switches.
    let (_, no_als) = hint_all(&["--techniques=-axz", &state]);
    assert!(!no_als.contains("XZ-Rule") && no_als.contains("Almost Locked Set XY-Wing"));
}
