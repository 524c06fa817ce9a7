//! What a screen reader hears: a sentence per move, urgent ones for a win and a loss, the new
//! game's tiles, and the whole board on request (B).

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    game::Announcement,
    rules::{Board, Cell, Config},
};

/// The one cell where `after` has a tile that `slid` has not: the spawn.
fn spawn_of(slid: &Board, after: &Board) -> (Cell, u32) {
    after
        .cells()
        .find(|&c| slid.get(c) == 0 && after.get(c) != 0)
        .map(|c| (c, after.get(c)))
        .unwrap()
}

#[test]
fn each_move_is_one_sentence_and_the_board_reads_row_by_row() {
    let mut app = app(Config::default(), 3);
    let board = Board::from_rows(&[&[8, 8, 2, 2], &[0; 4], &[0, 4, 0, 0], &[0; 4]]);
    set_board(&mut app, board, 2048);
    settle(&mut app);
    press(&mut app, KeyCode::ArrowLeft);
    let slid = board.slid(g2048::rules::Direction::Left).0;
    let (cell, value) = spawn_of(&slid, engine(&app).board());
    let expected = format!(
        "Left: two 8 tiles merged into 16 and two 2 tiles merged into 4, new {value} in row {} column {}, score 20.",
        cell.y + 1,
        cell.x + 1
    );
    assert_eq!(
        said(&app),
        [Announcement {
            text: expected,
            urgent: false
        }]
    );
    settle(&mut app);
    press(&mut app, KeyCode::KeyU);
    assert_eq!(said(&app)[0].text, "Undid Left, score 0.");
    settle(&mut app);
    press(&mut app, KeyCode::KeyB);
    assert_eq!(
        said(&app)[0].text,
        "Row 1: 8, 8, 2, 2. Row 2: empty, empty, empty, empty. Row 3: empty, 4, empty, empty. \
         Row 4: empty, empty, empty, empty. Score 0."
    );
}

#[test]
fn a_win_and_a_loss_are_urgent_and_a_new_game_says_its_tiles() {
    let mut app = app(Config::new(3, 32).unwrap(), 3);
    set_board(
        &mut app,
        Board::from_rows(&[&[16, 16, 0], &[0; 3], &[0; 3]]),
        32,
    );
    settle(&mut app);
    press(&mut app, KeyCode::ArrowLeft);
    app.update(); // the state changes the frame after the move
    let won: Vec<Announcement> = said(&app).into_iter().filter(|a| a.urgent).collect();
    assert_eq!(won.len(), 1, "{won:?}");
    assert_eq!(
        won[0].text,
        "You win! You reached 32. Keep going, or start a new game."
    );
    press_and_settle(&mut app, KeyCode::Enter); // keep going
    // One move from the end, whatever spawns: the cell it leaves has no 2 or 4 beside it.
    let last = Board::from_rows(&[&[2, 4, 2], &[4, 2, 16], &[32, 0, 64]]);
    set_board(&mut app, last, 2048);
    press(&mut app, KeyCode::ArrowLeft);
    let mut urgent = Vec::new();
    for _ in 0..3 {
        urgent.extend(said(&app).into_iter().filter(|a| a.urgent).map(|a| a.text));
        app.update();
    }
    assert_eq!(
        urgent,
        ["Game over. Score 0, best tile 64. Try again with New Game."]
    );
    press(&mut app, KeyCode::Enter); // Try again
    let tiles: Vec<String> = engine(&app)
        .board()
        .tiles()
        .map(|(c, v)| format!("{v} in row {} column {}", c.y + 1, c.x + 1))
        .collect();
    assert!(
        said(&app)
            .iter()
            .any(|a| a.text == format!("New game: {}.", tiles.join(", "))),
        "{:?}",
        said(&app)
    );
}
