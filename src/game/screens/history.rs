//! The history of games: every game kept, newest first, each a row that opens its replay.

use bevy::prelude::KeyCode::*;

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::{grouped, when};
use crate::game::requests::Request::{self, *};
use crate::game::requests::{Browse, Watch};
use crate::save::PastGame;

pub const UNIT: Unit = Unit {
    name: "In the history",
    keys: &[
        Binding::new(
            &[ArrowUp, KeyW, KeyK],
            Browse(Browse::Up),
            "select the game above",
        )
        .help_text("↑ ↓ select"),
        Binding::new(
            &[ArrowDown, KeyS, KeyJ],
            Browse(Browse::Down),
            "select the game below",
        ),
        Binding::new(&[PageUp], Browse(Browse::PageUp), "a page up"),
        Binding::new(&[PageDown], Browse(Browse::PageDown), "a page down"),
        Binding::new(&[Home], Browse(Browse::First), "the newest game"),
        Binding::new(&[End], Browse(Browse::Last), "the oldest game"),
        Binding::new(
            &[Enter, NumpadEnter, Space],
            Watch(Watch::Selected),
            "replay the selected game",
        )
        .help("replay"),
        Binding::new(&[KeyC], Share, "share the selected game").help("share"),
        Binding::new(&[KeyN], OpenStats, "the statistics").help("statistics"),
        Binding::new(&[KeyT], ToggleTheme, "the other theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyG],
            CloseDialog,
            "close the history",
        )
        .help("close"),
    ],
    accepts,
    describe: |facts| Some(list(&facts.past.0)),
};

fn accepts(request: Request) -> bool {
    matches!(
        request,
        Browse(_)
            | Watch(Watch::Selected | Watch::Past(_))
            | Share
            | OpenStats
            | CloseDialog
            | ToggleTheme
    )
}

/// A game of the list as it is drawn: "2026-12-01 22:02   4×4   1,204   best 128   150 moves".
pub fn row_label(game: &PastGame) -> String {
    let mut text = format!(
        "{}   {}×{}   {}   best {}   {} moves",
        when(game.started_ms),
        game.size,
        game.size,
        grouped(game.score),
        game.best_tile,
        grouped(u64::from(game.moves)),
    );
    if game.ai {
        text.push_str("   AI");
    }
    text
}

/// A game of the list as it is read: "2026-12-01 22:02, 4 by 4, score 1,204, best tile 128,
/// 150 moves".
pub fn row_name(game: &PastGame) -> String {
    let mut name = format!(
        "{}, {} by {}, score {}, best tile {}, {}",
        when(game.started_ms),
        game.size,
        game.size,
        grouped(game.score),
        game.best_tile,
        counted(u64::from(game.moves), "move"),
    );
    if game.ai {
        name.push_str(", played by the AI");
    }
    name
}

/// Every game kept, newest first, each a button that opens its replay (the view draws the
/// rows that fit, `LIST_ROWS`); then the list's own buttons (the last four).
pub fn list(games: &[PastGame]) -> Dialog {
    let line = match games.len() {
        0 => "No games yet. Games you finish, or replace with a new one, show here.".to_string(),
        1 => "1 game.".to_string(),
        n => format!("{n} games, newest first."),
    };
    let mut buttons: Vec<DialogButton> = games
        .iter()
        .rev()
        .enumerate()
        .map(|(n, game)| {
            DialogButton::named(
                row_label(game),
                row_name(game),
                Watch(Watch::Past(n as u16)),
            )
        })
        .collect();
    buttons.extend([
        DialogButton::named("Replay", "Replay the selected game", Watch(Watch::Selected)),
        DialogButton::named("Share", "Share the selected game", Share),
        DialogButton::new("Statistics", OpenStats),
        DialogButton::new("Close", CloseDialog),
    ]);
    Dialog::modal("History", vec![line], buttons)
}
