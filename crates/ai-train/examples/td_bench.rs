//! How fast the trainer (`g2048_ai_train::train`) learns: training moves a second, on one
//! thread and on more, over the same games from the same seed (the threads change the speed,
//! never the network: the run checks that every thread count made the same weights).
//!   cargo run --release -p g2048-ai-train --example td_bench -- --games 2000 --threads 1,2
//! A new network's first games are short and touch few weights (they stay in the caches); a
//! trained one's (`--net`, or after `--warmup` games) are long and touch many, which is slower
//! a move.

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use g2048_ai_train::train::{Recipe, Trainer};
use g2048_core::ai::ntuple::{Network, tuple_set};

#[derive(Parser)]
struct Args {
    /// Games each run trains on.
    #[arg(long, default_value_t = 2000)]
    games: u64,
    /// Seed of the games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The thread counts to time, in turn.
    #[arg(long, value_delimiter = ',', default_value = "1,2")]
    threads: Vec<usize>,
    /// Episodes a round plays against the same weights.
    #[arg(long, default_value_t = Recipe::default().lanes)]
    lanes: usize,
    /// λ of the returns.
    #[arg(long, default_value_t = Recipe::default().lambda)]
    lambda: f32,
    /// Temporal coherence.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    tc: bool,
    /// Restarts from the middle of the last episode.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    restarts: bool,
    /// Start from this network file (a trained one) instead of a new network.
    #[arg(long)]
    net: Option<PathBuf>,
    /// The new network's tuples: `six` (4×6) or `five` (4×5), as `td_train --tuples`.
    #[arg(long, default_value = "six", value_parser = tuple_set)]
    tuples: &'static [&'static [u8]],
    /// Games trained first, not timed (on every thread of the list's largest count): each timed
    /// run goes on from there, with longer games and more weights in use than a new network's.
    #[arg(long, default_value_t = 0)]
    warmup: u64,
}

/// Trains `games` more games (and the restarts they leave due); the moves, the time spent
/// learning, and the games' total score.
fn train(trainer: &mut Trainer, games: u64) -> (u64, f64, u64) {
    let (mut left, mut moves, mut learning, mut score) = (games, 0u64, 0.0, 0u64);
    loop {
        let round = trainer.round(left);
        left -= round.started;
        moves += round.moves;
        learning += round.learning.as_secs_f64();
        score += round.games.iter().map(|g| g.score).sum::<u64>();
        if round.episodes == 0 {
            return (moves, learning, score);
        }
    }
}

fn main() {
    let args = Args::parse();
    let network = match &args.net {
        Some(path) => Network::read(path).unwrap_or_else(|e| {
            eprintln!("td_bench: {e}");
            std::process::exit(2)
        }),
        None => Network::new(args.tuples, 0.0).expect("valid tuples"),
    };
    let recipe = Recipe {
        lanes: args.lanes.max(1),
        lambda: args.lambda,
        coherence: args.tc,
        restarts: args.restarts,
        alpha: if args.tc { 1.0 } else { 0.1 },
    };
    println!(
        "{} games from seed {}, {recipe:?}{}",
        args.games,
        args.seed,
        args.net
            .as_ref()
            .map(|p| format!(", from {}", p.display()))
            .unwrap_or_default()
    );
    let most = args.threads.iter().copied().max().unwrap_or(1);
    let mut warm = Trainer::new(network, recipe, args.seed).with_threads(most);
    if args.warmup > 0 {
        let started = Instant::now();
        let (moves, _, score) = train(&mut warm, args.warmup);
        println!(
            "warm-up: {} games, {moves} moves in {:.1} s, mean score {:.0}",
            args.warmup,
            started.elapsed().as_secs_f64(),
            score as f64 / args.warmup as f64
        );
    }
    let mut first: Option<(f64, Network)> = None;
    for &threads in &args.threads {
        let mut trainer = warm.clone().with_threads(threads);
        let started = Instant::now();
        let cpu_started = cpu_seconds();
        let (moves, learning, score) = train(&mut trainer, args.games);
        let secs = started.elapsed().as_secs_f64();
        let rate = moves as f64 / secs;
        let per_core = match (cpu_started, cpu_seconds()) {
            (Some(a), Some(b)) if b > a => format!(
                " ({:.2} s of processor time: {:.3} M moves a processor second)",
                b - a,
                moves as f64 / (b - a) / 1e6
            ),
            _ => String::new(),
        };
        let trained = trainer.into_network();
        let versus = match &first {
            Some((base, net)) => format!(
                "; {:.2}× the first; {} weights",
                rate / base,
                if *net == trained {
                    "the same"
                } else {
                    "DIFFERENT"
                }
            ),
            None => String::new(),
        };
        println!(
            "{threads} thread(s): {moves} moves in {secs:.2} s ({:.0} % learning), {:.3} M moves/s{per_core}, mean score {:.0}{versus}",
            100.0 * learning / secs,
            rate / 1e6,
            score as f64 / args.games as f64
        );
        if first.is_none() {
            first = Some((rate, trained));
        }
    }
}

/// The processor time this process has had (user and system, all threads), where the system
/// tells it (Linux's /proc): on a machine shared with other work, moves per processor second
/// say more of the trainer than moves per second of the clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // Linux counts them in USER_HZ, 100 a second on every platform it runs on today.
    Some(ticks / 100.0)
}
