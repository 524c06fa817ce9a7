//! The statistics, drawn: the figures, the best-tile bars and the line of recent scores (plain
//! rectangles, sharp at any window size), and the screen's buttons from its description
//! (`game::screens::stats`). The figures and charts are rebuilt when the board size or the
//! history changes.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_PX, Z_LABEL};
use super::palette;
use super::text::TextBox;
use super::theme::Ink;
use super::widgets::{
    BOTTOM_ROW_Y, BUTTON_HEIGHT, NOTE_PX, Rebuilt, SCREEN_BUTTON_WIDTH, SCREEN_MARGIN,
    SCREEN_TITLE_Y, ScreenRoot, button_row, clear_for_rebuild, described_button, label,
    screen_root,
};
use crate::game::past::Stats;
use crate::game::screens::Facts;
use crate::game::screens::stats::dailies_line;
use crate::game::{GameSet, Language, PastGames, Request, Screen, StatsBoard, Step};
use crate::i18n::Words;
use crate::rules::Shape;
use crate::save::PastGame;
use crate::tr;

/// The statistics: figures, then the best-tile bars, then the score line.
const FIGURES_PX: f32 = 18.0;
const FIGURES_Y: f32 = 170.0;
const FIGURES_STEP: f32 = 24.0;
const HEADING_PX: f32 = 15.0;
const BARS_HEADING_Y: f32 = 100.0;
const BARS_BOTTOM: f32 = -20.0;
const BARS_HEIGHT: f32 = 90.0;
const BAR_LABEL_PX: f32 = 12.0;
const LINE_HEADING_Y: f32 = -55.0;
const LINE_BOTTOM: f32 = -185.0;
const LINE_HEIGHT: f32 = 110.0;
const LINE_WIDTH: f32 = 3.0;
const DOT: f32 = 6.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Stats), spawn_stats)
        .add_systems(
            Update,
            show_stats
                .run_if(in_state(Screen::Stats))
                .in_set(GameSet::React),
        );
}

/// A bar of the best-tile chart (its tile), and a piece of the score line.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileBar(pub u32);
#[derive(Component, Debug)]
pub struct ScoreLine;

fn spawn_stats(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let root = screen_root(&mut commands, &art, Screen::Stats, &shown.title);
    let (sizes, own): (Vec<_>, Vec<_>) = shown
        .buttons()
        .into_iter()
        .partition(|b| matches!(b.request, Request::StatsSize(_)));
    button_row(
        &mut commands,
        &art,
        root,
        BOTTOM_ROW_Y,
        SCREEN_BUTTON_WIDTH,
        &own,
    );
    // The board size, with a button either side to change it.
    let right = BOARD_PX / 2.0 - SCREEN_MARGIN;
    for described in &sizes {
        let x = match described.request {
            Request::StatsSize(Step::Up) => right - BUTTON_HEIGHT / 2.0,
            _ => right - 2.5 * BUTTON_HEIGHT - 16.0,
        };
        commands.spawn((
            ChildOf(root),
            described_button(&art, described, BUTTON_HEIGHT),
            Transform::from_xyz(x, SCREEN_TITLE_Y, Z_LABEL),
        ));
    }
}

/// The figures and charts of the chosen board size.
fn show_stats(
    mut commands: Commands,
    board: Res<StatsBoard>,
    past: Res<PastGames>,
    words: Res<Language>,
    root: Single<Entity, With<ScreenRoot>>,
    old: Query<Entity, With<Rebuilt>>,
    mut built: Local<Option<Entity>>,
) {
    let changed = board.is_changed() || past.is_changed() || words.is_changed();
    if !clear_for_rebuild(&mut commands, &mut built, *root, changed, &old) {
        return;
    }
    let shape = board.0;
    let stats = Stats::of(&past.0, shape);
    let right = BOARD_PX / 2.0 - SCREEN_MARGIN;
    let chart = Chart {
        root: *root,
        left: -right,
        right,
        words: &words,
    };
    chart.text(
        &mut commands,
        shape.to_string(),
        FIGURES_PX,
        Vec2::new(right - 1.5 * BUTTON_HEIGHT - 8.0, SCREEN_TITLE_Y),
        Anchor::CENTER,
    );
    if stats.games == 0 {
        chart.text(
            &mut commands,
            tr!(words, "stats-none-drawn", shape = shape.to_string()),
            NOTE_PX,
            Vec2::new(0.0, FIGURES_Y),
            Anchor::CENTER,
        );
        return;
    }
    chart.figures(&mut commands, &stats);
    chart.dailies(&mut commands, &past.0, shape);
    chart.tile_bars(&mut commands, &stats);
    chart.score_line(&mut commands, &stats);
}

/// Where the statistics' content goes: under `root`, between `left` and `right`, in `words`.
struct Chart<'a> {
    root: Entity,
    left: f32,
    right: f32,
    words: &'a Words,
}

impl Chart<'_> {
    /// A line of the chart at `at`, in a box as wide as the chart (or `narrower` by that much).
    fn text(&self, commands: &mut Commands, line: String, px: f32, at: Vec2, anchor: Anchor) {
        self.text_in(commands, line, px, at, anchor, 0.0);
    }

    fn text_in(
        &self,
        commands: &mut Commands,
        line: String,
        px: f32,
        at: Vec2,
        anchor: Anchor,
        narrower: f32,
    ) {
        commands.spawn((
            ChildOf(self.root),
            Rebuilt,
            label(line, px, Ink::Text),
            TextBox::line(self.right - self.left - narrower),
            anchor,
            Transform::from_translation(at.extend(Z_LABEL)),
        ));
    }

    /// Games and wins, best and average.
    fn figures(&self, commands: &mut Commands, stats: &Stats) {
        self.text(
            commands,
            tr!(
                self.words,
                "stats-games-wins",
                games = stats.games,
                wins = stats.wins,
                percent = stats.win_percent()
            ),
            FIGURES_PX,
            Vec2::new(self.left, FIGURES_Y),
            Anchor::CENTER_LEFT,
        );
        self.text(
            commands,
            tr!(
                self.words,
                "stats-best-average",
                best = stats.best,
                average = stats.average
            ),
            FIGURES_PX,
            Vec2::new(self.left, FIGURES_Y - FIGURES_STEP),
            Anchor::CENTER_LEFT,
        );
    }

    /// On the daily's board, the dailies: days, streak, best.
    fn dailies(&self, commands: &mut Commands, games: &[PastGame], shape: Shape) {
        if let Some(line) = dailies_line(games, shape, self.words) {
            self.text(
                commands,
                line,
                HEADING_PX,
                Vec2::new(self.left, FIGURES_Y - 2.0 * FIGURES_STEP),
                Anchor::CENTER_LEFT,
            );
        }
    }

    /// Bars: how many games ended on each best tile, in the tile's own colour.
    fn tile_bars(&self, commands: &mut Commands, stats: &Stats) {
        self.text(
            commands,
            self.words.get("stats-tiles-heading"),
            HEADING_PX,
            Vec2::new(self.left, BARS_HEADING_Y),
            Anchor::CENTER_LEFT,
        );
        let most = stats.tiles.iter().map(|t| t.1).max().unwrap_or(1).max(1);
        let slot = (self.right - self.left) / stats.tiles.len() as f32;
        let bar_width = (slot * 0.7).min(60.0);
        for (i, &(tile, count)) in stats.tiles.iter().enumerate() {
            let x = self.left + slot * (i as f32 + 0.5);
            let height =
                (BARS_HEIGHT * count as f32 / most as f32).max(if count > 0 { 2.0 } else { 0.0 });
            commands.spawn((
                ChildOf(self.root),
                Rebuilt,
                TileBar(tile),
                Sprite::from_color(palette::tile_colors(tile).0, Vec2::new(bar_width, height)),
                Anchor::BOTTOM_CENTER,
                Transform::from_xyz(x, BARS_BOTTOM, Z_LABEL),
            ));
            self.text(
                commands,
                tile.to_string(),
                BAR_LABEL_PX,
                Vec2::new(x, BARS_BOTTOM - 10.0),
                Anchor::CENTER,
            );
            self.text(
                commands,
                count.to_string(),
                BAR_LABEL_PX,
                Vec2::new(x, BARS_BOTTOM + height + 9.0),
                Anchor::CENTER,
            );
        }
    }

    /// The score line over the last games, from 0 at the bottom to the best of them at the top.
    fn score_line(&self, commands: &mut Commands, stats: &Stats) {
        // Beside the top score, at the right.
        self.text_in(
            commands,
            tr!(
                self.words,
                "stats-scores-heading",
                count = stats.recent.len()
            ),
            HEADING_PX,
            Vec2::new(self.left, LINE_HEADING_Y),
            Anchor::CENTER_LEFT,
            100.0,
        );
        let top = stats.recent.iter().copied().max().unwrap_or(1).max(1);
        self.text(
            commands,
            self.words.number(top),
            BAR_LABEL_PX,
            Vec2::new(self.right, LINE_HEADING_Y),
            Anchor::CENTER_RIGHT,
        );
        commands.spawn((
            ChildOf(self.root),
            Rebuilt,
            Ink::Board,
            Sprite::from_color(Ink::Board.light(), Vec2::new(self.right - self.left, 2.0)),
            Transform::from_xyz(0.0, LINE_BOTTOM, Z_LABEL),
        ));
        let step = (self.right - self.left) / (stats.recent.len().max(2) - 1) as f32;
        let points: Vec<Vec2> = stats
            .recent
            .iter()
            .enumerate()
            .map(|(i, &score)| {
                Vec2::new(
                    self.left + step * i as f32,
                    LINE_BOTTOM + LINE_HEIGHT * score as f32 / top as f32,
                )
            })
            .collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let d = b - a;
            commands.spawn((
                ChildOf(self.root),
                Rebuilt,
                ScoreLine,
                Ink::Notice,
                Sprite::from_color(Ink::Notice.light(), Vec2::new(d.length(), LINE_WIDTH)),
                Transform::from_translation(((a + b) / 2.0).extend(Z_LABEL))
                    .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ));
        }
        for &point in &points {
            commands.spawn((
                ChildOf(self.root),
                Rebuilt,
                ScoreLine,
                Ink::Notice,
                Sprite::from_color(Ink::Notice.light(), Vec2::splat(DOT)),
                Transform::from_translation(point.extend(2.0 * Z_LABEL)),
            ));
        }
    }
}
