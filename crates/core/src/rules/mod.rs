//! The rules engine: plain Rust, no Bevy. Boards of 3 to 8 rows by 3 to 8 columns, slide plans, spawns from a
//! seeded RNG, winning and losing (docs/rules.md), the history of a game's moves for undo, and a whole game
//! as a record and a share code, and the daily game's day and seed.
//! The ECS layer, the AI and the tests use it; it never sees a pixel.

mod board;
mod daily_seed;
mod game;
mod record;
mod undo_history;

pub use board::{
    Board, Cell, Direction, LAST_EXPONENT, MAX_CELLS, MAX_SIZE, MIN_SIZE, Merge, Shape, SlidePlan,
    TileSlide,
};
pub use daily_seed::{DAILY_MARK, Day, claimed_day, daily, daily_config, daily_of};
pub use game::{
    Config, ConfigError, DEFAULT_SIZE, DEFAULT_TARGET, Dealer, Game, KeyedDealer, MAX_SAVED_SCORE,
    MAX_SAVED_TILE, MIN_TARGET, RestoreError, SPAWN_TWO_PROBABILITY, START_TILES, SavedGame,
    Status, Stream, Turn, parse_key, reachable_tile,
};
pub use record::{
    CODE_VERSION, CodeError, KEYED_VERSION, LINK_MARK, MAX_CODE_CHARS, MAX_CODE_MOVES, Record,
    SQUARE_VERSION,
};
pub use undo_history::{
    CHECKPOINT_EVERY, History, HistoryError, MAX_PAUSE_MS, PlayInfo, pack_moves, unpack_moves,
};
