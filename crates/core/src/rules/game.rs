//! One game of 2048: board, score, spawns from a seeded RNG, winning and losing.

use std::fmt;

use rand::{
    Rng, RngExt, SeedableRng,
    rngs::{ChaCha20Rng, Xoshiro256PlusPlus},
};
use serde::{Deserialize, Serialize};

use super::board::{Board, Cell, Direction, MAX_SIZE, MIN_SIZE, Shape, SlidePlan};
use crate::i18n::{Said, Words};
use crate::said;

/// Default board side.
pub const DEFAULT_SIZE: usize = 4;
/// Default winning tile.
pub const DEFAULT_TARGET: u32 = 2048;
/// Smallest winning tile accepted (a target of 4 could be won by the first spawn).
pub const MIN_TARGET: u32 = 8;
/// Probability that a spawned tile is a 2 (otherwise 4), as in the original.
pub const SPAWN_TWO_PROBABILITY: f64 = 0.9;
/// Tiles on a new board.
pub const START_TILES: usize = 2;

/// A validated board shape and target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    shape: Shape,
    target: u32,
}

/// Why a size, a number of rows or columns, or a target was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    Size(usize),
    Rows(usize),
    Cols(usize),
    Target(u32),
    /// A target above the largest tile the board can reach (`reachable_tile`: 1024 on 3×3).
    Unreachable {
        shape: Shape,
        target: u32,
    },
}

impl ConfigError {
    /// Why, in the player's words.
    pub fn said(&self) -> Said {
        let (min, max) = (MIN_SIZE, MAX_SIZE);
        match self {
            ConfigError::Size(n) => said!("error-config-size", size = *n, min = min, max = max),
            ConfigError::Rows(n) => said!("error-config-rows", rows = *n, min = min, max = max),
            ConfigError::Cols(n) => said!("error-config-cols", cols = *n, min = min, max = max),
            ConfigError::Target(t) => said!(
                "error-config-target",
                target = t.to_string(),
                min = MIN_TARGET.to_string()
            ),
            ConfigError::Unreachable { shape, target } => said!(
                "error-config-unreachable",
                target = target.to_string(),
                board = shape.to_string(),
                largest = reachable_tile(*shape).to_string()
            ),
        }
    }
}

impl fmt::Display for ConfigError {
    /// In English (the command line's and the log's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(&self.said()))
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Checks a square board's side (3..=8) and a target (a power of two ≥ 8).
    pub fn new(size: usize, target: u32) -> Result<Self, ConfigError> {
        Self::check_size(size)?;
        Self::check_target(target)?;
        Ok(Self {
            shape: Shape::square(size),
            target,
        })
    }

    /// A board of `shape` to `target` (checked as in `new`).
    pub fn with_shape(shape: Shape, target: u32) -> Result<Self, ConfigError> {
        Self::check_target(target)?;
        Ok(Self { shape, target })
    }

    /// Checks rows and columns (each 3..=8).
    pub fn check_shape(rows: usize, cols: usize) -> Result<Shape, ConfigError> {
        Shape::new(rows, cols).ok_or(if Shape::new(rows, MIN_SIZE).is_none() {
            ConfigError::Rows(rows)
        } else {
            ConfigError::Cols(cols)
        })
    }

    pub fn check_size(size: usize) -> Result<usize, ConfigError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Ok(size)
        } else {
            Err(ConfigError::Size(size))
        }
    }

    pub fn check_target(target: u32) -> Result<u32, ConfigError> {
        if target >= MIN_TARGET && target.is_power_of_two() {
            Ok(target)
        } else {
            Err(ConfigError::Target(target))
        }
    }

    /// Checks that a game on `shape` can reach `target`: no tile above [`reachable_tile`] is
    /// ever made, so a larger target could never be won. (Only for what a player chooses now:
    /// a saved game keeps the target it was started with.)
    pub fn check_reachable(shape: Shape, target: u32) -> Result<u32, ConfigError> {
        if target <= reachable_tile(shape) {
            Ok(target)
        } else {
            Err(ConfigError::Unreachable { shape, target })
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn target(&self) -> u32 {
        self.target
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            shape: Shape::square(DEFAULT_SIZE),
            target: DEFAULT_TARGET,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// Moves are accepted.
    Playing,
    /// The target was just reached; waits for "keep going" (or a new game).
    Won,
    /// No move can change the board.
    Over,
}

/// What one accepted move did.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    pub plan: SlidePlan,
    /// The tile spawned after the slide.
    pub spawned: Option<(Cell, u32)>,
    /// The status after the move and its spawn.
    pub status: Status,
}

/// Everything a game is, as saved: restoring it continues the game exactly, spawns included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The board's shape: a number for a square board, as before rectangular ones.
    pub size: Shape,
    pub target: u32,
    /// Tile values row by row, 0 for an empty cell.
    pub tiles: Vec<u32>,
    pub score: u64,
    pub moves: u32,
    pub won: bool,
    pub status: Status,
    pub rng: Dealer,
}

/// Where a game's new tiles come from.
///
/// Every game the player starts is `Seeded`: xoshiro256++ from a number, fast and small to
/// share, but not secret (its state can be recovered from enough of its output, and anyone
/// with the seed knows every tile to come). The ranked daily is `Keyed`: ChaCha20, a
/// cryptographic generator, keyed by the day's secret and numbered by the game, so no one can
/// foresee its tiles until the server publishes the day's key (docs/server.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Dealer {
    /// Saved as before there were two (`{"s": [..]}`), so older saves read as they are.
    Seeded(Xoshiro256PlusPlus),
    /// Boxed: ChaCha20's state and buffer are 360 bytes, and a seeded game (every other one)
    /// stays small to copy.
    Keyed(Box<KeyedDealer>),
    /// No tiles of its own: the caller places each one (`Game::place`). The game's copy of a
    /// ranked game, whose tiles the server deals. (Saved as `null`.)
    Placed,
}

/// A keyed stream: the key (the ranked day's secret) and the stream's number (the game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stream {
    pub key: [u8; 32],
    pub id: u64,
}

/// ChaCha20 on a stream, saved as its key, stream and position.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "KeyedState", into = "KeyedState")]
pub struct KeyedDealer {
    stream: Stream,
    rng: ChaCha20Rng,
}

/// A keyed dealer as saved: the key in hex, the stream, and the words drawn so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyedState {
    key: String,
    stream: u64,
    word: u64,
}

impl KeyedDealer {
    pub fn new(stream: Stream) -> Self {
        let mut rng = ChaCha20Rng::from_seed(stream.key);
        rng.set_stream(stream.id);
        Self { stream, rng }
    }

    pub fn stream(&self) -> Stream {
        self.stream
    }
}

/// (rand's ChaCha generators are not `Clone`, so that none is copied by accident; a game is
/// copied on purpose, by its key, stream and position.)
impl Clone for KeyedDealer {
    fn clone(&self) -> Self {
        let mut copy = Self::new(self.stream);
        copy.rng.set_word_pos(self.rng.get_word_pos());
        copy
    }
}

impl From<KeyedDealer> for KeyedState {
    fn from(dealer: KeyedDealer) -> Self {
        Self {
            key: dealer
                .stream
                .key
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
            stream: dealer.stream.id,
            word: dealer.rng.get_word_pos() as u64,
        }
    }
}

impl TryFrom<KeyedState> for KeyedDealer {
    type Error = String;

    fn try_from(state: KeyedState) -> Result<Self, String> {
        let key = parse_key(&state.key).ok_or("a keyed dealer's key is not 64 hex digits")?;
        let mut dealer = Self::new(Stream {
            key,
            id: state.stream,
        });
        dealer.rng.set_word_pos(u128::from(state.word));
        Ok(dealer)
    }
}

/// A 32-byte key from 64 hex digits.
pub fn parse_key(hex: &str) -> Option<[u8; 32]> {
    let hex = hex.as_bytes();
    if hex.len() != 64 {
        return None;
    }
    let mut key = [0u8; 32];
    for (byte, pair) in key.iter_mut().zip(hex.chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(key)
}

impl Dealer {
    fn next_u64(&mut self) -> u64 {
        match self {
            Dealer::Seeded(rng) => rng.next_u64(),
            Dealer::Keyed(dealer) => dealer.rng.next_u64(),
            // (A restart of a placed game: a seed from the system's generator.)
            Dealer::Placed => rand::rng().next_u64(),
        }
    }

    /// A cell index below `empty`, and whether the tile is a 2; none for a placed game.
    fn deal(&mut self, empty: usize) -> Option<(usize, bool)> {
        fn draw(rng: &mut impl Rng, empty: usize) -> (usize, bool) {
            let pick = rng.random_range(0..empty);
            (pick, rng.random_bool(SPAWN_TWO_PROBABILITY))
        }
        match self {
            Dealer::Seeded(rng) => Some(draw(rng, empty)),
            Dealer::Keyed(dealer) => Some(draw(&mut dealer.rng, empty)),
            Dealer::Placed => None,
        }
    }

    /// The keyed stream, for a keyed dealer.
    pub fn stream(&self) -> Option<Stream> {
        match self {
            Dealer::Seeded(_) | Dealer::Placed => None,
            Dealer::Keyed(dealer) => Some(dealer.stream),
        }
    }
}

/// The largest tile a save may hold (2^30; a 2^31 would need about two billion moves).
pub const MAX_SAVED_TILE: u32 = 1 << 30;
/// The largest score a save may hold: far above any reachable one (a board full of 2^30 tiles
/// scores under 2^42), far below where adding to it could overflow.
pub const MAX_SAVED_SCORE: u64 = 1 << 50;

/// The largest tile a game on this board can reach: 2^(cells + 1), as each cell can hold a
/// tile at most twice its neighbour's along a snake, the last a spawned 4 (4×4: 131,072), and
/// never above [`MAX_SAVED_TILE`]. A save or a backup with a larger tile is refused.
pub fn reachable_tile(shape: crate::rules::Shape) -> u32 {
    match shape.cells() + 1 {
        bits if bits < MAX_SAVED_TILE.trailing_zeros() as usize => 1 << bits,
        _ => MAX_SAVED_TILE,
    }
}

/// Why a saved game cannot be a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    Config(ConfigError),
    TileCount {
        expected: usize,
        found: usize,
    },
    Tile(u32),
    Score(u64),
    /// The saved status, or the won flag, is not what the board says.
    Status,
    /// An RNG state of all zeros only ever yields zeros.
    Rng,
}

impl RestoreError {
    /// Why, in the player's words.
    pub fn said(&self) -> Said {
        match self {
            RestoreError::Config(e) => e.said(),
            RestoreError::TileCount { expected, found } => said!(
                "error-restore-tile-count",
                found = *found,
                expected = *expected
            ),
            RestoreError::Tile(v) => said!("error-restore-tile", value = v.to_string()),
            RestoreError::Score(s) => said!("error-restore-score", score = *s),
            RestoreError::Status => said!("error-restore-status"),
            RestoreError::Rng => said!("error-restore-rng"),
        }
    }
}

impl fmt::Display for RestoreError {
    /// In English (the command line's and the log's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(&self.said()))
    }
}

impl std::error::Error for RestoreError {}

/// The board of `config` holding `tiles` (row by row, 0 for an empty cell), if each is a tile
/// the rules could make there (a saved game's, a ranked game's from the server).
fn board_of(config: Config, tiles: &[u32]) -> Result<Board, RestoreError> {
    let cells = config.shape().cells();
    if tiles.len() != cells {
        return Err(RestoreError::TileCount {
            expected: cells,
            found: tiles.len(),
        });
    }
    let mut board = Board::of(config.shape());
    let largest = reachable_tile(config.shape());
    for (cell, &value) in board.clone().cells().zip(tiles) {
        let tile = value >= 2 && value.is_power_of_two() && value <= largest;
        if value != 0 && !tile {
            return Err(RestoreError::Tile(value));
        }
        board.set(cell, value);
    }
    Ok(board)
}

/// A game in progress. The RNG is part of it, so a seed and a key sequence replay exactly.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    board: Board,
    score: u64,
    moves: u32,
    won: bool,
    status: Status,
    rng: Dealer,
}

impl Game {
    /// A new game with two start tiles, drawn from an RNG seeded with `seed`.
    pub fn new(config: Config, seed: u64) -> Self {
        let mut game = Self::with_board(config, Board::of(config.shape()), seed);
        game.start();
        game
    }

    /// A game on a given board (tests, puzzles); spawns continue from `seed`.
    pub fn from_board(config: Config, board: Board, seed: u64) -> Self {
        assert_eq!(
            board.shape(),
            config.shape(),
            "board and config shapes differ"
        );
        let mut game = Self::with_board(config, board, seed);
        game.status = game.judge();
        game
    }

    /// A new game whose tiles are dealt from a keyed stream (the ranked daily's).
    pub fn from_stream(config: Config, stream: Stream) -> Self {
        let mut game = Self::dealt_by(
            config,
            Board::of(config.shape()),
            Dealer::Keyed(Box::new(KeyedDealer::new(stream))),
        );
        game.start();
        game
    }

    fn with_board(config: Config, board: Board, seed: u64) -> Self {
        Self::dealt_by(
            config,
            board,
            Dealer::Seeded(Xoshiro256PlusPlus::seed_from_u64(seed)),
        )
    }

    fn dealt_by(config: Config, board: Board, rng: Dealer) -> Self {
        Self {
            config,
            board,
            score: 0,
            moves: 0,
            won: false,
            status: Status::Playing,
            rng,
        }
    }

    /// The keyed stream the tiles come from, for a ranked game.
    pub fn stream(&self) -> Option<Stream> {
        self.rng.stream()
    }

    /// A game whose tiles the caller places (`place`): the game's copy of a ranked game, as the
    /// server stands it. `None` if the tiles are not a board of `config` the rules allow.
    pub fn placed(config: Config, tiles: &[u32], score: u64, moves: u32) -> Option<Self> {
        if score > MAX_SAVED_SCORE {
            return None;
        }
        let board = board_of(config, tiles).ok()?;
        let mut game = Self::dealt_by(config, board, Dealer::Placed);
        game.score = score;
        game.moves = moves;
        // A ranked game plays on past its target: no "You win!" to wait on when it resumes.
        game.won = game.board.max_tile() >= config.target();
        game.status = game.judge();
        Some(game)
    }

    /// Puts a tile dealt elsewhere on an empty cell (a ranked game's, from the server): a 2 or a
    /// 4. False, and nothing changed, for any other tile or cell.
    pub fn place(&mut self, cell: Cell, value: u32) -> bool {
        let inside = usize::from(cell.x) < self.config.shape().cols()
            && usize::from(cell.y) < self.config.shape().rows();
        if !inside || !matches!(value, 2 | 4) || self.board.get(cell) != 0 {
            return false;
        }
        self.board.set(cell, value);
        if self.status == Status::Playing {
            self.status = self.judge();
        }
        true
    }

    /// The game as saved.
    pub fn save(&self) -> SavedGame {
        SavedGame {
            size: self.config.shape(),
            target: self.config.target(),
            tiles: self.board.cells().map(|c| self.board.get(c)).collect(),
            score: self.score,
            moves: self.moves,
            won: self.won,
            status: self.status,
            rng: self.rng.clone(),
        }
    }

    /// The saved game, if it is one the rules could have produced: a valid size and target,
    /// one tile value per cell, won exactly when a tile reached the target, and the status the
    /// board implies (a win not yet continued stays a win).
    pub fn restore(saved: SavedGame) -> Result<Self, RestoreError> {
        let config = Config::with_shape(saved.size, saved.target).map_err(RestoreError::Config)?;
        let board = board_of(config, &saved.tiles)?;
        if saved.score > MAX_SAVED_SCORE {
            return Err(RestoreError::Score(saved.score));
        }
        let reached = board.max_tile() >= config.target();
        let status_fits = match saved.status {
            Status::Won => saved.won,
            Status::Over => !board.has_moves(),
            Status::Playing => board.has_moves(),
        };
        if saved.won != reached || !status_fits {
            return Err(RestoreError::Status);
        }
        if let Dealer::Seeded(rng) = &saved.rng
            && (0..4).all(|_| rng.clone().next_u64() == 0)
        {
            return Err(RestoreError::Rng);
        }
        Ok(Self {
            config,
            board,
            score: saved.score,
            moves: saved.moves,
            won: saved.won,
            status: saved.status,
            rng: saved.rng,
        })
    }

    /// Starts over with the same config, from a seed drawn from this game's RNG: a seeded run
    /// stays replayable, and the new game is `Game::new(config, seed)`, so it can be recorded
    /// and shared by its seed. Returns the seed.
    pub fn restart(&mut self) -> u64 {
        let seed = self.rng.next_u64();
        *self = Self::new(self.config, seed);
        seed
    }

    fn start(&mut self) {
        for _ in 0..START_TILES {
            self.spawn();
        }
    }

    pub fn config(&self) -> Config {
        self.config
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn score(&self) -> u64 {
        self.score
    }

    /// Moves that changed the board in this game.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// True once the target has been reached in this game (it stays true after "keep going").
    pub fn has_won(&self) -> bool {
        self.won
    }

    /// Slides toward `dir` if the game accepts moves. Returns `None` when the game is paused
    /// (won, not yet continued) or over, and a turn with `plan.moved == false` and no spawn
    /// when the slide changed nothing.
    pub fn play(&mut self, dir: Direction) -> Option<Turn> {
        if self.status != Status::Playing {
            return None;
        }
        let plan = self.board.plan(dir);
        let mut spawned = None;
        if plan.moved {
            self.board = plan.board;
            self.score += plan.score;
            // (Saturating: a restored counter at its end must not panic a move.)
            self.moves = self.moves.saturating_add(1);
            spawned = self.spawn();
            self.status = self.judge();
        }
        Some(Turn {
            plan,
            spawned,
            status: self.status,
        })
    }

    /// Leaves the win pause and plays on; the win never shows again in this game.
    /// Returns the new status (over, if the winning board was also stuck).
    pub fn keep_going(&mut self) -> Status {
        if self.status == Status::Won {
            self.status = if self.board.has_moves() {
                Status::Playing
            } else {
                Status::Over
            };
        }
        self.status
    }

    /// Status after a move: a first win shows before game over (the original shows only "Game
    /// over": <https://github.com/gabrielecirulli/2048/issues/180>, docs/rules.md).
    fn judge(&mut self) -> Status {
        if !self.won && self.board.max_tile() >= self.config.target() {
            self.won = true;
            return Status::Won;
        }
        if self.board.has_moves() {
            Status::Playing
        } else {
            Status::Over
        }
    }

    /// Puts a 2 (p 0.9) or a 4 on a uniformly chosen empty cell.
    fn spawn(&mut self) -> Option<(Cell, u32)> {
        let empty = self.board.empty_count();
        if empty == 0 {
            return None;
        }
        let (pick, two) = self.rng.deal(empty)?;
        let cell = self.board.empty_cells().nth(pick)?;
        let value = if two { 2 } else { 4 };
        self.board.set(cell, value);
        Some((cell, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Direction::*;

    #[test]
    fn config_accepts_only_valid_sizes_and_targets() {
        assert!(Config::new(3, 8).is_ok());
        assert!(Config::new(8, 1 << 20).is_ok());
        assert_eq!(Config::new(2, 2048), Err(ConfigError::Size(2)));
        assert_eq!(Config::new(9, 2048), Err(ConfigError::Size(9)));
        assert_eq!(Config::new(4, 4), Err(ConfigError::Target(4)));
        assert_eq!(Config::new(4, 100), Err(ConfigError::Target(100)));
        assert_eq!(Config::new(4, 0), Err(ConfigError::Target(0)));
    }

    #[test]
    fn a_new_game_has_two_small_tiles() {
        for seed in 0..200 {
            let game = Game::new(Config::default(), seed);
            let tiles: Vec<_> = game.board().tiles().collect();
            assert_eq!(tiles.len(), 2);
            assert!(tiles.iter().all(|&(_, v)| v == 2 || v == 4));
            assert_eq!(game.score(), 0);
            assert_eq!(game.status(), Status::Playing);
        }
    }

    #[test]
    fn a_move_that_changes_nothing_spawns_nothing() {
        let config = Config::new(3, 2048).unwrap();
        let board = Board::from_rows(&[&[2, 4, 0], &[0; 3], &[0; 3]]);
        let mut game = Game::from_board(config, board, 1);
        let turn = game.play(Left).unwrap();
        assert!(!turn.plan.moved);
        assert!(turn.spawned.is_none());
        assert_eq!(game.board(), &board);
        assert_eq!(game.moves(), 0);
    }

    #[test]
    fn a_move_that_changes_the_board_spawns_one_tile_on_an_empty_cell() {
        let config = Config::new(3, 2048).unwrap();
        let board = Board::from_rows(&[&[0, 2, 2], &[0; 3], &[0; 3]]);
        let mut game = Game::from_board(config, board, 7);
        let turn = game.play(Left).unwrap();
        let (cell, value) = turn.spawned.unwrap();
        assert_ne!(cell, Cell::new(0, 0), "spawned on the merged tile");
        assert!(value == 2 || value == 4);
        assert_eq!(game.board().tiles().count(), 2);
        assert_eq!(game.score(), 4);
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn spawns_are_uniform_and_ninety_percent_twos() {
        // 40,000 first spawns from an empty 3×3 board: every cell near 1/9, twos near 0.9.
        let config = Config::new(3, 2048).unwrap();
        let mut per_cell = [0u32; 9];
        let mut twos = 0u32;
        let runs = 40_000;
        let mut game = Game::from_board(config, Board::new(3), 99);
        for _ in 0..runs {
            game.board = Board::new(3);
            let (cell, value) = game.spawn().unwrap();
            per_cell[cell.y as usize * 3 + cell.x as usize] += 1;
            twos += u32::from(value == 2);
        }
        for count in per_cell {
            let share = f64::from(count) / f64::from(runs);
            assert!((share - 1.0 / 9.0).abs() < 0.01, "cell share {share}");
        }
        let two_share = f64::from(twos) / f64::from(runs);
        assert!((two_share - 0.9).abs() < 0.01, "share of twos {two_share}");
    }

    #[test]
    fn same_seed_and_keys_replay_the_same_game() {
        let keys = [Left, Up, Right, Down, Left, Left, Up, Down, Right, Up];
        let run = |seed| {
            let mut game = Game::new(Config::default(), seed);
            let mut boards = vec![*game.board()];
            for &k in keys.iter().cycle().take(200) {
                game.play(k);
                boards.push(*game.board());
            }
            (boards, game.score())
        };
        assert_eq!(run(42), run(42));
        assert_ne!(run(42).0, run(43).0);
    }

    #[test]
    fn reaching_the_target_wins_once_then_keep_going() {
        let config = Config::new(3, 32).unwrap();
        let board = Board::from_rows(&[&[16, 16, 0], &[0; 3], &[0; 3]]);
        let mut game = Game::from_board(config, board, 3);
        let turn = game.play(Left).unwrap();
        assert_eq!(turn.status, Status::Won);
        assert!(game.play(Right).is_none(), "moves wait for keep going");
        assert_eq!(game.keep_going(), Status::Playing);
        // Reaching the target again does not win again.
        game.board = Board::from_rows(&[&[16, 16, 0], &[0; 3], &[0; 3]]);
        let turn = game.play(Left).unwrap();
        assert_eq!(turn.status, Status::Playing);
    }

    #[test]
    fn a_stuck_board_is_game_over() {
        let config = Config::new(3, 2048).unwrap();
        // Left: [2,2,_] merges to 4, the spawn fills the only gap.
        let board = Board::from_rows(&[&[2, 2, 8], &[8, 16, 32], &[64, 128, 256]]);
        let mut game = Game::from_board(config, board, 5);
        let turn = game.play(Left).unwrap();
        // After the merge the top row is [4, 8, _]; the spawn (2 or 4) fills (2,0), whose
        // neighbours are 8 and 32, so no pair is left anywhere.
        assert_eq!(turn.status, Status::Over);
        assert!(game.play(Up).is_none());
    }

    #[test]
    fn winning_and_losing_in_one_move_shows_the_win_first() {
        let config = Config::new(3, 32).unwrap();
        // Every tile is below the target, so only the 16+16 merge can win; after it the top row
        // is [32, 8, spawn] and no pair is left.
        let board = Board::from_rows(&[&[16, 16, 8], &[4, 2, 16], &[2, 4, 8]]);
        let mut game = Game::from_board(config, board, 5);
        let turn = game.play(Left).unwrap();
        assert_eq!(turn.status, Status::Won);
        assert_eq!(game.keep_going(), Status::Over);
    }

    #[test]
    fn restart_clears_score_and_state() {
        let config = Config::new(3, 32).unwrap();
        let board = Board::from_rows(&[&[16, 16, 0], &[0; 3], &[0; 3]]);
        let mut game = Game::from_board(config, board, 3);
        game.play(Left);
        let seed = game.restart();
        assert_eq!(game.save(), Game::new(config, seed).save());
        assert_eq!(game.score(), 0);
        assert_eq!(game.moves(), 0);
        assert_eq!(game.status(), Status::Playing);
        assert!(!game.has_won());
        assert_eq!(game.board().tiles().count(), 2);
    }

    #[test]
    fn a_placed_game_slides_without_spawning_and_takes_only_a_2_or_4_on_an_empty_cell() {
        let config = Config::default();
        let tiles = [2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
        let mut game = Game::placed(config, &tiles, 12, 3).unwrap();
        assert_eq!(
            (game.score(), game.moves(), game.status()),
            (12, 3, Status::Playing)
        );
        let turn = game.play(Left).unwrap();
        assert!(turn.plan.moved);
        assert_eq!(turn.spawned, None, "the server deals the tile");
        assert_eq!((game.score(), game.board().max_tile()), (16, 4));
        assert!(!game.place(Cell::new(0, 0), 2), "a taken cell");
        assert!(!game.place(Cell::new(1, 0), 8), "only a 2 or a 4");
        assert!(!game.place(Cell::new(4, 0), 2), "outside the board");
        assert!(game.place(Cell::new(1, 0), 2));
        assert_eq!(game.board().get(Cell::new(1, 0)), 2);
        assert!(Game::placed(config, &tiles[..15], 0, 0).is_none());
        assert!(Game::placed(config, &[3; 16], 0, 0).is_none());
        let text = serde_json::to_string(&game.save()).unwrap();
        assert!(text.contains("\"rng\":null"), "{text}");
        let back = Game::restore(serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(back.save(), game.save());
    }
}
