//! The replay viewer's game side. A replay is shown on the board itself: the player's game is
//! set aside, the recorded game's positions go through the same board changes as play (so the
//! same tweens animate them), and closing the viewer puts the player's game back. While a
//! replay is on the board nothing is saved and no game is recorded ([`watching`]).
//!
//! A replay comes from the game in progress, from the history of games, or from a share code
//! (`--replay CODE` on the desktop, `#replay=CODE` in a link on the web). "Play from here" makes
//! the shown position the game in progress, its record the recorded moves so far, so the same
//! moves bring the same spawns.

use std::time::Duration;

use bevy::{ecs::system::SystemParam, prelude::*};

use super::board::BoardChanges;
use super::requests::{Control, Request, Speed, Watch};
use super::sets::GameSet;
use super::state::Notice;
use super::state::Screen;
use super::state::{DailyCheck, Mover, Replay, Watching};
use crate::clock::start_ms;
use crate::i18n::Said;
use crate::rules::{self, Record};
use crate::said;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>()
        .add_message::<Shared>()
        .add_systems(
            Update,
            advance_replay
                .run_if(in_state(Screen::Replay))
                .in_set(GameSet::Ai),
        );
}

/// A replay code given at start (a flag, a link), checked: shown once the game runs.
#[derive(Resource)]
pub struct PendingReplay {
    pub record: Record,
    pub full: rules::History,
    /// The day its link says it is the daily of.
    pub claimed: Option<crate::rules::Day>,
}

/// A game's share code, for the platform to copy (the clipboard, a link) and the tests to read.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Shared(pub String);

/// What the viewer says of a daily's record (the check itself is [`DailyCheck::of`]).
impl DailyCheck {
    /// What the player is told.
    pub fn said(self) -> Said {
        match self {
            Self::Checked { day, score } => said!(
                "daily-checked",
                date = crate::game::daily::day_said(day),
                score = score
            ),
            Self::NotThatDay { claimed } => said!(
                "daily-not-that-day",
                date = crate::game::daily::day_said(claimed)
            ),
        }
    }
}

/// Everything the replay viewer changes besides the board (and the share of a game).
#[derive(SystemParam)]
pub(super) struct Viewer<'w, 's> {
    replay: ResMut<'w, Replay>,
    pending: Option<ResMut<'w, PendingReplay>>,
    shared: MessageWriter<'w, Shared>,
    commands: Commands<'w, 's>,
}

impl Viewer<'_, '_> {
    /// Opens the viewer on `what`; the screen to show, or `None` (and a notice) if it cannot.
    /// `selected` is the game the history list has selected (for `Watch::Selected`).
    pub(super) fn watch(
        &mut self,
        what: Watch,
        board: &mut BoardChanges,
        on: Screen,
        selected: usize,
    ) -> Option<Screen> {
        let mut claimed = None;
        let (record, full) = match what {
            Watch::Current | Watch::CurrentAt(_) => match board.history().record() {
                Some(record) => (record, board.history().clone()),
                None => {
                    self.tell(said!("notice-unrecorded-replay"));
                    return None;
                }
            },
            Watch::Selected | Watch::Past(_) => {
                let n = match what {
                    Watch::Past(n) => n as usize,
                    _ => selected,
                };
                let record = self.past_record(board, n)?;
                let full = record.replay().ok()?.0;
                (record, full)
            }
            Watch::Pending => {
                let pending = self.pending.as_mut()?;
                claimed = pending.claimed;
                (pending.record.clone(), pending.full.clone())
            }
        };
        let daily = DailyCheck::of(&record, &full, claimed);
        if let Some(check) = daily {
            self.tell(check.said());
        }
        let own = (board.game().clone(), board.history().clone());
        let (history, game) = full.prefix(0, 0);
        board.show(game, history);
        self.replay.0 = Some(Watching {
            record,
            full,
            shown: 0,
            playing: true,
            speed: Speed::X1,
            waited: Duration::ZERO,
            own,
            daily,
            back_to: if matches!(on, Screen::History | Screen::Coach) {
                on
            } else {
                Screen::Game
            },
        });
        if let Watch::CurrentAt(n) = what {
            self.seek(n as usize, board);
            if let Some(watching) = self.replay.0.as_mut() {
                watching.playing = false;
            }
        }
        Some(Screen::Replay)
    }

    /// The game of the history `n` games from the newest, as a record (a notice if its code
    /// cannot be read).
    pub(super) fn past_record(&mut self, board: &BoardChanges, n: usize) -> Option<Record> {
        let code = board.past().newest(n)?.code.clone();
        match Record::decode(&code) {
            Ok((record, _, _)) => Some(record),
            Err(e) => {
                warn!("game {n} of the history: {e}");
                self.tell(said!("notice-record-refused", reason = e.said()));
                None
            }
        }
    }

    /// The record of the game in the viewer.
    pub(super) fn watched(&self) -> Option<Record> {
        self.replay
            .0
            .as_ref()
            .map(|watching| watching.record.clone())
    }

    /// A control of the viewer; the screen to go to if it leaves.
    pub(super) fn control(&mut self, control: Control, board: &mut BoardChanges) -> Option<Screen> {
        let watching = self.replay.0.as_mut()?;
        match control {
            Control::TogglePlay => {
                watching.playing = !watching.playing;
                watching.waited = Duration::ZERO;
                if watching.playing && watching.shown == watching.len() {
                    self.seek(0, board);
                }
            }
            Control::Back => {
                watching.playing = false;
                if watching.shown > 0 {
                    board.undo();
                    watching.shown -= 1;
                }
            }
            Control::Forward => {
                if watching.shown < watching.len() {
                    board.keep_going();
                    board.play(watching.record.moves[watching.shown], Mover::Replay);
                    watching.shown += 1;
                }
                if watching.shown == watching.len() {
                    watching.playing = false;
                }
            }
            Control::First => self.seek(0, board),
            Control::Last => {
                let last = watching.len();
                self.seek(last, board);
            }
            Control::Seek(n) => self.seek(n as usize, board),
            Control::Speed(speed) => watching.speed = speed,
            Control::PlayFromHere => return Some(self.play_from_here(board)),
            Control::Close => return self.close(board),
        }
        None
    }

    /// Closes the viewer: the player's game comes back. The screen it was opened from.
    pub(super) fn close(&mut self, board: &mut BoardChanges) -> Option<Screen> {
        let watching = self.replay.0.take()?;
        let (game, history) = watching.own;
        board.show(game, history);
        Some(watching.back_to)
    }

    /// Shows the position after `n` moves at once.
    fn seek(&mut self, n: usize, board: &mut BoardChanges) {
        let Some(watching) = self.replay.0.as_mut() else {
            return;
        };
        let n = n.min(watching.len());
        let (history, game) = watching.full.prefix(n, 0);
        board.show(game, history);
        watching.shown = n;
        if n == watching.len() {
            watching.playing = false;
        }
    }

    /// The shown position becomes the game in progress, its record the moves so far. The game
    /// it replaces (the player's, or the saved one of that board) goes to the history of games.
    /// The remembered board stays the options' (a game of another board is saved in that
    /// board's slot, and the options open it again).
    fn play_from_here(&mut self, board: &mut BoardChanges) -> Screen {
        let Some(watching) = self.replay.0.take() else {
            return Screen::Game;
        };
        let config = watching.record.config;
        let (own_game, own_history) = watching.own;
        let replaced = if own_game.config() == config {
            (own_game, own_history)
        } else {
            board.saved_game(config)
        };
        board.keep_in_past(&replaced.0, &replaced.1);
        let (history, game) = watching.full.prefix(watching.shown, start_ms());
        board.show(game, history);
        self.tell(said!("notice-played-on", move = watching.shown));
        Screen::Game
    }

    /// Shares the game in front: the one in progress, the replay, or the one selected in the
    /// history.
    pub(super) fn share(&mut self, on: Screen, board: &BoardChanges, selected: usize) {
        let code = match (on, &self.replay.0) {
            (Screen::Replay, Some(watching)) => Some(watching.record.code()),
            (Screen::History, _) => {
                let Some(game) = board.past().newest(selected) else {
                    self.tell(said!("notice-nothing-to-share"));
                    return;
                };
                Some(game.code.clone())
            }
            _ => board.history().record().map(|record| record.code()),
        };
        match code {
            Some(code) => {
                self.shared.write(Shared(code));
            }
            None => self.tell(said!("notice-unrecorded-share")),
        }
    }

    /// A notice under the board.
    fn tell(&mut self, said: Said) {
        self.commands.write_message(Notice(said));
    }
}

/// While a replay plays, a forward step every `Speed::interval` (at most one a frame).
fn advance_replay(
    time: Res<Time>,
    mut replay: ResMut<Replay>,
    mut requests: MessageWriter<Request>,
) {
    let Some(watching) = replay.0.as_mut().filter(|w| w.playing) else {
        return;
    };
    watching.waited += time.delta();
    if watching.waited >= watching.speed.interval() {
        watching.waited = Duration::ZERO;
        requests.write(Request::Replay(Control::Forward));
    }
}
