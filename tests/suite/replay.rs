//! The replay viewer, share codes and the history of games, on the real plugins without a
//! window: the viewer lands on the engine's positions, "play from here" continues identically,
//! bad codes leave the game in progress untouched, and finished or replaced games are kept.

use std::sync::Arc;

use crate::common::*;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use g2048::i18n::Words;
use g2048::{
    GamePlugin,
    game::{
        Control, GameState, Notice, PastGames, PlayerOptions, Replay, Request, Screen, Shared,
        Takes, UndoRecord, Watch,
    },
    rules::{Config, Direction, Record, SavedGame, Status},
    save::{self, MemoryStore, Store},
    view::{flow::ListRow, stats_charts::TileBar},
};

/// Plays keys until `n` moves changed the board (or the game ended); every position after each
/// move, the start first.
fn play_moves(app: &mut App, n: usize) -> Vec<SavedGame> {
    let keys = [
        KeyCode::ArrowLeft,
        KeyCode::ArrowDown,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::ArrowUp,
    ];
    let mut positions = vec![engine(app).save()];
    let mut i = 0;
    while positions.len() <= n && engine(app).status() == Status::Playing {
        let before = engine(app).moves();
        press(app, keys[i % keys.len()]);
        i += 1;
        if engine(app).moves() != before {
            positions.push(engine(app).save());
        }
    }
    settle(app);
    positions
}

fn request(app: &mut App, request: Request) {
    app.world_mut().write_message(request);
    app.update();
}

fn shown(app: &App) -> usize {
    app.world()
        .resource::<Replay>()
        .0
        .as_ref()
        .expect("a replay is on the board")
        .shown
}

fn notices(app: &mut App) -> Vec<String> {
    let messages = app.world().resource::<Messages<Notice>>();
    messages
        .iter_current_update_messages()
        .map(|n| Words::english().say(&n.0))
        .collect()
}

fn shared(app: &App) -> Vec<String> {
    let messages = app.world().resource::<Messages<Shared>>();
    messages
        .iter_current_update_messages()
        .map(|s| s.0.clone())
        .collect()
}

#[test]
fn the_viewer_steps_and_jumps_onto_the_games_positions_and_gives_the_game_back() {
    let mut app = app(Config::new(5, 2048).unwrap(), 21);
    let positions = play_moves(&mut app, 40);
    assert_eq!(positions.len(), 41);
    let own = engine(&app).save();

    press(&mut app, KeyCode::KeyV);
    press(&mut app, KeyCode::Space); // pause: it starts playing
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    let at = shown(&app);
    assert_eq!(engine(&app).save(), positions[at], "opened on the start");
    // Forward, back, and jumps: each lands on the engine's position, entities included.
    for (key, expected) in [
        (KeyCode::Home, 0),
        (KeyCode::ArrowRight, 1),
        (KeyCode::ArrowRight, 2),
        (KeyCode::ArrowRight, 3),
        (KeyCode::ArrowLeft, 2),
        (KeyCode::End, 40),
        (KeyCode::ArrowLeft, 39),
        (KeyCode::Home, 0),
    ] {
        press_and_settle(&mut app, key);
        assert_eq!(shown(&app), expected, "{key:?}");
        assert_eq!(engine(&app).save(), positions[expected], "{key:?}");
        check_settled(&mut app).unwrap();
    }
    for n in [17, 33, 0, 40, 5] {
        request(&mut app, Request::Replay(Control::Seek(n)));
        settle(&mut app);
        assert_eq!(engine(&app).save(), positions[n as usize], "seek {n}");
        check_settled(&mut app).unwrap();
    }
    // Playing runs to the end by itself.
    request(&mut app, Request::Replay(Control::Seek(30)));
    press(&mut app, KeyCode::Digit4);
    press(&mut app, KeyCode::Space);
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(shown(&app), 40);
    assert_eq!(engine(&app).save(), positions[40]);
    assert!(!app.world().resource::<Replay>().0.as_ref().unwrap().playing);

    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).save(), own, "the player's game is back");
    check_settled(&mut app).unwrap();
}

#[test]
fn play_from_here_continues_with_the_same_spawns() {
    let mut app = app(Config::default(), 8);
    let positions = play_moves(&mut app, 30);
    let moves: Vec<Direction> = app.world().resource::<UndoRecord>().moves().to_vec();

    press(&mut app, KeyCode::KeyV);
    request(&mut app, Request::Replay(Control::Seek(12)));
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).save().tiles, positions[12].tiles);
    assert_eq!(engine(&app).score(), positions[12].score);
    // The same moves bring the same spawns.
    for (i, &direction) in moves[12..].iter().enumerate() {
        let key = match direction {
            Direction::Up => KeyCode::ArrowUp,
            Direction::Down => KeyCode::ArrowDown,
            Direction::Left => KeyCode::ArrowLeft,
            Direction::Right => KeyCode::ArrowRight,
        };
        press(&mut app, key);
        assert_eq!(engine(&app).save(), positions[13 + i], "move {}", 13 + i);
    }
    // The game it replaced is in the history, and the new one keeps its record from move 0.
    let past = &app.world().resource::<PastGames>().0;
    assert_eq!(past.len(), 1);
    assert_eq!(past[0].moves, 30);
    let record = app.world().resource::<UndoRecord>().record().unwrap();
    assert_eq!(record.moves, moves);
}

#[test]
fn playing_on_from_a_replay_of_another_board_leaves_the_options_as_they_were() {
    let mut other = app(Config::new(5, 2048).unwrap(), 5);
    play_moves(&mut other, 6);
    let code = app_history_code(&mut other);
    let store = Arc::new(MemoryStore::default());
    let mut app = started(GamePlugin {
        size: None,
        target: None,
        seed: None,
        store: store.clone(),
        replay: Some(code),
        language: Default::default(),
        daily: false,
        server: None,
    });
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).config().shape(), Shape::square(5));
    // The options still open on 4×4 at the next start; the 5×5 game waits in its own slot.
    let options = app.world().resource::<PlayerOptions>().0;
    assert_eq!((options.size, options.target), (Shape::square(4), 2048));
    press(&mut app, KeyCode::ArrowLeft);
    drop(app);
    let slot = store.read(&save::game_key(Config::new(5, 2048).unwrap()), 1 << 20);
    assert!(slot.is_ok_and(|text| text.is_some()));
    let again = app_on_store(store);
    assert_eq!(engine(&again).config().shape(), Shape::square(4));
}

#[test]
fn a_bad_code_is_told_on_screen_and_the_saved_game_is_untouched() {
    let store = Arc::new(MemoryStore::default());
    let mut first = app_on_store(store.clone());
    play_moves(&mut first, 5);
    let saved = store
        .read(&save::game_key(Config::default()), 1 << 20)
        .unwrap();
    drop(first);
    // Another game of the same board, whose positions would show in the save if it were written.
    let mut other = app(Config::default(), 77);
    play_moves(&mut other, 8);
    let good = app_history_code(&mut other);

    let mut forged = good.clone().into_bytes();
    let at = forged.len() / 2;
    forged[at] = if forged[at] == b'A' { b'B' } else { b'A' };
    for (code, says) in [
        (String::from_utf8(forged).unwrap(), "damaged"),
        ("hello world".to_string(), "not a game code"),
        (String::new(), "empty"),
        ("AQQL".to_string(), "cut short"),
    ] {
        let mut app = started(GamePlugin {
            size: None,
            target: None,
            seed: None,
            store: store.clone(),
            replay: Some(code.clone()),
            language: Default::default(),
            daily: false,
            server: None,
        });
        let told = notices(&mut app).join(" ");
        assert!(told.contains(says), "{code:?}: {told}");
        app.update();
        assert_eq!(screen(&app), Screen::Game, "{code:?}");
        assert_eq!(
            store
                .read(&save::game_key(Config::default()), 1 << 20)
                .unwrap(),
            saved
        );
    }
    // A good code opens the viewer; the saved game stays as it was while it plays.
    let mut app = started(GamePlugin {
        size: None,
        target: None,
        seed: None,
        store: store.clone(),
        replay: Some(format!("https://example.org/#replay={good}")),
        language: Default::default(),
        daily: false,
        server: None,
    });
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    press_and_settle(&mut app, KeyCode::End);
    assert_eq!(
        store
            .read(&save::game_key(Config::default()), 1 << 20)
            .unwrap(),
        saved
    );
}

/// The code of the game in progress, as Share gives it.
fn app_history_code(app: &mut App) -> String {
    press(app, KeyCode::KeyC);
    let codes = shared(app);
    assert_eq!(codes.len(), 1, "one share");
    let (record, _, game) = Record::decode(&codes[0]).unwrap();
    assert_eq!(game.save(), engine(app).save());
    assert_eq!(Some(record), app.world().resource::<UndoRecord>().record());
    codes[0].clone()
}

#[test]
fn finished_and_replaced_games_are_kept_and_open_in_the_viewer() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    let positions = play_moves(&mut app, 12);
    press(&mut app, KeyCode::KeyU);
    press_and_settle(&mut app, KeyCode::KeyR);
    press_and_settle(&mut app, KeyCode::Enter);
    {
        let past = &app.world().resource::<PastGames>().0;
        assert_eq!(past.len(), 1, "the replaced game");
        assert_eq!((past[0].moves, past[0].undos, past[0].over), (11, 1, false));
        assert_eq!(past[0].score, positions[11].score);
    }
    // A game that ends is kept when it ends: a 3x3 game to 2048 ends soon.
    press_and_settle(&mut app, KeyCode::KeyO);
    press(&mut app, KeyCode::Digit3);
    press_and_settle(&mut app, KeyCode::Escape);
    while engine(&app).status() == Status::Playing {
        for key in [KeyCode::ArrowLeft, KeyCode::ArrowUp, KeyCode::ArrowRight] {
            press(&mut app, key);
        }
        press(&mut app, KeyCode::ArrowDown);
    }
    settle(&mut app);
    assert_eq!(state(&app), GameState::GameOver);
    let past = app.world().resource::<PastGames>().0.clone();
    assert_eq!(past.len(), 2);
    assert!(past[1].over && past[1].size == Shape::square(3));

    // The history lists them newest first; Enter opens the selected one.
    press_and_settle(&mut app, KeyCode::KeyG);
    assert_eq!(screen(&app), Screen::History);
    let mut rows = app.world_mut().query::<&ListRow>();
    assert_eq!(rows.iter(app.world()).count(), 2);
    press(&mut app, KeyCode::ArrowDown);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replay);
    press_and_settle(&mut app, KeyCode::End);
    assert_eq!(engine(&app).save().tiles, positions[11].tiles);
    let line = key_help(&mut app);
    assert!(
        line.starts_with("Move 11 of 11") && line.contains("1 undo"),
        "{line}"
    );
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::History, "back where it was opened");
    assert!(
        key_help(&mut app).contains("Enter replay"),
        "{}",
        key_help(&mut app)
    );

    // Statistics of the board in play (3x3): one game, so one bar, its best tile; then 4x4.
    press_and_settle(&mut app, KeyCode::KeyN);
    assert_eq!(screen(&app), Screen::Stats);
    let bars = |app: &mut App| {
        let mut bars = app.world_mut().query::<&TileBar>();
        bars.iter(app.world())
            .map(|bar| bar.0)
            .collect::<Vec<u32>>()
    };
    assert_eq!(bars(&mut app), vec![past[1].best_tile]);
    press_and_settle(&mut app, KeyCode::ArrowRight);
    assert_eq!(bars(&mut app), vec![past[0].best_tile]);

    // The history is saved, and comes back.
    drop(app);
    let again = app_on_store(store.clone());
    assert_eq!(again.world().resource::<PastGames>().0, past);
}

#[test]
fn a_damaged_history_of_games_is_set_aside_and_costs_nothing_else() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    play_moves(&mut app, 5);
    let saved = engine(&app).save();
    drop(app);
    store
        .write(save::GAMES_KEY, "{\"version\":1,\"data\":[{\"size\":")
        .unwrap();
    let mut app = app_on_store(store.clone());
    let told = notices(&mut app).join(" ");
    assert!(told.contains("history of games"), "{told}");
    assert_eq!(engine(&app).save(), saved);
    assert!(app.world().resource::<PastGames>().0.is_empty());
    let kept = store.read("games.bad", 1 << 20).unwrap();
    assert!(kept.is_some(), "the damaged file is kept aside");
}

#[test]
fn the_viewer_takes_only_its_own_requests() {
    let mut app = app(Config::default(), 3);
    play_moves(&mut app, 4);
    press(&mut app, KeyCode::KeyV);
    app.update();
    let before = engine(&app).save();
    for r in [
        Request::Move(Direction::Left),
        Request::Undo,
        Request::NewGame,
        Request::ToggleAutoplay,
        Request::Watch(Watch::Current),
    ] {
        let takes = app
            .world_mut()
            .run_system_once(move |takes: Takes| takes.takes(Screen::Replay, r))
            .unwrap();
        assert!(!takes, "{r:?}");
    }
    // The board's keys for undo and a race against the AI do nothing here.
    press(&mut app, KeyCode::KeyM);
    press(&mut app, KeyCode::KeyU);
    assert_eq!(screen(&app), Screen::Replay);
    assert_eq!(engine(&app).save().tiles, before.tiles);
}

/// The browser test opens this code (made by `cargo run -p g2048-tools --example share_code`) and expects the
/// board and score the native engine reaches: checked here on the native side.
#[test]
fn the_web_fixture_replays_natively_to_its_recorded_end() {
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../../web/replay-fixture.json")).unwrap();
    let (record, _, end) = Record::decode(fixture["code"].as_str().unwrap()).unwrap();
    assert_eq!(
        record.moves.len() as u64,
        fixture["moves"].as_u64().unwrap()
    );
    let board: Vec<u32> = end.board().cells().map(|c| end.board().get(c)).collect();
    let expected: Vec<u32> = serde_json::from_value(fixture["board"].clone()).unwrap();
    assert_eq!(board, expected);
    assert_eq!(end.score(), fixture["score"].as_u64().unwrap());
}

#[test]
fn the_history_scrolls_by_key_wheel_and_swipe_and_shares_the_selected_game() {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use g2048::game::{GameList, LIST_ROWS};
    // A page is the rows on screen less one (the last row stays in sight).
    let page = LIST_ROWS - 1;
    let mut app = app(Config::default(), 5);
    for _ in 0..20 {
        play_moves(&mut app, 1);
        press(&mut app, KeyCode::KeyR);
        press_and_settle(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.world().resource::<PastGames>().0.len(), 20);
    press_and_settle(&mut app, KeyCode::KeyG);
    let list = |app: &App| *app.world().resource::<GameList>();
    // A swipe up shows the next page, down the one before; the wheel scrolls a row a notch.
    swipe(&mut app, Vec2::new(200.0, 400.0), Vec2::new(200.0, 200.0));
    assert_eq!(list(&app).top, page);
    app.world_mut().write_message(MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: -2.0,
        window: Entity::PLACEHOLDER,
        phase: bevy::input::touch::TouchPhase::Moved,
    });
    app.update();
    assert_eq!(list(&app).top, page + 2);
    swipe(&mut app, Vec2::new(200.0, 200.0), Vec2::new(200.0, 400.0));
    assert_eq!(list(&app).top, 2);
    app.update();
    let mut rows = app.world_mut().query::<&ListRow>();
    let mut shown: Vec<usize> = rows.iter(app.world()).map(|r| r.0).collect();
    shown.sort();
    assert_eq!(
        shown,
        (2..2 + LIST_ROWS).collect::<Vec<_>>(),
        "the rows on screen"
    );
    // Keys move the selection, and the list follows it.
    press(&mut app, KeyCode::End);
    assert_eq!((list(&app).selected, list(&app).top), (19, 20 - LIST_ROWS));
    press(&mut app, KeyCode::PageUp);
    assert_eq!(list(&app).selected, 19 - page);
    press(&mut app, KeyCode::KeyC);
    let codes = shared(&app);
    let past = app.world().resource::<PastGames>();
    assert_eq!(codes, vec![past.newest(19 - page).unwrap().code.clone()]);
}
