//! The design's column, laid out by flexbox (taffy) once: the title's band, the row of buttons
//! under it, the board. The header lays its pieces out in these bands (`header::lay_out`), the
//! replay's controls stand in the row (`flow::Form::Bar`), and the board is where the tiles are
//! drawn (`layout::BOARD_CENTER`).

use bevy::prelude::*;

use super::layout::{BOARD_PX, DESIGN_HEIGHT, LEFT, TOP};
use g2048_ui::flow::BUTTON_HEIGHT;
use g2048_ui::text::LINE_HEIGHT;

/// The design's column, from its top down: a margin, the header's band (the "2048" title's line,
/// the score boxes level with it), the row under it (the intro and the board's buttons, the
/// replay's controls over them), the board. The bands' heights are what they hold; the margins
/// are the original's.
const FRAME_TOP: f32 = 16.0;
/// The title's size ("2048", as in the original).
pub const HEADER_TITLE_PX: f32 = 80.0;
const ROW_ABOVE: f32 = 12.0;
const BOARD_ABOVE: f32 = 15.0;

/// The bands of the design's column, laid out by flexbox (taffy), in design units (y up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// The title's band.
    pub header: Rect,
    /// The band of buttons under it.
    pub row: Rect,
    /// The board's square.
    pub board: Rect,
}

impl Frame {
    /// The frame, laid out once.
    pub fn get() -> &'static Frame {
        static FRAME: std::sync::OnceLock<Frame> = std::sync::OnceLock::new();
        FRAME.get_or_init(Frame::lay_out)
    }

    fn lay_out() -> Frame {
        use taffy::prelude::{
            Dimension, FlexDirection, LengthPercentage, LengthPercentageAuto, Rect as Edges, Size,
            Style, TaffyTree, length,
        };
        let mut tree: TaffyTree<()> = TaffyTree::new();
        tree.disable_rounding();
        let band = |tree: &mut TaffyTree<()>, height: f32, above: f32| {
            tree.new_leaf(Style {
                size: Size {
                    width: Dimension::percent(1.0),
                    height: length(height),
                },
                flex_shrink: 0.0,
                margin: Edges {
                    top: LengthPercentageAuto::length(above),
                    ..Edges::zero()
                },
                ..Style::default()
            })
            .expect("a band")
        };
        let header = band(&mut tree, HEADER_TITLE_PX * LINE_HEIGHT, 0.0);
        let row = band(&mut tree, BUTTON_HEIGHT, ROW_ABOVE);
        let board = band(&mut tree, BOARD_PX, BOARD_ABOVE);
        let root = tree
            .new_with_children(
                Style {
                    flex_direction: FlexDirection::Column,
                    size: Size {
                        width: length(BOARD_PX),
                        height: length(DESIGN_HEIGHT),
                    },
                    padding: Edges {
                        top: LengthPercentage::length(FRAME_TOP),
                        ..Edges::zero()
                    },
                    ..Style::default()
                },
                &[header, row, board],
            )
            .expect("the frame");
        tree.compute_layout(root, taffy::prelude::TaffyMaxContent::MAX_CONTENT)
            .expect("a layout");
        // Taffy's boxes (top left, y down) in the design's units (its centre, y up).
        let rect = |node| {
            let layout = tree.layout(node).expect("laid out");
            let min = Vec2::new(
                LEFT + layout.location.x,
                TOP - layout.location.y - layout.size.height,
            );
            Rect::from_corners(min, min + Vec2::new(layout.size.width, layout.size.height))
        };
        Frame {
            header: rect(header),
            row: rect(row),
            board: rect(board),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::layout::{BOARD_CENTER, RIGHT};
    use super::*;

    #[test]
    fn the_frame_puts_the_board_where_the_tiles_are_drawn() {
        let frame = Frame::get();
        assert_eq!(frame.board.center(), BOARD_CENTER);
        assert_eq!(frame.board.size(), Vec2::splat(BOARD_PX));
        // The original's places: the title's line centred 62 under the top, the row 140.
        assert_eq!(frame.header.center().y, TOP - 62.0);
        assert_eq!(frame.row.center().y, TOP - 140.0);
        assert_eq!((frame.row.min.x, frame.row.max.x), (LEFT, RIGHT));
    }
}
