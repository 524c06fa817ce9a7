//! Headless App tests: the real plugins on MinimalPlugins' parts + StatesPlugin, keys injected
//! as keyboard messages, assertions on entities, states and the screen's score.

use std::time::Duration;

use crate::common::*;
use bevy::{prelude::*, time::TimeUpdateStrategy};
use bevy_tweening::TweenAnim;
use g2048::{
    game::{GameState, Position, Request, Screen, Tile},
    rules::{Board, Cell, Config, Direction, Status},
    view::{layout::BoardLayout, overlay::Overlay},
};

#[test]
fn start_shows_two_tiles_matching_the_engine() {
    let mut app = app(Config::default(), 1);
    settle(&mut app);
    check_settled(&mut app).unwrap();
    assert_eq!(entity_board(&mut app).unwrap().tiles().count(), 2);
    assert_eq!(state(&app), GameState::Playing);
}

#[test]
fn every_move_key_moves_the_entities_like_the_engine() {
    let keys = [
        KeyCode::ArrowLeft,
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::KeyA,
        KeyCode::KeyW,
        KeyCode::KeyD,
        KeyCode::KeyS,
        KeyCode::KeyH,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyJ,
    ];
    let mut app = app(Config::default(), 5);
    let mut moves_seen = 0;
    for key in keys.iter().cycle().take(60) {
        let before = engine(&app).moves();
        press_and_settle(&mut app, *key);
        moves_seen += engine(&app).moves() - before;
        check_settled(&mut app).unwrap();
        if engine(&app).status() != Status::Playing {
            break;
        }
    }
    assert!(moves_seen > 20, "only {moves_seen} moves changed the board");
}

#[test]
fn a_key_replays_exactly_the_engine_move() {
    // The ECS and a bare engine game with the same seed, fed the same keys, stay identical.
    let config = Config::default();
    let mut app = app(config, 99);
    let mut twin = g2048::rules::Game::new(config, 99);
    let keys = [
        (KeyCode::ArrowLeft, Direction::Left),
        (KeyCode::ArrowDown, Direction::Down),
        (KeyCode::ArrowRight, Direction::Right),
        (KeyCode::ArrowUp, Direction::Up),
    ];
    for &(key, dir) in keys.iter().cycle().take(40) {
        press(&mut app, key);
        twin.play(dir);
        assert_eq!(engine(&app).board(), twin.board());
        assert_eq!(entity_board(&mut app).unwrap(), *twin.board());
        if twin.status() != Status::Playing {
            break;
        }
    }
}

#[test]
fn keys_with_ctrl_or_alt_are_not_moves() {
    let mut app = app(Config::default(), 3);
    let board = Board::from_rows(&[&[0, 0, 0, 2], &[0; 4], &[0; 4], &[0, 0, 0, 4]]);
    set_board(&mut app, board, 2048);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ControlLeft);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(engine(&app).board(), &board);
}

#[test]
fn reaching_the_target_enters_won_and_keep_going_returns_to_play() {
    let mut app = app(Config::new(4, 32).unwrap(), 2);
    let board = Board::from_rows(&[&[16, 16, 0, 0], &[0; 4], &[0; 4], &[0, 0, 0, 2]]);
    set_board(&mut app, board, 32);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(state(&app), GameState::Won);
    assert_eq!(engine(&app).board().max_tile(), 32);
    assert_eq!(overlays(&mut app), 1, "the win overlay shows");
    // Moves wait while the overlay shows.
    let paused = *engine(&app).board();
    press_and_settle(&mut app, KeyCode::ArrowDown);
    assert_eq!(engine(&app).board(), &paused);
    // Enter is "Keep going".
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(overlays(&mut app), 0);
    press_and_settle(&mut app, KeyCode::ArrowDown);
    assert_ne!(engine(&app).board(), &paused, "play continues");
    check_settled(&mut app).unwrap();
}

#[test]
fn the_keep_going_button_is_a_request_like_any_other() {
    let mut app = one_merge_from_winning();
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(state(&app), GameState::Won);
    app.world_mut().write_message(Request::KeepGoing);
    settle(&mut app);
    assert_eq!(state(&app), GameState::Playing);
}

#[test]
fn a_stuck_board_enters_game_over_and_try_again_restarts() {
    let mut app = app(Config::new(3, 2048).unwrap(), 4);
    let board = Board::from_rows(&[&[2, 2, 8], &[8, 16, 32], &[64, 128, 256]]);
    set_board(&mut app, board, 2048);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(engine(&app).status(), Status::Over);
    assert_eq!(state(&app), GameState::GameOver);
    assert_eq!(overlays(&mut app), 1, "the game-over overlay shows");
    check_settled(&mut app).unwrap();
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(state(&app), GameState::Playing);
    assert_eq!(overlays(&mut app), 0);
    assert_eq!(engine(&app).board().tiles().count(), 2);
    check_settled(&mut app).unwrap();
}

#[test]
fn r_asks_then_restarts_and_keeps_the_best_score() {
    let mut app = app(Config::default(), 8);
    let board = Board::from_rows(&[&[64, 64, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 2048);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    assert_eq!(engine(&app).score(), 128);
    // A game in progress: R asks first; Esc keeps it, and moves wait while the question shows.
    press_and_settle(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
    let asked = engine(&app).save();
    press_and_settle(&mut app, KeyCode::ArrowRight);
    assert_eq!(engine(&app).save(), asked, "no move behind the question");
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).score(), 128);
    press_and_settle(&mut app, KeyCode::KeyR);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).score(), 0);
    assert_eq!(engine(&app).moves(), 0);
    assert_eq!(engine(&app).board().tiles().count(), 2);
    assert_eq!(best(&app), 128);
    check_settled(&mut app).unwrap();
}

/// R and Enter within one frame (a slow frame on the page): R puts "Start a new game?" in
/// front, and Enter is read there, not on the board behind it. So are the keys after it.
#[test]
fn keys_in_one_frame_go_to_the_screen_each_key_before_them_opens() {
    let mut app = app(Config::default(), 8);
    g2048::testing::play_moves(&mut app, 4);
    let moves = engine(&app).moves();
    assert!(moves >= 4, "{moves}");
    queue_key(&mut app, KeyCode::KeyR);
    queue_key(&mut app, KeyCode::Enter);
    app.update();
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).moves(), 0, "a new game started");
    check_settled(&mut app).unwrap();
    // Four keys in one frame: O opens the options, T there changes the theme, Esc closes them,
    // and the move after them is played on the board.
    let theme = |app: &App| app.world().resource::<g2048::game::PlayerOptions>().0.theme;
    let before = theme(&app);
    let mut twin = engine(&app).clone();
    twin.play(Direction::Left);
    for key in [
        KeyCode::KeyO,
        KeyCode::KeyT,
        KeyCode::Escape,
        KeyCode::ArrowLeft,
    ] {
        queue_key(&mut app, key);
    }
    app.update();
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Game);
    assert_ne!(theme(&app), before, "T was read by the options");
    assert_eq!(engine(&app).board(), twin.board(), "the move was played");
    check_settled(&mut app).unwrap();
}

/// Observers of `E` in the world: those watching given entities, and those watching every one.
fn observers_of<E: Event>(app: &mut App) -> (usize, usize) {
    let world = app.world_mut();
    let Some(key) = world.event_key::<E>() else {
        return (0, 0);
    };
    let mut q = world.query::<&bevy::ecs::observer::Observer>();
    let watching: Vec<bool> = q
        .iter(world)
        .filter(|o| o.descriptor().event_keys().contains(&key))
        .map(|o| !o.descriptor().entities().is_empty())
        .collect();
    let targeted = watching.iter().filter(|&&t| t).count();
    (targeted, watching.len() - targeted)
}

#[test]
fn a_move_reaches_the_board_s_observer_alone() {
    use g2048::game::requests::{BeforeRequest, RequestOwners, Requested};
    use std::mem::discriminant;
    let mut app = app(Config::default(), 8);
    settle(&mut app);
    let moves = discriminant(&Request::Move(Direction::Up));
    let owners = &app.world().resource::<RequestOwners>().0;
    assert_eq!(
        owners.iter().filter(|(kind, _)| *kind == moves).count(),
        1,
        "one owner of moves: the board"
    );
    // Every owner watches its own entity: no observer sees every request.
    let (targeted, global) = observers_of::<Requested>(&mut app);
    assert!(targeted >= 10, "{targeted}");
    assert_eq!(global, 0);
    // On the board nothing stands before the owners; the options' leaving does while they are
    // in front, and goes with them.
    assert_eq!(observers_of::<BeforeRequest>(&mut app), (0, 0));
    press_and_settle(&mut app, KeyCode::KeyO);
    assert_eq!(screen(&app), Screen::Options);
    assert_eq!(observers_of::<BeforeRequest>(&mut app), (0, 1));
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(observers_of::<BeforeRequest>(&mut app), (0, 0));
    let before = engine(&app).moves();
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowRight);
    assert!(engine(&app).moves() > before, "the board still moves");
}

#[test]
fn a_swipe_moves_and_a_short_one_does_not() {
    let mut app = app(Config::default(), 3);
    let board = Board::from_rows(&[&[0, 0, 0, 2], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 2048);
    swipe(&mut app, Vec2::new(300.0, 300.0), Vec2::new(292.0, 305.0));
    assert_eq!(engine(&app).board(), &board, "a 8 px swipe is a tap");
    swipe(&mut app, Vec2::new(300.0, 300.0), Vec2::new(200.0, 330.0));
    settle(&mut app);
    assert_eq!(engine(&app).board().get(Cell::new(0, 0)), 2);
    check_settled(&mut app).unwrap();
}

#[test]
fn keys_mashed_mid_animation_apply_at_once_and_keep_every_invariant() {
    let mut app = app(Config::default(), 21);
    let keys = [
        (KeyCode::ArrowLeft, Direction::Left),
        (KeyCode::ArrowUp, Direction::Up),
        (KeyCode::ArrowRight, Direction::Right),
        (KeyCode::ArrowDown, Direction::Down),
    ];
    let mut restarts = 0;
    for i in 0..600 {
        // One or two keys every frame, so every key lands mid-animation.
        let mut pressed = vec![keys[i % 4]];
        if i % 3 == 0 {
            pressed.push(keys[(i + 1) % 4]);
        }
        let mut twin = engine(&app).clone();
        for &(key, dir) in &pressed {
            queue_key(&mut app, key);
            twin.play(dir);
        }
        app.update();
        assert_eq!(
            engine(&app).board(),
            twin.board(),
            "frame {i}: every key applied at once, in order"
        );
        check_frame(&mut app).unwrap_or_else(|e| panic!("frame {i}: {e}"));
        if engine(&app).status() == Status::Over {
            press(&mut app, KeyCode::KeyR);
            restarts += 1;
        }
    }
    settle(&mut app);
    check_settled(&mut app).unwrap();
    assert!(restarts > 0, "the run should have lost at least once");
}

#[test]
fn a_key_during_a_slide_snaps_the_slide_to_its_end() {
    // 16 ms frames: a 100 ms slide is mid-way after two frames.
    let mut app = app(Config::default(), 3);
    let board = Board::from_rows(&[&[0, 0, 0, 2], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 2048);
    press(&mut app, KeyCode::ArrowLeft);
    app.update();
    let moves = engine(&app).moves();
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(engine(&app).moves(), moves + 1, "the key applied at once");
    check_frame(&mut app).unwrap();
    settle(&mut app);
    check_settled(&mut app).unwrap();
}

fn overlays(app: &mut App) -> usize {
    let world = app.world_mut();
    world
        .query_filtered::<(), With<Overlay>>()
        .iter(world)
        .count()
}

#[test]
fn the_first_move_after_a_long_idle_still_animates() {
    // The reactive window loop sleeps while idle; the frame that wakes on a key has a long delta.
    let mut app = app(Config::default(), 3);
    let board = Board::from_rows(&[&[0, 0, 0, 2], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 2048);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs(30)));
    press(&mut app, KeyCode::ArrowLeft);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    let layout = *app.world().resource::<BoardLayout>();
    let world = app.world_mut();
    let mut tiles = world.query_filtered::<(&Position, &Transform, Has<TweenAnim>), With<Tile>>();
    let slid = tiles
        .iter(world)
        .find(|(p, _, _)| **p == Position(Cell::new(0, 0)))
        .map(|(_, t, a)| (t.translation.truncate(), a))
        .expect("the 2 slid to the left edge");
    assert!(slid.1, "the slide tween is still running");
    let start = layout.cell_center(Cell::new(3, 0));
    assert!(
        slid.0.distance(start) < 0.01,
        "the tile is drawn where the slide starts, not at its end"
    );
    settle(&mut app);
    check_settled(&mut app).unwrap();
}

#[test]
fn the_win_overlay_is_invisible_then_fades_in_after_the_delay() {
    let mut app = one_merge_from_winning();
    press(&mut app, KeyCode::ArrowLeft);
    app.update(); // the state change lands, the overlay spawns
    assert_eq!(state(&app), GameState::Won);
    let cover_alpha = |app: &mut App| {
        // The overlay's root is its cover.
        let world = app.world_mut();
        let mut covers = world.query_filtered::<&Sprite, With<Overlay>>();
        covers.single(world).unwrap().color.alpha()
    };
    assert_eq!(cover_alpha(&mut app), 0.0, "hidden the frame it appears");
    // 1 s later it is still waiting (the original pauses 1.2 s).
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(cover_alpha(&mut app), 0.0);
    settle(&mut app);
    assert!((cover_alpha(&mut app) - 0.5).abs() < 1e-3, "fully faded in");
}

/// A 4×4 game to 32 whose only tiles are 16, 16: sliding left wins.
fn one_merge_from_winning() -> App {
    let mut app = app(Config::new(4, 32).unwrap(), 2);
    let board = Board::from_rows(&[&[16, 16, 0, 0], &[0; 4], &[0; 4], &[0; 4]]);
    set_board(&mut app, board, 32);
    app
}

/// The "+N" floats on screen: their entity, number and height.
fn floats(app: &mut App) -> Vec<(Entity, u64, f32)> {
    let world = app.world_mut();
    let mut q = world.query::<(Entity, &g2048::view::header::ScoreFloat, &Transform)>();
    q.iter(world)
        .map(|(entity, float, transform)| (entity, float.gained, transform.translation.y))
        .collect()
}

#[test]
fn score_floats_stay_readable_at_any_pace() {
    // A scoring move every frame (as fast autoplay plays), one every 200 ms, one every 400 ms:
    // never more than three "+N" at once, at least 18 px apart, and every point scored shows
    // in one of them.
    for frames_apart in [1, 12, 24] {
        let mut app = app(Config::new(8, 1 << 20).unwrap(), 5);
        let mut before: Vec<(Entity, u64, f32)> = Vec::new();
        let mut shown = 0;
        for i in 0..400 {
            if i % frames_apart == 0 {
                // Left and right in turn keep merging the 8×8 board's small tiles.
                let key = [KeyCode::ArrowLeft, KeyCode::ArrowRight][i / frames_apart % 2];
                queue_key(&mut app, key);
            }
            let score = engine(&app).score();
            app.update();
            let now = floats(&mut app);
            assert!(now.len() <= 3, "{frames_apart} frames apart: {now:?}");
            let mut heights: Vec<f32> = now.iter().map(|f| f.2).collect();
            heights.sort_by(f32::total_cmp);
            for pair in heights.windows(2) {
                assert!(pair[1] - pair[0] >= 18.0, "{frames_apart}: {heights:?}");
            }
            // What the floats show now, less what the same floats showed before, is what this
            // frame scored.
            let earlier = |entity| before.iter().find(|f| f.0 == entity).map_or(0, |f| f.1);
            let added: u64 = now.iter().map(|f| f.1 - earlier(f.0)).sum();
            assert_eq!(
                added,
                engine(&app).score() - score,
                "{frames_apart}: frame {i}"
            );
            shown += added;
            before = now;
        }
        assert!(shown >= 20, "{frames_apart}: only {shown} points scored");
        check_frame(&mut app).unwrap();
    }
}

/// Whether the last frame asked the window for another one.
fn asked_for_a_frame(app: &App) -> bool {
    let messages = app
        .world()
        .resource::<bevy::ecs::message::Messages<bevy::window::RequestRedraw>>();
    messages.iter_current_update_messages().count() > 0
}

#[test]
fn a_window_that_waits_for_input_still_gets_the_frames_a_change_needs() {
    // The window sleeps between frames unless asked for one. A key that opens or closes a
    // dialog takes effect the frame after it: that frame must come without more input.
    let mut app = app(Config::default(), 3);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    for _ in 0..10 {
        app.update();
    }
    assert!(!asked_for_a_frame(&app), "idle: no frames");
    for (key, screen_after) in [
        (KeyCode::KeyO, Screen::Options),
        (KeyCode::Escape, Screen::Game),
        (KeyCode::KeyR, Screen::ConfirmNewGame),
        (KeyCode::KeyN, Screen::Game),
    ] {
        press(&mut app, key);
        assert!(asked_for_a_frame(&app), "{key:?}");
        app.update();
        assert_eq!(screen(&app), screen_after, "{key:?}");
        assert!(!asked_for_a_frame(&app), "{key:?}: idle again");
    }
}
