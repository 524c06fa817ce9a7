//! Undo: every key and the button take back one move, as many as were played, restoring the
//! exact earlier game (board, score, moves, state, and the spawn RNG), with tiles sliding back.

use crate::common::*;
use bevy::{input::ButtonState, prelude::*};
use g2048::{
    game::{GameState, Request},
    rules::{Board, Config, SavedGame, Status},
};

fn snapshot(app: &App) -> SavedGame {
    engine(app).save()
}

#[test]
fn undo_after_many_random_moves_returns_every_earlier_state() {
    for (size, seed) in [(4, 1), (3, 2), (6, 3)] {
        let mut app = app(Config::new(size, 2048).unwrap(), seed);
        settle(&mut app);
        let mut states = vec![snapshot(&app)];
        let keys = [
            KeyCode::ArrowLeft,
            KeyCode::ArrowUp,
            KeyCode::ArrowRight,
            KeyCode::ArrowDown,
        ];
        let mut x = seed;
        for _ in 0..60 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            press(&mut app, keys[(x >> 33) as usize % 4]);
            check_frame(&mut app).unwrap();
            if engine(&app).status() == Status::Over {
                break;
            }
            if snapshot(&app) != *states.last().unwrap() {
                states.push(snapshot(&app));
            }
        }
        settle(&mut app);
        assert!(
            states.len() > 20,
            "{size}x{size}: only {} moves",
            states.len()
        );
        states.pop();
        while let Some(earlier) = states.pop() {
            // Undo mid-animation too: the frames in between keep every invariant.
            press(&mut app, KeyCode::KeyU);
            check_frame(&mut app).unwrap();
            app.update();
            check_frame(&mut app).unwrap();
            settle(&mut app);
            assert_eq!(snapshot(&app), earlier, "{size}x{size}");
            check_settled(&mut app).unwrap();
        }
        // Nothing left to undo: the key does nothing.
        let first = snapshot(&app);
        press_and_settle(&mut app, KeyCode::KeyU);
        assert_eq!(snapshot(&app), first);
    }
}

#[test]
fn an_undone_move_replays_with_the_same_spawn() {
    let mut app = app(Config::default(), 21);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    let after = snapshot(&app);
    press_and_settle(&mut app, KeyCode::Backspace);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    assert_eq!(snapshot(&app), after, "undo is no re-roll of the spawn");
}

#[test]
fn undo_leaves_game_over() {
    let mut app = app(Config::new(3, 2048).unwrap(), 4);
    let board = Board::from_rows(&[&[2, 2, 8], &[8, 16, 32], &[64, 128, 256]]);
    set_board(&mut app, board, 2048);
    let before = snapshot(&app);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(state(&app), GameState::GameOver);
    press_and_settle(&mut app, KeyCode::KeyU);
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(snapshot(&app), before);
    check_settled(&mut app).unwrap();
}

#[test]
fn undo_takes_back_a_win() {
    let mut app = app(Config::default(), 5);
    let board = Board::from_rows(&[&[1024, 1024, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 2048);
    let before = snapshot(&app);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(state(&app), GameState::Won);
    press_and_settle(&mut app, KeyCode::KeyU);
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(snapshot(&app), before);
    assert!(!engine(&app).has_won());
    check_settled(&mut app).unwrap();
}

#[test]
fn ctrl_z_and_the_button_undo_but_plain_z_does_not() {
    let mut app = app(Config::default(), 13);
    let start = snapshot(&app);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowDown);
    let one = snapshot(&app);
    press_and_settle(&mut app, KeyCode::KeyZ);
    assert_eq!(snapshot(&app), one, "Z alone is no undo");
    // (It opens the ranked daily's screen: Esc closes it.)
    press_and_settle(&mut app, KeyCode::Escape);
    for message in [
        keyboard(KeyCode::ControlLeft, ButtonState::Pressed),
        keyboard(KeyCode::KeyZ, ButtonState::Pressed),
        keyboard(KeyCode::KeyZ, ButtonState::Released),
    ] {
        app.world_mut().write_message(message);
    }
    app.update();
    app.world_mut()
        .write_message(keyboard(KeyCode::ControlLeft, ButtonState::Released));
    settle(&mut app);
    assert_eq!(engine(&app).moves(), 1, "Ctrl+Z took back one move");
    app.world_mut().write_message(Request::Undo); // what the Undo button sends
    settle(&mut app);
    assert_eq!(snapshot(&app), start);
    check_settled(&mut app).unwrap();
}

#[test]
fn a_new_game_forgets_the_history() {
    let mut app = app(Config::default(), 17);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowRight);
    app.world_mut().write_message(Request::NewGame);
    settle(&mut app);
    let fresh = snapshot(&app);
    press_and_settle(&mut app, KeyCode::KeyU);
    assert_eq!(snapshot(&app), fresh);
}
