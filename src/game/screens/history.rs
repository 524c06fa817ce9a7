//! The history of games: every game kept, newest first, each a row that opens its replay.

use bevy::ecs::system::SystemParam;
use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::{grouped, when};
use crate::game::requests::Request::{self, *};
use crate::game::requests::{Browse, Watch};
use crate::save::PastGame;

/// Where the history list stands: the selected game and the first one shown, counted from the
/// newest (0).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameList {
    pub selected: usize,
    pub top: usize,
}

/// Games shown at once in the list.
pub const LIST_ROWS: usize = 9;

impl GameList {
    /// Moves the selection (or scrolls) through `count` games, keeping it on screen.
    pub fn browse(&mut self, browse: Browse, count: usize) {
        let last = count.saturating_sub(1);
        let page = LIST_ROWS - 1;
        match browse {
            Browse::Up => self.selected = self.selected.saturating_sub(1),
            Browse::Down => self.selected = (self.selected + 1).min(last),
            Browse::PageUp => self.selected = self.selected.saturating_sub(page),
            Browse::PageDown => self.selected = (self.selected + page).min(last),
            Browse::First => self.selected = 0,
            Browse::Last => self.selected = last,
            Browse::Select(n) => self.selected = (n as usize).min(last),
            Browse::Scroll(rows) => {
                let most = count.saturating_sub(LIST_ROWS);
                self.top = self.top.saturating_add_signed(rows as isize).min(most);
                self.selected = self
                    .selected
                    .clamp(self.top, self.top + LIST_ROWS - 1)
                    .min(last);
                return;
            }
        }
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + LIST_ROWS {
            self.top = self.selected + 1 - LIST_ROWS;
        }
    }
}

/// What the history's requests change: where its list stands.
#[derive(SystemParam)]
pub struct HistoryList<'w> {
    list: ResMut<'w, GameList>,
}

impl HistoryList<'_> {
    /// The list opens on the newest game.
    pub fn open(&mut self) {
        *self.list = GameList::default();
    }

    /// Moves through a list of `count` games.
    pub fn browse(&mut self, browse: Browse, count: usize) {
        self.list.browse(browse, count);
    }

    /// The selected game, counted from the newest.
    pub fn selected(&self) -> usize {
        self.list.selected
    }
}

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
        "{}   {}   {}   best {}   {} moves",
        when(game.started_ms),
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
        game.size.rows(),
        game.size.cols(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_stays_on_screen_and_in_the_list() {
        let mut list = GameList::default();
        list.browse(Browse::Up, 30);
        assert_eq!(list, GameList::default());
        for _ in 0..LIST_ROWS {
            list.browse(Browse::Down, 30);
        }
        assert_eq!((list.selected, list.top), (LIST_ROWS, 1));
        list.browse(Browse::Last, 30);
        assert_eq!((list.selected, list.top), (29, 30 - LIST_ROWS));
        list.browse(Browse::Scroll(-100), 30);
        assert_eq!((list.selected, list.top), (LIST_ROWS - 1, 0));
        list.browse(Browse::PageDown, 3);
        assert_eq!(list.selected, 2);
        list.browse(Browse::Select(7), 5);
        assert_eq!(list.selected, 4);
    }
}
