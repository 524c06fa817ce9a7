//! [`Documents`]: one store's documents, read and written so that nothing a player kept is
//! lost, whatever else reads or writes them:
//!
//! - A document this build does not understand (a later version's, a board's document holding a
//!   field it does not know, one too large to read) is read for what this build knows of it and
//!   **left as it is**: never set aside, never written over in this run. The player is told once.
//! - A document that cannot be read now (an I/O error: permissions, a file another program holds
//!   open) is left as it is and read again at the next merge; a path that is not a regular file
//!   is never read nor written.
//! - Only a **damaged** document (not JSON, cut short, no version, or a game no rules could make)
//!   is set aside, kept under another name, before anything is written in its place; what can be
//!   rebuilt from it is (a history's entries before the damage, a game from its moves).
//! - Shared documents (best scores, the history, options) are merged with what is stored now,
//!   under the store's lock; without the lock nothing is merged nor written.
//! - A board's slot is written over only by the same game (start and seed) further on its line
//!   of play; any other game found there goes into the history first, under the same lock, and
//!   if the history cannot take it the slot is not written.
//! - Copies that an earlier build set aside and this one reads are merged back at start.

use std::fmt;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};

use super::format::{BestDoc, GamesDoc, OptionsDoc, RankedAccount, RankedDoc, Read};
use super::store::{Claim, Refusal, Store};
use super::{
    BEST_KEY, BestScores, GAMES_KEY, LoadError, MAX_DOCUMENT_BYTES, MAX_GAMES_BYTES,
    MAX_HISTORY_BYTES, OPTIONS_KEY, Options, PastGame, RANKED_KEY, game_key, history_key, merge,
};
use crate::i18n::Said;
use crate::rules::{Config, Game, History};
use crate::said;

/// A document that was not used, or not as it is: a line for the screen and the whole story
/// for the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub short: Said,
    pub detail: String,
}

/// What a document holds: its name in the log (English), and which it is in the player's
/// notices (`notice-set-aside`'s `$what`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    Options,
    BestScores,
    History,
    Game,
    UndoHistory,
    EarlierGame,
    /// An import cut short, finished at the next start.
    Import,
    /// The ranked accounts.
    Ranked,
}

impl Kept {
    /// The `$what` of the notices' messages.
    fn key(self) -> &'static str {
        match self {
            Kept::Options => "options",
            Kept::BestScores => "best",
            Kept::History => "history",
            Kept::Game => "game",
            Kept::UndoHistory => "undo",
            Kept::EarlierGame => "earlier",
            Kept::Import => "import",
            Kept::Ranked => "ranked",
        }
    }
}

impl fmt::Display for Kept {
    /// Its name in the log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kept::Options => "options",
            Kept::BestScores => "best scores",
            Kept::History => "history of games",
            Kept::Game => "saved game",
            Kept::UndoHistory => "undo history",
            Kept::EarlierGame => "earlier game",
            Kept::Import => "unfinished import",
            Kept::Ranked => "ranked accounts",
        })
    }
}

/// Why this run leaves a document as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HandsOff {
    /// A later version's, or holding what this build does not know.
    NotUnderstood,
    /// An I/O error: read again at the next merge.
    Unreadable,
    NotFile,
    /// Damaged, and it could not be set aside.
    Unmovable,
}

impl HandsOff {
    fn refusal(self) -> Refusal {
        match self {
            HandsOff::NotUnderstood => Refusal::NotUnderstood,
            HandsOff::Unreadable => Refusal::Unreadable,
            HandsOff::NotFile => Refusal::NotFile,
            HandsOff::Unmovable => Refusal::Untouchable,
        }
    }
}

/// Why a document has no bytes to read.
enum Missing {
    None,
    /// Left as it is in this run (an I/O error, not a file).
    HandsOff,
}

/// A document as found.
enum Found<T> {
    None,
    Sound(T),
    /// Left as it is in this run; what this build read of it, if anything.
    HandsOff(Option<T>),
    /// Damaged and set aside (kept), or, for a reader, only damaged; what could be rebuilt.
    Damaged(Option<T>),
}

/// What is on a board's slot.
#[derive(Debug)]
// (Read once per board opened, and its game is what the caller wants. Not `expect`: on wasm32
// the variants are near enough in size that the lint is quiet.)
#[allow(clippy::large_enum_variant)]
pub enum Slot {
    Empty,
    Game(Game, History),
    /// A game this run leaves as it is (a later version's, one that cannot be read now): the
    /// window plays a game of its own beside it.
    HandsOff,
}

impl Slot {
    pub fn game(self) -> Option<(Game, History)> {
        match self {
            Slot::Game(game, history) => Some((game, history)),
            Slot::Empty | Slot::HandsOff => None,
        }
    }
}

/// The documents of one store, read and written so that nothing the player kept is lost (the
/// module's rules).
pub struct Documents {
    store: Arc<dyn Store>,
    /// Documents this run leaves as it is, and why.
    /// (A few at most: lists, not maps, which cost the .wasm a map's code each.)
    hands_off: Mutex<Vec<(String, HandsOff)>>,
    /// What the player was told in this run (a notice's message and what it was about): each
    /// is told once.
    told: Mutex<Vec<(&'static str, String)>>,
    /// A reader only (`--export`): it writes, renames and sets aside nothing.
    reader: bool,
}

fn unpoisoned<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Documents {
    pub fn new(store: Arc<dyn Store>) -> Self {
        Self {
            store,
            hands_off: Mutex::default(),
            told: Mutex::default(),
            reader: false,
        }
    }

    /// Documents that are only read (`--export`): nothing in the store is written, renamed or
    /// set aside, damaged documents included.
    pub fn reader(store: Arc<dyn Store>) -> Self {
        Self {
            reader: true,
            ..Self::new(store)
        }
    }

    /// A reader of the same store (`Documents::reader`).
    pub fn as_reader(&self) -> Documents {
        Documents::reader(self.store.clone())
    }

    /// Where the documents are, for messages.
    pub fn location(&self) -> String {
        self.store.location()
    }

    /// A problem told to the player the first time only (the log gets every one).
    fn tell(
        &self,
        problems: &mut Vec<Problem>,
        id: &'static str,
        about: &str,
        short: Said,
        detail: String,
    ) {
        let mut told = unpoisoned(&self.told);
        if !told.iter().any(|(was, on)| *was == id && on == about) {
            told.push((id, about.to_string()));
            problems.push(Problem { short, detail });
        }
    }

    /// Why this run leaves `key`'s document as it is, if it does.
    fn hands_off(&self, key: &str) -> Option<HandsOff> {
        unpoisoned(&self.hands_off)
            .iter()
            .find(|(name, _)| name == key)
            .map(|&(_, why)| why)
    }

    fn mark(&self, key: &str, why: Option<HandsOff>) {
        let mut hands_off = unpoisoned(&self.hands_off);
        hands_off.retain(|(name, _)| name != key);
        if let Some(why) = why {
            hands_off.push((key.to_string(), why));
        }
    }

    /// Reads one document: what is there, sorted by what this run may do with it. A damaged
    /// one is set aside here (kept), and `rebuild` gives what can be had from its bytes.
    fn find<T>(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        read: impl Fn(&[u8]) -> Result<Read<T>, LoadError>,
        rebuild: impl Fn(&[u8]) -> Option<T>,
        problems: &mut Vec<Problem>,
    ) -> Found<T> {
        let bytes = match self.bytes_of(key, what, limit, problems) {
            Ok(bytes) => bytes,
            Err(Missing::None) => return Found::None,
            Err(Missing::HandsOff) => return Found::HandsOff(None),
        };
        match read(&bytes) {
            Ok(Read { doc, newer: None }) => Found::Sound(doc),
            Ok(Read {
                doc,
                newer: Some(version),
            }) => {
                self.not_understood(key, what, &LoadError::Newer(version), problems);
                Found::HandsOff(Some(doc))
            }
            Err(LoadError::Empty) => Found::None,
            Err(why) if !why.damaged() => {
                self.not_understood(key, what, &why, problems);
                Found::HandsOff(None)
            }
            Err(why) => {
                let rebuilt = rebuild(&bytes);
                if self.set_damaged_aside(key, what, &why, problems) {
                    Found::Damaged(rebuilt)
                } else {
                    Found::HandsOff(rebuilt)
                }
            }
        }
    }

    /// A document's bytes, or why there are none to read (an I/O error or what is not a file:
    /// told once, and the document left as it is).
    fn bytes_of(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        problems: &mut Vec<Problem>,
    ) -> Result<Vec<u8>, Missing> {
        let location = self.store.location();
        match self.store.read(key, limit) {
            Ok(Some(bytes)) => {
                self.mark(key, None);
                Ok(bytes)
            }
            Ok(None) => {
                self.mark(key, None);
                Err(Missing::None)
            }
            Err(e) if Refusal::of(&e) == Some(Refusal::NotFile) => {
                self.mark(key, Some(HandsOff::NotFile));
                let detail = format!(
                    "{what} in {location}: {key} is not a regular file; it is left as it is, \
                     and nothing is saved in its place"
                );
                let short = said!("notice-not-file", what = what.key());
                self.tell(problems, "notice-not-file", key, short, detail);
                Err(Missing::HandsOff)
            }
            Err(e) => {
                self.mark(key, Some(HandsOff::Unreadable));
                let detail = format!(
                    "{what} in {location} could not be read now ({e}); it is left as it is and \
                     read again at the next save"
                );
                let short = said!("notice-unreadable", what = what.key());
                self.tell(problems, "notice-unreadable", key, short, detail);
                Err(Missing::HandsOff)
            }
        }
    }

    /// A damaged document, set aside (kept under another name) before anything is written in
    /// its place. Whether its key is free to write now: not where it could not be moved (it is
    /// then never written over in this run); a reader moves nothing and writes nothing.
    fn set_damaged_aside(
        &self,
        key: &str,
        what: Kept,
        why: &LoadError,
        problems: &mut Vec<Problem>,
    ) -> bool {
        let location = self.store.location();
        if self.reader {
            let detail = format!("{what} in {location}: {why}; left as it is");
            let short = said!("notice-damaged", what = what.key());
            self.tell(problems, "notice-damaged", key, short, detail);
            return true;
        }
        match self.store.set_aside(key) {
            Ok(name) => {
                problems.push(Problem {
                    short: said!("notice-set-aside", what = what.key()),
                    detail: format!("{what} in {location}: {why}; kept as {name}"),
                });
                true
            }
            Err(e) => {
                self.mark(key, Some(HandsOff::Unmovable));
                let detail = format!(
                    "{what} in {location}: {why}; it could not be moved aside ({e}), so it \
                     will not be written over"
                );
                let short = said!("notice-left-alone", what = what.key());
                self.tell(problems, "notice-left-alone", key, short, detail);
                false
            }
        }
    }

    /// A document this build does not understand: left as it is, and the player told once
    /// (once in all for a later version's saves).
    fn not_understood(&self, key: &str, what: Kept, why: &LoadError, problems: &mut Vec<Problem>) {
        self.mark(key, Some(HandsOff::NotUnderstood));
        let detail = format!(
            "{what} in {}: {why}; this version reads what it knows of it and leaves it as it is",
            self.store.location()
        );
        match why {
            LoadError::Newer(_) | LoadError::Foreign(_) => {
                let short = said!("notice-newer-saves");
                self.tell(problems, "notice-newer-saves", "", short, detail);
            }
            _ => {
                let short = said!("notice-not-understood", what = what.key());
                self.tell(problems, "notice-not-understood", key, short, detail);
            }
        }
    }

    /// Replaces a document, unless this run leaves it as it is (or only reads).
    pub fn write(&self, key: &str, text: &str) -> io::Result<()> {
        if self.reader {
            return Err(Refusal::ReadOnly.error());
        }
        if let Some(why) = self.hands_off(key) {
            return Err(why.refusal().error());
        }
        self.store.write(key, text)
    }

    pub(super) fn remove(&self, key: &str) -> io::Result<()> {
        if self.reader {
            return Err(Refusal::ReadOnly.error());
        }
        self.store.remove(key)
    }

    pub(super) fn keys(&self) -> io::Result<Vec<String>> {
        self.store.keys()
    }

    /// Runs `f` with the store's lock held: no other window's merge runs between its reads and
    /// its writes. Without the lock, `f` is not run: nothing is merged unlocked. (A reader takes
    /// the lock for a consistent copy, and reads without it if it cannot.)
    pub(super) fn locked<R>(
        &self,
        problems: &mut Vec<Problem>,
        f: impl FnOnce(&mut Vec<Problem>) -> R,
    ) -> io::Result<R> {
        match self.store.lock() {
            Ok(_guard) => Ok(f(problems)),
            Err(e) if self.reader => {
                problems.push(Problem {
                    short: said!("notice-no-lock"),
                    detail: format!(
                        "read without the lock of the saves in {} ({e}): a window playing \
                         meanwhile may be a move ahead of this copy",
                        self.store.location()
                    ),
                });
                Ok(f(problems))
            }
            Err(e) => {
                let detail = format!(
                    "the lock of the saves in {} could not be had ({e}): nothing is merged nor \
                     written without it",
                    self.store.location()
                );
                self.tell(
                    problems,
                    "notice-no-lock",
                    "",
                    said!("notice-no-lock"),
                    detail,
                );
                Err(Refusal::NoLock.error())
            }
        }
    }

    /// Asks to be the one window that writes the game in progress of `config`'s board.
    pub fn claim(&self, config: Config) -> Claim {
        self.store.claim(&game_key(config))
    }

    /// The options stored (the defaults if none, or none readable).
    pub fn options(&self, problems: &mut Vec<Problem>) -> Options {
        self.stored_options(problems).unwrap_or_default()
    }

    /// The options stored, if there are any.
    pub fn stored_options(&self, problems: &mut Vec<Problem>) -> Option<Options> {
        let read = |bytes: &[u8]| super::read_options(bytes, MAX_DOCUMENT_BYTES);
        match self.find(
            OPTIONS_KEY,
            Kept::Options,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            problems,
        ) {
            Found::Sound(doc) | Found::HandsOff(Some(doc)) | Found::Damaged(Some(doc)) => {
                Some(doc.options())
            }
            _ => None,
        }
    }

    /// The ranked document as stored (empty if there is none or it cannot be read), read
    /// without the lock: nothing is written.
    pub fn ranked(&self, problems: &mut Vec<Problem>) -> RankedDoc {
        let read = |bytes: &[u8]| super::read_ranked(bytes, MAX_DOCUMENT_BYTES);
        match self.find(
            RANKED_KEY,
            Kept::Ranked,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            problems,
        ) {
            Found::Sound(doc) | Found::HandsOff(Some(doc)) | Found::Damaged(Some(doc)) => doc,
            _ => RankedDoc::default(),
        }
    }

    /// A document read whole, `None` if there is none or it is not used (its problem told).
    pub(super) fn sound<T>(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        read: impl Fn(&[u8]) -> Result<T, LoadError>,
        problems: &mut Vec<Problem>,
    ) -> Option<T> {
        let read = |bytes: &[u8]| read(bytes).map(|doc| Read { doc, newer: None });
        match self.find(key, what, limit, read, |_| None, problems) {
            Found::Sound(doc) => Some(doc),
            _ => None,
        }
    }

    /// The best scores stored (what this build reads of them).
    pub fn best(&self, problems: &mut Vec<Problem>) -> BestScores {
        self.best_doc(problems).best
    }

    fn best_doc(&self, problems: &mut Vec<Problem>) -> BestDoc {
        let read = |bytes: &[u8]| super::read_best(bytes, MAX_DOCUMENT_BYTES);
        match self.find(
            BEST_KEY,
            Kept::BestScores,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            problems,
        ) {
            Found::Sound(doc) | Found::HandsOff(Some(doc)) | Found::Damaged(Some(doc)) => doc,
            _ => BestDoc::default(),
        }
    }

    /// The history stored: the games this build reads, oldest first.
    pub fn games(&self, problems: &mut Vec<Problem>) -> Vec<PastGame> {
        self.games_doc(problems).games
    }

    pub(super) fn games_doc(&self, problems: &mut Vec<Problem>) -> GamesDoc {
        let read = |bytes: &[u8]| super::read_games(bytes, MAX_GAMES_BYTES);
        let rebuild = |bytes: &[u8]| Some(GamesDoc::recovered(bytes));
        match self.find(
            GAMES_KEY,
            Kept::History,
            MAX_GAMES_BYTES,
            read,
            rebuild,
            problems,
        ) {
            Found::Sound(doc) | Found::HandsOff(Some(doc)) | Found::Damaged(Some(doc)) => doc,
            _ => GamesDoc::default(),
        }
    }

    /// A read-merge-write of one shared document: `merge` joins what is stored (none, or what
    /// could be read of it) with this window's; the result is written unless it is what is
    /// stored, or the document is one this run leaves as it is.
    fn sync<D: PartialEq>(
        &self,
        key: &str,
        found: Found<D>,
        problems: Vec<Problem>,
        merge: impl FnOnce(Option<&D>) -> D,
        render: impl FnOnce(&D) -> String,
    ) -> Synced<D> {
        let (stored, present) = match found {
            Found::None => (None, false),
            Found::Sound(doc) => (Some(doc), true),
            Found::Damaged(doc) => (doc, false),
            Found::HandsOff(doc) => {
                let value = merge(doc.as_ref());
                let why = self
                    .hands_off(key)
                    .map_or(Refusal::NotUnderstood, |why| why.refusal());
                return Synced {
                    value,
                    before: doc,
                    written: Err(why.error()),
                    problems,
                };
            }
        };
        let value = merge(stored.as_ref());
        let written = if present && stored.as_ref() == Some(&value) {
            Ok(())
        } else {
            self.write(key, &render(&value))
        };
        Synced {
            value,
            before: stored,
            written,
            problems,
        }
    }

    /// Nothing merged: the lock could not be had (its problem told), so `value` is this
    /// window's own.
    fn unmerged<T>(value: T, problems: Vec<Problem>) -> Synced<T> {
        Synced {
            value,
            before: None,
            written: Err(Refusal::NoLock.error()),
            problems,
        }
    }

    /// The best scores stored now, raised by `mine`; written if that changed them.
    pub fn sync_best(&self, mine: &BestScores) -> Synced<BestScores> {
        let mut problems = Vec::new();
        match self.locked(&mut problems, |_| self.sync_best_unlocked(mine)) {
            Ok(synced) => synced.with_problems(problems),
            Err(_) => Self::unmerged(mine.clone(), problems),
        }
    }

    pub(super) fn sync_best_unlocked(&self, mine: &BestScores) -> Synced<BestScores> {
        let mut problems = Vec::new();
        let read = |bytes: &[u8]| super::read_best(bytes, MAX_DOCUMENT_BYTES);
        let found = self.find(
            BEST_KEY,
            Kept::BestScores,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            &mut problems,
        );
        let merge = |stored: Option<&BestDoc>| {
            let stored = stored.cloned().unwrap_or_default();
            BestDoc {
                best: merge::merge_best(&stored.best, mine),
                ..stored
            }
        };
        self.sync(BEST_KEY, found, problems, merge, BestDoc::render)
            .map(|doc| doc.best)
    }

    /// The history stored now, with `mine`'s games; written if that added any.
    pub fn sync_games(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        let mut problems = Vec::new();
        match self.locked(&mut problems, |_| self.sync_games_unlocked(mine)) {
            Ok(synced) => synced.with_problems(problems),
            Err(_) => Self::unmerged(mine.to_vec(), problems),
        }
    }

    pub(super) fn sync_games_unlocked(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        self.sync_games_doc(mine, &[]).map(|doc| doc.games)
    }

    /// The history stored now with `mine`'s games and `other` entries it lacks (entries this
    /// build cannot read: a backup's, a copy's).
    pub(super) fn sync_games_doc(
        &self,
        mine: &[PastGame],
        other: &[serde_json::Value],
    ) -> Synced<GamesDoc> {
        let mut problems = Vec::new();
        let read = |bytes: &[u8]| super::read_games(bytes, MAX_GAMES_BYTES);
        let rebuild = |bytes: &[u8]| Some(GamesDoc::recovered(bytes));
        let found = self.find(
            GAMES_KEY,
            Kept::History,
            MAX_GAMES_BYTES,
            read,
            rebuild,
            &mut problems,
        );
        let merge = |stored: Option<&GamesDoc>| {
            let mut doc = stored.cloned().unwrap_or_default();
            doc.games = merge::merge_games(&doc.games, mine);
            for entry in other {
                if !doc.other.contains(entry) {
                    doc.other.push(entry.clone());
                }
            }
            doc
        };
        self.sync(GAMES_KEY, found, problems, merge, GamesDoc::render)
    }

    /// The ranked document stored now, with `mine` accounts joined to it and, if `server` is
    /// given, the desktop's server set to it; written if that changed it.
    pub fn sync_ranked(
        &self,
        mine: &[RankedAccount],
        server: Option<Option<String>>,
    ) -> Synced<RankedDoc> {
        let mut problems = Vec::new();
        match self.locked(&mut problems, |_| {
            self.sync_ranked_unlocked(mine, server.clone())
        }) {
            Ok(synced) => synced.with_problems(problems),
            Err(_) => {
                let mut doc = RankedDoc::default();
                doc.join(mine);
                Self::unmerged(doc, problems)
            }
        }
    }

    pub(super) fn sync_ranked_unlocked(
        &self,
        mine: &[RankedAccount],
        server: Option<Option<String>>,
    ) -> Synced<RankedDoc> {
        let mut problems = Vec::new();
        let read = |bytes: &[u8]| super::read_ranked(bytes, MAX_DOCUMENT_BYTES);
        let found = self.find(
            RANKED_KEY,
            Kept::Ranked,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            &mut problems,
        );
        let merge = |stored: Option<&RankedDoc>| {
            let mut doc = stored.cloned().unwrap_or_default();
            doc.join(mine);
            if let Some(server) = &server {
                doc.server = server.clone();
            }
            doc
        };
        self.sync(RANKED_KEY, found, problems, merge, RankedDoc::render)
    }

    /// The options stored now with this window's `chosen` options (fields this build does not
    /// know are kept as they are).
    pub fn sync_options(&self, mine: &Options, chosen: merge::Chosen) -> Synced<Options> {
        let mut problems = Vec::new();
        match self.locked(&mut problems, |_| self.sync_options_unlocked(mine, chosen)) {
            Ok(synced) => synced.with_problems(problems),
            Err(_) => Self::unmerged(*mine, problems),
        }
    }

    pub(super) fn sync_options_unlocked(
        &self,
        mine: &Options,
        chosen: merge::Chosen,
    ) -> Synced<Options> {
        let mut problems = Vec::new();
        let read = |bytes: &[u8]| super::read_options(bytes, MAX_DOCUMENT_BYTES);
        let found = self.find(
            OPTIONS_KEY,
            Kept::Options,
            MAX_DOCUMENT_BYTES,
            read,
            |_| None,
            &mut problems,
        );
        let merge = |stored: Option<&OptionsDoc>| match stored {
            Some(stored) => stored.with(mine, chosen),
            None => OptionsDoc::of(mine),
        };
        self.sync(OPTIONS_KEY, found, problems, merge, OptionsDoc::render)
            .map(|doc| doc.options())
    }

    /// What is on `config`'s board: its game with its moves, none, or a game this run leaves
    /// as it is. A damaged game comes back from its moves where they replay; damaged moves cost
    /// only themselves (undo then starts where the game stands). Moves that reach past the
    /// saved game, or one undo short of it, are the newer (they are written first: a kill
    /// between the two writes leaves them ahead), and give the game.
    pub fn saved_board(&self, config: Config, problems: &mut Vec<Problem>) -> Slot {
        let read_game = |bytes: &[u8]| {
            let game = super::parse_game(bytes)?;
            if game.config() != config {
                return Err(LoadError::Impossible(format!(
                    "a {} game to {} in its place",
                    game.config().shape(),
                    game.config().target()
                )));
            }
            Ok(Read {
                doc: game,
                newer: None,
            })
        };
        let read_moves =
            |bytes: &[u8]| super::parse_saved_history(bytes).map(|doc| Read { doc, newer: None });
        let (game_key, moves_key) = (game_key(config), history_key(config));
        let size = MAX_DOCUMENT_BYTES;
        let game = match self.find(&game_key, Kept::Game, size, read_game, |_| None, problems) {
            Found::HandsOff(_) => return Slot::HandsOff,
            Found::Sound(game) => Ok(game),
            Found::None => Err(false),
            Found::Damaged(_) => Err(true),
        };
        let size = MAX_HISTORY_BYTES;
        let moves = match self.find(
            &moves_key,
            Kept::UndoHistory,
            size,
            read_moves,
            |_| None,
            problems,
        ) {
            Found::HandsOff(_) => return Slot::HandsOff,
            Found::Sound(moves) => Some(moves),
            Found::None | Found::Damaged(_) => None,
        };
        let why = match (game, moves) {
            (Ok(game), None) => return Slot::Game(game.clone(), History::new(game)),
            (Err(_), None) => return Slot::Empty,
            (Ok(game), Some(saved)) => match saved.history_to(&game) {
                Ok(history) => return Slot::Game(game, history),
                Err(problem) => match saved.replayed(config) {
                    Ok((history, newer)) if is_after(&newer, &game) => {
                        return Slot::Game(newer, history);
                    }
                    _ => {
                        self.set_aside_moves(&moves_key, &problem, problems);
                        return Slot::Game(game.clone(), History::new(game));
                    }
                },
            },
            // Moves without their game: a damaged game, or a kill before a new slot's game was
            // first written. The moves give the game.
            (Err(damaged), Some(saved)) => match saved.replayed(config) {
                Ok((history, game)) => {
                    if damaged {
                        problems.push(Problem {
                            short: said!("notice-rebuilt"),
                            detail: format!(
                                "the saved game in {} was rebuilt from its {} moves",
                                self.store.location(),
                                history.len()
                            ),
                        });
                    }
                    return Slot::Game(game, history);
                }
                Err(why) => why,
            },
        };
        self.set_aside_moves(&moves_key, &why, problems);
        Slot::Empty
    }

    /// Sets aside (keeps) a board's moves that do not lead to its game.
    fn set_aside_moves(&self, key: &str, why: &LoadError, problems: &mut Vec<Problem>) {
        self.set_damaged_aside(key, Kept::UndoHistory, why, problems);
    }

    /// Writes a board's game in progress: its moves, then the game (both tried: if the store
    /// takes one and not the other, a browser's storage quota, the board at least is kept).
    /// The slot is written over only by the same game further on its line; another game found
    /// there first goes into the history, merged with `past` (the history after that comes back
    /// in `displaced`), and if the history cannot take it, the slot is not written. With
    /// `unknown_is_other`, a game there that the history cannot keep (its moves lost, or begun
    /// before games were recorded) is set aside, kept as a file.
    pub fn save_board(
        &self,
        game: &Game,
        history: &History,
        past: &[PastGame],
        unknown_is_other: bool,
    ) -> SavedBoard {
        let mut problems = Vec::new();
        let saved = self.locked(&mut problems, |problems| {
            let config = game.config();
            let mut displaced = None;
            let kept = match self.other_game_there(config, history, problems) {
                There::HandsOff => Err(self
                    .hands_off(&game_key(config))
                    .or(self.hands_off(&history_key(config)))
                    .map_or(Refusal::NotUnderstood, |why| why.refusal())
                    .error()),
                There::Known(other) => {
                    let mut games = past.to_vec();
                    merge::keep_game(&mut games, other);
                    let synced = self.sync_games_unlocked(&games);
                    let kept = match &synced.written {
                        Ok(()) => Ok(()),
                        Err(e) => Err(Refusal::of(e).map_or_else(
                            || io::Error::new(e.kind(), e.to_string()),
                            Refusal::error,
                        )),
                    };
                    displaced = Some(synced);
                    kept
                }
                There::Unknown if unknown_is_other => {
                    // Its game and whatever is left of its moves, both kept.
                    let why = "another game was there, which the history cannot keep";
                    let mut kept = Ok(());
                    for key in [game_key(config), history_key(config)] {
                        if !matches!(self.store.read(&key, 0), Ok(Some(_))) {
                            continue;
                        }
                        match self.store.set_aside(&key) {
                            Ok(name) => problems.push(Problem {
                                short: said!("notice-set-aside", what = Kept::EarlierGame.key()),
                                detail: format!(
                                    "{} in {}: {why}; kept as {name}",
                                    Kept::EarlierGame,
                                    self.store.location()
                                ),
                            }),
                            Err(e) => kept = Err(e),
                        }
                    }
                    kept
                }
                There::Unknown | There::Nothing => Ok(()),
            };
            SavedBoard {
                written: kept.and_then(|()| self.put_board(game, history)),
                displaced,
                problems: Vec::new(),
            }
        });
        match saved {
            Ok(saved) => SavedBoard {
                problems: [problems, saved.problems].concat(),
                ..saved
            },
            Err(e) => SavedBoard {
                written: Err(e),
                displaced: None,
                problems,
            },
        }
    }

    /// Writes a board's moves, then its game (both tried; the first error is returned).
    pub(super) fn put_board(&self, game: &Game, history: &History) -> io::Result<()> {
        let config = game.config();
        let moves = self.write(&history_key(config), &super::render_history(history));
        let board = self.write(&game_key(config), &super::render_game(game));
        moves.and(board)
    }

    /// What is stored on `config`'s board, if writing `history`'s game there would lose it:
    /// another game (as the history keeps it, or unknown), or this game further on or on
    /// another line. The moves alone are read first: no replay for the usual case, this
    /// window's own game, less far on.
    fn other_game_there(
        &self,
        config: Config,
        history: &History,
        problems: &mut Vec<Problem>,
    ) -> There {
        let moves = self
            .store
            .read(&history_key(config), MAX_HISTORY_BYTES)
            .ok()
            .flatten();
        if let Some(saved) = moves
            .as_deref()
            .and_then(|b| super::parse_saved_history(b).ok())
            && saved.seed.is_some()
            && (saved.started_ms, saved.seed) == (history.info.started_ms, history.seed())
            && let Ok((_, moves)) = saved.start_and_moves()
            && merge::steps(moves.len(), saved.undos) <= steps(history)
            && merge::one_line(&moves, saved.undos, history.moves(), history.undos())
        {
            return There::Nothing;
        }
        let (there, moves) = match self.saved_board(config, problems) {
            Slot::HandsOff => return There::HandsOff,
            Slot::Empty => return There::Nothing,
            Slot::Game(there, moves) => (there, moves),
        };
        if there.moves() == 0 && moves.undos() == 0 {
            // Nothing was played in it: nothing to keep.
            return There::Nothing;
        }
        // A game is its start and seed: one without a seed (begun before games were recorded,
        // or whose moves were lost) is no other game's copy.
        let same_game = moves.seed().is_some()
            && (moves.info.started_ms, moves.seed()) == (history.info.started_ms, history.seed());
        if same_game
            && steps(&moves) <= steps(history)
            && merge::one_line(
                moves.moves(),
                moves.undos(),
                history.moves(),
                history.undos(),
            )
        {
            return There::Nothing;
        }
        match PastGame::of(&there, &moves).filter(|_| !moves.is_empty()) {
            Some(entry) => There::Known(entry),
            None if same_game => There::Nothing,
            None => There::Unknown,
        }
    }

    /// Merges back the copies set aside that this build reads whole (an earlier build set aside
    /// what it could not read: a later version's document, a rectangular board's), each marked
    /// merged afterwards (renamed, kept). Copies it cannot read stay as they are.
    pub fn merge_back(&self, problems: &mut Vec<Problem>) {
        if self.reader {
            return;
        }
        // Copies that cannot be listed now are merged back at a later start.
        let Ok(copies) = self.store.copies() else {
            return;
        };
        if copies.is_empty() {
            return;
        }
        let merged = self.locked(problems, |problems| {
            let mut merged = Vec::new();
            for (name, key) in copies {
                // (A copy that cannot be marked is merged again at the next start: merging twice
                // is merging once.)
                if self.merge_copy(&name, &key, problems) && self.store.mark_merged(&name).is_ok() {
                    merged.push(name);
                }
            }
            merged
        });
        if let Ok(merged) = merged
            && !merged.is_empty()
        {
            problems.push(Problem {
                short: said!("notice-merged-back", count = merged.len()),
                detail: format!(
                    "merged back into the saves in {}: {}",
                    self.location(),
                    merged.join(", ")
                ),
            });
        }
    }

    /// Merges one copy back, if this build reads it whole; whether it did.
    fn merge_copy(&self, name: &str, key: &str, problems: &mut Vec<Problem>) -> bool {
        let limit = match key {
            GAMES_KEY => MAX_GAMES_BYTES,
            _ if key.starts_with("undo-") => MAX_HISTORY_BYTES,
            _ => MAX_DOCUMENT_BYTES,
        };
        let Ok(Some(bytes)) = self.store.read_copy(name, limit) else {
            return false;
        };
        let mut sub = Vec::new();
        let done = match key {
            OPTIONS_KEY => match super::read_options(&bytes, limit) {
                Ok(Read { doc, newer: None }) => {
                    // Only what the options lack now: what the player chose since stays.
                    let read = |bytes: &[u8]| super::read_options(bytes, MAX_DOCUMENT_BYTES);
                    let found =
                        self.find(OPTIONS_KEY, Kept::Options, limit, read, |_| None, &mut sub);
                    let merge = |stored: Option<&OptionsDoc>| {
                        let mut now = stored.cloned().unwrap_or_default();
                        for (field, value) in &doc.fields {
                            if !now.fields.contains_key(field) {
                                now.fields.insert(field.clone(), value.clone());
                            }
                        }
                        now
                    };
                    self.sync(OPTIONS_KEY, found, Vec::new(), merge, OptionsDoc::render)
                        .written
                        .is_ok()
                }
                _ => false,
            },
            BEST_KEY => match super::read_best(&bytes, limit) {
                Ok(Read { doc, newer: None }) if doc.other.is_empty() => {
                    self.sync_best_unlocked(&doc.best).written.is_ok()
                }
                _ => false,
            },
            GAMES_KEY => match super::read_games(&bytes, limit) {
                Ok(Read { doc, newer: None }) => {
                    self.sync_games_doc(&doc.games, &doc.other).written.is_ok()
                }
                _ => false,
            },
            _ => match key.strip_prefix("undo-").and_then(board_of_key) {
                Some(config) => match super::parse_saved_history(&bytes)
                    .and_then(|saved| saved.replayed(config))
                {
                    Ok((history, game)) => match PastGame::of(&game, &history) {
                        Some(entry) if !history.is_empty() => {
                            self.sync_games_unlocked(&[entry]).written.is_ok()
                        }
                        _ => false,
                    },
                    Err(_) => false,
                },
                None => match key.strip_prefix("game-").and_then(board_of_key) {
                    // A game without its moves is kept only on a board with none.
                    Some(config) => match super::parse_game(&bytes) {
                        Ok(game) if game.config() == config => {
                            matches!(self.saved_board(config, &mut sub), Slot::Empty)
                                && self.put_board(&game, &History::new(game.clone())).is_ok()
                        }
                        _ => false,
                    },
                    None => false,
                },
            },
        };
        problems.extend(sub);
        done
    }
}

/// The board of a key's end (`4x4-2048`), if it is one the game has.
pub(super) fn board_of_key(rest: &str) -> Option<Config> {
    let (shape, target) = rest.split_once('-')?;
    let (rows, columns) = shape.split_once('x')?;
    let shape = crate::rules::Shape::new(rows.parse().ok()?, columns.parse().ok()?)?;
    let config = Config::with_shape(shape, target.parse().ok()?).ok()?;
    (game_key(config) == format!("game-{rest}")).then_some(config)
}

fn steps(history: &History) -> u64 {
    merge::steps(history.len(), history.undos())
}

/// Whether `newer`, reached by a board's moves, is what came after the saved `game`: further on
/// (a move whose game was not written), or one undo back from it (the saved game is one move
/// on from `newer`). Other moves than the game's are damage, not a later state.
fn is_after(newer: &Game, game: &Game) -> bool {
    if newer.moves() > game.moves() {
        return true;
    }
    newer.moves().checked_add(1) == Some(game.moves())
        && crate::rules::Direction::ALL.into_iter().any(|direction| {
            let mut next = newer.clone();
            if next.status() == crate::rules::Status::Won {
                next.keep_going();
            }
            next.play(direction).is_some_and(|turn| turn.plan.moved) && next.save() == game.save()
        })
}

/// What a board's slot holds that writing another game there would lose.
enum There {
    Nothing,
    /// Another game, or this one further on or on another line, as the history keeps it.
    Known(PastGame),
    /// Another game the history cannot keep.
    Unknown,
    /// A game this run leaves as it is.
    HandsOff,
}

/// What a read-merge-write gives back: the merged value (what the window now shows), whether
/// the write went through, and what the player is told about the stored documents.
#[derive(Debug)]
pub struct Synced<T> {
    pub value: T,
    /// What was stored before (none, or not usable).
    pub before: Option<T>,
    pub written: io::Result<()>,
    pub problems: Vec<Problem>,
}

impl<T> Synced<T> {
    fn map<U>(self, f: impl Fn(T) -> U) -> Synced<U> {
        Synced {
            value: f(self.value),
            before: self.before.map(&f),
            written: self.written,
            problems: self.problems,
        }
    }

    fn with_problems(mut self, mut first: Vec<Problem>) -> Self {
        first.append(&mut self.problems);
        self.problems = first;
        self
    }
}

/// What writing a board's game did.
#[derive(Debug)]
pub struct SavedBoard {
    pub written: io::Result<()>,
    /// The history with the game that was there before, if another game was.
    pub displaced: Option<Synced<Vec<PastGame>>>,
    /// A game set aside from there, or a document found damaged.
    pub problems: Vec<Problem>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_keys_name_only_boards_the_game_has() {
        assert_eq!(board_of_key("4x4-2048"), Some(Config::default()));
        assert!(board_of_key("4x4-2047").is_none());
        assert!(board_of_key("9x9-2048").is_none());
        assert!(board_of_key("04x4-2048").is_none());
    }

    /// Two games recorded before seeds were (no start nor seed to tell them by) are not one
    /// game: the other one on the board is kept aside whole, its moves too, before this one is
    /// written there.
    #[test]
    fn a_game_without_a_seed_is_no_other_games_copy() {
        use crate::rules::{Direction, Game};
        let store = Arc::new(super::super::MemoryStore::default());
        let documents = Documents::new(store.clone());
        let config = Config::default();
        let mut old = Game::new(config, 3);
        let mut moves = History::new(old.clone());
        for direction in Direction::ALL.into_iter().cycle().take(12) {
            if old.moves() < 3 && old.play(direction).is_some_and(|turn| turn.plan.moved) {
                moves.push(direction, &old);
            }
        }
        assert_eq!(old.moves(), 3);
        documents.put_board(&old, &moves).unwrap();
        let other = Game::new(config, 4);
        let saved = documents.save_board(&other, &History::new(other.clone()), &[], true);
        saved.written.unwrap();
        let kept = store.documents();
        let aside: Vec<&String> = kept.keys().filter(|k| k.contains(".bad")).collect();
        assert_eq!(aside.len(), 2, "its game and its moves: {:?}", kept.keys());
        assert!(
            kept.get(&format!("{}.bad", game_key(config)))
                .is_some_and(
                    |bytes| super::super::parse_game(bytes).is_ok_and(|g| g.save() == old.save())
                )
        );
    }

    #[test]
    fn merges_nothing_without_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the lock file should be: it cannot be locked.
        std::fs::create_dir(dir.path().join("lock")).unwrap();
        let documents = Documents::new(Arc::new(super::super::FileStore::new(dir.path())));
        let best = [(crate::rules::Shape::square(4), 8)].into_iter().collect();
        let synced = documents.sync_best(&best);
        assert_eq!(
            Refusal::of(synced.written.as_ref().unwrap_err()),
            Some(Refusal::NoLock)
        );
        assert_eq!(synced.problems.len(), 1, "told once");
        assert!(!dir.path().join("best.json").exists(), "nothing written");
        let again = documents.sync_best(&best);
        assert!(again.problems.is_empty() && again.written.is_err());
    }
}
