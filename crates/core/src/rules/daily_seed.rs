//! The daily game: one game a UTC day, the same for every player on every platform, a 4×4 board
//! to 2048 from the day's seed: year × 10,000 + month × 100 + day, so 2026-12-03 plays seed
//! 20261203 (docs/daily.md has a table of days and their first boards). Anyone can compute it,
//! and a share code is the proof of a daily's score: its seed names its day, and its moves are
//! replayed (as every code's are before it is shown) to give the score.

use std::fmt;

use super::game::Config;

/// A day of the calendar (the daily's are UTC days).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(jiff::civil::Date);

/// The first and last years a daily's seed may name: earlier or later seeds are not days.
const FIRST_YEAR: i16 = 2000;
const LAST_YEAR: i16 = 9999;

impl Day {
    /// The day of a date, if there is one (2026-02-30 is not).
    pub fn new(year: i16, month: i8, day: i8) -> Option<Day> {
        if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
            return None;
        }
        jiff::civil::Date::new(year, month, day).ok().map(Day)
    }

    /// The UTC day of a moment, in milliseconds since 1970.
    pub fn of_ms(ms: u64) -> Option<Day> {
        let at = jiff::Timestamp::from_millisecond(i64::try_from(ms).ok()?).ok()?;
        let date = jiff::tz::TimeZone::UTC.to_datetime(at).date();
        Day::new(date.year(), date.month(), date.day())
    }

    /// "2026-12-03", exactly: four digits, two and two, with dashes (no sign, no spaces, no
    /// short forms), so that one day has one spelling wherever it is named.
    pub fn parse(text: &str) -> Option<Day> {
        let bytes = text.as_bytes();
        let shape = bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            });
        if !shape {
            return None;
        }
        let number = |range: std::ops::Range<usize>| text[range].parse::<i16>().ok();
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        Day::new(year, i8::try_from(month).ok()?, i8::try_from(day).ok()?)
    }

    /// The daily's seed: year × 10,000 + month × 100 + day.
    pub fn seed(self) -> u64 {
        let date = self.0;
        date.year() as u64 * 10_000 + date.month() as u64 * 100 + date.day() as u64
    }

    /// The day whose daily's seed this is, if any.
    pub fn of_seed(seed: u64) -> Option<Day> {
        let year = i16::try_from(seed / 10_000).ok()?;
        Day::new(year, (seed / 100 % 100) as i8, (seed % 100) as i8)
            .filter(|day| day.seed() == seed)
    }

    /// The day after, and the day before.
    pub fn next(self) -> Option<Day> {
        self.0.tomorrow().ok().map(Day)
    }

    pub fn previous(self) -> Option<Day> {
        self.0.yesterday().ok().map(Day)
    }

    pub fn year(self) -> i16 {
        self.0.year()
    }

    pub fn month(self) -> i8 {
        self.0.month()
    }

    pub fn day(self) -> i8 {
        self.0.day()
    }
}

impl fmt::Display for Day {
    /// "2026-12-03".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02}",
            self.year(),
            self.month(),
            self.day()
        )
    }
}

/// The daily's board and target: 4×4 to 2048.
pub fn daily_config() -> Config {
    Config::new(4, 2048).expect("4×4 to 2048 is a board")
}

/// The day a game of `config` from `seed` is the daily of, if it is one.
pub fn daily_of(config: Config, seed: u64) -> Option<Day> {
    (config == daily_config())
        .then(|| Day::of_seed(seed))
        .flatten()
}

/// The mark a link to a daily's replay carries before its code (`#daily=2026-12-03&replay=…`).
pub const DAILY_MARK: &str = "daily=";

/// The day a link says its game is the daily of, if it says one.
pub fn claimed_day(link: &str) -> Option<Day> {
    let at = link.find(DAILY_MARK)? + DAILY_MARK.len();
    let rest = &link[at..];
    Day::parse(&rest[..rest.find('&').unwrap_or(rest.len())])
}

/// The daily of `day`: its board and its seed.
pub fn daily(day: Day) -> (Config, u64) {
    (daily_config(), day.seed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_s_seed_is_its_date_in_digits_and_back() {
        let day = Day::new(2026, 12, 3).unwrap();
        assert_eq!(day.seed(), 20_261_203);
        assert_eq!(Day::of_seed(20_261_203), Some(day));
        assert_eq!(Day::parse("2026-12-03"), Some(day));
        assert_eq!(day.to_string(), "2026-12-03");
        // Not days: a 30th of February, a 13th month, a random seed, a year out of range.
        assert_eq!(Day::of_seed(20_260_230), None);
        assert_eq!(Day::of_seed(20_261_301), None);
        assert_eq!(Day::of_seed(0x9E37_79B9_7F4A_7C15), None);
        assert_eq!(Day::of_seed(19_991_231), None);
        assert_eq!(Day::parse("2026-12"), None);
        // One spelling: no sign, short forms, spaces or trailing text.
        for other in [
            "+2026-12-03",
            "2026-12-3",
            " 2026-12-03",
            "2026-12-03 ",
            "2026-12-03x",
            "２０２６-12-03",
        ] {
            assert_eq!(Day::parse(other), None, "{other:?}");
        }
        // Midnight UTC starts the day: 2026-12-03 00:00 UTC is 1,796,256,000,000 ms.
        assert_eq!(Day::of_ms(1_796_256_000_000), Some(day));
        assert_eq!(Day::of_ms(1_796_255_999_999), day.previous());
        assert_eq!(day.next(), Day::new(2026, 12, 4));
        assert_eq!(Day::new(2026, 12, 31).unwrap().next(), Day::new(2027, 1, 1));
    }

    #[test]
    fn a_link_says_which_day_s_daily_it_holds() {
        let link = "https://example.org/2048/#daily=2026-12-03&replay=AQQLAAAA";
        assert_eq!(claimed_day(link), Day::new(2026, 12, 3));
        assert_eq!(claimed_day("#replay=AQQLAAAA"), None);
        assert_eq!(claimed_day("#daily=2026-13-01&replay=A"), None);
    }

    #[test]
    fn only_a_4x4_game_to_2048_from_a_day_s_seed_is_a_daily() {
        let day = Day::new(2026, 12, 3).unwrap();
        assert_eq!(daily_of(daily_config(), day.seed()), Some(day));
        assert_eq!(daily_of(Config::new(5, 2048).unwrap(), day.seed()), None);
        assert_eq!(daily_of(Config::new(4, 4096).unwrap(), day.seed()), None);
        assert_eq!(daily_of(daily_config(), day.seed() + 98), None);
    }
}
