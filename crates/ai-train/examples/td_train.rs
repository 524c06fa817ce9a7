//! Trains the AI's n-tuple network (`g2048_core::ai::ntuple`) with the trainer of
//! `g2048_ai_train::train`: greedy episodes, learned backward by TD(λ), with temporal coherence
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
//! Beside them goes `--out` plus `.state`: where the run stands (games done, each lane's random
//! source and restart due, the figures since the last report, and checksums of the network and
//! sums written with it). The same command run again after a kill goes on from there, and ends
//! with the same file as a run that was never stopped; a state of another run (another seed,
//! recipe or game count) is refused, never written over. `--resume` instead takes a network
//! file's tuples and weights (and its `.tc` sums if there are) and starts a new run on them; the
//! games' tiles start again from `--seed`: give another seed to go on with new games.
//!   cargo run --release -p g2048-ai-train --example td_train -- --games 100000 --out target/ntuple.bin
//! `--openings FILE` starts every game from one of the file's boards (`examples/openings.rs`):
//! a network for the late game, trained from boards that just made 16384.
//! tools/train-ai.sh trains the shipped network; docs/ai.md gives the runs and what they gave.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{ArgAction, Parser};
use g2048_ai_train::train::{LaneState, Recipe, Trainer, TrainingGame, read_openings};
use g2048_core::ai::ntuple::{Network, TUPLE_SETS, tuple_set};
use serde::{Deserialize, Serialize};

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
    /// The tuples of a new network: `six` (four 6-cell tuples, 67 M weights: the desktop's) or
    /// `five` (the same shapes one cell short, 4 M weights: small enough for the web page).
    /// A network gone on from (`--resume`, a saved run) keeps its own.
    #[arg(long, default_value = "six", value_parser = TUPLE_SETS.map(|(name, _)| name), conflicts_with = "resume")]
    tuples: String,
    /// Print the last games' figures every this many games (1 or more).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    report: u64,
    /// Write the network and the run's state every this many games (at the end of the round
    /// that reaches them), and at the end.
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
    /// Start every game from one of these boards instead of an empty board (`examples/
    /// openings.rs` writes them: one a line, 16 hex digits); a network for the late game
    /// trains from the boards that just made 16384, and its 32768 rate is then how often
    /// they go on to it.
    #[arg(long)]
    openings: Option<PathBuf>,
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

/// Where a run's state is kept: beside its network, `.state` added.
fn state_path(network: &Path) -> PathBuf {
    let mut name = network.as_os_str().to_owned();
    name.push(".state");
    PathBuf::from(name)
}

/// What makes two runs the same run: the flags that change the network.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Run {
    seed: u64,
    games: u64,
    alpha: f32,
    lambda: f32,
    tc: bool,
    restarts: bool,
    lanes: u64,
    initial: f32,
    /// CRC-32 of the openings file, if the games start from one.
    #[serde(default)]
    openings: Option<u32>,
    /// The new network's tuples (`--tuples`); a state from before the flag was a `six` run.
    #[serde(default = "six")]
    tuples: String,
}

fn six() -> String {
    "six".to_string()
}

/// Where a run stands after a round: what it needs to go on as if it had not stopped.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct State {
    run: Run,
    finished: u64,
    total_moves: u64,
    /// The time the run had taken (its log's clock goes on from there).
    seconds: f64,
    /// The games since the last report (score, moves, highest exponent), and their moves.
    window: Vec<(u64, u32, u8)>,
    window_moves: u64,
    window_seconds: f64,
    lanes: Vec<LaneState>,
    /// CRC-32 of the network file and of the sums' file written with this state.
    network_crc: u32,
    sums_crc: Option<u32>,
}

/// Replaces the files at `path` (and its `.tc` beside it, with coherence, and with `state` its
/// `.state`) each all at once (the saves' own atomic write), the state last.
fn save(trainer: &Trainer, path: &Path, state: Option<State>) -> std::io::Result<()> {
    let network = trainer.network().to_bytes();
    let network_crc = crc32fast::hash(&network);
    g2048_core::save::write_atomically(path, network)?;
    let mut sums_crc = None;
    if let Some(sums) = trainer.coherence_bytes() {
        sums_crc = Some(crc32fast::hash(&sums));
        g2048_core::save::write_atomically(&sums_path(path), sums)?;
    }
    if let Some(state) = state {
        let state = State {
            network_crc,
            sums_crc,
            ..state
        };
        let json = serde_json::to_vec(&state).expect("a state serialises");
        g2048_core::save::write_atomically(&state_path(path), json)?;
    }
    Ok(())
}

/// The trainer and state of the run `run` saved at `out`, if there is one; a state of another
/// run, or files that do not match their state, stop the program with the reason.
fn saved_run(out: &Path, run: &Run, recipe: Recipe, threads: usize) -> Option<(Trainer, State)> {
    let path = state_path(out);
    let json = match std::fs::read(&path) {
        Ok(json) => json,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => fail(format_args!("cannot read {}: {e}", path.display())),
    };
    let state: State = serde_json::from_slice(&json)
        .unwrap_or_else(|e| fail(format_args!("{} is not a run's state: {e}", path.display())));
    if state.run != *run {
        fail(format_args!(
            "{} is the state of another run ({:?}); give another --out, or remove it to start \
             this one there",
            path.display(),
            state.run
        ));
    }
    let bytes = std::fs::read(out)
        .unwrap_or_else(|e| fail(format_args!("cannot read {}: {e}", out.display())));
    if crc32fast::hash(&bytes) != state.network_crc {
        fail(format_args!(
            "{} is not the network its state was saved with (stopped between their writes?)",
            out.display()
        ));
    }
    let network = Network::from_bytes(&bytes)
        .unwrap_or_else(|e| fail(format_args!("{}: {e}", out.display())));
    let mut trainer = Trainer::new(network, recipe, run.seed).with_threads(threads);
    if let Some(crc) = state.sums_crc {
        let sums_path = sums_path(out);
        let sums = std::fs::read(&sums_path)
            .unwrap_or_else(|e| fail(format_args!("cannot read {}: {e}", sums_path.display())));
        if crc32fast::hash(&sums) != crc {
            fail(format_args!(
                "{} is not the sums its state was saved with",
                sums_path.display()
            ));
        }
        trainer
            .resume_coherence(&sums)
            .unwrap_or_else(|e| fail(format_args!("{}: {e}", sums_path.display())));
    }
    trainer
        .resume_lanes(&state.lanes)
        .unwrap_or_else(|e| fail(format_args!("{}: {e}", path.display())));
    Some((trainer, state))
}

fn fail(what: std::fmt::Arguments) -> ! {
    eprintln!("td_train: {what}");
    std::process::exit(2)
}

/// The figures of a report: over `games`, `moves` training moves (restarts' included) in
/// `seconds` of training.
fn figures(games: &[TrainingGame], moves: u64, seconds: f64) -> (f64, f64, [f64; 5]) {
    let n = games.len().max(1) as f64;
    let mean = games.iter().map(|g| g.score as f64).sum::<f64>() / n;
    let rates = [11, 12, 13, 14, 15]
        .map(|e| 100.0 * games.iter().filter(|g| g.max_exponent >= e).count() as f64 / n);
    (mean, moves as f64 / seconds.max(1e-9), rates)
}

fn main() {
    let args = Args::parse();
    // The boards, and the file's CRC-32 for the run's state.
    let openings = args
        .openings
        .as_deref()
        .map(|path| read_openings(path).unwrap_or_else(|e| fail(format_args!("{e}"))));
    let recipe = Recipe {
        alpha: args.alpha,
        lambda: args.lambda,
        coherence: args.tc,
        restarts: args.restarts,
        lanes: args.lanes as usize,
    };
    let run = Run {
        seed: args.seed,
        games: args.games,
        alpha: args.alpha,
        lambda: args.lambda,
        tc: args.tc,
        restarts: args.restarts,
        lanes: args.lanes,
        initial: args.initial,
        openings: openings.as_ref().map(|(_, crc)| *crc),
        tuples: args.tuples.clone(),
    };
    let threads = args.threads as usize;
    // The run saved at --out, if this command's run was stopped there; else a new one.
    let saved = match args.resume {
        Some(_) => None,
        None => saved_run(&args.out, &run, recipe, threads),
    };
    let going_on = saved.is_some();
    let (trainer, mut state) = match saved {
        Some(saved) => saved,
        None => {
            let network = match &args.resume {
                Some(path) => Network::read(path).unwrap_or_else(|e| fail(format_args!("{e}"))),
                None => {
                    let tuples = tuple_set(&args.tuples).expect("clap took a set's name");
                    Network::new(tuples, args.initial).expect("valid tuples")
                }
            };
            let mut trainer = Trainer::new(network, recipe, args.seed).with_threads(threads);
            if let (Some(path), true) = (&args.resume, recipe.coherence) {
                let sums = sums_path(path);
                if let Ok(bytes) = std::fs::read(&sums) {
                    trainer
                        .resume_coherence(&bytes)
                        .unwrap_or_else(|e| fail(format_args!("{}: {e}", sums.display())));
                }
            }
            let state = State {
                run: run.clone(),
                finished: 0,
                total_moves: 0,
                seconds: 0.0,
                window: Vec::new(),
                window_moves: 0,
                window_seconds: 0.0,
                lanes: trainer.lanes(),
                network_crc: 0,
                sums_crc: None,
            };
            (trainer, state)
        }
    };
    let mut trainer = match openings {
        Some((boards, _)) => {
            println!(
                "each game starts from one of {} boards of {}",
                boards.len(),
                args.openings.as_ref().expect("read").display()
            );
            trainer.with_openings(boards)
        }
        None => trainer,
    };
    println!(
        "training {} tuples ({} weights) on {} games from seed {}, {recipe:?}, {threads} thread(s){}",
        trainer.network().tuples().len(),
        trainer.network().weights().len(),
        args.games,
        args.seed,
        match (&args.resume, going_on) {
            (Some(path), _) => format!(", from {}", path.display()),
            (None, true) => format!(", going on after game {}", state.finished),
            (None, false) => String::new(),
        },
    );
    // The network is written now, once, so that an output that cannot be written is found
    // before the training, not after its first games.
    if !going_on && let Err(e) = save(&trainer, &args.out, Some(state.clone())) {
        fail(format_args!("cannot write {}: {e}", args.out.display()));
    }
    let mut log = args.log.as_ref().map(|path| {
        // A run going on adds to its log; a new one starts it again.
        let opened = if going_on {
            std::fs::OpenOptions::new().append(true).open(path)
        } else {
            std::fs::File::create(path).and_then(|mut file| {
                writeln!(
                    file,
                    "games,seconds,moves,moves_per_second,mean_score,\
                     rate_2048,rate_4096,rate_8192,rate_16384,rate_32768"
                )?;
                Ok(file)
            })
        };
        opened.unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())))
    });
    let started = Instant::now();
    // Training time only, for the moves a second (not the writes of the network).
    let mut training = 0.0;
    let mut window: Vec<TrainingGame> = state
        .window
        .iter()
        .map(|&(score, moves, max_exponent)| TrainingGame {
            score,
            moves,
            max_exponent,
        })
        .collect();
    let mut window_time = state.window_seconds;
    let mut last_save = state.finished;
    let moves_before = state.total_moves;
    loop {
        let to_start = args.games - state.finished;
        let round_started = Instant::now();
        let round = trainer.round(to_start);
        let seconds = round_started.elapsed().as_secs_f64();
        training += seconds;
        state.total_moves += round.moves;
        state.window_moves += round.moves;
        window_time += seconds;
        let done = round.episodes == 0;
        for game in round.games {
            window.push(game);
            state.finished += 1;
            let finished = state.finished;
            if finished % args.report != 0 && finished != args.games {
                continue;
            }
            let (mean, speed, rates) = figures(&window, state.window_moves, window_time);
            let elapsed = state.seconds + started.elapsed().as_secs_f64();
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
                    "{finished},{elapsed:.1},{},{speed:.0},{mean:.1},{:.2},{:.2},{:.2},{:.2},{:.2}",
                    state.total_moves, rates[0], rates[1], rates[2], rates[3], rates[4]
                );
                writeln!(file, "{line}")
                    .and_then(|()| file.flush())
                    .unwrap_or_else(|e| fail(format_args!("cannot write {}: {e}", path.display())));
            }
            window.clear();
            state.window_moves = 0;
            window_time = 0.0;
        }
        // Saved between rounds, where the lanes' states are whole.
        if state.finished - last_save >= args.save_every || done {
            last_save = state.finished;
            let saving = State {
                seconds: state.seconds + started.elapsed().as_secs_f64(),
                window: window
                    .iter()
                    .map(|g| (g.score, g.moves, g.max_exponent))
                    .collect(),
                window_seconds: window_time,
                lanes: trainer.lanes(),
                ..state.clone()
            };
            if let Err(e) = save(&trainer, &args.out, Some(saving)) {
                fail(format_args!("cannot write {}: {e}", args.out.display()));
            }
        }
        if done {
            break;
        }
    }
    // A run that went on from a state: its moves a second are of this part's moves only.
    let moves_now = state.total_moves - moves_before;
    println!(
        "{} games, {} moves in all; {moves_now} moves in {training:.0} s of training this time ({:.3} M moves/s); written to {}",
        state.finished,
        state.total_moves,
        moves_now as f64 / training.max(1e-9) / 1e6,
        args.out.display()
    );
}
