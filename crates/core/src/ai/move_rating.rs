//! The coach: rates a move against the best one on the same board, by the values one search
//! gives every move (`search::appraise_board_by`), with the same leaves as the hint's (the
//! heuristic, or the learned network where it scores the board), so that the move the hint
//! shows is the move the coach calls best.
//!
//! A move is judged by its shortfall: the share of the best move's value it gives up. Each
//! evaluation has its own thresholds, set where they call the same share of moves best, good,
//! an inaccuracy or a mistake on the same boards (crates/ai-train/examples/coach_thresholds.rs,
//! docs/ai.md "The coach, the AI ghost and the review on the network"):
//!
//! - the heuristic's values are sums over rows and columns, around 1.5 million on a 4×4 board
//!   and 0 for a lost board; the runner-up is most often within 1 % of the best, a move that
//!   breaks the corner or the order of the large tiles costs 3 to 25 %, and one that can lose
//!   the game costs most of it;
//! - the network's values are the score still to come (plus the move's own), 0 for a lost board.
//!
//! The coach searches a fixed number of nodes, not a time, so a board gets the same rating on
//! every machine and every number of threads (with the same evaluation).

use super::search::{self, Appraisal, Budget, Leaves};
use crate::rules::{Board, Direction};

/// What the coach may spend on one move with the heuristic: about 1–3 ms natively
/// (`crates/tools/examples/ai_frames.rs` prints the coach's ms a rating).
pub const COACH_BUDGET: Budget = Budget::Nodes(50_000);
/// The same with the network, whose nodes cost about six times the heuristic's: 2.1 ms a
/// rating (median) where the heuristic's 50,000 nodes took 0.7 (crates/ai-train's
/// `coach_thresholds`).
pub const COACH_NETWORK_BUDGET: Budget = Budget::Nodes(20_000);

/// Shortfalls (of the best move's value) up to which a move is best, good, or an inaccuracy;
/// anything more is a mistake.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    pub best: f32,
    pub good: f32,
    pub inaccuracy: f32,
}

/// The heuristic's thresholds.
pub const HEURISTIC_THRESHOLDS: Thresholds = Thresholds {
    best: 0.001,
    good: 0.01,
    inaccuracy: 0.05,
};

/// The network's: where they call the same shares of moves as the heuristic's do on the same
/// 2,531 boards (10.9 %, 34.4 % and 52.2 % of the moves other than the best, at or below each;
/// `coach_thresholds --games 10 --every 10 --noise 0.05`).
pub const NETWORK_THRESHOLDS: Thresholds = Thresholds {
    best: 0.0003,
    good: 0.005,
    inaccuracy: 0.033,
};

/// The budget and the thresholds the coach uses on `board` with `leaves`.
pub fn coach_for(board: &Board, leaves: &Leaves) -> (Budget, Thresholds) {
    if leaves.network_for(board).is_some() {
        (COACH_NETWORK_BUDGET, NETWORK_THRESHOLDS)
    } else {
        (COACH_BUDGET, HEURISTIC_THRESHOLDS)
    }
}

/// How a move compares with the best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Best,
    Good,
    Inaccuracy,
    Mistake,
}

impl Verdict {
    pub const ALL: [Verdict; 4] = [
        Verdict::Best,
        Verdict::Good,
        Verdict::Inaccuracy,
        Verdict::Mistake,
    ];

    /// The verdict for a move that gives up `shortfall` of the best move's value.
    pub fn of(shortfall: f32, thresholds: Thresholds) -> Self {
        if shortfall <= thresholds.best {
            Verdict::Best
        } else if shortfall <= thresholds.good {
            Verdict::Good
        } else if shortfall <= thresholds.inaccuracy {
            Verdict::Inaccuracy
        } else {
            Verdict::Mistake
        }
    }

    /// The word shown and said.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
        }
    }
}

/// One move rated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub played: Direction,
    /// The move the search valued highest.
    pub best: Direction,
    pub verdict: Verdict,
    /// The share of the best move's value the played move gives up (0 for the best).
    pub shortfall: f32,
    /// Every move's shortfall, in `Direction::ALL`'s order (`None` where a move changes
    /// nothing): the bars.
    pub shortfalls: [Option<f32>; 4],
    /// The thresholds the verdicts were given by (those of the evaluation that searched).
    pub thresholds: Thresholds,
}

/// The share of `best` that `value` gives up. Where even the best move's value is not above
/// 0 (every move loses), moves differ only by being below it.
pub fn shortfall(value: f32, best: f32) -> f32 {
    if best > 0.0 {
        ((best - value) / best).clamp(0.0, 1.0)
    } else if value >= best {
        0.0
    } else {
        1.0
    }
}

/// Rates `played` by an appraisal of the board it was played on, at `thresholds`; `None` if the
/// appraisal has no value for it (a move that changes nothing is never played).
pub fn rate_appraisal(
    appraisal: &Appraisal,
    played: Direction,
    thresholds: Thresholds,
) -> Option<Rating> {
    let best = appraisal.best()?;
    let value = appraisal.value(played)?;
    let shortfalls = appraisal
        .values
        .map(|v| v.map(|v| shortfall(v, best.value)));
    let shortfall = shortfall(value, best.value);
    Some(Rating {
        played,
        best: best.direction,
        // The move the search chose is best by definition, whatever the rounding.
        verdict: if played == best.direction {
            Verdict::Best
        } else {
            Verdict::of(shortfall, thresholds)
        },
        shortfall,
        shortfalls,
        thresholds,
    })
}

/// Rates `played` on `board` by the heuristic (within [`COACH_BUDGET`]; 4×4 on the packed
/// board).
pub fn rate(board: &Board, played: Direction) -> Option<Rating> {
    rate_by(board, played, &Leaves::Heuristic)
}

/// Every move on `board` searched as the coach searches it: `leaves` at the search's leaves,
/// within that evaluation's budget ([`coach_for`]) on all cores; with the thresholds to read
/// it by. `None` where no move is legal.
pub fn appraise_by(board: &Board, leaves: &Leaves) -> Option<(Appraisal, Thresholds)> {
    let (budget, thresholds) = coach_for(board, leaves);
    let appraisal = search::appraise_board_by(board, budget, search::threads(), leaves)?;
    Some((appraisal, thresholds))
}

/// Rates `played` on `board` with `leaves` at the search's leaves, within that evaluation's
/// budget and by its thresholds ([`appraise_by`]).
pub fn rate_by(board: &Board, played: Direction, leaves: &Leaves) -> Option<Rating> {
    let (appraisal, thresholds) = appraise_by(board, leaves)?;
    rate_appraisal(&appraisal, played, thresholds)
}

/// [`rate`] within another budget (benchmarks, tests).
pub fn rate_within(board: &Board, played: Direction, budget: Budget) -> Option<Rating> {
    rate_appraisal(
        &search::appraise_board(board, budget)?,
        played,
        HEURISTIC_THRESHOLDS,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortfalls_map_to_verdicts_at_the_documented_thresholds() {
        let of = |s| Verdict::of(s, HEURISTIC_THRESHOLDS);
        assert_eq!(of(0.0), Verdict::Best);
        assert_eq!(of(0.001), Verdict::Best);
        assert_eq!(of(0.002), Verdict::Good);
        assert_eq!(of(0.01), Verdict::Good);
        assert_eq!(of(0.03), Verdict::Inaccuracy);
        assert_eq!(of(0.05), Verdict::Inaccuracy);
        assert_eq!(of(0.06), Verdict::Mistake);
        assert_eq!(of(1.0), Verdict::Mistake);
        let network = |s| Verdict::of(s, NETWORK_THRESHOLDS);
        assert_eq!(network(0.0003), Verdict::Best);
        assert_eq!(network(0.0005), Verdict::Good);
        assert_eq!(network(0.03), Verdict::Inaccuracy);
        assert_eq!(network(0.04), Verdict::Mistake);
        assert_eq!(shortfall(90.0, 100.0), 0.1);
        assert_eq!(shortfall(0.0, 0.0), 0.0, "every move lost: none is worse");
        assert_eq!(shortfall(-5.0, 0.0), 1.0);
    }

    #[test]
    fn the_best_move_is_rated_best_and_the_others_by_their_values() {
        let appraisal = Appraisal {
            values: [Some(1000.0), Some(995.0), Some(970.0), None],
            depth: 3,
            nodes: 10,
        };
        let rate = |d| rate_appraisal(&appraisal, d, HEURISTIC_THRESHOLDS).unwrap();
        assert_eq!(rate(Direction::Up).verdict, Verdict::Best);
        assert_eq!(rate(Direction::Down).verdict, Verdict::Good);
        assert_eq!(rate(Direction::Left).verdict, Verdict::Inaccuracy);
        assert_eq!(rate(Direction::Left).best, Direction::Up);
        assert_eq!(
            rate_appraisal(&appraisal, Direction::Right, HEURISTIC_THRESHOLDS),
            None
        );
        assert_eq!(rate(Direction::Left).shortfalls[3], None);
    }

    #[test]
    fn a_move_into_a_lost_board_is_a_mistake_and_the_other_best() {
        let board = crate::testing::one_move_loses();
        let right = rate(&board, Direction::Right).unwrap();
        assert_eq!(right.verdict, Verdict::Mistake, "{right:?}");
        assert_eq!(right.shortfall, 1.0, "a lost board is worth nothing");
        assert_eq!(right.best, Direction::Down);
        let down = rate(&board, Direction::Down).unwrap();
        assert_eq!((down.verdict, down.shortfall), (Verdict::Best, 0.0));
        assert_eq!(rate(&board, Direction::Left), None, "Left changes nothing");
    }
}
