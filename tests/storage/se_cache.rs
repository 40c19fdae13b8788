//! The cache of SE ratings: written and read back, merged with another writer's, a damaged file
//! moved aside with what reads kept, a file of another version not used.

use crate::support::TempDir;
use termdoku::codec::decode_any;
use termdoku::domain::Board;
use termdoku::solver::se::Difficulty;
use termdoku::storage::se_cache::{SeCache, SeRecord, SE_CACHE_FILE};

const A: &str = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
const B: &str = "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

fn board(s: &str) -> Board {
    decode_any(s).unwrap().board
}

fn rated(er: u16, ep: u16, ed: u16) -> SeRecord {
    SeRecord::Rated {
        er: Difficulty(er),
        ep: Difficulty(ep),
        ed: Difficulty(ed),
    }
}

#[test]
fn ratings_written_read_back_by_puzzle() {
    let dir = TempDir::new("se-cache");
    let path = dir.path().join(SE_CACHE_FILE);
    let (mut cache, problem) = SeCache::load(&path);
    assert!(cache.is_empty() && problem.is_none());
    cache.insert(&board(A), rated(72, 12, 12));
    cache.insert(&board(B), SeRecord::Several);
    cache.save(&path).unwrap();
    let (back, problem) = SeCache::load(&path);
    assert!(problem.is_none());
    assert_eq!(back, cache);
    assert_eq!(back.get(&board(A)), Some(rated(72, 12, 12)));
    // Keyed by the givens: the same puzzle with a digit placed is the same entry.
    let mut played = board(A);
    played.set_filled(
        termdoku::domain::Cell::from_index(0),
        termdoku::domain::Digit::new(1).unwrap(),
    );
    assert_eq!(back.get(&played), Some(rated(72, 12, 12)));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.ends_with(&format!("{A} 7.2/1.2/1.2\n{B} 2+\n")),
        "{text}"
    );
}

#[test]
fn a_save_keeps_what_another_player_wrote() {
    let dir = TempDir::new("se-cache-merge");
    let path = dir.path().join(SE_CACHE_FILE);
    let (mut one, _) = SeCache::load(&path);
    let (mut two, _) = SeCache::load(&path);
    one.insert(&board(A), rated(72, 12, 12));
    one.save(&path).unwrap();
    two.insert(&board(B), SeRecord::Several);
    two.save(&path).unwrap();
    let (back, _) = SeCache::load(&path);
    assert_eq!(back.len(), 2);
}

#[test]
fn a_damaged_file_is_moved_aside_and_what_reads_is_kept() {
    let dir = TempDir::new("se-cache-damaged");
    let path = dir.path().join(SE_CACHE_FILE);
    let (mut cache, _) = SeCache::load(&path);
    cache.insert(&board(A), rated(72, 12, 12));
    cache.insert(&board(B), SeRecord::NoSolution);
    cache.save(&path).unwrap();
    let good = std::fs::read_to_string(&path).unwrap();
    let damaged = good.replacen(" 0\n", " 0.x\n", 1);
    std::fs::write(&path, &damaged).unwrap();
    let (mut back, problem) = SeCache::load(&path);
    let problem = problem.expect("the damage is reported").to_string();
    assert!(
        problem.contains("does not read") && problem.contains("1 ratings kept"),
        "{problem}"
    );
    assert_eq!(back.get(&board(A)), Some(rated(72, 12, 12)));
    assert_eq!(back.get(&board(B)), None);
    // The damaged file is kept as it was, under another name; the cache's name is free.
    assert!(!path.exists());
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("se-ratings.txt.corrupt-")
        })
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read_to_string(aside[0].path()).unwrap(), damaged);
    // Written back, what read is there again.
    back.save(&path).unwrap();
    let (again, problem) = SeCache::load(&path);
    assert!(problem.is_none());
    assert_eq!(again.len(), 1);
}

#[test]
fn a_file_of_another_version_is_not_used() {
    let dir = TempDir::new("se-cache-version");
    let path = dir.path().join(SE_CACHE_FILE);
    std::fs::write(
        &path,
        format!("termdoku-se-ratings 1 0.0.1\n{A} 7.2/1.2/1.2\n"),
    )
    .unwrap();
    let (cache, problem) = SeCache::load(&path);
    assert!(cache.is_empty() && problem.is_none());
    assert!(path.exists());
}
