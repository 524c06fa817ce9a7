//! Loading at start and saving after every change: the game in progress, best scores and
//! options, through a `Store` (files, `localStorage`, or memory in tests). See `crate::save`.

use std::sync::Arc;

use bevy::prelude::*;

use super::{BestScore, Engine, GameSet};
use crate::rules::{Config, Game};
use crate::save::{self, BestScores, Options, Store};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, save_progress.after(GameSet::Apply));
}

/// The store and what is kept in it besides the game.
#[derive(Resource, Clone)]
pub struct Saves {
    pub store: Arc<dyn Store>,
    pub options: Options,
    pub best: BestScores,
    /// Set after a failed write, so the player is told once, not on every move.
    failed: bool,
}

/// A short message for the player (a save that could not be used or written), shown for a
/// few seconds; the details go to the log.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

impl Notice {
    pub fn add(&mut self, line: String) {
        self.0 = Some(match self.0.take() {
            Some(before) => format!("{before} {line}"),
            None => line,
        });
    }
}

/// What was found at start: the game to play, the best scores, options, and a notice.
pub struct Loaded {
    pub game: Game,
    pub saves: Saves,
    pub notice: Notice,
}

/// Reads the store. `size` and `target` (command-line flags) override the saved options for
/// this run; `seed` asks for a new game from that seed instead of resuming.
pub fn load(
    store: Arc<dyn Store>,
    size: Option<usize>,
    target: Option<u32>,
    seed: Option<u64>,
) -> Loaded {
    let mut notice = Notice::default();
    let mut report = |problem: save::Problem| {
        warn!("{}", problem.detail);
        notice.add(problem.short);
    };
    let options = save::load(&*store, save::OPTIONS_KEY, "options", save::parse_options)
        .unwrap_or_else(|p| {
            report(p);
            None
        })
        .unwrap_or_default();
    let best = save::load(&*store, save::BEST_KEY, "best scores", save::parse_best)
        .unwrap_or_else(|p| {
            report(p);
            None
        })
        .unwrap_or_default();
    let config = Config::new(
        size.unwrap_or(options.size),
        target.unwrap_or(options.target),
    )
    .unwrap_or_default();
    let game = match seed {
        Some(seed) => Game::new(config, seed),
        None => saved_game(&*store, config, &mut notice),
    };
    Loaded {
        game,
        saves: Saves {
            store,
            options,
            best,
            failed: false,
        },
        notice,
    }
}

/// The saved game of this size and target, or a new one (with a notice if the save was bad).
pub fn saved_game(store: &dyn Store, config: Config, notice: &mut Notice) -> Game {
    save::load(
        store,
        &save::game_key(config),
        "saved game",
        save::parse_game,
    )
    .unwrap_or_else(|problem| {
        warn!("{}", problem.detail);
        notice.add(problem.short);
        None
    })
    .filter(|game| game.config() == config)
    .unwrap_or_else(|| Game::new(config, rand::random()))
}

/// Remembers the options (a failed write only loses them for the next run).
pub fn save_options(saves: &Saves) {
    let text = save::render_options(&saves.options);
    if let Err(e) = saves.store.write(save::OPTIONS_KEY, &text) {
        warn!("cannot save the options to {}: {e}", saves.store.location());
    }
}

/// After any change to the game, writes it and the best scores.
fn save_progress(
    engine: Res<Engine>,
    mut best: ResMut<BestScore>,
    mut saves: ResMut<Saves>,
    mut notice: ResMut<Notice>,
) {
    if !engine.is_changed() || engine.is_added() {
        return;
    }
    let size = engine.config().size();
    let recorded = saves.best.get(&size).copied().unwrap_or(0);
    if recorded > best.0 {
        best.0 = recorded;
    }
    let mut result = saves.store.write(
        &save::game_key(engine.config()),
        &save::render_game(&engine),
    );
    if best.0 > recorded {
        saves.best.insert(size, best.0);
        let text = save::render_best(&saves.best);
        result = result.and(saves.store.write(save::BEST_KEY, &text));
    }
    match result {
        Ok(()) => saves.failed = false,
        Err(e) if !saves.failed => {
            saves.failed = true;
            warn!("cannot save to {}: {e}", saves.store.location());
            notice.add("The game cannot be saved here; it plays on.".into());
        }
        Err(_) => {}
    }
}
