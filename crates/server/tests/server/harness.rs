//! What every test of the server uses: a server on a loopback port, its database, clients.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use g2048_core::rules::{Direction, Game};
use g2048_server::connections::Connections;
use g2048_server::handlers::{Clock, Server, Settings};
use g2048_server::limits::Rate;
use g2048_server::protocol::{ClientMessage, ErrorCode, GameView, ServerMessage};
use serde_json::json;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub const DAY_MS: i64 = 86_400_000;

/// Moves that any deal allows on a 4×4 board: each move adds one tile and merges only take tiles
/// away, so before move k there are at most 2 + k tiles, and a board with an empty cell and a
/// tile always has a move. The day's key is random, so a test that must not run out of moves
/// plays at most this many (60 once met a deal that ended at 56).
pub const SURE_MOVES: usize = 14;

pub struct Harness {
    pub addr: SocketAddr,
    pub server: Arc<Server>,
    pub _dir: tempfile::TempDir,
}

/// A database URL of its own: a SQLite file in `dir`, or a new database on the Postgres that
/// `G2048_TEST_POSTGRES` names.
pub async fn database(dir: &tempfile::TempDir) -> String {
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

pub fn rand_id() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

pub async fn start(settings: Settings) -> Harness {
    start_with(settings, Connections::new(4096)).await
}

/// A server with a connection budget of the test's.
pub async fn start_with(settings: Settings, connections: Arc<Connections>) -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let db = g2048_server::db::open(&database(&dir).await).await.unwrap();
    let server = Server::new(db, Clock::default(), settings);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = server.clone();
    tokio::spawn(async move {
        g2048_server::serve_with(
            serving,
            listener,
            false,
            connections,
            std::future::pending(),
        )
        .await
    });
    Harness {
        addr,
        server,
        _dir: dir,
    }
}

pub fn open_settings() -> Settings {
    Settings {
        rank_new_accounts_today: true,
        move_rate: Rate {
            per_second: 1000.0,
            burst: 1000.0,
        },
        ..Settings::default()
    }
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Self {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Self { ws }
    }

    pub async fn raw(&mut self, text: String) -> ServerMessage {
        self.ws.send(Message::Text(text.into())).await.unwrap();
        self.reply().await
    }

    /// The next answer.
    pub async fn reply(&mut self) -> ServerMessage {
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

    pub async fn send(&mut self, message: ClientMessage) -> ServerMessage {
        self.raw(serde_json::to_string(&message).unwrap()).await
    }

    pub async fn hello(&mut self, token: Option<&str>) -> ServerMessage {
        self.send(ClientMessage::Hello {
            v: 1,
            token: token.map(str::to_string),
        })
        .await
    }

    /// A new player: hello, an account, and its token.
    pub async fn player(addr: SocketAddr) -> (Self, String) {
        let mut client = Self::connect(addr).await;
        client.hello(None).await;
        match client.send(ClientMessage::CreateAccount {}).await {
            ServerMessage::Account { token, .. } => (client, token),
            other => panic!("no account: {other:?}"),
        }
    }

    pub async fn start(&mut self) -> GameView {
        match self.send(ClientMessage::Start {}).await {
            ServerMessage::Game { game } => game,
            other => panic!("no game: {other:?}"),
        }
    }

    pub async fn play(&mut self, n: u32, direction: Direction) -> ServerMessage {
        self.send(ClientMessage::Move {
            n,
            dir: direction.into(),
        })
        .await
    }
}

pub fn code_of(reply: &ServerMessage) -> ErrorCode {
    match reply {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("not refused: {other:?}"),
    }
}

/// The board a view shows, as the core's game would list it.
pub fn tiles(game: &Game) -> Vec<u32> {
    game.board().cells().map(|c| game.board().get(c)).collect()
}

/// Plays up to `count` moves, each the first of Left, Down, Right, Up that changes the board
/// on the client's own copy (a client can slide; only the tile comes from the server). Returns
/// the moves and each answer's tile.
pub async fn play_some(
    client: &mut Client,
    view: &GameView,
    count: usize,
) -> Vec<(Direction, u8, u32)> {
    let mut board = view.board().unwrap();
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
                let cell = tile.cell_on(4);
                assert_eq!(board.get(cell), 0, "the tile lands on an empty cell");
                board.set(cell, tile.value);
                played.push((direction, tile.cell, tile.value));
            }
            other => panic!("move {n} refused: {other:?}"),
        }
    }
    played
}

pub async fn get(url: &str) -> (u16, serde_json::Value) {
    let (status, _, body) = get_whole(url).await;
    (status, serde_json::from_str(&body).unwrap_or(json!(body)))
}

/// A plain HTTP/1.1 GET over a socket (the tests need no HTTP client crate): the status, the
/// headers in lower case, and the body.
pub async fn get_whole(url: &str) -> (u16, String, String) {
    get_with(url, "").await
}

/// `get_whole` with more header lines (each ending in `\r\n`).
pub async fn get_with(url: &str, headers: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut socket = TcpStream::connect(host).await.unwrap();
    let request =
        format!("GET /{path} HTTP/1.1\r\nHost: {host}\r\n{headers}Connection: close\r\n\r\n");
    socket.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    socket.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response);
    let status = response[9..12].parse().unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (status, head.to_lowercase(), body.to_string())
}

/// The real binary serving `database`, with `args` after `serve`: the child and its address.
pub fn spawn_server(database: &str, args: &[&str]) -> (std::process::Child, SocketAddr) {
    let (child, addr, _) = spawn_server_saying(database, args);
    (child, addr)
}

/// `spawn_server`, and the line it printed as it began serving.
pub fn spawn_server_saying(
    database: &str,
    args: &[&str],
) -> (std::process::Child, SocketAddr, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_g2048-server"))
        .args(["--database", database, "serve", "--listen", "127.0.0.1:0"])
        .args(["--metrics", "127.0.0.1:0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (addr, line) =
        g2048_server::await_serving(&mut child).expect("the server printed where it serves");
    (child, addr, line)
}
