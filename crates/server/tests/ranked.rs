//! The server's integration tests: a real server on an ephemeral loopback port, a real database,
//! and clients speaking the protocol over a real WebSocket.
//!
//! The database is a fresh SQLite file per test, or, when `G2048_TEST_POSTGRES` names a Postgres
//! server (`postgres://USER@localhost/postgres?host=/socket/dir`, as `.ci/run` sets it), a fresh
//! database on it per test.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use g2048_core::rules::{Direction, Game, Record, Stream, daily_config, parse_key};
use g2048_server::handlers::{Clock, Server, Settings};
use g2048_server::limits::Rate;
use g2048_server::protocol::{ClientMessage, Dir, ErrorCode, GameView, ServerMessage};
use serde_json::json;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const DAY_MS: i64 = 86_400_000;

/// Moves that any deal allows on a 4×4 board: each move adds one tile and merges only take tiles
/// away, so before move k there are at most 2 + k tiles, and a board with an empty cell and a
/// tile always has a move. The day's key is random, so a test that must not run out of moves
/// plays at most this many (60 once met a deal that ended at 56).
const SURE_MOVES: usize = 14;

struct Harness {
    addr: SocketAddr,
    server: Arc<Server>,
    _dir: tempfile::TempDir,
}

/// A database URL of its own: a SQLite file in `dir`, or a new database on the Postgres that
/// `G2048_TEST_POSTGRES` names.
async fn database(dir: &tempfile::TempDir) -> String {
    match std::env::var("G2048_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            sqlx::any::install_default_drivers();
            let name = format!("g2048_test_{:016x}", rand_id());
            let pool = sqlx::AnyPool::connect(&admin)
                .await
                .expect("the test Postgres");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(&pool)
                .await
                .expect("create a test database");
            pool.close().await;
            // postgres://user@host/postgres?host=… → …/NAME?host=…
            let (base, query) = admin.split_once('?').unwrap_or((&admin, ""));
            let base = base.rsplit_once('/').expect("a database in the URL").0;
            format!("{base}/{name}?{query}")
        }
        _ => format!("sqlite://{}", dir.path().join("ranked.sqlite3").display()),
    }
}

fn rand_id() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

async fn start(settings: Settings) -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let db = g2048_server::db::open(&database(&dir).await).await.unwrap();
    let server = Server::new(db, Clock::default(), settings);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = server.clone();
    tokio::spawn(async move {
        g2048_server::serve(serving, listener, false, std::future::pending()).await
    });
    Harness {
        addr,
        server,
        _dir: dir,
    }
}

/// New accounts rank at once, and moves come as fast as the test sends them.
fn open_settings() -> Settings {
    Settings {
        rank_new_accounts_today: true,
        move_rate: Rate {
            per_second: 1000.0,
            burst: 1000.0,
        },
        ..Settings::default()
    }
}

struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Self {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Self { ws }
    }

    async fn raw(&mut self, text: String) -> ServerMessage {
        self.ws.send(Message::Text(text.into())).await.unwrap();
        loop {
            let reply = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("an answer within 10 s")
                .expect("the connection stays open")
                .unwrap();
            if let Message::Text(text) = reply {
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    async fn send(&mut self, message: ClientMessage) -> ServerMessage {
        self.raw(serde_json::to_string(&message).unwrap()).await
    }

    async fn hello(&mut self, token: Option<&str>) -> ServerMessage {
        self.send(ClientMessage::Hello {
            v: 1,
            token: token.map(str::to_string),
        })
        .await
    }

    /// A new player: hello, an account, and its token.
    async fn player(addr: SocketAddr) -> (Self, String) {
        let mut client = Self::connect(addr).await;
        client.hello(None).await;
        match client.send(ClientMessage::CreateAccount).await {
            ServerMessage::Account { token, .. } => (client, token),
            other => panic!("no account: {other:?}"),
        }
    }

    async fn start(&mut self) -> GameView {
        match self.send(ClientMessage::Start).await {
            ServerMessage::Game { game } => game,
            other => panic!("no game: {other:?}"),
        }
    }

    async fn play(&mut self, n: u32, direction: Direction) -> ServerMessage {
        self.send(ClientMessage::Move {
            n,
            dir: direction.into(),
        })
        .await
    }
}

fn code_of(reply: &ServerMessage) -> ErrorCode {
    match reply {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("not refused: {other:?}"),
    }
}

/// The board a view shows, as the core's game would list it.
fn tiles(game: &Game) -> Vec<u32> {
    game.board().cells().map(|c| game.board().get(c)).collect()
}

/// Plays up to `count` moves, each the first of Left, Down, Right, Up that changes the board
/// on the client's own copy (a client can slide; only the tile comes from the server). Returns
/// the moves and each answer's tile.
async fn play_some(
    client: &mut Client,
    view: &GameView,
    count: usize,
) -> Vec<(Direction, u8, u32)> {
    let mut board = board_of(view);
    let mut played = Vec::new();
    for n in view.moves as usize..view.moves as usize + count {
        let Some(direction) = [
            Direction::Left,
            Direction::Down,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| board.plan(d).moved) else {
            break;
        };
        board = board.plan(direction).board;
        match client.play(n as u32, direction).await {
            ServerMessage::Dealt { n: got, tile, .. } => {
                assert_eq!(got as usize, n);
                let tile = tile.expect("a slide leaves room for a tile");
                let cell = g2048_core::rules::Cell::new(tile.cell % 4, tile.cell / 4);
                assert_eq!(board.get(cell), 0, "the tile lands on an empty cell");
                board.set(cell, tile.value);
                played.push((direction, tile.cell, tile.value));
            }
            other => panic!("move {n} refused: {other:?}"),
        }
    }
    played
}

fn board_of(view: &GameView) -> g2048_core::rules::Board {
    let mut board = g2048_core::rules::Board::of(daily_config().shape());
    for (cell, &value) in board.clone().cells().zip(&view.tiles) {
        board.set(cell, value);
    }
    board
}

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

async fn get(url: &str) -> (u16, serde_json::Value) {
    // A plain HTTP/1.1 GET over a socket: the tests need no HTTP client crate.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut socket = TcpStream::connect(host).await.unwrap();
    let request = format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    socket.read_to_string(&mut response).await.unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").unwrap().1;
    (status, serde_json::from_str(body).unwrap_or(json!(body)))
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
        code_of(&anon.send(ClientMessage::Start).await),
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
        code_of(&anon.send(ClientMessage::Start).await),
        ErrorCode::NoAccount
    );

    let (mut player, _) = Client::player(h.addr).await;
    let view = player.start().await;
    let board = board_of(&view);
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
        code_of(&third.send(ClientMessage::CreateAccount).await),
        ErrorCode::RateLimited
    );

    let view = player.start().await;
    let played = play_some(&mut player, &view, 5).await;
    assert_eq!(played.len(), 5);
    let board_now = player.start().await;
    let next = Direction::ALL
        .into_iter()
        .find(|&d| board_of(&board_now).plan(d).moved)
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
    let spawn = || {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_g2048-server"))
            .args(["--database", &url, "serve", "--listen", "127.0.0.1:0"])
            .arg("--rank-new-accounts-today")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        use std::io::BufRead;
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr: SocketAddr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .expect("the serving line")
            .parse()
            .unwrap();
        (child, addr)
    };
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
    let mut game = board_of(&view);
    for (direction, cell, value) in &played {
        game = game.plan(*direction).board;
        game.set(g2048_core::rules::Cell::new(cell % 4, cell / 4), *value);
    }
    assert_eq!(board_of(&resumed), game);
    child.kill().unwrap();
    child.wait().unwrap();
}
