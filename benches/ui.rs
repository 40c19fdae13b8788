//! Player speed: `cargo bench --bench ui`.
//!
//! * keypress-to-frame: one key through the keymap and `update`, then a full redraw into a
//!   ratatui `TestBackend` (120x45 full layout, 80x24 medium, 60x20 compact), microseconds
//!   (median); the rating for the side panel runs on a worker thread meanwhile;
//! * the redraw alone and the key alone;
//! * start-to-first-frame: `Session::start` (config defaults, reading the autosave or opening
//!   the embedded default puzzle) plus the first frame, milliseconds.
//!
//! The terminal backend's own output (escape sequences to a real tty) is not included.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::hint::black_box;
use std::time::Instant;
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::key::parse_seq;
use termdoku::app::Session;
use termdoku::storage::{Config, Store};
use termdoku::ui::theme::{Theme, ThemeKind};

const THEME: Theme = Theme::new(ThemeKind::Dark);

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn store(name: &str) -> Store {
    let dir = std::env::temp_dir().join(format!("termdoku-bench-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Store::at(dir)
}

fn session(name: &str) -> Session {
    Session::start(
        None,
        Config::default(),
        Some(store(name)),
        Box::new(MemoryClipboard::default()),
    )
}

fn key_to_frame(w: u16, h: u16) {
    let mut s = session(&format!("k{w}"));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    // A mix of moves, digits, candidate toggles and undo: what play looks like.
    let script = parse_seq("l5j<alt+3>ku<tab>7uhm4m").unwrap();
    let mut both = Vec::new();
    let mut keys = Vec::new();
    let mut draws = Vec::new();
    for i in 0..4000 {
        let chord = script[i % script.len()];
        let t = Instant::now();
        s.key(chord);
        // The event loop applies finished background work (the side panel's rating) too.
        s.poll_background();
        let k = t.elapsed();
        term.draw(|f| termdoku::ui::draw(f, &s.app, &THEME))
            .unwrap();
        let all = t.elapsed();
        black_box(term.backend().buffer().area);
        both.push(all.as_secs_f64() * 1e6);
        keys.push(k.as_secs_f64() * 1e6);
        draws.push((all - k).as_secs_f64() * 1e6);
    }
    println!(
        "{w}x{h}: keypress-to-frame {:.1} us (key {:.1} us, frame {:.1} us), median of 4000",
        median(both),
        median(keys),
        median(draws)
    );
}

fn start_to_first_frame() {
    let mut fresh = Vec::new();
    let mut resumed = Vec::new();
    for i in 0..30 {
        let st = store(&format!("s{i}"));
        for (resume, out) in [(false, &mut fresh), (true, &mut resumed)] {
            let t = Instant::now();
            let mut s = Session::start(
                None,
                Config::default(),
                Some(st.clone()),
                Box::new(MemoryClipboard::default()),
            );
            let mut term = Terminal::new(TestBackend::new(120, 45)).unwrap();
            term.draw(|f| termdoku::ui::draw(f, &s.app, &THEME))
                .unwrap();
            out.push(t.elapsed().as_secs_f64() * 1e3);
            if !resume {
                // Leave an autosave with some history for the resume run.
                s.press("1l2l3u<tab>4").unwrap();
                s.save_now();
            }
        }
    }
    println!(
        "start-to-first-frame: {:.2} ms new game, {:.2} ms resuming the autosave (median of 30)",
        median(fresh),
        median(resumed)
    );
}

fn main() {
    key_to_frame(120, 45);
    key_to_frame(80, 24);
    key_to_frame(60, 20);
    start_to_first_frame();
}
