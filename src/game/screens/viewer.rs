//! The replay viewer's controls: the replayed game is on the board itself, and the controls
//! step, play, change the speed, play on from the shown move, share and close.

use bevy::prelude::KeyCode::{self, *};

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::grouped;
use crate::game::requests::Request::{self, *};
use crate::game::requests::{Control, Speed};
use crate::game::state::Watching;

const fn speed(keys: &'static [KeyCode], speed: Speed) -> Binding {
    Binding::new(
        keys,
        Replay(Control::Speed(speed)),
        "speed 1×, 2×, 4×, or as fast as frames allow",
    )
}

pub const UNIT: Unit = Unit {
    name: "In the replay viewer",
    keys: &[
        Binding::new(
            &[Space, KeyK, KeyP],
            Replay(Control::TogglePlay),
            "play or pause",
        )
        .help("play"),
        Binding::new(
            &[ArrowLeft, KeyA, KeyH, Comma],
            Replay(Control::Back),
            "back one move",
        ),
        Binding::new(
            &[ArrowRight, KeyD, KeyL, Period],
            Replay(Control::Forward),
            "forward one move",
        ),
        Binding::new(
            &[Home, ArrowUp, KeyW],
            Replay(Control::First),
            "the first move",
        ),
        Binding::new(
            &[End, ArrowDown, KeyS],
            Replay(Control::Last),
            "the last move",
        ),
        speed(&[Digit1, Numpad1], Speed::X1),
        speed(&[Digit2, Numpad2], Speed::X2),
        speed(&[Digit3, Numpad3], Speed::X4),
        speed(&[Digit4, Numpad4], Speed::Max),
        Binding::new(
            &[Enter, NumpadEnter],
            Replay(Control::PlayFromHere),
            "play on from the shown move",
        ),
        Binding::new(&[KeyC], Share, "share the game"),
        Binding::new(&[KeyT], ToggleTheme, "the other theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyV],
            Replay(Control::Close),
            "close the viewer",
        )
        .help("close"),
    ],
    accepts: |request| matches!(request, Replay(_) | Share | ToggleTheme),
    describe: |facts| {
        facts
            .replay
            .0
            .as_ref()
            .map(|watching| controls(watching, facts.engine.score()))
    },
};

/// The controls, and where the replay is: "Move 13 of 18, score 1,204, 1 undo."
pub fn controls(watching: &Watching, score: u64) -> Dialog {
    let undos = counted(u64::from(watching.record.undos), "undo");
    let pace = if watching.playing {
        format!("Playing at {}.", watching.speed.name())
    } else {
        "Paused.".to_string()
    };
    let play = if watching.playing { "Pause" } else { "Play" };
    Dialog {
        title: "Replay".into(),
        lines: vec![
            format!(
                "Move {} of {}, score {}, {undos}.",
                watching.shown,
                watching.len(),
                grouped(score)
            ),
            pace,
        ],
        buttons: vec![
            DialogButton::named("|←", "Back to the start", Replay(Control::First)),
            DialogButton::named("←", "Back one move", Replay(Control::Back)),
            DialogButton::new(play, Replay(Control::TogglePlay)),
            DialogButton::named("→", "Forward one move", Replay(Control::Forward)),
            DialogButton::named("→|", "To the end", Replay(Control::Last)),
            DialogButton::named(
                watching.speed.name(),
                format!("Speed {}", watching.speed.name()),
                Replay(Control::Speed(watching.speed.next())),
            ),
            DialogButton::named(
                "Play on",
                "Play on from here",
                Replay(Control::PlayFromHere),
            ),
            DialogButton::new("Share", Request::Share),
            DialogButton::named("×", "Close", Replay(Control::Close)),
        ],
        modal: false,
    }
}
