//! The replay viewer's progress bar. The replayed game is on the board itself, animated by the
//! board's own tweens; over the row of the game's buttons, `flow` draws the viewer's controls
//! from its description (first, back, play or pause, forward, last, speed, play from here,
//! share, race, close); under the board is a progress bar that a press or a drag moves to any
//! move, and the line under it tells the move, the score and the undos used.

use bevy::{prelude::*, sprite::Anchor};

use super::header::HelpLine;
use super::layout::{BOARD_CENTER, BOARD_PX, LEFT, Z_DIALOG, Z_LABEL};
use super::theme::Ink;
use crate::game::KeyTables;
use crate::game::screens::Describe;
use crate::game::{GameSet, Language, Replay, Screen, SeekBar, ShownDialog};
use g2048_ui::art::Art;

/// The progress bar: a track across the board's width this far under it, its filled part, and
/// a knob at the shown move.
const BAR_BELOW: f32 = 12.0;
const TRACK_HEIGHT: f32 = 6.0;
const KNOB: f32 = 16.0;
/// The bar takes presses this far above and below it.
const BAR_REACH: f32 = 22.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Replay), spawn_bar)
        .add_systems(
            Update,
            show_position
                .run_if(in_state(Screen::Replay))
                .after(Describe)
                // The line under the board shows it the same frame.
                .before(super::header::show_notice)
                .in_set(GameSet::React),
        );
}

/// The filled part of the progress bar, and its knob.
#[derive(Component, Debug)]
pub struct BarFill;
#[derive(Component, Debug)]
pub struct BarKnob;

/// The progress bar under the board (the controls are the screen's description, drawn by
/// `flow` over the board's own row of buttons).
fn spawn_bar(mut commands: Commands, art: Res<Art>) {
    let y = BOARD_CENTER.y - BOARD_PX / 2.0 - BAR_BELOW;
    let root = commands
        .spawn((
            DespawnOnExit(Screen::Replay),
            Transform::from_xyz(0.0, y, Z_DIALOG),
            Visibility::default(),
        ))
        .id();
    let track = Vec2::new(BOARD_PX, TRACK_HEIGHT);
    commands.spawn((
        ChildOf(root),
        SeekBar {
            size: Vec2::new(BOARD_PX + KNOB, BAR_REACH * 2.0),
            track: BOARD_PX,
        },
        Ink::Board,
        art.small_round(Ink::Board.light(), track),
        Transform::default(),
    ));
    commands.spawn((
        ChildOf(root),
        BarFill,
        Ink::Button,
        Sprite::from_color(Ink::Button.light(), track),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, 0.0, Z_LABEL).with_scale(Vec3::new(0.0, 1.0, 1.0)),
    ));
    commands.spawn((
        ChildOf(root),
        BarKnob,
        Ink::Button,
        art.small_round(Ink::Button.light(), Vec2::splat(KNOB)),
        Transform::from_xyz(LEFT, 0.0, 2.0 * Z_LABEL),
    ));
}

/// The shown move on the bar, and in the line under the board: the description's line of where
/// the replay is, then the viewer's keys.
fn show_position(
    replay: Res<Replay>,
    shown: Res<ShownDialog>,
    words: Res<Language>,
    tables: Res<KeyTables>,
    mut help: ResMut<HelpLine>,
    mut fill: Query<&mut Transform, (With<BarFill>, Without<BarKnob>)>,
    mut knob: Query<&mut Transform, (With<BarKnob>, Without<BarFill>)>,
) {
    if !replay.is_changed() && !shown.is_changed() {
        return;
    }
    let Some(watching) = &replay.0 else {
        return;
    };
    let share = if watching.is_empty() {
        0.0
    } else {
        watching.shown as f32 / watching.len() as f32
    };
    for mut transform in &mut fill {
        transform.scale.x = share;
    }
    for mut transform in &mut knob {
        transform.translation.x = LEFT + share * BOARD_PX;
    }
    // The description's first line (where the replay is), drawn before the viewer's keys.
    let Some(position) = shown
        .0
        .as_ref()
        .and_then(|dialog| dialog.lines().into_iter().next())
    else {
        return;
    };
    // Its sentence's full stop gives way to the separator before the keys.
    let position = position.trim_end_matches(['.', '。']);
    help.set_if_neq(HelpLine(format!(
        "{position}  ·  {}",
        tables.help_line(Screen::Replay, &words)
    )));
}
