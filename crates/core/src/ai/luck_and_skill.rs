//! A game's score split into skill and luck, read from its record once it is over (docs/ai.md,
//! "Luck and skill"):
//!
//! - **skill**: the share of the best moves' value the played moves kept. Each board a move
//!   was played on is appraised as the coach appraises one (the same search, every move's
//!   value), and skill is Σ value(played) / Σ value(best) over the game's moves.
//! - **luck**: how the spawns fell against the average spawn. After each move's slide, the
//!   value of the board with its spawn (the best move's value from there) is set against the
//!   values of the same tile in every empty cell it could have fallen in: their mean (the
//!   average spawn) and their spread (the best cell's value less the worst's). Luck is
//!   Σ (actual − mean) / Σ spread over the game's spawns: 0 is average, +0.06 is "6 % better
//!   than average" (the tiles fell 6 % of the difference where they fell could make above
//!   the average), and it stays between −1 and +1. Scaling by the spread, not by the value,
//!   matters: a board's value is around 1.5 million on 4×4 and one cell against another moves
//!   it by thousands, so a share of the value would say "0 %" for every game. (Where the tile
//!   falls is the draw counted here; whether it is a 2 or a 4 is left out, so a spawn with one
//!   empty cell is no luck at all.)
//!
//! The work is a few appraisals a move; [`Review::step`] does it a move at a time, so the game
//! spreads it over frames. A node budget (not a time) makes the figures the same on every
//! machine and however the work is split.

use super::search::{self, Appraisal, Budget, Leaves};
use crate::rules::{Board, Cell, Direction, Game, Status};

/// What one appraisal of a review may spend: enough for a 2- or 3-level search on a 4×4 board.
pub const REVIEW_BUDGET: Budget = Budget::Nodes(2_000);

/// A review's figures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReviewFigures {
    /// The share of the best moves' value kept, 0 to 1.
    pub skill: f32,
    /// How the spawns fell against the average: 0 average, above better, below worse.
    pub luck: f32,
    pub moves: usize,
    /// Spawns with one empty cell to fall in: no luck either way.
    pub forced: usize,
}

/// A review under way.
#[derive(Debug, Clone)]
pub struct Review {
    moves: Vec<Direction>,
    /// The game before the next move.
    game: Game,
    next: usize,
    /// The appraisal of the board before the next move (made for the last move's spawn).
    before: Option<Appraisal>,
    kept: f64,
    best: f64,
    /// Σ (actual − mean) and Σ spread over the spawns read.
    above: f64,
    spread: f64,
    forced: usize,
    /// What scores the searches' leaves (the game's reviews: the heuristic, docs/ai.md says why).
    leaves: Leaves,
}

/// The value of playing on from an appraised board: the best move's, 0 where no move is left.
fn value(appraisal: Option<&Appraisal>) -> f64 {
    appraisal
        .and_then(Appraisal::best)
        .map_or(0.0, |best| f64::from(best.value))
}

fn appraise(board: &Board, leaves: &Leaves) -> Option<Appraisal> {
    search::appraise_board_by(board, REVIEW_BUDGET, search::threads(), leaves)
}

impl Review {
    /// The review of the game `moves` play from `start` (a record's start and moves).
    pub fn new(start: Game, moves: Vec<Direction>) -> Self {
        Self::by(start, moves, Leaves::Heuristic)
    }

    /// [`Review::new`] with `leaves` scoring the searches' leaves (for comparisons).
    pub fn by(start: Game, moves: Vec<Direction>, leaves: Leaves) -> Self {
        Self {
            moves,
            game: start,
            next: 0,
            before: None,
            kept: 0.0,
            best: 0.0,
            above: 0.0,
            spread: 0.0,
            forced: 0,
            leaves,
        }
    }

    /// Moves read, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.moves.len())
    }

    /// Reads the next move; the figures once every move is read.
    pub fn step(&mut self) -> Option<ReviewFigures> {
        let Some(&played) = self.moves.get(self.next) else {
            return Some(self.figures());
        };
        if self.game.status() == Status::Won {
            self.game.keep_going();
        }
        let board = *self.game.board();
        // Skill: the played move's value against the best's, on the board it was played on.
        let appraisal = self
            .before
            .take()
            .or_else(|| appraise(&board, &self.leaves));
        if let Some(appraisal) = appraisal
            && let (Some(best), Some(kept)) = (appraisal.best(), appraisal.value(played))
        {
            self.best += f64::from(best.value);
            self.kept += f64::from(kept);
        }
        // Luck: the board after the spawn against the same tile in every empty cell.
        let Some(turn) = self.game.play(played) else {
            // Not a move (a damaged record): the review ends where the game does.
            self.moves.truncate(self.next);
            return Some(self.figures());
        };
        if let Some((at, tile)) = turn.spawned {
            let empty: Vec<Cell> = turn.plan.board.empty_cells().collect();
            let with = |cell: Cell| {
                let mut b = turn.plan.board;
                b.set(cell, tile);
                b
            };
            let after = appraise(&with(at), &self.leaves);
            let actual = value(after.as_ref());
            if empty.len() == 1 {
                self.forced += 1;
            } else {
                let (mut sum, mut low, mut high) = (actual, actual, actual);
                for &cell in empty.iter().filter(|&&c| c != at) {
                    let v = value(appraise(&with(cell), &self.leaves).as_ref());
                    sum += v;
                    low = low.min(v);
                    high = high.max(v);
                }
                self.above += actual - sum / empty.len() as f64;
                self.spread += high - low;
            }
            self.before = after;
        }
        self.next += 1;
        (self.next == self.moves.len()).then(|| self.figures())
    }

    /// Every move read at once (tests, benchmarks).
    pub fn run(mut self) -> ReviewFigures {
        loop {
            if let Some(figures) = self.step() {
                return figures;
            }
        }
    }

    fn figures(&self) -> ReviewFigures {
        ReviewFigures {
            skill: if self.best > 0.0 {
                (self.kept / self.best) as f32
            } else {
                1.0
            },
            luck: if self.spread > 0.0 {
                (self.above / self.spread) as f32
            } else {
                0.0
            },
            moves: self.next,
            forced: self.forced,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Config;

    /// A game whose every slide leaves one empty cell: each spawn is forced, so luck is exactly
    /// average.
    #[test]
    fn forced_spawns_are_exactly_average_luck() {
        let config = Config::new(3, 2048).unwrap();
        let start = Game::from_board(
            config,
            Board::from_rows(&[&[2, 2, 4], &[8, 16, 32], &[64, 128, 256]]),
            7,
        );
        // Moves whose slide leaves exactly one empty cell, as long as there are some.
        let mut game = start.clone();
        let mut moves = Vec::new();
        'game: for _ in 0..40 {
            for direction in Direction::ALL {
                let plan = game.board().plan(direction);
                if plan.moved && plan.board.empty_cells().count() == 1 {
                    game.play(direction);
                    moves.push(direction);
                    continue 'game;
                }
            }
            break;
        }
        assert!(moves.len() >= 3, "{moves:?}");
        let figures = Review::new(start, moves.clone()).run();
        assert_eq!(figures.forced, moves.len());
        assert_eq!(figures.luck, 0.0);
        assert!((0.0..=1.0).contains(&figures.skill));
    }

    /// The figures of a seeded game do not depend on how the review is split over frames.
    #[test]
    fn a_review_is_the_same_step_by_step_and_at_once() {
        let config = Config::new(4, 2048).unwrap();
        let start = Game::new(config, 42);
        let mut game = start.clone();
        let mut moves = Vec::new();
        for i in 0..60 {
            let direction = Direction::ALL[(i * 7 + i / 5) % 4];
            if game.play(direction).is_some_and(|t| t.plan.moved) {
                moves.push(direction);
            }
        }
        let mut review = Review::new(start.clone(), moves.clone());
        let mut steps = 0;
        let stepwise = loop {
            steps += 1;
            if let Some(figures) = review.step() {
                break figures;
            }
        };
        assert_eq!(steps, moves.len());
        assert_eq!(Review::new(start, moves).run(), stepwise);
        assert!(
            stepwise.skill > 0.0 && stepwise.skill <= 1.0,
            "{stepwise:?}"
        );
    }
}
