//! The focus ring: a 4 px ring around the button the keyboard is on (`game::focused_button`), in a colour
//! that stands 4.5:1 or more from the page in every theme.

use bevy::prelude::*;

use super::theme::Ink;
use bevy::input_focus::InputFocus;
use g2048_ui::art::Art;

use crate::game::{GameSet, UiButton, focused_button};

/// The ring's width outside the button.
pub const RING_PX: f32 = 4.0;
/// Just under the button, over whatever is under the button.
const RING_BELOW: f32 = 0.05;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_ring)
        .add_systems(Update, follow_focus.in_set(GameSet::React));
}

/// The ring (one, hidden while no button has the focus).
#[derive(Component, Debug)]
pub struct FocusRing;

fn spawn_ring(mut commands: Commands, art: Res<Art>) {
    commands.spawn((
        FocusRing,
        Ink::Focus,
        art.small_round(Ink::Focus.light(), Vec2::ONE),
        Transform::default(),
        Visibility::Hidden,
    ));
}

/// Puts the ring around the focused button, or hides it.
fn follow_focus(
    focus: Res<InputFocus>,
    buttons: Query<(&UiButton, &GlobalTransform, &Visibility), Without<FocusRing>>,
    ring: Single<(&mut Transform, &mut Sprite, &mut Visibility), With<FocusRing>>,
) {
    let (mut transform, mut sprite, mut visibility) = ring.into_inner();
    let target = focused_button(&focus, |entity| buttons.contains(entity))
        .and_then(|entity| buttons.get(entity).ok())
        .filter(|(_, _, visibility)| **visibility != Visibility::Hidden);
    let Some((button, at, _)) = target else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
    let at = at.translation();
    let place = Transform::from_xyz(at.x, at.y, at.z - RING_BELOW);
    if *transform != place {
        *transform = place;
    }
    let size = Some(button.size + Vec2::splat(2.0 * RING_PX));
    if sprite.custom_size != size {
        sprite.custom_size = size;
    }
    visibility.set_if_neq(Visibility::Visible);
}
