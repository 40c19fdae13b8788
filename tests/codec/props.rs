//! Property tests of docs/formats.md §7.2 over generated states (§9): random valid grids, random
//! givens/filled subsets, random candidate subsets (including empty sets, singletons and extra
//! candidates), and robustness on random and mutated input; the negative cases of §7.2.9 are in
//! `errors`.

use crate::common;

use crate::common::Rng;
use crate::projection::{auto_cells, flat, giv, project_729, val, writable};
use proptest::prelude::*;

use termdoku::codec::{self, decode_any, encode, Format, WriteOptions};
use termdoku::domain::{Board, Cell, CellState, Digit, DigitSet};

// ---- state generator -------------------------------------------------------------------------

/// A random valid solved grid: the base pattern under digit, row-in-band, band, column-in-stack
/// and stack permutations and an optional transposition.
fn solved_grid(rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let perm = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::with_capacity(9);
        for b in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            out.extend(inner.iter().map(|i| b * 3 + i));
        }
        out
    };
    let rows = perm(rng);
    let cols = perm(rng);
    let transpose = rng.chance(0.5);
    let mut g = [0u8; 81];
    for (r, &rr) in rows.iter().enumerate() {
        for (c, &cc) in cols.iter().enumerate() {
            let v = (rr * 3 + rr / 3 + cc) % 9;
            let (i, j) = if transpose { (c, r) } else { (r, c) };
            g[i * 9 + j] = digits[v];
        }
    }
    g
}

#[derive(Clone, Copy, Debug)]
struct Gen {
    /// Allow candidates that conflict with a placed peer.
    extras: bool,
}

/// A random state. Candidates: unspecified (auto) in about a quarter of the states, otherwise a
/// random subset of auto per empty cell (sometimes empty, sometimes one digit), plus extra
/// candidates when `g.extras`.
fn gen_state(seed: u64, g: Gen) -> Board {
    let mut rng = Rng::new(seed);
    let grid = solved_grid(&mut rng);
    let no_values = rng.chance(0.08);
    let p_given = if no_values {
        0.0
    } else {
        rng.below(60) as f64 / 100.0
    };
    let p_filled = if no_values {
        0.0
    } else {
        rng.below(40) as f64 / 100.0
    };
    let mut values = [None; 81];
    for (i, v) in values.iter_mut().enumerate() {
        let d = Digit::new(grid[i]).unwrap();
        if rng.chance(p_given) {
            *v = Some((d, true));
        } else if rng.chance(p_filled) {
            *v = Some((d, false));
        }
    }
    let base = Board::from_values(&values);
    if rng.chance(0.25) {
        return base;
    }
    let keep = 0.3 + rng.below(70) as f64 / 100.0;
    let mut cells = base.cells();
    for c in Cell::all() {
        if let CellState::Empty(auto) = cells[c.index()] {
            let mut set: DigitSet = auto.iter().filter(|_| rng.chance(keep)).collect();
            if rng.chance(0.05) {
                set = DigitSet::EMPTY;
            } else if rng.chance(0.08) {
                // A naked single (its digit may or may not be isolated).
                set = DigitSet::single(Digit::new(grid[c.index()]).unwrap());
            }
            if g.extras && rng.chance(0.1) {
                let blocked = auto.complement();
                if let Some(d) = blocked
                    .iter()
                    .nth(rng.below(9) % blocked.len().max(1) as usize)
                {
                    set.insert(d);
                }
            }
            cells[c.index()] = CellState::Empty(set);
        }
    }
    Board::from_cells(&cells, true)
}

/// A random state whose empty cells hold no candidate or exactly one (any digit, so sometimes a
/// digit repeated in a house): every pencilmark token is one symbol.
fn single_symbol_state(seed: u64) -> Board {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut cells = gen_state(seed, Gen { extras: false }).cells();
    for cs in cells.iter_mut() {
        if let CellState::Empty(_) = cs {
            *cs = if rng.chance(0.4) {
                CellState::Empty(DigitSet::EMPTY)
            } else {
                CellState::Empty(DigitSet::single(
                    Digit::new(1 + rng.below(9) as u8).unwrap(),
                ))
            };
        }
    }
    Board::from_cells(&cells, true)
}

/// A generated state whose `Debug` is its pm-marked text (short enough to read in a failure).
#[derive(Clone)]
struct St(Board);

impl std::fmt::Debug for St {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}", show(&self.0))
    }
}

impl std::ops::Deref for St {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.0
    }
}

fn show(b: &Board) -> String {
    format!(
        "{}\n(candidates specified: {})",
        w(Format::PmMarked, b),
        b.candidates_specified()
    )
}

fn state(g: Gen) -> impl Strategy<Value = St> {
    any::<u64>().prop_map(move |s| St(gen_state(s, g)))
}

/// Board equality with a readable failure.
macro_rules! same {
    ($got:expr, $want:expr, $($ctx:tt)*) => {{
        let (got, want): (Board, Board) = ($got, $want);
        prop_assert!(got == want, "{}\n--- got ---\n{}\n--- want ---\n{}", format!($($ctx)*), show(&got), show(&want));
    }};
}

// ---- projections of §7.1 ---------------------------------------------------------------------

/// A projection of §7.1.
type Projection = fn(&Board) -> Board;

pub fn w(f: Format, b: &Board) -> String {
    encode(f, b, &WriteOptions::default()).unwrap()
}

pub fn read(text: &str) -> codec::Parsed {
    decode_any(text).unwrap_or_else(|e| panic!("{e}\n--- input ---\n{text}"))
}

/// §7.2.4 with the equivalences it allows: the Susser family among itself, the two value-grid
/// shapes and a marker-free marked grid as a plain one.
fn detection_ok(written: Format, detected: Format, text: &str) -> bool {
    use Format::*;
    if written == detected {
        return true;
    }
    let susser_family = [Susser, Values, SusserPlus, SusserElims];
    let grids = [Grid, Boxed];
    match written {
        Susser | Values | SusserPlus => {
            susser_family.contains(&detected) && detected != SusserElims
        }
        // The canonical form is a Susser line of givens.
        Minlex => detected == Susser,
        SusserElims => !text.contains(':') && [Susser, SusserPlus].contains(&detected),
        Grid | Boxed => grids.contains(&detected),
        SusserShort => !text.contains('*') && detected == Grid,
        PmMarked => detected == Pm && !text.contains('<') && !text.contains('*'),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// §7.2.1: full-state formats.
    #[test]
    fn full_state_round_trips(s in state(Gen { extras: false })) {
        let e = read(&w(Format::SusserElims, &s));
        prop_assert_eq!(e.board.cells(), s.cells(), "{}", show(&e.board));
        let h = read(&w(Format::Hodoku, &s));
        prop_assert_eq!(h.format, Format::Hodoku);
        prop_assert_eq!(h.board.cells(), s.cells());
        if !s.eliminations().is_empty() {
            same!(e.board, s.0.clone(), "susser-elims");
            same!(h.board, s.0.clone(), "hodoku");
        }
    }

    /// §7.2.1: pm-marked keeps everything, extras and empty sets included, when there is a value.
    #[test]
    fn marked_pencilmarks_keep_the_state(s in state(Gen { extras: true })) {
        prop_assume!(s.value_count() > 0);
        let p = read(&w(Format::PmMarked, &s));
        prop_assert_eq!(p.format, Format::PmMarked);
        prop_assert_eq!(p.board.cells(), s.cells(), "{}", show(&p.board));
    }

    /// §7.2.2: lossy formats obey the projections of §7.1.
    #[test]
    fn lossy_formats_are_projections(s in state(Gen { extras: true })) {
        let cases: [(Format, Projection); 10] = [
            (Format::Susser, giv),
            (Format::Values, flat),
            (Format::SusserPlus, val),
            (Format::SusserShort, giv),
            (Format::Excel, giv),
            (Format::Json, giv),
            (Format::OpenSudoku, flat),
            (Format::Grid, flat),
            (Format::Boxed, val),
            (Format::Sukaku, project_729),
        ];
        for (f, proj) in cases {
            same!(read(&w(f, &s)).board, proj(&s), "format {f}");
        }
        // Also when every token is one symbol: the pencilmark layout is not read as a value grid.
        same!(read(&w(Format::Pm, &s)).board, project_729(&s), "format pm");
        prop_assert_eq!(read(&w(Format::SusserElims, &s)).board.cells(), auto_cells(&s));
        prop_assert_eq!(read(&w(Format::Hodoku, &s)).board.cells(), auto_cells(&s));
        // OpenSudoku v3 keeps the state when every empty cell has a candidate.
        let v3 = WriteOptions { opensudoku_v3: true, ..WriteOptions::default() };
        let back = read(&encode(Format::OpenSudoku, &s, &v3).unwrap()).board;
        if s.dead_cells().is_empty() {
            prop_assert_eq!(back.cells(), s.cells());
        }
        prop_assert_eq!(val(&back), val(&s));
    }

    /// §7.2.3: writers are idempotent through a parse (pm-marked needs a value, see §7.2.1).
    #[test]
    fn writers_are_idempotent(s in state(Gen { extras: true }), zeros in any::<bool>()) {
        let opts = WriteOptions { zeros, ..WriteOptions::default() };
        for f in writable() {
            if f == Format::PmMarked && s.value_count() == 0 {
                continue;
            }
            let once = encode(f, &s, &opts).unwrap();
            let back = decode_any(&once).map_err(|e| TestCaseError::fail(format!("{f}: {e}\n{once}")))?;
            let twice = encode(f, &back.board, &opts).unwrap();
            prop_assert_eq!(&twice, &once, "format {}", f);
        }
    }

    /// §7.2.3 for the SudokuStudio format strings (§4): every option combination is idempotent.
    #[test]
    fn format_strings_are_idempotent(s in state(Gen { extras: true })) {
        for spec in [
            ".", "0", "+", "0+", "#", "#0", "!", "0!", ".!:", "0*", "@", "@*0", "@!", "@:",
            "@*:", "@:!", "~.", "~0", "@~", "@~0", "%", "^",
        ] {
            let (f, opts) = codec::studio::parse(spec).unwrap();
            if f == Format::PmMarked && s.value_count() == 0 {
                continue;
            }
            let once = encode(f, &s, &opts).unwrap();
            let back = decode_any(&once)
                .map_err(|e| TestCaseError::fail(format!("{spec}: {e}\n{once}")))?;
            let twice = encode(f, &back.board, &opts).unwrap();
            prop_assert_eq!(&twice, &once, "format string {:?}", spec);
        }
    }

    /// Pencilmark grids whose 81 tokens are all one symbol (values, one-candidate cells and empty
    /// candidate sets only) keep the pencilmark reading: detected as `pm`, the `π_729` projection,
    /// idempotent writers (`pm` and the multi-line Sukaku `@~`).
    #[test]
    fn single_symbol_pencilmarks_stay_pencilmarks(seed in any::<u64>(), zeros in any::<bool>()) {
        let s = single_symbol_state(seed);
        let opts = WriteOptions { zeros, ..WriteOptions::default() };
        let pm = encode(Format::Pm, &s, &opts).unwrap();
        let p = read(&pm);
        prop_assert_eq!(p.format, Format::Pm, "{}", pm);
        same!(p.board.clone(), project_729(&s), "format pm");
        prop_assert_eq!(encode(Format::Pm, &p.board, &opts).unwrap(), pm);
        let multi = WriteOptions { multiline: true, zeros, ..WriteOptions::default() };
        let m = encode(Format::Sukaku, &s, &multi).unwrap();
        let back = read(&m);
        prop_assert_eq!(back.format, Format::Pm, "{}", m);
        same!(back.board.clone(), project_729(&s), "format @~");
        prop_assert_eq!(encode(Format::Sukaku, &back.board, &multi).unwrap(), m);
    }

    /// §7.2.4: detection soundness.
    #[test]
    fn detection_is_sound(s in state(Gen { extras: true }), zeros in any::<bool>()) {
        let opts = WriteOptions { zeros, ..WriteOptions::default() };
        for f in writable() {
            let text = encode(f, &s, &opts).unwrap();
            let got = decode_any(&text).map_err(|e| TestCaseError::fail(format!("{f}: {e}\n{text}")))?;
            prop_assert!(detection_ok(f, got.format, &text), "wrote {}, detected {}\n{}", f, got.format, text);
        }
    }

    /// §7.2.5: CRLF, trailing newline, blank edge lines and trailing spaces change nothing.
    #[test]
    fn whitespace_does_not_matter(s in state(Gen { extras: true }), which in 0usize..15) {
        let formats = writable();
        let text = w(formats[which % formats.len()], &s);
        let base = read(&text);
        let spaced: String = text.lines().map(|l| format!("{l}  ")).collect::<Vec<_>>().join("\n");
        for variant in [
            text.replace('\n', "\r\n"),
            format!("{text}\n"),
            format!("\n  \n{text}\n \n\n"),
            spaced,
        ] {
            let p = read(&variant);
            prop_assert_eq!(&p.board, &base.board);
            prop_assert_eq!(p.format, base.format);
        }
    }

    /// §7.2.6: trailers after an 81-cell line are metadata.
    #[test]
    fn trailers_do_not_matter(s in state(Gen { extras: false }), which in 0usize..4) {
        let f = [Format::Susser, Format::Values, Format::SusserPlus, Format::SusserElims][which];
        let g = w(f, &s);
        let base = read(&g).board;
        // After elimination triplets only `#`, `;` or `,` can start a trailer: a blank-separated
        // word there would be a malformed triplet (`1234` must stay an error, §7.2.9).
        let elims = g.contains(':');
        for t in [" ED=7.2/1.2/1.2", "  # comment", "\tname", ";110;5411131853"] {
            if elims && !t.trim_start().starts_with(['#', ';']) {
                continue;
            }
            prop_assert_eq!(&read(&format!("{g}{t}")).board, &base, "{}", t);
        }
    }

    /// §7.2.7: candidate sets of 2+ candidates agree across the candidate-carrying formats.
    #[test]
    fn candidate_sets_agree(s in state(Gen { extras: true })) {
        let want: Vec<(usize, DigitSet)> = s.cells().iter().enumerate().filter_map(|(i, c)| match c {
            CellState::Empty(set) if set.len() >= 2 => Some((i, *set)),
            _ => None,
        }).collect();
        let mut formats = vec![Format::Sukaku, Format::Pm];
        if s.value_count() > 0 {
            formats.push(Format::PmMarked);
        }
        if s.extra_candidates().is_empty() {
            formats.push(Format::SusserElims);
        }
        for f in formats {
            let back = read(&w(f, &s)).board.cells();
            for &(i, set) in &want {
                prop_assert_eq!(back[i], CellState::Empty(set), "{} at cell {}", f, i);
            }
        }
    }

    /// §7.2.8: canonical triplet order and spacing.
    #[test]
    fn triplets_are_canonical(s in state(Gen { extras: true })) {
        let text = w(Format::SusserElims, &s);
        match text.split_once(':') {
            None => prop_assert!(s.eliminations().is_empty()),
            Some((_, list)) => {
                prop_assert!(!list.is_empty() && !list.ends_with(' ') && !list.contains("  "));
                let keys: Vec<(u8, u8, u8)> = list.split(' ').map(|t| {
                    let b = t.as_bytes();
                    (b[1], b[2], b[0])
                }).collect();
                let mut sorted = keys.clone();
                sorted.sort();
                sorted.dedup();
                prop_assert_eq!(keys, sorted);
            }
        }
    }

    /// Robustness: arbitrary text never panics.
    #[test]
    fn random_text_never_panics(t in "\\PC{0,300}") {
        let _ = decode_any(&t);
    }

    /// Robustness: text made of format characters never panics, and errors render.
    #[test]
    fn format_alphabet_never_panics(t in "[0-9.+:|*#,;<>\\-_ \t\n{}\"\\[\\]a-z]{0,900}") {
        if let Err(e) = decode_any(&t) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    /// Robustness: mutated samples never panic.
    #[test]
    fn mutated_samples_never_panic(which in 0usize..64, seed in any::<u64>(), edits in 1usize..8) {
        let samples = common::format_samples();
        let text = &samples[which % samples.len()];
        let mut chars: Vec<char> = text.chars().collect();
        let mut rng = Rng::new(seed);
        const ALPHABET: &[char] = &['0', '1', '5', '9', '.', '+', ':', '|', '*', '-', ' ', '\t', '\n', ',', '<', '>', '{', '"', '#', 'x'];
        for _ in 0..edits {
            let pos = rng.below(chars.len() + 1);
            let ch = *rng.pick(ALPHABET);
            match rng.below(3) {
                0 if pos < chars.len() => { chars.remove(pos); }
                1 if pos < chars.len() => chars[pos] = ch,
                _ => chars.insert(pos, ch),
            }
        }
        let mutated: String = chars.into_iter().collect();
        let _ = decode_any(&mutated);
        for f in [Format::Susser, Format::Hodoku, Format::OpenSudoku, Format::Json, Format::SusserShort] {
            let _ = codec::decode(f, &mutated);
        }
    }
}

/// A valid puzzle line (the negative cases of `errors` change it).
pub const LINE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";

#[test]
fn generator_makes_valid_varied_states() {
    let mut extras = 0;
    let mut empty_sets = 0;
    let mut unspecified = 0;
    for seed in 0..200 {
        let s = gen_state(seed, Gen { extras: true });
        assert!(s.conflicts().is_empty());
        extras += usize::from(!s.extra_candidates().is_empty());
        empty_sets += usize::from(!s.dead_cells().is_empty() && s.candidates_specified());
        unspecified += usize::from(!s.candidates_specified());
    }
    assert!(
        extras > 20 && empty_sets > 20 && unspecified > 20,
        "{extras} {empty_sets} {unspecified}"
    );
}

#[test]
fn pencilmark_grid_of_single_symbols_keeps_its_eliminations() {
    let state = read(
        ".68931527751624839392578461134756298289413675675289314846192753513867942927345186:411",
    )
    .board;
    let pm = w(Format::Pm, &state);
    let back = read(&pm);
    assert_eq!(back.format, Format::Pm, "{pm}");
    assert_eq!(back.board, state);
    assert_eq!(
        w(Format::SusserElims, &back.board),
        ".68931527751624839392578461134756298289413675675289314846192753513867942927345186:411"
    );
    // The same values as a boxed value grid (one space apart) stay a value grid.
    assert_eq!(read(&w(Format::Boxed, &state)).format, Format::Boxed);
}

#[test]
fn pm_writer_is_idempotent_on_a_tab_grid_of_empty_sets() {
    let tab = "\t\t\t\t\t\t\t\t\r\t\t\t\t\t\t\t3\t\r\t1\t\t\t\t\t\t\t\r\t3\t\t\t\t\t\t\t\r\t\t\t\t\t\t\t\t\r\t8\t\t\t\t6\t\t\t\r\t\t\t\t\t\t8\t\t\r\t\t\t\t\t\t5\t44444\t1\r8\t6\t\t\t1\t\t\t\t";
    let p = read(tab);
    assert_eq!(p.format, Format::Pm);
    let once = w(Format::Pm, &p.board);
    let back = read(&once);
    assert_eq!(back.format, Format::Pm, "{once}");
    assert_eq!(w(Format::Pm, &back.board), once);
    assert_eq!(back.board, project_729(&p.board));
}

#[test]
fn double_spaced_single_symbols_are_a_pencilmark_layout_single_spaced_a_value_grid() {
    let rows: Vec<&str> = LINE
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap())
        .collect();
    let spaced = |sep: &str| {
        rows.iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(sep))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = read(&spaced(" "));
    assert_eq!(one.format, Format::Grid);
    assert!(!one.board.candidates_specified());
    let two = read(&spaced("  "));
    assert_eq!(two.format, Format::Pm);
    assert!(two.board.candidates_specified());
    assert_eq!(two.board.values_array(), one.board.values_array());
}
