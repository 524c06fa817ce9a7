//! What has the keys: [`Screen`], the board or a screen in front of it. Its own module, below
//! the requests, so that a request can name the screen it opens (`Request::Show`). Each
//! screen's module is in `screens`, its plugin added by `screens::plugin`.
//!
//! A new screen: its variant here (and in [`Screen::ALL`]), its module in `src/game/screens/`
//! with its `mod` line and plugin there, and a key or a button where it opens from.

use bevy::prelude::*;

/// What has the keys: the board, or a screen in front of it.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The board in play, with "You win!" and "Game over!" over it.
    #[default]
    Game,
    /// "Start a new game?", asked before a new game replaces one in progress (the original's
    /// issue #116, <https://github.com/gabrielecirulli/2048/issues/116>).
    ConfirmNewGame,
    /// Board shape, target, theme, animations, the coach, the language, backups.
    Options,
    /// The replay viewer's controls.
    Replay,
    /// The games played, newest first.
    History,
    /// Statistics per board shape.
    Stats,
    /// The coach's summary of the game in progress.
    Coach,
    /// A race's card: how it ended, with a rematch.
    RaceResult,
    /// The ranked daily: its tables and its game (docs/server.md).
    Leaderboard,
    /// The ranked daily's display name, typed in.
    RankedName,
}

impl Screen {
    /// Every screen, in the order of docs/playing.md's key tables.
    pub const ALL: [Screen; 10] = [
        Screen::Game,
        Screen::ConfirmNewGame,
        Screen::Options,
        Screen::Replay,
        Screen::History,
        Screen::Stats,
        Screen::Coach,
        Screen::RaceResult,
        Screen::Leaderboard,
        Screen::RankedName,
    ];
}
