//! The ranked daily's screen (docs/server.md): where the line to the server stands, the player's
//! account, today's best scores (the key still secret, games still running) with the player's
//! own place and the places around it, or yesterday's final table, whose games can be watched;
//! and the buttons to play today's ranked game or put the player's own game back.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;
use g2048_ui::text::Faces;

use super::{Describe, add_screen};
use crate::game::dialog::{Block, Dialog, DialogButton};
use crate::game::keys::{Binding, KeyTables, Keys};
use crate::game::language::Language;
use crate::game::ranked::{LinkState, RankedServer};
use crate::game::requests::Request::*;
use crate::game::requests::{RankedAsk, RankedDay, Watch};
use crate::game::screen::Screen;
use crate::game::sets::GameSet;
use crate::game::state::RankedBoard;
use crate::i18n::Words;
use crate::protocol::{Leaderboard, Row};
use crate::tr;

/// Rows of a table the screen shows: the best five, and the player's place with the one above
/// and below it when it is further down (a phone's height holds them all, in every language).
const ROWS: usize = 5;

pub const KEYS: Keys = Keys {
    name: "On the ranked daily's screen",
    bindings: &[
        Binding::new(
            &[Enter, NumpadEnter, KeyP],
            Ranked(RankedAsk::Play),
            "play today's ranked game, or resume it (the first makes your account)",
        )
        .help("help-ranked-play"),
        Binding::new(
            &[KeyY],
            Ranked(RankedAsk::Day(RankedDay::Yesterday)),
            "yesterday's final table: a row (clicked, or Tab to it and Enter) opens its game in \
             the viewer, where R races it",
        ),
        Binding::new(
            &[KeyT],
            Ranked(RankedAsk::Day(RankedDay::Today)),
            "today's table",
        ),
        Binding::new(&[KeyR], Ranked(RankedAsk::Open), "fetch the tables again"),
        Binding::new(
            &[KeyL],
            Ranked(RankedAsk::Leave),
            "put your own game back on the board (the ranked game waits)",
        ),
        Binding::new(&[KeyN], Ranked(RankedAsk::Name), "pick or change your name"),
        Binding::new(&[Escape, KeyQ, Backspace], CloseDialog, "close").help("help-close"),
    ],
    // A row of yesterday's table watched: its code comes from the server.
    from_code: |request| request == Watch(Watch::Pending),
};

/// The screen's keys while no server is set: it says so, and only closes.
pub const KEYS_WITHOUT_SERVER: Keys = Keys {
    name: KEYS.name,
    bindings: &[Binding::new(&[Escape, KeyQ, Backspace], CloseDialog, "close").help("help-close")],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(
        app,
        Screen::Leaderboard,
        &KEYS,
        describe_tables,
        resource_changed::<RankedServer>.or_else(resource_changed::<RankedBoard>),
    );
    app.add_systems(
        Update,
        keys_follow_server
            .run_if(resource_changed::<RankedServer>)
            .in_set(GameSet::React)
            .before(Describe),
    );
}

/// Without a server the screen offers no key it cannot answer (docs/playing.md's table is the
/// one with a server).
fn keys_follow_server(server: Res<RankedServer>, mut tables: ResMut<KeyTables>) {
    let keys = if server.url().is_some() {
        &KEYS
    } else {
        &KEYS_WITHOUT_SERVER
    };
    tables.add(Screen::Leaderboard, keys);
}

/// The tables as the server last sent them, and the ranked game if it is on the board.
fn describe_tables(
    server: Res<RankedServer>,
    board: Res<RankedBoard>,
    words: Res<Language>,
) -> Option<Dialog> {
    Some(describe(&server, board.0.is_some(), &words))
}

/// A player's name as the screen shows it: the name, where the game's fonts draw every one of
/// its characters; else words that say it is in another script, never a row of empty boxes.
/// (The server takes names in any script; the fonts carry Latin, Cyrillic, Greek and the
/// Chinese the game's own words use.)
fn shown_name(name: &str, words: &Words) -> String {
    let faces = Faces::get();
    if name.chars().all(|c| faces.has(c)) {
        name.to_string()
    } else {
        words.get("ranked-name-not-drawn")
    }
}

/// "3. Ada: 23,456 points, best tile 2048, 1,234 moves (playing)".
fn row_line(row: &Row, words: &Words) -> String {
    let name = match &row.name {
        Some(name) => shown_name(name, words),
        None => words.get("ranked-no-name"),
    };
    tr!(
        words,
        if row.finished {
            "ranked-row"
        } else {
            "ranked-row-playing"
        },
        rank = row.rank,
        name = name,
        score = row.score,
        tile = row.best.to_string(),
        moves = row.moves
    )
}

/// The screen's one description: drawn, spoken and mirrored.
pub fn describe(server: &RankedServer, playing: bool, words: &Words) -> Dialog {
    let mut body = Vec::new();
    // Today's and yesterday's tables, from a server (without one: only what it says).
    if server.url().is_some() {
        body.push(day_buttons(server, words));
    }
    push_account(&mut body, server, words);
    if let Some(table) = server.board() {
        push_table(&mut body, table, words);
    }
    body.push(footer(server, playing, words));
    Dialog {
        title: words.get("ranked-title"),
        body,
        modal: true,
    }
}

/// The buttons that pick today's or yesterday's table, the one on screen chosen.
fn day_buttons(server: &RankedServer, words: &Words) -> Block {
    Block::TitleButtons(vec![
        DialogButton::new(
            words.get("ranked-today"),
            Ranked(RankedAsk::Day(RankedDay::Today)),
        )
        .chosen(server.day == RankedDay::Today),
        DialogButton::new(
            words.get("ranked-yesterday"),
            Ranked(RankedAsk::Day(RankedDay::Yesterday)),
        )
        .chosen(server.day == RankedDay::Yesterday),
    ])
}

/// Where the line to the server stands, or, once open, who the player is on it.
fn status_line(server: &RankedServer, words: &Words) -> String {
    match &server.state {
        LinkState::NoServer => words.get("ranked-no-server"),
        LinkState::Closed | LinkState::Connecting => tr!(
            words,
            "ranked-connecting",
            server = server.url().unwrap_or_default()
        ),
        LinkState::Down(why) => tr!(words, "ranked-down", reason = why.clone()),
        LinkState::Open => match &server.player {
            Some(player) => match &player.name {
                Some(name) => tr!(words, "ranked-you", name = shown_name(name, words)),
                None if player.name_hidden => words.get("ranked-you-hidden"),
                None => words.get("ranked-you-unnamed"),
            },
            None => words.get("ranked-no-account"),
        },
    }
}

/// The line's status with the name's button, the day the player's games rank from, and what
/// the server last refused.
fn push_account(body: &mut Vec<Block>, server: &RankedServer, words: &Words) {
    let status = status_line(server, words);
    // The name's button at the end of the line that says it.
    if server.has_account() {
        body.push(Block::Labelled(
            status,
            vec![DialogButton::new(
                words.get("ranked-name"),
                Ranked(RankedAsk::Name),
            )],
        ));
    } else {
        body.push(Block::Line(status));
    }
    if let (LinkState::Open, Some(player)) = (&server.state, &server.player)
        && server.today.as_deref() < Some(player.ranks_from.as_str())
    {
        body.push(Block::Line(tr!(
            words,
            "ranked-ranks-from",
            day = player.ranks_from.clone()
        )));
    }
    if let Some(refusal) = &server.refusal {
        body.push(Block::Line(tr!(
            words,
            "ranked-refused",
            reason = refusal.clone()
        )));
    }
}

/// The table: its heading, the best rows (buttons to watch, once published), and the
/// player's place with its neighbours when it is further down.
fn push_table(body: &mut Vec<Block>, table: &Leaderboard, words: &Words) {
    let heading = if table.published {
        tr!(
            words,
            "ranked-final",
            day = table.day.clone(),
            players = table.players
        )
    } else {
        tr!(
            words,
            "ranked-running",
            day = table.day.clone(),
            players = table.players
        )
    };
    body.push(Block::Heading(heading));
    if table.top.is_empty() {
        body.push(Block::Line(words.get("ranked-empty")));
    }
    let rows = table.top.iter().take(ROWS);
    if table.published {
        // Yesterday's games can be watched: each row is a button.
        body.push(Block::Buttons(
            rows.enumerate()
                .map(|(place, row)| {
                    let line = row_line(row, words);
                    DialogButton::named(
                        line.clone(),
                        tr!(words, "ranked-watch", row = line),
                        Ranked(RankedAsk::Watch(place as u8)),
                    )
                })
                .collect(),
        ));
    } else {
        body.extend(rows.map(|row| Block::Line(row_line(row, words))));
    }
    push_my_place(body, table, words);
}

/// The player's place, with the row above and below it, when it is below the best rows.
fn push_my_place(body: &mut Vec<Block>, table: &Leaderboard, words: &Words) {
    let mine = table.around.iter().position(|row| row.me);
    if let Some(at) = mine
        && table.around[at].rank as usize > ROWS
    {
        let rank = table.around[at].rank;
        body.push(Block::Heading(tr!(words, "ranked-your-place", rank = rank)));
        let near = &table.around[at.saturating_sub(1)..(at + 2).min(table.around.len())];
        body.extend(
            near.iter()
                .filter(|row| row.rank as usize > ROWS)
                .map(|row| Block::Line(row_line(row, words))),
        );
    }
}

/// The buttons at the foot: play or resume (with a server), leave (while playing), close.
fn footer(server: &RankedServer, playing: bool, words: &Words) -> Block {
    // Short labels drawn (a phone's width holds three), their whole names spoken.
    let mut footer = Vec::new();
    if server.url().is_some() {
        let (label, name) = if playing {
            ("ranked-resume-short", "ranked-resume")
        } else {
            ("ranked-play-short", "ranked-play")
        };
        footer.push(DialogButton::named(
            words.get(label),
            words.get(name),
            Ranked(RankedAsk::Play),
        ));
    }
    if playing {
        footer.push(DialogButton::named(
            words.get("ranked-leave-short"),
            words.get("ranked-leave"),
            Ranked(RankedAsk::Leave),
        ));
    }
    footer.push(DialogButton::new(words.get("ranked-close"), CloseDialog));
    Block::Footer(footer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_name_the_fonts_cannot_draw_is_said_in_words_not_boxes() {
        let words = Words::new(Lang::En);
        let row = |name: &str| Row {
            rank: 1,
            name: Some(name.into()),
            score: 16,
            best: 8,
            moves: 6,
            finished: true,
            game: 1,
            me: false,
        };
        // Every European Latin, Greek and Cyrillic letter Clear Sans has (tools/fonts.py).
        for drawn in [
            "Ada",
            "Дмитрий",
            "Zoé",
            "Zoë",
            "Łukasz",
            "Đorđe",
            "Nguyễn",
            "Αλέξανδρος",
        ] {
            assert!(row_line(&row(drawn), &words).contains(drawn), "{drawn}");
        }
        // Thai and Devanagari: no face of the game's has them.
        for name in ["สมชาย", "अर्जुन"] {
            let line = row_line(&row(name), &words);
            assert!(!line.contains(name), "{line}");
            assert!(line.contains(&words.get("ranked-name-not-drawn")), "{line}");
            assert!(line.chars().all(|c| Faces::get().has(c)), "{line}");
        }
    }
}
