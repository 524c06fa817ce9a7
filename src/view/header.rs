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
use crate::game::{BestScore, Engine, GameSet, MoveApplied, Notice, Request, UiButton};

/// "+N" floats up this far over 600 ms, fading out.
pub const FLOAT_RISE_PX: f32 = 75.0;
pub const FLOAT_TIME: Duration = Duration::from_millis(600);
/// Score boxes.
const BOX_SIZE: Vec2 = Vec2::new(100.0, 55.0);
const BOX_GAP: f32 = 5.0;
/// Buttons are 40 px high, as in the original.
pub const BUTTON_HEIGHT: f32 = 40.0;
/// The key help under the board (a page cannot be quit).
const KEY_HELP: &str = if crate::game::input::QUIT_KEYS {
    "Arrows, WASD or HJKL to move  ·  U undo  ·  R new game  ·  Esc quit"
} else {
    "Arrows, WASD, HJKL or swipe to move  ·  U undo  ·  R new game"
};
/// Score digits shrink past this many so they stay inside the box.
const SCORE_DIGITS_AT_FULL_SIZE: usize = 6;
const SCORE_FONT_PX: f32 = 25.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_header).add_systems(
        Update,
        (show_scores, float_gains, show_notice).in_set(GameSet::React),
    );
}

/// The SCORE value text.
#[derive(Component, Debug)]
pub struct ScoreText;

/// The line under the board: key help, or for a while a notice about saves.
#[derive(Component, Debug)]
pub struct KeyHelp;

/// How long a notice replaces the key help.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);

/// The BEST value text.
#[derive(Component, Debug)]
pub struct BestText;

/// A text in the game's face at a design size.
pub fn label(text: impl Into<String>, px: f32, color: Color) -> impl Bundle {
    (Label(text.into()), LabelColor(color), FontPx(px))
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

fn score_box_center(index: usize) -> Vec2 {
    // Index 0 is the rightmost box (BEST), 1 is SCORE to its left.
    let x = RIGHT - BOX_SIZE.x / 2.0 - index as f32 * (BOX_SIZE.x + BOX_GAP);
    Vec2::new(x, HEADER_Y)
}

fn spawn_header(mut commands: Commands, art: Res<Art>, engine: Res<Engine>) {
    commands.spawn((
        label("2048", 80.0, TEXT),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, HEADER_Y, 0.0),
    ));
    for (index, name) in ["BEST", "SCORE"].into_iter().enumerate() {
        let at = score_box_center(index);
        let mut value = commands.spawn((
            label("0", SCORE_FONT_PX, LIGHT_TEXT),
            Transform::from_xyz(at.x, at.y - 9.0, Z_LABEL),
        ));
        if index == 0 {
            value.insert(BestText);
        } else {
            value.insert(ScoreText);
        }
        commands.spawn((
            art.small_round(BOARD, BOX_SIZE),
            Transform::from_translation(at.extend(0.0)),
            children![(
                label(name, 13.0, SCORE_LABEL),
                Transform::from_xyz(0.0, 14.0, Z_LABEL),
            )],
        ));
    }
    let target = engine.config().target();
    commands.spawn((
        label(format!("Join the tiles, get to {target}!"), 18.0, TEXT),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, ROW_Y, 0.0),
    ));
    let width = 130.0;
    commands.spawn((
        button(&art, "New Game", width, Request::NewGame),
        Transform::from_xyz(RIGHT - width / 2.0, ROW_Y, 0.0),
    ));
    let undo_width = 80.0;
    commands.spawn((
        button(&art, "Undo", undo_width, Request::Undo),
        Transform::from_xyz(RIGHT - width - BOX_GAP * 2.0 - undo_width / 2.0, ROW_Y, 0.0),
    ));
    commands.spawn((
        KeyHelp,
        label(KEY_HELP, 15.0, TEXT),
        Transform::from_xyz(0.0, BOARD_CENTER.y - BOARD_PX / 2.0 - 25.0, 0.0),
    ));
}

/// Score digits, shrunk past six so they stay inside the box.
fn score_font_px(text: &str) -> f32 {
    let digits = text.len().max(SCORE_DIGITS_AT_FULL_SIZE);
    SCORE_FONT_PX * SCORE_DIGITS_AT_FULL_SIZE as f32 / digits as f32
}

/// Shows the engine's score and the best score the frame they change.
fn show_scores(
    engine: Res<Engine>,
    best: Res<BestScore>,
    mut score_text: Query<(&mut Label, &mut FontPx), (With<ScoreText>, Without<BestText>)>,
    mut best_text: Query<(&mut Label, &mut FontPx), (With<BestText>, Without<ScoreText>)>,
) {
    if !engine.is_changed() && !best.is_changed() {
        return;
    }
    let show = |(mut text, mut px): (Mut<Label>, Mut<FontPx>), value: u64| {
        let shown = value.to_string();
        px.set_if_neq(FontPx(score_font_px(&shown)));
        if text.0 != shown {
            text.0 = shown;
        }
    };
    if let Ok(score) = score_text.single_mut() {
        show(score, engine.score());
    }
    if let Ok(best_score) = best_text.single_mut() {
        show(best_score, best.0);
    }
}

/// Shows a notice in place of the key help for `NOTICE_TIME`, then the key help again.
fn show_notice(
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut shown: Local<Option<Timer>>,
    mut line: Query<(&mut Label, &mut LabelColor), With<KeyHelp>>,
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
        let start = (score_box_center(1) + Vec2::new(0.0, -9.0)).extend(Z_FLOAT);
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
