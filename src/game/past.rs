//! The history of games: every game played, finished or replaced by another with at least one
//! move, for the history list, the statistics and the replay viewer. (Where the
//! list and the statistics stand belongs to their screens: `screens::history`,
//! `screens::stats`.)

use bevy::prelude::*;

use super::sets::GameSet;
use super::state::Notice;
use super::state::off_record;
use super::state::{Engine, UndoRecord};
use crate::i18n::Words;
use crate::rules::{Game, Shape, Status};
use crate::save::PastGame;
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_finished_game
            .run_if(resource_changed::<Engine>)
            .run_if(not(off_record))
            .in_set(GameSet::Record),
    );
}

/// The games played, oldest first.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PastGames(pub Vec<PastGame>);

impl PastGames {
    /// Keeps `game` (as far as it went), replacing an earlier entry of the same game: a game
    /// kept when it ended, then continued by an undo, is one game. A game without moves, or
    /// without a seed (saved before games were recorded), is not kept. Whether the list changed.
    pub fn keep(&mut self, game: &Game, history: &crate::rules::History) -> bool {
        if history.is_empty() {
            return false;
        }
        match PastGame::of(game, history) {
            Some(entry) => crate::save::merge::keep_game(&mut self.0, entry),
            None => false,
        }
    }

    /// `keep` on the resource, marking it changed (so it is saved) only if the list changed.
    pub fn keep_in(past: &mut ResMut<PastGames>, game: &Game, history: &crate::rules::History) {
        if past.bypass_change_detection().keep(game, history) {
            past.set_changed();
        }
    }

    /// The `n`th newest game (0 is the newest).
    pub fn newest(&self, n: usize) -> Option<&PastGame> {
        self.0.iter().rev().nth(n)
    }
}

/// The statistics of one board shape.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    /// Games that reached their target.
    pub wins: usize,
    pub best: u64,
    pub average: u64,
    /// How many games ended with each best tile, from the smallest best tile to the largest
    /// (tiles no game ended on are there with 0, so the bars stand in order).
    pub tiles: Vec<(u32, usize)>,
    /// The scores of the last `RECENT_GAMES` games, oldest first.
    pub recent: Vec<u64>,
}

/// The score chart shows this many games.
pub const RECENT_GAMES: usize = 50;

impl Stats {
    /// The statistics of the games of `shape`.
    pub fn of(games: &[PastGame], shape: Shape) -> Self {
        let games: Vec<&PastGame> = games.iter().filter(|g| g.size == shape).collect();
        if games.is_empty() {
            return Self::default();
        }
        let total: u64 = games.iter().map(|g| g.score).sum();
        let smallest = games.iter().map(|g| g.best_tile).min().unwrap_or(2).max(2);
        let largest = games.iter().map(|g| g.best_tile).max().unwrap_or(2).max(2);
        let tiles = (smallest.trailing_zeros()..=largest.trailing_zeros())
            .map(|power| {
                let tile = 1u32 << power;
                (tile, games.iter().filter(|g| g.best_tile == tile).count())
            })
            .collect();
        let from = games.len().saturating_sub(RECENT_GAMES);
        Self {
            games: games.len(),
            wins: games.iter().filter(|g| g.won()).count(),
            best: games.iter().map(|g| g.score).max().unwrap_or(0),
            average: total / games.len() as u64,
            tiles,
            recent: games[from..].iter().map(|g| g.score).collect(),
        }
    }

    /// Wins in percent, rounded.
    pub fn win_percent(&self) -> u64 {
        if self.games == 0 {
            0
        } else {
            (self.wins as u64 * 100 + self.games as u64 / 2) / self.games as u64
        }
    }
}

/// When a game started, as the player's clock showed it then, in the player's words: local
/// date and time, "Dec 1, 2026, 18:05", from milliseconds since 1970.
pub fn when(ms: u64, words: &Words) -> String {
    when_in(ms, &local_zone(ms), words)
}

/// `when` in a given time zone.
pub fn when_in(ms: u64, zone: &jiff::tz::TimeZone, words: &Words) -> String {
    let Some(t) = local_time(ms, zone) else {
        return words.get("date-beyond");
    };
    let two = |n: i8| format!("{n:02}");
    tr!(
        words,
        "date-time",
        year = t.year().to_string(),
        month = t.month(),
        day = t.day().to_string(),
        dd = two(t.day()),
        mm = two(t.month()),
        hour = two(t.hour()),
        minute = two(t.minute())
    )
}

/// The day a moment falls on in the player's zone, "2026-12-01" (for file names).
pub fn day(ms: u64) -> String {
    match local_time(ms, &local_zone(ms)) {
        Some(t) => format!("{:04}-{:02}-{:02}", t.year(), t.month(), t.day()),
        None => "today".into(),
    }
}

fn local_time(ms: u64, zone: &jiff::tz::TimeZone) -> Option<jiff::civil::DateTime> {
    let at = jiff::Timestamp::from_millisecond(ms.min(i64::MAX as u64) as i64).ok()?;
    Some(zone.to_datetime(at))
}

/// The player's time zone: the system's (the `TZ` variable, else `/etc/localtime`) on the
/// desktop; in a browser, the page's offset from UTC at that moment (`Date.getTimezoneOffset`,
/// which follows daylight saving time as the browser's zone does).
fn local_zone(ms: u64) -> jiff::tz::TimeZone {
    #[cfg(target_arch = "wasm32")]
    {
        let minutes = js_sys::Date::new(&(ms as f64).into()).get_timezone_offset();
        jiff::tz::Offset::from_seconds(-(minutes * 60.0) as i32)
            .map_or(jiff::tz::TimeZone::UTC, jiff::tz::TimeZone::fixed)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ms;
        jiff::tz::TimeZone::system()
    }
}

/// A game that ends goes into the history then (a later undo and a new ending update it).
fn keep_finished_game(
    engine: Res<Engine>,
    history: Res<UndoRecord>,
    mut past: ResMut<PastGames>,
    mut told: Local<bool>,
    mut notices: MessageWriter<Notice>,
) {
    if engine.status() != Status::Over {
        return;
    }
    PastGames::keep_in(&mut past, &engine, &history);
    if history.seed().is_none() && !*told {
        *told = true;
        notices.write(Notice(crate::said!("notice-unrecorded-history")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn past(size: usize, score: u64, best_tile: u32) -> PastGame {
        PastGame {
            started_ms: score,
            seed: 1,
            size: Shape::square(size),
            target: 2048,
            score,
            best_tile,
            moves: 10,
            undos: 0,
            played_ms: 0,
            ai: false,
            over: true,
            code: String::new(),
            extra: Default::default(),
        }
    }

    #[test]
    fn statistics_count_one_board_size() {
        let games = [
            past(4, 20_000, 2048),
            past(4, 5_000, 512),
            past(5, 90_000, 4096),
            past(4, 8_000, 512),
            past(4, 3_001, 128),
        ];
        let stats = Stats::of(&games, Shape::square(4));
        assert_eq!((stats.games, stats.wins, stats.win_percent()), (4, 1, 25));
        assert_eq!((stats.best, stats.average), (20_000, 9_000));
        assert_eq!(
            stats.tiles,
            vec![(128, 1), (256, 0), (512, 2), (1024, 0), (2048, 1)]
        );
        assert_eq!(stats.recent, vec![20_000, 5_000, 8_000, 3_001]);
        assert_eq!(Stats::of(&games, Shape::square(6)), Stats::default());
    }

    #[test]
    fn dates_and_numbers_read_as_people_write_them() {
        use jiff::tz::{Offset, TimeZone};
        let utc = TimeZone::UTC;
        let when_in = |ms, zone: &TimeZone| when_in(ms, zone, Words::english());
        let grouped = |n| Words::english().number(n);
        assert_eq!(when_in(0, &utc), "1970-01-01 00:00");
        assert_eq!(when_in(951_782_400_000, &utc), "2000-02-29 00:00");
        // 2026-12-01 04:30 UTC was still 23:30 on November 30 in New York (UTC-5 in winter),
        // and 2026-07-01 03:30 UTC was 23:30 on June 30 there (UTC-4 in summer).
        let new_york = TimeZone::posix("EST5EDT,M3.2.0,M11.1.0").unwrap();
        assert_eq!(when_in(1_796_099_400_000, &utc), "2026-12-01 04:30");
        assert_eq!(when_in(1_796_099_400_000, &new_york), "2026-11-30 23:30");
        assert_eq!(when_in(1_782_876_600_000, &new_york), "2026-06-30 23:30");
        let fixed = TimeZone::fixed(Offset::from_hours(-5).unwrap());
        assert_eq!(when_in(1_796_099_400_000, &fixed), "2026-11-30 23:30");
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }
}
