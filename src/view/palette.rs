//! The original's colours and type sizes.

use bevy::prelude::*;

pub const PAGE: Color = Color::srgb_u8(0xfa, 0xf8, 0xef);
pub const TEXT: Color = Color::srgb_u8(0x77, 0x6e, 0x65);
pub const LIGHT_TEXT: Color = Color::srgb_u8(0xf9, 0xf6, 0xf2);
pub const BOARD: Color = Color::srgb_u8(0xbb, 0xad, 0xa0);
pub const EMPTY_CELL: Color = Color::srgb_u8(0xcd, 0xc0, 0xb4);
pub const BUTTON: Color = Color::srgb_u8(0x8f, 0x7a, 0x66);
/// An option button not chosen: the empty cell's beige.
pub const CHOICE: Color = Color::srgb_u8(0xcd, 0xc0, 0xb4);
/// Notices about saves: a deep orange, 4.8:1 on the page (WCAG AA).
pub const NOTICE: Color = Color::srgb_u8(0xb5, 0x50, 0x1a);
pub const SCORE_LABEL: Color = Color::srgb_u8(0xee, 0xe4, 0xda);
pub const WIN_OVERLAY: Color = Color::srgba(237.0 / 255.0, 194.0 / 255.0, 46.0 / 255.0, 0.5);
pub const OVER_OVERLAY: Color = Color::srgba(238.0 / 255.0, 228.0 / 255.0, 218.0 / 255.0, 0.5);
/// The gold glow of 128–2048, rgba(243, 215, 116, a).
pub const GLOW: Color = Color::srgb_u8(243, 215, 116);

/// Tile background and text colour for a value.
pub fn tile_colors(value: u32) -> (Color, Color) {
    let (bg, fg) = match value {
        2 => ((0xee, 0xe4, 0xda), TEXT),
        4 => ((0xed, 0xe0, 0xc8), TEXT),
        8 => ((0xf2, 0xb1, 0x79), LIGHT_TEXT),
        16 => ((0xf5, 0x95, 0x63), LIGHT_TEXT),
        32 => ((0xf6, 0x7c, 0x5f), LIGHT_TEXT),
        64 => ((0xf6, 0x5e, 0x3b), LIGHT_TEXT),
        128 => ((0xed, 0xcf, 0x72), LIGHT_TEXT),
        256 => ((0xed, 0xcc, 0x61), LIGHT_TEXT),
        512 => ((0xed, 0xc8, 0x50), LIGHT_TEXT),
        1024 => ((0xed, 0xc5, 0x3f), LIGHT_TEXT),
        2048 => ((0xed, 0xc2, 0x2e), LIGHT_TEXT),
        _ => ((0x3c, 0x3a, 0x32), LIGHT_TEXT),
    };
    (Color::srgb_u8(bg.0, bg.1, bg.2), fg)
}

/// The high-contrast theme's tiles, from 2 up: light colours (relative luminance 0.3 or more,
/// so their black numbers stand at 7:1 or more), alternating between brighter and deeper ones so
/// that neighbouring values differ in lightness as well as hue: lightness survives every common
/// colour-vision deficiency. Past the list, the colours repeat.
const HIGH_CONTRAST_TILES: [(u8, u8, u8); 17] = [
    (0xff, 0xff, 0xff), // 2: white
    (0xff, 0xa5, 0x5c), // 4: orange
    (0xff, 0xf1, 0x76), // 8: yellow
    (0x6c, 0xc4, 0xff), // 16: blue
    (0xd9, 0xd9, 0xd9), // 32: grey
    (0xff, 0x8f, 0xa8), // 64: pink
    (0xb5, 0xf5, 0xa8), // 128: green
    (0xc0, 0xa4, 0xff), // 256: violet
    (0xff, 0xe0, 0xb8), // 512: peach
    (0x4f, 0xd6, 0xc8), // 1024: teal
    (0xf6, 0xf6, 0xb0), // 2048: pale yellow
    (0xff, 0x9e, 0xde), // 4096: magenta
    (0xc8, 0xf0, 0xff), // 8192: pale blue
    (0xe8, 0xb0, 0x4a), // 16384: amber
    (0xe6, 0xff, 0xe6), // 32768: pale green
    (0x9c, 0xb4, 0xff), // 65536: periwinkle
    (0xff, 0xd6, 0xd6), // 131072: pale pink
];

/// A tile's background in the high-contrast theme (its number is black).
pub fn high_contrast_tile(value: u32) -> Color {
    let index = value.max(2).trailing_zeros() as usize - 1;
    let (r, g, b) = HIGH_CONTRAST_TILES[index % HIGH_CONTRAST_TILES.len()];
    Color::srgb_u8(r, g, b)
}

/// Glow strength for a value: 0.24 at 128 rising to 0.56 at 2048 (none below 128 or above).
pub fn glow_alpha(value: u32) -> f32 {
    if !(128..=2048).contains(&value) {
        return 0.0;
    }
    let step = value.trailing_zeros() - 7; // 0 for 128 … 4 for 2048
    0.24 + 0.08 * step as f32
}

/// Tile font size on the original's 106.25 px cell: 55 px for 1–2 digits, 45 for 3, 35 for 4,
/// 30 for 5, then smaller so 6 and 7 digits still fit.
pub fn tile_font_px(value: u32) -> f32 {
    match value.checked_ilog10().unwrap_or(0) + 1 {
        1 | 2 => 55.0,
        3 => 45.0,
        4 => 35.0,
        5 => 30.0,
        6 => 25.0,
        _ => 21.0,
    }
}

/// A CSS colour as a browser's computed style gives it, "rgb(250, 248, 239)" (or "rgba(…)", its
/// alpha ignored), as three values in 0..1; `None` for any other form. The page's canvas is
/// painted with it before the first frame (`web::has_webgl2`).
pub fn parse_css_rgb(color: &str) -> Option<[f32; 3]> {
    let color = color.trim();
    let inner = color
        .strip_prefix("rgba(")
        .or_else(|| color.strip_prefix("rgb("))?
        .strip_suffix(')')?;
    let mut parts = inner.split(',').map(|p| p.trim().parse::<f32>().ok());
    let mut channel = || Some(parts.next()?? / 255.0);
    Some([channel()?, channel()?, channel()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_colours_read_as_computed_styles_give_them() {
        let page = parse_css_rgb("rgb(250, 248, 239)").unwrap();
        assert_eq!(page.map(|c| (c * 255.0).round() as u8), [250, 248, 239]);
        assert_eq!(
            parse_css_rgb(" rgba(0, 0, 255, 0.5) "),
            Some([0.0, 0.0, 1.0])
        );
        for bad in ["", "#faf8ef", "rgb(1, 2)", "rgb(1, 2, x)", "rgb(1, 2, 3"] {
            assert_eq!(parse_css_rgb(bad), None, "{bad}");
        }
    }

    #[test]
    fn digits_shrink_with_their_count() {
        assert_eq!(tile_font_px(2), 55.0);
        assert_eq!(tile_font_px(64), 55.0);
        assert_eq!(tile_font_px(128), 45.0);
        assert_eq!(tile_font_px(2048), 35.0);
        assert_eq!(tile_font_px(16384), 30.0);
        assert!(tile_font_px(131072) < 30.0);
    }

    #[test]
    fn glow_grows_from_128_to_2048() {
        assert_eq!(glow_alpha(64), 0.0);
        assert!((glow_alpha(128) - 0.24).abs() < 1e-6);
        assert!((glow_alpha(2048) - 0.56).abs() < 1e-6);
        assert_eq!(glow_alpha(4096), 0.0);
    }

    #[test]
    fn tiles_above_2048_are_dark() {
        assert_eq!(tile_colors(4096), tile_colors(1 << 20));
        assert_ne!(tile_colors(2048), tile_colors(4096));
    }
}
