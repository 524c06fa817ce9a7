//! The tile entity: a `Tile` marker with a grid `Position` and a `Value`.

use bevy::prelude::*;

use crate::rules::Cell;

/// Marks a tile entity. Its `Position` and `Value` always equal the engine's board.
#[derive(Component, Debug, Clone, Copy, Default)]
#[require(Position, Value)]
pub struct Tile;

/// The tile's grid cell (the core's [`Cell`]: column `x` from the left, row `y` from the
/// top), never pixels.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Position(pub Cell);

/// The number on a tile.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Value(pub u32);
