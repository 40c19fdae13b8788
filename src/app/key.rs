//! Key chords and sequences: THE one parser for the user's config overrides, the key scripts
//! of the tests and the session; its canonical form is what the help overlay writes.
//!
//! Syntax of a sequence (a string):
//! - a bare character is one key: `"H"`, `"?"`, `"5"`; several bare characters are a sequence of
//!   keys: `"yh"`;
//! - `<...>` is one key with a name and/or modifiers: `"<left>"`, `"<ctrl+z>"`, `"<alt+5>"`,
//!   `"<space>"`, `"<lt>"` (a literal `<`);
//! - for config convenience a whole string of the form `mod+key` is one chord: `"ctrl+z"`,
//!   `"alt+1"`, `"shift+tab"`, and a whole string naming a key is that key: `"left"`, `"enter"`.
//!
//! Display writes the canonical form (bare character or `<...>`), which parses back to the same
//! chord. [`KeyChord::from_event`] is the only adapter from crossterm key events.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::fmt;

/// A key without modifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// A printable character (letters keep their case: `H` is shift+h).
    Char(char),
    Left,
    Right,
    Up,
    Down,
    Tab,
    BackTab,
    Enter,
    Esc,
    Backspace,
    Delete,
    Insert,
    Home,
    End,
    PageUp,
    PageDown,
    /// Function key `F1`..`F12`.
    F(u8),
}

const NAMED: [(&str, Key); 15] = [
    ("left", Key::Left),
    ("right", Key::Right),
    ("up", Key::Up),
    ("down", Key::Down),
    ("tab", Key::Tab),
    ("backtab", Key::BackTab),
    ("enter", Key::Enter),
    ("esc", Key::Esc),
    ("backspace", Key::Backspace),
    ("delete", Key::Delete),
    ("insert", Key::Insert),
    ("home", Key::Home),
    ("end", Key::End),
    ("pageup", Key::PageUp),
    ("pagedown", Key::PageDown),
];

const ALIASES: [(&str, Key); 6] = [
    ("space", Key::Char(' ')),
    ("lt", Key::Char('<')),
    ("gt", Key::Char('>')),
    ("del", Key::Delete),
    ("return", Key::Enter),
    ("escape", Key::Esc),
];

/// Modifier flags of a chord. Shift is only kept for non-character keys (`shift+tab`); for a
/// character it is folded into the character's case.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mods {
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

/// One key press with its modifiers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeyChord {
    pub key: Key,
    pub mods: Mods,
}

/// A key sequence, e.g. `yh` (two chords).
pub type KeySeq = Vec<KeyChord>;

/// Why a key string does not parse; `at` is the byte offset in the string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyParseError {
    #[error("empty key string")]
    Empty,
    #[error("unclosed '<' at {at}")]
    Unclosed { at: usize },
    #[error("unknown key name {name:?} at {at}")]
    UnknownKey { name: String, at: usize },
    #[error("unknown modifier {name:?} at {at}")]
    UnknownModifier { name: String, at: usize },
    #[error("modifier {name:?} given twice at {at}")]
    RepeatedModifier { name: String, at: usize },
    #[error("empty modifier (two '+' in a row) at {at}")]
    EmptyModifier { at: usize },
}

impl KeyChord {
    /// A plain key without modifiers.
    pub const fn plain(key: Key) -> KeyChord {
        KeyChord {
            key,
            mods: Mods {
                ctrl: false,
                alt: false,
                shift: false,
            },
        }
    }

    /// A plain character key.
    pub const fn ch(c: char) -> KeyChord {
        KeyChord::plain(Key::Char(c))
    }

    /// A character key with ctrl.
    pub const fn with_ctrl(c: char) -> KeyChord {
        KeyChord {
            key: Key::Char(c),
            mods: Mods {
                ctrl: true,
                alt: false,
                shift: false,
            },
        }
    }

    /// A character key with alt.
    pub const fn with_alt(c: char) -> KeyChord {
        KeyChord {
            key: Key::Char(c),
            mods: Mods {
                ctrl: false,
                alt: true,
                shift: false,
            },
        }
    }

    /// Normalises: shift on a character is its case; `shift+tab` is `backtab`.
    fn normalized(mut self) -> KeyChord {
        match self.key {
            Key::Char(c) if self.mods.shift => {
                self.key = Key::Char(c.to_ascii_uppercase());
                self.mods.shift = false;
            }
            Key::Tab if self.mods.shift => {
                self.key = Key::BackTab;
                self.mods.shift = false;
            }
            Key::BackTab => self.mods.shift = false,
            _ => {}
        }
        self
    }

    /// The chord of a crossterm key event (`None` for keys the app never binds).
    pub fn from_event(ev: &KeyEvent) -> Option<KeyChord> {
        let key = match ev.code {
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Tab => Key::Tab,
            KeyCode::BackTab => Key::BackTab,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Delete => Key::Delete,
            KeyCode::Insert => Key::Insert,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::F(n) => Key::F(n),
            _ => return None,
        };
        let m = ev.modifiers;
        let mods = Mods {
            ctrl: m.contains(KeyModifiers::CONTROL),
            alt: m.contains(KeyModifiers::ALT),
            shift: m.contains(KeyModifiers::SHIFT),
        };
        Some(KeyChord { key, mods }.normalized())
    }

    /// The crossterm event for this chord (used by tests and scripted input).
    pub fn to_event(self) -> KeyEvent {
        let code = match self.key {
            Key::Char(c) => KeyCode::Char(c),
            Key::Left => KeyCode::Left,
            Key::Right => KeyCode::Right,
            Key::Up => KeyCode::Up,
            Key::Down => KeyCode::Down,
            Key::Tab => KeyCode::Tab,
            Key::BackTab => KeyCode::BackTab,
            Key::Enter => KeyCode::Enter,
            Key::Esc => KeyCode::Esc,
            Key::Backspace => KeyCode::Backspace,
            Key::Delete => KeyCode::Delete,
            Key::Insert => KeyCode::Insert,
            Key::Home => KeyCode::Home,
            Key::End => KeyCode::End,
            Key::PageUp => KeyCode::PageUp,
            Key::PageDown => KeyCode::PageDown,
            Key::F(n) => KeyCode::F(n),
        };
        let mut m = KeyModifiers::NONE;
        if self.mods.ctrl {
            m |= KeyModifiers::CONTROL;
        }
        if self.mods.alt {
            m |= KeyModifiers::ALT;
        }
        if self.mods.shift {
            m |= KeyModifiers::SHIFT;
        }
        if matches!(self.key, Key::Char(c) if c.is_ascii_uppercase()) {
            m |= KeyModifiers::SHIFT;
        }
        KeyEvent::new(code, m)
    }

    /// Whether Display writes it bare (a single character without modifiers, not `<`/space).
    fn is_bare(self) -> bool {
        matches!(self.key, Key::Char(c) if c != '<' && c != ' ' && !c.is_control())
            && self.mods == Mods::default()
    }
}

fn key_name(key: Key) -> String {
    match key {
        Key::Char(' ') => "space".into(),
        Key::Char('<') => "lt".into(),
        Key::Char(c) => c.to_string(),
        Key::F(n) => format!("f{n}"),
        k => NAMED
            .iter()
            .find(|(_, nk)| *nk == k)
            .map(|(n, _)| (*n).to_string())
            .unwrap_or_default(),
    }
}

impl fmt::Display for KeyChord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_bare() {
            return write!(f, "{}", key_name(self.key));
        }
        f.write_str("<")?;
        if self.mods.ctrl {
            f.write_str("ctrl+")?;
        }
        if self.mods.alt {
            f.write_str("alt+")?;
        }
        if self.mods.shift {
            f.write_str("shift+")?;
        }
        write!(f, "{}>", key_name(self.key))
    }
}

/// Writes a sequence in canonical form (`yh`, `<ctrl+z>`).
pub fn seq_to_string(seq: &[KeyChord]) -> String {
    let joined: String = seq.iter().map(ToString::to_string).collect();
    // Several bare keys that spell a key name ("l" "e" "f" "t") must not read back as that key.
    match seq.first() {
        Some(first) if seq.len() > 1 && whole_string_chord(&joined).is_some() => {
            let rest: String = seq[1..].iter().map(ToString::to_string).collect();
            format!("<{}>{rest}", key_name(first.key))
        }
        _ => joined,
    }
}

/// Parses a key name (`left`, `f5`, `space`, `z`) without modifiers.
fn parse_key_name(name: &str, at: usize) -> Result<Key, KeyParseError> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Ok(Key::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    if let Some((_, k)) = NAMED
        .iter()
        .chain(ALIASES.iter())
        .find(|(n, _)| *n == lower)
    {
        return Ok(*k);
    }
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        if (1..=12).contains(&n) {
            return Ok(Key::F(n));
        }
    }
    Err(KeyParseError::UnknownKey {
        name: name.to_string(),
        at,
    })
}

/// Parses `mod+mod+key` (the inside of `<...>`); `at` is the offset of `inner` in the input.
fn parse_chord(inner: &str, at: usize) -> Result<KeyChord, KeyParseError> {
    if inner.is_empty() {
        return Err(KeyParseError::Empty);
    }
    let mut mods = Mods::default();
    // The key is after the last '+', except that a trailing "++" (or "+" alone) is the plus key.
    let (prefix, rest) = if inner == "+" {
        ("", "+")
    } else if let Some(p) = inner.strip_suffix("++") {
        (p, "+")
    } else {
        match inner.rfind('+') {
            Some(pos) => (&inner[..pos], &inner[pos + 1..]),
            None => ("", inner),
        }
    };
    let mut off = at;
    for m in prefix.split('+').take_while(|_| !prefix.is_empty()) {
        let flag = match m.to_ascii_lowercase().as_str() {
            "" => return Err(KeyParseError::EmptyModifier { at: off }),
            "ctrl" | "c" | "control" => &mut mods.ctrl,
            "alt" | "a" | "meta" | "m" => &mut mods.alt,
            "shift" | "s" => &mut mods.shift,
            _ => {
                return Err(KeyParseError::UnknownModifier {
                    name: m.to_string(),
                    at: off,
                })
            }
        };
        if std::mem::replace(flag, true) {
            return Err(KeyParseError::RepeatedModifier {
                name: m.to_string(),
                at: off,
            });
        }
        off += m.len() + 1;
    }
    if rest.is_empty() {
        return Err(KeyParseError::Empty);
    }
    let key = parse_key_name(rest, off)?;
    Ok(KeyChord { key, mods }.normalized())
}

/// Whether the whole string is a config-style single chord (`ctrl+z`) or key name (`left`), and
/// that chord (or why a string starting with a modifier is not one).
fn whole_string_chord(s: &str) -> Option<Result<KeyChord, KeyParseError>> {
    if s.chars().count() < 2 || s.contains('<') {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    let has_mod = ["ctrl+", "control+", "alt+", "meta+", "shift+"]
        .iter()
        .any(|p| lower.starts_with(p));
    let is_name = NAMED.iter().chain(ALIASES.iter()).any(|(n, _)| *n == lower)
        || (lower.starts_with('f')
            && lower[1..]
                .parse::<u8>()
                .is_ok_and(|n| (1..=12).contains(&n)));
    if has_mod {
        Some(parse_chord(s, 0))
    } else if is_name {
        parse_chord(s, 0).ok().map(Ok)
    } else {
        None
    }
}

/// Parses a key sequence (see the module documentation for the syntax).
pub fn parse_seq(s: &str) -> Result<KeySeq, KeyParseError> {
    if s.is_empty() {
        return Err(KeyParseError::Empty);
    }
    if let Some(ch) = whole_string_chord(s) {
        return ch.map(|c| vec![c]);
    }
    let mut out = Vec::new();
    let mut idx = 0;
    while idx < s.len() {
        let c = s[idx..].chars().next().unwrap_or(' ');
        if c == '<' {
            let close = s[idx..]
                .find('>')
                .ok_or(KeyParseError::Unclosed { at: idx })?;
            // "<>>" would be a literal '>': allow "<gt>" instead; "<>" alone is an error.
            let inner = &s[idx + 1..idx + close];
            out.push(parse_chord(inner, idx + 1)?);
            idx += close + 1;
        } else {
            out.push(KeyChord::ch(c));
            idx += c.len_utf8();
        }
    }
    Ok(out)
}

/// Parses one chord (a sequence of exactly one key).
pub fn parse_chord_str(s: &str) -> Result<KeyChord, KeyParseError> {
    let seq = parse_seq(s)?;
    match seq.as_slice() {
        [one] => Ok(*one),
        _ => Err(KeyParseError::UnknownKey {
            name: s.to_string(),
            at: 0,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctrl(c: char) -> KeyChord {
        KeyChord {
            key: Key::Char(c),
            mods: Mods {
                ctrl: true,
                ..Mods::default()
            },
        }
    }

    #[test]
    fn parses_bare_named_modified_and_sequences() {
        assert_eq!(parse_seq("H").unwrap(), vec![KeyChord::ch('H')]);
        assert_eq!(
            parse_seq("yh").unwrap(),
            vec![KeyChord::ch('y'), KeyChord::ch('h')]
        );
        assert_eq!(
            parse_seq("<left>").unwrap(),
            vec![KeyChord::plain(Key::Left)]
        );
        assert_eq!(parse_seq("left").unwrap(), vec![KeyChord::plain(Key::Left)]);
        assert_eq!(parse_seq("ctrl+z").unwrap(), vec![ctrl('z')]);
        assert_eq!(parse_seq("<ctrl+z>").unwrap(), vec![ctrl('z')]);
        assert_eq!(
            parse_seq("5<right>7<ctrl+z>").unwrap(),
            vec![
                KeyChord::ch('5'),
                KeyChord::plain(Key::Right),
                KeyChord::ch('7'),
                ctrl('z')
            ]
        );
        assert_eq!(parse_seq("<space>").unwrap(), vec![KeyChord::ch(' ')]);
        assert_eq!(
            parse_seq("<shift+tab>").unwrap(),
            vec![KeyChord::plain(Key::BackTab)]
        );
        assert_eq!(parse_seq("<shift+h>").unwrap(), vec![KeyChord::ch('H')]);
        assert_eq!(parse_seq("<f5>").unwrap(), vec![KeyChord::plain(Key::F(5))]);
    }

    #[test]
    fn errors_carry_positions() {
        assert_eq!(parse_seq(""), Err(KeyParseError::Empty));
        assert_eq!(parse_seq("a<left"), Err(KeyParseError::Unclosed { at: 1 }));
        assert_eq!(
            parse_seq("x<hyper+z>"),
            Err(KeyParseError::UnknownModifier {
                name: "hyper".into(),
                at: 2
            })
        );
        assert_eq!(
            parse_seq("<ctrl+wat>"),
            Err(KeyParseError::UnknownKey {
                name: "wat".into(),
                at: 6
            })
        );
    }

    #[test]
    fn a_modifier_given_twice_or_empty_is_refused() {
        assert_eq!(
            parse_seq("<alt+alt+1>"),
            Err(KeyParseError::RepeatedModifier {
                name: "alt".into(),
                at: 5
            })
        );
        assert_eq!(
            parse_chord_str("ctrl+c+z"),
            Err(KeyParseError::RepeatedModifier {
                name: "c".into(),
                at: 5
            })
        );
        assert_eq!(
            parse_seq("<alt++1>"),
            Err(KeyParseError::EmptyModifier { at: 5 })
        );
        // The plus key itself still parses, alone or with modifiers.
        assert!(parse_seq("<+>").is_ok() && parse_seq("<ctrl++>").is_ok());
        assert!(parse_seq("<alt+shift+1>").is_ok());
    }

    #[test]
    fn display_round_trips() {
        let spelled = vec![
            KeyChord::ch('l'),
            KeyChord::ch('e'),
            KeyChord::ch('f'),
            KeyChord::ch('t'),
        ];
        assert_eq!(seq_to_string(&spelled), "<l>eft");
        assert_eq!(parse_seq("<l>eft").unwrap(), spelled);
        for s in [
            "H",
            "yh",
            "<left>",
            "<ctrl+z>",
            "<alt+5>",
            "<space>",
            "<lt>",
            "<backtab>",
            "?",
        ] {
            let seq = parse_seq(s).unwrap();
            assert_eq!(seq_to_string(&seq), s);
            assert_eq!(parse_seq(&seq_to_string(&seq)).unwrap(), seq);
        }
    }

    #[test]
    fn crossterm_events_map_to_the_same_chords_as_the_parser() {
        use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let ev = KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT);
        assert_eq!(KeyChord::from_event(&ev), Some(KeyChord::ch('H')));
        let ev = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(KeyChord::from_event(&ev), Some(ctrl('z')));
        let ev = KeyEvent::new(KeyCode::Tab, KeyModifiers::SHIFT);
        assert_eq!(
            KeyChord::from_event(&ev),
            Some(KeyChord::plain(Key::BackTab))
        );
        for s in ["H", "<ctrl+z>", "<alt+3>", "<left>", "<enter>"] {
            let ch = parse_chord_str(s).unwrap();
            assert_eq!(KeyChord::from_event(&ch.to_event()), Some(ch), "{s}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_string_parses_or_errors_without_panicking(s in "\\PC{0,12}") {
            if let Ok(seq) = parse_seq(&s) {
                // Whatever parses writes back to something that parses to the same chords.
                proptest::prop_assert_eq!(parse_seq(&seq_to_string(&seq)).ok(), Some(seq));
            }
        }

        #[test]
        fn bracketed_syntax_never_panics(s in "<[a-z+]{0,10}>") {
            let _ = parse_seq(&s);
        }
    }
}
