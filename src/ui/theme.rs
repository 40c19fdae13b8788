//! `Theme`: semantic styles. Dark and light palettes use the 16 ANSI colours plus a few grey
//! backgrounds; `Mono` (NO_COLOR) uses only bold, dim, underline, reverse and crossed-out.

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

impl Theme {
    pub const fn new(kind: ThemeKind) -> Theme {
        Theme { kind }
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
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().fg(Color::Gray),
            m(Modifier::DIM),
        )
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
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().fg(Color::DarkGray),
            m(Modifier::DIM),
        )
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
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().fg(Color::Gray),
            m(Modifier::DIM),
        )
    }

    /// Selected menu entry.
    pub fn selected(&self) -> Style {
        m(Modifier::REVERSED)
    }
}
