//! "Start a new game?", asked before a new game replaces one in progress, and the requests that
//! start a new game: a plain one, today's daily, a race against a ghost, a rematch.

use bevy::prelude::KeyCode::*;
use bevy::prelude::*;

use super::{add_screen, nothing_else};
use crate::game::board::BoardChanges;
use crate::game::dialog::{Dialog, DialogButton};
use crate::game::keys::{Binding, Keys};
use crate::game::language::Language;
use crate::game::race::{RaceControl, Rival};
use crate::game::replay::Viewer;
use crate::game::requests::Request::{self, *};
use crate::game::requests::{AddRequestOwner, RaceWith, Requested};
use crate::game::screen::Screen;
use crate::game::state::GameList;
use crate::i18n::Words;

pub const KEYS: Keys = Keys {
    name: "On \"Start a new game?\"",
    bindings: &[
        Binding::new(
            &[Enter, NumpadEnter, Space, KeyY, KeyR],
            ConfirmNewGame,
            "start the new game",
        ),
        Binding::new(&[Escape, KeyN, Backspace], CloseDialog, "keep playing"),
    ],
    from_code: |_| false,
};

pub(super) fn plugin(app: &mut App) {
    add_screen(app, Screen::ConfirmNewGame, &KEYS, describe, nothing_else);
    app.init_resource::<AskedFor>().add_request_owner(
        &[
            Request::NewGame,
            Request::ConfirmNewGame,
            Request::Race(RaceWith::Ai),
            Request::Rematch,
            Request::Daily,
            Request::CloseDialog,
        ],
        on_request,
    );
}

/// The game "Start a new game?" was asked for, if not a plain new game.
#[derive(Resource, Default)]
struct AskedFor(Option<AskedGame>);

/// A game that waits on the question.
enum AskedGame {
    /// Today's daily, from its seed.
    Daily(u64),
    /// A race against this rival.
    Race(Rival),
}

/// The requests that start a game. With a game in progress they ask first (the game then
/// waits in `AskedFor`); "Keep playing" forgets it.
fn on_request(
    mut request: On<Requested>,
    mut asked: ResMut<AskedFor>,
    mut board: BoardChanges,
    mut race: RaceControl,
    mut viewer: Viewer,
    list: Res<GameList>,
) {
    let next = match request.request {
        Request::NewGame if board.in_progress() => {
            asked.0 = None;
            Screen::ConfirmNewGame
        }
        Request::NewGame | Request::ConfirmNewGame => {
            match asked.0.take() {
                Some(AskedGame::Daily(seed)) => board.new_game_from(seed),
                Some(AskedGame::Race(rival)) => start_race(rival, &mut board, &mut race),
                None => board.new_game(),
            }
            Screen::Game
        }
        Request::Race(with) => {
            let rival = match with {
                RaceWith::Watched => viewer.watched().map(Rival::Record),
                RaceWith::Selected => viewer.past_record(&board, list.selected).map(Rival::Record),
                RaceWith::Ai => Some(Rival::Ai {
                    config: board.game().config(),
                    seed: board.next_seed(),
                }),
            };
            let Some(rival) = rival else {
                return;
            };
            if request.screen == Screen::Replay {
                viewer.close(&mut board);
            }
            // On the ghost's board (another board's game waits in its slot); a game in
            // progress asks first, as a new game does.
            board.switch_to(rival.config());
            if board.in_progress() {
                asked.0 = Some(AskedGame::Race(rival));
                Screen::ConfirmNewGame
            } else {
                start_race(rival, &mut board, &mut race);
                Screen::Game
            }
        }
        Request::Rematch => {
            if let Some(rival) = race.rival() {
                start_race(rival, &mut board, &mut race);
            }
            Screen::Game
        }
        Request::Daily => {
            let Some(day) = crate::game::daily::today() else {
                request.show(Screen::Game);
                return;
            };
            // On the daily's board (another board's game waits in its slot): today's daily
            // in play goes on; a game in progress asks first, as a new game does.
            let (config, seed) = crate::rules::daily(day);
            board.switch_to(config);
            if board.plays_seed(seed) {
                Screen::Game
            } else if board.in_progress() {
                asked.0 = Some(AskedGame::Daily(seed));
                Screen::ConfirmNewGame
            } else {
                board.new_game_from(seed);
                Screen::Game
            }
        }
        // "Keep playing": what the question was asked for is not started later.
        Request::CloseDialog => {
            asked.0 = None;
            return;
        }
        _ => return,
    };
    request.show(next);
}

/// A new game from the rival's seed (the one on the board going to the history, as for a new
/// game), raced against it.
fn start_race(rival: Rival, board: &mut BoardChanges, race: &mut RaceControl) {
    board.switch_to(rival.config());
    let (game, history) = rival.new_game();
    board.start_game(game, history);
    race.start(rival, board.history());
}

fn describe(words: Res<Language>) -> Option<Dialog> {
    Some(question(&words))
}

/// The question, what it says under its title (a screen reader hears it too), and its two
/// answers.
pub fn question(words: &Words) -> Dialog {
    Dialog::modal(
        words.get("new-game-title"),
        vec![words.get("new-game-line")],
        vec![
            DialogButton::new(words.get("new-game-start"), ConfirmNewGame),
            DialogButton::new(words.get("new-game-keep-playing"), Request::CloseDialog),
        ],
    )
}
