//! Damaged journals of moves: a game of 30 moves (an autosave holding the first 10, the journal
//! holding all 30), its journal damaged at random (bits flipped, bytes overwritten, inserted,
//! deleted, the file cut short) and recovered as the next start does. For each: every move not
//! replayed is reported as skipped, the damaged file is kept aside byte for byte, no given
//! changes, and every move whose line is intact is on the board (nothing lost beyond the
//! damaged records; the one blind spot: the last entries run together with both sides of their
//! seam damaged count as one). 200 journals by default; `--ignored` runs 2,000 (`JOURNAL_FUZZ=<count>`
//! sets another number, `JOURNAL_FUZZ_SEED` the seed).

use crate::common::{env_count, env_seed, Rng};
use crate::support::*;
use std::fs;
use std::path::Path;
use termdoku::app::movelog::{self, JOURNAL_FILE};

/// Moves before the autosave, and in all.
const SAVED: usize = 10;
const MOVES: usize = 30;

struct Played {
    save: Vec<u8>,
    journal: Vec<u8>,
    givens: Vec<(Cell, Digit)>,
    /// The cell and digit of each move, in order.
    moves: Vec<(Cell, Digit)>,
}

fn givens(b: &termdoku::domain::Board) -> Vec<(Cell, Digit)> {
    Cell::all()
        .filter(|&c| b.is_given(c))
        .map(|c| (c, b.value(c).unwrap()))
        .collect()
}

/// A game played as the player does it, killed after the last move.
fn play(dir: &Path) -> Played {
    let mut s = session_in(dir);
    let empty: Vec<Cell> = Cell::all()
        .filter(|&c| s.app.board().value(c).is_none())
        .collect();
    let mut moves = Vec::new();
    for (i, &cell) in empty.iter().take(MOVES).enumerate() {
        if i == SAVED {
            assert!(s.save_now());
        }
        let digit = Digit::new(1 + (i % 9) as u8).unwrap();
        s.dispatch(termdoku::app::Action::ClickCell(cell));
        s.press(&digit.get().to_string()).unwrap();
        assert_eq!(s.app.board().value(cell), Some(digit));
        moves.push((cell, digit));
    }
    let played = Played {
        save: fs::read(dir.join("autosave.json")).unwrap(),
        journal: fs::read(dir.join(JOURNAL_FILE)).unwrap(),
        givens: givens(s.app.board()),
        moves,
    };
    drop(s); // killed: nothing more is written
    played
}

fn session_in(dir: &Path) -> Session {
    Session::start(
        Some(termdoku::app::run::Opening {
            board: codec::decode(Format::Susser, PUZZLE).unwrap().board,
            name: "Test".into(),
            se_rating: None,
            collection: None,
        }),
        Config::default(),
        Some(Store::at(dir)),
        Box::new(MemoryClipboard::default()),
    )
}

/// The journal damaged at random; the offsets of the original that were changed (a deletion or
/// an insertion changes the byte at its place).
fn damage(rng: &mut Rng, j: &[u8]) -> (Vec<u8>, Vec<usize>) {
    let mut b = j.to_vec();
    let mut hit = Vec::new();
    match rng.below(5) {
        0 => {
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
                hit.push(i);
            }
        }
        1 => {
            let i = rng.below(b.len());
            let n = (1 + rng.below(12)).min(b.len() - i);
            for (k, byte) in b.iter_mut().enumerate().skip(i).take(n) {
                *byte = rng.next() as u8;
                hit.push(k);
            }
        }
        2 => {
            let i = rng.below(b.len());
            b.insert(i, *rng.pick(b"\n{}\",:0a"));
            hit.push(i);
        }
        3 => {
            let i = rng.below(b.len());
            b.remove(i);
            hit.push(i);
        }
        _ => {
            let i = rng.below(b.len());
            b.truncate(i);
            hit.extend(i..j.len());
        }
    }
    // Only real changes count.
    hit.retain(|&i| b.get(i) != j.get(i) || b.len() != j.len());
    (b, hit)
}

/// The line (0: the header) each byte of `j` belongs to; a line break belongs to its line.
fn line_of(j: &[u8]) -> Vec<usize> {
    let mut line = 0;
    j.iter()
        .map(|&c| {
            let l = line;
            if c == b'\n' {
                line += 1;
            }
            l
        })
        .collect()
}

fn fuzz(cases: u64) {
    let seed = env_seed("JOURNAL_FUZZ_SEED", 0x6a6f75726e616c);
    let mut rng = Rng::new(seed);
    let dir = data_dir("fuzz-base");
    let p = play(&dir);
    let lines = line_of(&p.journal);
    let mut skipped_total = 0;
    let mut damaged_cases = 0;
    let mut blind = 0;
    for case in 0..cases {
        let (bytes, hit) = damage(&mut rng, &p.journal);
        if bytes == p.journal {
            continue;
        }
        let d = data_dir("fuzz");
        fs::write(d.join("autosave.json"), &p.save).unwrap();
        fs::write(d.join(JOURNAL_FILE), &bytes).unwrap();
        let r = movelog::recover(&Store::at(&d));
        let ctx = format!("case {case} (seed {seed}): hit {hit:?}, note {:?}", r.note);
        let game = r.game.expect("the autosave is intact");
        // Damaged lines: those with a changed byte; a changed line break runs two together.
        let mut bad = std::collections::BTreeSet::new();
        for &i in &hit {
            let l = lines.get(i).copied().unwrap_or(MOVES);
            bad.insert(l);
            if p.journal.get(i) == Some(&b'\n') {
                bad.insert(l + 1);
            }
        }
        // Every move after the save is replayed or reported skipped; the lines a cut took
        // away whole are no longer there to report (a journal may end anywhere).
        let starts: Vec<usize> = std::iter::once(0)
            .chain(
                p.journal
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let present = (SAVED + 1..=MOVES)
            .filter(|&line| starts[line] < bytes.len())
            .count();
        // One exception: the last entries run together with the end of one and the start of the
        // next both damaged read as one damaged entry (nothing after them tells their number).
        let seams = hit
            .iter()
            .filter(|&&i| p.journal.get(i) == Some(&b'\n'))
            .filter(|&&i| {
                hit.contains(&(i + 1)) && (hit.contains(&(i - 1)) || hit.contains(&(i - 2)))
            })
            .count();
        let reported = r.replayed + r.skipped as usize;
        assert!(
            reported <= present && reported + seams >= present,
            "{ctx}: {reported} reported of {present}"
        );
        blind += present - reported;
        let board = game.editor.board();
        assert_eq!(givens(board), p.givens, "no given changed: {ctx}");
        for (k, &(cell, digit)) in p.moves.iter().enumerate() {
            // Move k is line k + 1 of the journal.
            if k >= SAVED && !bad.contains(&(k + 1)) {
                assert_eq!(board.value(cell), Some(digit), "move {k} kept: {ctx}");
            }
        }
        let aside: Vec<_> = fs::read_dir(&d)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("autosave.journal.corrupt-"))
            .collect();
        if r.skipped > 0 {
            damaged_cases += 1;
            skipped_total += r.skipped;
            assert!(r.note.is_some(), "reported: {ctx}");
            assert_eq!(aside.len(), 1, "kept aside: {ctx}");
            assert_eq!(fs::read(d.join(&aside[0])).unwrap(), bytes, "{ctx}");
            assert!(
                fs::read_dir(&d).unwrap().flatten().any(|e| e
                    .file_name()
                    .to_string_lossy()
                    .starts_with("autosave.json.corrupt-")),
                "the autosave kept beside it: {ctx}"
            );
        }
        if r.note.is_none() {
            assert!(aside.is_empty() && r.skipped == 0, "{ctx}");
        }
        let _ = fs::remove_dir_all(d);
    }
    eprintln!(
        "journal fuzz: {cases} journals, {damaged_cases} with moves lost, {skipped_total} moves \
         skipped and reported, {blind} lost moves counted in with a neighbour"
    );
}

#[test]
fn damaged_journals_lose_only_their_damaged_moves() {
    fuzz(env_count("JOURNAL_FUZZ", 200, 2000, "journals"));
}

#[test]
#[ignore = "2,000 damaged journals (about a minute); the default run does 200"]
fn two_thousand_damaged_journals_lose_only_their_damaged_moves() {
    fuzz(env_count("JOURNAL_FUZZ", 2000, 2000, "journals"));
}
