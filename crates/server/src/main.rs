//! `g2048-server`: serves the ranked daily (docs/server.md), or runs one of the host's commands
//! on its database.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use g2048_server::handlers::{Clock, Server, Settings};
use g2048_server::limits::Rate;
use g2048_server::{accounts, db};

#[derive(Parser, Debug)]
#[command(version, about = "The ranked daily's server for g2048")]
struct Cli {
    /// The database: sqlite://FILE (made at the first start) or postgres://USER@HOST/DB.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://g2048-server.sqlite3"
    )]
    database: String,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the game (what runs without a command).
    Serve(ServeArgs),
    /// Take a game off every board, and stop serving its code.
    HideGame { game: i64 },
    /// Stop showing a name on the boards (it stays taken; its player may pick another).
    HideName { name: String },
    /// When each move of a game arrived, in milliseconds after the game started.
    Times { game: i64 },
}

#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// Where to listen. A public server listens on loopback behind a TLS proxy (docs/server.md).
    #[arg(long, default_value = "127.0.0.1:8048")]
    listen: String,
    /// Take the player's address from the last X-Forwarded-For entry, on connections from this
    /// machine or a private network (your proxy's).
    #[arg(long)]
    forwarded: bool,
    /// Accounts one address may make in an hour.
    #[arg(long, default_value_t = 5)]
    accounts_per_hour: u32,
    /// WebSocket frames a second one address may send, whatever they hold (burst: twice as
    /// many).
    #[arg(long, default_value_t = 200.0)]
    address_rate: f64,
    /// Moves a second one account may make (burst: twice as many).
    #[arg(long, default_value_t = 20.0)]
    move_rate: f64,
    /// Requests a second one address may make to the API and /healthz (burst: twice as many).
    #[arg(long, default_value_t = 20.0)]
    http_rate: f64,
    /// A new account's game ranks the day it is made (a private server among friends).
    #[arg(long)]
    rank_new_accounts_today: bool,
    /// Also serve the game's page from DIR (web/build.sh's dist/), on the same origin: its
    /// /server.json names this server.
    #[arg(long, value_name = "DIR")]
    web: Option<std::path::PathBuf>,
    /// The most connections and WebSockets open at once; past it the quietest idle ones make
    /// room (default: the process's file limit, raised to its hard limit, less 64).
    #[arg(long, value_name = "N")]
    connections: Option<usize>,
    /// Where Prometheus reads /metrics: a listener of its own, on loopback so that a proxy in
    /// front never exposes it ("off" for none; a port taken is a warning, not a failure).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:9048")]
    metrics: String,
    /// A file of more words no name may contain, one a line.
    #[arg(long, value_name = "FILE")]
    blocked_words: Option<std::path::PathBuf>,
    /// Move the server's clock (tests of a day's end).
    #[arg(long, hide = true, default_value_t = 0, allow_negative_numbers = true)]
    clock_offset_ms: i64,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    // Logs to standard error, `info` and up (sqlx's from `warn`) unless G2048_LOG says otherwise (`debug`,
    // `g2048_server=debug,sqlx=warn`, …: tracing-subscriber's filter syntax).
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("G2048_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("g2048-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> Result<(), String> {
    let db = db::open(&cli.database)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", cli.database))?;
    let failed = |e: sqlx::Error| format!("the database failed: {e}");
    match cli
        .command
        .unwrap_or(Command::Serve(ServeArgs::default_listen()))
    {
        Command::Serve(args) => serve(db, args).await,
        Command::HideGame { game } => {
            if !db.hide_game(game).await.map_err(failed)? {
                return Err(format!("there is no game {game}"));
            }
            println!("game {game} is hidden");
            Ok(())
        }
        Command::HideName { name } => {
            if !db
                .hide_name(&accounts::skeleton(&name))
                .await
                .map_err(failed)?
            {
                return Err(format!("no player is called {name:?}"));
            }
            println!("the name {name:?} is hidden");
            Ok(())
        }
        Command::Times { game } => {
            let Some(times) = db.move_times(game).await.map_err(failed)? else {
                return Err(format!("there is no game {game}"));
            };
            for (n, at) in times.iter().enumerate() {
                println!("{n}\t{at}");
            }
            Ok(())
        }
    }
}

impl ServeArgs {
    /// The defaults, as `serve` with no flags has them.
    fn default_listen() -> Self {
        #[derive(Parser)]
        struct Defaults {
            #[command(flatten)]
            args: ServeArgs,
        }
        Defaults::parse_from(["g2048-server"]).args
    }
}

async fn serve(db: db::Db, args: ServeArgs) -> Result<(), String> {
    let blocked_words = match &args.blocked_words {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        None => String::new(),
    };
    let settings = Settings {
        accounts_per_hour: args.accounts_per_hour,
        address_rate: Rate {
            per_second: args.address_rate,
            burst: args.address_rate * 2.0,
        },
        move_rate: Rate {
            per_second: args.move_rate,
            burst: args.move_rate * 2.0,
        },
        http_rate: Rate {
            per_second: args.http_rate,
            burst: args.http_rate * 2.0,
        },
        rank_new_accounts_today: args.rank_new_accounts_today,
        blocked_words: blocked_words.clone(),
    };
    let blocklist = accounts::Blocklist::new(&blocked_words);
    let hidden = db
        .rekey_names(accounts::NAME_RULE, |name| {
            blocklist.check(name).ok().map(|(_, key)| key)
        })
        .await
        .map_err(|e| format!("cannot key the names: {e}"))?;
    if hidden > 0 {
        tracing::warn!(
            hidden,
            "names that look like an older one's or break the rules are hidden; their players choose again"
        );
    }
    let kind = db.kind;
    let server = Server::new(db, Clock::with_offset(args.clock_offset_ms), settings);
    let page = match &args.web {
        Some(dir) => Some(g2048_server::page(dir, args.forwarded)?),
        None => None,
    };
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let metrics = match args.metrics.as_str() {
        "off" => None,
        at => match tokio::net::TcpListener::bind(at).await {
            Ok(listener) => Some(listener),
            Err(error) => {
                tracing::warn!(at, %error, "no /metrics: cannot listen there");
                None
            }
        },
    };
    // One line that the test harnesses read to find the ports (`--listen 127.0.0.1:0`).
    let mut line = format!("g2048-server: serving on http://{address} ({kind:?})");
    if let Some(dir) = &args.web {
        line += &format!(", the game's page from {}", dir.display());
    }
    if let Some(at) = metrics.as_ref().and_then(|m| m.local_addr().ok()) {
        line += &format!(", figures at http://{at}/metrics");
    }
    println!("{line}");
    let options = g2048_server::ServeOptions {
        connections: args.connections,
        forwarded: args.forwarded,
        page,
        metrics,
    };
    g2048_server::serve(server, listener, options, stop)
        .await
        .map_err(|e| format!("serving failed: {e}"))
}
