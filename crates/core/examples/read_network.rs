//! What reading the shipped network costs with its own decoder (`shipped::compact_from_bytes`:
//! inflate a piece at a time and decode each zigzag LEB128 code as it comes), against the same
//! codes decoded by the integer-encoding crate, either streamed (`VarIntReader::read_varint`
//! over a `BufReader` on the inflater) or from the stream inflated whole first
//! (`VarInt::decode_var` on a slice). docs/design.md's table:
//!   cargo run --release -p g2048-core --example read_network -- --rounds 3

use std::io::{BufReader, Read};
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use integer_encoding::{VarInt, VarIntReader};

#[derive(Parser)]
struct Args {
    /// The shipped network.
    #[arg(default_value = "assets/ai/ntuple.g2n")]
    file: PathBuf,
    /// Times each way reads it (alternating).
    #[arg(long, default_value_t = 3)]
    rounds: u32,
}

/// Where the deflated codes start: after the magic, the version, the tuples, the step and the
/// first value (`shipped.rs`'s layout); they end 4 bytes before the end (the checksum).
fn codes_of(bytes: &[u8]) -> &[u8] {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let tuples = u32_at(12) as usize;
    let mut at = 16;
    for _ in 0..tuples {
        at += 1 + usize::from(bytes[at]);
    }
    &bytes[at + 8..bytes.len() - 4]
}

fn main() {
    let args = Args::parse();
    let bytes = std::fs::read(&args.file).unwrap_or_else(|e| {
        eprintln!("read_network: cannot read {}: {e}", args.file.display());
        std::process::exit(2)
    });
    let weights = g2048_core::ai::shipped::compact_from_bytes(&bytes)
        .unwrap_or_else(|e| {
            eprintln!("read_network: {}: {e}", args.file.display());
            std::process::exit(2)
        })
        .weights();
    let codes = codes_of(&bytes);
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    let mut times: [Vec<f64>; 3] = Default::default();
    for _ in 0..args.rounds {
        // The game's reader: checksum, header, tables and codes.
        let t = Instant::now();
        let network = g2048_core::ai::shipped::compact_from_bytes(&bytes).expect("read once");
        times[0].push(ms(t));
        let own = network.codes().to_vec();
        drop(network);

        // The crate, streamed: a byte at a time through `Read`.
        let t = Instant::now();
        let mut stream =
            BufReader::with_capacity(1 << 16, flate2::read::DeflateDecoder::new(codes));
        let mut streamed = vec![0i16; weights];
        for code in &mut streamed {
            *code = stream.read_varint::<i32>().expect("a code") as i16;
        }
        times[1].push(ms(t));
        assert_eq!(streamed, own, "the same codes");
        drop(streamed);

        // The crate on the stream inflated whole (its bytes held at once).
        let t = Instant::now();
        let mut inflated = Vec::new();
        flate2::read::DeflateDecoder::new(codes)
            .read_to_end(&mut inflated)
            .expect("inflates");
        let mut whole = vec![0i16; weights];
        let mut at = 0;
        for code in &mut whole {
            let (value, len) = i32::decode_var(&inflated[at..]).expect("a code");
            *code = value as i16;
            at += len;
        }
        times[2].push(ms(t));
        assert_eq!(whole, own, "the same codes");
        println!(
            "inflated: {} bytes for {weights} codes ({} MB deflated)",
            inflated.len(),
            codes.len() / 1_000_000
        );
    }
    for (name, times) in [
        "own decoder (compact_from_bytes, with checksum and tables)",
        "integer-encoding, read_varint over BufReader<DeflateDecoder>",
        "integer-encoding, decode_var on the stream inflated whole",
    ]
    .iter()
    .zip(&times)
    {
        let shown: Vec<String> = times.iter().map(|t| format!("{t:.0}")).collect();
        println!("{name}: {} ms", shown.join(", "));
    }
}
