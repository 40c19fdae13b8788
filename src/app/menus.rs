//! Menus, prompts and the other overlays: opening them, moving in them, Enter (what the chosen
//! entry stands for is done by its owner module) and Esc (closes the overlay, else leaves a mode
//! or hides what is shown, in that order). Owns `App::ui.overlay`.

use super::{App, Effect, Overlay};
use crate::codec::Format;
use crate::solver::Level;

/// Longest slot name the prompt accepts.
pub const MAX_PROMPT: usize = 40;

/// What a menu entry stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuChoice {
    Copy(Format),
    /// The hint's text.
    CopyHint,
    Level(Level),
    /// A fresh puzzle from the generator, rated at exactly this level.
    Generate(Level),
    Slot(String),
    /// The next puzzle of the collection.
    CollectionNext,
    /// Open the collection's picker.
    CollectionPick,
    /// A puzzle of the collection (zero-based).
    CollectionEntry(usize),
    /// Go back to a savepoint.
    Savepoint(usize),
    /// Write the slot over the existing one.
    OverwriteSlot(String),
    /// Leave although the game could not be saved.
    QuitAnyway,
    /// Close the menu, nothing else.
    Stay,
    /// Practise a technique or family.
    Practice(crate::solver::techniques::all::StepFilter),
}

/// Which menu is open.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MenuKind {
    Copy,
    NewGame,
    OpenSlot,
    Collection,
    Savepoints,
    ConfirmOverwrite,
    ConfirmQuit,
    Practice,
}

impl MenuKind {
    pub const fn title(self) -> &'static str {
        match self {
            MenuKind::Copy => "Copy as",
            MenuKind::NewGame => "New game",
            MenuKind::OpenSlot => "Open a saved game",
            MenuKind::Collection => "Pick a puzzle",
            MenuKind::Savepoints => "Back to a savepoint",
            MenuKind::ConfirmOverwrite => "A saved game has this name",
            MenuKind::ConfirmQuit => "The game could not be saved",
            MenuKind::Practice => "Practise a technique",
        }
    }
}

/// An open menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub kind: MenuKind,
    /// Lines above the entries (a question, statistics).
    pub header: Vec<String>,
    pub items: Vec<(String, MenuChoice)>,
    pub selected: usize,
}

/// What a prompt's text is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromptKind {
    SaveSlot,
}

/// An open one-line prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub kind: PromptKind,
    pub text: String,
}

pub fn open_menu(
    app: &mut App,
    kind: MenuKind,
    header: Vec<String>,
    items: Vec<(String, MenuChoice)>,
) {
    if items.is_empty() {
        app.error(format!("{}: nothing to choose", kind.title()));
        return;
    }
    app.ui.overlay = Overlay::Menu(Menu {
        kind,
        header,
        items,
        selected: 0,
    });
}

/// `?`: the help, or back from it.
pub fn toggle_help(app: &mut App) {
    app.ui.overlay = match app.ui.overlay {
        Overlay::Help(_) => Overlay::None,
        _ => Overlay::Help(0),
    };
}

/// A character typed into the prompt.
pub fn prompt_char(app: &mut App, c: char) {
    if let Overlay::Prompt(p) = &mut app.ui.overlay {
        if !c.is_control() && p.text.chars().count() < MAX_PROMPT {
            p.text.push(c);
        }
    }
}

/// Backspace in the prompt.
pub fn prompt_backspace(app: &mut App) {
    if let Overlay::Prompt(p) = &mut app.ui.overlay {
        p.text.pop();
    }
}

/// Enter: the chosen menu entry, the prompt's text, the path's steps, the all-steps view's
/// step; in play, the hint on screen.
pub fn select(app: &mut App, fx: &mut Vec<Effect>) {
    if super::picker::enter(app) {
        return;
    }
    match std::mem::take(&mut app.ui.overlay) {
        Overlay::Menu(m) => {
            if m.kind == MenuKind::Collection {
                super::picker::closed(app);
            }
            if let Some((_, choice)) = m.items.get(m.selected).cloned() {
                choose(app, choice, fx);
            }
        }
        Overlay::Prompt(p) => match p.kind {
            PromptKind::SaveSlot => super::saves::save_slot(app, &p.text, fx),
        },
        Overlay::Path(p) => super::path::select(app, p),
        Overlay::Message { .. } => {}
        Overlay::Text(t) => app.ui.overlay = t.under.map(|o| *o).unwrap_or_default(),
        Overlay::AllSteps(v) => super::all_steps::select(app, v, fx),
        Overlay::Help(s) => app.ui.overlay = Overlay::Help(s),
        Overlay::None => {
            if !super::hints::apply_shown(app) && !app.ui.paused && !app.givens_mode {
                app.info("No hint on screen: t asks for one, T applies the next step");
            }
        }
    }
}

/// What a menu entry stands for, done by the module it belongs to.
fn choose(app: &mut App, choice: MenuChoice, fx: &mut Vec<Effect>) {
    match choice {
        MenuChoice::Copy(f) => super::paste::copy(app, f, fx),
        MenuChoice::CopyHint => super::reader::copy_hint(app, fx),
        MenuChoice::Level(level) => super::games::new_game(app, level),
        MenuChoice::Generate(level) => super::games::generate(app, level, fx),
        MenuChoice::Slot(name) => fx.push(Effect::LoadSlot(name)),
        MenuChoice::CollectionNext => super::games::collection_next(app, fx),
        MenuChoice::CollectionPick => super::games::collection_pick(app, fx),
        MenuChoice::CollectionEntry(i) => super::games::open_collection_entry(app, i),
        MenuChoice::Practice(f) => super::practice::start(app, f, fx),
        MenuChoice::Savepoint(i) => super::saves::back_to(app, i),
        MenuChoice::OverwriteSlot(name) => fx.push(Effect::SaveSlot {
            name,
            overwrite: true,
        }),
        MenuChoice::QuitAnyway => super::saves::quit_anyway(app, fx),
        MenuChoice::Stay => app.info("Nothing changed"),
    }
}

/// Esc: stops the picker's typing, else closes the overlay, else leaves enter-givens mode,
/// else switches the filter off, stops practice, stops waiting for a hint, hides the hint.
pub fn cancel(app: &mut App) {
    if super::picker::stop_typing(app) {
        return;
    }
    if app.ui.overlay != Overlay::None {
        // The text view goes back to what it was opened over.
        app.ui.overlay = match std::mem::take(&mut app.ui.overlay) {
            Overlay::Text(t) => t.under.map(|o| *o).unwrap_or_default(),
            Overlay::Menu(m) if m.kind == MenuKind::Collection => {
                super::picker::closed(app);
                Overlay::None
            }
            Overlay::Path(_) => {
                // Its message (the path's length, its keys) went with it.
                app.ui.status = None;
                Overlay::None
            }
            _ => Overlay::None,
        };
    } else if app.givens_mode {
        super::givens::leave(app);
    } else if app.ui.filter.is_some() {
        super::play::set_filter(app, None);
    } else if super::practice::stop(app) {
    } else {
        super::hints::escape(app);
    }
}
