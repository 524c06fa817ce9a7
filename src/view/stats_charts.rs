//! The statistics' charts, drawn in the box the flow renderer gives them (`flow`, from the
//! description's `Block::Chart`): the best-tile bars in each tile's own colour, and the line of
//! the last scores (plain rectangles, sharp at any window size), each under its heading.

use bevy::{prelude::*, sprite::Anchor};

use super::layout::Z_LABEL;
use super::palette;
use super::theme::Ink;
use super::widgets::label;
use g2048_ui::dialog::{Chart, ChartKind};
use g2048_ui::flow::{CHART_HEADING_PX, TOP_SCORE_ROOM, chart_heading_box};
use g2048_ui::text::TextBox;

/// A chart's heading's room, and its figures' size (its heading's size is the drawing kit's,
/// which lays it out).
const HEADING_ROOM: f32 = 22.0;
const FIGURE_PX: f32 = 12.0;
/// A figure's room under or over its bar, and the widest bar.
const FIGURE_ROOM: f32 = 18.0;
const WIDEST_BAR: f32 = 60.0;
/// The score line's width and its dots.
const LINE_WIDTH: f32 = 3.0;
const DOT: f32 = 6.0;

/// A bar of the best-tile chart (its tile), and a piece of the score line.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileBar(pub u32);
#[derive(Component, Debug)]
pub struct ScoreLine;

/// Draws `chart` under `parent`, whose centre is the middle of its `size` box.
pub fn spawn_chart(commands: &mut Commands, parent: Entity, chart: &Chart, size: Vec2) {
    let (left, top) = (-size.x / 2.0, size.y / 2.0);
    let heading_y = top - HEADING_ROOM / 2.0;
    commands.spawn(chart_text(
        parent,
        chart.heading.clone(),
        CHART_HEADING_PX,
        Vec2::new(left, heading_y),
        Anchor::CENTER_LEFT,
        chart_heading_box(chart, size.x),
    ));
    match &chart.kind {
        ChartKind::Bars(tiles) => spawn_tile_bars(commands, parent, tiles, size),
        ChartKind::Line {
            points: recent,
            top: best,
        } => {
            spawn_score_line(commands, parent, recent, best, size);
        }
    }
}

/// A line of the chart's text under `parent`, placed by its `anchor` at `at`.
fn chart_text(
    parent: Entity,
    line: String,
    px: f32,
    at: Vec2,
    anchor: Anchor,
    bx: TextBox,
) -> impl Bundle {
    (
        ChildOf(parent),
        label(line, px, Ink::Text),
        bx,
        anchor,
        Transform::from_translation(at.extend(Z_LABEL)),
    )
}

/// The best-tile chart: a bar for each tile in its colour, the tile under it and how many
/// games ended on it over it.
fn spawn_tile_bars(commands: &mut Commands, parent: Entity, tiles: &[(u32, usize)], size: Vec2) {
    let (left, top, bottom) = (-size.x / 2.0, size.y / 2.0, -size.y / 2.0);
    let base = bottom + FIGURE_ROOM;
    let tallest = top - HEADING_ROOM - FIGURE_ROOM - base;
    let most = tiles.iter().map(|t| t.1).max().unwrap_or(1).max(1);
    let slot = size.x / tiles.len().max(1) as f32;
    let bar_width = (slot * 0.7).min(WIDEST_BAR);
    for (i, &(tile, count)) in tiles.iter().enumerate() {
        let x = left + slot * (i as f32 + 0.5);
        let height = (tallest * count as f32 / most as f32).max(if count > 0 { 2.0 } else { 0.0 });
        commands.spawn((
            ChildOf(parent),
            TileBar(tile),
            Sprite::from_color(palette::tile_colors(tile).0, Vec2::new(bar_width, height)),
            Anchor::BOTTOM_CENTER,
            Transform::from_xyz(x, base, Z_LABEL),
        ));
        let figure = TextBox::line(slot - 2.0);
        commands.spawn(chart_text(
            parent,
            tile.to_string(),
            FIGURE_PX,
            Vec2::new(x, base - FIGURE_ROOM / 2.0),
            Anchor::CENTER,
            figure,
        ));
        commands.spawn(chart_text(
            parent,
            count.to_string(),
            FIGURE_PX,
            Vec2::new(x, base + height + FIGURE_ROOM / 2.0),
            Anchor::CENTER,
            figure,
        ));
    }
}

/// The last scores' chart: the highest (`best`, written) right of the heading, and the
/// scores as a line of dots over a base line.
fn spawn_score_line(
    commands: &mut Commands,
    parent: Entity,
    recent: &[u64],
    best: &str,
    size: Vec2,
) {
    let (left, right, top, bottom) = (-size.x / 2.0, size.x / 2.0, size.y / 2.0, -size.y / 2.0);
    let heading_y = top - HEADING_ROOM / 2.0;
    // The highest score at the right of the heading.
    commands.spawn(chart_text(
        parent,
        best.to_owned(),
        FIGURE_PX,
        Vec2::new(right, heading_y),
        Anchor::CENTER_RIGHT,
        TextBox::line(TOP_SCORE_ROOM - 8.0),
    ));
    let base = bottom + DOT;
    let tallest = top - HEADING_ROOM - DOT - base;
    commands.spawn((
        ChildOf(parent),
        Ink::Board,
        Sprite::from_color(Ink::Board.light(), Vec2::new(size.x, 2.0)),
        Transform::from_xyz(0.0, base, Z_LABEL),
    ));
    let highest = recent.iter().copied().max().unwrap_or(1).max(1);
    let step = size.x / (recent.len().max(2) - 1) as f32;
    let points: Vec<Vec2> = recent
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            Vec2::new(
                left + step * i as f32,
                base + tallest * score as f32 / highest as f32,
            )
        })
        .collect();
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = b - a;
        commands.spawn((
            ChildOf(parent),
            ScoreLine,
            Ink::Notice,
            Sprite::from_color(Ink::Notice.light(), Vec2::new(d.length(), LINE_WIDTH)),
            Transform::from_translation(((a + b) / 2.0).extend(Z_LABEL))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
        ));
    }
    for &point in &points {
        commands.spawn((
            ChildOf(parent),
            ScoreLine,
            Ink::Notice,
            Sprite::from_color(Ink::Notice.light(), Vec2::splat(DOT)),
            Transform::from_translation(point.extend(2.0 * Z_LABEL)),
        ));
    }
}
