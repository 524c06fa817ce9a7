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
use super::palette::{
    BOARD, BUTTON, CHOICE, EMPTY_CELL, LIGHT_TEXT, NOTICE, OVER_OVERLAY, PAGE, SCORE_LABEL, TEXT,
    WIN_OVERLAY,
};
use super::text::LabelColor;
use crate::game::{PlayerOptions, menus::system_is_dark};

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
}

/// What a sprite's or label's colour is for; the shown colour follows the theme.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ink {
    /// The page behind everything, and the covers of the dialogs.
    Page,
    /// Text on the page: title, intro, key help, headings, "+N", the hint arrow.
    Text,
    /// Text on buttons and on the counter boxes.
    LightText,
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
}

impl Ink {
    /// The light theme's colour: the original's.
    pub fn light(self) -> Color {
        match self {
            Ink::Page => PAGE,
            Ink::Text => TEXT,
            Ink::LightText => LIGHT_TEXT,
            Ink::Board => BOARD,
            Ink::EmptyCell => EMPTY_CELL,
            Ink::ScoreLabel => SCORE_LABEL,
            Ink::Button => BUTTON,
            Ink::Choice => CHOICE,
            Ink::Notice => NOTICE,
            Ink::OverCover => OVER_OVERLAY,
            Ink::WinCover => WIN_OVERLAY,
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
            Ink::OverCover => page.with_alpha(OVER_OVERLAY.alpha()),
            Ink::LightText | Ink::Button | Ink::WinCover => self.light(),
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

/// A colour with alpha as it shows over an opaque one (blended in linear light, as the
/// renderer does).
pub fn over(top: Color, below: Color) -> Color {
    let (top, below) = (top.to_linear(), below.to_linear());
    let a = top.alpha;
    let mix = |t: f32, b: f32| t * a + b * (1.0 - a);
    Color::LinearRgba(LinearRgba::rgb(
        mix(top.red, below.red),
        mix(top.green, below.green),
        mix(top.blue, below.blue),
    ))
}

impl Theme {
    /// The colour to show for `ink`.
    pub fn paint(self, ink: Ink) -> Color {
        match self {
            Theme::Light => ink.light(),
            Theme::Dark => ink.dark(),
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
    theme.set_if_neq(if options.theme.is_dark(system_dark) {
        Theme::Dark
    } else {
        Theme::Light
    });
}

fn apply_ink(
    theme: Res<Theme>,
    clear: Option<ResMut<ClearColor>>,
    mut sprites: Query<(Ref<Ink>, &mut Sprite), Without<LabelColor>>,
    mut labels: Query<(Ref<Ink>, &mut LabelColor)>,
) {
    let all = theme.is_changed();
    if all && let Some(mut clear) = clear {
        clear.0 = theme.paint(Ink::Page);
    }
    for (ink, mut sprite) in &mut sprites {
        if all || ink.is_changed() {
            let alpha = sprite.color.alpha();
            sprite.color = theme.paint(*ink).with_alpha(alpha);
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
}
