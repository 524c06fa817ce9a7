//! The tile entity: a `Tile` marker with a grid `Position` and a `Value`.

use bevy::prelude::*;

use crate::rules::Cell;

/// Marks a tile entity. Its `Position` and `Value` always equal the engine's board.
#[derive(Component, Debug, Clone, Copy, Default)]
#[require(Position, Value)]
pub struct Tile;

/// A grid cell (column `x` from the left, row `y` from the top), never pixels.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Position {
    pub x: u8,
    pub y: u8,
}

impl From<Cell> for Position {
    fn from(cell: Cell) -> Self {
        Self {
            x: cell.x,
            y: cell.y,
        }
    }
}

impl From<Position> for Cell {
    fn from(p: Position) -> Self {
        Cell::new(p.x, p.y)
    }
}

/// The number on a tile.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Value(pub u32);
