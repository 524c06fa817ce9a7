//! Luck and skill in the game: a finished game's record read by `ai::luck_and_skill` a few moves a
//! frame, for the coach's summary (the game in play, once it is over) and the history (the game
//! selected). Nothing is read while a game is played; a frame gives it at most `FRAME_SHARE`,
//! and the figures do not depend on how the work was split. They are kept for this run, by
//! game (its share code).

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use web_time::Instant;

use super::past::PastGames;
use super::sets::GameSet;
use super::state::GameList;
use super::state::{GameState, Screen, UndoRecord};
use crate::ai::luck_and_skill::{Review, ReviewFigures};
use crate::i18n::Words;
use crate::rules::{History, Record};
use crate::tr;

/// The most of a frame the reading takes.
pub const FRAME_SHARE: Duration = Duration::from_millis(4);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Reviews>().add_systems(
        Update,
        (
            // What to read follows the game, the screen and the history's selection: it is
            // looked at when one of them changes, not every frame (a game over's key is its
            // whole record encoded).
            want_reviews.run_if(
                resource_changed::<UndoRecord>
                    .or_else(state_changed::<GameState>)
                    .or_else(state_changed::<Screen>)
                    .or_else(resource_changed::<GameList>)
                    .or_else(resource_changed::<PastGames>),
            ),
            read_reviews.run_if(|reviews: Res<Reviews>| reviews.busy()),
        )
            .chain()
            .in_set(GameSet::Record),
    );
}

/// The figures read, by game (its share code; a game without a seed, as an old save's, by its
/// start and moves), and the reading under way.
#[derive(Resource, Default)]
pub struct Reviews {
    done: HashMap<String, ReviewFigures>,
    under_way: Option<(String, Review)>,
    /// The game the coach's summary shows (the one in play, once over), and the history's
    /// selected one.
    pub current: Option<String>,
    pub selected: Option<String>,
}

/// Where a game's reading stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reading {
    /// Not asked for (the game goes on).
    Not,
    /// Under way: moves read, of all.
    UnderWay(usize, usize),
    Done(ReviewFigures),
}

impl Reviews {
    /// Where the reading of the game of `code` stands.
    pub fn reading(&self, code: Option<&String>) -> Reading {
        let Some(code) = code else {
            return Reading::Not;
        };
        if let Some(&figures) = self.done.get(code) {
            return Reading::Done(figures);
        }
        match &self.under_way {
            Some((key, review)) if key == code => {
                let (read, all) = review.progress();
                Reading::UnderWay(read, all)
            }
            _ => Reading::UnderWay(0, 1),
        }
    }

    /// Whether a reading is under way (frames must keep coming for it).
    pub fn busy(&self) -> bool {
        self.under_way.is_some()
    }
}

/// The line that says a reading: the figures, or how far it is.
pub fn reading_line(reading: Reading, words: &Words) -> String {
    match reading {
        Reading::Not => words.get("review-later"),
        Reading::UnderWay(read, all) => tr!(
            words,
            "review-reading",
            percent = (read * 100 / all.max(1)).min(99)
        ),
        // A game restored without its moves (saved before they were kept).
        Reading::Done(figures) if figures.moves == 0 => words.get("review-no-moves"),
        Reading::Done(figures) => {
            let skill = (f64::from(figures.skill) * 100.0).round() as u64;
            let luck = (f64::from(figures.luck) * 100.0).round() as i64;
            let id = match luck {
                0 => "review-figures-even",
                l if l > 0 => "review-figures-better",
                _ => "review-figures-worse",
            };
            tr!(words, id, skill = skill, luck = luck.unsigned_abs())
        }
    }
}

/// The games to read: the one in play once it is over, and the history's selected one while
/// the history shows.
fn want_reviews(
    state: Res<State<GameState>>,
    screen: Res<State<Screen>>,
    history: Res<UndoRecord>,
    past: Res<PastGames>,
    list: Res<GameList>,
    mut reviews: ResMut<Reviews>,
) {
    let over = *state.get() == GameState::GameOver;
    let current = over.then(|| key(&history.0));
    let selected = (*screen.get() == Screen::History)
        .then(|| past.newest(list.selected).map(|game| game.code.clone()))
        .flatten();
    if reviews.current != current {
        reviews.current = current;
    }
    if reviews.selected != selected {
        reviews.selected = selected;
    }
    // The one on screen first; a reading no longer wanted gives way.
    let wanted = match *screen.get() {
        Screen::History => reviews.selected.clone(),
        _ => reviews.current.clone(),
    }
    .filter(|code| !reviews.done.contains_key(code));
    let reading = reviews.under_way.as_ref().map(|(key, _)| key);
    if reading == wanted.as_ref() {
        return;
    }
    reviews.under_way = wanted.and_then(|code| {
        if over && Some(&code) == reviews.current.as_ref() {
            let review = Review::new(history.start().clone(), history.moves().to_vec());
            return Some((code, review));
        }
        let record = Record::parse(&code).ok()?;
        Some((code, Review::new(record.start(), record.moves)))
    });
}

/// The key a game's figures are kept under: its share code, or where it has no seed (a game
/// saved before seeds were kept) its start and moves.
fn key(history: &History) -> String {
    history.record().map_or_else(
        || format!("{:?} {:?}", history.start().board(), history.moves()),
        |record| record.code(),
    )
}

/// A frame's share of the reading under way.
fn read_reviews(mut reviews: ResMut<Reviews>) {
    let Some((_, review)) = reviews.under_way.as_mut() else {
        return;
    };
    let started = Instant::now();
    let figures = loop {
        if let Some(figures) = review.step() {
            break Some(figures);
        }
        if started.elapsed() >= FRAME_SHARE {
            break None;
        }
    };
    if let Some(figures) = figures
        && let Some((code, _)) = reviews.under_way.take()
    {
        reviews.done.insert(code, figures);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(skill: f32, luck: f32, moves: usize) -> ReviewFigures {
        ReviewFigures {
            skill,
            luck,
            moves,
            forced: 0,
        }
    }

    #[test]
    fn the_line_says_the_figures_in_whole_percent_or_where_the_reading_is() {
        let words = Words::english();
        let line = |reading| reading_line(reading, words);
        assert_eq!(
            line(Reading::Done(figures(0.9444, 0.0561, 80))),
            "The moves kept 94% of the best moves' value; the tiles fell 6% better than average."
        );
        assert_eq!(
            line(Reading::Done(figures(0.98, -0.121, 80))),
            "The moves kept 98% of the best moves' value; the tiles fell 12% worse than average."
        );
        assert_eq!(
            line(Reading::Done(figures(1.0, 0.004, 80))),
            "The moves kept 100% of the best moves' value; the tiles fell as on average."
        );
        assert_eq!(
            line(Reading::Done(figures(1.0, 0.0, 0))),
            "This game's moves were not kept, so its luck and skill cannot be worked out."
        );
        // Never 100 % before the end.
        assert_eq!(
            line(Reading::UnderWay(999, 1000)),
            "Working out luck and skill… 99%"
        );
        assert_eq!(
            line(Reading::Not),
            "Luck and skill are worked out once the game is over."
        );
    }
}
