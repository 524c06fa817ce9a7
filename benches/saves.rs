//! A long game's save: the size of the game's document and of its history's (printed), the
//! time to load both (the history rebuilt and checked against the game), and the slowest undo
//! (criterion).
//!
//! The game: 5,000 moves on 4×4, played by the AI at a fixed node budget (the same game every
//! run). `cargo bench --bench saves`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use g2048::ai::{packed, search};
use g2048::rules::{CHECKPOINT_EVERY, Config, Game, History, Status};
use g2048::save;

const MOVES: usize = 5_000;

/// A 4×4 game of `MOVES` moves with its history.
fn long_game() -> (Game, History) {
    let mut game = Game::new(Config::new(4, 1 << 20).unwrap(), 2048);
    let mut history = History::new(game.clone());
    while history.len() < MOVES {
        assert_eq!(
            game.status(),
            Status::Playing,
            "lost after {}",
            history.len()
        );
        let board = packed::pack(game.board()).unwrap();
        let choice = search::best_move_within(board, search::Budget::Nodes(20_000)).unwrap();
        game.play(choice.direction);
        history.push(choice.direction, &game);
    }
    (game, history)
}

fn saves(c: &mut Criterion) {
    let (game, history) = long_game();
    let board = save::render_game(&game);
    let moves = save::render_history(&history);
    println!(
        "a {MOVES}-move 4x4 game (best tile {}): the game {} bytes, its history {} bytes",
        game.board().max_tile(),
        board.len(),
        moves.len()
    );
    c.bench_function("load_5000_moves", |b| {
        b.iter(|| {
            let game = save::parse_game(black_box(board.as_bytes())).unwrap();
            save::parse_history(black_box(moves.as_bytes()), &game).unwrap()
        })
    });
    // The slowest undo: back to just before a checkpoint, it replays CHECKPOINT_EVERY - 1
    // moves from the one before.
    let mut worst = history.clone();
    while worst.len() % CHECKPOINT_EVERY != 0 {
        worst.pop();
    }
    c.bench_function("undo_slowest", |b| {
        b.iter_batched(
            || worst.clone(),
            |mut h| h.pop().unwrap(),
            BatchSize::SmallInput,
        )
    });
}

criterion_group!(benches, saves);
criterion_main!(benches);
