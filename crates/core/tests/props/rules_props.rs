//! Property tests of the rules engine on random boards of every size (3×3 to 8×8).

use std::collections::HashSet;

use g2048_core::rules::{Board, Cell, Config, Direction, Game, MAX_SIZE, MIN_SIZE};
use proptest::prelude::*;

/// A random board: each cell empty or 2^1..2^11, with a bias to empty cells and small tiles.
fn board() -> impl Strategy<Value = Board> {
    (MIN_SIZE..=MAX_SIZE).prop_flat_map(|n| {
        prop::collection::vec(
            prop_oneof![3 => Just(0u32), 5 => 1u32..=4, 2 => 5u32..=11],
            n * n,
        )
        .prop_map(move |exps| {
            let mut b = Board::new(n);
            for (i, e) in exps.into_iter().enumerate() {
                let cell = Cell::new((i % n) as u8, (i / n) as u8);
                b.set(cell, if e == 0 { 0 } else { 1 << e });
            }
            b
        })
    })
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

proptest! {
    #![proptest_config(crate::cases(2000))]

    #[test]
    fn a_slide_conserves_the_tile_sum(b in board(), d in direction()) {
        prop_assert_eq!(b.plan(d).board.sum(), b.sum());
    }

    #[test]
    fn no_tile_merges_twice(b in board(), d in direction()) {
        let plan = b.plan(d);
        let mut sources = HashSet::new();
        let mut targets = HashSet::new();
        for m in plan.merges() {
            prop_assert_ne!(m.from[0], m.from[1]);
            prop_assert!(sources.insert(m.from[0]), "{:?} merged twice", m.from[0]);
            prop_assert!(sources.insert(m.from[1]), "{:?} merged twice", m.from[1]);
            prop_assert!(targets.insert(m.into), "two merges into {:?}", m.into);
            prop_assert_eq!(b.get(m.from[0]), b.get(m.from[1]));
            prop_assert_eq!(m.value, 2 * b.get(m.from[0]));
            prop_assert_eq!(plan.board.get(m.into), m.value);
        }
        // Each merge removes exactly one tile.
        prop_assert_eq!(
            plan.board.tiles().count(),
            b.tiles().count() - plan.merges().len()
        );
    }

    #[test]
    fn the_plan_accounts_for_every_tile(b in board(), d in direction()) {
        let plan = b.plan(d);
        let from: HashSet<Cell> = plan.slides().iter().map(|s| s.from).collect();
        let occupied: HashSet<Cell> = b.tiles().map(|(c, _)| c).collect();
        prop_assert_eq!(plan.slides().len(), occupied.len());
        prop_assert_eq!(from, occupied);
        for s in plan.slides() {
            // Tiles stay on their line and end on an occupied cell.
            prop_assert!(s.from.x == s.to.x || s.from.y == s.to.y);
            prop_assert!(plan.board.get(s.to) != 0);
        }
    }

    #[test]
    fn moved_is_true_exactly_when_the_board_changed(b in board(), d in direction()) {
        let plan = b.plan(d);
        prop_assert_eq!(plan.moved, plan.board != b);
        let (fast, score, moved) = b.slid(d);
        prop_assert_eq!(fast, plan.board);
        prop_assert_eq!(score, plan.score);
        prop_assert_eq!(moved, plan.moved);
    }

    #[test]
    fn the_score_gained_is_the_sum_of_merged_values(b in board(), d in direction()) {
        let plan = b.plan(d);
        let merged: u64 = plan.merges().iter().map(|m| u64::from(m.value)).sum();
        prop_assert_eq!(plan.score, merged);
    }

    #[test]
    fn a_second_slide_merges_only_tiles_the_first_one_made(b in board(), d in direction()) {
        let first = b.plan(d);
        let made: HashSet<Cell> = first.merges().iter().map(|m| m.into).collect();
        let second = first.board.plan(d);
        for m in second.merges() {
            prop_assert!(
                made.contains(&m.from[0]) || made.contains(&m.from[1]),
                "{:?} merged tiles the first slide did not make", m
            );
        }
        if first.merges().is_empty() {
            prop_assert!(!second.moved, "a compacted board without merges cannot move again");
        }
    }

    #[test]
    fn has_moves_agrees_with_trying_every_direction(b in board()) {
        let any = Direction::ALL.iter().any(|&d| b.plan(d).moved);
        if b.tiles().next().is_none() {
            // A board without tiles (never a game's, which always holds some): nothing slides,
            // yet it is not stuck, as a tile is dealt onto it.
            prop_assert!(b.has_moves() && !any);
        } else {
            prop_assert_eq!(b.has_moves(), any);
        }
    }

    #[test]
    fn a_turn_spawns_one_tile_on_an_empty_cell_only_after_a_change(
        b in board(), d in direction(), seed in any::<u64>()
    ) {
        let config = Config::with_shape(b.shape(), 1 << 20).unwrap();
        let mut game = Game::from_board(config, b, seed);
        prop_assume!(game.status() == g2048_core::rules::Status::Playing);
        let turn = game.play(d).unwrap();
        match turn.spawned {
            Some((cell, value)) => {
                prop_assert!(turn.plan.moved);
                prop_assert_eq!(turn.plan.board.get(cell), 0, "spawned on a tile");
                prop_assert!(value == 2 || value == 4);
                prop_assert_eq!(game.board().sum(), b.sum() + u64::from(value));
            }
            None => {
                prop_assert!(!turn.plan.moved);
                prop_assert_eq!(game.board(), &b);
            }
        }
    }
}

/// How many cases a property test given `own` cases runs.
fn cases_run(own: u32) -> u32 {
    let ran = std::cell::Cell::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(crate::cases(own));
    runner
        .run(&any::<u8>(), |_| {
            ran.set(ran.get() + 1);
            Ok(())
        })
        .unwrap();
    ran.get()
}

/// The property tests run their own count of cases, or `PROPTEST_CASES`'s for a run that sets
/// it: this test runs once more, alone, in a copy of the suite with the variable set.
#[test]
fn a_property_test_runs_its_own_count_of_cases_or_proptest_cases() {
    let asked = std::env::var("PROPTEST_CASES").ok();
    if let Some(asked) = asked.and_then(|n| n.parse::<u32>().ok()) {
        assert_eq!(cases_run(40), asked);
        return;
    }
    assert_eq!(cases_run(40), 40);
    let name = "rules_props::a_property_test_runs_its_own_count_of_cases_or_proptest_cases";
    let again = std::process::Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--test-threads", "1"])
        .env("PROPTEST_CASES", "7")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{out}");
    assert!(out.contains("1 passed"), "{out}");
}
