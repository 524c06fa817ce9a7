//! A long game's save: the size of the game's document and of its history's (printed), the
//! time to load both (the history rebuilt and checked against the game), and the slowest undo
//! (criterion). A backup of 500 games: its size (printed), the time to read and check it, and
//! to import it into empty saves, in memory and in a folder.
//!
//! The game: 5,000 moves on 4×4, played by the AI at a fixed node budget (the same game every
//! run). The backup: `g2048::testing::sample_backup(500, 1_000)`, 500 pattern games in the
//! history and a game on each board size. `cargo bench -p g2048-tools --bench saves`.
//!
//! The history has no cap, so what a long history costs: with 500, 5,000 and 50,000 games in a
//! folder (the backup's 500 games, repeated under other starts), reading it at start, and one
//! game added (the read-merge-write of a game's end, synced to disk). docs/saves.md sets these
//! beside SQLite's (tools/sqlite-weigh).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use g2048::ai::{packed, search};
use g2048::rules::{CHECKPOINT_EVERY, Config, Game, History, Status};
use g2048::save;

const MOVES: usize = 5_000;

/// A 4×4 game of `MOVES` moves with its history.
fn long_game() -> (Game, History) {
    let mut game = Game::new(Config::new(4, 1 << 20).unwrap(), 2048);
    let mut history = History::new(game.clone());
    while history.len() < MOVES {
        assert_eq!(
            game.status(),
            Status::Playing,
            "lost after {}",
            history.len()
        );
        let board = packed::pack(game.board()).unwrap();
        let choice = search::best_move_within(board, search::Budget::Nodes(20_000)).unwrap();
        game.play(choice.direction);
        history.push(choice.direction, &game);
    }
    (game, history)
}

fn saves(c: &mut Criterion) {
    let (game, history) = long_game();
    let board = save::render_game(&game);
    let moves = save::render_history(&history);
    println!(
        "a {MOVES}-move 4x4 game (best tile {}): the game {} bytes, its history {} bytes",
        game.board().max_tile(),
        board.len(),
        moves.len()
    );
    c.bench_function("load_5000_moves", |b| {
        b.iter(|| {
            let game = save::parse_game(black_box(board.as_bytes())).unwrap();
            save::parse_history(black_box(moves.as_bytes()), &game).unwrap()
        })
    });
    // The slowest undo: back to just before a checkpoint, it replays CHECKPOINT_EVERY - 1
    // moves from the one before.
    let mut worst = history.clone();
    while worst.len() % CHECKPOINT_EVERY != 0 {
        worst.pop();
    }
    c.bench_function("undo_slowest", |b| {
        b.iter_batched(
            || worst.clone(),
            |mut h| h.pop().unwrap(),
            BatchSize::SmallInput,
        )
    });
}

fn backups(c: &mut Criterion) {
    let backup = g2048::testing::sample_backup(500, 1_000);
    let text = backup.render();
    let moves: u64 = backup.games.iter().map(|g| u64::from(g.moves)).sum();
    println!(
        "a backup of {} games ({} moves in all) and {} games in progress: {} bytes",
        backup.games.len(),
        moves,
        backup.boards.len(),
        text.len()
    );
    c.bench_function("backup_500_read", |b| {
        b.iter(|| save::Backup::parse(black_box(text.as_bytes())).unwrap())
    });
    let import = |store: std::sync::Arc<dyn save::Store>| {
        let documents = save::Documents::new(store);
        let import = save::Import::new(&documents, black_box(text.as_bytes())).unwrap();
        import.apply(&documents).unwrap()
    };
    c.bench_function("backup_500_import_memory", |b| {
        b.iter(|| import(std::sync::Arc::new(save::MemoryStore::default())))
    });
    c.bench_function("backup_500_import_folder", |b| {
        b.iter_batched(
            || tempfile::tempdir().unwrap(),
            |dir| {
                import(std::sync::Arc::new(save::FileStore::new(dir.path())));
                dir
            },
            BatchSize::PerIteration,
        )
    });
}

/// The backup's games repeated under other starts until there are `n`.
fn history_of(n: usize) -> Vec<save::PastGame> {
    let base = g2048::testing::sample_backup(500, 1_000).games;
    (0..n)
        .map(|i| {
            let mut game = base[i % base.len()].clone();
            game.started_ms += (i / base.len()) as u64 * 1_000_000_000;
            game
        })
        .collect()
}

fn long_histories(c: &mut Criterion) {
    for n in [500, 5_000, 50_000] {
        let games = history_of(n);
        let dir = tempfile::tempdir().unwrap();
        let store: std::sync::Arc<dyn save::Store> =
            std::sync::Arc::new(save::FileStore::new(dir.path()));
        let documents = save::Documents::new(store);
        documents.sync_games(&games).written.unwrap();
        let bytes = std::fs::metadata(dir.path().join("games.json"))
            .unwrap()
            .len();
        println!("a history of {n} games: {bytes} bytes");
        c.bench_function(&format!("history_{n}_read"), |b| {
            b.iter(|| documents.games(&mut Vec::new()).len())
        });
        let mut one_more = games.clone();
        let mut extra = games[0].clone();
        extra.started_ms = u64::MAX / 2;
        one_more.push(extra);
        c.bench_function(&format!("history_{n}_add_one_folder"), |b| {
            b.iter_batched(
                || {
                    std::fs::write(dir.path().join("games.json"), save::render_games(&games))
                        .unwrap();
                },
                |()| documents.sync_games(black_box(&one_more)).written.unwrap(),
                BatchSize::PerIteration,
            )
        });
    }
}

criterion_group!(benches, saves, backups);
criterion_group! {
    name = histories;
    config = Criterion::default().sample_size(10);
    targets = long_histories
}
criterion_main!(benches, histories);
