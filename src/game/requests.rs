//! Requests: what the player (keys, swipes, buttons) or a program (the AI) asks of the game,
//! and the small values they carry. `input::route_requests` reads them in order and triggers
//! each one the screen in front takes as a [`BeforeRequest`], then a [`Requested`] for its
//! owners ([`RequestOwners`]): the code that owns a request observes it in its own module. What
//! each screen takes, and the keys that ask for it, are in the screen's module (`screens`): no
//! key is named here.

use std::mem::{Discriminant, discriminant};
use std::time::Duration;

use bevy::ecs::system::IntoObserverSystem;
use bevy::prelude::*;

use super::screen::Screen;
use crate::rules::Direction;
use crate::save::{MotionChoice, ThemeChoice};

/// What the player (keys, swipes, buttons) or a program (the AI) asks of the game. One message
/// type keeps the order of mixed requests within a frame.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Slide the tiles.
    Move(Direction),
    /// Take back the last move.
    Undo,
    /// Leave the win overlay and play on.
    KeepGoing,
    /// Start over. With a game in progress, asks first.
    NewGame,
    /// Start over without asking (the answer to "start a new game?").
    ConfirmNewGame,
    /// Play today's daily game (4×4 to 2048 from the day's seed), on the 4×4 board: the game
    /// there goes into the history, as for a new game.
    Daily,
    /// Show a screen: the options, the history, the statistics, the coach's summary. (What a
    /// screen needs done as it opens, its module does on this request.)
    Show(Screen),
    /// Leave the question or the options screen (options take effect then).
    CloseDialog,
    /// Change an option: a choice or a step of the options' screen, the theme's T anywhere.
    /// (What each does is `OptionChanges::choose`'s.)
    Options(Choose),
    /// Show the AI's suggested move.
    Hint,
    /// Let the AI play, or stop it; switch its pace.
    ToggleAutoplay,
    ToggleFast,
    /// Open the replay viewer on a game (the one in progress, or one of the history).
    Watch(Watch),
    /// The viewer's controls (play, steps, speed, seek, play from here, close).
    Replay(Control),
    /// Share the game in front: its code to the clipboard (a link on the web).
    Share,
    /// Race a ghost: a new game from its seed on its board, its game beside (asks first while
    /// a game is in progress).
    Race(RaceWith),
    /// The same race again, from the race's card.
    Rematch,
    /// Move through the history list.
    Browse(Browse),
    /// What the statistics' screen does (`StatsSizes::take`, in its module).
    Stats(StatsAsk),
    /// Read the whole board aloud to a screen reader.
    ReadBoard,
    /// Show how the four moves compared where the coach rated the last move.
    CoachBars,
    /// Make a backup of everything the game keeps (a download on the page, the save dialog on
    /// the desktop).
    ExportBackup,
    /// Import a backup (a file picker on the page, the open dialog on the desktop).
    ImportBackup,
    /// The ranked daily (docs/server.md): its leaderboard, its game.
    Ranked(RankedAsk),
    /// Quit the game (the desktop only).
    Quit,
}

/// A request the screen in front takes, before its owners see it. Its observers exist only
/// while they have something to say: a mode that refuses requests or does them its own way
/// (the ranked game while it is on the board: no undo, its moves to the server) sets `handled`,
/// and the owners never see it; a screen that does something as it is left (the options) has
/// one while it is in front. So a move on the board runs none.
#[derive(Event, Debug)]
pub struct BeforeRequest {
    pub request: Request,
    /// The screen in front as the requests before it left it.
    pub screen: Screen,
    pub handled: bool,
}

/// A request the screen in front takes, triggered for its owner alone: the entity whose
/// observer, in the owner's module, does it ([`RequestOwners`]). The owner may leave another
/// screen in front (`next`); the state changes next frame.
#[derive(EntityEvent, Debug)]
pub struct Requested {
    #[event_target]
    pub owner: Entity,
    pub request: Request,
    /// The screen in front as the requests before it left it.
    pub screen: Screen,
    pub next: Option<Screen>,
}

/// Who owns each kind of request (a variant of [`Request`], whatever it carries): the entities
/// whose observers of [`Requested`] do it, as each owner registered itself in its plugin
/// ([`AddRequestOwner`]). `route_requests` triggers a request for its owners alone: a move
/// runs the board's observer and no other module's code.
#[derive(Resource, Debug, Default)]
pub struct RequestOwners(pub Vec<(Discriminant<Request>, Entity)>);

/// How an owner registers itself.
pub trait AddRequestOwner {
    /// Makes `observer` an owner of the requests of `kinds`' variants (the values they carry
    /// aside: `Request::Move(Direction::Left)` stands for every move).
    fn add_request_owner<B: Bundle, M>(
        &mut self,
        kinds: &[Request],
        observer: impl IntoObserverSystem<Requested, B, M>,
    ) -> &mut Self;
}

impl AddRequestOwner for App {
    fn add_request_owner<B: Bundle, M>(
        &mut self,
        kinds: &[Request],
        observer: impl IntoObserverSystem<Requested, B, M>,
    ) -> &mut Self {
        let world = self.world_mut();
        let owner = world.spawn_empty().observe(observer).id();
        let mut owners = world.get_resource_or_init::<RequestOwners>();
        owners
            .0
            .extend(kinds.iter().map(|kind| (discriminant(kind), owner)));
        self
    }
}

impl Requested {
    /// Leaves `screen` in front after this request.
    pub fn show(&mut self, screen: Screen) {
        self.next = Some(screen);
    }
}

/// What the ranked daily's screen asks (`game::ranked` does it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RankedAsk {
    /// Open the leaderboard: connect, if a server is set, and fetch the tables.
    Open,
    /// Play today's ranked game (making an account first, if there is none), or resume it.
    Play,
    /// Put the player's own game back on the board; the ranked game waits on the server.
    Leave,
    /// Show today's table, or yesterday's final one.
    Day(RankedDay),
    /// Watch the game at this place of yesterday's table (its share code, from the server).
    Watch(u8),
    /// Pick a display name: a line to type it in.
    Name,
    /// Send the name typed.
    SubmitName,
}

/// Which table the ranked daily's screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RankedDay {
    #[default]
    Today,
    Yesterday,
}

impl g2048_ui::dialog::Action for Request {
    /// One of the options' choices, which is on or off (the current size, target, theme,
    /// animations, coach).
    fn is_choice(&self) -> bool {
        matches!(
            self,
            Request::Options(
                Choose::Size(_)
                    | Choose::Target(_)
                    | Choose::Theme(_)
                    | Choose::Motion(_)
                    | Choose::Coach(_)
            )
        )
    }
}

/// A change of the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choose {
    /// A square board's side.
    Size(usize),
    /// One row or column more or fewer.
    StepRows(Step),
    StepCols(Step),
    /// A target, or the next one offered, up or down (the options' + and − keys).
    Target(u32),
    StepTarget(Step),
    /// How much moves animate, or the next choice.
    Motion(MotionChoice),
    NextMotion,
    /// The theme, or the next one on screen (light, dark, high contrast: the T key).
    Theme(ThemeChoice),
    NextTheme,
    /// The coach on or off, or the other way.
    Coach(bool),
    ToggleCoach,
    /// The next language on the options' list, after the last back to the system's.
    NextLanguage,
}

/// A request of the statistics' screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatsAsk {
    /// The statistics of the board shape before or after.
    Shape(Step),
}

/// A step through a list of choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Down,
    Up,
}

/// How fast a replay plays: a move every 400, 200 or 100 ms, or one a frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Speed {
    #[default]
    X1,
    X2,
    X4,
    Max,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::X1, Speed::X2, Speed::X4, Speed::Max];

    /// The time between two moves.
    pub fn interval(self) -> Duration {
        Duration::from_millis(match self {
            Speed::X1 => 400,
            Speed::X2 => 200,
            Speed::X4 => 100,
            Speed::Max => 0,
        })
    }

    /// The speed after this one, round from the fastest to the slowest.
    pub fn next(self) -> Speed {
        let at = Speed::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Speed::ALL[(at + 1) % Speed::ALL.len()]
    }

    /// "2×", or the word for as fast as frames allow.
    pub fn name(self, words: &crate::i18n::Words) -> String {
        match self {
            Speed::X1 => "1×".into(),
            Speed::X2 => "2×".into(),
            Speed::X4 => "4×".into(),
            Speed::Max => words.get("viewer-speed-max"),
        }
    }
}

/// What to replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watch {
    /// The game in progress, from its first move.
    Current,
    /// The game in progress, paused after this many moves (the coach's summary jumps there).
    CurrentAt(u32),
    /// The game selected in the history list.
    Selected,
    /// The `n`th newest game in the history.
    Past(u16),
    /// The code the game was started with.
    Pending,
}

/// Whose ghost to race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceWith {
    /// The game in the replay viewer.
    Watched,
    /// The game selected in the history list.
    Selected,
    /// The AI, playing a new seed on this board.
    Ai,
}

/// The viewer's controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    TogglePlay,
    Back,
    Forward,
    First,
    Last,
    Speed(Speed),
    /// Show the position after this many moves (the progress bar).
    Seek(u32),
    /// Make the shown position the game in progress.
    PlayFromHere,
    Close,
}

/// A move through the history list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Browse {
    Up,
    Down,
    PageUp,
    PageDown,
    First,
    Last,
    /// Rows to scroll by (wheel, drag): the selection stays on screen.
    Scroll(i16),
    /// Select this game (a row's index from the newest).
    Select(u16),
}
