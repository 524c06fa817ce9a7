//! Prints what a screen reader hears, in every language (or those named), made by the game's
//! own code from a fixed game: a move's sentence, an undo's, the score line, the board read
//! aloud, a new game's, a win's and a loss's, the coach's word, the new-game question, a
//! statistics line, a history row, a race's lead each way and a race's card. One line each: `LANG<TAB>WHAT<TAB>SENTENCE`, as the
//! screen readers get it (`Words::spoken`). tools/speech-check.py reads them aloud with espeak-ng.
//!   cargo run -p g2048-tools --example sentences [-- fr de ...]

use bevy::prelude::Entity;
use g2048::ai::move_rating::{Rating, Verdict};
use g2048::game::screens::{new_game, stats};
use g2048::game::speech;
use g2048::game::state::{MergedTile, MoveApplied};
use g2048::i18n::{Lang, Words};
use g2048::rules::{Board, Cell, Config, Direction, Game, Merge, Shape};
use g2048::save::PastGame;

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    for lang in Lang::ALL {
        if !wanted.is_empty() && !wanted.iter().any(|w| Lang::parse(w) == Some(lang)) {
            continue;
        }
        let words = Words::new(lang);
        for (what, sentence) in sentences(&words) {
            println!("{}\t{what}\t{}", lang.tag(), words.spoken(&sentence));
        }
    }
}

fn sentences(words: &Words) -> Vec<(&'static str, String)> {
    let merge = |value, x| MergedTile {
        survivor: Entity::PLACEHOLDER,
        merge: Merge {
            from: [Cell::new(x, 0), Cell::new(x + 1, 0)],
            into: Cell::new(x, 0),
            value,
        },
    };
    let mut moved = MoveApplied {
        direction: Direction::Left,
        slides: Vec::new(),
        merges: vec![merge(16, 0), merge(2048, 1)],
        vanished: None,
        spawned: Some((Cell::new(2, 3), 4)),
        undone: false,
        gained: 2064,
    };
    let mut out = vec![("move", speech::move_sentence(&moved, 23_456, words))];
    moved.undone = true;
    out.push(("undo", speech::move_sentence(&moved, 21_392, words)));
    let board = Board::from_rows(&[&[2, 0, 4], &[0, 1024, 0], &[8, 0, 0]]);
    let config = Config::with_shape(Shape::new(3, 3).expect("a 3×3 board"), 2048).expect("valid");
    let game = Game::from_board(config, board, 1);
    out.push(("status", speech::status_sentence(&game, 1_234_567, words)));
    out.push(("board", speech::reading(&game, words).text));
    out.push(("new game", speech::new_game_sentence(&game, words)));
    for state in [
        g2048::game::GameState::Won,
        g2048::game::GameState::GameOver,
    ] {
        out.extend(speech::ending_sentence(state, &game, words).map(|s| ("ending", s)));
    }
    let rating = Rating {
        played: Direction::Up,
        best: Direction::Left,
        verdict: Verdict::Mistake,
        shortfall: 0.2,
        shortfalls: [None; 4],
        thresholds: g2048::ai::move_rating::HEURISTIC_THRESHOLDS,
    };
    // The board's key table, as its plugin registers it: the remark names its key.
    let mut tables = g2048::game::KeyTables::default();
    tables.add(g2048::game::Screen::Game, &g2048::game::screens::play::KEYS);
    out.push(("coach", speech::remark(&rating, words, &tables)));
    out.push(("question", words.get("say-new-game-question")));
    let past = |score, moves| PastGame {
        started_ms: 1_796_041_752_000,
        seed: 1,
        size: Shape::square(4),
        target: 2048,
        score,
        best_tile: 2048,
        moves,
        undos: 0,
        played_ms: 0,
        ai: true,
        over: true,
        code: String::new(),
        extra: Default::default(),
    };
    let games = [past(20_480, 1_021), past(3_001, 1)];
    let figures = stats::figures(&games, Shape::square(4), words);
    out.extend(figures.lines().into_iter().map(|line| ("statistics", line)));
    let question = new_game::question(words);
    out.push(("dialog", question.lines().join(" ")));
    out.push((
        "history",
        g2048::game::screens::history::row_name(&games[0], &games, words),
    ));
    for lead in [1_204, -1, 0] {
        out.push(("race lead", g2048::game::race::lead_label(lead, words)));
    }
    let figures = |score, tile, moves| g2048::game::race::Figures { score, tile, moves };
    let outcome = g2048::game::race::Outcome {
        you: figures(21_204, 2048, 1_021),
        ghost: figures(20_000, 1024, 1_021),
        yours_ended: false,
    };
    let card = g2048::game::screens::race_result::card(outcome, false, words);
    out.push((
        "race card",
        format!("{} {}", card.title, card.lines().join(" ")),
    ));
    out
}
