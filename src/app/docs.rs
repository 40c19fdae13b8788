//! The player's part of `--help` and the man page, generated like the in-app help: the keys of
//! each mode from the keymap, the config file's place and settings, the environment variables
//! and where games are saved. One list of sections ([`player_sections`]) is written as plain text
//! ([`player_help`]) and as man-page sections ([`player_roff`]).

use super::keymap::{Keymap, Mode};
use crate::storage::{CONFIG_DIR_ENV, DATA_DIR_ENV};
use std::fmt::Write as _;

/// The settings of `config.toml`, one line each.
const CONFIG_KEYS: &[(&str, &str)] = &[
    ("candidate_mode", "\"auto\" | \"manual\": automatic candidates or your own pencilmarks"),
    ("check_mode", "\"off\" | \"rules\" | \"solution\": what c starts with"),
    ("theme", "\"dark\" | \"light\" | \"mono\" (no colours, as NO_COLOR): the palette; pencilmarks and cell lines are the terminal's own text colour, dimmed, in every colour scheme"),
    ("hint_engine", "\"hodoku\" (HoDoKu, SE's chains where it runs out) | \"se\" (Sudoku Explainer): the engine of t; E switches, and a saved game keeps its engine"),
    ("highlight_peers", "true | false: shade the cursor's row, column and box"),
    ("highlight_same_digit", "true | false: highlight the cursor's digit everywhere"),
    ("show_timer", "true | false"),
    ("labels", "\"rc\" (r1c1) | \"letters\" (HoDoKu's A1): the board's and the hints' cell names"),
    ("[keys]", "action = \"chord\" or [\"chord\", ...], e.g. undo = [\"ctrl+z\", \"u\"] (action names above)"),
    ("[solver]", "enable = [\"kf\"], disable = [\"fn\"]: HoDoKu's techniques by short name for hints and ratings"),
];

/// A part of the player's documentation: a heading (a man page section) and its blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// A paragraph, or a two-column table (keys or names, what they do) under a caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    Text(String),
    Table {
        caption: String,
        rows: Vec<(String, String)>,
    },
}

fn table(caption: &str, rows: &[(&str, &str)]) -> Block {
    Block::Table {
        caption: caption.into(),
        rows: rows
            .iter()
            .map(|(k, t)| ((*k).to_string(), (*t).to_string()))
            .collect(),
    }
}

/// The player's documentation: the keys of each mode (from the keymap), the action names, the
/// configuration, the environment and the files.
pub fn player_sections() -> Vec<Section> {
    let km = Keymap::default();
    let mut player = vec![Block::Text(
        "termdoku with no subcommand opens the player: PUZZLE (any format, a file, or a file of \
         one puzzle a line, opened as a collection) or else the autosave, else a built-in puzzle."
            .into(),
    )];
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
        player.push(Block::Table {
            caption: title.into(),
            rows: km.help_rows(mode),
        });
    }
    let names: Vec<String> = super::Action::bindable()
        .iter()
        .filter_map(super::Action::name)
        .collect();
    player.push(Block::Text(format!(
        "Action names for [keys]: {}",
        names.join(" ")
    )));
    let config = vec![
        Block::Text(format!(
            "config.toml in ${CONFIG_DIR_ENV}, else the platform's config directory \
             (~/.config/termdoku on Linux). Every bad entry is reported in the player; the \
             others apply."
        )),
        table("Settings", CONFIG_KEYS),
    ];
    let data_help = "where games are saved (else the platform's data directory, \
                     ~/.local/share/termdoku on Linux)";
    let environment = vec![table(
        "",
        &[
            (DATA_DIR_ENV, data_help),
            (CONFIG_DIR_ENV, "where config.toml is read from"),
            (
                "TERMDOKU_THEME",
                "dark | light | mono: the palette (over the config's theme)",
            ),
            ("NO_COLOR", "set and not empty: no colours (styles only)"),
        ],
    )];
    let files = vec![table(
        "In the data directory",
        &[
            (
                "autosave.json",
                "the game in progress, written as you play and on quit",
            ),
            (
                super::movelog::JOURNAL_FILE,
                "the moves since the last autosave",
            ),
            ("autosave.lock", "held by the player that owns the autosave"),
            (
                "players/",
                "a second player's own autosave and journal while it runs",
            ),
            ("slots/NAME.json", "games saved with s, opened with o"),
            ("stats.json", "solves per level"),
            (
                crate::storage::se_cache::SE_CACHE_FILE,
                "the puzzle picker's SE ratings, by puzzle (rated once)",
            ),
            (
                super::startup::PICKER_FILE,
                "the puzzle picker's level filter",
            ),
        ],
    )];
    [
        ("THE PLAYER", player),
        ("CONFIGURATION", config),
        ("ENVIRONMENT", environment),
        ("FILES", files),
    ]
    .into_iter()
    .map(|(title, blocks)| Section {
        title: title.into(),
        blocks,
    })
    .collect()
}

/// The sections as plain text (`--help`): headings, paragraphs, tables in two columns.
pub fn player_help() -> String {
    let mut s = String::new();
    for (i, sec) in player_sections().iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        let _ = writeln!(s, "{}", sec.title);
        for (j, b) in sec.blocks.iter().enumerate() {
            match b {
                Block::Text(t) => {
                    if j > 0 {
                        s.push('\n');
                    }
                    let _ = writeln!(s, "{t}");
                }
                Block::Table { caption, rows } => {
                    if !caption.is_empty() {
                        let _ = writeln!(s, "\n{caption}:");
                    }
                    for (k, t) in rows {
                        let _ = writeln!(s, "  {k:<22} {t}");
                    }
                }
            }
        }
    }
    s
}

/// Text for roff: backslashes escaped, hyphens as minus signs (so keys and names copy as
/// typed), a leading dot or quote kept from being read as a request.
fn roff_text(t: &str) -> String {
    let t = t.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) {
        format!("\\&{t}")
    } else {
        t
    }
}

/// The sections as man-page sections (`.SH`), each table row a tagged paragraph (`.TP`) so the
/// second column stays aligned, the rows of a table without blank lines between them (`.PD 0`),
/// paths and key names never hyphenated (`.nh`).
pub fn player_roff() -> String {
    let mut s = String::from(".nh\n");
    for sec in player_sections() {
        let _ = writeln!(s, ".SH \"{}\"", sec.title);
        for b in &sec.blocks {
            match b {
                Block::Text(t) => {
                    let _ = writeln!(s, ".PP\n{}", roff_text(t));
                }
                Block::Table { caption, rows } => {
                    if !caption.is_empty() {
                        let _ = writeln!(s, ".SS \"{}\"", roff_text(caption));
                    }
                    s.push_str(".PD 0\n");
                    for (k, t) in rows {
                        let _ = writeln!(s, ".TP 24\n\\fB{}\\fR\n{}", roff_text(k), roff_text(t));
                    }
                    s.push_str(".PD\n");
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_man_page_has_a_section_per_part_and_a_tagged_row_per_key() {
        let roff = player_roff();
        for title in ["THE PLAYER", "CONFIGURATION", "ENVIRONMENT", "FILES"] {
            assert!(
                roff.contains(&format!("\n.SH \"{title}\"\n"))
                    || roff.starts_with(&format!(".SH \"{title}\"\n")),
                "{title}"
            );
        }
        // Every key of play mode is a row of its own, its text beside it.
        assert!(
            roff.contains(".TP 24\n\\fBt\\fR\nhint: name, where, step\n"),
            "{roff}"
        );
        assert!(roff.contains(".TP 24\n\\fBhint_engine\\fR\n"), "{roff}");
        assert!(roff.contains(".TP 24\n\\fBNO_COLOR\\fR\n"), "{roff}");
        // No line of text is read as a request.
        for line in roff.lines() {
            if let Some(req) = line.strip_prefix('.') {
                assert!(
                    ["SH ", "SS ", "PP", "TP ", "PD", "nh"]
                        .iter()
                        .any(|r| req.starts_with(r)),
                    "{line}"
                );
            }
        }
        let help = player_help();
        assert!(
            help.contains("\nCONFIGURATION\n") && help.contains("  hint_engine "),
            "{help}"
        );
        // The plain text has no roff in it.
        assert!(!help.lines().any(|l| l.starts_with('.')), "{help}");
    }
}
