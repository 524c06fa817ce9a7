//! Requests and the one system that reads them. What each screen accepts is
//! [`Screen::accepts`]; what a request does is one arm of [`route_requests`], which hands it to
//! the code that owns it: the board ([`super::board::BoardChanges`]), the question and the
//! options ([`super::menus::Menus`]), the AI ([`super::autoplay::AiControl`]).
//!
//! A new request is a variant here, a line in `Screen::accepts`, an arm in `route_requests`,
//! and its work in the owner's file; a key for it is a line in `input`. A new screen is a
//! variant of `Screen` and its line in `accepts`.

use bevy::prelude::*;

use super::GameSet;
use super::autoplay::AiControl;
use super::board::BoardChanges;
use super::menus::Menus;
use crate::rules::Direction;
use crate::save::ThemeChoice;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, route_requests.in_set(GameSet::Apply));
}

/// What the player (keys, swipes, buttons) or a program (the AI) asks of the game. One message
/// type keeps the order of mixed requests within a frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Slide the tiles.
    Move(Direction),
    /// Take back the last move (U, Ctrl+Z, Backspace, the Undo button).
    Undo,
    /// Leave the win overlay and play on.
    KeepGoing,
    /// Start over (R, New Game, Try again). With a game in progress, asks first.
    NewGame,
    /// Start over without asking (the answer to "start a new game?").
    ConfirmNewGame,
    /// Open the options screen.
    OpenOptions,
    /// Leave the question or the options screen (options take effect then).
    CloseDialog,
    /// Choose a board size or a target on the options screen.
    SetSize(usize),
    SetTarget(u32),
    /// The next target offered, up or down (the options' + and − keys).
    StepTarget(Step),
    /// Choose the theme, or switch to the other one (T).
    SetTheme(ThemeChoice),
    ToggleTheme,
    /// Show the AI's suggested move (I or ?).
    Hint,
    /// Let the AI play, or stop it (P, the AI button); switch its pace (F).
    ToggleAutoplay,
    ToggleFast,
}

/// A step through a list of choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Down,
    Up,
}

/// What has the keys: the board, the "start a new game?" question, or the options.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Game,
    /// Asked before a new game replaces one in progress (the original's issue #116,
    /// <https://github.com/gabrielecirulli/2048/issues/116>).
    ConfirmNewGame,
    /// Board size, target and theme.
    Options,
}

impl Screen {
    /// Whether this screen takes `request`: the board takes play and the AI while nothing is in
    /// front of it; each dialog takes its own answers. (On-screen buttons of the board stay
    /// visible behind a dialog; this is what keeps them from acting.)
    pub fn accepts(self, request: Request) -> bool {
        use Request::*;
        match self {
            Screen::Game => matches!(
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
            ),
            Screen::ConfirmNewGame => matches!(request, ConfirmNewGame | CloseDialog),
            Screen::Options => matches!(
                request,
                CloseDialog | SetSize(_) | SetTarget(_) | StepTarget(_) | SetTheme(_) | ToggleTheme
            ),
        }
    }
}

/// The one reader of the frame's requests: each in order, if the screen in front (as the
/// requests before it left it) accepts it, goes to its owner. The screen state itself changes
/// next frame.
fn route_requests(
    mut requests: MessageReader<Request>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut board: BoardChanges,
    mut menus: Menus,
    mut ai: AiControl,
) {
    if requests.is_empty() {
        return;
    }
    board.track_tiles();
    let mut on = *screen.get();
    for &request in requests.read() {
        if !on.accepts(request) {
            continue;
        }
        match request {
            Request::Move(direction) => board.play(direction),
            Request::Undo => board.undo(),
            Request::KeepGoing => board.keep_going(),
            Request::NewGame if board.in_progress() => on = Screen::ConfirmNewGame,
            Request::NewGame | Request::ConfirmNewGame => {
                board.new_game();
                on = Screen::Game;
            }
            Request::OpenOptions => {
                menus.open_options(board.game().config());
                on = Screen::Options;
            }
            Request::CloseDialog => {
                if on == Screen::Options {
                    board.switch_to(menus.chosen_board());
                }
                on = Screen::Game;
            }
            Request::SetSize(size) => menus.set_size(size),
            Request::SetTarget(target) => menus.set_target(target),
            Request::StepTarget(step) => menus.step_target(step),
            Request::SetTheme(theme) => menus.set_theme(theme),
            Request::ToggleTheme => menus.toggle_theme(),
            Request::Hint => ai.hint(board.game()),
            Request::ToggleAutoplay => ai.toggle_autoplay(board.game()),
            Request::ToggleFast => ai.toggle_fast(),
        }
    }
    NextState::set_if_neq(&mut next_screen, on);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialogs_take_only_their_answers_and_the_board_none_of_them() {
        let answers = [Request::ConfirmNewGame, Request::CloseDialog];
        for request in answers {
            assert!(!Screen::Game.accepts(request), "{request:?}");
        }
        assert!(Screen::ConfirmNewGame.accepts(Request::ConfirmNewGame));
        for request in [
            Request::Move(Direction::Left),
            Request::Undo,
            Request::NewGame,
            Request::Hint,
            Request::SetSize(5),
            Request::ToggleTheme,
        ] {
            assert!(!Screen::ConfirmNewGame.accepts(request), "{request:?}");
        }
        assert!(Screen::Options.accepts(Request::StepTarget(Step::Up)));
        assert!(Screen::Options.accepts(Request::ToggleTheme));
        for request in [
            Request::Move(Direction::Up),
            Request::OpenOptions,
            Request::ToggleAutoplay,
        ] {
            assert!(!Screen::Options.accepts(request), "{request:?}");
        }
    }
}
