//! Fading a group of sprites and labels as one: a tween drives `Fade` on the group's root, and
//! every member's alpha follows as `fade × BaseAlpha`.

use bevy::prelude::*;
use bevy_tweening::Lens;

use crate::UiSet;
use crate::text::LabelColor;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_fade.in_set(UiSet::Fade));
}

/// Opacity of a group (this entity and its descendants), 0 to 1.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Fade(pub f32);

/// A member's own opacity at full fade.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct BaseAlpha(pub f32);

/// Tweens `Fade` from `start` to `end`.
pub struct FadeLens {
    pub start: f32,
    pub end: f32,
}

impl Lens<Fade> for FadeLens {
    fn lerp(&mut self, mut target: Mut<'_, Fade>, ratio: f32) {
        target.0 = self.start + (self.end - self.start) * ratio;
    }
}

fn apply_fade(
    roots: Query<(Entity, &Fade), Changed<Fade>>,
    children: Query<&Children>,
    mut sprites: Query<(&mut Sprite, &BaseAlpha)>,
    mut labels: Query<(&mut LabelColor, &BaseAlpha)>,
) {
    for (root, fade) in &roots {
        for entity in std::iter::once(root).chain(children.iter_descendants(root)) {
            if let Ok((mut sprite, base)) = sprites.get_mut(entity) {
                sprite.color.set_alpha(base.0 * fade.0);
            }
            if let Ok((mut color, base)) = labels.get_mut(entity) {
                color.0.set_alpha(base.0 * fade.0);
            }
        }
    }
}
