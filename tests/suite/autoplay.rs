//! The AI in the game: autoplay wins from a fixed seed and stops at the win, hints show a move
//! that changes the board, on every board size; a network file scores the hints once read, and
//! one that is missing or damaged is told once while the heuristic plays.

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    ai::move_rating::{self, Verdict},
    ai::ntuple::Network,
    ai::search::{self, Budget},
    ai::shipped,
    game::{
        AiBudget, AiNetwork, Autoplay, Coach, GameState, Notice, PlayerOptions, Race, Request,
        Rival, Thinking,
    },
    rules::{Board, Config, Direction, History},
    view::header::HintArrow,
};
use g2048_ui::text::Label;

/// Node budgets make the AI's moves the same on every run (a time budget would not).
fn ai_app(config: Config, seed: u64) -> App {
    let mut app = app(config, seed);
    app.insert_resource(AiBudget::always(Budget::Nodes(3_000)));
    app
}

/// Runs frames until the game is won or `limit` frames have passed, checking the frame's
/// invariants every `every`; the frames it ran.
fn frames_to_win(app: &mut App, limit: u32, every: u32) -> u32 {
    let mut frames = 0;
    while state(app) != GameState::Won && frames < limit {
        app.update();
        frames += 1;
        if frames % every == 0 {
            check_frame(app).unwrap();
        }
    }
    frames
}

#[test]
fn autoplay_wins_from_a_fixed_seed_and_stops_at_the_win() {
    // At a slow machine's 15 Hz (the AI's pace is in time, not frames): a third of the frames
    // of 60 Hz, its invariants checked as often.
    let mut app = app_with_frame(Config::new(4, 256).unwrap(), 5, SLOW_FRAME);
    app.insert_resource(AiBudget::always(Budget::Nodes(3_000)));
    app.world_mut().write_message(Request::ToggleAutoplay);
    let frames = frames_to_win(&mut app, 20_000, 15);
    assert_eq!(state(&app), GameState::Won, "no win in {frames} frames");
    let moves = engine(&app).moves();
    assert!(moves <= 400, "{moves} moves to 256");
    settle(&mut app);
    assert!(
        !app.world().resource::<Autoplay>().on,
        "autoplay stops at the win"
    );
    let before = engine(&app).save();
    settle(&mut app);
    assert_eq!(
        engine(&app).save(),
        before,
        "no move behind the win overlay"
    );
    check_settled(&mut app).unwrap();
}

#[test]
fn a_hint_shows_an_arrow_for_a_move_that_changes_the_board() {
    let mut app = ai_app(Config::default(), 9);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    let before = *engine(&app).board();
    press(&mut app, KeyCode::KeyI);
    app.update();
    let world = app.world_mut();
    let mut arrows = world.query_filtered::<&Label, With<HintArrow>>();
    let arrow = arrows.single(world).unwrap().0.clone();
    let direction = match arrow.as_str() {
        "↑" => g2048::rules::Direction::Up,
        "↓" => g2048::rules::Direction::Down,
        "←" => g2048::rules::Direction::Left,
        "→" => g2048::rules::Direction::Right,
        other => panic!("not an arrow: {other}"),
    };
    assert!(before.slid(direction).2, "the hint changes the board");
    assert_eq!(engine(&app).board(), &before, "a hint does not move");
    settle(&mut app);
    let world = app.world_mut();
    let mut arrows = world.query_filtered::<(), With<HintArrow>>();
    assert_eq!(arrows.iter(world).count(), 0, "the arrow fades away");
}

#[test]
fn p_and_f_toggle_autoplay_and_its_pace() {
    let mut app = ai_app(Config::default(), 3);
    press(&mut app, KeyCode::KeyF);
    press(&mut app, KeyCode::KeyP);
    let autoplay = app.world().resource::<Autoplay>().clone();
    assert!(autoplay.on && autoplay.fast);
    press(&mut app, KeyCode::KeyP);
    assert!(!app.world().resource::<Autoplay>().on);
}

/// Every size has hints and autoplay: a hint that changes the board, and autoplay to the target
/// (small targets, so the test stays short: an unoptimised 8×8 search takes a good part of a
/// second).
#[test]
fn the_ai_plays_every_board_size() {
    for (size, target) in [(3, 64), (5, 64), (8, 16)] {
        let mut app = ai_app(Config::new(size, target).unwrap(), 7);
        let before = *engine(&app).board();
        press(&mut app, KeyCode::KeyI);
        app.update();
        let world = app.world_mut();
        let mut arrows = world.query_filtered::<&Label, With<HintArrow>>();
        assert_eq!(arrows.iter(world).count(), 1, "{size}x{size}: a hint shows");
        assert_eq!(engine(&app).board(), &before, "a hint does not move");
        press(&mut app, KeyCode::KeyF);
        press(&mut app, KeyCode::KeyP);
        let frames = frames_to_win(&mut app, 5_000, 50);
        assert_eq!(
            state(&app),
            GameState::Won,
            "{size}x{size}: no {target} in {frames} frames"
        );
    }
}

/// At the normal pace autoplay plays what the search between moves finds (natively on a worker
/// thread, through the animation), at the fast pace what the search inside a frame finds: two
/// budgets that choose differently on some of these boards, each pace checked against both.
#[test]
fn each_pace_plays_the_move_its_own_budget_finds() {
    let budgets = AiBudget {
        in_frame: Budget::Nodes(1), // one level deep
        between_moves: Budget::Nodes(100_000),
        between_moves_network: Budget::Nodes(100_000),
    };
    for fast in [false, true] {
        let mut app = app(Config::new(4, 1 << 16).unwrap(), 11);
        app.insert_resource(budgets);
        if fast {
            press(&mut app, KeyCode::KeyF);
        }
        press(&mut app, KeyCode::KeyP);
        let mut agree = [0, 0]; // with the in-frame budget, with the between-moves one
        let mut moves = 0;
        let mut frames = 0;
        while moves < 30 && frames < 10_000 {
            let before = *engine(&app).board();
            let count = engine(&app).moves();
            app.update();
            frames += 1;
            if engine(&app).moves() == count + 1 {
                moves += 1;
                for (agreed, budget) in agree
                    .iter_mut()
                    .zip([budgets.in_frame, budgets.between_moves])
                {
                    let best = search::appraise_board(&before, budget)
                        .and_then(|a| a.best())
                        .expect("a move was played");
                    if played(&before, best.direction, engine(&app).board()) {
                        *agreed += 1;
                    }
                }
            }
        }
        assert_eq!(moves, 30, "fast {fast}: 30 moves in {frames} frames");
        let (own, other) = if fast {
            (agree[0], agree[1])
        } else {
            (agree[1], agree[0])
        };
        assert_eq!(own, 30, "fast {fast}: every move is its own budget's");
        assert!(other < 30, "fast {fast}: the budgets never disagreed");
    }
}

/// The search between moves runs beside the frames: the frame that starts it does not wait for
/// it (a search of millions of nodes takes seconds in this unoptimised build), frames go on
/// while it runs, and its move comes once it ends.
#[test]
fn the_search_between_moves_does_not_hold_up_the_frames() {
    let mut app = app(Config::new(4, 1 << 16).unwrap(), 4);
    app.insert_resource(AiBudget {
        in_frame: Budget::Nodes(1),
        between_moves: Budget::Nodes(3_000_000),
        between_moves_network: Budget::Nodes(3_000_000),
    });
    // Ten distinct tiles and six empty cells: a search eight levels deep, millions of nodes.
    set_board(
        &mut app,
        Board::from_rows(&[
            &[512, 256, 128, 64],
            &[2, 4, 8, 32],
            &[1024, 0, 0, 16],
            &[0, 0, 0, 0],
        ]),
        1 << 16,
    );
    press(&mut app, KeyCode::KeyP);
    app.update(); // the request turns autoplay on; this frame starts the search
    assert!(
        app.world().resource::<Thinking>().searching(),
        "the frame that started the search came back before it ended"
    );
    let mut frames = 0;
    while app.world().resource::<Thinking>().searching() {
        app.update();
        frames += 1;
    }
    assert!(frames > 0, "frames ran while it searched");
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(engine(&app).moves(), 1, "its move is played once it ends");
}

/// Runs frames (a millisecond of real time apart, for the reading thread) until the network is
/// no longer being read, and the notices those frames wrote, by id.
fn frames_until_read(app: &mut App) -> Vec<&'static str> {
    let mut ids = Vec::new();
    for _ in 0..5_000 {
        app.update();
        let messages = app.world().resource::<Messages<Notice>>();
        ids.extend(messages.iter_current_update_messages().map(|n| n.0.id));
        if !app.world().resource::<AiNetwork>().loading() {
            return ids;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the network was not read in 5,000 frames");
}

/// The arrow a hint shows now, as a direction.
fn hinted(app: &mut App) -> Direction {
    let world = app.world_mut();
    let mut arrows = world.query_filtered::<&Label, With<HintArrow>>();
    match arrows.single(world).unwrap().0.as_str() {
        "↑" => Direction::Up,
        "↓" => Direction::Down,
        "←" => Direction::Left,
        "→" => Direction::Right,
        other => panic!("not an arrow: {other}"),
    }
}

#[test]
fn a_missing_or_damaged_network_is_told_once_and_the_heuristic_plays() {
    let dir = tempfile::tempdir().unwrap();
    let damaged = dir.path().join("damaged.g2n");
    let mut bytes = shipped::to_bytes(&Network::new(&[&[0, 1]], 0.0).unwrap(), 0.0, 1.0);
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&damaged, bytes).unwrap();
    // 65 MiB (sparse): past the largest file read as a network.
    let huge = dir.path().join("huge.g2n");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(65 << 20)
        .unwrap();
    for (file, told) in [
        (dir.path().join("absent.g2n"), "notice-ai-network-missing"),
        (damaged, "notice-ai-network-damaged"),
        (dir.path().to_path_buf(), "notice-ai-network-damaged"),
        (huge, "notice-ai-network-damaged"),
    ] {
        let mut app = ai_app(Config::default(), 9);
        app.insert_resource(AiNetwork::from_file(file.clone()));
        settle(&mut app);
        assert!(
            !app.world().resource::<AiNetwork>().loading(),
            "nothing is read before the AI is asked"
        );
        // The first hint comes at once, from the heuristic, and starts the reading.
        let board = *engine(&app).board();
        press(&mut app, KeyCode::KeyI);
        let heuristic = search::appraise_board(&board, Budget::Nodes(3_000)).unwrap();
        assert_eq!(
            Some(hinted(&mut app)),
            heuristic.best().map(|c| c.direction)
        );
        assert_eq!(
            frames_until_read(&mut app),
            vec![told],
            "{}",
            file.display()
        );
        assert!(!app.world().resource::<AiNetwork>().leaves().is_network());
        // Asked again, and played by: the heuristic, told no more.
        settle(&mut app);
        press(&mut app, KeyCode::KeyI);
        app.world_mut().write_message(Request::ToggleAutoplay);
        assert!(frames_until_read(&mut app).is_empty());
        for _ in 0..100 {
            app.update();
            let messages = app.world().resource::<Messages<Notice>>();
            assert_eq!(messages.iter_current_update_messages().count(), 0);
        }
        assert!(engine(&app).moves() > 0, "autoplay plays on");
    }
}

/// A small network whose weights are far from the heuristic's idea of a board: cell 0's tile
/// is worth 1,000 times its exponent, and each pair of the top row's first two cells something
/// of its own.
fn fixture_network() -> Network {
    let network = Network::new(&[&[0], &[0, 1]], 0.0).unwrap();
    let mut bytes = network.to_bytes();
    let weights = network.weights().len();
    let header = bytes.len() - 4 * weights;
    for (k, slot) in bytes[header..].chunks_exact_mut(4).enumerate() {
        let w = if k < 16 {
            1000.0 * k as f32
        } else {
            (k as f32 * 0.37).sin() * 500.0
        };
        slot.copy_from_slice(&f32::to_le_bytes(w));
    }
    Network::from_bytes(&bytes).unwrap()
}

/// The fixture network in a shipped file in `dir`, and the leaves it gives once read.
fn fixture_file(dir: &tempfile::TempDir) -> (std::path::PathBuf, search::Leaves) {
    let file = dir.path().join("ntuple.g2n");
    std::fs::write(&file, shipped::to_bytes(&fixture_network(), 0.0, 1.0)).unwrap();
    let leaves = search::Leaves::Network(std::sync::Arc::new(
        shipped::compact_from_bytes(&std::fs::read(&file).unwrap()).unwrap(),
    ));
    (file, leaves)
}

#[test]
fn a_network_file_scores_the_hints_once_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let (file, leaves) = fixture_file(&dir);
    let mut app = ai_app(Config::default(), 9);
    app.insert_resource(AiNetwork::from_file(file));
    press(&mut app, KeyCode::KeyI);
    assert!(frames_until_read(&mut app).is_empty(), "nothing to tell");
    assert!(app.world().resource::<AiNetwork>().leaves().is_network());
    // Moves until a board where the network and the heuristic disagree; there the hint is the
    // network's.
    let budget = Budget::Nodes(3_000);
    for _ in 0..200 {
        settle(&mut app);
        let board = *engine(&app).board();
        let by = |leaves: &search::Leaves| {
            search::appraise_board_by(&board, budget, 1, leaves)
                .and_then(|a| a.best())
                .map(|c| c.direction)
        };
        let (learned, heuristic) = (by(&leaves), by(&search::Leaves::Heuristic));
        if learned != heuristic {
            press(&mut app, KeyCode::KeyI);
            assert_eq!(Some(hinted(&mut app)), learned);
            return;
        }
        let step = learned.expect("a move is left");
        app.world_mut().write_message(Request::Move(step));
    }
    panic!("the network and the heuristic agreed on 200 boards");
}

/// Autoplay between moves searches the network's own node budget once it is read: each move is
/// what that search finds, and not always what the heuristic's budget would have played.
#[test]
fn autoplay_between_moves_plays_the_networks_move_within_its_own_budget() {
    let budgets = AiBudget {
        in_frame: Budget::Nodes(1),
        between_moves: Budget::Nodes(100_000),
        between_moves_network: Budget::Nodes(20_000),
    };
    let dir = tempfile::tempdir().unwrap();
    let (file, leaves) = fixture_file(&dir);
    let mut app = app(Config::new(4, 1 << 16).unwrap(), 11);
    app.insert_resource(budgets);
    app.insert_resource(AiNetwork::from_file(file));
    press(&mut app, KeyCode::KeyP);
    assert!(frames_until_read(&mut app).is_empty());
    // A search started before the network was read may still answer: two moves go by first.
    let start = engine(&app).moves() + 2;
    let (mut moves, mut own, mut heuristic) = (0, 0, 0);
    let mut frames = 0;
    while moves < 20 && frames < 20_000 {
        let before = *engine(&app).board();
        let count = engine(&app).moves();
        app.update();
        frames += 1;
        if engine(&app).moves() == count + 1 && count >= start {
            moves += 1;
            let by = |budget, leaves: &search::Leaves| {
                search::appraise_board_by(&before, budget, 1, leaves)
                    .and_then(|a| a.best())
                    .expect("a move was played")
                    .direction
            };
            let after = engine(&app).board();
            own += usize::from(played(
                &before,
                by(budgets.between_moves_network, &leaves),
                after,
            ));
            heuristic += usize::from(played(
                &before,
                by(budgets.between_moves, &search::Leaves::Heuristic),
                after,
            ));
        }
    }
    assert_eq!(moves, 20, "20 moves in {frames} frames");
    assert_eq!(own, 20, "every move is the network's");
    assert!(
        heuristic < 20,
        "the heuristic would have played each of them"
    );
}

/// The coach searches as the hint does once the network is read: on a board where the
/// network's coach and the heuristic's differ, the hinted move is the coach's best, rated by
/// the network's thresholds.
#[test]
fn the_coach_rates_by_the_network_once_read_and_calls_the_hinted_move_best() {
    let dir = tempfile::tempdir().unwrap();
    let (file, leaves) = fixture_file(&dir);
    let mut app = ai_app(Config::default(), 9);
    app.world_mut().resource_mut::<PlayerOptions>().coach = true;
    app.insert_resource(AiNetwork::from_file(file));
    settle(&mut app);
    // The coach's first rating starts the reading (no hint, no autoplay asked).
    let first = search::appraise_board(engine(&app).board(), Budget::Nodes(3_000))
        .and_then(|a| a.best())
        .unwrap()
        .direction;
    app.world_mut().write_message(Request::Move(first));
    app.update();
    assert!(app.world().resource::<AiNetwork>().loading());
    assert!(frames_until_read(&mut app).is_empty());
    for _ in 0..200 {
        settle(&mut app);
        let board = *engine(&app).board();
        let best = |leaves: &search::Leaves| {
            let any = Direction::ALL
                .into_iter()
                .find(|&d| board.slid(d).2)
                .unwrap();
            move_rating::rate_by(&board, any, leaves).map(|r| r.best)
        };
        let learned = best(&leaves).expect("a move is left");
        press(&mut app, KeyCode::KeyI);
        let hint = hinted(&mut app);
        if hint == learned && best(&search::Leaves::Heuristic) != Some(learned) {
            let number = engine(&app).moves() + 1;
            app.world_mut().write_message(Request::Move(hint));
            app.update();
            let rating = app.world().resource::<Coach>().rating(number).unwrap();
            assert_eq!((rating.played, rating.best), (hint, hint));
            assert_eq!(rating.verdict, Verdict::Best);
            assert_eq!(rating.thresholds, move_rating::NETWORK_THRESHOLDS);
            return;
        }
        app.world_mut().write_message(Request::Move(learned));
    }
    panic!("no board in 200 where the hint was the network coach's best and not the heuristic's");
}

/// Raced against the AI (M) where the network is to be read, the ghost's moves are the
/// network's, searched within the coach's budget for it: the race starts the reading.
#[test]
fn the_ai_ghost_plays_the_networks_moves() {
    let dir = tempfile::tempdir().unwrap();
    let (file, leaves) = fixture_file(&dir);
    let config = Config::new(4, 2048).unwrap();
    let mut app = app(config, 11);
    app.insert_resource(AiNetwork::from_file(file));
    press_and_settle(&mut app, KeyCode::KeyM);
    let ghost = |app: &App| {
        let race = app.world().resource::<Race>().0.as_ref();
        race.expect("a race is on").ghost.save()
    };
    let rival = app
        .world()
        .resource::<Race>()
        .0
        .as_ref()
        .map(|r| r.rival.clone());
    let Some(Rival::Ai { seed, .. }) = rival else {
        panic!("the AI is the rival");
    };
    let (mut ai, _) = History::seeded(config, seed);
    let mut differs = 0;
    for _ in 0..12 {
        play_moves(&mut app, 1);
        frames_until_read(&mut app);
        let (budget, thresholds) = move_rating::coach_for(ai.board(), &leaves);
        assert_eq!(thresholds, move_rating::NETWORK_THRESHOLDS);
        let by = |leaves: &search::Leaves| {
            search::appraise_board_by(ai.board(), budget, 1, leaves)
                .and_then(|a| a.best())
                .unwrap()
                .direction
        };
        let learned = by(&leaves);
        differs += usize::from(learned != by(&search::Leaves::Heuristic));
        ai.play(learned).unwrap();
        assert_eq!(ghost(&app), ai.save());
    }
    assert!(
        differs > 0,
        "the heuristic would have played the same 12 moves"
    );
}

/// A board holding 16384 is searched by the heuristic even with the network read (its late
/// game, `search::NETWORK_BELOW_TILE`): the hint there is the heuristic's where the network's
/// would differ.
#[test]
fn a_board_holding_16384_is_hinted_by_the_heuristic() {
    let dir = tempfile::tempdir().unwrap();
    let (file, leaves) = fixture_file(&dir);
    let search::Leaves::Network(network) = &leaves else {
        unreachable!("the fixture is a network")
    };
    let mut app = ai_app(Config::new(4, 1 << 16).unwrap(), 9);
    app.insert_resource(AiNetwork::from_file(file));
    press(&mut app, KeyCode::KeyI);
    assert!(frames_until_read(&mut app).is_empty());
    let budget = Budget::Nodes(3_000);
    // Boards of a game, each with its largest tile made a 16384, until the network and the
    // heuristic disagree on one.
    let mut game = g2048::rules::Game::new(Config::default(), 5);
    for _ in 0..300 {
        let mut board = *game.board();
        let largest = board.tiles().max_by_key(|&(_, v)| v).unwrap().0;
        board.set(largest, 16384);
        let heuristic = search::appraise_board(&board, budget).and_then(|a| a.best());
        let packed = g2048::ai::packed::pack(&board).unwrap();
        let learned =
            search::appraise_with(packed, budget, network.as_ref()).and_then(|a| a.best());
        let (Some(heuristic), Some(learned)) = (heuristic, learned) else {
            break;
        };
        if heuristic.direction != learned.direction {
            set_board(&mut app, board, 1 << 16);
            press(&mut app, KeyCode::KeyI);
            assert_eq!(hinted(&mut app), heuristic.direction);
            return;
        }
        game.play(heuristic.direction);
    }
    panic!("the network and the heuristic agreed on every board");
}
