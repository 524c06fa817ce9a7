//! What the game says to a screen reader: one short sentence per move (in a race, with the
//! lead), an urgent one for a win
//! or a loss, the whole board read row by row on request, and the dialog in front with its
//! buttons (each screen's description, `screens`). The sentences and names are plain text, made from the game's own facts, so every
//! platform's accessibility layer (the web page's mirror) says the same thing.

use bevy::prelude::*;

use super::coach::Rated;
use super::keys::KeyTables;
use super::language::Language;
use super::requests::Request;
use super::sets::GameSet;
use super::state::{Engine, MoveApplied};
use super::state::{GameState, Screen};
use crate::ai::move_rating::{Rating, Verdict};
use crate::i18n::Words;
use crate::rules::{Board, Cell, Direction, Game};
use crate::tr;

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

/// "Up", in the player's words.
pub(crate) fn direction_name(direction: Direction, words: &Words) -> String {
    words.get(match direction {
        Direction::Up => "direction-up",
        Direction::Down => "direction-down",
        Direction::Left => "direction-left",
        Direction::Right => "direction-right",
    })
}

/// The coach's word for a move ("mistake"), in the player's words.
pub(crate) fn verdict_word(verdict: Verdict, words: &Words) -> String {
    words.get(match verdict {
        Verdict::Best => "verdict-best",
        Verdict::Good => "verdict-good",
        Verdict::Inaccuracy => "verdict-inaccuracy",
        Verdict::Mistake => "verdict-mistake",
    })
}

/// What the coach says about a move (under the board, and to a screen reader), with the key
/// that compares the four moves.
pub fn remark(rating: &Rating, words: &Words, tables: &KeyTables) -> String {
    let id = match rating.verdict {
        Verdict::Best => "remark-best",
        Verdict::Good => "remark-good",
        Verdict::Inaccuracy => "remark-inaccuracy",
        Verdict::Mistake => "remark-mistake",
    };
    let key = tables
        .of(Screen::Game)
        .key_for(Request::CoachBars, words)
        .unwrap_or_default();
    tr!(
        words,
        id,
        played = direction_name(rating.played, words),
        best = direction_name(rating.best, words),
        key = key
    )
}

/// "row 1 column 3" (counted from 1, from the top left).
pub fn place(cell: Cell, words: &Words) -> String {
    tr!(words, "say-place", row = cell.y + 1, col = cell.x + 1)
}

/// Items said one after the other in a sentence.
fn listed(items: &[String], words: &Words) -> String {
    items.join(&words.get("list-separator"))
}

/// The sentence for a move: its direction, what merged, what appeared, and the score.
/// "Left: two 8 tiles merged into 16, new 2 in row 1 column 3, score 1,204."
pub fn move_sentence(moved: &MoveApplied, score: u64, words: &Words) -> String {
    let direction = direction_name(moved.direction, words);
    if moved.undone {
        return tr!(words, "say-undid", direction = direction, score = score);
    }
    let mut parts: Vec<String> = Vec::new();
    let merges = moved.merges.iter().map(|m| {
        tr!(
            words,
            "say-merge",
            half = (m.merge.value / 2).to_string(),
            value = m.merge.value.to_string()
        )
    });
    if let Some(merges) =
        merges.reduce(|first, second| tr!(words, "say-merges", first = first, second = second))
    {
        parts.push(merges);
    }
    if let Some((cell, value)) = moved.spawned {
        parts.push(tr!(
            words,
            "say-spawn",
            value = value.to_string(),
            place = place(cell, words)
        ));
    }
    parts.push(tr!(words, "say-score", score = score));
    tr!(
        words,
        "say-move",
        direction = direction,
        parts = listed(&parts, words)
    )
}

/// A cell as it is read: its value, or "empty".
pub fn cell_name(value: u32, words: &Words) -> String {
    match value {
        0 => words.get("say-empty"),
        value => value.to_string(),
    }
}

/// The line under the board's name: "Score 1,204, best 2,000, 55 moves, 4×4 board to 2048."
pub fn status_sentence(game: &Game, best: u64, words: &Words) -> String {
    let config = game.config();
    tr!(
        words,
        "say-status",
        score = game.score(),
        best = best,
        moves = game.moves(),
        shape = config.shape().to_string(),
        target = config.target().to_string()
    )
}

/// The whole board, row by row: "Row 1: 2, empty, empty, 4. Row 2: …"
pub fn board_sentence(board: &Board, words: &Words) -> String {
    (0..board.rows() as u8)
        .map(|y| {
            let cells: Vec<String> = (0..board.cols() as u8)
                .map(|x| cell_name(board.get(Cell::new(x, y)), words))
                .collect();
            tr!(words, "say-row", row = y + 1, cells = listed(&cells, words))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A new game's start: "New game: 2 in row 1 column 2, 4 in row 3 column 4."
pub fn new_game_sentence(game: &Game, words: &Words) -> String {
    let tiles: Vec<String> = game
        .board()
        .tiles()
        .map(|(cell, value)| {
            tr!(
                words,
                "say-tile",
                value = value.to_string(),
                place = place(cell, words)
            )
        })
        .collect();
    tr!(words, "say-new-game", tiles = listed(&tiles, words))
}

/// "You win!" and "Game over", with what the player needs to know next.
pub fn ending_sentence(state: GameState, game: &Game, words: &Words) -> Option<String> {
    match state {
        GameState::Won => Some(tr!(
            words,
            "say-won",
            target = game.config().target().to_string()
        )),
        GameState::GameOver => Some(tr!(
            words,
            "say-over",
            score = game.score(),
            tile = game.board().max_tile().to_string()
        )),
        GameState::Playing => None,
    }
}

fn announce_moves(
    engine: Res<Engine>,
    words: Res<Language>,
    tables: Res<KeyTables>,
    race: Res<super::race::Race>,
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
        .map(|rated| remark(&rated.rating, &words, &tables));
    let mut text = match (moved, rated) {
        (Some(moved), Some(rated)) => {
            format!("{} {rated}", move_sentence(moved, engine.score(), &words))
        }
        (Some(moved), None) => move_sentence(moved, engine.score(), &words),
        (None, Some(rated)) => rated,
        (None, None) => return,
    };
    // In a race, the lead after a move (not the ghost's tiles).
    if moved.is_some()
        && let Some(racing) = race.0.as_ref().filter(|racing| racing.outcome.is_none())
    {
        text.push(' ');
        text.push_str(&super::race::lead_label(racing.lead, &words));
        text.push('.');
    }
    said.write(Announcement {
        text,
        urgent: false,
    });
}

fn announce_endings(
    engine: Res<Engine>,
    words: Res<Language>,
    state: Res<State<GameState>>,
    mut said: MessageWriter<Announcement>,
) {
    if !state.is_changed() || state.is_added() {
        return;
    }
    if let Some(text) = ending_sentence(*state.get(), &engine, &words) {
        said.write(Announcement { text, urgent: true });
    }
}

/// The whole board and the score, as read aloud on request (the B key).
pub fn reading(game: &Game, words: &Words) -> Announcement {
    Announcement {
        text: tr!(
            words,
            "say-reading",
            board = board_sentence(game.board(), words),
            score = game.score()
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
            board_sentence(&board, Words::english()),
            "Row 1: 2, empty, empty. Row 2: empty, 4, empty. Row 3: empty, empty, 1024."
        );
    }
}
