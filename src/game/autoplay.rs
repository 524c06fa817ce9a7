//! The AI in the game: a hint (the suggested direction, shown on the board) and autoplay, which
//! sends the AI's moves as ordinary requests, one after each animation ends (or one a frame at
//! the fast pace), and stops at the win overlay and at game over. Each search gets a time budget
//! that fits in a frame, so the page never freezes. The AI plays every size: 4×4 on the packed
//! board, the others on the rules engine's board (`ai::search::Position`).

use std::time::Duration;

use bevy::{ecs::system::SystemParam, prelude::*};

use super::requests::{Request, Screen};
use super::{Engine, GameSet, TilesMoving};
use crate::ai::search;
use crate::rules::{Direction, Game, Status};

/// A search's share of a frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(12);
/// At the normal pace a move waits this long after the last one's animation ends.
pub const PAUSE: Duration = Duration::from_millis(150);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .insert_resource(AiBudget(search::Budget::Time(FRAME_BUDGET)))
        .add_systems(Startup, warm_up_ai)
        .add_message::<HintGiven>()
        .add_systems(
            Update,
            drive_autoplay
                .run_if(in_state(Screen::Game))
                .in_set(GameSet::Ai),
        );
}

/// Whether the AI is playing, and how fast.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Autoplay {
    pub on: bool,
    pub fast: bool,
    /// Time since the board last stood still with nothing animating.
    idle: Duration,
}

/// What one search may spend (a node count in tests, for the same moves every run).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AiBudget(pub search::Budget);

/// The AI suggests `direction` (for the view to show).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintGiven(pub Direction);

/// The search's tables are built at start, not in the frame of the first hint.
fn warm_up_ai() {
    search::warm_up();
}

fn suggest(game: &Game, budget: &AiBudget) -> Option<Direction> {
    let choice = search::appraise_board(game.board(), budget.0)?.best()?;
    Some(choice.direction)
}

/// What the AI's requests change.
#[derive(SystemParam)]
pub(super) struct AiControl<'w> {
    autoplay: ResMut<'w, Autoplay>,
    budget: Res<'w, AiBudget>,
    hints: MessageWriter<'w, HintGiven>,
}

impl AiControl<'_> {
    /// Whether the AI is playing (its moves are requests like the player's).
    pub(super) fn playing(&self) -> bool {
        self.autoplay.on
    }

    pub(super) fn hint(&mut self, game: &Game) {
        if let Some(direction) = suggest(game, &self.budget) {
            self.hints.write(HintGiven(direction));
        }
    }

    pub(super) fn toggle_autoplay(&mut self) {
        self.autoplay.on = !self.autoplay.on;
        self.autoplay.idle = Duration::ZERO;
    }

    pub(super) fn toggle_fast(&mut self) {
        self.autoplay.fast = !self.autoplay.fast;
    }
}

/// While autoplay is on: the next move once the board has been still long enough.
fn drive_autoplay(
    time: Res<Time>,
    mut autoplay: ResMut<Autoplay>,
    engine: Res<Engine>,
    budget: Res<AiBudget>,
    moving: Res<TilesMoving>,
    mut requests: MessageWriter<Request>,
) {
    if !autoplay.on {
        return;
    }
    // A win or a lost game ends autoplay: the player decides what comes next.
    if engine.status() != Status::Playing {
        autoplay.on = false;
        return;
    }
    if moving.0 && !autoplay.fast {
        autoplay.idle = Duration::ZERO;
        return;
    }
    autoplay.idle += time.delta();
    if !autoplay.fast && autoplay.idle < PAUSE {
        return;
    }
    autoplay.idle = Duration::ZERO;
    match suggest(&engine, &budget) {
        Some(direction) => {
            requests.write(Request::Move(direction));
        }
        None => autoplay.on = false,
    }
}
