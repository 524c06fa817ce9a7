//! Boards a late-game network trains from (`td_train --openings FILE`): plays greedy games (one
//! move ahead, no search) with a network from `--seed` on, and for each game that makes
//! `--tile` writes the board that move made (its afterstate, before the new tile), one a line
//! as 16 hex digits (the packed board: cell 0, top left, in the lowest 4 bits, each cell's
//! exponent). A game that does not make the tile writes nothing; after a thousand games a
//! board asked for, it stops with what it has (none: an error). docs/ai.md's run:
//!   cargo run --release -p g2048-ai-train --example openings -- NET.bin --tile 16384 --boards 4000 --out openings.txt

use std::io::Write;
use std::path::PathBuf;

use clap::Parser;
use g2048_core::ai::deal::{max_exponent, rng, spawn};
use g2048_core::ai::{packed::Packed, shipped};

#[derive(Parser)]
struct Args {
    /// The network that plays (a trained file or a shipped one).
    net: PathBuf,
    /// The tile whose making is written (a power of two from 4 to 32768).
    #[arg(long, default_value_t = 16384, value_parser = tile)]
    tile: u32,
    /// Boards to write; games are played from `--seed` until there are this many.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    boards: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the boards are written (replaced whole, through a rename).
    #[arg(long)]
    out: PathBuf,
}

fn tile(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(t) if t.is_power_of_two() && (4..=32768).contains(&t) => Ok(t),
        _ => Err(format!("{text:?} is not a tile from 4 to 32768")),
    }
}

fn main() {
    let args = Args::parse();
    let fail = |what: String| -> ! {
        eprintln!("openings: {what}");
        std::process::exit(2)
    };
    let bytes = std::fs::read(&args.net)
        .unwrap_or_else(|e| fail(format!("cannot read {}: {e}", args.net.display())));
    let network = shipped::from_either(&bytes)
        .unwrap_or_else(|e| fail(format!("{}: {e}", args.net.display())));
    let exponent = args.tile.trailing_zeros() as u8;
    let mut boards: Vec<Packed> = Vec::new();
    let mut games = 0u64;
    let most_games = args.boards.saturating_mul(1000);
    while (boards.len() as u64) < args.boards && games < most_games {
        let mut rng = rng(args.seed.wrapping_add(games));
        games += 1;
        let mut board = spawn(spawn(0, &mut rng), &mut rng);
        while let Some((_, after, _)) = network.greedy(board) {
            if max_exponent(after) >= exponent {
                boards.push(after);
                break;
            }
            board = spawn(after, &mut rng);
        }
    }
    if boards.is_empty() {
        fail(format!(
            "none of {games} games from seed {} made {}",
            args.seed, args.tile
        ));
    }
    let mut text = Vec::new();
    for b in &boards {
        writeln!(text, "{b:016x}").expect("a Vec takes the text");
    }
    g2048_core::save::write_atomically(&args.out, text)
        .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", args.out.display())));
    println!(
        "{} boards that made {} in {games} games from seed {} ({:.1} %), written to {}",
        boards.len(),
        args.tile,
        args.seed,
        100.0 * boards.len() as f64 / games as f64,
        args.out.display()
    );
}
