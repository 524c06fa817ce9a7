//! What the game keeps between runs, and where. Three small JSON documents, each with a
//! version: the options (`options`), the best score per board size (`best`), and one game in
//! progress per board size and target (`game-4x4-2048`, …), so switching sizes loses nothing.
//!
//! On the desktop each is a file in the platform's data folder, replaced atomically (written to
//! a temporary file in the same folder, synced, renamed over the old one). In the browser each
//! is a `localStorage` entry. A document that cannot be read is set aside (renamed, never
//! overwritten) and reported; the other documents are unaffected.

use std::collections::BTreeMap;
use std::fmt;
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;
use std::sync::Mutex;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::rules::{Config, Game, RestoreError, SavedGame};

/// The format of every document. A document of another version is set aside, not guessed at.
pub const SAVE_VERSION: u32 = 1;
/// No document is larger than a few kilobytes; anything over this is refused unread.
pub const MAX_DOCUMENT_BYTES: usize = 64 * 1024;

pub const OPTIONS_KEY: &str = "options";
pub const BEST_KEY: &str = "best";

/// The key of the game in progress for a board size and target.
pub fn game_key(config: Config) -> String {
    format!("game-{0}x{0}-{1}", config.size(), config.target())
}

/// Light or dark; `System` follows the window's theme where the platform reports one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

/// The player's choices, remembered between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub size: usize,
    pub target: u32,
    #[serde(default)]
    pub theme: ThemeChoice,
}

impl Default for Options {
    fn default() -> Self {
        let config = Config::default();
        Self {
            size: config.size(),
            target: config.target(),
            theme: ThemeChoice::System,
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

/// Parses a document of this version. Never panics, whatever the bytes.
fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    if bytes.len() > MAX_DOCUMENT_BYTES {
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
    let game: SavedGame = parse(bytes)?;
    Game::restore(game).map_err(|e: RestoreError| LoadError::Impossible(e.to_string()))
}

pub fn render_game(game: &Game) -> String {
    render(game.save())
}

pub fn parse_best(bytes: &[u8]) -> Result<BestScores, LoadError> {
    let best: BestScores = parse(bytes)?;
    if let Some((size, _)) = best.iter().find(|(size, score)| {
        Config::check_size(**size).is_err() || **score > crate::rules::MAX_SAVED_SCORE
    }) {
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
    let options: Options = parse(bytes)?;
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
    /// The document's bytes (at most `MAX_DOCUMENT_BYTES + 1` of them), or `None` if absent.
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>>;
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
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        Ok(self.lock().get(key).cloned())
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
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        use std::io::Read;
        let file = match std::fs::File::open(self.path(key)) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut bytes = Vec::new();
        file.take(MAX_DOCUMENT_BYTES as u64 + 1)
            .read_to_end(&mut bytes)?;
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
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        let item = Self::storage()?
            .get_item(&format!("g2048.{key}"))
            .map_err(|_| io::Error::other("local storage could not be read"))?;
        Ok(item.map(|text| {
            let mut bytes = text.into_bytes();
            bytes.truncate(MAX_DOCUMENT_BYTES + 1);
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

/// Reads one document: `Ok(None)` when there is none, the parsed value when it is sound, and
/// otherwise the problem, after setting the bad document aside.
pub fn load<T>(
    store: &dyn Store,
    key: &str,
    what: &str,
    parse: impl Fn(&[u8]) -> Result<T, LoadError>,
) -> Result<Option<T>, Problem> {
    let bytes = match store.read(key) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(None),
        Err(e) => {
            return Err(Problem {
                short: format!("Your {what} could not be read."),
                detail: format!("{what} in {}: {e}", store.location()),
            });
        }
    };
    match parse(&bytes) {
        Ok(value) => Ok(Some(value)),
        Err(problem) => {
            let kept = match store.set_aside(key) {
                Ok(name) => format!("kept as {name}"),
                Err(e) => format!("could not be moved aside: {e}"),
            };
            Err(Problem {
                short: format!("Your {what} could not be used and was set aside."),
                detail: format!("{what} in {}: {problem}; {kept}", store.location()),
            })
        }
    }
}
