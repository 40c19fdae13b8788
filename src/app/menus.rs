//! Menus, prompts and the other overlays: what they hold, opening them, typing into a prompt.
//! What Enter and Esc do is the dispatcher's (`update`), which hands a chosen entry to the
//! module it belongs to.

use super::{App, Overlay};
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
    app.ui.overlay.open(Overlay::Menu(Menu {
        kind,
        header,
        items,
        selected: 0,
    }));
}

/// `?`: the help, or back from it.
pub fn toggle_help(app: &mut App) {
    app.ui.overlay.open(match app.ui.overlay.get() {
        Overlay::Help(_) => Overlay::None,
        _ => Overlay::Help(0),
    });
}

/// A character typed into the prompt.
pub fn prompt_char(app: &mut App, c: char) {
    if let Some(p) = app.ui.overlay.prompt_mut() {
        if !c.is_control() && p.text.chars().count() < MAX_PROMPT {
            p.text.push(c);
        }
    }
}

/// Backspace in the prompt.
pub fn prompt_backspace(app: &mut App) {
    if let Some(p) = app.ui.overlay.prompt_mut() {
        p.text.pop();
    }
}
