//! "Start a new game?", asked before a new game replaces one in progress.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::{add_screen, nothing_else};
use crate::game::dialog::{Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::requests::Request::{self, *};
use crate::game::screen::Screen;
use crate::i18n::Words;

pub const KEYS: Keys = Keys {
    name: "On \"Start a new game?\"",
    bindings: &[
        Binding::new(
            &[Enter, NumpadEnter, Space, KeyY, KeyR],
            ConfirmNewGame,
            "start the new game",
        ),
        Binding::new(&[Escape, KeyN, Backspace], CloseDialog, "keep playing"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(app, Screen::ConfirmNewGame, &KEYS, describe, nothing_else);
}

fn describe(words: Res<Language>) -> Option<Dialog> {
    Some(question(&words))
}

/// The question, what it says under its title (a screen reader hears it too), and its two
/// answers.
pub fn question(words: &Words) -> Dialog {
    Dialog::modal(
        words.get("new-game-title"),
        vec![words.get("new-game-line")],
        vec![
            DialogButton::new(words.get("new-game-start"), ConfirmNewGame),
            DialogButton::new(words.get("new-game-keep-playing"), Request::CloseDialog),
        ],
    )
}
