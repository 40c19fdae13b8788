//! Hints: the three-press ladder and what each stage shows, mistakes named first, searches off the
//! event loop, the solution path view, and a long hint at 80x24.

use crate::support::*;

#[test]
fn hint_ladder_climbs_in_three_presses() {
    let mut s = session("hint");
    s.press("t").unwrap();
    let h = s.app.live_hint().expect("a hint").clone();
    assert_eq!(h.stage, HintStage::Technique);
    let one = snap(&mut s, FULL);
    assert!(one.contains(h.step().unwrap().technique.name()));
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Where);
    s.press("t").unwrap();
    assert_eq!(s.app.live_hint().unwrap().stage, HintStage::Full);
    insta::assert_snapshot!("hint_full_step", styled(&mut s, FULL));
    // Enter applies the shown step as one undo step.
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_ne!(*s.app.board(), before);
    for p in &h.step().unwrap().placements {
        assert_eq!(s.app.board().value(p.cell), Some(p.digit));
    }
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), before);
}

#[test]
fn second_hint_press_shades_the_houses_and_cells_to_look_at() {
    let mut s = session("where");
    s.press("tt").unwrap();
    let step = s.app.hint_step().unwrap().clone();
    let t = render(&mut s, FULL);
    let buf = &t;
    let l = layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1));
    for c in &step.facts.cells() {
        if *c != s.app.ui().cursor() {
            let r = cell_rect(&l, *c);
            assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(24), "pattern cell {c}");
        }
    }
    // Nothing is given away yet: no placement is styled as one.
    for p in &step.placements {
        if s.app.board().is_empty_cell(p.cell) {
            assert_ne!(candidate_at(buf, p.cell, p.digit).fg, Color::LightGreen);
        }
    }
}

#[test]
fn full_hint_highlights_placements_and_eliminations() {
    let mut s = session("hintstyle");
    s.press("ttt").unwrap();
    let step = s.app.hint_step().unwrap().clone();
    s.press("<tab>").unwrap(); // move the cursor; the hint stays (the board did not change)
    assert!(s.app.live_hint().is_some());
    let t = render(&mut s, FULL);
    let buf = &t;
    for p in &step.placements {
        let c = candidate_at(buf, p.cell, p.digit);
        assert_eq!(c.symbol(), p.digit.to_string());
        assert_eq!(c.fg, Color::LightGreen, "placement {p:?}");
    }
    for e in &step.eliminations {
        let c = candidate_at(buf, e.cell, e.digit);
        assert!(
            c.modifier.contains(Modifier::CROSSED_OUT),
            "elimination {e:?}"
        );
    }
    for cl in &step.facts.cells() {
        if *cl != s.app.ui().cursor() {
            let r = cell_rect(
                &layout(ratatui::layout::Rect::new(0, 0, FULL.0, FULL.1)),
                *cl,
            );
            assert_eq!(buf[(r.x, r.y)].bg, Color::Indexed(24), "pattern cell {cl}");
        }
    }
}

#[test]
fn enter_without_a_hint_changes_nothing() {
    let mut s = session("enter");
    let before = s.app.board().clone();
    s.press("<enter>").unwrap();
    assert_eq!(*s.app.board(), before);
    assert!(s
        .app
        .ui()
        .status()
        .cloned()
        .unwrap()
        .text
        .contains("No hint on screen"));
    s.press("T").unwrap(); // T applies the next step directly
    assert_ne!(*s.app.board(), before);
}

#[test]
fn a_hint_on_a_board_with_a_wrong_digit_names_the_mistake_first() {
    let sol = solution();
    let mut s = at_origin("mistake");
    let good = sol[0];
    let wrong = (1..=9u8)
        .find(|d| *d != good && *d != 7 && *d != 8)
        .unwrap();
    s.press(&format!("{good}<tab>")).unwrap(); // a right digit first
    let correct = s.app.board().clone();
    let c = s.app.ui().cursor();
    let bad = (1..=9u8).find(|d| *d != sol[c.index()]).unwrap();
    let _ = wrong;
    s.press(&bad.to_string()).unwrap();
    s.press("t").unwrap();
    let h = s.app.live_hint().unwrap().clone();
    assert!(matches!(h.kind, termdoku::app::HintKind::Mistake { .. }));
    let t1 = status_text(&s);
    assert!(t1.contains("mistake") && t1.contains("wrong digit"), "{t1}");
    assert!(
        !t1.contains(&c.to_string()),
        "stage 1 does not say where: {t1}"
    );
    s.press("t").unwrap();
    assert_status(&s, &format!("{c} is wrong"));
    insta::assert_snapshot!("mistake_where_medium", styled(&mut s, MEDIUM));
    // T undoes to the last correct state.
    s.press("T").unwrap();
    assert_eq!(*s.app.board(), correct);
    assert_status(&s, "last correct state");
    // No hint ever places a digit that is not the solution's: apply hints until solved.
    for _ in 0..200 {
        if s.app.board().is_solved() {
            break;
        }
        s.press("T").unwrap();
        for cc in Cell::all() {
            if let Some(d) = s.app.board().value(cc) {
                assert_eq!(d.get(), sol[cc.index()], "{cc}");
            }
        }
    }
    assert!(s.app.board().is_solved());
}

#[test]
fn a_removed_solution_candidate_is_a_mistake_too() {
    let sol = solution();
    let mut s = at_origin("removed");
    let d = sol[0];
    s.press(&format!("<alt+{d}>")).unwrap();
    s.press("t").unwrap();
    assert_status(&s, "wrongly removed candidate");
    s.press("t").unwrap();
    assert_status(&s, &format!("{d} was removed from r1c1"));
    s.press("<enter>").unwrap();
    assert!(s
        .app
        .board()
        .candidates(cell(1, 1))
        .contains(Digit::new(d).unwrap()));
}

/// A session whose step searches go to the background at once (as a slow search does in the
/// player): the answer is applied only when the test collects it.
fn background_hint_session(test: &str) -> TestSession {
    let mut s = session(test);
    s.hint_wait = Some(std::time::Duration::ZERO);
    s
}

#[test]
fn a_hint_search_runs_off_the_event_loop_and_says_so() {
    let mut s = background_hint_session("hint-bg");
    s.press("t").unwrap();
    assert!(s.app.live_hint().is_none());
    assert!(s.app.hints().search().is_some());
    assert_status(&s, "Searching for a hint");
    assert!(snap(&mut s, FULL).contains("Searching for a hint"));
    // Asking again while it searches starts nothing new.
    let jobs = s.background_jobs();
    s.press("t").unwrap();
    assert_status(&s, "Still searching");
    assert_eq!(s.background_jobs(), jobs);
    s.wait_background();
    let h = s.app.live_hint().expect("the hint arrives").clone();
    assert_eq!(h.stage, HintStage::Technique);
    assert!(status_text(&s).contains(h.step().unwrap().technique.name()));
    assert_eq!(s.app.game().hints_used, 1);
    assert!(s.app.hints().search().is_none());
    // The same step as a search in place finds.
    let mut inline = session("hint-inline");
    inline.press("t").unwrap();
    assert_eq!(inline.app.live_hint().unwrap().kind, h.kind);
}

#[test]
fn a_step_found_after_the_board_changed_is_dropped() {
    let mut s = background_hint_session("hint-stale");
    s.press("t").unwrap();
    let before = s.app.board().clone();
    s.press("m1").unwrap(); // mark mode, toggle candidate 1 at the cursor
    assert_ne!(*s.app.board(), before);
    s.wait_background();
    assert!(s.app.live_hint().is_none());
    assert!(s.app.hints().shown().is_none());
    assert!(s.app.hints().search().is_none());
    assert_eq!(s.app.game().hints_used, 0);
}

#[test]
fn esc_stops_waiting_for_a_hint_and_apply_waits_for_its_step() {
    let mut s = background_hint_session("hint-esc");
    s.press("t<esc>").unwrap();
    assert_status(&s, "Stopped waiting");
    s.wait_background();
    assert!(s.app.hints().shown().is_none());
    // T searches in the background too and applies the step when it arrives.
    let before = s.app.board().clone();
    s.press("T").unwrap();
    assert_eq!(*s.app.board(), before);
    s.wait_background();
    assert_ne!(*s.app.board(), before);
    assert!(
        status_text(&s).starts_with("Applied: "),
        "{}",
        status_text(&s)
    );
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), before);
}

#[test]
fn the_path_view_lists_the_steps_and_applies_up_to_the_chosen_one() {
    let mut s = session("path");
    let start = s.app.board().clone();
    let path = termdoku::solver::engine::solution_path(&start);
    s.press("v").unwrap();
    assert!(snap(&mut s, FULL).contains("Computing the path"));
    s.wait_background();
    let screen = snap(&mut s, FULL);
    assert!(screen.contains(&path.steps[0].text), "{screen}");
    for size in [FULL, MEDIUM, COMPACT] {
        insta::assert_snapshot!(format!("path_{}x{}", size.0, size.1), styled(&mut s, size));
    }
    s.press("jj<enter>").unwrap();
    let mut expected = start.clone();
    let mut ed = termdoku::editor::Editor::new(expected.clone());
    for st in &path.steps[..3] {
        ed.apply(termdoku::editor::Command::apply_step(st.clone()))
            .unwrap();
    }
    expected = ed.board().clone();
    assert_eq!(*s.app.board(), expected);
    // One undo step.
    s.press("u").unwrap();
    assert_eq!(*s.app.board(), start);
}

/// A session on a W-Wing state showing the W-Wing at its third stage.
fn w_wing_shown(test: &str) -> TestSession {
    let mut s = session_config(test, crate::common::chains::W_WING, Config::default(), None);
    s.press("ttt").unwrap();
    let step = s.app.hint_step().expect("a hint").clone();
    assert_eq!(step.technique, termdoku::solver::Technique::WWing);
    s
}

/// The side panel's column of an 80x24 screen (right of the medium board).
fn panel(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| {
            l.chars()
                .skip(57)
                .collect::<String>()
                .trim_end_matches('|')
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn the_hint_panel_wraps_between_tokens_and_points_to_the_whole_hint() {
    let mut s = w_wing_shown("wwing-panel");
    let screen = snap(&mut s, MEDIUM);
    let side = panel(&screen);
    let eureka = termdoku::solver::Eureka::on_board(s.app.hint_step().unwrap(), s.app.board())
        .unwrap()
        .lines();
    // Every node of the chain is whole on some line of the panel.
    for token in eureka[0].split(['-', '=']).filter(|t| t.contains('r')) {
        let cellname = token.trim_start_matches(|c: char| c != 'r');
        let cellname = cellname.split(' ').next().unwrap();
        assert!(
            side.iter().any(|l| l.contains(cellname)),
            "{cellname} split:\n{screen}"
        );
    }
    // No line of the panel ends inside a cell name.
    for l in &side {
        assert!(!l.ends_with('r') && !l.ends_with('c'), "{l:?}\n{screen}");
    }
    insta::assert_snapshot!("w_wing_panel_medium", styled(&mut s, MEDIUM));
}

#[test]
fn the_whole_hint_reads_full_screen_and_scrolls() {
    let mut s = w_wing_shown("wwing-read");
    s.press("i").unwrap();
    let screen = snap(&mut s, MEDIUM);
    let step = s.app.hint_step().unwrap().clone();
    let eureka = termdoku::solver::Eureka::on_board(&step, s.app.board())
        .unwrap()
        .lines();
    let flat = screen.replace(['|', ' ', '\n', '│', '┃'], "");
    for l in &eureka {
        assert!(flat.contains(&l.replace(' ', "")), "{l}\n{screen}");
    }
    assert!(flat.contains(&step.text.replace(' ', "")), "{screen}");
    // A narrow, short terminal scrolls through it.
    s.screen = (44, 16);
    s.dispatch(termdoku::app::Action::Resize {
        width: 44,
        height: 16,
    });
    let first = snap(&mut s, (44, 16));
    s.press("<pagedown>").unwrap();
    let second = snap(&mut s, (44, 16));
    assert_ne!(first, second);
    s.press("G").unwrap();
    let last = snap(&mut s, (44, 16));
    assert!(last.contains(" of "), "{last}");
    s.press("g").unwrap();
    assert_eq!(snap(&mut s, (44, 16)), first);
    s.press("<esc>").unwrap();
    assert_eq!(*s.app.ui().overlay(), termdoku::app::Overlay::None);
}

#[test]
fn the_hint_text_is_copied_with_its_key_and_from_the_copy_menu() {
    let mut s = w_wing_shown("wwing-copy");
    let step = s.app.hint_step().unwrap().clone();
    s.press("yt").unwrap();
    let copied = s.clipboard.get_text().unwrap();
    assert!(copied.contains(&step.text), "{copied}");
    let eureka = termdoku::solver::Eureka::on_board(&step, s.app.board())
        .unwrap()
        .lines();
    assert!(copied.contains(&eureka[0]), "{copied}");
    assert!(status(&s).contains("hint text"), "{}", status(&s));
    // The copy menu lists it last.
    s.press("Y").unwrap();
    assert!(snap(&mut s, FULL).contains("the hint's text"));
    s.press("G<enter>").unwrap();
    assert!(status(&s).contains("hint text"), "{}", status(&s));
}
