//! The game's icon: a 2048 tile (its gold, its rounded corners, "2048" in the game's face),
//! drawn in code at any size. The desktop window shows it (set once the window exists); the web
//! build writes it as the app's PNG icons (`crates/tools/examples/icons.rs`, run by `web/build.sh`). No image
//! is downloaded or kept in the repository.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use bevy::prelude::*;

use super::palette::{LIGHT_TEXT, tile_colors};
use g2048_ui::text::{FONT_BYTES, pens};

/// The window's icon: the side window managers scale from (X11 and Windows take any size).
#[cfg(not(target_arch = "wasm32"))]
const WINDOW_ICON_SIDE: u32 = 128;

/// Corner radius over the side, as the page's favicon (8 of 64).
const CORNER: f32 = 8.0 / 64.0;

/// The desktop window's icon (the page's icons are files: see `crates/tools/examples/icons.rs`).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        window_icon::set.run_if(
            not(resource_exists::<window_icon::Shown>)
                .and_then(any_with_component::<bevy::window::PrimaryWindow>),
        ),
    );
}

/// How the icon fills its square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IconStyle {
    /// A rounded tile with clear corners (the window, the browser's tab, a home screen that
    /// shows the image as it is).
    Tile,
    /// The tile's colour to the edges and the number inside the central circle of 80 % that a
    /// "maskable" icon keeps whatever mask the phone cuts it with.
    Maskable,
}

/// The icon as `side` × `side` RGBA pixels (8 bits each, not premultiplied), row by row.
pub fn draw(side: u32, shape: IconStyle) -> Vec<u8> {
    let n = side as usize;
    let background = srgb_u8(tile_colors(2048).0);
    let ink = srgb_u8(LIGHT_TEXT);
    // Coverage of the tile (its corners cut round, with a soft edge a pixel wide).
    let mut tile = vec![1.0f32; n * n];
    if shape == IconStyle::Tile {
        let s = side as f32;
        let r = CORNER * s;
        for (i, cover) in tile.iter_mut().enumerate() {
            let (x, y) = ((i % n) as f32 + 0.5, (i / n) as f32 + 0.5);
            // Distance outside the rounded square (negative inside).
            let dx = (r - x).max(x - (s - r)).max(0.0);
            let dy = (r - y).max(y - (s - r)).max(0.0);
            let outside = (dx * dx + dy * dy).sqrt() - r;
            *cover = (0.5 - outside).clamp(0.0, 1.0);
        }
    }
    let text = text_coverage(side, shape);
    let mut rgba = Vec::with_capacity(n * n * 4);
    for (cover, ink_cover) in tile.iter().zip(&text) {
        let mix =
            |b: u8, i: u8| (f32::from(b) + (f32::from(i) - f32::from(b)) * *ink_cover).round();
        rgba.extend([
            mix(background[0], ink[0]) as u8,
            mix(background[1], ink[1]) as u8,
            mix(background[2], ink[2]) as u8,
            (cover * 255.0).round() as u8,
        ]);
    }
    rgba
}

/// "2048" across the middle: how much of each pixel it covers, 0 to 1. Its width is 78 % of the
/// side on a tile (as the page's favicon), 58 % on a maskable icon (inside the safe circle).
fn text_coverage(side: u32, shape: IconStyle) -> Vec<f32> {
    let n = side as usize;
    let mut coverage = vec![0.0f32; n * n];
    let font = FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses");
    let width_share = match shape {
        IconStyle::Tile => 0.78,
        IconStyle::Maskable => 0.58,
    };
    // Lay out at a unit scale, then scale so the digits' ink spans the share of the side.
    let unit = PxScale::from(100.0);
    let (ink_min, ink_max) = ink_bounds(&font, unit);
    let scale = PxScale::from(100.0 * width_share * side as f32 / (ink_max.x - ink_min.x));
    let (min, max) = ink_bounds(&font, scale);
    // Centre the digits' ink (not the line box) in the square.
    let offset = point(
        (side as f32 - (max.x - min.x)) / 2.0 - min.x,
        (side as f32 - (max.y - min.y)) / 2.0 - min.y,
    );
    for glyph in layout(&font, scale) {
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        outline.draw(|x, y, c| {
            let px = (bounds.min.x + offset.x) as i64 + i64::from(x);
            let py = (bounds.min.y + offset.y) as i64 + i64::from(y);
            if (0..n as i64).contains(&px) && (0..n as i64).contains(&py) {
                let cell = &mut coverage[py as usize * n + px as usize];
                *cell = (*cell + c).min(1.0);
            }
        });
    }
    coverage
}

/// The four digits on one baseline at `scale`, kerned as the game's labels are.
fn layout(font: &FontRef<'_>, scale: PxScale) -> Vec<ab_glyph::Glyph> {
    let ascent = font.as_scaled(scale).ascent();
    let (pens, _) = pens(font, scale, "2048");
    pens.into_iter()
        .map(|(id, pen)| id.with_scale_and_position(scale, point(pen, ascent)))
        .collect()
}

/// The box around the digits' ink (whole pixels, as they are drawn) at `scale`.
fn ink_bounds(font: &FontRef<'_>, scale: PxScale) -> (ab_glyph::Point, ab_glyph::Point) {
    let mut min = point(f32::MAX, f32::MAX);
    let mut max = point(f32::MIN, f32::MIN);
    for glyph in layout(font, scale) {
        if let Some(outline) = font.outline_glyph(glyph) {
            let b = outline.px_bounds();
            min = point(min.x.min(b.min.x), min.y.min(b.min.y));
            max = point(max.x.max(b.max.x), max.y.max(b.max.y));
        }
    }
    (min, max)
}

fn srgb_u8(color: Color) -> [u8; 3] {
    let [r, g, b, _] = color.to_srgba().to_u8_array();
    [r, g, b]
}

/// The desktop window's icon, set through winit once bevy has made the window.
#[cfg(not(target_arch = "wasm32"))]
mod window_icon {
    use bevy::{
        ecs::system::NonSendMarker, prelude::*, window::PrimaryWindow, winit::WINIT_WINDOWS,
    };

    use super::{IconStyle, WINDOW_ICON_SIDE, draw};

    /// The icon is on the window.
    #[derive(Resource)]
    pub(super) struct Shown;

    /// Runs each frame until the window exists (winit makes it after the first frames), on the
    /// main thread (winit's windows live there).
    pub(super) fn set(
        window: Query<Entity, With<PrimaryWindow>>,
        mut commands: Commands,
        _main_thread: NonSendMarker,
    ) {
        let Ok(entity) = window.single() else {
            return;
        };
        let shown = WINIT_WINDOWS.with_borrow(|windows| {
            let Some(window) = windows.get_window(entity) else {
                return false;
            };
            let side = WINDOW_ICON_SIDE;
            match winit::window::Icon::from_rgba(draw(side, IconStyle::Tile), side, side) {
                Ok(icon) => window.set_window_icon(Some(icon)),
                Err(error) => warn!("the window's icon: {error}"),
            }
            true
        });
        if shown {
            commands.insert_resource(Shown);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(rgba: &[u8], side: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * side + x) * 4) as usize;
        [rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]]
    }

    #[test]
    fn a_tile_icon_has_clear_corners_a_gold_edge_and_light_digits_in_the_middle() {
        for side in [32, 64, 128, 192, 512] {
            let rgba = draw(side, IconStyle::Tile);
            assert_eq!(rgba.len(), (side * side * 4) as usize);
            assert_eq!(pixel(&rgba, side, 0, 0)[3], 0, "{side}: a corner is clear");
            let edge = pixel(&rgba, side, side / 2, 0);
            assert_eq!(
                edge,
                [0xed, 0xc2, 0x2e, 255],
                "{side}: the top edge is the tile"
            );
            // The middle row crosses the digits: some pixels are the text's colour.
            let light = (0..side)
                .filter(|&x| pixel(&rgba, side, x, side / 2)[..3] == [0xf9, 0xf6, 0xf2])
                .count();
            assert!(light > 0, "{side}: no digit on the middle row");
        }
    }

    #[test]
    fn the_digits_are_centred_and_a_maskable_icon_keeps_them_in_its_safe_circle() {
        for (shape, side) in [(IconStyle::Tile, 512), (IconStyle::Maskable, 512)] {
            let rgba = draw(side, shape);
            let inked: Vec<(u32, u32)> = (0..side * side)
                .map(|i| (i % side, i / side))
                .filter(|&(x, y)| {
                    let p = pixel(&rgba, side, x, y);
                    p[3] == 255 && p[0] > 0xf0 && p[2] > 0x80
                })
                .collect();
            assert!(!inked.is_empty(), "{shape:?}: no text");
            let (min_x, max_x) = (
                inked.iter().map(|p| p.0).min().unwrap(),
                inked.iter().map(|p| p.0).max().unwrap(),
            );
            let (min_y, max_y) = (
                inked.iter().map(|p| p.1).min().unwrap(),
                inked.iter().map(|p| p.1).max().unwrap(),
            );
            let centre = side as i64 / 2;
            assert!(
                ((min_x + max_x) as i64 / 2 - centre).abs() <= 3,
                "{shape:?}: x"
            );
            assert!(
                ((min_y + max_y) as i64 / 2 - centre).abs() <= 3,
                "{shape:?}: y"
            );
            if shape == IconStyle::Maskable {
                assert_eq!(pixel(&rgba, side, 0, 0)[3], 255, "maskable: full bleed");
                // Every inked pixel within the central circle of radius 40 % of the side.
                let r = 0.4 * side as f32;
                for &(x, y) in &inked {
                    let (dx, dy) = (x as f32 - centre as f32, y as f32 - centre as f32);
                    assert!(
                        (dx * dx + dy * dy).sqrt() <= r,
                        "maskable: ({x}, {y}) outside"
                    );
                }
            }
        }
    }
}
