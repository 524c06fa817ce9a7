//! How the coach rates moves with either evaluation at its search's leaves, on the same boards:
//! what a rating costs, how often its best move is a deep search's, and how far the other moves
//! fall short of the best (the shares the coach's thresholds cut). It prints, for the network,
//! the thresholds that call the same share of moves best, good, an inaccuracy or a mistake as
//! the heuristic's thresholds do on these boards (docs/ai.md, "The coach, the AI ghost and the
//! review on the network").
//!
//! The boards are those of 4×4 games the network's search plays at `--play-nodes` a move, one
//! move in `--noise` at random (a player's slips, so that the boards are not only an AI's), every
//! `--every`th board before a move. Each is rated by the heuristic within the coach's budget and
//! by the network within each of `--network-nodes`, and searched deeply by both (the
//! references: `--reference-nodes` for the network, 2,000,000 for the heuristic).
//! docs/ai.md's run (its defaults; about 10 minutes on 2 cores):
//!   cargo run --release -p g2048-ai-train --example coach_thresholds

use std::sync::Arc;
use std::time::Instant;

use clap::Parser;
use g2048_core::ai::move_rating::{COACH_BUDGET, HEURISTIC_THRESHOLDS, shortfall};
use g2048_core::ai::search::{self, Appraisal, Budget, Leaves};
use g2048_core::rules::{Board, Config, Direction, Game, Status};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[derive(Parser)]
struct Args {
    /// The network (a shipped file).
    #[arg(long, default_value = "assets/ai/ntuple.g2n")]
    net: std::path::PathBuf,
    /// Games to take boards from (seeds `--seed`, `--seed` + 1, …).
    #[arg(long, default_value_t = 10)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes a move of the games the boards come from.
    #[arg(long, default_value_t = 20_000)]
    play_nodes: u64,
    /// The share of those games' moves played at random.
    #[arg(long, default_value_t = 0.05)]
    noise: f64,
    /// Take every this-many-th board.
    #[arg(long, default_value_t = 10)]
    every: u32,
    /// The network coach's budgets to try, in nodes.
    #[arg(long, value_delimiter = ',', default_values_t = [8_000u64, 20_000, 50_000])]
    network_nodes: Vec<u64>,
    /// The network's deep search, the reference its coach is held against.
    #[arg(long, default_value_t = 300_000)]
    reference_nodes: u64,
}

/// One coach's ratings of the boards.
#[derive(Default)]
struct Coach {
    name: String,
    ms: Vec<f64>,
    /// Every move other than the best one: its shortfall.
    shortfalls: Vec<f32>,
    /// Boards where its best move is each reference's.
    agrees: [usize; 2],
}

fn quantile(sorted: &[f32], q: f64) -> f32 {
    if sorted.is_empty() {
        return f32::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The share of `sorted` at or below `x`.
fn share_within(sorted: &[f32], x: f32) -> f64 {
    sorted.partition_point(|&s| s <= x) as f64 / sorted.len().max(1) as f64
}

fn appraise(board: &Board, budget: Budget, leaves: &Leaves) -> (Appraisal, f64) {
    let t = Instant::now();
    let a = search::appraise_board_by(board, budget, search::threads(), leaves)
        .expect("a sampled board has a move");
    (a, t.elapsed().as_secs_f64() * 1000.0)
}

fn main() {
    let args = Args::parse();
    let bytes = std::fs::read(&args.net).unwrap_or_else(|e| {
        eprintln!("coach_thresholds: cannot read {}: {e}", args.net.display());
        std::process::exit(2)
    });
    let network = g2048_core::ai::shipped::compact_from_bytes(&bytes).unwrap_or_else(|e| {
        eprintln!("coach_thresholds: {}: {e}", args.net.display());
        std::process::exit(2)
    });
    let network = Leaves::Network(Arc::new(network));
    let heuristic = Leaves::Heuristic;

    // The boards.
    let mut boards = Vec::new();
    let started = Instant::now();
    for seed in args.seed..args.seed + args.games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(Config::new(4, 2048).expect("4×4"), seed);
        while game.status() != Status::Over {
            if game.status() == Status::Won {
                game.keep_going();
            }
            if game.moves().is_multiple_of(args.every) {
                boards.push(*game.board());
            }
            let direction = if rng.random_bool(args.noise) {
                Direction::ALL[rng.random_range(0..4)]
            } else {
                match search::appraise_board_by(
                    game.board(),
                    Budget::Nodes(args.play_nodes),
                    search::threads(),
                    &network,
                )
                .and_then(|a| a.best())
                {
                    Some(choice) => choice.direction,
                    None => break,
                }
            };
            game.play(direction);
        }
        eprintln!(
            "seed {seed}: {} moves, largest tile {}, {} boards so far ({:.0} s)",
            game.moves(),
            game.board().max_tile(),
            boards.len(),
            started.elapsed().as_secs_f64()
        );
    }

    let mut coaches = vec![Coach {
        name: format!("heuristic, {COACH_BUDGET:?}"),
        ..Coach::default()
    }];
    for &n in &args.network_nodes {
        coaches.push(Coach {
            name: format!("network, Nodes({n})"),
            ..Coach::default()
        });
    }
    let mut rated = 0;
    for board in &boards {
        let moves = Direction::ALL.iter().filter(|&&d| board.slid(d).2).count();
        if moves < 2 {
            continue; // one move or none: nothing to rate
        }
        rated += 1;
        let references = [
            appraise(board, Budget::Nodes(2_000_000), &heuristic).0,
            appraise(board, Budget::Nodes(args.reference_nodes), &network).0,
        ]
        .map(|a| a.best().expect("a move").direction);
        for (i, coach) in coaches.iter_mut().enumerate() {
            let (a, ms) = if i == 0 {
                appraise(board, COACH_BUDGET, &heuristic)
            } else {
                appraise(board, Budget::Nodes(args.network_nodes[i - 1]), &network)
            };
            coach.ms.push(ms);
            let best = a.best().expect("a move");
            for (k, r) in references.iter().enumerate() {
                coach.agrees[k] += usize::from(best.direction == *r);
            }
            for (d, v) in Direction::ALL.iter().zip(a.values) {
                if let Some(v) = v
                    && *d != best.direction
                {
                    coach.shortfalls.push(shortfall(v, best.value));
                }
            }
        }
    }

    println!(
        "{} boards rated (of {} taken from {} games, seeds {} to {}; {} played at random)",
        rated,
        boards.len(),
        args.games,
        args.seed,
        args.seed + args.games - 1,
        args.noise
    );
    println!();
    println!(
        "| coach | ms a rating: median | p95 | longest | best = heuristic's deep | best = network's deep | other moves' shortfall: p10 | p25 | p50 | p75 | p90 |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let mut heuristic_shares = [0.0; 3];
    for (i, coach) in coaches.iter_mut().enumerate() {
        coach.ms.sort_by(f64::total_cmp);
        coach.shortfalls.sort_by(f32::total_cmp);
        let ms = |q: f64| coach.ms[((coach.ms.len() - 1) as f64 * q).round() as usize];
        let s = |q| quantile(&coach.shortfalls, q) * 100.0;
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {:.1} % | {:.1} % | {:.3} % | {:.3} % | {:.2} % | {:.2} % | {:.1} % |",
            coach.name,
            ms(0.5),
            ms(0.95),
            ms(1.0),
            100.0 * coach.agrees[0] as f64 / rated as f64,
            100.0 * coach.agrees[1] as f64 / rated as f64,
            s(0.1),
            s(0.25),
            s(0.5),
            s(0.75),
            s(0.9),
        );
        if i == 0 {
            let t = HEURISTIC_THRESHOLDS;
            heuristic_shares =
                [t.best, t.good, t.inaccuracy].map(|t| share_within(&coach.shortfalls, t));
        }
    }
    println!();
    println!(
        "The heuristic's thresholds ({}, {}, {}) call {:.1} %, {:.1} % and {:.1} % of the other moves best, good or better, an inaccuracy or better.",
        HEURISTIC_THRESHOLDS.best,
        HEURISTIC_THRESHOLDS.good,
        HEURISTIC_THRESHOLDS.inaccuracy,
        heuristic_shares[0] * 100.0,
        heuristic_shares[1] * 100.0,
        heuristic_shares[2] * 100.0
    );
    for coach in &coaches[1..] {
        let t = heuristic_shares.map(|q| quantile(&coach.shortfalls, q));
        println!(
            "{}: the same shares at shortfalls {:.5}, {:.5}, {:.5}",
            coach.name, t[0], t[1], t[2]
        );
    }
}
