//! The board in play: the moves and the board's other keys, and "You win!" and "Game over!"
//! over it once the game is won or lost.

use bevy::prelude::KeyCode::{
    self, ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Backspace, Enter, Escape, KeyA, KeyB, KeyC,
    KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO, KeyP, KeyQ, KeyR, KeyS,
    KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ, NumpadEnter, Slash, Space,
};

use bevy::prelude::{
    App, DetectChangesMut, IntoScheduleConfigs, OnEnter, Res, ResMut, Resource, State,
    SystemCondition, Update, in_state, resource_changed,
};

use super::{Describe, language_or_state_changed};
use crate::ai::move_rating::Verdict;
use crate::game::coach::{Coach, Summary};
use crate::game::daily::{Attempt, DailyNow, result_line};
use crate::game::dialog::{Block, Dialog, DialogButton, ShownDialog};
use crate::game::keys::{Binding, Help, KeyTables, Keys, QUIT_KEYS, When};
use crate::game::language::Language;
use crate::game::options::PlayerOptions;
use crate::game::requests::Choose;
use crate::game::requests::Request::*;
use crate::game::requests::{RaceWith, RankedAsk, Watch};
use crate::game::screen::Screen;
use crate::game::sets::GameSet;
use crate::game::state::{Engine, GameState, UndoRecord};
use crate::i18n::Words;
use crate::rules::Direction;
use crate::rules::Game;
use crate::tr;

const ENTER: &[KeyCode] = &[Enter, NumpadEnter, Space];

pub const KEYS: Keys = Keys {
    name: "On the board",
    bindings: &[
        Binding::new(&[ArrowUp, KeyW, KeyK], Move(Direction::Up), "slide up").help_text(
            if QUIT_KEYS {
                "help-move"
            } else {
                "help-move-touch"
            },
        ),
        Binding::new(
            &[ArrowDown, KeyS, KeyJ],
            Move(Direction::Down),
            "slide down",
        ),
        Binding::new(
            &[ArrowLeft, KeyA, KeyH],
            Move(Direction::Left),
            "slide left",
        ),
        Binding::new(
            &[ArrowRight, KeyD, KeyL],
            Move(Direction::Right),
            "slide right",
        ),
        Binding::new(
            &[KeyU, Backspace],
            Undo,
            "take back the last move (Ctrl+Z and Cmd+Z too), as far back as the game goes",
        )
        .help("help-undo"),
        Binding::new(
            &[KeyR],
            NewGame,
            "new game; asks first while a game is in progress",
        )
        .help("help-new-game"),
        Binding::new(&[KeyO], Show(Screen::Options), "the options").help("help-options"),
        Binding::new(
            &[KeyT],
            Options(Choose::NextTheme),
            "the next theme: light, dark, high contrast",
        ),
        Binding::new(
            &[KeyI, Slash],
            Hint,
            "hint: the AI's move as an arrow over the board",
        ),
        Binding::new(&[KeyP], ToggleAutoplay, "the AI plays, or stops"),
        Binding::new(
            &[KeyF],
            ToggleFast,
            "the AI's pace: normal or a move every frame",
        ),
        Binding::new(&[KeyV], Watch(Watch::Current), "replay this game"),
        Binding::new(
            &[KeyC],
            Share,
            "share this game: its code (a link on the web)",
        ),
        Binding::new(&[KeyG], Show(Screen::History), "the history of games"),
        Binding::new(&[KeyN], Show(Screen::Stats), "the statistics"),
        Binding::new(
            &[KeyB],
            ReadBoard,
            "read the board aloud to a screen reader",
        ),
        Binding::new(
            &[KeyE],
            CoachBars,
            "with the coach on: how the four moves compared where you played the last",
        ),
        Binding::new(
            &[KeyX],
            Show(Screen::Coach),
            "the coach's summary of this game",
        ),
        Binding::new(
            &[KeyY],
            Daily,
            "today's daily game: 4×4 to 2048 from the day's seed, the same for everyone (the day's first game counts, later ones are practice)",
        ),
        Binding::new(
            &[KeyZ],
            Ranked(RankedAsk::Open),
            "the ranked daily: today's best scores, yesterday's final table, and your ranked game (with a server set)",
        ),
        Binding::new(
            &[KeyM],
            Race(RaceWith::Ai),
            "race the AI: a new game, the AI playing the same seed beside it",
        ),
        Binding::new(ENTER, KeepGoing, "keep going").when(When::In(GameState::Won)),
        Binding::new(ENTER, NewGame, "try again").when(When::In(GameState::GameOver)),
        Binding {
            keys: &[Escape, KeyQ],
            request: Quit,
            when: When::Desktop,
            does: "quit",
            help: Help::Word("help-quit"),
        },
    ],
    // A replay asked for at start (a code, a link), or from the ranked daily's table.
    from_code: |request| request == Watch(Watch::Pending),
};

pub(super) fn plugin(app: &mut App) {
    app.world_mut()
        .resource_mut::<KeyTables>()
        .add(Screen::Game, &KEYS);
    app.init_resource::<BoardDialog>();
    // As each state of the game begins (before its overlay is drawn), and as the board opens.
    for state in [GameState::Playing, GameState::Won, GameState::GameOver] {
        app.add_systems(
            OnEnter(state),
            (describe_board, show_board.run_if(in_state(Screen::Game)))
                .chain()
                .in_set(Describe),
        );
    }
    app.add_systems(OnEnter(Screen::Game), show_board.in_set(Describe))
        .add_systems(
            Update,
            (
                // The overlays follow the game (its score, its tile), its undos, the options
                // (the coach), the daily it is, and the coach's line under "Game over!".
                describe_board.run_if(
                    language_or_state_changed
                        .or_else(resource_changed::<Engine>)
                        .or_else(resource_changed::<UndoRecord>)
                        .or_else(resource_changed::<PlayerOptions>)
                        .or_else(resource_changed::<DailyNow>)
                        .or_else(resource_changed::<Coach>),
                ),
                show_board.run_if(in_state(Screen::Game).and_then(resource_changed::<BoardDialog>)),
            )
                .chain()
                .in_set(Describe)
                .in_set(GameSet::React),
        );
}

/// The board's own description: "You win!" or "Game over!" over it, nothing while the game
/// goes on. Made whatever screen is in front, as an overlay lives while its state does
/// (`view::overlay` draws it); shown while the board is in front.
#[derive(Resource, Debug, Default, PartialEq)]
pub struct BoardDialog(pub Option<Dialog>);

fn describe_board(
    state: Res<State<GameState>>,
    engine: Res<Engine>,
    undo: Res<UndoRecord>,
    options: Res<PlayerOptions>,
    daily: Res<DailyNow>,
    coach: Res<Coach>,
    words: Res<Language>,
    mut board: ResMut<BoardDialog>,
) {
    let dialog = describe(
        *state.get(),
        &engine.0,
        daily.0.map(|attempt| (attempt, undo.undos())),
        options.coach.then(|| coach.summary()).as_ref(),
        &words,
    );
    board.set_if_neq(BoardDialog(dialog));
}

fn show_board(board: Res<BoardDialog>, mut shown: ResMut<ShownDialog>) {
    shown.set_if_neq(ShownDialog(board.0.clone()));
}

/// How many of [`board_buttons`] are drawn: the header's row, left to right.
pub const DRAWN: usize = 4;

/// The board's own buttons, in reading order: the first [`DRAWN`] in the header's row (the
/// options' drawn as three bars), then those for screen readers only, whose keys a player who
/// sees the board has (I, B, X). The desktop's accessibility tree and the page's mirror offer
/// them all.
pub fn board_buttons(words: &Words) -> Vec<DialogButton> {
    vec![
        DialogButton::named(words.get("header-ai"), words.get("page-ai"), ToggleAutoplay),
        DialogButton::named("☰", words.get("header-options"), Show(Screen::Options)),
        DialogButton::named(words.get("header-undo"), words.get("page-undo"), Undo),
        DialogButton::new(words.get("header-new-game"), NewGame),
        DialogButton::new(words.get("page-hint"), Hint),
        DialogButton::new(words.get("page-read"), ReadBoard),
        DialogButton::new(words.get("page-coach"), Show(Screen::Coach)),
    ]
}

/// "You win!" or "Game over!", as the game state says; nothing while the game goes on.
pub fn describe(
    state: GameState,
    game: &Game,
    daily: Option<(Attempt, u32)>,
    coach: Option<&Summary>,
    words: &Words,
) -> Option<Dialog> {
    Some(match state {
        GameState::Won => Dialog {
            title: words.get("play-won-title"),
            body: vec![
                Block::Said(tr!(
                    words,
                    "play-won-line",
                    target = game.config().target().to_string()
                )),
                Block::Buttons(vec![
                    DialogButton::new(words.get("play-keep-going"), KeepGoing),
                    DialogButton::new(words.get("play-new-game"), NewGame),
                ]),
            ],
            modal: true,
        },
        GameState::GameOver => game_over(game, daily, coach, words),
        GameState::Playing => return None,
    })
}

/// "Game over!" over `game`: with a daily's result (its attempt, and the undos used) and the
/// coach's summary (while the coach is on), each a line under the buttons.
pub fn game_over(
    game: &Game,
    daily: Option<(Attempt, u32)>,
    coach: Option<&Summary>,
    words: &Words,
) -> Dialog {
    let mut buttons = vec![
        DialogButton::new(words.get("play-try-again"), NewGame),
        DialogButton::new(words.get("play-replay"), Watch(Watch::Current)),
        DialogButton::new(words.get("play-share"), Share),
    ];
    // The coach's summary too while the coach is on.
    if coach.is_some() {
        buttons.push(DialogButton::new(
            words.get("play-coach"),
            Show(Screen::Coach),
        ));
    }
    // The score is in the header's box and the best tile on the board: said, not drawn.
    let mut body = vec![
        Block::Said(tr!(
            words,
            "play-over-line",
            score = game.score(),
            tile = game.board().max_tile().to_string()
        )),
        Block::Buttons(buttons),
    ];
    if let Some((attempt, undos)) = daily {
        body.push(Block::Line(result_line(attempt, game, undos, words)));
    }
    // The Coach button shows it all.
    if let Some(summary) = coach {
        body.push(Block::Line(tr!(
            words,
            "over-coach",
            best = summary.count(Verdict::Best),
            rated = summary.rated,
            mistakes = summary.count(Verdict::Mistake)
        )));
    }
    Dialog {
        title: words.get("play-over-title"),
        body,
        modal: true,
    }
}
