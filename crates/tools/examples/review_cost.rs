//! What reading a game's luck and skill costs (`ai::luck_and_skill`, docs/ai.md "Luck and skill"): games
//! of a fixed pattern (Left, Down, Right, Down, else Up; the same every run) on each board size,
//! or played by the search with `--ai NODES` (a 4×4 pattern game ends within 300 moves), up to
//! `--moves` moves each, read whole; the time, a move's share, and the frames it spreads over at
//! the game's share of a frame (`game::review::FRAME_SHARE`).
//! `cargo run --release -p g2048-tools --example review_cost -- --moves 1000 10000`; with `--net FILE`, the
//! reviews search by the network instead (to compare: the game's reviews keep the heuristic).

use std::time::Instant;

use clap::Parser;
use g2048::ai::luck_and_skill::Review;
use g2048::ai::search::{Budget, Leaves, appraise_board};
use g2048::ai::shipped::compact_from_bytes;
use g2048::game::review::FRAME_SHARE;
use g2048::rules::{Config, History, MAX_SIZE, MIN_SIZE, Status};
use g2048::testing::pattern_game;

#[derive(Parser)]
struct Args {
    /// The games' lengths, in moves (a game that ends sooner is read as it is).
    #[arg(long, num_args = 1.., default_values_t = [1000, 10000])]
    moves: Vec<usize>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played by the search at this many nodes a move, not by the pattern.
    #[arg(long)]
    ai: Option<u64>,
    /// Score the reviews' searches (not the games') by this network (a shipped file; 4×4 only),
    /// to compare with the heuristic the game's reviews use.
    #[arg(long)]
    net: Option<std::path::PathBuf>,
    /// Only this size (3 to 8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=8))]
    size: Option<u8>,
}

fn main() {
    let args = Args::parse();
    let leaves = match &args.net {
        None => Leaves::Heuristic,
        Some(path) => {
            let network = std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| compact_from_bytes(&bytes).map_err(|e| e.to_string()))
                .unwrap_or_else(|e| {
                    eprintln!("review_cost: {}: {e}", path.display());
                    std::process::exit(2)
                });
            Leaves::Network(std::sync::Arc::new(network))
        }
    };
    println!(
        "{:>5} {:>7} {:>10} {:>9} {:>8} {:>9} {:>8}",
        "board", "moves", "read (s)", "ms/move", "skill", "luck", "frames"
    );
    let sizes = args
        .size
        .map_or(MIN_SIZE..=MAX_SIZE, |s| usize::from(s)..=usize::from(s));
    for size in sizes {
        for &moves in &args.moves {
            let config = Config::new(size, 1 << 30).expect("a board");
            let history = match args.ai {
                Some(nodes) => ai_game(config, args.seed, moves, nodes),
                None => pattern_game(config, args.seed, moves).1,
            };
            let record = history.record().expect("a seeded game's record");
            let started = Instant::now();
            let figures = Review::by(record.start(), record.moves.clone(), leaves.clone()).run();
            let took = started.elapsed();
            let frames = took.as_secs_f64() / FRAME_SHARE.as_secs_f64();
            println!(
                "{:>5} {:>7} {:>10.2} {:>9.3} {:>7.2}% {:>8.2}% {:>8.0}",
                format!("{size}×{size}"),
                figures.moves,
                took.as_secs_f64(),
                took.as_secs_f64() * 1000.0 / figures.moves.max(1) as f64,
                figures.skill * 100.0,
                figures.luck * 100.0,
                frames,
            );
        }
    }
}

/// A game the search plays, `nodes` a move, up to `moves` moves.
fn ai_game(config: Config, seed: u64, moves: usize, nodes: u64) -> History {
    let (mut game, mut history) = History::seeded(config, seed);
    while history.len() < moves && game.status() != Status::Over {
        if game.status() == Status::Won {
            game.keep_going();
        }
        let Some(best) = appraise_board(game.board(), Budget::Nodes(nodes)).and_then(|a| a.best())
        else {
            break;
        };
        game.play(best.direction);
        history.push(best.direction, &game);
    }
    history
}
