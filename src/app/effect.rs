//! `Effect`: what [`super::update::update`] asks the outside world to do. The
//! [`super::run::Session`] runs them (clipboard, disk, exit), so `update` needs no terminal.

/// A request for the outside world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Read the system clipboard and paste its text ([`super::Action::PasteText`]).
    ReadClipboard,
    /// Put text on the clipboard; `what` names it for the status line ("HoDoKu library line").
    Copy { text: String, what: String },
    /// Write the autosave now.
    Save,
    /// Save the game under a slot name.
    SaveSlot(String),
    /// List the saved slots and open the menu of them.
    ListSlots,
    /// Load a saved slot.
    LoadSlot(String),
    /// Leave the event loop (after the effects before it ran).
    Quit,
}
