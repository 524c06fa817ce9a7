//! The ranked daily, end to end on the real plugins: a real server (crates/server) on a loopback
//! port with a SQLite file, and the headless game talking to it over its own link thread.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use g2048::game::ranked::{LinkState, RankedServer};
use g2048::game::{Engine, RankedAsk, RankedDay, Request, Screen, ShownDialog};
use g2048::rules::{Direction, Record};
use g2048::save::{MemoryStore, RANKED_KEY, Store, read_ranked};
use g2048_server::handlers::{Clock, Server, Settings};

use crate::common::*;

/// A server on its own runtime thread; its address and a handle to move its clock.
fn server() -> (String, Arc<Server>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("ranked.sqlite3").display());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let db = g2048_server::db::open(&url).await.unwrap();
            let settings = Settings {
                rank_new_accounts_today: true,
                ..Settings::default()
            };
            let server = Server::new(db, Clock::default(), settings);
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            tx.send((addr, server.clone())).unwrap();
            g2048_server::serve(server, listener, Default::default(), std::future::pending())
                .await
                .unwrap();
        });
    });
    let (addr, server) = rx.recv().unwrap();
    (format!("ws://{addr}/ws"), server, dir)
}

/// Runs frames (with real time passing, for the link's thread) until `done` holds; panics
/// after 10 s.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited 10 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

fn ranked(app: &App) -> &RankedServer {
    app.world().resource::<RankedServer>()
}

fn playing(app: &App) -> Option<(u32, u32, usize)> {
    let board = app.world().resource::<g2048::game::state::RankedBoard>();
    board
        .0
        .as_ref()
        .map(|play| (play.slid, play.answered, play.queued.len()))
}

#[test]
fn a_ranked_game_slides_at_once_places_the_servers_tiles_and_lands_on_the_table() {
    let (url, server, _dir) = server();
    let store = Arc::new(MemoryStore::default());
    let mut app = started(g2048::GamePlugin {
        size: None,
        target: None,
        seed: Some(5),
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: Some(Some(url.clone())),
    });
    play_moves(&mut app, 3);
    let own = app.world().resource::<Engine>().save();

    // The screen opens at once (the next frame), and says where the line stands.
    request(&mut app, Request::Ranked(RankedAsk::Open));
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Leaderboard
    );
    until(&mut app, "the line to open", |app| {
        ranked(app).state == LinkState::Open
    });
    until(&mut app, "today's table", |app| {
        ranked(app).boards[0].is_some()
    });
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(dialog.title, "Ranked daily");
    assert!(
        dialog
            .lines()
            .iter()
            .any(|l| l.contains("first ranked game makes your account")),
        "{:?}",
        dialog.lines()
    );

    // Play: an account (its token kept in the saves), then today's game on the board.
    request(&mut app, Request::Ranked(RankedAsk::Play));
    until(&mut app, "the ranked game", |app| playing(app).is_some());
    let saved = store
        .read(RANKED_KEY, 1 << 16)
        .unwrap()
        .expect("the ranked document");
    let doc = read_ranked(&saved, 1 << 16).unwrap().doc;
    assert_eq!(doc.accounts.len(), 1);
    assert_eq!(doc.accounts[0].server, url);
    assert_eq!(
        doc.server.as_deref(),
        Some(url.as_str()),
        "the --server flag is remembered"
    );
    let start = app.world().resource::<Engine>().board().tiles().count();
    assert_eq!(start, 2);

    // A name, typed on its screen (letters go to the line, not to the keys).
    request(&mut app, Request::Ranked(RankedAsk::Open));
    app.update();
    // N opens the line, as the player presses it: its own "n" is not typed into the name,
    // though frames shorter than the fixed step keep it for the next frames' readers.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(1)));
    key_with_text(&mut app, KeyCode::KeyN, 'n');
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::RankedName
    );
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(shown.lines()[0], "Name: _");
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    for c in "Ada Lovelacx".chars() {
        type_text(&mut app, c);
    }
    press(&mut app, KeyCode::Backspace);
    type_text(&mut app, 'e');
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(shown.lines()[0], "Name: Ada Lovelace_");
    press(&mut app, KeyCode::Enter);
    until(&mut app, "the name", |app| {
        ranked(app).player.as_ref().and_then(|p| p.name.as_deref()) == Some("Ada Lovelace")
    });
    request(&mut app, Request::Ranked(RankedAsk::Play));

    // Four moves in one frame: the first slides at once, the others wait for its tile, in order.
    let moves = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Up,
    ];
    for direction in moves {
        app.world_mut().write_message(Request::Move(direction));
    }
    app.update();
    let (slid, answered, queued) = playing(&app).unwrap();
    assert!(slid >= 1 && answered == 0 && slid as usize + queued <= 4);
    until(&mut app, "every queued move's tile", |app| {
        playing(app).is_some_and(|(slid, answered, queued)| slid == answered && queued == 0)
    });
    play_moves(&mut app, 20);
    until(&mut app, "the last tile", |app| {
        playing(app).is_some_and(|(slid, answered, queued)| slid == answered && queued == 0)
    });
    let (slid, _, _) = playing(&app).unwrap();
    let engine = app.world().resource::<Engine>().0.clone();
    assert_eq!(engine.moves(), slid);

    // The window closed mid-game: a new one on the same saves (the server remembered, not
    // given again) resumes the game from the server's record, where it stood.
    drop(app);
    let mut app = app_on_store(store.clone());
    assert_eq!(app.world().resource::<Engine>().save(), own);
    request(&mut app, Request::Ranked(RankedAsk::Open));
    until(&mut app, "the line to open again", |app| {
        ranked(app).state == LinkState::Open
    });
    request(&mut app, Request::Ranked(RankedAsk::Play));
    until(&mut app, "the ranked game resumed", |app| {
        playing(app).is_some_and(|(slid, answered, _)| slid == answered)
    });
    assert_eq!(
        app.world().resource::<Engine>().board(),
        engine.board(),
        "the board where it stood"
    );
    assert_eq!(app.world().resource::<Engine>().score(), engine.score());
    assert_eq!(playing(&app).unwrap().0, slid);

    // Undo and the AI are refused in a ranked game.
    request(&mut app, Request::Undo);
    assert_eq!(app.world().resource::<Engine>().moves(), slid);

    // The table lists the game; the player's own game comes back on leaving.
    request(&mut app, Request::Ranked(RankedAsk::Open));
    app.update();
    until(&mut app, "the table with the game", |app| {
        ranked(app).boards[0]
            .as_ref()
            .is_some_and(|t| t.top.first().is_some_and(|row| row.moves == slid))
    });
    let table = ranked(&app).boards[0].clone().unwrap();
    assert_eq!(table.top[0].score, engine.score());
    assert_eq!(table.top[0].name.as_deref(), Some("Ada Lovelace"));
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert!(
        shown
            .lines()
            .iter()
            .any(|l| l.starts_with("1. Ada Lovelace: ")),
        "{:?}",
        shown.lines()
    );
    assert!(table.around[0].me);
    request(&mut app, Request::Ranked(RankedAsk::Leave));
    assert_eq!(app.world().resource::<Engine>().save(), own);
    assert!(playing(&app).is_none());

    // The day ends: the server's record of the game is the board the player saw, tile for tile.
    server.clock.advance(86_400_000);
    let code = futures_lite_block(server.code(table.top[0].game)).unwrap();
    let (record, _, replayed) = Record::decode(&code).unwrap();
    assert_eq!(record.moves.len() as u32, slid);
    assert_eq!(replayed.board(), engine.board());
    assert_eq!(replayed.score(), engine.score());

    // Yesterday's table, and its game watched in the replay viewer.
    request(&mut app, Request::Ranked(RankedAsk::Open));
    request(
        &mut app,
        Request::Ranked(RankedAsk::Day(RankedDay::Yesterday)),
    );
    until(&mut app, "yesterday's table, with the game", |app| {
        ranked(app).boards[1]
            .as_ref()
            .is_some_and(|t| t.published && t.top.len() == 1)
    });
    request(&mut app, Request::Ranked(RankedAsk::Watch(0)));
    until(&mut app, "the replay viewer", |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Replay
    });
    // Race yesterday's winner: the player's new game is dealt from the same stream (its key
    // now public), so the winner's moves give the winner's boards, tile for tile.
    request(&mut app, Request::Race(g2048::game::RaceWith::Watched));
    app.update();
    if *app.world().resource::<State<Screen>>().get() == Screen::ConfirmNewGame {
        request(&mut app, Request::ConfirmNewGame);
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    let (ghost, _) = record.replay().unwrap();
    for (n, &direction) in record.moves.iter().take(6).enumerate() {
        assert_eq!(
            app.world().resource::<Engine>().save(),
            ghost.game_after(n).save(),
            "the player's game after {n} of the winner's moves"
        );
        request(&mut app, Request::Move(direction));
    }
    let racing = app
        .world()
        .resource::<g2048::game::Race>()
        .0
        .as_ref()
        .unwrap();
    assert_eq!((racing.shown, racing.lead), (6, 0));
    let raced = app.world().resource::<Engine>().save();

    // The raced game is the player's own, saved: a new window on the same saves has it.
    drop(app);
    let app = app_on_store(store.clone());
    assert_eq!(app.world().resource::<Engine>().save(), raced);
}

/// A key that types `c`, as winit delivers it (its text with it), and a frame.
fn type_text(app: &mut App, c: char) {
    key_with_text(app, KeyCode::KeyA, c);
}

/// A key pressed, with the character it types, and a frame.
fn key_with_text(app: &mut App, key_code: KeyCode, c: char) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let text: bevy::platform::prelude::String = c.to_string();
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key: Key::Character(text.as_str().into()),
        state: ButtonState::Pressed,
        text: Some(text.as_str().into()),
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
}

/// Waits for a future on a small runtime of its own (the server's handle is async).
fn futures_lite_block<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn without_a_server_the_screen_says_so_and_nothing_calls_out() {
    let mut app = app_in(g2048::i18n::Lang::En, g2048::rules::Config::default(), 1);
    request(&mut app, Request::Ranked(RankedAsk::Open));
    app.update();
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert!(
        dialog.lines()[0].starts_with("No ranked server is set"),
        "{:?}",
        dialog.lines()
    );
    assert_eq!(ranked(&app).state, LinkState::NoServer);
    // It offers nothing it cannot do: no tables to pick, no play; only Close, and Esc's help.
    let buttons: Vec<Request> = dialog.buttons().iter().map(|b| b.action).collect();
    assert_eq!(buttons, [Request::CloseDialog]);
    let english = g2048::i18n::Words::english();
    let tables = app.world().resource::<g2048::game::KeyTables>();
    assert_eq!(tables.help_line(Screen::Leaderboard, english), "Esc close");
    assert_eq!(
        tables
            .of(Screen::Leaderboard)
            .request(KeyCode::Enter, g2048::game::GameState::Playing),
        None
    );
    request(&mut app, Request::Ranked(RankedAsk::Play));
    assert!(playing(&app).is_none());
    assert_eq!(screen(&app), Screen::Leaderboard, "play is not offered");
    // The board plays as before.
    request(&mut app, Request::CloseDialog);
    play_moves(&mut app, 2);
    assert_eq!(app.world().resource::<Engine>().moves(), 2);
}
