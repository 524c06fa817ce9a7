//! What the game is at any moment, shared by its parts: the engine's game and its undo record,
//! the best scores, the replay on the board if one is (and what it is as a daily), the history
//! list's place, the messages a move sends, and the two states (how the game stands,
//! [`GameState`]; what has the keys, [`Screen`], defined in `screen` and each screen's module
//! being in `screens`).
//! Definitions, with only the methods that read or step their own values: the modules that
//! change them depend on this one, never the other way.

use std::time::Duration;

use bevy::prelude::*;

use super::requests::{Browse, Speed};
pub use super::screen::Screen;
use crate::i18n::Said;
use crate::rules::{self, Board, Cell, Direction, Game, Merge, Record, Shape, Status};

/// Game flow, as the engine's status says. The view hangs overlays on it.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    #[default]
    Playing,
    /// The target was reached: "You win!" with Keep going / New game.
    Won,
    /// No move is left: "Game over!" with Try again.
    GameOver,
}

/// The engine game in progress, the one source of truth the entities mirror.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct Engine(pub Game);

/// The undo record: the moves of the current game, kept with the saved game, so they outlast a
/// restart, and without limit (see `rules::History`). A new game starts a new one.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct UndoRecord(pub crate::rules::History);

impl From<Status> for GameState {
    fn from(status: Status) -> Self {
        match status {
            Status::Playing => GameState::Playing,
            Status::Won => GameState::Won,
            Status::Over => GameState::GameOver,
        }
    }
}

/// The best score per board shape, saved and reached. `track_best` is its one writer.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct BestScores(pub crate::save::BestScores);

impl BestScores {
    /// The best score on boards of this shape.
    pub fn for_shape(&self, shape: Shape) -> u64 {
        self.0.get(&shape).copied().unwrap_or(0)
    }
}

/// A merge as applied to the entities: `survivor` now holds the merged value at `merge.into`;
/// the other source tile was despawned.
#[derive(Debug, Clone, Copy)]
pub struct MergedTile {
    pub survivor: Entity,
    pub merge: Merge,
}

/// Written after a move (or an undo) changed the board, for the view to animate. The entities
/// are already in their final state when it is read: animation never decides anything.
#[derive(Message, Debug, Clone)]
pub struct MoveApplied {
    /// The move's direction (for an undo, of the move taken back).
    pub direction: Direction,
    /// Tiles that kept their entity and changed cell (merge survivors excluded).
    pub slides: Vec<(Entity, Cell, Cell)>,
    pub merges: Vec<MergedTile>,
    /// A tile taken off the board without an entity to show it (the spawn an undo removes).
    pub vanished: Option<(Cell, u32)>,
    /// The tile the move spawned.
    pub spawned: Option<(Cell, u32)>,
    /// Whether this is an undo (of a move toward `direction`).
    pub undone: bool,
    /// Score gained by the move.
    pub gained: u64,
}

/// Who made a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    Player,
    Ai,
    /// The replay viewer, stepping through a recorded game.
    Replay,
}

/// The player (not the AI, not a replay) made move `number` of the game, toward `direction`,
/// on `before`.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PlayerMoved {
    pub number: u32,
    pub before: Board,
    pub direction: Direction,
}

/// The replay on the board, if one is.
#[derive(Resource, Default)]
pub struct Replay(pub Option<Watching>);

/// A run condition: a replay is on the board (not the player's game).
pub fn watching(replay: Res<Replay>) -> bool {
    replay.0.is_some()
}

/// A run condition: the game on the board is not the player's own to keep, a replay or a
/// ranked game (the server keeps that one): nothing is saved, recorded or rated.
pub fn off_record(replay: Res<Replay>, ranked: Res<RankedBoard>) -> bool {
    replay.0.is_some() || ranked.0.is_some()
}

/// The ranked daily's game on the board, if it is there (docs/server.md): its tiles come from
/// the server, one answer a move; `game::ranked` owns it.
#[derive(Resource, Default)]
pub struct RankedBoard(pub Option<RankedPlay>);

/// A ranked game in play.
pub struct RankedPlay {
    /// The server's number for it, and its day.
    pub id: i64,
    pub day: String,
    /// Whether it ranks (a new account's first day does not).
    pub ranked: bool,
    /// Moves slid on the board, each sent to the server in turn.
    pub slid: u32,
    /// Moves the server has answered with their tile.
    pub answered: u32,
    /// Moves asked for while a tile was awaited, oldest first: each slides when the tile
    /// before it lands.
    pub queued: std::collections::VecDeque<Direction>,
    /// The player's own game, set aside while this one is on the board.
    pub own: (Game, rules::History),
}

impl RankedPlay {
    /// Whether a slid move awaits its tile.
    pub fn awaiting(&self) -> bool {
        self.answered < self.slid
    }
}

/// A replay being watched.
pub struct Watching {
    pub record: Record,
    /// Every recorded move, played: any position on demand (`History::game_after`).
    pub(super) full: rules::History,
    /// The position on the board: after this many moves.
    pub shown: usize,
    pub playing: bool,
    pub speed: Speed,
    /// Time since the last step while playing.
    pub(super) waited: Duration,
    /// The player's game, set aside.
    pub(super) own: (Game, rules::History),
    /// What it is as a daily: checked, or not the day its link claims.
    pub daily: Option<DailyCheck>,
    /// Where closing the viewer goes.
    pub(super) back_to: Screen,
}

impl Watching {
    /// Moves in the record.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }
}

/// What the viewer says of a daily's record: its day and its score, replayed from its moves
/// (checked), or that the day its link claims is not its game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DailyCheck {
    Checked { day: rules::Day, score: u64 },
    NotThatDay { claimed: rules::Day },
}

impl DailyCheck {
    /// The check of `record` (played as `full`), its link claiming `claimed`: none for a game
    /// that is no daily and claims none.
    pub fn of(record: &Record, full: &rules::History, claimed: Option<rules::Day>) -> Option<Self> {
        let day = rules::daily_of(record.config, record.seed);
        match (day, claimed) {
            (Some(day), Some(claimed)) if day != claimed => Some(Self::NotThatDay { claimed }),
            (None, Some(claimed)) => Some(Self::NotThatDay { claimed }),
            (Some(day), _) => Some(Self::Checked {
                day,
                score: full.game_after(full.len()).score(),
            }),
            (None, None) => None,
        }
    }
}

/// Where the history list stands: the selected game and the first one shown, counted from the
/// newest (0).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameList {
    pub selected: usize,
    pub top: usize,
}

/// Games shown at once in the list.
pub const LIST_ROWS: usize = 8;

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

/// A short line for the player (a save that could not be used or written, a request the game
/// cannot answer), shown under the board for a few seconds in the player's language; the
/// details go to the log.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Notice(pub Said);

/// Whether tiles are still sliding, popping or growing on screen. The view publishes it each
/// frame; autoplay waits for it to fall before the next move.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TilesMoving(pub bool);
