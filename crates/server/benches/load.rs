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
//!
//! With `--idle N`, a stranger beside them, in a process of its own (its own limit of files,
//! niceness 19), keeps N bare connections open that never send a request (each opened again
//! about `--reopen-ms` after the server closes it; at once by default), and a newcomer connects
//! five times a second: the time from its connect to the server's `welcome` is printed too.
//! `--timeline` prints each second's p99.
//!
//!   cargo bench -p g2048-server --bench load -- --players 500 --idle 20000 \
//!       --server-connections 5000 --reopen-ms 10000

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use g2048_core::rules::Direction;
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
    /// Bare connections a stranger keeps trying to hold open beside the players.
    #[arg(long, default_value_t = 0)]
    idle: usize,
    /// How long the stranger waits to open a connection again once the server closed it (0:
    /// at once, a flood of connections as fast as the processor allows).
    #[arg(long, default_value_t = 0)]
    reopen_ms: u64,
    /// Each server's connection budget (`serve --connections`; its file limit by default).
    #[arg(long)]
    server_connections: Option<usize>,
    /// The stranger process's niceness (0: the players' own priority).
    #[arg(long, default_value_t = 19)]
    stranger_niceness: u8,
    /// Also print each second's p99 and longest round trip.
    #[arg(long)]
    timeline: bool,
    /// Run as the stranger only, against these servers (the load generator starts itself so,
    /// in a process of its own, so that its files do not count against the players').
    #[arg(long, hide = true, value_delimiter = ',')]
    stranger: Vec<SocketAddr>,
    /// (cargo bench passes this.)
    #[arg(long, hide = true)]
    bench: bool,
}

fn spawn_server(database: &str, connections: Option<usize>) -> (Child, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_g2048-server"));
    command
        .args(["--database", database, "serve", "--listen", "127.0.0.1:0"])
        .args(["--metrics", "off"]);
    if let Some(connections) = connections {
        command.args(["--connections", &connections.to_string()]);
    }
    let mut child = command
        .args([
            "--rank-new-accounts-today",
            "--accounts-per-hour",
            "1000000",
        ])
        .args(["--address-rate", "1000000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server binary");
    let (addr, _) =
        g2048_server::await_serving(&mut child).expect("the server printed where it serves");
    (child, addr)
}

/// One player's moves: each round trip in microseconds, and the errors.
struct Played {
    /// Each measured move: when it was sent (ms after the measuring began) and its round trip
    /// (µs).
    trips: Vec<(u64, u64)>,
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
    ask(&ClientMessage::CreateAccount {}).await;
    let Some(ServerMessage::Game { game }) = ask(&ClientMessage::Start {}).await else {
        played.errors += 1;
        return played;
    };
    let Some(mut board) = game.board() else {
        played.errors += 1;
        return played;
    };
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
                    board.set(tile.cell_on(4), tile.value);
                }
                if sent >= measure_from {
                    let at = sent.duration_since(measure_from).as_millis() as u64;
                    played.trips.push((at, trip.as_micros() as u64));
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

/// Each measured second's p99 and longest round trip, in ms.
fn timeline(trips: &[(u64, u64)]) -> Vec<(f64, f64)> {
    let seconds = trips
        .iter()
        .map(|&(at, _)| at / 1000 + 1)
        .max()
        .unwrap_or(0);
    (0..seconds)
        .map(|second| {
            let mut those: Vec<u64> = trips
                .iter()
                .filter(|&&(at, _)| at / 1000 == second)
                .map(|&(_, trip)| trip)
                .collect();
            those.sort_unstable();
            (percentile(&those, 0.99), percentile(&those, 1.0))
        })
        .collect()
}

/// Leaves the choice of `socket`'s port to its connect (Linux's `IP_BIND_ADDRESS_NO_PORT`).
/// A bind to port 0 looks for a free port among all the bound ones: with the stranger's
/// 20,000 it took 80 % of both cores in the kernel, at any niceness, and the players' p99 went
/// from 7 to over 100 ms (docs/server.md). The connect finds one by its four-tuple's hash.
#[cfg(target_os = "linux")]
fn port_at_connect(socket: &tokio::net::TcpSocket) {
    use std::os::fd::AsRawFd;
    let on: libc::c_int = 1;
    // SAFETY: the descriptor is the socket's own and open; the value is a c_int of that size.
    unsafe {
        libc::setsockopt(
            socket.as_raw_fd(),
            libc::IPPROTO_IP,
            libc::IP_BIND_ADDRESS_NO_PORT,
            (&raw const on).cast(),
            size_of::<libc::c_int>() as libc::socklen_t,
        );
    }
}

#[cfg(not(target_os = "linux"))]
fn port_at_connect(_: &tokio::net::TcpSocket) {}

/// A stranger's connection that never sends a request, opened again about `reopen` after it
/// is closed, until `until`. Returns how many times it was opened.
async fn idle_connection(addr: SocketAddr, reopen: Duration, until: Instant) -> u64 {
    use tokio::io::AsyncReadExt;
    let mut opened = 0;
    while Instant::now() < until {
        // From an address of its own (127.0.0.2, loopback as well), as a stranger's would be.
        let socket = tokio::net::TcpSocket::new_v4().and_then(|socket| {
            port_at_connect(&socket);
            socket.bind("127.0.0.2:0".parse().unwrap())?;
            Ok(socket)
        });
        let connected = match socket {
            Ok(socket) => socket.connect(addr).await,
            Err(e) => Err(e),
        };
        match connected {
            Ok(mut stream) => {
                opened += 1;
                let mut byte = [0u8; 1];
                let left = until.saturating_duration_since(Instant::now());
                let _ = tokio::time::timeout(left, stream.read(&mut byte)).await;
                // Spread over half to one and a half times `reopen`, so the connections the
                // server refused together do not all come back in one burst.
                tokio::time::sleep(reopen.mul_f64(rand::random_range(0.5..1.5))).await;
            }
            // Out of files here, or refused: try again a moment later.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    opened
}

/// A newcomer five times a second: from its connect to the server's `welcome`, in
/// microseconds (none for one that got no welcome within 10 s).
async fn newcomers(addrs: Vec<SocketAddr>, from: Instant, until: Instant) -> Vec<Option<u64>> {
    let mut waits = Vec::new();
    tokio::time::sleep_until(from.into()).await;
    let mut i = 0;
    while Instant::now() < until {
        let addr = addrs[i % addrs.len()];
        i += 1;
        let started = Instant::now();
        let welcomed = tokio::time::timeout(Duration::from_secs(10), async {
            let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
                .await
                .ok()?;
            let hello = serde_json::to_string(&ClientMessage::Hello { v: 1, token: None }).ok()?;
            ws.send(Message::Text(hello.into())).await.ok()?;
            while let Some(Ok(message)) = ws.next().await {
                if let Message::Text(text) = message {
                    return matches!(
                        serde_json::from_str(&text),
                        Ok(ServerMessage::Welcome { .. })
                    )
                    .then_some(());
                }
            }
            None
        })
        .await;
        waits.push(matches!(welcomed, Ok(Some(()))).then(|| started.elapsed().as_micros() as u64));
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    waits
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at] as f64 / 1000.0
}

/// The stranger's process: `idle` connections held open on `servers` for `seconds`, then the
/// count of those opened, printed.
async fn stranger(servers: &[SocketAddr], idle: usize, reopen: Duration, seconds: u64) {
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..idle)
        .map(|i| tokio::spawn(idle_connection(servers[i % servers.len()], reopen, until)))
        .collect();
    let mut opened = 0;
    for task in tasks {
        opened += task.await.unwrap_or(0);
    }
    println!("{opened}");
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    if !args.stranger.is_empty() {
        let reopen = Duration::from_millis(args.reopen_ms);
        stranger(&args.stranger, args.idle, reopen, args.seconds).await;
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let database = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("load.sqlite3").display()));
    // The system's dirty pages written out first: right after a build, their writeback lands
    // in the database's fsyncs (Postgres with fsync on: p99 215 and 134 ms in two runs after a
    // build, 5 to 8 ms after `sync`, docs/server.md).
    let _ = Command::new("sync").status();
    let servers: Vec<(Child, SocketAddr)> = (0..args.servers)
        .map(|_| spawn_server(&database, args.server_connections))
        .collect();
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
    let addrs: Vec<SocketAddr> = servers.iter().map(|(_, addr)| *addr).collect();
    let stranger = (args.idle > 0).then(|| {
        let list: Vec<String> = addrs.iter().map(ToString::to_string).collect();
        // At the lowest priority by default (niceness 19): the stranger stands for a machine of its own,
        // and on these two shared cores its own 20,000 tasks would otherwise take the players'
        // processor (players' p99 69 to 156 ms at equal priority, docs/server.md). What the
        // servers spend accepting and closing its connections still counts against them.
        let mut command = Command::new("nice");
        command
            .args(["-n", &args.stranger_niceness.to_string()])
            .arg(std::env::current_exe().expect("this program"));
        command
            .args(["--stranger", &list.join(",")])
            .args(["--idle", &args.idle.to_string()])
            .args(["--reopen-ms", &args.reopen_ms.to_string()])
            .args([
                "--seconds",
                &until.duration_since(start).as_secs().to_string(),
            ])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the stranger's process")
    });
    let newcomers = tokio::spawn(newcomers(addrs, measure_from, until));
    let mut trips = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let played = task.await.unwrap();
        trips.extend(played.trips);
        errors += played.errors;
    }
    let timeline = args.timeline.then(|| timeline(&trips));
    let mut trips: Vec<u64> = trips.into_iter().map(|(_, trip)| trip).collect();
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
    if let Some(timeline) = timeline {
        println!("  each second's moves: p99 and longest round trip (ms)");
        for (second, (p99, longest)) in timeline.iter().enumerate() {
            println!("    {second:3} s: {p99:8.2} {longest:8.2}");
        }
    }
    if let Some(stranger) = stranger {
        let output = stranger.wait_with_output().expect("the stranger's count");
        let opened = String::from_utf8_lossy(&output.stdout).trim().to_string();
        println!(
            "  a stranger's idle connections: {} kept trying, {opened} opened in all",
            args.idle
        );
    }
    let waits = newcomers.await.unwrap();
    let mut welcomed: Vec<u64> = waits.iter().flatten().copied().collect();
    welcomed.sort_unstable();
    println!(
        "  a newcomer's connect to welcome (ms): p50 {:.2}, p99 {:.2}, longest {:.2}; {} of {} welcomed",
        percentile(&welcomed, 0.5),
        percentile(&welcomed, 0.99),
        percentile(&welcomed, 1.0),
        welcomed.len(),
        waits.len()
    );
    for (mut child, _) in servers {
        let _ = child.kill();
        let _ = child.wait();
    }
}
