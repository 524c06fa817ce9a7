//! What the game keeps between runs, and where. Small JSON documents, each with a version: the
//! options (`options`), the best score per board size (`best`), and one game in progress per
//! board size and target (`game-4x4-2048`, …), so switching sizes loses nothing, each with the
//! moves that led to it (`undo-4x4-2048`: also the game's record, for replays and sharing), and
//! every game played (`games`, for the history and statistics screens).
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
//! is an IndexedDB entry (`idb`). What a build reads and writes back of a document it does not wholly
//! understand is `format`'s rule; [`Documents`] reads and writes them so that nothing a player
//! kept is lost: a later version's document is read and left as it is, one that cannot be read
//! now is read again later, only a damaged one is set aside (kept) and rebuilt where it can be.

mod backup;
mod documents;
mod format;
#[cfg(target_arch = "wasm32")]
mod idb;
#[cfg(any(target_arch = "wasm32", test))]
mod journal;
pub mod merge;
mod store;

use std::collections::BTreeMap;
use std::fmt;

pub use backup::{
    BACKUP_FORMAT, BACKUP_VERSION, Backup, BackupError, Damage, Import, ImportReport,
    MAX_BACKUP_BYTES, carry_over, export, resume_import,
};
pub use documents::{Documents, Kept, Problem, SavedBoard, Slot, Synced};
pub use format::{
    BestDoc, GamesDoc, OptionsDoc, RankedAccount, RankedDoc, Read, read_best, read_games,
    read_options, read_ranked,
};
#[cfg(target_arch = "wasm32")]
pub use idb::{IdbStore, StoreEvent};
pub use store::{Claim, ClaimHandle, ClaimState, Guard, MemoryStore, Refusal, Store, io_said};
#[cfg(not(target_arch = "wasm32"))]
pub use store::{FileStore, write_atomically};
#[cfg(target_arch = "wasm32")]
pub use store::{WebStore, web_locks};

use crate::i18n::Lang;
use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize};

use crate::rules::{
    Config, Game, History, MAX_CODE_CHARS, MAX_SAVED_SCORE, PlayInfo, RestoreError, SavedGame,
    Shape, pack_moves, reachable_tile, unpack_moves,
};

/// The format of every document (`format`: what a later version may add, and what it means
/// to raise this).
pub const SAVE_VERSION: u32 = 1;
/// A game, the options and the best scores are a few hundred bytes; anything over this is
/// left unread (and unwritten).
pub const MAX_DOCUMENT_BYTES: usize = 64 * 1024;
/// A board's moves: about 300 bytes plus a byte for every 3 moves (2 bits a move in base64), so
/// this holds over 12 million moves.
pub const MAX_HISTORY_BYTES: usize = 4 * 1024 * 1024;

pub const OPTIONS_KEY: &str = "options";
pub const BEST_KEY: &str = "best";
/// The player's accounts on ranked servers, and the desktop's server (`format::RankedDoc`).
pub const RANKED_KEY: &str = "ranked";

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
/// contrast is a dark theme of its own (the theme key steps to it after dark, and from it to light).
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

    /// The choice after the theme key: the next look on screen, light, dark, high contrast and
    /// round again; "System" whenever that look is the system's (light or dark), so the key goes
    /// back to following the system. Three presses come back to the look of before.
    pub fn next(self, system_dark: bool) -> Self {
        let light_or_dark = |dark: bool| {
            if dark == system_dark {
                ThemeChoice::System
            } else if dark {
                ThemeChoice::Dark
            } else {
                ThemeChoice::Light
            }
        };
        match self {
            ThemeChoice::HighContrast => light_or_dark(false),
            _ if self.is_dark(system_dark) => ThemeChoice::HighContrast,
            _ => light_or_dark(true),
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

/// The player's choices, remembered between runs (read field by field: `format::OptionsDoc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The language chosen; none: the system's. (Left out of the file while none; a language
    /// this build does not know is read as none, and kept in the file.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Lang>,
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

/// The fields of a board's moves as saved (one more, from a later build, leaves them as they
/// are).
const SAVED_HISTORY_FIELDS: [&str; 8] = [
    "start",
    "count",
    "moves",
    "seed",
    "undos",
    "started_ms",
    "played_ms",
    "ai",
];
/// The fields of a board's game as saved.
const SAVED_GAME_FIELDS: [&str; 8] = [
    "size", "target", "tiles", "score", "moves", "won", "status", "rng",
];

/// Where the games played are kept.
pub const GAMES_KEY: &str = "games";
/// The history keeps every game: this is only where its document is no longer read (and so
/// never written over), 256 MiB, about 500,000 games of 1,000 moves.
pub const MAX_GAMES_BYTES: usize = 256 * 1024 * 1024;

/// One game in the history: what the list and the statistics show, and its share code
/// (`rules::Record`) for the replay viewer.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
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
    /// What a later build wrote in this entry that this one does not know, kept as it was
    /// (written after the fields above; read by `format::GamesDoc`, not by serde's flatten,
    /// whose buffering added to the .wasm).
    #[serde(flatten, skip_deserializing)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// The fields of a history entry this build knows (`PastGame`'s, as written).
pub(crate) const PAST_GAME_FIELDS: [&str; 12] = [
    "started_ms",
    "seed",
    "size",
    "target",
    "score",
    "best_tile",
    "moves",
    "undos",
    "played_ms",
    "ai",
    "over",
    "code",
];

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
            extra: serde_json::Map::new(),
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
    pub(crate) fn plausible(&self) -> bool {
        Config::with_shape(self.size, self.target).is_ok()
            && self.score <= MAX_SAVED_SCORE
            && self.best_tile <= reachable_tile(self.size)
            && self.code.len() <= MAX_CODE_CHARS
    }
}

/// The games of a history document this build reads wholly (tests and tools; the game reads
/// through `Documents`, which keeps what it does not know).
pub fn parse_games(bytes: &[u8]) -> Result<Vec<PastGame>, LoadError> {
    let read = read_games(bytes, MAX_GAMES_BYTES)?;
    match read.newer {
        Some(version) => Err(LoadError::Newer(version)),
        None => Ok(read.doc.games),
    }
}

/// A history document holding `games`.
pub fn render_games(games: &[PastGame]) -> String {
    GamesDoc {
        games: merge::merge_games(games, &[]),
        ..GamesDoc::default()
    }
    .render()
}

/// Why a stored document was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Empty,
    TooLarge,
    NotText,
    /// Not JSON, cut short, or not what the document holds: damaged.
    Corrupt(String),
    /// Written by a later version (this build writes nothing over it).
    Newer(u32),
    /// A board's document holding a field this build does not know (`format`): a later
    /// build's, left as it is.
    Foreign(String),
    Impossible(String),
}

impl LoadError {
    /// Whether the document is damaged (set aside, kept, and rebuilt where it can be), rather
    /// than one this build must leave as it is.
    pub fn damaged(&self) -> bool {
        matches!(
            self,
            LoadError::NotText | LoadError::Corrupt(_) | LoadError::Impossible(_)
        )
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Empty => write!(f, "it is empty"),
            LoadError::TooLarge => write!(f, "it is larger than any save"),
            LoadError::NotText => write!(f, "it is not text"),
            LoadError::Corrupt(e) => write!(f, "it is damaged ({e})"),
            LoadError::Newer(v) => write!(f, "a newer version wrote it (version {v})"),
            LoadError::Foreign(field) => {
                write!(f, "it holds `{field}`, which this version does not know")
            }
            LoadError::Impossible(e) => write!(f, "it holds an impossible game ({e})"),
        }
    }
}

fn render<T: Serialize>(data: T) -> String {
    format::wrap(&data, &serde_json::Map::new())
}

/// A board's game, checked as the rules check any game.
pub fn parse_game(bytes: &[u8]) -> Result<Game, LoadError> {
    let game: SavedGame = format::board_data(bytes, MAX_DOCUMENT_BYTES, &SAVED_GAME_FIELDS)?;
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
    format::board_data(bytes, MAX_HISTORY_BYTES, &SAVED_HISTORY_FIELDS)
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

pub fn render_history(history: &History) -> String {
    render(SavedHistory::of(history))
}

/// The best scores of a document this build reads wholly (tests and tools).
pub fn parse_best(bytes: &[u8]) -> Result<BestScores, LoadError> {
    let read = read_best(bytes, MAX_DOCUMENT_BYTES)?;
    match read.newer {
        Some(version) => Err(LoadError::Newer(version)),
        None if !read.doc.other.is_empty() => Err(LoadError::Impossible(format!(
            "a best score of {}",
            read.doc
                .other
                .keys()
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        None => Ok(read.doc.best),
    }
}

pub fn render_best(best: &BestScores) -> String {
    BestDoc {
        best: best.clone(),
        ..BestDoc::default()
    }
    .render()
}

/// The options of a document of this version (tests, tools, a backup's check): refused when
/// it names a board no rule allows. (The game reads any options document: `OptionsDoc`.)
pub fn parse_options(bytes: &[u8]) -> Result<Options, LoadError> {
    let read = read_options(bytes, MAX_DOCUMENT_BYTES)?;
    if let Some(version) = read.newer {
        return Err(LoadError::Newer(version));
    }
    let options = read.doc.options();
    let written = OptionsDoc::of(&options).fields;
    let board = ["size", "target"];
    if !board
        .iter()
        .all(|name| read.doc.fields.get(*name) == written.get(*name))
    {
        return Err(LoadError::Impossible(format!(
            "size {} with target {}",
            read.doc
                .fields
                .get("size")
                .unwrap_or(&serde_json::Value::Null),
            read.doc
                .fields
                .get("target")
                .unwrap_or(&serde_json::Value::Null)
        )));
    }
    Ok(options)
}

pub fn render_options(options: &Options) -> String {
    OptionsDoc::of(options).render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_key_steps_through_every_look_and_comes_back_to_the_system() {
        use ThemeChoice::*;
        // What is on screen: light, dark or high contrast.
        let look = |choice: ThemeChoice, system_dark: bool| match choice {
            HighContrast => 2,
            _ => usize::from(choice.is_dark(system_dark)),
        };
        for system_dark in [false, true] {
            for choice in [System, Light, Dark, HighContrast] {
                let mut now = choice;
                let mut seen = Vec::new();
                for _ in 0..3 {
                    now = now.next(system_dark);
                    seen.push(look(now, system_dark));
                }
                // Each press shows the next look, and three show them all.
                let first = look(choice, system_dark);
                assert_eq!(
                    seen,
                    [(first + 1) % 3, (first + 2) % 3, first],
                    "{choice:?}"
                );
                // The system's own look is always "System" after the key.
                if choice != HighContrast && (choice.is_dark(system_dark) == system_dark) {
                    assert_eq!(now, System, "{choice:?} on a dark system: {system_dark}");
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
            extra: Default::default(),
        }
    }

    #[test]
    fn the_history_keeps_every_game_and_every_entry_it_cannot_read() {
        let games: Vec<PastGame> = (0..600).map(|n| past(n, 300)).collect();
        let kept = parse_games(render_games(&games).as_bytes()).unwrap();
        assert_eq!(kept, games, "no cap: every game, oldest first");
        // An entry no game could have, one of a board this build lacks, and one with a field
        // of a later build: the first two are kept as they were, unread; the third is read.
        let mut doc: serde_json::Value = serde_json::from_str(&render_games(&games[..4])).unwrap();
        doc["data"][0]["target"] = 12.into();
        doc["data"][1]["size"] = 12.into();
        doc["data"][2]["mode"] = "zen".into();
        let text = doc.to_string();
        let read = read_games(text.as_bytes(), MAX_GAMES_BYTES).unwrap();
        assert_eq!(read.newer, None);
        assert_eq!(read.doc.other.len(), 2, "{:?}", read.doc.other);
        assert_eq!(read.doc.games.len(), 2);
        assert_eq!(read.doc.games[0].extra["mode"], "zen");
        let again = read_games(read.doc.render().as_bytes(), MAX_GAMES_BYTES).unwrap();
        assert_eq!(again.doc, read.doc, "written back as read");
        // A document cut short keeps every entry before the cut.
        let whole = render_games(&games[..40]);
        let recovered = GamesDoc::recovered(&whole.as_bytes()[..whole.len() - 200]);
        assert_eq!(recovered.games, games[..39]);
    }
}
