//! The focus ring round the button the keyboard is on, in a colour that stands 4.5:1 or more
//! from the page in every theme (`Ink::Focus`); the drawing kit moves it
//! (`g2048_ui::button::follow_focus`).

use bevy::prelude::*;

use super::theme::Ink;
use crate::game::{GameSet, Request};
use g2048_ui::art::Art;
use g2048_ui::button::{FocusRing, follow_focus};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_ring)
        .add_systems(Update, follow_focus::<Request>.in_set(GameSet::React));
}

/// The ring (one, hidden while no button has the focus).
fn spawn_ring(mut commands: Commands, art: Res<Art>) {
    commands.spawn((
        FocusRing,
        Ink::Focus,
        art.small_round(Ink::Focus.light(), Vec2::ONE),
        Transform::default(),
        Visibility::Hidden,
    ));
}
