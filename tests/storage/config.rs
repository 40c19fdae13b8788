//! The config file: every setting read, errors listed while the rest applies, and the
//! environment variables that choose the data and config directories.

use crate::support::*;
use std::fs;
use std::path::{Path, PathBuf};
use termdoku::editor::CandidateMode;
use termdoku::storage::{CheckMode, Config, ConfigError, Store, ThemeChoice};

/// A directory made by the parent process (see `env_var_child`).
struct TempDirRef<'a>(&'a Path);
impl TempDirRef<'_> {
    fn path(&self) -> &Path {
        self.0
    }
}

/// Runs `env_var_child` in a child process of this test binary with the two variables set: the
/// environment of this process is shared by the tests running in parallel, so it is never changed.
#[test]
fn env_var_selects_the_data_and_config_dirs() {
    let dir = TempDir::new("env");
    // The child test's full name in this test binary (its module path below the crate).
    let child = match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::env_var_child"),
        None => "env_var_child".to_string(),
    };
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &child,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("TERMDOKU_DATA_DIR", dir.path())
        .env("TERMDOKU_CONFIG_DIR", dir.path().join("cfg"))
        .env("TERMDOKU_ENV_CHILD", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("1 passed"), "{text}");
}

#[test]
#[ignore = "run in a child process by env_var_selects_the_data_and_config_dirs"]
fn env_var_child() {
    assert!(
        std::env::var_os("TERMDOKU_ENV_CHILD").is_some(),
        "run by env_var_selects_the_data_and_config_dirs, which sets the environment"
    );
    let dir = PathBuf::from(std::env::var_os("TERMDOKU_DATA_DIR").unwrap());
    let dir = TempDirRef(&dir);
    let store = Store::from_env().unwrap();
    assert_eq!(store.root(), dir.path());
    assert_eq!(
        Config::default_path().unwrap(),
        dir.path().join("cfg").join("config.toml")
    );
    // No config file: defaults, no error.
    let load = Config::load();
    assert_eq!(load.config, Config::default());
    assert!(load.errors.is_empty());
    fs::create_dir_all(dir.path().join("cfg")).unwrap();
    fs::write(
        dir.path().join("cfg/config.toml"),
        "theme = \"light\"\n[keys]\nundo = [\"ctrl+z\", \"u\"]\n",
    )
    .unwrap();
    let load = Config::load();
    assert!(load.errors.is_empty(), "{:?}", load.errors);
    assert_eq!(load.config.theme, ThemeChoice::Light);
    assert_eq!(load.config.keys["undo"], ["ctrl+z", "u"]);
}

#[test]
fn config_reads_every_setting() {
    let text = r#"
candidate_mode = "manual"
check_mode = "solution"
theme = "light"
highlight_peers = false
highlight_same_digit = false
show_timer = false

[keys]
undo = ["ctrl+z", "u"]
redo = "ctrl+r"
"#;
    let (cfg, errors) = Config::parse(text, Path::new("config.toml"));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(cfg.candidate_mode, CandidateMode::Manual);
    assert_eq!(cfg.check_mode, CheckMode::Solution);
    assert_eq!(cfg.theme, ThemeChoice::Light);
    assert!(!cfg.highlight_peers && !cfg.highlight_same_digit && !cfg.show_timer);
    assert_eq!(cfg.keys["redo"], ["ctrl+r"]);
}

#[test]
fn config_errors_are_listed_and_the_rest_still_applies() {
    let text = r#"
check_mode = "sometimes"
theme = "light"
highlight_peers = "yes"
colour = "red"

[keys]
undo = ["ctrl+z", 5]
redo = "ctrl+r"
"#;
    let p = Path::new("/cfg/config.toml");
    let (cfg, errors) = Config::parse(text, p);
    assert_eq!(cfg.theme, ThemeChoice::Light);
    assert_eq!(cfg.check_mode, CheckMode::Rules);
    assert!(cfg.highlight_peers);
    assert_eq!(cfg.keys.get("redo").map(Vec::len), Some(1));
    assert!(!cfg.keys.contains_key("undo"));
    let keys: Vec<String> = errors
        .iter()
        .map(|e| match e {
            ConfigError::BadValue { key, .. } | ConfigError::UnknownKey { key, .. } => key.clone(),
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    assert_eq!(
        keys,
        ["check_mode", "colour", "highlight_peers", "keys.undo"]
    );
    assert!(errors[0]
        .to_string()
        .starts_with("/cfg/config.toml: `check_mode`"));

    // A syntax error is one error with its position; every setting keeps its default.
    let (cfg, errors) = Config::parse("theme = \"light\"\ncheck_mode = \n", p);
    assert_eq!(cfg, Config::default());
    match errors.as_slice() {
        [ConfigError::Syntax { line, .. }] => assert_eq!(*line, 2),
        other => panic!("{other:?}"),
    }
}
