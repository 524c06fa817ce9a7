//! "Start a new game?", asked before a new game replaces one in progress.

use bevy::prelude::KeyCode::*;

use super::{Binding, Dialog, DialogButton, Facts, Unit};
use crate::game::requests::Request::{self, *};

/// What the question says under its title (a screen reader hears it too).
pub const LINE: &str = "This game will be kept in the history.";

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
};

fn describe(_: &Facts) -> Option<Dialog> {
    Some(question())
}

/// The question and its two answers.
pub fn question() -> Dialog {
    Dialog::modal(
        "Start a new game?",
        vec![LINE.into()],
        vec![
            DialogButton::new("New game", ConfirmNewGame),
            DialogButton::new("Keep playing", Request::CloseDialog),
        ],
    )
}
