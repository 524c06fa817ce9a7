//! Geometry in design units (the original's pixels), and the camera that fits the design into
//! any window.

use bevy::{camera::ScalingMode, prelude::*};

use crate::game::Engine;
use crate::rules::{Cell, Shape};

/// The design's size. The camera shows at least this much, centred, whatever the window.
pub const DESIGN_WIDTH: f32 = 540.0;
pub const DESIGN_HEIGHT: f32 = 730.0;
/// Board side, as in the original: the square every board fits in (a board of another shape
/// spans it the long way, centred, its cells as large as a square board's of its longer side).
pub const BOARD_PX: f32 = 500.0;
/// Gap between cells on the 4×4 board (15 px); other sizes scale it.
pub const GAP_PX_4X4: f32 = 15.0;
/// The original's 4×4 cell, the size its font sizes are given for.
pub const REFERENCE_CELL_PX: f32 = 106.25;
/// Top edge of the design.
pub const TOP: f32 = DESIGN_HEIGHT / 2.0;
/// Left and right edges of the 500 px column everything lines up on.
pub const LEFT: f32 = -BOARD_PX / 2.0;
pub const RIGHT: f32 = BOARD_PX / 2.0;
/// Vertical centres of the header row (title, scores) and the row below (intro, New Game).
pub const HEADER_Y: f32 = TOP - 62.0;
pub const ROW_Y: f32 = TOP - 140.0;
/// The board's centre.
pub const BOARD_CENTER: Vec2 = Vec2::new(0.0, TOP - 175.0 - BOARD_PX / 2.0);

/// Draw order.
pub const Z_BOARD: f32 = 0.0;
pub const Z_CELL: f32 = 1.0;
pub const Z_GHOST: f32 = 2.0;
pub const Z_TILE: f32 = 3.0;
pub const Z_OVERLAY: f32 = 10.0;
/// Dialogs and screens in front of the board and its win or game-over overlay.
pub const Z_DIALOG: f32 = Z_OVERLAY + 2.0;
pub const Z_FLOAT: f32 = 20.0;
/// Text sits just above its parent sprite.
pub const Z_LABEL: f32 = 0.1;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, init_board_layout)
        .add_systems(Startup, spawn_camera);
}

/// Where the cells of the current board are.
#[derive(Resource, Debug, Clone, Copy)]
pub struct BoardLayout {
    pub shape: Shape,
    pub cell: f32,
    pub gap: f32,
}

impl BoardLayout {
    /// Square cells, as large as fit the longer side in `BOARD_PX`.
    pub fn new(shape: Shape) -> Self {
        let n = shape.longer() as f32;
        // 15 px gaps on 4×4, proportionally thinner on larger boards.
        let gap = GAP_PX_4X4 * (4.0 / n).min(1.0);
        let cell = (BOARD_PX - gap * (n + 1.0)) / n;
        Self { shape, cell, gap }
    }

    /// The board's width and height: `BOARD_PX` the long way.
    pub fn board_size(&self) -> Vec2 {
        let side = |n: usize| n as f32 * (self.cell + self.gap) + self.gap;
        Vec2::new(side(self.shape.cols()), side(self.shape.rows()))
    }

    /// Centre of a cell in world units.
    pub fn cell_center(&self, cell: Cell) -> Vec2 {
        let step = self.cell + self.gap;
        let corner = self.board_size() / 2.0;
        let first = self.gap + self.cell / 2.0;
        BOARD_CENTER
            + Vec2::new(
                -corner.x + first + cell.x as f32 * step,
                corner.y - first - cell.y as f32 * step,
            )
    }

    /// Scale of this board's cells against the original's, for font sizes.
    pub fn font_scale(&self) -> f32 {
        self.cell / REFERENCE_CELL_PX
    }
}

fn init_board_layout(mut commands: Commands, engine: Res<Engine>) {
    commands.insert_resource(BoardLayout::new(engine.config().shape()));
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: DESIGN_WIDTH,
                min_height: DESIGN_HEIGHT,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}
