//! The board in play: the moves and the board's other keys, and "You win!" and "Game over!"
//! over it once the game is won or lost.

use bevy::prelude::KeyCode::{
    self, ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Backspace, Enter, Escape, KeyA, KeyB, KeyC,
    KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO, KeyP, KeyQ, KeyR, KeyS,
    KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, NumpadEnter, Slash, Space,
};

use super::{Binding, Dialog, DialogButton, Facts, Help, QUIT_KEYS, Unit, When};
use crate::game::requests::Request::{self, *};
use crate::game::requests::{RaceWith, Watch};
use crate::game::state::GameState;
use crate::rules::Direction;
use crate::tr;

const ENTER: &[KeyCode] = &[Enter, NumpadEnter, Space];

pub const UNIT: Unit = Unit {
    name: "On the board",
    keys: &[
        Binding::new(&[ArrowUp, KeyW, KeyK], Move(Direction::Up), "slide up").help_text(
            if QUIT_KEYS {
                "help-move"
            } else {
                "help-move-touch"
            },
        ),
        Binding::new(
            &[ArrowDown, KeyS, KeyJ],
            Move(Direction::Down),
            "slide down",
        ),
        Binding::new(
            &[ArrowLeft, KeyA, KeyH],
            Move(Direction::Left),
            "slide left",
        ),
        Binding::new(
            &[ArrowRight, KeyD, KeyL],
            Move(Direction::Right),
            "slide right",
        ),
        Binding::new(
            &[KeyU, Backspace],
            Undo,
            "take back the last move (Ctrl+Z and Cmd+Z too), as far back as the game goes",
        )
        .help("help-undo"),
        Binding::new(
            &[KeyR],
            NewGame,
            "new game; asks first while a game is in progress",
        )
        .help("help-new-game"),
        Binding::new(&[KeyO], OpenOptions, "the options").help("help-options"),
        Binding::new(&[KeyT], ToggleTheme, "the other theme, light or dark"),
        Binding::new(
            &[KeyI, Slash],
            Hint,
            "hint: the AI's move as an arrow over the board",
        ),
        Binding::new(&[KeyP], ToggleAutoplay, "the AI plays, or stops"),
        Binding::new(
            &[KeyF],
            ToggleFast,
            "the AI's pace: normal or a move every frame",
        ),
        Binding::new(&[KeyV], Watch(Watch::Current), "replay this game"),
        Binding::new(
            &[KeyC],
            Share,
            "share this game: its code (a link on the web)",
        ),
        Binding::new(&[KeyG], OpenHistory, "the history of games"),
        Binding::new(&[KeyN], OpenStats, "the statistics"),
        Binding::new(
            &[KeyB],
            ReadBoard,
            "read the board aloud to a screen reader",
        ),
        Binding::new(
            &[KeyE],
            CoachBars,
            "with the coach on: how the four moves compared where you played the last",
        ),
        Binding::new(&[KeyX], OpenCoach, "the coach's summary of this game"),
        Binding::new(
            &[KeyY],
            Daily,
            "today's daily game: 4×4 to 2048 from the day's seed, the same for everyone (the day's first game counts, later ones are practice)",
        ),
        Binding::new(
            &[KeyM],
            Race(RaceWith::Ai),
            "race the AI: a new game, the AI playing the same seed beside it",
        ),
        Binding::new(ENTER, KeepGoing, "keep going").when(When::In(GameState::Won)),
        Binding::new(ENTER, NewGame, "try again").when(When::In(GameState::GameOver)),
        Binding {
            keys: &[Escape, KeyQ],
            request: Quit,
            when: When::Desktop,
            does: "quit",
            help: Help::Word("help-quit"),
        },
    ],
    accepts,
    describe,
};

/// The board takes play and the AI while nothing is in front of it.
fn accepts(request: Request) -> bool {
    matches!(
        request,
        Move(_)
            | Undo
            | KeepGoing
            | NewGame
            | OpenOptions
            | ToggleTheme
            | Hint
            | ToggleAutoplay
            | ToggleFast
            | Watch(Watch::Current | Watch::Pending)
            | Share
            | OpenHistory
            | OpenStats
            | ReadBoard
            | CoachBars
            | OpenCoach
            | Daily
            | Race(RaceWith::Ai)
            | Quit
    )
}

/// "You win!" or "Game over!", as the game state says; nothing while the game goes on.
fn describe(facts: &Facts) -> Option<Dialog> {
    let game = &facts.engine.0;
    let words = &facts.words;
    Some(match facts.state.get() {
        GameState::Won => Dialog::modal(
            words.get("play-won-title"),
            vec![tr!(
                words,
                "play-won-line",
                target = game.config().target().to_string()
            )],
            vec![
                DialogButton::new(words.get("play-keep-going"), KeepGoing),
                DialogButton::new(words.get("play-new-game"), NewGame),
            ],
        ),
        GameState::GameOver => {
            let mut buttons = vec![
                DialogButton::new(words.get("play-try-again"), NewGame),
                DialogButton::new(words.get("play-replay"), Watch(Watch::Current)),
                DialogButton::new(words.get("play-share"), Share),
            ];
            // The coach's summary too while the coach is on.
            if facts.options.coach {
                buttons.push(DialogButton::new(words.get("play-coach"), OpenCoach));
            }
            let mut lines = vec![tr!(
                words,
                "play-over-line",
                score = game.score(),
                tile = game.board().max_tile().to_string()
            )];
            // A daily's result: its day, its figures, and whether it counts.
            if let Some(attempt) = facts.daily.0 {
                lines.push(crate::game::daily::result_line(
                    attempt,
                    game,
                    facts.undo.undos(),
                    words,
                ));
            }
            Dialog::modal(words.get("play-over-title"), lines, buttons)
        }
        GameState::Playing => return None,
    })
}
