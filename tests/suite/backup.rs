//! Backups: everything the game keeps goes out and comes back the same; an import merges
//! (best scores only rise, no game is dropped, a board another window plays keeps its game); a
//! damaged, cut, forged or foreign file is refused and changes nothing; an import cut short at
//! any write ends as before or as after it; the desktop's file imports.

use g2048::game::Choose;
use g2048::game::Screen;
use std::collections::BTreeMap;
use std::io;
use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    game::{BackupMade, ImportBackup, PastGames, Request},
    rules::Direction,
    save::{
        self, Backup, BackupError, Documents, Import, MemoryStore, Options, Store, ThemeChoice,
    },
};
use proptest::prelude::*;

fn switch(app: &mut App, size: usize) {
    request(app, Request::Show(Screen::Options));
    request(app, Request::Options(Choose::Size(size)));
    request(app, Request::CloseDialog);
    app.update();
}

/// A store a player has used: games in the history, two boards with games in progress (one
/// with undos), best scores, the dark theme.
fn played_store(seed: u64) -> Arc<dyn Store> {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let mut app = window(&store, Some(seed));
    play_moves(&mut app, 12);
    new_game(&mut app);
    play_moves(&mut app, 7);
    new_game(&mut app);
    play_moves(&mut app, 3);
    switch(&mut app, 5);
    play_moves(&mut app, 9);
    request(&mut app, Request::Undo);
    request(&mut app, Request::Undo);
    request(&mut app, Request::Show(Screen::Options));
    request(&mut app, Request::Options(Choose::Theme(ThemeChoice::Dark)));
    request(&mut app, Request::CloseDialog);
    drop(app);
    store
}

fn export(store: &Arc<dyn Store>) -> Backup {
    let (backup, problems) = save::export(&Documents::new(store.clone()), 1);
    assert!(problems.is_empty(), "{problems:?}");
    backup
}

/// What a backup holds, comparable: boards as saved games and histories' documents.
fn contents(
    backup: &Backup,
) -> (
    Option<Options>,
    save::BestScores,
    Vec<save::PastGame>,
    Vec<String>,
) {
    let mut boards: Vec<String> = backup
        .boards
        .iter()
        .map(|(game, history)| save::render_game(game) + &save::render_history(history))
        .collect();
    boards.sort();
    (
        backup.options,
        backup.best.clone(),
        backup.games.clone(),
        boards,
    )
}

fn import(store: &Arc<dyn Store>, text: &str) -> Result<save::ImportReport, BackupError> {
    let documents = Documents::new(store.clone());
    let import = Import::new(&documents, text.as_bytes())?;
    assert!(import.ready());
    Ok(import
        .apply(&documents)
        .expect("a memory store takes every write"))
}

fn documents_of(store: &MemoryStore) -> BTreeMap<String, Vec<u8>> {
    store.documents()
}

#[test]
fn a_backup_carries_everything_and_comes_back_the_same() {
    let store = played_store(3);
    let backup = export(&store);
    assert_eq!(backup.boards.len(), 2, "4x4 and 5x5 in progress");
    assert_eq!(backup.games.len(), 2);
    assert_eq!(backup.options.map(|o| o.theme), Some(ThemeChoice::Dark));
    let text = backup.render();
    let reread = Backup::parse(text.as_bytes()).unwrap();
    assert_eq!(contents(&reread), contents(&backup));
    // Into an empty store, and out again: the same.
    let other: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let report = import(&other, &text).unwrap();
    assert_eq!(
        (report.boards, report.to_history, report.new_games),
        (2, 0, 2)
    );
    assert_eq!(contents(&export(&other)), contents(&backup));
    // The game opens there where it was left: the 5×5 board, with undo back to its first move.
    let mut app = window(&other, None);
    assert_eq!(engine(&app).config().shape(), Shape::square(5));
    let moves = engine(&app).moves();
    assert_eq!(moves, 7);
    for _ in 0..moves {
        request(&mut app, Request::Undo);
    }
    assert_eq!(engine(&app).moves(), 0);
    assert_eq!(app.world().resource::<PastGames>().0.len(), 2);
}

#[test]
fn an_import_merges_and_never_lowers_a_best_or_drops_a_game() {
    let here = played_store(5);
    let there = played_store(6);
    let before_here = export(&here);
    let backup = export(&there);
    let report = import(&here, &backup.render()).unwrap();
    let after = export(&here);
    // Best scores: the higher of each size.
    for (size, score) in before_here.best.iter().chain(&backup.best) {
        assert!(after.best[size] >= *score);
    }
    // Every game of both histories is there; each board here kept its own game, and the
    // backup's games in progress went into the history.
    assert_eq!((report.boards, report.to_history), (0, 2));
    assert_eq!(after.games.len(), 2 + 2 + 2);
    for game in before_here.games.iter().chain(&backup.games) {
        assert!(after.games.iter().any(|g| g == game), "{game:?}");
    }
    assert_eq!(
        contents(&after).3,
        contents(&before_here).3,
        "boards unchanged"
    );
    // Importing again changes nothing.
    let again = import(&here, &backup.render()).unwrap();
    assert_eq!((again.new_games, again.boards), (0, 0));
    assert_eq!(contents(&export(&here)), contents(&after));
}

#[test]
fn a_board_a_window_plays_keeps_its_game_and_the_backups_goes_to_the_history() {
    let here: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let backup = export(&played_store(8)).render();
    let mut app = window(&here, Some(1));
    play_moves(&mut app, 4);
    let own = engine(&app).save();
    // The page's Import: the window asks for a file, the file comes back as a message.
    request(&mut app, Request::Show(Screen::Options));
    request(&mut app, Request::ImportBackup);
    app.world_mut()
        .write_message(ImportBackup(backup.clone().into_bytes()));
    app.update();
    app.update();
    assert!(
        key_help(&mut app).starts_with("Imported"),
        "{}",
        key_help(&mut app)
    );
    request(&mut app, Request::CloseDialog);
    assert_eq!(engine(&app).save(), own, "the game in play is untouched");
    // The backup's 4×4 game is in the history; its 5×5 game took the empty 5×5 board.
    let past = &app.world().resource::<PastGames>().0;
    assert_eq!(past.len(), 3, "{past:?}");
    drop(app);
    let after = export(&here);
    let boards: Vec<Shape> = after
        .boards
        .iter()
        .map(|(g, _)| g.config().shape())
        .collect();
    assert_eq!(boards, [Shape::square(4), Shape::square(5)]);
    assert_eq!(after.options.map(|o| o.theme), Some(ThemeChoice::Dark));
}

#[test]
fn export_in_the_game_makes_the_same_backup() {
    let store = played_store(9);
    let mut app = window(&store, None);
    request(&mut app, Request::Show(Screen::Options));
    request(&mut app, Request::ExportBackup);
    let made: Vec<BackupMade> = app
        .world_mut()
        .resource_mut::<Messages<BackupMade>>()
        .drain()
        .collect();
    assert_eq!(made.len(), 1);
    assert!(made[0].name.starts_with("g2048-backup-") && made[0].name.ends_with(".json"));
    let backup = Backup::parse(made[0].text.as_bytes()).unwrap();
    assert_eq!(contents(&backup), contents(&export(&store)));
}

#[test]
fn damaged_cut_foreign_and_newer_files_are_refused_and_change_nothing() {
    let store = Arc::new(MemoryStore::default());
    let dyn_store: Arc<dyn Store> = store.clone();
    let text = export(&played_store(4)).render();
    let before = documents_of(&store);
    let refused = |bytes: &[u8]| {
        let documents = Documents::new(dyn_store.clone());
        let result = Import::new(&documents, bytes).map(|_| ());
        assert_eq!(documents_of(&store), before, "nothing written");
        result.unwrap_err()
    };
    // Cut short anywhere.
    for len in (0..text.len()).step_by(5) {
        let e = refused(&text.as_bytes()[..len]);
        assert!(
            matches!(e, BackupError::Damaged(_) | BackupError::NotBackup),
            "{len}: {e}"
        );
    }
    // A byte changed anywhere in what it holds.
    let content = text.find("\"content\"").unwrap();
    for at in (content + 11..text.len() - 2).step_by(3) {
        let mut bytes = text.clone().into_bytes();
        bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
        refused(&bytes);
    }
    assert_eq!(
        refused(b"{\"version\":1,\"data\":{}}"),
        BackupError::NotBackup
    );
    assert_eq!(refused(&[0xff, 0xfe, 0x00]), BackupError::NotBackup);
    let newer = text.replacen("\"version\":1", "\"version\":2", 1);
    assert_eq!(refused(newer.as_bytes()), BackupError::Newer(2));
    assert!(refused(&vec![b' '; save::MAX_BACKUP_BYTES + 1]) == BackupError::TooLarge);
}

#[test]
fn forged_backups_are_taken_only_when_a_game_could_have_made_them() {
    let mut backup = export(&played_store(2));
    // A best score no game in the history reached is still a score a game can reach: the
    // history keeps only the last games, and best scores outlive them. It is taken.
    backup.best.insert(Shape::square(6), 1_000_000);
    let here: Arc<dyn Store> = Arc::new(MemoryStore::default());
    assert_eq!(
        import(&here, &backup.render()).unwrap().best_raised.len(),
        3
    );
    // One no save can hold is refused, as a best score beyond any board's reach.
    backup
        .best
        .insert(Shape::square(6), g2048::rules::MAX_SAVED_SCORE + 1);
    assert!(matches!(
        Backup::parse(backup.render().as_bytes()),
        Err(BackupError::Impossible(_))
    ));
    backup.best.remove(&Shape::square(6));
    // A game in progress whose moves do not lead to it.
    let mut forged = backup.clone();
    let other = forged.boards[1].1.clone();
    forged.boards[0].1 = other;
    assert!(matches!(
        Backup::parse(forged.render().as_bytes()),
        Err(BackupError::Impossible(_))
    ));
    // Two games on one board.
    let mut forged = backup.clone();
    forged.boards.push(forged.boards[0].clone());
    assert!(matches!(
        Backup::parse(forged.render().as_bytes()),
        Err(BackupError::Impossible(_))
    ));
}

proptest! {
    #![proptest_config(crate::common::cases(200))]

    #[test]
    fn random_bytes_are_refused_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        prop_assert!(Backup::parse(&bytes).is_err());
    }
}

/// A store that stops taking writes after `left` of them, as if the process were killed
/// there: every later write and removal fails.
struct Killed {
    inner: Arc<MemoryStore>,
    left: AtomicUsize,
}

impl Killed {
    fn write_allowed(&self) -> io::Result<()> {
        self.left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .map(|_| ())
            .map_err(|_| io::Error::other("killed"))
    }
}

impl Store for Killed {
    fn read(&self, key: &str, limit: usize) -> io::Result<Option<Vec<u8>>> {
        self.inner.read(key, limit)
    }
    fn write(&self, key: &str, text: &str) -> io::Result<()> {
        self.write_allowed()?;
        self.inner.write(key, text)
    }
    fn remove(&self, key: &str) -> io::Result<()> {
        self.write_allowed()?;
        self.inner.remove(key)
    }
    fn set_aside(&self, key: &str) -> io::Result<String> {
        self.write_allowed()?;
        self.inner.set_aside(key)
    }
    fn keys(&self) -> io::Result<Vec<String>> {
        self.inner.keys()
    }
    fn location(&self) -> String {
        "a store that is killed".into()
    }
    fn lock(&self) -> io::Result<save::Guard<'_>> {
        self.inner.lock()
    }
    fn claim(&self, name: &str) -> save::Claim {
        self.inner.claim(name)
    }
}

#[test]
fn an_import_cut_short_at_any_write_ends_as_before_or_as_after() {
    let source = played_memory(11);
    let text = export(&played_store(12)).render();
    let copy = || Arc::new(MemoryStore::with(source.documents()));
    let whole = {
        let inner = copy();
        let store: Arc<dyn Store> = inner.clone();
        import(&store, &text).unwrap();
        inner.documents()
    };
    assert_ne!(whole, source.documents(), "the import changes the store");
    let mut cut_before_the_journal = 0;
    for left in 0.. {
        let inner = copy();
        let killed: Arc<dyn Store> = Arc::new(Killed {
            inner: inner.clone(),
            left: AtomicUsize::new(left),
        });
        let documents = Documents::new(killed);
        let done = Import::new(&documents, text.as_bytes())
            .unwrap()
            .apply(&documents)
            .is_ok();
        // The next start finishes what was cut short.
        let finished = save::resume_import(&Documents::new(inner.clone()));
        let state = inner.documents();
        assert!(
            !state.contains_key("import"),
            "a journal left after {left} writes"
        );
        if done {
            assert!(finished.is_none());
            assert_eq!(state, whole);
            break;
        }
        match finished {
            None => {
                assert_eq!(
                    state,
                    source.documents(),
                    "as before, cut after {left} writes"
                );
                cut_before_the_journal += 1;
            }
            Some(result) => {
                result.unwrap();
                assert_eq!(state, whole, "as after, cut after {left} writes");
            }
        }
    }
    assert_eq!(
        cut_before_the_journal, 1,
        "only a cut before the journal leaves it as before"
    );
}

/// `played_store`, as the memory store itself.
fn played_memory(seed: u64) -> Arc<MemoryStore> {
    let store = played_store(seed);
    let (backup, _) = save::export(&Documents::new(store), 0);
    let memory = Arc::new(MemoryStore::default());
    let dyn_store: Arc<dyn Store> = memory.clone();
    import(&dyn_store, &backup.render()).unwrap();
    memory
}

#[test]
fn the_desktops_backup_file_imports() {
    let text = include_str!("../fixtures/backup-desktop.json");
    let backup = Backup::parse(text.as_bytes()).unwrap();
    assert!(!backup.boards.is_empty() && !backup.games.is_empty());
    let here: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let report = import(&here, text).unwrap();
    assert_eq!(report.boards, backup.boards.len());
    assert_eq!(report.new_games, backup.games.len());
    let mut app = window(&here, None);
    assert_eq!(
        app.world().resource::<PastGames>().0.len(),
        backup.games.len()
    );
    let (game, _) = backup
        .boards
        .iter()
        .find(|(game, _)| game.config() == engine(&app).config())
        .expect("the board of the backup's options");
    assert_eq!(engine(&app).save(), game.save());
    request(&mut app, Request::Undo);
    assert_eq!(engine(&app).moves() + 1, game.moves());
}

/// A backup imported on a second machine, the same game played on in both places, then the
/// second machine's backup imported back: both lines of play are kept, this machine's on its
/// board, the other's in the history as a game of its own.
#[test]
fn a_game_played_on_in_two_places_keeps_both_lines() {
    let first: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let mut app = window(&first, Some(21));
    play_moves(&mut app, 8);
    drop(app);
    let second: Arc<dyn Store> = Arc::new(MemoryStore::default());
    import(&second, &export(&first).render()).unwrap();
    let mut lines = Vec::new();
    for (store, pick) in [(&first, 0), (&second, 1)] {
        let mut app = window(store, None);
        assert_eq!(engine(&app).moves(), 8, "the same game in both places");
        let movable: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| engine(&app).board().slid(d).2)
            .collect();
        request(&mut app, Request::Move(movable[pick % movable.len()]));
        play_moves(&mut app, 2);
        let history = &app.world().resource::<g2048::game::UndoRecord>().0;
        lines.push(history.record().unwrap().code());
        drop(app);
    }
    assert_ne!(lines[0], lines[1]);
    let report = import(&first, &export(&second).render()).unwrap();
    assert_eq!((report.boards, report.to_history), (0, 1));
    let after = export(&first);
    let here = after.boards[0].1.record().unwrap().code();
    assert_eq!(here, lines[0], "this machine's line stays on its board");
    assert!(
        after.games.iter().any(|g| g.code == lines[1]),
        "the other line is in the history"
    );
}

/// The ranked accounts travel in a backup and join the other machine's: none is dropped, and
/// a backup without any (an older build's) leaves them as they are.
#[test]
fn ranked_accounts_are_carried_and_joined_never_dropped() {
    let account = |token: &str, made_ms: u64| save::RankedAccount {
        server: "ws://127.0.0.1:8048/ws".into(),
        token: token.into(),
        made_ms,
    };
    let here: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let documents = Documents::new(here.clone());
    documents
        .sync_ranked(&[account(&"a".repeat(43), 1)], None)
        .written
        .unwrap();
    let backup = export(&here);
    assert_eq!(backup.ranked, [account(&"a".repeat(43), 1)]);
    let text = backup.render();
    assert!(
        text.contains(r#""ranked":[{"server":"ws://127.0.0.1:8048/ws""#),
        "{text}"
    );

    let there: Arc<dyn Store> = Arc::new(MemoryStore::default());
    Documents::new(there.clone())
        .sync_ranked(&[account(&"b".repeat(43), 2)], None)
        .written
        .unwrap();
    import(&there, &text).unwrap();
    let kept = Documents::new(there.clone()).ranked(&mut Vec::new());
    assert_eq!(
        kept.accounts,
        [account(&"a".repeat(43), 1), account(&"b".repeat(43), 2)]
    );
    // A backup with no accounts leaves them.
    let none = Backup {
        ranked: Vec::new(),
        ..backup
    };
    import(&there, &none.render()).unwrap();
    assert_eq!(
        Documents::new(there).ranked(&mut Vec::new()).accounts.len(),
        2
    );
}
