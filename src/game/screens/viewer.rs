//! The replay viewer's controls: the replayed game is on the board itself, and the controls
//! step, play, change the speed, play on from the shown move, share and close.

use bevy::prelude::KeyCode::{self, *};
use bevy::prelude::{App, On, Res, SystemCondition, resource_changed};

use super::add_screen;
use crate::game::board::BoardChanges;
use crate::game::dialog::{Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::replay::Viewer;
use crate::game::requests::Choose;
use crate::game::requests::Request::{self, *};
use crate::game::requests::{AddRequestOwner, Control, RaceWith, Requested, Speed};
use crate::game::screen::Screen;
use crate::game::state::{Engine, Replay as Replayed};
use crate::game::state::{GameList, Watching};
use crate::i18n::Words;
use crate::tr;

const fn speed(keys: &'static [KeyCode], speed: Speed) -> Binding {
    Binding::new(
        keys,
        Replay(Control::Speed(speed)),
        "speed 1×, 2×, 4×, or as fast as frames allow",
    )
}

pub const KEYS: Keys = Keys {
    name: "In the replay viewer",
    bindings: &[
        Binding::new(
            &[Space, KeyK, KeyP],
            Replay(Control::TogglePlay),
            "play or pause",
        )
        .help("help-play"),
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
        Binding::new(
            &[KeyR],
            Race(RaceWith::Watched),
            "race this game's ghost: a new game from its seed, the ghost beside",
        ),
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyV],
            Replay(Control::Close),
            "close the viewer",
        )
        .help("help-close"),
    ],
    // The replay's own pace steps it forward; a drag on the progress bar seeks.
    from_code: |request| matches!(request, Replay(Control::Forward | Control::Seek(_))),
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::Replay,
        &KEYS,
        describe,
        resource_changed::<Replayed>.or_else(resource_changed::<Engine>),
    );
    app.add_request_owner(
        &[
            Watch(crate::game::requests::Watch::Current),
            Replay(Control::Close),
            Share,
        ],
        on_request,
    );
}

/// The viewer's requests: open it on a game, its controls, share the game in front. A screen
/// it opens or closes to is the one left in front.
fn on_request(
    mut request: On<Requested>,
    mut viewer: Viewer,
    mut board: BoardChanges,
    list: Res<GameList>,
) {
    let on = request.screen;
    let next = match request.request {
        Watch(what) => viewer.watch(what, &mut board, on, list.selected),
        Replay(control) => viewer.control(control, &mut board),
        Share => {
            viewer.share(on, &board, list.selected);
            None
        }
        _ => None,
    };
    if let Some(screen) = next {
        request.show(screen);
    }
}

/// The controls of the replay on the board.
fn describe(replay: Res<Replayed>, engine: Res<Engine>, words: Res<Language>) -> Option<Dialog> {
    replay
        .0
        .as_ref()
        .map(|watching| controls(watching, engine.score(), &words))
}

/// The controls, and where the replay is: "Move 13 of 18, score 1,204, 1 undo."
pub fn controls(watching: &Watching, score: u64, words: &Words) -> Dialog {
    let speed = watching.speed.name(words);
    let pace = if watching.playing {
        tr!(words, "viewer-playing", speed = speed.as_str())
    } else {
        words.get("viewer-paused")
    };
    let play = words.get(if watching.playing {
        "viewer-pause"
    } else {
        "viewer-play"
    });
    let mut dialog = Dialog::modal(
        words.get("viewer-title"),
        vec![
            tr!(
                words,
                "viewer-position",
                shown = watching.shown,
                moves = watching.len(),
                score = score,
                undos = watching.record.undos
            ),
            pace,
        ]
        .into_iter()
        .chain(watching.daily.map(|check| words.say(&check.said())))
        .collect(),
        vec![
            DialogButton::named("|←", words.get("viewer-first"), Replay(Control::First)),
            DialogButton::named("←", words.get("viewer-back"), Replay(Control::Back)),
            DialogButton::new(play, Replay(Control::TogglePlay))
                .room_for([words.get("viewer-play"), words.get("viewer-pause")]),
            DialogButton::named("→", words.get("viewer-forward"), Replay(Control::Forward)),
            DialogButton::named("→|", words.get("viewer-last"), Replay(Control::Last)),
            DialogButton::named(
                speed.clone(),
                tr!(words, "viewer-speed", speed = speed),
                Replay(Control::Speed(watching.speed.next())),
            )
            .room_for(Speed::ALL.map(|speed| speed.name(words))),
            DialogButton::named(
                words.get("viewer-play-on"),
                words.get("viewer-play-on-name"),
                Replay(Control::PlayFromHere),
            ),
            DialogButton::new(words.get("viewer-share"), Request::Share),
            DialogButton::named(
                words.get("viewer-race"),
                words.get("viewer-race-name"),
                Race(RaceWith::Watched),
            ),
            DialogButton::named("×", words.get("viewer-close"), Replay(Control::Close)),
        ],
    );
    dialog.modal = false;
    dialog
}
