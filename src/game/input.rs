//! Input to requests: keys (arrows, WASD, vim HJKL, R, U/Ctrl+Z/Backspace, O, T, I or ?, P, F,
//! V, C, G, N, B, Enter, Space, Esc/Q; Y and N on the question; 3–8, + −, T and M on the options,
//! numpad too; the viewer's, the history's and the statistics' own keys), each read for the
//! screen in front, Tab and Shift+Tab moving the keyboard's focus over its buttons, mouse drags
//! and touch swipes on the window, the replay's progress bar, the wheel on the history, and
//! clicks or taps on on-screen buttons. Whether a screen takes a request is decided where
//! requests are read (`Screen::accepts`); here keys only say what they ask for.

use bevy::{
    input::{ButtonState, keyboard::KeyboardInput},
    prelude::*,
    window::PrimaryWindow,
};

use super::past::Browse;
use super::replay::{Control, Speed, Watch};
use super::requests::{Request, Screen, Step};
use super::{GameSet, GameState};
use crate::rules::Direction;

/// Esc and Q quit on the desktop only.
pub const QUIT_KEYS: bool = cfg!(not(target_arch = "wasm32"));

/// A swipe fires when the larger of |dx|, |dy| exceeds this many logical pixels (the original's).
pub const SWIPE_THRESHOLD_PX: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focus>().add_systems(
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
    );
}

/// The replay's progress bar: a press or a drag on it (within `size`, centred on the entity)
/// shows the move under the pointer, the first at the left end of the `track` and the last at
/// its right end.
#[derive(Component, Debug, Clone, Copy)]
pub struct SeekBar {
    pub size: Vec2,
    pub track: f32,
}

/// A clickable rectangle in world space (centred on the entity) that sends `request`.
#[derive(Component, Debug, Clone, Copy)]
pub struct UiButton {
    pub request: Request,
    pub size: Vec2,
}

/// The button the keyboard is on (Tab, Shift+Tab), if any: Enter and Space press it, the view
/// draws a ring around it. The pointer and a change of screen put it away.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Focus(pub Option<Entity>);

/// The buttons the screen in front takes, in reading order: rows from the top, each from the
/// left (buttons of the board behind a dialog are left out, as their requests are; so are
/// buttons hidden themselves).
fn focus_order(
    screen: Screen,
    buttons: &Query<(Entity, &UiButton, &GlobalTransform, &Visibility)>,
) -> Vec<Entity> {
    let mut order: Vec<(Entity, Vec2)> = buttons
        .iter()
        .filter(|(_, button, _, visibility)| {
            **visibility != Visibility::Hidden && screen.accepts(button.request)
        })
        .map(|(entity, _, transform, _)| (entity, transform.translation().truncate()))
        .collect();
    // Rows: a row's buttons share their centre's height; 20-unit bands keep them together.
    order.sort_by(|a, b| {
        let row = |p: Vec2| (-p.y / 20.0).round() as i32;
        row(a.1).cmp(&row(b.1)).then(a.1.x.total_cmp(&b.1.x))
    });
    order.into_iter().map(|(entity, _)| entity).collect()
}

/// The next (or previous) button after `from`, round the ends; the first (or last) if the
/// focus is on none of them.
fn step_focus(order: &[Entity], from: Option<Entity>, forward: bool) -> Option<Entity> {
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

/// A new screen starts without focus.
fn forget_focus(mut focus: ResMut<Focus>) {
    focus.set_if_neq(Focus(None));
}

/// The move a key asks for, if any.
fn key_direction(key: KeyCode) -> Option<Direction> {
    match key {
        KeyCode::ArrowUp | KeyCode::KeyW | KeyCode::KeyK => Some(Direction::Up),
        KeyCode::ArrowDown | KeyCode::KeyS | KeyCode::KeyJ => Some(Direction::Down),
        KeyCode::ArrowLeft | KeyCode::KeyA | KeyCode::KeyH => Some(Direction::Left),
        KeyCode::ArrowRight | KeyCode::KeyD | KeyCode::KeyL => Some(Direction::Right),
        _ => None,
    }
}

/// Reads key presses in the order they happened (the message queue keeps it, a set of pressed
/// keys would not), so keys mashed within one frame all apply, in order.
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    mut focus: ResMut<Focus>,
    buttons: Query<(Entity, &UiButton, &GlobalTransform, &Visibility)>,
    mut requests: MessageWriter<Request>,
    mut exit: MessageWriter<AppExit>,
) {
    let shift = held.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // Keys held with Alt/Ctrl/Meta are shortcuts, not moves (as in the original).
    let modified = held.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let command = held.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        if modified {
            // Ctrl+Z (Cmd+Z on a Mac) is the one shortcut the game answers.
            if command && key.key_code == KeyCode::KeyZ {
                requests.write(Request::Undo);
            }
            continue;
        }
        let code = key.key_code;
        // Tab and Shift+Tab move the focus over the screen's buttons; Enter and Space press
        // the focused one.
        if code == KeyCode::Tab {
            let order = focus_order(*screen.get(), &buttons);
            focus.0 = step_focus(&order, focus.0, !shift);
            continue;
        }
        if matches!(code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space)
            && let Some(focused) = focus.0
            && let Ok((_, button, _, visibility)) = buttons.get(focused)
            && visibility != Visibility::Hidden
            && screen.get().accepts(button.request)
        {
            requests.write(button.request);
            continue;
        }
        let request = match screen.get() {
            Screen::Game => game_key(code, *state.get()),
            Screen::ConfirmNewGame => question_key(code),
            Screen::Options => options_key(code),
            Screen::Replay => replay_key(code),
            Screen::History => history_key(code),
            Screen::Stats => stats_key(code),
            Screen::Coach => coach_key(code),
        };
        match request {
            Some(request) => {
                requests.write(request);
            }
            // Esc and Q quit from the board only; a page cannot be quit.
            None if *screen.get() == Screen::Game
                && QUIT_KEYS
                && matches!(code, KeyCode::Escape | KeyCode::KeyQ) =>
            {
                exit.write(AppExit::Success);
            }
            None => {}
        }
    }
}

/// Keys on the board.
fn game_key(code: KeyCode, state: GameState) -> Option<Request> {
    Some(match code {
        KeyCode::KeyU | KeyCode::Backspace => Request::Undo,
        KeyCode::KeyO => Request::OpenOptions,
        KeyCode::KeyT => Request::ToggleTheme,
        KeyCode::KeyI | KeyCode::Slash => Request::Hint,
        KeyCode::KeyP => Request::ToggleAutoplay,
        KeyCode::KeyF => Request::ToggleFast,
        KeyCode::KeyR => Request::NewGame,
        KeyCode::KeyV => Request::Watch(Watch::Current),
        KeyCode::KeyC => Request::Share,
        KeyCode::KeyG => Request::OpenHistory,
        KeyCode::KeyN => Request::OpenStats,
        KeyCode::KeyB => Request::ReadBoard,
        KeyCode::KeyE => Request::CoachBars,
        KeyCode::KeyX => Request::OpenCoach,
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => match state {
            GameState::Won => Request::KeepGoing,
            GameState::GameOver => Request::NewGame,
            GameState::Playing => return None,
        },
        code => Request::Move(key_direction(code)?),
    })
}

/// Keys on "Start a new game?": yes (Enter, Space, Y, or R again) or no (Esc, N, Backspace).
fn question_key(code: KeyCode) -> Option<Request> {
    match code {
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space | KeyCode::KeyY | KeyCode::KeyR => {
            Some(Request::ConfirmNewGame)
        }
        KeyCode::Escape | KeyCode::KeyN | KeyCode::Backspace => Some(Request::CloseDialog),
        _ => None,
    }
}

/// Keys on the options screen: 3–8 pick the size, + and − step through the offered targets.
fn options_key(code: KeyCode) -> Option<Request> {
    let digits = [
        (KeyCode::Digit3, KeyCode::Numpad3),
        (KeyCode::Digit4, KeyCode::Numpad4),
        (KeyCode::Digit5, KeyCode::Numpad5),
        (KeyCode::Digit6, KeyCode::Numpad6),
        (KeyCode::Digit7, KeyCode::Numpad7),
        (KeyCode::Digit8, KeyCode::Numpad8),
    ];
    if let Some(i) = digits.iter().position(|&(d, n)| code == d || code == n) {
        return Some(Request::SetSize(3 + i));
    }
    Some(match code {
        KeyCode::Escape | KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::KeyO => {
            Request::CloseDialog
        }
        KeyCode::KeyT => Request::ToggleTheme,
        KeyCode::KeyM => Request::NextMotion,
        KeyCode::KeyC => Request::ToggleCoach,
        KeyCode::Equal | KeyCode::NumpadAdd => Request::StepTarget(Step::Up),
        KeyCode::Minus | KeyCode::NumpadSubtract => Request::StepTarget(Step::Down),
        _ => return None,
    })
}

/// Keys of the coach's summary: Esc, Q, Backspace or X close it (Tab and Enter reach its
/// jumps into the replay).
fn coach_key(code: KeyCode) -> Option<Request> {
    match code {
        KeyCode::Escape | KeyCode::KeyQ | KeyCode::Backspace | KeyCode::KeyX => {
            Some(Request::CloseDialog)
        }
        KeyCode::KeyT => Some(Request::ToggleTheme),
        _ => None,
    }
}

/// Keys of the replay viewer: Space plays or pauses, the arrows (or A/D, H/L, comma and period)
/// step, Home and End (or Up and Down) jump to the first and last move, 1–4 pick the speed,
/// Enter plays on from the shown move, C shares, Esc, Q or Backspace close.
fn replay_key(code: KeyCode) -> Option<Request> {
    let speeds = [
        (KeyCode::Digit1, KeyCode::Numpad1),
        (KeyCode::Digit2, KeyCode::Numpad2),
        (KeyCode::Digit3, KeyCode::Numpad3),
        (KeyCode::Digit4, KeyCode::Numpad4),
    ];
    if let Some(i) = speeds.iter().position(|&(d, n)| code == d || code == n) {
        return Some(Request::Replay(Control::Speed(Speed::ALL[i])));
    }
    Some(Request::Replay(match code {
        KeyCode::Space | KeyCode::KeyK | KeyCode::KeyP => Control::TogglePlay,
        KeyCode::ArrowLeft | KeyCode::KeyA | KeyCode::KeyH | KeyCode::Comma => Control::Back,
        KeyCode::ArrowRight | KeyCode::KeyD | KeyCode::KeyL | KeyCode::Period => Control::Forward,
        KeyCode::Home | KeyCode::ArrowUp | KeyCode::KeyW => Control::First,
        KeyCode::End | KeyCode::ArrowDown | KeyCode::KeyS => Control::Last,
        KeyCode::Enter | KeyCode::NumpadEnter => Control::PlayFromHere,
        KeyCode::Escape | KeyCode::KeyQ | KeyCode::Backspace | KeyCode::KeyV => Control::Close,
        KeyCode::KeyC => return Some(Request::Share),
        KeyCode::KeyT => return Some(Request::ToggleTheme),
        _ => return None,
    }))
}

/// Keys of the history list: arrows (or W/S, K/J), Page Up/Down, Home/End move the selection,
/// Enter or Space replays it, C shares it, N shows the statistics, Esc, Q, Backspace or G close.
fn history_key(code: KeyCode) -> Option<Request> {
    Some(match code {
        KeyCode::ArrowUp | KeyCode::KeyW | KeyCode::KeyK => Request::Browse(Browse::Up),
        KeyCode::ArrowDown | KeyCode::KeyS | KeyCode::KeyJ => Request::Browse(Browse::Down),
        KeyCode::PageUp => Request::Browse(Browse::PageUp),
        KeyCode::PageDown => Request::Browse(Browse::PageDown),
        KeyCode::Home => Request::Browse(Browse::First),
        KeyCode::End => Request::Browse(Browse::Last),
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => Request::Watch(Watch::Selected),
        KeyCode::KeyC => Request::Share,
        KeyCode::KeyN => Request::OpenStats,
        KeyCode::KeyT => Request::ToggleTheme,
        KeyCode::Escape | KeyCode::KeyQ | KeyCode::Backspace | KeyCode::KeyG => {
            Request::CloseDialog
        }
        _ => return None,
    })
}

/// Keys of the statistics: Left and Right (or A/D, H/L) change the board size, G opens the
/// history, Esc, Q, Backspace or N close.
fn stats_key(code: KeyCode) -> Option<Request> {
    Some(match code {
        KeyCode::ArrowLeft | KeyCode::KeyA | KeyCode::KeyH => Request::StatsSize(Step::Down),
        KeyCode::ArrowRight | KeyCode::KeyD | KeyCode::KeyL => Request::StatsSize(Step::Up),
        KeyCode::KeyG => Request::OpenHistory,
        KeyCode::KeyT => Request::ToggleTheme,
        KeyCode::Escape | KeyCode::KeyQ | KeyCode::Backspace | KeyCode::KeyN => {
            Request::CloseDialog
        }
        _ => return None,
    })
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
    mut focus: ResMut<Focus>,
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
    let button_at = |p: Vec2| {
        let world = to_world(p)?;
        buttons.iter().find_map(|(button, transform, visible)| {
            let half = button.size * 0.5 * transform.scale().truncate();
            let d = (world - transform.translation().truncate()).abs();
            (visible.get() && d.x <= half.x && d.y <= half.y).then_some(button.request)
        })
    };
    let mut finish = |start: Vec2, end: Vec2| {
        let tapped = button_at(start).filter(|&b| button_at(end) == Some(b));
        if let Some(request) = tapped {
            requests.write(request);
        } else if let Some(direction) = swipe_direction(start, end) {
            let page = (super::past::LIST_ROWS - 1) as i16;
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
            focus.set_if_neq(Focus(None));
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
            requests.write(Request::Replay(super::replay::Control::Seek(n)));
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
    fn every_move_key_has_a_direction() {
        use Direction::*;
        let keys = [
            (KeyCode::ArrowUp, Up),
            (KeyCode::KeyW, Up),
            (KeyCode::KeyK, Up),
            (KeyCode::ArrowDown, Down),
            (KeyCode::KeyS, Down),
            (KeyCode::KeyJ, Down),
            (KeyCode::ArrowLeft, Left),
            (KeyCode::KeyA, Left),
            (KeyCode::KeyH, Left),
            (KeyCode::ArrowRight, Right),
            (KeyCode::KeyD, Right),
            (KeyCode::KeyL, Right),
        ];
        for (key, dir) in keys {
            assert_eq!(key_direction(key), Some(dir), "{key:?}");
        }
        assert_eq!(key_direction(KeyCode::KeyR), None);
    }
}
