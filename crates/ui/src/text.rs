//! Text as sprites. The game shows a few short lines in one face, so instead of a text engine
//! (shaping, bidi, font fallback: over a megabyte of the web build) it rasterises the glyphs it
//! needs with ab_glyph into one atlas image and draws each glyph as a sprite child of its label.
//! Glyphs are rasterised for the device pixels they cover (`FontPx` × `Zoom`, the zoom counting
//! the window's scale factor: a phone at 3 device pixels per CSS pixel gets glyphs three times
//! as dense), the label is scaled by 1 / zoom so one texel covers one device pixel, and each
//! glyph's corner is put on the device pixel grid (`snap_glyphs`): text is sharp at any window
//! size and pixel density. A change of scale factor rebuilds the glyphs at once; a window being
//! resized is followed once at its first step and once when it has held still for [`SETTLE`].
//!
//! Two faces: Clear Sans, and Noto Sans CJK SC for the Chinese characters Clear Sans lacks
//! ([`Faces`]: each character from the first face that has it). A label may have a box
//! ([`TextBox`]): a text too wide for it is made smaller, down to [`SMALLEST`] of its size, or
//! broken into lines (at spaces, or between Chinese characters); how it fits is kept in
//! [`Fitted`], which the tests check for every label of every language.
//!
//! The whole text API is here: [`label`] spawns one, [`Label`] is its text, [`FontPx`] its size,
//! [`TextBox`] its room and [`LabelColor`] its colour.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use bevy::{prelude::*, sprite::Anchor, transform::TransformSystems};

use crate::{DevicePixels, UiSet};

/// Clear Sans Bold, subset to the characters the game shows (Apache-2.0, see assets/fonts),
/// compiled in so the binary runs from anywhere.
pub const FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/ClearSans-Bold-subset.ttf");
/// Noto Sans CJK SC Bold, subset to the Chinese characters the catalogues use (OFL-1.1, see
/// assets/fonts): made by tools/fonts.py.
const CJK_FONT_BYTES: &[u8] = include_bytes!("../../../assets/fonts/NotoSansSC-Bold-subset.otf");
/// A label too wide for its box shrinks to no less than this share of its size.
pub const SMALLEST: f32 = 0.7;
/// A label that may break into lines shrinks to this share at most before it breaks.
const SHRINK_BEFORE_BREAKING: f32 = 0.85;
/// Lines of a label broken in its box are this many times its size apart.
pub const LINE_HEIGHT: f32 = 1.15;
/// The atlas starts this wide and doubles, up to the largest side every WebGL2 device offers,
/// when a zoom or a new text needs more room.
const FIRST_ATLAS_SIDE: u32 = 512;
const MAX_ATLAS_SIDE: u32 = 2048;
/// Empty pixels right of and below each glyph, so filtering never bleeds a neighbour in.
const PADDING: u32 = 1;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Zoom>()
        .init_resource::<ZoomSettling>()
        .add_systems(PreStartup, make_atlas)
        .add_systems(
            Update,
            (
                track_zoom,
                resnap_on_resize.run_if(resource_changed::<DevicePixels>),
                fit_labels,
                lay_out_labels,
                color_glyphs,
            )
                .chain()
                .in_set(UiSet::Text),
        )
        .add_systems(PostUpdate, snap_glyphs.after(TransformSystems::Propagate));
}

/// A line of text in the game's face, at the design size in its `FontPx`, placed by its
/// `Anchor` (the text's box: advance width × the face's ascent to descent).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
#[require(LabelColor, FontPx, Anchor, Transform, Visibility)]
pub struct Label(pub String);

/// A label's font size in design units (the original's CSS pixels). Without one a label takes
/// `BODY_PX`, the size of the page's running text.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FontPx(pub f32);

/// The page's running text: the intro line and the key help.
pub const BODY_PX: f32 = 16.0;

impl Default for FontPx {
    fn default() -> Self {
        Self(BODY_PX)
    }
}

/// Device pixels per design unit that glyphs (and the rounded shapes of `art`) are rasterised
/// for: the camera's zoom times the window's scale factor, once the window holds still
/// ([`track_zoom`]). 1 without a window, as in tests.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Zoom(pub f32);

impl Default for Zoom {
    fn default() -> Self {
        Self(1.0)
    }
}

/// A window being resized is followed when it has held still this long: a drag does not build
/// glyphs for every pixel of its way.
pub const SETTLE: Duration = Duration::from_millis(250);

/// When the window last changed while the zoom waits for it to hold still ([`SETTLE`]); the
/// view keeps frames coming until then.
#[derive(Resource, Debug, Default)]
pub struct ZoomSettling(pub Option<Duration>);

/// Follows the device pixels: at once for a new scale factor (the window on another monitor, the
/// page zoomed) or a change after a quiet while; within a burst of changes (a drag), once they
/// have stopped for [`SETTLE`]. Meanwhile the glyphs drawn are stretched a little.
pub fn track_zoom(
    device: Res<DevicePixels>,
    time: Res<Time>,
    mut zoom: ResMut<Zoom>,
    mut settling: ResMut<ZoomSettling>,
    mut last: Local<Option<(f32, Duration)>>,
) {
    let now = time.elapsed();
    if device.is_changed() {
        let at_once = last.is_none_or(|(factor, when)| {
            factor != device.scale_factor || now.saturating_sub(when) >= SETTLE
        });
        *last = Some((device.scale_factor, now));
        if at_once {
            settling.0 = None;
            zoom.set_if_neq(Zoom(device.zoom));
        } else {
            settling.0 = Some(now);
        }
    }
    if let Some(since) = settling.0
        && now.saturating_sub(since) >= SETTLE
    {
        settling.0 = None;
        zoom.set_if_neq(Zoom(device.zoom));
    }
}

/// Labels are placed again when the device pixel grid moves (a resize at the same zoom moves the
/// window's centre by half a pixel): their glyphs are snapped from where they really are.
fn resnap_on_resize(mut labels: Query<&mut Transform, With<Label>>) {
    for mut transform in &mut labels {
        transform.set_changed();
    }
}

/// Puts each glyph drawn one texel to one device pixel on the device pixel grid (its top-left
/// corner on a pixel's corner), so its texels fall on pixels instead of between them. Glyphs of
/// a label being scaled (a tile's pop) are left where they are.
fn snap_glyphs(
    device: Res<DevicePixels>,
    mut glyphs: Query<&mut GlobalTransform, (With<Glyph>, Changed<GlobalTransform>)>,
) {
    for mut global in &mut glyphs {
        let (scale, rotation, translation) = global.to_scale_rotation_translation();
        let unscaled = (scale.truncate() * device.zoom - Vec2::ONE)
            .abs()
            .max_element()
            <= 1e-3;
        if !unscaled || !rotation.is_near_identity() {
            continue;
        }
        let snapped = device.snap(translation.truncate());
        *global = Transform {
            translation: snapped.extend(translation.z),
            rotation,
            scale,
        }
        .into();
    }
}

/// A label's colour; its glyphs follow it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
pub struct LabelColor(pub Color);

/// The room a label has: its width, how many lines it may break into and, if it must stay
/// within one, the height of its box (design units).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct TextBox {
    pub width: f32,
    pub lines: usize,
    pub height: Option<f32>,
}

impl TextBox {
    /// One line of at most `width`.
    pub const fn line(width: f32) -> Self {
        Self {
            width,
            lines: 1,
            height: None,
        }
    }

    /// Up to `lines` lines of at most `width`.
    pub const fn lines(width: f32, lines: usize) -> Self {
        Self {
            width,
            lines,
            height: None,
        }
    }

    /// Its lines together no taller than `height`.
    pub const fn within(mut self, height: f32) -> Self {
        self.height = Some(height);
        self
    }
}

/// How a label is drawn in its box: at `px` (design units), in `lines`, the widest `widest`
/// wide. A label without a box is one line at its size.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Fitted {
    pub px: f32,
    pub lines: Vec<String>,
    pub widest: f32,
}

/// The game's two faces, the second for the characters the first lacks.
pub struct Faces {
    fonts: [FontRef<'static>; 2],
}

impl Faces {
    fn new() -> Self {
        Self {
            fonts: [
                FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"),
                FontRef::try_from_slice(CJK_FONT_BYTES).expect("the embedded font parses"),
            ],
        }
    }

    /// The faces, read once.
    pub fn get() -> &'static Faces {
        static FACES: OnceLock<Faces> = OnceLock::new();
        FACES.get_or_init(Faces::new)
    }

    /// The face that draws `c` and its glyph there; a space a face lacks (the narrow no-break
    /// space French groups digits with) is the first face's space.
    fn glyph(&self, c: char) -> (usize, GlyphId) {
        for (face, font) in self.fonts.iter().enumerate() {
            let id = font.glyph_id(c);
            if id.0 != 0 {
                return (face, id);
            }
        }
        if c.is_whitespace() {
            return (0, self.fonts[0].glyph_id(' '));
        }
        (0, GlyphId(0))
    }

    /// Whether a face has `c` (a space counts as any space).
    pub fn has(&self, c: char) -> bool {
        self.glyph(c).1.0 != 0
    }

    /// ab_glyph scales by a face's ascent-to-descent height; CSS and the design by its em.
    fn scale(&self, face: usize, px: f32) -> PxScale {
        let font = &self.fonts[face];
        let em = font.units_per_em().unwrap_or(1000.0);
        PxScale::from(px * font.height_unscaled() / em)
    }

    /// Each character's face, glyph and pen position (advances, kerned within a face) at `px`,
    /// and the line's width.
    fn pens(&self, px: f32, text: &str) -> (Vec<(usize, GlyphId, f32)>, f32) {
        let mut pen = 0.0;
        let mut previous: Option<(usize, GlyphId)> = None;
        let mut glyphs = Vec::with_capacity(text.len());
        for c in text.chars() {
            let (face, id) = self.glyph(c);
            let scaled = self.fonts[face].as_scaled(self.scale(face, px));
            if let Some((last_face, last)) = previous
                && last_face == face
            {
                pen += scaled.kern(last, id);
            }
            glyphs.push((face, id, pen));
            pen += scaled.h_advance(id);
            previous = Some((face, id));
        }
        (glyphs, pen)
    }

    /// How wide `text` is at `px`.
    pub fn width(&self, px: f32, text: &str) -> f32 {
        self.pens(px, text).1
    }

    /// The first face's ascent and descent at `px` (the line box).
    fn ascent_descent(&self, px: f32) -> (f32, f32) {
        let scaled = self.fonts[0].as_scaled(self.scale(0, px));
        (scaled.ascent(), scaled.descent())
    }

    /// `text` at `px` in lines no wider than `width`, broken at spaces or between Chinese
    /// characters (a closing mark stays with what it closes); a piece wider than the line on
    /// its own stays whole.
    fn wrap(&self, px: f32, text: &str, width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for piece in pieces(text) {
            let longer = format!("{line}{piece}");
            if !line.is_empty() && self.width(px, longer.trim_end()) > width {
                lines.push(line.trim_end().to_string());
                line = piece.trim_start().to_string();
            } else {
                line = longer;
            }
        }
        lines.push(line.trim_end().to_string());
        lines
    }

    /// How `text` at `px` fits `bx`: whole, or smaller (to `SMALLEST` of its size), or broken
    /// into lines (at a size that lets them fit, if any does); else one line at the smallest
    /// size, too wide.
    pub fn fit(&self, text: &str, px: f32, bx: &TextBox) -> Fitted {
        let one = |px: f32| Fitted {
            px,
            lines: vec![text.to_string()],
            widest: self.width(px, text),
        };
        let whole = one(px);
        if whole.widest <= bx.width {
            return whole;
        }
        let shrunk = px * bx.width / whole.widest;
        if shrunk >= px * SHRINK_BEFORE_BREAKING || bx.lines < 2 {
            return one(shrunk.max(px * SMALLEST));
        }
        for step in 0..=6 {
            let size = px * (1.0 - step as f32 * (1.0 - SMALLEST) / 6.0);
            let lines = self.wrap(size, text, bx.width);
            let tall = lines.len() as f32 * size * LINE_HEIGHT;
            let widest = lines
                .iter()
                .map(|l| self.width(size, l))
                .fold(0.0, f32::max);
            let fitted = Fitted {
                px: size,
                lines,
                widest,
            };
            let room = fitted.lines.len() <= bx.lines && bx.height.is_none_or(|h| tall <= h);
            if room && widest <= bx.width {
                return fitted;
            }
            // Nothing fits: the smallest lines that the box holds, a word too wide among them,
            // else one line.
            if step == 6 && room {
                return fitted;
            }
        }
        one(px * SMALLEST)
    }
}

/// The places a line may break after: a word with its space, or one Chinese character (with
/// the punctuation that follows it, and the opening mark before it). Spaces and a separating
/// dot stay at the end of the line before; a lone letter or digit (a key's name: "O options")
/// stays with the word after it.
fn pieces(text: &str) -> Vec<String> {
    let wide =
        |c: char| ('\u{2E80}'..='\u{9FFF}').contains(&c) || ('\u{F900}'..='\u{FFEF}').contains(&c);
    let closing = |c: char| "，。、：；！？）」』》”’".contains(c);
    let opening = |c: char| "（「『《“‘".contains(c);
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for c in text.trim_start().chars() {
        let after_opening = piece.chars().last().is_some_and(opening);
        if (wide(c) || opening(c)) && !closing(c) && !piece.is_empty() && !after_opening {
            pieces.push(std::mem::take(&mut piece));
        }
        piece.push(c);
        if c == ' ' {
            pieces.push(std::mem::take(&mut piece));
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    let mut joined: Vec<String> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let trailing = piece.trim().is_empty() || piece.trim() == "·";
        match joined.last_mut() {
            Some(last) if trailing || is_lone(last) => last.push_str(&piece),
            _ => joined.push(piece),
        }
    }
    joined
}

/// A piece that is one ASCII letter or digit and its space.
fn is_lone(piece: &str) -> bool {
    let mut chars = piece.trim_end().chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphanumeric())
        && piece.ends_with(' ')
}

/// One glyph of a label: a sprite cut from the atlas.
#[derive(Component, Debug)]
pub struct Glyph;

/// Where a rasterised glyph is in the atlas, and where its bitmap's top-left corner sits
/// relative to the pen on the baseline (x right, y up, in pixels).
#[derive(Debug, Clone, Copy, PartialEq)]
struct AtlasSlot {
    rect: Rect,
    offset: Vec2,
}

/// The atlas is full: clear or grow it and lay everything out again.
#[derive(Debug, PartialEq, Eq)]
struct Full;

/// Glyphs in rows, left to right, a new row below the tallest of the last one.
#[derive(Debug, Default)]
struct Shelf {
    x: u32,
    y: u32,
    row_height: u32,
}

impl Shelf {
    /// The top-left corner of a free `w` × `h` box in a `side` × `side` image, if there is one.
    fn place(&mut self, w: u32, h: u32, side: u32) -> Option<UVec2> {
        let (w, h) = (w + PADDING, h + PADDING);
        if self.x + w > side {
            self.x = 0;
            self.y += self.row_height;
            self.row_height = 0;
        }
        if w > side || self.y + h > side {
            return None;
        }
        let at = UVec2::new(self.x, self.y);
        self.x += w;
        self.row_height = self.row_height.max(h);
        Some(at)
    }
}

/// The image the faces' glyphs are rasterised into, keyed by face, glyph and pixel size.
#[derive(Resource)]
pub struct GlyphAtlas {
    faces: &'static Faces,
    image: Handle<Image>,
    side: u32,
    /// Keyed by face, glyph and pixel size in 64ths of a pixel.
    slots: HashMap<(usize, GlyphId, u32), Option<AtlasSlot>>,
    shelf: Shelf,
}

fn blank_atlas(side: u32) -> Image {
    // White everywhere: a glyph is only coverage in alpha, and its sprite's colour tints it.
    // (One repeated slice, not `Image::new_fill`: at opt-level 0 the fill's iterator took 22 %
    // of a headless app's start, and a start in a window pays it too.)
    let pixels = side as usize * side as usize;
    crate::image::square_image(side, [255, 255, 255, 0].repeat(pixels))
}

fn make_atlas(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(GlyphAtlas::new(&mut images));
}

/// One glyph of a laid-out line: its atlas rectangle and its top-left corner in the label.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PlacedGlyph {
    rect: Rect,
    top_left: Vec2,
}

impl GlyphAtlas {
    fn new(images: &mut Assets<Image>) -> Self {
        Self {
            faces: Faces::get(),
            image: images.add(blank_atlas(FIRST_ATLAS_SIDE)),
            side: FIRST_ATLAS_SIDE,
            slots: HashMap::new(),
            shelf: Shelf::default(),
        }
    }

    /// Empties the atlas, twice as large unless it is at its largest already.
    fn clear(&mut self, images: &mut Assets<Image>) {
        self.side = (self.side * 2).min(MAX_ATLAS_SIDE);
        self.empty(images);
    }

    /// Empties the atlas at its size (a new zoom: the glyphs of the last one are not drawn again).
    fn empty(&mut self, images: &mut Assets<Image>) {
        self.slots.clear();
        self.shelf = Shelf::default();
        if let Some(mut image) = images.get_mut(&self.image) {
            *image = blank_atlas(self.side);
        }
    }

    /// The glyph at `px` pixels (to a 64th), rasterised on first use; `None` for a glyph with
    /// no ink.
    fn slot(
        &mut self,
        images: &mut Assets<Image>,
        face: usize,
        id: GlyphId,
        px: f32,
    ) -> Result<Option<AtlasSlot>, Full> {
        let key = (face, id, (px * 64.0).round() as u32);
        if let Some(slot) = self.slots.get(&key) {
            return Ok(*slot);
        }
        let scale = self.faces.scale(face, px);
        let Some(outline) = self.faces.fonts[face].outline_glyph(id.with_scale(scale)) else {
            self.slots.insert(key, None);
            return Ok(None);
        };
        let bounds = outline.px_bounds();
        let (w, h) = (bounds.width() as u32, bounds.height() as u32);
        let at = self.shelf.place(w, h, self.side).ok_or(Full)?;
        let side = self.side as usize;
        if let Some(mut image) = images.get_mut(&self.image)
            && let Some(data) = image.data.as_mut()
        {
            outline.draw(|x, y, coverage| {
                let index = ((at.y + y) as usize * side + (at.x + x) as usize) * 4 + 3;
                data[index] = (coverage.clamp(0.0, 1.0) * 255.0).round() as u8;
            });
        }
        let slot = AtlasSlot {
            rect: Rect::new(
                at.x as f32,
                at.y as f32,
                (at.x + w) as f32,
                (at.y + h) as f32,
            ),
            offset: Vec2::new(bounds.min.x, -bounds.min.y),
        };
        self.slots.insert(key, Some(slot));
        Ok(Some(slot))
    }

    /// Lays `text` out at `px` pixels around the anchor point, rasterising what is missing.
    #[cfg(test)]
    fn lay_out(
        &mut self,
        images: &mut Assets<Image>,
        text: &str,
        px: f32,
        anchor: Vec2,
    ) -> Result<Vec<PlacedGlyph>, Full> {
        self.lay_out_lines(images, &[text.to_string()], px, anchor)
    }

    /// Lays `lines` out at `px` pixels, one under the other, their block placed around the
    /// anchor point as one line's box would be and each line aligned by the anchor's x.
    fn lay_out_lines(
        &mut self,
        images: &mut Assets<Image>,
        lines: &[String],
        px: f32,
        anchor: Vec2,
    ) -> Result<Vec<PlacedGlyph>, Full> {
        let faces = self.faces;
        let (ascent, descent) = faces.ascent_descent(px);
        let step = (px * LINE_HEIGHT).round();
        let count = lines.len().max(1) as f32;
        let mut placed = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let (pens, width) = faces.pens(px, line);
            let first = placed.len();
            for (face, id, pen) in pens {
                if let Some(slot) = self.slot(images, face, id, px)? {
                    placed.push(PlacedGlyph {
                        rect: slot.rect,
                        top_left: Vec2::new(pen.round() + slot.offset.x, slot.offset.y),
                    });
                }
            }
            // The box's centre relative to the anchor point, and the baseline relative to the
            // centre: half the ascent-to-descent height below it, as CSS centres a line. Lines
            // after the first go down a step each, the block centred where one line would be.
            let size = Vec2::new(width, ascent - descent + step * (count - 1.0));
            let left = -(anchor.x + 0.5) * width;
            let baseline = -anchor.y * size.y - (ascent + descent) / 2.0
                + step * (count - 1.0) / 2.0
                - step * i as f32;
            for glyph in &mut placed[first..] {
                glyph.top_left += Vec2::new(left.round(), baseline.round());
            }
        }
        Ok(placed)
    }
}

/// Each glyph of `text` on one line at `scale` and its pen position (advances, kerned), and the
/// line's width (the labels', and the icon's "2048").
pub fn pens(font: &FontRef<'_>, scale: PxScale, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let scaled = font.as_scaled(scale);
    let mut pen = 0.0;
    let mut previous = None;
    let mut glyphs = Vec::with_capacity(text.len());
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(previous) = previous {
            pen += scaled.kern(previous, id);
        }
        glyphs.push((id, pen));
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
    (glyphs, pen)
}

/// Fits labels whose text, size or box changed in their box (a label without one is one line
/// at its size).
fn fit_labels(
    mut commands: Commands,
    labels: Query<
        (Entity, &Label, &FontPx, Option<&TextBox>),
        Or<(Changed<Label>, Changed<FontPx>, Changed<TextBox>)>,
    >,
) {
    let faces = Faces::get();
    for (entity, label, px, bx) in &labels {
        let fitted = match bx {
            Some(bx) => faces.fit(&label.0, px.0, bx),
            None => Fitted {
                px: px.0,
                lines: vec![label.0.clone()],
                widest: faces.width(px.0, &label.0),
            },
        };
        commands.entity(entity).insert(fitted);
    }
}

/// Lays out labels whose fit or anchor changed, or all of them when the zoom changed, and gives
/// each its glyph sprites.
fn lay_out_labels(
    mut commands: Commands,
    zoom: Res<Zoom>,
    mut atlas: ResMut<GlyphAtlas>,
    mut images: ResMut<Assets<Image>>,
    mut labels: Query<(
        Entity,
        Ref<Fitted>,
        Ref<Anchor>,
        &LabelColor,
        &mut Transform,
        Option<&Children>,
    )>,
    glyphs: Query<(), With<Glyph>>,
) {
    let mut everything = zoom.is_changed();
    if zoom.is_changed() && !zoom.is_added() {
        atlas.empty(&mut images);
    }
    let mut laid_out = Vec::new();
    // A full atlas is emptied (or grown) and every label laid out again: at most twice a frame
    // (from 512 to 2048 texels a side in one frame, as glyphs for 3 device pixels a pixel need).
    for _ in 0..3 {
        laid_out.clear();
        let mut full = false;
        for (entity, fitted, anchor, ..) in &labels {
            if !(everything || fitted.is_changed() || anchor.is_changed()) {
                continue;
            }
            // At its exact size (to a 64th of a pixel): the text is as wide as it was fitted.
            let pixels = ((fitted.px * zoom.0).max(1.0) * 64.0).round() / 64.0;
            match atlas.lay_out_lines(&mut images, &fitted.lines, pixels, anchor.as_vec()) {
                Ok(placed) => laid_out.push((entity, placed)),
                Err(Full) => {
                    full = true;
                    break;
                }
            }
        }
        if !full {
            break;
        }
        atlas.clear(&mut images);
        everything = true;
    }
    for (entity, placed) in laid_out.drain(..) {
        let Ok((.., color, mut transform, children)) = labels.get_mut(entity) else {
            continue;
        };
        for &child in children.into_iter().flatten() {
            if glyphs.contains(child) {
                commands.entity(child).despawn();
            }
        }
        transform.scale = Vec3::splat(1.0 / zoom.0);
        for glyph in placed {
            commands.spawn((
                Glyph,
                ChildOf(entity),
                Sprite {
                    image: atlas.image.clone(),
                    rect: Some(glyph.rect),
                    color: color.0,
                    ..default()
                },
                Anchor::TOP_LEFT,
                Transform::from_translation(glyph.top_left.extend(0.0)),
            ));
        }
    }
}

/// Glyphs take their label's colour (fades change it every frame).
fn color_glyphs(
    labels: Query<(&LabelColor, &Children), Changed<LabelColor>>,
    mut glyphs: Query<&mut Sprite, With<Glyph>>,
) {
    for (color, children) in &labels {
        for &child in children {
            if let Ok(mut sprite) = glyphs.get_mut(child) {
                sprite.color = color.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atlas() -> (GlyphAtlas, Assets<Image>) {
        let mut images = Assets::<Image>::default();
        (GlyphAtlas::new(&mut images), images)
    }

    #[test]
    fn shelf_fills_rows_then_reports_full() {
        let mut shelf = Shelf::default();
        assert_eq!(shelf.place(9, 4, 20), Some(UVec2::new(0, 0)));
        assert_eq!(shelf.place(9, 9, 20), Some(UVec2::new(10, 0)));
        // No room left in the row: the next row starts under the tallest box (9 + padding).
        assert_eq!(shelf.place(5, 5, 20), Some(UVec2::new(0, 10)));
        assert_eq!(
            shelf.place(5, 10, 20),
            None,
            "too tall for what is left below"
        );
        assert_eq!(shelf.place(30, 1, 20), None);
    }

    #[test]
    fn glyphs_are_rasterised_once_per_size() {
        let (mut atlas, mut images) = atlas();
        let line = atlas
            .lay_out(&mut images, "2048", 55.0, Vec2::ZERO)
            .unwrap();
        assert_eq!(line.len(), 4);
        assert_eq!(atlas.slots.len(), 4);
        let again = atlas
            .lay_out(&mut images, "8402", 55.0, Vec2::ZERO)
            .unwrap();
        assert_eq!(atlas.slots.len(), 4, "same glyphs, same size: nothing new");
        assert_eq!(again[0].rect, line[3].rect);
        atlas.lay_out(&mut images, "2", 56.0, Vec2::ZERO).unwrap();
        assert_eq!(atlas.slots.len(), 5, "a new size is a new glyph");
        // The bitmap has ink: some alpha is set, and RGB stays white.
        let data = images.get(&atlas.image).unwrap().data.as_ref().unwrap();
        assert!(data.chunks(4).any(|p| p[3] > 200));
        assert!(data.chunks(4).all(|p| p[..3] == [255, 255, 255]));
    }

    #[test]
    fn spaces_advance_without_a_sprite() {
        let (mut atlas, mut images) = atlas();
        let left = Vec2::new(-0.5, 0.0);
        let two = atlas.lay_out(&mut images, "R R", 20.0, left).unwrap();
        assert_eq!(two.len(), 2);
        let one = atlas.lay_out(&mut images, "R", 20.0, left).unwrap();
        // The same first glyph in the same place; the second one past it by more than its ink
        // (a space is about a quarter em, 5 px here).
        assert_eq!(two[0].top_left, one[0].top_left);
        let step = two[1].top_left.x - two[0].top_left.x;
        assert!(step > two[0].rect.width() + 3.0, "{step}");
    }

    #[test]
    fn anchors_place_the_box() {
        let (mut atlas, mut images) = atlas();
        let centre = atlas.lay_out(&mut images, "64", 40.0, Vec2::ZERO).unwrap();
        let left = atlas
            .lay_out(&mut images, "64", 40.0, Vec2::new(-0.5, 0.0))
            .unwrap();
        // Centred text is symmetric about x = 0 within a pixel: its ink starts about as far
        // left of the anchor as it ends right of it.
        let ink_left = centre[0].top_left.x;
        let ink_right = centre[1].top_left.x + centre[1].rect.width();
        assert!((ink_left + ink_right).abs() < 6.0, "{ink_left} {ink_right}");
        // Left-anchored text starts at the anchor, as far right as centred text is wide / 2.
        assert!(left[0].top_left.x >= 0.0 && left[0].top_left.x < 6.0);
        // Digits sit on one baseline, their ink around the centre line (cap height ≈ 0.7 em).
        let top = centre[0].top_left.y;
        let bottom = top - centre[0].rect.height();
        assert!(top > 10.0 && bottom < -10.0, "{top} {bottom}");
        assert!((top + bottom).abs() < 6.0, "{top} {bottom}");
    }

    #[test]
    fn a_text_too_wide_shrinks_or_breaks_into_lines() {
        let faces = Faces::get();
        let text = "Join the tiles, get to 2048!";
        let wide = faces.width(16.0, text);
        // Room enough: as it is.
        let fitted = faces.fit(text, 16.0, &TextBox::line(wide + 1.0));
        assert_eq!((fitted.px, fitted.lines.len()), (16.0, 1));
        // A little short: a little smaller, on one line.
        let fitted = faces.fit(text, 16.0, &TextBox::lines(wide * 0.9, 2));
        assert_eq!(fitted.lines.len(), 1);
        assert!(fitted.px < 16.0 && fitted.widest <= wide * 0.9 + 0.01);
        // Half the room: two lines, broken at a space, each within it.
        let fitted = faces.fit(text, 16.0, &TextBox::lines(wide * 0.55, 2));
        assert_eq!(fitted.lines, ["Join the tiles,", "get to 2048!"]);
        assert!(fitted.widest <= wide * 0.55);
        // No room for it at all: one line at the smallest size, too wide (a test finds it).
        let fitted = faces.fit(text, 16.0, &TextBox::line(wide * 0.3));
        assert_eq!(fitted.px, 16.0 * SMALLEST);
        assert!(fitted.widest > wide * 0.3);
    }

    #[test]
    fn pairs_the_font_kerns_are_kerned() {
        // Clear Sans kerns "To" by -205 of its 2048 units a side (tools/fonts.py copies its GPOS
        // pairs into the `kern` table that ab_glyph reads): at 20 px, 2 px closer than T and o
        // set apart; "oo" is not kerned.
        let faces = Faces::get();
        let apart = faces.width(20.0, "T") + faces.width(20.0, "o");
        let kerned = faces.width(20.0, "To");
        assert!(
            (apart - kerned - 20.0 * 205.0 / 2048.0).abs() < 0.01,
            "{apart} {kerned}"
        );
        let o = faces.width(20.0, "o");
        assert!((faces.width(20.0, "oo") - 2.0 * o).abs() < 1e-4);
    }

    #[test]
    fn a_box_s_height_and_odd_texts_are_kept_to() {
        let faces = Faces::get();
        // Empty: as it is.
        let fitted = faces.fit("", 18.0, &TextBox::lines(50.0, 2));
        assert_eq!((fitted.px, fitted.lines.len()), (18.0, 1));
        // One word wider than the box, which may break: no break helps, the smallest size.
        let word = "Statistikübersicht";
        let fitted = faces.fit(word, 18.0, &TextBox::lines(40.0, 2));
        assert_eq!(fitted.lines, [word]);
        assert_eq!(fitted.px, 18.0 * SMALLEST);
        // Two lines would fit the width but not the height: shrunk on one line instead.
        let text = "Keep going now";
        let wide = faces.width(18.0, text);
        let tight = TextBox::lines(wide * 0.6, 2).within(18.0);
        let fitted = faces.fit(text, 18.0, &tight);
        assert_eq!(fitted.lines.len(), 1, "{fitted:?}");
        let roomy = TextBox::lines(wide * 0.6, 2).within(60.0);
        assert_eq!(faces.fit(text, 18.0, &roomy).lines.len(), 2);
    }

    #[test]
    fn lines_stack_a_step_apart_around_where_one_line_would_be() {
        let (mut atlas, mut images) = atlas();
        let lines = ["AB".to_string(), "AB".to_string()];
        let one = atlas
            .lay_out_lines(&mut images, &lines[..1], 20.0, Vec2::ZERO)
            .unwrap();
        let two = atlas
            .lay_out_lines(&mut images, &lines, 20.0, Vec2::ZERO)
            .unwrap();
        assert_eq!(two.len(), 4);
        // Each line is centred as the single one is; the second a line step under the first;
        // the pair centred where the one line was.
        assert_eq!(two[0].top_left.x, one[0].top_left.x);
        assert_eq!(two[2].top_left.x, one[0].top_left.x);
        let step = two[0].top_left.y - two[2].top_left.y;
        assert_eq!(step, (20.0 * LINE_HEIGHT).round());
        let middle = (two[0].top_left.y + two[2].top_left.y) / 2.0;
        assert!(
            (middle - one[0].top_left.y).abs() <= 1.0,
            "{middle} {one:?}"
        );
        // Left-anchored lines start at the anchor, each.
        let left = atlas
            .lay_out_lines(&mut images, &lines, 20.0, Vec2::new(-0.5, 0.0))
            .unwrap();
        assert_eq!(left[0].top_left.x, left[2].top_left.x);
        assert!(left[0].top_left.x >= 0.0 && left[0].top_left.x < 4.0);
    }

    #[test]
    fn chinese_breaks_between_characters_not_before_its_marks() {
        assert_eq!(pieces("开始新游戏？"), ["开", "始", "新", "游", "戏？"]);
        assert_eq!(pieces("ab c 一二"), ["ab ", "c 一", "二"]);
        // A key's letter is not left at the end of a line.
        assert_eq!(
            pieces("R new game  ·  O options"),
            ["R new ", "game  ·  ", "O options"]
        );
        // An opening mark stays with what it opens, a closing one with what it closes.
        assert_eq!(pieces("选“新游戏”。"), ["选", "“新", "游", "戏”。"]);
        let faces = Faces::get();
        let one = faces.width(18.0, "左");
        let lines = faces.wrap(18.0, "左右上下分", one * 2.5);
        assert_eq!(lines, ["左右", "上下", "分"]);
        // Chinese characters are drawn from the second face, at their own advance.
        assert_eq!(faces.glyph('游').0, 1);
        assert_eq!(faces.glyph('A').0, 0);
        assert!(one > faces.width(18.0, "a"));
    }

    #[test]
    fn a_full_atlas_is_reported_then_grows() {
        let (mut atlas, mut images) = atlas();
        let mut px = 200.0;
        let full = loop {
            match atlas.lay_out(&mut images, "2048", px, Vec2::ZERO) {
                Ok(_) => px += 1.0,
                Err(full) => break full,
            }
        };
        assert_eq!(full, Full);
        atlas.clear(&mut images);
        assert_eq!(atlas.side, FIRST_ATLAS_SIDE * 2);
        assert_eq!(images.get(&atlas.image).unwrap().width(), atlas.side);
        assert!(atlas.slots.is_empty());
        assert!(atlas.lay_out(&mut images, "2048", px, Vec2::ZERO).is_ok());
    }
}
