//! A race's card, once either game has ended: who won, both games' score, best tile and moves,
//! and a rematch, the player's run to share, or back to the board without the ghost.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::add_screen;
use crate::game::dialog::{Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::race::{Figures, Outcome, Race, RaceControl, RaceEnded};
use crate::game::requests::Request::*;
use crate::game::requests::{AddRequestOwner, Choose, Requested};
use crate::game::screen::Screen;
use crate::game::sets::GameSet;
use crate::game::speech::Announcement;
use crate::i18n::Words;
use crate::tr;

pub const KEYS: Keys = Keys {
    name: "On a race's card",
    bindings: &[
        Binding::new(
            &[Enter, NumpadEnter, Space, KeyR],
            Rematch,
            "rematch: the same race again",
        )
        .help("help-rematch"),
        Binding::new(&[KeyC], Share, "share your run").help("help-share"),
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace],
            CloseDialog,
            "close: your game stays, the ghost goes",
        )
        .help("help-close"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::RaceResult,
        &KEYS,
        describe,
        resource_changed::<Race>,
    );
    app.add_systems(Update, announce_card.in_set(GameSet::React))
        .add_request_owner(&[CloseDialog], on_request);
}

/// Closing the card: the player's game stays, the ghost goes.
fn on_request(request: On<Requested>, mut race: RaceControl) {
    if request.request == CloseDialog && request.screen == Screen::RaceResult {
        race.close();
    }
}

/// The card of the race that ended.
fn describe(race: Res<Race>, words: Res<Language>) -> Option<Dialog> {
    let racing = race.0.as_ref()?;
    Some(card(racing.outcome?, racing.rival.is_ai(), &words))
}

/// A screen reader hears the card of a race that has just ended.
fn announce_card(
    mut ended: MessageReader<RaceEnded>,
    words: Res<Language>,
    mut said: MessageWriter<Announcement>,
) {
    for &RaceEnded { outcome, ai } in ended.read() {
        let card = card(outcome, ai, &words);
        said.write(Announcement {
            text: std::iter::once(card.title.clone())
                .chain(card.lines())
                .collect::<Vec<_>>()
                .join(" "),
            // Polite: when the player's game ended, "Game over" is said urgently too (the next
            // frame); the card, a dialog, also takes the screen reader's focus.
            urgent: false,
        });
    }
}

/// "You: 3,204 points, best tile 256, 180 moves."
fn figures_line(id: &str, figures: Figures, words: &Words) -> String {
    tr!(
        words,
        id,
        score = figures.score,
        tile = figures.tile.to_string(),
        moves = figures.moves
    )
}

/// The card of a race that ended so (against the AI or a recorded game): who won, both games'
/// figures, which game ended, and its buttons.
pub fn card(outcome: Outcome, ai: bool, words: &Words) -> Dialog {
    let title = match outcome.lead().cmp(&0) {
        std::cmp::Ordering::Greater => "race-won",
        std::cmp::Ordering::Less => "race-lost",
        std::cmp::Ordering::Equal => "race-tie",
    };
    let ended = match (outcome.yours_ended, ai) {
        (true, _) => "race-ended-yours",
        (false, true) => "race-ended-ai",
        (false, false) => "race-ended-ghost",
    };
    Dialog::modal(
        words.get(title),
        vec![
            figures_line("race-you", outcome.you, words),
            figures_line(
                if ai { "race-ai" } else { "race-ghost" },
                outcome.ghost,
                words,
            ),
            words.get(ended),
        ],
        vec![
            DialogButton::new(words.get("race-rematch"), Rematch),
            DialogButton::new(words.get("race-share"), Share),
            DialogButton::new(words.get("race-close"), CloseDialog),
        ],
    )
}
