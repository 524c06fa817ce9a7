//! Buttons: a rectangle that does an action when pressed ([`UiButton`], the action being the
//! game's own type), which one a point falls on ([`button_at`]), the order Tab walks them in
//! ([`reading_order`], [`step_focus`]), and the ring round the one the keyboard is on
//! ([`FocusRing`]). The keyboard's focus is Bevy's `InputFocus`: nothing here keeps another.
//! The game reads the pointer and the keys itself, so that clicks and keys keep one order.

use bevy::input_focus::InputFocus;
use bevy::prelude::*;

use crate::dialog::Action;

/// A rectangle in world space of `size`, centred on its entity, that does `action` when clicked,
/// tapped, or pressed with Enter or Space while it has the keyboard's focus.
#[derive(Component, Debug, Clone, Copy)]
pub struct UiButton<A: Action> {
    pub action: A,
    pub size: Vec2,
}

impl<A: Action> UiButton<A> {
    /// Whether the world point `at` falls on the button placed by `transform`.
    pub fn contains(&self, transform: &GlobalTransform, at: Vec2) -> bool {
        let half = self.size * 0.5 * transform.scale().truncate();
        let d = (at - transform.translation().truncate()).abs();
        d.x <= half.x && d.y <= half.y
    }
}

/// The action of the button drawn on top at the world point `at` (a dialog's, over the board's
/// buttons under it), among `buttons` (each with whether it is visible).
pub fn button_at<'a, A: Action>(
    buttons: impl Iterator<Item = (&'a UiButton<A>, &'a GlobalTransform, bool)>,
    at: Vec2,
) -> Option<A> {
    buttons
        .filter(|(button, transform, visible)| *visible && button.contains(transform, at))
        .max_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z))
        .map(|(button, ..)| button.action)
}

/// The button the keyboard is on, if Bevy's `InputFocus` is on an entity that `is_button`.
pub fn focused_button(focus: &InputFocus, is_button: impl Fn(Entity) -> bool) -> Option<Entity> {
    focus.get().filter(|&entity| is_button(entity))
}

/// Buttons in reading order, by where they stand (world points, y up): rows from the top,
/// each from the left. A row's buttons share their centre's height; 20-unit bands keep them
/// together.
pub fn reading_order(buttons: impl Iterator<Item = (Entity, Vec2)>) -> Vec<Entity> {
    let mut order: Vec<(Entity, Vec2)> = buttons.collect();
    order.sort_by(|a, b| {
        let row = |p: Vec2| (-p.y / 20.0).round() as i32;
        row(a.1).cmp(&row(b.1)).then(a.1.x.total_cmp(&b.1.x))
    });
    order.into_iter().map(|(entity, _)| entity).collect()
}

/// The next (or previous) button after `from` in `order`, round the ends; the first (or last)
/// if `from` is none of them.
pub fn step_focus(order: &[Entity], from: Option<Entity>, forward: bool) -> Option<Entity> {
    if order.is_empty() {
        return None;
    }
    let at = from.and_then(|f| order.iter().position(|&e| e == f));
    let next = match (at, forward) {
        (Some(i), true) => (i + 1) % order.len(),
        (Some(i), false) => (i + order.len() - 1) % order.len(),
        (None, true) => 0,
        (None, false) => order.len() - 1,
    };
    Some(order[next])
}

/// The ring's width outside the button.
pub const RING_PX: f32 = 4.0;
/// Just under the button, over whatever is under the button.
const RING_BELOW: f32 = 0.05;

/// The ring round the focused button: one sprite, which the game spawns in its own colour
/// (hidden while no button has the focus); [`follow_focus`] moves it.
#[derive(Component, Debug)]
pub struct FocusRing;

/// Puts the ring round the focused button, or hides it.
pub fn follow_focus<A: Action>(
    focus: Res<InputFocus>,
    buttons: Query<(&UiButton<A>, &GlobalTransform, &Visibility), Without<FocusRing>>,
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::dialog::TestAction;

    #[test]
    fn the_top_button_under_a_point_is_pressed() {
        let low = UiButton {
            action: TestAction(1),
            size: Vec2::new(100.0, 40.0),
        };
        let high = UiButton {
            action: TestAction(2),
            size: Vec2::new(20.0, 20.0),
        };
        let at_low = GlobalTransform::from_xyz(0.0, 0.0, 1.0);
        let at_high = GlobalTransform::from_xyz(30.0, 0.0, 2.0);
        let buttons = || [(&low, &at_low, true), (&high, &at_high, true)].into_iter();
        assert_eq!(
            button_at(buttons(), Vec2::new(30.0, 5.0)),
            Some(TestAction(2))
        );
        assert_eq!(
            button_at(buttons(), Vec2::new(-40.0, 5.0)),
            Some(TestAction(1))
        );
        assert_eq!(button_at(buttons(), Vec2::new(0.0, 21.0)), None);
        let hidden = [(&low, &at_low, true), (&high, &at_high, false)];
        assert_eq!(
            button_at(hidden.into_iter(), Vec2::new(30.0, 5.0)),
            Some(TestAction(1))
        );
    }

    #[test]
    fn tab_reads_rows_from_the_top_each_from_the_left() {
        let e = |i| Entity::from_raw_u32(i).unwrap();
        let order = reading_order(
            [
                (e(1), Vec2::new(50.0, 0.0)),
                (e(2), Vec2::new(-50.0, 4.0)),
                (e(3), Vec2::new(0.0, 60.0)),
            ]
            .into_iter(),
        );
        assert_eq!(order, vec![e(3), e(2), e(1)]);
        assert_eq!(step_focus(&order, Some(e(1)), true), Some(e(3)));
        assert_eq!(step_focus(&order, Some(e(3)), false), Some(e(1)));
        assert_eq!(step_focus(&order, None, false), Some(e(1)));
        assert_eq!(step_focus(&[], None, true), None);
    }
}
