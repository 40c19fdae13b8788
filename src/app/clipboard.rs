//! The clipboard behind a trait: the system clipboard (arboard, with an OSC 52 fallback for
//! copying) and an in-memory fake for tests, and the session's two clipboard effects ([`paste`],
//! [`copy`]). No path may panic; failures are values.

use std::io::Write;

/// How a copy reached the clipboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CopyRoute {
    /// The system clipboard took it.
    System,
    /// The system clipboard was unavailable; an OSC 52 escape asked the terminal to copy.
    Osc52,
}

/// Why the clipboard failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClipboardError {
    /// There is no system clipboard to reach (no display, no clipboard service): the reason.
    #[error("no system clipboard ({0})")]
    Unavailable(String),
    /// The clipboard is there but gave no text (empty, or not text).
    #[error("{0}")]
    NoText(String),
}

/// Read and write text.
pub trait Clipboard {
    /// The clipboard's text.
    fn get_text(&mut self) -> Result<String, ClipboardError>;
    /// Puts text on the clipboard.
    fn set_text(&mut self, text: &str) -> Result<CopyRoute, ClipboardError>;
}

/// An in-memory clipboard (tests; also what a failed system clipboard is not).
#[derive(Clone, Debug, Default)]
pub struct MemoryClipboard {
    pub text: Option<String>,
}

impl MemoryClipboard {
    pub fn with_text(text: impl Into<String>) -> MemoryClipboard {
        MemoryClipboard {
            text: Some(text.into()),
        }
    }
}

impl Clipboard for MemoryClipboard {
    fn get_text(&mut self) -> Result<String, ClipboardError> {
        self.text
            .clone()
            .ok_or_else(|| ClipboardError::NoText("the clipboard is empty".into()))
    }

    fn set_text(&mut self, text: &str) -> Result<CopyRoute, ClipboardError> {
        self.text = Some(text.to_string());
        Ok(CopyRoute::System)
    }
}

/// The system clipboard via arboard, created once (on X11 the object serves the copied text
/// while it lives). Copies fall back to OSC 52 on the given writer (the terminal).
pub struct SystemClipboard {
    inner: Option<arboard::Clipboard>,
    init_error: Option<String>,
    osc52: Box<dyn Write>,
}

impl SystemClipboard {
    /// Connects to the system clipboard; OSC 52 goes to standard output.
    pub fn new() -> SystemClipboard {
        SystemClipboard::with_osc52_writer(Box::new(std::io::stdout()))
    }

    pub fn with_osc52_writer(osc52: Box<dyn Write>) -> SystemClipboard {
        if let Some(why) = no_display() {
            // arboard would wait for an X server that is not there, then time out.
            return SystemClipboard {
                inner: None,
                init_error: Some(why.into()),
                osc52,
            };
        }
        match arboard::Clipboard::new() {
            Ok(c) => SystemClipboard {
                inner: Some(c),
                init_error: None,
                osc52,
            },
            Err(e) => SystemClipboard {
                inner: None,
                init_error: Some(e.to_string()),
                osc52,
            },
        }
    }

    fn unavailable(&self) -> ClipboardError {
        ClipboardError::Unavailable(
            self.init_error
                .clone()
                .unwrap_or_else(|| "it could not be reached".into()),
        )
    }
}

/// Why there can be no system clipboard: on X11 and Wayland systems, no display is named.
fn no_display() -> Option<&'static str> {
    let named = |v: &str| std::env::var_os(v).is_some_and(|s| !s.is_empty());
    (cfg!(all(
        unix,
        not(target_os = "macos"),
        not(target_os = "android")
    )) && !named("DISPLAY")
        && !named("WAYLAND_DISPLAY"))
    .then_some("no display: DISPLAY and WAYLAND_DISPLAY are unset")
}

impl Default for SystemClipboard {
    fn default() -> Self {
        SystemClipboard::new()
    }
}

impl Clipboard for SystemClipboard {
    fn get_text(&mut self) -> Result<String, ClipboardError> {
        match &mut self.inner {
            Some(c) => c.get_text().map_err(|e| match e {
                arboard::Error::ContentNotAvailable => {
                    ClipboardError::NoText("the clipboard holds no text".into())
                }
                e => ClipboardError::Unavailable(e.to_string()),
            }),
            None => Err(self.unavailable()),
        }
    }

    fn set_text(&mut self, text: &str) -> Result<CopyRoute, ClipboardError> {
        if let Some(c) = &mut self.inner {
            if c.set_text(text.to_string()).is_ok() {
                return Ok(CopyRoute::System);
            }
        }
        self.osc52
            .write_all(osc52(text).as_bytes())
            .and_then(|()| self.osc52.flush())
            .map_err(|e| ClipboardError::Unavailable(format!("OSC 52 failed: {e}")))?;
        Ok(CopyRoute::Osc52)
    }
}

/// The OSC 52 escape sequence that asks the terminal to put `text` on the clipboard.
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 with padding.
pub fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(T[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The paste effect: the clipboard's text as a paste, or why it could not be read.
pub fn paste(clipboard: &mut dyn Clipboard) -> super::Action {
    match clipboard.get_text() {
        Ok(text) => super::Action::PasteText(text),
        Err(err) => super::Action::PasteFailed(err),
    }
}

/// The copy effect: the status line's words, `Ok` for a copy made, `Err` for a failure.
pub fn copy(clipboard: &mut dyn Clipboard, text: &str, what: &str) -> Result<String, String> {
    match clipboard.set_text(text) {
        Ok(CopyRoute::System) => Ok(format!("Copied as {what}")),
        Ok(CopyRoute::Osc52) => Ok(format!(
            "Copied as {what} through the terminal (OSC 52): no system clipboard"
        )),
        Err(err) => Err(format!("Copy failed: {err}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc4648_vectors() {
        for (i, o) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(i.as_bytes()), o);
        }
        assert_eq!(osc52("hi"), "\x1b]52;c;aGk=\x07");
    }

    #[test]
    fn memory_clipboard_round_trips_and_reports_empty() {
        let mut c = MemoryClipboard::default();
        assert!(c.get_text().is_err());
        assert_eq!(c.set_text("x"), Ok(CopyRoute::System));
        assert_eq!(c.get_text().unwrap(), "x");
    }

    #[test]
    fn system_clipboard_without_display_falls_back_to_osc52() {
        // A writer we can inspect after the fact.
        #[derive(Clone, Default)]
        struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let out = Shared::default();
        let mut c = SystemClipboard {
            inner: None,
            init_error: Some("no display".into()),
            osc52: Box::new(out.clone()),
        };
        assert_eq!(c.set_text("hi"), Ok(CopyRoute::Osc52));
        assert_eq!(out.0.borrow().as_slice(), osc52("hi").as_bytes());
        assert!(c.get_text().is_err());
    }
}
