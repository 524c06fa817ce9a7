//! The daily game in play: which game is the day's daily and whether it counts (the day's first
//! attempt, started on that UTC day; later ones are practice), the dailies' streak and best,
//! and starting today's (Y, the options' button, `--daily`, `#daily` on the web). The day and
//! its seed are the rules' (`rules::Day`).

use bevy::prelude::*;

use super::past::PastGames;
use super::sets::GameSet;
use super::state::{Engine, UndoRecord};
use crate::i18n::{Said, Words};
use crate::rules::{Config, Day, daily_of};
use crate::save::PastGame;
use crate::{said, tr};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DailyNow>().add_systems(
        Update,
        follow_game
            .run_if(
                resource_changed::<Engine>
                    .or_else(resource_changed::<UndoRecord>)
                    .or_else(resource_changed::<PastGames>),
            )
            .in_set(GameSet::Record),
    );
}

/// A daily game: its day, and whether it is the one that counts (else practice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt {
    pub day: Day,
    pub counted: bool,
}

/// The game in play as a daily, if it is one.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DailyNow(pub Option<Attempt>);

/// Today, in UTC: the day whose daily a player starts now.
pub fn today() -> Option<Day> {
    Day::of_ms(crate::clock::now_ms())
}

/// What a game of `config` from `seed`, started at `started_ms`, is of the dailies, among the
/// games `past` holds: the first attempt of a day's daily started on that day counts.
pub fn attempt(past: &[PastGame], config: Config, seed: u64, started_ms: u64) -> Option<Attempt> {
    let day = daily_of(config, seed)?;
    let on_its_day = |started: u64| Day::of_ms(started) == Some(day);
    let earlier = past.iter().any(|game| {
        game.seed == seed && game.started_ms < started_ms && on_its_day(game.started_ms)
    });
    Some(Attempt {
        day,
        counted: on_its_day(started_ms) && !earlier,
    })
}

/// The dailies the history holds: how many days were played, the days in a row up to today
/// (or yesterday: today's may be still to play), and the best counted score with its day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dailies {
    pub days: usize,
    pub streak: u32,
    pub best: Option<(Day, u64)>,
}

impl Dailies {
    pub fn of(past: &[PastGame], today: Option<Day>) -> Self {
        let mut counted: Vec<(Day, u64)> = past
            .iter()
            .filter_map(|game| {
                let config = Config::with_shape(game.size, game.target).ok()?;
                let a = attempt(past, config, game.seed, game.started_ms)?;
                a.counted.then_some((a.day, game.score))
            })
            .collect();
        counted.sort();
        counted.dedup_by_key(|(day, _)| *day);
        let played = |day: Day| counted.iter().any(|(d, _)| *d == day);
        let mut streak = 0;
        let mut day = today
            .filter(|&d| played(d))
            .or(today.and_then(Day::previous));
        while let Some(d) = day.filter(|&d| played(d)) {
            streak += 1;
            day = d.previous();
        }
        let best = counted
            .iter()
            .copied()
            .max_by_key(|&(day, score)| (score, std::cmp::Reverse(day)));
        Self {
            days: counted.len(),
            streak,
            best,
        }
    }
}

/// A day as the player's language writes it ("2026-12-03", "03.12.2026").
pub fn day_said(day: Day) -> Said {
    said!(
        "date-day",
        year = day.year().to_string(),
        month = day.month(),
        day = day.day().to_string(),
        mm = format!("{:02}", day.month()),
        dd = format!("{:02}", day.day())
    )
}

/// The line a finished daily shows: its day, score, best tile, moves and undos, and whether
/// it counts.
pub fn result_line(
    attempt: Attempt,
    game: &crate::rules::Game,
    undos: u32,
    words: &Words,
) -> String {
    tr!(
        words,
        if attempt.counted {
            "daily-result"
        } else {
            "daily-result-practice"
        },
        date = words.say(&day_said(attempt.day)),
        score = game.score(),
        tile = game.board().max_tile().to_string(),
        moves = game.moves(),
        undos = undos
    )
}

/// Keeps `DailyNow` the game in play's standing among the dailies.
fn follow_game(
    engine: Res<Engine>,
    history: Res<UndoRecord>,
    past: Res<PastGames>,
    mut now: ResMut<DailyNow>,
) {
    let standing = history
        .seed()
        .and_then(|seed| attempt(&past.0, engine.config(), seed, history.info.started_ms));
    now.set_if_neq(DailyNow(standing));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Shape, daily_config};

    const DAY_MS: u64 = 86_400_000;
    /// 2026-12-03 00:00 UTC.
    const DEC_3: u64 = 1_796_256_000_000;

    fn daily(day: Day, started_ms: u64, score: u64) -> PastGame {
        PastGame {
            started_ms,
            seed: day.seed(),
            size: Shape::square(4),
            target: 2048,
            score,
            best_tile: 256,
            moves: 100,
            undos: 0,
            played_ms: 0,
            ai: false,
            over: true,
            code: String::new(),
            extra: Default::default(),
        }
    }

    #[test]
    fn the_first_attempt_started_on_its_day_counts() {
        let dec3 = Day::new(2026, 12, 3).unwrap();
        let first = daily(dec3, DEC_3 + 1000, 3000);
        let past = [first.clone()];
        let config = daily_config();
        assert_eq!(
            attempt(&[], config, dec3.seed(), first.started_ms),
            Some(Attempt {
                day: dec3,
                counted: true
            })
        );
        // A second start that day is practice; so is the day's daily begun the next day.
        let again = attempt(&past, config, dec3.seed(), DEC_3 + 5000).unwrap();
        assert!(!again.counted);
        let late = attempt(&[], config, dec3.seed(), DEC_3 + DAY_MS + 10).unwrap();
        assert!(!late.counted);
        // The first is still the one that counts, with the second in the history.
        let both = [first.clone(), daily(dec3, DEC_3 + 5000, 9000)];
        assert!(
            attempt(&both, config, dec3.seed(), first.started_ms)
                .unwrap()
                .counted
        );
        // Not a daily: another board, another seed.
        assert_eq!(
            attempt(&past, Config::new(5, 2048).unwrap(), dec3.seed(), DEC_3),
            None
        );
        assert_eq!(attempt(&past, config, 12345, DEC_3), None);
    }

    #[test]
    fn the_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        let day = |n: u64| Day::of_ms(DEC_3 + n * DAY_MS).unwrap();
        let games: Vec<PastGame> = [0, 1, 2, 4, 5]
            .iter()
            .map(|&n| daily(day(n), DEC_3 + n * DAY_MS + 60_000, 1000 * (n + 1)))
            .collect();
        // Dec 3, 4, 5, then a gap, then 7 and 8.
        let on = |n| Dailies::of(&games, Some(day(n)));
        assert_eq!(on(5).streak, 2, "today played: Dec 7 and 8");
        assert_eq!(on(6).streak, 2, "today not yet played: up to yesterday");
        assert_eq!(on(7).streak, 0, "yesterday missed");
        assert_eq!(on(2).streak, 3);
        assert_eq!(on(5).days, 5);
        assert_eq!(on(5).best, Some((day(5), 6000)));
        // A practice game's higher score is not the best daily.
        let mut more = games.clone();
        more.push(daily(day(0), DEC_3 + 3_600_000, 999_999));
        assert_eq!(Dailies::of(&more, Some(day(5))).best, Some((day(5), 6000)));
        assert_eq!(Dailies::of(&[], Some(day(5))), Dailies::default());
    }
}
