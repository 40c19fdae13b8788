//! The default keymap, typed: per row the modes it applies in, the action and its key sequences,
//! all of them values (a mode, an action or a key that does not exist fails to compile). The
//! rows' order is the help's; [`super::keymap::Keymap`] builds the bindings from it. [`Mode`]:
//! which keymap applies.

use super::action::{Action, Dir};
use super::all_steps::search::StepsAction;
use super::key::{Key, KeyChord};
use crate::codec::Format;
use crate::domain::Digit;
use crate::editor::Color;

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
}

/// One row of the default keymap: the modes it applies in, the action, its key sequences.
pub type Row = (&'static [Mode], Action, &'static [&'static [KeyChord]]);

const fn ch(c: char) -> KeyChord {
    KeyChord::ch(c)
}

const fn ctrl(c: char) -> KeyChord {
    KeyChord::with_ctrl(c)
}

const fn alt(c: char) -> KeyChord {
    KeyChord::with_alt(c)
}

const fn digit(n: usize) -> Digit {
    Digit::from_index(n - 1)
}

const fn color(n: usize) -> Color {
    Color::ALL[n - 1]
}

const LEFT: KeyChord = KeyChord::plain(Key::Left);
const RIGHT: KeyChord = KeyChord::plain(Key::Right);
const UP: KeyChord = KeyChord::plain(Key::Up);
const DOWN: KeyChord = KeyChord::plain(Key::Down);
const TAB: KeyChord = KeyChord::plain(Key::Tab);
const ENTER: KeyChord = KeyChord::plain(Key::Enter);
const ESC: KeyChord = KeyChord::plain(Key::Esc);
const BACKSPACE: KeyChord = KeyChord::plain(Key::Backspace);
const DELETE: KeyChord = KeyChord::plain(Key::Delete);
const HOME: KeyChord = KeyChord::plain(Key::Home);
const END: KeyChord = KeyChord::plain(Key::End);
const PAGE_UP: KeyChord = KeyChord::plain(Key::PageUp);
const PAGE_DOWN: KeyChord = KeyChord::plain(Key::PageDown);

/// The default keymap, typed: (modes, action, key sequences). A mode, an action or a key that
/// does not exist fails to compile; the rows' order is the help's.
pub const DEFAULT_BINDINGS: &[Row] = {
    use Mode::*;
    &[
        (
            &[Play, Givens],
            Action::Move(Dir::Left),
            &[&[LEFT], &[ch('h')]],
        ),
        (
            &[Play, Givens],
            Action::Move(Dir::Down),
            &[&[DOWN], &[ch('j')]],
        ),
        (&[Play, Givens], Action::Move(Dir::Up), &[&[UP], &[ch('k')]]),
        (
            &[Play, Givens],
            Action::Move(Dir::Right),
            &[&[RIGHT], &[ch('l')]],
        ),
        (&[Play, Givens], Action::MoveFar(Dir::Left), &[&[ch('H')]]),
        (&[Play, Givens], Action::MoveFar(Dir::Down), &[&[ch('J')]]),
        (&[Play, Givens], Action::MoveFar(Dir::Up), &[&[ch('K')]]),
        (&[Play, Givens], Action::MoveFar(Dir::Right), &[&[ch('L')]]),
        (&[Play, Givens], Action::NextEmpty, &[&[TAB]]),
        (&[Play, Givens], Action::Digit(digit(1)), &[&[ch('1')]]),
        (&[Play, Givens], Action::Digit(digit(2)), &[&[ch('2')]]),
        (&[Play, Givens], Action::Digit(digit(3)), &[&[ch('3')]]),
        (&[Play, Givens], Action::Digit(digit(4)), &[&[ch('4')]]),
        (&[Play, Givens], Action::Digit(digit(5)), &[&[ch('5')]]),
        (&[Play, Givens], Action::Digit(digit(6)), &[&[ch('6')]]),
        (&[Play, Givens], Action::Digit(digit(7)), &[&[ch('7')]]),
        (&[Play, Givens], Action::Digit(digit(8)), &[&[ch('8')]]),
        (&[Play, Givens], Action::Digit(digit(9)), &[&[ch('9')]]),
        (&[Play], Action::ToggleCandidate(digit(1)), &[&[alt('1')]]),
        (&[Play], Action::ToggleCandidate(digit(2)), &[&[alt('2')]]),
        (&[Play], Action::ToggleCandidate(digit(3)), &[&[alt('3')]]),
        (&[Play], Action::ToggleCandidate(digit(4)), &[&[alt('4')]]),
        (&[Play], Action::ToggleCandidate(digit(5)), &[&[alt('5')]]),
        (&[Play], Action::ToggleCandidate(digit(6)), &[&[alt('6')]]),
        (&[Play], Action::ToggleCandidate(digit(7)), &[&[alt('7')]]),
        (&[Play], Action::ToggleCandidate(digit(8)), &[&[alt('8')]]),
        (&[Play], Action::ToggleCandidate(digit(9)), &[&[alt('9')]]),
        (&[Play], Action::ToggleMarkMode, &[&[ch('m')]]),
        (
            &[Play, Givens],
            Action::ClearCell,
            &[&[ch('x')], &[DELETE], &[BACKSPACE], &[ch('0')]],
        ),
        (&[Play], Action::Undo, &[&[ch('u')], &[ctrl('z')]]),
        (&[Play], Action::Redo, &[&[ctrl('r')], &[ctrl('y')]]),
        (&[Play], Action::FillCandidates, &[&[ch('a')]]),
        (&[Play], Action::ToggleCandidateMode, &[&[ch('M')]]),
        (&[Play, Givens], Action::Paste, &[&[ch('p')], &[ctrl('v')]]),
        (
            &[Play],
            Action::Copy(Format::Hodoku),
            &[&[ch('y'), ch('h')]],
        ),
        (
            &[Play],
            Action::Copy(Format::SusserElims),
            &[&[ch('y'), ch('s')]],
        ),
        (
            &[Play],
            Action::Copy(Format::Susser),
            &[&[ch('y'), ch('g')]],
        ),
        (
            &[Play],
            Action::Copy(Format::Values),
            &[&[ch('y'), ch('v')]],
        ),
        (
            &[Play],
            Action::Copy(Format::PmMarked),
            &[&[ch('y'), ch('p')]],
        ),
        (&[Play], Action::CopyMenu, &[&[ch('Y')]]),
        (&[Play], Action::CopyHint, &[&[ch('y'), ch('t')]]),
        (&[Play, Menu], Action::ReadAll, &[&[ch('i')]]),
        (&[Play], Action::Hint, &[&[ch('t')]]),
        (&[Play], Action::ApplyHint, &[&[ch('T')]]),
        (&[Play], Action::SwitchHintEngine, &[&[ch('E')]]),
        (
            &[Play, Menu, AllSteps],
            Action::HintNextBranch,
            &[&[ch(']')]],
        ),
        (
            &[Play, Menu, AllSteps],
            Action::HintPreviousBranch,
            &[&[ch('[')]],
        ),
        (&[Play, Menu], Action::HintNested, &[&[ch('z')]]),
        (&[Play], Action::Check, &[&[ch('c')]]),
        (&[Play], Action::NewGame, &[&[ch('n')]]),
        (&[Play], Action::SaveSlot, &[&[ch('s')]]),
        (&[Play], Action::OpenSlot, &[&[ch('o')]]),
        (&[Play, Givens], Action::EnterGivens, &[&[ch('e')]]),
        (&[Givens], Action::ClearBoard, &[&[ch('N')]]),
        (&[Play, Paused], Action::Pause, &[&[ch(' ')]]),
        (&[Play, Givens, Help], Action::Help, &[&[ch('?')]]),
        (&[Play, Givens, Paused], Action::Quit, &[&[ch('q')]]),
        (&[Play], Action::Filter(digit(1)), &[&[ch('f'), ch('1')]]),
        (&[Play], Action::Filter(digit(2)), &[&[ch('f'), ch('2')]]),
        (&[Play], Action::Filter(digit(3)), &[&[ch('f'), ch('3')]]),
        (&[Play], Action::Filter(digit(4)), &[&[ch('f'), ch('4')]]),
        (&[Play], Action::Filter(digit(5)), &[&[ch('f'), ch('5')]]),
        (&[Play], Action::Filter(digit(6)), &[&[ch('f'), ch('6')]]),
        (&[Play], Action::Filter(digit(7)), &[&[ch('f'), ch('7')]]),
        (&[Play], Action::Filter(digit(8)), &[&[ch('f'), ch('8')]]),
        (&[Play], Action::Filter(digit(9)), &[&[ch('f'), ch('9')]]),
        (&[Play], Action::FilterBivalue, &[&[ch('f'), ch('b')]]),
        (&[Play], Action::FilterClear, &[&[ch('f'), ch('f')]]),
        (&[Play], Action::ColorCell(color(1)), &[&[ch('g'), ch('1')]]),
        (&[Play], Action::ColorCell(color(2)), &[&[ch('g'), ch('2')]]),
        (&[Play], Action::ColorCell(color(3)), &[&[ch('g'), ch('3')]]),
        (&[Play], Action::ColorCell(color(4)), &[&[ch('g'), ch('4')]]),
        (&[Play], Action::ColorCell(color(5)), &[&[ch('g'), ch('5')]]),
        (&[Play], Action::ColorCell(color(6)), &[&[ch('g'), ch('6')]]),
        (&[Play], Action::ColorCell(color(7)), &[&[ch('g'), ch('7')]]),
        (&[Play], Action::ColorCell(color(8)), &[&[ch('g'), ch('8')]]),
        (&[Play], Action::ColorCell(color(9)), &[&[ch('g'), ch('9')]]),
        (
            &[Play],
            Action::ColorCell(color(10)),
            &[&[ch('g'), ch('0')]],
        ),
        (&[Play], Action::ColorClear, &[&[ch('g'), ch('x')]]),
        (&[Play], Action::ColorClearAll, &[&[ch('g'), ch('X')]]),
        (&[Play], Action::PathView, &[&[ch('v')]]),
        (&[Play], Action::Restart, &[&[ch('R')]]),
        (&[Play], Action::Savepoint, &[&[ch('b')]]),
        (&[Play], Action::SavepointMenu, &[&[ch('B')]]),
        (&[Menu, Help], Action::MenuUp, &[&[UP], &[ch('k')]]),
        (&[Menu, Help], Action::MenuDown, &[&[DOWN], &[ch('j')]]),
        (
            &[Menu, Help],
            Action::MenuPageUp,
            &[&[PAGE_UP], &[ctrl('b')]],
        ),
        (
            &[Menu, Help],
            Action::MenuPageDown,
            &[&[PAGE_DOWN], &[ctrl('f')], &[ch(' ')]],
        ),
        (&[Menu, Help], Action::MenuFirst, &[&[HOME], &[ch('g')]]),
        (&[Menu, Help], Action::MenuLast, &[&[END], &[ch('G')]]),
        (&[Menu], Action::MenuSearch, &[&[ch('/')]]),
        (&[Menu], Action::MenuLevelFilter, &[&[ch('f')]]),
        (&[Menu], Action::MenuSort, &[&[ch('s')]]),
        (&[Menu], Action::MenuErFilter, &[&[ch('e')]]),
        (&[Play, Menu, Prompt], Action::Select, &[&[ENTER]]),
        (
            &[Play, Menu, Prompt, Help, Givens],
            Action::Cancel,
            &[&[ESC]],
        ),
        (&[Help], Action::Cancel, &[&[ch('q')]]),
        (&[Prompt], Action::PromptBackspace, &[&[BACKSPACE]]),
        (&[Play], Action::Steps(StepsAction::Open), &[&[ch('A')]]),
        (&[Play], Action::Steps(StepsAction::Practice), &[&[ch('P')]]),
        (&[AllSteps], Action::MenuUp, &[&[UP], &[ch('k')]]),
        (&[AllSteps], Action::MenuDown, &[&[DOWN], &[ch('j')]]),
        (
            &[AllSteps],
            Action::Steps(StepsAction::Jump { back: false }),
            &[&[RIGHT], &[ch('l')]],
        ),
        (
            &[AllSteps],
            Action::Steps(StepsAction::Jump { back: true }),
            &[&[LEFT], &[ch('h')]],
        ),
        (
            &[AllSteps],
            Action::Steps(StepsAction::Filter { back: false }),
            &[&[ch('f')]],
        ),
        (
            &[AllSteps],
            Action::Steps(StepsAction::Filter { back: true }),
            &[&[ch('F')]],
        ),
        (
            &[AllSteps],
            Action::Steps(StepsAction::WideList),
            &[&[ch('w')]],
        ),
        (
            &[AllSteps],
            Action::Steps(StepsAction::Forcing),
            &[&[ch('c')]],
        ),
        (&[AllSteps], Action::ReadAll, &[&[ch('i')]]),
        (&[AllSteps], Action::Select, &[&[ENTER]]),
        (
            &[AllSteps],
            Action::Cancel,
            &[&[ESC], &[ch('A')], &[ch('q')]],
        ),
    ]
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::key::{parse_seq, seq_to_string};

    #[test]
    fn every_default_key_is_one_a_config_can_write() {
        for (_, action, keys) in DEFAULT_BINDINGS {
            for seq in *keys {
                let text = seq_to_string(seq);
                assert_eq!(parse_seq(&text).as_deref(), Ok(*seq), "{action}: {text}");
            }
        }
    }
}
