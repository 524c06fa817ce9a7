//! What storing a trained network in fewer bits costs in strength: the network as it is read
//! (a trained file's f32 weights, or a shipped file's), and each way of quantising it the shipped file could use, play the same greedy games (one
//! move ahead, no search; the same seeds for every variant), and each variant's weights are
//! written densely to `--dump DIR` so that their compressed sizes can be measured
//! (`gzip -6 -c DIR/step-32.bin | wc -c`). docs/ai.md's table:
//!   cargo run --release -p g2048-core --example network_formats -- NET.bin --games 1000 --steps 8,32,128,512 --dump /tmp/formats

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use g2048_core::ai::ntuple::Network;
use g2048_core::ai::train::{max_exponent, rng, spawn};

#[derive(Parser)]
struct Args {
    /// The trained network (`td_train`'s file).
    net: PathBuf,
    /// Greedy games each variant plays (seeds `--seed`, `--seed` + 1, …).
    #[arg(long, default_value_t = 2000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also try whole steps of these sizes (`--steps 4,16,64`).
    #[arg(long, value_delimiter = ',')]
    steps: Vec<f32>,
    /// Write each variant's quantised weights here, densely (one byte or two a weight).
    #[arg(long)]
    dump: Option<PathBuf>,
}

/// How a variant stores a weight: the codes it writes and the weight each code reads back as.
enum Format {
    Trained,
    /// Every weight an `i16` times one scale (the shipped format's version 1).
    Linear16,
    /// Each tuple's weights an `i8` times the tuple's own scale.
    Linear8,
    /// Each tuple's weights an `i8` code c, read back as sign(c) (|c| / 127)² times the tuple's
    /// largest weight: fine steps near 0, where most weights are, coarse ones at the ends.
    Sqrt8,
    /// Every weight a whole number of this step, written as a zigzag LEB128 number (one byte
    /// for codes within ±63): the size then follows the step, not a width.
    Step(f32),
}

impl Format {
    fn name(&self) -> &'static str {
        match self {
            Format::Trained => "f32",
            Format::Linear16 => "i16-linear",
            Format::Linear8 => "i8-linear",
            Format::Sqrt8 => "i8-sqrt",
            Format::Step(_) => "step",
        }
    }

    /// The weights as read back, and the codes as bytes (little-endian).
    fn quantise(&self, weights: &[f32], tuple_len: usize) -> (Vec<f32>, Vec<u8>) {
        let largest = |ws: &[f32]| ws.iter().fold(0.0f32, |m, w| m.max(w.abs())).max(1e-9);
        match self {
            Format::Trained => (weights.to_vec(), Vec::new()),
            Format::Linear16 => {
                let scale = largest(weights) / f32::from(i16::MAX);
                let codes: Vec<i16> = weights.iter().map(|w| (w / scale).round() as i16).collect();
                let back = codes.iter().map(|&c| f32::from(c) * scale).collect();
                (back, codes.iter().flat_map(|c| c.to_le_bytes()).collect())
            }
            Format::Step(step) => {
                let mut back = Vec::with_capacity(weights.len());
                let mut bytes = Vec::with_capacity(weights.len());
                for &w in weights {
                    let code = (w / step).round() as i64;
                    back.push(code as f32 * step);
                    let mut z = ((code << 1) ^ (code >> 63)) as u64;
                    while z >= 0x80 {
                        bytes.push((z as u8 & 0x7f) | 0x80);
                        z >>= 7;
                    }
                    bytes.push(z as u8);
                }
                (back, bytes)
            }
            Format::Linear8 | Format::Sqrt8 => {
                let mut back = Vec::with_capacity(weights.len());
                let mut bytes = Vec::with_capacity(weights.len());
                for tuple in weights.chunks(tuple_len) {
                    let top = largest(tuple);
                    for &w in tuple {
                        let code = match self {
                            Format::Linear8 => (w / top * 127.0).round(),
                            _ => (w.abs() / top).sqrt().copysign(w) * 127.0,
                        }
                        .round()
                        .clamp(-127.0, 127.0) as i8;
                        let c = f32::from(code) / 127.0;
                        back.push(match self {
                            Format::Linear8 => c * top,
                            _ => (c * c).copysign(c) * top,
                        });
                        bytes.push(code as u8);
                    }
                }
                (back, bytes)
            }
        }
    }
}

/// A network with these weights (through the training format's bytes: header, then f32s).
fn with_weights(network: &Network, weights: &[f32]) -> Network {
    let mut bytes = network.to_bytes();
    let header = bytes.len() - 4 * weights.len();
    for (slot, w) in bytes[header..].chunks_exact_mut(4).zip(weights) {
        slot.copy_from_slice(&w.to_le_bytes());
    }
    Network::from_bytes(&bytes).expect("the same network's bytes")
}

/// A greedy game: its score and the highest exponent reached (it stops at 32768, which the
/// packed board cannot merge past).
fn greedy_game(network: &Network, seed: u64) -> (u64, u8) {
    let mut rng = rng(seed);
    let mut b = spawn(spawn(0, &mut rng), &mut rng);
    let mut score = 0u64;
    while max_exponent(b) < 15 {
        let Some((_, after, reward)) = network.greedy(b) else {
            break;
        };
        score += u64::from(reward);
        b = spawn(after, &mut rng);
    }
    (score, max_exponent(b))
}

fn main() {
    let args = Args::parse();
    let network = g2048_core::ai::shipped::read(&args.net).unwrap_or_else(|e| {
        eprintln!("network_formats: {e}");
        std::process::exit(2)
    });
    let tuple_len = network.weights().len() / network.tuples().len();
    let moved = network.weights().iter().filter(|&&w| w != 0.0).count();
    println!(
        "{}: {} weights, {moved} moved ({:.1} %); {} greedy games from seed {}",
        args.net.display(),
        network.weights().len(),
        100.0 * moved as f64 / network.weights().len() as f64,
        args.games,
        args.seed
    );
    let formats = [
        Format::Trained,
        Format::Linear16,
        Format::Linear8,
        Format::Sqrt8,
    ]
    .into_iter()
    .chain(args.steps.iter().map(|&s| Format::Step(s)));
    for format in formats {
        let name = match format {
            Format::Step(s) => format!("step-{s}"),
            _ => format.name().to_string(),
        };
        let (weights, bytes) = format.quantise(network.weights(), tuple_len);
        let zero_codes = match format {
            Format::Linear16 => bytes.chunks(2).filter(|c| c == &[0, 0]).count(),
            Format::Step(_) => weights.iter().filter(|&&w| w == 0.0).count(),
            _ => bytes.iter().filter(|&&c| c == 0).count(),
        };
        if let (Some(dir), false) = (&args.dump, bytes.is_empty()) {
            std::fs::create_dir_all(dir).expect("the dump folder");
            std::fs::write(dir.join(format!("{name}.bin")), &bytes).expect("the dump");
        }
        let variant = with_weights(&network, &weights);
        let started = Instant::now();
        let games: Vec<(u64, u8)> = (0..args.games)
            .map(|i| greedy_game(&variant, args.seed + i))
            .collect();
        let rate =
            |e: u8| 100.0 * games.iter().filter(|g| g.1 >= e).count() as f64 / games.len() as f64;
        let mean = games.iter().map(|g| g.0).sum::<u64>() as f64 / games.len() as f64;
        println!(
            "{name:>10}: mean {mean:.0}, 8192 {:.1} %, 16384 {:.1} %, 32768 {:.1} %; codes at 0: {}; {} bytes; {:.0} s",
            rate(13),
            rate(14),
            rate(15),
            zero_codes,
            bytes.len(),
            started.elapsed().as_secs_f64()
        );
    }
}
