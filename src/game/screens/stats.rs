//! The statistics of one board shape: the figures, the best tiles reached, the recent scores.

use bevy::ecs::system::SystemParam;
use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::add_screen;
use crate::game::daily::Dailies;
use crate::game::dialog::{Block, Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::past::{PastGames, Stats};
use crate::game::requests::Choose;
use crate::game::requests::Request::*;
use crate::game::requests::{AddRequestOwner, Requested, StatsAsk, Step};
use crate::game::screen::Screen;
use crate::game::state::Engine;
use crate::i18n::Words;
use crate::rules::Shape;
use crate::save::PastGame;
use crate::tr;
use g2048_ui::dialog::{Chart, ChartKind};

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

    /// What the screen asked: the shape before or after among those `games` offer.
    pub fn take(&mut self, ask: StatsAsk, games: &[PastGame]) {
        match ask {
            StatsAsk::Shape(step) => {
                let offered = offered(games, self.board.0);
                self.board.step(step, &offered);
            }
        }
    }
}

pub const KEYS: Keys = Keys {
    name: "In the statistics",
    bindings: &[
        Binding::new(
            &[ArrowLeft, KeyA, KeyH],
            Stats(StatsAsk::Shape(Step::Down)),
            "the board before (the squares, then each other shape played)",
        )
        .help_text("help-boards"),
        Binding::new(
            &[ArrowRight, KeyD, KeyL],
            Stats(StatsAsk::Shape(Step::Up)),
            "the next board",
        ),
        Binding::new(&[KeyG], Show(Screen::History), "the history").help("help-history"),
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyN],
            CloseDialog,
            "close the statistics",
        )
        .help("help-close"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::Stats,
        &KEYS,
        describe,
        resource_changed::<PastGames>.or_else(resource_changed::<StatsBoard>),
    );
    app.add_request_owner(
        &[Show(Screen::Stats), Stats(StatsAsk::Shape(Step::Up))],
        on_request,
    );
}

/// The statistics' requests: they open on the board in play, and step through board shapes.
fn on_request(
    request: On<Requested>,
    mut stats: StatsSizes,
    past: Res<PastGames>,
    engine: Res<Engine>,
) {
    match request.request {
        Show(Screen::Stats) => stats.open(engine.config().shape()),
        Stats(ask) => stats.take(ask, &past.0),
        _ => {}
    }
}

/// The figures of the board shape shown.
fn describe(past: Res<PastGames>, board: Res<StatsBoard>, words: Res<Language>) -> Option<Dialog> {
    Some(figures(&past.0, board.0, &words))
}

/// The statistics of one board shape: the board, with a button either side for the others, its
/// figures in words, its dailies, the best tiles reached and the last scores as charts (each
/// with its heading and what a screen reader hears of it), and the screen's buttons.
pub fn figures(games: &[PastGame], shape: Shape, words: &Words) -> Dialog {
    let stats = Stats::of(games, shape);
    let (rows, cols) = (shape.rows(), shape.cols());
    let mut body = vec![
        Block::TitleButtons(vec![DialogButton::named(
            "←",
            words.get("stats-previous"),
            Stats(StatsAsk::Shape(Step::Down)),
        )]),
        Block::TitleNote {
            drawn: shape.to_string(),
            spoken: None,
        },
        Block::TitleButtons(vec![DialogButton::named(
            "→",
            words.get("stats-next"),
            Stats(StatsAsk::Shape(Step::Up)),
        )]),
    ];
    if stats.games == 0 {
        body.push(Block::Line(tr!(
            words,
            "stats-none",
            rows = rows,
            cols = cols
        )));
    } else {
        body.push(Block::Line(tr!(
            words,
            "stats-summary",
            rows = rows,
            cols = cols,
            games = stats.games,
            wins = stats.wins,
            percent = stats.win_percent(),
            best = stats.best,
            average = stats.average
        )));
    }
    if let Some(line) = dailies_line(games, shape, words) {
        body.push(Block::Line(line));
    }
    if stats.games > 0 {
        let tiles: Vec<String> = stats
            .tiles
            .iter()
            .filter(|t| t.1 > 0)
            .map(|&(tile, n)| {
                tr!(
                    words,
                    "stats-tile-games",
                    tile = tile.to_string(),
                    games = n
                )
            })
            .collect();
        let separator = words.get("list-separator");
        body.push(Block::Chart(Chart {
            heading: words.get("stats-tiles-heading"),
            spoken: tr!(words, "stats-tiles", tiles = tiles.join(&separator)),
            kind: ChartKind::Bars(stats.tiles.clone()),
        }));
        let scores: Vec<String> = stats.recent.iter().map(|&s| words.number(s)).collect();
        let top = stats.recent.iter().copied().max().unwrap_or(0);
        body.push(Block::Chart(Chart {
            heading: tr!(words, "stats-scores-heading", count = stats.recent.len()),
            spoken: tr!(
                words,
                "stats-recent",
                count = scores.len(),
                scores = scores.join(&separator)
            ),
            kind: ChartKind::Line {
                points: stats.recent.clone(),
                top: words.number(top),
            },
        }));
    }
    body.push(Block::Footer(vec![
        DialogButton::new(words.get("stats-history"), Show(Screen::History)),
        DialogButton::new(words.get("stats-close"), CloseDialog),
    ]));
    Dialog {
        title: words.get("stats-title"),
        body,
        modal: true,
    }
}

/// On the daily's board, the dailies played: days, the streak, the best ("Dailies: 5 days, 3 in
/// a row, best 23,456 on 2026-12-01.").
pub fn dailies_line(games: &[PastGame], shape: Shape, words: &Words) -> Option<String> {
    if shape != crate::rules::daily_config().shape() {
        return None;
    }
    let dailies = Dailies::of(games, crate::game::daily::today());
    let (day, best) = dailies.best?;
    Some(tr!(
        words,
        "stats-dailies",
        days = dailies.days,
        streak = dailies.streak,
        best = best,
        date = words.say(&crate::game::daily::day_said(day))
    ))
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
