//! The coach on screen: the bars (E) that compare the four moves where the last move was
//! rated, a card over the board that fades out by itself and never takes the keys. (The coach's
//! summary, X or the game-over overlay's Coach button, is drawn from its description by `flow`;
//! the rating's line under the board is the header's.)

use std::time::Duration;

use bevy::{prelude::*, sprite::Anchor};
use bevy_tweening::{Delay, Tween, TweenAnim};

use super::DespawnWhenDone;
use super::header::arrow;
use super::layout::{BOARD_CENTER, Z_FLOAT, Z_LABEL};
use super::motion::Motion;
use super::theme::Ink;
use super::widgets::label;
use crate::ai::move_rating::{Rating, Thresholds, Verdict};
use crate::game::speech::{direction_name, verdict_word};
use crate::game::{GameSet, Language, MoveApplied, ShowBars};
use crate::i18n::Words;
use crate::rules::Direction;
use crate::tr;
use g2048_ui::art::Art;
use g2048_ui::fade::{BaseAlpha, Fade, FadeLens};
use g2048_ui::text::TextBox;

/// The bars' card: its size, and how long it shows before it fades out.
const CARD: Vec2 = Vec2::new(460.0, 250.0);
/// A bar's row: the move's arrow (and "you") left of the bar, the bar, its words right of it.
const ROW_NAME_WIDTH: f32 = 55.0;
const BAR_TO_TEXT: f32 = 12.0;
/// Opaque: tiles showing through made the bars hard to read.
const CARD_ALPHA: f32 = 1.0;
pub const BARS_TIME: Duration = Duration::from_secs(4);
const BARS_FADE: Duration = Duration::from_millis(500);
const CARD_TITLE_PX: f32 = 20.0;
const ROW_PX: f32 = 17.0;
/// A bar is full for the best move and empty for one that gives up this much of its value.
pub const EMPTY_BAR_AT: f32 = 0.10;
const BAR: Vec2 = Vec2::new(170.0, 18.0);
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (drop_bars_on_move, show_bars)
            .chain()
            .in_set(GameSet::React),
    );
}

/// The bars' card.
#[derive(Component, Debug)]
pub struct CoachBars;

/// The bar's length, 0 to 1, for a move that gives up `shortfall` of the best's value.
pub fn bar_fill(shortfall: f32) -> f32 {
    (1.0 - shortfall / EMPTY_BAR_AT).clamp(0.0, 1.0)
}

/// What a bar's row says after the bar.
fn bar_text(shortfall: Option<f32>, best: bool, thresholds: Thresholds, words: &Words) -> String {
    match shortfall {
        None => words.get("bars-cannot"),
        Some(_) if best => words.get("bars-best"),
        Some(s) => {
            let verdict = verdict_word(Verdict::of(s, thresholds), words);
            // Two decimals under 1 %, where the best and good moves differ.
            let percent = f64::from(s) * 100.0;
            let digits = if percent < 1.0 { 2 } else { 1 };
            tr!(
                words,
                "bars-shortfall",
                percent = words.decimal(percent, digits),
                verdict = verdict
            )
        }
    }
}

/// Shows the bars' card for the newest move rated, in place of any showing.
fn show_bars(
    mut shown: MessageReader<ShowBars>,
    mut commands: Commands,
    art: Res<Art>,
    motion: Res<Motion>,
    words: Res<Language>,
    old: Query<Entity, With<CoachBars>>,
) {
    let Some(&ShowBars(rating)) = shown.read().last() else {
        return;
    };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let root = commands
        .spawn((
            CoachBars,
            DespawnWhenDone,
            Fade(1.0),
            bars_anim(*motion),
            Ink::Page,
            BaseAlpha(CARD_ALPHA),
            art.large_round(Ink::Page.light().with_alpha(CARD_ALPHA), CARD),
            Transform::from_translation(BOARD_CENTER.extend(Z_FLOAT)),
        ))
        .id();
    let title = tr!(
        words,
        "bars-title",
        played = direction_name(rating.played, &words),
        verdict = verdict_word(rating.verdict, &words)
    );
    commands.spawn((
        ChildOf(root),
        label(title, CARD_TITLE_PX, Ink::Text),
        TextBox::line(CARD.x - 40.0),
        BaseAlpha(1.0),
        Transform::from_xyz(0.0, 95.0, Z_LABEL),
    ));
    for (i, direction) in Direction::ALL.into_iter().enumerate() {
        spawn_bar_row(&mut commands, root, &art, &words, &rating, i, direction);
    }
}

/// The card shows for `BARS_TIME`, then fades out over `BARS_FADE`.
fn bars_anim(motion: Motion) -> TweenAnim {
    if motion.fades() {
        TweenAnim::new(Delay::new(BARS_TIME).then(Tween::new(
            EaseFunction::QuadraticIn,
            BARS_FADE,
            FadeLens {
                start: 1.0,
                end: 0.0,
            },
        )))
    } else {
        // Held as they are for as long, then gone (a typed tween: bevy_tweening panics on a
        // bare delay at the top of an animation).
        TweenAnim::new(Tween::new(
            EaseFunction::Linear,
            BARS_TIME,
            FadeLens {
                start: 1.0,
                end: 1.0,
            },
        ))
    }
}

/// The row of the `i`th move on the card `root`: its arrow (and "you"), its bar, and what the
/// bar says.
fn spawn_bar_row(
    commands: &mut Commands,
    root: Entity,
    art: &Art,
    words: &Words,
    rating: &Rating,
    i: usize,
    direction: Direction,
) {
    let left = -CARD.x / 2.0 + 25.0;
    let y = 50.0 - i as f32 * 42.0;
    let shortfall = rating.shortfalls[i];
    let played = direction == rating.played;
    let name = if played {
        tr!(words, "bars-you", arrow = arrow(direction))
    } else {
        arrow(direction).to_string()
    };
    commands.spawn((
        ChildOf(root),
        label(name, ROW_PX, Ink::Text),
        TextBox::line(ROW_NAME_WIDTH),
        BaseAlpha(1.0),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(left, y, Z_LABEL),
    ));
    let bar_left = left + ROW_NAME_WIDTH + 5.0;
    let fill = shortfall.map_or(0.0, bar_fill);
    spawn_bar(commands, root, art, bar_left, y, fill);
    commands.spawn((
        ChildOf(root),
        label(
            bar_text(
                shortfall,
                direction == rating.best,
                rating.thresholds,
                words,
            ),
            ROW_PX,
            Ink::Text,
        ),
        TextBox::line(CARD.x / 2.0 - 15.0 - (bar_left + BAR.x + BAR_TO_TEXT)),
        BaseAlpha(1.0),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(bar_left + BAR.x + BAR_TO_TEXT, y, Z_LABEL),
    ));
}

/// A bar on the card `root` from `bar_left` rightwards at height `y`: its track, and over it
/// the part `fill` (0 to 1) of it filled.
fn spawn_bar(commands: &mut Commands, root: Entity, art: &Art, bar_left: f32, y: f32, fill: f32) {
    commands.spawn((
        ChildOf(root),
        Ink::Choice,
        BaseAlpha(1.0),
        art.small_round(Ink::Choice.light(), BAR),
        Transform::from_xyz(bar_left + BAR.x / 2.0, y, Z_LABEL),
    ));
    if fill > 0.0 {
        let size = Vec2::new((BAR.x * fill).max(BAR.y), BAR.y);
        commands.spawn((
            ChildOf(root),
            Ink::Button,
            BaseAlpha(1.0),
            art.small_round(Ink::Button.light(), size),
            Transform::from_xyz(bar_left + size.x / 2.0, y, Z_LABEL + 0.01),
        ));
    }
}

/// A move (or an undo) takes the last move's bars away.
fn drop_bars_on_move(
    mut moves: MessageReader<MoveApplied>,
    mut commands: Commands,
    bars: Query<Entity, With<CoachBars>>,
) {
    if moves.read().last().is_some() {
        for entity in &bars {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::move_rating::{HEURISTIC_THRESHOLDS, NETWORK_THRESHOLDS};

    #[test]
    fn bars_are_full_for_the_best_and_empty_past_a_tenth() {
        assert_eq!(bar_fill(0.0), 1.0);
        assert_eq!(bar_fill(0.05), 0.5);
        assert_eq!(bar_fill(0.5), 0.0);
        let bar_text =
            |shortfall, best| bar_text(shortfall, best, HEURISTIC_THRESHOLDS, Words::english());
        assert_eq!(bar_text(None, false), "cannot move");
        assert_eq!(bar_text(Some(0.0), true), "best");
        assert_eq!(bar_text(Some(0.031), false), "−3.1 % inaccuracy");
        assert_eq!(bar_text(Some(0.0004), false), "−0.04 % best");
        // The network's thresholds call the same shortfall good.
        assert_eq!(
            super::bar_text(Some(0.0004), false, NETWORK_THRESHOLDS, Words::english()),
            "−0.04 % good"
        );
    }
}
