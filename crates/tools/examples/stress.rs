//! Stress run: drives random keys through the whole ECS game (input, apply, view, tweens) on
//! every square board and four others (3×8, 8×3, 5×7, 4×6), with frame times from 0 to 120 ms so most keys land mid-animation, and
//! counts invariant violations. `cargo run --release -p g2048-tools --example stress -- --moves 1000000`.

use std::time::{Duration, Instant};

use bevy::{prelude::*, time::TimeUpdateStrategy};
use clap::Parser;
use g2048::{
    game::Screen,
    rules::{Config, MAX_SIZE, MIN_SIZE, Shape, Status},
    testing::{app_with_frame, check_frame, check_settled, engine, queue_key, screen, settle},
};
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

#[derive(Parser)]
struct Args {
    /// Move keys to press in all (split over the board sizes).
    #[arg(long, default_value_t = 1_000_000)]
    moves: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Settle every tween and check the resting board every this many frames.
    #[arg(long, default_value_t = 500)]
    settle_every: u64,
}

const MOVE_KEYS: [KeyCode; 12] = [
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
    KeyCode::KeyW,
    KeyCode::KeyA,
    KeyCode::KeyS,
    KeyCode::KeyD,
    KeyCode::KeyH,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
];
/// Frame times: none, fast, 60 Hz, slow, and a stall longer than a slide.
const FRAME_MS: [u64; 5] = [0, 5, 17, 50, 120];

#[derive(Default)]
struct Tally {
    keys: u64,
    undos: u64,
    applied: u64,
    frames: u64,
    games: u64,
    wins: u64,
    violations: u64,
}

fn main() {
    let args = Args::parse();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    // The squares, then a wide, a tall and two other shapes.
    let shapes: Vec<Shape> = (MIN_SIZE..=MAX_SIZE)
        .map(Shape::square)
        .chain([(3, 8), (8, 3), (5, 7), (4, 6)].map(|(r, c)| Shape::new(r, c).unwrap()))
        .collect();
    let per_size = args.moves.div_ceil(shapes.len() as u64);
    let mut tally = Tally::default();
    let started = Instant::now();
    for size in shapes {
        // A low target on small boards so wins and "keep going" happen too.
        let target = if size.cells() <= 16 { 256 } else { 2048 };
        let config = Config::with_shape(size, target).unwrap();
        let mut app = app_with_frame(config, rng.random(), Duration::from_millis(17));
        let goal = tally.keys + per_size;
        let report = |what: String, tally: &mut Tally| {
            tally.violations += 1;
            if tally.violations <= 20 {
                eprintln!("violation on {size}, frame {}: {what}", tally.frames);
            }
        };
        tally.games += 1;
        while tally.keys < goal {
            let frame = Duration::from_millis(FRAME_MS[rng.random_range(0..FRAME_MS.len())]);
            app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
            let before = engine(&app).moves();
            for _ in 0..rng.random_range(0..=3) {
                // One key in ten takes a move back.
                if rng.random_ratio(1, 10) {
                    queue_key(&mut app, KeyCode::KeyU);
                    tally.undos += 1;
                } else {
                    queue_key(&mut app, MOVE_KEYS[rng.random_range(0..MOVE_KEYS.len())]);
                    tally.keys += 1;
                }
            }
            let status = engine(&app).status();
            // "Start a new game?" after R: answered yes or no at random.
            if screen(&app) == Screen::ConfirmNewGame {
                let yes = rng.random_bool(0.5);
                tally.games += u64::from(yes);
                queue_key(&mut app, if yes { KeyCode::Enter } else { KeyCode::Escape });
            }
            match status {
                Status::Won => {
                    tally.wins += 1;
                    queue_key(&mut app, KeyCode::Enter);
                }
                Status::Over => {
                    tally.games += 1;
                    queue_key(&mut app, KeyCode::KeyR);
                }
                Status::Playing if rng.random_ratio(1, 20_000) => {
                    queue_key(&mut app, KeyCode::KeyR);
                }
                Status::Playing => {}
            }
            app.update();
            tally.frames += 1;
            let after = engine(&app).moves();
            if status == Status::Playing && after >= before {
                tally.applied += u64::from(after - before);
            }
            if let Err(e) = check_frame(&mut app) {
                report(e, &mut tally);
            }
            if tally.frames.is_multiple_of(args.settle_every) {
                settle(&mut app);
                if let Err(e) = check_settled(&mut app) {
                    report(e, &mut tally);
                }
            }
        }
        settle(&mut app);
        if let Err(e) = check_settled(&mut app) {
            report(e, &mut tally);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "stress: {} move keys pressed through the ECS ({} net moves applied), {} undo keys",
        tally.keys, tally.applied, tally.undos
    );
    println!(
        "stress: {} frames, {} games, {} wins, square boards {MIN_SIZE}..={MAX_SIZE} and 3×8, 8×3, 5×7, 4×6",
        tally.frames, tally.games, tally.wins
    );
    println!(
        "stress: {:.1} s, {:.0} keys/s",
        secs,
        tally.keys as f64 / secs
    );
    println!("stress: invariant violations: {}", tally.violations);
    if tally.violations > 0 {
        std::process::exit(1);
    }
}
