//! What a stranger tries, each a test that failed on the server before it held (7548866): many
//! accounts at once, connections that never finish a request, fields the messages do not have,
//! a stale connection's move count, ids JavaScript cannot read, floods of frames that are not
//! messages and of HTTP requests, errors that are not JSON or echo what they refuse. Names that
//! impersonate are in `accounts.rs`'s tests and `look_alike_names_are_taken_or_refused` here.
//! Then random and mutated messages (a property test).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use g2048_server::connections::Connections;
use g2048_server::handlers::Settings;
use g2048_server::limits::Rate;
use g2048_server::protocol::{ClientMessage, ErrorCode, ServerMessage};
use proptest::prelude::*;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::harness::*;

/// 20 connections from one address say hello, then all ask for an account at once: the limit
/// holds (it was 20 of 20 on SQLite when the count and the insert were apart).
#[tokio::test]
async fn accounts_asked_for_at_once_keep_their_limit() {
    let h = start(Settings {
        accounts_per_hour: 5,
        ..open_settings()
    })
    .await;
    let mut clients = Vec::new();
    for _ in 0..20 {
        let mut client = Client::connect(h.addr).await;
        client.hello(None).await;
        clients.push(client);
    }
    let asks = clients.iter_mut().map(|client| async {
        let ask = serde_json::to_string(&ClientMessage::CreateAccount {}).unwrap();
        client.ws.send(Message::Text(ask.into())).await.unwrap();
    });
    futures_util::future::join_all(asks).await;
    let mut made = 0;
    for client in &mut clients {
        let reply = loop {
            if let Message::Text(text) = client.ws.next().await.unwrap().unwrap() {
                break serde_json::from_str::<ServerMessage>(&text).unwrap();
            }
        };
        match reply {
            ServerMessage::Account { .. } => made += 1,
            other => assert_eq!(code_of(&other), ErrorCode::RateLimited),
        }
    }
    assert_eq!(made, 5);
}

/// Connections that never finish a request are closed at their deadline, and when the budget is
/// full the quietest make room: a new player is answered at once.
#[tokio::test]
async fn idle_connections_are_closed_and_make_room_for_players() {
    let deadline = Duration::from_millis(400);
    let connections = Connections::with_deadline(50, deadline);
    let h = start_with(open_settings(), connections.clone()).await;
    // Half a request, never finished.
    let mut half = TcpStream::connect(h.addr).await.unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHo")
        .await
        .unwrap();
    // 200 bare connections, four times the budget.
    let mut idle = Vec::new();
    for _ in 0..200 {
        idle.push(TcpStream::connect(h.addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(connections.open() <= 50, "{} open", connections.open());
    let asked = tokio::time::Instant::now();
    let (mut player, _) = Client::player(h.addr).await;
    let answered = asked.elapsed();
    assert!(answered < Duration::from_secs(2), "{answered:?}");
    player.start().await;
    // The half request is closed by its deadline (read gives 0 bytes: closed), or was made
    // room for before.
    let mut byte = [0u8; 1];
    let read = tokio::time::timeout(deadline * 5, half.read(&mut byte)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "{read:?}");
    // The player's WebSocket is busy, not idle: it is still served after the deadline.
    tokio::time::sleep(deadline * 2).await;
    assert!(matches!(
        player.send(ClientMessage::Leaderboard { day: None }).await,
        ServerMessage::Leaderboard { .. }
    ));
}

/// Messages without fields refuse unknown ones as the others do (`create_account` with
/// `"admin": true` made an account; `start` with `"moves": 5` returned a game).
#[tokio::test]
async fn unknown_fields_are_refused_on_every_message() {
    let h = start(open_settings()).await;
    let mut client = Client::connect(h.addr).await;
    client.hello(None).await;
    let reply = client
        .raw(json!({"type": "create_account", "admin": true}).to_string())
        .await;
    assert_eq!(code_of(&reply), ErrorCode::BadMessage);
    let (mut player, _) = Client::player(h.addr).await;
    let reply = player
        .raw(json!({"type": "start", "moves": 5}).to_string())
        .await;
    assert_eq!(code_of(&reply), ErrorCode::BadMessage);
    let reply = player
        .raw(json!({"type": "hello", "v": 1, "token": null, "admin": true}).to_string())
        .await;
    assert_eq!(code_of(&reply), ErrorCode::BadMessage);
}

/// Two connections of one account: A moves, and B's out-of-order move is told the moves the
/// game holds now (it said 0, from B's stale copy).
#[tokio::test]
async fn an_out_of_order_move_is_told_the_moves_held_now() {
    let h = start(open_settings()).await;
    let (mut a, token) = Client::player(h.addr).await;
    let mut b = Client::connect(h.addr).await;
    b.hello(Some(&token)).await;
    let view = a.start().await;
    b.start().await;
    let played = play_some(&mut a, &view, 3).await;
    assert_eq!(played.len(), 3);
    match b.play(7, played[0].0).await {
        ServerMessage::Error {
            code: ErrorCode::OutOfOrder,
            moves,
            ..
        } => assert_eq!(moves, Some(3)),
        other => panic!("{other:?}"),
    }
}

/// New ids are below 2^53: a page's `JSON.parse` reads them exactly.
#[tokio::test]
async fn new_ids_are_safe_for_javascript() {
    let h = start(Settings {
        accounts_per_hour: 100,
        ..open_settings()
    })
    .await;
    for _ in 0..8 {
        let (mut player, _) = Client::player(h.addr).await;
        let id = player.start().await.id;
        assert!((1..1 << 53).contains(&id), "{id}");
    }
}

/// Every frame counts against the address's rate: invalid JSON, binary frames, oversized
/// messages and pings, and a connection that floods on is closed.
#[tokio::test]
async fn frames_that_are_not_messages_count_against_the_rate() {
    let h = start(Settings {
        address_rate: Rate {
            per_second: 10.0,
            burst: 20.0,
        },
        ..open_settings()
    })
    .await;
    let mut client = Client::connect(h.addr).await;
    client.hello(None).await;
    let mut limited = 0;
    for i in 0..40 {
        let reply = match i % 3 {
            0 => client.raw("{not json".into()).await,
            1 => client.raw("x".repeat(2000)).await,
            _ => {
                client
                    .ws
                    .send(Message::Binary(vec![1, 2, 3].into()))
                    .await
                    .unwrap();
                client.reply().await
            }
        };
        if code_of(&reply) == ErrorCode::RateLimited {
            limited += 1;
        }
    }
    assert!(limited >= 15, "{limited} of 40 were limited");

    // Pings count too: after a pause, 30 pings leave no room for a message.
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let mut pinger = Client::connect(h.addr).await;
    for _ in 0..30 {
        pinger.ws.send(Message::Ping(vec![].into())).await.unwrap();
    }
    let reply = pinger
        .send(ClientMessage::Hello { v: 1, token: None })
        .await;
    assert_eq!(code_of(&reply), ErrorCode::RateLimited);

    // A connection that keeps sending past its rate is closed.
    let mut flood = Client::connect(h.addr).await;
    let mut closed = false;
    for _ in 0..400 {
        if flood.ws.send(Message::Text("{}".into())).await.is_err() {
            closed = true;
            break;
        }
    }
    if !closed {
        closed = tokio::time::timeout(Duration::from_secs(5), async {
            while let Some(Ok(message)) = flood.ws.next().await {
                if let Message::Close(_) = message {
                    return true;
                }
            }
            true
        })
        .await
        .unwrap_or(false);
    }
    assert!(closed, "the flooding connection stays open");
}

/// The HTTP API is rate-limited per address: 429 with `Retry-After`, as JSON.
#[tokio::test]
async fn http_requests_are_rate_limited() {
    let h = start(Settings {
        http_rate: Rate {
            per_second: 5.0,
            burst: 10.0,
        },
        ..open_settings()
    })
    .await;
    let url = format!("http://{}/api/leaderboard", h.addr);
    let mut statuses = Vec::new();
    let mut refusal = None;
    for _ in 0..30 {
        let (status, head, body) = get_whole(&url).await;
        statuses.push(status);
        if status == 429 {
            refusal = Some((head, body));
        }
    }
    let ok = statuses.iter().filter(|&&s| s == 200).count();
    // The burst of 10, and what 5 a second refill while the 30 are asked.
    assert!((10..=20).contains(&ok), "{statuses:?}");
    let (head, body) = refusal.expect("a 429");
    assert!(head.contains("retry-after: 1"), "{head}");
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["code"], json!("rate_limited"));
}

/// Every error is JSON with a short code, and echoes at most a few dozen bytes.
#[tokio::test]
async fn every_http_error_is_json_and_short() {
    let h = start(open_settings()).await;
    let http = format!("http://{}", h.addr);
    let long = "9".repeat(5000);
    for (path, status, code) in [
        ("/api/code/abc".to_string(), 400, "bad_request"),
        (
            "/api/leaderboard?day=2026-01-01&day=2026-01-02".into(),
            400,
            "bad_request",
        ),
        (
            "/api/leaderboard?days=2026-01-01".into(),
            400,
            "bad_request",
        ),
        ("/api/key/%2B2026-12-6".into(), 400, "bad_day"),
        ("/api/key/2026-12-6".into(), 400, "bad_day"),
        (format!("/api/leaderboard?day={long}"), 400, "bad_day"),
        (format!("/api/key/{long}"), 400, "bad_day"),
        (format!("/nothing/{long}"), 404, "not_found"),
        ("/api/code/1".into(), 404, "no_game"),
    ] {
        let (got, _, body) = get_whole(&format!("{http}{path}")).await;
        let short = &path[..path.len().min(60)];
        assert_eq!(got, status, "{short}: {body}");
        let body: serde_json::Value =
            serde_json::from_str(&body).unwrap_or_else(|_| panic!("{short}: not JSON: {body}"));
        assert_eq!(body["type"], json!("error"), "{short}");
        assert_eq!(body["code"], json!(code), "{short}");
        let message = body["message"].as_str().unwrap();
        assert!(message.len() < 120, "{short}: {message}");
    }
    // A WebSocket's refusal of a day echoes as little.
    let mut client = Client::connect(h.addr).await;
    client.hello(None).await;
    let reply = client
        .send(ClientMessage::Leaderboard {
            day: Some("x".repeat(900)),
        })
        .await;
    match reply {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, ErrorCode::BadDay);
            assert!(message.len() < 120, "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// With `Alice` taken, her look-alikes are taken too or refused; names that show nothing are
/// refused.
#[tokio::test]
async fn look_alike_names_are_taken_or_refused() {
    let h = start(open_settings()).await;
    let (mut alice, _) = Client::player(h.addr).await;
    let (mut other, _) = Client::player(h.addr).await;
    let name = |n: &str| ClientMessage::SetName { name: n.into() };
    assert!(matches!(
        alice.send(name("Alice")).await,
        ServerMessage::Name { .. }
    ));
    for look_alike in [
        "Аlice",
        "Alіce",
        "ALICE",
        "Ａｌｉｃｅ",
        "ａｄｍｉｎ",
        "Аdmin",
        "𝐚𝐝𝐦𝐢𝐧",
        "admіn",
        "\u{3164}\u{3164}\u{3164}",
        "\u{FFA0}\u{FFA0}\u{FFA0}",
        "\u{115F}\u{1160}\u{115F}",
    ] {
        let reply = other.send(name(look_alike)).await;
        assert!(
            matches!(
                code_of(&reply),
                ErrorCode::NameTaken | ErrorCode::NameBlocked | ErrorCode::NameInvalid
            ),
            "{look_alike:?}: {reply:?}"
        );
    }
    let stacked = format!("a{}", "\u{0657}".repeat(19));
    assert_eq!(
        code_of(&other.send(name(&stacked)).await),
        ErrorCode::NameInvalid
    );
}

/// Random frames and mutations of real messages, sent to a player in the middle of a game:
/// the server answers each, stays up, and the game it holds is the one its answers told.
#[test]
fn random_and_mutated_messages_leave_the_game_as_its_answers_say() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let h = runtime.block_on(start(Settings {
        accounts_per_hour: 1000,
        address_rate: Rate {
            per_second: 1e6,
            burst: 1e6,
        },
        ..open_settings()
    }));
    let config = ProptestConfig {
        cases: 32,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(frames in prop::collection::vec(frame(), 1..24))| {
        runtime.block_on(check_frames(h.addr, frames));
    });
}

/// A frame: bytes at random, or a real message with a field changed, added or removed.
fn frame() -> impl Strategy<Value = String> {
    let real = prop_oneof![
        Just(json!({"type": "hello", "v": 1, "token": null})),
        Just(json!({"type": "create_account"})),
        Just(json!({"type": "set_name", "name": "Ada"})),
        Just(json!({"type": "start"})),
        (0u32..6, 0usize..4).prop_map(|(n, d)| {
            let dir = ["up", "down", "left", "right"][d];
            json!({"type": "move", "n": n, "dir": dir})
        }),
        Just(json!({"type": "leaderboard", "day": null})),
        Just(json!({"type": "code", "game": 1})),
    ];
    let value = prop_oneof![
        Just(json!(null)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|x| json!(x)),
        ".{0,40}".prop_map(|s| json!(s)),
        Just(json!([1, 2])),
        Just(json!({"a": {}})),
    ];
    let field = prop_oneof![
        Just("type".to_string()),
        Just("n".to_string()),
        Just("dir".to_string()),
        Just("token".to_string()),
        Just("name".to_string()),
        "[a-z]{1,8}",
    ];
    let mutated =
        (real, field, value, any::<bool>()).prop_map(|(mut message, field, value, remove)| {
            if remove {
                message.as_object_mut().unwrap().remove(&field);
            } else {
                message[field] = value;
            }
            message.to_string()
        });
    prop_oneof![
        3 => mutated,
        1 => ".{0,80}",
        1 => prop::collection::vec(any::<u8>(), 0..60)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]
}

async fn check_frames(addr: std::net::SocketAddr, frames: Vec<String>) {
    let (mut player, token) = Client::player(addr).await;
    let view = player.start().await;
    let mut board = view.board().unwrap();
    let mut moves = view.moves;
    for frame in frames {
        // Each frame on a connection of the player's own, greeted, so that a mutated `hello`
        // or `create_account` cannot move the test to another account.
        let reply = player.raw(frame.clone()).await;
        if let ServerMessage::Dealt { n, tile, .. } = reply {
            // A move that went in: follow it on the copy, as a client does.
            let Ok(ClientMessage::Move { dir, .. }) = serde_json::from_str(&frame) else {
                panic!("dealt for {frame}");
            };
            if n == moves {
                board = board.plan(dir.into()).board;
                if let Some(tile) = tile {
                    let cell = tile.cell_on(4);
                    board.set(cell, tile.value);
                }
                moves += 1;
            }
        }
        // A `hello` may have been read; greet again with the player's token.
        if frame.contains("hello") || frame.contains("create_account") {
            player.hello(Some(&token)).await;
        }
    }
    let mut fresh = Client::connect(addr).await;
    fresh.hello(Some(&token)).await;
    let after = fresh.start().await;
    assert_eq!(after.moves, moves);
    assert_eq!(after.board().unwrap(), board);
}

/// The message rates are each process's own: a client that spreads its connections over two
/// processes of one database gets each one's burst, twice one process's, and no more.
#[tokio::test]
async fn two_processes_give_a_client_twice_the_rate_and_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let url = database(&dir).await;
    let flags = ["--address-rate", "20"];
    let (mut first, a) = spawn_server(&url, &flags);
    let (mut second, b) = spawn_server(&url, &flags);
    // 100 frames, as fast as they go, on one connection to each: count those admitted.
    let mut admitted = Vec::new();
    for addr in [a, b] {
        let mut client = Client::connect(addr).await;
        let mut taken = 0;
        for _ in 0..100 {
            if code_of(&client.raw("{}".into()).await) != ErrorCode::RateLimited {
                taken += 1;
            }
        }
        admitted.push(taken);
    }
    first.kill().unwrap();
    second.kill().unwrap();
    first.wait().unwrap();
    second.wait().unwrap();
    println!("frames admitted of 100, per process: {admitted:?}");
    // Each process: its burst of 40 and what 20 a second refill meanwhile.
    for taken in &admitted {
        assert!((40..=60).contains(taken), "{admitted:?}");
    }
}

/// One address holds at most `PER_ADDRESS` connections outside WebSockets; past it a new one
/// is closed at once, and players from other addresses are served as before.
#[tokio::test]
async fn one_address_cannot_hold_every_connection() {
    use g2048_server::connections::PER_ADDRESS;
    let deadline = Duration::from_secs(60);
    let h = start_with(open_settings(), Connections::with_deadline(4096, deadline)).await;
    let mut held = Vec::new();
    let mut closed_at_once = 0;
    for _ in 0..PER_ADDRESS + 20 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
        let mut stream = socket.connect(h.addr).await.unwrap();
        let mut byte = [0u8; 1];
        match tokio::time::timeout(Duration::from_millis(50), stream.read(&mut byte)).await {
            Ok(Ok(0)) | Ok(Err(_)) => closed_at_once += 1,
            _ => held.push(stream),
        }
    }
    assert_eq!((held.len(), closed_at_once), (PER_ADDRESS, 20));
    let (mut player, _) = Client::player(h.addr).await;
    player.start().await;
}

/// Names kept before the skeleton rule: at the next start the oldest keeps a name, and a later
/// look-alike (or a name the rules now refuse) is hidden, its player asked to pick another.
#[tokio::test]
async fn look_alikes_kept_before_the_rule_are_hidden_at_the_next_start() {
    use g2048_server::accounts::{Blocklist, NAME_RULE};
    let h = start(open_settings()).await;
    let (_alice, _) = Client::player(h.addr).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_, later_token) = Client::player(h.addr).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_, filler_token) = Client::player(h.addr).await;
    // As an earlier server kept them: lower case as the key.
    let pool = &h.server.db.pool;
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM accounts ORDER BY created_ms, id")
        .fetch_all(pool)
        .await
        .unwrap();
    for (id, name) in ids
        .iter()
        .zip(["Alice", "Аlice", "\u{3164}\u{3164}\u{3164}"])
    {
        sqlx::query("UPDATE accounts SET name = $1, name_key = $2 WHERE id = $3")
            .bind(name)
            .bind(name.to_lowercase())
            .bind(id)
            .execute(pool)
            .await
            .unwrap();
    }
    let list = Blocklist::new("");
    let key = |name: &str| list.check(name).ok().map(|(_, key)| key);
    assert_eq!(h.server.db.rekey_names(NAME_RULE, key).await.unwrap(), 2);
    // Once for a rule.
    assert_eq!(h.server.db.rekey_names(NAME_RULE, key).await.unwrap(), 0);
    for token in [&later_token, &filler_token] {
        let mut client = Client::connect(h.addr).await;
        match client.hello(Some(token)).await {
            ServerMessage::Welcome {
                player: Some(player),
                ..
            } => assert!(player.name.is_none() && player.name_hidden, "{player:?}"),
            other => panic!("{other:?}"),
        }
    }
    // The oldest keeps hers, and the look-alike cannot be taken again.
    let (mut newcomer, _) = Client::player(h.addr).await;
    let reply = newcomer
        .send(ClientMessage::SetName {
            name: "alice".into(),
        })
        .await;
    assert_eq!(code_of(&reply), ErrorCode::NameTaken);
}
