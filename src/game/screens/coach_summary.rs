//! The coach's summary of the game in progress: how the rated moves went, and a button for
//! each of the worst that opens the replay just before it.

use bevy::prelude::KeyCode::*;

use super::{Binding, Dialog, DialogButton, Help, Unit, counted};
use crate::ai::coach::Verdict;
use crate::game::coach::Summary;
use crate::game::requests::Request::*;
use crate::game::requests::Watch;
use crate::game::speech::direction_name;

pub const UNIT: Unit = Unit {
    name: "In the coach's summary",
    keys: &[
        Binding {
            help: Help::Text("Tab and Enter: see a move in the replay  ·  Esc close"),
            ..Binding::new(
                &[Escape, KeyQ, Backspace, KeyX],
                CloseDialog,
                "close the summary (Tab and Enter open a move in the replay)",
            )
        },
        Binding::new(&[KeyT], ToggleTheme, "the other theme"),
    ],
    accepts: |request| {
        matches!(
            request,
            Watch(Watch::CurrentAt(_)) | CloseDialog | ToggleTheme
        )
    },
    describe: |facts| Some(summary(&facts.coach.summary())),
};

/// The summary in words, and its buttons.
pub fn summary(summary: &Summary) -> Dialog {
    let mut lines = Vec::new();
    let mut buttons = Vec::new();
    if summary.rated == 0 {
        lines.push(
            "No move of this game is rated yet: the coach rates your own moves while it is on \
             (options, key C)."
                .to_string(),
        );
    } else {
        let inaccuracies = match summary.count(Verdict::Inaccuracy) {
            1 => "1 inaccuracy".to_string(),
            n => format!("{n} inaccuracies"),
        };
        lines.push(format!(
            "{} rated: {} best, {} good, {inaccuracies}, {}.",
            counted(u64::from(summary.rated), "move"),
            summary.count(Verdict::Best),
            summary.count(Verdict::Good),
            counted(u64::from(summary.count(Verdict::Mistake)), "mistake"),
        ));
        if summary.worst.is_empty() {
            lines.push("No inaccuracy and no mistake: well played.".to_string());
        } else {
            lines.push("The moves that gave up most; each opens the replay just before it:".into());
        }
        for &(number, rating) in &summary.worst {
            buttons.push(DialogButton::new(
                format!(
                    "Move {number}: {}, {} ({} was best)",
                    direction_name(rating.played),
                    rating.verdict.word(),
                    direction_name(rating.best)
                ),
                Watch(Watch::CurrentAt(number - 1)),
            ));
        }
    }
    buttons.push(DialogButton::new("Close", CloseDialog));
    Dialog::modal("Coach", lines, buttons)
}
