//! Requests and the one system that reads them. What each screen accepts is
//! [`Screen::accepts`]; what a request does is one arm of [`route_requests`], which hands it to
//! the code that owns it: the board ([`super::board::BoardChanges`]), the question and the
//! options ([`super::menus::Menus`]), the AI ([`super::autoplay::AiControl`]), the replay viewer
//! and the history screens ([`super::replay::Viewer`]), the coach ([`super::coach::CoachControl`]).
//!
//! A new request is a variant here, an arm in `route_requests`, and its work in the owner's
//! file; the screens that take it say so in their module (`screens`), with its key.

use bevy::prelude::*;

use super::GameSet;
use super::autoplay::AiControl;
use super::board::{BoardChanges, Mover};
use super::coach::CoachControl;
use super::menus::Menus;
use super::past::Browse;
use super::persist::Backups;
use super::replay::{Control, Viewer, Watch};
pub use super::screens::Screen;
use crate::rules::Direction;
use crate::save::{MotionChoice, ThemeChoice};

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
    /// Choose how much moves animate, or the next choice (M on the options).
    SetMotion(MotionChoice),
    NextMotion,
    /// Choose the theme, or switch to the other one (T).
    SetTheme(ThemeChoice),
    ToggleTheme,
    /// Show the AI's suggested move (I or ?).
    Hint,
    /// Let the AI play, or stop it (P, the AI button); switch its pace (F).
    ToggleAutoplay,
    ToggleFast,
    /// Open the replay viewer on a game (the one in progress, or one of the history).
    Watch(Watch),
    /// The viewer's controls (play, steps, speed, seek, play from here, close).
    Replay(Control),
    /// Share the game in front: its code to the clipboard (a link on the web).
    Share,
    /// Open the history of games, or the statistics.
    OpenHistory,
    OpenStats,
    /// Move through the history list.
    Browse(Browse),
    /// Show the statistics of the next board size.
    StatsSize(Step),
    /// Read the whole board aloud to a screen reader (B).
    ReadBoard,
    /// Turn the coach on or off (the options' choice), or the other way (C on the options).
    SetCoach(bool),
    ToggleCoach,
    /// Show how the four moves compared where the coach rated the last move (E).
    CoachBars,
    /// Open the coach's summary of the game (X, the game-over overlay's Coach button).
    OpenCoach,
    /// Make a backup of everything the game keeps (the page's options: a download).
    ExportBackup,
    /// Import a backup (the page's options: a file picker).
    ImportBackup,
    /// Quit the game (the desktop's Esc and Q on the board).
    Quit,
}

impl Request {
    /// One of the options' choices, which is on or off (the current size, target, theme,
    /// animations).
    pub fn is_choice(self) -> bool {
        matches!(
            self,
            Request::SetSize(_)
                | Request::SetTarget(_)
                | Request::SetTheme(_)
                | Request::SetMotion(_)
                | Request::SetCoach(_)
        )
    }
}

/// A step through a list of choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Down,
    Up,
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
    mut viewer: Viewer,
    mut coach: CoachControl,
    mut backups: Backups,
    mut exit: MessageWriter<AppExit>,
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
            Request::Move(direction) => {
                let by = if ai.playing() {
                    Mover::Ai
                } else {
                    Mover::Player
                };
                board.play(direction, by);
            }
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
            Request::OpenHistory | Request::OpenStats => {
                if on == Screen::Options {
                    board.switch_to(menus.chosen_board());
                }
                if request == Request::OpenHistory {
                    viewer.open_history();
                    on = Screen::History;
                } else {
                    viewer.open_stats(board.game().config().size());
                    on = Screen::Stats;
                }
            }
            Request::SetSize(size) => menus.set_size(size),
            Request::SetTarget(target) => menus.set_target(target),
            Request::StepTarget(step) => menus.step_target(step),
            Request::SetMotion(motion) => menus.set_motion(motion),
            Request::NextMotion => menus.next_motion(),
            Request::SetTheme(theme) => menus.set_theme(theme),
            Request::ToggleTheme => menus.toggle_theme(),
            Request::Hint => ai.hint(board.game()),
            Request::ToggleAutoplay => ai.toggle_autoplay(),
            Request::ToggleFast => ai.toggle_fast(),
            Request::Watch(what) => on = viewer.watch(what, &mut board, on).unwrap_or(on),
            Request::Replay(control) => on = viewer.control(control, &mut board).unwrap_or(on),
            Request::Share => viewer.share(on, &board),
            Request::Browse(browse) => viewer.browse(browse, &board),
            Request::StatsSize(step) => viewer.step_stats(step),
            Request::ReadBoard => board.read_aloud(),
            Request::SetCoach(on) => menus.set_coach(on),
            Request::ToggleCoach => menus.set_coach(!menus.coach_on()),
            Request::CoachBars => coach.show_bars(menus.coach_on()),
            Request::OpenCoach => on = Screen::Coach,
            Request::ExportBackup => backups.export(),
            Request::ImportBackup => backups.pick(),
            Request::Quit => {
                exit.write(AppExit::Success);
            }
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
