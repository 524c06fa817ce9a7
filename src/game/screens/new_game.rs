//! "Start a new game?", asked before a new game replaces one in progress.

use bevy::prelude::KeyCode::*;

use super::{Binding, Dialog, DialogButton, Facts, Unit};
use crate::game::requests::Request::{self, *};
use crate::i18n::Words;

pub const UNIT: Unit = Unit {
    name: "On \"Start a new game?\"",
    keys: &[
        Binding::new(
            &[Enter, NumpadEnter, Space, KeyY, KeyR],
            ConfirmNewGame,
            "start the new game",
        ),
        Binding::new(&[Escape, KeyN, Backspace], CloseDialog, "keep playing"),
    ],
    accepts: |request| matches!(request, ConfirmNewGame | CloseDialog),
    describe,
    reads: |_| false,
};

fn describe(facts: &Facts) -> Option<Dialog> {
    Some(question(&facts.words))
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
