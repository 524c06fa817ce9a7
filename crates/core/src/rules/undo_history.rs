//! The moves that led to the game in progress, for undo: the game as it started, the direction
//! of every move that changed the board, and a copy of the game every `CHECKPOINT_EVERY` moves.
//!
//! A game is deterministic from its RNG state and its moves, so any earlier position is rebuilt
//! by replaying at most `CHECKPOINT_EVERY - 1` moves from the checkpoint before it. That keeps a
//! history of any length at about one byte a move in memory (a copy of the game per move would
//! be 130), and lets a save store it as the start and 2 bits a move (`pack_moves`).
//!
//! A history knows nothing of records: record.rs makes one of it (`History::record`) and plays
//! one back into it (`Record::replay`).

use std::fmt;

use super::board::Direction;
use super::game::{Config, Game, Status, Stream};
use crate::i18n::{Said, Words};
use crate::said;

/// A copy of the game is kept every this many moves: an undo replays fewer than this many
/// moves (30 µs at most on 4×4, `cargo bench -p g2048-tools --bench saves`), and checkpoints cost half a
/// byte a move.
pub const CHECKPOINT_EVERY: usize = 256;

/// The moves of the game in progress, newest last, and what else its record holds.
#[derive(Clone, Debug)]
pub struct History {
    moves: Vec<Direction>,
    /// `checkpoints[i]` is the game after `i * CHECKPOINT_EVERY` moves; `[0]` is the start.
    checkpoints: Vec<Game>,
    /// The seed the start came from (`Game::new(config, seed)`), when known: a game saved
    /// before games were recorded by seed has none, and cannot be shared.
    seed: Option<u64>,
    /// The keyed stream the tiles came from, for a ranked game (which has no seed).
    stream: Option<Stream>,
    /// Moves taken back so far.
    undos: u32,
    /// When and how the game was played, kept for the games' history (the rules never read it).
    pub info: PlayInfo,
}

/// When and how a game was played: facts for the history of games, set by the game's frame
/// loop (the rules engine has no clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayInfo {
    /// When the game started, in milliseconds since 1970 (0: not known).
    pub started_ms: u64,
    /// Time spent playing: the gaps between moves, each counted up to `MAX_PAUSE_MS`.
    pub played_ms: u64,
    /// When the last move was played (this run only).
    pub last_move_ms: u64,
    /// Whether the AI played any of the moves.
    pub ai: bool,
}

/// A pause between moves longer than this counts as this long: time away is not play.
pub const MAX_PAUSE_MS: u64 = 30_000;

impl PlayInfo {
    /// A game starting now.
    pub fn starting(now_ms: u64) -> Self {
        Self {
            started_ms: now_ms,
            ..Self::default()
        }
    }

    /// A move was played now: the time since the previous one (or since the start, or since
    /// the game was loaded) counts, up to `MAX_PAUSE_MS`.
    pub fn note_move(&mut self, now_ms: u64, by_ai: bool) {
        let since = self.last_move_ms.max(self.started_ms);
        if since > 0 {
            self.played_ms += now_ms.saturating_sub(since).min(MAX_PAUSE_MS);
        }
        self.last_move_ms = now_ms;
        self.ai |= by_ai;
    }
}

/// Why a recorded history does not lead to the game it was saved with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// The start is another board size or target than the game.
    OtherBoard,
    /// Move `n` (counted from 1) came after the game had ended.
    AfterTheEnd(usize),
    /// Move `n` (counted from 1) would not change the board.
    NoChange(usize),
    /// The moves lead to another game than the one saved.
    Mismatch,
    /// The packed moves are cut short or have bits set past the last move.
    Packing,
    /// The start is not the game its seed makes.
    NotSeed,
}

impl HistoryError {
    /// Why, in the player's words.
    pub fn said(&self) -> Said {
        match self {
            HistoryError::OtherBoard => said!("error-history-other-board"),
            HistoryError::AfterTheEnd(n) => said!("error-history-after-end", number = *n),
            HistoryError::NoChange(n) => said!("error-history-no-change", number = *n),
            HistoryError::Mismatch => said!("error-history-mismatch"),
            HistoryError::Packing => said!("error-history-packing"),
            HistoryError::NotSeed => said!("error-history-not-seed"),
        }
    }
}

impl fmt::Display for HistoryError {
    /// In English (the command line's and the log's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(&self.said()))
    }
}

impl std::error::Error for HistoryError {}

/// Plays move number `n` (counted from 1) as it was played: a win not yet continued is continued
/// first (a move after a win means the player chose "keep going").
fn replay_move(game: &mut Game, direction: Direction, n: usize) -> Result<(), HistoryError> {
    if game.status() == Status::Won {
        game.keep_going();
    }
    if game.status() != Status::Playing {
        return Err(HistoryError::AfterTheEnd(n));
    }
    match game.play(direction) {
        Some(turn) if turn.plan.moved => Ok(()),
        _ => Err(HistoryError::NoChange(n)),
    }
}

impl History {
    /// No moves yet: `start` is the game as it begins (from an unknown seed).
    pub fn new(start: Game) -> Self {
        Self {
            moves: Vec::new(),
            checkpoints: vec![start],
            seed: None,
            stream: None,
            undos: 0,
            info: PlayInfo::default(),
        }
    }

    /// A new game from `seed`, with its history: the game can be recorded and shared.
    pub fn seeded(config: Config, seed: u64) -> (Game, Self) {
        let game = Game::new(config, seed);
        let mut history = Self::new(game.clone());
        history.seed = Some(seed);
        (game, history)
    }

    /// A new game dealt from the keyed `stream` (a ranked game's, once its key is public), with
    /// its history: the game can be recorded and shared, as a seeded one can.
    pub fn keyed(config: Config, stream: Stream) -> (Game, Self) {
        let game = Game::from_stream(config, stream);
        let mut history = Self::new(game.clone());
        history.stream = Some(stream);
        (game, history)
    }

    /// Replays `moves` from `start`: the history and the game they lead to, or the first move
    /// that cannot be played.
    pub fn replay(start: Game, moves: &[Direction]) -> Result<(Self, Game), HistoryError> {
        let mut game = start.clone();
        let mut history = Self::new(start);
        for (i, &direction) in moves.iter().enumerate() {
            replay_move(&mut game, direction, i + 1)?;
            history.push(direction, &game);
        }
        Ok((history, game))
    }

    /// Replays `moves` from `start` and checks that they lead to `current` (a win that
    /// `current` has continued is continued at the end too).
    pub fn rebuild(start: Game, moves: &[Direction], current: &Game) -> Result<Self, HistoryError> {
        if start.config() != current.config() {
            return Err(HistoryError::OtherBoard);
        }
        let (history, mut game) = Self::replay(start, moves)?;
        if game.status() == Status::Won && current.status() != Status::Won {
            game.keep_going();
        }
        if game.save() != current.save() {
            return Err(HistoryError::Mismatch);
        }
        Ok(history)
    }

    /// The seed the start came from, if known.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Says the start came from `seed`, if it did (`Game::new(config, seed)` is the start).
    pub fn with_seed(mut self, seed: u64) -> Result<Self, HistoryError> {
        if Game::new(self.start().config(), seed).save() != self.start().save() {
            return Err(HistoryError::NotSeed);
        }
        self.seed = Some(seed);
        Ok(self)
    }

    /// Moves taken back so far.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Counts an undo the player asked for (`pop` alone is also a replay's step back).
    pub fn count_undo(&mut self) {
        self.undos = self.undos.saturating_add(1);
    }

    pub fn set_undos(&mut self, undos: u32) {
        self.undos = undos;
    }

    /// Says the start came from `stream`, if it did (`Game::from_stream` is the start).
    pub fn with_stream(mut self, stream: Stream) -> Result<Self, HistoryError> {
        if Game::from_stream(self.start().config(), stream).save() != self.start().save() {
            return Err(HistoryError::NotSeed);
        }
        self.stream = Some(stream);
        Ok(self)
    }

    /// The keyed stream the tiles came from, for a ranked game.
    pub fn stream(&self) -> Option<Stream> {
        self.stream
    }

    /// The first `n` moves as a history of their own (a replay's position to play on from):
    /// same seed, no undos, started now.
    pub fn prefix(&self, n: usize, now_ms: u64) -> (Self, Game) {
        let n = n.min(self.len());
        let mut history = Self::new(self.start().clone());
        history.seed = self.seed;
        history.stream = self.stream;
        history.info = PlayInfo::starting(now_ms);
        history.moves = self.moves[..n].to_vec();
        history.checkpoints = self.checkpoints[..n / CHECKPOINT_EVERY + 1].to_vec();
        let mut game = self.game_after(n);
        if game.status() == Status::Won && n < self.len() {
            // Later moves continued this win: play on from it as they did.
            game.keep_going();
        }
        (history, game)
    }

    /// The game before the first move.
    pub fn start(&self) -> &Game {
        &self.checkpoints[0]
    }

    /// Every move, oldest first.
    pub fn moves(&self) -> &[Direction] {
        &self.moves
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Records a move that changed the board; `after` is the game it led to.
    pub fn push(&mut self, direction: Direction, after: &Game) {
        self.moves.push(direction);
        if self.moves.len().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push(after.clone());
        }
    }

    /// Takes back the newest move: the game just before it, as it was when the move was played
    /// (a win already continued), and the move's direction.
    pub fn pop(&mut self) -> Option<(Game, Direction)> {
        let direction = self.moves.pop()?;
        let before = self.moves.len();
        self.checkpoints.truncate(before / CHECKPOINT_EVERY + 1);
        let mut game = self.game_after(before);
        // The move existed, so a win before it had been continued.
        if game.status() == Status::Won {
            game.keep_going();
        }
        Some((game, direction))
    }

    /// The game after the first `n` moves (`n` at most the number of moves): at most
    /// `CHECKPOINT_EVERY - 1` moves replayed from the checkpoint before it.
    pub fn game_after(&self, n: usize) -> Game {
        let from = n / CHECKPOINT_EVERY;
        let mut game = self.checkpoints[from].clone();
        for (i, &direction) in self
            .moves
            .iter()
            .enumerate()
            .take(n)
            .skip(from * CHECKPOINT_EVERY)
        {
            replay_move(&mut game, direction, i + 1).expect("a recorded move replays");
        }
        game
    }
}

/// A move as 2 bits.
fn move_bits(direction: Direction) -> u8 {
    match direction {
        Direction::Up => 0,
        Direction::Down => 1,
        Direction::Left => 2,
        Direction::Right => 3,
    }
}

/// Moves packed 4 to a byte, the first move in the lowest 2 bits.
pub fn pack_moves(moves: &[Direction]) -> Vec<u8> {
    moves
        .chunks(4)
        .map(|four| {
            four.iter()
                .enumerate()
                .fold(0u8, |byte, (i, &d)| byte | move_bits(d) << (2 * i))
        })
        .collect()
}

/// The `count` moves packed in `bytes`: exactly as many bytes as they need, and no bits set
/// past the last move.
pub fn unpack_moves(bytes: &[u8], count: usize) -> Result<Vec<Direction>, HistoryError> {
    if bytes.len() != count.div_ceil(4) {
        return Err(HistoryError::Packing);
    }
    let used = count % 4;
    if used != 0 && bytes.last().is_some_and(|&last| last >> (2 * used) != 0) {
        return Err(HistoryError::Packing);
    }
    Ok((0..count)
        .map(|i| {
            let bits = bytes[i / 4] >> (2 * (i % 4)) & 0b11;
            [
                Direction::Up,
                Direction::Down,
                Direction::Left,
                Direction::Right,
            ][bits as usize]
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Config};
    use Direction::*;

    /// A game after up to `n` moves that change the board, with its history.
    fn played(config: Config, seed: u64, n: usize) -> (Game, History) {
        let mut game = Game::new(config, seed);
        let mut history = History::new(game.clone());
        let mut i = 0u64;
        while history.len() < n && game.status() != Status::Over {
            i += 1;
            if game.status() == Status::Won {
                game.keep_going();
                continue;
            }
            let direction = Direction::ALL[((i * 7 + i / 5) % 4) as usize];
            if game.play(direction).is_some_and(|t| t.plan.moved) {
                history.push(direction, &game);
            }
        }
        (game, history)
    }

    #[test]
    fn pop_returns_every_earlier_game_across_checkpoints() {
        let config = Config::new(8, 2048).unwrap();
        let mut game = Game::new(config, 3);
        let mut history = History::new(game.clone());
        let mut earlier = Vec::new();
        let mut i = 0;
        while history.len() < 600 && game.status() == Status::Playing {
            let before = game.clone();
            let direction = Direction::ALL[(i * 3 + i / 7) % 4];
            i += 1;
            if game.play(direction).is_some_and(|t| t.plan.moved) {
                history.push(direction, &game);
                earlier.push((before.save(), direction));
            }
        }
        assert!(
            history.len() > 2 * CHECKPOINT_EVERY,
            "{} moves",
            history.len()
        );
        while let Some((before, direction)) = history.pop() {
            assert_eq!(Some((before.save(), direction)), earlier.pop());
        }
        assert!(earlier.is_empty());
        assert_eq!(history.start().save(), Game::new(config, 3).save());
    }

    #[test]
    fn a_continued_win_comes_back_continued() {
        let config = Config::new(3, 32).unwrap();
        let board = Board::from_rows(&[&[16, 16, 0], &[0; 3], &[0; 3]]);
        let mut game = Game::from_board(config, board, 3);
        let mut history = History::new(game.clone());
        game.play(Left);
        history.push(Left, &game);
        assert_eq!(game.status(), Status::Won);
        game.keep_going();
        let continued = game.save();
        let direction = [Right, Down, Up, Left]
            .into_iter()
            .find(|&d| game.board().slid(d).2)
            .unwrap();
        game.play(direction);
        history.push(direction, &game);
        let (before, _) = history.pop().unwrap();
        assert_eq!(before.save(), continued);
        let rebuilt = History::rebuild(history.start().clone(), history.moves(), &before);
        assert!(rebuilt.is_ok(), "a continued win at the end: {rebuilt:?}");
    }

    #[test]
    fn rebuild_replays_to_the_current_game_or_says_why_not() {
        let (game, history) = played(Config::new(3, 64).unwrap(), 11, 700);
        let rebuilt = History::rebuild(history.start().clone(), history.moves(), &game).unwrap();
        assert_eq!(rebuilt.moves(), history.moves());
        let mut short = history.moves().to_vec();
        short.pop();
        assert_eq!(
            History::rebuild(history.start().clone(), &short, &game).unwrap_err(),
            HistoryError::Mismatch
        );
        let other = Game::new(Config::default(), 1);
        assert_eq!(
            History::rebuild(other, history.moves(), &game).unwrap_err(),
            HistoryError::OtherBoard
        );
        // A first move that changes nothing: the start's two tiles against one wall.
        let config = Config::new(3, 64).unwrap();
        let board = Board::from_rows(&[&[2, 4, 0], &[0; 3], &[0; 3]]);
        let start = Game::from_board(config, board, 1);
        assert_eq!(
            History::rebuild(start.clone(), &[Left], &start).unwrap_err(),
            HistoryError::NoChange(1)
        );
    }

    #[test]
    fn moves_pack_into_two_bits_each_and_damage_is_refused() {
        let moves: Vec<Direction> = (0..1001).map(|i| Direction::ALL[(i * i) % 4]).collect();
        let packed = pack_moves(&moves);
        assert_eq!(packed.len(), 251);
        assert_eq!(unpack_moves(&packed, moves.len()).unwrap(), moves);
        assert_eq!(unpack_moves(&packed, 1005), Err(HistoryError::Packing));
        assert_eq!(
            unpack_moves(&packed[..250], 1001),
            Err(HistoryError::Packing)
        );
        let mut stray = packed.clone();
        *stray.last_mut().unwrap() |= 0b1000_0000;
        assert_eq!(unpack_moves(&stray, 1001), Err(HistoryError::Packing));
        assert_eq!(unpack_moves(&[], 0), Ok(Vec::new()));
    }
}
