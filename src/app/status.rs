//! The status line and the recent messages: what the player was last told ([`Status`]) and the
//! messages before it that the text view (`i`) lists. Owns `UiState`'s messages: they change
//! only through [`Messages`]' methods (`App::info`, `App::error`, `App::show` say something).

/// Messages the text view lists besides the current one.
pub const LOG_LEN: usize = 20;

/// Severity of a status message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StatusKind {
    Info,
    Error,
}

/// The message in the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub kind: StatusKind,
}

/// The status line and the latest messages, oldest first (at most [`LOG_LEN`]).
#[derive(Clone, Debug, Default)]
pub struct Messages {
    status: Option<Status>,
    log: Vec<String>,
}

impl Messages {
    /// The message in the status line.
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The latest messages, oldest first.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// Puts a message in the status line and keeps it in the log (a repeat is kept once).
    pub fn say(&mut self, text: String, kind: StatusKind) {
        if self.log.last() != Some(&text) {
            if self.log.len() >= LOG_LEN {
                self.log.remove(0);
            }
            self.log.push(text.clone());
        }
        self.status = Some(Status { text, kind });
    }

    /// Puts a message in the status line without keeping it in the log: what a list's
    /// selection shows, which changes with every move.
    pub fn show(&mut self, text: String) {
        self.status = Some(Status {
            text,
            kind: StatusKind::Info,
        });
    }

    /// Empties the status line (the log stays).
    pub fn clear(&mut self) {
        self.status = None;
    }

    /// Empties the status line when it holds an error (a legal change makes it stale).
    pub fn clear_error(&mut self) {
        if self
            .status
            .as_ref()
            .is_some_and(|s| s.kind == StatusKind::Error)
        {
            self.status = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_keeps_the_latest_messages_once_and_show_keeps_none() {
        let mut m = Messages::default();
        for i in 0..LOG_LEN + 3 {
            m.say(format!("m{i}"), StatusKind::Info);
        }
        m.say(format!("m{}", LOG_LEN + 2), StatusKind::Error);
        assert_eq!(m.log().len(), LOG_LEN);
        assert_eq!(m.log()[0], "m3");
        assert_eq!(m.status().map(|s| s.kind), Some(StatusKind::Error));
        m.show("selection".into());
        assert_eq!(m.log().last().map(String::as_str), Some("m22"));
        m.clear_error();
        assert_eq!(m.status().map(|s| s.text.as_str()), Some("selection"));
        m.say("bad".into(), StatusKind::Error);
        m.clear_error();
        assert_eq!(m.status(), None);
    }
}
