//! The line to the ranked server, off the frame: on the desktop a thread of its own with a
//! blocking WebSocket (tungstenite), on the page the browser's WebSocket. Both hand the game the
//! same events, read once a frame (`Link::events`), so the network never stalls a frame.
//!
//! What comes in is untrusted: a message that is not one of the protocol's is dropped and
//! said once in the log; the connection is what the server's answers say it is.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use crate::protocol::{ClientMessage, ServerMessage};

/// What the line tells the game.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkEvent {
    /// Connected (again): the game says hello and picks up where it was.
    Open,
    Message(ServerMessage),
    /// The connection failed or closed, and why; the line tries again after a pause.
    Down(String),
}

/// Wakes the game when an event arrives: a window that waits for input (idle at 0 % CPU) would
/// otherwise see it only at its next input or timer.
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

/// The line to one server: messages out, events in.
pub struct Link {
    out: Sender<ClientMessage>,
    /// (In a mutex: a resource is shared between threads, and a receiver alone is not.)
    events: std::sync::Mutex<Receiver<LinkEvent>>,
    #[cfg(target_arch = "wasm32")]
    _socket: web::Socket,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Link")
    }
}

/// A server's WebSocket address from what a player or host wrote: `ws://` or `wss://` as they
/// are, `http(s)://` turned into them, and `/ws` added where no path is given.
pub fn socket_url(server: &str) -> Result<String, String> {
    let server = server.trim();
    let (scheme, rest) = server
        .split_once("://")
        .ok_or_else(|| format!("{server:?} is not an address (ws://host:port or wss://host)"))?;
    let scheme = match scheme.to_ascii_lowercase().as_str() {
        "ws" | "http" => "ws",
        "wss" | "https" => "wss",
        other => return Err(format!("{other}:// is not a server's address (ws or wss)")),
    };
    if rest.is_empty() || rest.starts_with('/') || rest.contains(char::is_whitespace) {
        return Err(format!("{server:?} names no host"));
    }
    let rest = if rest.contains('/') {
        rest.to_string()
    } else {
        format!("{rest}/ws")
    };
    Ok(format!("{scheme}://{rest}"))
}

impl Link {
    /// Starts connecting to `url` (a `socket_url`), and keeps connecting while the link lives.
    /// A `wss://` server's certificate must chain to one of Mozilla's roots (webpki-roots).
    pub fn open(url: &str, wake: Wake) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        {
            Self::open_trusting(url, wake, desktop::mozilla_roots())
        }
        #[cfg(target_arch = "wasm32")]
        {
            let (out, outgoing) = channel();
            let (incoming, events) = channel();
            let incoming = Incoming {
                sender: incoming,
                wake,
            };
            let socket = web::Socket::open(url, outgoing, incoming);
            Self {
                out,
                events: events.into(),
                _socket: socket,
            }
        }
    }

    /// `open`, a `wss://` server's certificate checked by `tls` (the tests' own root).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn open_trusting(url: &str, wake: Wake, tls: desktop::Tls) -> Self {
        let (out, outgoing) = channel();
        let (incoming, events) = channel();
        let incoming = Incoming {
            sender: incoming,
            wake,
        };
        desktop::spawn(url.to_string(), tls, outgoing, incoming);
        Self {
            out,
            events: events.into(),
        }
    }

    pub fn send(&self, message: ClientMessage) {
        // (A line whose thread is gone sends nothing; its `Down` said why.)
        let _ = self.out.send(message);
        #[cfg(target_arch = "wasm32")]
        self._socket.flush();
    }

    /// The events since the last call.
    pub fn events(&self) -> Vec<LinkEvent> {
        let mut events = Vec::new();
        let receiver = self.events.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match receiver.try_recv() {
                Ok(event) => events.push(event),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => break,
            }
        }
        events
    }
}

/// Where the line leaves its events, waking the game for each.
#[derive(Clone)]
struct Incoming {
    sender: Sender<LinkEvent>,
    wake: Wake,
}

impl Incoming {
    /// False once the game has dropped the link.
    fn send(&self, event: LinkEvent) -> bool {
        let sent = self.sender.send(event).is_ok();
        (self.wake)();
        sent
    }
}

/// How long to wait before connecting again, after `failures` failures in a row.
fn backoff_ms(failures: u32) -> u64 {
    (500u64 << failures.min(5)).min(10_000)
}

/// A server message from the wire, if it is one.
fn parse(text: &str) -> Option<ServerMessage> {
    if text.len() > 256 * 1024 {
        return None;
    }
    serde_json::from_str(text).ok()
}

#[cfg(not(target_arch = "wasm32"))]
pub mod desktop {
    use std::net::{TcpStream, ToSocketAddrs};
    use std::sync::Arc;
    use std::sync::mpsc::{Receiver, RecvTimeoutError};
    use std::time::Duration;

    use tungstenite::client::IntoClientRequest;
    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Connector, Message, WebSocket};

    use super::{Incoming, LinkEvent, backoff_ms, parse};
    use crate::protocol::ClientMessage;

    /// What a `wss://` connection trusts: rustls's settings, with their roots.
    pub type Tls = Arc<rustls::ClientConfig>;

    /// Mozilla's roots (built in, so the same on every system): what a public server's
    /// certificate (Let's Encrypt's, any CA's) chains to.
    pub fn mozilla_roots() -> Tls {
        let roots =
            rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        trusting(roots)
    }

    /// Settings that trust `roots` alone.
    pub fn trusting(roots: rustls::RootCertStore) -> Tls {
        Arc::new(
            rustls::ClientConfig::builder()
                .with_root_certificates(roots)
                .with_no_client_auth(),
        )
    }

    /// The link's thread: connect, then pass messages both ways until the game drops the link.
    pub(super) fn spawn(
        url: String,
        tls: Tls,
        outgoing: Receiver<ClientMessage>,
        incoming: Incoming,
    ) {
        let failed = incoming.clone();
        let started = std::thread::Builder::new()
            .name("ranked-link".into())
            .spawn(move || run(&url, &tls, &outgoing, &incoming));
        if let Err(e) = started {
            let _ = failed.send(LinkEvent::Down(format!(
                "cannot start the link's thread: {e}"
            )));
        }
    }

    fn run(url: &str, tls: &Tls, outgoing: &Receiver<ClientMessage>, incoming: &Incoming) {
        let mut failures = 0;
        loop {
            let why = match connect(url, tls) {
                Ok(mut socket) => {
                    failures = 0;
                    if !incoming.send(LinkEvent::Open) {
                        return;
                    }
                    match serve(&mut socket, outgoing, incoming) {
                        Ok(()) => return,
                        Err(why) => why,
                    }
                }
                Err(why) => why,
            };
            if !incoming.send(LinkEvent::Down(why)) {
                return;
            }
            // Messages sent while down are dropped: the game sends them again once open.
            std::thread::sleep(Duration::from_millis(backoff_ms(failures)));
            failures += 1;
            while outgoing.try_recv().is_ok() {}
            if matches!(
                outgoing.try_recv(),
                Err(std::sync::mpsc::TryRecvError::Disconnected)
            ) {
                return;
            }
        }
    }

    /// A connection to `url`: TCP (each of the host's addresses in turn, 5 s each), then TLS
    /// for `wss://`, then the WebSocket handshake.
    fn connect(url: &str, tls: &Tls) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
        let request = url.into_client_request().map_err(|e| e.to_string())?;
        let uri = request.uri();
        let host = uri.host().ok_or("the address names no host")?;
        // (An IPv6 address comes in brackets, which a socket address must not have.)
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let secure = uri.scheme_str() == Some("wss");
        let port = uri.port_u16().unwrap_or(if secure { 443 } else { 80 });
        let mut why = format!("{host} has no address");
        let mut stream = None;
        for address in (host, port).to_socket_addrs().map_err(|e| e.to_string())? {
            match TcpStream::connect_timeout(&address, Duration::from_secs(5)) {
                Ok(connected) => {
                    stream = Some(connected);
                    break;
                }
                Err(e) => why = format!("{address}: {e}"),
            }
        }
        let stream = stream.ok_or(why)?;
        let _ = stream.set_nodelay(true);
        let connector = Connector::Rustls(tls.clone());
        let (socket, _) =
            tungstenite::client_tls_with_config(request, stream, None, Some(connector))
                .map_err(|e| e.to_string())?;
        // Short reads, so that messages to send are not kept waiting by a quiet server (set
        // once the handshakes are done: they must wait for their answers).
        let tcp = match socket.get_ref() {
            MaybeTlsStream::Plain(stream) => stream,
            MaybeTlsStream::Rustls(stream) => stream.get_ref(),
            _ => return Err("a connection of an unknown kind".into()),
        };
        tcp.set_read_timeout(Some(Duration::from_millis(20)))
            .map_err(|e| e.to_string())?;
        Ok(socket)
    }

    /// Passes messages until the game drops the link (`Ok`) or the connection fails.
    fn serve(
        socket: &mut WebSocket<MaybeTlsStream<TcpStream>>,
        outgoing: &Receiver<ClientMessage>,
        incoming: &Incoming,
    ) -> Result<(), String> {
        loop {
            match outgoing.recv_timeout(Duration::from_millis(5)) {
                Ok(message) => {
                    let text = serde_json::to_string(&message).expect("messages serialise");
                    socket
                        .send(Message::Text(text.into()))
                        .map_err(|e| e.to_string())?;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let _ = socket.close(None);
                    return Ok(());
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            match socket.read() {
                Ok(Message::Text(text)) => match parse(&text) {
                    Some(message) => {
                        if !incoming.send(LinkEvent::Message(message)) {
                            return Ok(());
                        }
                    }
                    None => bevy::log::warn!("the ranked server sent what is not a message"),
                },
                Ok(Message::Close(_)) => return Err("the server closed the connection".into()),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::mpsc::Receiver;

    use web_sys::wasm_bindgen::JsCast;
    use web_sys::wasm_bindgen::closure::Closure;
    use web_sys::{CloseEvent, MessageEvent, WebSocket};

    use super::{Incoming, LinkEvent, backoff_ms, parse};
    use crate::protocol::ClientMessage;

    thread_local! {
        /// The page's one line (the page has one thread; a resource must be `Send`, so the
        /// socket and its handlers live here, not in the `Link`).
        static LINE: RefCell<Option<Rc<RefCell<SocketState>>>> = const { RefCell::new(None) };
    }

    /// The page's WebSocket, made again after a pause whenever it closes. Dropping it closes
    /// the line.
    pub(super) struct Socket;

    struct SocketState {
        url: String,
        socket: Option<WebSocket>,
        open: bool,
        failures: u32,
        outgoing: Receiver<ClientMessage>,
        incoming: Incoming,
        dropped: bool,
    }

    impl Socket {
        pub(super) fn open(
            url: &str,
            outgoing: Receiver<ClientMessage>,
            incoming: Incoming,
        ) -> Self {
            let state = Rc::new(RefCell::new(SocketState {
                url: url.to_string(),
                socket: None,
                open: false,
                failures: 0,
                outgoing,
                incoming,
                dropped: false,
            }));
            connect(&state);
            LINE.with(|line| *line.borrow_mut() = Some(state));
            Self
        }

        /// Sends what the game queued, if the socket is open.
        pub(super) fn flush(&self) {
            if let Some(state) = LINE.with(|line| line.borrow().clone()) {
                flush(&state);
            }
        }
    }

    impl Drop for Socket {
        fn drop(&mut self) {
            let Some(state) = LINE.with(|line| line.borrow_mut().take()) else {
                return;
            };
            let mut state = state.borrow_mut();
            state.dropped = true;
            if let Some(socket) = state.socket.take() {
                let _ = socket.close();
            }
        }
    }

    fn flush(state: &Rc<RefCell<SocketState>>) {
        let state = state.borrow();
        let Some(socket) = state.socket.as_ref().filter(|_| state.open) else {
            return;
        };
        while let Ok(message) = state.outgoing.try_recv() {
            let text = serde_json::to_string(&message).expect("messages serialise");
            let _ = socket.send_with_str(&text);
        }
    }

    fn connect(state: &Rc<RefCell<SocketState>>) {
        let url = state.borrow().url.clone();
        let socket = match WebSocket::new(&url) {
            Ok(socket) => socket,
            Err(_) => {
                state
                    .borrow()
                    .incoming
                    .send(LinkEvent::Down(format!("cannot open {url}")));
                return;
            }
        };
        let on_open = {
            let state = state.clone();
            Closure::<dyn FnMut()>::new(move || {
                {
                    let mut s = state.borrow_mut();
                    s.open = true;
                    s.failures = 0;
                    // What was asked while closed is asked again by the game once open.
                    while s.outgoing.try_recv().is_ok() {}
                    s.incoming.send(LinkEvent::Open);
                }
                flush(&state);
            })
        };
        let on_message = {
            let state = state.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                if let Some(text) = event.data().as_string() {
                    match parse(&text) {
                        Some(message) => {
                            state.borrow().incoming.send(LinkEvent::Message(message));
                        }
                        None => web_sys::console::warn_1(
                            &"the ranked server sent what is not a message".into(),
                        ),
                    }
                }
            })
        };
        let on_close = {
            let state = state.clone();
            Closure::<dyn FnMut(CloseEvent)>::new(move |_event: CloseEvent| {
                let (dropped, failures) = {
                    let mut s = state.borrow_mut();
                    s.open = false;
                    s.socket = None;
                    s.incoming
                        .send(LinkEvent::Down("the connection closed".into()));
                    s.failures += 1;
                    (s.dropped, s.failures)
                };
                if dropped {
                    return;
                }
                let again = state.clone();
                let retry = Closure::once_into_js(move || connect(&again));
                if let Some(window) = web_sys::window() {
                    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                        retry.unchecked_ref(),
                        backoff_ms(failures) as i32,
                    );
                }
            })
        };
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        // The socket lives as long as the page: its handlers too.
        on_open.forget();
        on_message.forget();
        on_close.forget();
        state.borrow_mut().socket = Some(socket);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_become_websocket_urls_or_say_what_is_wrong() {
        assert_eq!(
            socket_url("ws://127.0.0.1:8048").unwrap(),
            "ws://127.0.0.1:8048/ws"
        );
        assert_eq!(
            socket_url("https://2048.example.org").unwrap(),
            "wss://2048.example.org/ws"
        );
        assert_eq!(socket_url("wss://x.org/g/ws").unwrap(), "wss://x.org/g/ws");
        assert!(socket_url("example.org").is_err());
        assert!(socket_url("ftp://example.org").is_err());
        assert!(socket_url("ws://").is_err());
        assert_eq!(backoff_ms(0), 500);
        assert_eq!(backoff_ms(10), 10_000);
    }

    /// A `wss://` server on loopback with the tests' certificate for localhost
    /// (tests/fixtures/tls: a throwaway CA, its key discarded). It answers each message with a
    /// `code` message that carries the text it got. Its port.
    #[cfg(not(target_arch = "wasm32"))]
    fn tls_echo_server() -> u16 {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::{CertificateDer, PrivateKeyDer};
        let cert = CertificateDer::from_pem_slice(include_bytes!(
            "../../../tests/fixtures/tls/localhost.pem"
        ))
        .unwrap();
        let key = PrivateKeyDer::from_pem_slice(include_bytes!(
            "../../../tests/fixtures/tls/localhost.key"
        ))
        .unwrap();
        let config = std::sync::Arc::new(
            rustls::ServerConfig::builder()
                .with_no_client_auth()
                .with_single_cert(vec![cert], key)
                .unwrap(),
        );
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            for tcp in listener.incoming().flatten() {
                let config = config.clone();
                std::thread::spawn(move || {
                    let tls = rustls::StreamOwned::new(
                        rustls::ServerConnection::new(config).unwrap(),
                        tcp,
                    );
                    let Ok(mut socket) = tungstenite::accept(tls) else {
                        return;
                    };
                    while let Ok(message) = socket.read() {
                        if let tungstenite::Message::Text(text) = message {
                            let answer = ServerMessage::Code {
                                game: 7,
                                code: text.to_string(),
                            };
                            let answer = serde_json::to_string(&answer).unwrap();
                            if socket
                                .send(tungstenite::Message::Text(answer.into()))
                                .is_err()
                            {
                                return;
                            }
                        }
                    }
                });
            }
        });
        port
    }

    /// The events of `link` until `done` says one is the last wanted; panics after 10 s.
    #[cfg(not(target_arch = "wasm32"))]
    fn events_until(link: &Link, done: impl Fn(&LinkEvent) -> bool) -> Vec<LinkEvent> {
        let start = std::time::Instant::now();
        let mut seen = Vec::new();
        while start.elapsed() < std::time::Duration::from_secs(10) {
            for event in link.events() {
                let last = done(&event);
                seen.push(event);
                if last {
                    return seen;
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("10 s without the event wanted; saw {seen:?}");
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_wss_server_is_reached_through_tls_and_an_unknown_certificate_is_refused() {
        use rustls::pki_types::CertificateDer;
        use rustls::pki_types::pem::PemObject;
        let port = tls_echo_server();
        let url = socket_url(&format!("wss://localhost:{port}")).unwrap();
        let wake: Wake = std::sync::Arc::new(|| {});

        // Trusting the tests' CA: connected, and a message goes there and back, encrypted.
        let mut roots = rustls::RootCertStore::empty();
        let ca =
            CertificateDer::from_pem_slice(include_bytes!("../../../tests/fixtures/tls/ca.pem"))
                .unwrap();
        roots.add(ca).unwrap();
        let link = Link::open_trusting(&url, wake.clone(), desktop::trusting(roots));
        let seen = events_until(&link, |e| *e == LinkEvent::Open);
        assert_eq!(seen, [LinkEvent::Open]);
        link.send(ClientMessage::Start {});
        let seen = events_until(&link, |e| matches!(e, LinkEvent::Message(_)));
        assert_eq!(
            seen.last(),
            Some(&LinkEvent::Message(ServerMessage::Code {
                game: 7,
                code: r#"{"type":"start"}"#.into()
            }))
        );

        // Trusting Mozilla's roots alone (the game's own link): the certificate is refused.
        let link = Link::open(&url, wake);
        let seen = events_until(&link, |e| matches!(e, LinkEvent::Down(_)));
        let Some(LinkEvent::Down(why)) = seen.last() else {
            unreachable!()
        };
        assert!(why.contains("certificate"), "{why}");
        assert!(!seen.contains(&LinkEvent::Open));
    }
}
