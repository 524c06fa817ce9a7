//! Input to requests, and requests to their owners.
//!
//! Keys are each looked up in the key table of the screen in front (each screen's module in
//! `screens` holds its own); Ctrl+Z (Cmd+Z) undoes; Tab and Shift+Tab move the keyboard's focus
//! over the screen's buttons; mouse drags and touch swipes on the window, the replay's progress
//! bar, the wheel on the history, and clicks or taps on on-screen buttons ask too. Keys only
//! say what they ask for.
//!
//! [`route_requests`] is the one reader of every request (these, and those the game's code
//! writes). It keeps their order, asks the screen in front whether it takes each ([`Takes`]:
//! its keys, its buttons, what code sends it), and triggers each one taken: [`BeforeRequest`]
//! (a mode that refuses it, the screen being left), then [`Requested`] for each of its owners,
//! whose observers, in their own modules, registered for its kind ([`RequestOwners`]). Nothing
//! here names an owner: a new request is a variant of `Request`, its owner (an arm of the
//! observer that its module registers with `add_request_owner`, and its kind in that list),
//! and a key or a button in the screens that offer it.

use std::collections::VecDeque;
use std::mem::discriminant;

use bevy::ecs::message::MessageCursor;
use bevy::ecs::system::SystemState;
use bevy::{
    input::{ButtonState, keyboard::KeyboardInput},
    input_focus::{FocusCause, InputFocus},
    prelude::*,
    window::PrimaryWindow,
};

use g2048_ui::button::{button_at, focused_button, reading_order, step_focus};

use super::keys::Takes;
use super::requests::{BeforeRequest, Browse, Control, Request, RequestOwners, Requested};
use super::sets::GameSet;
use super::state::GameState;
use super::state::Screen;
use crate::rules::Direction;

/// A swipe fires when the larger of |dx|, |dy| exceeds this many logical pixels (the original's).
pub const SWIPE_THRESHOLD_PX: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<InputFocus>()
        .init_resource::<PendingKeys>()
        .init_resource::<RequestOwners>()
        .add_systems(
            Update,
            (
                forget_focus.run_if(state_changed::<Screen>),
                read_keys,
                read_pointer,
                drag_seek_bar.run_if(in_state(Screen::Replay)),
                read_wheel.run_if(in_state(Screen::History)),
            )
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, route_requests.in_set(GameSet::Apply));
}

/// The replay's progress bar: a press or a drag on it (within `size`, centred on the entity)
/// shows the move under the pointer, the first at the left end of the `track` and the last at
/// its right end.
#[derive(Component, Debug, Clone, Copy)]
pub struct SeekBar {
    pub size: Vec2,
    pub track: f32,
}

/// A button of the game: it sends a request.
pub type UiButton = g2048_ui::button::UiButton<Request>;

/// The buttons the screen in front takes, in reading order: rows from the top, each from the
/// left (buttons of the board behind a dialog are left out, as their requests are; so are
/// buttons hidden themselves).
fn focus_order(
    screen: Screen,
    takes: &Takes,
    buttons: &Query<(Entity, &UiButton, &GlobalTransform, &Visibility)>,
) -> Vec<Entity> {
    reading_order(
        buttons
            .iter()
            .filter(|(_, button, _, visibility)| {
                **visibility != Visibility::Hidden && takes.takes(screen, button.action)
            })
            .map(|(entity, _, transform, _)| (entity, transform.translation().truncate())),
    )
}

/// A new screen starts without focus.
fn forget_focus(mut focus: ResMut<InputFocus>) {
    if focus.get().is_some() {
        focus.clear();
    }
}

/// Key presses read but not yet looked up: those that came after a key whose request may open
/// or close a screen (or change the game's state) in the same frame. They wait for the next
/// frame, when the screen that request leaves in front has the keys (`read_keys`); the view
/// keeps frames coming while any wait.
#[derive(Resource, Debug, Default)]
pub struct PendingKeys(VecDeque<(KeyCode, Modifiers)>);

/// The modifier keys held when a key was pressed (it may be read a frame later).
#[derive(Debug, Clone, Copy)]
struct Modifiers {
    shift: bool,
    /// Alt, Ctrl or Meta: the key is a shortcut, not a move (as in the original).
    modified: bool,
    /// Ctrl or Cmd: Ctrl+Z (Cmd+Z on a Mac) undoes.
    command: bool,
}

impl PendingKeys {
    /// Whether keys wait for the next frame.
    pub fn waiting(&self) -> bool {
        !self.0.is_empty()
    }
}

/// Reads key presses in the order they happened (the message queue keeps it, a set of pressed
/// keys would not), each looked up in the key table of the screen in front when it is read.
/// Moves mashed within one frame all apply in that frame, in order. Any other request may put
/// another screen in front (R asks "Start a new game?") or change the game's state (U on "Game
/// over!"), and that happens next frame: the keys after it wait until then ([`PendingKeys`]),
/// with the modifiers held when they were pressed, so R and Enter in one frame start a new game.
/// (A move that ends the game does not hold back the keys after it: an Enter in its frame is
/// read on the board, not on "Game over!".)
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    mut pending: ResMut<PendingKeys>,
    held: Res<ButtonInput<KeyCode>>,
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    takes: Takes,
    mut focus: ResMut<InputFocus>,
    buttons: Query<(Entity, &UiButton, &GlobalTransform, &Visibility)>,
    mut requests: MessageWriter<Request>,
) {
    let now = Modifiers {
        shift: held.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
        modified: held.any_pressed([
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::AltLeft,
            KeyCode::AltRight,
            KeyCode::SuperLeft,
            KeyCode::SuperRight,
        ]),
        command: held.any_pressed([
            KeyCode::ControlLeft,
            KeyCode::ControlRight,
            KeyCode::SuperLeft,
            KeyCode::SuperRight,
        ]),
    };
    let pressed = keys
        .read()
        .filter(|key| key.state == ButtonState::Pressed)
        .map(|key| (key.key_code, now));
    pending.0.extend(pressed);
    while let Some((code, held)) = pending.0.pop_front() {
        if held.modified {
            // Ctrl+Z (Cmd+Z on a Mac) is the one shortcut the game answers.
            if held.command && code == KeyCode::KeyZ {
                requests.write(Request::Undo);
                break;
            }
            continue;
        }
        // Tab and Shift+Tab move the focus over the screen's buttons; Enter and Space press
        // the focused one.
        if code == KeyCode::Tab {
            let order = focus_order(*screen.get(), &takes, &buttons);
            match step_focus(&order, focus.get(), !held.shift) {
                Some(entity) => focus.set(entity, FocusCause::Navigated),
                None => focus.clear(),
            }
            continue;
        }
        if matches!(code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space)
            && let Some(focused) = focus.get()
            && let Ok((_, button, _, visibility)) = buttons.get(focused)
            && visibility != Visibility::Hidden
            && takes.takes(*screen.get(), button.action)
        {
            requests.write(button.action);
            if !matches!(button.action, Request::Move(_)) {
                break;
            }
            continue;
        }
        if let Some(request) = takes.keys(*screen.get()).request(code, *state.get()) {
            requests.write(request);
            // The keys after it wait for the screen this request leaves in front.
            if !matches!(request, Request::Move(_)) {
                break;
            }
        }
    }
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

/// The direction of a swipe from `start` to `end` in screen coordinates (y down): the larger
/// axis wins, and nothing fires within the threshold.
pub fn swipe_direction(start: Vec2, end: Vec2) -> Option<Direction> {
    let d = end - start;
    if d.x.abs().max(d.y.abs()) <= SWIPE_THRESHOLD_PX {
        return None;
    }
    Some(if d.x.abs() > d.y.abs() {
        if d.x > 0.0 {
            Direction::Right
        } else {
            Direction::Left
        }
    } else if d.y > 0.0 {
        Direction::Down
    } else {
        Direction::Up
    })
}

/// Turns a finished press (mouse or touch) into a button click or a swipe; on the history list
/// a swipe scrolls a page.
fn read_pointer(
    screen: Res<State<Screen>>,
    mut focus: ResMut<InputFocus>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    buttons: Query<(&UiButton, &GlobalTransform, &InheritedVisibility)>,
    mut mouse_start: Local<Option<Vec2>>,
    mut requests: MessageWriter<Request>,
) {
    let to_world = |p: Vec2| {
        camera
            .as_ref()
            .and_then(|c| c.0.viewport_to_world_2d(c.1, p).ok())
    };
    // The button drawn on top under the point (a dialog's, over the board's buttons under it).
    let pressed_at = |p: Vec2| {
        let world = to_world(p)?;
        let shown = buttons
            .iter()
            .map(|(b, at, visible)| (b, at, visible.get()));
        button_at(shown, world)
    };
    let mut finish = |start: Vec2, end: Vec2| {
        let tapped = pressed_at(start).filter(|&b| pressed_at(end) == Some(b));
        if let Some(request) = tapped {
            requests.write(request);
        } else if let Some(direction) = swipe_direction(start, end) {
            let page = (super::state::LIST_ROWS - 1) as i16;
            requests.write(match (screen.get(), direction) {
                (Screen::History, Direction::Up) => Request::Browse(Browse::Scroll(page)),
                (Screen::History, Direction::Down) => Request::Browse(Browse::Scroll(-page)),
                _ => Request::Move(direction),
            });
        }
    };

    if let Some(mouse) = mouse {
        let cursor = window.as_ref().and_then(|w| w.cursor_position());
        if mouse.just_pressed(MouseButton::Left) {
            *mouse_start = cursor;
            if focused_button(&focus, |entity| buttons.contains(entity)).is_some() {
                focus.clear();
            }
        }
        if mouse.just_released(MouseButton::Left)
            && let Some(start) = mouse_start.take()
            && let Some(end) = cursor
        {
            finish(start, end);
        }
    }
    if let Some(touches) = touches {
        for touch in touches.iter_just_released() {
            finish(touch.start_position(), touch.position());
        }
    }
}

/// A press on the progress bar, and every move of the pointer while it is held, seeks to the
/// move under it (mouse or the first touch).
fn drag_seek_bar(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&Camera, &GlobalTransform)>>,
    bars: Query<(&SeekBar, &GlobalTransform)>,
    replay: Res<super::Replay>,
    mut dragging: Local<Option<u32>>,
    mut requests: MessageWriter<Request>,
) {
    let Some(watching) = &replay.0 else {
        return;
    };
    let touch = touches.as_ref().and_then(|t| t.iter().next());
    let mouse_held = mouse.as_ref().is_some_and(|m| m.pressed(MouseButton::Left));
    let pressed_now = mouse
        .as_ref()
        .is_some_and(|m| m.just_pressed(MouseButton::Left))
        || touches.as_ref().is_some_and(|t| t.any_just_pressed());
    let pointer = if mouse_held {
        window.as_ref().and_then(|w| w.cursor_position())
    } else {
        touch.map(|t| t.position())
    };
    let Some(world) = pointer.and_then(|p| {
        camera
            .as_ref()
            .and_then(|c| c.0.viewport_to_world_2d(c.1, p).ok())
    }) else {
        *dragging = None;
        return;
    };
    for (bar, transform) in &bars {
        let d = world - transform.translation().truncate();
        let half = bar.size * 0.5 * transform.scale().truncate();
        if dragging.is_none() && !(pressed_now && d.x.abs() <= half.x && d.y.abs() <= half.y) {
            continue;
        }
        let share = (d.x / bar.track.max(1.0) + 0.5).clamp(0.0, 1.0);
        let n = (share * watching.len() as f32).round() as u32;
        if *dragging != Some(n) {
            requests.write(Request::Replay(Control::Seek(n)));
        }
        *dragging = Some(n);
    }
}

/// The mouse wheel scrolls the history list, a row a notch.
fn read_wheel(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut requests: MessageWriter<Request>,
) {
    use bevy::input::mouse::MouseScrollUnit;
    let rows: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => -w.y,
            MouseScrollUnit::Pixel => -w.y / 40.0,
        })
        .sum();
    let rows = rows.round() as i16;
    if rows != 0 {
        requests.write(Request::Browse(Browse::Scroll(rows)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::keys::{KeyTables, takes};
    use super::super::requests::{Choose, Step};
    use super::*;

    #[test]
    fn swipes_need_more_than_ten_pixels_and_the_larger_axis_wins() {
        let o = Vec2::ZERO;
        assert_eq!(swipe_direction(o, Vec2::new(10.0, 0.0)), None);
        assert_eq!(swipe_direction(o, Vec2::new(-7.0, 9.0)), None);
        assert_eq!(
            swipe_direction(o, Vec2::new(11.0, 0.0)),
            Some(Direction::Right)
        );
        assert_eq!(
            swipe_direction(o, Vec2::new(-30.0, 29.0)),
            Some(Direction::Left)
        );
        assert_eq!(
            swipe_direction(o, Vec2::new(5.0, 40.0)),
            Some(Direction::Down)
        );
        assert_eq!(
            swipe_direction(o, Vec2::new(-20.0, -21.0)),
            Some(Direction::Up)
        );
    }

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
