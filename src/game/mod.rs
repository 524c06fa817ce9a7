//! The ECS side of the game: tile entities, requests, the systems that apply them, and the
//! game-flow states. It drives the rules engine and tells the view what changed.
//!
//! One path for requests: keys, the pointer and on-screen buttons (`input`) and the AI
//! (`autoplay`) write [`Request`] messages ([`requests`]). [`input`] holds their one reader: it
//! keeps their order, asks the screen in front whether it takes each (`keys::Takes`, from the
//! screen's module in [`screens`]), and triggers it for the code that owns it, an observer in
//! the owner's module: the board ([`board`]), the AI ([`autoplay`]), the coach ([`coach`]), the
//! backups ([`persist`]), the ranked game ([`ranked`]), the screens' own ([`screens`]: the
//! options, a new game or a race, the viewer, …). After it, the game state follows the engine, the best score follows the
//! score, the race follows the player's moves, the coach rates the player's move (while it is
//! on), and `persist` writes what changed.
//!
//! The modules depend on each other in one direction, down the order written in docs/design.md
//! ("The order of src/game's modules"): `tools/import-order.py` fails CI on an import that points
//! up it, and `tools/import-cycles.py` on any circle. Shared pieces sit at the bottom: the
//! phases of a frame ([`sets`]), the shared definitions ([`state`]); the clocks are the
//! core's (`crate::clock`).
//! This module (the plugin) names its children only to add their plugins.

pub mod ai_network;
pub mod autoplay;
pub mod board;
pub mod coach;
pub mod components;
pub mod daily;
pub mod dialog;
pub mod input;
pub mod keys;
pub mod language;
pub mod options;
pub mod past;
pub mod persist;
pub mod race;
pub mod ranked;
pub mod replay;
pub mod requests;
pub mod review;
pub mod screen;
pub mod screens;
pub mod sets;
pub mod slots;
pub mod speech;
pub mod state;

use std::sync::Arc;

use bevy::prelude::*;

use crate::i18n::Words;
use crate::rules::Shape;
use crate::said;
use crate::save::{Documents, Store};

pub use ai_network::AiNetwork;
pub use autoplay::{AiBudget, Autoplay, HintGiven, Thinking};
pub use coach::{Coach, Rated, ShowBars, Summary, coach_on};
pub use components::{Position, Tile, Value};
pub use daily::{Attempt, Dailies, DailyNow};
pub use dialog::{Block, Dialog, DialogButton, ShownDialog};
pub use input::{PendingKeys, SWIPE_THRESHOLD_PX, SeekBar, UiButton, swipe_direction};
pub use keys::{KeyTables, Takes};
pub use language::Language;
pub use options::{LanguageWanted, NextBoard, PlayerOptions, TARGETS};
pub use past::PastGames;
pub use persist::{BackupMade, ImportBackup, PickBackup, StoreChanged};
pub use race::{Race, Racing, Rival};
pub use replay::{PendingReplay, Shared};
pub use requests::{
    Browse, Choose, Control, RaceWith, RankedAsk, RankedDay, Request, Speed, StatsAsk, Step, Watch,
};
pub use review::{Reading, Reviews};
pub use screens::stats::StatsBoard;
pub use sets::GameSet;
pub use slots::{BoardClaim, SaveStore};
pub use speech::Announcement;
pub use state::{
    BestScores, Engine, GameState, MergedTile, MoveApplied, Mover, Notice, PlayerMoved, Replay,
    Screen, TilesMoving, UndoRecord, Watching, watching,
};
pub use state::{GameList, LIST_ROWS};

/// Adds the game: engine resource, states, messages, input, requests and saving.
pub struct GamePlugin {
    /// Board shape and target for this run, over the saved options (command-line flags).
    pub size: Option<Shape>,
    pub target: Option<u32>,
    /// A new game from this seed; `None` resumes the saved game, or draws a seed from the OS.
    pub seed: Option<u64>,
    /// Where games, best scores and options are kept.
    pub store: Arc<dyn Store>,
    /// A game to replay at start: its share code, or a link holding one (a bad code is told
    /// on screen and the game starts as usual).
    pub replay: Option<String>,
    /// The language `--lang` asked for, and the system's (none: English).
    pub language: LanguageWanted,
    /// Start today's daily game (`--daily`, a `#daily` link).
    pub daily: bool,
    /// The ranked server: `None` keeps the one remembered (none at first: the game calls no
    /// one); `Some` sets it (`--server`), and remembers it, or none.
    pub server: Option<Option<String>>,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        let documents = Arc::new(Documents::new(self.store.clone()));
        let loaded = persist::load(&documents, self.size, self.target, self.seed);
        let lang = self.language.lang(&loaded.options);
        app.add_message::<Request>()
            .add_message::<MoveApplied>()
            .add_message::<Notice>()
            .init_resource::<TilesMoving>()
            .insert_resource(SaveStore(documents.clone()))
            .insert_resource(Engine(loaded.game))
            .insert_resource(UndoRecord(loaded.history))
            .insert_resource(PastGames(loaded.past))
            .insert_resource(BestScores(loaded.best))
            .insert_resource(PlayerOptions(loaded.options))
            .insert_resource(self.language.clone())
            .insert_resource(Language(Words::new(lang)))
            .insert_resource(options::OptionsChosen {
                synced: loaded.options,
                chosen: Default::default(),
            })
            .insert_resource(loaded.claim)
            .init_state::<GameState>()
            .init_state::<Screen>();
        for said in loaded.notices {
            app.world_mut().write_message(Notice(said));
        }
        if let Some(code) = &self.replay {
            match crate::rules::Record::decode(code) {
                Ok((record, full, _)) => {
                    let claimed = crate::rules::claimed_day(code);
                    app.insert_resource(PendingReplay {
                        record,
                        full,
                        claimed,
                    });
                    app.world_mut()
                        .write_message(Request::Watch(Watch::Pending));
                }
                Err(e) => {
                    warn!("the replay code: {e}");
                    app.world_mut()
                        .write_message(Notice(said!("notice-replay-refused", reason = e.said())));
                }
            }
        }
        if self.daily {
            app.world_mut().write_message(Request::Daily);
        }
        app.insert_resource(ranked::remembered_server(&documents, self.server.clone()));
        input::plugin(app);
        language::plugin(app);
        daily::plugin(app);
        review::plugin(app);
        board::plugin(app);
        options::plugin(app);
        ai_network::plugin(app);
        autoplay::plugin(app);
        coach::plugin(app);
        persist::plugin(app);
        past::plugin(app);
        replay::plugin(app);
        race::plugin(app);
        ranked::plugin(app);
        speech::plugin(app);
        screens::plugin(app);
    }
}
