//! A whole game as a record, and the share code that carries it.
//!
//! A game is deterministic from its seed and its moves (spawns come from the seeded RNG), so a
//! record is the board's shape, the target, the seed, the moves that stand and how many undos
//! were used. The share code is that record as URL-safe text:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | version: 1 for a square board, `CODE_VERSION` (2) for another shape |
//! | 1 | version 1: the board's side, 3 to 8; version 2: rows × 16 + columns |
//! | 1 | target as a power of two (11 for 2048) |
//! | 8 | seed, little-endian |
//! | 4 | undos used, little-endian |
//! | 4 | number of moves, little-endian, at most `MAX_CODE_MOVES` |
//! | ⌈n/4⌉ | the moves, 2 bits each (`pack_moves`) |
//! | 4 | CRC-32 of every byte before it, little-endian |
//!
//! in base64url without padding: 4/3 of a character a byte, so 2.67 bits a move for a long
//! game plus 31 characters (a 1,000-move game is 364 characters, a 10,000-move one 3,364).
//! Decoding checks the text, the checksum, the version, the board and every move before a code
//! is ever shown, and says what was wrong.
//!
//! A square board's code is version 1, byte for byte what it was before rectangular boards, so
//! codes made before still open and a square game's code reads on older builds too; only the
//! other shapes need version 2, whose second byte holds both sides (each fits in 4 bits).
//!
//! A ranked game's tiles come from a keyed stream, not a seed (`Stream`, docs/server.md), so its
//! code is version 3 (`KEYED_VERSION`) and names its generator:
//!
//! | bytes | what |
//! |---|---|
//! | 1 | version: 3 |
//! | 1 | rows × 16 + columns |
//! | 1 | target as a power of two |
//! | 1 | generator: 1 for ChaCha20 (the only one so far; another is refused) |
//! | 32 | the key (the day's secret, published when the day ends) |
//! | 8 | the stream (the game's number), little-endian |
//! | 4 + 4 + ⌈n/4⌉ + 4 | undos, moves and checksum, as above |

use std::fmt;

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};

use super::board::{Direction, Shape};
use super::game::{Config, ConfigError, Game, Stream};
use super::undo_history::{History, HistoryError, pack_moves, unpack_moves};
use crate::i18n::{Said, Words};
use crate::said;

/// The code's format for a board that is not square; square boards keep `SQUARE_VERSION`'s.
/// A code of any other version is refused.
pub const CODE_VERSION: u8 = 2;
/// The format of a square board's code (the first format).
pub const SQUARE_VERSION: u8 = 1;
/// The format of a game dealt from a keyed stream (the ranked daily).
pub const KEYED_VERSION: u8 = 3;
/// The keyed code's generator byte: ChaCha20 (`rules::KeyedDealer`).
const CHACHA20: u8 = 1;
/// The keyed code's bytes before the moves: version, shape, target, generator, key, stream,
/// undos, count.
const KEYED_HEADER_BYTES: usize = 4 + 32 + 8 + 8;
/// The longest game a code may carry.
pub const MAX_CODE_MOVES: usize = 100_000;
/// Bytes before the moves, and the checksum after them.
const HEADER_BYTES: usize = 19;
const CHECKSUM_BYTES: usize = 4;
/// The longest text that can hold a code (`MAX_CODE_MOVES` moves), with room for a link around
/// it: anything longer is refused before it is decoded.
pub const MAX_CODE_CHARS: usize = 40_000;
/// What precedes a code in a link (`…/#replay=CODE`).
pub const LINK_MARK: &str = "replay=";

/// A whole game: replaying `moves` from `Game::new(config, seed)` plays it again, spawns
/// included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub config: Config,
    /// The seed of the game's xoshiro256++ (0 when `stream` deals instead).
    pub seed: u64,
    /// The keyed stream the tiles come from, for a ranked game; `seed` is unused then.
    pub stream: Option<Stream>,
    pub moves: Vec<Direction>,
    pub undos: u32,
}

/// Why a text is not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong(usize),
    /// Not base64url text.
    Text,
    /// Too short to hold a record, or the moves are cut short.
    Short,
    Checksum,
    Version(u8),
    /// A keyed code names a generator this build does not know.
    Generator(u8),
    Config(ConfigError),
    TooManyMoves(u64),
    /// The moves could not be played (e.g. one would not change the board).
    Moves(HistoryError),
}

impl CodeError {
    /// Why, in the player's words.
    pub fn said(&self) -> Said {
        match self {
            CodeError::Empty => said!("error-code-empty"),
            CodeError::TooLong(n) => {
                said!("error-code-too-long", length = *n, max = MAX_CODE_CHARS)
            }
            CodeError::Text => said!("error-code-text"),
            CodeError::Short => said!("error-code-short"),
            CodeError::Checksum => said!("error-code-checksum"),
            CodeError::Version(v) => said!(
                "error-code-version",
                version = *v,
                first = SQUARE_VERSION,
                last = KEYED_VERSION
            ),
            CodeError::Generator(g) => said!("error-code-generator", generator = *g),
            CodeError::Config(e) => said!("error-code-config", reason = e.said()),
            CodeError::TooManyMoves(n) => {
                said!(
                    "error-code-too-many-moves",
                    moves = *n,
                    max = MAX_CODE_MOVES
                )
            }
            CodeError::Moves(e) => said!("error-code-moves", reason = e.said()),
        }
    }
}

impl fmt::Display for CodeError {
    /// In English (the command line's and the log's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(&self.said()))
    }
}

impl std::error::Error for CodeError {}

/// A game's record is made here, where records are, rather than in history.rs: a history knows
/// nothing of records, and a record knows how to play back into a history (`Record::replay`).
impl History {
    /// The whole game as a record, if its seed (or, for a ranked game, its stream) is known.
    pub fn record(&self) -> Option<Record> {
        if self.seed().is_none() && self.stream().is_none() {
            return None;
        }
        Some(Record {
            config: self.start().config(),
            seed: self.seed().unwrap_or(0),
            stream: self.stream(),
            moves: self.moves().to_vec(),
            undos: self.undos(),
        })
    }
}

impl Record {
    /// The game before the first move.
    pub fn start(&self) -> Game {
        match self.stream {
            Some(stream) => Game::from_stream(self.config, stream),
            None => Game::new(self.config, self.seed),
        }
    }

    /// A new game dealt as this one was (from its seed or its stream), no move made yet: the
    /// player's game in a race against this one.
    pub fn new_game(&self) -> (Game, History) {
        match self.stream {
            Some(stream) => History::keyed(self.config, stream),
            None => History::seeded(self.config, self.seed),
        }
    }

    /// Plays every move: the history (each position on demand, `History::game_after`) and the
    /// final game.
    pub fn replay(&self) -> Result<(History, Game), HistoryError> {
        let (history, game) = History::replay(self.start(), &self.moves)?;
        let mut history = match self.stream {
            Some(stream) => history.with_stream(stream)?,
            None => history.with_seed(self.seed)?,
        };
        history.set_undos(self.undos);
        Ok((history, game))
    }

    /// The share code.
    pub fn code(&self) -> String {
        let mut bytes = Vec::with_capacity(HEADER_BYTES + self.moves.len() / 4 + 5);
        let shape = self.config.shape();
        if let Some(stream) = self.stream {
            bytes.push(KEYED_VERSION);
            bytes.push((shape.rows() * 16 + shape.cols()) as u8);
            bytes.push(self.config.target().trailing_zeros() as u8);
            bytes.push(CHACHA20);
            bytes.extend_from_slice(&stream.key);
            bytes.extend_from_slice(&stream.id.to_le_bytes());
        } else if shape.is_square() {
            bytes.push(SQUARE_VERSION);
            bytes.push(shape.rows() as u8);
        } else {
            bytes.push(CODE_VERSION);
            bytes.push((shape.rows() * 16 + shape.cols()) as u8);
        }
        if self.stream.is_none() {
            bytes.push(self.config.target().trailing_zeros() as u8);
            bytes.extend_from_slice(&self.seed.to_le_bytes());
        }
        bytes.extend_from_slice(&self.undos.to_le_bytes());
        bytes.extend_from_slice(&(self.moves.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&pack_moves(&self.moves));
        let checksum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The record in a code, or in a link holding one (`…#replay=CODE`), spaces around it
    /// ignored. Its moves are checked by playing them: every one must change the board.
    pub fn decode(text: &str) -> Result<(Self, History, Game), CodeError> {
        let record = Self::parse(text)?;
        let (history, game) = record.replay().map_err(CodeError::Moves)?;
        Ok((record, history, game))
    }

    /// The record in a code, its moves not yet played.
    pub fn parse(text: &str) -> Result<Self, CodeError> {
        if text.len() > MAX_CODE_CHARS {
            return Err(CodeError::TooLong(text.chars().count()));
        }
        let text = match text.rfind(LINK_MARK) {
            Some(at) => &text[at + LINK_MARK.len()..],
            None => text,
        };
        let text = text.trim();
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| CodeError::Text)?;
        if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES {
            return Err(CodeError::Short);
        }
        let (body, sum) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
        if crc32fast::hash(body).to_le_bytes() != sum {
            return Err(CodeError::Checksum);
        }
        let u32_at = |at: usize| u32::from_le_bytes(body[at..at + 4].try_into().expect("4 bytes"));
        let side = body[1] as usize;
        if body[0] == KEYED_VERSION {
            return Self::parse_keyed(body);
        }
        let shape = match body[0] {
            SQUARE_VERSION => Config::check_size(side).map(Shape::square),
            // A square board's code is version 1 only, so each game has one code.
            CODE_VERSION => Config::check_shape(side >> 4, side & 15).and_then(|shape| {
                if shape.is_square() {
                    Err(ConfigError::Size(side))
                } else {
                    Ok(shape)
                }
            }),
            version => return Err(CodeError::Version(version)),
        }
        .map_err(CodeError::Config)?;
        let target = 1u32
            .checked_shl(u32::from(body[2]))
            .ok_or(CodeError::Config(ConfigError::Target(0)))?;
        let config = Config::with_shape(shape, target).map_err(CodeError::Config)?;
        let seed = u64::from_le_bytes(body[3..11].try_into().expect("8 bytes"));
        let undos = u32_at(11);
        let count = u32_at(15) as usize;
        if count > MAX_CODE_MOVES {
            return Err(CodeError::TooManyMoves(count as u64));
        }
        let moves = unpack_moves(&body[HEADER_BYTES..], count).map_err(|_| CodeError::Short)?;
        Ok(Self {
            config,
            seed,
            stream: None,
            moves,
            undos,
        })
    }

    /// A keyed code's body (its checksum already checked).
    fn parse_keyed(body: &[u8]) -> Result<Self, CodeError> {
        if body.len() < KEYED_HEADER_BYTES {
            return Err(CodeError::Short);
        }
        let side = body[1] as usize;
        let shape = Config::check_shape(side >> 4, side & 15).map_err(CodeError::Config)?;
        let target = 1u32
            .checked_shl(u32::from(body[2]))
            .ok_or(CodeError::Config(ConfigError::Target(0)))?;
        let config = Config::with_shape(shape, target).map_err(CodeError::Config)?;
        if body[3] != CHACHA20 {
            return Err(CodeError::Generator(body[3]));
        }
        let key: [u8; 32] = body[4..36].try_into().expect("32 bytes");
        let id = u64::from_le_bytes(body[36..44].try_into().expect("8 bytes"));
        let u32_at = |at: usize| u32::from_le_bytes(body[at..at + 4].try_into().expect("4 bytes"));
        let undos = u32_at(44);
        let count = u32_at(48) as usize;
        if count > MAX_CODE_MOVES {
            return Err(CodeError::TooManyMoves(count as u64));
        }
        let moves =
            unpack_moves(&body[KEYED_HEADER_BYTES..], count).map_err(|_| CodeError::Short)?;
        Ok(Self {
            config,
            seed: 0,
            stream: Some(Stream { key, id }),
            moves,
            undos,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Status;

    /// Plays `game` on by a fixed pattern for `n` moves (or fewer, if it ends): the moves.
    fn play_pattern(game: &mut Game, n: usize) -> Vec<Direction> {
        let mut moves = Vec::new();
        let mut i = 0usize;
        while moves.len() < n && game.status() != Status::Over {
            if game.status() == Status::Won {
                game.keep_going();
                continue;
            }
            i += 1;
            let direction = Direction::ALL[(i * 7 + i / 5) % 4];
            if game.play(direction).is_some_and(|t| t.plan.moved) {
                moves.push(direction);
            }
        }
        moves
    }

    /// A game of `n` moves (or fewer, if it ends), played by a fixed pattern.
    fn played(config: Config, seed: u64, n: usize) -> Record {
        let moves = play_pattern(&mut Game::new(config, seed), n);
        Record {
            stream: None,
            config,
            seed,
            moves,
            undos: 3,
        }
    }

    #[test]
    fn a_code_decodes_to_its_record_and_replays_to_its_game() {
        let record = played(Config::new(8, 2048).unwrap(), 42, 1000);
        assert_eq!(record.moves.len(), 1000);
        let code = record.code();
        assert_eq!(code.len(), 364, "1,000 moves");
        let (decoded, history, _) = Record::decode(&code).unwrap();
        assert_eq!(decoded, record);
        assert_eq!(history.record(), Some(record.clone()));
        let link = format!("https://example.org/2048/#{LINK_MARK}{code}\n");
        assert_eq!(Record::parse(&link).unwrap(), record);
    }

    #[test]
    fn each_kind_of_bad_code_says_what_is_wrong() {
        let record = played(Config::new(4, 2048).unwrap(), 7, 40);
        let code = record.code();
        let bytes = URL_SAFE_NO_PAD.decode(&code).unwrap();
        let resum = |mut body: Vec<u8>| {
            body.truncate(body.len() - CHECKSUM_BYTES);
            let sum = crc32fast::hash(&body);
            body.extend_from_slice(&sum.to_le_bytes());
            URL_SAFE_NO_PAD.encode(body)
        };
        let with = |at: usize, value: u8| {
            let mut body = bytes.clone();
            body[at] = value;
            resum(body)
        };
        assert_eq!(Record::parse(""), Err(CodeError::Empty));
        assert_eq!(Record::parse("  \n"), Err(CodeError::Empty));
        assert_eq!(Record::parse("not a code!"), Err(CodeError::Text));
        assert_eq!(Record::parse(&code[..10]), Err(CodeError::Short));
        let flipped = format!(
            "{}{}",
            &code[..20],
            if &code[20..21] == "A" { "B" } else { "A" }
        );
        let flipped = flipped + &code[21..];
        assert_eq!(Record::parse(&flipped), Err(CodeError::Checksum));
        assert_eq!(Record::parse(&with(0, 4)), Err(CodeError::Version(4)));
        assert_eq!(
            Record::parse(&with(1, 9)),
            Err(CodeError::Config(ConfigError::Size(9)))
        );
        assert_eq!(
            Record::parse(&with(2, 2)),
            Err(CodeError::Config(ConfigError::Target(4)))
        );
        assert!(matches!(
            Record::parse(&with(2, 200)),
            Err(CodeError::Config(_))
        ));
        let mut many = bytes.clone();
        many[15..19].copy_from_slice(&200_000u32.to_le_bytes());
        assert_eq!(
            Record::parse(&resum(many)),
            Err(CodeError::TooManyMoves(200_000))
        );
        let mut more = bytes.clone();
        more[15..19].copy_from_slice(&44u32.to_le_bytes());
        assert_eq!(Record::parse(&resum(more)), Err(CodeError::Short));
        assert!(matches!(
            Record::parse(&"A".repeat(MAX_CODE_CHARS + 1)),
            Err(CodeError::TooLong(_))
        ));
        // A forged move: the first one repeated until one no longer changes the board.
        let forged = Record {
            moves: vec![Direction::Left; 40],
            ..record.clone()
        };
        assert!(matches!(
            Record::decode(&forged.code()),
            Err(CodeError::Moves(HistoryError::NoChange(_)))
        ));
    }

    #[test]
    fn ten_thousand_moves_take_3364_characters() {
        let record = Record {
            stream: None,
            config: Config::default(),
            seed: 1,
            moves: vec![Direction::Up; 10_000],
            undos: 0,
        };
        assert_eq!(record.code().len(), 3364);
    }

    /// A game dealt from a keyed stream, played by the fixed pattern.
    fn keyed(stream: Stream, n: usize) -> (Record, Game) {
        let config = Config::default();
        let mut game = Game::from_stream(config, stream);
        let moves = play_pattern(&mut game, n);
        let record = Record {
            config,
            seed: 0,
            stream: Some(stream),
            moves,
            undos: 0,
        };
        (record, game)
    }

    #[test]
    fn a_keyed_code_names_its_generator_and_replays_to_its_game() {
        let stream = Stream {
            key: [7; 32],
            id: 12345,
        };
        let (record, game) = keyed(stream, 300);
        let code = record.code();
        // 52 bytes before the moves, 2 bits a move, 4 of checksum, in base64 without padding.
        let bytes = KEYED_HEADER_BYTES + record.moves.len().div_ceil(4) + 4;
        assert_eq!(code.len(), (bytes * 4).div_ceil(3));
        let (decoded, history, replayed) = Record::decode(&code).unwrap();
        assert_eq!(decoded, record);
        assert_eq!(replayed.save(), game.save());
        assert_eq!(replayed.score(), game.score());
        assert_eq!(history.record(), Some(record.clone()));
        // Another stream of the same key deals another game, and the same moves do not fit it.
        let other = Stream {
            id: 12346,
            ..stream
        };
        assert_ne!(
            Game::from_stream(Config::default(), other).save().tiles,
            Game::from_stream(Config::default(), stream).save().tiles
        );
        let moved = Record {
            stream: Some(other),
            ..record.clone()
        };
        assert!(matches!(
            Record::decode(&moved.code()),
            Err(CodeError::Moves(_))
        ));
        // A generator this build does not know is refused by name.
        let mut bytes = URL_SAFE_NO_PAD.decode(&code).unwrap();
        bytes[3] = 2;
        let body = bytes.len() - CHECKSUM_BYTES;
        let sum = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            Record::parse(&URL_SAFE_NO_PAD.encode(&bytes)),
            Err(CodeError::Generator(2))
        );
    }

    #[test]
    fn a_keyed_game_saves_and_restores_its_place_in_the_stream() {
        let stream = Stream {
            key: [9; 32],
            id: 1,
        };
        let (_, game) = keyed(stream, 50);
        let saved = game.save();
        let text = serde_json::to_string(&saved).unwrap();
        assert!(text.contains("\"stream\":1"), "{text}");
        let back: crate::rules::SavedGame = serde_json::from_str(&text).unwrap();
        let mut a = Game::restore(back).unwrap();
        let mut b = game.clone();
        for direction in Direction::ALL.iter().cycle().take(40) {
            a.play(*direction);
            b.play(*direction);
        }
        assert_eq!(a.save(), b.save());
        // A seeded game's save is as it was before keyed dealers: `"rng":{"s":[..]}`.
        let seeded = serde_json::to_string(&Game::new(Config::default(), 5).save()).unwrap();
        assert!(seeded.contains("\"rng\":{\"s\":["), "{seeded}");
    }
}
