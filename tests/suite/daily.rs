//! The daily game: a day's seed and first board (the table docs/daily.md gives), Y starting
//! today's with the first game counting and the next one practice, a daily's result on "Game
//! over!", the history marking dailies, a daily's code checked in the viewer and a code that
//! is not its claimed day's told so, and `--daily`.

use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    GamePlugin,
    game::{DailyNow, Notice, PastGames, Screen, ShownDialog, daily::today},
    i18n::Words,
    rules::{Board, Config, Day, Direction, Game, Record, daily_config},
    save::MemoryStore,
};
use g2048_ui::text::Label;

/// Days, their seeds and the boards their dailies start with (rows, top first): the table of
/// docs/daily.md, which anyone can check against the rule (year × 10,000 + month × 100 + day).
const DAYS: [((i16, i8, i8), u64, [[u32; 4]; 4]); 4] = [
    (
        (2026, 12, 3),
        20_261_203,
        [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 2]],
    ),
    (
        (2026, 12, 4),
        20_261_204,
        [[0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
    ),
    (
        (2027, 1, 1),
        20_270_101,
        [[0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0], [0, 0, 2, 0]],
    ),
    (
        (2028, 2, 29),
        20_280_229,
        [[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
    ),
];

#[test]
fn a_day_s_daily_is_its_seed_and_its_first_board() {
    for ((year, month, day), seed, rows) in DAYS {
        let day = Day::new(year, month, day).unwrap();
        assert_eq!(day.seed(), seed, "{day}");
        let board = *Game::new(daily_config(), seed).board();
        let start: Vec<&[u32]> = rows.iter().map(|r| &r[..]).collect();
        assert_eq!(board, Board::from_rows(&start), "{day}: {board:?}");
    }
}

fn counted(app: &App) -> Option<bool> {
    app.world().resource::<DailyNow>().0.map(|a| a.counted)
}

fn labels(app: &mut App) -> Vec<String> {
    let world = app.world_mut();
    world
        .query::<&Label>()
        .iter(world)
        .map(|l| l.0.clone())
        .collect()
}

#[test]
fn y_plays_today_s_daily_whose_first_game_counts_and_the_next_is_practice() {
    let today = today().expect("a day");
    // On a 5×5 board with a game in progress: the daily is a 4×4 game, the 5×5 one waits.
    let mut app = app(Config::new(5, 2048).unwrap(), 9);
    play_moves(&mut app, 3);
    press_and_settle(&mut app, KeyCode::KeyY);
    assert_eq!(engine(&app).config(), daily_config());
    let start = *Game::new(daily_config(), today.seed()).board();
    assert_eq!(*engine(&app).board(), start, "today's first board");
    assert_eq!(counted(&app), Some(true));
    let words = Words::english();
    let date = words.say(&g2048::game::daily::day_said(today));
    assert!(
        labels(&mut app).contains(&format!("Daily of {date}!")),
        "the intro names the day"
    );
    play_moves(&mut app, 4);
    let played = *engine(&app).board();
    // Y again while it is in play: it goes on where it was.
    press_and_settle(&mut app, KeyCode::KeyY);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(*engine(&app).board(), played, "today's daily goes on");
    assert_eq!(counted(&app), Some(true));
    // A new game, kept playing: still today's daily.
    press_and_settle(&mut app, KeyCode::KeyR);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(*engine(&app).board(), played);
    // Started: a game of its own; Y then asks before it replaces that game in progress, and
    // the answer "keep playing" keeps it.
    press_and_settle(&mut app, KeyCode::KeyR);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(counted(&app), None, "a new game is no daily");
    play_moves(&mut app, 2);
    let own = *engine(&app).board();
    press_and_settle(&mut app, KeyCode::KeyY);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
    press_and_settle(&mut app, KeyCode::KeyN);
    assert_eq!(*engine(&app).board(), own, "kept playing");
    // Asked again and answered yes: the same day, the same game, and this one is practice.
    press_and_settle(&mut app, KeyCode::KeyY);
    press_and_settle(&mut app, KeyCode::KeyY);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(*engine(&app).board(), start, "the same day, the same game");
    assert_eq!(counted(&app), Some(false));
    assert!(labels(&mut app).contains(&format!("Daily of {date}: practice")));
    press_and_settle(&mut app, KeyCode::KeyG);
    let history = app.world().resource::<ShownDialog>().0.clone().unwrap();
    // The rows, newest first: the game of its own, then the daily, marked.
    let daily = format!(", the daily of {date}");
    let marked: Vec<bool> = history.buttons()[..2]
        .iter()
        .map(|row| row.name.ends_with(&daily) && row.label.ends_with("   Daily"))
        .collect();
    assert_eq!(marked, [false, true], "{:?}", &history.buttons()[..2]);
    press_and_settle(&mut app, KeyCode::Escape);
    // The 5×5 game is where it was.
    let past = app.world().resource::<PastGames>().0.len();
    assert_eq!(
        past, 2,
        "the first daily and the game after it went into the history"
    );
}

#[test]
fn a_daily_s_game_over_says_its_result() {
    let today = today().expect("a day");
    let mut app = app(Config::default(), 9);
    press_and_settle(&mut app, KeyCode::KeyY);
    // Played to its end.
    for _ in 0..100 {
        play_moves(&mut app, 50);
        settle(&mut app);
        if state(&app) == g2048::game::GameState::GameOver {
            break;
        }
    }
    assert_eq!(state(&app), g2048::game::GameState::GameOver);
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    let date = Words::english().say(&g2048::game::daily::day_said(today));
    let lines = dialog.lines();
    let line = lines.last().unwrap();
    assert!(line.starts_with(&format!("Daily of {date}: ")), "{line}");
    assert!(line.contains(" points, best tile "), "{line}");
    assert!(labels(&mut app).contains(line), "drawn under the buttons");
}

/// A daily's record of `moves` changing moves (from its first board).
fn daily_code(day: Day, moves: usize) -> (String, u64) {
    let mut game = Game::new(daily_config(), day.seed());
    let mut played = Vec::new();
    for i in 0..moves * 4 {
        let direction = Direction::ALL[i % 4];
        if game.play(direction).is_some_and(|turn| turn.plan.moved) {
            played.push(direction);
        }
        if played.len() == moves {
            break;
        }
    }
    let record = Record {
        stream: None,
        config: daily_config(),
        seed: day.seed(),
        moves: played,
        undos: 0,
    };
    (record.code(), game.score())
}

fn notices(app: &App) -> Vec<String> {
    app.world()
        .resource::<Messages<Notice>>()
        .iter_current_update_messages()
        .map(|n| Words::english().say(&n.0))
        .collect()
}

fn opened(replay: String) -> App {
    let mut app = started(GamePlugin {
        size: None,
        target: None,
        seed: None,
        store: Arc::new(MemoryStore::default()),
        replay: Some(replay),
        language: Default::default(),
        daily: false,
        server: None,
    });
    app.update();
    app
}

#[test]
fn a_friend_s_daily_is_checked_and_a_code_not_of_its_claimed_day_is_told_so() {
    let dec3 = Day::new(2026, 12, 3).unwrap();
    let (code, score) = daily_code(dec3, 30);
    assert!(score > 0);
    let points = Words::english().number(score);
    let checked = format!("Daily of 2026-12-03: {points} points, checked.");
    // The code alone, and a link that names its day.
    for replay in [
        code.clone(),
        format!("https://example.org/2048/#daily=2026-12-03&replay={code}"),
    ] {
        let mut app = opened(replay);
        assert_eq!(screen(&app), Screen::Replay);
        let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
        assert_eq!(dialog.lines().last(), Some(&checked), "{dialog:?}");
        app.update();
        let _ = notices(&app);
    }
    // A link that claims another day.
    let mut app = opened(format!("#daily=2026-12-04&replay={code}"));
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(
        dialog.lines().last().map(String::as_str),
        Some("This game is not the daily of 2026-12-04: it does not start from that day's seed.")
    );
    app.update();
    // And a game that is no daily claims nothing and is told nothing of it.
    let mut other = app_with_frame(Config::default(), 5, FRAME);
    play_moves(&mut other, 6);
    let record = g2048::game::UndoRecord::clone(other.world().resource());
    let code = record.0.record().unwrap().code();
    let app = opened(code);
    let dialog = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert!(
        !dialog.lines().iter().any(|l| l.contains("aily")),
        "{dialog:?}"
    );
}
