//! The history of games: every game kept, newest first, each a row that opens its replay.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::add_screen;
use crate::game::daily::{Attempt, day_said};
use crate::game::dialog::{Block, Dialog, DialogButton, List};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::past::PastGames;
use crate::game::past::when;
use crate::game::requests::Choose;
use crate::game::requests::Request::*;
use crate::game::requests::{AddRequestOwner, Browse, RaceWith, Requested, Watch};
use crate::game::review::Reviews;
use crate::game::screen::Screen;
use crate::game::state::{GameList, LIST_ROWS};
use crate::i18n::{Arg, Words};
use crate::save::PastGame;
use crate::tr;

pub const KEYS: Keys = Keys {
    name: "In the history",
    bindings: &[
        Binding::new(
            &[ArrowUp, KeyW, KeyK],
            Browse(Browse::Up),
            "select the game above",
        )
        .help_text("help-select"),
        Binding::new(
            &[ArrowDown, KeyS, KeyJ],
            Browse(Browse::Down),
            "select the game below",
        ),
        Binding::new(&[PageUp], Browse(Browse::PageUp), "a page up"),
        Binding::new(&[PageDown], Browse(Browse::PageDown), "a page down"),
        Binding::new(&[Home], Browse(Browse::First), "the newest game"),
        Binding::new(&[End], Browse(Browse::Last), "the oldest game"),
        Binding::new(
            &[Enter, NumpadEnter, Space],
            Watch(Watch::Selected),
            "replay the selected game",
        )
        .help("help-replay"),
        Binding::new(&[KeyC], Share, "share the selected game").help("help-share"),
        Binding::new(
            &[KeyR],
            Race(RaceWith::Selected),
            "race the selected game's ghost: a new game from its seed, it playing beside",
        )
        .help("help-race"),
        Binding::new(&[KeyN], Show(Screen::Stats), "the statistics").help("help-statistics"),
        Binding::new(&[KeyT], Options(Choose::NextTheme), "the next theme"),
        Binding::new(
            &[Escape, KeyQ, Backspace, KeyG],
            CloseDialog,
            "close the history",
        )
        .help("help-close"),
    ],
    // The wheel and a swipe over the list scroll it.
    from_code: |request| matches!(request, Browse(Browse::Scroll(_))),
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::History,
        &KEYS,
        describe,
        resource_changed::<GameList>
            .or_else(resource_changed::<PastGames>)
            .or_else(resource_changed::<Reviews>),
    );
    app.add_request_owner(&[Show(Screen::History), Browse(Browse::Up)], on_request);
}

/// The list's requests: it opens on the newest game, and moves.
fn on_request(request: On<Requested>, mut list: ResMut<GameList>, past: Res<PastGames>) {
    match request.request {
        Show(Screen::History) => *list = GameList::default(),
        Browse(browse) => list.browse(browse, past.0.len()),
        _ => {}
    }
}

/// The list where it stands, and the selected game's luck and skill (read from its record).
fn describe(
    past: Res<PastGames>,
    list: Res<GameList>,
    reviews: Res<Reviews>,
    words: Res<Language>,
) -> Option<Dialog> {
    let mut dialog = self::list(&past.0, *list, &words);
    if !past.0.is_empty() {
        let reading = reviews.reading(reviews.selected.as_ref());
        dialog.push_line(tr!(
            words,
            "history-selected",
            reading = crate::game::review::reading_line(reading, &words)
        ));
    }
    Some(dialog)
}

/// A game's facts, as the history's messages take them.
fn row_args(game: &PastGame, words: &Words) -> Vec<(&'static str, Arg)> {
    vec![
        ("when", when(game.started_ms, words).into()),
        ("shape", game.size.to_string().into()),
        ("rows", game.size.rows().into()),
        ("cols", game.size.cols().into()),
        ("score", game.score.into()),
        ("tile", game.best_tile.to_string().into()),
        ("moves", game.moves.into()),
    ]
}

/// What a game of the history is of the dailies (among `games`, the history).
fn standing(game: &PastGame, games: &[PastGame]) -> Option<Attempt> {
    let config = crate::rules::Config::with_shape(game.size, game.target).ok()?;
    crate::game::daily::attempt(games, config, game.seed, game.started_ms)
}

/// A game of the list as it is drawn: "2026-12-01 22:02   4×4   1,204   best 128   150 moves",
/// and "Daily 2026-12-01" (or practice) after a daily's.
pub fn row_label(game: &PastGame, games: &[PastGame], words: &Words) -> String {
    let id = if game.ai {
        "history-row-ai"
    } else {
        "history-row"
    };
    let row = words.fmt(id, &row_args(game, words));
    match standing(game, games) {
        Some(attempt) => tr!(
            words,
            if attempt.counted {
                "history-row-daily"
            } else {
                "history-row-practice"
            },
            row = row,
            date = words.say(&day_said(attempt.day))
        ),
        None => row,
    }
}

/// A game of the list as it is read: "2026-12-01 22:02, 4 by 4, score 1,204, best tile 128,
/// 150 moves", and "the daily of 2026-12-01" (or practice) after a daily's.
pub fn row_name(game: &PastGame, games: &[PastGame], words: &Words) -> String {
    let id = if game.ai {
        "history-row-name-ai"
    } else {
        "history-row-name"
    };
    let name = words.fmt(id, &row_args(game, words));
    match standing(game, games) {
        Some(attempt) => tr!(
            words,
            if attempt.counted {
                "history-row-name-daily"
            } else {
                "history-row-name-practice"
            },
            name = name,
            date = words.say(&day_said(attempt.day))
        ),
        None => name,
    }
}

/// Every game kept, newest first, each a row that opens its replay (`LIST_ROWS` of them in
/// view from where `at` stands, with which and of how many by the title); then the list's own
/// buttons (the last five) at the foot.
pub fn list(games: &[PastGame], at: GameList, words: &Words) -> Dialog {
    let rows: Vec<DialogButton> = games
        .iter()
        .rev()
        .enumerate()
        .map(|(n, game)| {
            DialogButton::named(
                row_label(game, games, words),
                row_name(game, games, words),
                Watch(Watch::Past(n as u16)),
            )
        })
        .collect();
    let mut body = match games.len() {
        0 => vec![Block::Line(words.get("history-none"))],
        n => vec![
            {
                let shown = if n == 1 {
                    words.get("history-shown-one")
                } else {
                    tr!(
                        words,
                        "history-shown-some",
                        first = at.top + 1,
                        last = (at.top + LIST_ROWS).min(n),
                        games = n
                    )
                };
                Block::TitleNote {
                    drawn: shown.clone(),
                    spoken: Some(shown),
                }
            },
            Block::List(List {
                rows,
                selected: at.selected,
                top: at.top,
                shown: LIST_ROWS,
            }),
        ],
    };
    let buttons = vec![
        DialogButton::named(
            words.get("history-replay"),
            words.get("history-replay-name"),
            Watch(Watch::Selected),
        ),
        DialogButton::named(
            words.get("history-share"),
            words.get("history-share-name"),
            Share,
        ),
        DialogButton::named(
            words.get("history-race"),
            words.get("history-race-name"),
            Race(RaceWith::Selected),
        ),
        DialogButton::new(words.get("history-statistics"), Show(Screen::Stats)),
        DialogButton::new(words.get("history-close"), CloseDialog),
    ];
    body.push(Block::Footer(buttons));
    Dialog {
        title: words.get("history-title"),
        body,
        modal: true,
    }
}
