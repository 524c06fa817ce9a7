//! What the game says to a screen reader: one short sentence per move, an urgent one for a win
//! or a loss, the whole board read row by row on request, and the dialog in front with its
//! buttons. The sentences and names are plain text, made from the game's own facts, so every
//! platform's accessibility layer (the web page's mirror) says the same thing.

use bevy::prelude::*;

use bevy::ecs::system::SystemParam;

use super::GameSet;
use super::board::{Engine, GameState, MoveApplied};
use super::coach::{Coach, Rated, Summary, remark};
use super::menus::{NextBoard, PlayerOptions};
use super::past::{PastGames, Stats, StatsBoard, grouped, when};
use super::replay::{Control, Replay, Watch, Watching};
use super::requests::{Request, Screen, Step};
use crate::ai::coach::Verdict;
use crate::rules::{Board, Cell, Config, Direction, Game};
use crate::save::PastGame;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announcement>()
        .init_resource::<ShownDialog>()
        .add_systems(
            Update,
            (
                announce_moves,
                announce_endings,
                announce_dialogs,
                describe_dialog,
            )
                .in_set(GameSet::React),
        );
}

/// A sentence for assistive technology; `urgent` ones interrupt (a win, a loss).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub text: String,
    pub urgent: bool,
}

pub(crate) fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "Up",
        Direction::Down => "Down",
        Direction::Left => "Left",
        Direction::Right => "Right",
    }
}

/// "row 1 column 3" (counted from 1, from the top left).
pub fn place(cell: Cell) -> String {
    format!("row {} column {}", cell.y + 1, cell.x + 1)
}

/// The sentence for a move: its direction, what merged, what appeared, and the score.
/// "Left: two 8s merged into 16, new 2 in row 1 column 3, score 1,204."
pub fn move_sentence(moved: &MoveApplied, score: u64) -> String {
    let direction = direction_name(moved.direction);
    if moved.undone {
        return format!("Undid {direction}, score {}.", grouped(score));
    }
    let mut parts: Vec<String> = Vec::new();
    let merges: Vec<String> = moved
        .merges
        .iter()
        .map(|m| format!("two {}s merged into {}", m.merge.value / 2, m.merge.value))
        .collect();
    if !merges.is_empty() {
        parts.push(merges.join(" and "));
    }
    if let Some((cell, value)) = moved.spawned {
        parts.push(format!("new {value} in {}", place(cell)));
    }
    parts.push(format!("score {}", grouped(score)));
    format!("{direction}: {}.", parts.join(", "))
}

/// A cell as it is read: its value, or "empty".
pub fn cell_name(value: u32) -> String {
    match value {
        0 => "empty".to_string(),
        value => value.to_string(),
    }
}

/// The line under the board's name: "Score 1,204, best 2,000, 55 moves, 4×4 board to 2048."
pub fn status_sentence(game: &Game, best: u64) -> String {
    let config = game.config();
    format!(
        "Score {}, best {}, {} moves, {}×{} board to {}.",
        grouped(game.score()),
        grouped(best),
        game.moves(),
        config.size(),
        config.size(),
        config.target()
    )
}

/// The whole board, row by row: "Row 1: 2, empty, empty, 4. Row 2: …"
pub fn board_sentence(board: &Board) -> String {
    let n = board.size() as u8;
    (0..n)
        .map(|y| {
            let cells: Vec<String> = (0..n)
                .map(|x| cell_name(board.get(Cell::new(x, y))))
                .collect();
            format!("Row {}: {}.", y + 1, cells.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The dialog in front of the board, for assistive technology: its title, what it says besides
/// its buttons, and its buttons, each with its request and whether it is the current choice.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog {
    pub title: String,
    pub lines: Vec<String>,
    pub buttons: Vec<DialogButton>,
    /// Whether the game behind waits while it shows: every dialog but the replay viewer's
    /// controls, whose board is what the player watches.
    pub modal: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DialogButton {
    pub name: String,
    pub request: Request,
    pub chosen: bool,
}

impl DialogButton {
    fn new(name: impl Into<String>, request: Request) -> Self {
        Self {
            name: name.into(),
            request,
            chosen: false,
        }
    }
}

impl Dialog {
    fn modal(title: &str, lines: Vec<String>, buttons: Vec<DialogButton>) -> Self {
        Self {
            title: title.into(),
            lines,
            buttons,
            modal: true,
        }
    }
}

fn buttons(pairs: &[(&str, Request)]) -> Vec<DialogButton> {
    pairs
        .iter()
        .map(|&(name, request)| DialogButton::new(name, request))
        .collect()
}

/// The dialog the page's mirror and the desktop's tree show, kept by `describe_dialog`.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct ShownDialog(pub Option<Dialog>);

/// What the dialogs are made from.
#[derive(SystemParam)]
pub struct DialogFacts<'w> {
    screen: Res<'w, State<Screen>>,
    state: Res<'w, State<GameState>>,
    next: Res<'w, NextBoard>,
    options: Res<'w, PlayerOptions>,
    engine: Res<'w, Engine>,
    replay: Res<'w, Replay>,
    past: Res<'w, PastGames>,
    stats_board: Res<'w, StatsBoard>,
    coach: Res<'w, Coach>,
}

impl DialogFacts<'_> {
    fn changed(&self) -> bool {
        self.screen.is_changed()
            || self.state.is_changed()
            || self.next.is_changed()
            || self.options.is_changed()
            || self.replay.is_changed()
            || self.past.is_changed()
            || self.stats_board.is_changed()
            || (*self.screen.get() == Screen::Coach && self.coach.is_changed())
            || (self.replay.0.is_some() && self.engine.is_changed())
    }

    fn dialog(&self) -> Option<Dialog> {
        match self.screen.get() {
            Screen::Replay => self
                .replay
                .0
                .as_ref()
                .map(|watching| replay_dialog(watching, self.engine.score())),
            Screen::History => Some(history_dialog(&self.past.0)),
            Screen::Stats => Some(stats_dialog(&self.past.0, self.stats_board.0)),
            Screen::Coach => Some(coach_dialog(&self.coach.summary())),
            &screen => dialog(
                screen,
                *self.state.get(),
                &self.engine,
                self.next.0,
                &self.options.0,
            ),
        }
    }
}

fn describe_dialog(facts: DialogFacts, mut shown: ResMut<ShownDialog>) {
    if facts.changed() {
        shown.set_if_neq(ShownDialog(facts.dialog()));
    }
}

/// The question, the options, or the win or loss overlay, as the screen and the game state say;
/// `None` over the bare board (the viewer, the history and the statistics have their own).
pub fn dialog(
    screen: Screen,
    state: GameState,
    game: &Game,
    next: Config,
    options: &crate::save::Options,
) -> Option<Dialog> {
    use crate::save::{MotionChoice, ThemeChoice};
    Some(match (screen, state) {
        (Screen::ConfirmNewGame, _) => Dialog::modal(
            "Start a new game?",
            vec!["This game will be kept in the history.".into()],
            buttons(&[
                ("New game", Request::ConfirmNewGame),
                ("Keep playing", Request::CloseDialog),
            ]),
        ),
        (Screen::Options, _) => {
            let mut buttons = Vec::new();
            let mut add = |name: String, request: Request, chosen: bool| {
                buttons.push(DialogButton {
                    name,
                    request,
                    chosen,
                })
            };
            for size in crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE {
                let name = format!("Board {size} by {size}");
                add(name, Request::SetSize(size), next.size() == size);
            }
            for target in super::TARGETS {
                let name = format!("Target {target}");
                add(name, Request::SetTarget(target), next.target() == target);
            }
            for (name, theme) in [
                ("System theme", ThemeChoice::System),
                ("Light theme", ThemeChoice::Light),
                ("Dark theme", ThemeChoice::Dark),
                ("High contrast theme", ThemeChoice::HighContrast),
            ] {
                add(
                    name.into(),
                    Request::SetTheme(theme),
                    options.theme == theme,
                );
            }
            for (name, motion) in [
                ("Animations as the system asks", MotionChoice::System),
                ("Full animations", MotionChoice::Full),
                ("Reduced animations", MotionChoice::Reduced),
                ("No animations", MotionChoice::Off),
            ] {
                add(
                    name.into(),
                    Request::SetMotion(motion),
                    options.motion == motion,
                );
            }
            add("Coach on".into(), Request::SetCoach(true), options.coach);
            add("Coach off".into(), Request::SetCoach(false), !options.coach);
            add("History".into(), Request::OpenHistory, false);
            add("Statistics".into(), Request::OpenStats, false);
            // The page's backup buttons (the desktop has --export and --import).
            #[cfg(target_arch = "wasm32")]
            {
                add("Export a backup".into(), Request::ExportBackup, false);
                add("Import a backup".into(), Request::ImportBackup, false);
            }
            add("Done".into(), Request::CloseDialog, false);
            Dialog::modal("Options", Vec::new(), buttons)
        }
        (Screen::Game, GameState::Won) => Dialog::modal(
            "You win!",
            vec![format!("You reached {}.", game.config().target())],
            buttons(&[
                ("Keep going", Request::KeepGoing),
                ("New game", Request::NewGame),
            ]),
        ),
        (Screen::Game, GameState::GameOver) => Dialog::modal(
            "Game over!",
            vec![format!(
                "Score {}, best tile {}.",
                grouped(game.score()),
                game.board().max_tile()
            )],
            buttons(game_over_buttons(options.coach)),
        ),
        _ => return None,
    })
}

/// The game-over overlay's buttons: the coach's summary too while the coach is on.
pub fn game_over_buttons(coach: bool) -> &'static [(&'static str, Request)] {
    const BUTTONS: [(&str, Request); 4] = [
        ("Try again", Request::NewGame),
        ("Replay", Request::Watch(Watch::Current)),
        ("Share", Request::Share),
        ("Coach", Request::OpenCoach),
    ];
    if coach { &BUTTONS } else { &BUTTONS[..3] }
}

/// The coach's summary: how the rated moves went, and a button for each of the worst that
/// opens the replay just before it.
pub fn coach_dialog(summary: &Summary) -> Dialog {
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
                Request::Watch(Watch::CurrentAt(number - 1)),
            ));
        }
    }
    buttons.push(DialogButton::new("Close", Request::CloseDialog));
    Dialog::modal("Coach", lines, buttons)
}

/// The replay viewer's controls, and where the replay is: "Move 13 of 18, score 1,204, 1 undo."
pub fn replay_dialog(watching: &Watching, score: u64) -> Dialog {
    let undos = counted(u64::from(watching.record.undos), "undo");
    let pace = if watching.playing {
        format!("Playing at {}.", watching.speed.name())
    } else {
        "Paused.".to_string()
    };
    let speed = format!("Speed {}", watching.speed.name());
    Dialog {
        title: "Replay".into(),
        lines: vec![
            format!(
                "Move {} of {}, score {}, {undos}.",
                watching.shown,
                watching.len(),
                grouped(score)
            ),
            pace,
        ],
        buttons: buttons(&[
            ("Back to the start", Request::Replay(Control::First)),
            ("Back one move", Request::Replay(Control::Back)),
            (
                if watching.playing { "Pause" } else { "Play" },
                Request::Replay(Control::TogglePlay),
            ),
            ("Forward one move", Request::Replay(Control::Forward)),
            ("To the end", Request::Replay(Control::Last)),
            (
                &speed,
                Request::Replay(Control::Speed(watching.speed.next())),
            ),
            ("Play on from here", Request::Replay(Control::PlayFromHere)),
            ("Share", Request::Share),
            ("Close", Request::Replay(Control::Close)),
        ]),
        modal: false,
    }
}

/// "1 game", "1,204 games".
fn counted(n: u64, one: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{} {one}s", grouped(n)),
    }
}

/// The history: every game kept, newest first, each a button that opens its replay.
pub fn history_dialog(games: &[PastGame]) -> Dialog {
    let line = match games.len() {
        0 => "No games yet. Games you finish, or replace with a new one, show here.".to_string(),
        1 => "1 game.".to_string(),
        n => format!("{n} games, newest first."),
    };
    let mut list: Vec<DialogButton> = games
        .iter()
        .rev()
        .enumerate()
        .map(|(n, game)| {
            let mut name = format!(
                "{}, {} by {}, score {}, best tile {}, {}",
                when(game.started_ms),
                game.size,
                game.size,
                grouped(game.score),
                game.best_tile,
                counted(u64::from(game.moves), "move"),
            );
            if game.ai {
                name.push_str(", played by the AI");
            }
            DialogButton::new(name, Request::Watch(Watch::Past(n as u16)))
        })
        .collect();
    list.extend(buttons(&[
        ("Replay the selected game", Request::Watch(Watch::Selected)),
        ("Share the selected game", Request::Share),
        ("Statistics", Request::OpenStats),
        ("Close", Request::CloseDialog),
    ]));
    Dialog::modal("History", vec![line], list)
}

/// The statistics of one board size, in words: the figures, the best tiles, the recent scores.
pub fn stats_dialog(games: &[PastGame], size: usize) -> Dialog {
    let stats = Stats::of(games, size);
    let mut lines = Vec::new();
    if stats.games == 0 {
        lines.push(format!("No {size} by {size} games yet."));
    } else {
        let count = |n: usize, one: &str| counted(n as u64, one);
        lines.push(format!(
            "{size} by {size} boards: {}, {} ({} %), best score {}, average score {}.",
            count(stats.games, "game"),
            count(stats.wins, "win"),
            stats.win_percent(),
            grouped(stats.best),
            grouped(stats.average)
        ));
        let tiles: Vec<String> = stats
            .tiles
            .iter()
            .filter(|t| t.1 > 0)
            .map(|&(tile, n)| format!("{tile} in {}", count(n, "game")))
            .collect();
        lines.push(format!("Best tile reached: {}.", tiles.join(", ")));
        let scores: Vec<String> = stats.recent.iter().map(|&s| grouped(s)).collect();
        lines.push(format!(
            "Last {} scores, oldest first: {}.",
            scores.len(),
            scores.join(", ")
        ));
    }
    Dialog::modal(
        "Statistics",
        lines,
        buttons(&[
            ("Previous board size", Request::StatsSize(Step::Down)),
            ("Next board size", Request::StatsSize(Step::Up)),
            ("History", Request::OpenHistory),
            ("Close", Request::CloseDialog),
        ]),
    )
}

/// A new game's start: "New game: 2 in row 1 column 2, 4 in row 3 column 4."
pub fn new_game_sentence(game: &Game) -> String {
    let tiles: Vec<String> = game
        .board()
        .tiles()
        .map(|(cell, value)| format!("{value} in {}", place(cell)))
        .collect();
    format!("New game: {}.", tiles.join(", "))
}

/// "You win!" and "Game over", with what the player needs to know next.
pub fn ending_sentence(state: GameState, game: &Game) -> Option<String> {
    match state {
        GameState::Won => Some(format!(
            "You win! You reached {}. Keep going, or start a new game.",
            game.config().target()
        )),
        GameState::GameOver => Some(format!(
            "Game over. Score {}, best tile {}. Try again with New Game.",
            grouped(game.score()),
            game.board().max_tile()
        )),
        GameState::Playing => None,
    }
}

fn announce_moves(
    engine: Res<Engine>,
    mut moves: MessageReader<MoveApplied>,
    mut ratings: MessageReader<Rated>,
    mut said: MessageWriter<Announcement>,
) {
    // Keys mashed within a frame: the last move speaks for the frame, with the coach's word on
    // it when the coach rated it this frame (a later rating is said alone).
    let moved = moves.read().last();
    let rated = ratings
        .read()
        .last()
        .filter(|rated| rated.number == engine.moves())
        .map(|rated| remark(&rated.rating));
    let text = match (moved, rated) {
        (Some(moved), Some(rated)) => format!("{} {rated}", move_sentence(moved, engine.score())),
        (Some(moved), None) => move_sentence(moved, engine.score()),
        (None, Some(rated)) => rated,
        (None, None) => return,
    };
    said.write(Announcement {
        text,
        urgent: false,
    });
}

fn announce_endings(
    engine: Res<Engine>,
    state: Res<State<GameState>>,
    mut said: MessageWriter<Announcement>,
) {
    if !state.is_changed() || state.is_added() {
        return;
    }
    if let Some(text) = ending_sentence(*state.get(), &engine) {
        said.write(Announcement { text, urgent: true });
    }
}

/// The whole board and the score, as read aloud on request (the B key).
pub fn reading(game: &Game) -> Announcement {
    Announcement {
        text: format!(
            "{} Score {}.",
            board_sentence(game.board()),
            grouped(game.score())
        ),
        urgent: false,
    }
}

/// The question interrupts (it asks before a game is lost); the options say their name.
fn announce_dialogs(screen: Res<State<Screen>>, mut said: MessageWriter<Announcement>) {
    if !screen.is_changed() || screen.is_added() {
        return;
    }
    let (text, urgent) = match screen.get() {
        Screen::ConfirmNewGame => (
            "Start a new game? This game will be kept in the history. Enter: new game. \
             Escape: keep playing.",
            true,
        ),
        Screen::Options => ("Options.", false),
        Screen::Coach => ("Coach.", false),
        _ => return,
    };
    said.write(Announcement {
        text: text.into(),
        urgent,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_dialog_names_its_buttons_and_the_current_choices() {
        let options = crate::save::Options::default();
        let next = Config::default();
        let game = Game::new(next, 1);
        let show = |screen, state| dialog(screen, state, &game, next, &options);
        let question = show(Screen::ConfirmNewGame, GameState::Playing).unwrap();
        assert_eq!(question.title, "Start a new game?");
        assert!(question.modal);
        assert_eq!(question.buttons[0].request, Request::ConfirmNewGame);
        let menu = show(Screen::Options, GameState::Playing).unwrap();
        let chosen: Vec<&str> = menu
            .buttons
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
        // Every button is one the screen takes.
        for button in &menu.buttons {
            assert!(Screen::Options.accepts(button.request), "{button:?}");
        }
        let over = show(Screen::Game, GameState::GameOver).unwrap();
        assert!(over.buttons.iter().all(|b| Screen::Game.accepts(b.request)));
        let best = game.board().max_tile();
        assert_eq!(over.lines, [format!("Score 0, best tile {best}.")]);
        assert_eq!(show(Screen::Game, GameState::Playing), None);
        // The viewer, the history and the statistics have their own.
        assert_eq!(show(Screen::History, GameState::Playing), None);
    }

    #[test]
    fn the_history_and_the_statistics_are_said_in_words() {
        let game = |score, best_tile, moves, ai| PastGame {
            started_ms: 1_796_041_752_000,
            seed: 1,
            size: 4,
            target: 2048,
            score,
            best_tile,
            moves,
            undos: 0,
            played_ms: 0,
            ai,
            over: true,
            code: String::new(),
        };
        let games = [game(1204, 128, 150, false), game(20_000, 2048, 1, true)];
        let history = history_dialog(&games);
        assert_eq!(history.lines, ["2 games, newest first."]);
        let rows: Vec<(&str, Request)> = history
            .buttons
            .iter()
            .take(2)
            .map(|b| (b.name.as_str(), b.request))
            .collect();
        // The date and time in this machine's zone (`past`'s tests check the zones).
        let at = when(1_796_041_752_000);
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
        let stats = stats_dialog(&games, 4);
        assert_eq!(
            stats.lines,
            [
                "4 by 4 boards: 2 games, 1 win (50 %), best score 20,000, average score 10,602.",
                "Best tile reached: 128 in 1 game, 2048 in 1 game.",
                "Last 2 scores, oldest first: 1,204, 20,000."
            ]
        );
        assert_eq!(stats_dialog(&games, 5).lines, ["No 5 by 5 games yet."]);
        assert_eq!(history_dialog(&[]).buttons.len(), 4);
        // Every button is one its screen takes.
        for (screen, dialog) in [(Screen::History, history), (Screen::Stats, stats)] {
            assert!(dialog.modal);
            for button in &dialog.buttons {
                assert!(screen.accepts(button.request), "{screen:?} {button:?}");
            }
        }
    }

    #[test]
    fn the_board_reads_row_by_row() {
        let board = Board::from_rows(&[&[2, 0, 0], &[0, 4, 0], &[0, 0, 1024]]);
        assert_eq!(
            board_sentence(&board),
            "Row 1: 2, empty, empty. Row 2: empty, 4, empty. Row 3: empty, empty, 1024."
        );
    }
}
