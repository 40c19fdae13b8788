//! Golden vectors of docs/formats.md §7.4 and round-trip properties of §7.2 for the multi-line formats
//! (boxed/9x9 grids, pencilmark grids, Sukaku 729, Excel rows, Simple Sudoku stacks).

use std::path::PathBuf;

use termdoku::codec::{
    self, excel, grid, pencilmark, simple_sudoku, sukaku, Format, Parsed, WriteOptions,
};
use termdoku::domain::{Board, Cell, CellState, Digit, DigitSet};

/// Reads a format sample from the repository fixtures.
fn sample(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/format-samples")
        .join(format!("{name}.txt"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("format sample {}: {e}", p.display()))
}

/// The sample without the file's final line break.
fn sample_text(name: &str) -> String {
    let s = sample(name);
    s.strip_suffix('\n').unwrap_or(&s).to_string()
}

fn parse(text: &str) -> Parsed {
    codec::decode_any(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::from_rc(r - 1, c - 1)
}

fn opts() -> WriteOptions {
    WriteOptions::default()
}

#[test]
fn boxed_writer_on_susser_1_is_boxed_grid_1() {
    let b = parse(&sample("susser-1")).board;
    assert_eq!(grid::write_boxed(&b, &opts()), sample_text("boxed-grid-1"));
    let p = parse(&sample("boxed-grid-1"));
    assert_eq!(p.format, Format::Boxed);
    assert_eq!(p.board, b);
    assert_eq!(parse(&sample("susser-2")).board, b);
}

#[test]
fn boxed_writer_with_plus_on_boxed_grid_2() {
    let text = sample_text("boxed-grid-2");
    let p = parse(&text);
    assert_eq!(p.format, Format::Boxed);
    assert!(p.board.value_count() > p.board.given_count());
    assert_eq!(grid::write_boxed(&p.board, &opts()), text);
}

#[test]
fn middle_dot_grid_and_other_value_grids() {
    let p = parse(&sample("boxed-grid-3"));
    assert_eq!(p.format, Format::Boxed);
    assert_eq!(p.board.given_count(), 28);
    assert_eq!(p.board.cell(cell(1, 1)), CellState::Given(d(4)));

    let p = parse(&sample("lines-9x9-2"));
    assert_eq!(p.format, Format::Grid);
    assert_eq!(p.board, parse(&sample("susser-3")).board);
    assert_eq!(
        grid::write_grid(&p.board, &opts()),
        sample_text("lines-9x9-2")
    );

    let sdk = parse(&sample("sdk-1"));
    assert_eq!(sdk.format, Format::Grid);
    assert_eq!(sdk.meta.comments.len(), 7);
    assert_eq!(sdk.meta.comments[0], "#ARuud");

    let ss = parse(&sample("simple-sudoku-1"));
    assert_eq!(ss.format, Format::Boxed);
    assert_eq!(ss.board.given_count(), 28);
    assert_eq!(ss.meta.comments, vec!["Simple Sudoku", "Version 4.2n"]);

    let groups = parse(&sample("line-groups-1"));
    assert_eq!(groups.format, Format::Grid);
    assert_eq!(groups.board, parse(&sample("line-alt-blank-1")).board);
}

#[test]
fn plain_pm_writer_on_susser_plus_1_is_pencilmark_plain_2() {
    let b = parse(&sample("susser-plus-1")).board;
    assert_eq!(
        pencilmark::write_plain(&b, &opts()),
        sample_text("pencilmark-plain-2")
    );
}

#[test]
fn marked_pm_sample_equals_susser_elims_state_and_round_trips() {
    let marked = parse(&sample("pencilmark-marked-1"));
    assert_eq!(marked.format, Format::PmMarked);
    let elims = parse(&sample("susser-elims-1"));
    assert_eq!(marked.board, elims.board);
    let written = pencilmark::write_marked(&marked.board, &opts());
    assert_eq!(parse(&written).board, marked.board);

    let plus = parse(&sample("pencilmark-marked-2"));
    assert_eq!(plus.format, Format::PmMarked);
    let plus_opts = WriteOptions {
        plus_borders: true,
        ..opts()
    };
    assert_eq!(
        parse(&pencilmark::write_marked(&plus.board, &plus_opts)).board,
        plus.board
    );
}

#[test]
fn plain_pm_samples_and_hodoku_markup() {
    for name in [
        "pencilmark-plain-1",
        "pencilmark-plain-2",
        "pencilmark-plain-3",
    ] {
        let p = parse(&sample(name));
        assert_eq!(p.format, Format::Pm, "{name}");
        assert!(p.board.candidates_specified());
    }
    let m = parse(&sample("pencilmark-markup-1"));
    assert_eq!(m.format, Format::Pm);
    // `*678` is HoDoKu markup on the candidates 678; `#367` likewise.
    assert_eq!(
        m.board.cell(cell(4, 2)),
        CellState::Empty([d(6), d(7), d(8)].into_iter().collect())
    );
    assert_eq!(
        m.board.cell(cell(7, 3)),
        CellState::Empty([d(3), d(6), d(7)].into_iter().collect())
    );
    assert_eq!(m.board.cell(cell(1, 1)), CellState::Given(d(6)));
}

#[test]
fn sukaku_729_1_is_the_projection_of_susser_elims_1() {
    let state = parse(&sample("susser-elims-1")).board;
    assert_eq!(sukaku::write(&state, &opts()), sample_text("sukaku-729-1"));
    let p = parse(&sample("sukaku-729-1"));
    assert_eq!(p.format, Format::Sukaku);
    // π_729: values become givens again (they are isolated), candidates stay.
    for c in Cell::all() {
        match state.cell(c) {
            CellState::Given(v) | CellState::Filled(v) => {
                assert_eq!(p.board.cell(c), CellState::Given(v), "{c}")
            }
            empty => assert_eq!(p.board.cell(c), empty, "{c}"),
        }
    }
    let zeros = parse(&sample("sukaku-729-2"));
    assert_eq!(
        sukaku::write(
            &zeros.board,
            &WriteOptions {
                zeros: true,
                ..opts()
            }
        ),
        sample_text("sukaku-729-2")
    );
}

#[test]
fn sukaku_729_3_equals_pencilmark_plain_3() {
    let s = parse(&sample("sukaku-729-3"));
    let pm = parse(&sample("pencilmark-plain-3"));
    assert_eq!(s.board, pm.board);
    assert_eq!(
        sukaku::write(&pm.board, &opts()),
        sample_text("sukaku-729-3")
    );
}

#[test]
fn excel_writer_on_susser_1_is_excel_tsv_1() {
    let b = parse(&sample("susser-1")).board;
    assert_eq!(excel::write(&b, &opts()), sample_text("excel-tsv-1"));
    let p = parse(&sample("excel-tsv-1"));
    assert_eq!(p.format, Format::Excel);
    assert_eq!(p.board, b);
    let p2 = parse(&sample("excel-tsv-2"));
    assert_eq!(p2.format, Format::Excel);
    assert_eq!(excel::write(&p2.board, &opts()), sample_text("excel-tsv-2"));
}

#[test]
fn excel_rows_of_eight_tabs_are_not_blank_lines() {
    let mut b = Board::empty();
    b.set_given(cell(5, 5), d(8));
    b.set_given(cell(2, 9), d(3));
    let text = excel::write(&b, &opts());
    assert!(text.starts_with("\t\t\t\t\t\t\t\t\n"));
    assert!(text.ends_with("\n\t\t\t\t\t\t\t\t"));
    for variant in [
        text.clone(),
        format!("{text}\n"),
        text.replace('\n', "\r\n"),
    ] {
        let p = parse(&variant);
        assert_eq!(p.format, Format::Excel);
        assert_eq!(p.board, b);
    }
    // A 10-field row is an error, not a silent misread.
    let bad = text.replacen("\t\t\t\t\t\t\t\t\n", "\t\t\t\t\t\t\t\t\t\n", 1);
    let e = codec::decode(Format::Excel, &bad).unwrap_err();
    assert_eq!(e.to_string(), "excel: row 1 has 10 fields, expected 9");
}

#[test]
fn simple_sudoku_2_keeps_the_naked_single() {
    let p = parse(&sample("simple-sudoku-2"));
    assert_eq!(p.format, Format::Pm);
    assert_eq!(
        p.board.cell(cell(8, 2)),
        CellState::Empty(DigitSet::single(d(1)))
    );
    let givens = parse(&sample("simple-sudoku-1")).board;
    assert_eq!(p.board.value_count(), 28);
    for c in Cell::all() {
        assert_eq!(p.board.value(c), givens.value(c), "{c}");
    }
}

#[test]
fn simple_sudoku_3_stack() {
    let text = sample_text("simple-sudoku-3");
    let p = parse(&text);
    assert_eq!(p.format, Format::SimpleSudoku);
    assert_eq!(p.board.given_count(), 28);
    assert_eq!(p.board.value_count(), 32);
    for (r, c, v) in [(2, 5, 7), (7, 6, 4), (9, 4, 7), (9, 5, 9)] {
        assert_eq!(p.board.cell(cell(r, c)), CellState::Filled(d(v)));
    }
    // The writer reproduces the stack byte for byte.
    assert_eq!(simple_sudoku::write(&p.board, &opts()), text);
}

// ---------------------------------------------------------------------------------------------
// Properties over random states (§7.2), with a small deterministic generator.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random state: conflict-free values (given or filled) and, for empty cells, random candidate
/// sets that include the empty set, singletons and (when `extras`) conflicting candidates.
fn random_state(rng: &mut Rng, extras: bool) -> Board {
    let mut values: [Option<(Digit, bool)>; 81] = [None; 81];
    let fill = 10 + rng.below(50);
    for _ in 0..fill {
        let i = rng.below(81) as usize;
        let digit = d(1 + rng.below(9) as u8);
        let c = Cell::from_index(i);
        let clash = c
            .peers()
            .iter()
            .any(|p| values[p.index()].map(|v| v.0) == Some(digit));
        if values[i].is_none() && !clash {
            values[i] = Some((digit, rng.below(3) != 0));
        }
    }
    let base = Board::from_values(&values);
    let mut cells = base.cells();
    for cs in cells.iter_mut() {
        if let CellState::Empty(auto) = *cs {
            let set = match rng.below(10) {
                0 => DigitSet::EMPTY,
                1 => auto
                    .first()
                    .map(DigitSet::single)
                    .unwrap_or(DigitSet::EMPTY),
                _ => DigitSet::from_bits(auto.bits() & rng.next() as u16),
            };
            let set = if extras && rng.below(4) == 0 {
                set.union(DigitSet::from_bits(rng.next() as u16))
            } else {
                set
            };
            *cs = CellState::Empty(set);
        }
    }
    Board::from_cells(&cells, true)
}

#[test]
fn pm_marked_round_trips_exactly() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for k in 0..300 {
        let s = random_state(&mut rng, k % 3 == 0);
        let text = pencilmark::write_marked(&s, &opts());
        let p = parse(&text);
        assert_eq!(p.format, Format::PmMarked);
        assert_eq!(p.board, s, "{text}");
        let plus = pencilmark::write_marked(
            &s,
            &WriteOptions {
                plus_borders: true,
                zeros: true,
                ..opts()
            },
        );
        assert_eq!(parse(&plus).board, s);
        // Whitespace invariance (§7.2.5).
        let crlf = format!("\r\n{}  \r\n\r\n", text.replace('\n', "  \r\n"));
        assert_eq!(parse(&crlf).board, s);
    }
}

#[test]
fn lossy_writers_are_idempotent_and_detected() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    type Writer = fn(&Board, &WriteOptions) -> String;
    let writers: [(Format, Writer); 6] = [
        (Format::Pm, pencilmark::write_plain),
        (Format::Sukaku, sukaku::write),
        (Format::Boxed, grid::write_boxed),
        (Format::Grid, grid::write_grid),
        (Format::Excel, excel::write),
        (Format::SimpleSudoku, simple_sudoku::write),
    ];
    for k in 0..100 {
        let s = random_state(&mut rng, k % 3 == 0);
        for (format, write) in writers {
            let once = write(&s, &opts());
            let p = parse(&once);
            assert_eq!(p.format, format, "{once}");
            assert_eq!(write(&p.board, &opts()), once, "{format}");
        }
        // Projections of §7.1.
        assert_eq!(
            parse(&grid::write_boxed(&s, &opts())).board,
            Board::from_values(&values_of(&s, false))
        );
        assert_eq!(parse(&excel::write(&s, &opts())).board, s.givens_only());
        assert_eq!(
            parse(&grid::write_grid(&s, &opts())).board,
            Board::from_values(&values_of(&s, true))
        );
        // Simple Sudoku's three grids keep everything.
        assert_eq!(parse(&simple_sudoku::write(&s, &opts())).board, s);
        // Cross-format consistency (§7.2.7): cells with 2+ candidates agree.
        let pm = parse(&pencilmark::write_plain(&s, &opts())).board;
        let suk = parse(&sukaku::write(&s, &opts())).board;
        for c in Cell::all() {
            if let CellState::Empty(set) = s.cell(c) {
                if set.len() >= 2 {
                    assert_eq!(pm.cell(c), s.cell(c));
                    assert_eq!(suk.cell(c), s.cell(c));
                }
            }
        }
    }
}

/// `π_val` (`flat = false`) or `π_flat` (`flat = true`) as value arrays.
fn values_of(s: &Board, flat: bool) -> [Option<(Digit, bool)>; 81] {
    let mut v = [None; 81];
    for c in Cell::all() {
        v[c.index()] = match s.cell(c) {
            CellState::Given(x) => Some((x, true)),
            CellState::Filled(x) => Some((x, flat)),
            CellState::Empty(_) => None,
        };
    }
    v
}

#[test]
fn grid_negative_cases() {
    let line = sample_text("susser-1");
    let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    let mut short = rows.join("\n");
    short.pop();
    assert!(codec::decode_any(&short).is_err());
    let e = codec::decode(Format::Grid, &format!("{}\n.", rows.join("\n"))).unwrap_err();
    assert_eq!(e.to_string(), "grid: 82 cells, expected 81");
    let e = codec::decode(Format::Grid, &rows.join("\n").replacen('.', "+.", 1)).unwrap_err();
    assert!(
        e.to_string().starts_with("grid: '+' must be followed"),
        "{e}"
    );
    let sukaku = sample_text("sukaku-729-1");
    assert!(codec::decode(Format::Sukaku, &sukaku[..728]).is_err());
    assert!(codec::decode(Format::Sukaku, &format!("{sukaku}.")).is_err());
}

#[test]
fn junk_never_panics() {
    // Random text over the symbols the grid readers care about: every outcome must be a value,
    // never a panic.
    const ALPHABET: &[&str] = &[
        "1", "2", "5", "9", "0", ".", "|", "-", "---", "+", "<", ">", "*", "\t", "\n", " ", "u",
        "A", "\u{b7}", ":", "'", "#", "!", ",", "123", "<4>", "*7*", "+3",
    ];
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..3000 {
        let len = rng.below(400) as usize;
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize])
            .collect();
        let _ = codec::decode_any(&text);
        decode_all(&text);
    }
    // Valid writer outputs with a few characters replaced: the readers get deep before failing.
    let writers: [fn(&Board, &WriteOptions) -> String; 5] = [
        pencilmark::write_marked,
        grid::write_boxed,
        sukaku::write,
        excel::write,
        simple_sudoku::write,
    ];
    for k in 0..600 {
        let s = random_state(&mut rng, true);
        let mut chars: Vec<char> = writers[k % writers.len()](&s, &opts()).chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() as u64) as usize;
            let sym = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
            chars.splice(at..at + 1, sym.chars());
        }
        let text: String = chars.into_iter().collect();
        let _ = codec::decode_any(&text);
        decode_all(&text);
    }
}

fn decode_all(text: &str) {
    for f in [
        Format::Grid,
        Format::Pm,
        Format::Sukaku,
        Format::Excel,
        Format::SimpleSudoku,
    ] {
        let _ = codec::decode(f, text);
    }
}
