//! The coach in the game: while it is on (an option), each move the player makes (not the
//! AI's, not a replay's) is rated against the best move on the board it was played on
//! (`ai::move_rating`), one rating a frame, within a fixed node budget, searched as the hint is (by
//! the network once it is read, `AiNetwork`). The ratings of the game in
//! progress are kept for its summary; an undo takes back the ratings of the moves it takes
//! back, another game starts afresh. With the coach off nothing here runs.

use std::collections::{BTreeMap, VecDeque};

use bevy::{ecs::system::SystemParam, prelude::*};

use super::ai_network::AiNetwork;
use super::keys::KeyTables;
use super::options::PlayerOptions;
use super::requests::{AddRequestOwner, Choose, Request, Requested};
use super::sets::GameSet;
use super::state::Notice;
use super::state::Screen;
use super::state::off_record;
use super::state::{Engine, PlayerMoved, UndoRecord};
use crate::ai::move_rating::{self, Rating, Verdict};
use crate::rules::{Board, Config};

/// How many of the worst moves the summary lists.
pub const WORST_LISTED: usize = 3;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .add_message::<PlayerMoved>()
        .add_message::<Rated>()
        .add_message::<ShowBars>()
        .add_request_owner(&[Request::CoachBars], on_request)
        .add_systems(
            Update,
            rate_next
                .run_if(coach_on.and_then(not(off_record)))
                .in_set(GameSet::Record),
        );
}

/// The coach's request: the bars of the last rating.
fn on_request(request: On<Requested>, mut coach: CoachControl, options: Res<PlayerOptions>) {
    if request.request == Request::CoachBars {
        coach.show_bars(options.coach);
    }
}

/// A run condition: the player has the coach on.
pub fn coach_on(options: Res<PlayerOptions>) -> bool {
    options.coach
}

/// The coach rated move `number` of the game in progress.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub number: u32,
    pub rating: Rating,
}

/// Which game the ratings belong to: its board, first position and seed.
type GameId = (Config, Board, Option<u64>);

/// The coach's ratings of the game in progress, and the moves waiting for one.
#[derive(Resource, Debug, Default)]
pub struct Coach {
    game: Option<GameId>,
    ratings: BTreeMap<u32, Rating>,
    waiting: VecDeque<PlayerMoved>,
}

impl Coach {
    /// The rating of move `number`, if it has one.
    pub fn rating(&self, number: u32) -> Option<&Rating> {
        self.ratings.get(&number)
    }

    /// The newest rating: its move number and the rating.
    pub fn latest(&self) -> Option<(u32, &Rating)> {
        self.ratings.last_key_value().map(|(&n, r)| (n, r))
    }

    /// Moves still waiting for a rating.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// How the rated moves of the game went.
    pub fn summary(&self) -> Summary {
        let mut counts = [0; 4];
        for rating in self.ratings.values() {
            counts[rating.verdict as usize] += 1;
        }
        let mut worst: Vec<(u32, Rating)> = self
            .ratings
            .iter()
            .filter(|(_, r)| r.verdict >= Verdict::Inaccuracy)
            .map(|(&n, &r)| (n, r))
            .collect();
        // The largest shortfall first; the earlier move of equal ones.
        worst.sort_by(|a, b| b.1.shortfall.total_cmp(&a.1.shortfall).then(a.0.cmp(&b.0)));
        worst.truncate(WORST_LISTED);
        Summary {
            rated: self.ratings.len() as u32,
            counts,
            worst,
        }
    }

    /// Forgets ratings that belong to another game, or to moves taken back; whether it did.
    fn follow(&mut self, id: GameId, moves: u32) -> bool {
        let (ratings, waiting) = (self.ratings.len(), self.waiting.len());
        if self.game != Some(id) {
            self.game = Some(id);
            self.ratings.clear();
            self.waiting.clear();
        }
        self.ratings.retain(|&n, _| n <= moves);
        self.waiting.retain(|m| m.number <= moves);
        (self.ratings.len(), self.waiting.len()) != (ratings, waiting)
    }

    /// Queues a move; one played again after an undo replaces the first one's rating.
    fn queue(&mut self, moved: PlayerMoved) {
        self.ratings.retain(|&n, _| n < moved.number);
        self.waiting.retain(|m| m.number < moved.number);
        self.waiting.push_back(moved);
    }
}

/// The rated moves of a game: how many of each verdict, and the worst ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub rated: u32,
    /// Moves of each verdict, in `Verdict::ALL`'s order.
    pub counts: [u32; 4],
    /// The moves that gave up most (inaccuracies and mistakes only), worst first.
    pub worst: Vec<(u32, Rating)>,
}

impl Summary {
    pub fn count(&self, verdict: Verdict) -> u32 {
        self.counts[verdict as usize]
    }
}

/// Takes the frame's moves, then rates the oldest one waiting (so keys mashed faster than the
/// frames cost one search a frame, never more).
fn rate_next(
    engine: Res<Engine>,
    history: Res<UndoRecord>,
    mut coach: ResMut<Coach>,
    mut moves: MessageReader<PlayerMoved>,
    mut rated: MessageWriter<Rated>,
    mut network: ResMut<AiNetwork>,
) {
    // Most frames change nothing here: the coach is marked changed (for the summary and the
    // page's data-coach) only when it did.
    let start = history.start();
    let id = (start.config(), *start.board(), history.seed());
    if coach.bypass_change_detection().follow(id, engine.moves()) {
        coach.set_changed();
    }
    for &moved in moves.read() {
        if moved.number <= engine.moves() {
            coach.queue(moved);
        }
    }
    if coach.waiting.is_empty() {
        return;
    }
    let Some(moved) = coach.waiting.pop_front() else {
        return;
    };
    // The coach searches as the hint does: with the network once it is read (its first rating
    // starts the reading), the heuristic until then.
    network.wanted();
    if let Some(rating) = move_rating::rate_by(&moved.before, moved.direction, network.leaves()) {
        coach.ratings.insert(moved.number, rating);
        rated.write(Rated {
            number: moved.number,
            rating,
        });
    }
}

/// Show the bars of this rating (the view draws them).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct ShowBars(pub Rating);

/// What the coach's requests change.
#[derive(SystemParam)]
pub(super) struct CoachControl<'w> {
    coach: Res<'w, Coach>,
    tables: Res<'w, KeyTables>,
    bars: MessageWriter<'w, ShowBars>,
    notices: MessageWriter<'w, Notice>,
}

impl CoachControl<'_> {
    /// The bars of the newest rating, or a line saying why there are none.
    pub(super) fn show_bars(&mut self, on: bool) {
        match self.coach.latest() {
            Some((_, &rating)) if on => {
                self.bars.write(ShowBars(rating));
            }
            _ => {
                let english = crate::i18n::Words::english();
                let key =
                    |screen: Screen, request| self.tables.of(screen).key_for(request, english);
                self.notices.write(Notice(if on {
                    crate::said!("notice-coach-unrated")
                } else {
                    // Letters, the same in every language.
                    crate::said!(
                        "notice-coach-off",
                        options =
                            key(Screen::Game, Request::Show(Screen::Options)).unwrap_or_default(),
                        coach = key(Screen::Options, Request::Options(Choose::ToggleCoach))
                            .unwrap_or_default()
                    )
                }));
            }
        }
    }
}
