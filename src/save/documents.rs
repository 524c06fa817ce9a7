//! [`Documents`]: one store's documents, read so that a bad one costs only itself, and written
//! so that nothing another window or tab wrote is lost: shared documents (best scores, the
//! history, options) are merged with what is stored now under the store's lock (`merge`), and a
//! board's game in progress found replaced by another game (a flag's new game, another window's)
//! goes into the history before it is written over.

use std::collections::BTreeSet;
use std::fmt;
use std::io;
use std::sync::{Arc, Mutex};

use super::store::{Claim, Store};
use super::{
    BEST_KEY, BestScores, GAMES_KEY, LoadError, MAX_DOCUMENT_BYTES, MAX_GAMES_BYTES,
    MAX_HISTORY_BYTES, OPTIONS_KEY, Options, PastGame, game_key, history_key, merge,
};
use crate::i18n::Said;
use crate::rules::{Config, Game, History};
use crate::said;

/// A document that was not used: a line for the screen and the whole story for the log.
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
        })
    }
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
        what: Kept,
        limit: usize,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
    ) -> Result<Option<T>, Problem> {
        match self.store.read(key, limit) {
            Ok(bytes) => self.parsed(key, what, bytes, parse),
            Err(e) => {
                let why = LoadError::Unreadable(e.to_string());
                Err(self.put_aside(key, what, &why.to_string()))
            }
        }
    }

    /// The document read as `bytes`, parsed; one that cannot be used is set aside.
    fn parsed<T>(
        &self,
        key: &str,
        what: Kept,
        bytes: Option<Vec<u8>>,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
    ) -> Result<Option<T>, Problem> {
        match bytes {
            None => Ok(None),
            Some(bytes) => parse(&bytes)
                .map(Some)
                .map_err(|why| self.put_aside(key, what, &why.to_string())),
        }
    }

    /// Sets a document the game will not use aside, keeping it; if that fails, it is never
    /// written over in this run. Returns what to tell the player and the log.
    fn put_aside(&self, key: &str, what: Kept, why: &str) -> Problem {
        let location = self.store.location();
        match self.store.set_aside(key) {
            Ok(name) => Problem {
                short: said!("notice-set-aside", what = what.key()),
                detail: format!("{what} in {location}: {why}; kept as {name}"),
            },
            Err(e) => {
                self.untouchable().insert(key.to_string());
                Problem {
                    short: said!("notice-left-alone", what = what.key()),
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
            return Err(io::Error::other(super::Refusal::Untouchable));
        }
        self.store.write(key, text)
    }

    pub(super) fn remove(&self, key: &str) -> io::Result<()> {
        self.store.remove(key)
    }

    pub(super) fn keys(&self) -> io::Result<Vec<String>> {
        self.store.keys()
    }

    /// Runs `f` with the store's lock held: no other window's merge runs between its reads and
    /// its writes. (A store that cannot lock runs it anyway: its writes then say why.)
    pub(super) fn locked<R>(&self, f: impl FnOnce() -> R) -> R {
        let _guard = self.store.lock();
        f()
    }

    /// Asks to be the one window that writes the game in progress of `config`'s board.
    pub fn claim(&self, config: Config) -> Claim {
        self.store.claim(&game_key(config))
    }

    /// Reads a document: `None` when there is none or it could not be used
    /// (set aside, its problem kept for the player).
    pub fn stored<T>(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
        problems: &mut Vec<Problem>,
    ) -> Option<T> {
        self.load(key, what, limit, parse)
            .unwrap_or_else(|problem| {
                problems.push(problem);
                None
            })
    }

    /// Reads a shared document for a merge. A document that cannot be used is set aside (its
    /// problem kept for the player) and counts as none; one that cannot be read now (an I/O
    /// error) is an error: nothing is written over it then.
    fn for_merge<T>(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
        problems: &mut Vec<Problem>,
    ) -> io::Result<Option<T>> {
        let bytes = self.store.read(key, limit)?;
        Ok(self
            .parsed(key, what, bytes, parse)
            .unwrap_or_else(|problem| {
                problems.push(problem);
                None
            }))
    }

    /// A read-merge-write of one document: `merge` joins what is stored with this window's
    /// value; the result is written if it differs from what is stored.
    fn sync<T: PartialEq>(
        &self,
        key: &str,
        what: Kept,
        limit: usize,
        parse: impl Fn(&[u8]) -> Result<T, LoadError>,
        render: impl FnOnce(&T) -> String,
        merge: impl FnOnce(Option<&T>) -> T,
    ) -> Synced<T> {
        let mut problems = Vec::new();
        match self.for_merge(key, what, limit, parse, &mut problems) {
            Ok(stored) => {
                let value = merge(stored.as_ref());
                let written = if stored.as_ref() != Some(&value) {
                    self.write(key, &render(&value))
                } else {
                    Ok(())
                };
                Synced {
                    value,
                    before: stored,
                    written,
                    problems,
                }
            }
            Err(e) => Synced {
                value: merge(None),
                before: None,
                written: Err(e),
                problems,
            },
        }
    }

    /// The best scores stored now, raised by `mine`; written if that changed them.
    pub fn sync_best(&self, mine: &BestScores) -> Synced<BestScores> {
        self.locked(|| self.sync_best_unlocked(mine))
    }

    pub(super) fn sync_best_unlocked(&self, mine: &BestScores) -> Synced<BestScores> {
        let merge = |stored: Option<&BestScores>| {
            merge::merge_best(stored.unwrap_or(&BestScores::new()), mine)
        };
        let (key, limit) = (BEST_KEY, MAX_DOCUMENT_BYTES);
        self.sync(
            key,
            Kept::BestScores,
            limit,
            super::parse_best,
            super::render_best,
            merge,
        )
    }

    /// The history stored now, with `mine`'s games; written if that added any.
    pub fn sync_games(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        self.locked(|| self.sync_games_unlocked(mine))
    }

    pub(super) fn sync_games_unlocked(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        let merge =
            |stored: Option<&Vec<PastGame>>| merge::merge_games(stored.map_or(&[], |v| v), mine);
        let render = |games: &Vec<PastGame>| super::render_games(games);
        let (key, limit) = (GAMES_KEY, MAX_GAMES_BYTES);
        self.sync(key, Kept::History, limit, super::parse_games, render, merge)
    }

    /// The options stored now with this window's `chosen` options.
    pub fn sync_options(&self, mine: &Options, chosen: merge::Chosen) -> Synced<Options> {
        self.locked(|| {
            let merge = |stored: Option<&Options>| {
                merge::merge_options(stored.unwrap_or(mine), mine, chosen)
            };
            let (key, limit) = (OPTIONS_KEY, MAX_DOCUMENT_BYTES);
            self.sync(
                key,
                Kept::Options,
                limit,
                super::parse_options,
                super::render_options,
                merge,
            )
        })
    }

    /// The saved game of `config`'s board with its moves (`None`: none saved, or one that could
    /// not be used). A bad history costs only itself: undo then starts where the game stands.
    /// Moves that reach past the saved game, or one undo short of it, are the newer (they are
    /// written first: a kill between the two writes leaves them ahead), and give the game.
    pub fn saved_board(
        &self,
        config: Config,
        problems: &mut Vec<Problem>,
    ) -> Option<(Game, History)> {
        let parse = |bytes: &[u8]| {
            let game = super::parse_game(bytes)?;
            if game.config() != config {
                return Err(LoadError::Impossible(format!(
                    "a {} game to {} in its place",
                    game.config().shape(),
                    game.config().target()
                )));
            }
            Ok(game)
        };
        let key = game_key(config);
        let game = self.stored(&key, Kept::Game, MAX_DOCUMENT_BYTES, parse, problems)?;
        let key = history_key(config);
        let why = match self.store.read(&key, MAX_HISTORY_BYTES) {
            Ok(None) => return Some((game.clone(), History::new(game))),
            Ok(Some(bytes)) => match super::parse_saved_history(&bytes) {
                Ok(saved) => match saved.history_to(&game) {
                    Ok(history) => return Some((game, history)),
                    Err(problem) => match saved.replayed(config) {
                        Ok((history, newer)) if is_after(&newer, &game) => {
                            return Some((newer, history));
                        }
                        _ => problem,
                    },
                },
                Err(problem) => problem,
            },
            Err(e) => LoadError::Unreadable(e.to_string()),
        };
        problems.push(self.put_aside(&key, Kept::UndoHistory, &why.to_string()));
        Some((game.clone(), History::new(game)))
    }

    /// Writes a board's game in progress: its moves, then the game (both tried: if the store
    /// takes one and not the other, a browser's storage quota, the board at least is kept).
    /// Another game found there first (one that a flag or another window started) goes into
    /// the history, merged with `past`: the history after that comes back in `displaced`. With
    /// `unknown_is_other`, a game there that cannot go into the history (its moves lost, or
    /// begun before games were recorded) and is not this one is set aside, kept as a file.
    pub fn save_board(
        &self,
        game: &Game,
        history: &History,
        past: &[PastGame],
        unknown_is_other: bool,
    ) -> SavedBoard {
        self.locked(|| {
            let config = game.config();
            let mut displaced = None;
            let mut problems = Vec::new();
            match self.other_game_there(config, game, history) {
                There::Known(other) => {
                    let mut games = past.to_vec();
                    merge::keep_game(&mut games, other);
                    displaced = Some(self.sync_games_unlocked(&games));
                }
                There::Unknown if unknown_is_other => {
                    let why = "another game was there, which the history cannot keep";
                    problems.push(self.put_aside(&game_key(config), Kept::EarlierGame, why));
                }
                There::Unknown | There::Nothing => {}
            }
            SavedBoard {
                written: self.put_board(game, history),
                displaced,
                problems,
            }
        })
    }

    /// Writes a board's moves, then its game (both tried; the first error is returned).
    pub(super) fn put_board(&self, game: &Game, history: &History) -> io::Result<()> {
        let config = game.config();
        let moves = self.write(&history_key(config), &super::render_history(history));
        let board = self.write(&game_key(config), &super::render_game(game));
        moves.and(board)
    }

    /// What is stored on `config`'s board, if it is not the game of `history`: as the history
    /// keeps it, or unknown. The moves' identity alone is read first: no replay for the usual
    /// case, this window's own game.
    fn other_game_there(&self, config: Config, game: &Game, history: &History) -> There {
        let moves = self
            .store
            .read(&history_key(config), MAX_HISTORY_BYTES)
            .ok()
            .flatten();
        if moves.as_deref().and_then(super::identity)
            == Some((history.info.started_ms, history.seed()))
        {
            return There::Nothing;
        }
        let mut problems = Vec::new();
        let Some((there, moves)) = self.saved_board(config, &mut problems) else {
            return There::Nothing;
        };
        if there.save() == game.save() || there.moves() == 0 {
            return There::Nothing;
        }
        match PastGame::of(&there, &moves).filter(|_| !moves.is_empty()) {
            Some(entry) => There::Known(entry),
            None => There::Unknown,
        }
    }
}

/// Whether `newer`, reached by a board's moves, is what came after the saved `game`: further on
/// (a move whose game was not written), or one undo back from it (the saved game is one move
/// on from `newer`). Other moves than the game's are damage, not a later state.
fn is_after(newer: &Game, game: &Game) -> bool {
    if newer.moves() > game.moves() {
        return true;
    }
    newer.moves() + 1 == game.moves()
        && crate::rules::Direction::ALL.into_iter().any(|direction| {
            let mut next = newer.clone();
            if next.status() == crate::rules::Status::Won {
                next.keep_going();
            }
            next.play(direction).is_some_and(|turn| turn.plan.moved) && next.save() == game.save()
        })
}

/// What a board's slot holds besides the game about to be written there.
enum There {
    Nothing,
    /// Another game, as the history keeps it.
    Known(PastGame),
    /// Another game the history cannot keep.
    Unknown,
}

/// What a read-merge-write gives back: the merged value (what the window now shows), whether
/// the write went through, and the stored documents that could not be used (set aside).
#[derive(Debug)]
pub struct Synced<T> {
    pub value: T,
    /// What was stored before (none, or not usable).
    pub before: Option<T>,
    pub written: io::Result<()>,
    pub problems: Vec<Problem>,
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
