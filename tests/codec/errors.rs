//! The negative cases of docs/formats.md §7.2.9: wrong cell counts, bad cells and triplets, odd
//! lengths and rows, malformed Excel, pencilmark, OpenSudoku and JSON input, unsupported URLs;
//! each an error naming what is wrong, never a guess.

use crate::props::{read, w, LINE};
use termdoku::codec::{self, decode_any, Format};

fn err(text: &str) -> String {
    match decode_any(text) {
        Ok(p) => panic!("accepted as {}: {text}", p.format),
        Err(e) => e.to_string(),
    }
}

#[test]
fn wrong_cell_counts_are_errors() {
    assert_eq!(err(&LINE[1..]), "susser: 80 cells, expected 81");
    assert_eq!(err(&format!("{LINE}1")), "susser: 82 cells, expected 81");
    assert!(codec::decode(Format::Susser, &LINE[1..]).is_err());
}

#[test]
fn bad_plus_cells_are_errors() {
    for bad in ["+0", "+.", "++5", "+"] {
        let line = format!("{}{bad}", &LINE[..80]);
        let e = err(&line);
        assert!(e.starts_with("susser"), "{line}: {e}");
    }
    // `+0` inside the line, not only at its end.
    let e = err(&format!("+0{}", &LINE[1..]));
    assert!(e.contains("'+'"), "{e}");
}

#[test]
fn bad_triplets_are_errors() {
    for bad in ["1234", "012", "a12", "12"] {
        let e = err(&format!("{LINE}:111 {bad}"));
        assert!(e.contains(bad), "{bad}: {e}");
        let lib = format!(":0000:x:{LINE}:{bad}::");
        let e = err(&lib);
        assert!(e.contains("field 4") && e.contains(bad), "{e}");
    }
}

#[test]
fn sukaku_lengths_other_than_729_are_errors() {
    let s = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/format-samples/sukaku-729-1.txt"
    ))
    .unwrap();
    let s = s.trim();
    assert_eq!(s.len(), 729);
    assert!(decode_any(s).is_ok());
    err(&s[..728]);
    err(&format!("{s}."));
    assert!(codec::decode(Format::Sukaku, &s[..728]).is_err());
}

#[test]
fn uneven_short_rows_are_errors() {
    let good = "08063*40,2*85009,09*81,*300800,*2*,006001*,97*30,40085*7,01*94050";
    assert!(decode_any(good).is_ok());
    // Two stars sharing five blanks.
    let e = err(&good.replacen("08063*40", "1*2*34", 1));
    assert!(e.starts_with("susser-short") && e.contains("evenly"), "{e}");
}

#[test]
fn excel_row_with_ten_fields_is_an_error() {
    let excel = w(Format::Excel, &read(LINE).board);
    let mut rows: Vec<String> = excel.lines().map(str::to_string).collect();
    rows[3].push('\t');
    let bad = rows.join("\n");
    assert!(decode_any(&bad).is_err());
    assert!(codec::decode(Format::Excel, &bad).is_err());
}

#[test]
fn pencilmark_token_1230_is_an_error() {
    let s = read(LINE).board;
    let pm = w(Format::Pm, &s);
    let bad = pm.replacen("1", "1230", 1);
    assert!(decode_any(&bad).is_err(), "{bad}");
}

#[test]
fn opensudoku_with_242_fields_is_an_error() {
    let os = w(Format::OpenSudoku, &read(LINE).board);
    assert_eq!(os.split('|').count(), 243);
    let bad = os.rsplit_once('|').unwrap().0;
    let e = codec::decode(Format::OpenSudoku, bad)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "opensudoku: 242 fields, expected 243");
    assert!(decode_any(bad).is_err());
}

#[test]
fn json_with_eight_rows_is_an_error() {
    let json = w(Format::Json, &read(LINE).board);
    assert!(decode_any(&json).is_ok());
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut rows = v["numbers"].as_array().unwrap().clone();
    rows.pop();
    let bad = serde_json::json!({ "numbers": rows }).to_string();
    let v: serde_json::Value = serde_json::from_str(&bad).unwrap();
    assert_eq!(v["numbers"].as_array().unwrap().len(), 8, "{bad}");
    let e = err(&bad);
    assert!(e.contains("8 rows"), "{e}");
    // Invalid JSON does not fall through to other formats.
    let e = err("{\"numbers\": [");
    assert!(e.starts_with("json: invalid JSON"), "{e}");
}

#[test]
fn urls_and_share_strings_are_unsupported() {
    for t in ["https://sudokupad.app/abc", "http://x", "SCv7_32_AAAA"] {
        assert!(err(t).contains("unsupported"), "{t}");
    }
    assert_eq!(err("  \n \r\n"), "nothing to read");
}
