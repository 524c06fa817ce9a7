//! The replay viewer's controls. The replayed game is on the board itself, animated by the
//! board's own tweens; over the row of the game's buttons sits the viewer's row (first, back,
//! play or pause, forward, last, speed, play from here, share, close), under the board a
//! progress bar that a press or a drag moves to any move, and the line under it tells the move,
//! the score and the undos used.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::header::HelpLine;
use super::layout::{BOARD_CENTER, BOARD_PX, LEFT, ROW_Y, Z_LABEL};
use super::text::Label;
use super::theme::Ink;
use super::widgets::{Align, BUTTON_HEIGHT, DialogRoot, button, row_x};
use crate::game::{Control, Engine, GameSet, Replay, Request, Screen, SeekBar, Speed, UiButton};

/// The row of controls, its buttons' widths and labels, left to right.
const CONTROLS: [(&str, f32, Request); 9] = [
    ("|←", 40.0, Request::Replay(Control::First)),
    ("←", 40.0, Request::Replay(Control::Back)),
    ("Play", 64.0, Request::Replay(Control::TogglePlay)),
    ("→", 40.0, Request::Replay(Control::Forward)),
    ("→|", 40.0, Request::Replay(Control::Last)),
    ("1×", 44.0, Request::Replay(Control::Speed(Speed::X2))),
    ("Play on", 78.0, Request::Replay(Control::PlayFromHere)),
    ("Share", 60.0, Request::Share),
    ("×", 40.0, Request::Replay(Control::Close)),
];
/// The gap between the controls (narrower than other rows, so nine fit the board's width).
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
                .in_set(GameSet::React),
        );
}

/// The play / pause button's label.
#[derive(Component, Debug)]
pub struct PlayLabel;

/// The speed button (it steps through the speeds) and its label.
#[derive(Component, Debug)]
pub struct SpeedButton;

/// The filled part of the progress bar, and its knob.
#[derive(Component, Debug)]
pub struct BarFill;
#[derive(Component, Debug)]
pub struct BarKnob;

fn spawn_controls(mut commands: Commands, art: Res<Art>) {
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
    let widths: Vec<f32> = CONTROLS.iter().map(|c| c.1).collect();
    let gap_fix = (super::widgets::BUTTON_GAP - CONTROL_GAP) * (CONTROLS.len() - 1) as f32 / 2.0;
    let xs = row_x(&widths, Align::Center);
    for (i, (&(text, width, request), x)) in CONTROLS.iter().zip(xs).enumerate() {
        // Pull the row together around its centre: `CONTROL_GAP` between buttons.
        let x = x + gap_fix - i as f32 * (super::widgets::BUTTON_GAP - CONTROL_GAP);
        let mut entity = commands.spawn((
            ChildOf(root),
            button(&art, text, width, request),
            Transform::from_xyz(x, ROW_Y, Z_LABEL),
        ));
        match request {
            Request::Replay(Control::TogglePlay) => {
                entity.insert(PlayLabel);
            }
            Request::Replay(Control::Speed(_)) => {
                entity.insert(SpeedButton);
            }
            _ => {}
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

/// The shown move on the bar and in the line under it; the play button says what it will do;
/// the speed button shows the speed and offers the next.
fn show_position(
    replay: Res<Replay>,
    engine: Res<Engine>,
    mut help: ResMut<HelpLine>,
    mut fill: Query<&mut Transform, (With<BarFill>, Without<BarKnob>)>,
    mut knob: Query<&mut Transform, (With<BarKnob>, Without<BarFill>)>,
    mut speed: Query<(&mut UiButton, &Children), With<SpeedButton>>,
    play: Query<&Children, With<PlayLabel>>,
    mut labels: Query<&mut Label>,
) {
    if !replay.is_changed() && !engine.is_changed() {
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
    let undos = match watching.record.undos {
        1 => "1 undo".to_string(),
        n => format!("{n} undos"),
    };
    help.set_if_neq(HelpLine(format!(
        "Move {} of {}  ·  score {}  ·  {undos}  ·  Space play  ·  Esc close",
        watching.shown,
        watching.len(),
        engine.score()
    )));
    let set = |labels: &mut Query<&mut Label>, children: &Children, text: &str| {
        for &child in children {
            if let Ok(mut label) = labels.get_mut(child)
                && label.0 != text
            {
                label.0 = text.to_string();
            }
        }
    };
    for children in &play {
        set(
            &mut labels,
            children,
            if watching.playing { "Pause" } else { "Play" },
        );
    }
    for (mut button, children) in &mut speed {
        let request = Request::Replay(Control::Speed(watching.speed.next()));
        if button.request != request {
            button.request = request;
        }
        set(&mut labels, children, watching.speed.name());
    }
}
