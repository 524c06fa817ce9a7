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
    pub fn open(url: &str, wake: Wake) -> Self {
        let (out, outgoing) = channel();
        let (incoming, events) = channel();
        let incoming = Incoming {
            sender: incoming,
            wake,
        };
        #[cfg(not(target_arch = "wasm32"))]
        {
            desktop::spawn(url.to_string(), outgoing, incoming);
            Self {
                out,
                events: events.into(),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let socket = web::Socket::open(url, outgoing, incoming);
            Self {
                out,
                events: events.into(),
                _socket: socket,
            }
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
mod desktop {
    use std::net::TcpStream;
    use std::sync::mpsc::{Receiver, RecvTimeoutError};
    use std::time::Duration;

    use tungstenite::stream::MaybeTlsStream;
    use tungstenite::{Message, WebSocket};

    use super::{Incoming, LinkEvent, backoff_ms, parse};
    use crate::protocol::ClientMessage;

    /// The link's thread: connect, then pass messages both ways until the game drops the link.
    pub(super) fn spawn(url: String, outgoing: Receiver<ClientMessage>, incoming: Incoming) {
        let failed = incoming.clone();
        let started = std::thread::Builder::new()
            .name("ranked-link".into())
            .spawn(move || run(&url, &outgoing, &incoming));
        if let Err(e) = started {
            let _ = failed.send(LinkEvent::Down(format!(
                "cannot start the link's thread: {e}"
            )));
        }
    }

    fn run(url: &str, outgoing: &Receiver<ClientMessage>, incoming: &Incoming) {
        let mut failures = 0;
        loop {
            let why = match connect(url) {
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

    fn connect(url: &str) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, String> {
        let (socket, _) = tungstenite::connect(url).map_err(|e| e.to_string())?;
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            // Short reads, so that messages to send are not kept waiting by a quiet server.
            stream
                .set_read_timeout(Some(Duration::from_millis(20)))
                .map_err(|e| e.to_string())?;
            let _ = stream.set_nodelay(true);
        }
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
        static LINE: RefCell<Option<Rc<RefCell<State>>>> = const { RefCell::new(None) };
    }

    /// The page's WebSocket, made again after a pause whenever it closes. Dropping it closes
    /// the line.
    pub(super) struct Socket;

    struct State {
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
            let state = Rc::new(RefCell::new(State {
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

    fn flush(state: &Rc<RefCell<State>>) {
        let state = state.borrow();
        let Some(socket) = state.socket.as_ref().filter(|_| state.open) else {
            return;
        };
        while let Ok(message) = state.outgoing.try_recv() {
            let text = serde_json::to_string(&message).expect("messages serialise");
            let _ = socket.send_with_str(&text);
        }
    }

    fn connect(state: &Rc<RefCell<State>>) {
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
}
