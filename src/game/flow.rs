//! Applies requests: moves through the engine, then the same change to the tile entities
//! (move, set values, despawn merged-away tiles, spawn the new one), score and state.

use bevy::prelude::*;

use super::components::{Position, Tile, Value};
use super::persist::{self, Notice, Saves};
use super::{
    BestScore, Engine, GameSet, GameState, History, MergedTile, MoveApplied, Request, Screen,
};
use crate::rules::{Board, Cell, Config, Direction, Game, MAX_CELLS, MAX_SIZE, SlidePlan, Status};
use crate::save::ThemeChoice;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tiles)
        .add_systems(Update, apply_requests.in_set(GameSet::Apply));
}

/// Which entity stands on each cell, indexed like the engine's board.
struct TileGrid([Option<Entity>; MAX_CELLS]);

impl TileGrid {
    fn from_query(tiles: &Query<(Entity, &Position), With<Tile>>) -> Self {
        let mut grid = Self([None; MAX_CELLS]);
        for (entity, &pos) in tiles {
            grid.0[Self::index(pos.into())] = Some(entity);
        }
        grid
    }

    fn index(cell: Cell) -> usize {
        cell.y as usize * MAX_SIZE + cell.x as usize
    }

    fn take(&mut self, cell: Cell) -> Option<Entity> {
        self.0[Self::index(cell)].take()
    }

    fn put(&mut self, cell: Cell, entity: Entity) {
        self.0[Self::index(cell)] = Some(entity);
    }
}

/// Plays the move from `before` toward `direction` backwards on the entities, which show
/// `after`: the spawned tile goes, merged tiles split and slide back to their sources, the
/// others slide back.
fn undo(
    commands: &mut Commands,
    grid: &mut TileGrid,
    before: &Game,
    after: &Game,
    direction: Direction,
) -> MoveApplied {
    let plan: SlidePlan = before.board().plan(direction);
    let mut moved = MoveApplied::new(direction, 0);
    // The spawn is the one tile of `after` on a cell the slide left empty.
    let spawned = plan
        .board
        .empty_cells()
        .find(|&cell| after.board().get(cell) != 0);
    if let Some(cell) = spawned
        && let Some(entity) = grid.take(cell)
    {
        commands.entity(entity).despawn();
        moved.vanished = Some((cell, after.board().get(cell)));
    }
    let mut next = TileGrid([None; MAX_CELLS]);
    for merge in plan.merges() {
        let half = merge.value / 2;
        let [first, second] = merge.from;
        let survivor = grid
            .take(merge.into)
            .expect("a merged tile stands where it merged");
        commands
            .entity(survivor)
            .insert((Position::from(first), Value(half)));
        let other = spawn_tile(commands, second, half);
        next.put(first, survivor);
        next.put(second, other);
        moved.slides.push((survivor, merge.into, first));
        moved.slides.push((other, merge.into, second));
    }
    // Merge sources were split above: their cell now holds nothing left to take.
    let back = plan.slides().iter().map(|slide| (slide.to, slide.from));
    slide_tiles(commands, grid, &mut next, &mut moved, back);
    *grid = next;
    moved
}

/// Moves each tile still in `grid` from one cell to the other into `next`, recording the moves
/// that change a cell for the view.
fn slide_tiles(
    commands: &mut Commands,
    grid: &mut TileGrid,
    next: &mut TileGrid,
    moved: &mut MoveApplied,
    slides: impl Iterator<Item = (Cell, Cell)>,
) {
    for (from, to) in slides {
        let Some(entity) = grid.take(from) else {
            continue;
        };
        if from != to {
            commands.entity(entity).insert(Position::from(to));
            moved.slides.push((entity, from, to));
        }
        next.put(to, entity);
    }
}

fn spawn_tile(commands: &mut Commands, cell: Cell, value: u32) -> Entity {
    commands
        .spawn((Tile, Position::from(cell), Value(value)))
        .id()
}

/// A new board's tiles in place of all the old ones (new game, another size).
fn replace_tiles(commands: &mut Commands, grid: &mut TileGrid, board: &Board) {
    for entity in grid.0.iter_mut().filter_map(Option::take) {
        commands.entity(entity).despawn();
    }
    for (cell, value) in board.tiles() {
        let entity = spawn_tile(commands, cell, value);
        grid.put(cell, entity);
    }
}

/// Mirrors the engine's start board as entities.
fn spawn_tiles(mut commands: Commands, engine: Res<Engine>) {
    for (cell, value) in engine.board().tiles() {
        spawn_tile(&mut commands, cell, value);
    }
}

/// Applies every request of this frame in order. Entities are tracked in a local grid, so
/// several moves in one frame compose correctly although commands apply later.
fn apply_requests(
    mut requests: MessageReader<Request>,
    mut engine: ResMut<Engine>,
    mut history: ResMut<History>,
    mut best: ResMut<BestScore>,
    tiles: Query<(Entity, &Position), With<Tile>>,
    mut commands: Commands,
    mut applied: MessageWriter<MoveApplied>,
    mut next_state: ResMut<NextState<GameState>>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut saves: ResMut<Saves>,
    mut notice: ResMut<Notice>,
) {
    if requests.is_empty() {
        return;
    }
    let mut grid = TileGrid::from_query(&tiles);
    // The screen as the requests of this frame leave it (the state itself changes next frame).
    let mut on = *screen.get();
    for request in requests.read() {
        let request = *request;
        // The board takes moves only when nothing is in front of it; dialogs take their own.
        let allowed = match on {
            Screen::Game => !matches!(
                request,
                Request::ConfirmNewGame
                    | Request::CloseDialog
                    | Request::SetSize(_)
                    | Request::SetTarget(_)
            ),
            Screen::ConfirmNewGame => {
                matches!(request, Request::ConfirmNewGame | Request::CloseDialog)
            }
            Screen::Options => matches!(
                request,
                Request::CloseDialog
                    | Request::OpenOptions
                    | Request::SetSize(_)
                    | Request::SetTarget(_)
                    | Request::SetTheme(_)
                    | Request::ToggleTheme
            ),
        };
        if !allowed {
            continue;
        }
        let screen_before = on;
        match request {
            Request::Move(direction) => {
                let earlier = engine.0.clone();
                let Some(turn) = engine.play(direction) else {
                    continue;
                };
                if !turn.plan.moved {
                    continue;
                }
                history.0.push((earlier, direction));
                let mut moved = MoveApplied::new(direction, turn.plan.score);
                let mut next = TileGrid([None; MAX_CELLS]);
                for merge in turn.plan.merges() {
                    let survivor = grid.take(merge.from[0]).expect("merge source has a tile");
                    let gone = grid.take(merge.from[1]).expect("merge source has a tile");
                    commands.entity(gone).despawn();
                    commands
                        .entity(survivor)
                        .insert((Position::from(merge.into), Value(merge.value)));
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
                slide_tiles(&mut commands, &mut grid, &mut next, &mut moved, slides);
                if let Some((cell, value)) = turn.spawned {
                    let entity = spawn_tile(&mut commands, cell, value);
                    next.put(cell, entity);
                    moved.spawned = Some(entity);
                }
                grid = next;
                applied.write(moved);
            }
            Request::Undo => {
                let Some((before, direction)) = history.0.pop() else {
                    continue;
                };
                let moved = undo(&mut commands, &mut grid, &before, &engine, direction);
                engine.0 = before;
                applied.write(moved);
            }
            Request::NewGame if engine.status() == Status::Playing && engine.moves() > 0 => {
                on = Screen::ConfirmNewGame;
            }
            Request::NewGame | Request::ConfirmNewGame => {
                on = Screen::Game;
                history.0.clear();
                engine.restart();
                replace_tiles(&mut commands, &mut grid, engine.board());
            }
            Request::KeepGoing => {
                engine.keep_going();
            }
            Request::OpenOptions => {
                // The options show what is being played (flags may differ from the saved ones).
                if on == Screen::Options {
                    on = Screen::Game;
                } else {
                    saves.options.size = engine.config().size();
                    saves.options.target = engine.config().target();
                    on = Screen::Options;
                }
            }
            Request::SetSize(size) => {
                if Config::check_size(size).is_ok() {
                    saves.options.size = size;
                    persist::save_options(&saves);
                }
            }
            Request::SetTarget(target) => {
                if Config::check_target(target).is_ok() {
                    saves.options.target = target;
                    persist::save_options(&saves);
                }
            }
            Request::SetTheme(theme) => {
                saves.options.theme = theme;
                persist::save_options(&saves);
            }
            Request::ToggleTheme => {
                saves.options.theme = match saves.options.theme {
                    ThemeChoice::Dark => ThemeChoice::Light,
                    ThemeChoice::Light | ThemeChoice::System => ThemeChoice::Dark,
                };
                persist::save_options(&saves);
            }
            Request::CloseDialog => on = Screen::Game,
            // The AI's requests are answered by `autoplay`.
            Request::Hint | Request::ToggleAutoplay | Request::ToggleFast => {}
        }
        // Leaving the options with another size or target switches to that board's game.
        if screen_before == Screen::Options
            && on == Screen::Game
            && let Some(config) = saves.options.config()
            && config != engine.config()
        {
            engine.0 = persist::saved_game(&*saves.store, config, &mut notice);
            history.0.clear();
            best.0 = saves.best.get(&config.size()).copied().unwrap_or(0);
            replace_tiles(&mut commands, &mut grid, engine.board());
        }
        if engine.score() > best.0 {
            best.0 = engine.score();
        }
    }
    NextState::set_if_neq(&mut next_state, GameState::from(engine.status()));
    NextState::set_if_neq(&mut next_screen, on);
}
