//! What covers the board: [`Overlays`], the one owner of the overlay on screen. An overlay is
//! opened, replaced and closed only here ([`Overlays::open`], [`Overlays::close`]); the module of
//! each view changes the view's contents through the accessor of its kind, which cannot put
//! another kind of overlay in its place.

use super::all_steps::AllStepsView;
use super::menus::{Menu, Prompt};
use super::path::PathView;
use super::reader::TextView;
use super::{App, Overlay};

/// The overlay on screen (none at first).
#[derive(Clone, Debug, Default)]
pub struct Overlays {
    shown: Overlay,
}

impl Overlays {
    /// What covers the board.
    pub fn get(&self) -> &Overlay {
        &self.shown
    }

    /// Nothing covers the board.
    pub fn is_none(&self) -> bool {
        self.shown == Overlay::None
    }

    /// Opens `overlay` in place of whatever was shown.
    pub fn open(&mut self, overlay: Overlay) {
        self.shown = overlay;
    }

    /// Closes what is shown and hands it back.
    pub fn close(&mut self) -> Overlay {
        std::mem::take(&mut self.shown)
    }

    /// The open menu.
    pub fn menu_mut(&mut self) -> Option<&mut Menu> {
        match &mut self.shown {
            Overlay::Menu(m) => Some(m),
            _ => None,
        }
    }

    /// The open prompt.
    pub fn prompt_mut(&mut self) -> Option<&mut Prompt> {
        match &mut self.shown {
            Overlay::Prompt(p) => Some(p),
            _ => None,
        }
    }

    /// The open solution path.
    pub fn path_mut(&mut self) -> Option<&mut PathView> {
        match &mut self.shown {
            Overlay::Path(p) => Some(p),
            _ => None,
        }
    }

    /// The help's scroll, while the help is open.
    pub fn help_mut(&mut self) -> Option<&mut u16> {
        match &mut self.shown {
            Overlay::Help(scroll) => Some(scroll),
            _ => None,
        }
    }

    /// The open text view.
    pub fn text_mut(&mut self) -> Option<&mut TextView> {
        match &mut self.shown {
            Overlay::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The open all-steps view.
    pub fn all_steps_mut(&mut self) -> Option<&mut AllStepsView> {
        match &mut self.shown {
            Overlay::AllSteps(v) => Some(v),
            _ => None,
        }
    }

    /// The all-steps view, also while the text view is read over it (its search goes on).
    pub fn all_steps_under_mut(&mut self) -> Option<&mut AllStepsView> {
        match &mut self.shown {
            Overlay::AllSteps(v) => Some(v),
            Overlay::Text(t) => match t.under.as_deref_mut() {
                Some(Overlay::AllSteps(v)) => Some(v),
                _ => None,
            },
            _ => None,
        }
    }
}

impl App {
    /// Opens `overlay` in place of whatever covered the board (a view tests draw at every size).
    pub fn open_overlay(&mut self, overlay: Overlay) {
        self.ui.overlay.open(overlay);
    }

    /// Closes what covers the board and hands it back.
    pub fn close_overlay(&mut self) -> Overlay {
        self.ui.overlay.close()
    }
}
