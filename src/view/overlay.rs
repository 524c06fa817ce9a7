//! "You win!" and "Game over!" over the board, fading in after the original's delay.

use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{Delay, Tween, TweenAnim};

use super::art::Art;
use super::fade::{BaseAlpha, Fade, FadeLens};
use super::layout::{BOARD_CENTER, BOARD_PX, Z_LABEL, Z_OVERLAY};
use super::motion::Motion;
use super::text::{Label, TextBox};
use super::theme::Ink;
use super::widgets::{DescribedLine, DescribedTitle, DialogRoot, button_row, label};
use crate::ai::coach::Verdict;
use crate::game::screens::{Facts, play};
use crate::game::{Coach, DialogButton, GameSet, GameState, Language, PlayerOptions, Screen};
use crate::i18n::Words;
use crate::tr;

/// The board stays in view this long before the overlay starts to show…
pub const OVERLAY_DELAY: Duration = Duration::from_millis(1200);
/// …then fades in over this long.
pub const OVERLAY_FADE: Duration = Duration::from_millis(800);
/// The message (60 px, as in the original) above the buttons, relative to the board's centre.
const MESSAGE_PX: f32 = 60.0;
const MESSAGE_Y: f32 = 40.0;
const BUTTONS_Y: f32 = -40.0;
const BUTTON_WIDTH: f32 = 130.0;
const NARROW_BUTTON_WIDTH: f32 = 110.0;
/// The coach's line, under the buttons.
const COACH_LINE_PX: f32 = 18.0;
const COACH_LINE_Y: f32 = -95.0;
/// The daily's line, then the coach's under it.
const LINE_TO_LINE: f32 = 45.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::Won), spawn_win_overlay)
        .add_systems(OnEnter(GameState::GameOver), spawn_game_over_overlay)
        .add_systems(
            Update,
            relabel_coach_line
                .run_if(resource_changed::<Language>)
                .in_set(GameSet::React),
        );
}

/// The coach's line under "Game over!" (its title follows the description: `DescribedTitle`).
#[derive(Component, Debug)]
pub struct CoachLine;

/// "Coach: 12 of 40 rated moves best, 3 mistakes."
fn coach_line(coach: &Coach, words: &Words) -> String {
    let summary = coach.summary();
    tr!(
        words,
        "over-coach",
        best = summary.count(Verdict::Best),
        rated = summary.rated,
        mistakes = summary.count(Verdict::Mistake)
    )
}

/// The coach's line in the language chosen while "Game over!" shows.
fn relabel_coach_line(
    coach: Res<Coach>,
    words: Res<Language>,
    mut lines: Query<&mut Label, With<CoachLine>>,
) {
    for mut label in &mut lines {
        label.set_if_neq(Label(coach_line(&coach, &words)));
    }
}

/// Marks an overlay's root.
#[derive(Component, Debug)]
pub struct Overlay;

fn spawn_win_overlay(mut commands: Commands, art: Res<Art>, motion: Res<Motion>, facts: Facts) {
    let Some(shown) = (play::UNIT.describe)(&facts) else {
        return;
    };
    spawn_overlay(
        &mut commands,
        &art,
        *motion,
        GameState::Won,
        Ink::WinCover,
        (&shown.title, Ink::LightText),
        &shown.buttons(),
    );
}

fn spawn_game_over_overlay(
    mut commands: Commands,
    art: Res<Art>,
    motion: Res<Motion>,
    options: Res<PlayerOptions>,
    coach: Res<Coach>,
    facts: Facts,
) {
    let Some(shown) = (play::UNIT.describe)(&facts) else {
        return;
    };
    let root = spawn_overlay(
        &mut commands,
        &art,
        *motion,
        GameState::GameOver,
        Ink::OverCover,
        (&shown.title, Ink::Text),
        &shown.buttons(),
    );
    // A daily's result under the buttons (its description's last line: it follows it).
    let mut y = COACH_LINE_Y;
    if facts.daily.0.is_some()
        && let Some(line) = shown.lines().last()
    {
        commands.spawn((
            ChildOf(root),
            DescribedLine(Screen::Game, shown.lines().len() - 1),
            label(line.clone(), COACH_LINE_PX, Ink::Text),
            TextBox::lines(BOARD_PX - 40.0, 2),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, y, Z_LABEL),
        ));
        y -= LINE_TO_LINE;
    }
    // With the coach on, a line of its summary under the buttons (the Coach button shows it all).
    if options.coach {
        commands.spawn((
            ChildOf(root),
            CoachLine,
            label(coach_line(&coach, &facts.words), COACH_LINE_PX, Ink::Text),
            TextBox::lines(BOARD_PX - 40.0, 2),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, y, Z_LABEL),
        ));
    }
}

/// The overlay's root, faded in by its tween, with the cover, the message and the buttons as
/// children. It lives while its state does, so a game resumed won or lost gets one too (the
/// state follows the engine from the first frame). With no motion at all it shows at once.
fn spawn_overlay(
    commands: &mut Commands,
    art: &Art,
    motion: Motion,
    state: GameState,
    cover: Ink,
    (message, message_ink): (&str, Ink),
    buttons: &[DialogButton],
) -> Entity {
    let root = commands
        .spawn((
            Overlay,
            DialogRoot(Screen::Game),
            DespawnOnExit(state),
            Fade(0.0),
            Transform::from_translation(BOARD_CENTER.extend(Z_OVERLAY)),
            Visibility::default(),
        ))
        .id();
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
    commands.spawn((
        ChildOf(root),
        art.large_round(cover.light(), Vec2::splat(BOARD_PX)),
        cover,
        BaseAlpha(cover.light().alpha()),
    ));
    commands.spawn((
        ChildOf(root),
        label(message, MESSAGE_PX, message_ink),
        DescribedTitle(Screen::Game),
        TextBox::line(BOARD_PX - 40.0),
        BaseAlpha(1.0),
        Transform::from_xyz(0.0, MESSAGE_Y, Z_LABEL),
    ));
    // Four buttons (the coach's too) are narrower, to fit the board.
    let width = if buttons.len() > 3 {
        NARROW_BUTTON_WIDTH
    } else {
        BUTTON_WIDTH
    };
    button_row(commands, art, root, BUTTONS_Y, width, buttons);
    root
}
