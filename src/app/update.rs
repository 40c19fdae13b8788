//! `update(&mut App, Action) -> Vec<Effect>`: every state change of the player, without I/O, clock
//! or randomness (time and seeds arrive inside actions; long searches are effects). This is the
//! dispatcher: each action goes to the module of its concern (see `docs/architecture.md`).

use super::jobs::JobKind;
use super::{
    all_steps, games, givens, hints, menus, nav, paste, path, picker, play, practice, reader,
    saves, Action, App, Effect, Filter, MenuChoice, MenuKind, Overlay, PromptKind,
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
        Action::HintNextBranch => super::hint_view::step_branch(app, true),
        Action::HintPreviousBranch => super::hint_view::step_branch(app, false),
        Action::HintNested => super::hint_view::toggle_nested(app),
        Action::PathView => path::open(app, &mut fx),
        Action::PathReady { board, steps } => path::ready(app, &board, steps),
        // ---- paste and copy ----
        Action::Paste => fx.push(Effect::ReadClipboard),
        Action::PasteText(text) => paste::paste_text(app, &text, &mut fx),
        Action::PasteFailed(why) => paste::paste_failed(app, &why),
        Action::Copy(format) => paste::copy(app, format, &mut fx),
        Action::CopyMenu => super::copying::open(app),
        Action::CopyHint => reader::copy_hint(app, &mut fx),
        Action::ReadAll => reader::open(app),
        // ---- menus, prompts, pickers ----
        Action::Help => menus::toggle_help(app),
        Action::Select => select(app, &mut fx),
        Action::Cancel => cancel(app),
        Action::MenuUp | Action::MenuDown
            if matches!(app.ui.overlay.get(), Overlay::AllSteps(_)) =>
        {
            all_steps::move_selection(app, action == Action::MenuUp)
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
                fx.push(Effect::SavePickerLevel(app.picker.level()));
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
            let changed = super::picker_se::arrived(app, &path, run, batch, last);
            if let Some(changed) = changed.filter(|_| picker::is_open(app)) {
                picker::entries_changed(app, &changed, true);
            }
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
            app.ratings.se_progress(*p, &givens);
        }
        Action::Steps(a) => all_steps::update(app, a, &mut fx),
        Action::JobFailed { job, why } => job_failed(app, job, &why),
    }
    after(app, &mut fx);
    fx
}

/// What follows every action: count a solve in the statistics (once per game) and start the
/// background rating of a new puzzle.
fn after(app: &mut App, fx: &mut Vec<Effect>) {
    if !app.givens.on() && !app.game().solve_counted && app.board().is_solved() {
        app.game_mut().solve_counted = true;
        app.unsaved.touched();
        let level = super::rating::stats_level(app);
        fx.push(Effect::RecordSolve {
            level,
            secs: app.game().elapsed.as_secs(),
            hints: app.game().hints_used,
        });
        app.info(format!(
            "Solved in {}! Press n for a new game",
            app.game().clock()
        ));
    }
    fx.extend(background(app));
}

/// A background job panicked: what waited for it stops waiting, and the player is told.
fn job_failed(app: &mut App, job: JobKind, why: &str) {
    match job {
        JobKind::Hint => hints::search_failed(app, why),
        JobKind::Path => path::failed(app, why),
        JobKind::Rating => app.ratings.hodoku_failed(),
        JobKind::SeRating => app.ratings.se_failed(),
        JobKind::Practice => {
            practice::stop(app);
        }
        JobKind::AllSteps => {
            if let Some(v) = all_steps::view_mut(app) {
                v.done = true;
            }
        }
        JobKind::CollectionSeRating => {
            super::picker_se::failed(app);
            if picker::is_open(app) {
                picker::entries_changed(app, &[], false);
            }
        }
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

/// Enter: the chosen menu entry, the prompt's text, the path's steps, the all-steps view's
/// step; in play, the hint on screen.
fn select(app: &mut App, fx: &mut Vec<Effect>) {
    if picker::enter(app) {
        return;
    }
    match app.ui.overlay.close() {
        Overlay::Menu(m) => {
            if m.kind == MenuKind::Collection {
                picker::closed(app);
            }
            if let Some((_, choice)) = m.items.get(m.selected).cloned() {
                choose(app, choice, fx);
            }
        }
        Overlay::Prompt(p) => match p.kind {
            PromptKind::SaveSlot => saves::save_slot(app, &p.text, fx),
        },
        Overlay::Path(p) => path::select(app, p),
        Overlay::Message { .. } => {}
        Overlay::Text(t) => app.ui.overlay.open(t.under.map(|o| *o).unwrap_or_default()),
        Overlay::AllSteps(v) => all_steps::select(app, v, fx),
        Overlay::Help(s) => app.ui.overlay.open(Overlay::Help(s)),
        Overlay::None => {
            if !hints::apply_shown(app) && !app.ui.paused() && !app.givens.on() {
                app.info("No hint on screen: t asks for one, T applies the next step");
            }
        }
    }
}

/// What a menu entry stands for, done by the module it belongs to.
fn choose(app: &mut App, choice: MenuChoice, fx: &mut Vec<Effect>) {
    match choice {
        MenuChoice::Copy(f) => paste::copy(app, f, fx),
        MenuChoice::CopyHint => reader::copy_hint(app, fx),
        MenuChoice::Level(level) => games::new_game(app, level),
        MenuChoice::Generate(level) => games::generate(app, level, fx),
        MenuChoice::Slot(name) => fx.push(Effect::LoadSlot(name)),
        MenuChoice::CollectionNext => games::collection_next(app, fx),
        MenuChoice::CollectionPick => games::collection_pick(app, fx),
        MenuChoice::CollectionEntry(i) => games::open_collection_entry(app, i),
        MenuChoice::Practice(f) => practice::start(app, f, fx),
        MenuChoice::Savepoint(i) => saves::back_to(app, i),
        MenuChoice::OverwriteSlot(name) => fx.push(Effect::SaveSlot {
            name,
            overwrite: true,
        }),
        MenuChoice::QuitAnyway => saves::quit_anyway(app, fx),
        MenuChoice::Stay => app.info("Nothing changed"),
    }
}

/// Esc: stops the picker's typing, else closes the overlay, else leaves enter-givens mode,
/// else switches the filter off, stops practice, stops waiting for a hint, hides the hint.
fn cancel(app: &mut App) {
    if picker::stop_typing(app) {
        return;
    }
    if !app.ui.overlay.is_none() {
        // The text view goes back to what it was opened over.
        let back = match app.ui.overlay.close() {
            Overlay::Text(t) => t.under.map(|o| *o).unwrap_or_default(),
            Overlay::Menu(m) if m.kind == MenuKind::Collection => {
                picker::closed(app);
                Overlay::None
            }
            Overlay::Path(_) | Overlay::AllSteps(_) => {
                // Its message (the path's length, the selected step, the branch drawn) went
                // with it.
                app.ui.messages.clear();
                Overlay::None
            }
            _ => Overlay::None,
        };
        app.ui.overlay.open(back);
    } else if app.givens.on() {
        givens::leave(app);
    } else if app.ui.filter().is_some() {
        play::set_filter(app, None);
    } else if practice::stop(app) {
    } else {
        hints::escape(app);
    }
}
