//! The server's integration tests: a real server on an ephemeral loopback port, a real database,
//! and clients speaking the protocol over a real WebSocket.
//!
//! The database is a fresh SQLite file per test, or, when `G2048_TEST_POSTGRES` names a Postgres
//! server (`postgres://USER@localhost/postgres?host=/socket/dir`, as `.ci/run` sets it), a fresh
//! database on it per test.

//!
//! - `ranked`: the ranked daily as players play it.
//! - `hostile`: what a stranger tries: concurrency, idle sockets, floods, forged fields,
//!   look-alike names, and random messages (a property test).
//! - `web`: `serve --web`, the page and the server from one command.

mod harness;
mod hostile;
mod ranked;
mod web;
