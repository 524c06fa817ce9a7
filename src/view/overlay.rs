//! "You win!" and "Game over!" over the board, fading in after the original's delay.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{Delay, Tween, TweenAnim};

use super::art::Art;
use super::fade::{BaseAlpha, Fade, FadeLens};
use super::header::{button, label};
use super::layout::{BOARD_CENTER, BOARD_PX, Z_LABEL, Z_OVERLAY};
use super::palette::{LIGHT_TEXT, OVER_OVERLAY, TEXT, WIN_OVERLAY};
use super::theme::Ink;
use crate::game::{GameState, Request};

/// The board stays in view this long before the overlay starts to show…
pub const OVERLAY_DELAY: Duration = Duration::from_millis(1200);
/// …then fades in over this long.
pub const OVERLAY_FADE: Duration = Duration::from_millis(800);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Won), spawn_win_overlay)
        .add_systems(OnEnter(GameState::GameOver), spawn_game_over_overlay);
}

/// Marks an overlay's root.
#[derive(Component, Debug)]
pub struct Overlay;

fn spawn_win_overlay(commands: Commands, art: Res<Art>) {
    spawn_overlay(
        commands,
        &art,
        GameState::Won,
        WIN_OVERLAY,
        ("You win!", LIGHT_TEXT),
        &[
            ("Keep going", Request::KeepGoing),
            ("New game", Request::NewGame),
        ],
    );
}

fn spawn_game_over_overlay(commands: Commands, art: Res<Art>) {
    spawn_overlay(
        commands,
        &art,
        GameState::GameOver,
        OVER_OVERLAY,
        ("Game over!", TEXT),
        &[("Try again", Request::NewGame)],
    );
}

fn spawn_overlay(
    mut commands: Commands,
    art: &Art,
    state: GameState,
    cover: Color,
    (message, message_color): (&str, Color),
    buttons: &[(&str, Request)],
) {
    let root = commands
        .spawn((
            Overlay,
            DespawnOnExit(state),
            Fade(0.0),
            Transform::from_translation(BOARD_CENTER.extend(Z_OVERLAY)),
            Visibility::default(),
            TweenAnim::new(Delay::new(OVERLAY_DELAY).then(Tween::new(
                EaseFunction::QuadraticInOut,
                OVERLAY_FADE,
                FadeLens {
                    start: 0.0,
                    end: 1.0,
                },
            ))),
        ))
        .id();
    commands.spawn((
        ChildOf(root),
        art.large_round(cover, Vec2::splat(BOARD_PX)),
        Ink(cover),
        BaseAlpha(cover.alpha()),
    ));
    commands.spawn((
        ChildOf(root),
        label(message, 60.0, message_color),
        BaseAlpha(1.0),
        Transform::from_xyz(0.0, 40.0, Z_LABEL),
    ));
    let width = 130.0;
    let gap = 10.0;
    let total = buttons.len() as f32 * (width + gap) - gap;
    for (i, &(text, request)) in buttons.iter().enumerate() {
        let x = -total / 2.0 + width / 2.0 + i as f32 * (width + gap);
        commands.spawn((
            ChildOf(root),
            button(art, text, width, request),
            Transform::from_xyz(x, -40.0, Z_LABEL),
        ));
    }
}
