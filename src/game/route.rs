//! The one reader of requests. It keeps their order, asks the screen in front whether it takes
//! each ([`Takes`]: its keys, its buttons, what code sends it), and hands it to the code that owns it:
//! the board ([`super::board::BoardChanges`]), the options ([`super::options::OptionChanges`],
//! every change of them one request, `Request::Options`, and one arm),
//! the AI ([`super::autoplay::AiControl`]), the replay viewer ([`super::replay::Viewer`]), the
//! history's list and the statistics' board size (their screens' own, `HistoryList` and
//! `StatsSizes`), the coach ([`super::coach::CoachControl`]), the backups
//! ([`super::persist::Backups`]), the race against a ghost ([`super::race::RaceControl`]).
//!
//! A new request is a variant of `Request`, an arm here and its work in the owner's file; the
//! screens that take it say so in their module, with its key.

use bevy::prelude::*;

use super::autoplay::AiControl;
use super::board::BoardChanges;
use super::coach::CoachControl;
use super::keys::Takes;
use super::options::OptionChanges;
use super::persist::Backups;
use super::race::{RaceControl, Rival};
use super::ranked::RankedControl;
use super::replay::Viewer;
use super::requests::{RaceWith, RankedAsk, Request};
use super::screens::history::HistoryList;
use super::screens::stats::StatsSizes;
use super::sets::GameSet;
use super::state::Mover;
use super::state::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, route_requests.in_set(GameSet::Apply));
}

/// The one reader of the frame's requests: each in order, if the screen in front (as the
/// requests before it left it) accepts it, goes to its owner. The screen state itself changes
/// next frame.
fn route_requests(
    mut requests: MessageReader<Request>,
    screen: Res<State<Screen>>,
    takes: Takes,
    mut next_screen: ResMut<NextState<Screen>>,
    mut board: BoardChanges,
    mut options: OptionChanges,
    mut ai: AiControl,
    mut viewer: Viewer,
    mut coach: CoachControl,
    mut backups: Backups,
    mut history: HistoryList,
    mut stats: StatsSizes,
    mut race: RaceControl,
    mut ranked: RankedControl,
    mut exit: MessageWriter<AppExit>,
    // The game that "Start a new game?" was asked for (by Y or a race on a game in progress).
    mut asked: Local<Option<Asked>>,
) {
    if requests.is_empty() {
        return;
    }
    board.track_tiles();
    let mut on = *screen.get();
    for &request in requests.read() {
        if !takes.takes(on, request) {
            continue;
        }
        if ranked.on_board() {
            match request {
                // No undo, no hint, no AI in a ranked game (docs/server.md).
                Request::Undo
                | Request::Hint
                | Request::ToggleAutoplay
                | Request::ToggleFast
                | Request::CoachBars => {
                    ranked.refuse();
                    continue;
                }
                Request::Move(direction) => {
                    ranked.slide(direction, &mut board);
                    continue;
                }
                // Another game, another board or a replay: the player's own game comes back
                // first; the ranked game waits on the server.
                Request::NewGame
                | Request::Daily
                | Request::Race(_)
                | Request::Watch(_)
                | Request::Show(Screen::Options) => ranked.leave(&mut board),
                _ => {}
            }
        }
        match request {
            Request::Ranked(ask) => {
                if ask == RankedAsk::Play && ai.playing() {
                    ai.toggle_autoplay();
                }
                ranked.ask(ask, &mut board);
                on = match ask {
                    RankedAsk::Open
                    | RankedAsk::Day(_)
                    | RankedAsk::Watch(_)
                    | RankedAsk::SubmitName => Screen::Leaderboard,
                    RankedAsk::Name => Screen::RankedName,
                    RankedAsk::Play | RankedAsk::Leave => Screen::Game,
                };
            }
            Request::Move(direction) => {
                let by = if ai.playing() {
                    Mover::Ai
                } else {
                    Mover::Player
                };
                board.play(direction, by);
            }
            Request::Undo => board.undo(),
            Request::KeepGoing => board.keep_going(),
            Request::NewGame if board.in_progress() => {
                *asked = None;
                on = Screen::ConfirmNewGame;
            }
            Request::NewGame | Request::ConfirmNewGame => {
                match asked.take() {
                    Some(Asked::Daily(seed)) => board.new_game_from(seed),
                    Some(Asked::Race(rival)) => start_race(rival, &mut board, &mut race),
                    None => board.new_game(),
                }
                on = Screen::Game;
            }
            Request::Race(with) => {
                let selected = history.selected();
                let rival = match with {
                    RaceWith::Watched => viewer.watched().map(Rival::Record),
                    RaceWith::Selected => viewer.past_record(&board, selected).map(Rival::Record),
                    RaceWith::Ai => Some(Rival::Ai {
                        config: board.game().config(),
                        seed: board.next_seed(),
                    }),
                };
                if let Some(rival) = rival {
                    if on == Screen::Replay {
                        viewer.close(&mut board);
                    }
                    on = Screen::Game;
                    // On the ghost's board (another board's game waits in its slot); a game in
                    // progress asks first, as a new game does.
                    board.switch_to(rival.config());
                    if board.in_progress() {
                        *asked = Some(Asked::Race(rival));
                        on = Screen::ConfirmNewGame;
                    } else {
                        start_race(rival, &mut board, &mut race);
                    }
                }
            }
            Request::Rematch => {
                if let Some(rival) = race.rival() {
                    start_race(rival, &mut board, &mut race);
                }
                on = Screen::Game;
            }
            Request::Daily => {
                on = Screen::Game;
                if let Some(day) = super::daily::today() {
                    // On the daily's board (another board's game waits in its slot): today's
                    // daily in play goes on; a game in progress asks first, as a new game does.
                    let (config, seed) = crate::rules::daily(day);
                    board.switch_to(config);
                    if board.plays_seed(seed) {
                        // Goes on where it was.
                    } else if board.in_progress() {
                        *asked = Some(Asked::Daily(seed));
                        on = Screen::ConfirmNewGame;
                    } else {
                        board.new_game_from(seed);
                    }
                }
            }
            Request::Show(screen) => {
                // Leaving the options for another screen (the history, the statistics) puts
                // the board chosen in play, as closing them does.
                if on == Screen::Options {
                    board.switch_to(options.chosen_board());
                }
                // What a screen needs done as it opens.
                match screen {
                    Screen::Options => options.open_options(board.game().config()),
                    Screen::History => history.open(),
                    Screen::Stats => stats.open(board.game().config().shape()),
                    _ => {}
                }
                on = screen;
            }
            Request::CloseDialog => {
                if on == Screen::Options {
                    board.switch_to(options.chosen_board());
                }
                if on == Screen::RaceResult {
                    race.close();
                }
                // "Keep playing": what the question was asked for is not started later.
                *asked = None;
                on = Screen::Game;
            }
            Request::Options(choice) => options.choose(choice),
            Request::Hint => ai.hint(board.game()),
            Request::ToggleAutoplay => ai.toggle_autoplay(),
            Request::ToggleFast => ai.toggle_fast(),
            Request::Watch(what) => {
                let selected = history.selected();
                on = viewer.watch(what, &mut board, on, selected).unwrap_or(on)
            }
            Request::Replay(control) => on = viewer.control(control, &mut board).unwrap_or(on),
            Request::Share => viewer.share(on, &board, history.selected()),
            Request::Browse(browse) => history.browse(browse, board.past().0.len()),
            Request::Stats(ask) => stats.take(ask, &board.past().0),
            Request::ReadBoard => board.read_aloud(),
            Request::CoachBars => coach.show_bars(options.coach_on()),
            Request::ExportBackup => backups.export(),
            Request::ImportBackup => backups.pick(),
            Request::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
    NextState::set_if_neq(&mut next_screen, on);
}

/// A game "Start a new game?" was asked for.
enum Asked {
    /// Today's daily, from its seed.
    Daily(u64),
    /// A race against this rival.
    Race(Rival),
}

/// A new game from the rival's seed (the one on the board going to the history, as for a new
/// game), raced against it.
fn start_race(rival: Rival, board: &mut BoardChanges, race: &mut RaceControl) {
    board.switch_to(rival.config());
    let (game, history) = rival.new_game();
    board.start_game(game, history);
    race.start(rival, board.history());
}

#[cfg(test)]
mod tests {
    use super::super::keys::{KeyTables, takes};
    use super::super::requests::{Choose, Step};
    use super::*;
    use crate::rules::Direction;

    #[test]
    fn dialogs_take_only_their_answers_and_the_board_none_of_them() {
        let mut app = App::new();
        super::super::screens::plugin(&mut app);
        let tables = app.world().resource::<KeyTables>();
        // By their keys alone (no description in front).
        let accepts = |screen: Screen, request| takes(tables.of(screen), None, request);
        let answers = [Request::ConfirmNewGame, Request::CloseDialog];
        for request in answers {
            assert!(!accepts(Screen::Game, request), "{request:?}");
        }
        assert!(accepts(Screen::ConfirmNewGame, Request::ConfirmNewGame));
        for request in [
            Request::Move(Direction::Left),
            Request::Undo,
            Request::NewGame,
            Request::Hint,
            Request::Options(Choose::Size(5)),
            Request::Options(Choose::NextTheme),
        ] {
            assert!(!accepts(Screen::ConfirmNewGame, request), "{request:?}");
        }
        assert!(accepts(
            Screen::Options,
            Request::Options(Choose::StepTarget(Step::Up))
        ));
        assert!(accepts(
            Screen::Options,
            Request::Options(Choose::NextTheme)
        ));
        for request in [
            Request::Move(Direction::Up),
            Request::Show(Screen::Options),
            Request::ToggleAutoplay,
        ] {
            assert!(!accepts(Screen::Options, request), "{request:?}");
        }
    }
}
