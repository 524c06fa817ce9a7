//! The ranked daily as players play it: dealt move by move, resumed, refused, limited, ranked,
//! hidden, and surviving kill -9.

use std::time::Duration;

use g2048_core::rules::{Direction, Game, Record, Stream, daily_config, parse_key};
use g2048_server::handlers::Settings;
use g2048_server::limits::Rate;
use g2048_server::protocol::{ClientMessage, Dir, ErrorCode, ServerMessage};
use serde_json::json;

use crate::harness::*;

#[tokio::test]
async fn a_ranked_game_is_dealt_move_by_move_and_replays_once_its_day_is_published() {
    let h = start(open_settings()).await;
    let (mut alice, _) = Client::player(h.addr).await;
    let view = alice.start().await;
    assert_eq!((view.rows, view.cols, view.moves), (4, 4, 0));
    assert_eq!(view.tiles.iter().filter(|&&t| t != 0).count(), 2);
    assert!(view.ranked);
    let played = play_some(&mut alice, &view, SURE_MOVES).await;
    assert_eq!(played.len(), SURE_MOVES);

    // Each move's arrival is kept for the host, in order.
    let times = h.server.db.move_times(view.id).await.unwrap().unwrap();
    assert_eq!(times.len(), SURE_MOVES);
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");

    // While the day runs, its key and its games are not to be had.
    let http = format!("http://{}", h.addr);
    let today = view.day.clone();
    assert_eq!(get(&format!("{http}/api/key/{today}")).await.0, 403);
    assert_eq!(
        code_of(&alice.send(ClientMessage::Code { game: view.id }).await),
        ErrorCode::NotPublished
    );

    // The day ends: moves to its game are refused, and its key is published.
    h.server.clock.advance(DAY_MS);
    assert_eq!(
        code_of(&alice.play(SURE_MOVES as u32, Direction::Up).await),
        ErrorCode::Finished
    );
    let (status, body) = get(&format!("{http}/api/key/{today}")).await;
    assert_eq!(status, 200, "{body}");
    let key = parse_key(body["key"].as_str().unwrap()).unwrap();

    // Anyone can now deal the game again from the key and its number, tile for tile.
    let mut game = Game::from_stream(
        daily_config(),
        Stream {
            key,
            id: view.id as u64,
        },
    );
    assert_eq!(tiles(&game), view.tiles);
    for &(direction, cell, value) in &played {
        let turn = game.play(direction).unwrap();
        game.keep_going();
        let (at, dealt) = turn.spawned.unwrap();
        assert_eq!((at.y * 4 + at.x, dealt), (cell, value));
    }

    // And its share code replays offline to the same score.
    let code = match alice.send(ClientMessage::Code { game: view.id }).await {
        ServerMessage::Code { code, .. } => code,
        other => panic!("{other:?}"),
    };
    let (record, _, replayed) = Record::decode(&code).unwrap();
    assert_eq!(record.moves.len(), SURE_MOVES);
    assert_eq!(replayed.score(), game.score());
    assert_eq!(tiles(&replayed), tiles(&game));
    let (status, body) = get(&format!("{http}/api/code/{}", view.id)).await;
    assert_eq!((status, body["code"].as_str()), (200, Some(code.as_str())));

    // Yesterday's table lists it, published.
    let (status, body) = get(&format!("{http}/api/leaderboard?day={today}")).await;
    assert_eq!(status, 200);
    assert_eq!(body["published"], json!(true));
    assert_eq!(body["top"][0]["score"], json!(game.score()));
    assert_eq!(body["top"][0]["game"], json!(view.id));
}

#[tokio::test]
async fn one_game_a_day_resumes_from_any_connection_and_answers_a_repeated_move_the_same() {
    let h = start(open_settings()).await;
    let (mut first, token) = Client::player(h.addr).await;
    let view = first.start().await;
    let played = play_some(&mut first, &view, 10).await;
    drop(first);

    // Another connection (a reconnect, another window): the same game where it stands.
    let mut second = Client::connect(h.addr).await;
    second.hello(Some(&token)).await;
    let resumed = second.start().await;
    assert_eq!(resumed.id, view.id);
    assert_eq!(resumed.moves, 10);
    let moves: Vec<Direction> = played.iter().map(|p| p.0).collect();
    assert_eq!(
        resumed.history,
        moves.iter().map(|&d| Dir::from(d)).collect::<Vec<_>>()
    );

    // The last move sent again (its answer was lost): the same answer, nothing played twice.
    let (direction, cell, value) = played[9];
    match second.play(9, direction).await {
        ServerMessage::Dealt {
            n: 9,
            tile: Some(tile),
            ..
        } => {
            assert_eq!((tile.cell, tile.value), (cell, value))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(second.start().await.moves, 10);

    // Starting again never deals a second game that day.
    let mut third = Client::connect(h.addr).await;
    third.hello(Some(&token)).await;
    let again = third.start().await;
    assert_eq!((again.id, again.tiles.clone()), (view.id, resumed.tiles));
}

#[tokio::test]
async fn forged_replayed_oversized_and_unknown_messages_are_refused_and_change_nothing() {
    let h = start(open_settings()).await;
    let mut anon = Client::connect(h.addr).await;
    assert_eq!(
        code_of(&anon.send(ClientMessage::Start {}).await),
        ErrorCode::HelloFirst
    );
    assert_eq!(
        code_of(&anon.send(ClientMessage::Hello { v: 9, token: None }).await),
        ErrorCode::Version
    );
    assert_eq!(
        code_of(&anon.hello(Some("x".repeat(43).as_str())).await),
        ErrorCode::WrongToken
    );
    assert_eq!(
        code_of(&anon.hello(Some("not a token")).await),
        ErrorCode::WrongToken
    );
    anon.hello(None).await;
    assert_eq!(
        code_of(&anon.send(ClientMessage::Start {}).await),
        ErrorCode::NoAccount
    );

    let (mut player, _) = Client::player(h.addr).await;
    let view = player.start().await;
    let board = view.board().unwrap();
    let refused = |reply: ServerMessage| code_of(&reply);
    assert_eq!(
        refused(player.raw("{not json".into()).await),
        ErrorCode::BadMessage
    );
    assert_eq!(
        refused(
            player
                .raw(json!({"type": "move", "n": 0, "dir": "sideways"}).to_string())
                .await
        ),
        ErrorCode::BadMessage
    );
    assert_eq!(
        refused(
            player
                .raw(json!({"type": "move", "n": 0, "dir": "up", "tile": 4}).to_string())
                .await
        ),
        ErrorCode::BadMessage,
        "a client cannot send its own tile"
    );
    let huge = json!({"type": "set_name", "name": "x".repeat(5000)}).to_string();
    assert_eq!(refused(player.raw(huge).await), ErrorCode::TooLarge);
    // Out of order: a move numbered ahead of the game.
    let legal = Direction::ALL
        .into_iter()
        .find(|&d| board.plan(d).moved)
        .unwrap();
    match player.play(5, legal).await {
        ServerMessage::Error {
            code: ErrorCode::OutOfOrder,
            moves: Some(0),
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    // A move that changes nothing.
    if let Some(still) = Direction::ALL.into_iter().find(|&d| !board.plan(d).moved) {
        assert_eq!(refused(player.play(0, still).await), ErrorCode::IllegalMove);
    }
    // None of it changed the game.
    let after = player.start().await;
    assert_eq!((after.moves, after.tiles.clone()), (0, view.tiles.clone()));
    // A replayed earlier move with another direction is out of order too.
    play_some(&mut player, &after, 3).await;
    let reply = player.play(1, Direction::Up).await;
    let moves = player.start().await.history;
    if moves[1] != Dir::Up {
        assert_eq!(refused(reply), ErrorCode::OutOfOrder);
    }
    assert_eq!(player.start().await.moves, 3);
}

#[tokio::test]
async fn names_are_unique_ignoring_case_and_checked() {
    let h = start(open_settings()).await;
    let (mut ada, _) = Client::player(h.addr).await;
    let (mut bob, _) = Client::player(h.addr).await;
    match ada
        .send(ClientMessage::SetName {
            name: "Ada Lovelace".into(),
        })
        .await
    {
        ServerMessage::Name { player } => assert_eq!(player.name.as_deref(), Some("Ada Lovelace")),
        other => panic!("{other:?}"),
    }
    let name = |n: &str| ClientMessage::SetName { name: n.into() };
    assert_eq!(
        code_of(&bob.send(name("ADA LOVELACE")).await),
        ErrorCode::NameTaken
    );
    assert_eq!(code_of(&bob.send(name("ab")).await), ErrorCode::NameInvalid);
    assert_eq!(
        code_of(&bob.send(name("<script>")).await),
        ErrorCode::NameInvalid
    );
    assert_eq!(
        code_of(&bob.send(name("Admin")).await),
        ErrorCode::NameBlocked
    );
    // Ada may change hers, and her old one is free again.
    assert!(matches!(
        ada.send(name("Countess")).await,
        ServerMessage::Name { .. }
    ));
    assert!(matches!(
        bob.send(name("ada lovelace")).await,
        ServerMessage::Name { .. }
    ));
}

#[tokio::test]
async fn accounts_and_moves_are_rate_limited() {
    let h = start(Settings {
        accounts_per_hour: 2,
        move_rate: Rate {
            per_second: 1.0,
            burst: 5.0,
        },
        ..open_settings()
    })
    .await;
    let (mut player, _) = Client::player(h.addr).await;
    let _ = Client::player(h.addr).await;
    let mut third = Client::connect(h.addr).await;
    third.hello(None).await;
    assert_eq!(
        code_of(&third.send(ClientMessage::CreateAccount {}).await),
        ErrorCode::RateLimited
    );

    let view = player.start().await;
    let played = play_some(&mut player, &view, 5).await;
    assert_eq!(played.len(), 5);
    let board_now = player.start().await;
    let next = Direction::ALL
        .into_iter()
        .find(|&d| board_now.board().unwrap().plan(d).moved)
        .unwrap();
    assert_eq!(code_of(&player.play(5, next).await), ErrorCode::RateLimited);
    // Refused, not lost: after a pause the same move is taken.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert!(matches!(
        player.play(5, next).await,
        ServerMessage::Dealt { n: 5, .. }
    ));
}

#[tokio::test]
async fn two_players_get_different_tiles_and_new_accounts_rank_from_the_next_day() {
    let h = start(Settings::default()).await;
    let (mut a, _) = Client::player(h.addr).await;
    let (mut b, token_b) = Client::player(h.addr).await;
    b.send(ClientMessage::SetName {
        name: "Second".into(),
    })
    .await;
    let (va, vb) = (a.start().await, b.start().await);
    assert_ne!(va.id, vb.id);
    assert!(
        !va.ranked && !vb.ranked,
        "a new account's first day does not rank"
    );
    // The same moves on both games: the dealt tiles differ.
    let pa = play_some(&mut a, &va, 30).await;
    let pb = play_some(&mut b, &vb, 30).await;
    let tiles = |p: &[(Direction, u8, u32)]| p.iter().map(|t| (t.1, t.2)).collect::<Vec<_>>();
    assert_ne!(
        (va.tiles.clone(), tiles(&pa)),
        (vb.tiles.clone(), tiles(&pb))
    );
    match a.send(ClientMessage::Leaderboard { day: None }).await {
        ServerMessage::Leaderboard { board } => {
            assert_eq!((board.players, board.top.len()), (0, 0))
        }
        other => panic!("{other:?}"),
    }
    // The next day, b's game ranks, and b sees their own place.
    h.server.clock.advance(DAY_MS);
    let mut b = Client::connect(h.addr).await;
    b.hello(Some(&token_b)).await;
    let today = b.start().await;
    assert!(today.ranked);
    play_some(&mut b, &today, 5).await;
    match b.send(ClientMessage::Leaderboard { day: None }).await {
        ServerMessage::Leaderboard { board } => {
            assert_eq!(board.players, 1);
            assert_eq!(board.top[0].name.as_deref(), Some("Second"));
            assert!(board.around[0].me);
            assert!(!board.published);
        }
        other => panic!("{other:?}"),
    }
    // A day not yet begun, and one that is not a day.
    let tomorrow = g2048_core::rules::Day::parse(&today.day)
        .unwrap()
        .next()
        .unwrap();
    let ask = |day: &str| ClientMessage::Leaderboard {
        day: Some(day.into()),
    };
    assert_eq!(
        code_of(&b.send(ask(&tomorrow.to_string())).await),
        ErrorCode::BadDay
    );
    assert_eq!(code_of(&b.send(ask("2026-13-01")).await), ErrorCode::BadDay);
}

#[tokio::test]
async fn a_hidden_game_leaves_the_boards_and_its_code_is_not_served() {
    let h = start(open_settings()).await;
    let (mut p, _) = Client::player(h.addr).await;
    let view = p.start().await;
    play_some(&mut p, &view, 3).await;
    assert!(h.server.db.hide_game(view.id).await.unwrap());
    match p.send(ClientMessage::Leaderboard { day: None }).await {
        ServerMessage::Leaderboard { board } => assert!(board.top.is_empty()),
        other => panic!("{other:?}"),
    }
    h.server.clock.advance(DAY_MS);
    assert_eq!(
        code_of(&p.send(ClientMessage::Code { game: view.id }).await),
        ErrorCode::NoGame
    );
}

/// The real binary, killed with SIGKILL after moves were answered, and started again on the
/// same database: every answered move is there.
#[tokio::test]
async fn answered_moves_survive_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let url = database(&dir).await;
    let spawn = || spawn_server(&url, &["--rank-new-accounts-today"]);
    let (mut child, addr) = spawn();
    let (mut client, token) = Client::player(addr).await;
    let view = client.start().await;
    let played = play_some(&mut client, &view, 40).await;
    child.kill().unwrap();
    child.wait().unwrap();

    let (mut child, addr) = spawn();
    let mut client = Client::connect(addr).await;
    client.hello(Some(&token)).await;
    let resumed = client.start().await;
    assert_eq!(resumed.moves as usize, played.len());
    let mut game = view.board().unwrap();
    for (direction, cell, value) in &played {
        game = game.plan(*direction).board;
        game.set(g2048_core::rules::Cell::new(cell % 4, cell / 4), *value);
    }
    assert_eq!(resumed.board().unwrap(), game);
    child.kill().unwrap();
    child.wait().unwrap();
}
