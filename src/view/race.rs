//! A race on screen: the ghost's small board where the framing puts it (beside the player's
//! board or below it, `layout::Framing`), with its line (score and move) over it, and the race's
//! card in front of the player's board once either game has ended. The ghost's tiles take their
//! value's colours and change at once with each move: its board is there to glance at, and the
//! player's own tiles keep the motion.

use bevy::prelude::*;

use super::art::Art;
use super::layout::{
    BOARD_CENTER, BOARD_PX, BoardLayout, Framing, GHOST_LINE_PX, GHOST_PX, Z_BOARD, Z_CELL,
    Z_LABEL, Z_TILE,
};
use super::palette;
use super::text::{FontPx, Label, LabelColor, TextBox};
use super::theme::{Ink, Theme};
use super::widgets::{
    Column, DescribedLine, DescribedTitle, TITLE_PX, button_row, dialog_root, label,
};
use crate::game::screens::Facts;
use crate::game::{GameSet, Language, Race, Racing, Screen};
use crate::i18n::Words;
use crate::rules::Shape;
use crate::tr;

/// The race's card: its cover hides the board and "Game over!" behind it; its title, its three
/// lines, then its buttons, from the board's centre down.
const CARD_COVER_ALPHA: f32 = 1.0;
const CARD_TITLE_Y: f32 = 110.0;
const CARD_LINE_PX: f32 = 18.0;
const TITLE_TO_LINE: f32 = 60.0;
const LINE_TO_LINE: f32 = 34.0;
const LINE_TO_BUTTONS: f32 = 60.0;
const CARD_MARGIN: f32 = 25.0;
const CARD_BUTTON_WIDTH: f32 = 140.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::RaceResult), spawn_card)
        .add_systems(
            Update,
            show_ghost
                .run_if(
                    resource_changed::<Race>
                        .or_else(resource_changed::<Framing>)
                        .or_else(resource_changed::<Theme>)
                        .or_else(resource_changed::<Language>),
                )
                .after(super::layout::aim_camera)
                .in_set(GameSet::React),
        );
}

/// The ghost's board: what it was built for (a board of another shape, or another place, is
/// built again).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GhostBoard {
    pub shape: Shape,
    pub framing: Framing,
}

/// A tile of the ghost's board: its cell's index, row by row.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GhostTile(pub usize);

/// The line over the ghost's board.
#[derive(Component, Debug)]
pub struct GhostLine;

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

/// Builds, rebuilds or takes away the ghost's board as the race and the framing say, and keeps
/// its tiles and line those of the ghost's position.
#[allow(clippy::too_many_arguments)]
fn show_ghost(
    mut commands: Commands,
    art: Res<Art>,
    theme: Res<Theme>,
    race: Res<Race>,
    framing: Res<Framing>,
    words: Res<Language>,
    boards: Query<(Entity, &GhostBoard)>,
    mut tiles: Query<(&GhostTile, &mut Sprite, &mut Visibility, &Children)>,
    mut digits: Query<(&mut Label, &mut LabelColor, &mut FontPx), Without<GhostLine>>,
    mut lines: Query<&mut Label, With<GhostLine>>,
) {
    let wanted = race
        .0
        .as_ref()
        .zip(framing.ghost_center())
        .map(|(r, _)| GhostBoard {
            shape: r.ghost.config().shape(),
            framing: *framing,
        });
    let mut built = false;
    for (entity, board) in &boards {
        if Some(*board) == wanted {
            built = true;
        } else {
            commands.entity(entity).despawn();
        }
    }
    let (Some(racing), Some(wanted)) = (race.0.as_ref(), wanted) else {
        return;
    };
    if !built {
        spawn_ghost(&mut commands, &art, *theme, racing, wanted, &words);
        return;
    }
    let (layout, scale) = ghost_cells(wanted.shape);
    let board = racing.ghost.board();
    for (tile, mut sprite, mut visibility, children) in &mut tiles {
        let value = board.cells().nth(tile.0).map_or(0, |cell| board.get(cell));
        let (bg, fg) = theme.tile_colors(value);
        sprite.color = bg;
        visibility.set_if_neq(if value == 0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
        for &child in children {
            if let Ok((mut text, mut color, mut px)) = digits.get_mut(child) {
                text.set_if_neq(Label(value.to_string()));
                color.set_if_neq(LabelColor(fg));
                px.set_if_neq(FontPx(
                    palette::tile_font_px(value) * layout.font_scale() * scale,
                ));
            }
        }
    }
    let text = ghost_line(racing, &words);
    for mut line in &mut lines {
        line.set_if_neq(Label(text.clone()));
    }
}

fn spawn_ghost(
    commands: &mut Commands,
    art: &Art,
    theme: Theme,
    racing: &Racing,
    wanted: GhostBoard,
    words: &Words,
) {
    let (Some(center), Some((line_at, line_width))) =
        (wanted.framing.ghost_center(), wanted.framing.ghost_line())
    else {
        return;
    };
    let (layout, scale) = ghost_cells(wanted.shape);
    let root = commands
        .spawn((
            wanted,
            Ink::Board,
            art.large_round(Ink::Board.light(), layout.board_size() * scale),
            Transform::from_translation(center.extend(Z_BOARD)),
        ))
        .id();
    commands.spawn((
        ChildOf(root),
        GhostLine,
        label(ghost_line(racing, words), GHOST_LINE_PX, Ink::Text),
        TextBox::line(line_width),
        Transform::from_translation((line_at - center).extend(Z_LABEL)),
    ));
    let board = racing.ghost.board();
    let cell_px = layout.cell * scale;
    for (index, cell) in board.cells().enumerate() {
        let at = (layout.cell_center(cell) - BOARD_CENTER) * scale;
        commands.spawn((
            ChildOf(root),
            Ink::EmptyCell,
            art.small_round(Ink::EmptyCell.light(), Vec2::splat(cell_px)),
            Transform::from_translation(at.extend(Z_CELL)),
        ));
        let value = board.get(cell);
        let (bg, fg) = theme.tile_colors(value);
        commands.spawn((
            ChildOf(root),
            GhostTile(index),
            art.small_round(bg, Vec2::splat(cell_px)),
            if value == 0 {
                Visibility::Hidden
            } else {
                Visibility::Inherited
            },
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

/// The race's card over the player's board (the ghost's stays in view beside it or below).
fn spawn_card(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(card) = facts.dialog() else {
        return;
    };
    let root = commands
        .spawn(dialog_root(&art, Screen::RaceResult, CARD_COVER_ALPHA))
        .id();
    let width = BOARD_PX - 2.0 * CARD_MARGIN;
    let mut column = Column::at(CARD_TITLE_Y);
    commands.spawn((
        ChildOf(root),
        label(card.title.clone(), TITLE_PX, Ink::Text),
        DescribedTitle(Screen::RaceResult),
        TextBox::line(width),
        Transform::from_xyz(0.0, column.y(), Z_LABEL),
    ));
    for (n, line) in card.lines.iter().enumerate() {
        let gap = if n == 0 { TITLE_TO_LINE } else { LINE_TO_LINE };
        commands.spawn((
            ChildOf(root),
            label(line.clone(), CARD_LINE_PX, Ink::Text),
            DescribedLine(Screen::RaceResult, n),
            TextBox::line(width),
            Transform::from_xyz(0.0, column.below(gap), Z_LABEL),
        ));
    }
    button_row(
        &mut commands,
        &art,
        root,
        column.below(LINE_TO_BUTTONS),
        CARD_BUTTON_WIDTH,
        &card.buttons,
    );
}
