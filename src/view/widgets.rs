//! The pieces every screen is built from: text (`label`), a button drawn from a screen's
//! description (`described_button`, with its spoken name, `Named`), the board's own buttons
//! (their sizes are the drawing kit's: `g2048_ui::flow::BUTTON_HEIGHT` and the others). A
//! button is a rounded rectangle that sends a `Request` when clicked or tapped (`UiButton`); it
//! fades with any group it is put in.
//! (Where they go is laid out by `flow`, and by `header` for the header.)

use bevy::prelude::*;

use super::layout::Z_LABEL;
use super::palette::{BUTTON, LIGHT_TEXT};
use super::theme::Ink;
use crate::game::{DialogButton, Language, Request, Screen, UiButton};
use g2048_ui::art::Art;
use g2048_ui::dialog::Action;
use g2048_ui::fade::BaseAlpha;
use g2048_ui::flow::{BUTTON_HEIGHT, BUTTON_PADDING, BUTTON_TEXT_PX};
use g2048_ui::text::{FontPx, Label, LabelColor, TextBox};

/// The root of whatever stands in front of the board with buttons of its own (the question, the
/// options, the win or loss overlay, the replay's controls, the history, the statistics): the
/// dialog that assistive technology is told about (`game::ShownDialog`) while its screen is in
/// front. (The win overlay stays under the options it opened.)
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DialogRoot(pub Screen);

/// The menu button's three bars.
const BAR_SIZE: Vec2 = Vec2::new(20.0, 3.0);
const BAR_STEP: f32 = 7.0;

/// A text in the game's face at a design size, in a colour that follows the theme.
pub fn label(text: impl Into<String>, px: f32, ink: Ink) -> impl Bundle {
    (Label(text.into()), LabelColor(ink.light()), ink, FontPx(px))
}

/// What a screen reader calls a button (its screen's description's name, else its text),
/// and for one of the options' choices whether it is the current one.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub name: String,
    pub chosen: Option<bool>,
}

/// A label, or a button, that says message `id` of the player's language (and says it again
/// in another language when the player chooses one: `follow_language`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Says(pub &'static str);

/// A button of `width` drawn from a dialog's description.
pub fn described_button(art: &Art, described: &DialogButton, width: f32) -> impl Bundle {
    (
        plain_button(art, described.label.clone(), width, described.action),
        Named {
            name: described.name.clone(),
            chosen: described.action.is_choice().then_some(described.chosen),
        },
    )
}

/// One of the board's own buttons (`screens::play::board_buttons`), of `width`: not a dialog's,
/// so no dialog's description relabels it.
pub fn board_button(art: &Art, described: &DialogButton, width: f32) -> impl Bundle {
    (
        plain_button(art, described.label.clone(), width, described.action),
        Named {
            name: described.name.clone(),
            chosen: None,
        },
    )
}

fn plain_button(art: &Art, text: String, width: f32, request: Request) -> impl Bundle {
    let size = Vec2::new(width, BUTTON_HEIGHT);
    (
        UiButton {
            action: request,
            size,
        },
        Ink::Button,
        art.small_round(BUTTON, size),
        BaseAlpha(1.0),
        children![(
            label(text, BUTTON_TEXT_PX, Ink::ButtonText),
            // Two lines where one does not fit, each at most as tall as half the button.
            TextBox::lines(width - BUTTON_PADDING, 2).within(BUTTON_HEIGHT - 4.0),
            BaseAlpha(1.0),
            Transform::from_xyz(0.0, 0.0, Z_LABEL),
        )],
    )
}

/// A square button with three bars (the options).
pub fn menu_button(art: &Art, described: &DialogButton) -> impl Bundle {
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
        UiButton {
            action: described.action,
            size,
        },
        Named {
            name: described.name.clone(),
            chosen: None,
        },
        Ink::Button,
        art.small_round(BUTTON, size),
        BaseAlpha(1.0),
        children![bar(BAR_STEP), bar(0.0), bar(-BAR_STEP)],
    )
}

/// Labels and buttons that say a message say it in the language chosen since they were made.
pub(super) fn follow_language(
    words: Res<Language>,
    mut said: Query<(
        &Says,
        Option<&mut Label>,
        Option<&mut Named>,
        Option<&Children>,
    )>,
    mut labels: Query<&mut Label, Without<Says>>,
) {
    if !words.is_changed() || words.is_added() {
        return;
    }
    for (&Says(id), label, named, children) in &mut said {
        let text = words.get(id);
        if let Some(mut label) = label {
            label.set_if_neq(Label(text.clone()));
        }
        if let Some(mut named) = named {
            named.name.clone_from(&text);
        }
        for &child in children.into_iter().flatten() {
            if let Ok(mut label) = labels.get_mut(child) {
                label.set_if_neq(Label(text.clone()));
            }
        }
    }
}
