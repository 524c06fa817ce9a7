//! Support for driving the game headless (tests, the stress run): build the app, press keys
//! the way winit delivers them (keyboard messages through `InputPlugin`), swipe, and check
//! the invariants that must hold at the end of every frame.

use std::time::Duration;

use crate::{
    game::{Engine, GameState, Position, Tile, Value},
    rules::{Board, Config, Direction, Game},
    view::{Ghost, TileLabel, header::Counter, layout::BoardLayout},
};
use bevy::{
    input::{
        ButtonState,
        keyboard::{Key, KeyboardInput},
        touch::{TouchInput, TouchPhase},
    },
    prelude::*,
    time::TimeUpdateStrategy,
};
use bevy_tweening::TweenAnim;
use g2048_ui::text::{Glyph, Label, LabelColor};

/// One frame of a 60 Hz display.
pub const FRAME: Duration = Duration::from_micros(16_667);

pub fn app(config: Config, seed: u64) -> App {
    app_with_frame(config, seed, FRAME)
}

pub fn app_with_frame(config: Config, seed: u64, frame: Duration) -> App {
    let mut app = crate::headless_app(config, seed, frame);
    app.update(); // Startup: tiles, board, header.
    app
}

/// The game as `app` makes it, in `lang`: the system's language (the pseudo-language, which no
/// system has, as `--lang` asks).
pub fn app_in(lang: crate::i18n::Lang, config: Config, seed: u64) -> App {
    let pseudo = lang == crate::i18n::Lang::Pseudo;
    started(crate::GamePlugin {
        size: Some(config.shape()),
        target: Some(config.target()),
        seed: Some(seed),
        store: std::sync::Arc::new(crate::save::MemoryStore::default()),
        replay: None,
        language: crate::game::LanguageWanted {
            flag: pseudo.then_some(lang),
            system: vec![lang.tag().to_string()],
        },
        daily: false,
        server: None,
    })
}

/// The game on a given store, as a player starts it: no flags, so it resumes what is saved.
pub fn app_on_store(store: std::sync::Arc<dyn crate::save::Store>) -> App {
    started(crate::GamePlugin {
        size: None,
        target: None,
        seed: None,
        store,
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    })
}

/// The game with these launch settings (flags, store), after its first frame.
pub fn started(game: crate::GamePlugin) -> App {
    let mut app = crate::headless_app_with(game, FRAME);
    app.update();
    app
}

/// A window of the game on `store`, started as a player starts one (`seed`: the `--seed` flag):
/// several on one store play as several windows on one data folder.
pub fn window(store: &std::sync::Arc<dyn crate::save::Store>, seed: Option<u64>) -> App {
    started(crate::GamePlugin {
        size: None,
        target: None,
        seed,
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    })
}

/// A window of the game alone (no view, no tweens: `headless_game_app`) on `store`, started
/// as `window` starts one: for tests of what many windows keep, at a fraction of the cost.
pub fn game_window(store: &std::sync::Arc<dyn crate::save::Store>, seed: Option<u64>) -> App {
    let mut app = crate::headless_game_app(
        crate::GamePlugin {
            size: None,
            target: None,
            seed,
            store: store.clone(),
            replay: None,
            language: Default::default(),
            daily: false,
            server: None,
        },
        FRAME,
    );
    app.update();
    app
}

/// The button the keyboard is on, if any (Bevy's `InputFocus`, when it is on a button).
pub fn focused_button(app: &App) -> Option<Entity> {
    let focus = app.world().resource::<bevy::input_focus::InputFocus>();
    g2048_ui::button::focused_button(focus, |entity| {
        app.world().get::<crate::game::UiButton>(entity).is_some()
    })
}

/// What a screen reader was told in the last frame.
pub fn said(app: &App) -> Vec<crate::game::Announcement> {
    app.world()
        .resource::<Messages<crate::game::Announcement>>()
        .iter_current_update_messages()
        .cloned()
        .collect()
}

/// Writes a request and runs one frame.
pub fn request(app: &mut App, request: crate::game::Request) {
    app.world_mut().write_message(request);
    app.update();
}

/// Makes `n` moves that change the board (as long as the game takes moves), trying the
/// directions by a fixed pattern.
pub fn play_moves(app: &mut App, n: u32) {
    let goal = engine(app).moves() + n;
    for tries in 0..(4 * n + 8) as usize {
        if engine(app).moves() >= goal {
            break;
        }
        let direction = Direction::ALL[(tries * 3 + engine(app).moves() as usize) % 4];
        request(app, crate::game::Request::Move(direction));
    }
}

/// Sends `frames` frames of moves, four a frame (each direction once, in a turning order): the
/// frame's requests apply in order, so a long game is played in few frames (a move that
/// changes nothing is skipped, and none is taken once the game is over).
pub fn play_fast(app: &mut App, frames: u32) {
    use Direction::*;
    let order = [Left, Down, Right, Down, Left, Up];
    for frame in 0..frames as usize {
        if app
            .world()
            .resource::<State<crate::game::GameState>>()
            .get()
            != &crate::game::GameState::Playing
        {
            break;
        }
        for i in 0..4 {
            let direction = order[(frame + i) % order.len()];
            app.world_mut()
                .write_message(crate::game::Request::Move(direction));
        }
        app.update();
    }
}

/// New Game, answering its question (asked while a game is in progress).
pub fn new_game(app: &mut App) {
    request(app, crate::game::Request::NewGame);
    request(app, crate::game::Request::ConfirmNewGame);
    app.update();
}

/// A key press or release as winit delivers it.
pub fn keyboard(key: KeyCode, state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: key,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Queues a key press and release for the next frame, as winit delivers them.
pub fn queue_key(app: &mut App, key: KeyCode) {
    app.world_mut()
        .write_message(keyboard(key, ButtonState::Pressed));
    app.world_mut()
        .write_message(keyboard(key, ButtonState::Released));
}

/// Presses a key and runs one frame.
pub fn press(app: &mut App, key: KeyCode) {
    queue_key(app, key);
    app.update();
}

/// Presses a key, then runs enough frames for every tween (and state change) to finish.
pub fn press_and_settle(app: &mut App, key: KeyCode) {
    press(app, key);
    settle(app);
}

/// A slow machine's frame, 15 Hz (software rendering can be that slow): [`settle`] runs these,
/// so a tween ends in a quarter of the frames a 60 Hz display takes, and the game is seen to
/// reach the same end at either pace (the stress run varies frames from 0 to 120 ms).
pub const SLOW_FRAME: Duration = Duration::from_micros(66_667);

/// Runs [`SLOW_FRAME`]s until no tween is left and no key waits for the screen a key before it
/// opens (`PendingKeys`). Panics if one still runs after 10 s of game time (every tween of the
/// game is shorter than 2.1 s). The app's own frame time is restored after.
pub fn settle(app: &mut App) {
    let own = match app.world().resource::<TimeUpdateStrategy>() {
        TimeUpdateStrategy::ManualDuration(frame) => *frame,
        _ => FRAME,
    };
    app.insert_resource(TimeUpdateStrategy::ManualDuration(SLOW_FRAME));
    // A request applies in one frame and its state change lands in the next.
    app.update();
    app.update();
    let mut settled = false;
    for _ in 0..150 {
        let mut anims = app.world_mut().query::<&TweenAnim>();
        let keys = app.world().resource::<crate::game::PendingKeys>().waiting();
        if anims.iter(app.world()).next().is_none() && !keys {
            settled = true;
            break;
        }
        app.update();
    }
    app.insert_resource(TimeUpdateStrategy::ManualDuration(own));
    assert!(settled, "tweens still running after 10 s of game time");
}

/// A one-finger swipe from `start` to `end` (window pixels), as touch messages.
pub fn swipe(app: &mut App, start: Vec2, end: Vec2) {
    let touch = |phase, position| TouchInput {
        phase,
        position,
        window: Entity::PLACEHOLDER,
        force: None,
        id: 7,
    };
    app.world_mut()
        .write_message(touch(TouchPhase::Started, start));
    app.update();
    app.world_mut().write_message(touch(TouchPhase::Moved, end));
    app.world_mut().write_message(touch(TouchPhase::Ended, end));
    app.update();
}

pub fn engine(app: &App) -> &Game {
    &app.world().resource::<Engine>().0
}

/// The screen in front (board, question, options).
pub fn screen(app: &App) -> crate::game::Screen {
    *app.world().resource::<State<crate::game::Screen>>().get()
}

pub fn state(app: &App) -> GameState {
    *app.world().resource::<State<GameState>>().get()
}

/// The best score of the board shape in play.
pub fn best(app: &App) -> u64 {
    let shape = engine(app).config().shape();
    app.world()
        .resource::<crate::game::BestScores>()
        .for_shape(shape)
}

/// The line under the board: the key help, or a notice.
pub fn key_help(app: &mut App) -> String {
    let world = app.world_mut();
    let mut lines = world.query_filtered::<&Label, With<crate::view::header::KeyHelp>>();
    lines.single(world).expect("one key help line").0.clone()
}

pub use g2048_core::testing::one_move_loses;

/// Replaces the game in progress with one on `board`: new tile entities, a new engine game.
pub fn set_board(app: &mut App, board: Board, target: u32) {
    let config = Config::with_shape(board.shape(), target).unwrap();
    let world = app.world_mut();
    let tiles: Vec<Entity> = world
        .query_filtered::<Entity, With<Tile>>()
        .iter(world)
        .collect();
    for tile in tiles {
        world.despawn(tile);
    }
    for (cell, value) in board.tiles() {
        world.spawn((Tile, Position(cell), Value(value)));
    }
    let game = Game::from_board(config, board, 11);
    world.resource_mut::<crate::game::UndoRecord>().0 = crate::rules::History::new(game.clone());
    world.resource_mut::<Engine>().0 = game;
    app.update();
    settle(app);
}

/// The board the tile entities show.
pub fn entity_board(app: &mut App) -> Result<Board, String> {
    let shape = engine(app).config().shape();
    let mut board = Board::of(shape);
    let world = app.world_mut();
    let mut tiles = world.query_filtered::<(&Position, &Value), With<Tile>>();
    for (pos, value) in tiles.iter(world) {
        let cell = pos.0;
        if cell.x as usize >= shape.cols() || cell.y as usize >= shape.rows() {
            return Err(format!("tile outside the board at {cell:?}"));
        }
        if board.get(cell) != 0 {
            return Err(format!("two tiles at {cell:?}"));
        }
        board.set(cell, value.0);
    }
    Ok(board)
}

/// Everything that must hold at the end of any frame:
/// - the tile entities' Positions and Values equal the engine's board, one entity per tile;
/// - the Bevy state follows the engine's status (it lands one frame after the move);
/// - the score on screen equals the engine's score;
/// - a tile with no running tween sits exactly on its cell at full size, and none is hidden;
/// - every label is drawn, one glyph sprite per visible character in the label's colour, and
///   each tile's label shows its value.
pub fn check_frame(app: &mut App) -> Result<(), String> {
    let shown = entity_board(app)?;
    let game = engine(app).clone();
    if &shown != game.board() {
        return Err(format!(
            "entities {shown:?} differ from the engine {:?}",
            game.board()
        ));
    }
    let world = app.world_mut();
    let mut counters = world.query::<(&Counter, &Label)>();
    for (counter, shown) in counters.iter(world) {
        let want = match counter {
            Counter::Score => game.score().to_string(),
            Counter::Moves => game.moves().to_string(),
            Counter::Best => continue,
        };
        if shown.0 != want {
            return Err(format!(
                "{counter:?} shows {} but the engine has {want}",
                shown.0
            ));
        }
    }
    check_labels(world)?;
    let layout = *world.resource::<BoardLayout>();
    let mut tiles = world.query_filtered::<(&Position, &Transform, Has<TweenAnim>), With<Tile>>();
    for (pos, transform, animating) in tiles.iter(world) {
        if animating {
            continue;
        }
        let want = layout.cell_center(pos.0);
        if transform.translation.truncate().distance(want) > 0.01 || transform.scale != Vec3::ONE {
            return Err(format!(
                "resting tile at {pos:?} drawn at {:?} scale {:?}",
                transform.translation, transform.scale
            ));
        }
    }
    Ok(())
}

fn check_labels(world: &mut World) -> Result<(), String> {
    let mut labels = world.query::<(&Label, &LabelColor, Option<&Children>)>();
    let mut glyphs = world.query_filtered::<&Sprite, With<Glyph>>();
    for (label, color, children) in labels.iter(world) {
        let drawn: Vec<&Sprite> = children
            .into_iter()
            .flatten()
            .filter_map(|&child| glyphs.get(world, child).ok())
            .collect();
        let want = label.0.chars().filter(|c| !c.is_whitespace()).count();
        if drawn.len() != want || drawn.iter().any(|glyph| glyph.color != color.0) {
            return Err(format!(
                "label {:?} has {} glyphs (want {want}) or glyphs not in {:?}",
                label.0,
                drawn.len(),
                color.0
            ));
        }
    }
    let mut tiles = world.query_filtered::<(&Value, &Children), With<Tile>>();
    let mut tile_labels = world.query_filtered::<&Label, With<TileLabel>>();
    for (value, children) in tiles.iter(world) {
        let shown: Vec<&Label> = children
            .iter()
            .filter_map(|child| tile_labels.get(world, child).ok())
            .collect();
        if shown.len() != 1 || shown[0].0 != value.0.to_string() {
            return Err(format!("tile of {} labelled {shown:?}", value.0));
        }
    }
    Ok(())
}

/// After all tweens finish, no ghost is left and every tile rests on its cell.
pub fn check_settled(app: &mut App) -> Result<(), String> {
    let world = app.world_mut();
    let mut ghosts = world.query_filtered::<(), With<Ghost>>();
    let left = ghosts.iter(world).count();
    if left > 0 {
        return Err(format!("{left} ghost tiles left after all tweens ended"));
    }
    check_frame(app)?;
    let want: GameState = engine(app).status().into();
    if state(app) != want {
        return Err(format!(
            "state {:?} but the engine says {want:?}",
            state(app)
        ));
    }
    Ok(())
}

/// A game played by a fixed pattern (left, down, right, down; up when none of them moves),
/// wins continued, until `moves` moves or the end: the same game every run, for benchmarks and
/// fixtures.
pub fn pattern_game(config: Config, seed: u64, moves: usize) -> (Game, crate::rules::History) {
    use crate::rules::Status;
    let (mut game, mut history) = crate::rules::History::seeded(config, seed);
    let cycle = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Down,
    ];
    let mut i = 0;
    while history.len() < moves && game.status() != Status::Over {
        if game.status() == Status::Won {
            game.keep_going();
        }
        let Some(direction) = (0..cycle.len())
            .map(|k| cycle[(i + k) % cycle.len()])
            .chain([Direction::Up])
            .find(|&d| game.board().slid(d).2)
        else {
            break;
        };
        i += 1;
        game.play(direction);
        history.push(direction, &game);
    }
    (game, history)
}

/// Whether sliding `before` toward `direction` and one new tile gives `after` (which move a
/// frame played, seen from outside).
pub fn played(before: &Board, direction: Direction, after: &Board) -> bool {
    let slid = before.slid(direction).0;
    let mut differ = slid.cells().filter(|&c| slid.get(c) != after.get(c));
    matches!((differ.next(), differ.next()), (Some(c), None) if slid.get(c) == 0)
}

/// What a player keeps, made up of real games for tests and benchmarks: `games` pattern games
/// of up to `moves` moves in the history (seeds 1, 2, …, one started a minute after the
/// other from 2026-01-01), a game in progress on every board size, and their best scores.
pub fn sample_backup(games: usize, moves: usize) -> crate::save::Backup {
    use crate::rules::MIN_SIZE;
    const START_MS: u64 = 1_767_225_600_000;
    let mut best = crate::save::BestScores::new();
    let mut played = |config: Config, n: u64, moves: usize| {
        let (game, mut history) = pattern_game(config, n, moves);
        history.info.started_ms = START_MS + n * 60_000;
        let score = best.entry(config.shape()).or_insert(0);
        *score = (*score).max(game.score());
        (game, history)
    };
    let past = (1..=games as u64)
        .filter_map(|n| {
            let (game, history) = played(Config::default(), n, moves);
            crate::save::PastGame::of(&game, &history)
        })
        .collect();
    let boards = (MIN_SIZE..=crate::rules::MAX_SIZE)
        .map(|size| {
            let n = games as u64 + size as u64;
            played(Config::new(size, 2048).expect("a valid board"), n, moves)
        })
        .collect();
    crate::save::Backup {
        made_ms: START_MS + (games as u64 + 10) * 60_000,
        options: Some(crate::save::Options::default()),
        best,
        games: past,
        other_games: Vec::new(),
        boards,
        ranked: Vec::new(),
    }
}
