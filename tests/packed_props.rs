//! The AI's packed 4×4 engine against the rules engine: the same board and score after every
//! slide, on random boards in every direction.

use g2048::ai::packed;
use g2048::rules::{Board, Cell, Direction};
use proptest::prelude::*;

/// Random 4×4 boards with tiles up to 2^`max_exponent`.
fn board_up_to(max_exponent: u32) -> impl Strategy<Value = Board> {
    proptest::collection::vec(0..=max_exponent, 16).prop_map(|exponents| {
        let mut b = Board::new(4);
        for (i, &e) in exponents.iter().enumerate() {
            let value = if e == 0 { 0 } else { 1 << e };
            b.set(Cell::new((i % 4) as u8, (i / 4) as u8), value);
        }
        b
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// Tiles up to 16384: two 32768s are the one case the engines differ on.
    #[test]
    fn packed_slides_equal_the_rules_engine(b in board_up_to(14)) {
        let p = packed::pack(&b).unwrap();
        prop_assert_eq!(packed::unpack(p), b);
        for dir in Direction::ALL {
            let (rules_board, rules_score, rules_moved) = b.slid(dir);
            let (moved, score) = packed::slide(p, dir);
            prop_assert_eq!(packed::unpack(moved), rules_board, "{:?}", dir);
            prop_assert_eq!(u64::from(score), rules_score, "{:?}", dir);
            prop_assert_eq!(moved != p, rules_moved, "{:?}", dir);
        }
        let all: Vec<u64> = Direction::ALL.iter().map(|&dir| packed::slide(p, dir).0).collect();
        prop_assert_eq!(packed::moves(p).to_vec(), all);
        prop_assert_eq!(packed::empty_count(p) as usize, b.empty_cells().count());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The AI never suggests a move that does not change the board, and has one whenever the
    /// board can move. (Small tiles only, so the search stays shallow in a test.)
    #[test]
    fn the_ai_only_suggests_moves_that_change_the_board(b in board_up_to(5)) {
        let p = packed::pack(&b).unwrap();
        match g2048::ai::search::best_move(p) {
            Some(choice) => prop_assert!(b.slid(choice.direction).2),
            None => prop_assert!(!b.has_moves()),
        }
    }
}
