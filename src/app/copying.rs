//! The copy menu (`Y`): every writable format, each with a warning when it loses part of the
//! game (only the givens kept, or placed digits turned into givens), and the hint's text.

use super::action::copy_formats;
use super::{App, MenuChoice, MenuKind};
use crate::codec::Format;

/// What a format loses of a game in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Only the givens: placed digits and marks are dropped.
    GivensOnly,
    /// Placed digits read back as givens (and marks are dropped).
    ValuesAsGivens,
}

impl Loss {
    /// Of a format, when written and read back.
    pub const fn of(f: Format) -> Option<Loss> {
        match f {
            Format::Susser
            | Format::SusserShort
            | Format::Excel
            | Format::Json
            | Format::Minlex => Some(Loss::GivensOnly),
            Format::Values | Format::Grid | Format::Pm | Format::Sukaku | Format::OpenSudoku => {
                Some(Loss::ValuesAsGivens)
            }
            _ => None,
        }
    }

    pub const fn warning(self) -> &'static str {
        match self {
            Loss::GivensOnly => "givens only",
            Loss::ValuesAsGivens => "your digits become givens",
        }
    }
}

/// The menu's entries: the formats (with their warnings when the board holds placed digits),
/// then the hint's text when a hint is on screen.
pub fn menu_items(app: &App) -> Vec<(String, MenuChoice)> {
    let progress = app.board().value_count() > app.board().given_count();
    let mut items: Vec<(String, MenuChoice)> = copy_formats()
        .map(|f| {
            let warn = match Loss::of(f) {
                Some(l) if progress => format!("  ! {}", l.warning()),
                _ => String::new(),
            };
            (
                format!("{:<14} {}{warn}", f.id(), f.name()),
                MenuChoice::Copy(f),
            )
        })
        .collect();
    if app.live_hint().is_some() {
        items.push((
            format!("{:<14} the hint's text (also yt)", "hint"),
            MenuChoice::CopyHint,
        ));
    }
    items
}

/// The header: what the warnings mean, when one is shown.
pub fn menu_header(app: &App) -> Vec<String> {
    if app.board().value_count() > app.board().given_count() {
        vec![
            "! marks a format that does not keep your progress: \"givens only\" drops your digits \
             and marks, \"your digits become givens\" cannot be played on from where you are"
                .into(),
        ]
    } else {
        Vec::new()
    }
}

/// Opens the copy menu.
pub fn open(app: &mut App) {
    let items = menu_items(app);
    let header = menu_header(app);
    super::menus::open_menu(app, MenuKind::Copy, header, items);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{self, WriteOptions};

    /// The table agrees with the codec: a state with a placed digit written in each format and
    /// read back.
    #[test]
    fn the_losses_are_what_the_codec_does() {
        let state =
            "+1+7.8.6.5..2...5..3.5.3.79.1.32.....8.4.2.9.6.6.....12.7.56.2.3.2..1...9..9.5.4.1.";
        let board = codec::decode_any(state).unwrap().board;
        for f in copy_formats() {
            let text = codec::encode(f, &board, &WriteOptions::default()).unwrap();
            let back = codec::decode(f, &text).unwrap().board;
            let c = crate::domain::Cell::from_index(0);
            let found = match (back.value(c), back.is_given(c)) {
                (None, _) => Some(Loss::GivensOnly),
                (Some(_), true) => Some(Loss::ValuesAsGivens),
                (Some(_), false) => None,
            };
            assert_eq!(Loss::of(f), found, "{f:?}");
        }
    }
}
