//! The header: the "2048" title, the MOVES, SCORE and BEST boxes with the floating "+N", the
//! intro line with the buttons (AI, options, Undo, New Game), the hint arrow over the board, and
//! the key help (or a notice, or the coach's word on a move) under the board.

use std::time::Duration;

use bevy::{prelude::*, sprite::Anchor};
use bevy_tweening::{AnimTarget, Tween, TweenAnim, lens::TransformPositionLens};
use taffy::prelude::{NodeId, TaffyTree};

use super::DespawnWhenDone;
use super::frame::{Frame, HEADER_TITLE_PX};
use super::layout::{BOARD_CENTER, BOARD_PX, Z_FLOAT, Z_LABEL};
use super::motion::Motion;
use super::theme::Ink;
use super::widgets::{Named, Says, board_button, label, menu_button};
use crate::game::KeyTables;
use crate::game::daily::day_said;
use crate::game::race::{Race, lead_label};
use crate::game::screens::play;
use crate::game::speech::remark;
use crate::game::{
    Autoplay, BestScores, DailyNow, DialogButton, Engine, GameSet, HintGiven, Language,
    MoveApplied, Notice, Rated, Request, Screen, UiButton,
};
use crate::i18n::Words;
use crate::rules::Direction;
use crate::tr;
use g2048_ui::art::Art;
use g2048_ui::fade::{BaseAlpha, Fade, FadeLens};
use g2048_ui::flow::{BUTTON_GAP, BUTTON_HEIGHT, BUTTON_PADDING, BUTTON_TEXT_PX, Piece, Placed};
use g2048_ui::text::{BODY_PX, Faces, FontPx, LINE_HEIGHT, Label, TextBox};

/// The counter boxes, right to left: BEST, SCORE, and the move counter beside the score, with
/// their widths and how many digits fit at full size.
const BOXES: [(Counter, &str, f32, usize); 3] = [
    (Counter::Best, "header-best", 100.0, 6),
    (Counter::Score, "header-score", 100.0, 6),
    (Counter::Moves, "header-moves", 80.0, 5),
];
const BOX_HEIGHT: f32 = 55.0;
const BOX_GAP: f32 = 5.0;
/// A box's name (13 px capitals) over its value (25 px), from the box's top down.
const BOX_NAME_PX: f32 = 13.0;
const BOX_TOP: f32 = 6.0;
const BOX_NAME_GAP: f32 = 1.0;
/// What a box's name leaves free at its sides.
const BOX_PADDING: f32 = 10.0;
const COUNTER_PX: f32 = 25.0;
/// A board button: its label and this much at each side; one whose label fits a square with
/// `SQUARE_SIDE` at each side (AI), or that has no label (the options' bars), is square. Where
/// the row is short, they give up their sides down to `BUTTON_PADDING`, and the intro its size.
const BUTTON_SIDE: f32 = 16.0;
const SQUARE_SIDE: f32 = 10.0;
/// The intro's least width, left of the board's buttons; it takes two lines where one does
/// not hold it.
const INTRO_LEAST: f32 = 150.0;

/// One of the board's buttons (`screens::play::board_buttons`): its place in their list.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardButton(pub usize);

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
                .before(show_notice)
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

/// Where the header's pieces go, in design units: laid out by flexbox (taffy) in the frame's
/// bands (`Frame`): the title at the left of the header's band and the boxes at its right; in
/// the row under it, the intro from the left and the board's drawn buttons at the right, each
/// as wide as its label (`BUTTON_SIDE`).
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderPlaces {
    pub title: Rect,
    /// Each box (in `BOXES`' order), its name's box and its value's.
    pub boxes: [[Rect; 3]; 3],
    pub intro: Rect,
    /// The drawn board buttons' boxes, in their list's order.
    pub buttons: Vec<Rect>,
}

/// The header laid out for these board buttons (`play::board_buttons`; the first
/// `play::DRAWN` are drawn).
pub fn lay_out(buttons: &[DialogButton]) -> HeaderPlaces {
    let faces = Faces::get();
    let frame = Frame::get();
    let mut tree: TaffyTree<()> = TaffyTree::new();
    tree.disable_rounding();
    // The header's band: the title, and the boxes left to right (`BOXES` is right to left).
    let title = fixed_leaf(
        &mut tree,
        faces.width(HEADER_TITLE_PX, "2048"),
        HEADER_TITLE_PX * LINE_HEIGHT,
    );
    let boxes: Vec<(NodeId, NodeId, NodeId)> = BOXES
        .iter()
        .map(|&(_, _, width, _)| counter_box(&mut tree, width))
        .collect();
    let box_row = box_row(&mut tree, &boxes);
    let header = band(&mut tree, frame.header, &[title, box_row], BOX_GAP);
    // The row: the intro, then the drawn buttons.
    let intro = intro_leaf(&mut tree);
    let mut row = vec![intro];
    for button in &buttons[..play::DRAWN.min(buttons.len())] {
        row.push(button_leaf(&mut tree, faces, button));
    }
    let row_root = band(&mut tree, frame.row, &row, BUTTON_GAP);
    for (root, rect) in [(header, frame.header), (row_root, frame.row)] {
        compute_band(&mut tree, root, rect);
    }
    let boxes = std::array::from_fn(|i| {
        let (node, name, value) = boxes[i];
        [
            place(&tree, node, &[box_row], frame.header),
            place(&tree, name, &[box_row, node], frame.header),
            place(&tree, value, &[box_row, node], frame.header),
        ]
    });
    HeaderPlaces {
        title: place(&tree, title, &[], frame.header),
        boxes,
        intro: place(&tree, intro, &[], frame.row),
        buttons: row[1..]
            .iter()
            .map(|&n| place(&tree, n, &[], frame.row))
            .collect(),
    }
}

/// A layout node of a fixed size that does not shrink.
fn fixed_leaf(tree: &mut TaffyTree<()>, width: f32, height: f32) -> NodeId {
    use taffy::prelude::{Size, Style, length};
    tree.new_leaf(Style {
        size: Size {
            width: length(width),
            height: length(height),
        },
        flex_shrink: 0.0,
        ..Style::default()
    })
    .expect("a leaf")
}

/// A row the size of `rect` that spreads its children from end to end, centred across it,
/// at least `gap` apart.
fn band(tree: &mut TaffyTree<()>, rect: Rect, children: &[NodeId], gap: f32) -> NodeId {
    use taffy::prelude::{AlignItems, FlexDirection, JustifyContent, Size, Style, length, zero};
    tree.new_with_children(
        Style {
            flex_direction: FlexDirection::Row,
            justify_content: Some(JustifyContent::SpaceBetween),
            align_items: Some(AlignItems::Center),
            gap: Size {
                width: length(gap),
                height: zero(),
            },
            size: Size {
                width: length(rect.width()),
                height: length(rect.height()),
            },
            ..Style::default()
        },
        children,
    )
    .expect("a band")
}

/// A counter box `width` wide: the box, its name's node and its value's, the name over the
/// value.
fn counter_box(tree: &mut TaffyTree<()>, width: f32) -> (NodeId, NodeId, NodeId) {
    use taffy::prelude::{
        AlignItems, FlexDirection, LengthPercentage, Rect as Edges, Size, Style, length, zero,
    };
    let name = fixed_leaf(tree, width - BOX_PADDING, BOX_NAME_PX * LINE_HEIGHT);
    let value = fixed_leaf(tree, width - BOX_PADDING, COUNTER_PX * LINE_HEIGHT);
    let node = tree
        .new_with_children(
            Style {
                flex_direction: FlexDirection::Column,
                align_items: Some(AlignItems::Center),
                gap: Size {
                    width: zero(),
                    height: length(BOX_NAME_GAP),
                },
                padding: Edges {
                    top: LengthPercentage::length(BOX_TOP),
                    ..Edges::zero()
                },
                size: Size {
                    width: length(width),
                    height: length(BOX_HEIGHT),
                },
                flex_shrink: 0.0,
                ..Style::default()
            },
            &[name, value],
        )
        .expect("a box");
    (node, name, value)
}

/// The counter boxes side by side, left to right (`boxes` is in `BOXES`' order, right to
/// left), as wide as they take.
fn box_row(tree: &mut TaffyTree<()>, boxes: &[(NodeId, NodeId, NodeId)]) -> NodeId {
    use taffy::prelude::Size;
    let row_of_boxes: Vec<NodeId> = boxes.iter().rev().map(|b| b.0).collect();
    let box_row = band(tree, Rect::default(), &row_of_boxes, BOX_GAP);
    let mut style = tree.style(box_row).expect("a row").clone();
    style.size = Size::auto();
    tree.set_style(box_row, style).expect("a row");
    box_row
}

/// The intro's node: it takes what the buttons leave of the row, down to `INTRO_LEAST`.
fn intro_leaf(tree: &mut TaffyTree<()>) -> NodeId {
    use taffy::prelude::{Size, Style, length, zero};
    tree.new_leaf(Style {
        flex_grow: 1.0,
        flex_shrink: 1.0,
        flex_basis: zero(),
        min_size: Size {
            width: length(INTRO_LEAST),
            height: length(BUTTON_HEIGHT),
        },
        ..Style::default()
    })
    .expect("a leaf")
}

/// A drawn board button's node: as wide as its label and its sides, or square, and able to
/// give up its sides where the row is short.
fn button_leaf(tree: &mut TaffyTree<()>, faces: &Faces, button: &DialogButton) -> NodeId {
    use taffy::prelude::{Size, Style, length};
    let text = faces.width(BUTTON_TEXT_PX, &button.label);
    let square = button.action == Request::Show(Screen::Options)
        || text + 2.0 * SQUARE_SIDE <= BUTTON_HEIGHT;
    let (width, least) = if square {
        (BUTTON_HEIGHT, BUTTON_HEIGHT)
    } else {
        (
            text + 2.0 * BUTTON_SIDE,
            (text + BUTTON_PADDING).max(BUTTON_HEIGHT),
        )
    };
    tree.new_leaf(Style {
        flex_basis: length(width),
        flex_shrink: 1.0,
        min_size: Size {
            width: length(least),
            height: length(BUTTON_HEIGHT),
        },
        ..Style::default()
    })
    .expect("a leaf")
}

/// Lays out the band under `root` in the size of `rect`.
fn compute_band(tree: &mut TaffyTree<()>, root: NodeId, rect: Rect) {
    use taffy::prelude::Size;
    tree.compute_layout(
        root,
        Size {
            width: taffy::AvailableSpace::Definite(rect.width()),
            height: taffy::AvailableSpace::Definite(rect.height()),
        },
    )
    .expect("a layout");
}

/// A node's box in design units (taffy's is from its parent's top left, y down), given the
/// nodes above it under its band's root.
fn place(tree: &TaffyTree<()>, node: NodeId, parents: &[NodeId], band: Rect) -> Rect {
    let mut at = Vec2::ZERO;
    for &n in parents.iter().chain([&node]) {
        let layout = tree.layout(n).expect("laid out");
        at += Vec2::new(layout.location.x, layout.location.y);
    }
    let size = tree.layout(node).expect("laid out").size;
    let min = Vec2::new(band.min.x + at.x, band.max.y - at.y - size.height);
    Rect::from_corners(min, min + Vec2::new(size.width, size.height))
}

/// The header's texts and drawn buttons as placed pieces, for the layout test
/// (`g2048_ui::flow::Placed::problems`), with `intro` as the intro.
pub fn placed(words: &Words, intro: &str) -> Vec<Placed<Request>> {
    let buttons = play::board_buttons(words);
    let places = lay_out(&buttons);
    let text = |text: String, px: f32, rect: Rect, lines: usize| Placed {
        piece: Piece::Text {
            text,
            px,
            left: true,
            lines,
            title: false,
        },
        rect,
    };
    let mut placed = vec![text("2048".into(), HEADER_TITLE_PX, places.title, 1)];
    for (&(_, id, _, _), [_, name, value]) in BOXES.iter().zip(places.boxes) {
        placed.push(text(words.get(id), BOX_NAME_PX, name, 1));
        placed.push(text("0".into(), COUNTER_PX, value, 1));
    }
    placed.push(text(intro.into(), BODY_PX, places.intro, 2));
    for (button, rect) in buttons.into_iter().zip(places.buttons) {
        placed.push(Placed {
            piece: Piece::Button(button),
            rect,
        });
    }
    placed
}

fn spawn_header(
    mut commands: Commands,
    art: Res<Art>,
    engine: Res<Engine>,
    daily: Res<DailyNow>,
    race: Res<Race>,
    words: Res<Language>,
    tables: Res<KeyTables>,
) {
    let described = play::board_buttons(&words);
    let places = lay_out(&described);
    commands.spawn((
        label("2048", HEADER_TITLE_PX, Ink::Text),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(places.title.min.x, places.title.center().y, 0.0),
    ));
    for (&(counter, id, width, _), [at, name, value]) in BOXES.iter().zip(places.boxes) {
        let centre = at.center();
        commands.spawn((
            counter,
            label("0", COUNTER_PX, Ink::LightText),
            Transform::from_translation(value.center().extend(Z_LABEL)),
        ));
        commands.spawn((
            Ink::Board,
            art.small_round(Ink::Board.light(), at.size()),
            Transform::from_translation(centre.extend(0.0)),
            children![(
                label(words.get(id), BOX_NAME_PX, Ink::ScoreLabel),
                Says(id),
                TextBox::line(width - BOX_PADDING),
                Transform::from_translation((name.center() - centre).extend(Z_LABEL)),
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
        TextBox::lines(places.intro.width(), 2),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(places.intro.min.x, places.intro.center().y, 0.0),
    ));
    // The board's buttons (`screens::play::board_buttons`): the first four drawn in this row;
    // the others, hidden, only in the accessibility tree, after them.
    let row = Frame::get().row;
    for (index, button) in described.iter().enumerate() {
        let mut entity = match places.buttons.get(index) {
            // Not drawn, and nothing to press but for a screen reader (after the drawn ones in
            // its reading order, as they are in the list).
            None => commands.spawn((
                UiButton {
                    action: button.action,
                    size: Vec2::ZERO,
                },
                Named {
                    name: button.name.clone(),
                    chosen: None,
                },
                Transform::from_xyz(row.max.x + index as f32, row.center().y, 0.0),
                Visibility::Hidden,
            )),
            Some(rect) if button.action == Request::Show(Screen::Options) => commands.spawn((
                menu_button(&art, button),
                Transform::from_translation(rect.center().extend(0.0)),
            )),
            Some(rect) => commands.spawn((
                board_button(&art, button, rect.width()),
                Transform::from_translation(rect.center().extend(0.0)),
            )),
        };
        entity.insert(BoardButton(index));
        // Autoplay on and off; orange while the AI plays.
        if button.action == Request::ToggleAutoplay {
            entity.insert(AiButton);
        }
    }
    commands.spawn((
        KeyHelp,
        label(
            tables.help_line(Screen::Game, &words),
            KEY_HELP_PX,
            Ink::Text,
        ),
        TextBox::lines(BOARD_PX, 2),
        Transform::from_xyz(0.0, BOARD_CENTER.y - BOARD_PX / 2.0 - KEY_HELP_BELOW, 0.0),
    ));
}

/// The board's buttons in the language chosen: their labels and names, and their widths and
/// the intro's as the new labels lay out.
fn relabel_board_buttons(
    words: Res<Language>,
    mut buttons: Query<(
        &BoardButton,
        &mut Named,
        &mut UiButton,
        &mut Transform,
        Option<&mut Sprite>,
        Option<&Children>,
    )>,
    mut labels: Query<(&mut Label, &mut TextBox), Without<Intro>>,
    mut intro: Query<(&mut TextBox, &mut Transform), (With<Intro>, Without<BoardButton>)>,
) {
    let described = play::board_buttons(&words);
    let places = lay_out(&described);
    for (&BoardButton(index), mut named, mut button, mut at, sprite, children) in &mut buttons {
        let Some(button_said) = described.get(index) else {
            continue;
        };
        if named.name != button_said.name {
            named.name.clone_from(&button_said.name);
        }
        let Some(rect) = places.buttons.get(index) else {
            continue;
        };
        let size = rect.size();
        if button.size != size {
            button.size = size;
            if let Some(mut sprite) = sprite {
                sprite.custom_size = Some(size);
            }
        }
        let centre = rect.center().extend(at.translation.z);
        if at.translation != centre {
            at.translation = centre;
        }
        for &child in children.into_iter().flatten() {
            if let Ok((mut label, mut text_box)) = labels.get_mut(child) {
                label.set_if_neq(Label(button_said.label.clone()));
                text_box.set_if_neq(
                    TextBox::lines(size.x - BUTTON_PADDING, 2).within(BUTTON_HEIGHT - 4.0),
                );
            }
        }
    }
    for (mut text_box, mut at) in &mut intro {
        text_box.set_if_neq(TextBox::lines(places.intro.width(), 2));
        at.translation.x = places.intro.min.x;
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

/// The hint fades out over `HINT_TIME`; with no motion at all it shows as it is for that long,
/// then goes at once. (A tween that holds its value, not a bare `Delay`: bevy_tweening wants a
/// typed tween at the top of an animation, and panics on a bare delay.)
fn hint_anim(motion: Motion) -> TweenAnim {
    let end = if motion.fades() { 0.0 } else { 1.0 };
    TweenAnim::new(Tween::new(
        EaseFunction::QuadraticIn,
        HINT_TIME,
        FadeLens { start: 1.0, end },
    ))
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
        let tables = world.resource::<KeyTables>();
        Self(tables.help_line(Screen::Game, world.resource::<Language>()))
    }
}

/// Shows the frame's notices in place of the help line for `NOTICE_TIME`, or the coach's word
/// on the newest move for `REMARK_TIME` (a notice showing is not cut short by it), then the
/// help line again (as it is by then).
pub(super) fn show_notice(
    time: Res<Time>,
    help: Res<HelpLine>,
    engine: Res<Engine>,
    words: Res<Language>,
    tables: Res<KeyTables>,
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
        .map(|rated| remark(&rated.rating, &words, &tables));
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
fn help_for_screen(
    screen: Res<State<Screen>>,
    words: Res<Language>,
    tables: Res<KeyTables>,
    mut help: ResMut<HelpLine>,
) {
    if *screen.get() != Screen::Replay {
        help.set_if_neq(HelpLine(tables.help_line(*screen.get(), &words)));
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
    counters: Query<(&Counter, &Transform)>,
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
    // From the score's figure, where the header's layout put it.
    let Some((_, at)) = counters.iter().find(|(c, _)| **c == Counter::Score) else {
        return;
    };
    let start = at.translation.truncate().extend(Z_FLOAT);
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
