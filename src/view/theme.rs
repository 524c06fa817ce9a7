//! Light and dark. Entities whose colour depends on the theme carry an `Ink`: their colour in
//! the light theme (the original's). One system turns it into the shown colour, keeping the
//! alpha a fade gave it. Tile colours are the same in both themes, so tiles stay as legible as
//! the original's; only the page, board, empty cells, boxes, covers and page text change.

use bevy::{prelude::*, window::PrimaryWindow, window::WindowTheme};

use super::palette::{self, BOARD, EMPTY_CELL, NOTICE, OVER_OVERLAY, PAGE, SCORE_LABEL, TEXT};
use super::text::LabelColor;
use crate::game::Saves;
use crate::save::ThemeChoice;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Theme>().add_systems(
        Update,
        (resolve_theme, apply_ink)
            .chain()
            .after(super::fade::apply_fade)
            .before(super::text::lay_out_labels),
    );
}

/// The theme in effect.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

/// A sprite's or label's colour in the light theme; the shown colour follows the theme.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Ink(pub Color);

/// The dark theme's colour for a light-theme colour (by RGB, keeping the alpha).
pub fn dark(light: Color) -> Color {
    let pairs = [
        (PAGE, Color::srgb_u8(0x1f, 0x1d, 0x1a)),
        (TEXT, Color::srgb_u8(0xd8, 0xcf, 0xc4)),
        (BOARD, Color::srgb_u8(0x3d, 0x36, 0x30)),
        (EMPTY_CELL, Color::srgb_u8(0x52, 0x49, 0x40)),
        (SCORE_LABEL, Color::srgb_u8(0xcf, 0xc5, 0xbb)),
        (OVER_OVERLAY, Color::srgb_u8(0x1f, 0x1d, 0x1a)),
        (NOTICE, Color::srgb_u8(0xf0, 0x8a, 0x4b)),
    ];
    let rgb = light.to_srgba().with_alpha(1.0);
    pairs
        .iter()
        .find(|(from, _)| from.to_srgba().with_alpha(1.0) == rgb)
        .map_or(light, |&(_, to)| to.with_alpha(light.alpha()))
}

impl Theme {
    /// The colour to show for `ink`.
    pub fn paint(self, ink: Color) -> Color {
        match self {
            Theme::Light => ink,
            Theme::Dark => dark(ink),
        }
    }
}

/// The chosen theme, or the window's (the system's) when the choice is "System"; light when
/// the platform reports none.
fn resolve_theme(
    saves: Res<Saves>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut theme: ResMut<Theme>,
) {
    let wanted = match saves.options.theme {
        ThemeChoice::Light => Theme::Light,
        ThemeChoice::Dark => Theme::Dark,
        ThemeChoice::System => match window.and_then(|w| w.window_theme) {
            Some(WindowTheme::Dark) => Theme::Dark,
            _ => Theme::Light,
        },
    };
    theme.set_if_neq(wanted);
}

pub(super) fn apply_ink(
    theme: Res<Theme>,
    clear: Option<ResMut<ClearColor>>,
    mut sprites: Query<(Ref<Ink>, &mut Sprite), Without<LabelColor>>,
    mut labels: Query<(Ref<Ink>, &mut LabelColor)>,
) {
    let all = theme.is_changed();
    if all && let Some(mut clear) = clear {
        clear.0 = theme.paint(palette::PAGE);
    }
    for (ink, mut sprite) in &mut sprites {
        if all || ink.is_changed() {
            let alpha = sprite.color.alpha();
            sprite.color = theme.paint(ink.0).with_alpha(alpha);
        }
    }
    for (ink, mut color) in &mut labels {
        if all || ink.is_changed() {
            let alpha = color.0.alpha();
            color.0 = theme.paint(ink.0).with_alpha(alpha);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_maps_page_colours_by_rgb_and_keeps_alpha_and_tiles() {
        assert_eq!(dark(PAGE.with_alpha(0.9)).alpha(), 0.9);
        assert_ne!(dark(PAGE).to_srgba(), PAGE.to_srgba());
        assert_eq!(dark(OVER_OVERLAY).alpha(), OVER_OVERLAY.alpha());
        // Other colours pass unchanged. (Tiles carry no `Ink` at all.)
        let (eight, _) = palette::tile_colors(8);
        assert_eq!(dark(eight), eight);
        assert_eq!(Theme::Light.paint(TEXT), TEXT);
    }
}
