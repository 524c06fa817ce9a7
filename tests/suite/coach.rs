//! The coach in the running game: it rates the player's moves (a move into a lost board is a
//! mistake, the search's choice is best), forgets what an undo takes back, leaves the AI's moves
//! alone, does nothing while off, shows its bars and its summary, and the summary's buttons open
//! the replay just before the move.

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    ai::{move_rating::Verdict, search::Budget},
    game::{AiBudget, Coach, GameState, PlayerOptions, Request, Screen, ShownDialog, Watch},
    rules::{Config, Direction},
    view::coach_bars::CoachBars,
};

fn coach_app(config: Config, seed: u64, on: bool) -> App {
    let mut app = app(config, seed);
    app.world_mut().resource_mut::<PlayerOptions>().coach = on;
    // The AI's own moves, where a test lets it play, the same every run.
    app.insert_resource(AiBudget::always(Budget::Nodes(3_000)));
    app
}

fn verdict(app: &App, number: u32) -> Option<(Verdict, Direction, Direction)> {
    let coach = app.world().resource::<Coach>();
    coach.rating(number).map(|r| (r.verdict, r.played, r.best))
}

fn bars(app: &mut App) -> usize {
    let world = app.world_mut();
    world
        .query_filtered::<(), With<CoachBars>>()
        .iter(world)
        .count()
}

#[test]
fn a_move_that_loses_is_a_mistake_and_the_best_move_is_best() {
    let mut app = coach_app(Config::default(), 1, true);
    set_board(&mut app, one_move_loses(), 2048);
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        verdict(&app, 1),
        Some((Verdict::Best, Direction::Down, Direction::Down))
    );
    assert_eq!(key_help(&mut app), "Coach: Down, the best move.");
    // E shows how the four compared; a move (here an undo) takes the bars away.
    press(&mut app, KeyCode::KeyE);
    assert_eq!(bars(&mut app), 1);
    press_and_settle(&mut app, KeyCode::KeyU);
    assert_eq!(bars(&mut app), 0);
    // Taken back, the move's rating goes.
    assert_eq!(verdict(&app, 1), None);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        verdict(&app, 1),
        Some((Verdict::Mistake, Direction::Right, Direction::Down))
    );
    settle(&mut app);
    assert_eq!(state(&app), GameState::GameOver);
    check_frame(&mut app).unwrap();
}

#[test]
fn off_the_coach_rates_nothing_and_on_it_rates_only_the_players_moves() {
    let mut app = coach_app(Config::default(), 3, false);
    for key in [KeyCode::ArrowLeft, KeyCode::ArrowUp, KeyCode::ArrowRight] {
        press_and_settle(&mut app, key);
    }
    assert_eq!(engine(&app).moves(), 3);
    let coach = app.world().resource::<Coach>();
    assert!(coach.latest().is_none() && coach.waiting() == 0);
    press(&mut app, KeyCode::KeyE);
    assert!(key_help(&mut app).starts_with("The coach is off"));
    // On: the AI's moves are not rated, the player's are.
    app.world_mut().resource_mut::<PlayerOptions>().coach = true;
    app.world_mut().write_message(Request::ToggleAutoplay);
    while engine(&app).moves() < 10 {
        app.update();
    }
    app.world_mut().write_message(Request::ToggleAutoplay);
    settle(&mut app);
    assert!(app.world().resource::<Coach>().latest().is_none());
    let before = engine(&app).moves();
    for key in [KeyCode::ArrowDown, KeyCode::ArrowLeft, KeyCode::ArrowUp] {
        press_and_settle(&mut app, key);
    }
    let played = engine(&app).moves() - before;
    let coach = app.world().resource::<Coach>();
    assert_eq!(coach.summary().rated, played);
    assert!(coach.latest().unwrap().0 > before);
}

#[test]
fn keys_mashed_faster_than_frames_are_all_rated_one_a_frame() {
    let mut app = coach_app(Config::default(), 8, true);
    for key in [
        KeyCode::ArrowLeft,
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
    ] {
        queue_key(&mut app, key);
    }
    app.update();
    let moves = engine(&app).moves();
    assert!(moves >= 3, "{moves}");
    assert_eq!(app.world().resource::<Coach>().waiting() as u32, moves - 1);
    settle(&mut app);
    let coach = app.world().resource::<Coach>();
    assert_eq!((coach.summary().rated, coach.waiting()), (moves, 0));
}

#[test]
fn the_summary_lists_the_worst_moves_and_opens_the_replay_before_each() {
    let mut app = coach_app(Config::new(4, 2048).unwrap(), 5, true);
    // Round and round: some of these moves give up a lot.
    let keys = [
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
    ];
    for i in 0..40 {
        press_and_settle(&mut app, keys[i % 4]);
    }
    let summary = app.world().resource::<Coach>().summary();
    assert_eq!(summary.rated, engine(&app).moves());
    assert_eq!(summary.counts.iter().sum::<u32>(), summary.rated);
    let &(worst, rating) = summary.worst.first().expect("round and round errs");
    assert!(rating.verdict >= Verdict::Inaccuracy);
    assert!(
        summary
            .worst
            .windows(2)
            .all(|w| w[0].1.shortfall >= w[1].1.shortfall),
        "worst first"
    );
    press_and_settle(&mut app, KeyCode::KeyX);
    assert_eq!(screen(&app), Screen::Coach);
    let shown = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(shown.title, "Coach");
    assert!(shown.lines()[0].contains(&format!("{} moves rated", summary.rated)));
    let jump = Request::Watch(Watch::CurrentAt(worst - 1));
    assert_eq!(shown.buttons()[0].action, jump);
    assert!(
        shown.buttons()[0]
            .name
            .starts_with(&format!("Move {worst}: ")),
        "{}",
        shown.buttons()[0].name
    );
    // Tab to the first jump, Enter: the replay, paused on the board the move was played on.
    press(&mut app, KeyCode::Tab);
    press_and_settle(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Replay);
    let replay = app.world().resource::<g2048::game::Replay>();
    let watching = replay.0.as_ref().unwrap();
    assert_eq!(watching.shown as u32, worst - 1);
    assert!(!watching.playing);
    assert_eq!(entity_board(&mut app).unwrap(), *engine(&app).board());
    // Closing the replay goes back to the summary, and the ratings are still there.
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Coach);
    assert_eq!(app.world().resource::<Coach>().summary(), summary);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(engine(&app).moves(), summary.rated);
}
