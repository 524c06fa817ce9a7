//! The options' choices drawn as choices, and the described buttons following their
//! description. (The question, a race's card, the options, the coach's summary, the history and
//! the statistics are laid out and drawn from their descriptions by `flow`.)

use bevy::prelude::*;

use super::theme::Ink;
use super::widgets::{Named, follow_description};
use crate::game::screens::describe_dialog;
use crate::game::{GameSet, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            follow_description.after(describe_dialog),
            mark_choices.run_if(in_state(Screen::Options)),
        )
            .chain()
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
