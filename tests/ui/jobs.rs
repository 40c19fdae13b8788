//! The player's worker pool seen from the session: a background job that panics becomes a
//! message in the status line, whatever waited for it stops waiting ("Searching for a hint…",
//! the path view's "computing"), and the pool goes on serving.

use std::time::Duration;
use termdoku::app::clipboard::MemoryClipboard;
use termdoku::app::jobs::JobKind;
use termdoku::app::{App, Game, HintSearch, Overlay, PathView, Session, StatusKind};
use termdoku::storage::Config;

const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn session() -> Session {
    let board = termdoku::codec::decode_any(PUZZLE).unwrap().board;
    let app = App::new(board, Game::named("Test", None), Config::default());
    let mut s = Session::new(app, Box::new(MemoryClipboard::default()), None);
    s.hint_wait = Some(Duration::ZERO);
    s
}

fn status(s: &Session) -> (String, StatusKind) {
    let st = s.app.ui().status().cloned().expect("a status message");
    (st.text, st.kind)
}

#[test]
fn a_panicking_hint_search_clears_searching_and_says_why() {
    let mut s = session();
    s.app.await_step_search(HintSearch {
        board: s.app.board().clone(),
        apply: false,
        restore: None,
    });
    s.app.info("Searching for a hint… (Esc stops waiting)");
    s.submit(JobKind::Hint, |_| panic!("the step engine broke"));
    s.wait_background();
    assert!(s.app.hints().search().is_none());
    assert_eq!(
        status(&s),
        (
            "The hint search failed: the step engine broke".to_string(),
            StatusKind::Error
        )
    );
    assert_eq!(s.background_jobs(), 0);
    // The pool goes on: the next hint is found and shown.
    s.press("t").unwrap();
    s.wait_background();
    assert!(s.app.live_hint().is_some(), "{:?}", s.app.ui().status());
}

#[test]
fn a_panicking_path_search_closes_the_waiting_view() {
    let mut s = session();
    s.app.open_overlay(Overlay::Path(Box::new(PathView {
        board: s.app.board().clone(),
        steps: None,
        summary: Vec::new(),
        engine: Default::default(),
        selected: 0,
    })));
    s.submit(JobKind::Path, |_| panic!("no path"));
    s.wait_background();
    assert_eq!(*s.app.ui().overlay(), Overlay::None);
    assert_eq!(
        status(&s),
        (
            "The solution path failed: no path".to_string(),
            StatusKind::Error
        )
    );
}

#[test]
fn a_panicking_generator_is_reported() {
    let mut s = session();
    s.wait_background();
    s.submit(JobKind::Generate, |_| panic!("out of puzzles"));
    s.wait_background();
    assert_eq!(
        status(&s),
        (
            "The generator failed: out of puzzles".to_string(),
            StatusKind::Error
        )
    );
}
