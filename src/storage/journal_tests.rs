use super::*;

fn entry(seq: u64, op: Op) -> Entry {
    Entry {
        seq,
        op,
        t: seq,
        at: None,
    }
}

fn temp(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("termdoku-journal-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn replay(sel: Selection) -> Replay {
    match sel {
        Selection::Replay(r) => r,
        other => panic!("not replayed: {other:?}"),
    }
}

fn mark(id: u64, seq: u64) -> JournalMark {
    JournalMark { id, seq }
}

/// A journal of `n` undo entries after `base`, as written.
fn written(tag: &str, id: u64, base: u64, n: u64) -> (Vec<u8>, PathBuf) {
    let dir = temp(tag);
    let path = dir.join("autosave.journal");
    let mut j = Journal::create(&path, id, base).unwrap();
    for _ in 0..n {
        j.append(Op::Undo, 1, None).unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_dir_all(dir);
    (bytes, path)
}

#[test]
fn version_1_journals_still_read() {
    let text = b"{\"journal\":1,\"id\":7,\"base\":2}\n\
        {\"seq\":3,\"op\":\"undo\",\"t\":3}\n\
        {\"seq\":4,\"op\":\"do\",\"diff\":\"r1c1=f5\",\"t\":4}\n\
        {\"seq\":5,\"op\":\"do\",\"di";
    let j = parse_journal(text).unwrap();
    assert_eq!((j.version, j.header), (1, Some((7, 2))));
    let r = replay(j.select(mark(7, 2)));
    assert_eq!(
        r.entries,
        vec![
            entry(3, Op::Undo),
            entry(
                4,
                Op::Do {
                    diff: "r1c1=f5".into(),
                    colors: None
                }
            )
        ]
    );
    assert_eq!(r.damaged, 1, "the torn last line is a lost move");
    assert_eq!(replay(j.select(mark(7, 3))).entries.len(), 1);
    assert_eq!(j.select(mark(8, 2)), Selection::Stale);
}

#[test]
fn a_version_1_entry_whose_number_does_not_follow_is_skipped() {
    let text = b"{\"journal\":1,\"id\":7,\"base\":0}\n\
        {\"seq\":1,\"op\":\"undo\",\"t\":3}\n\
        {\"seq\":3,\"op\":\"undo\",\"t\":3}\n\
        {\"seq\":3,\"op\":\"redo\",\"t\":3}\n\
        {\"seq\":4,\"op\":\"undo\",\"t\":3}\n";
    let r = replay(parse_journal(text).unwrap().select(mark(7, 0)));
    let seqs: Vec<_> = r.entries.iter().map(|e| (e.seq, e.op.clone())).collect();
    // 3 after 1 with one line between is too far: a flipped number. The second 3 fits.
    assert_eq!(
        seqs,
        vec![(1, Op::Undo), (3, Op::Redo), (4, Op::Undo)],
        "{r:?}"
    );
    assert_eq!(r.damaged, 1);
}

#[test]
fn entries_after_a_mark_stop_at_a_newer_reset() {
    let dir = temp("reset");
    let path = dir.join("autosave.journal");
    let mut j = Journal::create(&path, 9, 0).unwrap();
    for op in [Op::Undo, Op::Redo, Op::Reset, Op::Undo] {
        j.append(op, 1, None).unwrap();
    }
    let r = read_journal(&path).unwrap().unwrap();
    let after = |seq| replay(r.select(mark(9, seq)));
    assert_eq!(after(0).entries.len(), 2);
    assert_eq!(after(0).newer_game, 2);
    assert_eq!(after(1).entries.len(), 1);
    let held = after(3);
    assert_eq!(
        (held.entries.len(), held.is_damaged()),
        (1, false),
        "the save holds the reset: the moves after it apply"
    );
    assert_eq!(r.select(mark(8, 0)), Selection::Stale);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn appended_entries_read_back() {
    let dir = temp("append");
    let path = dir.join("autosave.journal");
    let mut j = Journal::create(&path, 42, 10).unwrap();
    j.append(Op::Undo, 5, Some("r1c1".into())).unwrap();
    j.append(
        Op::Draft {
            givens: Some("1".repeat(81)),
        },
        6,
        None,
    )
    .unwrap();
    assert_eq!(j.last_seq(), 12);
    let r = read_journal(&path).unwrap().unwrap();
    assert_eq!((r.version, r.header), (VERSION, Some((42, 10))));
    let sel = replay(r.select(mark(42, 10)));
    assert_eq!((sel.entries.len(), sel.is_damaged()), (2, false));
    assert_eq!(sel.entries[0].at.as_deref(), Some("r1c1"));
    assert!(matches!(r.select(mark(42, 9)), Selection::Broken(_)));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_line_is_skipped_alone_and_counted() {
    let (bytes, _) = written("flip", 5, 0, 6);
    let lines: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i)
        .collect();
    // A digit of the third entry's time changed: still JSON, caught by the checksum.
    let mut b = bytes.clone();
    let at = lines[2] + 1 + b"{\"seq\":3,\"op\":\"undo\",\"t\":".len();
    b[at] = b'7';
    let r = replay(parse_journal(&b).unwrap().select(mark(5, 0)));
    let seqs: Vec<u64> = r.entries.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, vec![1, 2, 4, 5, 6]);
    assert_eq!(r.damaged, 1);
    // Damage before the save's mark costs nothing.
    let r = replay(parse_journal(&b).unwrap().select(mark(5, 4)));
    assert_eq!((r.entries.len(), r.damaged), (2, 0));
    // Two lines run together (a line break lost): both moves are counted.
    let mut b = bytes.clone();
    b[lines[3]] = b' ';
    let r = replay(parse_journal(&b).unwrap().select(mark(5, 0)));
    assert_eq!((r.entries.len(), r.damaged), (4, 2));
}

#[test]
fn header_fields_that_still_parse_are_caught() {
    let (bytes, _) = written("header", 77, 0, 3);
    let text = String::from_utf8(bytes).unwrap();
    for (from, to) in [("\"id\":77", "\"id\":76"), ("\"base\":0", "\"base\":2")] {
        let b = text.replacen(from, to, 1);
        let j = parse_journal(b.as_bytes()).unwrap();
        assert_eq!(j.header, None, "{from} -> {to}");
        let r = replay(j.select(mark(77, 0)));
        assert!(r.header_damaged && r.is_damaged());
        assert_eq!(r.entries.len(), 3, "the entries verify with the save's id");
        assert!(matches!(j.select(mark(76, 0)), Selection::Broken(_)));
    }
}

#[test]
fn a_newer_version_is_refused() {
    let text = b"{\"journal\":3,\"id\":7,\"base\":2}\n";
    assert_eq!(
        parse_journal(text),
        Err(crate::storage::CorruptReason::UnknownVersion(3))
    );
}
