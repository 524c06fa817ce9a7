//! The ranked daily's display name, typed in: the line as typed so far, what a name may be,
//! and the buttons to send it or go back. Letters typed go to the line (`game::ranked`), not
//! to keys: only Enter and Esc are this screen's.

use bevy::prelude::DetectChanges;
use bevy::prelude::KeyCode::*;

use super::{Binding, Block, Dialog, DialogButton, Unit};
use crate::game::requests::RankedAsk;
use crate::game::requests::Request::*;
use crate::i18n::Words;
use crate::tr;

pub const UNIT: Unit = Unit {
    name: "Typing the ranked daily's name",
    keys: &[
        Binding::new(
            &[Enter, NumpadEnter],
            Ranked(RankedAsk::SubmitName),
            "send the name",
        )
        .help("help-ranked-send"),
        Binding::new(&[Escape], Ranked(RankedAsk::Open), "back, the name unchanged")
            .help("help-close"),
    ],
    accepts: |request| matches!(request, Ranked(RankedAsk::SubmitName | RankedAsk::Open)),
    describe: |facts| Some(describe(&facts.ranked.draft, &facts.words)),
    reads: |facts| facts.ranked.is_changed(),
};

/// The screen's one description.
pub fn describe(draft: &str, words: &Words) -> Dialog {
    Dialog {
        title: words.get("ranked-name-title"),
        body: vec![
            Block::Line(tr!(words, "ranked-name-typed", name = format!("{draft}_"))),
            Block::Line(words.get("ranked-name-rules")),
            Block::Footer(vec![
                DialogButton::new(words.get("ranked-name-send"), Ranked(RankedAsk::SubmitName)),
                DialogButton::new(words.get("ranked-close"), Ranked(RankedAsk::Open)),
            ]),
        ],
        modal: true,
    }
}
