//! Rounds of `kill -9` in the middle of play (docs/server.md, "Durability"): a player plays a
//! move every 2 ms, each sent once the last is answered, on one server process, which is killed with SIGKILL at a random
//! moment; the player reconnects (to the other process where there are two, else to the
//! process started again) and checks that every move it was answered is in the game, with the
//! board it saw. Prints each round and the moves lost in all, which must be 0. Not a test: run
//!
//!   cargo bench -p g2048-server --bench kill9 -- --rounds 20
//!   cargo bench -p g2048-server --bench kill9 -- --rounds 20 --servers 2 \
//!       --database "$(tools/postgres.sh start /tmp/pg)"

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use g2048_core::rules::{Board, Direction};
use g2048_server::protocol::{ClientMessage, Dir, GameView, ServerMessage};
use rand::RngExt;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
struct Args {
    #[arg(long, default_value_t = 20)]
    rounds: usize,
    /// Server processes on the database: 1 (started again after each kill) or 2 (the player
    /// moves to the other).
    #[arg(long, default_value_t = 1)]
    servers: usize,
    /// The database (a fresh SQLite file in a temporary folder if not given).
    #[arg(long)]
    database: Option<String>,
    /// (cargo bench passes this.)
    #[arg(long, hide = true)]
    bench: bool,
}

fn spawn_server(database: &str) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_g2048-server"))
        .args(["--database", database, "serve", "--listen", "127.0.0.1:0"])
        .args(["--metrics", "off", "--rank-new-accounts-today"])
        .args(["--move-rate", "1000000"])
        .args([
            "--accounts-per-hour",
            "1000000",
            "--address-rate",
            "1000000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server binary");
    let (addr, _) =
        g2048_server::await_serving(&mut child).expect("the server printed where it serves");
    (child, addr)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn ask(ws: &mut Socket, message: &ClientMessage) -> Option<ServerMessage> {
    let text = serde_json::to_string(message).ok()?;
    ws.send(Message::Text(text.into())).await.ok()?;
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// What the player saw before the kill: its token, the moves answered, the board after them,
/// and the move in flight when the line broke.
struct Seen {
    token: String,
    answered: u32,
    board: Board,
    in_flight: Option<Direction>,
}

/// A new account plays on `addr` until the line breaks (or its game ends).
async fn play_until_cut(addr: SocketAddr) -> Option<Seen> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .ok()?;
    ask(&mut ws, &ClientMessage::Hello { v: 1, token: None }).await?;
    let Some(ServerMessage::Account { token, .. }) =
        ask(&mut ws, &ClientMessage::CreateAccount {}).await
    else {
        return None;
    };
    let Some(ServerMessage::Game { game }) = ask(&mut ws, &ClientMessage::Start {}).await else {
        return None;
    };
    let mut seen = Seen {
        token,
        answered: 0,
        board: game.board().unwrap(),
        in_flight: None,
    };
    loop {
        // A move every 2 ms: a game of a few hundred moves outlasts the kill.
        tokio::time::sleep(Duration::from_millis(2)).await;
        let direction = [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| seen.board.plan(d).moved)?;
        seen.in_flight = Some(direction);
        let reply = ask(
            &mut ws,
            &ClientMessage::Move {
                n: seen.answered,
                dir: direction.into(),
            },
        )
        .await;
        match reply {
            Some(ServerMessage::Dealt { tile, finished, .. }) => {
                seen.board = seen.board.plan(direction).board;
                if let Some(tile) = tile {
                    seen.board.set(tile.cell_on(4), tile.value);
                }
                seen.answered += 1;
                seen.in_flight = None;
                if finished {
                    return Some(seen);
                }
            }
            Some(other) => {
                eprintln!("kill9: move {} refused: {other:?}", seen.answered);
                return Some(seen);
            }
            None => return Some(seen),
        }
    }
}

/// The game as the server holds it after the kill, read on `addr`.
async fn read_back(addr: SocketAddr, token: &str) -> Option<GameView> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .ok()?;
    let hello = ClientMessage::Hello {
        v: 1,
        token: Some(token.to_string()),
    };
    ask(&mut ws, &hello).await?;
    match ask(&mut ws, &ClientMessage::Start {}).await? {
        ServerMessage::Game { game } => Some(game),
        _ => None,
    }
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().unwrap();
    let database = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("kill9.sqlite3").display()));
    let mut servers: Vec<(Child, SocketAddr)> = (0..args.servers.max(1))
        .map(|_| spawn_server(&database))
        .collect();
    let (mut lost, mut answered_in_all, mut mid_game) = (0u64, 0u64, 0usize);
    for round in 0..args.rounds {
        // The player on the first process, the kill after 50 to 400 ms of play.
        let addr = servers[0].1;
        let playing = tokio::spawn(play_until_cut(addr));
        let wait = rand::rng().random_range(50..400);
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let killed_at = Instant::now();
        let (mut victim, _) = servers.remove(0);
        victim.kill().unwrap();
        victim.wait().unwrap();
        let Some(seen) = playing.await.unwrap() else {
            println!("round {round}: the player never started");
            servers.push(spawn_server(&database));
            continue;
        };
        if servers.is_empty() {
            servers.push(spawn_server(&database));
        }
        let other = servers[0].1;
        let held = read_back(other, &seen.token)
            .await
            .expect("the game read back");
        // Every answered move is there; the one in flight may or may not be.
        let ok = if held.moves == seen.answered {
            held.board().unwrap() == seen.board
        } else {
            held.moves == seen.answered + 1
                && seen.in_flight.map(Dir::from) == held.history.last().copied()
        };
        if held.moves < seen.answered || !ok {
            lost += u64::from(seen.answered.saturating_sub(held.moves)).max(1);
        }
        if seen.in_flight.is_some() {
            mid_game += 1;
        }
        answered_in_all += u64::from(seen.answered);
        println!(
            "round {round}: killed after {wait} ms ({} moves answered, {} held after, {}), read back {} ms after the kill: {}",
            seen.answered,
            held.moves,
            if seen.in_flight.is_some() {
                "mid-game"
            } else {
                "game over"
            },
            killed_at.elapsed().as_millis(),
            if ok { "all there" } else { "LOST" }
        );
        servers.push(spawn_server(&database));
    }
    println!(
        "{} rounds, {} server process(es), {}: {answered_in_all} moves answered, {mid_game} kills mid-game, {lost} lost",
        args.rounds,
        args.servers,
        if database.starts_with("sqlite") {
            "SQLite"
        } else {
            "Postgres"
        }
    );
    for (mut child, _) in servers {
        let _ = child.kill();
        let _ = child.wait();
    }
    if lost > 0 {
        std::process::exit(1);
    }
}
