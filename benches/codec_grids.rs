//! Throughput of the multi-line writers and readers (the player copies on every keypress that
//! needs it). Prints nanoseconds per call; run with `cargo bench --bench codec_grids`
//! (or `--profile dev` for a quick look).

use std::hint::black_box;
use std::time::Instant;

use termdoku::codec::{self, excel, grid, pencilmark, simple_sudoku, sukaku, WriteOptions};
use termdoku::domain::Board;

/// The state of docs/formats.md `susser-elims-1` (values, filled digits and eliminations).
const STATE: &str = "....8+3......5.2.....3..+71...5+9....2.8..+29...66+2+1375+4+89+915.2.83+7....5.......739...:882 883 484 684 486 686 188 189";

fn time(name: &str, iters: u32, mut f: impl FnMut() -> usize) {
    // Warm up, then measure.
    for _ in 0..iters / 10 {
        black_box(f());
    }
    let start = Instant::now();
    let mut bytes = 0usize;
    for _ in 0..iters {
        bytes += black_box(f());
    }
    let ns = start.elapsed().as_nanos() as f64 / iters as f64;
    println!(
        "{name:<28} {ns:>9.0} ns/call  (output size or value count {})",
        bytes / iters as usize
    );
}

fn main() {
    let board: Board = codec::decode_any(STATE).expect("sample state").board;
    let o = WriteOptions::default();
    let n = 20_000;
    type Writer = fn(&Board, &WriteOptions) -> String;
    let writers: [(&str, Writer); 7] = [
        ("write pm-marked", pencilmark::write_marked),
        ("write pm (plain)", pencilmark::write_plain),
        ("write boxed", grid::write_boxed),
        ("write grid 9x9", grid::write_grid),
        ("write sukaku 729", sukaku::write),
        ("write excel", excel::write),
        ("write simple-sudoku", simple_sudoku::write),
    ];
    for (name, w) in writers {
        time(name, n, || w(black_box(&board), &o).len());
    }
    let marked = pencilmark::write_marked(&board, &o);
    let boxed = grid::write_boxed(&board, &o);
    let s729 = sukaku::write(&board, &o);
    let ss = simple_sudoku::write(&board, &o);
    for (name, text) in [
        ("decode_any pm-marked", &marked),
        ("decode_any boxed", &boxed),
        ("decode_any sukaku 729", &s729),
        ("decode_any simple-sudoku", &ss),
    ] {
        time(name, n / 4, || {
            codec::decode_any(black_box(text))
                .map(|p| p.board.value_count())
                .unwrap_or(0)
        });
    }
}
