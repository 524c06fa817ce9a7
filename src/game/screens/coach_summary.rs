//! The coach's summary of the game in progress: how the rated moves went, and a button for
//! each of the worst that opens the replay just before it.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::add_screen;
use crate::ai::move_rating::Verdict;
use crate::game::coach::{Coach, Summary};
use crate::game::dialog::{Block, Dialog, DialogButton};
use crate::game::keys::{Binding, Help, Keys};
use crate::game::language::Language;
use crate::game::requests::Choose;
use crate::game::requests::Request::*;
use crate::game::requests::Watch;
use crate::game::review::Reviews;
use crate::game::review::reading_line;
use crate::game::screen::Screen;
use crate::game::speech::{direction_name, verdict_word};
use crate::i18n::Words;
use crate::tr;

pub const KEYS: Keys = Keys {
    name: "In the coach's summary",
    bindings: &[
        Binding {
            help: Help::Text("help-coach-summary"),
            ..Binding::new(
                &[Escape, KeyQ, Backspace, KeyX],
                CloseDialog,
                "close the summary (Tab and Enter open a move in the replay)",
            )
        },
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::Coach,
        &KEYS,
        describe,
        resource_changed::<Coach>.or_else(resource_changed::<Reviews>),
    );
}

/// The summary, with the game's luck and skill once it is over (read from its record) under
/// the counts and above the worst moves' heading.
fn describe(coach: Res<Coach>, reviews: Res<Reviews>, words: Res<Language>) -> Option<Dialog> {
    let mut dialog = summary(&coach.summary(), &words);
    let reading = reviews.reading(reviews.current.as_ref());
    let at = READING_LINE.min(dialog.lines().len());
    dialog.insert_line(at, reading_line(reading, &words));
    Some(dialog)
}

/// The line of the description that says luck and skill.
pub const READING_LINE: usize = 1;

/// The summary in words, each of the worst moves a button in a row of its own (it shows that
/// move), and Close at the foot.
pub fn summary(summary: &Summary, words: &Words) -> Dialog {
    let mut body = Vec::new();
    if summary.rated == 0 {
        let key = super::options::KEYS
            .key_for(Options(Choose::ToggleCoach), words)
            .unwrap_or_default();
        body.push(Block::Line(tr!(words, "coach-none", key = key)));
    } else {
        body.push(Block::Line(tr!(
            words,
            "coach-counts",
            rated = summary.rated,
            best = summary.count(Verdict::Best),
            good = summary.count(Verdict::Good),
            inaccuracies = summary.count(Verdict::Inaccuracy),
            mistakes = summary.count(Verdict::Mistake)
        )));
        body.push(Block::Line(if summary.worst.is_empty() {
            words.get("coach-clean")
        } else {
            words.get("coach-worst")
        }));
        for &(number, rating) in &summary.worst {
            body.push(Block::Buttons(vec![DialogButton::new(
                tr!(
                    words,
                    "coach-move",
                    number = number,
                    played = direction_name(rating.played, words),
                    verdict = verdict_word(rating.verdict, words),
                    best = direction_name(rating.best, words)
                ),
                Watch(Watch::CurrentAt(number - 1)),
            )]));
        }
    }
    body.push(Block::Footer(vec![DialogButton::new(
        words.get("coach-close"),
        CloseDialog,
    )]));
    Dialog {
        title: words.get("coach-title"),
        body,
        modal: true,
    }
}
