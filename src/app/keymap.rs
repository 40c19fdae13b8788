//! `Keymap`: per mode, key sequences to actions. The default keymap is the data table
//! [`DEFAULT_BINDINGS`]; user overrides (config `[keys]`, action name -> key strings) replace an
//! action's keys, and every bad entry is collected as a [`KeymapError`] instead of failing.

use super::action::Action;
use super::key::{parse_seq, KeyChord, KeyParseError, KeySeq};
use std::fmt::Write as _;

/// Which keymap applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Playing: digits, marks, hints.
    Play,
    /// Typing a puzzle's givens into an empty board.
    Givens,
    /// A menu is open (copy formats, new game level, saved slots).
    Menu,
    /// A one-line text prompt is open (slot name).
    Prompt,
    /// The help overlay is open.
    Help,
    /// The game is paused (board hidden).
    Paused,
    /// The all-steps list is open (the board previews the selected step).
    AllSteps,
}

impl Mode {
    pub const ALL: [Mode; 7] = [
        Mode::Play,
        Mode::Givens,
        Mode::Menu,
        Mode::Prompt,
        Mode::Help,
        Mode::Paused,
        Mode::AllSteps,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Mode::Play => "play",
            Mode::Givens => "givens",
            Mode::Menu => "menu",
            Mode::Prompt => "prompt",
            Mode::Help => "help",
            Mode::Paused => "paused",
            Mode::AllSteps => "all steps",
        }
    }

    fn from_letter(c: char) -> Option<Mode> {
        Some(match c {
            'P' => Mode::Play,
            'G' => Mode::Givens,
            'M' => Mode::Menu,
            'R' => Mode::Prompt,
            'H' => Mode::Help,
            'Z' => Mode::Paused,
            'S' => Mode::AllSteps,
            _ => return None,
        })
    }
}

/// The default keymap: (modes as letters: P play, G givens, M menu, R prompt, H help, Z paused,
/// S all steps;
/// action name; key sequences in [`super::key`] syntax).
pub const DEFAULT_BINDINGS: &[(&str, &str, &[&str])] = &[
    ("PG", "move_left", &["<left>", "h"]),
    ("PG", "move_down", &["<down>", "j"]),
    ("PG", "move_up", &["<up>", "k"]),
    ("PG", "move_right", &["<right>", "l"]),
    ("PG", "move_far_left", &["H"]),
    ("PG", "move_far_down", &["J"]),
    ("PG", "move_far_up", &["K"]),
    ("PG", "move_far_right", &["L"]),
    ("PG", "next_empty", &["<tab>"]),
    ("PG", "digit_1", &["1"]),
    ("PG", "digit_2", &["2"]),
    ("PG", "digit_3", &["3"]),
    ("PG", "digit_4", &["4"]),
    ("PG", "digit_5", &["5"]),
    ("PG", "digit_6", &["6"]),
    ("PG", "digit_7", &["7"]),
    ("PG", "digit_8", &["8"]),
    ("PG", "digit_9", &["9"]),
    ("P", "toggle_candidate_1", &["<alt+1>"]),
    ("P", "toggle_candidate_2", &["<alt+2>"]),
    ("P", "toggle_candidate_3", &["<alt+3>"]),
    ("P", "toggle_candidate_4", &["<alt+4>"]),
    ("P", "toggle_candidate_5", &["<alt+5>"]),
    ("P", "toggle_candidate_6", &["<alt+6>"]),
    ("P", "toggle_candidate_7", &["<alt+7>"]),
    ("P", "toggle_candidate_8", &["<alt+8>"]),
    ("P", "toggle_candidate_9", &["<alt+9>"]),
    ("P", "toggle_mark_mode", &["m"]),
    ("PG", "clear_cell", &["x", "<delete>", "<backspace>", "0"]),
    ("P", "undo", &["u", "<ctrl+z>"]),
    ("P", "redo", &["<ctrl+r>", "<ctrl+y>"]),
    ("P", "fill_candidates", &["a"]),
    ("P", "toggle_candidate_mode", &["M"]),
    ("PG", "paste", &["p", "<ctrl+v>"]),
    ("P", "copy_hodoku", &["yh"]),
    ("P", "copy_susser_elims", &["ys"]),
    ("P", "copy_susser", &["yg"]),
    ("P", "copy_values", &["yv"]),
    ("P", "copy_pm_marked", &["yp"]),
    ("P", "copy_menu", &["Y"]),
    ("P", "copy_hint", &["yt"]),
    ("PM", "read_all", &["i"]),
    ("P", "hint", &["t"]),
    ("P", "apply_hint", &["T"]),
    ("P", "hint_engine", &["E"]),
    ("P", "check", &["c"]),
    ("P", "new_game", &["n"]),
    ("P", "save_slot", &["s"]),
    ("P", "open_slot", &["o"]),
    ("PG", "enter_givens", &["e"]),
    ("G", "clear_board", &["N"]),
    ("PZ", "pause", &["<space>"]),
    ("PGH", "help", &["?"]),
    ("PGZ", "quit", &["q"]),
    ("P", "filter_1", &["f<1>"]),
    ("P", "filter_2", &["f<2>"]),
    ("P", "filter_3", &["f<3>"]),
    ("P", "filter_4", &["f<4>"]),
    ("P", "filter_5", &["f<5>"]),
    ("P", "filter_6", &["f<6>"]),
    ("P", "filter_7", &["f<7>"]),
    ("P", "filter_8", &["f<8>"]),
    ("P", "filter_9", &["f<9>"]),
    ("P", "filter_bivalue", &["fb"]),
    ("P", "filter_clear", &["ff"]),
    ("P", "color_1", &["g1"]),
    ("P", "color_2", &["g2"]),
    ("P", "color_3", &["g3"]),
    ("P", "color_4", &["g4"]),
    ("P", "color_5", &["g5"]),
    ("P", "color_6", &["g6"]),
    ("P", "color_7", &["g7"]),
    ("P", "color_8", &["g8"]),
    ("P", "color_9", &["g9"]),
    ("P", "color_10", &["g0"]),
    ("P", "color_clear", &["gx"]),
    ("P", "color_clear_all", &["gX"]),
    ("P", "path_view", &["v"]),
    ("P", "restart", &["R"]),
    ("P", "savepoint", &["b"]),
    ("P", "savepoint_menu", &["B"]),
    ("MH", "menu_up", &["<up>", "k"]),
    ("MH", "menu_down", &["<down>", "j"]),
    ("MH", "menu_page_up", &["<pageup>", "<ctrl+b>"]),
    (
        "MH",
        "menu_page_down",
        &["<pagedown>", "<ctrl+f>", "<space>"],
    ),
    ("MH", "menu_first", &["<home>", "g"]),
    ("MH", "menu_last", &["<end>", "G"]),
    ("M", "menu_search", &["/"]),
    ("M", "menu_level_filter", &["f"]),
    ("M", "menu_sort", &["s"]),
    ("M", "menu_er_filter", &["e"]),
    ("PMR", "select", &["<enter>"]),
    ("PMRHG", "cancel", &["<esc>"]),
    ("H", "cancel", &["q"]),
    ("R", "prompt_backspace", &["<backspace>"]),
    ("P", "all_steps", &["A"]),
    ("P", "practice", &["P"]),
    ("S", "menu_up", &["<up>", "k"]),
    ("S", "menu_down", &["<down>", "j"]),
    ("S", "all_steps_next_technique", &["<right>", "l"]),
    ("S", "all_steps_previous_technique", &["<left>", "h"]),
    ("S", "all_steps_filter", &["f"]),
    ("S", "all_steps_filter_back", &["F"]),
    ("S", "all_steps_wide_list", &["w"]),
    ("S", "all_steps_forcing", &["c"]),
    ("S", "read_all", &["i"]),
    ("S", "select", &["<enter>"]),
    ("S", "cancel", &["<esc>", "A", "q"]),
];

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
    /// The default keymap, parsed from [`DEFAULT_BINDINGS`].
    pub fn default_keymap() -> Keymap {
        let mut bindings = Vec::new();
        for (modes, name, keys) in DEFAULT_BINDINGS {
            // The table is checked by a unit test; a bad row is skipped, never a panic.
            let Some(action) = Action::from_name(name) else {
                continue;
            };
            for mode in modes.chars().filter_map(Mode::from_letter) {
                for k in *keys {
                    if let Ok(seq) = parse_seq(k) {
                        bindings.push((mode, seq, action.clone()));
                    }
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
    fn default_table_parses_completely() {
        for (modes, name, keys) in DEFAULT_BINDINGS {
            assert!(Action::from_name(name).is_some(), "{name}");
            for k in *keys {
                assert!(parse_seq(k).is_ok(), "{k}");
            }
            assert!(modes.chars().all(|c| Mode::from_letter(c).is_some()));
        }
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
            Lookup::Action(Action::Copy(crate::codec::Format::Hodoku))
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
        assert!(rows.contains(&(
            "1-9".into(),
            Action::Digit(crate::domain::Digit::ALL[0]).help()
        )));
        assert!(rows
            .iter()
            .any(|(k, t)| k == "alt+1-9" && t == "toggle candidate"));
        assert!(rows.iter().any(|(k, t)| k == "u ctrl+z" && t == "undo"));
        assert!(rows
            .iter()
            .any(|(k, t)| k == "← h ↓ j ↑ k → l" && t == "move one cell"));
    }
}
