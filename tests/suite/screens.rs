//! The options screen (a `Screen` state): size and target choices change the next game, are
//! remembered, and give each board its own saved game; flags override them for one run.

use g2048::game::Choose;
use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    GamePlugin,
    game::{Notice, PlayerOptions, Request, Screen, ShownDialog},
    rules::Config,
    save::{self, MemoryStore, OPTIONS_KEY, ThemeChoice, game_key},
    view::{
        header::Intro,
        layout::BoardLayout,
        theme::{Ink, Theme},
        tiles::{BoardPiece, TileLabel},
    },
};
use g2048_ui::text::{Label, LabelColor};

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
    assert_eq!(
        app.world().resource::<BoardLayout>().shape,
        Shape::square(5)
    );
    assert_eq!(intro(&mut app), "Join the tiles, get to 4096!");
    check_settled(&mut app).unwrap();
    assert_eq!(saved_options(&store).size, Shape::square(5));
    assert_eq!(saved_options(&store).target, 4096);

    // Back to 4x4 / 2048 with the buttons' requests: the 4x4 game resumes as it was.
    app.world_mut()
        .write_message(Request::Show(Screen::Options));
    settle(&mut app);
    app.world_mut()
        .write_message(Request::Options(Choose::Size(4)));
    app.world_mut()
        .write_message(Request::Options(Choose::Target(2048)));
    app.world_mut().write_message(Request::CloseDialog);
    settle(&mut app);
    assert_eq!(engine(&app).save(), four);
    assert_eq!(
        app.world().resource::<BoardLayout>().shape,
        Shape::square(4)
    );
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
    assert_eq!(engine(&app).config().shape(), Shape::square(6));
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
        again.world().resource::<PlayerOptions>().theme,
        ThemeChoice::Dark
    );

    let app = flagged_app(&store, 3, 64);
    assert_eq!(engine(&app).config(), Config::new(3, 64).unwrap());
    assert_eq!(
        saved_options(&store).size,
        Shape::square(6),
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
    // The board's colour, where its image shows it: the middle of the gap above the cells.
    let board_color = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&Sprite, With<BoardPiece>>();
        let image = q.single(world).unwrap().image.clone();
        let image = world.resource::<Assets<Image>>().get(&image).unwrap();
        let (x, y) = (image.width() / 2, 3);
        let at = ((y * image.width() + x) * 4) as usize;
        let texel = &image.data.as_ref().unwrap()[at..at + 4];
        Color::srgba_u8(texel[0], texel[1], texel[2], texel[3])
    };
    let tile_label_color = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&LabelColor, With<TileLabel>>();
        q.iter(world).next().unwrap().0
    };
    assert_eq!(*app.world().resource::<Theme>(), Theme::Light);
    assert_eq!(board_color(&mut app), Ink::Board.light());
    let tile_text = tile_label_color(&mut app);
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::Dark);
    assert_eq!(board_color(&mut app), Ink::Board.dark());
    assert_eq!(
        tile_label_color(&mut app),
        tile_text,
        "tiles keep their colours"
    );
    // Page text is light on the dark page, and its glyphs follow.
    let world = app.world_mut();
    let mut q = world.query_filtered::<&LabelColor, With<Intro>>();
    assert_eq!(q.single(world).unwrap().0, Ink::Text.dark());
    check_settled(&mut app).unwrap();
    assert_eq!(saved_options(&store).theme, ThemeChoice::Dark);
    // T goes on to high contrast, then back to light.
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::HighContrast);
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::Light);
    assert_eq!(board_color(&mut app), Ink::Board.light());
}

#[test]
fn the_high_contrast_theme_repaints_the_page_the_buttons_and_every_tile() {
    use g2048::game::{Tile, Value};
    use g2048::view::palette;
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    settle(&mut app);
    press_and_settle(&mut app, KeyCode::KeyO);
    app.world_mut()
        .write_message(Request::Options(Choose::Theme(ThemeChoice::HighContrast)));
    app.update();
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(*app.world().resource::<Theme>(), Theme::HighContrast);
    assert_eq!(saved_options(&store).theme, ThemeChoice::HighContrast);
    // Every tile: its high-contrast colour, a black number.
    let world = app.world_mut();
    let mut tiles = world.query_filtered::<(&Value, &Sprite, &Children), With<Tile>>();
    let mut labels = world.query_filtered::<&LabelColor, With<TileLabel>>();
    let mut seen = 0;
    for (value, sprite, children) in tiles.iter(world) {
        assert_eq!(sprite.color, palette::high_contrast_tile(value.0));
        let label = children
            .iter()
            .find_map(|c| labels.get(world, c).ok())
            .unwrap();
        assert_eq!(label.0, Color::BLACK);
        seen += 1;
    }
    assert_eq!(seen, 2);
    // The buttons are gold with black text.
    let mut buttons = world.query_filtered::<&Sprite, With<g2048::game::UiButton>>();
    assert!(
        buttons
            .iter(world)
            .all(|b| b.color == Ink::Button.high_contrast())
    );
    // The theme key leaves it for the light theme (the system here reports none).
    press_and_settle(&mut app, KeyCode::KeyT);
    assert_eq!(*app.world().resource::<Theme>(), Theme::Light);
}

/// The game with these flags on `store`, started.
fn flagged_app(store: &Arc<MemoryStore>, size: usize, target: u32) -> App {
    started(GamePlugin {
        size: Some(Shape::square(size)),
        target: Some(target),
        seed: None,
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    })
}

#[test]
fn flags_stay_flags_when_the_options_are_used() {
    let store = Arc::new(MemoryStore::default());
    let mut app = flagged_app(&store, 6, 64);
    // The options show the board in play, and a theme change saves only the theme.
    press_and_settle(&mut app, KeyCode::KeyO);
    assert_eq!(
        chosen(&mut app),
        ["6×6", "System", "System", "Off"],
        "64 is not offered"
    );
    press_and_settle(&mut app, KeyCode::KeyT);
    press_and_settle(&mut app, KeyCode::Escape);
    let saved = saved_options(&store);
    assert_eq!(
        (saved.size, saved.target),
        (Shape::square(4), 2048),
        "the remembered board stays"
    );
    assert_eq!(saved.theme, ThemeChoice::Dark);
    assert_eq!(engine(&app).config(), Config::new(6, 64).unwrap());
    // Picking a size remembers the size; the target stays the remembered one.
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::Digit5);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(
        engine(&app).config(),
        Config::new(5, 64).unwrap(),
        "this run"
    );
    let saved = saved_options(&store);
    assert_eq!(
        (saved.size, saved.target),
        (Shape::square(5), 2048),
        "the next run"
    );
    drop(app);
    let app = app_on_store(store);
    assert_eq!(engine(&app).config(), Config::new(5, 2048).unwrap());
}

/// The labels of the options' chosen buttons, sizes first.
fn chosen(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    let mut buttons = world.query::<(&g2048::view::widgets::Named, &Ink, &Children)>();
    let mut labels = world.query::<&Label>();
    let mut out = Vec::new();
    for (named, ink, children) in buttons.iter(world) {
        if named.chosen.is_some() && *ink == Ink::Button {
            out.extend(
                children
                    .iter()
                    .filter_map(|c| labels.get(world, c).ok())
                    .map(|l| l.0.clone()),
            );
        }
    }
    out.sort_by_key(|label| !label.contains('×'));
    out
}

#[test]
fn plus_and_minus_step_through_the_offered_targets() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    press_and_settle(&mut app, KeyCode::KeyO);
    for _ in 0..10 {
        press(&mut app, KeyCode::Equal);
    }
    settle(&mut app);
    assert_eq!(chosen(&mut app), ["4×4", "8192", "System", "System", "Off"]);
    for _ in 0..10 {
        press(&mut app, KeyCode::Minus);
    }
    settle(&mut app);
    assert_eq!(chosen(&mut app), ["4×4", "256", "System", "System", "Off"]);
    press_and_settle(&mut app, KeyCode::NumpadAdd);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config(), Config::new(4, 512).unwrap());
    assert_eq!(saved_options(&store).target, 512);
    // A flag's target off the list steps onto it.
    let mut app = flagged_app(&store, 4, 16);
    press_and_settle(&mut app, KeyCode::KeyO);
    assert_eq!(
        chosen(&mut app),
        ["4×4", "System", "System", "Off"],
        "16 is not offered"
    );
    press_and_settle(&mut app, KeyCode::Equal);
    assert_eq!(chosen(&mut app), ["4×4", "256", "System", "System", "Off"]);
}

/// The primary window, reporting a dark or light system theme, as winit would.
fn with_system_theme(app: &mut App, dark: bool) {
    use bevy::window::{PrimaryWindow, WindowTheme};
    app.world_mut().spawn((
        Window {
            window_theme: Some(if dark {
                WindowTheme::Dark
            } else {
                WindowTheme::Light
            }),
            ..default()
        },
        PrimaryWindow,
    ));
    app.update();
}

#[test]
fn the_theme_key_steps_through_every_theme_and_returns_to_the_system() {
    for system_dark in [true, false] {
        let store = Arc::new(MemoryStore::default());
        let mut app = app_on_store(store.clone());
        with_system_theme(&mut app, system_dark);
        let theme = |app: &App| *app.world().resource::<Theme>();
        let system = if system_dark {
            Theme::Dark
        } else {
            Theme::Light
        };
        assert_eq!(theme(&app), system, "System follows the system");
        // Light, dark, high contrast, and round again: three presses show each once.
        let mut seen = Vec::new();
        for _ in 0..3 {
            press_and_settle(&mut app, KeyCode::KeyT);
            seen.push(theme(&app));
        }
        let mut all = seen.clone();
        all.sort_by_key(|t| *t as u8);
        assert_eq!(
            all,
            [Theme::Light, Theme::Dark, Theme::HighContrast],
            "{seen:?}"
        );
        assert_eq!(seen[2], system, "the third T comes back");
        assert_eq!(
            saved_options(&store).theme,
            ThemeChoice::System,
            "back to the system"
        );
    }
}

/// The targets of the options' buttons in front.
fn offered_targets(app: &App) -> Vec<u32> {
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    dialog
        .buttons()
        .iter()
        .filter_map(|b| match b.action {
            Request::Options(Choose::Target(target)) => Some(target),
            _ => None,
        })
        .collect()
}

#[test]
fn a_board_is_neither_offered_nor_given_a_target_it_cannot_reach() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    press_and_settle(&mut app, KeyCode::KeyO);
    assert_eq!(offered_targets(&app), [256, 512, 1024, 2048, 4096, 8192]);
    // 3×3's largest tile is 1024: the target of 2048 comes down to it, and no larger one is
    // offered, stepped to or taken.
    press_and_settle(&mut app, KeyCode::Digit3);
    assert_eq!(offered_targets(&app), [256, 512, 1024]);
    press_and_settle(&mut app, KeyCode::Equal);
    app.world_mut()
        .write_message(Request::Options(Choose::Target(4096)));
    settle(&mut app);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config(), Config::new(3, 1024).unwrap());
    assert_eq!(saved_options(&store).target, 1024);
    drop(app);

    // A flag's target the saved 3×3 cannot reach: it plays to 1024, and a notice says why.
    let flagged = |store: &Arc<MemoryStore>, size: Option<usize>, target: Option<u32>| {
        started(GamePlugin {
            size: size.map(Shape::square),
            target,
            seed: None,
            store: store.clone(),
            replay: None,
            language: Default::default(),
            daily: false,
            server: None,
        })
    };
    let app = flagged(&store, None, Some(8192));
    assert_eq!(engine(&app).config(), Config::new(3, 1024).unwrap());
    assert_eq!(
        notices_since_start(&app),
        ["target 8192 cannot be reached on a 3×3 board, whose largest tile is 1024"]
    );
    drop(app);

    // A flag's 3×3 on the saved target of a larger board plays to 1024 too, with no notice:
    // the player asked for no target (the intro says 1024).
    let four = Arc::new(MemoryStore::default());
    let app = flagged(&four, Some(3), None);
    assert_eq!(engine(&app).config(), Config::new(3, 1024).unwrap());
    assert_eq!(notices_since_start(&app), Vec::<String>::new());
}

/// Every notice written since the app was built (its first frame included), in English.
fn notices_since_start(app: &App) -> Vec<String> {
    let messages = app.world().resource::<Messages<Notice>>();
    messages
        .get_cursor()
        .read(messages)
        .map(|notice| g2048::i18n::Words::english().say(&notice.0))
        .collect()
}
