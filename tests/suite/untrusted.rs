//! What comes from outside this build cannot take what a player kept: a newer version's saves,
//! a forged backup, a clock set wrong, a failing disk, a lock or a claim that cannot be had, a
//! tile no game can reach, a FIFO where a save should be. One test for each case of the finding
//! (issue 34), and a property test that no bytes and no JSON make a reader panic.

use g2048::game::Choose;
use g2048::game::Screen;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::*;
use bevy::prelude::*;
use g2048::game::{PastGames, Request, UndoRecord};
use g2048::rules::{Config, Direction, Game, MAX_SAVED_TILE, SavedGame};
use g2048::save::{self, Backup, BackupError, Documents, FileStore, MemoryStore, PastGame, Store};
use proptest::prelude::*;

/// Runs the binary on data folder `dir` with no display; fails if it takes over 60 s (a read
/// that waits on a FIFO would hang).
fn binary_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_g2048"))
        .arg("--data-dir")
        .arg(dir)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("g2048 {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every document in `dir` (and copy of one) with its bytes: not the empty files that are only
/// locked (`lock`, `*.claim`).
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name != "lock" && !name.ends_with(".claim")
        })
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap_or_default())
        })
        .collect();
    files.sort();
    files
}

/// `n` history entries of pattern games, started a minute apart from `from_ms`.
fn games(n: usize, from_ms: u64, seed_base: u64) -> Vec<PastGame> {
    (0..n as u64)
        .map(|i| {
            let (game, mut history) =
                g2048::testing::pattern_game(Config::default(), seed_base + i, 8);
            history.info.started_ms = from_ms + i * 60_000;
            PastGame::of(&game, &history).unwrap()
        })
        .collect()
}

const DAY_2026: u64 = 1_796_000_000_000;
const DAY_2100: u64 = 4_102_444_800_000;

/// A later version's saves: a history whose entries hold a field this build does not know, and
/// best scores of version 2. They were set aside and never read again; now they are read, never
/// renamed nor written over (the best scores), written back with what this build does not
/// know (the history), and the player is told once.
#[test]
fn a_newer_versions_saves_are_read_and_left_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let mut history: serde_json::Value =
        serde_json::from_str(&save::render_games(&games(12, DAY_2026, 100))).unwrap();
    for entry in history["data"].as_array_mut().unwrap() {
        entry["mode"] = "zen".into();
    }
    std::fs::write(dir.path().join("games.json"), history.to_string()).unwrap();
    let newer = r#"{"version":2,"data":{"4":5000,"4x4-hex":900},"signed":"abc"}"#;
    std::fs::write(dir.path().join("best.json"), newer).unwrap();
    let before = snapshot(dir.path());

    // --export reads them and changes nothing.
    let out = dir.path().with_extension("backup.json");
    let (code, _, err) = binary_in(dir.path(), &["--export", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        snapshot(dir.path()),
        before,
        "--export renamed or wrote nothing"
    );
    let backup = Backup::parse(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(backup.games.len(), 12);
    assert_eq!(backup.best[&Shape::square(4)], 5000);

    // The game reads them, tells the player once, and loses nothing of them.
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, None);
    let notice = key_help(&mut app);
    assert!(notice.contains("newer version"), "{notice}");
    assert_eq!(app.world().resource::<PastGames>().0.len(), 12);
    assert_eq!(best(&app), 5000);
    play_moves(&mut app, 3);
    new_game(&mut app);
    play_moves(&mut app, 1);
    let text = std::fs::read_to_string(dir.path().join("games.json")).unwrap();
    let kept = save::parse_games(text.as_bytes()).unwrap();
    assert_eq!(kept.len(), 13, "the history gained the game played");
    assert_eq!(
        kept.iter()
            .filter(|game| game.extra.get("mode").is_some())
            .count(),
        12,
        "the later build's field is kept in its entries"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("best.json")).unwrap(),
        newer,
        "a later version's document is not written over"
    );
    let names: Vec<String> = snapshot(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert!(!names.iter().any(|n| n.contains(".bad")), "{names:?}");
    // Told once, not at every save.
    let documents = Documents::new(store.clone());
    let best = [(Shape::square(4), 9_000)].into_iter().collect();
    let first = documents.sync_best(&best);
    assert_eq!(first.problems.len(), 1, "{:?}", first.problems);
    assert_eq!(first.value[&Shape::square(4)], 9_000, "shown, not written");
    assert!(documents.sync_best(&best).problems.is_empty());
}

/// No cap deletes a game: a backup of 500 games dated 2100, made in 2100, imported into 20
/// games of 2026 keeps all 520 (the 20 were deleted before).
#[test]
fn importing_keeps_every_game_whatever_its_date() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let documents = Documents::new(store.clone());
    let mine = games(20, DAY_2026, 1);
    documents.sync_games(&mine).written.unwrap();
    let backup = Backup {
        made_ms: DAY_2100 + 1_000 * 60_000,
        options: None,
        best: Default::default(),
        games: games(500, DAY_2100, 10_000),
        other_games: Vec::new(),
        boards: Vec::new(),
        ranked: Vec::new(),
    };
    let import = save::Import::new(&documents, backup.render().as_bytes()).unwrap();
    let report = import.apply(&documents).unwrap();
    assert_eq!(report.new_games, 500);
    let kept = documents.games(&mut Vec::new());
    assert_eq!(kept.len(), 520);
    for game in &mine {
        assert!(kept.contains(game), "the player's own games stay");
    }
}

/// A backup whose games are dated after it was made is forged or damaged: refused, nothing
/// changed.
#[test]
fn a_backup_with_games_dated_after_it_was_made_is_refused() {
    let backup = Backup {
        made_ms: DAY_2026,
        options: None,
        best: Default::default(),
        games: games(3, DAY_2100, 1),
        other_games: Vec::new(),
        boards: Vec::new(),
        ranked: Vec::new(),
    };
    let store = Arc::new(MemoryStore::default());
    let documents = Documents::new(store.clone());
    let refused = save::Import::new(&documents, backup.render().as_bytes()).err();
    assert_eq!(refused, Some(BackupError::Dated(3)));
    assert!(store.documents().is_empty());
    let said = g2048::i18n::Words::english().say(&refused.unwrap().said());
    assert!(said.contains("3 games dated after it was made"), "{said}");
}

/// A clock set back: the game just played starts "before" a full history's games, and is kept
/// all the same (it was dropped at once as the oldest).
#[test]
fn a_clock_set_back_keeps_the_game_just_played() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let documents = Documents::new(store.clone());
    let full = games(600, DAY_2026, 1);
    documents.sync_games(&full).written.unwrap();
    let mut past = documents.games(&mut Vec::new());
    let played = games(1, 978_307_200_000, 7_000).remove(0); // 2001
    past.push(played.clone());
    let synced = documents.sync_games(&past);
    synced.written.unwrap();
    assert_eq!(synced.value.len(), 601);
    assert!(documents.games(&mut Vec::new()).contains(&played));
}

/// A game file damaged (cut short by a failing disk) beside its intact moves comes back from
/// its moves; the damaged file is kept, and undo reaches back as before.
#[test]
fn a_damaged_game_comes_back_from_its_moves() {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, Some(5));
    play_moves(&mut app, 10);
    let played = engine(&app).save();
    drop(app);
    let key = save::game_key(Config::default());
    let path = dir.path().join(format!("{key}.json"));
    let text = std::fs::read(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let mut again = window(&store, None);
    assert_eq!(engine(&again).save(), played, "rebuilt from its moves");
    let notice = key_help(&mut again);
    assert!(notice.contains("rebuilt from its moves"), "{notice}");
    let names: Vec<String> = snapshot(dir.path()).into_iter().map(|(n, _)| n).collect();
    let aside = names
        .iter()
        .find(|n| n.starts_with(&format!("{key}.json.bad-")))
        .expect("the damaged file is kept");
    assert_eq!(
        std::fs::read(dir.path().join(aside)).unwrap(),
        text[..text.len() / 2]
    );
    for _ in 0..10 {
        request(&mut again, Request::Undo);
    }
    assert_eq!(engine(&again).moves(), 0, "undo reaches the first move");
}

/// Without the lock (a folder named `lock`), nothing is merged: two imports at once, five times,
/// each refuse and write nothing; a window plays and says why it cannot save.
#[test]
fn without_the_lock_nothing_is_merged() {
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("backup.json");
    std::fs::write(&file, g2048::testing::sample_backup(40, 30).render()).unwrap();
    let dir = work.path().join("saves");
    std::fs::create_dir_all(dir.join("lock")).unwrap();
    for _ in 0..5 {
        let runs: Vec<_> = (0..2)
            .map(|_| {
                let (dir, file) = (dir.clone(), file.clone());
                std::thread::spawn(move || binary_in(&dir, &["--import", file.to_str().unwrap()]))
            })
            .collect();
        for run in runs {
            let (code, _, err) = run.join().unwrap();
            assert_eq!(code, 1, "{err}");
            assert!(err.contains("lock"), "{err}");
        }
    }
    assert_eq!(snapshot(&dir), Vec::new(), "nothing written");
    let store: Arc<dyn Store> = Arc::new(FileStore::new(&dir));
    let mut app = window(&store, None);
    play_moves(&mut app, 2);
    let notice = key_help(&mut app);
    assert!(notice.contains("cannot be locked"), "{notice}");
}

/// A board whose claim cannot be had (its claim file cannot be opened) is not written: the
/// window plays a game of its own, kept in the history, and says so.
#[test]
fn a_board_that_cannot_be_claimed_plays_a_game_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let key = save::game_key(Config::default());
    std::fs::create_dir_all(dir.path().join(format!("{key}.claim"))).unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, None);
    assert!(app.world().resource::<g2048::game::BoardClaim>().guest());
    let notice = key_help(&mut app);
    assert!(notice.contains("cannot be claimed"), "{notice}");
    play_moves(&mut app, 3);
    assert!(!dir.path().join(format!("{key}.json")).exists());
    let history = &app.world().resource::<UndoRecord>().0;
    let kept = Documents::new(store.clone()).games(&mut Vec::new());
    assert!(
        kept.iter()
            .any(|g| (g.started_ms, Some(g.seed)) == (history.info.started_ms, history.seed())),
        "{kept:?}"
    );
}

/// A saved game of four 2^30 tiles in a row on 4×4 (a value saves used to accept; no game on 16
/// cells goes past 2^17) is refused with a message, in a save and in a backup: no panic, no
/// exit 101. On 8×8 such tiles can be reached, and play over them never overflows.
#[test]
fn tiles_no_game_can_reach_are_refused_and_none_overflows() {
    let config = Config::default();
    let mut saved = Game::new(config, 1).save();
    saved.tiles = vec![0; 16];
    saved.tiles[..4].copy_from_slice(&[MAX_SAVED_TILE; 4]);
    saved.won = true;
    saved.status = g2048::rules::Status::Won;
    let text = serde_json::json!({"version": 1, "data": saved}).to_string();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join(format!("{}.json", save::game_key(config))),
        &text,
    )
    .unwrap();
    let out = dir.path().with_extension("backup.json");
    let (code, _, err) = binary_in(dir.path(), &["--export", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("impossible"), "{err}");
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, None);
    assert_eq!(engine(&app).moves(), 0, "a fresh game");
    assert!(key_help(&mut app).contains("saved game"));
    drop(app);
    // In a backup.
    let mut backup: serde_json::Value =
        serde_json::from_str(&g2048::testing::sample_backup(2, 10).render()).unwrap();
    let content = &mut backup["content"];
    content["boards"][1]["game"] = serde_json::to_value(&saved).unwrap();
    content["boards"][1]["undo"] = serde_json::Value::Null;
    let content = serde_json::to_string(content).unwrap();
    backup["check"] = format!("{:08x}", crc32fast::hash(content.as_bytes())).into();
    let file = dir.path().with_extension("forged.json");
    std::fs::write(&file, backup.to_string()).unwrap();
    let (code, _, err) = binary_in(dir.path(), &["--import", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("impossible") && err.contains("not a tile value"),
        "{err}"
    );
    // On 8×8: reachable, and two 2^31 tiles never merge (a u32 holds no 2^32).
    let big = Config::new(8, 2048).unwrap();
    let mut saved: SavedGame = Game::new(big, 3).save();
    saved.tiles = vec![0; 64];
    saved.tiles[..8].copy_from_slice(&[MAX_SAVED_TILE; 8]);
    saved.tiles[8] = 2;
    saved.won = true;
    saved.status = g2048::rules::Status::Won;
    let mut game = Game::restore(saved).expect("an 8×8 game can reach 2^30");
    game.keep_going();
    game.play(Direction::Left).expect("a move");
    assert_eq!(game.board().max_tile(), 1 << 31);
    let row: Vec<u32> = (0..8)
        .map(|x| game.board().get(g2048::rules::Cell { x, y: 0 }))
        .collect();
    assert_eq!(row[..4], [1 << 31; 4]);
    let (slid, _, _) = game.board().slid(Direction::Left);
    assert_eq!(
        (0..4)
            .map(|x| slid.get(g2048::rules::Cell { x, y: 0 }))
            .collect::<Vec<_>>(),
        [1 << 31; 4],
        "2^31 tiles stay as they are"
    );
    for i in 0..400 {
        game.play(Direction::ALL[i % 4]);
    }
}

/// A FIFO where the options should be: nothing waits on it. `--export` finishes and says so;
/// the game starts and says so; an import of a FIFO is refused.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_save_hangs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("options.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = dir.path().with_extension("backup.json");
    let (code, _, err) = binary_in(dir.path(), &["--export", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, None);
    assert!(key_help(&mut app).contains("not a file"));
    play_moves(&mut app, 1);
    request(&mut app, Request::Show(Screen::Options));
    request(
        &mut app,
        Request::Options(Choose::Theme(save::ThemeChoice::Dark)),
    );
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo_like(),
        "still the FIFO"
    );
    let (code, _, err) = binary_in(dir.path(), &["--import", fifo.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

#[cfg(unix)]
trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

#[cfg(unix)]
impl FifoLike for std::fs::FileType {
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
}

/// Identity decides which game a slot holds, never position: a copy of the slot's game under
/// another start (a tab's own copy) at the very same position does not write over it before
/// the slot's game is in the history.
#[test]
fn a_slot_is_written_over_only_by_its_own_game_further_on() {
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let documents = Documents::new(store.clone());
    let (game, history) = g2048::testing::pattern_game(Config::default(), 9, 12);
    documents
        .save_board(&game, &history, &[], false)
        .written
        .unwrap();
    let mut copy = history.clone();
    copy.info.started_ms += 1_000;
    let saved = documents.save_board(&game, &copy, &[], false);
    saved.written.unwrap();
    let kept = documents.games(&mut Vec::new());
    assert!(
        kept.iter()
            .any(|g| (g.started_ms, g.moves) == (history.info.started_ms, 12)),
        "the original went into the history first: {kept:?}"
    );
    // The same game less far on does not write over it either: the further copy is kept.
    let mut less = copy.clone();
    let (back, _) = less.pop().unwrap();
    documents
        .save_board(&back, &less, &[], false)
        .written
        .unwrap();
    let kept = documents.games(&mut Vec::new());
    assert!(
        kept.iter()
            .any(|g| (g.started_ms, g.moves) == (copy.info.started_ms, 12)),
        "{kept:?}"
    );
}

/// What an earlier build set aside and this one reads (a history with a rectangular board's
/// game, best scores with one) is merged back at start, and each copy kept, marked merged.
#[test]
fn copies_an_earlier_build_set_aside_are_merged_back() {
    let dir = tempfile::tempdir().unwrap();
    let old = games(5, DAY_2026, 300);
    std::fs::write(
        dir.path().join("games.json.bad-1796000000"),
        save::render_games(&old),
    )
    .unwrap();
    let scores = [(Shape::new(3, 8).unwrap(), 4_000), (Shape::square(4), 900)];
    std::fs::write(
        dir.path().join("best.json.bad-1796000001"),
        save::render_best(&scores.into_iter().collect()),
    )
    .unwrap();
    std::fs::write(dir.path().join("options.json.bad-1796000002"), "not json").unwrap();
    let store: Arc<dyn Store> = Arc::new(FileStore::new(dir.path()));
    let mut app = window(&store, None);
    assert_eq!(app.world().resource::<PastGames>().0, old);
    assert_eq!(best(&app), 900);
    assert!(key_help(&mut app).contains("merged back"));
    let names: BTreeSet<String> = snapshot(dir.path()).into_iter().map(|(n, _)| n).collect();
    assert!(names.contains("games.json.merged-1796000000"), "{names:?}");
    assert!(names.contains("best.json.merged-1796000001"), "{names:?}");
    assert!(
        names.contains("options.json.bad-1796000002"),
        "what still cannot be read stays as it is: {names:?}"
    );
    let stored = save::parse_best(&std::fs::read(dir.path().join("best.json")).unwrap()).unwrap();
    assert_eq!(stored[&Shape::new(3, 8).unwrap()], 4_000);
}

/// What a tab of an earlier build still open writes (its localStorage, on the page) is carried
/// into the store as another window's: its history and best scores merged, its board's game
/// into the history (its tab plays it); the earlier store is only read, and carrying it twice
/// changes nothing.
#[test]
fn an_earlier_builds_store_is_carried_over_and_left_as_it_is() {
    let earlier = Arc::new(MemoryStore::default());
    let old = Documents::new(earlier.clone());
    old.sync_games(&games(3, DAY_2026, 500)).written.unwrap();
    old.sync_best(&[(Shape::square(4), 777)].into_iter().collect())
        .written
        .unwrap();
    let (game, history) = g2048::testing::pattern_game(Config::default(), 42, 9);
    old.save_board(&game, &history, &[], false).written.unwrap();
    let before = earlier.documents();
    let store: Arc<dyn Store> = Arc::new(MemoryStore::default());
    let documents = Documents::new(store.clone());
    documents
        .sync_games(&games(2, DAY_2026, 900))
        .written
        .unwrap();
    let (written, problems) = save::carry_over(&documents, earlier.clone());
    assert!(written && problems.is_empty(), "{problems:?}");
    let kept = documents.games(&mut Vec::new());
    assert_eq!(kept.len(), 6, "{kept:?}");
    assert!(kept.iter().any(|g| g.seed == 42 && g.moves == 9));
    assert_eq!(documents.best(&mut Vec::new())[&Shape::square(4)], 777);
    assert_eq!(earlier.documents(), before, "only read");
    assert!(!save::carry_over(&documents, earlier).0, "twice is once");
}

/// Arbitrary JSON shaped like the documents: their field names, values of every kind.
fn json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let names = prop::sample::select(vec![
        "version",
        "data",
        "size",
        "target",
        "tiles",
        "score",
        "moves",
        "won",
        "status",
        "rng",
        "start",
        "count",
        "seed",
        "undos",
        "started_ms",
        "played_ms",
        "ai",
        "theme",
        "motion",
        "coach",
        "language",
        "best_tile",
        "over",
        "code",
        "4",
        "3x8",
        "x",
    ]);
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0..70u32).prop_map(|e| Value::from(1u64 << (e % 64))),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-z0-9x-]{0,8}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((names.clone(), inner), 0..8).prop_map(|fields| {
                Value::Object(
                    fields
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// Every reader on `bytes`, as the game and `--export`/`--import` use them: none may panic.
fn read_everything(bytes: &[u8]) {
    let limit = save::MAX_GAMES_BYTES;
    let _ = save::read_options(bytes, limit).map(|read| read.doc.options());
    let _ = save::read_best(bytes, limit).map(|read| read.doc.render());
    let _ = save::read_games(bytes, limit).map(|read| read.doc.render());
    let _ = save::GamesDoc::recovered(bytes);
    if let Ok(game) = save::parse_game(bytes) {
        let _ = save::parse_history(bytes, &game);
    }
    let _ = save::parse_history(bytes, &Game::new(Config::default(), 1));
    let _ = Backup::parse(bytes);
    // And through the documents, as each document of a store.
    let keys = [
        "options",
        "best",
        "games",
        "game-4x4-2048",
        "undo-4x4-2048",
        "import",
    ];
    let store = Arc::new(MemoryStore::with(
        keys.iter().map(|key| (key.to_string(), bytes.to_vec())),
    ));
    let documents = Documents::new(store.clone());
    let mut problems = Vec::new();
    documents.merge_back(&mut problems);
    let _ = save::resume_import(&documents);
    let _ = documents.options(&mut problems);
    let _ = documents.best(&mut problems);
    let _ = documents.games(&mut problems);
    let _ = documents.saved_board(Config::default(), &mut problems);
    let reader = Documents::reader(store);
    let _ = save::export(&reader, 0).0.render();
}

/// A backup around `content`, its check right, so the content's own checks are reached.
fn backup_of(content: &serde_json::Value) -> Vec<u8> {
    let text = content.to_string();
    format!(
        r#"{{"format":"g2048 backup","version":1,"made_ms":{},"check":"{:08x}","content":{text}}}"#,
        u64::MAX,
        crc32fast::hash(text.as_bytes())
    )
    .into_bytes()
}

proptest! {
    #![proptest_config(crate::common::cases(300))]

    #[test]
    fn no_bytes_make_a_reader_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        read_everything(&bytes);
    }

    #[test]
    fn no_json_makes_a_reader_panic(
        data in json(),
        version in prop_oneof![Just(1u64), Just(2), any::<u64>()],
        content in json(),
    ) {
        let document = serde_json::json!({"version": version, "data": data});
        read_everything(document.to_string().as_bytes());
        read_everything(data.to_string().as_bytes());
        let _ = Backup::parse(&backup_of(&content));
        let _ = Backup::parse(&backup_of(&serde_json::json!({
            "options": null, "best": {}, "games": [data], "boards": [{"game": content, "undo": null}]
        })));
    }
}
