//! Where documents live (memory, a folder; a browser's IndexedDB is `idb`, and its
//! `localStorage`, where earlier builds kept them, is read here), and the two things that let
//! several windows share one store:
//!
//! - **The lock**, held for one read-merge-write ([`Store::lock`]): another window's merge
//!   waits, so none is lost between a read and its write. A folder locks a `lock` file
//!   (`flock` on Unix, `LockFileEx` on Windows, through std's `File::lock`); memory, a mutex.
//!   Without it nothing is merged. (IndexedDB needs none: each commit joins what is stored at
//!   that moment, `idb`.)
//! - **Claims**, held for as long as a window plays one board's game in progress
//!   ([`Store::claim`]): a second window opened on that board is refused, and plays a game of
//!   its own instead of a copy of the first window's (two copies would each overwrite the
//!   other's moves). A folder claims by locking `<key>.claim` (the operating system lets go of it
//!   when the process ends, even by a kill); a browser through the Web Locks API, which lets
//!   go when the tab closes; memory, a set of names.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::i18n::{Said, Words};
use crate::said;

/// Why a store refused, inside its `io::Error`: the player reads it in their words
/// ([`io_said`]), the log in English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The browser gives the page no local storage.
    NoStorage,
    Unreadable,
    /// Local storage is full, or refused the write.
    Full,
    Change,
    /// A document that could be neither read nor set aside is not written over.
    Untouchable,
    /// What is there is not a regular file (a folder, a FIFO, a device): it is never read nor
    /// written over.
    NotFile,
    /// The saves' lock could not be had: nothing is merged without it.
    NoLock,
    /// A document this version does not understand (a newer version's) is left as it is.
    NotUnderstood,
    /// A reader only (`--export`) writes nothing.
    ReadOnly,
}

impl Refusal {
    fn said(self) -> Said {
        said!(match self {
            Refusal::NoStorage => "error-storage-none",
            Refusal::Unreadable => "error-storage-unreadable",
            Refusal::Full => "error-storage-full",
            Refusal::Change => "error-storage-change",
            Refusal::Untouchable => "error-storage-untouchable",
            Refusal::NotFile => "error-storage-not-file",
            Refusal::NoLock => "error-storage-no-lock",
            Refusal::NotUnderstood => "error-storage-not-understood",
            Refusal::ReadOnly => "error-storage-read-only",
        })
    }
}

impl std::fmt::Display for Refusal {
    /// In English, for the log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Words::english().say(&self.said()))
    }
}

impl std::error::Error for Refusal {}

impl Refusal {
    /// The refusal inside an I/O error, if it is one.
    pub fn of(e: &io::Error) -> Option<Refusal> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<Refusal>())
            .copied()
    }

    pub(super) fn error(self) -> io::Error {
        io::Error::other(self)
    }

    /// Whether the player was told of it with its document's problem (so a failed save says
    /// nothing more).
    pub fn told(self) -> bool {
        matches!(
            self,
            Refusal::NotFile
                | Refusal::NoLock
                | Refusal::NotUnderstood
                | Refusal::Unreadable
                | Refusal::Untouchable
        )
    }
}

/// What went wrong with a store, for the player: a refusal in their words, else the system's
/// own message (already in the system's language).
pub fn io_said(e: &io::Error) -> Said {
    match Refusal::of(e) {
        Some(refusal) => refusal.said(),
        None => said!("error-io", reason = e.to_string()),
    }
}

/// Where documents live. Every method may fail (a full disk, a refused `localStorage`); the
/// game then keeps playing and says that it cannot save.
pub trait Store: Send + Sync {
    /// The document's bytes (at most `limit + 1` of them, enough to tell it is too large), or
    /// `None` if absent.
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>>;
    /// Replaces the document, all at once.
    fn write(&self, key: &str, text: &str) -> io::Result<()>;
    /// Deletes the document (nothing happens if there is none).
    fn remove(&self, key: &str) -> io::Result<()>;
    /// Moves a damaged document out of the way, keeping it; returns its new name.
    fn set_aside(&self, key: &str) -> io::Result<String>;
    /// The keys of the documents there (not the copies set aside).
    fn keys(&self) -> io::Result<Vec<String>>;
    /// The copies set aside, by this build or an earlier one, and not merged back since: each
    /// copy's name with the key of the document it was.
    fn copies(&self) -> io::Result<Vec<(String, String)>> {
        Ok(Vec::new())
    }
    /// A copy's bytes, as `read` gives a document's.
    fn read_copy(&self, _name: &str, _limit: usize) -> io::Result<Option<Vec<u8>>> {
        Ok(None)
    }
    /// Marks a copy as merged back into the documents (renamed, kept: never read again).
    fn mark_merged(&self, _name: &str) -> io::Result<()> {
        Ok(())
    }
    /// Where the documents are, for messages.
    fn location(&self) -> String;
    /// Keeps other windows' read-merge-writes out until the guard is dropped. An error means
    /// no lock: the caller merges nothing then.
    fn lock(&self) -> io::Result<Guard<'_>>;
    /// Asks to be the one window that writes the documents named `name` (a board's game in
    /// progress) for as long as the claim lives.
    fn claim(&self, name: &str) -> Claim;
}

/// Something held until dropped.
trait Held {}
impl<T> Held for T {}

/// The store's lock, let go when dropped.
pub struct Guard<'a>(
    #[expect(dead_code, reason = "held, never read: dropping it lets go")] Box<dyn Held + 'a>,
);

impl<'a> Guard<'a> {
    pub(super) fn holding(held: impl Sized + 'a) -> Self {
        Self(Box::new(held))
    }
}

/// Whether a claim is granted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimState {
    /// Not answered yet (a browser answers a moment later).
    Pending,
    /// This window is the one that writes those documents.
    Held,
    /// Another window holds them.
    Refused,
    /// No claim can be had here (a file system without locks, a claim file that cannot be
    /// opened, a browser without Web Locks): the window plays as if another held the board.
    Unavailable,
}

/// A claim's answer, as the store keeps it.
pub trait ClaimHandle: Send + Sync {
    fn state(&self) -> ClaimState;
}

/// A claim on some documents, let go when dropped.
pub struct Claim(Box<dyn ClaimHandle>);

struct Answered(ClaimState);
impl ClaimHandle for Answered {
    fn state(&self) -> ClaimState {
        self.0
    }
}

impl Claim {
    pub fn new(handle: impl ClaimHandle + 'static) -> Self {
        Self(Box::new(handle))
    }

    /// A claim granted without asking anyone: a store no other window shares.
    pub fn granted() -> Self {
        Self::new(Answered(ClaimState::Held))
    }

    /// No claim can be had: the window plays a game of its own, as a guest does.
    pub fn unavailable() -> Self {
        Self::new(Answered(ClaimState::Unavailable))
    }

    pub fn state(&self) -> ClaimState {
        self.0.state()
    }
}

impl std::fmt::Debug for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Claim({:?})", self.state())
    }
}

/// Documents in memory: tests (two apps on one store play like two windows), and the fallback
/// when no real store can be opened.
#[derive(Debug, Default)]
pub struct MemoryStore {
    documents: Mutex<BTreeMap<String, Vec<u8>>>,
    merging: Mutex<()>,
    claims: Arc<Mutex<BTreeSet<String>>>,
}

fn unpoisoned<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl MemoryStore {
    pub fn with(documents: impl IntoIterator<Item = (String, Vec<u8>)>) -> Self {
        Self {
            documents: Mutex::new(documents.into_iter().collect()),
            ..Self::default()
        }
    }

    /// A copy of every document.
    pub fn documents(&self) -> BTreeMap<String, Vec<u8>> {
        unpoisoned(&self.documents).clone()
    }
}

/// A name in a `MemoryStore`'s claims, taken out when dropped.
struct MemoryClaim {
    claims: Arc<Mutex<BTreeSet<String>>>,
    name: Option<String>,
}

impl ClaimHandle for MemoryClaim {
    fn state(&self) -> ClaimState {
        match self.name {
            Some(_) => ClaimState::Held,
            None => ClaimState::Refused,
        }
    }
}

impl Drop for MemoryClaim {
    fn drop(&mut self) {
        if let Some(name) = &self.name {
            unpoisoned(&self.claims).remove(name);
        }
    }
}

impl Store for MemoryStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        Ok(unpoisoned(&self.documents)
            .get(key)
            .map(|bytes| bytes[..bytes.len().min(limit + 1)].to_vec()))
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        unpoisoned(&self.documents).insert(key.to_string(), text.as_bytes().to_vec());
        Ok(())
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        unpoisoned(&self.documents).remove(key);
        Ok(())
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let mut documents = unpoisoned(&self.documents);
        let bytes = documents.remove(key).unwrap_or_default();
        let mut name = format!("{key}.bad");
        while documents.contains_key(&name) {
            name.push_str(".bad");
        }
        documents.insert(name.clone(), bytes);
        Ok(name)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        Ok(unpoisoned(&self.documents)
            .keys()
            .filter(|key| !key.contains(".bad") && !key.contains(".merged"))
            .cloned()
            .collect())
    }

    fn copies(&self) -> io::Result<Vec<(String, String)>> {
        Ok(unpoisoned(&self.documents)
            .keys()
            .filter(|name| !name.contains(".merged"))
            .filter_map(|name| Some((name.clone(), name.split_once(".bad")?.0.to_string())))
            .collect())
    }

    fn read_copy(&self, name: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        self.read(name, limit)
    }

    fn mark_merged(&self, name: &str) -> io::Result<()> {
        let mut documents = unpoisoned(&self.documents);
        if let Some(bytes) = documents.remove(name) {
            let mut to = name.replace(".bad", ".merged");
            while documents.contains_key(&to) {
                to.push_str(".merged");
            }
            documents.insert(to, bytes);
        }
        Ok(())
    }

    fn location(&self) -> String {
        "memory (not kept after the game closes)".into()
    }

    fn lock(&self) -> io::Result<Guard<'_>> {
        Ok(Guard::holding(unpoisoned(&self.merging)))
    }

    fn claim(&self, name: &str) -> Claim {
        let fresh = unpoisoned(&self.claims).insert(name.to_string());
        Claim::new(MemoryClaim {
            claims: self.claims.clone(),
            name: fresh.then(|| name.to_string()),
        })
    }
}

/// Documents as `<key>.json` files in a folder (the desktop), beside the `lock` file of its
/// merges and a `<key>.claim` file for each board a window has played (empty files; deleting
/// one while it is locked would let a second window lock a new file of the same name). Only
/// regular files are read or replaced: a folder, a FIFO or a device in a document's place is
/// refused, never waited on nor written over.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
pub struct FileStore {
    dir: PathBuf,
}

/// The mark of a copy set aside (`best.json.bad-1796157076`), by this build or an earlier one,
/// and of one merged back since (`best.json.merged-1796157076`).
#[cfg(not(target_arch = "wasm32"))]
const ASIDE: &str = ".json.bad";
#[cfg(not(target_arch = "wasm32"))]
const MERGED: &str = ".json.merged";

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

    /// Opens (making it if need be) a file that is only ever locked, never written.
    fn lock_file(&self, name: &str) -> io::Result<std::fs::File> {
        std::fs::create_dir_all(&self.dir)?;
        let mut options = std::fs::OpenOptions::new();
        options.create(true).truncate(false).write(true);
        open_regular(&options, &self.dir.join(name))
    }

    /// A file's first `limit + 1` bytes, `None` if there is none.
    fn read_file(&self, path: &std::path::Path, limit: usize) -> io::Result<Option<Vec<u8>>> {
        use std::io::Read;
        let mut options = std::fs::OpenOptions::new();
        options.read(true);
        let file = match open_regular(&options, path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut bytes = Vec::new();
        file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    fn names(&self) -> io::Result<Vec<String>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut names = Vec::new();
        for entry in entries {
            if let Some(name) = entry?.file_name().to_str() {
                names.push(name.to_string());
            }
        }
        names.sort();
        Ok(names)
    }
}

/// Opens `path` if it is a regular file: never blocks on a FIFO (opened without waiting, on
/// Unix), and refuses whatever is not a file with `Refusal::NotFile`.
#[cfg(not(target_arch = "wasm32"))]
fn open_regular(
    options: &std::fs::OpenOptions,
    path: &std::path::Path,
) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    let options = {
        let mut options = options.clone();
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
        options
    };
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(Refusal::NotFile.error()),
        _ => {}
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // A FIFO with no reader, opened to write without waiting.
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => return Err(Refusal::NotFile.error()),
        Err(e) => return Err(e),
    };
    if !file.metadata()?.is_file() {
        return Err(Refusal::NotFile.error());
    }
    Ok(file)
}

/// Replaces the file at `path` all at once: written to a temporary file in the same folder,
/// synced, then renamed over it, so a kill at any instant leaves the old file or the new one.
/// What is there and not a regular file (a folder, a FIFO) is refused, not replaced.
/// `contents` is text (a save) or bytes (the AI's network, crates/ai-train's `td_train`).
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomically(path: &std::path::Path, contents: impl AsRef<[u8]>) -> io::Result<()> {
    use std::io::Write;
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() && !meta.is_symlink() => {
            return Err(Refusal::NotFile.error());
        }
        _ => {}
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(contents.as_ref())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A locked `.claim` file, or none where another process holds it.
#[cfg(not(target_arch = "wasm32"))]
struct FileClaim(Option<std::fs::File>);

#[cfg(not(target_arch = "wasm32"))]
impl ClaimHandle for FileClaim {
    fn state(&self) -> ClaimState {
        match self.0 {
            Some(_) => ClaimState::Held,
            None => ClaimState::Refused,
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Store for FileStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        self.read_file(&self.path(key), limit)
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        write_atomically(&self.path(key), text)
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        match std::fs::remove_file(self.path(key)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let stamp = crate::clock::now_ms() / 1000;
        let mut name = format!("{key}{ASIDE}-{stamp}");
        let mut n = 1;
        while self.dir.join(&name).exists() {
            n += 1;
            name = format!("{key}{ASIDE}-{stamp}-{n}");
        }
        std::fs::rename(self.path(key), self.dir.join(&name))?;
        Ok(name)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        Ok(self
            .names()?
            .into_iter()
            .filter_map(|name| name.strip_suffix(".json").map(str::to_string))
            .collect())
    }

    fn copies(&self) -> io::Result<Vec<(String, String)>> {
        Ok(self
            .names()?
            .into_iter()
            .filter_map(|name| {
                let key = name.split_once(ASIDE)?.0.to_string();
                Some((name, key))
            })
            .collect())
    }

    fn read_copy(&self, name: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        self.read_file(&self.dir.join(name), limit)
    }

    fn mark_merged(&self, name: &str) -> io::Result<()> {
        let mut to = name.replacen(ASIDE, MERGED, 1);
        while self.dir.join(&to).exists() {
            to.push_str("-2");
        }
        std::fs::rename(self.dir.join(name), self.dir.join(to))
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }

    fn lock(&self) -> io::Result<Guard<'_>> {
        let file = self.lock_file("lock")?;
        file.lock()?;
        Ok(Guard::holding(file))
    }

    fn claim(&self, name: &str) -> Claim {
        // No claim where the claim file cannot be opened, nor on a file system without locks
        // (some network shares): two windows could not be told apart there, so this one plays
        // as a guest does, and says why.
        let Ok(file) = self.lock_file(&format!("{name}.claim")) else {
            return Claim::unavailable();
        };
        match file.try_lock() {
            Ok(()) => Claim::new(FileClaim(Some(file))),
            Err(std::fs::TryLockError::WouldBlock) => Claim::new(FileClaim(None)),
            Err(std::fs::TryLockError::Error(_)) => Claim::unavailable(),
        }
    }
}

/// Documents as `localStorage` entries named `g2048.<key>`, as builds before IndexedDB kept
/// them: read only, to carry a tab of such a build over (`save::carry_over`). (It writes as
/// it did, but nothing writes through it.)
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Default)]
pub struct WebStore;

#[cfg(target_arch = "wasm32")]
impl WebStore {
    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|window| window.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other(Refusal::NoStorage))
    }
}

#[cfg(target_arch = "wasm32")]
impl Store for WebStore {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        let item = Self::storage()?
            .get_item(&format!("g2048.{key}"))
            .map_err(|_| io::Error::other(Refusal::Unreadable))?;
        Ok(item.map(|text| {
            let mut bytes = text.into_bytes();
            bytes.truncate(limit + 1);
            bytes
        }))
    }

    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        Self::storage()?
            .set_item(&format!("g2048.{key}"), text)
            .map_err(|_| io::Error::other(Refusal::Full))
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        Self::storage()?
            .remove_item(&format!("g2048.{key}"))
            .map_err(|_| io::Error::other(Refusal::Change))
    }

    fn set_aside(&self, key: &str) -> io::Result<String> {
        let storage = Self::storage()?;
        let from = format!("g2048.{key}");
        let mut to = format!("{from}.bad");
        let refused = |_| io::Error::other(Refusal::Change);
        while storage.get_item(&to).map_err(refused)?.is_some() {
            to.push_str(".bad");
        }
        let text = storage
            .get_item(&from)
            .map_err(refused)?
            .unwrap_or_default();
        storage.set_item(&to, &text).map_err(refused)?;
        storage.remove_item(&from).map_err(refused)?;
        Ok(to)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        let storage = Self::storage()?;
        let count = storage
            .length()
            .map_err(|_| io::Error::other(Refusal::Unreadable))?;
        let mut keys: Vec<String> = (0..count)
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter_map(|name| name.strip_prefix("g2048.").map(str::to_string))
            .filter(|key| !key.contains(".bad"))
            .collect();
        keys.sort();
        Ok(keys)
    }

    fn location(&self) -> String {
        "this browser's local storage".into()
    }

    fn lock(&self) -> io::Result<Guard<'_>> {
        Ok(Guard::holding(()))
    }

    fn claim(&self, name: &str) -> Claim {
        web_locks::claim(&format!("g2048.{name}"))
    }
}

/// Claims through the Web Locks API (`navigator.locks`): a lock asked for with `ifAvailable`,
/// answered a moment later, and held until the claim is dropped or the tab closes. The answers
/// live in this thread's table (a page's wasm has one thread), so a claim is a number.
#[cfg(target_arch = "wasm32")]
pub mod web_locks {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    use web_sys::{
        js_sys,
        wasm_bindgen::{JsCast, JsValue, closure::Closure},
    };

    use super::{Claim, ClaimHandle, ClaimState};

    /// An answer, and the function that lets go of the lock once it is held.
    struct ClaimEntry {
        state: ClaimState,
        release: Option<js_sys::Function>,
    }

    thread_local! {
        static CLAIMS: RefCell<(u32, BTreeMap<u32, ClaimEntry>)> = RefCell::default();
        /// Called when an answer comes: the game waits for input otherwise.
        static ANSWERED: RefCell<Option<Box<dyn Fn()>>> = RefCell::default();
    }

    /// What to call whenever a claim is answered (the page's game wakes up to act on it).
    pub fn on_answer(wake: impl Fn() + 'static) {
        ANSWERED.with(|answered| *answered.borrow_mut() = Some(Box::new(wake)));
    }

    fn answered() {
        ANSWERED.with(|answered| {
            if let Some(wake) = answered.borrow().as_ref() {
                wake();
            }
        });
    }

    struct WebClaim(u32);

    impl ClaimHandle for WebClaim {
        fn state(&self) -> ClaimState {
            CLAIMS.with(|claims| {
                claims
                    .borrow()
                    .1
                    .get(&self.0)
                    .map_or(ClaimState::Refused, |entry| entry.state)
            })
        }
    }

    impl Drop for WebClaim {
        fn drop(&mut self) {
            let entry = CLAIMS.with(|claims| claims.borrow_mut().1.remove(&self.0));
            if let Some(release) = entry.and_then(|entry| entry.release) {
                let _ = release.call0(&JsValue::UNDEFINED);
            }
        }
    }

    fn set(id: u32, state: ClaimState, release: Option<js_sys::Function>) -> bool {
        CLAIMS.with(|claims| match claims.borrow_mut().1.get_mut(&id) {
            Some(entry) => {
                entry.state = state;
                entry.release = release;
                true
            }
            None => false,
        })
    }

    pub(in crate::save) fn claim(name: &str) -> Claim {
        let Some(locks) = web_sys::window()
            .and_then(|window| js_sys::Reflect::get(&window.navigator(), &"locks".into()).ok())
            .filter(|locks| !locks.is_undefined())
        else {
            // A browser without Web Locks (a page not served over https, an old browser): tabs
            // cannot be told apart, so each plays as a guest does, and says why.
            return Claim::unavailable();
        };
        let request = js_sys::Reflect::get(&locks, &"request".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let Some(request) = request else {
            return Claim::unavailable();
        };
        let id = CLAIMS.with(|claims| {
            let mut claims = claims.borrow_mut();
            claims.0 += 1;
            let id = claims.0;
            claims.1.insert(
                id,
                ClaimEntry {
                    state: ClaimState::Pending,
                    release: None,
                },
            );
            id
        });
        let answer = Closure::once_into_js(move |lock: JsValue| -> JsValue {
            if lock.is_null() {
                set(id, ClaimState::Refused, None);
                answered();
                return JsValue::UNDEFINED;
            }
            // Held until `release` is called: by the claim's drop, or at once if it is gone.
            let mut release = None;
            let held = js_sys::Promise::new(&mut |resolve, _| release = Some(resolve));
            if let Some(release) = release
                && !set(id, ClaimState::Held, Some(release.clone()))
            {
                let _ = release.call0(&JsValue::UNDEFINED);
            }
            answered();
            held.into()
        });
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"ifAvailable".into(), &true.into());
        let args = js_sys::Array::of3(&name.into(), &options, &answer);
        // A request the browser refuses (now, or later by rejecting its promise): tabs cannot
        // be told apart then, and this one plays as a guest does.
        let refused = move || {
            if CLAIMS.with(|claims| claims.borrow().1.get(&id).map(|e| e.state))
                == Some(ClaimState::Pending)
            {
                set(id, ClaimState::Unavailable, None);
                answered();
            }
        };
        match js_sys::Reflect::apply(&request, &locks, &args)
            .ok()
            .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
        {
            Some(promise) => {
                let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_| refused());
                let _ = promise.catch(&on_error);
                // Called at most once, after this function returns.
                on_error.forget();
            }
            None => refused(),
        }
        Claim::new(WebClaim(id))
    }
}
