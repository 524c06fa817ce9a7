//! What the player sees: board, tiles, header, overlays, all as 2D sprites and text laid out
//! in design units, and every motion a bevy_tweening tween. The view only reacts to the game.

pub mod art;
pub mod dialogs;
pub mod fade;
pub mod header;
pub mod layout;
pub mod overlay;
pub mod palette;
pub mod text;
pub mod theme;
pub mod tiles;

use bevy::prelude::*;
use bevy_tweening::{AnimationSystem, TweenAnim};

use crate::game::GameSet;

pub use tiles::{Ghost, TileLabel};

/// Adds the view. Needs `Assets<Image>` (the render plugins, or
/// `init_asset` in headless tests) and the game plugin.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        // Tweens started by a move are first stepped in the next frame. Stepping them in the frame
        // that woke from idle would apply that frame's long delta (up to 250 ms) and finish a
        // 100 ms slide before it was ever drawn.
        app.configure_sets(
            Update,
            AnimationSystem::AnimationUpdate
                .after(GameSet::Apply)
                .before(GameSet::React),
        )
        .add_systems(
            Update,
            despawn_finished.after(AnimationSystem::AnimationUpdate),
        );
        art::plugin(app);
        layout::plugin(app);
        fade::plugin(app);
        tiles::plugin(app);
        header::plugin(app);
        overlay::plugin(app);
        text::plugin(app);
        dialogs::plugin(app);
        theme::plugin(app);
    }
}

/// An entity that exists only for its tween (a ghost, a "+N"): despawned when the tween ends.
#[derive(Component, Debug, Default)]
pub struct DespawnWhenDone;

fn despawn_finished(
    mut commands: Commands,
    done: Query<Entity, (With<DespawnWhenDone>, Without<TweenAnim>)>,
) {
    for entity in &done {
        commands.entity(entity).despawn();
    }
}
