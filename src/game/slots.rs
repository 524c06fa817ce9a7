//! A board's slot and this window's claim on it: which board it plays, whether another window
//! plays it (then this one is a guest with a game of its own), and the game read from the slot.
//! The board's changes open slots through here (`open_board`), and saving writes the claimed
//! slot (`persist`).

use std::sync::Arc;

use bevy::prelude::*;

use crate::clock::start_ms;
use crate::i18n::Said;
use crate::rules::{self, Config, Game};
use crate::said;
use crate::save::{self, Claim, ClaimState, Documents, Problem};

/// Where games, best scores and options are kept.
#[derive(Resource, Clone)]
pub struct SaveStore(pub Arc<Documents>);

impl std::ops::Deref for SaveStore {
    type Target = Documents;
    fn deref(&self) -> &Documents {
        &self.0
    }
}

/// The board this window plays, and its claim on that board's saved game.
#[derive(Resource, Debug)]
pub struct BoardClaim {
    pub(super) config: Config,
    pub(super) claim: Claim,
    /// Whether the answer is known and acted on (a browser answers a moment later).
    pub(super) settled: bool,
    /// The game read from the board's slot (which game, how far on): the other window's, if
    /// the browser's answer is no.
    pub(super) from_slot: Option<Mark>,
    /// Whether this window has written the board's slot since it claimed it.
    pub(super) wrote: bool,
    /// A change made while the claim was not answered yet (written once it is).
    pub(super) unsaved: bool,
}

impl BoardClaim {
    /// Whether the game in play was changed before the browser answered the claim (a board
    /// left then keeps those moves in the history: they were never written).
    pub(super) fn moved_unanswered(&self) -> bool {
        !self.settled && self.unsaved
    }

    pub(super) fn new(documents: &Documents, config: Config) -> Self {
        let claim = documents.claim(config);
        Self {
            config,
            settled: claim.state() != ClaimState::Pending,
            claim,
            from_slot: None,
            wrote: false,
            unsaved: false,
        }
    }

    /// Whether another window plays this board (or none can be claimed, or its saved game is
    /// one this build leaves as it is), so this one plays a game of its own.
    pub fn guest(&self) -> bool {
        matches!(
            self.claim.state(),
            ClaimState::Refused | ClaimState::Unavailable
        )
    }
}

pub(super) fn claim_unsettled(claim: Res<BoardClaim>) -> bool {
    !claim.settled
}

/// What the player is told when another window (a tab, on the web) plays the board, or no
/// claim can be had here, and the log.
pub(super) fn guest_notice(config: Config, state: ClaimState) -> Said {
    if state == ClaimState::Unavailable {
        info!(
            "the {} board to {} cannot be claimed here: this window plays a game of its own, \
             kept in the history",
            config.shape(),
            config.target()
        );
        return said!("notice-no-claim");
    }
    info!(
        "another window plays the {} board to {}: this window plays a game of its own",
        config.shape(),
        config.target()
    );
    said!(if cfg!(target_arch = "wasm32") {
        "notice-guest-tab"
    } else {
        "notice-guest"
    })
}

/// What the player is told when another window takes the board this one played on.
pub(super) fn guest_played_notice() -> Said {
    said!(if cfg!(target_arch = "wasm32") {
        "notice-guest-tab-played"
    } else {
        "notice-guest-played"
    })
}

/// Each problem's story to the log; its short line for the player.
pub(super) fn tell(problems: Vec<Problem>) -> Vec<Said> {
    problems
        .into_iter()
        .map(|problem| {
            warn!("{}", problem.detail);
            problem.short
        })
        .collect()
}

/// The game to play on `config`'s board, claiming it (and letting go of the board before):
/// its saved game, or a new one; or, while another window plays it, a new game of this
/// window's own. Problems and the guest's line go to `notices`.
pub(super) fn open_board(
    documents: &Documents,
    claim: &mut BoardClaim,
    config: Config,
    notices: &mut Vec<Said>,
) -> (Game, rules::History) {
    if claim.config != config || claim.guest() {
        *claim = BoardClaim::new(documents, config);
    }
    if claim.guest() {
        notices.push(guest_notice(config, claim.claim.state()));
        return new_game(config, rand::random());
    }
    let mut problems = Vec::new();
    let board = slot_game(documents, claim, &mut problems);
    notices.extend(tell(problems));
    board
}

/// The saved game of the claimed board (noted as read from its slot), or a new one. A saved
/// game this build leaves as it is (a later version's) is not this window's to write: it
/// plays a game of its own, as a guest does (the player was told why with the problem).
pub(super) fn slot_game(
    documents: &Documents,
    claim: &mut BoardClaim,
    problems: &mut Vec<Problem>,
) -> (Game, rules::History) {
    let board = match documents.saved_board(claim.config, problems) {
        save::Slot::HandsOff => {
            claim.claim = Claim::unavailable();
            claim.settled = true;
            None
        }
        slot => slot.game(),
    };
    claim.from_slot = board.as_ref().map(|(_, history)| mark(history));
    board.unwrap_or_else(|| new_game(claim.config, rand::random()))
}

/// Which game a history is of (its start time and seed), and how far on (moves and twice the
/// undos: `save::merge`).
pub(super) type Mark = ((u64, Option<u64>), u64);

pub(super) fn identity(history: &rules::History) -> (u64, Option<u64>) {
    (history.info.started_ms, history.seed())
}

pub(super) fn mark(history: &rules::History) -> Mark {
    (
        identity(history),
        save::merge::steps(history.len(), history.undos()),
    )
}

/// Asks again for the board in play, if another window had it (a guest's new game).
pub(super) fn ask_again(documents: &Documents, claim: &mut BoardClaim) {
    if claim.guest() {
        *claim = BoardClaim::new(documents, claim.config);
    }
}

/// A new game from `seed`, starting now.
pub(super) fn new_game(config: Config, seed: u64) -> (Game, rules::History) {
    let (game, mut history) = rules::History::seeded(config, seed);
    history.info = rules::PlayInfo::starting(start_ms());
    (game, history)
}
