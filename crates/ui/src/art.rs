//! Images made without files: procedural white rounded-rectangle and glow images, tinted per
//! sprite and drawn 9-sliced. They are baked for the device pixels their corners cover (the
//! text's `Zoom`: camera zoom × scale factor), and baked again, in place, when it changes, so
//! corners stay sharp at 2 and 3 device pixels per pixel. (The font is embedded by `text`.)

use bevy::{
    asset::AssetId,
    image::Image,
    prelude::*,
    sprite::{BorderRect, SliceScaleMode, TextureSlicer},
};

/// Tile and button corner radius (the original's 3 px) and the board's (6 px).
pub const SMALL_RADIUS: u32 = 3;
pub const LARGE_RADIUS: u32 = 6;
/// How far the 128–2048 glow reaches past a tile's edge: solid for `GLOW_SPREAD`, then fading
/// over `GLOW_BLUR` (the original's `box-shadow: 0 0 30px 10px`).
pub const GLOW_SPREAD: f32 = 10.0;
pub const GLOW_BLUR: f32 = 30.0;
const GLOW_EDGE: f32 = GLOW_SPREAD + GLOW_BLUR;

/// One of the game's shapes: its image, and the part of it at each edge that the 9-slice keeps
/// unstretched, in texels and in design units.
#[derive(Debug, Clone)]
struct SlicedImage {
    image: Handle<Image>,
    border_texels: f32,
    border_units: f32,
}

impl SlicedImage {
    /// The slices of this shape: the corners `border_units` wide whatever the texels.
    fn slicer(&self) -> TextureSlicer {
        TextureSlicer {
            border: BorderRect::all(self.border_texels),
            center_scale_mode: SliceScaleMode::Stretch,
            sides_scale_mode: SliceScaleMode::Stretch,
            max_corner_scale: self.border_units / self.border_texels,
        }
    }
}

/// The game's shapes, baked at `zoom` texels per design unit.
#[derive(Resource, Debug, Clone)]
pub struct Art {
    small_round: SlicedImage,
    large_round: SlicedImage,
    glow: SlicedImage,
    zoom: f32,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_art).add_systems(
        Update,
        bake_for_zoom
            .after(crate::text::track_zoom)
            .in_set(crate::UiSet::Text),
    );
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut shape = |border_units: f32, (image, border_texels): (Image, f32)| SlicedImage {
        image: images.add(image),
        border_texels,
        border_units,
    };
    commands.insert_resource(Art {
        small_round: shape(SMALL_RADIUS as f32, rounded_rect_image(SMALL_RADIUS, 1.0)),
        large_round: shape(LARGE_RADIUS as f32, rounded_rect_image(LARGE_RADIUS, 1.0)),
        glow: shape(GLOW_EDGE, glow_image(1.0)),
        zoom: 1.0,
    });
}

/// Bakes the shapes again, into the same images, when the zoom changes, and gives every sprite
/// drawn with one of them its new slices (same size in design units); a sprite made with the
/// slices of the zoom before (spawned in the frame that changed it) gets them in the next frame.
fn bake_for_zoom(
    zoom: Res<crate::text::Zoom>,
    mut art: ResMut<Art>,
    mut images: ResMut<Assets<Image>>,
    mut sprites: ParamSet<(Query<&mut Sprite>, Query<&mut Sprite, Added<Sprite>>)>,
) {
    let rebake = zoom.is_changed() && art.zoom != zoom.0;
    if rebake {
        let k = zoom.0;
        let art = &mut *art;
        art.zoom = k;
        for (shape, (image, border)) in [
            (&mut art.small_round, rounded_rect_image(SMALL_RADIUS, k)),
            (&mut art.large_round, rounded_rect_image(LARGE_RADIUS, k)),
            (&mut art.glow, glow_image(k)),
        ] {
            shape.border_texels = border;
            if let Some(mut old) = images.get_mut(&shape.image) {
                *old = image;
            }
        }
    }
    let slicers: [(AssetId<Image>, TextureSlicer); 3] = [
        (art.small_round.image.id(), art.small_round.slicer()),
        (art.large_round.image.id(), art.large_round.slicer()),
        (art.glow.image.id(), art.glow.slicer()),
    ];
    let fix = |mut sprite: Mut<Sprite>| {
        let Some((_, slicer)) = slicers.iter().find(|(id, _)| *id == sprite.image.id()) else {
            return;
        };
        if !matches!(&sprite.image_mode, SpriteImageMode::Sliced(now) if now == slicer) {
            sprite.image_mode = SpriteImageMode::Sliced(slicer.clone());
        }
    };
    if rebake {
        sprites.p0().iter_mut().for_each(fix);
    } else {
        sprites.p1().iter_mut().for_each(fix);
    }
}

/// The texels of a 9-sliced image at `zoom` texels a design unit whose edges (the slices kept
/// unstretched) are `edge` units: an edge's texels (at least one), and the image's side. Its
/// middle, which the 9-slice stretches, is 2 units at any zoom, so a sprite smaller than the
/// image keeps the same proportions at every density (Bevy scales the corners down to fit it by
/// the sprite's size against the image's).
fn baked_side(edge: f32, zoom: f32) -> (u32, u32) {
    let texels = (edge * zoom).round().max(1.0) as u32;
    (texels, 2 * texels + (2.0 * zoom).round().max(2.0) as u32)
}

/// A white square whose corners are quarter circles of `radius` design units, at `zoom` texels a
/// unit (the radius rounded to whole texels, at least one), with anti-aliased edges (4×4
/// supersampling); and that radius in texels.
fn rounded_rect_image(radius: u32, zoom: f32) -> (Image, f32) {
    let (texels, side) = baked_side(radius as f32, zoom);
    let r = texels as f32;
    let image = alpha_image(side, |x, y| {
        // Distance into the corner region, measured from the nearest corner circle's centre.
        let cx = x.clamp(r, side as f32 - r);
        let cy = y.clamp(r, side as f32 - r);
        let d = Vec2::new(x - cx, y - cy).length();
        if d <= r { 1.0 } else { 0.0 }
    });
    (image, r)
}

/// A soft halo around a tile-sized core: opaque for `GLOW_SPREAD` past the core's edge, then a
/// smooth fall-off to nothing over `GLOW_BLUR` (design units, at `zoom` texels a unit); and the
/// halo's width in texels.
fn glow_image(zoom: f32) -> (Image, f32) {
    let (texels, side) = baked_side(GLOW_EDGE, zoom);
    let edge = texels as f32;
    let per_unit = edge / GLOW_EDGE;
    let far = side as f32 - edge;
    let image = alpha_image(side, |x, y| {
        let dx = (edge - x).max(x - far).max(0.0);
        let dy = (edge - y).max(y - far).max(0.0);
        let past_spread = Vec2::new(dx, dy).length() / per_unit - GLOW_SPREAD;
        let s = 1.0 - (past_spread / GLOW_BLUR).clamp(0.0, 1.0);
        s * s * (3.0 - 2.0 * s)
    });
    (image, edge)
}

/// A white RGBA image whose alpha is `coverage(x, y)` averaged over 4×4 samples per pixel
/// (plain Unorm, as the glyph atlas: white needs no sRGB decoding).
fn alpha_image(side: u32, coverage: impl Fn(f32, f32) -> f32) -> Image {
    let mut data = Vec::with_capacity((side * side * 4) as usize);
    for py in 0..side {
        for px in 0..side {
            let alpha = (supersampled(px, py, &coverage) * 255.0).round() as u8;
            data.extend_from_slice(&[255, 255, 255, alpha]);
        }
    }
    crate::image::square_image(side, data)
}

/// `coverage` averaged over 4×4 samples of pixel (`x`, `y`): the shapes' anti-aliasing.
fn supersampled(x: u32, y: u32, coverage: impl Fn(f32, f32) -> f32) -> f32 {
    const SAMPLES: u32 = 4;
    let mut sum = 0.0;
    for sy in 0..SAMPLES {
        for sx in 0..SAMPLES {
            sum += coverage(
                x as f32 + (sx as f32 + 0.5) / SAMPLES as f32,
                y as f32 + (sy as f32 + 0.5) / SAMPLES as f32,
            );
        }
    }
    sum / (SAMPLES * SAMPLES) as f32
}

/// The radius in whole device pixels (at least one) of a corner of `radius` design units at
/// `zoom` device pixels a unit: the one the 9-sliced shapes are baked with.
pub fn radius_px(radius: u32, zoom: f32) -> f32 {
    (radius as f32 * zoom).round().max(1.0)
}

/// A rounded panel with rounded wells on it (the board and its empty cells), baked as one image
/// whose texels are device pixels, in the colours given. Drawn as one quad it covers each of
/// its pixels once, where a panel and its wells drawn as 9-sliced sprites of their own cover the
/// wells twice, in 9 quads each: on a software renderer that overdraw was a fifth of a frame
/// (docs/design.md, "Light frames"). Edges are anti-aliased as the 9-sliced shapes' corners
/// are (4×4 samples a pixel). Its colours are its own: a new theme bakes it again.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// Where the panel's top-left corner falls in the image's first pixel (0 to 1 each way): a
    /// panel drawn at a fraction of a device pixel keeps its place.
    pub offset: Vec2,
    /// Its size in device pixels.
    pub size: Vec2,
    pub radius: f32,
    pub color: Color,
    /// The wells, in device pixels from the panel's top-left corner, y down.
    pub wells: Vec<Rect>,
    pub well_radius: f32,
    pub well_color: Color,
}

impl Panel {
    /// The image's width and height in texels: the panel with its offset, whole.
    pub fn texels(&self) -> UVec2 {
        (self.offset + self.size).ceil().max(Vec2::ONE).as_uvec2()
    }

    /// Its image: where wells cover the panel, the colour the well drawn over the panel would
    /// leave (in sRGB space, as the camera blends), over whatever is behind the panel.
    pub fn bake(&self) -> Image {
        let texels = self.texels();
        let width = texels.x as usize;
        let panel_rect = Rect::from_corners(self.offset, self.offset + self.size);
        let texel = self.texel_fn();
        // Whole pixels are copied from rows of one texel; only the corners' pixels are sampled.
        let (panel_row, well_row) = (texel(1.0, 0.0).repeat(width), texel(1.0, 1.0).repeat(width));
        let mut data = vec![0u8; width * texels.y as usize * 4];
        let mut paint = |rect: Rect, radius: f32, row: &[u8], of: &dyn Fn(f32) -> [u8; 4]| {
            for y in 0..texels.y {
                let line = &mut data[y as usize * width * 4..][..width * 4];
                for (span, whole) in covered(rect, radius, y, width) {
                    if whole {
                        line[span.start * 4..span.end * 4]
                            .copy_from_slice(&row[span.start * 4..span.end * 4]);
                        continue;
                    }
                    for x in span {
                        let c = corner_coverage(rect, radius, x as u32, y);
                        line[x * 4..x * 4 + 4].copy_from_slice(&of(c));
                    }
                }
            }
        };
        paint(panel_rect, self.radius, &panel_row, &|c| texel(c, 0.0));
        // The wells are taken to lie where the panel is whole: the board's cells lie inside its
        // gap, at least 7.5 units from its edge where its corners are 6 (in a window so small
        // that a corner is one pixel, a well's corner pixel may show a shade off).
        for rect in &self.wells {
            let rect = Rect::from_corners(rect.min + self.offset, rect.max + self.offset);
            paint(rect, self.well_radius, &well_row, &|c| texel(1.0, c));
        }
        let mut image = crate::image::rgba_image(texels.x, texels.y, data, COLOUR_TEXELS);
        // Drawn one texel to a device pixel: the nearest texel is the one linear filtering would
        // give, for one read a pixel instead of four.
        image.sampler = bevy::image::ImageSampler::nearest();
        image
    }

    /// The texel where the panel covers `p` of a pixel and a well `w` of it: the well drawn
    /// over the panel, as one colour and alpha that, drawn once over any background, give the
    /// same pixel (in sRGB values, as the camera blends).
    fn texel_fn(&self) -> impl Fn(f32, f32) -> [u8; 4] {
        let (panel, well) = (self.color.to_srgba(), self.well_color.to_srgba());
        move |p, w| {
            let (pa, wa) = (panel.alpha * p, well.alpha * w);
            let alpha = 1.0 - (1.0 - pa) * (1.0 - wa);
            let mix = |panel: f32, well: f32| {
                if alpha > 0.0 {
                    (well * wa + panel * pa * (1.0 - wa)) / alpha
                } else {
                    0.0
                }
            };
            [
                mix(panel.red, well.red),
                mix(panel.green, well.green),
                mix(panel.blue, well.blue),
                alpha,
            ]
            .map(|channel| (channel.clamp(0.0, 1.0) * 255.0).round() as u8)
        }
    }
}

/// The pixels of row `y` (of `width`) that a rectangle with corners of `radius` covers, as
/// spans: whole ones (the pixel's centre inside, as a quad is rasterised, away from the
/// corners), and those in a corner's square, for [`corner_coverage`] to sample.
fn covered(rect: Rect, radius: f32, y: u32, width: usize) -> Vec<(std::ops::Range<usize>, bool)> {
    // The pixels whose centre lies in [lo, hi).
    let span = |lo: f32, hi: f32| {
        let at = |v: f32| ((v - 0.5).ceil().max(0.0) as usize).min(width);
        at(lo)..at(hi).max(at(lo))
    };
    let centre = y as f32 + 0.5;
    if centre < rect.min.y || centre >= rect.max.y {
        return Vec::new();
    }
    let whole = span(rect.min.x, rect.max.x);
    if rect.min.y + radius <= centre && centre < rect.max.y - radius {
        return vec![(whole, true)];
    }
    let middle = span(rect.min.x + radius, rect.max.x - radius);
    let middle = middle.start.max(whole.start)..middle.end.min(whole.end).max(middle.start);
    vec![
        (whole.start..middle.start.max(whole.start), false),
        (middle.clone(), true),
        (middle.end.max(whole.start)..whole.end, false),
    ]
}

/// How a panel's colours (sRGB values) reach the screen as they are. Bevy's sprite shader takes
/// a texel for linear light and encodes it to sRGB for a camera composing in sRGB: an sRGB
/// texture decodes it first. The web build's patched shader encodes the sprite's tint instead
/// and leaves the texel as it is (patches/web/README.md): a plain one.
#[cfg(not(target_arch = "wasm32"))]
const COLOUR_TEXELS: crate::image::TextureFormat = crate::image::TextureFormat::Rgba8UnormSrgb;
#[cfg(target_arch = "wasm32")]
const COLOUR_TEXELS: crate::image::TextureFormat = crate::image::TextureFormat::Rgba8Unorm;

/// How much of pixel (`x`, `y`), in one of the corner squares of a rectangle with corners of
/// `radius` ([`covered`] finds them), the corner's circle covers, as the 9-sliced corner's
/// texels hold it.
fn corner_coverage(rect: Rect, radius: f32, x: u32, y: u32) -> f32 {
    let inner = Rect::from_corners(rect.min + radius, rect.max - radius);
    supersampled(x, y, |x, y| {
        let at = Vec2::new(x, y);
        if at.distance(at.clamp(inner.min, inner.max)) <= radius {
            1.0
        } else {
            0.0
        }
    })
}

fn sliced(shape: &SlicedImage, color: Color, size: Vec2) -> Sprite {
    Sprite {
        image: shape.image.clone(),
        color,
        custom_size: Some(size),
        image_mode: SpriteImageMode::Sliced(shape.slicer()),
        ..default()
    }
}

impl Art {
    /// A rectangle with the tiles' 3 px corners.
    pub fn small_round(&self, color: Color, size: Vec2) -> Sprite {
        sliced(&self.small_round, color, size)
    }

    /// A rectangle with the board's 6 px corners.
    pub fn large_round(&self, color: Color, size: Vec2) -> Sprite {
        sliced(&self.large_round, color, size)
    }

    /// A glow around a tile of side `tile`.
    pub fn glow(&self, color: Color, tile: f32) -> Sprite {
        sliced(&self.glow, color, Vec2::splat(tile + 2.0 * GLOW_EDGE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_baked_for_the_device_pixels_their_corners_cover() {
        // At 1, 2 and 3 device pixels a unit the 3-unit corner is 3, 6 and 9 texels; Bevy's
        // slicer draws it 3 units wide on a tile, and on a bar 3 units high (the replay's
        // track) the same share of its height at every density.
        let mut bar_corner = Vec::new();
        for zoom in [1.0, 2.0, 3.0] {
            let (image, border) = rounded_rect_image(SMALL_RADIUS, zoom);
            assert_eq!(border, 3.0 * zoom);
            assert_eq!(image.width(), (2.0 * border + 2.0 * zoom) as u32);
            let shape = SlicedImage {
                image: Handle::default(),
                border_texels: border,
                border_units: SMALL_RADIUS as f32,
            };
            let whole = Rect::new(0.0, 0.0, image.width() as f32, image.height() as f32);
            let tile = shape
                .slicer()
                .compute_slices(whole, Some(Vec2::splat(106.25)));
            assert_eq!(tile[0].draw_size, Vec2::splat(3.0), "at {zoom}");
            let bar = shape
                .slicer()
                .compute_slices(whole, Some(Vec2::new(100.0, 3.0)));
            bar_corner.push(bar[0].draw_size.y);
            // The corner's curve: no ink at the very corner, solid along the middle of an edge.
            let alpha = |x: u32, y: u32| {
                image.data.as_ref().unwrap()[((y * image.width() + x) * 4 + 3) as usize]
            };
            assert_eq!(alpha(0, 0), 0);
            assert_eq!(alpha(0, image.height() / 2), 255);
        }
        assert!(
            bar_corner.iter().all(|&c| (c - bar_corner[0]).abs() < 1e-4),
            "{bar_corner:?}"
        );
        let (glow, edge) = glow_image(2.0);
        assert_eq!((glow.width(), edge), (2 * 80 + 4, 80.0));
    }

    #[test]
    fn a_panel_with_wells_is_the_pixels_its_sprites_drew_one_over_the_other() {
        // A 20×12 panel a quarter pixel into the image, corners of 3 px, and a 6×6 well of
        // corners of 2 px whose colour is 35 % opaque (the light theme's empty cell).
        let panel_color = Color::srgb_u8(0xbb, 0xad, 0xa0);
        let well_color = Color::srgba_u8(0xee, 0xe4, 0xda, 89);
        let panel = Panel {
            offset: Vec2::splat(0.25),
            size: Vec2::new(20.0, 12.0),
            radius: 3.0,
            color: panel_color,
            wells: vec![Rect::new(3.0, 3.0, 9.0, 9.0)],
            well_radius: 2.0,
            well_color,
        };
        assert_eq!(panel.texels(), UVec2::new(21, 13));
        let image = panel.bake();
        let texel = |x: u32, y: u32| {
            let at = ((y * image.width() + x) * 4) as usize;
            <[u8; 4]>::try_from(&image.data.as_ref().unwrap()[at..at + 4]).unwrap()
        };
        // Outside the rounded corner, on the panel, past its right edge.
        assert_eq!(texel(0, 0)[3], 0);
        assert_eq!(texel(12, 1), [0xbb, 0xad, 0xa0, 255]);
        // Pixel 20 has its centre (20.5) past the panel's edge (20.25), as a quad drew it.
        assert_eq!(texel(19, 6)[3], 255);
        assert_eq!(texel(20, 6)[3], 0);
        // In the well: 35 % of its colour over the panel's, in sRGB values, as blending gave.
        let a = 89.0 / 255.0;
        let mix = |well: u8, panel: u8| (well as f32 * a + panel as f32 * (1.0 - a)).round() as u8;
        assert_eq!(
            texel(6, 6),
            [mix(0xee, 0xbb), mix(0xe4, 0xad), mix(0xda, 0xa0), 255]
        );
        // The well's corner is partly covered: between the two.
        let corner = texel(3, 3);
        assert!(
            corner[0] > 0xbb && corner[0] < mix(0xee, 0xbb),
            "{corner:?}"
        );
    }
}
