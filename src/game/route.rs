//! The one reader of requests. It keeps their order, asks the screen in front whether it takes
//! each ([`Takes`]: its keys, its buttons, what code sends it), and triggers each one taken:
//! [`BeforeRequest`] (a mode that refuses it, the screen being left), then [`Requested`] for
//! each of its owners, whose observers, in their own modules, registered for its kind
//! ([`RequestOwners`]). Nothing here names an owner.
//!
//! A new request is a variant of `Request`, its owner (an arm of the observer that its module
//! registers with `add_request_owner`, and its kind in that list), and a key or a button in the
//! screens that offer it.

use std::mem::discriminant;

use bevy::ecs::message::MessageCursor;
use bevy::ecs::system::SystemState;
use bevy::prelude::*;

use super::keys::Takes;
use super::requests::{BeforeRequest, Request, RequestOwners, Requested};
use super::sets::GameSet;
use super::state::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RequestOwners>()
        .add_systems(Update, route_requests.in_set(GameSet::Apply));
}

/// The frame's requests, each in order, if the screen in front (as the requests before it left
/// it) takes it, triggered for each of its owners ([`RequestOwners`]), whose observers run
/// before the next request is read. The screen state itself changes next frame.
fn route_requests(
    world: &mut World,
    mut cursor: Local<MessageCursor<Request>>,
    mut takes: Local<SystemState<Takes<'static>>>,
) {
    let requests: Vec<Request> = cursor
        .read(world.resource::<Messages<Request>>())
        .copied()
        .collect();
    if requests.is_empty() {
        return;
    }
    let mut on = *world.resource::<State<Screen>>().get();
    for request in requests {
        if !takes.get(world).is_ok_and(|takes| takes.takes(on, request)) {
            continue;
        }
        let mut before = BeforeRequest {
            request,
            screen: on,
            handled: false,
        };
        world.trigger_ref(&mut before);
        if before.handled {
            continue;
        }
        let kind = discriminant(&request);
        let owners: Vec<Entity> = world
            .resource::<RequestOwners>()
            .0
            .iter()
            .filter(|(owns, _)| *owns == kind)
            .map(|&(_, owner)| owner)
            .collect();
        let mut next = None;
        for owner in owners {
            let mut requested = Requested {
                owner,
                request,
                screen: on,
                next: None,
            };
            world.trigger_ref(&mut requested);
            next = requested.next.or(next);
        }
        on = next.unwrap_or(on);
    }
    world.flush();
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Screen>>(), on);
}

#[cfg(test)]
mod tests {
    use super::super::keys::{KeyTables, takes};
    use super::super::requests::{Choose, Step};
    use super::*;
    use crate::rules::Direction;

    #[test]
    fn dialogs_take_only_their_answers_and_the_board_none_of_them() {
        let mut app = App::new();
        super::super::screens::plugin(&mut app);
        let tables = app.world().resource::<KeyTables>();
        // By their keys alone (no description in front).
        let accepts = |screen: Screen, request| takes(tables.of(screen), None, request);
        let answers = [Request::ConfirmNewGame, Request::CloseDialog];
        for request in answers {
            assert!(!accepts(Screen::Game, request), "{request:?}");
        }
        assert!(accepts(Screen::ConfirmNewGame, Request::ConfirmNewGame));
        for request in [
            Request::Move(Direction::Left),
            Request::Undo,
            Request::NewGame,
            Request::Hint,
            Request::Options(Choose::Size(5)),
            Request::Options(Choose::NextTheme),
        ] {
            assert!(!accepts(Screen::ConfirmNewGame, request), "{request:?}");
        }
        assert!(accepts(
            Screen::Options,
            Request::Options(Choose::StepTarget(Step::Up))
        ));
        assert!(accepts(
            Screen::Options,
            Request::Options(Choose::NextTheme)
        ));
        for request in [
            Request::Move(Direction::Up),
            Request::Show(Screen::Options),
            Request::ToggleAutoplay,
        ] {
            assert!(!accepts(Screen::Options, request), "{request:?}");
        }
    }
}
