//! How each document is written and read, so that a build reads what it knows of any document
//! and writes back what it does not know as it found it.
//!
//! Every document is `{"version": 1, "data": …}`. The rules, for this build and the next:
//!
//! - **A field a later build adds** (in the data, in an entry of it, or beside `version`) is
//!   kept by this one as it was: the options, the best scores and the history are written back
//!   with it; a board's game or moves holding one are left as they are (this build plays a game
//!   of its own beside them).
//! - **A value this build cannot read** in a field it knows (a theme, a board, a score from a
//!   later build) is read as the default and written back unchanged unless the player chooses
//!   that option here. An entry of the history or of the best scores it cannot read is kept as
//!   it was, and not shown.
//! - **A later version** (`"version": 2`) means: older builds must not write this. This build
//!   reads what it knows of it and writes nothing over it.
//! - Only what is not JSON, is cut short, or has no version is **damaged**: that is set aside
//!   (kept) by the caller, and what can be rebuilt from it is.
//!
//! What is kept is joined by `merge`'s rules: a history read is its games merged (each once,
//! oldest first), the options written are a window's choices over the stored ones
//! (`OptionsDoc::with`), and a browser tab's write is joined at commit with what another tab
//! stored meanwhile (`rebase`: a later version's document stays as it is, a damaged one is set
//! aside and what can be rebuilt from it joins).

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use super::merge::{Chosen, merge_best, merge_games};
use super::{
    BEST_KEY, BestScores, GAMES_KEY, LoadError, OPTIONS_KEY, Options, PastGame, RANKED_KEY,
    SAVE_VERSION,
};
use crate::i18n::Lang;
use crate::rules::{Config, MAX_SAVED_SCORE, Shape};

/// A document as read: its version, its data and whatever a later build wrote beside them.
pub(super) struct Envelope {
    pub version: u32,
    pub data: Value,
    pub rest: Map<String, Value>,
}

/// What a reader got of a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Read<T> {
    pub doc: T,
    /// The version of a later build's document: this build read what it knows of it, and
    /// writes nothing over it.
    pub newer: Option<u32>,
}

/// The envelope of a document of at most `limit` bytes. Never panics, whatever the bytes.
pub(super) fn envelope(bytes: &[u8], limit: usize) -> Result<Envelope, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    if bytes.len() > limit {
        return Err(LoadError::TooLarge);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| LoadError::NotText)?;
    let value: Value = serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
    let Value::Object(mut fields) = value else {
        return Err(LoadError::Corrupt("not a document".into()));
    };
    let version = fields
        .get("version")
        .and_then(Value::as_u64)
        .and_then(|v| u32::try_from(v).ok())
        .filter(|&v| v >= 1)
        .ok_or_else(|| LoadError::Corrupt("no version".into()))?;
    let data = fields
        .remove("data")
        .ok_or_else(|| LoadError::Corrupt("no data".into()))?;
    fields.remove("version");
    Ok(Envelope {
        version,
        data,
        rest: fields,
    })
}

impl Envelope {
    /// The version of a later build, if it is one.
    fn newer(&self) -> Option<u32> {
        (self.version > SAVE_VERSION).then_some(self.version)
    }
}

/// A document of this version holding `data`, with `rest` kept beside it.
pub(super) fn wrap(data: &impl Serialize, rest: &Map<String, Value>) -> String {
    #[derive(Serialize)]
    struct Out<'a, T> {
        version: u32,
        data: &'a T,
        #[serde(flatten)]
        rest: &'a Map<String, Value>,
    }
    serde_json::to_string(&Out {
        version: SAVE_VERSION,
        data,
        rest,
    })
    .expect("save documents always serialise")
}

/// A field read as `T`, if it is there and this build can read it.
fn field<T: DeserializeOwned>(fields: &Map<String, Value>, name: &str) -> Option<T> {
    fields.get(name).and_then(|v| T::deserialize(v).ok())
}

/// The options as stored: every field as written (what this build does not know included),
/// and whatever a later build wrote beside the data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OptionsDoc {
    pub fields: Map<String, Value>,
    pub rest: Map<String, Value>,
}

impl OptionsDoc {
    /// What this build reads of them: each option it can read, the default for the others
    /// (a board no rule allows counts as unread, size and target together).
    pub fn options(&self) -> Options {
        let fields = &self.fields;
        let default = Options::default();
        let board = field::<Shape>(fields, "size")
            .zip(field::<u32>(fields, "target"))
            .filter(|&(size, target)| Config::with_shape(size, target).is_ok());
        let (size, target) = board.unwrap_or((default.size, default.target));
        Options {
            size,
            target,
            theme: field(fields, "theme").unwrap_or(default.theme),
            motion: field(fields, "motion").unwrap_or(default.motion),
            coach: field(fields, "coach").unwrap_or(default.coach),
            language: field::<String>(fields, "language")
                .as_deref()
                .and_then(Lang::parse)
                .filter(|&lang| lang != Lang::Pseudo),
        }
    }

    /// The document of `options` alone.
    pub fn of(options: &Options) -> Self {
        match serde_json::to_value(options) {
            Ok(Value::Object(fields)) => Self {
                fields,
                rest: Map::new(),
            },
            _ => Self::default(),
        }
    }

    /// These options with what a window's player chose written over them; every other field
    /// (another window's choice, or one this build does not know) stays as it is.
    pub fn with(&self, mine: &Options, chosen: Chosen) -> Self {
        let written = Self::of(mine).fields;
        let mut doc = self.clone();
        let mut set = |names: &[&str]| {
            for name in names {
                match written.get(*name) {
                    Some(value) => {
                        doc.fields.insert(name.to_string(), value.clone());
                    }
                    None => {
                        doc.fields.remove(*name);
                    }
                }
            }
        };
        if chosen.board {
            set(&["size", "target"]);
        }
        if chosen.theme {
            set(&["theme"]);
        }
        if chosen.motion {
            set(&["motion"]);
        }
        if chosen.coach {
            set(&["coach"]);
        }
        if chosen.language {
            set(&["language"]);
        }
        doc
    }

    /// The document: as `Options` writes itself when this build reads every field (the same
    /// bytes as ever), else every field as it is.
    pub fn render(&self) -> String {
        let options = self.options();
        if Self::of(&options).fields == self.fields {
            wrap(&options, &self.rest)
        } else {
            wrap(&self.fields, &self.rest)
        }
    }
}

/// Reads the options. Only a data that is not an object is damage (in this version's
/// document); any field may be unreadable.
pub fn read_options(bytes: &[u8], limit: usize) -> Result<Read<OptionsDoc>, LoadError> {
    let envelope = envelope(bytes, limit)?;
    let newer = envelope.newer();
    let fields = match envelope.data {
        Value::Object(fields) => fields,
        _ if newer.is_some() => Map::new(),
        _ => return Err(LoadError::Corrupt("the options are not an object".into())),
    };
    Ok(Read {
        doc: OptionsDoc {
            fields,
            rest: envelope.rest,
        },
        newer,
    })
}

/// The best scores as stored: those this build reads, and the entries it cannot (a board it
/// does not have, a score it cannot read), kept as they were.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BestDoc {
    pub best: BestScores,
    pub other: Map<String, Value>,
    pub rest: Map<String, Value>,
}

impl BestDoc {
    pub fn render(&self) -> String {
        let mut data = Map::new();
        for (shape, score) in &self.best {
            data.insert(shape.key(), Value::from(*score));
        }
        for (key, value) in &self.other {
            // An entry this build cannot read is kept over its own for the same board.
            data.insert(key.clone(), value.clone());
        }
        wrap(&data, &self.rest)
    }
}

pub fn read_best(bytes: &[u8], limit: usize) -> Result<Read<BestDoc>, LoadError> {
    let envelope = envelope(bytes, limit)?;
    let newer = envelope.newer();
    let entries = match envelope.data {
        Value::Object(entries) => entries,
        _ if newer.is_some() => Map::new(),
        _ => {
            return Err(LoadError::Corrupt(
                "the best scores are not an object".into(),
            ));
        }
    };
    let mut doc = BestDoc {
        rest: envelope.rest,
        ..BestDoc::default()
    };
    for (key, value) in entries {
        let known = Shape::parse(&key)
            .filter(|shape| shape.key() == key || format!("{0}x{0}", shape.rows()) == key)
            .zip(value.as_u64().filter(|&score| score <= MAX_SAVED_SCORE));
        match known {
            Some((shape, score)) => {
                let best = doc.best.entry(shape).or_insert(score);
                *best = (*best).max(score);
            }
            None => {
                doc.other.insert(key, value);
            }
        }
    }
    Ok(Read { doc, newer })
}

/// An account on a ranked server: the server's address and the token that is the account (the
/// server keeps only its hash: a token lost is an account lost, so none is ever dropped).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankedAccount {
    pub server: String,
    pub token: String,
    /// When it was made, in ms since 1970: the newest account on a server is the one played.
    pub made_ms: u64,
}

/// The ranked document: every account the player has made (joined, never dropped: two windows
/// that each made one keep both), the server the desktop was pointed at, and entries this
/// build cannot read, kept as they were.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RankedDoc {
    pub accounts: Vec<RankedAccount>,
    /// The desktop's server (`--server`), remembered; none: no server, the game calls no one.
    pub server: Option<String>,
    pub other: Vec<Value>,
    pub rest: Map<String, Value>,
}

impl RankedDoc {
    /// `mine`'s accounts joined to these (each token once, oldest first).
    pub fn join(&mut self, mine: &[RankedAccount]) {
        for account in mine {
            if !self.accounts.iter().any(|a| a.token == account.token) {
                self.accounts.push(account.clone());
            }
        }
        self.accounts.sort_by_key(|a| a.made_ms);
    }

    /// The account to play on `server`: its newest (an older one may be one the server no
    /// longer knows, after a host started it afresh: a new one was made then).
    pub fn account(&self, server: &str) -> Option<&RankedAccount> {
        self.accounts.iter().rev().find(|a| a.server == server)
    }

    pub fn render(&self) -> String {
        let mut accounts: Vec<Value> = self
            .accounts
            .iter()
            .map(|a| serde_json::to_value(a).expect("accounts serialise"))
            .collect();
        accounts.extend(self.other.iter().cloned());
        let mut data = Map::new();
        data.insert("accounts".into(), Value::Array(accounts));
        if let Some(server) = &self.server {
            data.insert("server".into(), Value::from(server.clone()));
        }
        wrap(&data, &self.rest)
    }
}

/// Reads the ranked document. Only a data that is not an object is damage; an account this
/// build cannot read is kept as it is.
pub fn read_ranked(bytes: &[u8], limit: usize) -> Result<Read<RankedDoc>, LoadError> {
    let envelope = envelope(bytes, limit)?;
    let newer = envelope.newer();
    let fields = match envelope.data {
        Value::Object(fields) => fields,
        _ if newer.is_some() => Map::new(),
        _ => {
            return Err(LoadError::Corrupt(
                "the ranked accounts are not an object".into(),
            ));
        }
    };
    let mut doc = RankedDoc {
        rest: envelope.rest,
        server: field(&fields, "server"),
        ..RankedDoc::default()
    };
    if let Some(Value::Array(entries)) = fields.get("accounts") {
        for entry in entries {
            match RankedAccount::deserialize(entry) {
                Ok(account) => doc.join(&[account]),
                Err(_) => doc.other.push(entry.clone()),
            }
        }
    }
    Ok(Read { doc, newer })
}

/// The history as stored: the games this build reads (oldest first, each once), and the
/// entries it cannot (a later build's, or one no game could be), kept as they were.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GamesDoc {
    pub games: Vec<PastGame>,
    pub other: Vec<Value>,
    pub rest: Map<String, Value>,
}

impl GamesDoc {
    pub fn render(&self) -> String {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Entry<'a> {
            Game(&'a PastGame),
            Other(&'a Value),
        }
        struct Entries<'a>(&'a GamesDoc);
        impl Serialize for Entries<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let games = self.0.games.iter().map(Entry::Game);
                s.collect_seq(games.chain(self.0.other.iter().map(Entry::Other)))
            }
        }
        wrap(&Entries(self), &self.rest)
    }

    /// The document's entries, sorted into games and others (a game is kept only if its
    /// numbers could be a game's).
    pub(super) fn of_entries(
        entries: impl IntoIterator<Item = Value>,
        rest: Map<String, Value>,
    ) -> Self {
        let mut games = Vec::new();
        let mut other = Vec::new();
        for entry in entries {
            match PastGame::deserialize(&entry) {
                Ok(mut game) if game.plausible() => {
                    if let Value::Object(fields) = &entry {
                        game.extra = fields
                            .iter()
                            .filter(|(name, _)| !super::PAST_GAME_FIELDS.contains(&name.as_str()))
                            .map(|(name, value)| (name.clone(), value.clone()))
                            .collect();
                    }
                    games.push(game)
                }
                _ => other.push(entry),
            }
        }
        Self {
            games: merge_games(&games, &[]),
            other,
            rest,
        }
    }

    /// What a damaged history still holds: every entry whole before the damage (a document cut
    /// short by a failing disk keeps all its games but the last).
    pub fn recovered(bytes: &[u8]) -> Self {
        let text = String::from_utf8_lossy(bytes);
        let start = text
            .find("\"data\"")
            .and_then(|at| text[at..].find('[').map(|open| at + open + 1));
        let mut entries = Vec::new();
        if let Some(mut at) = start {
            loop {
                at += text[at..].len()
                    - text[at..]
                        .trim_start_matches([' ', '\n', '\r', '\t', ','])
                        .len();
                let mut stream =
                    serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
                match stream.next() {
                    Some(Ok(entry @ Value::Object(_))) => {
                        at += stream.byte_offset();
                        entries.push(entry);
                    }
                    _ => break,
                }
            }
        }
        Self::of_entries(entries, Map::new())
    }
}

pub fn read_games(bytes: &[u8], limit: usize) -> Result<Read<GamesDoc>, LoadError> {
    let envelope = envelope(bytes, limit)?;
    let newer = envelope.newer();
    let entries = match envelope.data {
        Value::Array(entries) => entries,
        _ if newer.is_some() => Vec::new(),
        _ => return Err(LoadError::Corrupt("the history is not a list".into())),
    };
    Ok(Read {
        doc: GamesDoc::of_entries(entries, envelope.rest),
        newer,
    })
}

/// The data of a board's document (its game, or its moves), which this build writes whole:
/// a later version's, or one holding a field this build does not know, is left as it is.
pub(super) fn board_data<T: DeserializeOwned>(
    bytes: &[u8],
    limit: usize,
    fields: &[&str],
) -> Result<T, LoadError> {
    let envelope = envelope(bytes, limit)?;
    if let Some(version) = envelope.newer() {
        return Err(LoadError::Newer(version));
    }
    if let Some(name) = envelope.rest.keys().next() {
        return Err(LoadError::Foreign(name.clone()));
    }
    if let Value::Object(data) = &envelope.data
        && let Some(name) = data.keys().find(|name| !fields.contains(&name.as_str()))
    {
        return Err(LoadError::Foreign(name.clone()));
    }
    T::deserialize(envelope.data).map_err(|e| LoadError::Corrupt(e.to_string()))
}

/// What a browser's store writes when a tab's write commits (`idb`), in the read-write
/// transaction that reads what another tab may have written since this one last knew the
/// document (`base`): this tab's `ours` joined with that (`theirs`) as `merge`'s rules join
/// them. For the options, the fields this tab changed from `base` are written over theirs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    allow(dead_code, reason = "the page's store (idb.rs) calls it")
)]
pub enum Rebased {
    /// What is stored stays (it is ours already, or a document this build leaves as it is).
    Keep,
    Write(String),
    /// Theirs is damaged: keep it aside, then write ours.
    AsideThenWrite(String),
}

/// Whether tabs' writes of `key` are joined (`rebase`); the others, a board's documents, have
/// one writer and are written as they are.
#[cfg_attr(
    not(target_arch = "wasm32"),
    allow(dead_code, reason = "the page's store (idb.rs) calls it")
)]
pub fn shared(key: &str) -> bool {
    [GAMES_KEY, BEST_KEY, OPTIONS_KEY, RANKED_KEY].contains(&key)
}

#[cfg_attr(
    not(target_arch = "wasm32"),
    allow(dead_code, reason = "the page's store (idb.rs) calls it")
)]
pub fn rebase(key: &str, base: Option<&str>, ours: &str, theirs: Option<&str>) -> Rebased {
    // Nothing stored, or an empty document, which holds nothing: ours.
    let Some(theirs) = theirs.filter(|theirs| !theirs.trim().is_empty()) else {
        return Rebased::Write(ours.to_string());
    };
    if theirs == ours {
        return Rebased::Keep;
    }
    let limit = usize::MAX;
    let joined = match key {
        GAMES_KEY => read_games(theirs.as_bytes(), limit).map(|stored| {
            let mine = read_games(ours.as_bytes(), limit)
                .map(|read| read.doc)
                .unwrap_or_default();
            let mut doc = stored.doc.clone();
            doc.games = merge_games(&stored.doc.games, &mine.games);
            for entry in mine.other {
                if !doc.other.contains(&entry) {
                    doc.other.push(entry);
                }
            }
            (stored.newer, doc.render())
        }),
        BEST_KEY => read_best(theirs.as_bytes(), limit).map(|stored| {
            let mine = read_best(ours.as_bytes(), limit)
                .map(|read| read.doc)
                .unwrap_or_default();
            let mut doc: BestDoc = stored.doc.clone();
            doc.best = merge_best(&stored.doc.best, &mine.best);
            for (name, value) in mine.other {
                doc.other.entry(name).or_insert(value);
            }
            (stored.newer, doc.render())
        }),
        OPTIONS_KEY => read_options(theirs.as_bytes(), limit).map(|stored| {
            let fields = |text: Option<&str>| {
                text.and_then(|text| read_options(text.as_bytes(), limit).ok())
                    .map(|read| read.doc.fields)
                    .unwrap_or_default()
            };
            let (before, mine) = (fields(base), fields(Some(ours)));
            let mut doc = stored.doc.clone();
            for name in mine.keys().chain(before.keys()) {
                match (mine.get(name), before.get(name)) {
                    (now, was) if now == was => {}
                    (Some(now), _) => {
                        doc.fields.insert(name.clone(), now.clone());
                    }
                    (None, _) => {
                        doc.fields.remove(name);
                    }
                }
            }
            (stored.newer, doc.render())
        }),
        RANKED_KEY => read_ranked(theirs.as_bytes(), limit).map(|stored| {
            let mine = read_ranked(ours.as_bytes(), limit)
                .map(|read| read.doc)
                .unwrap_or_default();
            let mut doc = stored.doc.clone();
            doc.join(&mine.accounts);
            for entry in mine.other {
                if !doc.other.contains(&entry) {
                    doc.other.push(entry);
                }
            }
            (stored.newer, doc.render())
        }),
        // One writer: a board's game and moves (the tab that claims the board), an import.
        _ => return Rebased::Write(ours.to_string()),
    };
    match joined {
        Ok((Some(_), _)) => Rebased::Keep,
        Ok((None, text)) if text == theirs => Rebased::Keep,
        Ok((None, text)) => Rebased::Write(text),
        Err(why) if why.damaged() => {
            // Kept aside whole; a history's entries before the damage join ours now.
            let mut text = ours.to_string();
            if key == GAMES_KEY
                && let Ok(mine) = read_games(ours.as_bytes(), limit)
            {
                let rebuilt = GamesDoc::recovered(theirs.as_bytes());
                let mut doc = mine.doc;
                doc.games = merge_games(&doc.games, &rebuilt.games);
                for entry in rebuilt.other {
                    if !doc.other.contains(&entry) {
                        doc.other.push(entry);
                    }
                }
                text = doc.render();
            }
            Rebased::AsideThenWrite(text)
        }
        Err(_) => Rebased::Keep,
    }
}

#[cfg(test)]
mod rebase_tests {
    use super::*;

    fn games_of(text: &str) -> Vec<(u64, u32)> {
        read_games(text.as_bytes(), usize::MAX)
            .unwrap()
            .doc
            .games
            .iter()
            .map(|g| (g.started_ms, g.moves))
            .collect()
    }

    #[test]
    fn a_commit_joins_what_another_tab_wrote_meanwhile() {
        let game = |start: u64, moves: u32| PastGame {
            started_ms: start,
            seed: start,
            size: Shape::square(4),
            target: 2048,
            score: 4,
            best_tile: 4,
            moves,
            undos: 0,
            played_ms: 0,
            ai: false,
            over: true,
            code: String::new(),
            extra: Default::default(),
        };
        let render = |games: &[PastGame]| {
            GamesDoc {
                games: games.to_vec(),
                ..GamesDoc::default()
            }
            .render()
        };
        // Both tabs knew [1]; A wrote [1, 2], B then commits [1, 3]: both games are kept.
        let (base, a, b) = (
            render(&[game(1, 5)]),
            render(&[game(1, 5), game(2, 12)]),
            render(&[game(1, 5), game(3, 2)]),
        );
        let Rebased::Write(text) = rebase(GAMES_KEY, Some(&base), &b, Some(&a)) else {
            panic!("written");
        };
        assert_eq!(games_of(&text), [(1, 5), (2, 12), (3, 2)]);
        assert_eq!(
            rebase(GAMES_KEY, Some(&base), &text, Some(&text)),
            Rebased::Keep
        );
        // A later version's history is left as it is.
        let newer = a.replacen("\"version\":1", "\"version\":2", 1);
        assert_eq!(
            rebase(GAMES_KEY, Some(&base), &b, Some(&newer)),
            Rebased::Keep
        );
        // Damaged: kept aside, then ours with the entries before the damage.
        assert_eq!(
            rebase(GAMES_KEY, Some(&base), &b, Some("{\"version\":1,")),
            Rebased::AsideThenWrite(b.clone())
        );
        let cut = &a[..a.len() - 20];
        let Rebased::AsideThenWrite(text) = rebase(GAMES_KEY, Some(&base), &b, Some(cut)) else {
            panic!("kept aside");
        };
        assert_eq!(games_of(&text), [(1, 5), (3, 2)], "{cut}");
        // An empty document holds nothing: ours.
        assert_eq!(
            rebase(GAMES_KEY, Some(&base), &b, Some("  ")),
            Rebased::Write(b.clone())
        );
        // Best scores: the higher of each.
        let best = |four: u64, five: u64| {
            BestDoc {
                best: [(Shape::square(4), four), (Shape::square(5), five)]
                    .into_iter()
                    .collect(),
                ..BestDoc::default()
            }
            .render()
        };
        assert_eq!(
            rebase(BEST_KEY, None, &best(10, 50), Some(&best(20, 5))),
            Rebased::Write(best(20, 50))
        );
        // Options: what this tab changed from what it knew, over what the other tab chose.
        let options = |theme: &str, coach: bool| {
            format!(
                r#"{{"version":1,"data":{{"size":4,"target":2048,"theme":"{theme}","motion":"system","coach":{coach}}}}}"#
            )
        };
        let base = options("system", false);
        let theirs = options("dark", false);
        let ours = options("system", true);
        assert_eq!(
            rebase(OPTIONS_KEY, Some(&base), &ours, Some(&theirs)),
            Rebased::Write(options("dark", true))
        );
        // A board's documents have one writer: ours.
        assert_eq!(
            rebase("game-4x4-2048", None, "x", Some("y")),
            Rebased::Write("x".into())
        );
    }
}

#[cfg(test)]
mod ranked_tests {
    use super::*;

    fn account(token: &str, made_ms: u64) -> RankedAccount {
        RankedAccount {
            server: "wss://example.org/ws".into(),
            token: token.into(),
            made_ms,
        }
    }

    #[test]
    fn accounts_join_and_are_never_dropped_and_unknown_entries_stay() {
        let text = r#"{"version":1,"data":{"accounts":[
            {"server":"wss://example.org/ws","token":"b","made_ms":20},
            {"a later build's":"account"}],"server":"ws://127.0.0.1:8048/ws"}}"#;
        let read = read_ranked(text.as_bytes(), usize::MAX).unwrap();
        let mut doc = read.doc;
        assert_eq!(doc.accounts, [account("b", 20)]);
        assert_eq!(doc.server.as_deref(), Some("ws://127.0.0.1:8048/ws"));
        assert_eq!(doc.other.len(), 1);
        doc.join(&[account("a", 10), account("b", 20)]);
        assert_eq!(doc.accounts, [account("a", 10), account("b", 20)]);
        assert_eq!(doc.account("wss://example.org/ws"), Some(&account("b", 20)));
        let again = read_ranked(doc.render().as_bytes(), usize::MAX)
            .unwrap()
            .doc;
        assert_eq!(again, doc);
        // Two tabs that each made an account: the browser's commit keeps both.
        let mut theirs = RankedDoc::default();
        theirs.join(&[account("c", 30)]);
        match rebase(RANKED_KEY, None, &doc.render(), Some(&theirs.render())) {
            Rebased::Write(text) => {
                let joined = read_ranked(text.as_bytes(), usize::MAX).unwrap().doc;
                assert_eq!(joined.accounts.len(), 3);
                assert_eq!(joined.other.len(), 1);
            }
            other => panic!("{other:?}"),
        }
        assert!(read_ranked(br#"{"version":1,"data":[]}"#, usize::MAX).is_err());
    }
}
