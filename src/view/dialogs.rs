//! The options' choices drawn as choices. (Every screen's description is laid out and drawn,
//! and followed as it changes, by `flow`.)

use bevy::prelude::*;

use super::theme::Ink;
use super::widgets::Named;
use crate::game::{GameSet, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_choices
            .run_if(in_state(Screen::Options))
            .after(super::flow::reflow)
            .in_set(GameSet::React),
    );
}

/// Chosen options (as their description says) are dark buttons with light text, the others
/// light with dark text.
fn mark_choices(
    mut commands: Commands,
    buttons: Query<(Entity, Ref<Named>, &Children)>,
    labels: Query<(), With<Ink>>,
) {
    for (button, named, children) in &buttons {
        let Some(chosen) = named.chosen.filter(|_| named.is_changed()) else {
            continue;
        };
        commands
            .entity(button)
            .insert(if chosen { Ink::Button } else { Ink::Choice });
        for &child in children {
            if labels.contains(child) {
                commands
                    .entity(child)
                    .insert(if chosen { Ink::ButtonText } else { Ink::Text });
            }
        }
    }
}
