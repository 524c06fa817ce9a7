//! `g2048-server`: the ranked daily's server (docs/server.md).
//!
//! - `protocol`: the messages, JSON over one WebSocket (from the core crate, which the game
//!   reads too).
//! - `handlers`: what the server does with each message; the day's secret and its streams.
//! - `db`: SQLite or Postgres through one set of queries and migrations.
//! - `accounts`: tokens and names. `limits`: rate limits.
//! - `connections`: the accept loop, its deadlines and connection budget, the peer's address.
//! - `web`: the game's page (`serve --web`). `metrics`: the figures at `/metrics`.
//! - Here: the HTTP routes and the WebSocket's loop.
//!
//! It judges every move with the game's core crate (`g2048_core::rules`), so its verdicts are
//! the game's; it never sees the game's Bevy crate.

pub mod accounts;
pub mod connections;
pub mod db;
pub mod handlers;
pub mod limits;
pub mod metrics;
pub mod web;

/// The messages, shared with the game (they live in the core crate).
pub use g2048_core::protocol;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use connections::{Connections, peer};
use handlers::{Server, Session, excerpt};
use protocol::{ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, ServerMessage};

/// Reads the line a spawned `g2048-server serve` prints once it listens ("g2048-server: serving
/// on http://ADDRESS (Sqlite)…", from `main.rs`), and the address in it: how the tests and the
/// benchmarks find a server started with `--listen 127.0.0.1:0`. None if the child's output is
/// not piped, or it ended without the line.
pub fn await_serving(child: &mut std::process::Child) -> Option<(SocketAddr, String)> {
    use std::io::BufRead;
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take()?)
        .read_line(&mut line)
        .ok()?;
    let address = line
        .split("http://")
        .nth(1)?
        .split_whitespace()
        .next()?
        .trim_end_matches(',')
        .parse()
        .ok()?;
    Some((address, line))
}

/// A connection that says nothing for this long is closed (its game is in the database).
const IDLE: Duration = Duration::from_secs(300);

/// The server's routes:
/// - `GET /ws`: the game's WebSocket;
/// - `GET /api/leaderboard?day=YYYY-MM-DD`: a day's table (today's without `day`);
/// - `GET /api/key/DAY`: a finished day's key;
/// - `GET /api/code/GAME`: a finished day's game as a share code;
/// - `GET /healthz`: `ok` while the database answers;
/// - with `page` (`serve --web DIR`), the game's page and `/server.json` (`web`).
///
/// The API's routes and `/healthz` take each request from the address's rate (429 with
/// `Retry-After` past it); every refusal, an unknown route's too, is a JSON `error`.
///
/// `forwarded`: behind a proxy on this machine or the local network, the peer's address is the
/// last one in `X-Forwarded-For` (`peer`).
pub fn router(
    server: Arc<Server>,
    forwarded: bool,
    connections: Arc<Connections>,
    page: Option<Router>,
) -> Router {
    let state = RouteState {
        server,
        forwarded,
        connections,
    };
    let api = Router::new()
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/key/{day}", get(key))
        .route("/api/code/{game}", get(code))
        .route("/healthz", get(health))
        .route_layer(middleware::from_fn_with_state(state.clone(), rate_limit));
    let routes = Router::new()
        .route("/ws", get(socket))
        .merge(api)
        .method_not_allowed_fallback(no_method)
        .with_state(state);
    match page {
        Some(page) => routes.fallback_service(page),
        None => routes.fallback(no_route),
    }
}

/// The page in `dir` (`serve --web`), its missing files answered as an unknown route is.
pub fn page(dir: &std::path::Path, forwarded: bool) -> Result<Router, String> {
    web::routes(dir, forwarded, axum::routing::any(no_route))
}

/// What every route reads: the server, whether a proxy names the peer, the connection budget.
#[derive(Clone, Debug)]
struct RouteState {
    server: Arc<Server>,
    forwarded: bool,
    connections: Arc<Connections>,
}

type ServerState = State<RouteState>;

/// One request from the address's rate, or 429 with `Retry-After`.
async fn rate_limit(
    State(RouteState {
        server, forwarded, ..
    }): ServerState,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let address = peer(request.headers(), connection, forwarded);
    if server.admit_request(&address) {
        return next.run(request).await;
    }
    server.metrics.refused(ErrorCode::RateLimited);
    let mut response = refused(
        StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::RateLimited,
        "too many requests from this address; wait a moment".into(),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

async fn no_route(uri: Uri) -> Response {
    refused(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!("no such route: {:?}", excerpt(uri.path(), 32)),
    )
}

async fn no_method() -> Response {
    refused(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::BadRequest,
        "this route answers GET only".into(),
    )
}

async fn socket(
    State(RouteState {
        server,
        forwarded,
        connections,
    }): ServerState,
    ConnectInfo(connection): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let address = peer(&headers, connection, forwarded);
    // Frames up to 64 KiB are read so that a long one can be answered `too_large`; anything
    // longer closes the connection.
    upgrade
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| async move {
            let _counted = connections.socket();
            session(server, socket, address).await;
        })
}

/// A connection that sends this many frames in a row over its address's rate is closed.
const FLOOD: u32 = 100;

/// One connection: each text message answered in turn. Every frame counts against the
/// address's rate, pings and frames that are not messages too; a refused text or binary frame is
/// answered `rate_limited`, and a connection that keeps sending past its rate is closed.
async fn session(server: Arc<Server>, mut socket: WebSocket, address: String) {
    let mut session = Session::new(&address);
    let mut refused_in_a_row = 0;
    loop {
        let message = match tokio::time::timeout(IDLE, socket.recv()).await {
            Ok(Some(Ok(message))) => message,
            // Closed, broken, idle, or a frame over 64 KiB: the game is in the database.
            _ => break,
        };
        if let Message::Close(_) = message {
            break;
        }
        let reply = if server.admit(&session) {
            refused_in_a_row = 0;
            match message {
                Message::Text(text) => answer(&server, &mut session, &text).await,
                Message::Binary(_) => {
                    server.metrics.refused(ErrorCode::BadMessage);
                    error(ErrorCode::BadMessage, "messages are JSON text")
                }
                _ => continue,
            }
        } else {
            refused_in_a_row += 1;
            if refused_in_a_row > FLOOD {
                break;
            }
            server.metrics.refused(ErrorCode::RateLimited);
            if let Message::Ping(_) | Message::Pong(_) = message {
                continue;
            }
            error(
                ErrorCode::RateLimited,
                "too many messages from this address; wait a moment",
            )
        };
        let text = serde_json::to_string(&reply).expect("messages serialise");
        if socket.send(Message::Text(text.into())).await.is_err() {
            break;
        }
    }
}

/// The answer to one text frame.
async fn answer(server: &Server, session: &mut Session, text: &str) -> ServerMessage {
    if text.len() > MAX_MESSAGE_BYTES {
        server.metrics.refused(ErrorCode::TooLarge);
        return error(
            ErrorCode::TooLarge,
            format!(
                "a message has at most {MAX_MESSAGE_BYTES} bytes; this one has {}",
                text.len()
            ),
        );
    }
    match serde_json::from_str::<ClientMessage>(text) {
        Ok(message) => server.handle(session, message).await,
        Err(e) => {
            server.metrics.refused(ErrorCode::BadMessage);
            error(
                ErrorCode::BadMessage,
                format!("not a message: {}", excerpt(&e.to_string(), 96)),
            )
        }
    }
}

fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
    ServerMessage::Error {
        code,
        message: message.into(),
        moves: None,
    }
}

fn refused(status: StatusCode, code: ErrorCode, message: String) -> Response {
    (status, Json(error(code, message))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DayQuery {
    day: Option<String>,
}

async fn leaderboard(
    State(RouteState { server, .. }): ServerState,
    query: Result<Query<DayQuery>, QueryRejection>,
) -> Response {
    let Ok(Query(query)) = query else {
        return refused(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadRequest,
            "the query is ?day=YYYY-MM-DD, once, or nothing".into(),
        );
    };
    let day = match server.day(query.day.as_deref()) {
        Ok(day) => day,
        Err(refusal) => return refused(status_of(refusal.code), refusal.code, refusal.message),
    };
    match server.table(day, None).await {
        Ok(board) => Json(board).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "the database failed");
            refused(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Internal,
                "the database did not answer".into(),
            )
        }
    }
}

fn status_of(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::NotPublished => StatusCode::FORBIDDEN,
        ErrorCode::NoGame | ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::Internal => StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        _ => StatusCode::BAD_REQUEST,
    }
}

async fn key(State(RouteState { server, .. }): ServerState, Path(day): Path<String>) -> Response {
    match server.published_key(&day).await {
        Ok((day, key)) => {
            Json(serde_json::json!({ "day": day.to_string(), "key": key })).into_response()
        }
        Err(refusal) => refused(status_of(refusal.code), refusal.code, refusal.message),
    }
}

async fn code(
    State(RouteState { server, .. }): ServerState,
    game: Result<Path<i64>, PathRejection>,
) -> Response {
    let Ok(Path(game)) = game else {
        return refused(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadRequest,
            "a game is named by its number: /api/code/NUMBER".into(),
        );
    };
    match server.code(game).await {
        Ok(code) => Json(serde_json::json!({ "game": game, "code": code })).into_response(),
        Err(refusal) => refused(status_of(refusal.code), refusal.code, refusal.message),
    }
}

async fn health(State(RouteState { server, .. }): ServerState) -> Response {
    match sqlx::query("SELECT 1").execute(&server.db.pool).await {
        Ok(_) => "ok\n".into_response(),
        Err(_) => refused(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal,
            "the database does not answer".into(),
        ),
    }
}

/// What `serve` serves beside the game's WebSocket and API.
#[derive(Debug, Default)]
pub struct ServeOptions {
    /// `serve --connections N`: the budget's most (`connections`); the file limit's by default.
    pub connections: Option<usize>,
    /// `serve --forwarded`: the peer's address from the proxy (`connections::peer`).
    pub forwarded: bool,
    /// `serve --web DIR`: the game's page (`page`).
    pub page: Option<Router>,
    /// `serve --metrics ADDR`: where `/metrics` answers (`metrics`).
    pub metrics: Option<tokio::net::TcpListener>,
}

/// Serves on `listener` until the future `stop` ends, within a connection budget below the
/// process's file limit (`connections`); with `options`, the page and the figures too.
pub async fn serve(
    server: Arc<Server>,
    listener: tokio::net::TcpListener,
    options: ServeOptions,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let budget = Connections::budget_for_process(options.connections.unwrap_or(usize::MAX));
    let connections = if options.forwarded {
        Connections::behind_proxy(budget)
    } else {
        Connections::new(budget)
    };
    if let Some(metrics) = options.metrics {
        let figures = Router::new()
            .route("/metrics", get(render_metrics))
            .with_state((server.clone(), connections.clone()));
        // Its own small budget: a scraper or two on loopback.
        let budget = Connections::new(16);
        tokio::spawn(connections::serve(
            metrics,
            figures,
            budget,
            std::future::pending(),
        ));
    }
    let router = router(server, options.forwarded, connections.clone(), options.page);
    connections::serve(listener, router, connections, stop).await
}

async fn render_metrics(
    State((server, connections)): State<(Arc<Server>, Arc<Connections>)>,
) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        server.metrics.render(&connections),
    )
        .into_response()
}

/// `serve` without the page, with a budget of the caller's (the tests').
pub async fn serve_with(
    server: Arc<Server>,
    listener: tokio::net::TcpListener,
    forwarded: bool,
    connections: Arc<Connections>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let router = router(server, forwarded, connections.clone(), None);
    connections::serve(listener, router, connections, stop).await
}
