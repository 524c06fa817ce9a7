//! The statistics of one board size: the figures, the best tiles reached, the recent scores.

use bevy::ecs::system::SystemParam;
use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::{Stats, grouped};
use crate::game::requests::Request::*;
use crate::game::requests::Step;
use crate::rules::{MAX_SIZE, MIN_SIZE};
use crate::save::PastGame;

/// The board size the statistics screen shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatsBoard(pub usize);

impl Default for StatsBoard {
    fn default() -> Self {
        Self(crate::rules::DEFAULT_SIZE)
    }
}

impl StatsBoard {
    /// The next size up or down, round from 8 to 3.
    pub fn step(&mut self, step: Step) {
        let sizes = MAX_SIZE - MIN_SIZE + 1;
        let index = self.0 - MIN_SIZE;
        let index = match step {
            Step::Up => (index + 1) % sizes,
            Step::Down => (index + sizes - 1) % sizes,
        };
        self.0 = MIN_SIZE + index;
    }
}

/// What the statistics' requests change: the board size shown.
#[derive(SystemParam)]
pub struct StatsSizes<'w> {
    board: ResMut<'w, StatsBoard>,
}

impl StatsSizes<'_> {
    /// The statistics open on the board in play.
    pub fn open(&mut self, size: usize) {
        self.board.0 = size;
    }

    pub fn step(&mut self, step: Step) {
        self.board.step(step);
    }
}

pub const UNIT: Unit = Unit {
    name: "In the statistics",
    keys: &[
        Binding::new(
            &[ArrowLeft, KeyA, KeyH],
            StatsSize(Step::Down),
            "the board size before",
        )
        .help_text("← → board size"),
        Binding::new(
            &[ArrowRight, KeyD, KeyL],
            StatsSize(Step::Up),
            "the next board size",
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

/// The statistics of one board size, in words, and the screen's buttons.
pub fn figures(games: &[PastGame], size: usize) -> Dialog {
    let stats = Stats::of(games, size);
    let mut lines = Vec::new();
    if stats.games == 0 {
        lines.push(format!("No {size} by {size} games yet."));
    } else {
        let count = |n: usize, one: &str| counted(n as u64, one);
        lines.push(format!(
            "{size} by {size} boards: {}, {} ({} %), best score {}, average score {}.",
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
            DialogButton::named("←", "Previous board size", StatsSize(Step::Down)),
            DialogButton::named("→", "Next board size", StatsSize(Step::Up)),
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
        let mut board = StatsBoard(8);
        board.step(Step::Up);
        assert_eq!(board.0, 3);
        board.step(Step::Down);
        assert_eq!(board.0, 8);
    }
}
