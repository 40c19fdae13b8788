//! Damaged files: corrupt saves and slots moved aside with their reason, interrupted writes that
//! leave the existing save intact, stale temporary files cleaned up.

use crate::support::*;
use std::fs;
use std::path::PathBuf;
use termdoku::editor::CandidateMode;
use termdoku::storage::{StorageError, Store};

fn corrupt_case(bytes: &[u8]) -> (StorageError, Vec<PathBuf>, TempDir) {
    let dir = TempDir::new("corrupt");
    let store = Store::at(dir.path());
    fs::write(store.autosave_path(), bytes).unwrap();
    let err = store.read_autosave().unwrap_err();
    let files: Vec<PathBuf> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    (err, files, dir)
}

#[test]
fn corrupt_saves_are_moved_aside_reported_and_preserved() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    let cases: Vec<Vec<u8>> = vec![
        b"{ this is not json".to_vec(),
        good.replace(
            &format!("\"schema_version\": {}", termdoku::storage::SCHEMA_VERSION),
            "\"schema_version\": 99",
        )
        .into_bytes(),
        good.replacen("<4>", "<x>", 1).into_bytes(),
        good.replace("\"auto\"", "\"sideways\"").into_bytes(),
        good.as_bytes()[..good.len() / 2].to_vec(),
        // Remembered marks that contradict the grid, or that do not parse.
        good.replacen(
            "\"remembered\": \"",
            "\"remembered\": \"r9c9:123456789/ ",
            1,
        )
        .into_bytes(),
        good.replacen("\"remembered\": \"", "\"remembered\": \"rXc1:1/ ", 1)
            .into_bytes(),
    ];
    for bytes in cases {
        let (err, files, dir) = corrupt_case(&bytes);
        let StorageError::Corrupt {
            path,
            moved_to,
            reason,
        } = err
        else {
            panic!("expected Corrupt, got {err:?}");
        };
        assert_eq!(path, Store::at(dir.path()).autosave_path());
        let moved = moved_to.expect("moved aside");
        let name = moved.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("autosave.json.corrupt-"), "{name}");
        assert_eq!(fs::read(&moved).unwrap(), bytes, "original bytes kept");
        assert_eq!(files, vec![moved.clone()], "only the moved file remains");
        assert!(!err_message(&reason).is_empty());
        // The next autosave starts fresh and leaves the corrupt file alone.
        let store = Store::at(dir.path());
        store
            .write_autosave(&sample_game(CandidateMode::Auto))
            .unwrap();
        assert_eq!(fs::read(&moved).unwrap(), bytes);
        assert!(store.read_autosave().unwrap().is_some());
    }
}

fn err_message(r: &termdoku::storage::CorruptReason) -> String {
    r.to_string()
}

#[test]
fn a_second_corrupt_file_does_not_overwrite_the_first() {
    let dir = TempDir::new("corrupt2");
    let store = Store::at(dir.path());
    fs::write(store.autosave_path(), b"first").unwrap();
    let a = store.read_autosave().unwrap_err();
    fs::write(store.autosave_path(), b"second").unwrap();
    let b = store.read_autosave().unwrap_err();
    let (
        StorageError::Corrupt {
            moved_to: Some(pa), ..
        },
        StorageError::Corrupt {
            moved_to: Some(pb), ..
        },
    ) = (a, b)
    else {
        panic!("expected two moved corrupt files");
    };
    assert_ne!(pa, pb);
    assert_eq!(fs::read(pa).unwrap(), b"first");
    assert_eq!(fs::read(pb).unwrap(), b"second");
}

#[test]
fn an_interrupted_write_leaves_the_existing_save_intact() {
    let dir = TempDir::new("interrupted");
    let store = Store::at(dir.path());
    let game = sample_game(CandidateMode::Auto);
    store.write_autosave(&game).unwrap();
    let before = fs::read(store.autosave_path()).unwrap();
    // A crash after creating and partly writing the temporary file, before the rename.
    let tmp = dir.path().join(".autosave.json.tmp-4242-0");
    fs::write(&tmp, &before[..before.len() / 3]).unwrap();
    assert_eq!(fs::read(store.autosave_path()).unwrap(), before);
    assert_same_game(&game, &store.read_autosave().unwrap().unwrap());
    // Writing again works next to the leftover (a recent temp file is left alone).
    let mut later = sample_game(CandidateMode::Auto);
    later.elapsed_secs = 999;
    store.write_autosave(&later).unwrap();
    assert_eq!(store.read_autosave().unwrap().unwrap().elapsed_secs, 999);
    assert!(tmp.exists());
    // A leftover temp file is never listed as a slot.
    fs::create_dir_all(dir.path().join("slots")).unwrap();
    fs::write(dir.path().join("slots/.x.json.tmp-1-0"), b"{").unwrap();
    assert!(store.list_slots().unwrap().is_empty());
}

#[test]
fn stale_temp_files_are_cleaned_up_by_the_next_write() {
    let dir = TempDir::new("stale");
    let store = Store::at(dir.path());
    let stale = dir.path().join(".autosave.json.tmp-777-0");
    fs::write(&stale, b"partial").unwrap();
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    let fresh = dir.path().join(".autosave.json.tmp-778-0");
    fs::write(&fresh, b"partial").unwrap();
    store
        .write_autosave(&sample_game(CandidateMode::Auto))
        .unwrap();
    assert!(!stale.exists(), "an hour-old temp file is removed");
    assert!(fresh.exists(), "a recent one may belong to a running write");
}

#[test]
fn a_corrupt_slot_is_listed_with_its_reason_and_moved_aside_when_opened() {
    let dir = TempDir::new("badslot");
    let store = Store::at(dir.path());
    store
        .save_slot("good", &sample_game(CandidateMode::Auto))
        .unwrap();
    let bad = store.slot_path("bad").unwrap();
    fs::write(&bad, b"{\"schema_version\": 1}").unwrap();
    let list = store.list_slots().unwrap();
    assert_eq!(list.len(), 2);
    assert!(list[0].summary.is_err(), "{:?}", list[0]);
    assert!(list[1].summary.is_ok());
    // Listing does not move anything; opening does.
    assert!(bad.exists());
    match store.open_slot("bad") {
        Err(StorageError::Corrupt {
            moved_to: Some(m), ..
        }) => assert_eq!(fs::read(m).unwrap(), b"{\"schema_version\": 1}"),
        other => panic!("{other:?}"),
    }
    assert!(!bad.exists());
    assert_eq!(store.list_slots().unwrap().len(), 1);
}

#[test]
fn a_bad_difference_makes_the_save_corrupt() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    for bad in [
        "r0c1=.",
        "r1c1=x5",
        "r1c1=g0",
        "r1c1=.:12",
        "r1c1=.:1a/",
        "mode=sideways",
        "specified=2",
        "junk",
    ] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["undo"][0] = bad.into();
        let text = serde_json::to_string(&v).unwrap();
        let (err, _, _dir) = corrupt_case(text.as_bytes());
        let StorageError::Corrupt { reason, .. } = err else {
            panic!("{bad}: expected Corrupt, got {err:?}");
        };
        let msg = reason.to_string();
        assert!(
            msg.starts_with("undo[0]") && msg.contains(bad),
            "{bad}: {msg}"
        );
    }
}

#[test]
fn a_version_2_save_without_its_summary_is_corrupt() {
    let good = termdoku::storage::save::encode_game(&sample_game(CandidateMode::Auto)).unwrap();
    for field in ["values", "solved"] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v.as_object_mut().unwrap().remove(field).expect("written");
        let text = serde_json::to_string(&v).unwrap();
        let (err, _, _dir) = corrupt_case(text.as_bytes());
        let StorageError::Corrupt { reason, .. } = err else {
            panic!("{field}: expected Corrupt, got {err:?}");
        };
        assert!(reason.to_string().starts_with(field), "{field}: {reason}");
    }
}
