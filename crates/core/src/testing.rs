//! What the core's own tests and the game's tests share: boards chosen for what they show.

use crate::rules::Board;

/// A board on which one move loses and another does not (for the coach): Right leaves its one
/// empty cell between a 16 and a 32, so whatever spawns there the game is over; Down opens a
/// cell beside a 2 and above a 4, and makes a pair of 4s. Left and Up change nothing.
pub fn one_move_loses() -> Board {
    Board::from_rows(&[
        &[2, 4, 2, 4],
        &[4, 2, 4, 2],
        &[16, 4, 2, 4],
        &[32, 8, 16, 0],
    ])
}
