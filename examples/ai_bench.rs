//! Strength run of the AI: plays whole 4×4 games (continuing after 2048) with the expectimax
//! search and prints how many reach 2048, 4096, 8192 and 16384, the median score, and the
//! median and p95 time per move.
//!   cargo run --release --example ai_bench -- --games 20 --seed 1

use std::time::Instant;

use clap::Parser;
use g2048::ai::{packed, search};
use g2048::rules::{Config, Game, Status};

#[derive(Parser)]
struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many moves (for quick checks).
    #[arg(long)]
    max_moves: Option<u32>,
    /// Stop a game once it makes this tile (16384 is the table's last column; playing on
    /// past it only changes the score and can double a game's length).
    #[arg(long)]
    stop_at: Option<u32>,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let args = Args::parse();
    let mut all_ms = Vec::new();
    let mut results = Vec::new();
    let started = Instant::now();
    println!(
        "{} games from seed {}; the search uses up to {} threads (one per first move, at most this machine's cores)",
        args.games,
        args.seed,
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(4)
    );
    for i in 0..args.games {
        let mut game = Game::new(Config::default(), args.seed + i);
        let mut game_ms = Vec::new();
        loop {
            if game.status() == Status::Won {
                game.keep_going();
            }
            if game.status() == Status::Over
                || args.max_moves.is_some_and(|m| game.moves() >= m)
                || args.stop_at.is_some_and(|t| game.board().max_tile() >= t)
            {
                break;
            }
            let Some(board) = packed::pack(game.board()) else {
                break;
            };
            let t = Instant::now();
            let Some(choice) = search::best_move(board) else {
                break;
            };
            game_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            game.play(choice.direction);
        }
        let max_tile = game.board().max_tile();
        game_ms.sort_by(f64::total_cmp);
        println!(
            "game {:>3} (seed {:>4}): max tile {:>5}, score {:>7}, {:>5} moves, median {:.2} ms/move",
            i + 1,
            args.seed + i,
            max_tile,
            game.score(),
            game.moves(),
            percentile(&game_ms, 0.5)
        );
        all_ms.extend(game_ms);
        results.push((max_tile, game.score()));
    }
    let n = results.len() as f64;
    println!("\n| reached | games |");
    println!("|---|---|");
    for tile in [2048, 4096, 8192, 16384] {
        let count = results.iter().filter(|r| r.0 >= tile).count();
        println!(
            "| {tile} | {count} of {} ({:.0} %) |",
            results.len(),
            100.0 * count as f64 / n
        );
    }
    let mut scores: Vec<f64> = results.iter().map(|r| r.1 as f64).collect();
    scores.sort_by(f64::total_cmp);
    all_ms.sort_by(f64::total_cmp);
    println!(
        "\nmedian score {:.0}; {} moves, median {:.2} ms/move, p95 {:.2} ms/move; {:.0} s in all",
        percentile(&scores, 0.5),
        all_ms.len(),
        percentile(&all_ms, 0.5),
        percentile(&all_ms, 0.95),
        started.elapsed().as_secs_f64()
    );
}
