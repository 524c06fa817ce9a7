//! What has the keys: [`Screen`], a definition of its own, so that a request can name the screen
//! it opens (`Request::Show`) without the requests depending on the game's state. Each screen's
//! module is in `screens`.

use bevy::prelude::*;

/// What has the keys: the board, the "start a new game?" question, the options, the replay
/// viewer, the history of games, the statistics, the coach's summary or a race's card.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Game,
    /// Asked before a new game replaces one in progress (the original's issue #116,
    /// <https://github.com/gabrielecirulli/2048/issues/116>).
    ConfirmNewGame,
    /// Board size, target, theme and animations.
    Options,
    /// The replay viewer.
    Replay,
    /// The games played, newest first.
    History,
    /// Statistics per board size.
    Stats,
    /// The coach's summary of the game in progress.
    Coach,
    /// A race's card: how it ended, with a rematch.
    RaceResult,
}
