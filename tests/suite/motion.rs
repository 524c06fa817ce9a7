//! Animations: full, reduced or off (the options' M key), remembered with the options. Reduced
//! and off put a move's tiles in their cells the frame after the key, with no "+N"; off also
//! shows overlays at once.

use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use bevy_tweening::TweenAnim;
use g2048::{
    game::{GameState, Tile},
    rules::{Board, Config},
    save::{self, MemoryStore, MotionChoice, Store},
    view::{
        header::ScoreFloat,
        motion::{Motion, SystemMotion},
        overlay::Overlay,
    },
};
use g2048_ui::fade::Fade;

/// Picks a motion on the options screen with the M key, starting from "System".
fn choose(app: &mut App, presses: usize) {
    press_and_settle(app, KeyCode::KeyO);
    for _ in 0..presses {
        press(app, KeyCode::KeyM);
    }
    press_and_settle(app, KeyCode::Escape);
}

fn tweening_tiles(app: &mut App) -> usize {
    let world = app.world_mut();
    let mut q = world.query_filtered::<(), (With<Tile>, With<TweenAnim>)>();
    q.iter(world).count()
}

fn floats(app: &mut App) -> usize {
    let world = app.world_mut();
    let mut q = world.query_filtered::<(), With<ScoreFloat>>();
    q.iter(world).count()
}

/// A scoring move: two 2s side by side, slid left.
fn scoring_move(app: &mut App) {
    let board = Board::from_rows(&[&[0, 2, 0, 2], &[0; 4], &[0, 0, 4, 0], &[0; 4]]);
    set_board(app, board, 2048);
    settle(app);
    press(app, KeyCode::ArrowLeft);
}

#[test]
fn reduced_and_off_put_the_tiles_in_their_cells_the_frame_after_the_key() {
    for (presses, motion) in [(2, Motion::Reduced), (3, Motion::Off)] {
        let mut app = app(Config::default(), 4);
        choose(&mut app, presses);
        assert_eq!(*app.world().resource::<Motion>(), motion);
        scoring_move(&mut app);
        assert_eq!(engine(&app).score(), 4, "{motion:?}: the move scored");
        assert_eq!(tweening_tiles(&mut app), 0, "{motion:?}");
        check_frame(&mut app).unwrap_or_else(|e| panic!("{motion:?}: {e}"));
        assert_eq!(floats(&mut app), 0, "{motion:?}: no +N");
    }
    // Full, for contrast: the same move is still sliding, and "+4" floats.
    let mut app = app(Config::default(), 4);
    scoring_move(&mut app);
    assert!(tweening_tiles(&mut app) > 0);
    assert_eq!(floats(&mut app), 1);
}

/// Motion turned back on (the desktop's reduced-motion setting may change at any frame) right
/// after a move made with none: that move is not played again as a slide.
#[test]
fn motion_turned_on_after_a_move_does_not_replay_it() {
    let mut app = app(Config::default(), 4);
    app.insert_resource(SystemMotion { reduced: true });
    scoring_move(&mut app);
    assert_eq!(*app.world().resource::<Motion>(), Motion::Reduced);
    assert_eq!(tweening_tiles(&mut app), 0);
    app.insert_resource(SystemMotion { reduced: false });
    app.update();
    assert_eq!(*app.world().resource::<Motion>(), Motion::Full);
    assert_eq!(tweening_tiles(&mut app), 0, "the last move slid again");
    check_frame(&mut app).unwrap();
}

#[test]
fn off_shows_the_game_over_at_once_and_reduced_still_fades_it() {
    let lost = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 8, 8]]);
    for (presses, fading) in [(2, true), (3, false)] {
        let mut app = app(Config::default(), 4);
        choose(&mut app, presses);
        set_board(&mut app, lost, 2048);
        press(&mut app, KeyCode::ArrowLeft);
        app.update();
        assert_eq!(state(&app), GameState::GameOver);
        let world = app.world_mut();
        let mut overlay = world.query_filtered::<(&Fade, Has<TweenAnim>), With<Overlay>>();
        let (fade, tween) = overlay.single(world).unwrap();
        assert_eq!(tween, fading, "presses {presses}");
        assert_eq!(fade.0 == 1.0, !fading, "presses {presses}: fade {}", fade.0);
    }
}

#[test]
fn the_choice_is_remembered() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    choose(&mut app, 3);
    let saved = store.read(save::OPTIONS_KEY, 1 << 16).unwrap().unwrap();
    let options = save::parse_options(&saved).unwrap();
    assert_eq!(options.motion, MotionChoice::Off);
    drop(app);
    let app = app_on_store(store);
    assert_eq!(*app.world().resource::<Motion>(), Motion::Off);
}

#[test]
fn off_still_shows_the_hint_and_the_coach_s_bars_then_takes_them_away() {
    // With no motion at all, the hint's arrow and the coach's bars hold still for their time,
    // then go (a bare delay at the top of their animation made bevy_tweening panic).
    let mut app = app(Config::default(), 4);
    choose(&mut app, 3);
    assert_eq!(*app.world().resource::<Motion>(), Motion::Off);
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::KeyC);
    press_and_settle(&mut app, KeyCode::Escape);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    for key in [KeyCode::KeyI, KeyCode::KeyE] {
        press(&mut app, key);
        app.update();
        let world = app.world_mut();
        let mut held = world.query_filtered::<&Fade, With<TweenAnim>>();
        assert!(
            held.iter(world).any(|fade| fade.0 == 1.0),
            "{key:?}: something shows, fully"
        );
        settle(&mut app);
        check_settled(&mut app).unwrap();
    }
}
