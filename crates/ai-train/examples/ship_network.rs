//! Writes a trained network (`td_train`'s file) in the format the game ships
//! (`g2048_core::ai::shipped`: whole steps, deflated, with a checksum), reads it back, and prints
//! the sizes and the largest change a weight took. The shipped file:
//!   cargo run --release -p g2048-ai-train --example ship_network -- target/ai/ntuple.bin assets/ai/ntuple.g2n --step 32

use std::path::PathBuf;

use clap::Parser;
use g2048_core::ai::ntuple::Network;
use g2048_core::ai::shipped;

#[derive(Parser)]
struct Args {
    /// The trained network.
    from: PathBuf,
    /// Where the shipped file is written (through a temporary file and a rename).
    to: PathBuf,
    /// The value of every weight training never moved (td_train's `--initial`).
    #[arg(long, default_value_t = 0.0)]
    initial: f32,
    /// Every weight is rounded to a whole number of this step (docs/ai.md: 32 cost no strength
    /// that 1,000 greedy games could see; 128 cost a fifth of the 16384s).
    #[arg(long, default_value_t = 32.0)]
    step: f32,
}

fn main() {
    let args = Args::parse();
    let network = Network::read(&args.from).unwrap_or_else(|e| {
        eprintln!("ship_network: {e}");
        std::process::exit(2)
    });
    let bytes = shipped::to_bytes(&network, args.initial, args.step);
    let back = shipped::from_bytes(&bytes).expect("the shipped bytes read back");
    let moved = network
        .weights()
        .iter()
        .filter(|&&w| w != args.initial)
        .count();
    let error = network
        .weights()
        .iter()
        .zip(back.weights())
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    let part = args.to.with_extension("part");
    if let Err(e) = std::fs::write(&part, &bytes).and_then(|()| std::fs::rename(&part, &args.to)) {
        eprintln!("ship_network: cannot write {}: {e}", args.to.display());
        std::process::exit(1)
    }
    println!(
        "{}: {} weights, {moved} moved ({:.1} %); {} bytes as trained, {} shipped; largest change {error:.3}",
        args.to.display(),
        network.weights().len(),
        100.0 * moved as f64 / network.weights().len() as f64,
        4 * network.weights().len(),
        bytes.len(),
    );
}
