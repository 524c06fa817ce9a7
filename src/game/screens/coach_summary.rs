//! The coach's summary of the game in progress: how the rated moves went, and a button for
//! each of the worst that opens the replay just before it.

use bevy::prelude::DetectChanges;
use bevy::prelude::KeyCode::*;

use super::{Binding, Block, Dialog, DialogButton, Help, Screen, Unit};
use crate::ai::coach::Verdict;
use crate::game::coach::Summary;
use crate::game::requests::Choose;
use crate::game::requests::Request::*;
use crate::game::requests::Watch;
use crate::game::review::reading_line;
use crate::game::speech::{direction_name, verdict_word};
use crate::i18n::Words;
use crate::tr;

pub const UNIT: Unit = Unit {
    name: "In the coach's summary",
    keys: &[
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
    accepts: |request| {
        matches!(
            request,
            Watch(Watch::CurrentAt(_)) | CloseDialog | Options(Choose::NextTheme)
        )
    },
    describe: |facts| {
        let mut dialog = summary(&facts.coach.summary(), &facts.words);
        // Luck and skill, once the game is over (read from its record), under the counts and
        // above the worst moves' heading.
        let reading = facts.reviews.reading(facts.reviews.current.as_ref());
        let at = READING_LINE.min(dialog.lines().len());
        dialog.insert_line(at, reading_line(reading, &facts.words));
        Some(dialog)
    },
    reads: |facts| facts.coach.is_changed() || facts.reviews.is_changed(),
};

/// The line of the description that says luck and skill.
pub const READING_LINE: usize = 1;

/// The summary in words, each of the worst moves a button in a row of its own (it shows that
/// move), and Close at the foot.
pub fn summary(summary: &Summary, words: &Words) -> Dialog {
    let mut body = Vec::new();
    if summary.rated == 0 {
        let key = Screen::Options
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
