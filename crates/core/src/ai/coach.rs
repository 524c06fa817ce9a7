//! The coach: rates a move against the best one on the same board, by the values one search
//! gives every move (`search::appraise_within`).
//!
//! A move is judged by its shortfall: the share of the best move's value it gives up. The
//! search's values are sums of the heuristic over rows and columns, around 1.5 million on a
//! 4×4 board, and 0 for a lost board; on the boards of played games (as read when these
//! thresholds were set; the tool that printed them is not kept) the runner-up is most often within 1 % of the best, a move that breaks the
//! corner or the order of the large tiles costs 3 to 25 %, and one that can lose the game
//! costs most of it. Hence the thresholds below. The coach searches a fixed number of nodes,
//! not a time, so a board gets the same rating on every machine and every number of threads.

use super::search::{self, Appraisal, Budget};
use crate::rules::{Board, Direction};

/// What the coach may spend on one move: about 1–3 ms natively (`examples/ai_frames.rs` prints
/// the coach's ms a rating).
pub const COACH_BUDGET: Budget = Budget::Nodes(50_000);
/// Shortfalls (of the best move's value) up to which a move is best, good, or an inaccuracy;
/// anything more is a mistake.
pub const BEST_WITHIN: f32 = 0.001;
pub const GOOD_WITHIN: f32 = 0.01;
pub const INACCURACY_WITHIN: f32 = 0.05;

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
    pub fn of(shortfall: f32) -> Self {
        if shortfall <= BEST_WITHIN {
            Verdict::Best
        } else if shortfall <= GOOD_WITHIN {
            Verdict::Good
        } else if shortfall <= INACCURACY_WITHIN {
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
}

/// The share of `best` that `value` gives up. Where even the best move's value is not above
/// 0 (every move loses), moves differ only by being below it.
fn shortfall(value: f32, best: f32) -> f32 {
    if best > 0.0 {
        ((best - value) / best).clamp(0.0, 1.0)
    } else if value >= best {
        0.0
    } else {
        1.0
    }
}

/// Rates `played` by an appraisal of the board it was played on; `None` if the appraisal has no
/// value for it (a move that changes nothing is never played).
pub fn rate_appraisal(appraisal: &Appraisal, played: Direction) -> Option<Rating> {
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
            Verdict::of(shortfall)
        },
        shortfall,
        shortfalls,
    })
}

/// Rates `played` on `board` (searched within [`COACH_BUDGET`]; 4×4 on the packed board).
pub fn rate(board: &Board, played: Direction) -> Option<Rating> {
    rate_within(board, played, COACH_BUDGET)
}

/// [`rate`] within another budget (benchmarks, tests).
pub fn rate_within(board: &Board, played: Direction, budget: Budget) -> Option<Rating> {
    rate_appraisal(&search::appraise_board(board, budget)?, played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortfalls_map_to_verdicts_at_the_documented_thresholds() {
        assert_eq!(Verdict::of(0.0), Verdict::Best);
        assert_eq!(Verdict::of(0.001), Verdict::Best);
        assert_eq!(Verdict::of(0.002), Verdict::Good);
        assert_eq!(Verdict::of(0.01), Verdict::Good);
        assert_eq!(Verdict::of(0.03), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(0.05), Verdict::Inaccuracy);
        assert_eq!(Verdict::of(0.06), Verdict::Mistake);
        assert_eq!(Verdict::of(1.0), Verdict::Mistake);
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
        let rate = |d| rate_appraisal(&appraisal, d).unwrap();
        assert_eq!(rate(Direction::Up).verdict, Verdict::Best);
        assert_eq!(rate(Direction::Down).verdict, Verdict::Good);
        assert_eq!(rate(Direction::Left).verdict, Verdict::Inaccuracy);
        assert_eq!(rate(Direction::Left).best, Direction::Up);
        assert_eq!(rate_appraisal(&appraisal, Direction::Right), None);
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
