//! A backup: everything the game keeps, in one file a player carries to another machine or
//! browser: every board's game in progress with its moves (so undo reaches back as before), the
//! history of games, the best scores and the options. The desktop writes and reads one with
//! `--export` and `--import`, the page with the options' Export and Import; the file is the
//! same for both.
//!
//! It is one JSON document, `{"format": "g2048 backup", "version": 1, "made_ms": …, "check":
//! …, "content": {"options", "best", "games", "boards", "ranked"}}` (`ranked`: the accounts on
//! ranked servers, left out while there are none, which older builds skip), whose `check` is the CRC-32 of the
//! content exactly as written: a file cut short, changed or damaged is refused, as is one of
//! another format or a newer version, one holding games dated after it was made, and every
//! game in it is checked like a saved one before anything is written.
//!
//! Importing merges, as two windows do (`merge`): best scores only rise, the history gains the
//! backup's games (every one: the history has no cap), the options the backup holds become the
//! player's (fields this build does not know stay). A board's game goes into its slot when that
//! slot is empty, or holds the same game not as far on; when this machine has another game
//! there, or a window is playing that board, the backup's game goes into the history instead
//! (from where it can be replayed and played on). Nothing here is written over.
//!
//! An import is written first as a journal (the `import` document, the backup itself), then
//! merged document by document, then the journal is removed; the next start finds a journal
//! left by an import cut short and merges it again (merging twice is merging once), so the
//! documents are as before the import or as after it.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::documents::{Documents, Slot};
use super::format::{GamesDoc, RankedAccount};
use super::store::{Claim, ClaimState};
use super::{
    BestScores, LoadError, MAX_GAMES_BYTES, Options, PastGame, SavedHistory, merge, parse_options,
};
use crate::i18n::{Said, Words};
use crate::rules::{Game, History, SavedGame, Shape};
use crate::said;

/// What a backup file says it is.
pub const BACKUP_FORMAT: &str = "g2048 backup";
/// The backup version this game writes and reads.
pub const BACKUP_VERSION: u32 = 1;
/// No backup is larger: the largest history read, and room for every board's moves.
pub const MAX_BACKUP_BYTES: usize = MAX_GAMES_BYTES + 64 * 1024 * 1024;
/// The journal of an import under way.
pub(super) const IMPORT_KEY: &str = "import";

/// A backup file as read: its content is checked exactly as written.
#[derive(Deserialize)]
struct FileIn<'a> {
    made_ms: u64,
    /// The CRC-32 of `content` as written (compact JSON), 8 hex digits.
    check: String,
    #[serde(borrow)]
    content: &'a RawValue,
}

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'a str,
    version: u32,
    made_ms: u64,
    check: String,
    content: &'a RawValue,
}

#[derive(Serialize, Deserialize, Clone)]
struct Content {
    options: Option<Options>,
    best: BestScores,
    /// The history's entries: the games, and entries this build cannot read (kept as they are).
    games: Vec<serde_json::Value>,
    boards: Vec<BoardSave>,
    /// The accounts on ranked servers (docs/server.md): a token lost is an account lost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ranked: Vec<RankedAccount>,
}

/// A board's game in progress and, when it has them, its moves.
#[derive(Serialize, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct BoardSave {
    game: SavedGame,
    undo: Option<SavedHistory>,
}

/// The first fields, read alone to tell what a file is before reading the rest.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

/// A backup, read and checked.
#[derive(Debug, Clone)]
pub struct Backup {
    /// When it was made, in milliseconds since 1970.
    pub made_ms: u64,
    pub options: Option<Options>,
    pub best: BestScores,
    pub games: Vec<PastGame>,
    /// The history's entries this build cannot read (a later build's), carried as they are.
    pub other_games: Vec<serde_json::Value>,
    /// Every board's game in progress, with the moves that led to it.
    pub boards: Vec<(Game, History)>,
    /// The accounts on ranked servers.
    pub ranked: Vec<RankedAccount>,
}

/// Why a file is not taken as a backup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupError {
    TooLarge,
    NotBackup,
    Newer(u32),
    Damaged(Damage),
    Impossible(String),
    /// Games dated after the backup was made: a forged or damaged file.
    Dated(usize),
}

impl BackupError {
    /// Why, in the player's words (an impossible game's details go to the log).
    pub fn said(&self) -> Said {
        match self {
            BackupError::TooLarge => said!("error-backup-too-large"),
            BackupError::NotBackup => said!("error-backup-not-backup"),
            BackupError::Newer(v) => {
                said!("error-backup-newer", version = *v, reads = BACKUP_VERSION)
            }
            BackupError::Damaged(damage) => {
                said!("error-backup-damaged", reason = said!(damage.id()))
            }
            BackupError::Impossible(_) => said!("error-backup-impossible"),
            BackupError::Dated(count) => said!("error-backup-dated", count = *count),
        }
    }
}

impl fmt::Display for BackupError {
    /// In English, with an impossible game's details (the command line's and the log's words).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Words::english().say(&self.said()))?;
        match self {
            BackupError::Impossible(e) => write!(f, " ({e})"),
            _ => Ok(()),
        }
    }
}

/// How a backup file is damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    CutShort,
    Version,
    /// Valid JSON, but not what a backup holds.
    Content,
    Json,
    /// Its check does not match what it holds.
    Check,
}

impl Damage {
    fn id(self) -> &'static str {
        match self {
            Damage::CutShort => "error-backup-cut-short",
            Damage::Version => "error-backup-version",
            Damage::Content => "error-backup-content",
            Damage::Json => "error-backup-json",
            Damage::Check => "error-backup-check",
        }
    }
}

impl std::error::Error for BackupError {}

fn crc(content: &str) -> String {
    format!("{:08x}", crc32fast::hash(content.as_bytes()))
}

impl Backup {
    /// Reads a backup file; never panics, whatever the bytes.
    pub fn parse(bytes: &[u8]) -> Result<Self, BackupError> {
        if bytes.len() > MAX_BACKUP_BYTES {
            return Err(BackupError::TooLarge);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| BackupError::NotBackup)?;
        let header: Header = serde_json::from_str(text).map_err(|e| {
            if e.is_eof() {
                BackupError::Damaged(Damage::CutShort)
            } else {
                BackupError::NotBackup
            }
        })?;
        match (header.format.as_deref(), header.version) {
            (Some(BACKUP_FORMAT), Some(BACKUP_VERSION)) => {}
            (Some(BACKUP_FORMAT), Some(version)) if version > BACKUP_VERSION => {
                return Err(BackupError::Newer(version));
            }
            (Some(BACKUP_FORMAT), _) => {
                return Err(BackupError::Damaged(Damage::Version));
            }
            _ => return Err(BackupError::NotBackup),
        }
        let damaged = |e: serde_json::Error| {
            BackupError::Damaged(match e.classify() {
                serde_json::error::Category::Eof => Damage::CutShort,
                serde_json::error::Category::Data => Damage::Content,
                _ => Damage::Json,
            })
        };
        let file: FileIn = serde_json::from_str(text).map_err(damaged)?;
        if crc(file.content.get()) != file.check {
            return Err(BackupError::Damaged(Damage::Check));
        }
        let content: Content = serde_json::from_str(file.content.get()).map_err(damaged)?;
        Self::check(file.made_ms, content)
    }

    /// Every part checked as the game checks its own documents, and every date against when
    /// the backup was made.
    fn check(made_ms: u64, content: Content) -> Result<Self, BackupError> {
        let impossible = |what: &str, e: LoadError| {
            let why = match e {
                LoadError::Impossible(why) | LoadError::Corrupt(why) => why,
                e => e.to_string(),
            };
            BackupError::Impossible(format!("{what}: {why}"))
        };
        if let Some(options) = &content.options {
            parse_options(super::render_options(options).as_bytes())
                .map_err(|e| impossible("its options", e))?;
        }
        super::parse_best(super::render_best(&content.best).as_bytes())
            .map_err(|e| impossible("its best scores", e))?;
        let history = GamesDoc::of_entries(content.games, serde_json::Map::new());
        let mut boards: Vec<(Game, History)> = Vec::new();
        for board in content.boards {
            let game = Game::restore(board.game).map_err(|e| {
                impossible("a game in progress", LoadError::Impossible(e.to_string()))
            })?;
            if boards
                .iter()
                .any(|(other, _)| other.config() == game.config())
            {
                return Err(BackupError::Impossible(format!(
                    "two games in progress on the {} board to {}",
                    game.config().shape(),
                    game.config().target()
                )));
            }
            let history = match board.undo {
                Some(undo) => undo
                    .history_to(&game)
                    .map_err(|e| impossible("the moves of a game in progress", e))?,
                None => History::new(game.clone()),
            };
            boards.push((game, history));
        }
        let dated = history
            .games
            .iter()
            .map(|game| game.started_ms)
            .chain(boards.iter().map(|(_, history)| history.info.started_ms))
            .filter(|&started| started > made_ms)
            .count();
        if dated > 0 {
            return Err(BackupError::Dated(dated));
        }
        Ok(Self {
            made_ms,
            options: content.options,
            best: content.best,
            games: history.games,
            other_games: history.other,
            boards,
            ranked: content.ranked,
        })
    }

    /// The backup as a file.
    pub fn render(&self) -> String {
        let games = self
            .games
            .iter()
            .map(|game| serde_json::to_value(game).expect("history entries always serialise"))
            .chain(self.other_games.iter().cloned())
            .collect();
        let content = Content {
            options: self.options,
            best: self.best.clone(),
            games,
            boards: self
                .boards
                .iter()
                .map(|(game, history)| BoardSave {
                    game: game.save(),
                    undo: Some(SavedHistory::of(history)),
                })
                .collect(),
            ranked: self.ranked.clone(),
        };
        let content = serde_json::to_string(&content).expect("backups always serialise");
        let raw = RawValue::from_string(content).expect("serde_json writes JSON");
        let file = FileOut {
            format: BACKUP_FORMAT,
            version: BACKUP_VERSION,
            made_ms: self.made_ms,
            check: crc(raw.get()),
            content: &raw,
        };
        serde_json::to_string(&file).expect("backups always serialise")
    }

    /// A line saying what it holds.
    pub fn summary(&self) -> String {
        format!(
            "{} in progress, {} in the history, best scores of {}",
            counted(self.boards.len(), "game"),
            counted(self.games.len(), "game"),
            counted(self.best.len(), "board size"),
        )
    }
}

/// "1 game", "3 games".
pub(crate) fn counted(n: usize, one: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

/// Everything the store holds, as a backup made at `now_ms` (or at its newest game's start, if
/// the clock is behind that: a backup is never dated before what it holds), and what could not
/// be read. `documents` should be a reader (`Documents::reader`): an export changes nothing.
pub fn export(documents: &Documents, now_ms: u64) -> (Backup, Vec<super::Problem>) {
    let mut problems = Vec::new();
    let read = documents.locked(&mut problems, |problems| {
        let options = documents.stored_options(problems);
        let best = documents.best(problems);
        let history = documents.games_doc(problems);
        let mut boards = Vec::new();
        for config in board_keys(documents, problems) {
            if let Slot::Game(game, history) = documents.saved_board(config, problems) {
                boards.push((game, history));
            }
        }
        let ranked = documents.ranked(problems).accounts;
        (options, best, history, boards, ranked)
    });
    let (options, best, history, boards, ranked) = read.unwrap_or_default();
    let newest = history
        .games
        .iter()
        .map(|game| game.started_ms)
        .chain(
            boards
                .iter()
                .map(|(_, h): &(Game, History)| h.info.started_ms),
        )
        .max()
        .unwrap_or(0);
    let backup = Backup {
        made_ms: now_ms.max(newest),
        options,
        best,
        games: history.games,
        other_games: history.other,
        boards,
        ranked,
    };
    (backup, problems)
}

/// The boards with a game or its moves stored, from their keys (`game-4x4-2048`,
/// `undo-4x4-2048`).
fn board_keys(
    documents: &Documents,
    problems: &mut Vec<super::Problem>,
) -> Vec<crate::rules::Config> {
    let keys = documents.keys().unwrap_or_else(|e| {
        problems.push(super::Problem {
            short: said!("notice-backup-unlisted"),
            detail: format!("listing {}: {e}", documents.location()),
        });
        Vec::new()
    });
    let mut boards: Vec<crate::rules::Config> = keys
        .iter()
        .filter_map(|key| {
            let rest = key
                .strip_prefix("game-")
                .or_else(|| key.strip_prefix("undo-"))?;
            super::documents::board_of_key(rest)
        })
        .collect();
    boards.sort_by_key(|config| super::game_key(*config));
    boards.dedup();
    boards
}

/// What an earlier build's store holds (the page's `localStorage`, which a tab of an earlier
/// build still open keeps writing), carried into `documents`: its best scores and its history
/// merge as another window's do, and its boards' games go into the history (its tab plays
/// them). The earlier store is only read. Whether anything was written.
pub fn carry_over(
    documents: &Documents,
    earlier: std::sync::Arc<dyn super::Store>,
) -> (bool, Vec<super::Problem>) {
    let (backup, _) = export(&Documents::reader(earlier), 0);
    let mut problems = Vec::new();
    let mut written = false;
    if !backup.best.is_empty() {
        let synced = documents.sync_best(&backup.best);
        problems.extend(synced.problems);
        written |= synced.before.as_ref() != Some(&synced.value);
    }
    let mut games = backup.games;
    for (game, history) in &backup.boards {
        if let Some(entry) = PastGame::of(game, history).filter(|_| !history.is_empty()) {
            merge::keep_game(&mut games, entry);
        }
    }
    if !games.is_empty() || !backup.other_games.is_empty() {
        let synced = documents.locked(&mut problems, |_| {
            documents.sync_games_doc(&games, &backup.other_games)
        });
        if let Ok(synced) = synced {
            problems.extend(synced.problems);
            written |= synced.before.as_ref() != Some(&synced.value);
        }
    }
    (written, problems)
}

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportReport {
    /// Games in progress put on a board that had none, or further on than the one there.
    pub boards: usize,
    /// Games in progress that went into the history: their board had another game here, or a
    /// window was playing it.
    pub to_history: usize,
    /// Games in progress that could not be kept anywhere: begun before games were recorded,
    /// and their board taken.
    pub not_kept: usize,
    /// Games the history did not have before.
    pub new_games: usize,
    /// Board shapes whose best score rose.
    pub best_raised: Vec<(Shape, u64)>,
    pub options: bool,
    /// Documents here that could not be used (set aside).
    pub problems: Vec<super::Problem>,
}

impl ImportReport {
    /// A short line for the player, under the board.
    pub fn short(&self) -> Said {
        said!(
            "notice-imported",
            new = self.new_games,
            boards = self.boards,
            history = self.to_history
        )
    }

    /// Everything it did, for the log and the command line.
    pub fn summary(&self) -> String {
        let mut parts = vec![format!(
            "{} new in the history",
            counted(self.new_games, "game")
        )];
        if self.boards > 0 {
            parts.push(format!("{} in progress", counted(self.boards, "game")));
        }
        if self.to_history > 0 {
            parts.push(format!(
                "{} in progress put in the history (their board had a game here)",
                counted(self.to_history, "game")
            ));
        }
        if !self.best_raised.is_empty() {
            let sizes: Vec<String> = self
                .best_raised
                .iter()
                .map(|(shape, best)| format!("{shape} {best}"))
                .collect();
            parts.push(format!("best {}", sizes.join(", ")));
        }
        if self.not_kept > 0 {
            parts.push(format!(
                "{} from before games were recorded not kept (its board had a game)",
                counted(self.not_kept, "game")
            ));
        }
        format!("Imported: {}.", parts.join("; "))
    }
}

/// An import being made: the backup, its text (the journal) and a claim on each of its boards,
/// which says whether a window is playing that board. A browser answers claims a moment later:
/// [`Import::ready`] says when all are in.
pub struct Import {
    backup: Backup,
    text: String,
    claims: Vec<Claim>,
}

impl Import {
    /// Reads and checks `bytes`, and asks for its boards.
    pub fn new(documents: &Documents, bytes: &[u8]) -> Result<Self, BackupError> {
        let backup = Backup::parse(bytes)?;
        let text = String::from_utf8_lossy(bytes).into_owned();
        let claims = backup
            .boards
            .iter()
            .map(|(game, _)| documents.claim(game.config()))
            .collect();
        Ok(Self {
            backup,
            text,
            claims,
        })
    }

    pub fn backup(&self) -> &Backup {
        &self.backup
    }

    /// Whether every board's claim is answered.
    pub fn ready(&self) -> bool {
        self.claims
            .iter()
            .all(|claim| claim.state() != ClaimState::Pending)
    }

    /// Merges the backup into the store (a board still unanswered counts as played elsewhere).
    /// Without the store's lock nothing is merged.
    pub fn apply(self, documents: &Documents) -> std::io::Result<ImportReport> {
        let mut problems = Vec::new();
        let report = documents.locked(&mut problems, |_| {
            documents.write(IMPORT_KEY, &self.text)?;
            let merged = self.merge(documents);
            // A write refused (a full disk, a browser's quota) is not a kill: what was merged
            // stays, and the journal goes, not to fill the store and be tried at every start.
            let removed = documents.remove(IMPORT_KEY);
            let report = merged?;
            removed?;
            Ok::<_, std::io::Error>(report)
        });
        let mut report: ImportReport = report??;
        problems.append(&mut report.problems);
        report.problems = problems;
        Ok(report)
    }

    fn merge(&self, documents: &Documents) -> std::io::Result<ImportReport> {
        let mut report = ImportReport::default();
        let backup = &self.backup;
        let mut problems = Vec::new();
        if let Some(options) = backup.options {
            // The backup's options, over the player's; what this build does not know stays.
            let synced = documents.sync_options_unlocked(&options, merge::Chosen::all());
            problems.extend(synced.problems);
            synced.written?;
            report.options = true;
        }
        // Ranked accounts join the player's (none is dropped).
        if !backup.ranked.is_empty() {
            let synced = documents.sync_ranked_unlocked(&backup.ranked, None);
            problems.extend(synced.problems);
            synced.written?;
        }
        // Best scores and the history merge as two windows' do (`Documents::sync_*`).
        let best = documents.sync_best_unlocked(&backup.best);
        problems.extend(best.problems);
        best.written?;
        let before = best.before.unwrap_or_default();
        report.best_raised = best
            .value
            .iter()
            .filter(|(size, score)| before.get(size) != Some(score))
            .map(|(&size, &score)| (size, score))
            .collect();
        let mut games = backup.games.clone();
        for ((game, history), claim) in backup.boards.iter().zip(&self.claims) {
            let here = match claim.state() {
                ClaimState::Held => documents.saved_board(game.config(), &mut problems),
                // A window plays that board (or none can be claimed): its slot is not this
                // import's to write.
                _ => Slot::HandsOff,
            };
            enum Put {
                Slot,
                Nowhere,
                History,
            }
            let put = match &here {
                Slot::Empty => Put::Slot,
                Slot::Game(_, there) if same_line(there, history) => {
                    if steps(history) > steps(there) {
                        Put::Slot
                    } else {
                        Put::Nowhere
                    }
                }
                // This very game without its record (a cut between the two writes, or saved
                // before games were recorded): nothing of it is lost.
                Slot::Game(board, there)
                    if there.seed().is_none() && board.save() == game.save() =>
                {
                    Put::Slot
                }
                Slot::Game(..) | Slot::HandsOff => Put::History,
            };
            match put {
                Put::Slot => {
                    documents.put_board(game, history)?;
                    report.boards += 1;
                }
                Put::Nowhere => {}
                // One without a move loses nothing.
                Put::History if history.is_empty() => {}
                Put::History => match PastGame::of(game, history) {
                    Some(entry) => {
                        merge::keep_game(&mut games, entry);
                        report.to_history += 1;
                    }
                    None => report.not_kept += 1,
                },
            }
        }
        let synced = documents.sync_games_doc(&games, &backup.other_games);
        problems.extend(synced.problems);
        synced.written?;
        let stored = synced.before.map(|doc| doc.games).unwrap_or_default();
        let ids = |games: &[PastGame]| -> BTreeSet<(u64, u64)> {
            games.iter().map(|g| (g.started_ms, g.seed)).collect()
        };
        let (had, kept) = (ids(&stored), ids(&synced.value.games));
        report.new_games = kept.difference(&had).count();
        report.problems = problems;
        Ok(report)
    }
}

/// Two copies of one game (start and seed) on one line of play (`merge::one_line`); copies
/// played on in two places are two games.
fn same_line(a: &History, b: &History) -> bool {
    (a.info.started_ms, a.seed()) == (b.info.started_ms, b.seed())
        && a.seed().is_some()
        && merge::one_line(a.moves(), a.undos(), b.moves(), b.undos())
}

fn steps(history: &History) -> u64 {
    merge::steps(history.len(), history.undos())
}

/// Finishes an import that was cut short (its journal is still there): `None` if there was
/// none. A damaged journal is set aside like any damaged document; a later version's is left
/// as it is.
pub fn resume_import(documents: &Documents) -> Option<Result<ImportReport, String>> {
    let check = |bytes: &[u8]| match Backup::parse(bytes) {
        Ok(_) => Ok(bytes.to_vec()),
        Err(BackupError::Newer(version)) => Err(LoadError::Newer(version)),
        Err(BackupError::TooLarge) => Err(LoadError::TooLarge),
        Err(e) => Err(LoadError::Corrupt(e.to_string())),
    };
    let mut problems = Vec::new();
    let kind = super::Kept::Import;
    let Some(bytes) = documents.sound(IMPORT_KEY, kind, MAX_BACKUP_BYTES, check, &mut problems)
    else {
        return problems
            .into_iter()
            .next()
            .map(|problem| Err(problem.detail));
    };
    let import = match Import::new(documents, &bytes) {
        Ok(import) => import,
        Err(e) => return Some(Err(e.to_string())),
    };
    Some(import.apply(documents).map_err(|e| e.to_string()))
}
