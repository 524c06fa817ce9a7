//! What the game keeps between runs, and where. Small JSON documents, each with a version: the
//! options (`options`), the best score per board size (`best`), and one game in progress per
//! board size and target (`game-4x4-2048`, …), so switching sizes loses nothing, each with the
//! moves that led to it (`undo-4x4-2048`: also the game's record, for replays and sharing), and
//! the last `MAX_GAMES` games played (`games`, for the history and statistics screens).
//!
//! The moves (the game's start and 2 bits a move) let undo reach back past a restart. They are
//! a document of their own, so no damage to them can cost the board: a history that does not
//! lead to the saved board is set aside like any bad document, and undo starts where the game
//! stands.
//!
//! On the desktop each is a file in the platform's data folder, replaced atomically (written to
//! a temporary file in the same folder, synced, renamed over the old one). In the browser each
//! is a `localStorage` entry. [`Documents`] reads and writes them: a document that cannot be used
//! or cannot even be read is set aside (renamed, never overwritten) and reported, and one that
//! cannot be set aside either is left alone for the rest of the run; the other documents are
//! unaffected.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::rules::{
    Config, Game, History, MAX_CODE_CHARS, MAX_SAVED_SCORE, MAX_SAVED_TILE, PlayInfo, RestoreError,
    SavedGame, pack_moves, unpack_moves,
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

/// The key of the game in progress for a board size and target.
pub fn game_key(config: Config) -> String {
    format!("game-{0}x{0}-{1}", config.size(), config.target())
}

/// The key of the moves that led to that game.
pub fn history_key(config: Config) -> String {
    format!("undo-{0}x{0}-{1}", config.size(), config.target())
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
    pub size: usize,
    pub target: u32,
    #[serde(default)]
    pub theme: ThemeChoice,
    #[serde(default)]
    pub motion: MotionChoice,
    /// Whether the coach rates the player's moves.
    #[serde(default)]
    pub coach: bool,
}

impl Default for Options {
    fn default() -> Self {
        let config = Config::default();
        Self {
            size: config.size(),
            target: config.target(),
            theme: ThemeChoice::System,
            motion: MotionChoice::System,
            coach: false,
        }
    }
}

impl Options {
    /// The board these options ask for, if valid.
    pub fn config(&self) -> Option<Config> {
        Config::new(self.size, self.target).ok()
    }
}

/// Best scores by board size.
pub type BestScores = BTreeMap<usize, u64>;

/// A document as stored: `{"version": 1, "data": …}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document<T> {
    version: u32,
    data: T,
}

/// The moves of a game as saved: the game before the first of them, how many there are, and
/// the moves packed 2 bits each (`rules::pack_moves`) in URL-safe base64.
#[derive(Serialize, Deserialize)]
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
    pub size: usize,
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
            size: game.config().size(),
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
        Config::new(self.size, self.target).is_ok()
            && self.score <= MAX_SAVED_SCORE
            && self.best_tile <= MAX_SAVED_TILE
            && self.code.len() <= MAX_CODE_CHARS
    }
}

/// The games played, oldest first.
pub fn parse_games(bytes: &[u8]) -> Result<Vec<PastGame>, LoadError> {
    let mut games: Vec<PastGame> = parse(bytes, MAX_GAMES_BYTES)?;
    if let Some(bad) = games.iter().position(|game| !game.plausible()) {
        return Err(LoadError::Impossible(format!(
            "game {} of the list",
            bad + 1
        )));
    }
    let extra = games.len().saturating_sub(MAX_GAMES);
    games.drain(..extra);
    Ok(games)
}

/// The newest `MAX_GAMES` games, as many as fit in `MAX_GAMES_BYTES`.
pub fn render_games(games: &[PastGame]) -> String {
    let mut from = games.len().saturating_sub(MAX_GAMES);
    loop {
        let text = render(&games[from..]);
        if text.len() <= MAX_GAMES_BYTES || from == games.len() {
            return text;
        }
        // Drop about the share of games that is over the cap, at least one.
        let over = (text.len() - MAX_GAMES_BYTES) * (games.len() - from) / text.len();
        from += over.max(1);
    }
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
    let saved: SavedHistory = parse(bytes, MAX_HISTORY_BYTES)?;
    let start =
        Game::restore(saved.start).map_err(|e| LoadError::Impossible(format!("its start: {e}")))?;
    // Every move adds one to the game's counter: any other count is refused before anything
    // is allocated for it.
    if (start.moves() as usize).checked_add(saved.count) != Some(game.moves() as usize) {
        return Err(LoadError::Impossible(format!(
            "{} moves from move {} do not reach move {}",
            saved.count,
            start.moves(),
            game.moves()
        )));
    }
    let packed = URL_SAFE_NO_PAD
        .decode(&saved.moves)
        .map_err(|e| LoadError::Corrupt(format!("its moves: {e}")))?;
    let moves =
        unpack_moves(&packed, saved.count).map_err(|e| LoadError::Impossible(e.to_string()))?;
    let impossible = |e: crate::rules::HistoryError| LoadError::Impossible(e.to_string());
    let mut history = History::rebuild(start, &moves, game).map_err(impossible)?;
    if let Some(seed) = saved.seed {
        history = history.with_seed(seed).map_err(impossible)?;
    }
    history.set_undos(saved.undos);
    history.info = PlayInfo {
        started_ms: saved.started_ms,
        played_ms: saved.played_ms,
        last_move_ms: 0,
        ai: saved.ai,
    };
    Ok(history)
}

pub fn render_history(history: &History) -> String {
    render(SavedHistory {
        start: history.start().save(),
        count: history.len(),
        moves: URL_SAFE_NO_PAD.encode(pack_moves(history.moves())),
        seed: history.seed(),
        undos: history.undos(),
        started_ms: history.info.started_ms,
        played_ms: history.info.played_ms,
        ai: history.info.ai,
    })
}

pub fn parse_best(bytes: &[u8]) -> Result<BestScores, LoadError> {
    let best: BestScores = parse(bytes, MAX_DOCUMENT_BYTES)?;
    if let Some((size, _)) = best
        .iter()
        .find(|(size, score)| Config::check_size(**size).is_err() || **score > MAX_SAVED_SCORE)
    {
        return Err(LoadError::Impossible(format!(
            "a best score for size {size}"
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

/// Where documents live. Every method may fail (a full disk, a refused `localStorage`); the
/// game then keeps playing and says that it cannot save.
pub trait Store: Send + Sync {
    /// The document's bytes (at most `limit + 1` of them, enough to tell it is too large), or
    /// `None` if absent.
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>>;
    /// Replaces the document, all at once.
    fn write(&self, key: &str, text: &str) -> io::Result<()>;
    /// Moves an unreadable document out of the way, keeping it; returns its new name.
    fn set_aside(&self, key: &str) -> io::Result<String>;
    /// Where the documents are, for messages.
    fn location(&self) -> String;
}

/// Documents in memory: tests, and the fallback when no real store can be opened.
#[derive(Debug, Default)]
pub struct MemoryStore {
    documents: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl MemoryStore {
    pub fn with(documents: impl IntoIterator<Item = (String, Vec<u8>)>) -> Self {
        Self {
            documents: Mutex::new(documents.into_iter().collect()),
        }
    }

    /// A copy of every document.
    pub fn documents(&self) -> BTreeMap<String, Vec<u8>> {
        self.lock().clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Vec<u8>>> {
        self.documents.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Store for MemoryStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        Ok(self
            .lock()
            .get(key)
            .map(|bytes| bytes[..bytes.len().min(limit + 1)].to_vec()))
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        self.lock()
            .insert(key.to_string(), text.as_bytes().to_vec());
        Ok(())
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let mut documents = self.lock();
        let bytes = documents.remove(key).unwrap_or_default();
        let name = format!("{key}.bad");
        documents.insert(name.clone(), bytes);
        Ok(name)
    }

    fn location(&self) -> String {
        "memory (not kept after the game closes)".into()
    }
}

/// Documents as `<key>.json` files in a folder (the desktop).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
pub struct FileStore {
    dir: PathBuf,
}

#[cfg(not(target_arch = "wasm32"))]
impl FileStore {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The platform's data folder for the game (e.g. `~/.local/share/g2048` on Linux).
    pub fn platform() -> Option<Self> {
        directories::ProjectDirs::from("", "", "g2048").map(|dirs| Self::new(dirs.data_dir()))
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Store for FileStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        use std::io::Read;
        let file = match std::fs::File::open(self.path(key)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut bytes = Vec::new();
        file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        use std::io::Write;
        std::fs::create_dir_all(&self.dir)?;
        let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
        file.write_all(text.as_bytes())?;
        file.as_file().sync_all()?;
        file.persist(self.path(key)).map_err(|e| e.error)?;
        Ok(())
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut name = format!("{key}.json.bad-{stamp}");
        let mut n = 1;
        while self.dir.join(&name).exists() {
            n += 1;
            name = format!("{key}.json.bad-{stamp}-{n}");
        }
        std::fs::rename(self.path(key), self.dir.join(&name))?;
        Ok(name)
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }
}

/// Documents as `localStorage` entries named `g2048.<key>`.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Default)]
pub struct WebStore;

#[cfg(target_arch = "wasm32")]
impl WebStore {
    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|window| window.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("the browser refused local storage"))
    }
}

#[cfg(target_arch = "wasm32")]
impl Store for WebStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        let item = Self::storage()?
            .get_item(&format!("g2048.{key}"))
            .map_err(|_| io::Error::other("local storage could not be read"))?;
        Ok(item.map(|text| {
            let mut bytes = text.into_bytes();
            bytes.truncate(limit + 1);
            bytes
        }))
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        Self::storage()?
            .set_item(&format!("g2048.{key}"), text)
            .map_err(|_| io::Error::other("local storage is full or refused the write"))
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let storage = Self::storage()?;
        let from = format!("g2048.{key}");
        let to = format!("{from}.bad");
        let refused = |_| io::Error::other("local storage refused the change");
        let text = storage
            .get_item(&from)
            .map_err(refused)?
            .unwrap_or_default();
        storage.set_item(&to, &text).map_err(refused)?;
        storage.remove_item(&from).map_err(refused)?;
        Ok(to)
    }

    fn location(&self) -> String {
        "this browser's local storage".into()
    }
}

/// A document that was not used: a line for the screen and the whole story for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub short: String,
    pub detail: String,
}

/// The documents of one store, read and written so that nothing the player had is lost: a
/// document that cannot be used, or cannot even be read, is set aside before anything is
/// written in its place; one that cannot be set aside either is left alone, and writes to it
/// are refused for the rest of the run.
pub struct Documents {
    store: Arc<dyn Store>,
    /// Keys whose document could be neither read nor set aside.
    untouchable: Mutex<BTreeSet<String>>,
}

impl Documents {
    pub fn new(store: Arc<dyn Store>) -> Self {
        Self {
            store,
            untouchable: Mutex::new(BTreeSet::new()),
        }
    }

    /// Where the documents are, for messages.
    pub fn location(&self) -> String {
        self.store.location()
    }

    fn untouchable(&self) -> std::sync::MutexGuard<'_, BTreeSet<String>> {
        self.untouchable.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reads one document of at most `limit` bytes: `Ok(None)` when there is none, the parsed
    /// value when it is sound, and otherwise the problem, after setting the document aside.
    pub fn load<T>(
        &self,
        key: &str,
        what: &str,
        limit: usize,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
    ) -> Result<Option<T>, Problem> {
        let problem = match self.store.read(key, limit) {
            Ok(None) => return Ok(None),
            Ok(Some(bytes)) => match parse(&bytes) {
                Ok(value) => return Ok(Some(value)),
                Err(problem) => problem,
            },
            Err(e) => LoadError::Unreadable(e.to_string()),
        };
        Err(self.put_aside(key, what, &problem.to_string()))
    }

    /// Sets a document the game will not use aside, keeping it; if that fails, it is never
    /// written over in this run. Returns what to tell the player and the log.
    fn put_aside(&self, key: &str, what: &str, why: &str) -> Problem {
        let location = self.store.location();
        match self.store.set_aside(key) {
            Ok(name) => Problem {
                short: format!("Your {what} could not be used and was set aside."),
                detail: format!("{what} in {location}: {why}; kept as {name}"),
            },
            Err(e) => {
                self.untouchable().insert(key.to_string());
                Problem {
                    short: format!("Your {what} could not be used; it is left as it was."),
                    detail: format!(
                        "{what} in {location}: {why}; it could not be moved aside ({e}), so \
                         it will not be written over"
                    ),
                }
            }
        }
    }

    /// Replaces a document, unless it is one that could be neither read nor set aside.
    pub fn write(&self, key: &str, text: &str) -> io::Result<()> {
        if self.untouchable().contains(key) {
            return Err(io::Error::other(format!(
                "{key} could not be read or moved aside, so it is not written over"
            )));
        }
        self.store.write(key, text)
    }
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
            size: 4,
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
        bad[1].size = 12;
        let refused = parse_games(render_games(&bad).as_bytes());
        assert!(
            matches!(refused, Err(LoadError::Impossible(_))),
            "{refused:?}"
        );
    }
}
