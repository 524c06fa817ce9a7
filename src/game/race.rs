//! A race against a ghost: the player plays a new game dealt as the ghost's was, on its board,
//! while the ghost's game (a recorded game, or the AI playing that seed) is shown beside it, one
//! of its moves for each move of the player's. Both boards draw their spawns from the same seed
//! (or, for yesterday's ranked game, the same keyed stream, its key now public), so at equal
//! moves they had the same luck, and the lead is the difference of their scores then.
//!
//! The ghost is paced by the player's moves, not by the clock: its position is the one after as
//! many moves as the player's game has made (or its last, once its moves run out). An undo takes
//! the ghost back too, and a player who stops to think races no worse than one who hurries:
//! what is compared is play, not speed. When either game ends (the player's is over, or the
//! ghost has no move left) the race is over and its card compares the two
//! (`screens::race_result`); Rematch starts the same race again, Close leaves the player's game
//! as it is, without the ghost.

use bevy::{ecs::system::SystemParam, prelude::*};

use super::ai_network::AiNetwork;
use super::sets::GameSet;
use super::state::{Engine, Screen, UndoRecord, off_record};
use crate::ai::move_rating;
use crate::ai::search::Leaves;
use crate::i18n::Words;
use crate::rules::{self, Config, Game, Record, Status};
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Race>()
        .add_message::<RaceEnded>()
        .add_systems(
            Update,
            follow_player
                .run_if(not(off_record))
                .in_set(GameSet::Record),
        );
}

/// A race has just ended so (against the AI or a recorded game); its card says it
/// (`screens::race_result`).
#[derive(Message, Debug, Clone, Copy)]
pub struct RaceEnded {
    pub outcome: Outcome,
    pub ai: bool,
}

/// Whom the player races.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rival {
    /// A recorded game: a friend's code, one of the history, a daily.
    Record(Record),
    /// The AI, playing a game from this seed on this board, each move searched as the coach
    /// searches (`move_rating::appraise_by`: a node count, so the same moves on every machine with the
    /// same evaluation). Where the learned network is to be read, the ghost waits for it, so
    /// that its moves do not depend on when the file arrives.
    Ai { config: Config, seed: u64 },
}

impl Rival {
    /// The board both games are played on.
    pub fn config(&self) -> Config {
        match self {
            Rival::Record(record) => record.config,
            Rival::Ai { config, .. } => *config,
        }
    }

    /// The player's new game in the race, dealt as the ghost's was: from its seed, or from a
    /// ranked game's stream once the day's key is public.
    pub fn new_game(&self) -> (Game, rules::History) {
        match self {
            Rival::Record(record) => record.new_game(),
            Rival::Ai { config, seed } => rules::History::seeded(*config, *seed),
        }
    }

    pub fn is_ai(&self) -> bool {
        matches!(self, Rival::Ai { .. })
    }
}

/// A game's figures on the race's card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    pub score: u64,
    pub tile: u32,
    pub moves: u32,
}

impl Figures {
    pub fn of(game: &Game) -> Self {
        Self {
            score: game.score(),
            tile: game.board().max_tile(),
            moves: game.moves(),
        }
    }
}

/// How a race ended: both games' figures then, and which of them had ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub you: Figures,
    pub ghost: Figures,
    /// The player's game was over (else the ghost had no move left).
    pub yours_ended: bool,
}

impl Outcome {
    /// The player's score less the ghost's.
    pub fn lead(&self) -> i64 {
        self.you.score as i64 - self.ghost.score as i64
    }
}

/// The race on, if one is.
#[derive(Resource, Default)]
pub struct Race(pub Option<Racing>);

/// A race being run.
pub struct Racing {
    pub rival: Rival,
    /// The ghost's moves: a record's all of them; the AI's, as many as it has played so far.
    moves: rules::History,
    /// The AI's game after its newest move, and whether it has no move left there.
    ai: Option<(Game, bool)>,
    /// The player's game in the race: its start time (another game on the board ends the race).
    started_ms: u64,
    /// The ghost's position: after this many moves.
    pub shown: usize,
    pub ghost: Game,
    /// The player's score less the ghost's, at the position shown.
    pub lead: i64,
    /// Set when either game ended.
    pub outcome: Option<Outcome>,
}

impl Racing {
    /// A race against `rival` for the player's game that `history` starts (a new game from the
    /// rival's seed).
    fn new(rival: Rival, history: &rules::History) -> Option<Self> {
        let (moves, ai) = match &rival {
            Rival::Record(record) => (record.replay().ok()?.0, None),
            Rival::Ai { .. } => {
                let (game, moves) = rival.new_game();
                let stuck = game.status() == Status::Over;
                (moves, Some((game, stuck)))
            }
        };
        let ghost = moves.start().clone();
        Some(Self {
            rival,
            moves,
            ai,
            started_ms: history.info.started_ms,
            shown: 0,
            ghost,
            lead: 0,
            outcome: None,
        })
    }

    /// The ghost's moves so far (a record's all).
    pub fn ghost_moves(&self) -> usize {
        self.moves.len()
    }

    /// Whether the ghost has no move after the one shown: its record's last, or the AI's game
    /// over.
    pub fn ghost_ended(&self) -> bool {
        self.shown == self.moves.len()
            && match &self.ai {
                None => true,
                Some((_, stuck)) => *stuck,
            }
    }

    /// The AI plays on, searching with `leaves`, until it has made `n` moves or has none left.
    fn grow_ai(&mut self, n: usize, leaves: &Leaves) {
        let Some((game, stuck)) = self.ai.as_mut() else {
            return;
        };
        while self.moves.len() < n && !*stuck {
            let choice = move_rating::appraise_by(game.board(), leaves).and_then(|(a, _)| a.best());
            let played = choice.and_then(|c| {
                game.keep_going();
                game.play(c.direction).map(|_| c.direction)
            });
            match played {
                Some(direction) => {
                    self.moves.push(direction, game);
                    *stuck = game.status() == Status::Over;
                }
                None => *stuck = true,
            }
        }
    }

    /// Follows the player's game: the ghost after as many moves (or its last), the lead, and
    /// the outcome once either game has ended. Whether the race ended now.
    /// `leaves` is `None` while the AI's network is being read: an AI ghost then waits (and so
    /// does the race's end), a recorded one does not.
    fn follow(&mut self, player: &Game, leaves: Option<&Leaves>) -> bool {
        let n = player.moves() as usize;
        match leaves {
            Some(leaves) => self.grow_ai(n, leaves),
            None if self.ai.is_some() => return false,
            None => {}
        }
        let shown = n.min(self.moves.len());
        if shown != self.shown || self.ghost.moves() as usize != shown {
            self.shown = shown;
            self.ghost = self.moves.game_after(shown);
        }
        self.lead = player.score() as i64 - self.ghost.score() as i64;
        let yours_ended = player.status() == Status::Over;
        if self.outcome.is_none() && (yours_ended || self.ghost_ended()) {
            self.outcome = Some(Outcome {
                you: Figures::of(player),
                ghost: Figures::of(&self.ghost),
                yours_ended,
            });
            return true;
        }
        false
    }
}

/// Keeps the race in step with the player's game: the ghost's position and the lead after each
/// move or undo; once either game ends, the race's card ([`RaceEnded`]).
/// Another game on the board (a new game, another board) ends the race without a card.
fn follow_player(
    engine: Res<Engine>,
    history: Res<UndoRecord>,
    screen: Res<State<Screen>>,
    mut race: ResMut<Race>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut ended_now: MessageWriter<RaceEnded>,
    mut network: ResMut<AiNetwork>,
) {
    if !race.is_changed() && !engine.is_changed() && !network.is_changed() {
        return;
    }
    let Some(racing) = race.bypass_change_detection().0.as_mut() else {
        return;
    };
    if racing.ai.is_some() {
        network.bypass_change_detection().wanted();
    }
    if racing.started_ms != history.info.started_ms {
        race.0 = None;
        return;
    }
    let (shown, lead) = (racing.shown, racing.lead);
    let leaves = (!network.loading()).then(|| network.leaves());
    let ended = racing.follow(&engine, leaves);
    if ended || racing.shown != shown || racing.lead != lead {
        race.set_changed();
    }
    if ended
        && let Some(racing) = race.0.as_ref()
        && let Some(outcome) = racing.outcome
    {
        if *screen.get() == Screen::Game {
            next_screen.set(Screen::RaceResult);
        }
        ended_now.write(RaceEnded {
            outcome,
            ai: racing.rival.is_ai(),
        });
    }
}

/// The lead, as the header shows it and a screen reader hears it after a move: "1,204 ahead of
/// the ghost", "320 behind the ghost", "Level with the ghost".
pub fn lead_label(lead: i64, words: &Words) -> String {
    match lead {
        0 => words.get("race-level"),
        l if l > 0 => tr!(words, "race-ahead", lead = l.unsigned_abs()),
        l => tr!(words, "race-behind", lead = l.unsigned_abs()),
    }
}

/// What the race's requests change: starting one, its rematch, leaving it.
#[derive(SystemParam)]
pub(super) struct RaceControl<'w> {
    race: ResMut<'w, Race>,
}

impl RaceControl<'_> {
    /// A race against `rival` for the game `history` has just started (from the rival's seed).
    pub(super) fn start(&mut self, rival: Rival, history: &rules::History) {
        self.race.0 = Racing::new(rival, history);
    }

    /// The rival of the race on (to race again).
    pub(super) fn rival(&self) -> Option<Rival> {
        self.race.0.as_ref().map(|racing| racing.rival.clone())
    }

    /// Leaves the race: the player's game stays, the ghost goes.
    pub(super) fn close(&mut self) {
        self.race.0 = None;
    }
}
