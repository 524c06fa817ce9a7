//! The options screen (a `Screen` state): size and target choices change the next game, are
//! remembered, and give each board its own saved game; flags override them for one run.

mod common;

use std::sync::Arc;

use bevy::prelude::*;
use common::*;
use g2048::{
    GamePlugin,
    game::{Request, Saves, Screen},
    rules::Config,
    save::{self, MemoryStore, OPTIONS_KEY, ThemeChoice, game_key},
    view::{
        header::Intro,
        layout::BoardLayout,
        palette::{BOARD, TEXT},
        text::{Label, LabelColor},
        theme::{Ink, Theme, dark},
        tiles::{BoardPiece, TileLabel},
    },
};

fn intro(app: &mut App) -> String {
    let world = app.world_mut();
    let mut q = world.query_filtered::<&Label, With<Intro>>();
    q.single(world).unwrap().0.clone()
}

fn saved_options(store: &MemoryStore) -> save::Options {
    save::parse_options(&store.documents()[OPTIONS_KEY]).unwrap()
}

#[test]
fn options_change_the_next_game_and_each_board_keeps_its_own() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    settle(&mut app);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    let four = engine(&app).save();

    press_and_settle(&mut app, KeyCode::KeyO);
    assert_eq!(screen(&app), Screen::Options);
    press_and_settle(&mut app, KeyCode::ArrowDown);
    assert_eq!(engine(&app).save(), four, "moves wait behind the options");
    press_and_settle(&mut app, KeyCode::Digit5);
    press_and_settle(&mut app, KeyCode::Equal); // target 2048 -> 4096
    assert_eq!(
        engine(&app).config(),
        Config::default(),
        "the game changes on leaving"
    );
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).config(), Config::new(5, 4096).unwrap());
    assert_eq!(engine(&app).moves(), 0, "a new 5x5 game");
    assert_eq!(app.world().resource::<BoardLayout>().size, 5);
    assert_eq!(intro(&mut app), "Join the tiles, get to 4096!");
    check_settled(&mut app).unwrap();
    assert_eq!(saved_options(&store).size, 5);
    assert_eq!(saved_options(&store).target, 4096);

    // Back to 4x4 / 2048 with the buttons' requests: the 4x4 game resumes as it was.
    app.world_mut().write_message(Request::OpenOptions);
    settle(&mut app);
    app.world_mut().write_message(Request::SetSize(4));
    app.world_mut().write_message(Request::SetTarget(2048));
    app.world_mut().write_message(Request::CloseDialog);
    settle(&mut app);
    assert_eq!(engine(&app).save(), four);
    assert_eq!(app.world().resource::<BoardLayout>().size, 4);
    check_settled(&mut app).unwrap();
}

#[test]
fn options_are_remembered_and_flags_override_them_for_one_run() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::Digit6);
    press_and_settle(&mut app, KeyCode::KeyT);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(engine(&app).config().size(), 6);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    let six = engine(&app).save();
    drop(app);

    let again = app_on_store(store.clone());
    assert_eq!(
        engine(&again).save(),
        six,
        "the chosen size and its game come back"
    );
    assert_eq!(
        again.world().resource::<Saves>().options.theme,
        ThemeChoice::Dark
    );

    let flagged = GamePlugin {
        size: Some(3),
        target: Some(64),
        seed: None,
        store: store.clone(),
    };
    let mut app = g2048::headless_app_with(flagged, FRAME);
    app.update();
    assert_eq!(engine(&app).config(), Config::new(3, 64).unwrap());
    assert_eq!(
        saved_options(&store).size,
        6,
        "flags are not saved as options"
    );
    assert!(
        store
            .documents()
            .contains_key(&game_key(Config::new(6, 2048).unwrap()))
    );
}

#[test]
fn t_toggles_the_dark_theme_for_the_page_but_not_the_tiles() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    settle(&mut app);
    let board_color = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query_filtered::<(&Ink, &Sprite), With<BoardPiece>>();
        q.iter(world)
            .find(|(ink, _)| ink.0 == BOARD)
            .unwrap()
            .1
            .color
    };
    let tile_label_color = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&LabelColor, With<TileLabel>>();
        q.iter(world).next().unwrap().0
    };
    assert_eq!(*app.world().resource::<Theme>(), Theme::Light);
    assert_eq!(board_color(&mut app), BOARD);
    let tile_text = tile_label_color(&mut app);
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::Dark);
    assert_eq!(board_color(&mut app), dark(BOARD));
    assert_eq!(
        tile_label_color(&mut app),
        tile_text,
        "tiles keep their colours"
    );
    // Page text is light on the dark page, and its glyphs follow.
    let world = app.world_mut();
    let mut q = world.query_filtered::<&LabelColor, With<Intro>>();
    assert_eq!(q.single(world).unwrap().0, dark(TEXT));
    check_settled(&mut app).unwrap();
    assert_eq!(saved_options(&store).theme, ThemeChoice::Dark);
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::Light);
    assert_eq!(board_color(&mut app), BOARD);
}
