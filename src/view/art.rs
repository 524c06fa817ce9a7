//! Images made without files: procedural white rounded-rectangle and glow images, tinted per
//! sprite and drawn 9-sliced. (The font is embedded by `text`.)

use bevy::{
    asset::RenderAssetUsages,
    image::Image,
    prelude::*,
    render::render_resource::{Extent3d, TextureDimension, TextureFormat},
    sprite::{BorderRect, SliceScaleMode, TextureSlicer},
};

/// Tile and button corner radius (the original's 3 px) and the board's (6 px).
pub const SMALL_RADIUS: u32 = 3;
pub const LARGE_RADIUS: u32 = 6;
/// How far the 128–2048 glow reaches past a tile's edge: solid for `GLOW_SPREAD`, then fading
/// over `GLOW_BLUR` (the original's `box-shadow: 0 0 30px 10px`).
pub const GLOW_SPREAD: f32 = 10.0;
pub const GLOW_BLUR: f32 = 30.0;
const GLOW_EDGE: u32 = (GLOW_SPREAD + GLOW_BLUR) as u32;

/// Handles to the game's shapes.
#[derive(Resource, Debug, Clone)]
pub struct Art {
    small_round: Handle<Image>,
    large_round: Handle<Image>,
    glow: Handle<Image>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_art);
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(Art {
        small_round: images.add(rounded_rect_image(SMALL_RADIUS)),
        large_round: images.add(rounded_rect_image(LARGE_RADIUS)),
        glow: images.add(glow_image()),
    });
}

/// A white square of side 2r+2 whose corners are quarter circles of radius r, with
/// anti-aliased edges (4×4 supersampling).
fn rounded_rect_image(radius: u32) -> Image {
    let side = 2 * radius + 2;
    let r = radius as f32;
    alpha_image(side, |x, y| {
        // Distance into the corner region, measured from the nearest corner circle's centre.
        let cx = x.clamp(r, side as f32 - r);
        let cy = y.clamp(r, side as f32 - r);
        let d = Vec2::new(x - cx, y - cy).length();
        if d <= r { 1.0 } else { 0.0 }
    })
}

/// A soft halo around a tile-sized core: opaque for `GLOW_SPREAD` past the core's edge, then a
/// smooth fall-off to nothing over `GLOW_BLUR`.
fn glow_image() -> Image {
    let side = 2 * GLOW_EDGE + 2;
    let edge = GLOW_EDGE as f32;
    let far = side as f32 - edge;
    alpha_image(side, |x, y| {
        let dx = (edge - x).max(x - far).max(0.0);
        let dy = (edge - y).max(y - far).max(0.0);
        let past_spread = Vec2::new(dx, dy).length() - GLOW_SPREAD;
        let s = 1.0 - (past_spread / GLOW_BLUR).clamp(0.0, 1.0);
        s * s * (3.0 - 2.0 * s)
    })
}

/// A white RGBA image whose alpha is `coverage(x, y)` averaged over 4×4 samples per pixel.
fn alpha_image(side: u32, coverage: impl Fn(f32, f32) -> f32) -> Image {
    const SAMPLES: u32 = 4;
    let mut data = Vec::with_capacity((side * side * 4) as usize);
    for py in 0..side {
        for px in 0..side {
            let mut sum = 0.0;
            for sy in 0..SAMPLES {
                for sx in 0..SAMPLES {
                    let x = px as f32 + (sx as f32 + 0.5) / SAMPLES as f32;
                    let y = py as f32 + (sy as f32 + 0.5) / SAMPLES as f32;
                    sum += coverage(x, y);
                }
            }
            let alpha = (sum / (SAMPLES * SAMPLES) as f32 * 255.0).round() as u8;
            data.extend_from_slice(&[255, 255, 255, alpha]);
        }
    }
    Image::new(
        Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn sliced(image: Handle<Image>, border: f32, color: Color, size: Vec2) -> Sprite {
    Sprite {
        image,
        color,
        custom_size: Some(size),
        image_mode: SpriteImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(border),
            center_scale_mode: SliceScaleMode::Stretch,
            sides_scale_mode: SliceScaleMode::Stretch,
            max_corner_scale: 1.0,
        }),
        ..default()
    }
}

impl Art {
    /// A rectangle with the tiles' 3 px corners.
    pub fn small_round(&self, color: Color, size: Vec2) -> Sprite {
        sliced(self.small_round.clone(), SMALL_RADIUS as f32, color, size)
    }

    /// A rectangle with the board's 6 px corners.
    pub fn large_round(&self, color: Color, size: Vec2) -> Sprite {
        sliced(self.large_round.clone(), LARGE_RADIUS as f32, color, size)
    }

    /// A glow around a tile of side `tile`.
    pub fn glow(&self, color: Color, tile: f32) -> Sprite {
        let edge = GLOW_EDGE as f32;
        sliced(
            self.glow.clone(),
            edge,
            color,
            Vec2::splat(tile + 2.0 * edge),
        )
    }
}
