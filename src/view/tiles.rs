//! The board and its tiles on screen: tile looks from their `Value`, and tweens for what a move
//! did (slide, merge pop, appear). A new request snaps running tile tweens to their end first.

use std::time::Duration;

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy_tweening::lens::TransformPositionLens;
use bevy_tweening::{Delay, Tween, TweenAnim, lens::TransformScaleLens};

use super::layout::{BOARD_CENTER, BoardLayout, Z_BOARD, Z_GHOST, Z_LABEL, Z_TILE};
use super::motion::Motion;
use super::palette::{self, GLOW};
use super::theme::{Ink, Theme};
use super::{DespawnWhenDone, ViewSet};
use crate::game::{Engine, GameSet, MoveApplied, Position, Request, Tile, TilesMoving, Value};
use crate::rules::Cell;
use g2048_ui::DevicePixels;
use g2048_ui::art::{self, Art, Panel};
use g2048_ui::text::{FontPx, Label, LabelColor, Zoom};

/// Slide: 100 ms ease-in-out.
pub const SLIDE: Duration = Duration::from_millis(100);
/// Appear and merge pop: 200 ms, after the slide.
pub const APPEAR: Duration = Duration::from_millis(200);
/// The pop peaks at this scale halfway through.
pub const POP_PEAK: f32 = 1.2;
/// Far longer than any tile tween: stepping by it finishes every one.
const FINISH_ALL: Duration = Duration::from_secs(10);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_board)
        .add_systems(
            Update,
            bake_board
                .run_if(
                    resource_changed::<BoardLayout>
                        .or_else(resource_changed::<Theme>)
                        .or_else(resource_changed::<Zoom>)
                        .or_else(resource_changed::<DevicePixels>),
                )
                .after(g2048_ui::text::track_zoom)
                .in_set(ViewSet::Text),
        )
        .add_systems(
            Update,
            snap_tile_animations
                .run_if(on_message::<Request>)
                .in_set(ViewSet::Snap),
        )
        .add_systems(Update, publish_motion.in_set(ViewSet::Publish))
        .add_systems(
            Update,
            (
                follow_board_size,
                animate_moves,
                decorate_new_tiles,
                restyle_tiles,
            )
                .chain()
                .in_set(GameSet::React),
        );
}

/// The label (digits) child of a tile or ghost.
#[derive(Component, Debug)]
pub struct TileLabel;

/// The glow child of a tile.
#[derive(Component, Debug)]
pub struct TileGlow;

/// A merged-away tile's image, sliding under the merged tile until the pop ends.
#[derive(Component, Debug)]
pub struct Ghost;

/// The board's background and empty cells: one sprite, its image baked for the device pixels
/// it covers ([`Panel`]), again when the board's shape, the theme, the zoom or its place among
/// the device pixels changes.
#[derive(Component, Debug)]
pub struct BoardPiece;

fn spawn_board(mut commands: Commands) {
    commands.spawn((
        BoardPiece,
        Sprite::default(),
        Anchor::TOP_LEFT,
        Transform::from_translation(BOARD_CENTER.extend(Z_BOARD)),
    ));
}

/// A game of another shape (chosen in the options) gets its own cells, before its tiles are
/// decorated in the same frame (`bake_board` draws them).
fn follow_board_size(engine: Res<Engine>, mut layout: ResMut<BoardLayout>) {
    let shape = engine.config().shape();
    if shape != layout.shape {
        *layout = BoardLayout::new(shape);
    }
}

/// The board's panel as it falls on the device pixels: its top-left corner's pixel (a design
/// point), and the panel from there.
fn board_panel(
    layout: &BoardLayout,
    theme: Theme,
    zoom: f32,
    device: &DevicePixels,
) -> (Vec2, Panel) {
    let size = layout.board_size();
    let top_left = BOARD_CENTER + Vec2::new(-size.x, size.y) / 2.0;
    let corner = device.to_device(top_left);
    let wells = (0..layout.shape.rows() as u8)
        .flat_map(|y| (0..layout.shape.cols() as u8).map(move |x| Cell::new(x, y)))
        .map(|cell| {
            let centre = layout.cell_center(cell) - top_left;
            let half = Vec2::splat(layout.cell / 2.0);
            let (min, max) = (centre - half, centre + half);
            Rect::new(min.x, -max.y, max.x, -min.y)
        })
        .map(|rect| Rect::from_corners(rect.min * zoom, rect.max * zoom))
        .collect();
    let panel = Panel {
        offset: corner - corner.floor(),
        size: size * zoom,
        radius: art::radius_px(art::LARGE_RADIUS, zoom),
        color: theme.paint(Ink::Board),
        wells,
        well_radius: art::radius_px(art::SMALL_RADIUS, zoom),
        well_color: theme.paint(Ink::EmptyCell),
    };
    (device.to_design(corner.floor()), panel)
}

/// Bakes the board's image when what it shows or where it falls changes (it runs when what it
/// reads changed, not every frame), and draws it one texel to a device pixel (stretched, as the
/// glyphs are, while a drag's zoom settles).
fn bake_board(
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    zoom: Res<Zoom>,
    device: Res<DevicePixels>,
    mut images: ResMut<Assets<Image>>,
    mut baked: Local<Option<Panel>>,
    board: Single<(&mut Sprite, &mut Transform), With<BoardPiece>>,
) {
    let (corner, panel) = board_panel(&layout, *theme, zoom.0, &device);
    let (mut sprite, mut transform) = board.into_inner();
    if baked.as_ref() != Some(&panel) {
        sprite.custom_size = Some(panel.texels().as_vec2());
        sprite.image = images.add(panel.bake());
        *baked = Some(panel);
    }
    let place = Transform::from_translation(corner.extend(Z_BOARD))
        .with_scale(Vec2::splat(1.0 / zoom.0).extend(1.0));
    transform.set_if_neq(place);
}

/// The look of a tile of `value`: its sprite, plus label and glow children.
fn tile_look(art: &Art, layout: &BoardLayout, theme: Theme, value: u32) -> impl Bundle {
    let (bg, fg) = theme.tile_colors(value);
    (
        art.small_round(bg, Vec2::splat(layout.cell)),
        children![
            (
                TileLabel,
                Label(value.to_string()),
                LabelColor(fg),
                FontPx(palette::tile_font_px(value) * layout.font_scale()),
                Transform::from_xyz(0.0, 0.0, Z_LABEL),
            ),
            (
                TileGlow,
                art.glow(GLOW.with_alpha(glow_alpha(value)), layout.cell),
                glow_visibility(theme, value),
                Transform::from_xyz(0.0, 0.0, -Z_LABEL),
            )
        ],
    )
}

/// The original's glow is a box-shadow at a/1.8 of the listed strength.
fn glow_alpha(value: u32) -> f32 {
    palette::glow_alpha(value) / 1.8
}

/// Only 128–2048 glow, and not in the high-contrast theme; other tiles skip drawing the halo.
fn glow_visibility(theme: Theme, value: u32) -> Visibility {
    if glow_alpha(value) > 0.0 && theme != Theme::HighContrast {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

/// Gives new tiles (start tiles and spawns) their look; they grow in after the slide (with
/// reduced motion or none, they are there at once).
fn decorate_new_tiles(
    mut commands: Commands,
    art: Res<Art>,
    layout: Res<BoardLayout>,
    motion: Res<Motion>,
    theme: Res<Theme>,
    tiles: Query<(Entity, &Position, &Value), Added<Tile>>,
) {
    for (entity, &pos, value) in &tiles {
        let at = Transform::from_translation(layout.cell_center(pos.0).extend(Z_TILE));
        let mut tile = commands.entity(entity);
        tile.insert(tile_look(&art, &layout, *theme, value.0));
        if motion.moves() {
            tile.insert((at.with_scale(Vec3::ZERO), TweenAnim::new(appear())));
        } else {
            tile.insert(at);
        }
    }
}

/// Keeps a tile's look in step with its value (merge survivors) and the theme.
fn restyle_tiles(
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    mut tiles: Query<(Ref<Value>, &mut Sprite, &Children), Without<TileGlow>>,
    mut labels: Query<(&mut Label, &mut LabelColor, &mut FontPx), With<TileLabel>>,
    mut glows: Query<(&mut Sprite, &mut Visibility), With<TileGlow>>,
) {
    for (value, mut sprite, children) in &mut tiles {
        if !value.is_changed() && !theme.is_changed() {
            continue;
        }
        let (bg, fg) = theme.tile_colors(value.0);
        sprite.color = bg;
        for &child in children {
            if let Ok((mut text, mut color, mut px)) = labels.get_mut(child) {
                text.0 = value.0.to_string();
                color.0 = fg;
                px.0 = palette::tile_font_px(value.0) * layout.font_scale();
            }
            if let Ok((mut glow, mut visibility)) = glows.get_mut(child) {
                glow.color = GLOW.with_alpha(glow_alpha(value.0));
                *visibility = glow_visibility(*theme, value.0);
            }
        }
    }
}

fn appear() -> impl bevy_tweening::Tweenable {
    Delay::new(SLIDE).then(Tween::new(
        EaseFunction::CubicOut,
        APPEAR,
        TransformScaleLens {
            start: Vec3::ZERO,
            end: Vec3::ONE,
        },
    ))
}

fn pop() -> impl bevy_tweening::Tweenable {
    let half = APPEAR / 2;
    Delay::new(SLIDE)
        .then(Tween::new(
            EaseFunction::QuadraticOut,
            half,
            TransformScaleLens {
                start: Vec3::ZERO,
                end: Vec3::splat(POP_PEAK),
            },
        ))
        .then(Tween::new(
            EaseFunction::QuadraticInOut,
            half,
            TransformScaleLens {
                start: Vec3::splat(POP_PEAK),
                end: Vec3::ONE,
            },
        ))
}

fn slide(from: Vec3, to: Vec3) -> Tween {
    Tween::new(
        EaseFunction::QuadraticInOut,
        SLIDE,
        TransformPositionLens {
            start: from,
            end: to,
        },
    )
}

/// Starts the tweens for each applied move: the moved tiles' own first (a slide, or a merged
/// tile's pop), then the images that slide under a merge or shrink away. Every tween is set up
/// from a consistent start (cell centre, scale), so several moves in one frame still end where
/// the entities are. With reduced motion or none, the tiles are put in their cells at once
/// ([`place_moved_tiles`]). (One reader of the moves for both: a reader skipped by a run
/// condition would read the moves of the frame before when the motion changes.)
fn animate_moves(
    mut moves: MessageReader<MoveApplied>,
    mut commands: Commands,
    art: Res<Art>,
    layout: Res<BoardLayout>,
    motion: Res<Motion>,
    theme: Res<Theme>,
    mut transforms: Query<&mut Transform, With<Tile>>,
) {
    if *motion != Motion::Full {
        place_moved_tiles(moves.read(), &layout, &mut transforms);
        return;
    }
    let at = |cell: Cell, z: f32| layout.cell_center(cell).extend(z);
    for moved in moves.read() {
        // A tile that a later move of the same frame merged away is gone: skip it.
        for &(entity, from, to) in &moved.slides {
            if let Ok(mut transform) = transforms.get_mut(entity) {
                *transform = Transform::from_translation(at(from, Z_TILE));
                commands
                    .entity(entity)
                    .insert(TweenAnim::new(slide(at(from, Z_TILE), at(to, Z_TILE))));
            }
        }
        for merged in &moved.merges {
            let into = merged.merge.into;
            if let Ok(mut transform) = transforms.get_mut(merged.survivor) {
                *transform = Transform::from_translation(at(into, Z_TILE)).with_scale(Vec3::ZERO);
                commands
                    .entity(merged.survivor)
                    .insert(TweenAnim::new(pop()));
            }
        }
        // Both sources of a merge slide into the cell under the merged tile, which pops in on
        // top.
        for merged in &moved.merges {
            let merge = merged.merge;
            for from in merge.from {
                commands.spawn((
                    Ghost,
                    DespawnWhenDone,
                    tile_look(&art, &layout, *theme, merge.value / 2),
                    Transform::from_translation(at(from, Z_GHOST)),
                    TweenAnim::new(
                        slide(at(from, Z_GHOST), at(merge.into, Z_GHOST)).then(Delay::new(APPEAR)),
                    ),
                ));
            }
        }
        // A tile an undo took off the board shrinks away.
        if let Some((cell, value)) = moved.vanished {
            commands.spawn((
                Ghost,
                DespawnWhenDone,
                tile_look(&art, &layout, *theme, value),
                Transform::from_translation(at(cell, Z_GHOST)),
                TweenAnim::new(Tween::new(
                    EaseFunction::QuadraticIn,
                    SLIDE,
                    TransformScaleLens {
                        start: Vec3::ONE,
                        end: Vec3::ZERO,
                    },
                )),
            ));
        }
    }
}

/// Puts each applied move's tiles in their cells at once (reduced motion or none).
fn place_moved_tiles<'a>(
    moves: impl Iterator<Item = &'a MoveApplied>,
    layout: &BoardLayout,
    transforms: &mut Query<&mut Transform, With<Tile>>,
) {
    for moved in moves {
        let cells = moved.slides.iter().map(|&(entity, _, to)| (entity, to));
        let merged = moved.merges.iter().map(|m| (m.survivor, m.merge.into));
        for (entity, cell) in cells.chain(merged) {
            if let Ok(mut transform) = transforms.get_mut(entity) {
                *transform = Transform::from_translation(layout.cell_center(cell).extend(Z_TILE));
            }
        }
    }
}

/// Before a request applies, every tile tween jumps to its end and ghosts go, so no frame shows
/// a tile in two places. Other tweens ("+N", overlays) keep running.
/// (Its two queries are made once and kept: making them anew took 7 % of a frame's time in the
/// headless tests, at opt-level 0.)
fn snap_tile_animations(world: &mut World, mut queries: Local<Option<(TileTweens, GhostTiles)>>) {
    let (running, ghosts) = queries.get_or_insert_with(|| {
        (
            world.query_filtered::<Entity, (With<TweenAnim>, Or<(With<Tile>, With<Ghost>)>)>(),
            world.query_filtered::<Entity, With<Ghost>>(),
        )
    });
    let entities: Vec<Entity> = running.iter(world).collect();
    TweenAnim::step_many(world, FINISH_ALL, &entities);
    let ghosts: Vec<Entity> = ghosts.iter(world).collect();
    for ghost in ghosts {
        world.despawn(ghost);
    }
}

/// The tiles' and ghosts' running tweens, and the ghosts (`snap_tile_animations`).
type TileTweens = QueryState<Entity, (With<TweenAnim>, Or<(With<Tile>, With<Ghost>)>)>;
type GhostTiles = QueryState<Entity, With<Ghost>>;

/// Tells the game whether tiles are still moving on screen (autoplay waits for them).
fn publish_motion(
    running: Query<(), (With<TweenAnim>, Or<(With<Tile>, With<Ghost>)>)>,
    mut moving: ResMut<TilesMoving>,
) {
    moving.set_if_neq(TilesMoving(!running.is_empty()));
}
