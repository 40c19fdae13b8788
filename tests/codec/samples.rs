//! Every real sample of docs/formats.md (copied to `tests/fixtures/format-samples/`) is detected as the
//! format its file name says, and every golden vector of docs/formats.md §7.4 holds byte for byte.

use crate::projection::project_729;
use std::path::PathBuf;

use termdoku::codec::{self, decode_any, encode, Format, Parsed, WriteOptions};
use termdoku::domain::{Cell, CellState, Digit, DigitSet};

fn dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/format-samples"
    ))
}

fn sample(name: &str) -> String {
    let p = dir().join(format!("{name}.txt"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The sample text as a writer would produce it (no trailing newline).
fn sample_exact(name: &str) -> String {
    sample(name).trim_end_matches(['\n', '\r']).to_string()
}

fn parse(name: &str) -> Parsed {
    decode_any(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn zeros() -> WriteOptions {
    WriteOptions {
        zeros: true,
        ..Default::default()
    }
}

/// The formats a sample's file name stands for (several when §6.1 may name a sibling: a boxed grid
/// is a value grid, a Simple Sudoku print grid is one too).
fn expected_formats(stem: &str) -> &'static [Format] {
    // Per-file cases first: the three Simple Sudoku samples are three different shapes.
    match stem {
        "simple-sudoku-1" => return &[Format::Grid, Format::Boxed],
        "simple-sudoku-2" => return &[Format::Pm],
        "simple-sudoku-3" => return &[Format::SimpleSudoku],
        _ => {}
    }
    let prefix = stem.rsplit_once('-').map(|(p, _)| p).unwrap_or(stem);
    match prefix {
        "boxed-grid" => &[Format::Boxed, Format::Grid],
        "excel-tsv" => &[Format::Excel],
        "gsf-q2" => &[Format::Gsf],
        "hodoku-library" => &[Format::Hodoku],
        "line-alt-blank" => &[Format::Susser],
        "line-groups" => &[Format::Grid],
        "line-rated" => &[Format::Susser],
        "lines-9x9" => &[Format::Grid],
        "opensudoku" => &[Format::OpenSudoku],
        "pencilmark-marked" => &[Format::PmMarked],
        "pencilmark-markup" | "pencilmark-plain" => &[Format::Pm],
        "rated-json-partial" => &[Format::JsonPartial],
        "rated-json-puzzle" => &[Format::Json],
        "sdk" => &[Format::Grid],
        "sukaku-729" => &[Format::Sukaku],
        "susser" => &[Format::Susser],
        "susser-elims" => &[Format::SusserElims],
        "susser-plus" => &[Format::SusserPlus],
        "susser-short" => &[Format::SusserShort],
        other => panic!("sample prefix {other:?} has no format mapping"),
    }
}

#[test]
fn every_sample_is_detected_as_its_format() {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .filter_map(|e| {
            let n = e.unwrap().file_name().into_string().unwrap();
            n.strip_suffix(".txt").map(str::to_string)
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), 43, "docs/formats.md names 43 samples");
    let mut failures = Vec::new();
    for stem in &names {
        assert!(
            dir().join(format!("{stem}.source")).is_file(),
            "{stem}.source is missing"
        );
        let want = expected_formats(stem);
        match decode_any(&sample(stem)) {
            Ok(p) if want.contains(&p.format) => {}
            Ok(p) => failures.push(format!("{stem}: detected {}, want {want:?}", p.format)),
            Err(e) => failures.push(format!("{stem}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_sample_parses_as_its_named_format_too() {
    // `decode(format, ..)` bypasses detection; the reader of the named format accepts the sample.
    for (stem, format) in [
        ("susser-1", Format::Susser),
        ("susser-plus-1", Format::SusserPlus),
        ("susser-elims-2", Format::SusserElims),
        ("susser-short-1", Format::SusserShort),
        ("hodoku-library-2", Format::Hodoku),
        ("gsf-q2-1", Format::Gsf),
        ("opensudoku-2", Format::OpenSudoku),
        ("rated-json-puzzle-1", Format::Json),
        ("rated-json-partial-1", Format::JsonPartial),
        ("line-rated-2", Format::Susser),
    ] {
        let p = codec::decode(format, &sample(stem)).unwrap_or_else(|e| panic!("{stem}: {e}"));
        assert_eq!(p.board, parse(stem).board, "{stem}");
    }
}

// ---- §7.4 golden vectors -------------------------------------------------------------------

#[test]
fn elims_line_and_marked_pm_grid_are_the_same_state() {
    assert_eq!(
        parse("susser-elims-1").board,
        parse("pencilmark-marked-1").board
    );
}

#[test]
fn library_line_equals_elims_line() {
    assert_eq!(
        parse("hodoku-library-1").board,
        parse("susser-elims-1").board
    );
    assert_eq!(
        parse("hodoku-library-2").board,
        parse("susser-elims-1").board
    );
}

#[test]
fn canonical_elims_writer_is_byte_identical_on_the_seed_samples() {
    let opts_for = |name: &str| {
        if name == "susser-elims-1" {
            WriteOptions::default()
        } else {
            zeros()
        }
    };
    for name in ["susser-elims-1", "susser-elims-2", "susser-elims-3"] {
        let p = parse(name);
        assert_eq!(
            encode(Format::SusserElims, &p.board, &opts_for(name)).unwrap(),
            sample_exact(name),
            "{name}"
        );
    }
}

#[test]
fn canonical_writer_on_library_3_is_byte_identical() {
    let line = sample_exact("hodoku-library-3");
    let p = parse("hodoku-library-3");
    let fields: Vec<&str> = line.split(':').collect();
    assert_eq!(
        encode(Format::SusserElims, &p.board, &zeros()).unwrap(),
        format!("{}:{}", fields[3], fields[4])
    );
    assert_eq!(encode(Format::Hodoku, &p.board, &zeros()).unwrap(), line);
}

#[test]
fn sukaku_1_is_the_729_projection_of_elims_1() {
    let elims = parse("susser-elims-1").board;
    assert_eq!(parse("sukaku-729-1").board, project_729(&elims));
    assert_eq!(
        encode(Format::Sukaku, &elims, &WriteOptions::default()).unwrap(),
        sample_exact("sukaku-729-1")
    );
}

#[test]
fn sukaku_3_is_the_729_projection_of_pencilmark_plain_3() {
    let pm = parse("pencilmark-plain-3").board;
    assert_eq!(parse("sukaku-729-3").board, project_729(&pm));
    assert_eq!(parse("sukaku-729-3").board, pm);
}

#[test]
fn plain_pm_writer_on_susser_plus_1_is_pencilmark_plain_2() {
    let b = parse("susser-plus-1").board;
    assert_eq!(
        encode(Format::Pm, &b, &WriteOptions::default()).unwrap(),
        sample_exact("pencilmark-plain-2")
    );
}

#[test]
fn boxed_writer_on_susser_1_is_boxed_grid_1() {
    let b = parse("susser-1").board;
    assert_eq!(
        encode(Format::Boxed, &b, &WriteOptions::default()).unwrap(),
        sample_exact("boxed-grid-1")
    );
}

#[test]
fn boxed_writer_with_plus_rewrites_boxed_grid_2() {
    let b = parse("boxed-grid-2").board;
    assert!(
        b.value_count() > b.given_count(),
        "boxed-grid-2 has filled digits"
    );
    assert_eq!(
        encode(Format::Boxed, &b, &WriteOptions::default()).unwrap(),
        sample_exact("boxed-grid-2")
    );
}

#[test]
fn excel_writer_on_susser_1_is_excel_tsv_1() {
    let b = parse("susser-1").board;
    assert_eq!(
        encode(Format::Excel, &b, &WriteOptions::default()).unwrap(),
        sample_exact("excel-tsv-1")
    );
}

#[test]
fn opensudoku_writer_on_elims_1_is_opensudoku_1() {
    let b = parse("susser-elims-1").board;
    assert_eq!(
        encode(Format::OpenSudoku, &b, &WriteOptions::default()).unwrap(),
        sample_exact("opensudoku-1")
    );
}

#[test]
fn same_puzzle_in_four_formats() {
    let s1 = parse("susser-1").board;
    for other in ["susser-2", "boxed-grid-1", "excel-tsv-1"] {
        assert_eq!(parse(other).board, s1, "{other}");
    }
    assert_eq!(parse("susser-3").board, parse("lines-9x9-2").board);
    let alt = parse("line-alt-blank-1").board;
    assert_eq!(parse("line-alt-blank-2").board, alt);
    assert_eq!(parse("line-groups-1").board, alt);
    assert_eq!(parse("susser-plus-1").board, parse("susser-plus-2").board);
}

#[test]
fn seed_003_values_string_is_the_elims_3_values_as_givens() {
    let b = parse("susser-elims-3").board;
    let want = "724315.8.3.1.9.75459...7213.5.7..39...9...5....35.9.2.6129..875837.5....945678132";
    assert_eq!(
        encode(Format::Values, &b, &WriteOptions::default()).unwrap(),
        want
    );
    let (f, o) = codec::studio::parse(".!").unwrap();
    assert_eq!(encode(f, &b, &o).unwrap(), want);
}

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

#[test]
fn simple_sudoku_2_keeps_the_naked_single_at_r8c2() {
    let b = parse("simple-sudoku-2").board;
    assert_eq!(
        b.cell(Cell::from_rc(7, 1)),
        CellState::Empty(DigitSet::single(d(1)))
    );
    assert_eq!(b.value_count(), 28);
    let givens = parse("simple-sudoku-1").board;
    assert_eq!(givens.given_count(), 28);
    for c in Cell::all() {
        assert_eq!(b.value(c), givens.value(c), "{c}");
    }
}

#[test]
fn simple_sudoku_3_has_28_givens_and_4_filled() {
    let b = parse("simple-sudoku-3").board;
    assert_eq!(b.given_count(), 28);
    assert_eq!(b.value_count(), 32);
    for (r, k, v) in [(1, 4, 7), (6, 5, 4), (8, 3, 7), (8, 4, 9)] {
        assert_eq!(b.cell(Cell::from_rc(r, k)), CellState::Filled(d(v)));
    }
}

#[test]
fn rated_json_partial_begin_and_end() {
    let text = sample("rated-json-partial-1");
    let begin = decode_any(&text).unwrap();
    assert_eq!(begin.format, Format::JsonPartial);
    assert_eq!(begin.board.given_count(), 25);
    assert_eq!(begin.board.value_count(), 40);
    // The end state: the same document with the end keys moved to the begin keys.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let obj = v.as_object_mut().unwrap();
    let end_numbers = obj["endNumbers"].clone();
    let end_table = obj["endCandidatesTable"].clone();
    obj.insert("beginNumbers".into(), end_numbers);
    obj.insert("beginCandidatesTable".into(), end_table);
    let end = decode_any(&v.to_string()).unwrap();
    let (bc, ec) = (begin.board.cells(), end.board.cells());
    let diffs: Vec<usize> = (0..81).filter(|&i| bc[i] != ec[i]).collect();
    assert_eq!(diffs, vec![Cell::from_rc(1, 2).index()]);
    assert_eq!(bc[diffs[0]].to_owned(), CellState::Empty(set(&[4, 5, 7])));
    assert_eq!(ec[diffs[0]], CellState::Empty(set(&[4, 7])));
}

fn set(ds: &[u8]) -> DigitSet {
    ds.iter().map(|&n| d(n)).collect()
}

#[test]
fn library_2_keeps_its_step_fields() {
    let p = parse("hodoku-library-2");
    let step = p.meta.hodoku_step.clone().expect("step fields");
    assert_eq!((step.code.as_str(), step.digits.as_str()), ("0603", "18"));
    assert_eq!(
        codec::hodoku::write_library(&p.board, Some(&step), &WriteOptions::default()),
        sample_exact("hodoku-library-2")
    );
}

#[test]
fn trailers_and_gsf_are_metadata() {
    let p = parse("line-rated-2");
    assert_eq!(p.meta.trailer.as_deref(), Some("ED=11.9/1.2/1.2 Loki"));
    let p = parse("line-rated-3");
    assert!(p.meta.trailer.as_deref().unwrap().starts_with(";110;"));
    let p = parse("gsf-q2-1");
    assert_eq!(
        encode(Format::Susser, &p.board, &zeros()).unwrap(),
        "100000002090400050006000700050903000000070000000850040700000600030009080002000001"
    );
}

#[test]
fn short_sample_expands_to_its_documented_line() {
    let p = parse("susser-short-1");
    assert_eq!(
        encode(Format::Susser, &p.board, &zeros()).unwrap(),
        "080630040200085009090000081000300800000020000006001000970000030400850007010094050"
    );
    assert_eq!(
        encode(Format::SusserShort, &p.board, &zeros()).unwrap(),
        sample_exact("susser-short-1")
    );
}

#[test]
fn json_puzzle_writes_back_with_its_id() {
    let p = parse("rated-json-puzzle-1");
    assert_eq!(
        p.meta.id.as_deref(),
        Some("69367c1bf66145eb8f6fc7c87a0fd828")
    );
    let out = codec::json::write_puzzle(&p.board, p.meta.id.as_deref(), &WriteOptions::default());
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let orig: serde_json::Value = serde_json::from_str(&sample("rated-json-puzzle-1")).unwrap();
    assert_eq!(v["numbers"], orig["numbers"]);
    assert_eq!(v["id"], orig["id"]);
}

#[test]
fn a_label_before_the_grid_is_kept_as_a_comment() {
    let line = sample_exact("line-rated-2");
    let p = decode_any(&format!("Loki {line}")).unwrap();
    assert_eq!(p.board, parse("line-rated-2").board);
    assert_eq!(p.meta.comments, vec!["Loki".to_string()]);
    // Nine groups without a letter stay a grid (§3.6 item 5).
    assert_eq!(parse("line-groups-1").format, Format::Grid);
}

#[test]
fn comment_lines_above_a_one_line_puzzle_are_kept() {
    let p = decode_any(&format!(
        "#A author\n[Puzzle]\n{}",
        sample_exact("susser-1")
    ))
    .unwrap();
    assert_eq!(p.format, Format::Susser);
    assert_eq!(p.board, parse("susser-1").board);
    assert_eq!(
        p.meta.comments,
        vec!["#A author".to_string(), "[Puzzle]".to_string()]
    );
}
