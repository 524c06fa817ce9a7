//! What the game says to a screen reader: one short sentence per move, an urgent one for a win
//! or a loss, the whole board read row by row on request, and the dialog in front with its
//! buttons (each screen's description, `screens`). The sentences and names are plain text, made from the game's own facts, so every
//! platform's accessibility layer (the web page's mirror) says the same thing.

use bevy::prelude::*;

use super::GameSet;
use super::coach::Rated;
use super::past::grouped;
use super::state::GameState;
use super::state::{Engine, MoveApplied};
use crate::ai::coach::{Rating, Verdict};
use crate::rules::{Board, Cell, Direction, Game};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announcement>().add_systems(
        Update,
        (announce_moves, announce_endings).in_set(GameSet::React),
    );
}

/// A sentence for assistive technology; `urgent` ones interrupt (a win, a loss).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub text: String,
    pub urgent: bool,
}

pub(crate) fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "Up",
        Direction::Down => "Down",
        Direction::Left => "Left",
        Direction::Right => "Right",
    }
}

/// What the coach says about a move (under the board, and to a screen reader).
pub fn remark(rating: &Rating) -> String {
    let played = direction_name(rating.played);
    let best = direction_name(rating.best);
    match rating.verdict {
        Verdict::Best => format!("Coach: {played}, the best move."),
        Verdict::Good => format!("Coach: {played}, a good move ({best} was best)."),
        Verdict::Inaccuracy => {
            format!("Coach: {played}, an inaccuracy; {best} was best (E compares).")
        }
        Verdict::Mistake => format!("Coach: {played}, a mistake; {best} was best (E compares)."),
    }
}

/// "row 1 column 3" (counted from 1, from the top left).
pub fn place(cell: Cell) -> String {
    format!("row {} column {}", cell.y + 1, cell.x + 1)
}

/// The sentence for a move: its direction, what merged, what appeared, and the score.
/// "Left: two 8s merged into 16, new 2 in row 1 column 3, score 1,204."
pub fn move_sentence(moved: &MoveApplied, score: u64) -> String {
    let direction = direction_name(moved.direction);
    if moved.undone {
        return format!("Undid {direction}, score {}.", grouped(score));
    }
    let mut parts: Vec<String> = Vec::new();
    let merges: Vec<String> = moved
        .merges
        .iter()
        .map(|m| format!("two {}s merged into {}", m.merge.value / 2, m.merge.value))
        .collect();
    if !merges.is_empty() {
        parts.push(merges.join(" and "));
    }
    if let Some((cell, value)) = moved.spawned {
        parts.push(format!("new {value} in {}", place(cell)));
    }
    parts.push(format!("score {}", grouped(score)));
    format!("{direction}: {}.", parts.join(", "))
}

/// A cell as it is read: its value, or "empty".
pub fn cell_name(value: u32) -> String {
    match value {
        0 => "empty".to_string(),
        value => value.to_string(),
    }
}

/// The line under the board's name: "Score 1,204, best 2,000, 55 moves, 4×4 board to 2048."
pub fn status_sentence(game: &Game, best: u64) -> String {
    let config = game.config();
    format!(
        "Score {}, best {}, {} moves, {} board to {}.",
        grouped(game.score()),
        grouped(best),
        game.moves(),
        config.shape(),
        config.target()
    )
}

/// The whole board, row by row: "Row 1: 2, empty, empty, 4. Row 2: …"
pub fn board_sentence(board: &Board) -> String {
    (0..board.rows() as u8)
        .map(|y| {
            let cells: Vec<String> = (0..board.cols() as u8)
                .map(|x| cell_name(board.get(Cell::new(x, y))))
                .collect();
            format!("Row {}: {}.", y + 1, cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A new game's start: "New game: 2 in row 1 column 2, 4 in row 3 column 4."
pub fn new_game_sentence(game: &Game) -> String {
    let tiles: Vec<String> = game
        .board()
        .tiles()
        .map(|(cell, value)| format!("{value} in {}", place(cell)))
        .collect();
    format!("New game: {}.", tiles.join(", "))
}

/// "You win!" and "Game over", with what the player needs to know next.
pub fn ending_sentence(state: GameState, game: &Game) -> Option<String> {
    match state {
        GameState::Won => Some(format!(
            "You win! You reached {}. Keep going, or start a new game.",
            game.config().target()
        )),
        GameState::GameOver => Some(format!(
            "Game over. Score {}, best tile {}. Try again with New Game.",
            grouped(game.score()),
            game.board().max_tile()
        )),
        GameState::Playing => None,
    }
}

fn announce_moves(
    engine: Res<Engine>,
    mut moves: MessageReader<MoveApplied>,
    mut ratings: MessageReader<Rated>,
    mut said: MessageWriter<Announcement>,
) {
    // Keys mashed within a frame: the last move speaks for the frame, with the coach's word on
    // it when the coach rated it this frame (a later rating is said alone).
    let moved = moves.read().last();
    let rated = ratings
        .read()
        .last()
        .filter(|rated| rated.number == engine.moves())
        .map(|rated| remark(&rated.rating));
    let text = match (moved, rated) {
        (Some(moved), Some(rated)) => format!("{} {rated}", move_sentence(moved, engine.score())),
        (Some(moved), None) => move_sentence(moved, engine.score()),
        (None, Some(rated)) => rated,
        (None, None) => return,
    };
    said.write(Announcement {
        text,
        urgent: false,
    });
}

fn announce_endings(
    engine: Res<Engine>,
    state: Res<State<GameState>>,
    mut said: MessageWriter<Announcement>,
) {
    if !state.is_changed() || state.is_added() {
        return;
    }
    if let Some(text) = ending_sentence(*state.get(), &engine) {
        said.write(Announcement { text, urgent: true });
    }
}

/// The whole board and the score, as read aloud on request (the B key).
pub fn reading(game: &Game) -> Announcement {
    Announcement {
        text: format!(
            "{} Score {}.",
            board_sentence(game.board()),
            grouped(game.score())
        ),
        urgent: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_reads_row_by_row() {
        let board = Board::from_rows(&[&[2, 0, 0], &[0, 4, 0], &[0, 0, 1024]]);
        assert_eq!(
            board_sentence(&board),
            "Row 1: 2, empty, empty. Row 2: empty, 4, empty. Row 3: empty, empty, 1024."
        );
    }
}
