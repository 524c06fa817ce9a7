//! The statistics of one board size: the figures, the best tiles reached, the recent scores.

use bevy::prelude::KeyCode::*;

use super::{Binding, Dialog, DialogButton, Unit, counted};
use crate::game::past::{Stats, grouped};
use crate::game::requests::Request::*;
use crate::game::requests::Step;
use crate::save::PastGame;

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
