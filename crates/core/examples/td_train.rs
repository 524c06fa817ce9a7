//! Trains the AI's n-tuple network (`g2048_core::ai::ntuple`) with the trainer of
//! `g2048_core::ai::train`: greedy episodes, learned backward by TD(λ), with temporal coherence
//! and restarts by default (the published recipe), game after game from one seed. The same seed
//! and flags train the same network, on one thread or two (`--threads` changes the speed only;
//! `--lanes` is part of the recipe).
//!
//! Every `--report` games it prints the games so far, the time, the moves a second over those
//! games, their mean score and how many of them reached 2048 to 32768, and adds the same figures
//! as a line to `--log` (CSV, for learning curves). Every `--save-every` games and at the end it
//! writes the network to `--out` (as the saves are written: through a temporary file and a
//! rename, so a kill leaves the last whole network), and with coherence its sums to `--out` plus
//! `.tc` (twice the network's size), so that `--resume` goes on learning at the rates it had.
//! `--resume` takes a network file's tuples and weights (and its `.tc` sums if there are); the
//! games' tiles start again from `--seed`: give another seed to go on with new games.
//!   cargo run --release -p g2048-core --example td_train -- --games 100000 --out target/ntuple.bin
//! tools/train-ai.sh trains the shipped network; docs/ai.md gives the runs and what they gave.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{ArgAction, Parser};
use g2048_core::ai::ntuple::{Network, SIX_TUPLES};
use g2048_core::ai::train::{Game, Recipe, Trainer};

#[derive(Parser)]
struct Args {
    /// Games to train on.
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the games' tiles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The learning rate, shared out between a board's features (above 0 and at most 1; the
    /// published recipe's is 1, with coherence).
    #[arg(long, default_value_t = Recipe::default().alpha, value_parser = rate)]
    alpha: f32,
    /// λ of the returns, 0 to 1 (0: TD(0)).
    #[arg(long, default_value_t = Recipe::default().lambda, value_parser = lambda)]
    lambda: f32,
    /// Temporal coherence: each weight's own rate (`--tc false`: every weight at `--alpha`).
    #[arg(long, default_value_t = Recipe::default().coherence, action = ArgAction::Set)]
    tc: bool,
    /// Restarts from the middle of the episode before (`--restarts false`: every episode a new
    /// game).
    #[arg(long, default_value_t = Recipe::default().restarts, action = ArgAction::Set)]
    restarts: bool,
    /// Episodes a round plays against the same weights before learning from them, in a fixed
    /// order (1: plain online learning; more keeps more threads busy).
    #[arg(long, default_value_t = Recipe::default().lanes as u64, value_parser = clap::value_parser!(u64).range(1..=64))]
    lanes: u64,
    /// Threads that play the lanes (the network learned is the same whatever the number).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Every weight's value before training (a high one makes every unseen pattern look good, so
    /// the early games try them: optimistic initialisation).
    #[arg(long, default_value_t = 0.0, value_parser = finite)]
    initial: f32,
    /// Print the last games' figures every this many games (1 or more).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    report: u64,
    /// Write the network every this many games (rounded up to a report), and at the end.
    #[arg(long, default_value_t = 50_000, value_parser = clap::value_parser!(u64).range(1..))]
    save_every: u64,
    /// Where the network is written.
    #[arg(long, default_value = "target/ntuple.bin")]
    out: PathBuf,
    /// Where each report is added as a CSV line (the file is started again, with a header).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Go on from this network file (its tuples, its weights, and its `.tc` sums where there
    /// are) instead of a new network.
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

fn lambda(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(l) if (0.0..=1.0).contains(&l) => Ok(l),
        _ => Err(format!("{text:?} is not a λ from 0 to 1")),
    }
}

fn finite(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("{text:?} is not a finite number")),
    }
}

/// Where a network's coherence sums are kept: beside it, `.tc` added.
fn sums_path(network: &Path) -> PathBuf {
    let mut name = network.as_os_str().to_owned();
    name.push(".tc");
    PathBuf::from(name)
}

/// Replaces the files at `path` (and its `.tc` beside it, with coherence) all at once each (the
/// saves' own atomic write).
fn save(trainer: &Trainer, path: &Path) -> std::io::Result<()> {
    g2048_core::save::write_atomically(path, trainer.network().to_bytes())?;
    if let Some(sums) = trainer.coherence_bytes() {
        g2048_core::save::write_atomically(&sums_path(path), sums)?;
    }
    Ok(())
}

fn fail(what: std::fmt::Arguments) -> ! {
    eprintln!("td_train: {what}");
    std::process::exit(2)
}

/// The figures of a report: over `games`, `moves` training moves (restarts' included) in
/// `seconds` of training.
fn figures(games: &[Game], moves: u64, seconds: f64) -> (f64, f64, [f64; 5]) {
    let n = games.len().max(1) as f64;
    let mean = games.iter().map(|g| g.score as f64).sum::<f64>() / n;
    let rates = [11, 12, 13, 14, 15]
        .map(|e| 100.0 * games.iter().filter(|g| g.max_exponent >= e).count() as f64 / n);
    (mean, moves as f64 / seconds.max(1e-9), rates)
}

fn main() {
    let args = Args::parse();
    let recipe = Recipe {
        alpha: args.alpha,
        lambda: args.lambda,
        coherence: args.tc,
        restarts: args.restarts,
        lanes: args.lanes as usize,
    };
    let network = match &args.resume {
        Some(path) => Network::read(path).unwrap_or_else(|e| fail(format_args!("{e}"))),
        None => Network::new(&SIX_TUPLES, args.initial).expect("valid tuples"),
    };
    let weights = network.weights().len();
    let mut trainer = Trainer::new(network, recipe, args.seed).with_threads(args.threads as usize);
    let mut resumed_sums = false;
    if let (Some(path), true) = (&args.resume, recipe.coherence) {
        let sums = sums_path(path);
        if let Ok(bytes) = std::fs::read(&sums) {
            trainer
                .resume_coherence(&bytes)
                .unwrap_or_else(|e| fail(format_args!("{}: {e}", sums.display())));
            resumed_sums = true;
        }
    }
    println!(
        "training {} tuples ({weights} weights) on {} games from seed {}, {recipe:?}, {} thread(s){}{}",
        trainer.network().tuples().len(),
        args.games,
        args.seed,
        args.threads,
        match &args.resume {
            Some(path) => format!(", from {}", path.display()),
            None => String::new(),
        },
        if resumed_sums {
            " and its coherence sums"
        } else {
            ""
        },
    );
    // The network is written now, once, so that an output that cannot be written is found
    // before the training, not after its first games.
    if let Err(e) = save(&trainer, &args.out) {
        fail(format_args!("cannot write {}: {e}", args.out.display()));
    }
    let mut log = args.log.as_ref().map(|path| {
        let mut file = std::fs::File::create(path)
            .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
        let header = "games,seconds,moves,moves_per_second,mean_score,\
                      rate_2048,rate_4096,rate_8192,rate_16384,rate_32768";
        writeln!(file, "{header}")
            .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
        file
    });
    let started = Instant::now();
    // Training time only, for the moves a second (not the writes of the network).
    let mut training = 0.0;
    let (mut to_start, mut finished, mut total_moves) = (args.games, 0u64, 0u64);
    let (mut window, mut window_moves, mut window_time) = (Vec::new(), 0u64, 0.0);
    let mut last_save = 0;
    loop {
        let round_started = Instant::now();
        let round = trainer.round(to_start);
        let seconds = round_started.elapsed().as_secs_f64();
        training += seconds;
        to_start -= round.started;
        total_moves += round.moves;
        window_moves += round.moves;
        window_time += seconds;
        let done = round.episodes == 0;
        for game in round.games {
            window.push(game);
            finished += 1;
            if finished % args.report != 0 && finished != args.games {
                continue;
            }
            let (mean, speed, rates) = figures(&window, window_moves, window_time);
            let elapsed = started.elapsed().as_secs_f64();
            println!(
                "game {finished}: {elapsed:.0} s, {:.3} M moves/s; over the last {}: mean score {mean:.0}, \
                 2048 {:.1} %, 4096 {:.1} %, 8192 {:.1} %, 16384 {:.1} %, 32768 {:.1} %",
                speed / 1e6,
                window.len(),
                rates[0],
                rates[1],
                rates[2],
                rates[3],
                rates[4],
            );
            if let (Some(file), Some(path)) = (&mut log, &args.log) {
                let line = format!(
                    "{finished},{elapsed:.1},{total_moves},{speed:.0},{mean:.1},{:.2},{:.2},{:.2},{:.2},{:.2}",
                    rates[0], rates[1], rates[2], rates[3], rates[4]
                );
                writeln!(file, "{line}")
                    .and_then(|()| file.flush())
                    .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
            }
            window.clear();
            window_moves = 0;
            window_time = 0.0;
            if finished - last_save >= args.save_every {
                last_save = finished;
                if let Err(e) = save(&trainer, &args.out) {
                    fail(format_args!("cannot write {}: {e}", args.out.display()));
                }
            }
        }
        if done {
            break;
        }
    }
    if let Err(e) = save(&trainer, &args.out) {
        fail(format_args!("cannot write {}: {e}", args.out.display()));
    }
    println!(
        "{finished} games, {total_moves} moves in {training:.0} s of training ({:.3} M moves/s); written to {}",
        total_moves as f64 / training.max(1e-9) / 1e6,
        args.out.display()
    );
}
