//! Trains the AI's n-tuple network (`g2048_core::ai::ntuple`) by TD(0) on afterstates: the network
//! plays greedily, learning after each move, game after game from one seed (the same seed and
//! arguments train the same network). Every `--report` games it prints the last games' mean
//! score and how many of them reached 2048 to 32768, and writes the network to `--out` (as the
//! saves are written, through a temporary file and a rename, so a kill leaves the last whole
//! network). `--resume` starts
//! from a network file's tuples and weights (the games' tiles start again from `--seed`, and
//! `--slow-after` counts from this run's first game: give another seed to go on with new games).
//!   cargo run --release -p g2048-core --example td_train -- --games 100000 --out target/ntuple.bin
//! docs/ai.md gives the runs and what they gave, with their times.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Parser;
use g2048_core::ai::ntuple::{self, Network, SIX_TUPLES};

#[derive(Parser)]
struct Args {
    /// Games to train on.
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The learning rate (shared out between a board's features), above 0 and at most 1.
    #[arg(long, default_value_t = 0.1, value_parser = rate)]
    rate: f32,
    /// After this many games, the learning rate drops to a tenth (0: never).
    #[arg(long, default_value_t = 0)]
    slow_after: u64,
    /// Every weight's value before training (a high one makes every unseen pattern look good, so
    /// the early games try them: optimistic initialisation).
    #[arg(long, default_value_t = 0.0, value_parser = finite)]
    initial: f32,
    /// Print the last games' figures and write the network every this many games (1 or more).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    report: u64,
    /// Where the network is written.
    #[arg(long, default_value = "target/ntuple.bin")]
    out: PathBuf,
    /// Go on from this network file (its tuples, its weights) instead of a new network.
    #[arg(long)]
    resume: Option<PathBuf>,
}

fn rate(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(r) if r > 0.0 && r <= 1.0 => Ok(r),
        _ => Err(format!(
            "{text:?} is not a learning rate above 0 and at most 1"
        )),
    }
}

fn finite(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("{text:?} is not a finite number")),
    }
}

/// Replaces the file at `path` with the network, all at once (the saves' own atomic write).
fn save(network: &Network, path: &Path) -> std::io::Result<()> {
    g2048_core::save::write_atomically(path, network.to_bytes())
}

fn main() {
    let args = Args::parse();
    let mut network = match &args.resume {
        Some(path) => Network::read(path).unwrap_or_else(|e| {
            eprintln!("td_train: {e}");
            std::process::exit(2)
        }),
        None => Network::new(&SIX_TUPLES, args.initial).expect("valid tuples"),
    };
    println!(
        "training {} tuples ({} weights) on {} games from seed {}, rate {}{}",
        network.tuples().len(),
        network
            .tuples()
            .iter()
            .map(|c| 1u64 << (4 * c.len()))
            .sum::<u64>(),
        args.games,
        args.seed,
        args.rate,
        if args.slow_after > 0 {
            format!(" (a tenth after game {})", args.slow_after)
        } else {
            String::new()
        }
    );
    // The network is written now, once, so that an output that cannot be written is found
    // before the training, not after its first games.
    if let Err(e) = save(&network, &args.out) {
        eprintln!("td_train: cannot write {}: {e}", args.out.display());
        std::process::exit(2);
    }
    let mut rng = ntuple::rng(args.seed);
    let started = Instant::now();
    let mut window = Vec::new();
    let mut total_moves = 0u64;
    for game in 1..=args.games {
        let rate = if args.slow_after > 0 && game > args.slow_after {
            args.rate / 10.0
        } else {
            args.rate
        };
        let played = ntuple::train_game(&mut network, &mut rng, rate);
        total_moves += u64::from(played.moves);
        window.push(played);
        if game % args.report == 0 || game == args.games {
            let n = window.len() as f64;
            let mean = window.iter().map(|t| t.score as f64).sum::<f64>() / n;
            let reached: Vec<String> = (11..=15)
                .map(|e| {
                    let k = window.iter().filter(|t| t.max_exponent >= e).count();
                    format!("{}: {:.1} %", 1u32 << e, 100.0 * k as f64 / n)
                })
                .collect();
            let secs = started.elapsed().as_secs_f64();
            println!(
                "game {game}: mean score {mean:.0} over the last {}; {}; {:.0} s, {:.0} moves/s",
                window.len(),
                reached.join(", "),
                secs,
                total_moves as f64 / secs
            );
            window.clear();
            if let Err(e) = save(&network, &args.out) {
                eprintln!("td_train: cannot write {}: {e}", args.out.display());
                std::process::exit(1);
            }
        }
    }
}
