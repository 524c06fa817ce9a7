//! The server under load (docs/server.md): simulated players on loopback, each playing today's
//! ranked game at a steady pace, against one or more real server processes on one database.
//! Prints moves a second and the move round trip's percentiles. Not a test: run it with
//!
//!   cargo bench -p g2048-server --bench load -- --players 500 --seconds 60
//!   cargo bench -p g2048-server --bench load -- --players 500 --servers 2 \
//!       --database "$(tools/postgres.sh start /tmp/pg)"
//!
//! Each player has an account of its own, and slides its own copy of the board, as the game
//! does; a move's round trip is from sending it to reading its tile.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use g2048_core::rules::{Board, Cell, Direction, daily_config};
use g2048_server::protocol::{ClientMessage, ServerMessage};
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
struct Args {
    /// Simulated players, all at once.
    #[arg(long, default_value_t = 500)]
    players: usize,
    /// Moves a second each player sends.
    #[arg(long, default_value_t = 5.0)]
    rate: f64,
    /// How long to measure, after every player has started.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Server processes, sharing the database (the players take turns among them).
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
        .args([
            "--rank-new-accounts-today",
            "--accounts-per-hour",
            "1000000",
        ])
        .args(["--address-rate", "1000000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server binary");
    let mut line = String::new();
    use std::io::BufRead;
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("the server did not start: {line:?}"));
    (child, addr)
}

/// One player's moves: each round trip in microseconds, and the errors.
struct Played {
    trips: Vec<u64>,
    errors: u64,
}

async fn player(addr: SocketAddr, rate: f64, until: Instant, measure_from: Instant) -> Played {
    let mut played = Played {
        trips: Vec::new(),
        errors: 0,
    };
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await else {
        played.errors += 1;
        return played;
    };
    let mut ask = async |message: &ClientMessage| -> Option<ServerMessage> {
        let text = serde_json::to_string(message).ok()?;
        ws.send(Message::Text(text.into())).await.ok()?;
        loop {
            match ws.next().await? {
                Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    };
    ask(&ClientMessage::Hello { v: 1, token: None }).await;
    ask(&ClientMessage::CreateAccount).await;
    let Some(ServerMessage::Game { game }) = ask(&ClientMessage::Start).await else {
        played.errors += 1;
        return played;
    };
    let mut board = Board::of(daily_config().shape());
    for (cell, &value) in board.clone().cells().zip(&game.tiles) {
        board.set(cell, value);
    }
    let pace = Duration::from_secs_f64(1.0 / rate);
    let mut next = Instant::now();
    let mut n = 0u32;
    while Instant::now() < until {
        tokio::time::sleep_until(next.into()).await;
        next += pace;
        // A corner player: down, left, right, up, the first that moves.
        let Some(direction) = [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .find(|&d| board.plan(d).moved) else {
            break;
        };
        board = board.plan(direction).board;
        let sent = Instant::now();
        let reply = ask(&ClientMessage::Move {
            n,
            dir: direction.into(),
        })
        .await;
        let trip = sent.elapsed();
        match reply {
            Some(ServerMessage::Dealt { tile, finished, .. }) => {
                if let Some(tile) = tile {
                    board.set(Cell::new(tile.cell % 4, tile.cell / 4), tile.value);
                }
                if sent >= measure_from {
                    played.trips.push(trip.as_micros() as u64);
                }
                n += 1;
                if finished {
                    break;
                }
            }
            _ => {
                played.errors += 1;
                break;
            }
        }
    }
    played
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = tempfile::tempdir().unwrap();
    let database = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("load.sqlite3").display()));
    let servers: Vec<(Child, SocketAddr)> =
        (0..args.servers).map(|_| spawn_server(&database)).collect();
    // Players start spread over one pace, so their moves do not all land at once.
    let ramp = Duration::from_secs(2);
    let start = Instant::now();
    let measure_from = start + ramp + Duration::from_secs(2);
    let until = measure_from + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    for i in 0..args.players {
        let addr = servers[i % servers.len()].1;
        let delay = ramp.mul_f64(i as f64 / args.players as f64);
        let rate = args.rate;
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            player(addr, rate, until, measure_from).await
        }));
    }
    let mut trips = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let played = task.await.unwrap();
        trips.extend(played.trips);
        errors += played.errors;
    }
    trips.sort_unstable();
    let kind = if database.starts_with("sqlite") {
        "SQLite"
    } else {
        "Postgres"
    };
    println!(
        "{} players at {} moves/s, {} server process(es) on {kind}, {} s measured:",
        args.players, args.rate, args.servers, args.seconds
    );
    println!(
        "  moves answered: {} ({:.0} a second); errors: {errors}",
        trips.len(),
        trips.len() as f64 / args.seconds as f64
    );
    println!(
        "  move round trip (ms): p50 {:.2}, p99 {:.2}, longest {:.2}",
        percentile(&trips, 0.5),
        percentile(&trips, 0.99),
        percentile(&trips, 1.0)
    );
    for (mut child, _) in servers {
        let _ = child.kill();
        let _ = child.wait();
    }
}
