//! Light and dark. Entities whose colour depends on the theme carry an [`Ink`]: what the colour
//! is for (the page's text, the board, the game-over cover…), which each theme paints. One
//! system turns it into the shown colour, keeping the alpha a fade gave it. Tile colours are the
//! same in both themes, so tiles stay as legible as the original's; only the page, board, empty
//! cells, boxes, covers and page text change.
//!
//! Inks are roles, not colours: the original gives the score labels and the game-over cover the
//! same beige (#eee4da), yet in the dark theme one must stay light and the other turn dark.

use bevy::{prelude::*, window::PrimaryWindow};

use super::ViewSet;
use super::palette;
use super::palette::{
    BOARD, BUTTON, CHOICE, EMPTY_CELL, LIGHT_TEXT, NOTICE, OVER_OVERLAY, PAGE, SCORE_LABEL, TEXT,
    WIN_OVERLAY,
};
use crate::game::{PlayerOptions, options::system_is_dark};
use crate::save::ThemeChoice;
use g2048_ui::fade::BaseAlpha;
use g2048_ui::text::LabelColor;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Theme>().add_systems(
        Update,
        (resolve_theme, apply_ink).chain().in_set(ViewSet::Ink),
    );
}

/// The theme in effect.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
    /// Black page, white text, light tiles with black numbers at 7:1 or more (WCAG AAA).
    HighContrast,
}

/// What a sprite's or label's colour is for; the shown colour follows the theme.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ink {
    /// The page behind everything, and the covers of the dialogs.
    Page,
    /// Text on the page: title, intro, key help, headings, "+N", the hint arrow.
    Text,
    /// Text on the counter boxes.
    LightText,
    /// Text on buttons (and the menu button's bars).
    ButtonText,
    /// The board, and the counter boxes.
    Board,
    EmptyCell,
    /// MOVES, SCORE, BEST.
    ScoreLabel,
    Button,
    /// An option button not chosen.
    Choice,
    /// A notice under the board, and the AI button while the AI plays.
    Notice,
    /// The game-over cover over the board (half transparent).
    OverCover,
    /// The win cover (half transparent gold, the same in both themes).
    WinCover,
    /// The new-game question's cover: the page, letting the board show through a little.
    QuestionCover,
    /// The ring around the button the keyboard is on.
    Focus,
}

impl Ink {
    /// The light theme's colour: the original's.
    pub fn light(self) -> Color {
        match self {
            Ink::Page => PAGE,
            Ink::Text => TEXT,
            Ink::LightText | Ink::ButtonText => LIGHT_TEXT,
            Ink::Board => BOARD,
            Ink::EmptyCell => EMPTY_CELL,
            Ink::ScoreLabel => SCORE_LABEL,
            Ink::Button => BUTTON,
            Ink::Choice => CHOICE,
            Ink::Notice => NOTICE,
            Ink::OverCover => OVER_OVERLAY,
            Ink::WinCover => WIN_OVERLAY,
            Ink::QuestionCover => PAGE.with_alpha(0.9),
            Ink::Focus => Color::srgb_u8(0x1f, 0x5f, 0xd6),
        }
    }

    /// The dark theme's colour.
    pub fn dark(self) -> Color {
        let page = Color::srgb_u8(0x1f, 0x1d, 0x1a);
        let empty_cell = Color::srgb_u8(0x52, 0x49, 0x40);
        match self {
            Ink::Page => page,
            Ink::Text => Color::srgb_u8(0xd8, 0xcf, 0xc4),
            Ink::Board => Color::srgb_u8(0x3d, 0x36, 0x30),
            Ink::EmptyCell | Ink::Choice => empty_cell,
            Ink::ScoreLabel => Color::srgb_u8(0xcf, 0xc5, 0xbb),
            Ink::Notice => Color::srgb_u8(0xf0, 0x8a, 0x4b),
            // The covers' opacities dim the board as much as 0.5 and 0.9 did when the renderer
            // blended in linear light: a dark cover blended in sRGB space darkens more
            // (docs/design.md, "Light frames").
            Ink::OverCover => page.with_alpha(0.35),
            Ink::QuestionCover => page.with_alpha(0.78),
            Ink::Focus => Color::srgb_u8(0x8c, 0xb8, 0xff),
            Ink::LightText | Ink::ButtonText | Ink::Button | Ink::WinCover => self.light(),
        }
    }

    /// The high-contrast theme's colour: white on black, buttons gold with black text, every
    /// text at 7:1 or more against what it stands on (see the tests).
    pub fn high_contrast(self) -> Color {
        match self {
            Ink::Page => Color::BLACK,
            Ink::Text | Ink::LightText | Ink::ScoreLabel => Color::WHITE,
            Ink::ButtonText => Color::BLACK,
            Ink::Board => Color::srgb_u8(0x3a, 0x3a, 0x3a),
            Ink::EmptyCell => Color::srgb_u8(0x14, 0x14, 0x14),
            // The darkest grey that stands 4.5:1 from the black page and under white text.
            Ink::Choice => Color::srgb_u8(0x76, 0x76, 0x76),
            Ink::Button => Color::srgb_u8(0xff, 0xd4, 0x00),
            Ink::Notice => Color::srgb_u8(0xff, 0xd4, 0x00),
            // As dark as 0.85 and 0.9 were, blended in linear light (see `Ink::dark`).
            Ink::OverCover | Ink::WinCover => Color::BLACK.with_alpha(0.65),
            Ink::QuestionCover => Color::BLACK.with_alpha(0.72),
            Ink::Focus => Color::srgb_u8(0x00, 0xe5, 0xff),
        }
    }
}

/// WCAG's contrast ratio of two opaque colours (1 to 21; 4.5 is the minimum for body text,
/// 3 for large text).
pub fn contrast(a: Color, b: Color) -> f32 {
    let luminance = |c: Color| {
        let c = c.to_linear();
        0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    };
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// A colour with alpha as it shows over an opaque one: blended in sRGB space, as the renderer
/// does (`CompositingSpace::Srgb`) and as a browser blends CSS.
pub fn over(top: Color, below: Color) -> Color {
    let (top, below) = (top.to_srgba(), below.to_srgba());
    let a = top.alpha;
    let mix = |t: f32, b: f32| t * a + b * (1.0 - a);
    Color::Srgba(Srgba::rgb(
        mix(top.red, below.red),
        mix(top.green, below.green),
        mix(top.blue, below.blue),
    ))
}

impl Theme {
    /// A tile's background and number colours: the original's in the light and dark themes.
    pub fn tile_colors(self, value: u32) -> (Color, Color) {
        match self {
            Theme::HighContrast => (palette::high_contrast_tile(value), Color::BLACK),
            Theme::Light | Theme::Dark => palette::tile_colors(value),
        }
    }

    /// The colour to show for `ink`.
    pub fn paint(self, ink: Ink) -> Color {
        match self {
            Theme::Light => ink.light(),
            Theme::Dark => ink.dark(),
            Theme::HighContrast => ink.high_contrast(),
        }
    }
}

/// The chosen theme, or the window's (the system's) when the choice is "System"; light when
/// the platform reports none.
fn resolve_theme(
    options: Res<PlayerOptions>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut theme: ResMut<Theme>,
) {
    let system_dark = system_is_dark(window.as_deref().copied());
    theme.set_if_neq(if options.theme == ThemeChoice::HighContrast {
        Theme::HighContrast
    } else if options.theme.is_dark(system_dark) {
        Theme::Dark
    } else {
        Theme::Light
    });
}

fn apply_ink(
    theme: Res<Theme>,
    clear: Option<ResMut<ClearColor>>,
    mut sprites: Query<(Ref<Ink>, &mut Sprite, Option<&mut BaseAlpha>), Without<LabelColor>>,
    mut labels: Query<(Ref<Ink>, &mut LabelColor)>,
) {
    let all = theme.is_changed();
    if all && let Some(mut clear) = clear {
        clear.0 = theme.paint(Ink::Page);
    }
    for (ink, mut sprite, base) in &mut sprites {
        if all || ink.is_changed() {
            let color = theme.paint(*ink);
            let mut alpha = sprite.color.alpha();
            // A cover's own opacity is the theme's (the high-contrast one covers more): keep
            // the fade it is at, on the new base.
            if matches!(*ink, Ink::OverCover | Ink::WinCover | Ink::QuestionCover)
                && let Some(mut base) = base
            {
                let fade = if base.0 > 0.0 { alpha / base.0 } else { 0.0 };
                base.0 = color.alpha();
                alpha = fade * base.0;
            }
            sprite.color = color.with_alpha(alpha);
        }
    }
    for (ink, mut color) in &mut labels {
        if all || ink.is_changed() {
            let alpha = color.0.alpha();
            color.0 = theme.paint(*ink).with_alpha(alpha);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_theme_keeps_its_text_readable_on_its_covers_and_page() {
        for theme in [Theme::Light, Theme::Dark] {
            let paint = |ink| theme.paint(ink);
            let text = paint(Ink::Text);
            let cover = over(paint(Ink::OverCover), paint(Ink::Board));
            // "Game over!" is 60 px bold: large text.
            let on_cover = contrast(text, cover);
            assert!(
                on_cover >= 3.0,
                "{theme:?}: game over on its cover {on_cover}"
            );
            let on_page = contrast(text, paint(Ink::Page));
            assert!(on_page >= 4.5, "{theme:?}: text on the page {on_page}");
        }
        // The original's beige serves both the score labels and the game-over cover: only the
        // cover turns dark.
        let rgb = |c: Color| c.to_srgba().with_alpha(1.0);
        assert_eq!(rgb(Ink::ScoreLabel.light()), rgb(Ink::OverCover.light()));
        assert_ne!(rgb(Ink::ScoreLabel.dark()), rgb(Ink::OverCover.dark()));
    }

    /// Every tile value the game can show, 2 to 131072.
    fn values() -> impl Iterator<Item = u32> {
        (1..=17).map(|power| 1u32 << power)
    }

    /// Each text the game draws, on what it is drawn on.
    fn texts(theme: Theme) -> Vec<(&'static str, Color, Color)> {
        let paint = |ink| theme.paint(ink);
        vec![
            ("page text", paint(Ink::Text), paint(Ink::Page)),
            ("counter", paint(Ink::LightText), paint(Ink::Board)),
            ("counter name", paint(Ink::ScoreLabel), paint(Ink::Board)),
            ("button", paint(Ink::ButtonText), paint(Ink::Button)),
            ("unchosen option", paint(Ink::Text), paint(Ink::Choice)),
            ("notice", paint(Ink::Notice), paint(Ink::Page)),
            (
                "game over",
                paint(Ink::Text),
                over(paint(Ink::OverCover), paint(Ink::Board)),
            ),
            (
                "you win",
                paint(Ink::LightText),
                over(paint(Ink::WinCover), paint(Ink::Board)),
            ),
        ]
    }

    #[test]
    fn high_contrast_numbers_and_texts_stand_at_7_to_1() {
        let theme = Theme::HighContrast;
        for value in values() {
            let (bg, fg) = theme.tile_colors(value);
            let ratio = contrast(fg, bg);
            assert!(ratio >= 7.0, "tile {value}: {ratio:.2}:1");
        }
        for (what, fg, bg) in texts(theme) {
            let ratio = contrast(fg, bg);
            // The unchosen options' grey must also stand out from the page (below): 4.5:1
            // is as far as both can go.
            let least = if what == "unchosen option" { 4.5 } else { 7.0 };
            assert!(ratio >= least, "{what}: {ratio:.2}:1");
        }
        // "Game over!" and "You win!" (60 px bold: large text, where AAA asks 4.5:1) over the
        // lightest tile under the cover too.
        let lightest = theme.tile_colors(2).0;
        for (ink, cover) in [(Ink::Text, Ink::OverCover), (Ink::LightText, Ink::WinCover)] {
            let ratio = contrast(theme.paint(ink), over(theme.paint(cover), lightest));
            assert!(
                ratio >= 4.5,
                "{ink:?} over a covered white tile: {ratio:.2}:1"
            );
        }
        // Buttons (chosen and not) and the focus ring against the page.
        for ink in [Ink::Button, Ink::Choice, Ink::Focus] {
            let ratio = contrast(theme.paint(ink), theme.paint(Ink::Page));
            assert!(ratio >= 4.5, "{ink:?} on the page: {ratio:.2}:1");
        }
    }

    #[test]
    fn the_focus_ring_stands_out_from_the_page_in_every_theme() {
        for theme in [Theme::Light, Theme::Dark, Theme::HighContrast] {
            let ratio = contrast(theme.paint(Ink::Focus), theme.paint(Ink::Page));
            assert!(ratio >= 4.5, "{theme:?}: {ratio:.2}:1");
        }
    }

    #[test]
    fn high_contrast_neighbours_differ_in_lightness_for_every_colour_vision() {
        // Colour-vision deficiencies confuse hues, not lightness: each tile is at least 1.3
        // times lighter or darker (in WCAG's luminance ratio) than the values either side.
        let values: Vec<u32> = values().collect();
        for pair in values.windows(2) {
            let a = Theme::HighContrast.tile_colors(pair[0]).0;
            let b = Theme::HighContrast.tile_colors(pair[1]).0;
            let ratio = contrast(a, b);
            assert!(ratio >= 1.3, "{} and {}: {ratio:.2}", pair[0], pair[1]);
        }
    }

    #[test]
    fn the_originals_palette_falls_below_4_5_to_1_on_these_tiles_and_texts() {
        // The light and dark themes keep the original's tiles: its light digits on 8 to 2048
        // and its dark ones on 2 and 4 are below WCAG AA's 4.5:1, as measured here.
        for theme in [Theme::Light, Theme::Dark] {
            let low: Vec<(u32, String)> = values()
                .map(|v| {
                    let (bg, fg) = theme.tile_colors(v);
                    (v, contrast(fg, bg))
                })
                .filter(|&(_, ratio)| ratio < 4.5)
                .map(|(v, ratio)| (v, format!("{ratio:.2}")))
                .collect();
            let expected: Vec<(u32, String)> = ORIGINAL_BELOW_AA
                .iter()
                .map(|&(v, r)| (v, r.to_string()))
                .collect();
            assert_eq!(low, expected, "{theme:?}");
        }
        let light_texts: Vec<(&str, String)> = texts(Theme::Light)
            .into_iter()
            .map(|(what, fg, bg)| (what, contrast(fg, bg)))
            .filter(|&(_, ratio)| ratio < 4.5)
            .map(|(what, ratio)| (what, format!("{ratio:.2}")))
            .collect();
        assert_eq!(
            light_texts,
            ORIGINAL_TEXTS_BELOW_AA.map(|(w, r)| (w, r.to_string()))
        );
    }

    /// Measured: the original's tiles whose numbers stand below 4.5:1 (the same in the dark
    /// theme, which keeps the tiles): all but the dark tiles from 4096 up.
    const ORIGINAL_BELOW_AA: [(u32, &str); 11] = [
        (2, "3.98"),
        (4, "3.83"),
        (8, "1.72"),
        (16, "2.08"),
        (32, "2.45"),
        (64, "2.96"),
        (128, "1.42"),
        (256, "1.45"),
        (512, "1.50"),
        (1024, "1.54"),
        (2048, "1.58"),
    ];
    /// Measured: the original's texts below 4.5:1 in the light theme (the counters' light
    /// digits on the board's beige, the buttons' text, "You win!" on its gold; "Game over!"
    /// is 60 px bold, where 3:1 is enough). The covers blended in sRGB space, as the browser
    /// blends the original's CSS (they were 3.13 and 1.78 blended in linear light).
    const ORIGINAL_TEXTS_BELOW_AA: [(&str, &str); 6] = [
        ("counter", "2.03"),
        ("counter name", "1.74"),
        ("button", "3.79"),
        ("unchosen option", "2.81"),
        ("game over", "3.06"),
        ("you win", "1.80"),
    ];
}
