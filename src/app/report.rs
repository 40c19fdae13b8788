//! Problems found at start that the player must hear about: every config error (the settings
//! file and the `[keys]` table), and statistics that could not be read.

use super::keymap::Keymap;
use super::{Overlay, Session};
use crate::storage::{ConfigLoad, StorageError};

/// Every problem of a loaded config, each on its own line: the file's, then the keymap's.
pub fn config_errors(loaded: &ConfigLoad) -> Vec<String> {
    let mut out: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
    let (_, keymap_errors) = Keymap::with_overrides(
        loaded
            .config
            .keys
            .iter()
            .map(|(a, ks)| (a.as_str(), ks.iter().map(String::as_str))),
    );
    let file = loaded
        .path
        .as_ref()
        .map_or_else(|| "config".to_string(), |p| p.display().to_string());
    out.extend(keymap_errors.iter().map(|e| format!("{file}: {e}")));
    out
}

impl Session {
    /// Reports config errors: one that fits in the status line; several (or a long one) as
    /// "N config errors" in the status line with the whole list in a message box, and printed
    /// again on standard error when the player ends (the box may be too small for all).
    pub fn report_config_errors(&mut self, errors: Vec<String>) {
        let width = usize::from(if self.screen.0 == 0 {
            80
        } else {
            self.screen.0
        });
        match errors.as_slice() {
            [] => {}
            [one] if one.chars().count() + 8 < width => self.app.error(format!("config: {one}")),
            _ => {
                let n = errors.len();
                let title = if n == 1 {
                    "1 config error".to_string()
                } else {
                    format!("{n} config errors")
                };
                let list = errors.join("\n");
                if self.app.ui.overlay.is_none() {
                    self.app.ui.overlay.open(Overlay::Message {
                        title: title.clone(),
                        text: list.clone(),
                    });
                }
                self.app.error(format!(
                    "{title}: see the list (printed again when termdoku ends)"
                ));
                let note = format!("{title}:\n  {}", errors.join("\n  "));
                self.exit_note = Some(match self.exit_note.take() {
                    Some(earlier) => format!("{earlier}\n{note}"),
                    None => note,
                });
            }
        }
    }

    /// Reports statistics that could not be read (moved aside, counting starts afresh).
    pub fn report_stats_error(&mut self, e: &StorageError) {
        let text = match e {
            StorageError::Corrupt {
                path,
                moved_to,
                reason,
            } => format!(
                "Statistics unreadable ({reason}): {}; counting starts afresh",
                match moved_to {
                    Some(to) => format!("{} moved to {}", path.display(), to.display()),
                    None => format!("{} could not be moved aside", path.display()),
                }
            ),
            other => format!("Statistics not read: {other}"),
        };
        self.long_error("Statistics", text);
    }
}
