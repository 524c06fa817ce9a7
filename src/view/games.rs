//! The history of games and the statistics: two screens over the board, drawn with the game's
//! sprites and text (bars and lines are plain rectangles, sharp at any window size), in the
//! theme's colours. Their content is rebuilt when what it shows changes.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_PX, Z_LABEL};
use super::palette;
use super::theme::Ink;
use super::widgets::{
    BOTTOM_ROW_Y, BUTTON_HEIGHT, Named, TITLE_PX, button_row, described_button, dialog_root, label,
};
use crate::game::past::{Stats, grouped};
use crate::game::screens::{Facts, history};
use crate::game::{
    GameList, GameSet, LIST_ROWS, PastGames, Request, Screen, StatsBoard, Step, Watch,
};

const MARGIN: f32 = 20.0;
const TITLE_Y: f32 = 215.0;
const NOTE_PX: f32 = 15.0;
const BUTTON_WIDTH: f32 = 110.0;
/// The list: rows this high, this far apart, the first at this height.
const ROW_HEIGHT: f32 = 38.0;
const ROW_STEP: f32 = 43.0;
const FIRST_ROW_Y: f32 = 165.0;
const ROW_PX: f32 = 15.0;
/// The statistics: figures, then the best-tile bars, then the score line.
const FIGURES_PX: f32 = 18.0;
const FIGURES_Y: f32 = 168.0;
const FIGURES_STEP: f32 = 26.0;
const HEADING_PX: f32 = 15.0;
const BARS_HEADING_Y: f32 = 105.0;
const BARS_BOTTOM: f32 = -20.0;
const BARS_HEIGHT: f32 = 100.0;
const BAR_LABEL_PX: f32 = 12.0;
const LINE_HEADING_Y: f32 = -55.0;
const LINE_BOTTOM: f32 = -185.0;
const LINE_HEIGHT: f32 = 110.0;
const LINE_WIDTH: f32 = 3.0;
const DOT: f32 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::History), spawn_history)
        .add_systems(OnEnter(Screen::Stats), spawn_stats)
        .add_systems(
            Update,
            (
                show_list.run_if(in_state(Screen::History)),
                show_stats.run_if(in_state(Screen::Stats)),
            )
                .in_set(GameSet::React),
        );
}

/// A screen's root: an opaque cover of the page's colour over the board.
#[derive(Component, Debug)]
pub struct ScreenRoot;

/// What a screen rebuilds: the list's rows, the statistics' figures and charts.
#[derive(Component, Debug)]
pub struct Rebuilt;

/// A row of the history list: the game's place from the newest.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListRow(pub usize);

/// A bar of the best-tile chart (its tile), and a piece of the score line.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileBar(pub u32);
#[derive(Component, Debug)]
pub struct ScoreLine;

fn screen_root(commands: &mut Commands, art: &Art, screen: Screen, title: &str) -> Entity {
    let root = commands
        .spawn((ScreenRoot, dialog_root(art, screen, 1.0)))
        .id();
    commands.spawn((
        ChildOf(root),
        label(title, TITLE_PX, Ink::Text),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(-BOARD_PX / 2.0 + MARGIN, TITLE_Y, Z_LABEL),
    ));
    root
}

fn spawn_history(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let root = screen_root(&mut commands, &art, Screen::History, &shown.title);
    // The rows are drawn by `show_list`; the screen's own buttons under them.
    let own: Vec<_> = shown
        .buttons
        .into_iter()
        .filter(|b| !matches!(b.request, Request::Watch(Watch::Past(_))))
        .collect();
    button_row(&mut commands, &art, root, BOTTOM_ROW_Y, BUTTON_WIDTH, &own);
}

/// Whether the screen's content is to be built: on a new screen (`root` not the one `built`
/// for) or when what it shows `changed`; the old content is despawned then.
fn clear_for_rebuild(
    commands: &mut Commands,
    built: &mut Option<Entity>,
    root: Entity,
    changed: bool,
    old: &Query<Entity, With<Rebuilt>>,
) -> bool {
    if *built == Some(root) && !changed {
        return false;
    }
    *built = Some(root);
    for entity in old {
        commands.entity(entity).despawn();
    }
    true
}

/// The rows on screen, the selected one dark; the count of games by the title.
fn show_list(
    mut commands: Commands,
    art: Res<Art>,
    list: Res<GameList>,
    past: Res<PastGames>,
    root: Single<Entity, With<ScreenRoot>>,
    old: Query<Entity, With<Rebuilt>>,
    mut built: Local<Option<Entity>>,
) {
    let changed = list.is_changed() || past.is_changed();
    if !clear_for_rebuild(&mut commands, &mut built, *root, changed, &old) {
        return;
    }
    let count = past.0.len();
    let right = BOARD_PX / 2.0 - MARGIN;
    let left = -right;
    let summary = match count {
        0 => "no games yet".to_string(),
        1 => "1 game".to_string(),
        n => format!(
            "{}–{} of {n} games",
            list.top + 1,
            (list.top + LIST_ROWS).min(n)
        ),
    };
    commands.spawn((
        ChildOf(*root),
        Rebuilt,
        label(summary, NOTE_PX, Ink::Text),
        Anchor::CENTER_RIGHT,
        Transform::from_xyz(right, TITLE_Y, Z_LABEL),
    ));
    if count == 0 {
        commands.spawn((
            ChildOf(*root),
            Rebuilt,
            label(
                "Games you finish, or replace with a new one, show here.",
                NOTE_PX,
                Ink::Text,
            ),
            Transform::from_xyz(0.0, FIRST_ROW_Y, Z_LABEL),
        ));
        return;
    }
    for (i, n) in (list.top..(list.top + LIST_ROWS).min(count)).enumerate() {
        let Some(game) = past.newest(n) else {
            continue;
        };
        let selected = n == list.selected;
        let size = Vec2::new(right - left, ROW_HEIGHT);
        let (back, text) = if selected {
            (Ink::Button, Ink::ButtonText)
        } else {
            (Ink::Choice, Ink::Text)
        };
        let y = FIRST_ROW_Y - i as f32 * ROW_STEP;
        let row = commands.spawn((
            Rebuilt,
            ListRow(n),
            crate::game::UiButton {
                request: Request::Watch(Watch::Past(n as u16)),
                size,
            },
            Named {
                name: history::row_name(game),
                chosen: None,
            },
            back,
            art.small_round(back.light(), size),
            Transform::from_xyz(0.0, y, Z_LABEL),
            children![(
                label(history::row_label(game), ROW_PX, text),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(left + 12.0, 0.0, Z_LABEL),
            )],
        ));
        let row = row.id();
        // In reading order, before the screen's buttons (for assistive technology).
        commands.entity(*root).insert_child(i, row);
    }
}

fn spawn_stats(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let root = screen_root(&mut commands, &art, Screen::Stats, &shown.title);
    let (sizes, own): (Vec<_>, Vec<_>) = shown
        .buttons
        .into_iter()
        .partition(|b| matches!(b.request, Request::StatsSize(_)));
    button_row(&mut commands, &art, root, BOTTOM_ROW_Y, BUTTON_WIDTH, &own);
    // The board size, with a button either side to change it.
    let right = BOARD_PX / 2.0 - MARGIN;
    for described in &sizes {
        let x = match described.request {
            Request::StatsSize(Step::Up) => right - BUTTON_HEIGHT / 2.0,
            _ => right - 2.5 * BUTTON_HEIGHT - 16.0,
        };
        commands.spawn((
            ChildOf(root),
            described_button(&art, described, BUTTON_HEIGHT),
            Transform::from_xyz(x, TITLE_Y, Z_LABEL),
        ));
    }
}

/// The figures and charts of the chosen board size.
fn show_stats(
    mut commands: Commands,
    board: Res<StatsBoard>,
    past: Res<PastGames>,
    root: Single<Entity, With<ScreenRoot>>,
    old: Query<Entity, With<Rebuilt>>,
    mut built: Local<Option<Entity>>,
) {
    let changed = board.is_changed() || past.is_changed();
    if !clear_for_rebuild(&mut commands, &mut built, *root, changed, &old) {
        return;
    }
    let root = *root;
    let size = board.0;
    let stats = Stats::of(&past.0, size);
    let right = BOARD_PX / 2.0 - MARGIN;
    let left = -right;
    let text = |commands: &mut Commands, line: String, px: f32, at: Vec2, anchor: Anchor| {
        commands.spawn((
            ChildOf(root),
            Rebuilt,
            label(line, px, Ink::Text),
            anchor,
            Transform::from_translation(at.extend(Z_LABEL)),
        ));
    };
    text(
        &mut commands,
        format!("{size}×{size}"),
        FIGURES_PX,
        Vec2::new(right - 1.5 * BUTTON_HEIGHT - 8.0, TITLE_Y),
        Anchor::CENTER,
    );
    if stats.games == 0 {
        text(
            &mut commands,
            format!("No {size}×{size} games yet: ← and → show other boards."),
            NOTE_PX,
            Vec2::new(0.0, FIGURES_Y),
            Anchor::CENTER,
        );
        return;
    }
    text(
        &mut commands,
        format!(
            "Games {}   ·   Wins {} ({}%)",
            grouped(stats.games as u64),
            grouped(stats.wins as u64),
            stats.win_percent()
        ),
        FIGURES_PX,
        Vec2::new(left, FIGURES_Y),
        Anchor::CENTER_LEFT,
    );
    text(
        &mut commands,
        format!(
            "Best {}   ·   Average {}",
            grouped(stats.best),
            grouped(stats.average)
        ),
        FIGURES_PX,
        Vec2::new(left, FIGURES_Y - FIGURES_STEP),
        Anchor::CENTER_LEFT,
    );
    // Bars: how many games ended on each best tile, in the tile's own colour.
    text(
        &mut commands,
        "Best tile reached".into(),
        HEADING_PX,
        Vec2::new(left, BARS_HEADING_Y),
        Anchor::CENTER_LEFT,
    );
    let most = stats.tiles.iter().map(|t| t.1).max().unwrap_or(1).max(1);
    let slot = (right - left) / stats.tiles.len() as f32;
    let bar_width = (slot * 0.7).min(60.0);
    for (i, &(tile, count)) in stats.tiles.iter().enumerate() {
        let x = left + slot * (i as f32 + 0.5);
        let height =
            (BARS_HEIGHT * count as f32 / most as f32).max(if count > 0 { 2.0 } else { 0.0 });
        commands.spawn((
            ChildOf(root),
            Rebuilt,
            TileBar(tile),
            Sprite::from_color(palette::tile_colors(tile).0, Vec2::new(bar_width, height)),
            Anchor::BOTTOM_CENTER,
            Transform::from_xyz(x, BARS_BOTTOM, Z_LABEL),
        ));
        text(
            &mut commands,
            tile.to_string(),
            BAR_LABEL_PX,
            Vec2::new(x, BARS_BOTTOM - 10.0),
            Anchor::CENTER,
        );
        text(
            &mut commands,
            count.to_string(),
            BAR_LABEL_PX,
            Vec2::new(x, BARS_BOTTOM + height + 9.0),
            Anchor::CENTER,
        );
    }
    // The score line over the last games, from 0 at the bottom to the best of them at the top.
    text(
        &mut commands,
        match stats.recent.len() {
            1 => "Score of the last game".to_string(),
            n => format!("Scores of the last {n} games"),
        },
        HEADING_PX,
        Vec2::new(left, LINE_HEADING_Y),
        Anchor::CENTER_LEFT,
    );
    let top = stats.recent.iter().copied().max().unwrap_or(1).max(1);
    text(
        &mut commands,
        grouped(top),
        BAR_LABEL_PX,
        Vec2::new(right, LINE_HEADING_Y),
        Anchor::CENTER_RIGHT,
    );
    commands.spawn((
        ChildOf(root),
        Rebuilt,
        Ink::Board,
        Sprite::from_color(Ink::Board.light(), Vec2::new(right - left, 2.0)),
        Transform::from_xyz(0.0, LINE_BOTTOM, Z_LABEL),
    ));
    let step = (right - left) / (stats.recent.len().max(2) - 1) as f32;
    let points: Vec<Vec2> = stats
        .recent
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            Vec2::new(
                left + step * i as f32,
                LINE_BOTTOM + LINE_HEIGHT * score as f32 / top as f32,
            )
        })
        .collect();
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = b - a;
        commands.spawn((
            ChildOf(root),
            Rebuilt,
            ScoreLine,
            Ink::Notice,
            Sprite::from_color(Ink::Notice.light(), Vec2::new(d.length(), LINE_WIDTH)),
            Transform::from_translation(((a + b) / 2.0).extend(Z_LABEL))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ));
    }
    for &point in &points {
        commands.spawn((
            ChildOf(root),
            Rebuilt,
            ScoreLine,
            Ink::Notice,
            Sprite::from_color(Ink::Notice.light(), Vec2::splat(DOT)),
            Transform::from_translation(point.extend(2.0 * Z_LABEL)),
        ));
    }
}
