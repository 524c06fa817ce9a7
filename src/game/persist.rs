//! Loading at start, and saving after every change: the game in progress with its history, the
//! best scores and the options, through `save::Documents` (files, `localStorage`, or memory in
//! tests). Saving only reads: each document is written when its resource changed.

use std::sync::Arc;

use bevy::prelude::*;

use super::board::{BestScores, Engine, History};
use super::menus::PlayerOptions;
use super::past::PastGames;
use super::replay::watching;
use super::{GameSet, Notice};
use crate::rules::{self, Config, Game};
use crate::save::{self, Documents, LoadError, Options};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveFailed>().add_systems(
        Update,
        (
            // A replay on the board is not the player's game: nothing is saved for it.
            save_game
                .run_if(resource_changed::<Engine>.and_then(not(resource_added::<Engine>)))
                .run_if(not(watching)),
            save_best
                .run_if(resource_changed::<BestScores>.and_then(not(resource_added::<BestScores>))),
            save_games
                .run_if(resource_changed::<PastGames>.and_then(not(resource_added::<PastGames>))),
            save_options.run_if(
                resource_changed::<PlayerOptions>.and_then(not(resource_added::<PlayerOptions>)),
            ),
        )
            .in_set(GameSet::Save),
    );
}

/// Where games, best scores and options are kept.
#[derive(Resource, Clone)]
pub struct SaveStore(pub Arc<Documents>);

impl std::ops::Deref for SaveStore {
    type Target = Documents;
    fn deref(&self) -> &Documents {
        &self.0
    }
}

/// Set after a failed write, so the player is told once, not on every move.
#[derive(Resource, Debug, Default)]
struct SaveFailed(bool);

/// What was found at start: the game to play with its history, the best scores, the options,
/// and what to tell the player about documents that could not be used.
pub struct Loaded {
    pub game: Game,
    pub history: rules::History,
    pub past: Vec<save::PastGame>,
    pub best: save::BestScores,
    pub options: Options,
    pub notices: Vec<String>,
}

/// Reads the store. `size` and `target` (command-line flags) override the saved options for
/// this run; `seed` asks for a new game from that seed instead of resuming.
pub fn load(
    documents: &Documents,
    size: Option<usize>,
    target: Option<u32>,
    seed: Option<u64>,
) -> Loaded {
    let mut notices = Vec::new();
    let small = save::MAX_DOCUMENT_BYTES;
    let options = read(
        documents,
        save::OPTIONS_KEY,
        "options",
        small,
        save::parse_options,
        &mut notices,
    )
    .unwrap_or_default();
    let best = read(
        documents,
        save::BEST_KEY,
        "best scores",
        small,
        save::parse_best,
        &mut notices,
    )
    .unwrap_or_default();
    let past = read(
        documents,
        save::GAMES_KEY,
        "history of games",
        save::MAX_GAMES_BYTES,
        save::parse_games,
        &mut notices,
    )
    .unwrap_or_default();
    let config = Config::new(
        size.unwrap_or(options.size),
        target.unwrap_or(options.target),
    )
    .unwrap_or_default();
    let (game, history) = match seed {
        Some(seed) => new_game(config, seed),
        None => {
            let (game, history, problems) = saved_game(documents, config);
            notices.extend(problems);
            (game, history)
        }
    };
    Loaded {
        game,
        history,
        past,
        best,
        options,
        notices,
    }
}

/// The saved game of this size and target with its history, or a new game; and what to tell
/// the player about saves that could not be used. A bad history costs only itself: undo then
/// starts where the game stands.
pub fn saved_game(documents: &Documents, config: Config) -> (Game, rules::History, Vec<String>) {
    let mut notices = Vec::new();
    let parse = |bytes: &[u8]| {
        let game = save::parse_game(bytes)?;
        if game.config() != config {
            return Err(LoadError::Impossible(format!(
                "a {0}x{0} game to {1} in its place",
                game.config().size(),
                game.config().target()
            )));
        }
        Ok(game)
    };
    let key = save::game_key(config);
    let small = save::MAX_DOCUMENT_BYTES;
    let Some(game) = read(documents, &key, "saved game", small, parse, &mut notices) else {
        let (game, history) = new_game(config, rand::random());
        return (game, history, notices);
    };
    let key = save::history_key(config);
    let limit = save::MAX_HISTORY_BYTES;
    let parse = |bytes: &[u8]| save::parse_history(bytes, &game);
    let history = read(documents, &key, "undo history", limit, parse, &mut notices)
        .unwrap_or_else(|| rules::History::new(game.clone()));
    (game, history, notices)
}

/// A new game from `seed`, starting now.
fn new_game(config: Config, seed: u64) -> (Game, rules::History) {
    let (game, mut history) = rules::History::seeded(config, seed);
    history.info = rules::PlayInfo::starting(super::now_ms());
    (game, history)
}

/// A document, or `None`: none saved, or one that could not be used, whose problem goes to the
/// log and, in short, to `notices` for the player.
fn read<T>(
    documents: &Documents,
    key: &str,
    what: &str,
    limit: usize,
    parse: impl Fn(&[u8]) -> Result<T, LoadError>,
    notices: &mut Vec<String>,
) -> Option<T> {
    documents
        .load(key, what, limit, parse)
        .unwrap_or_else(|problem| {
            warn!("{}", problem.detail);
            notices.push(problem.short);
            None
        })
}

/// Tells the player once that saving failed (a full disk, a browser without storage).
fn report(
    result: std::io::Result<()>,
    documents: &Documents,
    failed: &mut SaveFailed,
    notices: &mut MessageWriter<Notice>,
) {
    match result {
        Ok(()) => failed.0 = false,
        Err(e) if !failed.0 => {
            failed.0 = true;
            warn!("cannot save to {}: {e}", documents.location());
            notices.write(Notice("The game cannot be saved here; it plays on.".into()));
        }
        Err(e) => debug!("cannot save: {e}"),
    }
}

/// Writes the game, then its history (if the store takes the one and not the other, a
/// browser's storage quota, the board at least is kept).
fn save_game(
    engine: Res<Engine>,
    history: Res<History>,
    documents: Res<SaveStore>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    let config = engine.config();
    let result = documents
        .write(&save::game_key(config), &save::render_game(&engine))
        .and_then(|()| {
            documents.write(&save::history_key(config), &save::render_history(&history))
        });
    report(result, &documents, &mut failed, &mut notices);
}

fn save_best(
    best: Res<BestScores>,
    documents: Res<SaveStore>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    let result = documents.write(save::BEST_KEY, &save::render_best(&best.0));
    report(result, &documents, &mut failed, &mut notices);
}

/// Writes the history of games (a failed write is reported like the game's).
fn save_games(
    past: Res<PastGames>,
    documents: Res<SaveStore>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    let result = documents.write(save::GAMES_KEY, &save::render_games(&past.0));
    report(result, &documents, &mut failed, &mut notices);
}

/// Remembers the options (a failed write only loses them for the next run, so it is only
/// logged).
fn save_options(options: Res<PlayerOptions>, documents: Res<SaveStore>) {
    if let Err(e) = documents.write(save::OPTIONS_KEY, &save::render_options(&options.0)) {
        warn!("cannot save the options to {}: {e}", documents.location());
    }
}
