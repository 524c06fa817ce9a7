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

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

use super::merge::Chosen;
use super::{BestScores, LoadError, Options, PastGame, SAVE_VERSION};
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
            games: super::merge::merge_games(&games, &[]),
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
