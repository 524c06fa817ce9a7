//! What a returning player sees: a game saved won or lost comes back with its overlay, undo
//! reaches back past a restart, and saves that are damaged or cannot even be read cost nothing
//! else and are never written over.

use std::io;
use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    game::{GameState, Screen},
    rules::{Board, Config, Direction, Game, History, Status},
    save::{self, FileStore, MemoryStore, Store, game_key},
    view::{
        overlay::Overlay,
        theme::{Ink, Theme, contrast, over},
    },
};
use g2048_ui::text::{Label, LabelColor};

/// The overlay's cover colour and its message's text and colour, as drawn.
fn overlay(app: &mut App) -> Option<(Color, String, Color)> {
    let world = app.world_mut();
    let root = world
        .query_filtered::<Entity, With<Overlay>>()
        .single(world)
        .ok()?;
    // The root is the cover; its first label the message.
    let cover = world.get::<Sprite>(root)?.color;
    let children: Vec<Entity> = world.get::<Children>(root)?.to_vec();
    let (text, color) = children.iter().find_map(|&c| {
        Some((
            world.get::<Label>(c)?.0.clone(),
            world.get::<LabelColor>(c)?.0,
        ))
    })?;
    Some((cover, text, color))
}

/// A 4×4 game that is over: no empty cell and no equal neighbours.
fn lost_game() -> Game {
    let board = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 4, 8]]);
    let game = Game::from_board(Config::default(), board, 7);
    assert_eq!(game.status(), Status::Over);
    game
}

/// A 4×4 game just won (2048 made, "keep going" not chosen yet).
fn won_game() -> Game {
    let board = Board::from_rows(&[&[1024, 1024, 0, 0], &[0; 4], &[0; 4], &[0, 0, 0, 2]]);
    let mut game = Game::from_board(Config::default(), board, 7);
    game.play(Direction::Left);
    assert_eq!(game.status(), Status::Won);
    game
}

#[test]
fn a_game_saved_lost_or_won_comes_back_with_its_overlay() {
    for (game, want, cover, text, ink) in [
        (
            lost_game(),
            GameState::GameOver,
            Ink::OverCover,
            "Game over!",
            Ink::Text,
        ),
        (
            won_game(),
            GameState::Won,
            Ink::WinCover,
            "You win!",
            Ink::LightText,
        ),
    ] {
        let key = game_key(game.config());
        let store = Arc::new(MemoryStore::with([(
            key,
            save::render_game(&game).into_bytes(),
        )]));
        let mut app = app_on_store(store);
        settle(&mut app);
        assert_eq!(engine(&app).save(), game.save(), "the game resumes");
        assert_eq!(state(&app), want, "the state follows the saved game");
        let (shown_cover, shown_text, shown_color) =
            overlay(&mut app).unwrap_or_else(|| panic!("no overlay over a resumed {want:?}"));
        assert_eq!(shown_text, text);
        assert_eq!(
            shown_cover,
            cover.light(),
            "{want:?}: the cover is fully faded in"
        );
        assert_eq!(
            shown_color,
            ink.light(),
            "{want:?}: the message is fully faded in"
        );
        check_settled(&mut app).unwrap();

        // The theme key recolours the overlay and keeps it fully shown, and the message stands
        // out on its cover (as it shows over the board) at least as well as in the original's
        // light theme.
        let light = contrast(shown_color, over(shown_cover, Ink::Board.light()));
        press_and_settle(&mut app, KeyCode::KeyT);
        assert_eq!(*app.world().resource::<Theme>(), Theme::Dark);
        let (dark_cover, _, dark_color) = overlay(&mut app).unwrap();
        assert_eq!(dark_cover, cover.dark());
        assert_eq!(dark_color, ink.dark());
        let dark = contrast(dark_color, over(dark_cover, Ink::Board.dark()));
        assert!(
            dark >= light,
            "{want:?}: the message at {dark}:1 (light theme: {light}:1)"
        );

        // Its buttons answer as in live play: the key that leaves the overlay works.
        press_and_settle(&mut app, KeyCode::Enter);
        assert_eq!(state(&app), GameState::Playing);
        assert!(overlay(&mut app).is_none());
    }
}

/// Plays `keys` through the App, returning every game it passed through (the start first).
fn play_keys(
    app: &mut App,
    keys: impl IntoIterator<Item = KeyCode>,
) -> Vec<g2048::rules::SavedGame> {
    let mut seen = vec![engine(app).save()];
    for key in keys {
        press_and_settle(app, key);
        if engine(app).save() != *seen.last().unwrap() {
            seen.push(engine(app).save());
        }
        if engine(app).status() != Status::Playing {
            break;
        }
    }
    seen
}

const ARROWS: [KeyCode; 4] = [
    KeyCode::ArrowLeft,
    KeyCode::ArrowDown,
    KeyCode::ArrowRight,
    KeyCode::ArrowUp,
];

#[test]
fn undo_reaches_back_past_a_restart() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    let mut games = play_keys(&mut app, ARROWS.iter().copied().cycle().take(40));
    assert!(games.len() > 20, "{} moves", games.len());
    drop(app);

    let mut app = app_on_store(store.clone());
    settle(&mut app);
    assert_eq!(
        engine(&app).save(),
        games.pop().unwrap(),
        "the game resumes"
    );
    while let Some(earlier) = games.pop() {
        press_and_settle(&mut app, KeyCode::KeyU);
        assert_eq!(engine(&app).save(), earlier);
        check_settled(&mut app).unwrap();
    }
    // At the start of the game: nothing more to undo.
    let start = engine(&app).save();
    press_and_settle(&mut app, KeyCode::KeyU);
    assert_eq!(engine(&app).save(), start);
    // And what undo left is saved too: a third start resumes it.
    drop(app);
    let app = app_on_store(store);
    assert_eq!(engine(&app).save(), start);
}

#[test]
fn a_damaged_history_costs_only_itself() {
    let config = Config::default();
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    play_keys(&mut app, ARROWS.iter().copied().cycle().take(12));
    let saved = engine(&app).save();
    drop(app);
    let (game_key, undo_key) = (game_key(config), save::history_key(config));
    let board = store.documents()[&game_key].clone();
    let history = String::from_utf8(store.documents()[&undo_key].clone()).unwrap();
    let document: serde_json::Value = serde_json::from_str(&history).unwrap();
    let with = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut d = document.clone();
        edit(&mut d["data"]);
        serde_json::to_string(&d).unwrap()
    };
    let forgeries: Vec<(&str, String)> = vec![
        ("cut short", history[..history.len() / 2].to_string()),
        ("not an object", with(&|h| *h = 5.into())),
        ("moves not base64", with(&|h| h["moves"] = "#*!".into())),
        ("other moves", {
            let moves: String = document["data"]["moves"]
                .as_str()
                .unwrap()
                .chars()
                .rev()
                .collect();
            with(&|h| h["moves"] = moves.clone().into())
        }),
        (
            "a count past the game",
            with(&|h| h["count"] = 1_000_000_000u64.into()),
        ),
        (
            "an impossible start",
            with(&|h| h["start"]["score"] = (1u64 << 60).into()),
        ),
    ];
    for (name, forged) in forgeries {
        let store = Arc::new(MemoryStore::with([
            (game_key.clone(), board.clone()),
            (undo_key.clone(), forged.clone().into_bytes()),
        ]));
        let mut app = app_on_store(store.clone());
        assert_eq!(engine(&app).save(), saved, "{name}: the board is kept");
        assert!(
            key_help(&mut app).contains("undo history"),
            "{name}: {}",
            key_help(&mut app)
        );
        assert_eq!(
            store.documents().get(&format!("{undo_key}.bad")),
            Some(&forged.clone().into_bytes()),
            "{name}: the forged history is kept aside"
        );
        // Undo starts where the game stands, and the next move saves a sound history.
        press_and_settle(&mut app, KeyCode::KeyU);
        assert_eq!(engine(&app).save(), saved, "{name}");
        play_keys(&mut app, ARROWS.iter().copied().cycle().take(4));
        let documents = store.documents();
        let game = save::parse_game(&documents[&game_key]).unwrap();
        assert!(
            save::parse_history(&documents[&undo_key], &game).is_ok(),
            "{name}"
        );
    }
}

/// A store whose reads of one key fail while `failing` is set (a file it may not read, a
/// disk error, another program holding it open), and which counts what it is asked to set
/// aside.
struct Unreadable {
    inner: MemoryStore,
    key: String,
    failing: std::sync::atomic::AtomicBool,
    set_aside: std::sync::atomic::AtomicUsize,
}

impl Store for Unreadable {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        if key == self.key && self.failing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(io::Error::new(io::ErrorKind::PermissionDenied, "no access"));
        }
        self.inner.read(key, limit)
    }
    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        self.inner.write(key, text)
    }
    fn set_aside(&self, key: &str) -> io::Result<String> {
        self.set_aside
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        self.inner.set_aside(key)
    }
    fn remove(&self, key: &str) -> io::Result<()> {
        self.inner.remove(key)
    }
    fn keys(&self) -> io::Result<Vec<String>> {
        self.inner.keys()
    }
    fn location(&self) -> String {
        "a test store".into()
    }
    fn lock(&self) -> io::Result<save::Guard<'_>> {
        self.inner.lock()
    }
    fn claim(&self, name: &str) -> save::Claim {
        self.inner.claim(name)
    }
}

/// A read error (EACCES, a sharing violation) is not damage: the save is left as it is, the
/// window plays a game of its own (kept in the history), and the next start reads it again.
#[test]
fn a_save_that_cannot_be_read_now_is_left_as_it_is_and_read_again_later() {
    let key = game_key(Config::default());
    let original = save::render_game(&won_game()).into_bytes();
    let store = Arc::new(Unreadable {
        inner: MemoryStore::with([(key.clone(), original.clone())]),
        key: key.clone(),
        failing: true.into(),
        set_aside: 0.into(),
    });
    let mut app = app_on_store(store.clone());
    assert_eq!(engine(&app).moves(), 0, "a game of its own");
    assert!(
        key_help(&mut app).contains("cannot be read just now"),
        "{}",
        key_help(&mut app)
    );
    play_keys(&mut app, ARROWS.iter().copied().cycle().take(4));
    let played = engine(&app).moves();
    assert!(played > 0);
    let documents = store.inner.documents();
    assert_eq!(documents.get(&key), Some(&original), "never written over");
    assert_eq!(store.set_aside.load(std::sync::atomic::Ordering::SeqCst), 0);
    let games = save::parse_games(&documents[save::GAMES_KEY]).unwrap();
    assert!(
        games.iter().any(|game| game.moves == played),
        "the game played meanwhile is in the history: {games:?}"
    );
    drop(app);
    store
        .failing
        .store(false, std::sync::atomic::Ordering::SeqCst);
    let again = app_on_store(store.clone());
    assert_eq!(engine(&again).save(), won_game().save(), "read again");
}

/// A folder (or a FIFO, a device) where a save should be is never read, renamed nor written
/// over: the window plays a game of its own, kept in the history.
#[test]
fn what_is_not_a_file_in_place_of_a_save_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let key = game_key(Config::default());
    std::fs::create_dir_all(dir.path().join(format!("{key}.json"))).unwrap();
    let files = FileStore::new(dir.path());
    assert!(files.read(&key, save::MAX_DOCUMENT_BYTES).is_err());
    let mut app = app_on_store(Arc::new(files.clone()));
    assert!(
        key_help(&mut app).contains("not a file"),
        "{}",
        key_help(&mut app)
    );
    play_keys(&mut app, ARROWS.iter().copied().cycle().take(4));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(!names.iter().any(|n| n.contains(".bad")), "{names:?}");
    assert!(dir.path().join(format!("{key}.json")).is_dir());
    let games = files
        .read(save::GAMES_KEY, save::MAX_GAMES_BYTES)
        .unwrap()
        .unwrap();
    let games = save::parse_games(&games).unwrap();
    assert_eq!(games.last().map(|g| g.moves), Some(engine(&app).moves()));
    assert_eq!(screen(&app), Screen::Game);
}

#[test]
fn a_long_history_round_trips_through_its_document() {
    // 5,000 moves on 8×8 (a board that lasts), saved and parsed back into the same history.
    let config = Config::new(8, 1 << 20).unwrap();
    let mut game = Game::new(config, 5);
    let mut history = History::new(game.clone());
    let mut i = 0u64;
    while history.len() < 5_000 {
        i += 1;
        let direction = Direction::ALL[((i * 7 + i / 3) % 4) as usize];
        if game.play(direction).is_some_and(|t| t.plan.moved) {
            history.push(direction, &game);
        }
        assert_ne!(game.status(), Status::Over);
    }
    let text = save::render_history(&history);
    let back = save::parse_history(text.as_bytes(), &game).unwrap();
    assert_eq!(back.moves(), history.moves());
    assert_eq!(back.start().save(), history.start().save());
}
