//! The player's part of `--help` and the man page, generated like the in-app help: the keys of
//! each mode from the keymap, the config file's place and settings, the environment variables
//! and where games are saved.

use super::keymap::{Keymap, Mode};
use crate::storage::{CONFIG_DIR_ENV, DATA_DIR_ENV};
use std::fmt::Write as _;

/// The settings of `config.toml`, one line each.
const CONFIG_KEYS: &[(&str, &str)] = &[
    ("candidate_mode", "\"auto\" | \"manual\": automatic candidates or your own pencilmarks"),
    ("check_mode", "\"off\" | \"rules\" | \"solution\": what c starts with"),
    ("theme", "\"dark\" | \"light\""),
    ("highlight_peers", "true | false: shade the cursor's row, column and box"),
    ("highlight_same_digit", "true | false: highlight the cursor's digit everywhere"),
    ("show_timer", "true | false"),
    ("labels", "\"rc\" (r1c1) | \"letters\" (HoDoKu's A1): the board's and the hints' cell names"),
    ("[keys]", "action = \"chord\" or [\"chord\", ...], e.g. undo = [\"ctrl+z\", \"u\"] (action names above)"),
    ("[solver]", "enable = [\"kf\"], disable = [\"fn\"]: HoDoKu's techniques by short name for hints and ratings"),
];

/// The text: keys per mode, config, environment, files.
pub fn player_help() -> String {
    let km = Keymap::default();
    let mut s = String::new();
    s.push_str(
        "THE PLAYER\n\
         termdoku with no subcommand opens the player: PUZZLE (any format, a file, or a file of \
         one puzzle a line, opened as a collection) or else the autosave, else a built-in puzzle.\n",
    );
    for (mode, title) in [
        (Mode::Play, "Keys while playing"),
        (Mode::Givens, "Keys while entering givens (e)"),
        (
            Mode::Menu,
            "Keys in menus, the puzzle picker, the solution path and the text view (i)",
        ),
        (Mode::Prompt, "Keys in the slot-name prompt"),
        (Mode::Paused, "Keys while paused"),
    ] {
        let _ = writeln!(s, "\n{title}:");
        for (keys, text) in km.help_rows(mode) {
            let _ = writeln!(s, "  {keys:<22} {text}");
        }
    }
    let _ = writeln!(s, "\nAction names for [keys]:");
    let names: Vec<String> = super::Action::bindable()
        .iter()
        .filter_map(super::Action::name)
        .collect();
    let _ = writeln!(s, "  {}", names.join(" "));
    let _ = writeln!(
        s,
        "\nCONFIGURATION\n\
         config.toml in ${CONFIG_DIR_ENV}, else the platform's config directory \
         (~/.config/termdoku on Linux). Every bad entry is reported in the player; the others \
         apply."
    );
    for (key, what) in CONFIG_KEYS {
        let _ = writeln!(s, "  {key:<22} {what}");
    }
    let _ = writeln!(
        s,
        "\nENVIRONMENT\n  \
         {DATA_DIR_ENV:<22} where games are saved (else the platform's data directory, \
         ~/.local/share/termdoku on Linux)\n  \
         {CONFIG_DIR_ENV:<22} where config.toml is read from\n  \
         TERMDOKU_THEME         dark | light | mono: the palette (over the config's theme)\n  \
         NO_COLOR               set and not empty: no colours (styles only)"
    );
    let _ = writeln!(
        s,
        "\nFILES (in the data directory)\n  \
         autosave.json          the game in progress, written as you play and on quit\n  \
         {:<22} the moves since the last autosave\n  \
         autosave.lock          held by the player that owns the autosave\n  \
         players/               a second player's own autosave and journal while it runs\n  \
         slots/NAME.json        games saved with s, opened with o\n  \
         stats.json             solves per level\n  \
         {:<22} the puzzle picker's level filter",
        super::movelog::JOURNAL_FILE,
        super::startup::PICKER_FILE
    );
    s
}
