//! The AI's packed 4×4 engine against the rules engine: the same board and score after every
//! slide, on random boards in every direction. And the search on any board size (which plays
//! the rules engine's `Board`) against the packed search on 4×4: the same heuristic, the same
//! moves, the same answer.

use g2048_core::ai::packed;
use g2048_core::ai::search::{self, Budget, SearchBoard};
use g2048_core::rules::{Board, Cell, Direction, MAX_SIZE, MIN_SIZE};
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
    #![proptest_config(crate::cases(5000))]

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
    #![proptest_config(crate::cases(200))]

    /// The AI never suggests a move that does not change the board, and has one whenever the
    /// board can move. (Small tiles only, so the search stays shallow in a test.)
    #[test]
    fn the_ai_only_suggests_moves_that_change_the_board(b in board_up_to(5)) {
        let p = packed::pack(&b).unwrap();
        match g2048_core::ai::search::best_move(p) {
            Some(choice) => prop_assert!(b.slid(choice.direction).2),
            None => prop_assert!(!b.has_moves()),
        }
    }
}

/// Random boards of any size with tiles up to 2^`max_exponent`.
fn any_board_up_to(max_exponent: u32) -> impl Strategy<Value = Board> {
    (MIN_SIZE..=MAX_SIZE).prop_flat_map(move |n| {
        proptest::collection::vec(0..=max_exponent, n * n).prop_map(move |exponents| {
            let mut b = Board::new(n);
            for (i, &e) in exponents.iter().enumerate() {
                let value = if e == 0 { 0 } else { 1 << e };
                b.set(Cell::new((i % n) as u8, (i / n) as u8), value);
            }
            b
        })
    })
}

proptest! {
    #![proptest_config(crate::cases(500))]

    /// On 4×4 the general search sees exactly what the packed one sees: each move's board,
    /// the spawns, the heuristic (bit for bit), the depth; so both choose the same move with
    /// the same value.
    #[test]
    fn the_general_search_agrees_with_the_packed_one_on_4x4(b in board_up_to(13)) {
        let p = packed::pack(&b).unwrap();
        prop_assert_eq!(b.heuristic().to_bits(), p.heuristic().to_bits());
        prop_assert_eq!(SearchBoard::depth_limit(b), p.depth_limit());
        prop_assert_eq!(SearchBoard::empty_count(b), SearchBoard::empty_count(p));
        let general: Vec<u64> = b.moves().iter().map(|m| packed::pack(m).unwrap()).collect();
        prop_assert_eq!(general, p.moves().to_vec());
        let spawns: Vec<(u64, u64)> = b
            .spawns()
            .map(|(two, four)| (packed::pack(&two).unwrap(), packed::pack(&four).unwrap()))
            .collect();
        prop_assert_eq!(spawns, p.spawns().collect::<Vec<_>>());
    }

    /// On every size, the general search's moves are the rules engine's, its spawns fill each
    /// empty cell once with a 2 and once with a 4, and its suggestion changes the board.
    #[test]
    fn the_general_search_plays_every_size_by_the_rules(b in any_board_up_to(6)) {
        let moves = b.moves();
        for (i, dir) in Direction::ALL.into_iter().enumerate() {
            prop_assert_eq!(moves[i], b.slid(dir).0);
        }
        let empty: Vec<Cell> = b.empty_cells().collect();
        let spawns: Vec<(Board, Board)> = b.spawns().collect();
        prop_assert_eq!(spawns.len(), empty.len());
        for (&cell, (two, four)) in empty.iter().zip(&spawns) {
            prop_assert_eq!(two.get(cell), 2);
            prop_assert_eq!(four.get(cell), 4);
            let mut back = *two;
            back.set(cell, 0);
            prop_assert_eq!(back, b);
        }
        match search::best_move_within(b, Budget::Nodes(300)) {
            Some(choice) => prop_assert!(b.slid(choice.direction).2),
            None => prop_assert!(!b.has_moves()),
        }
    }
}

/// The same answer from both searches on a few 4×4 boards, searched three levels deep.
#[test]
fn both_searches_choose_the_same_move_on_4x4() {
    let boards = [
        Board::from_rows(&[
            &[2, 4, 8, 16],
            &[0, 2, 4, 32],
            &[0, 0, 2, 64],
            &[0, 0, 0, 128],
        ]),
        Board::from_rows(&[&[2, 2, 4, 0], &[8, 0, 0, 2], &[0, 4, 0, 0], &[16, 0, 2, 0]]),
        Board::from_rows(&[
            &[1024, 512, 64, 2],
            &[4, 32, 8, 0],
            &[2, 0, 4, 0],
            &[0, 2, 0, 0],
        ]),
    ];
    for b in boards {
        let p = packed::pack(&b).unwrap();
        assert_eq!(
            search::best_move_at_depth(b, 3),
            search::best_move_at_depth(p, 3),
            "{b:?}"
        );
    }
}
