//! The messages between the game and the ranked daily's server (crates/server): JSON text over
//! one WebSocket (`/ws`), one message a frame, each tagged by `"type"`. Both ends read these
//! types, so they cannot disagree. docs/server.md lists them with examples.
//!
//! Every message the client sends is answered by exactly one message, in order: what it asked
//! for, or an `error` that says why not. A refused message changes nothing.

use serde::{Deserialize, Serialize};

use crate::rules::{Board, Cell, Shape};

/// The protocol's version: the client says it in `hello`; another is refused.
pub const VERSION: u32 = 1;

/// The longest message the server reads, in bytes: the longest real one (a name, a token) is
/// under 200. A longer one is answered `too_large` and dropped.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// What the client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// First, on every connection: the protocol's version and the account's token, if the
    /// player has one. Answered `welcome`.
    Hello { v: u32, token: Option<String> },
    /// Makes an account for a player who has none (their first ranked game). Answered
    /// `account`, with the token to keep. (Written `{}`, as `start` is: a message without fields
    /// refuses unknown ones as the others do, which a unit variant would not.)
    CreateAccount {},
    /// Sets or changes the player's display name. Answered `name`.
    SetName { name: String },
    /// Today's ranked game: started if there is none, else as it stands. Answered `game`.
    Start {},
    /// The player's `n`th move (counting from 0) in their ranked game. Answered `dealt`.
    /// Sending the last move again (after a reconnect) is answered as it was the first time.
    Move { n: u32, dir: Dir },
    /// A day's table (today's if none). Answered `leaderboard`.
    Leaderboard { day: Option<String> },
    /// A finished day's game as a share code. Answered `code`.
    Code { game: i64 },
}

/// A move's direction on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl From<Dir> for crate::rules::Direction {
    fn from(dir: Dir) -> Self {
        use crate::rules::Direction;
        match dir {
            Dir::Up => Direction::Up,
            Dir::Down => Direction::Down,
            Dir::Left => Direction::Left,
            Dir::Right => Direction::Right,
        }
    }
}

impl From<crate::rules::Direction> for Dir {
    fn from(direction: crate::rules::Direction) -> Self {
        use crate::rules::Direction;
        match direction {
            Direction::Up => Dir::Up,
            Direction::Down => Dir::Down,
            Direction::Left => Dir::Left,
            Direction::Right => Dir::Right,
        }
    }
}

/// What the server answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Welcome {
        /// Today, in UTC (the ranked day).
        today: String,
        /// The account the token names; none without a token.
        player: Option<Player>,
    },
    Account {
        /// The secret that is the account: the client keeps it; the server keeps its hash.
        token: String,
        player: Player,
    },
    Name {
        player: Player,
    },
    Game {
        game: GameView,
    },
    Dealt {
        n: u32,
        /// The new tile, row-major cell index and value; none if the board had no room.
        tile: Option<DealtTile>,
        score: u64,
        finished: bool,
    },
    Leaderboard {
        board: Leaderboard,
    },
    Code {
        game: i64,
        code: String,
    },
    Error {
        code: ErrorCode,
        /// What was wrong, in English, for the player and the log.
        message: String,
        /// For `out_of_order`: the moves the server holds, to resume from.
        #[serde(skip_serializing_if = "Option::is_none", default)]
        moves: Option<u32>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: Option<String>,
    /// The first day whose game ranks (a new account's games rank from the next UTC day).
    pub ranks_from: String,
    /// The player's name is hidden (it looks like an older player's, the rules no longer
    /// allow it, or the host hid it): the game asks them to pick another. (Absent from a
    /// server before it: false.)
    #[serde(default)]
    pub name_hidden: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealtTile {
    pub cell: u8,
    pub value: u32,
}

impl DealtTile {
    /// The cell it lands on, on a board `cols` wide: cells are numbered row by row from 0.
    pub fn cell_on(&self, cols: u8) -> Cell {
        Cell::new(self.cell % cols, self.cell / cols)
    }
}

/// A ranked game as it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    pub id: i64,
    pub day: String,
    pub rows: u8,
    pub cols: u8,
    /// Row by row, 0 for an empty cell.
    pub tiles: Vec<u32>,
    pub score: u64,
    pub moves: u32,
    pub finished: bool,
    /// Whether it ranks (a new account's first day does not).
    pub ranked: bool,
    /// The moves that stand, for a client that resumes without its own copy.
    pub history: Vec<Dir>,
}

impl GameView {
    /// Its board (`None` if its rows, columns and tiles make none).
    pub fn board(&self) -> Option<Board> {
        let shape = Shape::new(self.rows.into(), self.cols.into())?;
        if self.tiles.len() != shape.rows() * shape.cols() {
            return None;
        }
        let mut board = Board::of(shape);
        for (cell, &value) in board.clone().cells().zip(&self.tiles) {
            board.set(cell, value);
        }
        Some(board)
    }
}

/// One day's table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub day: String,
    /// True once the day is over: its key is published and every game can be watched.
    pub published: bool,
    /// The best games, best first.
    pub top: Vec<Row>,
    /// The player's own rank and the ranks around it (empty if they have no ranked game).
    pub around: Vec<Row>,
    /// Ranked games that day.
    pub players: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub rank: u64,
    /// None for a name the host hid or a player who has not picked one.
    pub name: Option<String>,
    pub score: u64,
    pub best: u32,
    pub moves: u32,
    pub finished: bool,
    /// The game's id, to fetch its code once the day is published.
    pub game: i64,
    /// True for the asking player's own game.
    pub me: bool,
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a message, or a field of the wrong kind.
    BadMessage,
    TooLarge,
    /// `hello` with another protocol version.
    Version,
    /// Something other than `hello` first.
    HelloFirst,
    /// A token that names no account.
    WrongToken,
    /// A message that needs an account, without one.
    NoAccount,
    RateLimited,
    /// A move whose number is not the next one.
    OutOfOrder,
    /// A move that would not change the board.
    IllegalMove,
    /// A move to a game that is over, or whose day has ended.
    Finished,
    TooManyMoves,
    NoGame,
    /// A name that is too short or long, or has characters a name may not have.
    NameInvalid,
    NameTaken,
    NameBlocked,
    BadDay,
    /// A game or key asked for before its day is over.
    NotPublished,
    /// The database failed; nothing was changed.
    Internal,
    /// HTTP only: no such route.
    NotFound,
    /// HTTP only: a path or a query the route cannot read.
    BadRequest,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_view_gives_its_board_and_a_dealt_tile_its_cell() {
        let mut view = GameView {
            id: 1,
            day: "2026-12-07".into(),
            rows: 3,
            cols: 4,
            tiles: vec![2, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8],
            score: 0,
            moves: 0,
            finished: false,
            ranked: true,
            history: Vec::new(),
        };
        let board = view.board().expect("3 rows of 4");
        assert_eq!(board.get(Cell::new(2, 1)), 4);
        assert_eq!(board.get(Cell::new(3, 2)), 8);
        let tile = DealtTile { cell: 6, value: 4 };
        assert_eq!(tile.cell_on(view.cols), Cell::new(2, 1));
        // Tiles that do not fill the board, and a shape the game does not play: none.
        view.tiles.pop();
        assert_eq!(view.board(), None);
        view.rows = 9;
        assert_eq!(view.board(), None);
    }

    /// One message of each type. The match below has an arm for every variant, so a new type
    /// does not compile until it is given a number here and a sample in `samples`.
    fn number(message: &ClientMessage) -> usize {
        match message {
            ClientMessage::Hello { .. } => 0,
            ClientMessage::CreateAccount {} => 1,
            ClientMessage::SetName { .. } => 2,
            ClientMessage::Start {} => 3,
            ClientMessage::Move { .. } => 4,
            ClientMessage::Leaderboard { .. } => 5,
            ClientMessage::Code { .. } => 6,
        }
    }
    const TYPES: usize = 7;

    fn samples() -> Vec<ClientMessage> {
        vec![
            ClientMessage::Hello {
                v: VERSION,
                token: None,
            },
            ClientMessage::CreateAccount {},
            ClientMessage::SetName { name: "Ada".into() },
            ClientMessage::Start {},
            ClientMessage::Move { n: 0, dir: Dir::Up },
            ClientMessage::Leaderboard { day: None },
            ClientMessage::Code { game: 1 },
        ]
    }

    #[test]
    fn every_message_type_refuses_an_unknown_field() {
        let samples = samples();
        let mut seen = [false; TYPES];
        for message in &samples {
            seen[number(message)] = true;
            let json = serde_json::to_value(message).unwrap();
            let back: ClientMessage = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(&back, message, "{json}");
            for field in ["admin", "moves", "tile", "type2"] {
                let mut forged = json.clone();
                forged[field] = serde_json::json!(true);
                assert!(
                    serde_json::from_value::<ClientMessage>(forged.clone()).is_err(),
                    "{forged} was read"
                );
            }
        }
        assert!(seen.iter().all(|&s| s), "a sample of every type: {seen:?}");
        // The types without fields are written as they were: the type alone.
        let start = serde_json::to_string(&ClientMessage::Start {}).unwrap();
        assert_eq!(start, r#"{"type":"start"}"#);
        assert_eq!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"create_account"}"#).unwrap(),
            ClientMessage::CreateAccount {}
        );
    }
}
