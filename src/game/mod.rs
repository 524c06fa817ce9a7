//! The ECS side of the game: tile entities, requests, the move/merge/spawn systems and the
//! game-flow states. It drives the rules engine and tells the view what changed.

pub mod autoplay;
pub mod components;
mod flow;
pub mod input;
pub mod persist;

use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::{Cell, Direction, Game, Merge, Status};
use crate::save::{Store, ThemeChoice};

pub use autoplay::{AiBudget, Autoplay, HintGiven};
pub use components::{Position, Tile, Value};
pub use input::{SWIPE_THRESHOLD_PX, UiButton, swipe_direction};
pub use persist::{Notice, Saves};

/// Game flow. The engine's `Status` decides it; the view hangs overlays on it.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    #[default]
    Playing,
    /// The target was reached: "You win!" with Keep going / New game.
    Won,
    /// No move is left: "Game over!" with Try again.
    GameOver,
}

/// What has the keys: the board, the "start a new game?" question, or the options.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Game,
    /// Asked before a new game replaces one in progress (the original's issue #116).
    ConfirmNewGame,
    /// Board size, target and theme.
    Options,
}

impl From<Status> for GameState {
    fn from(status: Status) -> Self {
        match status {
            Status::Playing => GameState::Playing,
            Status::Won => GameState::Won,
            Status::Over => GameState::GameOver,
        }
    }
}

/// What the player (keys, swipes, buttons) or a program asks of the game. One message type
/// keeps the order of mixed requests within a frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Slide the tiles.
    Move(Direction),
    /// Start over (R, New Game, Try again). With a game in progress, asks first.
    NewGame,
    /// Start over without asking (the answer to "start a new game?").
    ConfirmNewGame,
    /// Leave the question or the options screen (options take effect then).
    CloseDialog,
    /// Open the options screen.
    OpenOptions,
    /// Choose a board size or a target on the options screen.
    SetSize(usize),
    SetTarget(u32),
    /// Choose or toggle the theme.
    SetTheme(ThemeChoice),
    ToggleTheme,
    /// Show the AI's suggested move (I or ?).
    Hint,
    /// Let the AI play, or stop it (P, the AI button); switch its pace (F).
    ToggleAutoplay,
    ToggleFast,
    /// Leave the win overlay and play on.
    KeepGoing,
    /// Take back the last move (U, Ctrl+Z, Backspace, the Undo button).
    Undo,
}

/// A merge as applied to the entities: `survivor` now holds the merged value at `merge.into`;
/// the other source tile was despawned.
#[derive(Debug, Clone, Copy)]
pub struct MergedTile {
    pub survivor: Entity,
    pub merge: Merge,
}

/// Written after a move changed the board, for the view to animate. The entities are already
/// in their final state when it is read: animation never decides anything.
#[derive(Message, Debug, Clone)]
pub struct MoveApplied {
    /// The move's direction (for an undo, of the move taken back).
    pub direction: Direction,
    /// Tiles that kept their entity and changed cell (merge survivors excluded).
    pub slides: Vec<(Entity, Cell, Cell)>,
    pub merges: Vec<MergedTile>,
    pub spawned: Option<Entity>,
    /// A tile taken off the board without an entity to show it (the spawn an undo removes).
    pub vanished: Option<(Cell, u32)>,
    /// Score gained by the move.
    pub gained: u64,
}

impl MoveApplied {
    /// A move toward `direction` that gained `gained`, before its tiles are recorded.
    pub fn new(direction: Direction, gained: u64) -> Self {
        Self {
            direction,
            slides: Vec::new(),
            merges: Vec::new(),
            spawned: None,
            vanished: None,
            gained,
        }
    }
}

/// Every move of the current game, newest last: the game as it was before, and the direction.
/// Undo pops one, restores it, and replays the slide backwards on the entities. A new game
/// clears it. (About 130 bytes a move.)
#[derive(Resource, Debug, Clone, Default)]
pub struct History(pub Vec<(Game, Direction)>);

/// The engine game in progress, the one source of truth the entities mirror.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct Engine(pub Game);

/// The best score on this board size, saved or reached in this run.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BestScore(pub u64);

/// Update-schedule phases: read input into requests, apply them, then let the view react.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Apply,
    React,
}

/// Adds the game: engine resource, states, messages, input and flow systems.
pub struct GamePlugin {
    /// Board size and target for this run, over the saved options (command-line flags).
    pub size: Option<usize>,
    pub target: Option<u32>,
    /// A new game from this seed; `None` resumes the saved game, or draws a seed from the OS.
    pub seed: Option<u64>,
    /// Where games, best scores and options are kept.
    pub store: Arc<dyn Store>,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        let loaded = persist::load(self.store.clone(), self.size, self.target, self.seed);
        let size = loaded.game.config().size();
        let best = loaded.saves.best.get(&size).copied().unwrap_or(0);
        app.insert_resource(BestScore(best.max(loaded.game.score())))
            .insert_resource(Engine(loaded.game))
            .insert_resource(loaded.saves)
            .insert_resource(loaded.notice)
            .init_resource::<History>()
            .init_state::<GameState>()
            .init_state::<Screen>()
            .add_message::<Request>()
            .add_message::<MoveApplied>()
            .configure_sets(
                Update,
                (GameSet::Input, GameSet::Apply, GameSet::React).chain(),
            );
        input::plugin(app);
        flow::plugin(app);
        persist::plugin(app);
        autoplay::plugin(app);
    }
}
