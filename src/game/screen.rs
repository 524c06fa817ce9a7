//! What has the keys: [`Screen`], a definition of its own, so that a request can name the screen
//! it opens (`Request::Show`) without the requests depending on the game's state.
//!
//! [`with_screens!`] is the one list of the screens, a line each: its variant of `Screen` and
//! its module in `screens`. `Screen` is made from it here; `screens` makes from it its modules,
//! `SCREENS` (the same order, which the key tables in docs/playing.md follow) and
//! `Screen::unit`. So a new screen is its module in `src/game/screens/` and its line here (and a
//! key or a button where it opens from).

use bevy::prelude::*;

/// Hands the list of screens, `Variant => module,` with the variant's docs, to the macro `$then`.
macro_rules! with_screens {
    ($then:ident) => {
        $then! {
            /// The board in play, with "You win!" and "Game over!" over it.
            Game => play,
            /// "Start a new game?", asked before a new game replaces one in progress (the
            /// original's issue #116, <https://github.com/gabrielecirulli/2048/issues/116>).
            ConfirmNewGame => new_game,
            /// Board shape, target, theme, animations, the coach, the language, backups.
            Options => options,
            /// The replay viewer's controls.
            Replay => viewer,
            /// The games played, newest first.
            History => history,
            /// Statistics per board shape.
            Stats => stats,
            /// The coach's summary of the game in progress.
            Coach => coach_summary,
            /// A race's card: how it ended, with a rematch.
            RaceResult => race_result,
            /// The ranked daily: its tables and its game (docs/server.md).
            Leaderboard => leaderboard,
            /// The ranked daily's display name, typed in.
            RankedName => ranked_name,
        }
    };
}
pub(crate) use with_screens;

/// Makes `Screen` from the list, its first screen the one a game starts on.
macro_rules! screen_enum {
    (
        $(#[$first_doc:meta])* $first:ident => $first_module:ident,
        $($(#[$doc:meta])* $name:ident => $module:ident,)*
    ) => {
        /// What has the keys: the board, or a screen in front of it (`with_screens!` lists
        /// them).
        #[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Screen {
            $(#[$first_doc])*
            #[default]
            $first,
            $($(#[$doc])* $name,)*
        }
    };
}

with_screens!(screen_enum);
