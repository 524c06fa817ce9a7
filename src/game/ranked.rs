//! The ranked daily, the game's side (docs/server.md): the line to the server ([`link`]), the
//! player's account, the tables, and the ranked game on the board.
//!
//! A ranked game is played on the board like any other, with one difference: its tiles come
//! from the server. A move slides at once and is sent; the server's answer places the new tile.
//! Moves asked for before the tile lands wait in order ([`RankedPlay::queued`]) and slide, one
//! by one, as the tiles land, so none is lost and a round trip of 100 ms is never waited on by
//! a key. The player's own game is set aside meanwhile, and nothing of the ranked game is saved
//! here ([`off_record`](super::state::off_record)): the server keeps it, and a dropped
//! connection or a closed window resumes it from there.
//!
//! With no server set, nothing here calls out: the screen says so in one line.

pub mod link;

use bevy::ecs::message::MessageCursor;
use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::autoplay::AiControl;
use super::board::BoardChanges;
use super::replay::PendingReplay;
use super::requests::{
    AddRequestOwner, BeforeRequest, RankedAsk, RankedDay, Request, Requested, Watch,
};
use super::sets::GameSet;
use super::slots::SaveStore;
use super::state::Notice;
use super::state::{RankedBoard, RankedPlay, Screen};
use crate::clock::now_ms;
use crate::protocol::{
    ClientMessage, DealtTile, Dir, ErrorCode, GameView, Leaderboard, Player, ServerMessage, VERSION,
};
use crate::rules::{Config, Direction, Game, History, Record, daily_config};
use crate::said;
use crate::save::RankedAccount;
use link::{Link, LinkEvent};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RankedBoard>()
        .init_resource::<RankedServer>()
        .init_resource::<NameKeys>()
        .add_request_owner(&[Request::Ranked(RankedAsk::Open)], on_request)
        .add_systems(OnEnter(Screen::RankedName), start_name)
        .add_systems(
            Update,
            (
                (
                    read_link,
                    follow_ranked_board.run_if(resource_changed::<RankedBoard>),
                )
                    .chain(),
                type_name.run_if(in_state(Screen::RankedName)),
            )
                .in_set(GameSet::Input),
        );
}

/// The ranked game's rules ([`refuse_or_send`]): they stand by while it is on the board, and
/// only then, so a move of the player's own game runs none of this module's code.
#[derive(Component)]
struct RankedRules;

fn follow_ranked_board(
    mut commands: Commands,
    ranked: Res<RankedBoard>,
    rules: Query<Entity, With<RankedRules>>,
) {
    match (ranked.0.is_some(), rules.single()) {
        (true, Err(_)) => {
            commands.spawn((RankedRules, Observer::new(refuse_or_send)));
        }
        (false, Ok(rules)) => commands.entity(rules).despawn(),
        _ => {}
    }
}

/// While a ranked game is on the board: no undo, no hint, no AI (docs/server.md); its moves go
/// to the server; another game, another board or a replay puts the player's own game back
/// first (the ranked game waits on the server). The one place that says what it refuses.
fn refuse_or_send(
    mut request: On<BeforeRequest>,
    mut ranked: RankedControl,
    mut board: BoardChanges,
) {
    if !ranked.on_board() {
        return;
    }
    match request.request {
        Request::Undo
        | Request::Hint
        | Request::ToggleAutoplay
        | Request::ToggleFast
        | Request::CoachBars => {
            ranked.refuse();
            request.handled = true;
        }
        Request::Move(direction) => {
            ranked.slide(direction, &mut board);
            request.handled = true;
        }
        Request::NewGame
        | Request::Daily
        | Request::Race(_)
        | Request::Watch(_)
        | Request::Show(Screen::Options) => ranked.leave(&mut board),
        _ => {}
    }
}

/// The ranked daily's screen's requests: the screen each leaves in front.
fn on_request(
    mut request: On<Requested>,
    mut ranked: RankedControl,
    mut board: BoardChanges,
    mut ai: AiControl,
) {
    let Request::Ranked(ask) = request.request else {
        return;
    };
    if ask == RankedAsk::Play && ai.playing() {
        ai.toggle_autoplay();
    }
    ranked.ask(ask, &mut board);
    request.show(match ask {
        RankedAsk::Open | RankedAsk::Day(_) | RankedAsk::Watch(_) | RankedAsk::SubmitName => {
            Screen::Leaderboard
        }
        RankedAsk::Name => Screen::RankedName,
        RankedAsk::Play | RankedAsk::Leave => Screen::Game,
    });
}

/// The longest name the line takes (the server says whether it is a name).
const NAME_MAX_CHARS: usize = 20;

/// Where the name's line reads the keys from. A reader of the system's own would start, the
/// first time the screen opens, at the oldest keys still kept, which can hold the N that
/// opened it (kept a frame or more, by how the frames fell): the name would start with an
/// "n". So the screen's opening sets it past every key sent by then (a letter typed within
/// the same frame as the N, before the line was on the screen, is left out with it).
#[derive(Resource, Default)]
struct NameKeys(MessageCursor<KeyboardInput>);

fn start_name(mut cursor: ResMut<NameKeys>, keys: Res<Messages<KeyboardInput>>) {
    cursor.0 = keys.get_cursor_current();
}

/// The name's line: characters typed since the screen opened are added, Backspace takes the
/// last one back. (Enter and Esc are the screen's keys.)
fn type_name(
    mut cursor: ResMut<NameKeys>,
    keys: Res<Messages<KeyboardInput>>,
    mut server: ResMut<RankedServer>,
) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;
    for key in cursor.0.read(&keys) {
        if key.state != ButtonState::Pressed {
            continue;
        }
        if key.key_code == KeyCode::Backspace || key.logical_key == Key::Backspace {
            server.draft.pop();
            continue;
        }
        let Some(text) = &key.text else { continue };
        for c in text.chars().filter(|c| !c.is_control()) {
            if server.draft.chars().count() < NAME_MAX_CHARS {
                server.draft.push(c);
            }
        }
    }
}

/// Where the line to the server stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum LinkState {
    /// No server is set: the game calls no one.
    #[default]
    NoServer,
    /// A server is set; the line opens when the ranked screen does.
    Closed,
    Connecting,
    Open,
    /// It failed, and why; it tries again.
    Down(String),
}

/// The ranked server, the player's account on it and what it last said.
#[derive(Resource, Default)]
pub struct RankedServer {
    /// The server's WebSocket address (`link::socket_url`); none: no server.
    url: Option<String>,
    link: Option<Link>,
    pub state: LinkState,
    /// The account's token on this server (from the saves), if the player has one.
    token: Option<String>,
    /// Today on the server (UTC), once it said so.
    pub today: Option<String>,
    pub player: Option<Player>,
    /// The player asked to play: the game starts (an account made first) once the line opens.
    wants_play: bool,
    /// The tables, as last fetched.
    pub boards: [Option<Leaderboard>; 2],
    /// Which one the screen shows.
    pub day: RankedDay,
    /// What the server last refused, in its words.
    pub refusal: Option<String>,
    /// The name being typed on the name's screen.
    pub draft: String,
    /// When to ask again for the game's standing, after the server asked to slow down.
    retry_at: Option<web_time::Instant>,
}

impl RankedServer {
    /// Points the game at `url` (a `socket_url`), with the player's account there, if any.
    pub fn set_server(&mut self, url: Option<String>, token: Option<String>) {
        *self = Self {
            state: if url.is_some() {
                LinkState::Closed
            } else {
                LinkState::NoServer
            },
            url,
            token,
            ..Self::default()
        };
    }

    /// Whether the player has an account on this server.
    pub fn has_account(&self) -> bool {
        self.token.is_some()
    }

    /// The server's address, if one is set.
    pub fn url(&self) -> Option<&str> {
        self.url.as_deref()
    }

    /// The table on screen.
    pub fn board(&self) -> Option<&Leaderboard> {
        self.boards[self.day as usize].as_ref()
    }

    fn send(&self, message: ClientMessage) {
        if let Some(link) = self.link.as_ref().filter(|_| self.state == LinkState::Open) {
            link.send(message);
        }
    }

    /// Opens the line if a server is set and it is not open yet; `wake` wakes the game as
    /// each answer arrives.
    fn connect(&mut self, wake: link::Wake) {
        if self.link.is_none()
            && let Some(url) = &self.url
        {
            self.link = Some(Link::open(url, wake));
            self.state = LinkState::Connecting;
        }
    }

    /// The day before today on the server.
    fn yesterday(&self) -> Option<String> {
        self.today
            .as_deref()
            .and_then(crate::rules::Day::parse)
            .and_then(|day| day.previous())
            .map(|day| day.to_string())
    }

    /// Asks for both tables again.
    fn refresh(&self) {
        let yesterday = self.yesterday();
        self.send(ClientMessage::Leaderboard { day: None });
        if yesterday.is_some() {
            self.send(ClientMessage::Leaderboard { day: yesterday });
        }
    }
}

/// The server the game starts with: `chosen` (and remembered), else the one remembered; with
/// the player's account there.
pub fn remembered_server(
    documents: &crate::save::Documents,
    chosen: Option<Option<String>>,
) -> RankedServer {
    let doc = match &chosen {
        // Written only when the flag sets it; otherwise read, without the lock.
        Some(_) => {
            let synced = documents.sync_ranked(&[], chosen.clone());
            if let Err(e) = &synced.written {
                warn!("the ranked server's address could not be remembered: {e}");
            }
            synced.value
        }
        None => {
            let mut problems = Vec::new();
            let doc = documents.ranked(&mut problems);
            for problem in problems {
                warn!("the ranked accounts: {}", problem.detail);
            }
            doc
        }
    };
    let url = match chosen {
        Some(url) => url,
        None => doc.server.clone(),
    };
    let token = url
        .as_deref()
        .and_then(|url| doc.account(url))
        .map(|account| account.token.clone());
    let mut server = RankedServer::default();
    server.set_server(url, token);
    server
}

/// The game pointed at `url` (the page's server), with the player's account there; nothing
/// written.
pub fn for_server(documents: &crate::save::Documents, url: String) -> RankedServer {
    let mut problems = Vec::new();
    let doc = documents.ranked(&mut problems);
    let token = doc.account(&url).map(|account| account.token.clone());
    let mut server = RankedServer::default();
    server.set_server(Some(url), token);
    server
}

/// What the ranked daily's requests and moves change.
#[derive(SystemParam)]
pub struct RankedControl<'w, 's> {
    server: ResMut<'w, RankedServer>,
    ranked: ResMut<'w, RankedBoard>,
    commands: Commands<'w, 's>,
    /// The window's event loop, to wake it when the server answers (none when headless).
    proxy: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

impl RankedControl<'_, '_> {
    fn wake(&self) -> link::Wake {
        let proxy = self.proxy.as_ref().map(|proxy| (***proxy).clone());
        std::sync::Arc::new(move || {
            if let Some(proxy) = &proxy {
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        })
    }

    fn connect(&mut self) {
        let wake = self.wake();
        self.server.connect(wake);
    }

    /// Whether a ranked game is on the board.
    pub fn on_board(&self) -> bool {
        self.ranked.0.is_some()
    }

    pub(super) fn ask(&mut self, ask: RankedAsk, board: &mut BoardChanges) {
        match ask {
            RankedAsk::Open => {
                self.connect();
                self.server.refresh();
            }
            RankedAsk::Play => {
                if self.server.url.is_none() {
                    self.commands
                        .write_message(Notice(said!("ranked-no-server")));
                    return;
                }
                self.server.wants_play = true;
                self.server.refusal = None;
                self.connect();
                if self.server.state == LinkState::Open {
                    self.begin();
                }
            }
            RankedAsk::Leave => self.leave(board),
            RankedAsk::Day(day) => self.server.day = day,
            RankedAsk::Name => {
                self.server.draft = self
                    .server
                    .player
                    .as_ref()
                    .and_then(|p| p.name.clone())
                    .unwrap_or_default();
            }
            RankedAsk::SubmitName => {
                let name = self.server.draft.trim().to_string();
                self.server.refusal = None;
                if self.server.token.is_none() {
                    self.commands
                        .write_message(Notice(said!("ranked-name-needs-account")));
                } else {
                    self.server.send(ClientMessage::SetName { name });
                }
            }
            RankedAsk::Watch(place) => {
                let game = self.server.boards[RankedDay::Yesterday as usize]
                    .as_ref()
                    .and_then(|table| table.top.get(usize::from(place)))
                    .map(|row| row.game);
                if let Some(game) = game {
                    self.server.send(ClientMessage::Code { game });
                }
            }
        }
    }

    /// With the line open: an account if there is none, then today's game.
    fn begin(&mut self) {
        if self.server.token.is_some() {
            self.server.send(ClientMessage::Start {});
        } else {
            self.server.send(ClientMessage::CreateAccount {});
        }
    }

    /// Puts the player's own game back; the ranked game stays on the server, to resume.
    pub(super) fn leave(&mut self, board: &mut BoardChanges) {
        self.server.wants_play = false;
        if let Some(play) = self.ranked.0.take() {
            let (game, history) = play.own;
            board.show(game, history);
        }
    }

    /// A move on the ranked game: it slides now and is sent, or waits for the tile in flight
    /// (and behind the moves already waiting).
    pub(super) fn slide(&mut self, direction: Direction, board: &mut BoardChanges) {
        let Some(play) = self.ranked.0.as_mut() else {
            return;
        };
        play.queued.push_back(direction);
        slide_queued(play, &self.server, board);
    }

    /// A request the ranked game does not take (undo, the AI, another game): said, not done.
    pub fn refuse(&mut self) {
        self.commands
            .write_message(Notice(said!("ranked-not-here")));
    }
}

/// Slides the waiting moves in order until one is sent (its tile is then awaited); a move that
/// would not change the board is dropped, as on any board.
fn slide_queued(play: &mut RankedPlay, server: &RankedServer, board: &mut BoardChanges) {
    while !play.awaiting() {
        let Some(direction) = play.queued.pop_front() else {
            return;
        };
        let before = board.game().moves();
        board.play(direction, super::state::Mover::Player);
        if board.game().moves() == before {
            continue;
        }
        // A ranked game plays on past 2048 (the server's does): no pause to wait on.
        board.keep_going();
        let n = play.slid;
        play.slid += 1;
        server.send(ClientMessage::Move {
            n,
            dir: Dir::from(direction),
        });
    }
}

/// The ranked game from the server's view, on the board in place of the player's own.
fn put_on_board(
    view: &GameView,
    ranked: &mut RankedBoard,
    board: &mut BoardChanges,
) -> Result<(), String> {
    let config = Config::new(usize::from(view.rows), 2048)
        .ok()
        .filter(|c| *c == daily_config() && usize::from(view.cols) == c.shape().cols())
        .ok_or("the server's game is not on the 4×4 board to 2048")?;
    let game = Game::placed(config, &view.tiles, view.score, view.moves)
        .ok_or("the server's board is not one the rules allow")?;
    let own = match ranked.0.take() {
        Some(play) => play.own,
        None => (board.game().clone(), board.history().clone()),
    };
    board.show(game.clone(), History::new(game));
    ranked.0 = Some(RankedPlay {
        id: view.id,
        day: view.day.clone(),
        ranked: view.ranked,
        slid: view.moves,
        answered: view.moves,
        queued: Default::default(),
        own,
    });
    Ok(())
}

/// The line's events, once a frame: the server's answers applied in order.
fn read_link(
    mut server: ResMut<RankedServer>,
    mut ranked: ResMut<RankedBoard>,
    mut board: BoardChanges,
    store: Res<SaveStore>,
    mut requests: MessageWriter<Request>,
    mut notices: MessageWriter<Notice>,
    mut commands: Commands,
) {
    let Some(events) = server.link.as_ref().map(Link::events) else {
        return;
    };
    if server
        .retry_at
        .is_some_and(|at| web_time::Instant::now() >= at)
    {
        // The move in flight goes again once the server says where the game stands.
        server.retry_at = None;
        server.wants_play = true;
        server.send(ClientMessage::Start {});
    }
    if events.is_empty() {
        return;
    }
    for event in events {
        match event {
            LinkEvent::Open => {
                server.state = LinkState::Open;
                let token = server.token.clone();
                server.send(ClientMessage::Hello { v: VERSION, token });
            }
            LinkEvent::Down(why) => {
                if server.state != LinkState::Down(why.clone()) {
                    warn!("the ranked server: {why}");
                }
                server.state = LinkState::Down(why);
            }
            LinkEvent::Message(message) => answer(
                message,
                &mut server,
                &mut ranked,
                &mut board,
                &store,
                &mut requests,
                &mut notices,
                &mut commands,
            ),
        }
    }
}

/// One answer of the server.
#[allow(clippy::too_many_arguments)]
fn answer(
    message: ServerMessage,
    server: &mut RankedServer,
    ranked: &mut RankedBoard,
    board: &mut BoardChanges,
    store: &SaveStore,
    requests: &mut MessageWriter<Request>,
    notices: &mut MessageWriter<Notice>,
    commands: &mut Commands,
) {
    match message {
        ServerMessage::Welcome { today, player } => welcomed(today, player, server, ranked),
        ServerMessage::Account { token, player } => {
            account_made(token, player, server, store, notices)
        }
        ServerMessage::Name { player } => {
            server.refusal = None;
            server.player = Some(player);
            // The tables show the new name.
            server.refresh();
        }
        ServerMessage::Game { game: view } => game_given(view, server, ranked, board, notices),
        ServerMessage::Dealt {
            n,
            tile,
            score: _,
            finished,
        } => tile_dealt(n, tile, finished, server, ranked, board),
        ServerMessage::Leaderboard { board: table } => table_given(table, server),
        ServerMessage::Code { code, .. } => code_given(&code, requests, notices, commands),
        ServerMessage::Error { code, message, .. } => {
            refused(code, message, server, ranked, notices)
        }
    }
}

/// The server greeted the game: today's date and the player's account, the tables asked for,
/// and the ranked game picked up again if one was on (or asked for).
fn welcomed(
    today: String,
    player: Option<Player>,
    server: &mut RankedServer,
    ranked: &RankedBoard,
) {
    server.today = Some(today);
    server.player = player;
    server.refresh();
    // Back after a drop: pick the game up where the server has it.
    if server.wants_play || ranked.0.is_some() {
        if server.token.is_some() {
            server.send(ClientMessage::Start {});
        } else {
            server.send(ClientMessage::CreateAccount {});
        }
    }
}

/// The server made the player an account: it is saved, and today's game is asked for.
fn account_made(
    token: String,
    player: Player,
    server: &mut RankedServer,
    store: &SaveStore,
    notices: &mut MessageWriter<Notice>,
) {
    let account = RankedAccount {
        server: server.url.clone().unwrap_or_default(),
        token: token.clone(),
        made_ms: now_ms(),
    };
    let synced = store.0.sync_ranked(&[account], None);
    if let Err(e) = &synced.written {
        // Kept for this run; the player is told it may not outlast it.
        warn!("the ranked account could not be saved: {e}");
        notices.write(Notice(said!("ranked-account-unsaved")));
    }
    server.token = Some(token);
    server.player = Some(player);
    server.send(ClientMessage::Start {});
}

/// The server sent the ranked game as it stands: the game on the board goes on, or the
/// server's is put on the board in its place.
fn game_given(
    view: GameView,
    server: &mut RankedServer,
    ranked: &mut RankedBoard,
    board: &mut BoardChanges,
    notices: &mut MessageWriter<Notice>,
) {
    if !server.wants_play && ranked.0.is_none() {
        return;
    }
    server.wants_play = false;
    let resumed = ranked.0.as_ref().filter(|play| play.id == view.id);
    match resumed {
        // The same game, still on the board: the move in flight goes again (the server
        // answers a repeated move as it did the first time), the board stays.
        Some(play)
            if view.moves == play.answered
                || (play.awaiting() && view.moves == play.answered + 1) =>
        {
            if play.awaiting() {
                let n = play.answered;
                let direction = board.history().moves().last().copied();
                if let Some(direction) = direction {
                    server.send(ClientMessage::Move {
                        n,
                        dir: Dir::from(direction),
                    });
                }
            }
        }
        _ => {
            if let Err(why) = put_on_board(&view, ranked, board) {
                warn!("the ranked game: {why}");
                notices.write(Notice(said!("ranked-bad-answer")));
                return;
            }
            board.read_aloud();
        }
    }
}

/// The server dealt the tile after move `n`: it lands on the board and the waiting moves
/// slide; a tile the board has no room for asks for the server's game instead.
fn tile_dealt(
    n: u32,
    tile: Option<DealtTile>,
    finished: bool,
    server: &mut RankedServer,
    ranked: &mut RankedBoard,
    board: &mut BoardChanges,
) {
    let Some(play) = ranked.0.as_mut() else {
        return;
    };
    if n != play.answered || !play.awaiting() {
        return;
    }
    let cols = board.game().config().shape().cols() as u8;
    let placed = tile.is_none_or(|tile| board.place(tile.cell_on(cols), tile.value));
    if !placed {
        // The server and the board disagree: take the server's game as it is.
        warn!("the ranked server dealt a tile the board has no room for");
        server.send(ClientMessage::Start {});
        server.wants_play = true;
        return;
    }
    play.answered += 1;
    if finished {
        server.refresh();
    }
    slide_queued(play, server, board);
}

/// The server sent a table: kept as today's or yesterday's.
fn table_given(table: Leaderboard, server: &mut RankedServer) {
    // Today's table is never published, yesterday's always is. A new day on the
    // server (the game left open past midnight, UTC) asks for the new yesterday.
    if table.published {
        // (An answer asked for before the day changed is for the day before.)
        if server.yesterday().as_deref() == Some(table.day.as_str()) {
            server.boards[RankedDay::Yesterday as usize] = Some(table);
        }
    } else {
        if server.today.as_deref() != Some(table.day.as_str()) {
            server.today = Some(table.day.clone());
            server.boards[RankedDay::Yesterday as usize] = None;
            server.refresh();
        }
        server.boards[RankedDay::Today as usize] = Some(table);
    }
}

/// The server sent a game's code, to watch: its replay is asked for.
fn code_given(
    code: &str,
    requests: &mut MessageWriter<Request>,
    notices: &mut MessageWriter<Notice>,
    commands: &mut Commands,
) {
    match Record::decode(code) {
        Ok((record, full, _)) => {
            commands.insert_resource(PendingReplay {
                record,
                full,
                claimed: None,
            });
            requests.write(Request::Watch(Watch::Pending));
        }
        Err(e) => {
            warn!("the ranked server's code: {e}");
            notices.write(Notice(said!("notice-replay-refused", reason = e.said())));
        }
    }
}

/// The server refused a request: the player is told why, and the game recovers where it can.
fn refused(
    code: ErrorCode,
    message: String,
    server: &mut RankedServer,
    ranked: &RankedBoard,
    notices: &mut MessageWriter<Notice>,
) {
    warn!("the ranked server refused: {message}");
    // Said under the board too: the player may be there.
    notices.write(Notice(said!("ranked-refused", reason = message.clone())));
    server.refusal = Some(message);
    match code {
        // The board and the server disagree on the moves: the server's game stands.
        ErrorCode::OutOfOrder | ErrorCode::IllegalMove if ranked.0.is_some() => {
            server.wants_play = true;
            server.send(ClientMessage::Start {});
        }
        // Too fast: the move in flight goes again in a moment; none is lost.
        ErrorCode::RateLimited if ranked.0.as_ref().is_some_and(RankedPlay::awaiting) => {
            server.retry_at =
                Some(web_time::Instant::now() + std::time::Duration::from_millis(500));
        }
        ErrorCode::WrongToken => {
            // This server does not know the saved account (a server started afresh):
            // play without it; it stays in the saves.
            server.token = None;
            server.send(ClientMessage::Hello {
                v: VERSION,
                token: None,
            });
        }
        _ => {}
    }
}
