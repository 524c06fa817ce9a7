//! How long the game's frames take while the AI plays, and what the coach costs: the real game
//! and view plugins, headless (no rendering: what is left is the game's own work, the search
//! first), with autoplay at its fast pace (a search every frame) on each board size, and the
//! wall time of every frame. Then the coach's rating of a move (its fixed node budget) on the
//! boards of those games. `cargo run --release -p g2048-tools --example ai_frames -- --frames 2000`; with
//! `--size 4 --ai-network assets/ai/ntuple.g2n`, the same with the network read first.
//!
//! With `--normal`, autoplay at the normal pace, where the desktop game searches on a worker
//! thread: frames come 60 a second as on a screen (each waits out the rest of its 1/60 s), and
//! the moves a second show whether the search keeps up with the animations.

use std::time::Instant;

use bevy::prelude::*;
use clap::Parser;
use g2048::ai::move_rating;
use g2048::game::{AiNetwork, Autoplay, GameState, Request};
use g2048::rules::{Board, Config, Direction, MAX_SIZE, MIN_SIZE};
use g2048::testing::{FRAME, app, engine, played, set_board, state};

#[derive(Parser)]
struct Args {
    /// Frames to run on each size (a new game when one ends).
    #[arg(long, default_value_t = 2000)]
    frames: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Autoplay at the normal pace, 60 frames a second (the search off the frame).
    #[arg(long)]
    normal: bool,
    /// Start each size from a late board (1024 down to 2 along the top rows, fewer on 3×3),
    /// where searches go deep, instead of a new game.
    #[arg(long)]
    late: bool,
    /// Only this size (3 to 8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=8))]
    size: Option<u8>,
    /// The AI's network (a shipped file), read before the frames start, as the desktop game
    /// reads `assets/ai/ntuple.g2n` (4×4 only; without it the heuristic plays, as in the
    /// headless app).
    #[arg(long)]
    ai_network: Option<std::path::PathBuf>,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn describe(mut ms: Vec<f64>) -> String {
    ms.sort_by(f64::total_cmp);
    format!(
        "median {:.2} ms, p95 {:.2}, p99 {:.2}, longest {:.2}",
        percentile(&ms, 0.5),
        percentile(&ms, 0.95),
        percentile(&ms, 0.99),
        ms[ms.len() - 1]
    )
}

fn main() {
    let args = Args::parse();
    println!(
        "{} frames a size, autoplay at the {}, {} cores",
        args.frames,
        if args.normal {
            "normal pace (a search on a worker thread between moves), 60 frames a second"
        } else {
            "fast pace (a 12 ms search each frame)"
        },
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let sizes = match args.size {
        Some(n) => usize::from(n)..=usize::from(n),
        None => MIN_SIZE..=MAX_SIZE,
    };
    for size in sizes {
        // A target past reach, so the games run to their end.
        let config = Config::new(size, 1 << 20).expect("every size takes this target");
        let mut app = app(config, args.seed);
        if let Some(file) = &args.ai_network {
            app.insert_resource(AiNetwork::from_file(file.clone()));
            app.world_mut().resource_mut::<AiNetwork>().wanted();
            while app.world().resource::<AiNetwork>().loading() {
                app.update();
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            if size == 4 && !app.world().resource::<AiNetwork>().leaves().is_network() {
                eprintln!(
                    "ai_frames: {} could not be read as a network",
                    file.display()
                );
                std::process::exit(2);
            }
        }
        if args.late {
            set_board(&mut app, late_board(size), 1 << 20);
        }
        let mut frames = Vec::new();
        let mut boards: Vec<(Board, Direction)> = Vec::new();
        let mut moves = 0;
        let mut games = 1;
        let size_started = Instant::now();
        for _ in 0..args.frames {
            if !app.world().resource::<Autoplay>().on {
                if state(&app) == GameState::GameOver {
                    // A lost game is not in progress: no question first.
                    app.world_mut().write_message(Request::NewGame);
                    app.update();
                    app.update();
                    games += 1;
                }
                let fast = app.world().resource::<Autoplay>().fast;
                if fast == args.normal {
                    app.world_mut().write_message(Request::ToggleFast);
                }
                app.world_mut().write_message(Request::ToggleAutoplay);
            }
            let before = *engine(&app).board();
            let moves_before = engine(&app).moves();
            let started = Instant::now();
            app.update();
            frames.push(started.elapsed().as_secs_f64() * 1000.0);
            if args.normal {
                std::thread::sleep(FRAME.saturating_sub(started.elapsed()));
            }
            if engine(&app).moves() == moves_before + 1 {
                moves += 1;
                // The move played, for the coach's timing below.
                if let Some(direction) = Direction::ALL.into_iter().find(|&d| {
                    before.slid(d).0 != before && played(&before, d, engine(&app).board())
                }) {
                    boards.push((before, direction));
                }
            }
        }
        println!(
            "{size}×{size}: {} frames, {moves} moves in {games} game(s) ({:.1} a second); frame {}",
            frames.len(),
            moves as f64 / size_started.elapsed().as_secs_f64(),
            describe(frames)
        );
        let mut rating_ms = Vec::new();
        for (board, direction) in boards.iter().step_by(boards.len().div_ceil(300).max(1)) {
            let started = Instant::now();
            let leaves = app.world().resource::<AiNetwork>().leaves();
            move_rating::rate_by(board, *direction, leaves).expect("a played move has a rating");
            rating_ms.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        if !rating_ms.is_empty() {
            println!(
                "{size}×{size}: the coach's rating ({} boards of these games): {}",
                rating_ms.len(),
                describe(rating_ms)
            );
        }
    }
}

/// A late game's board: the tiles from 1024 down to 2 in a snake along the top rows (64 down to 2
/// on 3×3, so that it keeps three empty cells).
fn late_board(size: usize) -> Board {
    let top = if size == 3 { 6 } else { 10 };
    let mut rows = vec![vec![0u32; size]; size];
    for i in 0..top {
        let (y, x) = (i / size, i % size);
        let x = if y % 2 == 0 { x } else { size - 1 - x };
        rows[y][x] = 1 << (top - i);
    }
    let rows: Vec<&[u32]> = rows.iter().map(Vec::as_slice).collect();
    Board::from_rows(&rows)
}
