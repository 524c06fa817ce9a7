//! The accept loop and the connection budget. `axum::serve` sets no deadline and no cap, so a
//! stranger who opens connections and never finishes a request could hold every file the
//! process may open. Here:
//!
//! - a connection that has no request in flight for `DEADLINE` (one that never sent a whole
//!   request, or a kept-alive one that went quiet) is closed;
//! - the open connections and WebSockets stay within a budget below the process's file limit;
//!   when it is full, the connections with no request in flight that were quiet longest make
//!   room for the new one; when none can, the new one is closed at once;
//! - one address holds at most `PER_ADDRESS` connections outside WebSockets;
//! - a refusal is logged (`tracing`), at most once a minute, with how many there were.
//!
//! WebSockets are counted in the budget but never made room for: a player's socket closes
//! only when it is idle for `lib::IDLE` (the game keeps it alive).

use std::collections::{BTreeSet, HashMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::Notify;
use tokio::time::Instant;
use tower::ServiceExt;

/// How long a connection may go without a request in flight: the time to send a whole request
/// (its headers, or a WebSocket's handshake), and how long a kept-alive one may sit quiet.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// The most connections one address may hold open outside WebSockets (a page's load takes a
/// handful). A stranger's flood from one address is closed at once past it, and takes no room
/// from anyone else's. Not counted: connections from a proxy on this machine or the local
/// network with `--forwarded` (every player comes through it; the proxy holds its own limits).
pub const PER_ADDRESS: usize = 64;

/// Files the process keeps for itself beyond the budget: the database's, the listener, logs.
const RESERVED_FILES: u64 = 64;

/// The open connections, by number.
#[derive(Debug)]
pub struct Connections {
    budget: usize,
    /// `serve --forwarded`: connections from a local proxy are not counted by address.
    forwarded: bool,
    deadline: Duration,
    refused_total: AtomicU64,
    inner: Mutex<Ledger>,
}

#[derive(Debug, Default)]
struct Ledger {
    next: u64,
    open: HashMap<u64, Open>,
    sockets: usize,
    refused: u64,
    logged: Option<Instant>,
    /// Open connections (not WebSockets) by the address they came from.
    by_address: HashMap<IpAddr, usize>,
    /// The connections with no request in flight, quietest first: the ones that make room.
    /// (An ordered set, so that making room costs a few steps however many are open, not a
    /// sort of them all at every connection of a flood.)
    quiet: BTreeSet<(Instant, u64)>,
}

#[derive(Debug)]
struct Open {
    /// The address it came from, where it counts against `PER_ADDRESS`.
    counted: Option<IpAddr>,
    /// When its last request ended, or it was accepted.
    quiet_since: Instant,
    busy: u32,
    close: Arc<Notify>,
}

impl Connections {
    pub fn new(budget: usize) -> Arc<Self> {
        Self::with_deadline(budget, DEADLINE)
    }

    /// A budget behind a proxy (`serve --forwarded`): connections from this machine or a
    /// private network are not counted by address.
    pub fn behind_proxy(budget: usize) -> Arc<Self> {
        let mut connections = Self::with_deadline(budget, DEADLINE);
        Arc::get_mut(&mut connections).expect("new").forwarded = true;
        connections
    }

    /// A budget whose connections have `deadline` instead of `DEADLINE` (the tests' shorter one).
    pub fn with_deadline(budget: usize, deadline: Duration) -> Arc<Self> {
        Arc::new(Self {
            budget: budget.max(1),
            forwarded: false,
            deadline,
            refused_total: AtomicU64::new(0),
            inner: Mutex::new(Ledger::default()),
        })
    }

    /// The budget for this process: its file limit (raised to the hard limit where the soft one
    /// is lower) less what it keeps for itself, and at most `most`.
    pub fn budget_for_process(most: usize) -> usize {
        let limit = file_limit();
        usize::try_from(limit.saturating_sub(RESERVED_FILES))
            .unwrap_or(usize::MAX)
            .clamp(1, most)
    }

    pub fn budget(&self) -> usize {
        self.budget
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Connections refused since the start, every open one being busy.
    pub fn refused_total(&self) -> u64 {
        self.refused_total.load(Ordering::Relaxed)
    }

    /// Connections and WebSockets open now.
    pub fn open(&self) -> usize {
        let inner = self.lock();
        inner.open.len() + inner.sockets
    }

    /// A place for a new connection, made by closing the quietest idle ones if the budget is
    /// full; none if every open one is busy.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Place> {
        let now = Instant::now();
        let mut inner = self.lock();
        let counted = (!(self.forwarded && is_local(peer))).then_some(peer);
        if let Some(ip) = counted
            && inner.by_address.get(&ip).copied().unwrap_or(0) >= PER_ADDRESS
        {
            self.note_refusal(&mut inner, now, "an address holds its most connections");
            return None;
        }
        let over = (inner.open.len() + inner.sockets + 1).saturating_sub(self.budget);
        if over > inner.quiet.len() {
            self.note_refusal(&mut inner, now, "every open connection is busy");
            return None;
        }
        for _ in 0..over {
            let Some((_, id)) = inner.quiet.pop_first() else {
                break;
            };
            if let Some(open) = inner.open.remove(&id) {
                uncount(&mut inner, open.counted);
                open.close.notify_one();
            }
        }
        inner.next += 1;
        let id = inner.next;
        let close = Arc::new(Notify::new());
        if let Some(ip) = counted {
            *inner.by_address.entry(ip).or_insert(0) += 1;
        }
        inner.quiet.insert((now, id));
        inner.open.insert(
            id,
            Open {
                counted,
                quiet_since: now,
                busy: 0,
                close: close.clone(),
            },
        );
        Some(Place {
            id,
            close,
            connections: self.clone(),
        })
    }

    /// Counts a refused connection, and says so in the log at most once a minute.
    fn note_refusal(&self, inner: &mut Ledger, now: Instant, why: &str) {
        inner.refused += 1;
        self.refused_total.fetch_add(1, Ordering::Relaxed);
        let due = inner
            .logged
            .is_none_or(|at| now.duration_since(at) >= Duration::from_secs(60));
        if due {
            tracing::warn!(
                refused = inner.refused,
                budget = self.budget,
                last = why,
                "connections refused since the last warning"
            );
            inner.logged = Some(now);
            inner.refused = 0;
        }
    }

    /// Counts a WebSocket in the budget for as long as the guard lives.
    pub fn socket(self: &Arc<Self>) -> SocketGuard {
        self.lock().sockets += 1;
        SocketGuard(self.clone())
    }
}

/// A connection's place in the budget; dropped when it closes.
#[derive(Debug)]
pub struct Place {
    id: u64,
    close: Arc<Notify>,
    connections: Arc<Connections>,
}

impl Place {
    /// Marks a request in flight until the guard is dropped.
    fn busy(&self) -> Busy {
        let mut inner = self.connections.lock();
        if let Some(open) = inner.open.get_mut(&self.id) {
            open.busy += 1;
            let quiet = (open.quiet_since, self.id);
            inner.quiet.remove(&quiet);
        }
        drop(inner);
        Busy {
            id: self.id,
            connections: self.connections.clone(),
        }
    }

    /// When the connection is due to close if nothing happens: its deadline after it went
    /// quiet, later while a request is in flight, now once it has been made room for.
    fn due(&self) -> Instant {
        let deadline = self.connections.deadline;
        match self.connections.lock().open.get(&self.id) {
            Some(open) if open.busy == 0 => open.quiet_since + deadline,
            Some(_) => Instant::now() + deadline,
            None => Instant::now(),
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut inner = self.connections.lock();
        if let Some(open) = inner.open.remove(&self.id) {
            inner.quiet.remove(&(open.quiet_since, self.id));
            uncount(&mut inner, open.counted);
        }
    }
}

/// One connection fewer from `ip`.
fn uncount(inner: &mut Ledger, ip: Option<IpAddr>) {
    if let Some(ip) = ip
        && let Some(n) = inner.by_address.get_mut(&ip)
    {
        *n -= 1;
        if *n == 0 {
            inner.by_address.remove(&ip);
        }
    }
}

struct Busy {
    id: u64,
    connections: Arc<Connections>,
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut inner = self.connections.lock();
        let now = Instant::now();
        if let Some(open) = inner.open.get_mut(&self.id) {
            open.busy = open.busy.saturating_sub(1);
            open.quiet_since = now;
            if open.busy == 0 {
                inner.quiet.insert((now, self.id));
            }
        }
    }
}

/// A WebSocket's place in the budget.
#[derive(Debug)]
pub struct SocketGuard(Arc<Connections>);

impl Drop for SocketGuard {
    fn drop(&mut self) {
        let mut inner = self.0.lock();
        inner.sockets = inner.sockets.saturating_sub(1);
    }
}

/// Accepts connections on `listener` and serves `router` on each, within `connections`'
/// budget, until `stop` ends.
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    connections: Arc<Connections>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of files or a connection reset before it was taken: go on (the budget
                // keeps the first rare); a pause spares a loop of failures.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut stop => return Ok(()),
        };
        let Some(slot) = connections.admit(peer.ip()) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(connection(stream, peer, router.clone(), slot));
    }
}

/// Serves one connection until it closes, goes past its deadline, or is made room for.
async fn connection(stream: tokio::net::TcpStream, peer: SocketAddr, router: Router, slot: Place) {
    let slot = Arc::new(slot);
    let service = {
        let slot = slot.clone();
        hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let busy = slot.busy();
            let router = router.clone();
            async move {
                let response = router.oneshot(request).await;
                drop(busy);
                response
            }
        })
    };
    let serving = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(slot.connections.deadline)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(serving);
    let close = slot.close.clone();
    loop {
        tokio::select! {
            _ = &mut serving => return,
            () = close.notified() => return,
            () = tokio::time::sleep_until(slot.due()) => {
                if slot.due() <= Instant::now() {
                    return;
                }
            }
        }
    }
}

/// The player's address. With `forwarded`, and only when the connection comes from this machine
/// or a private network (where the proxy is), the last `X-Forwarded-For` entry: the address the
/// proxy saw. A client on the open internet cannot name itself another address by sending the
/// header: the connection's own address is used.
pub fn peer(headers: &HeaderMap, connection: SocketAddr, forwarded: bool) -> String {
    let behind_proxy = forwarded && is_local(connection.ip());
    let from_proxy = behind_proxy
        .then(|| headers.get("x-forwarded-for")?.to_str().ok())
        .flatten()
        .and_then(|list| list.rsplit(',').next())
        .and_then(|a| a.trim().parse::<IpAddr>().ok())
        .map(|a| a.to_string());
    from_proxy.unwrap_or_else(|| connection.ip().to_string())
}

pub fn is_local(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback() || v4.is_private(),
        IpAddr::V6(v6) => {
            v6.is_loopback()
                || v6
                    .to_ipv4_mapped()
                    .is_some_and(|v4| is_local(IpAddr::V4(v4)))
                || (v6.segments()[0] & 0xfe00) == 0xfc00
        }
    }
}

/// The process's limit on open files, raised first to its hard limit where the soft one is
/// lower (a server's usual start).
#[cfg(unix)]
fn file_limit() -> u64 {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let mut limit = getrlimit(Resource::Nofile);
    if let (Some(current), Some(hard)) = (limit.current, limit.maximum)
        && current < hard
    {
        limit.current = Some(hard);
        if setrlimit(Resource::Nofile, limit).is_ok() {
            return hard;
        }
        return current;
    }
    limit.current.unwrap_or(1 << 20)
}

#[cfg(not(unix))]
fn file_limit() -> u64 {
    8192
}
