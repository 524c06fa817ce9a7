//! The header: the "2048" title, SCORE and BEST boxes with the floating "+N", the intro line
//! with the New Game button, and the key help under the board.

use std::time::Duration;

use bevy::{prelude::*, sprite::Anchor};
use bevy_tweening::{AnimTarget, Tween, TweenAnim, lens::TransformPositionLens};

use super::DespawnWhenDone;
use super::art::Art;
use super::fade::{BaseAlpha, Fade, FadeLens};
use super::layout::{
    BOARD_CENTER, BOARD_PX, FontPx, HEADER_Y, LEFT, RIGHT, ROW_Y, Z_FLOAT, Z_LABEL,
};
use super::palette::{BOARD, BUTTON, LIGHT_TEXT, NOTICE, SCORE_LABEL, TEXT};
use super::text::{Label, LabelColor};
use super::theme::Ink;
use crate::game::{
    Autoplay, BestScore, Engine, GameSet, HintGiven, MoveApplied, Notice, Request, UiButton,
};
use crate::rules::Direction;

/// "+N" floats up this far over 600 ms, fading out.
pub const FLOAT_RISE_PX: f32 = 75.0;
pub const FLOAT_TIME: Duration = Duration::from_millis(600);
/// The counter boxes, right to left: BEST, SCORE, and the move counter beside the score, with
/// their widths and how many digits fit at full size.
const BOXES: [(Counter, &str, f32, usize); 3] = [
    (Counter::Best, "BEST", 100.0, 6),
    (Counter::Score, "SCORE", 100.0, 6),
    (Counter::Moves, "MOVES", 80.0, 5),
];
const BOX_HEIGHT: f32 = 55.0;
const BOX_GAP: f32 = 5.0;
/// Buttons are 40 px high, as in the original.
pub const BUTTON_HEIGHT: f32 = 40.0;
/// The key help under the board (a page cannot be quit).
const KEY_HELP: &str = if crate::game::input::QUIT_KEYS {
    "Arrows or WASD to move  ·  U undo  ·  R new game  ·  O options  ·  Esc quit"
} else {
    "Arrows, WASD or swipe to move  ·  U undo  ·  R new game  ·  O options"
};
const SCORE_FONT_PX: f32 = 25.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_header).add_systems(
        Update,
        (
            show_scores,
            float_gains,
            show_notice,
            show_target,
            show_hint,
            show_autoplay,
        )
            .in_set(GameSet::React),
    );
}

/// The value text of a counter box.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    Best,
    Score,
    Moves,
}

/// The "Join the tiles, get to N!" line.
#[derive(Component, Debug)]
pub struct Intro;

fn intro_text(target: u32) -> String {
    format!("Join the tiles, get to {target}!")
}

/// The intro names the target of the game being played.
fn show_target(engine: Res<Engine>, mut intro: Query<&mut Label, With<Intro>>) {
    if !engine.is_changed() {
        return;
    }
    let text = intro_text(engine.config().target());
    for mut label in &mut intro {
        if label.0 != text {
            label.0 = text.clone();
        }
    }
}

/// The button that starts and stops autoplay.
#[derive(Component, Debug)]
pub struct AiButton;

/// The AI button is orange while the AI plays.
fn show_autoplay(autoplay: Res<Autoplay>, mut button: Query<&mut Ink, With<AiButton>>) {
    if !autoplay.is_changed() {
        return;
    }
    for mut ink in &mut button {
        ink.set_if_neq(Ink(if autoplay.on { NOTICE } else { BUTTON }));
    }
}

/// A hint: a large arrow over the board that fades out.
#[derive(Component, Debug)]
pub struct HintArrow;

/// How long a hint arrow shows.
pub const HINT_TIME: Duration = Duration::from_millis(1200);

fn show_hint(
    mut hints: MessageReader<HintGiven>,
    mut commands: Commands,
    old: Query<Entity, With<HintArrow>>,
) {
    let Some(&HintGiven(direction)) = hints.read().last() else {
        return;
    };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let arrow = match direction {
        Direction::Up => "↑",
        Direction::Down => "↓",
        Direction::Left => "←",
        Direction::Right => "→",
    };
    commands.spawn((
        HintArrow,
        DespawnWhenDone,
        label(arrow, 220.0, TEXT),
        BaseAlpha(0.7),
        Fade(1.0),
        Transform::from_translation(BOARD_CENTER.extend(Z_FLOAT)),
        TweenAnim::new(Tween::new(
            EaseFunction::QuadraticIn,
            HINT_TIME,
            FadeLens {
                start: 1.0,
                end: 0.0,
            },
        )),
    ));
}

/// The line under the board: key help, or for a while a notice about saves.
#[derive(Component, Debug)]
pub struct KeyHelp;

/// How long a notice replaces the key help.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);

/// A text in the game's face at a design size.
/// Its colour follows the theme (see `Ink`).
pub fn label(text: impl Into<String>, px: f32, color: Color) -> impl Bundle {
    (
        Label(text.into()),
        LabelColor(color),
        Ink(color),
        FontPx(px),
    )
}

/// A button: a rounded rectangle that sends `request` when clicked or tapped. It fades with
/// any group it is put in.
pub fn button(art: &Art, text: &str, width: f32, request: Request) -> impl Bundle {
    let size = Vec2::new(width, BUTTON_HEIGHT);
    (
        UiButton { request, size },
        art.small_round(BUTTON, size),
        BaseAlpha(1.0),
        children![(
            label(text, 18.0, LIGHT_TEXT),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, 0.0, Z_LABEL),
        )],
    )
}

/// The centre of a counter box (index into `BOXES`).
fn box_center(index: usize) -> Vec2 {
    let right: f32 = RIGHT - BOXES[..index].iter().map(|b| b.2 + BOX_GAP).sum::<f32>();
    Vec2::new(right - BOXES[index].2 / 2.0, HEADER_Y)
}

/// The SCORE box's centre, where "+N" rises from.
fn score_box_center() -> Vec2 {
    box_center(1)
}

fn spawn_header(mut commands: Commands, art: Res<Art>, engine: Res<Engine>) {
    commands.spawn((
        label("2048", 80.0, TEXT),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, HEADER_Y, 0.0),
    ));
    for (index, &(counter, name, width, _)) in BOXES.iter().enumerate() {
        let at = box_center(index);
        commands.spawn((
            counter,
            label("0", SCORE_FONT_PX, LIGHT_TEXT),
            Transform::from_xyz(at.x, at.y - 9.0, Z_LABEL),
        ));
        commands.spawn((
            Ink(BOARD),
            art.small_round(BOARD, Vec2::new(width, BOX_HEIGHT)),
            Transform::from_translation(at.extend(0.0)),
            children![(
                label(name, 13.0, SCORE_LABEL),
                Transform::from_xyz(0.0, 14.0, Z_LABEL),
            )],
        ));
    }
    commands.spawn((
        Intro,
        label(intro_text(engine.config().target()), 16.0, TEXT),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, ROW_Y, 0.0),
    ));
    let width = 130.0;
    commands.spawn((
        button(&art, "New Game", width, Request::NewGame),
        Transform::from_xyz(RIGHT - width / 2.0, ROW_Y, 0.0),
    ));
    let gap = 8.0;
    let undo_width = 70.0;
    let undo_x = RIGHT - width - gap - undo_width / 2.0;
    commands.spawn((
        button(&art, "Undo", undo_width, Request::Undo),
        Transform::from_xyz(undo_x, ROW_Y, 0.0),
    ));
    // Options: a square button with three bars.
    let side = BUTTON_HEIGHT;
    let bar = |y: f32| {
        (
            art.small_round(LIGHT_TEXT, Vec2::new(20.0, 3.0)),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, y, Z_LABEL),
        )
    };
    let menu_x = undo_x - undo_width / 2.0 - gap - side / 2.0;
    commands.spawn((
        UiButton {
            request: Request::OpenOptions,
            size: Vec2::splat(side),
        },
        art.small_round(BUTTON, Vec2::splat(side)),
        Transform::from_xyz(menu_x, ROW_Y, 0.0),
        children![bar(7.0), bar(0.0), bar(-7.0)],
    ));
    // Autoplay on and off; orange while the AI plays.
    commands.spawn((
        AiButton,
        Ink(BUTTON),
        button(&art, "AI", side, Request::ToggleAutoplay),
        Transform::from_xyz(menu_x - side - gap, ROW_Y, 0.0),
    ));
    commands.spawn((
        KeyHelp,
        label(KEY_HELP, 14.0, TEXT),
        Transform::from_xyz(0.0, BOARD_CENTER.y - BOARD_PX / 2.0 - 25.0, 0.0),
    ));
}

/// Counter digits, shrunk past `fit` digits so they stay inside the box.
fn counter_font_px(text: &str, fit: usize) -> f32 {
    SCORE_FONT_PX * fit as f32 / text.len().max(fit) as f32
}

/// Shows the score, the best score and the move count the frame they change.
fn show_scores(
    engine: Res<Engine>,
    best: Res<BestScore>,
    mut counters: Query<(&Counter, &mut Label, &mut FontPx)>,
) {
    if !engine.is_changed() && !best.is_changed() {
        return;
    }
    for (&counter, mut text, mut px) in &mut counters {
        let (value, fit) = match counter {
            Counter::Best => (best.0, BOXES[0].3),
            Counter::Score => (engine.score(), BOXES[1].3),
            Counter::Moves => (u64::from(engine.moves()), BOXES[2].3),
        };
        let shown = value.to_string();
        px.set_if_neq(FontPx(counter_font_px(&shown, fit)));
        if text.0 != shown {
            text.0 = shown;
        }
    }
}

/// Shows a notice in place of the key help for `NOTICE_TIME`, then the key help again.
fn show_notice(
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut shown: Local<Option<Timer>>,
    mut line: Query<(&mut Label, &mut Ink), With<KeyHelp>>,
) {
    let Ok((mut text, mut color)) = line.single_mut() else {
        return;
    };
    if let Some(message) = notice.0.take() {
        text.0 = message;
        color.0 = NOTICE;
        *shown = Some(Timer::new(NOTICE_TIME, TimerMode::Once));
    }
    if let Some(timer) = shown.as_mut()
        && timer.tick(time.delta()).is_finished()
    {
        text.0 = KEY_HELP.into();
        color.0 = TEXT;
        *shown = None;
    }
}

/// "+N" rises from the score box and fades out.
fn float_gains(mut moves: MessageReader<MoveApplied>, mut commands: Commands) {
    for moved in moves.read().filter(|m| m.gained > 0) {
        let start = (score_box_center() + Vec2::new(0.0, -9.0)).extend(Z_FLOAT);
        let end = start + Vec3::Y * FLOAT_RISE_PX;
        let float = commands
            .spawn((
                DespawnWhenDone,
                label(format!("+{}", moved.gained), SCORE_FONT_PX, TEXT),
                BaseAlpha(0.9),
                Fade(1.0),
                Transform::from_translation(start),
                TweenAnim::new(Tween::new(
                    EaseFunction::QuadraticIn,
                    FLOAT_TIME,
                    TransformPositionLens { start, end },
                )),
            ))
            .id();
        commands.spawn((
            ChildOf(float),
            TweenAnim::new(Tween::new(
                EaseFunction::QuadraticIn,
                FLOAT_TIME,
                FadeLens {
                    start: 1.0,
                    end: 0.0,
                },
            )),
            AnimTarget::component::<Fade>(float),
        ));
    }
}
