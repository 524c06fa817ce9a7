//! A race on screen: the ghost's small board where the framing puts it (beside the player's
//! board or below it, `layout::Framing`), with its line (score and move) over it. (The race's
//! card is drawn as "Start a new game?" is, by `dialogs`.) The ghost's tiles take their
//! value's colours and change at once with each move: its board is there to glance at, and the
//! player's own tiles keep the motion.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};

use super::layout::{
    BOARD_CENTER, BOARD_PX, BoardLayout, Framing, GHOST_LINE_PX, GHOST_PX, Z_BOARD, Z_CELL,
    Z_LABEL, Z_TILE,
};
use super::palette;
use super::theme::{Ink, Theme};
use super::widgets::label;
use crate::game::{GameSet, Language, Race, Racing};
use crate::i18n::Words;
use crate::rules::{Cell, Shape};
use crate::tr;
use g2048_ui::art::Art;
use g2048_ui::text::{FontPx, Label, LabelColor, TextBox};

pub(super) fn plugin(app: &mut App) {
    // Registered by WindowPlugin in a real app; headless tests have none.
    app.add_message::<WindowResized>()
        .add_systems(Update, show_race.in_set(GameSet::React));
}

/// The ghost's board (its root).
#[derive(Component, Debug)]
pub struct GhostBoard;

/// "Ghost: 2,980 points, move 175 of 412" (the AI's: without its last move, which it has not
/// played yet).
pub fn ghost_line(racing: &Racing, words: &Words) -> String {
    if racing.rival.is_ai() {
        tr!(
            words,
            "race-ai-line",
            score = racing.ghost.score(),
            shown = racing.shown
        )
    } else {
        tr!(
            words,
            "race-ghost-line",
            score = racing.ghost.score(),
            shown = racing.shown,
            moves = racing.ghost_moves()
        )
    }
}

/// The ghost's board's cells: a board of this shape's, scaled to `GHOST_PX`, around its centre.
fn ghost_cells(shape: Shape) -> (BoardLayout, f32) {
    (BoardLayout::new(shape), GHOST_PX / BOARD_PX)
}

/// Where `cell` of the ghost's board of `shape` is drawn, from the board's centre.
pub fn ghost_cell_at(shape: Shape, cell: Cell) -> Vec2 {
    let (layout, scale) = ghost_cells(shape);
    (layout.cell_center(cell) - BOARD_CENTER) * scale
}

/// In a race, the camera frames the ghost's board's room (beside or below, as the window's shape
/// says) and the ghost's board is built again at each change of the race (a move, an undo), of
/// the window, the theme or the language: a few dozen sprites, drawn anew once a move. Without
/// a race, the design alone.
#[allow(clippy::too_many_arguments)]
fn show_race(
    mut commands: Commands,
    art: Res<Art>,
    theme: Res<Theme>,
    race: Res<Race>,
    words: Res<Language>,
    mut resized: MessageReader<WindowResized>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut framing: ResMut<Framing>,
    mut camera: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    boards: Query<Entity, With<GhostBoard>>,
) {
    let resized = resized.read().count() > 0;
    if !race.is_changed() && !resized && !theme.is_changed() && !words.is_changed() {
        return;
    }
    let size = window.map(|w| Vec2::new(w.width(), w.height()));
    if framing.set_if_neq(Framing::of(&race, size)) {
        for (mut projection, mut transform) in &mut camera {
            framing.aim(&mut projection, &mut transform);
        }
    }
    for entity in &boards {
        commands.entity(entity).despawn();
    }
    let (Some(racing), Some(center), Some((line_at, line_width))) = (
        race.0.as_ref(),
        framing.ghost_center(),
        framing.ghost_line(),
    ) else {
        return;
    };
    let (layout, scale) = ghost_cells(racing.ghost.config().shape());
    let root = commands
        .spawn((
            GhostBoard,
            Ink::Board,
            art.large_round(Ink::Board.light(), layout.board_size() * scale),
            Transform::from_translation(center.extend(Z_BOARD)),
        ))
        .id();
    commands.spawn((
        ChildOf(root),
        label(ghost_line(racing, &words), GHOST_LINE_PX, Ink::Text),
        TextBox::line(line_width),
        Transform::from_translation((line_at - center).extend(Z_LABEL)),
    ));
    let board = racing.ghost.board();
    let cell_px = Vec2::splat(layout.cell * scale);
    for cell in board.cells() {
        let at = ghost_cell_at(layout.shape, cell);
        commands.spawn((
            ChildOf(root),
            Ink::EmptyCell,
            art.small_round(Ink::EmptyCell.light(), cell_px),
            Transform::from_translation(at.extend(Z_CELL)),
        ));
        let value = board.get(cell);
        if value == 0 {
            continue;
        }
        let (bg, fg) = theme.tile_colors(value);
        commands.spawn((
            ChildOf(root),
            art.small_round(bg, cell_px),
            Transform::from_translation(at.extend(Z_TILE)),
            children![(
                Label(value.to_string()),
                LabelColor(fg),
                FontPx(palette::tile_font_px(value) * layout.font_scale() * scale),
                Transform::from_xyz(0.0, 0.0, Z_LABEL),
            )],
        ));
    }
}
