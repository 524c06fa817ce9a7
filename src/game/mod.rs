//! The ECS side of the game: tile entities, requests, the systems that apply them, and the
//! game-flow states. It drives the rules engine and tells the view what changed.
//!
//! One path for requests: keys, the pointer and on-screen buttons (`input`) and the AI
//! (`autoplay`) write [`Request`] messages ([`requests`]). [`route`] holds their one reader: it
//! keeps their order, asks the screen in front whether it accepts each ([`Screen::accepts`],
//! from the screen's module in [`screens`]), and hands it to the code that owns it: the board's
//! changes ([`board`]), the options ([`options`]), the AI ([`autoplay`]), the replay viewer
//! ([`replay`]), the race against a ghost ([`race`]), the coach ([`coach`]), the backups
//! ([`persist`]). After it, the game state follows the engine, the best score follows the
//! score, the race follows the player's moves, the coach rates the player's move (while it is
//! on), and `persist` writes what changed.
//!
//! The modules depend on each other in one direction (`tools/import-cycles.py` fails CI on any
//! circle): [`components`], [`screen`], [`requests`] and [`slots`] at the bottom; [`state`]
//! (what the game is, definitions only) and [`options`] on them; the owners of each change above those
//! ([`input`], [`autoplay`], [`coach`], [`language`], [`past`], [`race`], then [`daily`],
//! [`review`], [`speech`], then [`board`]); the screens' modules ([`screens`]) and [`replay`],
//! [`persist`] above them; [`route`] at the top. This module (the plugin, [`GameSet`]) is named by
//! its children and names them only to add their plugins.

pub mod ai_network;
pub mod autoplay;
pub mod board;
pub mod coach;
pub mod components;
pub mod daily;
pub mod input;
pub mod language;
pub mod options;
pub mod past;
pub mod persist;
pub mod race;
pub mod ranked;
pub mod replay;
pub mod requests;
pub mod review;
pub mod route;
pub mod screen;
pub mod screens;
pub mod slots;
pub mod speech;
pub mod state;

use std::sync::Arc;

use bevy::prelude::*;

use crate::i18n::{Said, Words};
use crate::rules::Shape;
use crate::said;
use crate::save::{Documents, Store};

pub use ai_network::AiNetwork;
pub use autoplay::{AiBudget, Autoplay, HintGiven, Thinking};
pub use coach::{Coach, Rated, ShowBars, Summary, coach_on};
pub use components::{Position, Tile, Value};
pub use daily::{Attempt, Dailies, DailyNow};
pub use input::{Focus, PendingKeys, SWIPE_THRESHOLD_PX, SeekBar, UiButton, swipe_direction};
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
pub use screens::{Block, Chart, ChartKind, Dialog, DialogButton, ShownDialog};
pub use slots::{BoardClaim, SaveStore};
pub use speech::Announcement;
pub use state::{
    BestScores, Engine, GameState, MergedTile, MoveApplied, Mover, PlayerMoved, Replay, Screen,
    UndoRecord, Watching, watching,
};
pub use state::{GameList, LIST_ROWS};

/// A short line for the player (a save that could not be used or written, a request the game
/// cannot answer), shown under the board for a few seconds in the player's language; the
/// details go to the log.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Notice(pub Said);

/// Whether tiles are still sliding, popping or growing on screen. The view publishes it each
/// frame; autoplay waits for it to fall before the next move.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TilesMoving(pub bool);

/// Update-schedule phases: read input into requests (the player's, then the AI's), apply them,
/// record what follows from them (game state, best score), save what changed, then let the view
/// react. Their order, with the view's, is declared once: `crate::frame_order`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Ai,
    Apply,
    Record,
    Save,
    React,
}

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

/// Milliseconds since 1970 by the system's clock (0 if it is before 1970).
pub fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// A new game's start time: now, and later than any game this process started before, so no
/// two of its games share a start (a game is its start time and seed in the history).
pub fn start_ms() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = now_ms();
    let last = LAST
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
            Some(now.max(last + 1))
        })
        .unwrap_or(0);
    now.max(last + 1)
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
        route::plugin(app);
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
