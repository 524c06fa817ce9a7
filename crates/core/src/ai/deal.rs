//! Games on the packed 4×4 board without the rules engine: a seeded random source, a new tile
//! dealt as the rules deal one, and a board's highest tile. The trainer and its programs
//! (crates/ai-train) play their games with these, and so do the shipped network's tests here.

use rand::rngs::Xoshiro256PlusPlus as Rng;
use rand::{RngExt, SeedableRng};

use super::packed::Packed;
use crate::rules::SPAWN_TWO_PROBABILITY;

/// The highest exponent on a board.
pub fn max_exponent(b: Packed) -> u8 {
    (0..16)
        .map(|i| ((b >> (4 * i)) & 0xf) as u8)
        .max()
        .unwrap_or(0)
}

/// A board with a new tile in a random empty cell (a 2 with p 0.9, else a 4), as the rules
/// spawn; unchanged when it has no empty cell.
pub fn spawn(b: Packed, rng: &mut Rng) -> Packed {
    // One bit per empty cell, at the cell's lowest bit.
    let mut x = b | (b >> 2);
    x |= x >> 1;
    let mut empty = !x & 0x1111_1111_1111_1111;
    let count = empty.count_ones();
    if count == 0 {
        return b;
    }
    for _ in 0..rng.random_range(0..count) {
        empty &= empty - 1;
    }
    let exponent: Packed = if rng.random_bool(SPAWN_TWO_PROBABILITY) {
        1
    } else {
        2
    };
    b | exponent << empty.trailing_zeros()
}

/// A seeded random source (the same tiles from the same seed).
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spawn_fills_one_empty_cell_with_a_2_or_a_4() {
        let mut rng = rng(3);
        // Cells 0, 1, 3 and 6 hold tiles (6 a 32768).
        let b: Packed = 0x0000_0000_0F00_3021;
        let mut seen = 0u16;
        let mut fours = 0;
        for _ in 0..2000 {
            let after = spawn(b, &mut rng);
            let new = after ^ b;
            assert_eq!(new.count_ones(), 1, "{after:#018x}");
            let cell = new.trailing_zeros() / 4;
            assert_eq!(
                (b >> (4 * cell)) & 0xf,
                0,
                "{after:#018x} fills a full cell"
            );
            let exponent = new >> (4 * cell);
            assert!(exponent == 1 || exponent == 2);
            fours += usize::from(exponent == 2);
            seen |= 1 << cell;
        }
        // Every empty cell, and a 4 a tenth of the time.
        assert_eq!(seen, !0b0100_1011);
        assert!((120..280).contains(&fours), "{fours}");
        let full = 0x1111_1111_1111_1111;
        assert_eq!(spawn(full, &mut rng), full);
    }

    #[test]
    fn the_highest_exponent_is_found_in_any_cell() {
        assert_eq!(max_exponent(0), 0);
        assert_eq!(max_exponent(0x0000_0000_0F00_3021), 15);
        assert_eq!(max_exponent(0xB000_0000_0000_0021), 11);
    }
}
