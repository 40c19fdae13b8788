//! `config.toml`: the player's settings and key overrides.
//!
//! ```toml
//! candidate_mode = "auto"      # auto | manual
//! check_mode = "rules"         # off | rules (conflicts shown) | solution (also wrong digits)
//! theme = "dark"               # dark | light | mono (no colours, as NO_COLOR)
//! highlight_peers = true       # shade the cursor's row, column and box
//! highlight_same_digit = true  # highlight every cell holding the cursor's digit
//! show_timer = true
//! labels = "rc"                # rc (r1-r9, c1-c9) | letters (HoDoKu: rows A-I, columns 1-9)
//! hint_engine = "hodoku"       # hodoku (SE's chains where HoDoKu runs out) | se (Sudoku Explainer)
//!
//! [keys]                       # action name = chord or list of chords
//! undo = ["ctrl+z", "u"]
//! redo = "ctrl+r"
//!
//! [solver]                     # HoDoKu's techniques by short name, on top of HoDoKu's defaults
//! enable = ["kf", "db"]        # switched on (slot names such as nl, kf, fc, or technique names)
//! disable = ["fn"]             # switched off (applied after `enable`)
//! ```
//!
//! Every problem (bad TOML, unknown setting, wrong value) is collected into
//! [`ConfigLoad::errors`] and the setting keeps its default: a bad config never stops the game.
//! The `[keys]` values are kept as text; parsing chords and checking action names is the app's job.

use super::{config_dir, StorageError};
use crate::editor::CandidateMode;
use crate::solver::techniques::SlotSet;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Largest config file read.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Name of the config file inside the config directory.
pub const CONFIG_FILE: &str = "config.toml";

/// What the `c` key checks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckMode {
    /// No marking.
    #[default]
    Off,
    /// Mark digits that repeat in a house and empty cells without candidates.
    Rules,
    /// Mark digits that differ from the solution.
    Solution,
}

impl CheckMode {
    pub const ALL: [CheckMode; 3] = [CheckMode::Off, CheckMode::Rules, CheckMode::Solution];

    pub const fn name(self) -> &'static str {
        match self {
            CheckMode::Off => "off",
            CheckMode::Rules => "rules",
            CheckMode::Solution => "solution",
        }
    }

    /// The next mode in the cycle off -> rules -> solution -> off.
    pub const fn next(self) -> CheckMode {
        match self {
            CheckMode::Off => CheckMode::Rules,
            CheckMode::Rules => CheckMode::Solution,
            CheckMode::Solution => CheckMode::Off,
        }
    }
}

/// Which step engine gives the player's hints.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HintEngine {
    /// HoDoKu's techniques, with Sudoku Explainer's next step where they find nothing (never
    /// Brute Force).
    #[default]
    Hodoku,
    /// Sudoku Explainer's techniques and order.
    Se,
}

impl HintEngine {
    pub const fn name(self) -> &'static str {
        match self {
            HintEngine::Hodoku => "HoDoKu",
            HintEngine::Se => "Sudoku Explainer",
        }
    }

    /// The name in the config and in saves: `hodoku`, `se`.
    pub const fn id(self) -> &'static str {
        match self {
            HintEngine::Hodoku => "hodoku",
            HintEngine::Se => "se",
        }
    }

    /// The engine of an [`HintEngine::id`].
    pub fn from_id(id: &str) -> Option<HintEngine> {
        [HintEngine::Hodoku, HintEngine::Se]
            .into_iter()
            .find(|e| e.id() == id)
    }

    /// The other engine.
    pub const fn next(self) -> HintEngine {
        match self {
            HintEngine::Hodoku => HintEngine::Se,
            HintEngine::Se => HintEngine::Hodoku,
        }
    }
}

/// The colour theme.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    Dark,
    Light,
    /// No colours, as with `NO_COLOR`: bold, dim, underline, reverse and crossed-out only.
    Mono,
}

impl ThemeChoice {
    pub const fn name(self) -> &'static str {
        match self {
            ThemeChoice::Dark => "dark",
            ThemeChoice::Light => "light",
            ThemeChoice::Mono => "mono",
        }
    }
}

/// How the board labels rows and columns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// `r1`-`r9` and `c1`-`c9`, as hints print cells.
    #[default]
    Rc,
    /// HoDoKu's letters: rows `A`-`I`, columns `1`-`9`.
    Letters,
}

/// The settings, each with its default when absent or wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub candidate_mode: CandidateMode,
    pub check_mode: CheckMode,
    pub theme: ThemeChoice,
    pub highlight_peers: bool,
    pub highlight_same_digit: bool,
    pub show_timer: bool,
    /// Row and column labels (`labels = "rc"` or `"letters"`).
    pub labels: Labels,
    /// `[keys]`: action name -> chords, in file order of the lists (action names sorted).
    pub keys: BTreeMap<String, Vec<String>>,
    /// `[solver]`: the techniques hints and ratings use (HoDoKu's defaults, then `enable`,
    /// then `disable`; unknown names are listed as errors, the rest applies).
    pub solver: SlotSet,
    /// `hint_engine`: the engine of the hints (HoDoKu by default, SE's chains where it runs out).
    pub hint_engine: HintEngine,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            candidate_mode: CandidateMode::Auto,
            check_mode: CheckMode::Rules,
            theme: ThemeChoice::Dark,
            highlight_peers: true,
            highlight_same_digit: true,
            show_timer: true,
            labels: Labels::Rc,
            keys: BTreeMap::new(),
            solver: SlotSet::defaults(),
            hint_engine: HintEngine::Hodoku,
        }
    }
}

/// One problem in the config file; the setting concerned keeps its default.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: cannot read: {message}", path.display())]
    Read { path: PathBuf, message: String },
    #[error("{}:{line}:{column}: not valid TOML: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{}: unknown setting `{key}`", path.display())]
    UnknownKey { path: PathBuf, key: String },
    #[error("{}: `{key}`: {message}", path.display())]
    BadValue {
        path: PathBuf,
        key: String,
        message: String,
    },
}

/// The result of reading the config: the settings (defaults where something was wrong), the
/// problems found, and the file read (None when there is no config file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigLoad {
    pub config: Config,
    pub errors: Vec<ConfigError>,
    pub path: Option<PathBuf>,
}

impl Config {
    /// `config.toml` in `$TERMDOKU_CONFIG_DIR` or the platform config directory.
    pub fn default_path() -> Result<PathBuf, StorageError> {
        Ok(config_dir()?.join(CONFIG_FILE))
    }

    /// Reads the config from its default place; never fails (problems are listed).
    pub fn load() -> ConfigLoad {
        match Config::default_path() {
            Ok(p) => Config::load_from(&p),
            Err(e) => ConfigLoad {
                config: Config::default(),
                errors: vec![ConfigError::Read {
                    path: PathBuf::from(CONFIG_FILE),
                    message: e.to_string(),
                }],
                path: None,
            },
        }
    }

    /// Reads `path`; a missing file gives the defaults without error. Only a regular file of at
    /// most [`MAX_CONFIG_BYTES`] is read (a FIFO or a device is refused, not waited on).
    pub fn load_from(path: &Path) -> ConfigLoad {
        let read = match super::read_limited(path, MAX_CONFIG_BYTES) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text").to_string()
            }),
            Err(super::LimitedRead::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return ConfigLoad::default()
            }
            Err(super::LimitedRead::Io(e)) => Err(e.to_string()),
            Err(super::LimitedRead::Refused(reason)) => Err(reason.to_string()),
        };
        match read {
            Ok(text) => {
                let (config, errors) = Config::parse(&text, path);
                ConfigLoad {
                    config,
                    errors,
                    path: Some(path.to_path_buf()),
                }
            }
            Err(message) => ConfigLoad {
                config: Config::default(),
                errors: vec![ConfigError::Read {
                    path: path.to_path_buf(),
                    message,
                }],
                path: Some(path.to_path_buf()),
            },
        }
    }

    /// Parses config text (`path` only labels the errors).
    pub fn parse(text: &str, path: &Path) -> (Config, Vec<ConfigError>) {
        let mut cfg = Config::default();
        let mut errors = Vec::new();
        let table: toml::Table = match toml::from_str(text) {
            Ok(t) => t,
            Err(e) => {
                let (line, column) = e.span().map(|s| line_col(text, s.start)).unwrap_or((0, 0));
                errors.push(ConfigError::Syntax {
                    path: path.to_path_buf(),
                    line,
                    column,
                    message: e.message().to_string(),
                });
                return (cfg, errors);
            }
        };
        for (key, value) in table {
            let bad = |message: String| ConfigError::BadValue {
                path: path.to_path_buf(),
                key: key.clone(),
                message,
            };
            let result: Result<(), String> = match key.as_str() {
                "candidate_mode" => choice(
                    &value,
                    &[
                        ("auto", CandidateMode::Auto),
                        ("manual", CandidateMode::Manual),
                    ],
                )
                .map(|m| cfg.candidate_mode = m),
                "check_mode" => choice(
                    &value,
                    &[
                        ("off", CheckMode::Off),
                        ("rules", CheckMode::Rules),
                        ("solution", CheckMode::Solution),
                    ],
                )
                .map(|m| cfg.check_mode = m),
                "theme" => choice(
                    &value,
                    &[
                        ("dark", ThemeChoice::Dark),
                        ("light", ThemeChoice::Light),
                        ("mono", ThemeChoice::Mono),
                    ],
                )
                .map(|t| cfg.theme = t),
                "highlight_peers" => flag(&value).map(|b| cfg.highlight_peers = b),
                "highlight_same_digit" => flag(&value).map(|b| cfg.highlight_same_digit = b),
                "show_timer" => flag(&value).map(|b| cfg.show_timer = b),
                "labels" => choice(&value, &[("rc", Labels::Rc), ("letters", Labels::Letters)])
                    .map(|l| cfg.labels = l),
                "hint_engine" => choice(
                    &value,
                    &[("hodoku", HintEngine::Hodoku), ("se", HintEngine::Se)],
                )
                .map(|e| cfg.hint_engine = e),
                "keys" => {
                    match value {
                        toml::Value::Table(t) => {
                            for (action, chords) in t {
                                match chord_list(chords) {
                                    Ok(list) => {
                                        cfg.keys.insert(action, list);
                                    }
                                    Err(message) => errors.push(ConfigError::BadValue {
                                        path: path.to_path_buf(),
                                        key: format!("keys.{action}"),
                                        message,
                                    }),
                                }
                            }
                        }
                        other => errors.push(bad(format!(
                            "expected a table `[keys]`, found a {}",
                            other.type_str()
                        ))),
                    }
                    Ok(())
                }
                "solver" => {
                    match value {
                        toml::Value::Table(t) => {
                            cfg.solver = solver_section(t, path, &mut errors);
                        }
                        other => errors.push(bad(format!(
                            "expected a table `[solver]`, found a {}",
                            other.type_str()
                        ))),
                    }
                    Ok(())
                }
                _ => {
                    errors.push(ConfigError::UnknownKey {
                        path: path.to_path_buf(),
                        key: key.clone(),
                    });
                    Ok(())
                }
            };
            if let Err(message) = result {
                errors.push(bad(message));
            }
        }
        (cfg, errors)
    }
}

/// How a value looks in a message: `5`, `"fast"`, `a table`.
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::Table(_) => "a table".to_string(),
        toml::Value::Array(_) => "a list".to_string(),
        other => other.to_string(),
    }
}

/// One of the named choices (case-insensitive); the error lists what the setting accepts.
fn choice<T: Copy>(v: &toml::Value, choices: &[(&str, T)]) -> Result<T, String> {
    let found = v.as_str().and_then(|s| {
        choices
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s.trim()))
    });
    match found {
        Some(&(_, value)) => Ok(value),
        None => {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            let list = match names.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            Err(format!("expected {list}, found {}", shown(v)))
        }
    }
}

/// `true` or `false`.
fn flag(v: &toml::Value) -> Result<bool, String> {
    v.as_bool()
        .ok_or_else(|| format!("expected true or false, found {}", shown(v)))
}

/// `[solver]`: `enable` and `disable` lists of HoDoKu short names.
fn solver_section(t: toml::Table, path: &Path, errors: &mut Vec<ConfigError>) -> SlotSet {
    let mut lists: [Vec<String>; 2] = Default::default();
    for (key, value) in t {
        let slot = match key.as_str() {
            "enable" => 0,
            "disable" => 1,
            _ => {
                errors.push(ConfigError::UnknownKey {
                    path: path.to_path_buf(),
                    key: format!("solver.{key}"),
                });
                continue;
            }
        };
        match name_list(value) {
            Ok(names) => lists[slot] = names,
            Err(message) => errors.push(ConfigError::BadValue {
                path: path.to_path_buf(),
                key: format!("solver.{key}"),
                message,
            }),
        }
    }
    let [enable, disable] = lists;
    let (set, bad) = SlotSet::from_lists(&enable, &disable);
    for b in bad {
        let key = if enable.contains(&b.name) {
            "solver.enable"
        } else {
            "solver.disable"
        };
        errors.push(ConfigError::BadValue {
            path: path.to_path_buf(),
            key: key.to_string(),
            message: b.to_string(),
        });
    }
    set
}

/// A name or a list of names, as strings.
fn name_list(v: toml::Value) -> Result<Vec<String>, String> {
    match v {
        toml::Value::String(s) => Ok(vec![s]),
        toml::Value::Array(items) => items
            .into_iter()
            .map(|i| match i {
                toml::Value::String(s) => Ok(s),
                other => Err(format!(
                    "expected technique names as strings, found a {}",
                    other.type_str()
                )),
            })
            .collect(),
        other => Err(format!(
            "expected a list of technique names, found a {}",
            other.type_str()
        )),
    }
}

/// A chord or a list of chords, as strings.
fn chord_list(v: toml::Value) -> Result<Vec<String>, String> {
    match v {
        toml::Value::String(s) => Ok(vec![s]),
        toml::Value::Array(items) => items
            .into_iter()
            .map(|i| match i {
                toml::Value::String(s) => Ok(s),
                other => Err(format!(
                    "expected key chords as strings, found a {}",
                    other.type_str()
                )),
            })
            .collect(),
        other => Err(format!(
            "expected a chord or a list of chords, found a {}",
            other.type_str()
        )),
    }
}

/// One-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_value_says_what_the_setting_accepts() {
        let text = "candidate_mode = 5\ncheck_mode = \"fast\"\ntheme = [1]\nshow_timer = \"yes\"\n\
                    labels = \"LETTERS\"\n";
        let (cfg, errors) = Config::parse(text, Path::new("config.toml"));
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "config.toml: `candidate_mode`: expected \"auto\" or \"manual\", found 5",
                "config.toml: `check_mode`: expected \"off\", \"rules\" or \"solution\", found \"fast\"",
                "config.toml: `show_timer`: expected true or false, found \"yes\"",
                "config.toml: `theme`: expected \"dark\", \"light\" or \"mono\", found a list",
            ]
        );
        assert_eq!(cfg.labels, Labels::Letters);
        assert_eq!(cfg.candidate_mode, CandidateMode::Auto);
    }
}
