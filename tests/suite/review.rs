//! Luck and skill (`ai::luck_and_skill`, docs/ai.md "Luck and skill"): a seeded game's figures are the
//! same to the digit every run; the running game reads nothing while it is played, reads the
//! game once it is over, a few moves a frame, and the coach's summary and the history's
//! selected game show what the whole reading gives.

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    ai::luck_and_skill::{Review, ReviewFigures},
    game::{GameState, Reviews, Screen, ShownDialog, screens::coach_summary},
    rules::{Config, Direction, Record},
};

/// The browser test's fixture game (150 moves on 4×4, 1,456 points).
fn fixture() -> Record {
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("../../web/replay-fixture.json")).unwrap();
    Record::decode(fixture["code"].as_str().unwrap()).unwrap().0
}

fn read(record: &Record) -> ReviewFigures {
    Review::new(record.start(), record.moves.clone()).run()
}

/// The figures in percent to two decimals (the summary shows whole percents).
fn hundredths(figures: ReviewFigures) -> (String, String) {
    (
        format!("{:.2}", figures.skill * 100.0),
        format!("{:+.2}", figures.luck * 100.0),
    )
}

#[test]
fn a_seeded_games_figures_are_the_same_to_the_digit() {
    let figures = read(&fixture());
    assert_eq!(figures.moves, 150);
    assert_eq!(
        (hundredths(figures), figures.forced),
        (("99.67".into(), "+11.26".into()), 0),
        "{figures:?}"
    );
    // A pattern game on 6×6, as the cost example reads.
    let (_, history) = pattern_game(Config::new(6, 2048).unwrap(), 3, 200);
    let figures = read(&history.record().unwrap());
    assert_eq!(
        (hundredths(figures), figures.moves),
        (("99.81".into(), "-0.85".into()), 200),
        "{figures:?}"
    );
}

/// The last line of the dialog shown.
fn last_line(app: &App) -> String {
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    shown.lines().last().unwrap().clone()
}

/// The coach's summary's line of luck and skill.
fn reading_line(app: &App) -> String {
    assert_eq!(screen(app), Screen::Coach);
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    shown.lines()[coach_summary::READING_LINE].clone()
}

fn frames_until_read(app: &mut App) -> usize {
    let mut frames = 0;
    while app.world().resource::<Reviews>().busy() {
        app.update();
        frames += 1;
        assert!(frames < 10_000, "the reading never ends");
    }
    frames
}

#[test]
fn the_game_is_read_once_it_is_over_and_the_summary_and_history_show_it() {
    let config = Config::new(4, 2048).unwrap();
    let mut app = app(config, 5);
    // Reduced motion, as the system may ask: tiles land the frame after their key, so a whole
    // game settles in a third of the frames (what is read does not depend on it).
    app.insert_resource(g2048::view::motion::SystemMotion { reduced: true });
    let round = [KeyCode::ArrowLeft, KeyCode::ArrowDown, KeyCode::ArrowRight];
    for i in 0..30 {
        press_and_settle(&mut app, round[i % 3]);
        // Nothing is read while the game goes on.
        assert!(!app.world().resource::<Reviews>().busy());
    }
    press_and_settle(&mut app, KeyCode::KeyX);
    assert_eq!(screen(&app), Screen::Coach);
    assert_eq!(
        reading_line(&app),
        "Luck and skill are worked out once the game is over."
    );
    press_and_settle(&mut app, KeyCode::Escape);
    // Left, Down, Right, else Up, until the game is over.
    let keys = [
        (Direction::Left, KeyCode::ArrowLeft),
        (Direction::Down, KeyCode::ArrowDown),
        (Direction::Right, KeyCode::ArrowRight),
        (Direction::Up, KeyCode::ArrowUp),
    ];
    while state(&app) != GameState::GameOver {
        let board = *engine(&app).board();
        let &(_, key) = keys.iter().find(|(d, _)| board.slid(*d).2).unwrap();
        press_and_settle(&mut app, key);
        assert!(engine(&app).moves() < 3_000);
    }
    let record = app
        .world()
        .resource::<g2048::game::UndoRecord>()
        .0
        .record()
        .unwrap();
    let expected = read(&record);
    frames_until_read(&mut app);
    press_and_settle(&mut app, KeyCode::KeyX);
    assert_eq!(screen(&app), Screen::Coach);
    let (skill, luck) = (
        (expected.skill * 100.0).round() as i64,
        (expected.luck * 100.0).round() as i64,
    );
    let said = reading_line(&app);
    assert!(
        said.starts_with(&format!(
            "The moves kept {skill}% of the best moves' value; "
        )),
        "{said} / {expected:?}"
    );
    let tiles = match luck {
        0 => "the tiles fell as on average.".to_string(),
        l if l > 0 => format!("the tiles fell {l}% better than average."),
        l => format!("the tiles fell {}% worse than average.", -l),
    };
    assert!(said.ends_with(&tiles), "{said} / {expected:?}");
    // The history: the newest game (this one) is selected, and its figures, read once, show.
    press_and_settle(&mut app, KeyCode::Escape);
    press_and_settle(&mut app, KeyCode::KeyG);
    assert_eq!(screen(&app), Screen::History);
    frames_until_read(&mut app);
    settle(&mut app);
    let line = last_line(&app);
    assert!(line.contains(&said), "{line}");
}

/// A game without a seed (as a board set up, or a save from before seeds were kept) is read
/// from the moves the undo history holds.
#[test]
fn a_game_without_a_seed_is_read_from_its_moves() {
    let mut app = app(Config::new(4, 2048).unwrap(), 1);
    set_board(&mut app, one_move_loses(), 2048);
    press_and_settle(&mut app, KeyCode::ArrowRight);
    assert_eq!(state(&app), GameState::GameOver);
    let history = &app.world().resource::<g2048::game::UndoRecord>().0;
    assert!(history.record().is_none());
    let expected = Review::new(history.start().clone(), history.moves().to_vec()).run();
    assert_eq!(expected.moves, 1);
    frames_until_read(&mut app);
    press_and_settle(&mut app, KeyCode::KeyX);
    let skill = (expected.skill * 100.0).round();
    assert!(
        reading_line(&app).starts_with(&format!("The moves kept {skill}% ")),
        "{} / {expected:?}",
        reading_line(&app)
    );
}
