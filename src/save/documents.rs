//! [`Documents`]: one store's documents, read so that a bad one costs only itself, and written
//! so that nothing another window or tab wrote is lost: shared documents (best scores, the
//! history, options) are merged with what is stored now under the store's lock (`merge`), and a
//! board's game in progress found replaced by another game (a flag's new game, another window's)
//! goes into the history before it is written over.

use std::collections::BTreeSet;
use std::io;
use std::sync::{Arc, Mutex};

use super::store::{Claim, Store};
use super::{
    BEST_KEY, BestScores, GAMES_KEY, LoadError, MAX_DOCUMENT_BYTES, MAX_GAMES_BYTES,
    MAX_HISTORY_BYTES, OPTIONS_KEY, Options, PastGame, game_key, history_key, merge,
};
use crate::rules::{Config, Game, History};

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
        what: &str,
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

    /// The best scores stored now, raised by `mine`; written if that changed them.
    pub fn sync_best(&self, mine: &BestScores) -> Synced<BestScores> {
        self.locked(|| {
            let mut problems = Vec::new();
            let what = "best scores";
            let stored = self.stored(
                BEST_KEY,
                what,
                MAX_DOCUMENT_BYTES,
                super::parse_best,
                &mut problems,
            );
            let value = merge::merge_best(stored.as_ref().unwrap_or(&BestScores::new()), mine);
            let written = self.write_if(BEST_KEY, stored.as_ref() != Some(&value), || {
                super::render_best(&value)
            });
            Synced {
                value,
                written,
                problems,
            }
        })
    }

    /// The history stored now, with `mine`'s games; written if that added any.
    pub fn sync_games(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        self.locked(|| self.sync_games_unlocked(mine))
    }

    fn sync_games_unlocked(&self, mine: &[PastGame]) -> Synced<Vec<PastGame>> {
        let mut problems = Vec::new();
        let what = "history of games";
        let stored = self.stored(
            GAMES_KEY,
            what,
            MAX_GAMES_BYTES,
            super::parse_games,
            &mut problems,
        );
        let value = merge::merge_games(stored.as_deref().unwrap_or_default(), mine);
        let written = self.write_if(GAMES_KEY, stored.as_ref() != Some(&value), || {
            super::render_games(&value)
        });
        Synced {
            value,
            written,
            problems,
        }
    }

    /// The options stored now with this window's `chosen` options.
    pub fn sync_options(&self, mine: &Options, chosen: merge::Chosen) -> Synced<Options> {
        self.locked(|| {
            let mut problems = Vec::new();
            let stored = self.stored(
                OPTIONS_KEY,
                "options",
                MAX_DOCUMENT_BYTES,
                super::parse_options,
                &mut problems,
            );
            let value = merge::merge_options(stored.as_ref().unwrap_or(mine), mine, chosen);
            let written = self.write_if(OPTIONS_KEY, stored != Some(value), || {
                super::render_options(&value)
            });
            Synced {
                value,
                written,
                problems,
            }
        })
    }

    fn write_if(&self, key: &str, changed: bool, text: impl FnOnce() -> String) -> io::Result<()> {
        if changed {
            self.write(key, &text())
        } else {
            Ok(())
        }
    }

    /// The saved game of `config`'s board with its moves (`None`: none saved, or one that could
    /// not be used). A bad history costs only itself: undo then starts where the game stands.
    pub fn saved_board(
        &self,
        config: Config,
        problems: &mut Vec<Problem>,
    ) -> Option<(Game, History)> {
        let parse = |bytes: &[u8]| {
            let game = super::parse_game(bytes)?;
            if game.config() != config {
                return Err(LoadError::Impossible(format!(
                    "a {0}x{0} game to {1} in its place",
                    game.config().size(),
                    game.config().target()
                )));
            }
            Ok(game)
        };
        let key = game_key(config);
        let game = self.stored(&key, "saved game", MAX_DOCUMENT_BYTES, parse, problems)?;
        let parse = |bytes: &[u8]| super::parse_history(bytes, &game);
        let history = self
            .stored(
                &history_key(config),
                "undo history",
                MAX_HISTORY_BYTES,
                parse,
                problems,
            )
            .unwrap_or_else(|| History::new(game.clone()));
        Some((game, history))
    }

    /// Writes a board's game in progress, then its moves (if the store takes the one and not
    /// the other, a browser's storage quota, the board at least is kept). Another game found
    /// there first (one that a flag or another window started) goes into the history, merged
    /// with `past`: the history after that comes back in `displaced`.
    pub fn save_board(&self, game: &Game, history: &History, past: &[PastGame]) -> SavedBoard {
        self.locked(|| {
            let config = game.config();
            let mut displaced = None;
            if let Some(other) = self.other_game_there(config, history) {
                let mut games = past.to_vec();
                merge::keep_game(&mut games, other);
                displaced = Some(self.sync_games_unlocked(&games));
            }
            let written = self
                .write(&game_key(config), &super::render_game(game))
                .and_then(|()| self.write(&history_key(config), &super::render_history(history)));
            SavedBoard { written, displaced }
        })
    }

    /// The game stored on `config`'s board, as the history keeps it, if it is not the game of
    /// `history` and has moves (the identity alone is read first: no replay for the usual case).
    fn other_game_there(&self, config: Config, history: &History) -> Option<PastGame> {
        let bytes = self
            .store
            .read(&history_key(config), MAX_HISTORY_BYTES)
            .ok()??;
        let stored = super::identity(&bytes)?;
        if stored == (history.info.started_ms, history.seed()) {
            return None;
        }
        let mut problems = Vec::new();
        let (game, history) = self.saved_board(config, &mut problems)?;
        if history.is_empty() {
            return None;
        }
        PastGame::of(&game, &history)
    }
}

/// What a read-merge-write gives back: the merged value (what the window now shows), whether
/// the write went through, and the stored documents that could not be used (set aside).
#[derive(Debug)]
pub struct Synced<T> {
    pub value: T,
    pub written: io::Result<()>,
    pub problems: Vec<Problem>,
}

/// What writing a board's game did.
#[derive(Debug)]
pub struct SavedBoard {
    pub written: io::Result<()>,
    /// The history with the game that was there before, if another game was.
    pub displaced: Option<Synced<Vec<PastGame>>>,
}
