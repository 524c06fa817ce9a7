//! ns per move of the rules engine's slide on random 4×4 boards (criterion).
//!
//! `plan` is what the game runs for every key (the full from/to and merge plan); `slid` is the
//! plan-free path used for move checks; `packed` is the AI's bit-packed engine, one direction at a
//! time with the score, and `packed_all_four` the four moves at once as its search runs them.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use g2048::ai::packed;
use g2048::rules::{Board, Cell, Direction};
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

/// 1,024 random mid-game 4×4 boards: each cell empty (p 0.3) or 2..=2048.
fn boards() -> Vec<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2048);
    (0..1024)
        .map(|_| {
            let mut b = Board::new(4);
            for y in 0..4 {
                for x in 0..4 {
                    if rng.random_bool(0.7) {
                        b.set(Cell::new(x, y), 1 << rng.random_range(1..=11));
                    }
                }
            }
            b
        })
        .collect()
}

fn slide(c: &mut Criterion) {
    let boards = boards();
    let moves = (boards.len() * 4) as u64;
    let mut group = c.benchmark_group("slide_4x4");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("plan", |bench| {
        bench.iter(|| {
            let mut merged = 0usize;
            for b in &boards {
                for d in Direction::ALL {
                    merged += black_box(b).plan(d).merges().len();
                }
            }
            merged
        })
    });
    group.bench_function("slid", |bench| {
        bench.iter(|| {
            let mut score = 0u64;
            for b in &boards {
                for d in Direction::ALL {
                    score += black_box(b).slid(d).1;
                }
            }
            score
        })
    });
    // The AI's engine: the same boards packed in a u64, rows through lookup tables.
    let packed_boards: Vec<u64> = boards.iter().map(|b| packed::pack(b).unwrap()).collect();
    group.bench_function("packed", |bench| {
        bench.iter(|| {
            let mut score = 0u64;
            for &b in &packed_boards {
                for d in Direction::ALL {
                    score += u64::from(packed::slide(black_box(b), d).1);
                }
            }
            score
        })
    });
    // What the search runs: all four moves of a board at once, without scores.
    group.bench_function("packed_all_four", |bench| {
        bench.iter(|| {
            let mut xor = 0u64;
            for &b in &packed_boards {
                for moved in packed::moves(black_box(b)) {
                    xor ^= moved;
                }
            }
            xor
        })
    });
    group.finish();
}

criterion_group!(benches, slide);
criterion_main!(benches);
