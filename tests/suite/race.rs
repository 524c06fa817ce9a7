//! A race against a ghost, on the real plugins without a window: started from the replay
//! viewer on the browser test's fixture game, the ghost's board is the replay's position after
//! as many moves as the player's (an undo takes it back), the lead is the difference of the
//! scores and is said after each move, the card's figures are both games' when one ends, and
//! rematch and close do what they say; against the AI, the ghost is the AI's game from the same
//! seed; a game in progress is asked about first.

use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    GamePlugin,
    ai::{move_rating::COACH_BUDGET, search},
    game::{PastGames, Race, Request, Rival, Screen, ShownDialog, race::lead_label},
    i18n::Words,
    rules::{Cell, Config, History, Record, Status},
    save::MemoryStore,
    view::{
        header::Intro,
        layout::{Framing, Placement},
        race_ghost::{GhostBoard, ghost_cell_at},
    },
};
use g2048_ui::text::Label;

/// The browser test's fixture game (150 moves on 4×4, 1,456 points).
fn fixture() -> (String, Record) {
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../../web/replay-fixture.json")).unwrap();
    let code = fixture["code"].as_str().unwrap().to_string();
    let record = Record::decode(&code).unwrap().0;
    (code, record)
}

/// The game opened on `code` in the viewer, as `--replay CODE` starts it.
fn app_watching(code: &str) -> App {
    let mut app = started(GamePlugin {
        size: None,
        target: None,
        seed: Some(5),
        store: Arc::new(MemoryStore::default()),
        replay: Some(code.to_string()),
        language: Default::default(),
        daily: false,
        server: None,
    });
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    app
}

fn race(app: &App) -> &g2048::game::Racing {
    app.world().resource::<Race>().0.as_ref().expect("a race")
}

fn intro(app: &mut App) -> String {
    let world = app.world_mut();
    world
        .query_filtered::<&Label, With<Intro>>()
        .single(world)
        .unwrap()
        .0
        .clone()
}

/// The ghost's board as drawn: each tile's value on its cell (0 where none is), row by row.
fn drawn_ghost(app: &mut App, shape: Shape) -> Vec<u32> {
    let world = app.world_mut();
    let root = world
        .query_filtered::<&Children, With<GhostBoard>>()
        .single(world)
        .expect("one ghost's board");
    let parts: Vec<Entity> = root.iter().collect();
    let mut drawn = vec![0; shape.cells()];
    for part in parts {
        // A tile: a sprite with its digits under it (an empty cell has none).
        let Some(digits) = world.get::<Children>(part).map(|c| c[0]) else {
            continue;
        };
        let Some(label) = world.get::<Label>(digits) else {
            continue;
        };
        let at = world.get::<Transform>(part).unwrap().translation.truncate();
        let index = (0..shape.cells())
            .find(|&i| {
                let cell = Cell::new((i % shape.cols()) as u8, (i / shape.cols()) as u8);
                ghost_cell_at(shape, cell).distance(at) < 0.5
            })
            .expect("a tile stands on a cell");
        drawn[index] = label.0.parse().unwrap();
    }
    drawn
}

#[test]
fn a_race_against_a_replay_follows_it_move_by_move_and_its_card_gives_both_games() {
    let (code, record) = fixture();
    let full = record.replay().unwrap().0;
    let mut app = app_watching(&code);
    // Reduced motion, as the system may ask: each move settles in fewer frames (the ghost's
    // board and the lead follow the moves, not their animation).
    app.insert_resource(g2048::view::motion::SystemMotion { reduced: true });
    press_and_settle(&mut app, KeyCode::KeyR);
    // A new game from the ghost's seed on its board, the ghost at its start.
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).save(), record.start().save());
    assert_eq!(race(&app).shown, 0);
    assert_eq!(intro(&mut app), "Level with the ghost");
    assert_eq!(
        app.world().resource::<Framing>().0,
        Some(Placement::Below),
        "without a window, the ghost's board goes below"
    );
    let keys = [
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowDown,
        KeyCode::ArrowRight,
    ];
    let mut undone = false;
    let mut i = 0;
    while engine(&app).status() != Status::Over && screen(&app) == Screen::Game {
        let before = engine(&app).moves();
        press(&mut app, keys[i % keys.len()]);
        i += 1;
        if engine(&app).moves() == before {
            continue;
        }
        let lead = race(&app).lead;
        let spoken: Vec<String> = said(&app).into_iter().map(|a| a.text).collect();
        let n = engine(&app).moves() as usize;
        let ghost = full.game_after(n.min(full.len()));
        assert_eq!(race(&app).ghost.board(), ghost.board(), "move {n}");
        assert_eq!(lead, engine(&app).score() as i64 - ghost.score() as i64);
        if screen(&app) != Screen::Game || race(&app).outcome.is_some() {
            break;
        }
        // The lead, after the move's own sentence.
        let sentence = format!("{}.", lead_label(lead, Words::english()));
        assert!(
            spoken.iter().any(|s| s.ends_with(&sentence)),
            "{spoken:?} ends with {sentence:?}"
        );
        settle(&mut app);
        assert_eq!(intro(&mut app), lead_label(lead, Words::english()));
        let cells: Vec<u32> = ghost
            .board()
            .cells()
            .map(|c| ghost.board().get(c))
            .collect();
        assert_eq!(drawn_ghost(&mut app, record.config.shape()), cells);
        // An undo takes the ghost back too, once.
        if n == 20 && !undone {
            undone = true;
            press_and_settle(&mut app, KeyCode::KeyU);
            assert_eq!(race(&app).shown, 19);
            assert_eq!(race(&app).ghost.board(), full.game_after(19).board());
        }
    }
    assert!(undone, "the race lasted past the undo");
    settle(&mut app);
    // Either game ended: the card, with both games' figures then.
    assert_eq!(screen(&app), Screen::RaceResult);
    let outcome = race(&app).outcome.expect("the race is over");
    let n = engine(&app).moves() as usize;
    let ghost = full.game_after(n.min(full.len()));
    assert_eq!(outcome.you.score, engine(&app).score());
    assert_eq!(outcome.ghost.score, ghost.score());
    assert_eq!(outcome.yours_ended, engine(&app).status() == Status::Over);
    let card = app.world().resource::<ShownDialog>().0.clone().unwrap();
    let words = Words::english();
    let expected_title = match outcome.lead().signum() {
        1 => "You won the race!",
        -1 => "The ghost won the race",
        _ => "The race is a tie",
    };
    assert_eq!(card.title, expected_title);
    assert_eq!(
        card.lines()[0],
        format!(
            "You: {} points, best tile {}, {} moves.",
            words.number(engine(&app).score()),
            engine(&app).board().max_tile(),
            n
        )
    );
    assert_eq!(
        card.lines()[1],
        format!(
            "Ghost: {} points, best tile {}, {} moves.",
            words.number(ghost.score()),
            ghost.board().max_tile(),
            ghost.moves()
        )
    );
    // Rematch: the race again from the same start, the finished run kept in the history.
    let kept = app.world().resource::<PastGames>().0.len();
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(*engine(&app).board(), *record.start().board());
    assert_eq!(race(&app).shown, 0);
    assert_eq!(race(&app).outcome, None);
    assert_eq!(app.world().resource::<PastGames>().0.len(), kept + 1);
}

#[test]
fn the_race_ends_when_the_ghost_s_moves_run_out_and_close_keeps_the_game() {
    let (code, record) = fixture();
    let mut app = app_watching(&code);
    press_and_settle(&mut app, KeyCode::KeyR);
    // The ghost's own moves: its board and the player's stay equal, and the lead level.
    for (n, &direction) in record.moves.iter().enumerate() {
        assert_eq!(screen(&app), Screen::Game, "move {n}");
        request(&mut app, Request::Move(direction));
        assert_eq!(race(&app).ghost.board(), engine(&app).board());
        assert_eq!(race(&app).lead, 0);
    }
    app.update();
    assert_eq!(screen(&app), Screen::RaceResult);
    let card = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(card.title, "The race is a tie");
    assert_eq!(card.lines()[2], "The ghost's moves ran out.");
    assert!(!race(&app).outcome.unwrap().yours_ended);
    // Close: the game stays as it is, the ghost and its board go.
    let game = engine(&app).clone();
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert!(app.world().resource::<Race>().0.is_none());
    assert_eq!(engine(&app).save(), game.save());
    let world = app.world_mut();
    assert_eq!(world.query::<&GhostBoard>().iter(world).count(), 0);
    // The game plays on, alone.
    play_moves(&mut app, 1);
    assert_eq!(engine(&app).moves(), game.moves() + 1);
}

#[test]
fn m_races_the_ai_on_the_same_seed_one_of_its_moves_for_each_of_the_player_s() {
    let config = Config::new(4, 2048).unwrap();
    let mut app = app(config, 11);
    press_and_settle(&mut app, KeyCode::KeyM);
    let Rival::Ai { seed, .. } = race(&app).rival else {
        panic!("the AI is the rival");
    };
    let (mut ai, mut moves) = History::seeded(config, seed);
    assert_eq!(
        engine(&app).save(),
        ai.save(),
        "a new game from the AI's seed"
    );
    for _ in 0..6 {
        play_moves(&mut app, 1);
        let choice = search::appraise_board(ai.board(), COACH_BUDGET)
            .and_then(|a| a.best())
            .unwrap();
        ai.play(choice.direction).unwrap();
        moves.push(choice.direction, &ai);
        assert_eq!(race(&app).shown, engine(&app).moves() as usize);
        assert_eq!(race(&app).ghost.save(), ai.save());
    }
    assert_eq!(race(&app).ghost_moves(), 6, "the AI plays no further ahead");
    settle(&mut app);
    let spoken = lead_label(race(&app).lead, Words::english());
    assert!(!spoken.is_empty());
    // A new game leaves the race.
    g2048::testing::new_game(&mut app);
    assert!(app.world().resource::<Race>().0.is_none());
}

#[test]
fn a_race_from_the_history_asks_first_over_a_game_in_progress() {
    let (code, record) = fixture();
    let mut app = app(record.config, 3);
    play_moves(&mut app, 4);
    let playing = engine(&app).clone();
    // The fixture game in the history (its newest), raced from there.
    app.world_mut()
        .resource_mut::<PastGames>()
        .0
        .push(g2048::save::PastGame {
            started_ms: 1,
            seed: record.seed,
            size: record.config.shape(),
            target: record.config.target(),
            score: 1456,
            best_tile: 128,
            moves: 150,
            undos: 0,
            played_ms: 0,
            ai: false,
            over: false,
            code,
            extra: Default::default(),
        });
    press_and_settle(&mut app, KeyCode::KeyG);
    assert_eq!(screen(&app), Screen::History);
    press_and_settle(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
    // "Keep playing": the game stays, no race, and a later new game is a plain one.
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert!(app.world().resource::<Race>().0.is_none());
    assert_eq!(engine(&app).save(), playing.save());
    // Asked again and answered: the race, the game in progress kept in the history.
    let kept = app.world().resource::<PastGames>().0.len();
    press_and_settle(&mut app, KeyCode::KeyG);
    press_and_settle(&mut app, KeyCode::KeyR);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).save(), record.start().save());
    assert_eq!(race(&app).shown, 0);
    assert_eq!(app.world().resource::<PastGames>().0.len(), kept + 1);
}
