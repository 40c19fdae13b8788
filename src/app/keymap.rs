//! `Keymap`: per mode, key sequences to actions. The default keymap is the typed table of
//! [`super::bindings`] (modes, actions and chords as values, checked when it compiles); user
//! overrides (config `[keys]`, action name -> key strings) replace an
//! action's keys, and every bad entry is collected as a [`KeymapError`] instead of failing.

use super::action::Action;
pub use super::bindings::Mode;
use super::bindings::DEFAULT_BINDINGS;
use super::key::{parse_seq, KeyChord, KeyParseError, KeySeq};
use std::fmt::Write as _;

/// The modes where the player can quit (a user keymap must leave a key for it there).
const QUIT_MODES: [Mode; 3] = [Mode::Play, Mode::Givens, Mode::Paused];

/// A bad entry of the user's keymap (listed in the status line, never fatal).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    #[error("keys: unknown action {name:?}")]
    UnknownAction { name: String },
    #[error("keys: {action}: bad key {keys:?}: {error}")]
    BadKey {
        action: String,
        keys: String,
        error: KeyParseError,
    },
    #[error("keys: {action} = {keys}: would leave no key to quit; ignored ({kept} still quits)")]
    NoQuitKey {
        action: String,
        keys: String,
        kept: String,
    },
}

/// What a key sequence means in a mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A complete binding.
    Action(Action),
    /// The start of a longer binding (`y` of `yh`): wait for more keys.
    Prefix,
    /// Nothing.
    Unbound,
}

/// Bindings per mode, in table order (the help lists them in that order).
#[derive(Clone, Debug)]
pub struct Keymap {
    bindings: Vec<(Mode, KeySeq, Action)>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap::default_keymap()
    }
}

impl Keymap {
    /// The default keymap: the rows of the default table, each mode of a row in its order.
    pub fn default_keymap() -> Keymap {
        let mut bindings = Vec::new();
        for (modes, action, keys) in DEFAULT_BINDINGS {
            for &mode in *modes {
                for seq in *keys {
                    bindings.push((mode, seq.to_vec(), action.clone()));
                }
            }
        }
        Keymap { bindings }
    }

    /// The default keymap with user overrides (action name -> key strings). An override replaces
    /// the action's keys in every mode it was bound in (play mode if none); a key taken from
    /// another action in that mode is unbound there first.
    pub fn with_overrides<'a, I, K>(overrides: I) -> (Keymap, Vec<KeymapError>)
    where
        I: IntoIterator<Item = (&'a str, K)>,
        K: IntoIterator<Item = &'a str>,
    {
        let mut km = Keymap::default_keymap();
        let mut errors = Vec::new();
        for (name, keys) in overrides {
            let Some(action) = Action::from_name(name) else {
                errors.push(KeymapError::UnknownAction {
                    name: name.to_string(),
                });
                continue;
            };
            let mut seqs = Vec::new();
            for k in keys {
                match parse_seq(k) {
                    Ok(seq) => seqs.push(seq),
                    Err(error) => errors.push(KeymapError::BadKey {
                        action: name.to_string(),
                        keys: k.to_string(),
                        error,
                    }),
                }
            }
            if seqs.is_empty() {
                continue;
            }
            let mut modes: Vec<Mode> = Vec::new();
            for (m, _, a) in &km.bindings {
                if *a == action && !modes.contains(m) {
                    modes.push(*m);
                }
            }
            if modes.is_empty() {
                modes.push(Mode::Play);
            }
            let before = km.bindings.clone();
            km.bindings.retain(|(m, s, a)| {
                !(modes.contains(m) && (*a == action || seqs.iter().any(|q| conflicts(q, s))))
            });
            for m in modes {
                for s in &seqs {
                    km.bindings.push((m, s.clone(), action.clone()));
                }
            }
            // Every mode that can quit keeps a key to quit: such an override is refused.
            let quits = |b: &[(Mode, KeySeq, Action)], mode: Mode| {
                b.iter().any(|(m, _, a)| *m == mode && *a == Action::Quit)
            };
            if QUIT_MODES
                .iter()
                .any(|&m| quits(&before, m) && !quits(&km.bindings, m))
            {
                km.bindings = before;
                errors.push(KeymapError::NoQuitKey {
                    action: name.to_string(),
                    keys: seqs
                        .iter()
                        .map(|q| pretty(q))
                        .collect::<Vec<_>>()
                        .join(", "),
                    kept: km
                        .keys_for(Mode::Play, &Action::Quit)
                        .iter()
                        .map(|q| pretty(q))
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
        }
        (km, errors)
    }

    /// What the typed sequence means in `mode`.
    pub fn lookup(&self, mode: Mode, seq: &[KeyChord]) -> Lookup {
        let mut prefix = false;
        for (m, s, a) in &self.bindings {
            if *m != mode {
                continue;
            }
            if s.as_slice() == seq {
                return Lookup::Action(a.clone());
            }
            if s.len() > seq.len() && s.starts_with(seq) {
                prefix = true;
            }
        }
        if prefix {
            Lookup::Prefix
        } else {
            Lookup::Unbound
        }
    }

    /// The key sequences bound to an action in a mode.
    pub fn keys_for(&self, mode: Mode, action: &Action) -> Vec<&KeySeq> {
        self.bindings
            .iter()
            .filter(|(m, _, a)| *m == mode && a == action)
            .map(|(_, s, _)| s)
            .collect()
    }

    /// The help of a mode, generated from the bindings: (keys, text) rows in table order.
    /// Actions that differ only by a digit or direction share a row.
    pub fn help_rows(&self, mode: Mode) -> Vec<(String, String)> {
        let mut rows: Vec<(Vec<String>, String)> = Vec::new();
        let mut seen: Vec<Action> = Vec::new();
        for (m, _, a) in &self.bindings {
            if *m != mode || seen.contains(a) {
                continue;
            }
            seen.push(a.clone());
            let keys: Vec<String> = self
                .keys_for(mode, a)
                .into_iter()
                .map(|s| pretty(s))
                .collect();
            let text = a.help();
            match rows.iter_mut().find(|(_, t)| a.help_group() && *t == text) {
                Some((k, _)) => k.extend(keys),
                None => rows.push((keys, text)),
            }
        }
        rows.into_iter()
            .map(|(keys, text)| (collapse_digit_run(&keys), text))
            .collect()
    }
}

/// Two sequences cannot both be bound in one mode if one is a prefix of the other.
fn conflicts(a: &[KeyChord], b: &[KeyChord]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// Human form of a sequence for the help: `ctrl+z`, `yh`, `left`.
pub fn pretty(seq: &[KeyChord]) -> String {
    let mut out = String::new();
    for ch in seq {
        let s = ch.to_string();
        let s = s
            .strip_prefix('<')
            .and_then(|s| s.strip_suffix('>'))
            .unwrap_or(&s)
            .to_string();
        let s = match s.as_str() {
            "left" => "←",
            "right" => "→",
            "up" => "↑",
            "down" => "↓",
            "backspace" => "bksp",
            "delete" => "del",
            other => other,
        };
        let _ = write!(out, "{s}");
    }
    out
}

/// `1 2 3 ... 9` -> `1-9`, `alt+1 ... alt+9` -> `alt+1-9`, `g1 ... g9 g0` -> `g1-9,0`; other
/// lists are joined by spaces.
fn collapse_digit_run(keys: &[String]) -> String {
    if keys.len() == 10 {
        if let Some(stem) = keys[9].strip_suffix('0') {
            let head = collapse_digit_run(&keys[..9]);
            if head == format!("{stem}1-9") {
                return format!("{head},0");
            }
        }
    }
    if keys.len() == 9 {
        let first = &keys[0];
        if let Some(stem) = first.strip_suffix('1') {
            let run = (1..=9).all(|d| keys[d - 1] == format!("{stem}{d}"));
            if run {
                return format!("{stem}1-9");
            }
        }
    }
    keys.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::key::parse_seq;
    use crate::codec::Format;
    use crate::domain::Digit;

    #[test]
    fn an_override_that_takes_the_last_quit_key_is_refused() {
        // `q` for undo would take quit's only key: refused, quit keeps `q`.
        let (km, errors) = Keymap::with_overrides([("undo", ["q"])]);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let msg = errors[0].to_string();
        assert!(
            msg.contains("no key to quit") && msg.contains("q still quits"),
            "{msg}"
        );
        let q = parse_seq("q").unwrap();
        for mode in QUIT_MODES {
            assert_eq!(
                km.lookup(mode, &q),
                Lookup::Action(Action::Quit),
                "{mode:?}"
            );
        }
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("u").unwrap()),
            Lookup::Action(Action::Undo)
        );
        // Moving quit to another key first makes `q` free.
        let (km, errors) = Keymap::with_overrides([("quit", ["<ctrl+q>"]), ("undo", ["q"])]);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(km.lookup(Mode::Play, &q), Lookup::Action(Action::Undo));
        // An empty list for quit changes nothing.
        let (km, _) = Keymap::with_overrides([("quit", Vec::<&str>::new())]);
        assert_eq!(km.lookup(Mode::Play, &q), Lookup::Action(Action::Quit));
    }

    #[test]
    fn no_sequence_is_ambiguous_within_a_mode() {
        let km = Keymap::default_keymap();
        for (i, (m1, s1, a1)) in km.bindings.iter().enumerate() {
            for (m2, s2, a2) in &km.bindings[i + 1..] {
                if m1 == m2 {
                    assert!(!conflicts(s1, s2), "{m1:?}: {a1} / {a2}");
                }
            }
        }
    }

    #[test]
    fn every_bindable_action_has_a_key_somewhere() {
        let km = Keymap::default_keymap();
        for a in Action::bindable() {
            if matches!(a, Action::Copy(_)) {
                continue; // the copy menu offers every format; y chords cover the common ones
            }
            assert!(
                Mode::ALL.iter().any(|m| !km.keys_for(*m, &a).is_empty()),
                "{a}"
            );
        }
    }

    #[test]
    fn sequences_wait_for_their_second_key() {
        let km = Keymap::default_keymap();
        let y = parse_seq("y").unwrap();
        assert_eq!(km.lookup(Mode::Play, &y), Lookup::Prefix);
        let yh = parse_seq("yh").unwrap();
        assert_eq!(
            km.lookup(Mode::Play, &yh),
            Lookup::Action(Action::Copy(Format::Hodoku))
        );
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("yz").unwrap()),
            Lookup::Unbound
        );
    }

    #[test]
    fn overrides_replace_keys_and_errors_are_all_listed() {
        let (km, errs) = Keymap::with_overrides([
            ("undo", vec!["U", "ctrl+z"]),
            ("fly", vec!["f"]),
            ("redo", vec!["<ctrl+nope>"]),
        ]);
        assert_eq!(errs.len(), 2);
        assert!(matches!(errs[0], KeymapError::UnknownAction { .. }));
        assert!(matches!(errs[1], KeymapError::BadKey { .. }));
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("U").unwrap()),
            Lookup::Action(Action::Undo)
        );
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("u").unwrap()),
            Lookup::Unbound
        );
        // Redo keeps its defaults because its only override was bad.
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("<ctrl+r>").unwrap()),
            Lookup::Action(Action::Redo)
        );
        // Taking a key from another action unbinds it there.
        let (km, errs) = Keymap::with_overrides([("hint", vec!["a"])]);
        assert!(errs.is_empty());
        assert_eq!(
            km.lookup(Mode::Play, &parse_seq("a").unwrap()),
            Lookup::Action(Action::Hint)
        );
    }

    #[test]
    fn help_groups_digits_and_lists_every_key() {
        let km = Keymap::default_keymap();
        let rows = km.help_rows(Mode::Play);
        assert!(rows.contains(&("1-9".into(), Action::Digit(Digit::ALL[0]).help())));
        assert!(rows
            .iter()
            .any(|(k, t)| k == "alt+1-9" && t == "toggle candidate"));
        assert!(rows.iter().any(|(k, t)| k == "u ctrl+z" && t == "undo"));
        assert!(rows
            .iter()
            .any(|(k, t)| k == "← h ↓ j ↑ k → l" && t == "move one cell"));
    }
}
