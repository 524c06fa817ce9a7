//! Keyboard focus: Tab and Shift+Tab move a ring over the buttons of the screen in front, in
//! reading order; Enter and Space press the focused button; a new screen starts without focus.

use crate::common::*;
use bevy::input::{ButtonState, mouse::MouseButtonInput};
use bevy::prelude::*;
use g2048::game::Choose;
use g2048::{
    game::{Request, Screen, Step, UiButton, Watch},
    rules::Config,
};
use g2048_ui::button::FocusRing;

fn focused(app: &App) -> Option<Request> {
    let entity = g2048::testing::focused_button(app)?;
    Some(app.world().get::<UiButton>(entity)?.action)
}

/// Tabs `n` times, with the focused button's request after each.
fn tabs(app: &mut App, n: usize) -> Vec<Request> {
    (0..n)
        .map(|_| {
            press(app, KeyCode::Tab);
            focused(app).expect("a button has the focus")
        })
        .collect()
}

/// Shift held over a Tab, as a player presses them: each in its own frame.
fn shift_tab(app: &mut App) {
    app.world_mut()
        .write_message(keyboard(KeyCode::ShiftLeft, ButtonState::Pressed));
    app.update();
    press(app, KeyCode::Tab);
    app.world_mut()
        .write_message(keyboard(KeyCode::ShiftLeft, ButtonState::Released));
    app.update();
}

fn ring(app: &mut App) -> (Visibility, Vec3) {
    let world = app.world_mut();
    let mut q = world.query_filtered::<(&Visibility, &Transform), With<FocusRing>>();
    let (visibility, transform) = q.single(world).unwrap();
    (*visibility, transform.translation)
}

#[test]
fn tab_walks_the_boards_buttons_then_the_questions_and_enter_presses() {
    let mut app = app(Config::default(), 2);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    assert_eq!(ring(&mut app).0, Visibility::Hidden);
    let row = [
        Request::ToggleAutoplay,
        Request::Show(Screen::Options),
        Request::Undo,
        Request::NewGame,
    ];
    let mut expected = row.to_vec();
    expected.push(row[0]); // round the end
    assert_eq!(tabs(&mut app, 5), expected);
    shift_tab(&mut app);
    assert_eq!(focused(&app), Some(Request::NewGame), "Shift+Tab goes back");
    app.update();
    let (visibility, at) = ring(&mut app);
    assert_eq!(visibility, Visibility::Visible);
    let entity = g2048::testing::focused_button(&app).unwrap();
    let button = app
        .world()
        .get::<GlobalTransform>(entity)
        .unwrap()
        .translation();
    assert_eq!(
        at.truncate(),
        button.truncate(),
        "the ring is around the button"
    );
    // Enter presses "New Game": the question, whose own buttons Tab then walks.
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
    assert_eq!(focused(&app), None, "a new screen starts without focus");
    assert_eq!(
        tabs(&mut app, 2),
        [Request::ConfirmNewGame, Request::CloseDialog]
    );
    // Space presses "Keep playing"; Esc would too.
    let moves = engine(&app).moves();
    press_and_settle(&mut app, KeyCode::Space);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).moves(), moves, "the game is kept");
}

#[test]
fn every_screen_has_its_buttons_in_reading_order() {
    let mut app = app(Config::default(), 2);
    press_and_settle(&mut app, KeyCode::KeyO);
    // The language first, at the right of the title; then the parts from the top.
    let options = tabs(&mut app, 33);
    assert_eq!(options[0], Request::Options(Choose::NextLanguage));
    let options = &options[1..];
    assert_eq!(options[0], Request::Options(Choose::Size(3)));
    assert_eq!(options[5], Request::Options(Choose::Size(8)));
    assert_eq!(
        options[6..10],
        [
            Request::Options(Choose::StepRows(Step::Down)),
            Request::Options(Choose::StepRows(Step::Up)),
            Request::Options(Choose::StepCols(Step::Down)),
            Request::Options(Choose::StepCols(Step::Up))
        ]
    );
    assert_eq!(options[10], Request::Options(Choose::Target(256)));
    assert!(matches!(options[16], Request::Options(Choose::Theme(_))));
    assert!(matches!(options[20], Request::Options(Choose::Motion(_))));
    assert_eq!(
        options[24..26],
        [
            Request::Options(Choose::Coach(true)),
            Request::Options(Choose::Coach(false))
        ]
    );
    assert_eq!(
        options[26..],
        [
            Request::Daily,
            Request::Show(Screen::History),
            Request::Show(Screen::Stats),
            Request::ExportBackup,
            Request::ImportBackup,
            Request::CloseDialog
        ]
    );
    press_and_settle(&mut app, KeyCode::Escape);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::KeyV);
    let controls = tabs(&mut app, 10);
    assert_eq!(controls[0], Request::Replay(g2048::game::Control::First));
    assert_eq!(controls[7], Request::Share);
    assert_eq!(controls[8], Request::Race(g2048::game::RaceWith::Watched));
    assert_eq!(controls[9], Request::Replay(g2048::game::Control::Close));
    press_and_settle(&mut app, KeyCode::Enter); // presses the focused ×
    assert_eq!(screen(&app), Screen::Game);
    press_and_settle(&mut app, KeyCode::KeyG);
    let history = tabs(&mut app, 5);
    assert_eq!(
        history,
        [
            Request::Watch(Watch::Selected),
            Request::Share,
            Request::Race(g2048::game::RaceWith::Selected),
            Request::Show(Screen::Stats),
            Request::CloseDialog
        ]
    );
}

#[test]
fn the_pointer_puts_the_focus_away() {
    let mut app = app(Config::default(), 2);
    press(&mut app, KeyCode::Tab);
    assert!(focused(&app).is_some());
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    assert_eq!(focused(&app), None);
}
