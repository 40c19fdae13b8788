//! `Theme`: semantic styles. Dark and light palettes use the 16 ANSI colours plus a few grey
//! backgrounds; `Mono` (NO_COLOR) uses only bold, dim, underline, reverse and crossed-out.
//! Pencilmarks, cell borders and complete digits are the terminal's own foreground, dimmed,
//! never palette colour 8 or 7: colour schemes such as Solarized make those the background.

use ratatui::style::{Color, Modifier, Style};

/// Which palette.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ThemeKind {
    #[default]
    Dark,
    Light,
    /// No colour at all (the `NO_COLOR` convention): modifiers only.
    Mono,
}

impl ThemeKind {
    /// `NO_COLOR` (non-empty) wins; else `TERMDOKU_THEME=dark|light|mono`; else dark.
    pub fn from_env() -> ThemeKind {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            return ThemeKind::Mono;
        }
        match std::env::var("TERMDOKU_THEME").as_deref() {
            Ok("light") => ThemeKind::Light,
            Ok("mono") | Ok("none") => ThemeKind::Mono,
            _ => ThemeKind::Dark,
        }
    }
}

/// Semantic styles for the board and the status line.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Theme {
    pub kind: ThemeKind,
}

const fn m(modifier: Modifier) -> Style {
    Style::new().add_modifier(modifier)
}

/// Background shades of the colour pairs (a, b) per palette: green, orange, blue, red, purple.
const DARK_PAIRS: [(u8, u8); 5] = [(28, 22), (172, 94), (33, 19), (161, 88), (98, 54)];
const LIGHT_PAIRS: [(u8, u8); 5] = [(120, 71), (222, 179), (117, 75), (217, 174), (183, 141)];

impl Theme {
    pub const fn new(kind: ThemeKind) -> Theme {
        Theme { kind }
    }

    /// The theme of the environment and the config: `NO_COLOR` (not empty) wins, then
    /// `TERMDOKU_THEME`, then the config's `theme`.
    pub fn from_env_and_config(choice: crate::storage::ThemeChoice) -> Theme {
        use crate::storage::ThemeChoice;
        let env_set = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
            || std::env::var("TERMDOKU_THEME")
                .is_ok_and(|v| matches!(v.as_str(), "dark" | "light" | "mono" | "none"));
        Theme::new(match choice {
            _ if env_set => ThemeKind::from_env(),
            ThemeChoice::Dark => ThemeKind::Dark,
            ThemeChoice::Light => ThemeKind::Light,
            ThemeChoice::Mono => ThemeKind::Mono,
        })
    }

    /// Modifiers only: colours are shown as letters.
    pub fn is_mono(&self) -> bool {
        self.kind == ThemeKind::Mono
    }

    /// The row and column labels.
    pub fn label(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Gray),
            Style::new().fg(Color::DarkGray),
            Style::new(),
        )
    }

    fn shade(&self, k: crate::editor::Color) -> Color {
        let pairs = match self.kind {
            ThemeKind::Light => LIGHT_PAIRS,
            _ => DARK_PAIRS,
        };
        let (a, b) = pairs[usize::from(k.pair())];
        Color::Indexed(if k.shade() == 0 { a } else { b })
    }

    /// A coloured cell (background); without colours the cell shows the colour's letter.
    pub fn color(&self, k: crate::editor::Color) -> Style {
        match self.kind {
            ThemeKind::Mono => Style::new(),
            _ => Style::new().bg(self.shade(k)),
        }
    }

    /// A coloured candidate; without colours, shade a is underlined and shade b reversed (the
    /// full board also writes the letter beside it).
    pub fn candidate_color(&self, k: crate::editor::Color) -> Style {
        match self.kind {
            ThemeKind::Mono if k.shade() == 0 => m(Modifier::UNDERLINED | Modifier::BOLD),
            ThemeKind::Mono => m(Modifier::REVERSED | Modifier::BOLD),
            ThemeKind::Dark => Style::new()
                .bg(self.shade(k))
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            ThemeKind::Light => Style::new()
                .bg(self.shade(k))
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD),
        }
    }

    /// A cell the filter highlights (background).
    pub fn filter(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(58)),
            Style::new().bg(Color::Indexed(229)),
            m(Modifier::BOLD),
        )
    }

    /// The filter's digit among candidates.
    pub fn filter_digit(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
            m(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    fn pick(&self, dark: Style, light: Style, mono: Style) -> Style {
        match self.kind {
            ThemeKind::Dark => dark,
            ThemeKind::Light => light,
            ThemeKind::Mono => mono,
        }
    }

    /// Box borders (heavy lines).
    pub fn box_border(&self) -> Style {
        self.pick(Style::new(), Style::new(), Style::new())
    }

    /// Cell borders (light lines).
    pub fn cell_border(&self) -> Style {
        m(Modifier::DIM)
    }

    /// A clue of the puzzle.
    pub fn given(&self) -> Style {
        self.pick(m(Modifier::BOLD), m(Modifier::BOLD), m(Modifier::BOLD))
    }

    /// A digit the player placed.
    pub fn filled(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Cyan),
            Style::new().fg(Color::Blue),
            m(Modifier::ITALIC),
        )
    }

    /// A pencilmark.
    pub fn candidate(&self) -> Style {
        m(Modifier::DIM)
    }

    /// The cursor cell (added on top of its content).
    pub fn cursor(&self) -> Style {
        m(Modifier::REVERSED)
    }

    /// The cursor's row, column and box (subtle background).
    pub fn peer(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(236)),
            Style::new().bg(Color::Indexed(254)),
            Style::new(),
        )
    }

    /// A cell holding the cursor's digit, or that digit among candidates.
    pub fn same_digit(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
            m(Modifier::UNDERLINED),
        )
    }

    /// Two equal digits in a house, or a cell without candidates.
    pub fn conflict(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            m(Modifier::CROSSED_OUT).add_modifier(Modifier::BOLD),
        )
    }

    /// A filled digit that differs from the solution (check mode "solution").
    pub fn wrong(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            m(Modifier::CROSSED_OUT).add_modifier(Modifier::UNDERLINED),
        )
    }

    /// A house the hint points at (background).
    pub fn hint_house(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(17)),
            Style::new().bg(Color::Indexed(195)),
            Style::new(),
        )
    }

    /// A pattern cell of the hint (background).
    pub fn hint_cell(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(24)),
            Style::new().bg(Color::Indexed(153)),
            m(Modifier::UNDERLINED),
        )
    }

    /// A candidate the hint eliminates.
    pub fn hint_elim(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightRed)
                .add_modifier(Modifier::BOLD | Modifier::CROSSED_OUT),
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::CROSSED_OUT),
            m(Modifier::CROSSED_OUT),
        )
    }

    /// A digit the hint places.
    pub fn hint_place(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            m(Modifier::REVERSED).add_modifier(Modifier::BOLD),
        )
    }

    /// A fin or a pattern candidate of the hint.
    pub fn hint_mark(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::LightBlue)
                .add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
            m(Modifier::BOLD).add_modifier(Modifier::UNDERLINED),
        )
    }

    /// Status line base.
    pub fn status(&self) -> Style {
        self.pick(
            Style::new().bg(Color::Indexed(236)),
            Style::new().bg(Color::Indexed(252)),
            m(Modifier::REVERSED),
        )
    }

    /// Mode badge in the status line.
    pub fn badge(&self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Cyan)
                .add_modifier(Modifier::BOLD),
            Style::new()
                .fg(Color::White)
                .bg(Color::Blue)
                .add_modifier(Modifier::BOLD),
            m(Modifier::BOLD),
        )
    }

    /// An error message.
    pub fn error(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            m(Modifier::BOLD),
        )
    }

    /// A digit whose nine copies are placed (status line counts).
    pub fn complete(&self) -> Style {
        m(Modifier::DIM)
    }

    /// Selected menu entry.
    pub fn selected(&self) -> Style {
        m(Modifier::REVERSED)
    }

    /// A menu entry that repeats an earlier one (the picker's repeated puzzles).
    pub fn repeated(&self) -> Style {
        m(Modifier::DIM)
    }
}
