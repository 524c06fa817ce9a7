//! The AI in the game: a hint (the suggested direction, shown on the board) and autoplay, which
//! sends the AI's moves as ordinary requests, one after each animation ends (or one a frame at
//! the fast pace), and stops at the win overlay and at game over. Each search gets a time budget
//! that fits in a frame, so the page never freezes. The AI plays 4×4 boards.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::TweenAnim;

use super::{Engine, GameSet, GameState, Notice, Request, Screen, Tile};
use crate::ai::{packed, search};
use crate::rules::Direction;

/// A search's share of a frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(12);
/// At the normal pace a move waits this long after the last one's animation ends.
pub const PAUSE: Duration = Duration::from_millis(150);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .insert_resource(AiBudget(search::Budget::Time(FRAME_BUDGET)))
        .add_message::<HintGiven>()
        .add_systems(
            Update,
            (answer_ai_requests, drive_autoplay)
                .chain()
                .after(super::input::read_keys)
                .in_set(GameSet::Input),
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

fn suggest(engine: &Engine, budget: &AiBudget) -> Option<Direction> {
    let board = packed::pack(engine.board())?;
    search::best_move_within(board, budget.0).map(|choice| choice.direction)
}

/// Hints and the autoplay switches (on the board only).
fn answer_ai_requests(
    mut requests: MessageReader<Request>,
    screen: Res<State<Screen>>,
    engine: Res<Engine>,
    budget: Res<AiBudget>,
    mut autoplay: ResMut<Autoplay>,
    mut hints: MessageWriter<HintGiven>,
    mut notice: ResMut<Notice>,
) {
    for request in requests.read() {
        if *screen.get() != Screen::Game {
            continue;
        }
        let four = engine.config().size() == 4;
        match request {
            Request::Hint | Request::ToggleAutoplay if !four => {
                notice.add("The AI plays 4×4 boards only.".into());
            }
            Request::Hint => {
                if let Some(direction) = suggest(&engine, &budget) {
                    hints.write(HintGiven(direction));
                }
            }
            Request::ToggleAutoplay => {
                autoplay.on = !autoplay.on;
                autoplay.idle = Duration::ZERO;
            }
            Request::ToggleFast => autoplay.fast = !autoplay.fast,
            _ => {}
        }
    }
}

/// While autoplay is on: the next move once the board has been still long enough.
fn drive_autoplay(
    time: Res<Time>,
    mut autoplay: ResMut<Autoplay>,
    engine: Res<Engine>,
    budget: Res<AiBudget>,
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    moving: Query<(), (With<Tile>, With<TweenAnim>)>,
    mut requests: MessageWriter<Request>,
) {
    if !autoplay.on {
        return;
    }
    // A win or a lost game ends autoplay: the player decides what comes next.
    if *state.get() != GameState::Playing || engine.status() != crate::rules::Status::Playing {
        autoplay.on = false;
        return;
    }
    if *screen.get() != Screen::Game {
        return;
    }
    if !moving.is_empty() && !autoplay.fast {
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
