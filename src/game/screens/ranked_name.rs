//! The ranked daily's display name, typed in: the line as typed so far, what a name may be,
//! and the buttons to send it or go back. Letters typed go to the line (`game::ranked`), not
//! to keys: only Enter and Esc are this screen's.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::add_screen;
use crate::game::dialog::{Block, Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::ranked::RankedServer;
use crate::game::requests::RankedAsk;
use crate::game::requests::Request::*;
use crate::game::screen::Screen;
use crate::i18n::Words;
use crate::tr;

pub const KEYS: Keys = Keys {
    name: "Typing the ranked daily's name",
    bindings: &[
        Binding::new(
            &[Enter, NumpadEnter],
            Ranked(RankedAsk::SubmitName),
            "send the name",
        )
        .help("help-ranked-send"),
        Binding::new(
            &[Escape],
            Ranked(RankedAsk::Open),
            "back, the name unchanged",
        )
        .help("help-close"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::RankedName,
        &KEYS,
        draft,
        resource_changed::<RankedServer>,
    );
}

/// The name typed so far.
fn draft(ranked: Res<RankedServer>, words: Res<Language>) -> Option<Dialog> {
    Some(describe(&ranked.draft, &words))
}

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
