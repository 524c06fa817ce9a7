//! What the game keeps between runs, and where. Small JSON documents, each with a version: the
//! options (`options`), the best score per board size (`best`), and one game in progress per
//! board size and target (`game-4x4-2048`, …), so switching sizes loses nothing, each with the
//! moves that led to it (`undo-4x4-2048`: also the game's record, for replays and sharing), and
//! the last `MAX_GAMES` games played (`games`, for the history and statistics screens).
//!
//! The moves (the game's start and 2 bits a move) let undo reach back past a restart. They are
//! a document of their own, so no damage to them can cost the board: a history that does not
//! lead to the saved board (and is not the newer of the two: `documents`) is set aside like any
//! bad document, and undo starts where the game stands.
//!
//! Several windows and tabs share these documents (`store`: the lock and the claims; `merge`:
//! how their writes join; docs/saves.md), and `backup` carries all of them in one file.
//!
//! On the desktop each is a file in the platform's data folder, replaced atomically (written to
//! a temporary file in the same folder, synced, renamed over the old one). In the browser each
//! is a `localStorage` entry. [`Documents`] reads and writes them: a document that cannot be used
//! or cannot even be read is set aside (renamed, never overwritten) and reported, and one that
//! cannot be set aside either is left alone for the rest of the run; the other documents are
//! unaffected.

mod backup;
mod documents;
pub mod merge;
mod store;

use std::collections::BTreeMap;
use std::fmt;

pub use backup::{
    BACKUP_FORMAT, BACKUP_VERSION, Backup, BackupError, Damage, Import, ImportReport,
    MAX_BACKUP_BYTES, export, resume_import,
};
pub use documents::{Documents, Kept, Problem, SavedBoard, Synced};
pub use store::{Claim, ClaimHandle, ClaimState, Guard, MemoryStore, Refusal, Store, io_said};
#[cfg(not(target_arch = "wasm32"))]
pub use store::{FileStore, write_atomically};
#[cfg(target_arch = "wasm32")]
pub use store::{WebStore, web_locks};

use crate::i18n::Lang;
use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::rules::{
    Config, Game, History, MAX_CODE_CHARS, MAX_SAVED_SCORE, MAX_SAVED_TILE, PlayInfo, RestoreError,
    SavedGame, Shape, pack_moves, unpack_moves,
};

/// The format of every document. A document of another version is set aside, not guessed at.
pub const SAVE_VERSION: u32 = 1;
/// A game, the options and the best scores are a few hundred bytes; anything over this is
/// refused unread.
pub const MAX_DOCUMENT_BYTES: usize = 64 * 1024;
/// A history: about 300 bytes plus a byte for every 3 moves (2 bits a move in base64), so this
/// holds over 12 million moves.
pub const MAX_HISTORY_BYTES: usize = 4 * 1024 * 1024;

pub const OPTIONS_KEY: &str = "options";
pub const BEST_KEY: &str = "best";

/// The key of the game in progress for a board shape and target: `game-4x4-2048`, `game-3x8-2048`.
pub fn game_key(config: Config) -> String {
    board_key("game", config)
}

/// The key of the moves that led to that game.
pub fn history_key(config: Config) -> String {
    board_key("undo", config)
}

fn board_key(kind: &str, config: Config) -> String {
    let shape = config.shape();
    format!(
        "{kind}-{}x{}-{}",
        shape.rows(),
        shape.cols(),
        config.target()
    )
}

/// Light or dark; `System` follows the window's theme where the platform reports one. High
/// contrast is a dark theme of its own (the theme key leaves it for the light one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
    #[serde(rename = "high-contrast")]
    HighContrast,
}

impl ThemeChoice {
    /// Whether this choice shows the dark theme, on a system that is dark or not.
    pub fn is_dark(self, system_dark: bool) -> bool {
        match self {
            ThemeChoice::System => system_dark,
            ThemeChoice::Light => false,
            ThemeChoice::Dark | ThemeChoice::HighContrast => true,
        }
    }

    /// The choice after the theme key: always the other theme on screen, and "System" whenever
    /// that is what the system shows, so the key goes back to following the system.
    pub fn toggled(self, system_dark: bool) -> Self {
        let dark = !self.is_dark(system_dark);
        if dark == system_dark {
            ThemeChoice::System
        } else if dark {
            ThemeChoice::Dark
        } else {
            ThemeChoice::Light
        }
    }
}

/// How much moves animate: `System` follows the platform's reduced-motion setting where it
/// reports one (the browser's `prefers-reduced-motion`), else full.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MotionChoice {
    #[default]
    System,
    Full,
    Reduced,
    Off,
}

impl MotionChoice {
    pub const ALL: [MotionChoice; 4] = [
        MotionChoice::System,
        MotionChoice::Full,
        MotionChoice::Reduced,
        MotionChoice::Off,
    ];

    /// The next choice, round from Off to System (the options' M key).
    pub fn next(self) -> Self {
        let at = Self::ALL.iter().position(|&m| m == self).unwrap_or(0);
        Self::ALL[(at + 1) % Self::ALL.len()]
    }
}

/// The player's choices, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The board's shape (a number for a square board, as before rectangular ones).
    pub size: Shape,
    pub target: u32,
    #[serde(default)]
    pub theme: ThemeChoice,
    #[serde(default)]
    pub motion: MotionChoice,
    /// Whether the coach rates the player's moves.
    #[serde(default)]
    pub coach: bool,
    /// The language chosen; none: the system's. (Left out of the file while none, so an
    /// older build reads it; a language it does not know is read as none.)
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "known_language"
    )]
    pub language: Option<Lang>,
}

/// A language tag this build knows, or none (one a newer build offers, or a damaged one): the
/// options stay readable.
fn known_language<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
    let tag = Option::<String>::deserialize(d)?;
    Ok(tag
        .as_deref()
        .and_then(Lang::parse)
        .filter(|&lang| lang != Lang::Pseudo))
}

impl Default for Options {
    fn default() -> Self {
        let config = Config::default();
        Self {
            size: config.shape(),
            target: config.target(),
            theme: ThemeChoice::System,
            motion: MotionChoice::System,
            coach: false,
            language: None,
        }
    }
}

impl Options {
    /// The board these options ask for, if valid.
    pub fn config(&self) -> Option<Config> {
        Config::with_shape(self.size, self.target).ok()
    }
}

/// Best scores by board shape (a square board's key is its side, `"4"`, as before rectangular
/// boards; another's is `"4x6"`).
pub type BestScores = BTreeMap<Shape, u64>;

/// A document as stored: `{"version": 1, "data": …}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document<T> {
    version: u32,
    data: T,
}

/// The moves of a game as saved: the game before the first of them, how many there are, and
/// the moves packed 2 bits each (`rules::pack_moves`) in URL-safe base64.
#[derive(Serialize, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct SavedHistory {
    start: SavedGame,
    count: usize,
    moves: String,
    /// The seed the start came from (absent in saves from before games were recorded).
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    undos: u32,
    #[serde(default)]
    started_ms: u64,
    #[serde(default)]
    played_ms: u64,
    #[serde(default)]
    ai: bool,
}

/// Where the games played are kept.
pub const GAMES_KEY: &str = "games";
/// How many games the history keeps (the oldest go first).
pub const MAX_GAMES: usize = 500;
/// The games' document is kept under this size (a browser gives a page about 5 MB in all):
/// the oldest games go first. 500 games of 5,000 moves each take about 1 MB.
pub const MAX_GAMES_BYTES: usize = 3 * 1024 * 1024;

/// One game in the history: what the list and the statistics show, and its share code
/// (`rules::Record`) for the replay viewer.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PastGame {
    /// When it started, in milliseconds since 1970 (0: not known). With the seed, this tells
    /// one game from another.
    pub started_ms: u64,
    pub seed: u64,
    /// The board's shape (a number for a square board).
    pub size: Shape,
    pub target: u32,
    pub score: u64,
    pub best_tile: u32,
    pub moves: u32,
    pub undos: u32,
    pub played_ms: u64,
    pub ai: bool,
    /// It ended with no move left (otherwise it was replaced by another game).
    pub over: bool,
    pub code: String,
}

impl PastGame {
    /// The game as the history keeps it, if it can be recorded (its seed is known).
    pub fn of(game: &Game, history: &History) -> Option<Self> {
        let record = history.record()?;
        Some(Self {
            started_ms: history.info.started_ms,
            seed: record.seed,
            size: game.config().shape(),
            target: game.config().target(),
            score: game.score(),
            best_tile: game.board().max_tile(),
            moves: history.len() as u32,
            undos: history.undos(),
            played_ms: history.info.played_ms,
            ai: history.info.ai,
            over: game.status() == crate::rules::Status::Over,
            code: record.code(),
        })
    }

    /// The target was reached.
    pub fn won(&self) -> bool {
        self.best_tile >= self.target
    }

    /// The same game, perhaps further on.
    pub fn same_game(&self, other: &PastGame) -> bool {
        self.started_ms == other.started_ms && self.seed == other.seed
    }

    /// Whether its numbers can be a game's (the code itself is checked when it is opened).
    fn plausible(&self) -> bool {
        Config::with_shape(self.size, self.target).is_ok()
            && self.score <= MAX_SAVED_SCORE
            && self.best_tile <= MAX_SAVED_TILE
            && self.code.len() <= MAX_CODE_CHARS
    }
}

/// The games played, oldest first by start, each once (as `merge` keeps them; a list saved
/// in another order, by an earlier version, is put in that order).
pub fn parse_games(bytes: &[u8]) -> Result<Vec<PastGame>, LoadError> {
    let games: Vec<PastGame> = parse(bytes, MAX_GAMES_BYTES)?;
    check_games(&games)?;
    Ok(merge::merge_games(&games, &[]))
}

fn check_games(games: &[PastGame]) -> Result<(), LoadError> {
    match games.iter().position(|game| !game.plausible()) {
        Some(bad) => Err(LoadError::Impossible(format!(
            "game {} of the list",
            bad + 1
        ))),
        None => Ok(()),
    }
}

/// The newest `MAX_GAMES` games, as many as fit in `MAX_GAMES_BYTES`.
pub fn render_games(games: &[PastGame]) -> String {
    let mut games = games.to_vec();
    merge::cap_games(&mut games);
    render(&games)
}

#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// Why a stored document was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Empty,
    TooLarge,
    NotText,
    Version(u32),
    Corrupt(String),
    Impossible(String),
    Unreadable(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Empty => write!(f, "it is empty"),
            LoadError::TooLarge => write!(f, "it is larger than any save"),
            LoadError::NotText => write!(f, "it is not text"),
            LoadError::Version(v) => write!(f, "it is from another version ({v})"),
            LoadError::Corrupt(e) => write!(f, "it is damaged ({e})"),
            LoadError::Impossible(e) => write!(f, "it holds an impossible game ({e})"),
            LoadError::Unreadable(e) => write!(f, "it could not be read ({e})"),
        }
    }
}

/// The data of a document of this version, at most `limit` bytes. Never panics, whatever the
/// bytes.
fn parse<T: DeserializeOwned>(bytes: &[u8], limit: usize) -> Result<T, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    if bytes.len() > limit {
        return Err(LoadError::TooLarge);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| LoadError::NotText)?;
    let version: VersionOnly =
        serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    if version.version != SAVE_VERSION {
        return Err(LoadError::Version(version.version));
    }
    let document: Document<T> =
        serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    Ok(document.data)
}

fn render<T: Serialize>(data: T) -> String {
    serde_json::to_string(&Document {
        version: SAVE_VERSION,
        data,
    })
    .expect("save documents always serialise")
}

pub fn parse_game(bytes: &[u8]) -> Result<Game, LoadError> {
    let game: SavedGame = parse(bytes, MAX_DOCUMENT_BYTES)?;
    Game::restore(game).map_err(|e: RestoreError| LoadError::Impossible(e.to_string()))
}

pub fn render_game(game: &Game) -> String {
    render(game.save())
}

/// The saved moves, if they lead from their start to `game` (the saved game they go with).
pub fn parse_history(bytes: &[u8], game: &Game) -> Result<History, LoadError> {
    parse_saved_history(bytes)?.history_to(game)
}

fn parse_saved_history(bytes: &[u8]) -> Result<SavedHistory, LoadError> {
    parse(bytes, MAX_HISTORY_BYTES)
}

impl SavedHistory {
    /// The history, if its moves lead from its start to `game`.
    fn history_to(&self, game: &Game) -> Result<History, LoadError> {
        let (start, moves) = self.start_and_moves()?;
        // Every move adds one to the game's counter: any other count is refused before anything
        // is replayed.
        if (start.moves() as usize).checked_add(moves.len()) != Some(game.moves() as usize) {
            return Err(LoadError::Impossible(format!(
                "{} moves from move {} do not reach move {}",
                moves.len(),
                start.moves(),
                game.moves()
            )));
        }
        let history = History::rebuild(start, &moves, game).map_err(impossible)?;
        self.record_of(history)
    }

    /// The history and the game its moves reach from its start, on `config`'s board.
    fn replayed(&self, config: Config) -> Result<(History, Game), LoadError> {
        let (start, moves) = self.start_and_moves()?;
        if start.config() != config {
            return Err(LoadError::Impossible("its start is another board".into()));
        }
        let (history, game) = History::replay(start, &moves).map_err(impossible)?;
        Ok((self.record_of(history)?, game))
    }

    /// The game before the first move, and the moves (the count checked against the packed
    /// bytes before anything is allocated for it).
    fn start_and_moves(&self) -> Result<(Game, Vec<crate::rules::Direction>), LoadError> {
        let start = Game::restore(self.start.clone())
            .map_err(|e| LoadError::Impossible(format!("its start: {e}")))?;
        let packed = URL_SAFE_NO_PAD
            .decode(&self.moves)
            .map_err(|e| LoadError::Corrupt(format!("its moves: {e}")))?;
        let moves =
            unpack_moves(&packed, self.count).map_err(|e| LoadError::Impossible(e.to_string()))?;
        Ok((start, moves))
    }

    /// `history` with the seed, undos and play facts saved with it.
    fn record_of(&self, mut history: History) -> Result<History, LoadError> {
        if let Some(seed) = self.seed {
            history = history.with_seed(seed).map_err(impossible)?;
        }
        history.set_undos(self.undos);
        history.info = PlayInfo {
            started_ms: self.started_ms,
            played_ms: self.played_ms,
            last_move_ms: 0,
            ai: self.ai,
        };
        Ok(history)
    }

    fn of(history: &History) -> Self {
        SavedHistory {
            start: history.start().save(),
            count: history.len(),
            moves: URL_SAFE_NO_PAD.encode(pack_moves(history.moves())),
            seed: history.seed(),
            undos: history.undos(),
            started_ms: history.info.started_ms,
            played_ms: history.info.played_ms,
            ai: history.info.ai,
        }
    }
}

fn impossible(e: crate::rules::HistoryError) -> LoadError {
    LoadError::Impossible(e.to_string())
}

/// Which game a saved history is of (its start time and seed), read without its moves.
fn identity(bytes: &[u8]) -> Option<(u64, Option<u64>)> {
    #[derive(Deserialize)]
    struct Identity {
        #[serde(default)]
        seed: Option<u64>,
        #[serde(default)]
        started_ms: u64,
    }
    let identity: Identity = parse(bytes, MAX_HISTORY_BYTES).ok()?;
    Some((identity.started_ms, identity.seed))
}

pub fn render_history(history: &History) -> String {
    render(SavedHistory::of(history))
}

pub fn parse_best(bytes: &[u8]) -> Result<BestScores, LoadError> {
    let best: BestScores = parse(bytes, MAX_DOCUMENT_BYTES)?;
    if let Some((shape, _)) = best.iter().find(|(_, score)| **score > MAX_SAVED_SCORE) {
        return Err(LoadError::Impossible(format!(
            "a best score for the {shape} board"
        )));
    }
    Ok(best)
}

pub fn render_best(best: &BestScores) -> String {
    render(best)
}

pub fn parse_options(bytes: &[u8]) -> Result<Options, LoadError> {
    let options: Options = parse(bytes, MAX_DOCUMENT_BYTES)?;
    match options.config() {
        Some(_) => Ok(options),
        None => Err(LoadError::Impossible(format!(
            "size {} with target {}",
            options.size, options.target
        ))),
    }
}

pub fn render_options(options: &Options) -> String {
    render(*options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_key_shows_the_other_theme_and_comes_back_to_the_system() {
        use ThemeChoice::*;
        for system_dark in [false, true] {
            for choice in [System, Light, Dark, HighContrast] {
                let next = choice.toggled(system_dark);
                assert_ne!(next.is_dark(system_dark), choice.is_dark(system_dark));
                // Two presses show the theme of before; from the system, they come back to it.
                let again = next.toggled(system_dark);
                assert_eq!(again.is_dark(system_dark), choice.is_dark(system_dark));
                if choice == System {
                    assert_eq!(again, System);
                }
            }
        }
    }

    fn past(n: usize, code_chars: usize) -> PastGame {
        PastGame {
            started_ms: n as u64,
            seed: n as u64,
            size: Shape::square(4),
            target: 2048,
            score: 100,
            best_tile: 64,
            moves: 10,
            undos: 0,
            played_ms: 1000,
            ai: false,
            over: true,
            code: "A".repeat(code_chars),
        }
    }

    #[test]
    fn the_history_of_games_keeps_the_newest_within_its_caps() {
        let games: Vec<PastGame> = (0..600).map(|n| past(n, 300)).collect();
        let kept = parse_games(render_games(&games).as_bytes()).unwrap();
        assert_eq!(kept.len(), MAX_GAMES);
        assert_eq!(kept.first(), games.get(100), "the oldest go first");
        // Games of 30,000-character codes (about 90,000 moves each): fewer fit in the cap.
        let long: Vec<PastGame> = (0..200).map(|n| past(n, 30_000)).collect();
        let text = render_games(&long);
        assert!(text.len() <= MAX_GAMES_BYTES, "{} bytes", text.len());
        let kept = parse_games(text.as_bytes()).unwrap();
        assert!(kept.len() > 90 && kept.len() < 200, "{} games", kept.len());
        assert_eq!(kept.last(), long.last());
        // An entry no game could have makes the document unusable (it is then set aside).
        let mut bad = games[..3].to_vec();
        bad[1].target = 12;
        let refused = parse_games(render_games(&bad).as_bytes());
        assert!(
            matches!(refused, Err(LoadError::Impossible(_))),
            "{refused:?}"
        );
        // So does a board of no shape the game has.
        let text = render_games(&games[..3]).replacen("\"size\":4", "\"size\":12", 1);
        let refused = parse_games(text.as_bytes());
        assert!(matches!(refused, Err(LoadError::Corrupt(_))), "{refused:?}");
    }
}
