//! Prints a game's share code with the board and score it ends on, as JSON: the browser test's
//! fixture (`web/replay-fixture.json`), made by the native build and checked natively by
//! `tests/suite/replay.rs`.
//!
//!   cargo run -p g2048-tools --example share_code [SIZE] [SEED] [MOVES] > web/replay-fixture.json
//!
//! The moves follow a fixed pattern (left, down, right, down; up when none of them moves).

use g2048::rules::Config;

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
    let (game, history) = g2048::testing::pattern_game(config, seed, moves as usize);
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
