//! A long game's replay: the share code's length at 1,000 and 10,000 moves (printed), the time
//! to decode the 10,000-move code (every move played and checked) and the slowest jump of the
//! viewer to a move, alone and as a whole frame of the game (criterion).
//! `cargo bench -p g2048-tools --bench replay`.
//!
//! The game: 10,000 moves on 8×8 (a 4×4 game that long needs a 16384 tile), played by a fixed
//! pattern (left, down, right, down; up when none of them moves), the same game every run.

use std::hint::black_box;

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use g2048::game::{Control, Request};
use g2048::rules::{CHECKPOINT_EVERY, Config, Record};

const MOVES: usize = 10_000;

fn long_game() -> Record {
    let config = Config::new(8, 1 << 20).unwrap();
    let (_, history) = g2048::testing::pattern_game(config, 2048, MOVES);
    assert_eq!(history.len(), MOVES, "ended after {}", history.len());
    history.record().unwrap()
}

fn replay(c: &mut Criterion) {
    let record = long_game();
    for n in [1_000, MOVES] {
        let part = Record {
            stream: None,
            moves: record.moves[..n].to_vec(),
            ..record.clone()
        };
        println!(
            "a {n}-move game: its share code is {} characters",
            part.code().len()
        );
    }
    let code = record.code();
    c.bench_function("decode_10000_moves", |b| {
        b.iter(|| Record::decode(black_box(&code)).unwrap())
    });
    let (_, full, _) = Record::decode(&code).unwrap();
    // The slowest jump: to just before a checkpoint, it replays CHECKPOINT_EVERY - 1 moves
    // from the one before, besides copying the moves up to it.
    let worst = (MOVES / CHECKPOINT_EVERY) * CHECKPOINT_EVERY - 1;
    c.bench_function("jump_slowest_of_10000", |b| {
        b.iter(|| full.prefix(black_box(worst), 0))
    });
    // The same jump in the game, a whole frame of the headless app: the request, the position,
    // the board's tile entities replaced, the view's reaction. Jumps alternate between the
    // slowest move and the first.
    let mut app = g2048::testing::started(g2048::GamePlugin {
        size: None,
        target: None,
        seed: Some(1),
        store: Arc::new(g2048::save::MemoryStore::default()),
        replay: Some(code),
        language: Default::default(),
        daily: false,
        server: None,
    });
    app.update();
    let mut to = 0;
    c.bench_function("frame_with_a_jump_of_10000", |b| {
        b.iter(|| {
            to = if to == worst { 0 } else { worst };
            let seek = Request::Replay(Control::Seek(to as u32));
            app.world_mut().write_message(seek);
            app.update();
        })
    });
}

criterion_group!(benches, replay);
criterion_main!(benches);
