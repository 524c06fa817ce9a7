//! "You win!" and "Game over!" over the board, fading in after the original's delay: the
//! board's description in those states (`screens::play`), drawn by the flow renderer over a
//! see-through cover.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{Delay, Tween, TweenAnim};

use super::flow::{Look, spawn_dialog};
use super::layout::Z_OVERLAY;
use super::motion::Motion;
use super::theme::Ink;
use crate::game::screens::Describe;
use crate::game::screens::play::BoardDialog;
use crate::game::{GameState, Screen};
use g2048_ui::art::Art;
use g2048_ui::fade::{Fade, FadeLens};

/// The board stays in view this long before the overlay starts to show…
pub const OVERLAY_DELAY: Duration = Duration::from_millis(1200);
/// …then fades in over this long.
pub const OVERLAY_FADE: Duration = Duration::from_millis(800);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Won), spawn_overlay.after(Describe))
        .add_systems(OnEnter(GameState::GameOver), spawn_overlay.after(Describe));
}

/// Marks an overlay's root.
#[derive(Component, Debug)]
pub struct Overlay;

/// The overlay of the state just entered. It lives while its state does, so a game resumed won
/// or lost gets one too (the state follows the engine from the first frame); the flow renderer
/// keeps it as its description says while the board is in front. With no motion at all it
/// shows at once.
fn spawn_overlay(
    mut commands: Commands,
    art: Res<Art>,
    motion: Res<Motion>,
    state: Res<State<GameState>>,
    board: Res<BoardDialog>,
) {
    let state = *state.get();
    let Some(shown) = &board.0 else {
        return;
    };
    let (cover, title) = match state {
        GameState::Won => (Ink::WinCover, Ink::LightText),
        _ => (Ink::OverCover, Ink::Text),
    };
    let look = Look {
        cover,
        alpha: cover.light().alpha(),
        title,
    };
    let root = spawn_dialog(&mut commands, &art, Screen::Game, shown, look);
    commands.entity(root).insert((
        Overlay,
        DespawnOnExit(state),
        Fade(0.0),
        Transform::from_translation(
            super::flow::dialog_centre(g2048_ui::flow::Form::Overlay).extend(Z_OVERLAY),
        ),
    ));
    if motion.fades() {
        commands
            .entity(root)
            .insert(TweenAnim::new(Delay::new(OVERLAY_DELAY).then(Tween::new(
                EaseFunction::QuadraticInOut,
                OVERLAY_FADE,
                FadeLens {
                    start: 0.0,
                    end: 1.0,
                },
            ))));
    } else {
        commands.entity(root).insert(Fade(1.0));
    }
}
