//! The replay viewer's controls. The replayed game is on the board itself, animated by the
//! board's own tweens; over the row of the game's buttons sits the viewer's row (first, back,
//! play or pause, forward, last, speed, play from here, share, race, close), under the board a
//! progress bar that a press or a drag moves to any move, and the line under it tells the move,
//! the score and the undos used.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::header::HelpLine;
use super::layout::{BOARD_CENTER, BOARD_PX, LEFT, ROW_Y, Z_LABEL};
use super::theme::Ink;
use super::widgets::{Align, BUTTON_HEIGHT, DialogRoot, described_button, row_x};
use crate::game::screens::Facts;
use crate::game::{Control, Engine, GameSet, Language, Replay, Request, Screen, SeekBar, UiButton};
use crate::tr;

/// The widths of the row of controls (its buttons are the description's,
/// `screens::viewer::controls`), left to right.
const WIDTHS: [f32; 10] = [36.0, 36.0, 58.0, 36.0, 36.0, 40.0, 70.0, 60.0, 54.0, 36.0];
/// The gap between the controls (narrower than other rows, so ten fit the board's width).
const CONTROL_GAP: f32 = 4.0;
/// The progress bar: a track across the board's width just under it, its filled part, and a
/// knob at the shown move.
const BAR_Y: f32 = BOARD_CENTER.y - BOARD_PX / 2.0 - 12.0;
const TRACK_HEIGHT: f32 = 6.0;
const KNOB: f32 = 16.0;
/// The bar takes presses this far above and below it.
const BAR_REACH: f32 = 22.0;
const Z_CONTROLS: f32 = 5.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Replay), spawn_controls)
        .add_systems(
            Update,
            show_position
                .run_if(in_state(Screen::Replay))
                .before(super::widgets::follow_description)
                .in_set(GameSet::React),
        );
}

/// The speed button: it steps through the speeds (its request is the next speed's).
#[derive(Component, Debug)]
pub struct SpeedButton;

/// The filled part of the progress bar, and its knob.
#[derive(Component, Debug)]
pub struct BarFill;
#[derive(Component, Debug)]
pub struct BarKnob;

fn spawn_controls(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let root = commands
        .spawn((
            DialogRoot(Screen::Replay),
            DespawnOnExit(Screen::Replay),
            Transform::from_xyz(0.0, 0.0, Z_CONTROLS),
            Visibility::default(),
        ))
        .id();
    // A cover over the game's own row of buttons, which stay where they are underneath.
    commands.spawn((
        ChildOf(root),
        Ink::Page,
        Sprite::from_color(
            Ink::Page.light(),
            Vec2::new(BOARD_PX + 20.0, BUTTON_HEIGHT + 20.0),
        ),
        Transform::from_xyz(0.0, ROW_Y, 0.0),
    ));
    let gap_fix = (super::widgets::BUTTON_GAP - CONTROL_GAP) * (WIDTHS.len() - 1) as f32 / 2.0;
    let xs = row_x(&WIDTHS, Align::Center);
    for (i, ((described, &width), x)) in shown.buttons().iter().zip(&WIDTHS).zip(xs).enumerate() {
        // Pull the row together around its centre: `CONTROL_GAP` between buttons.
        let x = x + gap_fix - i as f32 * (super::widgets::BUTTON_GAP - CONTROL_GAP);
        let mut entity = commands.spawn((
            ChildOf(root),
            described_button(&art, described, width),
            Transform::from_xyz(x, ROW_Y, Z_LABEL),
        ));
        if matches!(described.request, Request::Replay(Control::Speed(_))) {
            entity.insert(SpeedButton);
        }
    }
    // The progress bar.
    let track = Vec2::new(BOARD_PX, TRACK_HEIGHT);
    commands.spawn((
        ChildOf(root),
        SeekBar {
            size: Vec2::new(BOARD_PX + KNOB, BAR_REACH * 2.0),
            track: BOARD_PX,
        },
        Ink::Board,
        art.small_round(Ink::Board.light(), track),
        Transform::from_xyz(0.0, BAR_Y, 0.0),
    ));
    commands.spawn((
        ChildOf(root),
        BarFill,
        Ink::Button,
        Sprite::from_color(Ink::Button.light(), track),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, BAR_Y, Z_LABEL).with_scale(Vec3::new(0.0, 1.0, 1.0)),
    ));
    commands.spawn((
        ChildOf(root),
        BarKnob,
        Ink::Button,
        art.small_round(Ink::Button.light(), Vec2::splat(KNOB)),
        Transform::from_xyz(LEFT, BAR_Y, 2.0 * Z_LABEL),
    ));
}

/// The shown move on the bar and in the line under it; the speed button offers the next
/// speed (the labels follow the description: `follow_description`).
fn show_position(
    replay: Res<Replay>,
    engine: Res<Engine>,
    words: Res<Language>,
    mut help: ResMut<HelpLine>,
    mut fill: Query<&mut Transform, (With<BarFill>, Without<BarKnob>)>,
    mut knob: Query<&mut Transform, (With<BarKnob>, Without<BarFill>)>,
    mut speed: Query<&mut UiButton, With<SpeedButton>>,
) {
    if !replay.is_changed() && !engine.is_changed() && !words.is_changed() {
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
    help.set_if_neq(HelpLine(tr!(
        words,
        "viewer-line",
        shown = watching.shown,
        moves = watching.len(),
        score = engine.score(),
        undos = watching.record.undos,
        help = Screen::Replay.help_line(&words)
    )));
    for mut button in &mut speed {
        let request = Request::Replay(Control::Speed(watching.speed.next()));
        if button.request != request {
            button.request = request;
        }
    }
}
