//! `g2048-server`: the ranked daily's server (docs/server.md).
//!
//! - `protocol`: the messages, JSON over one WebSocket (from the core crate, which the game
//!   reads too).
//! - `ranked`: what the server does with each message; the day's secret and its streams.
//! - `db`: SQLite or Postgres through one set of queries and migrations.
//! - `accounts`: tokens and names. `limits`: rate limits.
//! - Here: the HTTP routes and the WebSocket's loop.
//!
//! It judges every move with the game's core crate (`g2048_core::rules`), so its verdicts are
//! the game's; it never sees the game's Bevy crate.

pub mod accounts;
pub mod db;
pub mod handlers;
pub mod limits;

/// The messages, shared with the game (they live in the core crate).
pub use g2048_core::protocol;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use g2048_core::rules::Day;
use serde::Deserialize;

use handlers::{Server, Session};
use protocol::{ClientMessage, ErrorCode, MAX_MESSAGE_BYTES, ServerMessage};

/// A connection that says nothing for this long is closed (its game is in the database).
const IDLE: Duration = Duration::from_secs(300);

/// The server's routes:
/// - `GET /ws`: the game's WebSocket;
/// - `GET /api/leaderboard?day=YYYY-MM-DD`: a day's table (today's without `day`);
/// - `GET /api/key/DAY`: a finished day's key;
/// - `GET /api/code/GAME`: a finished day's game as a share code;
/// - `GET /healthz`: `ok` while the database answers.
///
/// `forwarded`: the peer's address is the last one in `X-Forwarded-For` (behind a proxy that
/// sets it); otherwise the connection's.
pub fn router(server: Arc<Server>, forwarded: bool) -> Router {
    Router::new()
        .route("/ws", get(socket))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/key/{day}", get(key))
        .route("/api/code/{game}", get(code))
        .route("/healthz", get(health))
        .with_state((server, forwarded))
}

type ServerState = State<(Arc<Server>, bool)>;

fn peer(headers: &HeaderMap, connection: SocketAddr, forwarded: bool) -> String {
    let from_proxy = forwarded
        .then(|| headers.get("x-forwarded-for")?.to_str().ok())
        .flatten()
        .and_then(|list| list.rsplit(',').next())
        .map(|a| a.trim().to_string());
    from_proxy.unwrap_or_else(|| connection.ip().to_string())
}

async fn socket(
    State((server, forwarded)): ServerState,
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
        .on_upgrade(move |socket| session(server, socket, address))
}

/// One connection: each text message answered in turn.
async fn session(server: Arc<Server>, mut socket: WebSocket, address: String) {
    let mut session = Session::new(&address);
    loop {
        let message = match tokio::time::timeout(IDLE, socket.recv()).await {
            Ok(Some(Ok(message))) => message,
            // Closed, broken, idle, or a frame over 64 KiB: the game is in the database.
            _ => break,
        };
        let reply = match message {
            Message::Text(text) if text.len() > MAX_MESSAGE_BYTES => error(
                ErrorCode::TooLarge,
                format!(
                    "a message has at most {MAX_MESSAGE_BYTES} bytes; this one has {}",
                    text.len()
                ),
            ),
            Message::Text(text) => match serde_json::from_str::<ClientMessage>(&text) {
                Ok(message) => server.handle(&mut session, message).await,
                Err(e) => error(ErrorCode::BadMessage, format!("not a message: {e}")),
            },
            Message::Binary(_) => error(ErrorCode::BadMessage, "messages are JSON text"),
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        let text = serde_json::to_string(&reply).expect("messages serialise");
        if socket.send(Message::Text(text.into())).await.is_err() {
            break;
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
struct DayQuery {
    day: Option<String>,
}

async fn leaderboard(State((server, _)): ServerState, Query(query): Query<DayQuery>) -> Response {
    let today = server.clock.today();
    let day = match query.day.as_deref().map(Day::parse) {
        None => today,
        Some(Some(day)) if day <= today => day,
        Some(_) => {
            return refused(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadDay,
                "day=YYYY-MM-DD, today or earlier".into(),
            );
        }
    };
    match server.table(day, None).await {
        Ok(board) => Json(board).into_response(),
        Err(e) => {
            eprintln!("g2048-server: database: {e}");
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
        ErrorCode::NoGame => StatusCode::NOT_FOUND,
        ErrorCode::Internal => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::BAD_REQUEST,
    }
}

async fn key(State((server, _)): ServerState, Path(day): Path<String>) -> Response {
    match server.published_key(&day).await {
        Ok(key) => Json(serde_json::json!({ "day": day, "key": key })).into_response(),
        Err(refusal) => refused(status_of(refusal.code), refusal.code, refusal.message),
    }
}

async fn code(State((server, _)): ServerState, Path(game): Path<i64>) -> Response {
    match server.code(game).await {
        Ok(code) => Json(serde_json::json!({ "game": game, "code": code })).into_response(),
        Err(refusal) => refused(status_of(refusal.code), refusal.code, refusal.message),
    }
}

async fn health(State((server, _)): ServerState) -> Response {
    match sqlx::query("SELECT 1").execute(&server.db.pool).await {
        Ok(_) => "ok\n".into_response(),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "database down\n").into_response(),
    }
}

/// Serves on `listener` until the future `stop` ends.
pub async fn serve(
    server: Arc<Server>,
    listener: tokio::net::TcpListener,
    forwarded: bool,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        router(server, forwarded).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stop)
    .await
}
