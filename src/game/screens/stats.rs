//! The statistics of one board shape: the figures, the best tiles reached, the recent scores.

use bevy::ecs::system::SystemParam;
use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::{Stats, grouped};
use crate::game::requests::Request::*;
use crate::game::requests::Step;
use crate::rules::Shape;
use crate::save::PastGame;

/// The board shape the statistics screen shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatsBoard(pub Shape);

impl Default for StatsBoard {
    fn default() -> Self {
        Self(Shape::square(crate::rules::DEFAULT_SIZE))
    }
}

impl StatsBoard {
    /// The next shape up or down among `offered` (`offered`'s), round from the last to the
    /// first.
    pub fn step(&mut self, step: Step, offered: &[Shape]) {
        let Some(at) = offered.iter().position(|&s| s == self.0) else {
            return;
        };
        let n = offered.len();
        let at = match step {
            Step::Up => (at + 1) % n,
            Step::Down => (at + n - 1) % n,
        };
        self.0 = offered[at];
    }
}

/// The shapes the statistics go through: the six square boards, then each other shape that has
/// games in the history or is `shown`, rows first (3×4, 3×5, …, 8×7).
pub fn offered(games: &[PastGame], shown: Shape) -> Vec<Shape> {
    Shape::all()
        .filter(|&s| s.is_square() || s == shown || games.iter().any(|g| g.size == s))
        .collect()
}

/// What the statistics' requests change: the board shape shown.
#[derive(SystemParam)]
pub struct StatsSizes<'w> {
    board: ResMut<'w, StatsBoard>,
}

impl StatsSizes<'_> {
    /// The statistics open on the board in play.
    pub fn open(&mut self, shape: Shape) {
        self.board.0 = shape;
    }

    /// The next shape among those `games` offer.
    pub fn step(&mut self, step: Step, games: &[PastGame]) {
        let offered = offered(games, self.board.0);
        self.board.step(step, &offered);
    }
}

pub const UNIT: Unit = Unit {
    name: "In the statistics",
    keys: &[
        Binding::new(
            &[ArrowLeft, KeyA, KeyH],
            StatsSize(Step::Down),
            "the board before (the squares, then each other shape played)",
        )
        .help_text("← → board"),
        Binding::new(
            &[ArrowRight, KeyD, KeyL],
            StatsSize(Step::Up),
            "the next board",
        ),
        Binding::new(&[KeyG], OpenHistory, "the history").help("history"),
        Binding::new(&[KeyT], ToggleTheme, "the other theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyN],
            CloseDialog,
            "close the statistics",
        )
        .help("close"),
    ],
    accepts: |request| {
        matches!(
            request,
            StatsSize(_) | OpenHistory | CloseDialog | ToggleTheme
        )
    },
    describe: |facts| Some(figures(&facts.past.0, facts.stats_board.0)),
};

/// The statistics of one board shape, in words, and the screen's buttons.
pub fn figures(games: &[PastGame], shape: Shape) -> Dialog {
    let stats = Stats::of(games, shape);
    let mut lines = Vec::new();
    let (rows, cols) = (shape.rows(), shape.cols());
    if stats.games == 0 {
        lines.push(format!("No {rows} by {cols} games yet."));
    } else {
        let count = |n: usize, one: &str| counted(n as u64, one);
        lines.push(format!(
            "{rows} by {cols} boards: {}, {} ({} %), best score {}, average score {}.",
            count(stats.games, "game"),
            count(stats.wins, "win"),
            stats.win_percent(),
            grouped(stats.best),
            grouped(stats.average)
        ));
        let tiles: Vec<String> = stats
            .tiles
            .iter()
            .filter(|t| t.1 > 0)
            .map(|&(tile, n)| format!("{tile} in {}", count(n, "game")))
            .collect();
        lines.push(format!("Best tile reached: {}.", tiles.join(", ")));
        let scores: Vec<String> = stats.recent.iter().map(|&s| grouped(s)).collect();
        lines.push(format!(
            "Last {} scores, oldest first: {}.",
            scores.len(),
            scores.join(", ")
        ));
    }
    Dialog::modal(
        "Statistics",
        lines,
        vec![
            DialogButton::named("←", "Previous board", StatsSize(Step::Down)),
            DialogButton::named("→", "Next board", StatsSize(Step::Up)),
            DialogButton::new("History", OpenHistory),
            DialogButton::new("Close", CloseDialog),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statistics_sizes_go_round() {
        let squares = offered(&[], Shape::square(4));
        let mut board = StatsBoard(Shape::square(8));
        board.step(Step::Up, &squares);
        assert_eq!(board.0, Shape::square(3));
        board.step(Step::Down, &squares);
        assert_eq!(board.0, Shape::square(8));
    }

    #[test]
    fn other_shapes_are_offered_once_played_or_shown() {
        let wide = Shape::new(3, 8).unwrap();
        let tall = Shape::new(8, 3).unwrap();
        assert_eq!(offered(&[], Shape::square(5)).len(), 6);
        let shown = offered(&[], wide);
        assert_eq!(shown.len(), 7);
        assert_eq!(shown[6], wide);
        let mut board = StatsBoard(Shape::square(8));
        board.step(Step::Up, &shown);
        assert_eq!(board.0, wide, "after the squares");
        board.step(Step::Up, &shown);
        assert_eq!(board.0, Shape::square(3));
        let game = crate::testing::sample_backup(1, 3).games[0].clone();
        let played = PastGame { size: tall, ..game };
        assert_eq!(offered(&[played], wide)[6..], [wide, tall]);
    }
}
