//! `update(&mut App, Action) -> Vec<Effect>`: every state change of the player, without I/O, clock
//! or randomness (time and seeds arrive inside actions; long searches are effects). This is the
//! dispatcher: each action goes to the module of its concern (see `docs/architecture.md`).

use super::jobs::JobKind;
use super::{
    games, givens, hints, menus, nav, paste, path, picker, play, saves, Action, App, Effect,
    Filter, Overlay,
};

/// Applies one action to the app; returns what the outside world must do.
pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    let mut fx = Vec::new();
    match action {
        // ---- playing the board ----
        Action::Move(d) => play::move_cursor(app, d, 1),
        Action::MoveFar(d) => play::move_cursor(app, d, 3),
        Action::NextEmpty => play::next_empty(app),
        Action::Digit(d) => play::digit(app, d),
        Action::ToggleCandidate(d) => play::toggle_candidate(app, d),
        Action::ToggleMarkMode => play::toggle_mark_mode(app),
        Action::ClearCell => play::clear_cell(app),
        Action::Undo => play::undo(app),
        Action::Redo => play::redo(app),
        Action::FillCandidates => play::fill_candidates(app),
        Action::ToggleCandidateMode => play::toggle_candidate_mode(app),
        Action::Check => play::check(app),
        Action::Pause => play::pause(app),
        Action::Restart => play::restart(app),
        Action::Filter(d) => play::set_filter(app, Some(Filter::Digit(d))),
        Action::FilterBivalue => play::set_filter(app, Some(Filter::Bivalue)),
        Action::FilterClear => play::set_filter(app, None),
        Action::ColorCell(color) => play::color_cell(app, color),
        Action::ColorClear => play::color_clear(app),
        Action::ColorClearAll => play::color_clear_all(app),
        Action::ClickCell(cell) => play::click(app, cell),
        Action::Tick(dt) => play::tick(app, dt),
        Action::Resize { width, height } => app.ui.screen = (width, height),
        // ---- enter-givens mode ----
        Action::EnterGivens => givens::enter_givens(app),
        Action::ClearBoard => givens::clear_board(app),
        // ---- hints and the solution path ----
        Action::Hint => hints::hint(app, &mut fx),
        Action::ApplyHint => hints::apply_hint(app, &mut fx),
        Action::StepFound {
            board,
            step,
            engine,
        } => hints::step_found(app, &board, step.map(|s| *s), engine),
        Action::SwitchHintEngine => hints::switch_engine(app),
        Action::PathView => path::open(app, &mut fx),
        Action::PathReady { board, steps } => path::ready(app, &board, steps),
        // ---- paste and copy ----
        Action::Paste => fx.push(Effect::ReadClipboard),
        Action::PasteText(text) => paste::paste_text(app, &text, &mut fx),
        Action::PasteFailed(why) => paste::paste_failed(app, &why),
        Action::Copy(format) => paste::copy(app, format, &mut fx),
        Action::CopyMenu => super::copying::open(app),
        Action::CopyHint => super::reader::copy_hint(app, &mut fx),
        Action::ReadAll => super::reader::open(app),
        // ---- menus, prompts, pickers ----
        Action::Help => menus::toggle_help(app),
        Action::Select => menus::select(app, &mut fx),
        Action::Cancel => menus::cancel(app),
        Action::MenuUp | Action::MenuDown if matches!(app.ui.overlay, Overlay::AllSteps(_)) => {
            super::all_steps::move_selection(app, action == Action::MenuUp)
        }
        Action::MenuUp => nav::navigate(app, nav::Move::Up),
        Action::MenuDown => nav::navigate(app, nav::Move::Down),
        Action::MenuPageUp => nav::navigate(app, nav::Move::PageUp),
        Action::MenuPageDown => nav::navigate(app, nav::Move::PageDown),
        Action::MenuFirst => nav::navigate(app, nav::Move::First),
        Action::MenuLast => nav::navigate(app, nav::Move::Last),
        Action::MenuSearch => picker::search(app),
        Action::MenuLevelFilter => {
            if picker::is_open(app) {
                picker::cycle_level(app);
                fx.push(Effect::SavePickerLevel(app.picker.level));
            }
        }
        Action::MenuSort => picker::cycle_sort(app),
        Action::MenuErFilter => picker::er_filter(app),
        Action::PromptChar(c) if picker::is_open(app) => picker::type_char(app, c),
        Action::PromptBackspace if picker::is_open(app) => picker::backspace(app),
        Action::PromptChar(c) => menus::prompt_char(app, c),
        Action::PromptBackspace => menus::prompt_backspace(app),
        // ---- new games and collections ----
        Action::NewGame => games::new_game_menu(app),
        Action::Generated {
            level,
            seed,
            result,
        } => games::generated(app, level, seed, result),
        Action::CollectionRead {
            path,
            lines,
            index,
            pick,
        } => games::collection_read(app, path, lines.0.as_ref().clone(), index, pick, &mut fx),
        Action::CollectionFailed(why) => app.error(why),
        Action::CollectionDuplicates { path, of } => picker::duplicates_found(app, &path, of),
        Action::CollectionRated {
            path,
            index,
            level,
            last,
        } => {
            if !last {
                picker::rated(app, &path, index, level);
            }
        }
        Action::CollectionSeRated {
            path,
            run,
            batch,
            last,
            note,
        } => {
            if let Some(note) = note {
                app.error(note);
            }
            super::picker_se::arrived(app, &path, run, batch, last);
        }
        // ---- saves ----
        Action::SaveSlot => saves::save_slot_prompt(app),
        Action::OpenSlot => fx.push(Effect::ListSlots),
        Action::SlotLoaded { name, game } => saves::slot_loaded(app, &name, &game.0, &mut fx),
        Action::SlotExists(name) => saves::slot_exists(app, name),
        Action::Savepoint => saves::mark(app),
        Action::SavepointMenu => saves::menu(app),
        Action::Quit => saves::quit(app, &mut fx),
        Action::QuitSaveFailed { why, journaled } => saves::quit_save_failed(app, &why, journaled),
        // ---- ratings, all steps, practice ----
        Action::Rated(info) => super::rating::arrived(app, *info),
        Action::SeRated(p) => {
            let givens = app.board().givens_only();
            super::se_rating::receive(&mut app.se_rating, *p, &givens);
        }
        Action::Steps(a) => super::all_steps::update(app, a, &mut fx),
        Action::JobFailed { job, why } => job_failed(app, job, &why),
    }
    after(app, &mut fx);
    fx
}

/// What follows every action: count a solve in the statistics (once per game) and start the
/// background rating of a new puzzle.
fn after(app: &mut App, fx: &mut Vec<Effect>) {
    if !app.givens_mode && !app.game.solve_counted && app.board().is_solved() {
        app.game.solve_counted = true;
        app.dirty = true;
        let level = super::rating::stats_level(app);
        fx.push(Effect::RecordSolve {
            level,
            secs: app.game.elapsed.as_secs(),
            hints: app.game.hints_used,
        });
        app.info(format!(
            "Solved in {}! Press n for a new game",
            app.game.clock()
        ));
    }
    fx.extend(background(app));
}

/// A background job panicked: what waited for it stops waiting, and the player is told.
fn job_failed(app: &mut App, job: JobKind, why: &str) {
    match job {
        JobKind::Hint => hints::search_failed(app, why),
        JobKind::Path => path::failed(app, why),
        JobKind::Rating => {
            app.rating_requested = None;
        }
        JobKind::SeRating => app.se_rating = super::se_rating::SeRatingView::None,
        JobKind::Practice => {
            super::practice::stop(app);
        }
        JobKind::AllSteps => {
            if let Some(v) = super::all_steps::view_mut(app) {
                v.done = true;
            }
        }
        JobKind::CollectionSeRating => super::picker_se::failed(app),
        JobKind::Generate | JobKind::CollectionRating | JobKind::CollectionDuplicates => {}
    }
    if !matches!(job, JobKind::Hint | JobKind::Path) {
        let mut what = job.describe().to_string();
        what[..1].make_ascii_uppercase();
        app.error(format!("{what} failed: {why}"));
    }
}

/// Background work the current state needs (see [`super::rating::background`]).
pub fn background(app: &mut App) -> Vec<Effect> {
    super::rating::background(app)
}
