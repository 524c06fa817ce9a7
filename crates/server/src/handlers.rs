//! The ranked daily: what the server does with each message, whatever carries it.
//!
//! Each UTC day has a secret (made at the day's first game, kept in the database). A player's
//! game that day is dealt by ChaCha20 keyed by that secret, on the stream numbered by the game's
//! id (`rules::Game::from_stream`), so no two games share tiles and none can be foreseen. When the
//! day is over the secret is published, and every game of the day becomes a share code that
//! anyone can replay (`rules::Record`, code version 3).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use g2048_core::rules::{
    Day, Direction, Game, MAX_CODE_MOVES, Record, Status, Stream, Turn, daily_config, parse_key,
};
use rand::{Rng, RngExt};

use crate::accounts::{self, Blocklist};
use crate::db::{self, Db};
use crate::limits::{Buckets, Rate};
use crate::metrics::Metrics;
use crate::protocol::{
    ClientMessage, DealtTile, Dir, ErrorCode, GameView, Leaderboard, Player, Row, ServerMessage,
    VERSION,
};

/// The host's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Accounts one address may make in an hour.
    pub accounts_per_hour: u32,
    /// Messages from one address.
    pub address_rate: Rate,
    /// Moves of one account (a hand plays at most a few a second).
    pub move_rate: Rate,
    /// HTTP requests to the API (`/api/…`, `/healthz`) from one address.
    pub http_rate: Rate,
    /// A new account's game ranks the day it is made (for a private server of friends, and the
    /// browser test); by default it ranks from the next UTC day.
    pub rank_new_accounts_today: bool,
    /// Words no name may contain, added to the built-in list.
    pub blocked_words: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            accounts_per_hour: 5,
            address_rate: Rate {
                per_second: 200.0,
                burst: 400.0,
            },
            move_rate: Rate {
                per_second: 20.0,
                burst: 40.0,
            },
            http_rate: Rate {
                per_second: 20.0,
                burst: 40.0,
            },
            rank_new_accounts_today: false,
            blocked_words: String::new(),
        }
    }
}

/// The time: the system's, plus an offset the tests move to end a day.
#[derive(Debug, Default)]
pub struct Clock {
    offset_ms: AtomicI64,
}

impl Clock {
    pub fn with_offset(offset_ms: i64) -> Self {
        Self {
            offset_ms: AtomicI64::new(offset_ms),
        }
    }

    pub fn now_ms(&self) -> i64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        system + self.offset_ms.load(Ordering::Relaxed)
    }

    pub fn advance(&self, ms: i64) {
        self.offset_ms.fetch_add(ms, Ordering::Relaxed);
    }

    pub fn today(&self) -> Day {
        Day::of_ms(self.now_ms().max(0) as u64).expect("today is a day")
    }
}

/// Everything the server shares between connections. It holds no game: those are in the
/// database.
#[derive(Debug)]
pub struct Server {
    pub db: Db,
    pub clock: Clock,
    settings: Settings,
    blocklist: Blocklist,
    by_address: Buckets,
    by_account: Buckets,
    by_request: Buckets,
    /// The figures a host watches (`metrics`).
    pub metrics: Metrics,
}

/// One connection's state: who it is, and a copy of their game to judge the next move without
/// reading it back (checked against the database on every write).
#[derive(Debug)]
pub struct Session {
    /// The SHA-256 of the peer's address (the address itself is not kept).
    address: String,
    greeted: bool,
    account: Option<db::Account>,
    live: Option<Live>,
}

#[derive(Debug)]
struct Live {
    id: i64,
    day: String,
    game: Game,
    moves: Vec<Direction>,
    ranked: bool,
}

impl Session {
    pub fn new(address: &str) -> Self {
        Self {
            address: accounts::hash(address),
            greeted: false,
            account: None,
            live: None,
        }
    }
}

/// A refusal: its code, what to say, and for `out_of_order` the moves the game holds.
#[derive(Debug)]
pub struct ErrorReply {
    pub code: ErrorCode,
    pub message: String,
    pub moves: Option<u32>,
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ErrorReply {
    ErrorReply {
        code,
        message: message.into(),
        moves: None,
    }
}

impl From<sqlx::Error> for ErrorReply {
    fn from(error: sqlx::Error) -> Self {
        tracing::error!(%error, "the database failed");
        refuse(
            ErrorCode::Internal,
            "the server's database failed; nothing was changed, please try again",
        )
    }
}

impl From<ErrorReply> for ServerMessage {
    fn from(
        ErrorReply {
            code,
            message,
            moves,
        }: ErrorReply,
    ) -> Self {
        ServerMessage::Error {
            code,
            message,
            moves,
        }
    }
}

fn letter(direction: Direction) -> char {
    match direction {
        Direction::Up => 'U',
        Direction::Down => 'D',
        Direction::Left => 'L',
        Direction::Right => 'R',
    }
}

fn from_letters(moves: &str) -> Option<Vec<Direction>> {
    moves
        .chars()
        .map(|c| match c {
            'U' => Some(Direction::Up),
            'D' => Some(Direction::Down),
            'L' => Some(Direction::Left),
            'R' => Some(Direction::Right),
            _ => None,
        })
        .collect()
}

/// At most the first `most` characters of what a client sent, for a refusal to show: enough to
/// recognise it, too little to echo a flood back.
pub fn excerpt(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

fn secret_hex() -> String {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// Ids are below 2^53, so that JavaScript's numbers hold them exactly (`JSON.parse` rounds a
/// larger one to a neighbour's). Ids made before were 63-bit, and stay what they are.
pub const ID_LIMIT: i64 = 1 << 53;

/// A new id for a game or an account: a random number from 1 to 2^53 - 1.
fn new_id() -> i64 {
    rand::rng().random_range(1..ID_LIMIT)
}

/// Plays `moves` on the game `stream` deals: the game after them and the last move's turn.
/// A ranked game plays on past its target.
fn replay(stream: Stream, moves: &[Direction]) -> Option<(Game, Option<Turn>)> {
    let mut game = Game::from_stream(daily_config(), stream);
    let mut last = None;
    for &direction in moves {
        let turn = game.play(direction).filter(|t| t.plan.moved)?;
        game.keep_going();
        last = Some(turn);
    }
    Some((game, last))
}

fn view(live: &Live) -> GameView {
    let shape = live.game.config().shape();
    let board = live.game.board();
    GameView {
        id: live.id,
        day: live.day.clone(),
        rows: shape.rows() as u8,
        cols: shape.cols() as u8,
        tiles: board.cells().map(|c| board.get(c)).collect(),
        score: live.game.score(),
        moves: live.moves.len() as u32,
        finished: live.game.status() == Status::Over,
        ranked: live.ranked,
        history: live.moves.iter().map(|&d| Dir::from(d)).collect(),
    }
}

fn dealt(game: &Game, n: u32, turn: &Turn) -> ServerMessage {
    let cols = game.config().shape().cols();
    ServerMessage::Dealt {
        n,
        tile: turn.spawned.map(|(cell, value)| DealtTile {
            cell: (usize::from(cell.y) * cols + usize::from(cell.x)) as u8,
            value,
        }),
        score: game.score(),
        finished: game.status() == Status::Over,
    }
}

impl Server {
    pub fn new(db: Db, clock: Clock, settings: Settings) -> Arc<Self> {
        Arc::new(Self {
            blocklist: Blocklist::new(&settings.blocked_words),
            by_address: Buckets::new(settings.address_rate),
            by_account: Buckets::new(settings.move_rate),
            by_request: Buckets::new(settings.http_rate),
            metrics: Metrics::default(),
            db,
            clock,
            settings,
        })
    }

    /// Takes one frame from the address's rate: every frame counts, whatever it holds (a
    /// message, a ping, invalid JSON, binary, an oversized one). False: refuse it.
    pub fn admit(&self, session: &Session) -> bool {
        self.by_address.take(&session.address, Instant::now())
    }

    /// Takes one HTTP request from `address`'s rate (`Settings::http_rate`).
    pub fn admit_request(&self, address: &str) -> bool {
        self.by_request.take(address, Instant::now())
    }

    /// Answers one message (admitted by `admit`). A refused one changes nothing.
    pub async fn handle(&self, session: &mut Session, message: ClientMessage) -> ServerMessage {
        let started = Instant::now();
        let reply = match self.answer(session, message).await {
            Ok(reply) => {
                if let ServerMessage::Dealt { .. } = reply {
                    self.metrics.moves.inc();
                }
                reply
            }
            Err(refusal) => {
                self.metrics.refused(refusal.code);
                refusal.into()
            }
        };
        self.metrics
            .answer_seconds
            .observe(started.elapsed().as_secs_f64());
        reply
    }

    async fn answer(
        &self,
        session: &mut Session,
        message: ClientMessage,
    ) -> Result<ServerMessage, ErrorReply> {
        if !session.greeted && !matches!(message, ClientMessage::Hello { .. }) {
            return Err(refuse(ErrorCode::HelloFirst, "say hello first"));
        }
        match message {
            ClientMessage::Hello { v, token } => self.hello(session, v, token).await,
            ClientMessage::CreateAccount {} => self.create_account(session).await,
            ClientMessage::SetName { name } => self.set_name(session, &name).await,
            ClientMessage::Start {} => self.start(session).await,
            ClientMessage::Move { n, dir } => self.play(session, n, dir.into()).await,
            ClientMessage::Leaderboard { day } => self.leaderboard(session, day.as_deref()).await,
            ClientMessage::Code { game } => Ok(ServerMessage::Code {
                game,
                code: self.code(game).await?,
            }),
        }
    }

    fn player(account: &db::Account) -> Player {
        Player {
            name: account.name.clone().filter(|_| !account.name_hidden),
            ranks_from: account.ranks_from.clone(),
            name_hidden: account.name_hidden && account.name.is_some(),
        }
    }

    async fn hello(
        &self,
        session: &mut Session,
        v: u32,
        token: Option<String>,
    ) -> Result<ServerMessage, ErrorReply> {
        if v != VERSION {
            return Err(refuse(
                ErrorCode::Version,
                format!("this server speaks version {VERSION} of the protocol, not {v}"),
            ));
        }
        let account = match token {
            None => None,
            Some(token) => {
                let found = if accounts::token_is_well_formed(&token) {
                    self.db
                        .account_by_token_hash(&accounts::hash(&token))
                        .await?
                } else {
                    None
                };
                Some(found.ok_or_else(|| {
                    refuse(
                        ErrorCode::WrongToken,
                        "this server knows no account by that token",
                    )
                })?)
            }
        };
        session.greeted = true;
        session.live = None;
        session.account = account;
        Ok(ServerMessage::Welcome {
            today: self.clock.today().to_string(),
            player: session.account.as_ref().map(Self::player),
        })
    }

    async fn create_account(&self, session: &mut Session) -> Result<ServerMessage, ErrorReply> {
        if session.account.is_some() {
            return Err(refuse(
                ErrorCode::BadMessage,
                "this connection already has an account",
            ));
        }
        let now = self.clock.now_ms();
        const HOUR_MS: i64 = 3_600_000;
        let today = self.clock.today();
        let ranks_from = if self.settings.rank_new_accounts_today {
            today
        } else {
            today.next().unwrap_or(today)
        };
        let token = accounts::new_token();
        let id = new_id();
        let made = self
            .db
            .create_account(&db::NewAccount {
                id,
                token_hash: &accounts::hash(&token),
                ranks_from: &ranks_from.to_string(),
                now_ms: now,
                address: &session.address,
                since_ms: now - HOUR_MS,
                limit: i64::from(self.settings.accounts_per_hour),
                forget_before_ms: now - 24 * HOUR_MS,
            })
            .await?;
        if let Err(made) = made {
            return Err(refuse(
                ErrorCode::RateLimited,
                format!(
                    "{made} accounts were made from this address in the last hour; try again later"
                ),
            ));
        }
        let account = db::Account {
            id,
            name: None,
            name_hidden: false,
            ranks_from: ranks_from.to_string(),
        };
        let player = Self::player(&account);
        session.account = Some(account);
        Ok(ServerMessage::Account { token, player })
    }

    fn account(session: &Session) -> Result<&db::Account, ErrorReply> {
        session.account.as_ref().ok_or_else(|| {
            refuse(
                ErrorCode::NoAccount,
                "this needs an account: make one, or say hello with its token",
            )
        })
    }

    async fn set_name(
        &self,
        session: &mut Session,
        name: &str,
    ) -> Result<ServerMessage, ErrorReply> {
        let id = Self::account(session)?.id;
        let (name, key) = self.blocklist.check(name).map_err(|e| {
            let code = match e {
                accounts::NameError::Blocked => ErrorCode::NameBlocked,
                _ => ErrorCode::NameInvalid,
            };
            refuse(code, e.to_string())
        })?;
        if !self.db.set_name(id, &name, &key).await? {
            return Err(refuse(
                ErrorCode::NameTaken,
                format!("another player is called {name:?}; please pick another name"),
            ));
        }
        let account = session.account.as_mut().expect("checked above");
        account.name = Some(name);
        account.name_hidden = false;
        Ok(ServerMessage::Name {
            player: Self::player(account),
        })
    }

    /// The day's key, as a stream key.
    async fn key(&self, day: &str) -> Result<[u8; 32], ErrorReply> {
        let secret = self.db.day_secret(day, &secret_hex()).await?;
        parse_key(&secret).ok_or_else(|| {
            tracing::error!(day, "the day's secret in the database is not a key");
            refuse(
                ErrorCode::Internal,
                "the server's record of this day is damaged",
            )
        })
    }

    /// The account's game of `day` from the database, replayed.
    async fn load(&self, account: i64, day: &str) -> Result<Option<Live>, ErrorReply> {
        let Some(row) = self.db.game_of(account, day).await? else {
            return Ok(None);
        };
        self.rebuild(row).await.map(Some)
    }

    async fn rebuild(&self, row: db::GameRow) -> Result<Live, ErrorReply> {
        let damaged = || {
            refuse(
                ErrorCode::Internal,
                "the server's record of this game is damaged",
            )
        };
        let key = self.key(&row.day).await?;
        let moves = from_letters(&row.moves).ok_or_else(damaged)?;
        let stream = Stream {
            key,
            id: row.id as u64,
        };
        let (game, _) = replay(stream, &moves).ok_or_else(damaged)?;
        Ok(Live {
            id: row.id,
            day: row.day,
            game,
            moves,
            ranked: row.ranked,
        })
    }

    async fn start(&self, session: &mut Session) -> Result<ServerMessage, ErrorReply> {
        let account = Self::account(session)?.clone();
        let today = self.clock.today().to_string();
        if let Some(live) = self.load(account.id, &today).await? {
            let reply = ServerMessage::Game { game: view(&live) };
            session.live = Some(live);
            return Ok(reply);
        }
        let key = self.key(&today).await?;
        let ranked = today >= account.ranks_from;
        // Another connection of the same account may start it at the same moment (or, once in
        // 2^62, the id is taken): then read back whichever game stands.
        for _ in 0..3 {
            let id = new_id();
            let game = Game::from_stream(daily_config(), Stream { key, id: id as u64 });
            let started = self
                .db
                .insert_game(
                    id,
                    account.id,
                    &today,
                    game.score() as i64,
                    i64::from(game.board().max_tile()),
                    ranked,
                    self.clock.now_ms(),
                )
                .await?;
            let live = if started {
                Some(Live {
                    id,
                    day: today.clone(),
                    game,
                    moves: Vec::new(),
                    ranked,
                })
            } else {
                self.load(account.id, &today).await?
            };
            if let Some(live) = live {
                let reply = ServerMessage::Game { game: view(&live) };
                session.live = Some(live);
                return Ok(reply);
            }
        }
        Err(refuse(
            ErrorCode::Internal,
            "could not start a game; please try again",
        ))
    }

    async fn play(
        &self,
        session: &mut Session,
        n: u32,
        direction: Direction,
    ) -> Result<ServerMessage, ErrorReply> {
        let account = Self::account(session)?.id;
        if !self.by_account.take(&account.to_string(), Instant::now()) {
            return Err(refuse(
                ErrorCode::RateLimited,
                "moves are coming faster than a hand can play; wait a moment",
            ));
        }
        let today = self.clock.today().to_string();
        if session.live.is_none() {
            session.live = self.load(account, &today).await?;
        }
        for attempt in 0..2 {
            let live = session.live.as_mut().ok_or_else(|| {
                refuse(
                    ErrorCode::NoGame,
                    "there is no ranked game today to move in: start one",
                )
            })?;
            if live.day != today {
                return Err(refuse(
                    ErrorCode::Finished,
                    format!(
                        "the ranked day {} is over; its game stands as it was",
                        live.day
                    ),
                ));
            }
            let held = live.moves.len();
            // The last move again (its answer was lost with a connection): answered the same.
            if n as usize + 1 == held && live.moves[held - 1] == direction {
                let stream = live.game.stream().expect("a ranked game is keyed");
                let (game, turn) = replay(stream, &live.moves).expect("the moves replayed before");
                return Ok(dealt(&game, n, &turn.expect("one move at least")));
            }
            if n as usize != held && attempt == 0 {
                // This connection's copy may be behind: another connection of the account may
                // have moved the game. Judge the move on the stored game.
                session.live = self.load(account, &live.day.clone()).await?;
                continue;
            }
            if n as usize != held {
                return Err(ErrorReply {
                    code: ErrorCode::OutOfOrder,
                    message: format!(
                        "this game has {held} moves, so the next is number {held}, not {n}"
                    ),
                    moves: Some(held as u32),
                });
            }
            if live.game.status() == Status::Over {
                return Err(refuse(ErrorCode::Finished, "this game is over"));
            }
            if held >= MAX_CODE_MOVES {
                return Err(refuse(
                    ErrorCode::TooManyMoves,
                    format!("a ranked game has at most {MAX_CODE_MOVES} moves"),
                ));
            }
            let mut game = live.game.clone();
            let Some(turn) = game.play(direction).filter(|t| t.plan.moved) else {
                return Err(refuse(
                    ErrorCode::IllegalMove,
                    format!("{direction:?} does not change this board"),
                ));
            };
            game.keep_going();
            let stored = self
                .db
                .append_move(
                    live.id,
                    held as i64,
                    &letter(direction).to_string(),
                    game.score() as i64,
                    i64::from(game.board().max_tile()),
                    game.status() == Status::Over,
                    self.clock.now_ms(),
                )
                .await?;
            if stored {
                live.game = game;
                live.moves.push(direction);
                return Ok(dealt(&live.game, n, &turn));
            }
            // Another connection moved this game: judge the move again on the stored game.
            session.live = self.load(account, &live.day.clone()).await?;
        }
        Err(refuse(
            ErrorCode::OutOfOrder,
            "this game was moved from another connection; start again to resume",
        ))
    }

    /// Parses a day a client named: today or an earlier one.
    pub fn day(&self, day: Option<&str>) -> Result<Day, ErrorReply> {
        let today = self.clock.today();
        let Some(text) = day else {
            return Ok(today);
        };
        match Day::parse(text) {
            Some(day) if day <= today => Ok(day),
            Some(day) => Err(refuse(
                ErrorCode::BadDay,
                format!("{day} has not begun yet"),
            )),
            None => Err(refuse(
                ErrorCode::BadDay,
                format!("{:?} is not a day (YYYY-MM-DD)", excerpt(text, 32)),
            )),
        }
    }

    /// Top ten places of the day, the player's own and two either side.
    pub async fn table(&self, day: Day, account: Option<i64>) -> Result<Leaderboard, sqlx::Error> {
        const TOP: i64 = 10;
        let day_text = day.to_string();
        let mine = match account {
            Some(account) => self.db.game_of(account, &day_text).await?.map(|g| g.id),
            None => None,
        };
        let (players, ahead) = self.db.standing(&day_text, mine).await?;
        let rows = |offset: i64, rows: Vec<db::TableRow>| -> Vec<Row> {
            rows.into_iter()
                .enumerate()
                .map(|(i, r)| Row {
                    rank: (offset + i as i64 + 1) as u64,
                    name: r.name,
                    score: r.score as u64,
                    best: r.best as u32,
                    moves: r.moves as u32,
                    finished: r.finished,
                    game: r.game,
                    me: Some(r.account) == account,
                })
                .collect()
        };
        let top = rows(0, self.db.table(&day_text, 0, TOP).await?);
        let around = match ahead {
            Some(ahead) => {
                let from = (ahead - 2).max(0);
                rows(from, self.db.table(&day_text, from, 5).await?)
            }
            None => Vec::new(),
        };
        Ok(Leaderboard {
            day: day_text,
            published: day < self.clock.today(),
            top,
            around,
            players: players as u64,
        })
    }

    async fn leaderboard(
        &self,
        session: &Session,
        day: Option<&str>,
    ) -> Result<ServerMessage, ErrorReply> {
        let day = self.day(day)?;
        let account = session.account.as_ref().map(|a| a.id);
        Ok(ServerMessage::Leaderboard {
            board: self.table(day, account).await?,
        })
    }

    /// A day's published key, in hex: only once the day is over.
    pub async fn published_key(&self, day: &str) -> Result<(Day, String), ErrorReply> {
        let day = self.day(Some(day))?;
        if day >= self.clock.today() {
            return Err(refuse(
                ErrorCode::NotPublished,
                format!("the key of {day} is published when the day is over (UTC)"),
            ));
        }
        self.db
            .known_secret(&day.to_string())
            .await?
            .map(|key| (day, key))
            .ok_or_else(|| {
                refuse(
                    ErrorCode::NoGame,
                    format!("no ranked game was played on {day}"),
                )
            })
    }

    /// A published game as the game's own share code.
    pub async fn code(&self, id: i64) -> Result<String, ErrorReply> {
        let no_game = || refuse(ErrorCode::NoGame, format!("there is no game {id} to show"));
        let row = self.db.game(id).await?.ok_or_else(no_game)?;
        if row.hidden {
            return Err(no_game());
        }
        let day = Day::parse(&row.day).ok_or_else(no_game)?;
        if day >= self.clock.today() {
            return Err(refuse(
                ErrorCode::NotPublished,
                format!("the games of {day} can be watched when the day is over (UTC)"),
            ));
        }
        let live = self.rebuild(row).await?;
        let record = Record {
            config: daily_config(),
            seed: 0,
            stream: live.game.stream(),
            moves: live.moves,
            undos: 0,
        };
        Ok(record.code())
    }
}
