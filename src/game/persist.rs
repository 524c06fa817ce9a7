//! What the game keeps, through `save::Documents`: read at start, written after every change,
//! merged with what other windows and tabs wrote (`save::merge`), and carried as a backup
//! (`save::backup`). Saving only reads the game: each document is written when its resource
//! changed.
//!
//! Any number of windows (or tabs) may share one store:
//! - Best scores, the history and the options are merged with what is stored at every write,
//!   and read again when another window may have written (`StoreChanged`: this window gets the
//!   focus back, or the browser's `storage` event): BEST and the history then show the other
//!   window's games too.
//! - A board's game in progress is written by one window at a time, the one that claims the
//!   board ([`BoardClaim`]). A window opened on a board another window plays is a *guest* there:
//!   it plays a new game of its own, which goes into the history after every move (so a kill
//!   loses nothing, and it can be replayed and played on from there), and the player is told.
//!   A guest's next new game, or a later return to that board, asks again.
//! - A game found on the board's slot that is not the one being written (the one a `--seed`
//!   replaced, or another window's from before) goes into the history first.

use bevy::{ecs::system::SystemParam, prelude::*, window::WindowFocused};

use super::board::BoardChanges;
use super::options::{OptionsChosen, PlayerOptions};
use super::past::PastGames;
use super::requests::{AddRequestOwner, Request, Requested};
use super::sets::GameSet;
use super::slots::{
    BoardClaim, SaveStore, claim_unsettled, guest_notice, identity, mark, new_game, slot_game, tell,
};
use super::state::Notice;
use super::state::off_record;
use super::state::{BestScores, Engine, UndoRecord};
use crate::clock::start_ms;
use crate::i18n::Said;
use crate::rules::{self, Config, Game, Shape, reachable_tile};
use crate::said;
use crate::save::{self, ClaimState, Documents, Import, Options, Problem};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveFailed>()
        .add_message::<StoreChanged>()
        .add_message::<BackupMade>()
        .add_message::<PickBackup>()
        .add_message::<ImportBackup>()
        .add_message::<WindowFocused>()
        .add_request_owner(&[Request::ExportBackup, Request::ImportBackup], on_request)
        .add_systems(
            Update,
            (
                settle_claim.run_if(claim_unsettled),
                // A replay on the board is not the player's game: nothing is saved for it.
                save_game
                    .run_if(resource_changed::<Engine>.and_then(not(resource_added::<Engine>)))
                    .run_if(not(off_record)),
                start_import.run_if(on_message::<ImportBackup>),
                finish_import.run_if(resource_exists::<PendingImport>),
                // Before the writes below, which read the store again: in the frame of the change
                // (a window that waits for input may not draw another).
                focus_means_change,
                read_again.run_if(on_message::<StoreChanged>),
                save_best.run_if(
                    resource_changed::<BestScores>.and_then(not(resource_added::<BestScores>)),
                ),
                save_games.run_if(
                    resource_changed::<PastGames>.and_then(not(resource_added::<PastGames>)),
                ),
                save_options.run_if(
                    resource_changed::<PlayerOptions>
                        .and_then(not(resource_added::<PlayerOptions>)),
                ),
            )
                .chain()
                .in_set(GameSet::Save),
        );
}

/// Set after a failed write, so the player is told once, not on every move.
#[derive(Resource, Debug, Default)]
struct SaveFailed(bool);

/// Another window or tab may have written the store: read the shared documents again.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct StoreChanged;

/// A backup made for the player to keep: the page downloads it as `name`, the desktop saves it
/// where its save dialog says (`files.rs`). Each tells the player.
#[derive(Message, Debug, Clone)]
pub struct BackupMade {
    pub name: String,
    pub text: String,
    /// The games it holds: the history's and the boards' in progress.
    pub games: usize,
}

/// The player asked to import a backup: the page opens a file picker, the desktop its open
/// dialog.
#[derive(Message, Debug, Clone, Copy)]
pub struct PickBackup;

/// A file the player chose to import.
#[derive(Message, Debug, Clone)]
pub struct ImportBackup(pub Vec<u8>);

/// An import waiting for the browser to say which of its boards other tabs play.
#[derive(Resource)]
struct PendingImport(Option<Import>);

/// What was found at start: the game to play with its history, the best scores, the options,
/// the claim on the board, and what to tell the player about documents that could not be used.
pub struct Loaded {
    pub game: Game,
    pub history: rules::History,
    pub past: Vec<save::PastGame>,
    pub best: save::BestScores,
    pub options: Options,
    pub claim: BoardClaim,
    pub notices: Vec<Said>,
}

/// The board and target of this run: the flags', over the saved options. A board from a flag
/// with the saved target, or a target from a flag on the saved board, that the board cannot
/// reach plays to the largest tile it can: said in a notice when the target was the flag's
/// (`--size 3` alone just plays to 1024, as its intro says); the saved options alone are
/// played as they are (a game started on them before such targets were refused is still
/// theirs).
fn flags_config(
    shape: Option<Shape>,
    target: Option<u32>,
    options: &Options,
    notices: &mut Vec<Said>,
) -> Config {
    let (shape_now, target_now) = (
        shape.unwrap_or(options.size),
        target.unwrap_or(options.target),
    );
    let target_now = match Config::check_reachable(shape_now, target_now) {
        Err(e) if shape.is_some() || target.is_some() => {
            if target.is_some() {
                notices.push(e.said());
            }
            reachable_tile(shape_now)
        }
        _ => target_now,
    };
    Config::with_shape(shape_now, target_now).unwrap_or_default()
}

/// Reads the store. `shape` and `target` (command-line flags) override the saved options for
/// this run; `seed` asks for a new game from that seed instead of resuming (the saved game goes
/// into the history).
pub fn load(
    documents: &Documents,
    shape: Option<Shape>,
    target: Option<u32>,
    seed: Option<u64>,
) -> Loaded {
    let mut problems = Vec::new();
    let mut notices = Vec::new();
    // What an earlier build set aside and this one reads goes back into the documents first.
    documents.merge_back(&mut problems);
    match save::resume_import(documents) {
        Some(Ok(report)) => {
            info!("finished an import cut short: {}", report.summary());
            problems.extend(report.problems);
        }
        Some(Err(e)) => warn!("{e}"),
        None => {}
    }
    let options = documents.options(&mut problems);
    let best = documents.best(&mut problems);
    let mut past = documents.games(&mut problems);
    let config = flags_config(shape, target, &options, &mut notices);
    let mut claim = BoardClaim::new(documents, config);
    let (game, history) = if claim.guest() {
        notices.push(guest_notice(config, claim.claim.state()));
        new_game(config, seed.unwrap_or_else(rand::random))
    } else if let Some(seed) = seed {
        // A flag's new game: the saved one goes into the history now (and again, if it is
        // still there, when this game is first written over it).
        if let Some((game, history)) = documents.saved_board(config, &mut problems).game()
            && let Some(entry) = save::PastGame::of(&game, &history).filter(|_| !history.is_empty())
        {
            let mut games = past.clone();
            save::merge::keep_game(&mut games, entry);
            let synced = documents.sync_games(&games);
            if let Err(e) = &synced.written {
                warn!("cannot keep the saved game in the history: {e}");
            }
            problems.extend(synced.problems);
            past = synced.value;
        }
        new_game(config, seed)
    } else {
        slot_game(documents, &mut claim, &mut problems)
    };
    notices.extend(tell(problems));
    Loaded {
        game,
        history,
        past,
        best,
        options,
        claim,
        notices,
    }
}

/// Writes the game in play to its board's slot (this window holds the board).
fn write_board(
    documents: &Documents,
    claim: &mut BoardClaim,
    game: &Game,
    history: &rules::History,
    past: &[save::PastGame],
) -> save::SavedBoard {
    // Until this window has written the slot, a game there that is not the one it read is
    // another's (the one a --seed replaced, or one another window left).
    let other = !claim.wrote && claim.from_slot.map(|(id, _)| id) != Some(identity(history));
    let saved = documents.save_board(game, history, past, other);
    claim.wrote |= saved.written.is_ok();
    saved
}

/// Tells the player once that saving failed (a full disk, a browser without storage). A
/// document left as it is, or a lock not had, was told with its own problem.
fn report(
    result: &std::io::Result<()>,
    documents: &Documents,
    failed: &mut SaveFailed,
    notices: &mut MessageWriter<Notice>,
) {
    match result {
        Ok(()) => failed.0 = false,
        Err(e) if save::Refusal::of(e).is_some_and(save::Refusal::told) => {
            debug!("not saved: {e}");
        }
        Err(e) if !failed.0 => {
            failed.0 = true;
            warn!("cannot save to {}: {e}", documents.location());
            notices.write(Notice(said!("notice-save-failed")));
        }
        Err(e) => debug!("cannot save: {e}"),
    }
}

/// Problems found in a merge, told like those found at start.
fn tell_problems(problems: Vec<Problem>, notices: &mut MessageWriter<Notice>) {
    for line in tell(problems) {
        notices.write(Notice(line));
    }
}

/// Writes the game in progress where this window holds the board; a guest's game goes into
/// the history instead. Before the browser has answered the claim, it waits (`settle_claim`).
fn save_game(
    engine: Res<Engine>,
    history: Res<UndoRecord>,
    documents: Res<SaveStore>,
    mut claim: ResMut<BoardClaim>,
    mut past: ResMut<PastGames>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    // Until the answer is acted on (`settle_claim`, earlier in the frame), the game may still
    // be another window's: it waits.
    if !claim.settled {
        claim.unsaved = true;
        return;
    }
    match claim.claim.state() {
        ClaimState::Pending => claim.unsaved = true,
        ClaimState::Refused | ClaimState::Unavailable => {
            PastGames::keep_in(&mut past, &engine, &history)
        }
        ClaimState::Held => {
            let saved = write_board(&documents, &mut claim, &engine, &history, &past.0);
            report(&saved.written, &documents, &mut failed, &mut notices);
            tell_problems(saved.problems, &mut notices);
            if let Some(synced) = saved.displaced {
                report(&synced.written, &documents, &mut failed, &mut notices);
                tell_problems(synced.problems, &mut notices);
                past.set_if_neq(PastGames(synced.value));
            }
        }
    }
}

/// Once the browser answers the claim. Yes: a change made meanwhile is written; but if the
/// slot changed since it was read (the window that held the board played on before it let go),
/// a game played on here becomes a game of its own (a new start), and one not played is read
/// again. No: the game becomes this tab's own if it was played, and a new game if not.
fn settle_claim(
    mut board: BoardChanges,
    documents: Res<SaveStore>,
    mut notices: MessageWriter<Notice>,
) {
    let state = board.claim().claim.state();
    if state == ClaimState::Pending {
        return;
    }
    board.claim().settled = true;
    let unsaved = std::mem::take(&mut board.claim().unsaved);
    let from_slot = board.claim().from_slot;
    let config = board.claim().config;
    let shown_from_slot = from_slot.map(|(id, _)| id) == Some(identity(board.history()));
    // Played on since it was read, in an earlier frame or in this one (whose move is not
    // marked unsaved yet: the writes come later in the frame).
    let played = shown_from_slot && Some(mark(board.history())) != from_slot;
    if state == ClaimState::Held {
        let mut problems = Vec::new();
        let slot = documents.saved_board(config, &mut problems);
        tell_problems(problems, &mut notices);
        if matches!(slot, save::Slot::HandsOff) {
            // A game this build leaves as it is: this tab plays its own (told with the problem).
            board.claim().claim = save::Claim::unavailable();
            board.claim().from_slot = None;
            if shown_from_slot {
                board.make_own(played.then(start_ms));
            }
            return;
        }
        let now = slot.game();
        let moved_on =
            shown_from_slot && now.as_ref().map(|(_, history)| mark(history)) != from_slot;
        if moved_on && !played {
            if let Some((game, history)) = now {
                board.claim().from_slot = Some(mark(&history));
                board.show(game, history);
            }
            return;
        }
        if moved_on {
            board.make_own(Some(start_ms()));
        }
        if unsaved || played {
            let (game, history, past) = (
                board.game().clone(),
                board.history().clone(),
                board.past().0.clone(),
            );
            let saved = write_board(&documents, board.claim(), &game, &history, &past);
            if let Err(e) = &saved.written {
                warn!("cannot save to {}: {e}", documents.location());
            }
            tell_problems(saved.problems, &mut notices);
            if let Some(synced) = saved.displaced {
                tell_problems(synced.problems, &mut notices);
                board.set_past(synced.value);
            }
        }
        return;
    }
    // Refused: another window plays this board (or none can be claimed). If the game shown is
    // the one read from its slot, it is that window's: played on here, it becomes a game of its
    // own (a new start); not played, a new game takes its place. A game started here since is
    // already this one's.
    let line = guest_notice(config, state);
    board.claim().from_slot = None;
    if !shown_from_slot {
        notices.write(Notice(line));
        board.make_own(None);
    } else if played {
        notices.write(Notice(super::slots::guest_played_notice()));
        board.make_own(Some(start_ms()));
    } else {
        notices.write(Notice(line));
        let (game, history) = new_game(config, rand::random());
        board.show(game, history);
    }
}

fn save_best(
    mut best: ResMut<BestScores>,
    documents: Res<SaveStore>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    let synced = documents.sync_best(&best.0);
    report(&synced.written, &documents, &mut failed, &mut notices);
    tell_problems(synced.problems, &mut notices);
    best.set_if_neq(BestScores(synced.value));
}

/// Writes the history of games (a failed write is reported like the game's).
fn save_games(
    mut past: ResMut<PastGames>,
    documents: Res<SaveStore>,
    mut failed: ResMut<SaveFailed>,
    mut notices: MessageWriter<Notice>,
) {
    let synced = documents.sync_games(&past.0);
    report(&synced.written, &documents, &mut failed, &mut notices);
    tell_problems(synced.problems, &mut notices);
    past.set_if_neq(PastGames(synced.value));
}

/// Remembers the options (a failed write only loses them for the next run, so it is only
/// logged).
fn save_options(
    mut options: ResMut<PlayerOptions>,
    mut chosen: ResMut<OptionsChosen>,
    documents: Res<SaveStore>,
    mut notices: MessageWriter<Notice>,
) {
    let synced = documents.sync_options(&options.0, chosen.take(&options.0));
    if let Err(e) = &synced.written {
        warn!("cannot save the options to {}: {e}", documents.location());
    }
    tell_problems(synced.problems, &mut notices);
    chosen.synced = synced.value;
    options.set_if_neq(PlayerOptions(synced.value));
}

/// The window got the focus back: another window may have played meanwhile.
fn focus_means_change(
    mut focus: MessageReader<WindowFocused>,
    mut changed: MessageWriter<StoreChanged>,
) {
    if focus.read().any(|focus| focus.focused) {
        changed.write(StoreChanged);
    }
}

/// Another window may have written: the shared documents are merged again (by the writes that
/// follow in the frame), and show what other windows added (their games, a higher best, their
/// options); what this window has that the store lacks is written.
fn read_again(
    mut best: ResMut<BestScores>,
    mut past: ResMut<PastGames>,
    mut options: ResMut<PlayerOptions>,
) {
    best.set_changed();
    past.set_changed();
    options.set_changed();
}

/// The options' Export and Import.
#[derive(SystemParam)]
pub(super) struct Backups<'w> {
    documents: Res<'w, SaveStore>,
    made: MessageWriter<'w, BackupMade>,
    pick: MessageWriter<'w, PickBackup>,
    notices: MessageWriter<'w, Notice>,
}

impl Backups<'_> {
    /// A backup of everything, named after today's date, for the page to download or the
    /// desktop to save.
    pub(super) fn export(&mut self) {
        // Only read: an export sets aside, renames and writes nothing.
        let (backup, problems) = save::export(&self.documents.as_reader(), crate::clock::now_ms());
        for line in tell(problems) {
            self.notices.write(Notice(line));
        }
        let day = super::past::day(backup.made_ms);
        info!("backup: {}", backup.summary());
        self.made.write(BackupMade {
            name: format!("g2048-backup-{day}.json"),
            text: backup.render(),
            games: backup.games.len() + backup.boards.len(),
        });
    }

    /// Asks the page or the desktop's dialog for a file to import.
    pub(super) fn pick(&mut self) {
        self.pick.write(PickBackup);
    }
}

/// The backups' requests: make one, or pick one to import.
fn on_request(request: On<Requested>, mut backups: Backups) {
    match request.request {
        Request::ExportBackup => backups.export(),
        Request::ImportBackup => backups.pick(),
        _ => {}
    }
}

/// Checks a chosen file, and asks for the boards it holds.
fn start_import(
    mut files: MessageReader<ImportBackup>,
    pending: Option<Res<PendingImport>>,
    documents: Res<SaveStore>,
    mut commands: Commands,
    mut notices: MessageWriter<Notice>,
) {
    for ImportBackup(bytes) in files.read() {
        if pending.is_some() {
            notices.write(Notice(said!("notice-import-busy")));
            continue;
        }
        match Import::new(&documents, bytes) {
            Ok(import) => commands.insert_resource(PendingImport(Some(import))),
            Err(e) => {
                warn!("import: {e}");
                notices.write(Notice(said!("notice-import-refused", reason = e.said())));
            }
        }
    }
}

/// Once every board is answered for, merges the backup and shows the result (this window's own
/// board keeps its game: the backup's goes into the history).
fn finish_import(
    mut pending: ResMut<PendingImport>,
    documents: Res<SaveStore>,
    mut commands: Commands,
    mut notices: MessageWriter<Notice>,
    mut changed: MessageWriter<StoreChanged>,
) {
    if !pending.0.as_ref().is_some_and(Import::ready) {
        return;
    }
    commands.remove_resource::<PendingImport>();
    let Some(import) = pending.0.take() else {
        return;
    };
    match import.apply(&documents) {
        Ok(report) => {
            info!("import: {}", report.summary());
            for line in tell(report.problems.clone()) {
                notices.write(Notice(line));
            }
            notices.write(Notice(report.short()));
            changed.write(StoreChanged);
        }
        Err(e) => {
            warn!("import into {}: {e}", documents.location());
            notices.write(Notice(said!(
                "notice-import-partly",
                reason = save::io_said(&e)
            )));
        }
    }
}
