//! The screens: what has the keys, one module each, a plain Bevy plugin: its key table (each key
//! with the words the help line and docs/playing.md's tables use), the system that makes its one
//! description (a [`Dialog`]) from what it shows, as it opens and when that changes, and its
//! own systems. The view draws the description; the web page's mirror and the desktop's
//! accessibility tree read the same one ([`ShownDialog`]).
//!
//! A screen takes a request that a key of its table asks for, that a button of its description
//! sends, or that the game's own code sends it (its table's `from_code`): `keys::Takes`.

use bevy::prelude::*;

use super::dialog::{Dialog, ShownDialog};
use super::keys::{KeyTables, Keys};
use super::language::Language;
use super::requests::{AddRequestOwner, Request, Requested};
use super::sets::GameSet;
use super::speech::Announcement;
use super::state::{GameList, GameState, Screen};
use stats::StatsBoard;

pub mod coach_summary;
pub mod history;
pub mod leaderboard;
pub mod new_game;
pub mod options;
pub mod play;
pub mod race_result;
pub mod ranked_name;
pub mod stats;
pub mod viewer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownDialog>()
        .init_resource::<KeyTables>()
        .init_resource::<GameList>()
        .init_resource::<StatsBoard>()
        .add_plugins((
            play::plugin,
            new_game::plugin,
            options::plugin,
            viewer::plugin,
            history::plugin,
            stats::plugin,
            coach_summary::plugin,
            race_result::plugin,
            leaderboard::plugin,
            ranked_name::plugin,
        ))
        .add_systems(Update, announce_dialogs.in_set(GameSet::React))
        .add_request_owner(
            &[
                Request::Show(Screen::Game),
                Request::CloseDialog,
                Request::Quit,
            ],
            show_or_close,
        );
}

/// The screen a request names comes to the front (what it needs done as it opens, its own
/// module does); a closed question or screen leaves the board in front; Q quits.
fn show_or_close(mut request: On<Requested>, mut exit: MessageWriter<AppExit>) {
    match request.request {
        Request::Show(screen) => request.show(screen),
        Request::CloseDialog => request.show(Screen::Game),
        Request::Quit => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

/// The screens' description systems: each runs as its screen opens and, while it is in front,
/// when what it shows changes. What draws a description runs after them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Describe;

/// The end of every screen's description system (piped): its dialog is the one shown.
pub fn show(In(dialog): In<Option<Dialog>>, mut shown: ResMut<ShownDialog>) {
    shown.set_if_neq(ShownDialog(dialog));
}

/// Registers `screen`: its key table, and `describe`, the system that makes its description
/// (piped into [`show`]), run as the screen opens and, while it is in front, when the language,
/// the game's state or what `changed` names (Bevy's change detection on what it reads) changed.
pub fn add_screen<M, C>(
    app: &mut App,
    screen: Screen,
    keys: &'static Keys,
    describe: impl IntoSystem<(), Option<Dialog>, M> + Copy,
    changed: impl SystemCondition<C>,
) {
    app.world_mut()
        .resource_mut::<KeyTables>()
        .add(screen, keys);
    app.add_systems(OnEnter(screen), describe.pipe(show).in_set(Describe))
        .add_systems(
            Update,
            describe
                .pipe(show)
                .in_set(Describe)
                .in_set(GameSet::React)
                .run_if(in_state(screen).and_then(language_or_state_changed.or_else(changed))),
        );
}

/// Never: for a description that follows only the language and the game's state.
pub fn nothing_else() -> bool {
    false
}

/// Whether the language or the game's state changed: every description follows both.
pub fn language_or_state_changed(words: Res<Language>, state: Res<State<GameState>>) -> bool {
    words.is_changed() || state.is_changed()
}

/// The question interrupts (it asks before a game is lost); the options say their name.
fn announce_dialogs(
    screen: Res<State<Screen>>,
    words: Res<Language>,
    mut said: MessageWriter<Announcement>,
) {
    if !screen.is_changed() || screen.is_added() {
        return;
    }
    let (id, urgent) = match screen.get() {
        Screen::ConfirmNewGame => ("say-new-game-question", true),
        Screen::Options => ("say-options", false),
        Screen::Coach => ("say-coach", false),
        _ => return,
    };
    said.write(Announcement {
        text: words.get(id),
        urgent,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::keys::{UNNAMED, When, key_name, key_tables};
    use crate::game::past::when;
    use crate::game::requests::Request;
    use crate::game::requests::{Choose, Watch};
    use crate::i18n::Words;
    use crate::rules::{Config, Game};
    use crate::save::PastGame;

    /// Every screen's key table, as the screens' plugins register them.
    fn tables() -> KeyTables {
        let mut app = App::new();
        plugin(&mut app);
        app.world_mut().remove_resource::<KeyTables>().unwrap()
    }

    /// The description of `screen` as it opens over a new 4×4 game, with the default options.
    fn opened(screen: Screen) -> Option<Dialog> {
        let mut app = crate::testing::app(Config::default(), 1);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(screen);
        app.update();
        app.world().resource::<ShownDialog>().0.clone()
    }

    #[test]
    fn each_dialog_names_its_buttons_and_the_current_choices() {
        let question = opened(Screen::ConfirmNewGame).unwrap();
        assert_eq!(question.title, "Start a new game?");
        assert!(question.modal);
        assert_eq!(question.buttons()[0].action, Request::ConfirmNewGame);
        let menu = opened(Screen::Options).unwrap();
        let buttons = menu.buttons();
        let chosen: Vec<&str> = buttons
            .iter()
            .filter(|b| b.chosen)
            .map(|b| b.name.as_str())
            .collect();
        assert_eq!(
            chosen,
            [
                "Board 4 by 4",
                "Target 2048",
                "System theme",
                "Animations as the system asks",
                "Coach off"
            ]
        );
        assert_eq!(
            options::Part::Size.heading(Words::english()),
            "Board size (keys 3–8)",
            "headings name their keys"
        );
        assert_eq!(
            options::Part::Target.heading(Words::english()),
            "Target (keys + and −)"
        );
        assert_eq!(
            options::Part::Theme.heading(Words::english()),
            "Theme (key T)"
        );
        let game = Game::new(Config::default(), 1);
        let best = game.board().max_tile();
        let over = play::describe(GameState::GameOver, &game, None, None, Words::english());
        assert_eq!(
            over.unwrap().lines(),
            [format!("Score 0, best tile {best}.")]
        );
        assert_eq!(opened(Screen::Game), None, "nothing over a game in play");
    }

    #[test]
    fn the_history_and_the_statistics_are_said_in_words() {
        let game = |score, best_tile, moves, ai| PastGame {
            started_ms: 1_796_041_752_000,
            seed: 1,
            size: crate::rules::Shape::square(4),
            target: 2048,
            score,
            best_tile,
            moves,
            undos: 0,
            played_ms: 0,
            ai,
            over: true,
            code: String::new(),
            extra: Default::default(),
        };
        let games = [game(1204, 128, 150, false), game(20_000, 2048, 1, true)];
        let history = history::list(&games, GameList::default(), Words::english());
        assert_eq!(history.lines(), ["1–2 of 2 games"]);
        let buttons = history.buttons();
        let rows: Vec<(&str, Request)> = buttons
            .iter()
            .take(2)
            .map(|b| (b.name.as_str(), b.action))
            .collect();
        // The date and time in this machine's zone (`past`'s tests check the zones).
        let at = when(1_796_041_752_000, Words::english());
        assert_eq!(
            rows,
            [
                (
                    &*format!(
                        "{at}, 4 by 4, score 20,000, best tile 2048, 1 move, played by the AI"
                    ),
                    Request::Watch(Watch::Past(0))
                ),
                (
                    &*format!("{at}, 4 by 4, score 1,204, best tile 128, 150 moves"),
                    Request::Watch(Watch::Past(1))
                ),
            ]
        );
        let stats = stats::figures(&games, crate::rules::Shape::square(4), Words::english());
        assert_eq!(
            stats.lines(),
            [
                "4 by 4 boards: 2 games, 1 win (50 %), best score 20,000, average score 10,602.",
                "Best tile reached: 128 in 1 game, 2048 in 1 game.",
                "Last 2 scores, oldest first: 1,204, 20,000."
            ]
        );
        assert_eq!(
            stats::figures(&games, crate::rules::Shape::square(5), Words::english()).lines(),
            ["No 5 by 5 games yet."]
        );
        assert_eq!(
            history::list(&[], GameList::default(), Words::english())
                .buttons()
                .len(),
            5
        );
        assert!(history.modal && stats.modal);
    }

    #[test]
    fn every_screen_has_its_keys_each_named_and_none_bound_twice() {
        let tables = tables();
        for screen in Screen::ALL {
            let keys = tables.of(screen).bindings;
            assert!(!keys.is_empty(), "{screen:?} registered its key table");
            for (i, binding) in keys.iter().enumerate() {
                assert!(!binding.keys.is_empty());
                for key in binding.keys {
                    assert_ne!(
                        key_name(*key, Words::english()),
                        UNNAMED,
                        "{key:?} has a name"
                    );
                    let twice = keys[..i].iter().any(|other| {
                        other.keys.contains(key)
                            && (other.when == binding.when
                                || other.when == When::Always
                                || binding.when == When::Always)
                    });
                    assert!(!twice, "{screen:?}: {key:?} is bound twice");
                }
            }
        }
    }

    #[test]
    fn keys_named_in_sentences_are_the_key_tables_keys() {
        use crate::ai::move_rating::{Rating, Verdict};
        let tables = tables();
        let e = play::KEYS
            .key_for(Request::CoachBars, Words::english())
            .unwrap();
        let rating = Rating {
            played: crate::rules::Direction::Up,
            best: crate::rules::Direction::Left,
            verdict: Verdict::Mistake,
            shortfall: 0.5,
            shortfalls: [None; 4],
            thresholds: crate::ai::move_rating::HEURISTIC_THRESHOLDS,
        };
        let remark = crate::game::speech::remark(&rating, Words::english(), &tables);
        assert!(remark.contains(&format!("({e} compares)")), "{remark}");
        let c = options::KEYS
            .key_for(Request::Options(Choose::ToggleCoach), Words::english())
            .unwrap();
        let empty = coach_summary::summary(
            &crate::game::coach::Summary {
                rated: 0,
                counts: [0; 4],
                worst: Vec::new(),
            },
            Words::english(),
        );
        assert!(
            empty.lines()[0].contains(&format!("(options, key {c})")),
            "{:?}",
            empty.lines()
        );
    }

    #[test]
    fn the_pages_sentence_of_keys_says_what_the_board_s_keys_do() {
        // The page's mirror describes the canvas with a short sentence of keys (web/index.html,
        // `#a11y-keys`, its words the catalogues' `page-keys`): each key it names asks for
        // what it says, and every language names the same keys.
        let sentence = Words::english().get("page-keys");
        for lang in crate::i18n::Lang::ALL {
            let said = Words::new(lang).get("page-keys");
            for key in ["B", "U", "R", "I", "P", "O", "X"] {
                let alone = said
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|word| word == key);
                assert!(alone, "{lang}: {key} in {said:?}");
            }
        }
        for (key, request, says) in [
            (KeyCode::KeyB, Request::ReadBoard, "B reads the board"),
            (KeyCode::KeyU, Request::Undo, "U undoes"),
            (KeyCode::KeyR, Request::NewGame, "R starts a new game"),
            (KeyCode::KeyI, Request::Hint, "I gives a hint"),
            (KeyCode::KeyP, Request::ToggleAutoplay, "P lets the AI play"),
            (
                KeyCode::KeyO,
                Request::Show(Screen::Options),
                "O opens the options",
            ),
            (
                KeyCode::KeyX,
                Request::Show(Screen::Coach),
                "X the coach's summary",
            ),
        ] {
            assert!(sentence.contains(says), "{says:?} in {sentence:?}");
            assert_eq!(
                play::KEYS.request(key, GameState::Playing),
                Some(request),
                "{says}"
            );
        }
    }

    #[test]
    fn the_key_tables_in_docs_are_the_screens_keys() {
        let playing = include_str!("../../../docs/playing.md");
        let tables = key_tables(&tables());
        assert!(
            playing.contains(&tables),
            "docs/playing.md's key tables are not the screens' keys; from the key tables they read:\n\n{tables}"
        );
    }

    #[test]
    fn the_help_lines_come_from_the_keys() {
        let tables = tables();
        let board = tables.help_line(Screen::Game, Words::english());
        assert!(
            board.contains("U undo  ·  R new game  ·  O options"),
            "{board}"
        );
        // The options' arrows step rows and columns, so they say so in place of the board's.
        assert_eq!(
            tables.help_line(Screen::Options, Words::english()),
            "↑ ↓ rows  ·  ← → columns  ·  Esc close"
        );
        assert_eq!(
            tables.help_line(Screen::Stats, Words::english()),
            "← → board  ·  G history  ·  Esc close"
        );
        assert_eq!(
            play::KEYS.request(KeyCode::Enter, GameState::Won),
            Some(Request::KeepGoing)
        );
        assert_eq!(
            play::KEYS.request(KeyCode::Enter, GameState::GameOver),
            Some(Request::NewGame)
        );
        assert_eq!(play::KEYS.request(KeyCode::Enter, GameState::Playing), None);
    }
}
