//! The board's changes: moves through the engine, then the same change to the tile entities
//! (move, set values, despawn merged-away tiles, spawn the new one); undo, new games and
//! switching boards. After them, the game state follows the engine's status and the best score
//! follows the score.

use bevy::{ecs::system::SystemParam, prelude::*};

use super::autoplay::Autoplay;
use super::components::{Position, Tile, Value};
use super::past::PastGames;
use super::requests::{AddRequestOwner, Request, Requested};
use super::sets::GameSet;
use super::slots::{self, BoardClaim, SaveStore};
use super::state::GameState;
use super::state::Notice;
use super::state::{BestScores, Engine, MergedTile, MoveApplied, Mover, PlayerMoved, UndoRecord};
use crate::clock::{now_ms, start_ms};
use crate::rules::{Board, Cell, Config, Direction, Game, MAX_CELLS, MAX_SIZE, SlidePlan, Status};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TileGrid>()
        .add_request_owner(
            &[
                Request::Move(Direction::Left),
                Request::Undo,
                Request::KeepGoing,
                Request::ReadBoard,
            ],
            on_request,
        )
        .add_systems(Startup, spawn_tiles)
        .add_systems(First, forget_tiles)
        .add_systems(
            Update,
            (
                follow_engine.run_if(resource_changed::<Engine>),
                track_best
                    .run_if(resource_changed::<Engine>)
                    .run_if(not(super::state::off_record)),
            )
                .in_set(GameSet::Record),
        );
}

/// The board's own requests: moves (the AI's too), undo, playing on after a win, the board
/// read aloud.
fn on_request(request: On<Requested>, mut board: BoardChanges, autoplay: Res<Autoplay>) {
    match request.request {
        Request::Move(direction) => {
            let by = if autoplay.on {
                Mover::Ai
            } else {
                Mover::Player
            };
            board.play(direction, by);
        }
        Request::Undo => board.undo(),
        Request::KeepGoing => board.keep_going(),
        Request::ReadBoard => board.read_aloud(),
        _ => {}
    }
}

/// A move toward `direction` that gained `gained`, its tiles recorded as they are changed.
fn move_applied(direction: Direction, gained: u64) -> MoveApplied {
    MoveApplied {
        direction,
        slides: Vec::new(),
        merges: Vec::new(),
        vanished: None,
        spawned: None,
        undone: false,
        gained,
    }
}

/// Which entity stands on each cell, indexed like the engine's board: read from the entities
/// at the frame's first change of the board, then kept through its changes (their commands
/// apply later), so several moves in one frame compose, whichever system makes them.
#[derive(Resource, Debug, Clone)]
pub(super) struct TileGrid {
    cells: [Option<Entity>; MAX_CELLS],
    /// Read this frame: what it says is where the tiles stand.
    read: bool,
}

impl Default for TileGrid {
    fn default() -> Self {
        Self {
            cells: [None; MAX_CELLS],
            read: false,
        }
    }
}

/// A new frame: the entities are read again at the first change of the board.
fn forget_tiles(mut grid: ResMut<TileGrid>) {
    grid.bypass_change_detection().read = false;
}

impl TileGrid {
    fn index(cell: Cell) -> usize {
        cell.y as usize * MAX_SIZE + cell.x as usize
    }

    fn take(&mut self, cell: Cell) -> Option<Entity> {
        self.cells[Self::index(cell)].take()
    }

    fn put(&mut self, cell: Cell, entity: Entity) {
        self.cells[Self::index(cell)] = Some(entity);
    }
}

/// Everything a change of the board touches: the engine, the history, the tile entities (where
/// they stand: [`TileGrid`]) and the message the view animates.
#[derive(SystemParam)]
pub(super) struct BoardChanges<'w, 's> {
    engine: ResMut<'w, Engine>,
    history: ResMut<'w, UndoRecord>,
    tiles: Query<'w, 's, (Entity, &'static Position), With<Tile>>,
    grid: ResMut<'w, TileGrid>,
    commands: Commands<'w, 's>,
    applied: MessageWriter<'w, MoveApplied>,
    player_moves: MessageWriter<'w, PlayerMoved>,
    documents: Res<'w, SaveStore>,
    claim: ResMut<'w, BoardClaim>,
    past: ResMut<'w, PastGames>,
    /// The player's language, for what a screen reader hears.
    words: Res<'w, super::Language>,
}

impl BoardChanges<'_, '_> {
    /// Reads where the tile entities stand, once a frame, before the first change of them.
    fn track_tiles(&mut self) {
        if self.grid.read {
            return;
        }
        self.grid.cells = [None; MAX_CELLS];
        for (entity, &position) in &self.tiles {
            self.grid.put(position.0, entity);
        }
        self.grid.read = true;
    }

    /// The game in progress.
    pub(super) fn game(&self) -> &Game {
        &self.engine
    }

    /// Its moves, and the rest of its record.
    pub(super) fn history(&self) -> &crate::rules::History {
        &self.history
    }

    /// Puts `game` (with the moves that led to it) on the board in place of the one there,
    /// without an animation: a replay's jump, or a game coming back.
    pub(super) fn show(&mut self, game: Game, history: crate::rules::History) {
        self.engine.0 = game;
        self.history.0 = history;
        self.replace_tiles();
    }

    /// Keeps a game that is being replaced in the history of games (if it had a move).
    pub(super) fn keep_in_past(&mut self, game: &Game, history: &crate::rules::History) {
        PastGames::keep_in(&mut self.past, game, history);
    }

    /// The games played.
    pub(super) fn past(&self) -> &PastGames {
        &self.past
    }

    /// The saved game of another board, with its history (and notices about them), claiming
    /// that board; a new game of this window's own while another window plays it.
    pub(super) fn saved_game(&mut self, config: Config) -> (Game, crate::rules::History) {
        if self.claim.moved_unanswered() {
            // Moves made on a board before the browser said whether another tab plays it, and
            // never written: a game of their own in the history.
            self.make_own(Some(start_ms()));
        }
        let mut notices = Vec::new();
        let board = slots::open_board(&self.documents, &mut self.claim, config, &mut notices);
        for said in notices {
            self.commands.write_message(Notice(said));
        }
        board
    }

    /// Shows the history of games as merged with the store's.
    pub(super) fn set_past(&mut self, games: Vec<crate::save::PastGame>) {
        self.past.set_if_neq(PastGames(games));
    }

    /// This window's claim on the board in play.
    pub(super) fn claim(&mut self) -> &mut BoardClaim {
        &mut self.claim
    }

    /// Keeps the game in play in the history as a guest's game, as a game of its own started
    /// at `started_ms` if given (the browser refused this tab the board after it was played on:
    /// another tab plays the game it came from).
    pub(super) fn make_own(&mut self, started_ms: Option<u64>) {
        if let Some(started_ms) = started_ms {
            self.history.info.started_ms = started_ms;
        }
        PastGames::keep_in(&mut self.past, &self.engine, &self.history);
    }

    /// Says the whole board to a screen reader.
    pub(super) fn read_aloud(&mut self) {
        self.commands
            .write_message(super::speech::reading(&self.engine, &self.words));
    }

    /// A game with moves, not yet won or lost: a new game asks first.
    pub(super) fn in_progress(&self) -> bool {
        self.engine.status() == Status::Playing && self.engine.moves() > 0
    }

    /// Slides toward `direction`, if the game takes moves and the slide changes the board;
    /// `by` says who chose it (the game's record keeps whether the AI played, and the coach
    /// hears of the player's moves).
    pub(super) fn play(&mut self, direction: Direction, by: Mover) {
        self.track_tiles();
        let before = *self.engine.board();
        // A refused move leaves the engine unmarked, so nothing is saved or redrawn for it.
        let Some(turn) = self.engine.bypass_change_detection().play(direction) else {
            return;
        };
        if !turn.plan.moved {
            return;
        }
        self.engine.set_changed();
        self.history.push(direction, &self.engine);
        self.history.info.note_move(now_ms(), by == Mover::Ai);
        if by == Mover::Player {
            self.player_moves.write(PlayerMoved {
                number: self.engine.moves(),
                before,
                direction,
            });
        }
        let mut moved = move_applied(direction, turn.plan.score);
        let mut next = TileGrid::default();
        for merge in turn.plan.merges() {
            let survivor = self
                .grid
                .take(merge.from[0])
                .expect("merge source has a tile");
            let gone = self
                .grid
                .take(merge.from[1])
                .expect("merge source has a tile");
            self.commands.entity(gone).despawn();
            self.commands
                .entity(survivor)
                .insert((Position(merge.into), Value(merge.value)));
            next.put(merge.into, survivor);
            moved.merges.push(MergedTile {
                survivor,
                merge: *merge,
            });
        }
        // Merge sources were taken above; what is left are plain slides.
        let slides = turn
            .plan
            .slides()
            .iter()
            .map(|slide| (slide.from, slide.to));
        self.slide_tiles(&mut next, &mut moved, slides);
        if let Some((cell, value)) = turn.spawned {
            let entity = self.spawn_tile(cell, value);
            next.put(cell, entity);
        }
        moved.spawned = turn.spawned;
        self.grid.cells = next.cells;
        self.applied.write(moved);
    }

    /// Puts a tile dealt elsewhere (a ranked game's, from the server) on its cell; false, and
    /// nothing changed, if the game does not take it there.
    pub(super) fn place(&mut self, cell: Cell, value: u32) -> bool {
        if !self.engine.place(cell, value) {
            return false;
        }
        self.track_tiles();
        let entity = self.spawn_tile(cell, value);
        self.grid.put(cell, entity);
        true
    }

    /// Takes back the last move, playing it backwards on the entities: the spawned tile goes,
    /// merged tiles split and slide back to their sources, the others slide back.
    pub(super) fn undo(&mut self) {
        let Some((before, direction)) = self.history.pop() else {
            return;
        };
        self.track_tiles();
        self.history.count_undo();
        let plan: SlidePlan = before.board().plan(direction);
        let after = *self.engine.board();
        let mut moved = move_applied(direction, 0);
        moved.undone = true;
        // The spawn is the one tile of `after` on a cell the slide left empty.
        let spawned = plan.board.empty_cells().find(|&cell| after.get(cell) != 0);
        if let Some(cell) = spawned
            && let Some(entity) = self.grid.take(cell)
        {
            self.commands.entity(entity).despawn();
            moved.vanished = Some((cell, after.get(cell)));
        }
        let mut next = TileGrid::default();
        for merge in plan.merges() {
            let half = merge.value / 2;
            let [first, second] = merge.from;
            let survivor = self
                .grid
                .take(merge.into)
                .expect("a merged tile stands where it merged");
            self.commands
                .entity(survivor)
                .insert((Position(first), Value(half)));
            let other = self.spawn_tile(second, half);
            next.put(first, survivor);
            next.put(second, other);
            moved.slides.push((survivor, merge.into, first));
            moved.slides.push((other, merge.into, second));
        }
        // Merge sources were split above: their cell now holds nothing left to take.
        let back = plan.slides().iter().map(|slide| (slide.to, slide.from));
        self.slide_tiles(&mut next, &mut moved, back);
        self.grid.cells = next.cells;
        self.engine.0 = before;
        self.applied.write(moved);
    }

    /// Leaves the win overlay (if it shows) and plays on.
    pub(super) fn keep_going(&mut self) {
        if self.engine.status() == Status::Won {
            self.engine.keep_going();
        }
    }

    /// A new game on the same board, from a seed drawn from the game's RNG (a seeded run stays
    /// replayable). The game it replaces goes to the history of games.
    pub(super) fn new_game(&mut self) {
        let seed = self.next_seed();
        self.new_game_from(seed);
    }

    /// The seed a new game on this board gets: the one the engine's RNG gives next.
    pub(super) fn next_seed(&self) -> u64 {
        self.engine.0.clone().restart()
    }

    /// Whether the game in play, not over, is the one from `seed` (today's daily, which the key
    /// or link that opens it again does not start over).
    pub(super) fn plays_seed(&self, seed: u64) -> bool {
        self.engine.status() == Status::Playing && self.history.seed() == Some(seed)
    }

    /// A new game on the same board from `seed` (today's daily's), the game it replaces going
    /// to the history of games.
    pub(super) fn new_game_from(&mut self, seed: u64) {
        let (game, history) = crate::rules::History::seeded(self.engine.config(), seed);
        self.start_game(game, history);
    }

    /// `game`, new (with its history of no moves), on the board in place of the one there,
    /// which goes to the history of games: the player's game in a race, dealt as the ghost's.
    pub(super) fn start_game(&mut self, game: Game, mut history: crate::rules::History) {
        PastGames::keep_in(&mut self.past, &self.engine, &self.history);
        slots::ask_again(&self.documents, &mut self.claim);
        history.info = crate::rules::PlayInfo::starting(start_ms());
        self.commands.write_message(super::speech::Announcement {
            text: super::speech::new_game_sentence(&game, &self.words),
            urgent: false,
        });
        self.show(game, history);
    }

    /// Switches to the saved game of another board shape or target (or a new one); nothing
    /// happens for the board already in play.
    pub(super) fn switch_to(&mut self, config: Config) {
        if config == self.engine.config() {
            return;
        }
        let (game, history) = self.saved_game(config);
        self.show(game, history);
    }

    /// Moves each tile still in the grid from one cell to the other into `next`, recording the
    /// moves that change a cell for the view.
    fn slide_tiles(
        &mut self,
        next: &mut TileGrid,
        moved: &mut MoveApplied,
        slides: impl Iterator<Item = (Cell, Cell)>,
    ) {
        for (from, to) in slides {
            let Some(entity) = self.grid.take(from) else {
                continue;
            };
            if from != to {
                self.commands.entity(entity).insert(Position(to));
                moved.slides.push((entity, from, to));
            }
            next.put(to, entity);
        }
    }

    fn spawn_tile(&mut self, cell: Cell, value: u32) -> Entity {
        spawn_tile(&mut self.commands, cell, value)
    }

    /// The engine's board as new tile entities in place of all the old ones.
    fn replace_tiles(&mut self) {
        self.track_tiles();
        for entity in self.grid.cells.iter_mut().filter_map(Option::take) {
            self.commands.entity(entity).despawn();
        }
        let board: Board = *self.engine.board();
        for (cell, value) in board.tiles() {
            let entity = self.spawn_tile(cell, value);
            self.grid.put(cell, entity);
        }
    }
}

fn spawn_tile(commands: &mut Commands, cell: Cell, value: u32) -> Entity {
    commands.spawn((Tile, Position(cell), Value(value))).id()
}

/// Mirrors the engine's start board as entities.
fn spawn_tiles(mut commands: Commands, engine: Res<Engine>) {
    for (cell, value) in engine.board().tiles() {
        spawn_tile(&mut commands, cell, value);
    }
}

/// The game state is the engine's status: after every change, and at start, so a game saved
/// won or lost comes back with its overlay.
/// While a replay is on the board, it shows no overlay.
fn follow_engine(
    engine: Res<Engine>,
    replay: Res<super::Replay>,
    mut next: ResMut<NextState<GameState>>,
) {
    let state = match replay.0 {
        Some(_) => GameState::Playing,
        None => engine.status().into(),
    };
    NextState::set_if_neq(&mut next, state);
}

/// The best score on this board shape rises with the score (undo never lowers it).
fn track_best(engine: Res<Engine>, mut best: ResMut<BestScores>) {
    let shape = engine.config().shape();
    if engine.score() > best.for_shape(shape) {
        best.0.insert(shape, engine.score());
    }
}
