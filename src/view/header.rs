//! The header: the "2048" title, the MOVES, SCORE and BEST boxes with the floating "+N", the
//! intro line with the buttons (AI, options, Undo, New Game), the hint arrow over the board, and
//! the key help (or a notice, or the coach's word on a move) under the board.

use std::time::Duration;

use bevy::{prelude::*, sprite::Anchor};
use bevy_tweening::{AnimTarget, Delay, Tween, TweenAnim, lens::TransformPositionLens};

use super::DespawnWhenDone;
use super::art::Art;
use super::fade::{BaseAlpha, Fade, FadeLens};
use super::layout::{BOARD_CENTER, BOARD_PX, HEADER_Y, LEFT, RIGHT, ROW_Y, Z_FLOAT, Z_LABEL};
use super::motion::Motion;
use super::text::TextBox;
use super::text::{BODY_PX, FontPx, Label};
use super::theme::Ink;
use super::widgets::{
    Align, BUTTON_GAP, BUTTON_HEIGHT, Named, Says, board_button, label, menu_button, row_x,
};
use crate::game::daily::day_said;
use crate::game::race::{Race, lead_label};
use crate::game::screens::play;
use crate::game::speech::remark;
use crate::game::{
    Autoplay, BestScores, DailyNow, Engine, GameSet, HintGiven, Language, MoveApplied, Notice,
    Rated, Request, Screen, UiButton,
};
use crate::i18n::Words;
use crate::rules::Direction;
use crate::tr;

/// The title, as in the original.
const TITLE_PX: f32 = 80.0;
/// The counter boxes, right to left: BEST, SCORE, and the move counter beside the score, with
/// their widths and how many digits fit at full size.
const BOXES: [(Counter, &str, f32, usize); 3] = [
    (Counter::Best, "header-best", 100.0, 6),
    (Counter::Score, "header-score", 100.0, 6),
    (Counter::Moves, "header-moves", 80.0, 5),
];
const BOX_HEIGHT: f32 = 55.0;
const BOX_GAP: f32 = 5.0;
/// A box's name (13 px capitals) above its value (25 px), relative to the box's centre.
const BOX_NAME_PX: f32 = 13.0;
const BOX_NAME_Y: f32 = 14.0;
/// What a box's name leaves free at its sides.
const BOX_PADDING: f32 = 10.0;
const COUNTER_PX: f32 = 25.0;
const COUNTER_Y: f32 = -9.0;
/// The row under the title, right to left: New Game, Undo, options, AI.
const NEW_GAME_WIDTH: f32 = 130.0;
const UNDO_WIDTH: f32 = 70.0;
/// A board button's width: the AI's and the options' are square.
fn width_of(request: Request) -> f32 {
    match request {
        Request::NewGame => NEW_GAME_WIDTH,
        Request::Undo => UNDO_WIDTH,
        _ => BUTTON_HEIGHT,
    }
}

/// One of the board's buttons (`screens::play::board_buttons`): its place in their list.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardButton(pub usize);

/// The intro's room left of those four buttons.
const INTRO_WIDTH: f32 =
    BOARD_PX - NEW_GAME_WIDTH - UNDO_WIDTH - 2.0 * BUTTON_HEIGHT - 4.0 * BUTTON_GAP;
/// The key help's line, this far below the board's bottom edge.
const KEY_HELP_PX: f32 = 14.0;
const KEY_HELP_BELOW: f32 = 25.0;
/// How long a notice replaces the key help.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);
/// How long the coach's word on a move does.
pub const REMARK_TIME: Duration = Duration::from_secs(3);
/// "+N" floats up this far over 600 ms, fading out from this opacity.
pub const FLOAT_RISE_PX: f32 = 75.0;
pub const FLOAT_TIME: Duration = Duration::from_millis(600);
const FLOAT_ALPHA: f32 = 0.9;
/// A gain while the newest "+N" is younger than this adds to its number instead of floating its
/// own: at any pace a new "+N" starts only once the last has risen a quarter of the way (19 px),
/// so they stay apart enough to read. Moves further apart float one each, as in the original.
pub const FLOAT_GATHER: Duration = Duration::from_millis(300);
/// The hint: a large arrow over the board that fades out.
const HINT_PX: f32 = 220.0;
const HINT_ALPHA: f32 = 0.7;
pub const HINT_TIME: Duration = Duration::from_millis(1200);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpLine>()
        .add_systems(
            Update,
            help_for_screen
                .run_if(state_changed::<Screen>.or_else(resource_changed::<Language>))
                .in_set(GameSet::React),
        )
        .add_systems(Startup, spawn_header)
        .add_systems(
            Update,
            (
                show_scores,
                float_gains,
                show_notice,
                show_target,
                show_hint,
                show_autoplay,
                relabel_board_buttons.run_if(resource_changed::<Language>),
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

/// The button that starts and stops autoplay.
#[derive(Component, Debug)]
pub struct AiButton;

/// The hint's arrow.
#[derive(Component, Debug)]
pub struct HintArrow;

/// The line under the board: key help, or for a while a notice.
#[derive(Component, Debug)]
pub struct KeyHelp;

/// A "+N" on its way up: what it shows, and when it started to rise.
#[derive(Component, Debug)]
pub struct ScoreFloat {
    pub gained: u64,
    started: Duration,
}

/// "Join the tiles, get to 2048!", or for a daily its day and whether it counts; in a race,
/// the lead ("+1,204 ahead").
fn intro_text(target: u32, daily: &DailyNow, race: &Race, words: &Words) -> String {
    if let Some(racing) = &race.0 {
        return lead_label(racing.lead, words);
    }
    match daily.0 {
        Some(attempt) => tr!(
            words,
            if attempt.counted {
                "header-daily"
            } else {
                "header-daily-practice"
            },
            date = words.say(&day_said(attempt.day))
        ),
        None => tr!(words, "header-intro", target = target.to_string()),
    }
}

/// The centre of a counter box (index into `BOXES`).
fn box_center(index: usize) -> Vec2 {
    let right: f32 = RIGHT - BOXES[..index].iter().map(|b| b.2 + BOX_GAP).sum::<f32>();
    Vec2::new(right - BOXES[index].2 / 2.0, HEADER_Y)
}

fn spawn_header(
    mut commands: Commands,
    art: Res<Art>,
    engine: Res<Engine>,
    daily: Res<DailyNow>,
    race: Res<Race>,
    words: Res<Language>,
) {
    commands.spawn((
        label("2048", TITLE_PX, Ink::Text),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, HEADER_Y, 0.0),
    ));
    for (index, &(counter, id, width, _)) in BOXES.iter().enumerate() {
        let at = box_center(index);
        commands.spawn((
            counter,
            label("0", COUNTER_PX, Ink::LightText),
            Transform::from_xyz(at.x, at.y + COUNTER_Y, Z_LABEL),
        ));
        commands.spawn((
            Ink::Board,
            art.small_round(Ink::Board.light(), Vec2::new(width, BOX_HEIGHT)),
            Transform::from_translation(at.extend(0.0)),
            children![(
                label(words.get(id), BOX_NAME_PX, Ink::ScoreLabel),
                Says(id),
                TextBox::line(width - BOX_PADDING),
                Transform::from_xyz(0.0, BOX_NAME_Y, Z_LABEL),
            )],
        ));
    }
    commands.spawn((
        Intro,
        label(
            intro_text(engine.config().target(), &daily, &race, &words),
            BODY_PX,
            Ink::Text,
        ),
        TextBox::line(INTRO_WIDTH),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(LEFT, ROW_Y, 0.0),
    ));
    // The board's buttons (`screens::play::board_buttons`): the first four drawn in this row,
    // right-aligned; the others, hidden, only in the accessibility tree, after them.
    let described = play::board_buttons(&words);
    let widths: Vec<f32> = described[..play::DRAWN]
        .iter()
        .map(|b| width_of(b.request))
        .collect();
    let xs = row_x(&widths, Align::Right(RIGHT));
    for (index, button) in described.iter().enumerate() {
        let at = Transform::from_xyz(xs.get(index).copied().unwrap_or(RIGHT), ROW_Y, 0.0);
        let mut entity = if index >= play::DRAWN {
            // Not drawn, and nothing to press but for a screen reader (after the drawn ones in
            // its reading order, as they are in the list).
            commands.spawn((
                UiButton {
                    request: button.request,
                    size: Vec2::ZERO,
                },
                Named {
                    name: button.name.clone(),
                    chosen: None,
                },
                at.with_translation(Vec3::new(RIGHT + index as f32, ROW_Y, 0.0)),
                Visibility::Hidden,
            ))
        } else if button.request == Request::OpenOptions {
            commands.spawn((menu_button(&art, button), at))
        } else {
            commands.spawn((board_button(&art, button, width_of(button.request)), at))
        };
        entity.insert(BoardButton(index));
        // Autoplay on and off; orange while the AI plays.
        if button.request == Request::ToggleAutoplay {
            entity.insert(AiButton);
        }
    }
    commands.spawn((
        KeyHelp,
        label(Screen::Game.help_line(&words), KEY_HELP_PX, Ink::Text),
        TextBox::lines(BOARD_PX, 2),
        Transform::from_xyz(0.0, BOARD_CENTER.y - BOARD_PX / 2.0 - KEY_HELP_BELOW, 0.0),
    ));
}

/// The board's buttons in the language chosen: their labels and names.
fn relabel_board_buttons(
    words: Res<Language>,
    mut buttons: Query<(&BoardButton, &mut Named, Option<&Children>)>,
    mut labels: Query<&mut Label>,
) {
    let described = play::board_buttons(&words);
    for (&BoardButton(index), mut named, children) in &mut buttons {
        let Some(button) = described.get(index) else {
            continue;
        };
        if named.name != button.name {
            named.name.clone_from(&button.name);
        }
        for &child in children.into_iter().flatten() {
            if let Ok(mut label) = labels.get_mut(child) {
                label.set_if_neq(Label(button.label.clone()));
            }
        }
    }
}

/// The intro names the target of the game being played (or the day of a daily, or a race's
/// lead).
fn show_target(
    engine: Res<Engine>,
    daily: Res<DailyNow>,
    race: Res<Race>,
    words: Res<Language>,
    mut intro: Query<&mut Label, With<Intro>>,
) {
    if !engine.is_changed() && !words.is_changed() && !daily.is_changed() && !race.is_changed() {
        return;
    }
    let text = intro_text(engine.config().target(), &daily, &race, &words);
    for mut label in &mut intro {
        if label.0 != text {
            label.0 = text.clone();
        }
    }
}

/// The AI button is orange while the AI plays.
fn show_autoplay(autoplay: Res<Autoplay>, mut button: Query<&mut Ink, With<AiButton>>) {
    if !autoplay.is_changed() {
        return;
    }
    for mut ink in &mut button {
        ink.set_if_neq(if autoplay.on {
            Ink::Notice
        } else {
            Ink::Button
        });
    }
}

fn show_hint(
    motion: Res<Motion>,
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
    commands.spawn((
        HintArrow,
        DespawnWhenDone,
        label(arrow(direction), HINT_PX, Ink::Text),
        BaseAlpha(HINT_ALPHA),
        Fade(1.0),
        Transform::from_translation(BOARD_CENTER.extend(Z_FLOAT)),
        hint_anim(*motion),
    ));
}

/// The arrow for a direction (the hint's, the coach's bars').
pub fn arrow(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "↑",
        Direction::Down => "↓",
        Direction::Left => "←",
        Direction::Right => "→",
    }
}

/// The hint fades out over `HINT_TIME`; with no motion at all it shows, then goes at once.
fn hint_anim(motion: Motion) -> TweenAnim {
    if motion.fades() {
        TweenAnim::new(Tween::new(
            EaseFunction::QuadraticIn,
            HINT_TIME,
            FadeLens {
                start: 1.0,
                end: 0.0,
            },
        ))
    } else {
        TweenAnim::new(Delay::new(HINT_TIME))
    }
}

/// Counter digits, shrunk past `fit` digits so they stay inside the box.
fn counter_font_px(text: &str, fit: usize) -> f32 {
    COUNTER_PX * fit as f32 / text.len().max(fit) as f32
}

/// Shows the score, the best score and the move count the frame they change.
fn show_scores(
    engine: Res<Engine>,
    best: Res<BestScores>,
    mut counters: Query<(&Counter, &mut Label, &mut FontPx)>,
) {
    if !engine.is_changed() && !best.is_changed() {
        return;
    }
    for (&counter, mut text, mut px) in &mut counters {
        let (value, fit) = match counter {
            Counter::Best => (best.for_shape(engine.config().shape()), BOXES[0].3),
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

/// What the line under the board says when no notice shows: the key help of the board, or a
/// line the screen in front sets (the replay's position).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct HelpLine(pub String);

impl FromWorld for HelpLine {
    fn from_world(world: &mut World) -> Self {
        Self(Screen::Game.help_line(world.resource::<Language>()))
    }
}

/// Shows the frame's notices in place of the help line for `NOTICE_TIME`, or the coach's word
/// on the newest move for `REMARK_TIME` (a notice showing is not cut short by it), then the
/// help line again (as it is by then).
fn show_notice(
    time: Res<Time>,
    help: Res<HelpLine>,
    engine: Res<Engine>,
    words: Res<Language>,
    mut notices: MessageReader<Notice>,
    mut rated: MessageReader<Rated>,
    mut shown: Local<Option<(Timer, bool)>>,
    mut line: Single<(&mut Label, &mut Ink), With<KeyHelp>>,
) {
    let lines: Vec<String> = notices.read().map(|notice| words.say(&notice.0)).collect();
    let remark = rated
        .read()
        .last()
        .filter(|rated| rated.number == engine.moves())
        .map(|rated| remark(&rated.rating, &words));
    let notice_showing = shown.as_ref().is_some_and(|(_, remark)| !remark);
    let (text, color) = &mut *line;
    if !lines.is_empty() {
        text.0 = lines.join(" ");
        **color = Ink::Notice;
        *shown = Some((Timer::new(NOTICE_TIME, TimerMode::Once), false));
    } else if let Some(remark) = remark
        && !notice_showing
    {
        text.0 = remark;
        **color = Ink::Text;
        *shown = Some((Timer::new(REMARK_TIME, TimerMode::Once), true));
    } else if let Some((timer, _)) = shown.as_mut()
        && timer.tick(time.delta()).is_finished()
    {
        *shown = None;
    }
    if shown.is_none() && (text.0 != help.0 || **color != Ink::Text) {
        text.0 = help.0.clone();
        **color = Ink::Text;
    }
}

/// Each screen's line under the board: its keys, from its key table (the viewer writes its
/// own, the move shown before its keys).
fn help_for_screen(screen: Res<State<Screen>>, words: Res<Language>, mut help: ResMut<HelpLine>) {
    if *screen.get() != Screen::Replay {
        help.set_if_neq(HelpLine(screen.get().help_line(&words)));
    }
}

/// "+N" rises from the score box and fades out. The frame's gains float as one, and gains that
/// come while the newest "+N" is young add to it.
fn float_gains(
    time: Res<Time>,
    motion: Res<Motion>,
    mut moves: MessageReader<MoveApplied>,
    mut commands: Commands,
    mut floats: Query<(&mut ScoreFloat, &mut Label)>,
) {
    let gained: u64 = moves.read().map(|moved| moved.gained).sum();
    // With reduced motion or none, the score box alone shows the gain.
    if gained == 0 || !motion.moves() {
        return;
    }
    let now = time.elapsed();
    let newest = floats
        .iter_mut()
        .max_by_key(|(float, _)| float.started)
        .filter(|(float, _)| now.saturating_sub(float.started) < FLOAT_GATHER);
    if let Some((mut float, mut text)) = newest {
        float.gained += gained;
        text.0 = format!("+{}", float.gained);
        return;
    }
    let start = (box_center(1) + Vec2::new(0.0, COUNTER_Y)).extend(Z_FLOAT);
    let end = start + Vec3::Y * FLOAT_RISE_PX;
    let float = commands
        .spawn((
            ScoreFloat {
                gained,
                started: now,
            },
            DespawnWhenDone,
            label(format!("+{gained}"), COUNTER_PX, Ink::Text),
            BaseAlpha(FLOAT_ALPHA),
            Fade(1.0),
            Transform::from_translation(start),
            TweenAnim::new(Tween::new(
                EaseFunction::QuadraticIn,
                FLOAT_TIME,
                TransformPositionLens { start, end },
            )),
        ))
        .id();
    // An entity holds one tween: the fade runs beside the rise, on the float's `Fade`.
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
