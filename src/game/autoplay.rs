//! The AI in the game: a hint (the suggested direction, shown on the board) and autoplay, which
//! sends the AI's moves as ordinary requests, one after each animation ends (or one a frame at
//! the fast pace), and stops at the win overlay and at game over. The AI plays every shape: 4×4
//! on the packed board, the others on the rules engine's board (`ai::search::SearchBoard`).
//!
//! No search may stall a frame. A search inside a frame (a hint, the fast pace, and every
//! search on the web, which has no threads) gets a time budget that fits in the frame. At the
//! normal pace the desktop game searches on a worker thread instead, from the moment a move is
//! applied, through its animation and the pause after it. On 4×4 that search gets a node budget
//! several frames long (the same moves on every machine; a slow machine waits for it with the
//! frames still drawn), which 16384 needs (see docs/ai.md's strength table); the other sizes'
//! searches, some 50 times dearer a node, keep the frame's budget, off the frame.

use std::thread::JoinHandle;
use std::time::Duration;

use bevy::{diagnostic::FrameCount, ecs::system::SystemParam, prelude::*};

use super::ai_network::AiNetwork;
use super::requests::{AddRequestOwner, Request, Requested};
use super::sets::GameSet;
use super::state::Screen;
use super::state::{Engine, TilesMoving};
use crate::ai::search;
use crate::rules::{Board, Direction, Game, Shape, Status};

/// A search's share of a frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(12);
/// At the normal pace a move waits this long after the last one's animation ends.
pub const PAUSE: Duration = Duration::from_millis(150);
/// Natively at the normal pace, a 4×4 search's nodes: about 40 ms on two threads here, and the
/// search leaves one core to the frames (so one thread on two cores); a move takes 250 ms or
/// more (its slide, its new tile's appearance, the pause).
pub const BETWEEN_MOVES_NODES: u64 = 2_000_000;
/// The same search's nodes when the learned network scores the leaves (`AiNetwork`): a node
/// costs about six times the heuristic's (a value reads 32 weights spread over 128 MiB), so
/// fewer of them fill the same time: 5,736 nodes a millisecond against 32,844 in docs/ai.md's
/// benchmark, both about 50–60 ms on two threads.
pub const BETWEEN_MOVES_NETWORK_NODES: u64 = 300_000;
/// Whether the normal pace searches on a thread of its own (not on the web: the page has one
/// thread, and starting another panics there).
const SEARCH_OFF_FRAME: bool = cfg!(not(target_arch = "wasm32"));

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Autoplay>()
        .init_resource::<AiBudget>()
        .init_resource::<Thinking>()
        .add_systems(
            Update,
            warm_up_ai.run_if(|frames: Res<FrameCount>| frames.0 == 1),
        )
        .add_message::<HintGiven>()
        .add_request_owner(
            &[Request::Hint, Request::ToggleAutoplay, Request::ToggleFast],
            on_request,
        )
        .add_systems(
            Update,
            drive_autoplay
                .run_if(in_state(Screen::Game))
                .in_set(GameSet::Ai),
        );
}

/// The AI's requests: a hint, autoplay on or off, its pace.
fn on_request(request: On<Requested>, mut ai: AiControl, engine: Res<Engine>) {
    match request.request {
        Request::Hint => ai.hint(&engine.0),
        Request::ToggleAutoplay => ai.toggle_autoplay(),
        Request::ToggleFast => ai.toggle_fast(),
        _ => {}
    }
}

/// Whether the AI is playing, and how fast.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Autoplay {
    pub on: bool,
    pub fast: bool,
    /// Time since the board last stood still with nothing animating.
    idle: Duration,
}

/// What one search may spend (node counts in tests, for the same moves every run).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AiBudget {
    /// A search inside a frame: a hint, the fast pace, every search on the web.
    pub in_frame: search::Budget,
    /// Natively at the normal pace, on 4×4: a search on a worker thread between two moves.
    pub between_moves: search::Budget,
    /// The same search when the network scores the leaves.
    pub between_moves_network: search::Budget,
}

impl AiBudget {
    /// The same budget for every search.
    pub const fn always(budget: search::Budget) -> Self {
        Self {
            in_frame: budget,
            between_moves: budget,
            between_moves_network: budget,
        }
    }

    /// A search between two moves on `board`: `between_moves` on 4×4 (the packed board's
    /// search; `between_moves_network` where the network scores the board), the frame's budget
    /// on the others.
    fn between_moves_on(&self, board: &Board, leaves: &search::Leaves) -> search::Budget {
        match (board.shape() == Shape::square(4), leaves.network_for(board)) {
            (true, Some(_)) => self.between_moves_network,
            (true, None) => self.between_moves,
            (false, _) => self.in_frame,
        }
    }
}

impl Default for AiBudget {
    fn default() -> Self {
        Self {
            in_frame: search::Budget::Time(FRAME_BUDGET),
            between_moves: search::Budget::Nodes(BETWEEN_MOVES_NODES),
            between_moves_network: search::Budget::Nodes(BETWEEN_MOVES_NETWORK_NODES),
        }
    }
}

/// The search running on its own thread, and the board it searches. (A thread of its own, not
/// bevy's task pool: without bevy's `multi_threaded` feature, which the game leaves out, that
/// pool runs a task to its end inside the frame that spawns it.)
#[derive(Resource, Default)]
pub struct Thinking(
    Option<(Board, JoinHandle<Option<Direction>>)>,
    /// Whether a thread could not be started (said once).
    bool,
);

impl Thinking {
    /// Starts searching `board` unless that search is already running (a search of another
    /// board is let go: it ends on its own, its answer unread). Whether it runs (a thread could
    /// be started).
    fn start(&mut self, board: &Board, budget: search::Budget, leaves: &search::Leaves) -> bool {
        if self
            .0
            .as_ref()
            .is_some_and(|(searched, _)| searched == board)
        {
            return true;
        }
        let (board, leaves) = (*board, leaves.clone());
        let search = move || {
            search::appraise_board_by(&board, budget, search::background_threads(), &leaves)?
                .best()
                .map(|c| c.direction)
        };
        match std::thread::Builder::new()
            .name("autoplay search".into())
            .spawn(search)
        {
            Ok(thread) => {
                self.0 = Some((board, thread));
                true
            }
            Err(error) => {
                // No thread to be had: the frame's own search plays instead (said once).
                if !self.1 {
                    warn!("autoplay searches in the frame: {error}");
                    self.1 = true;
                }
                self.0 = None;
                false
            }
        }
    }

    /// Whether a search is running now (started and not yet ended).
    pub fn searching(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|(_, thread)| !thread.is_finished())
    }

    /// The move found for `board`, once its search has ended (`Some(None)`: no move).
    fn answer(&mut self, board: &Board) -> Option<Option<Direction>> {
        let (searched, thread) = self.0.as_ref()?;
        if searched != board || !thread.is_finished() {
            return None;
        }
        let (_, thread) = self.0.take()?;
        Some(
            thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    }
}

/// The AI suggests `direction` (for the view to show).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintGiven(pub Direction);

/// The search's tables are built in the second frame: not in the first, which the page waits for
/// before it shows the game, nor in the frame of the first hint.
fn warm_up_ai() {
    search::warm_up();
}

fn suggest(game: &Game, budget: &AiBudget, leaves: &search::Leaves) -> Option<Direction> {
    let choice =
        search::appraise_board_by(game.board(), budget.in_frame, search::threads(), leaves)?
            .best()?;
    Some(choice.direction)
}

/// What the AI's requests change.
#[derive(SystemParam)]
pub(super) struct AiControl<'w> {
    autoplay: ResMut<'w, Autoplay>,
    budget: Res<'w, AiBudget>,
    network: ResMut<'w, AiNetwork>,
    hints: MessageWriter<'w, HintGiven>,
}

impl AiControl<'_> {
    /// Whether the AI is playing (its moves are requests like the player's).
    pub(super) fn playing(&self) -> bool {
        self.autoplay.on
    }

    pub(super) fn hint(&mut self, game: &Game) {
        self.network.wanted();
        if let Some(direction) = suggest(game, &self.budget, self.network.leaves()) {
            self.hints.write(HintGiven(direction));
        }
    }

    pub(super) fn toggle_autoplay(&mut self) {
        self.autoplay.on = !self.autoplay.on;
        self.autoplay.idle = Duration::ZERO;
    }

    pub(super) fn toggle_fast(&mut self) {
        self.autoplay.fast = !self.autoplay.fast;
    }
}

/// While autoplay is on: the next move once the board has been still long enough (at the normal
/// pace natively, searched on its own thread while the board moved and paused).
fn drive_autoplay(
    time: Res<Time>,
    mut autoplay: ResMut<Autoplay>,
    mut thinking: ResMut<Thinking>,
    engine: Res<Engine>,
    budget: Res<AiBudget>,
    mut network: ResMut<AiNetwork>,
    moving: Res<TilesMoving>,
    mut requests: MessageWriter<Request>,
) {
    // A win or a lost game ends autoplay: the player decides what comes next.
    if autoplay.on && engine.status() != Status::Playing {
        autoplay.on = false;
    }
    let mut off_frame = SEARCH_OFF_FRAME && !autoplay.fast;
    if !autoplay.on || !off_frame {
        thinking.0 = None;
    }
    if !autoplay.on {
        return;
    }
    network.wanted();
    let leaves = network.leaves();
    if off_frame {
        let board = engine.board();
        off_frame = thinking.start(board, budget.between_moves_on(board, leaves), leaves);
    }
    if moving.0 && !autoplay.fast {
        autoplay.idle = Duration::ZERO;
        return;
    }
    autoplay.idle += time.delta();
    if !autoplay.fast && autoplay.idle < PAUSE {
        return;
    }
    let next = if off_frame {
        // Not found yet: the frames go on, and the move comes when it is.
        let Some(answer) = thinking.answer(engine.board()) else {
            return;
        };
        answer
    } else {
        suggest(&engine, &budget, leaves)
    };
    autoplay.idle = Duration::ZERO;
    match next {
        Some(direction) => {
            requests.write(Request::Move(direction));
        }
        None => autoplay.on = false,
    }
}
