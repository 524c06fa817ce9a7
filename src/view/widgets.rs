//! Buttons and rows of buttons, shared by the header, the overlays and the dialogs. A button is
//! a rounded rectangle that sends a `Request` when clicked or tapped (`UiButton`); it fades with
//! any group it is put in. Text is `text::label`.

use bevy::prelude::*;

use super::art::Art;
use super::fade::BaseAlpha;
use super::layout::Z_LABEL;
use super::palette::{BUTTON, LIGHT_TEXT};
use super::text::label;
use super::theme::Ink;
use crate::game::{Request, Screen, UiButton};

/// The root of whatever stands in front of the board with buttons of its own (the question, the
/// options, the win or loss overlay, the replay's controls, the history, the statistics): the
/// dialog that assistive technology is told about (`game::ShownDialog`) while its screen is in
/// front. (The win overlay stays under the options it opened.)
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialogRoot(pub Screen);

/// Buttons are 40 px high, as in the original, with 18 px text.
pub const BUTTON_HEIGHT: f32 = 40.0;
pub const BUTTON_TEXT_PX: f32 = 18.0;
/// The space between buttons in a row.
pub const BUTTON_GAP: f32 = 8.0;
/// The menu button's three bars.
const BAR_SIZE: Vec2 = Vec2::new(20.0, 3.0);
const BAR_STEP: f32 = 7.0;

/// A button of `width` with `text` that sends `request`.
pub fn button(art: &Art, text: &str, width: f32, request: Request) -> impl Bundle {
    let size = Vec2::new(width, BUTTON_HEIGHT);
    (
        UiButton { request, size },
        Ink::Button,
        art.small_round(BUTTON, size),
        BaseAlpha(1.0),
        children![(
            label(text, BUTTON_TEXT_PX, Ink::ButtonText),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, 0.0, Z_LABEL),
        )],
    )
}

/// A square button with three bars (the options).
pub fn menu_button(art: &Art, request: Request) -> impl Bundle {
    let size = Vec2::splat(BUTTON_HEIGHT);
    let bar = |y: f32| {
        (
            Ink::ButtonText,
            art.small_round(LIGHT_TEXT, BAR_SIZE),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, y, Z_LABEL),
        )
    };
    (
        UiButton { request, size },
        Ink::Button,
        art.small_round(BUTTON, size),
        BaseAlpha(1.0),
        children![bar(BAR_STEP), bar(0.0), bar(-BAR_STEP)],
    )
}

/// Where a row lines up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Align {
    /// Centred on x = 0 (of its parent).
    Center,
    /// Its right edge at this x.
    Right(f32),
}

/// The x of each button's centre in a row of these widths, `BUTTON_GAP` apart.
pub fn row_x(widths: &[f32], align: Align) -> Vec<f32> {
    let total = widths.iter().sum::<f32>() + BUTTON_GAP * widths.len().saturating_sub(1) as f32;
    let mut left = match align {
        Align::Center => -total / 2.0,
        Align::Right(right) => right - total,
    };
    widths
        .iter()
        .map(|&width| {
            let x = left + width / 2.0;
            left += width + BUTTON_GAP;
            x
        })
        .collect()
}

/// A centred row of text buttons, each `width` wide, at `y` in `parent`.
pub fn button_row(
    commands: &mut Commands,
    art: &Art,
    parent: Entity,
    y: f32,
    width: f32,
    buttons: &[(String, Request)],
) -> Vec<Entity> {
    button_row_sized(
        commands,
        art,
        parent,
        y,
        &vec![width; buttons.len()],
        buttons,
    )
}

/// A centred row of buttons of these widths, one each, `BUTTON_GAP` apart.
pub fn button_row_sized(
    commands: &mut Commands,
    art: &Art,
    parent: Entity,
    y: f32,
    widths: &[f32],
    buttons: &[(String, Request)],
) -> Vec<Entity> {
    let xs = row_x(widths, Align::Center);
    buttons
        .iter()
        .zip(widths)
        .zip(xs)
        .map(|(((text, request), &width), x)| {
            commands
                .spawn((
                    ChildOf(parent),
                    button(art, text, width, *request),
                    Transform::from_xyz(x, y, Z_LABEL),
                ))
                .id()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_one_gap_and_line_up() {
        let xs = row_x(&[100.0, 50.0], Align::Center);
        assert_eq!(xs, vec![-29.0, 54.0]);
        let xs = row_x(&[40.0, 130.0], Align::Right(250.0));
        assert_eq!(xs, vec![92.0, 185.0]);
        assert_eq!(row_x(&[], Align::Center), Vec::<f32>::new());
    }
}
