//! Prints a game's share code with the board and score it ends on, as JSON: the browser test's
//! fixture (`web/replay-fixture.json`), made by the native build and checked natively by
//! `tests/replay.rs`.
//!
//!   cargo run --example share_code [SIZE] [SEED] [MOVES] > web/replay-fixture.json
//!
//! The moves follow a fixed pattern (left, down, right, down; up when none of them moves).

use g2048::rules::{Config, Direction, History, Status};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let mut next = |default: u64| match args.next() {
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("share_code: {e}: the arguments are SIZE SEED MOVES, whole numbers");
            std::process::exit(2);
        }
        None => default,
    };
    let (size, seed, moves) = (next(4), next(7), next(150));
    let config = match Config::new(size as usize, 2048) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("share_code: {e}");
            std::process::exit(2);
        }
    };
    let (mut game, mut history) = History::seeded(config, seed);
    let cycle = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Down,
    ];
    let mut i = 0;
    while (history.len() as u64) < moves && game.status() != Status::Over {
        if game.status() == Status::Won {
            game.keep_going();
        }
        let Some(direction) = (0..cycle.len())
            .map(|k| cycle[(i + k) % cycle.len()])
            .chain([Direction::Up])
            .find(|&d| game.board().slid(d).2)
        else {
            break;
        };
        i += 1;
        game.play(direction);
        history.push(direction, &game);
    }
    let record = history.record().expect("a seeded game has a record");
    let board: Vec<u32> = game.board().cells().map(|c| game.board().get(c)).collect();
    println!(
        "{}",
        serde_json::json!({
            "code": record.code(),
            "size": size,
            "moves": history.len(),
            "board": board,
            "score": game.score(),
        })
    );
}
