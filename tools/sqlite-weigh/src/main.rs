//! What keeping the history in SQLite would cost beside the JSON document the game writes, on
//! one machine in one run: histories of 500, 5,000 and 50,000 games shaped as the game's entries
//! (its 13 fields, a 1,000-move game's 336-character share code), and for each
//!
//! - the size on disk;
//! - the start: every game read and parsed (the file: read whole and parsed; SQLite: opened,
//!   every row selected and its JSON parsed);
//! - a game's end: one game added and synced to disk (the file: read, parsed, the game added,
//!   written to a temporary file, synced and renamed over it, as the game's `write_atomically`;
//!   SQLite: one INSERT in a transaction, WAL journal, `synchronous = FULL`).
//!
//! Each time is the median of 15 runs (5 for the largest history's file). The game's own figures
//! for its files come from `cargo bench -p g2048-tools --bench saves`; docs/saves.md sets both side by side.
//!   cargo run --release --manifest-path tools/sqlite-weigh/Cargo.toml

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::Connection;
use serde_json::{Value, json};

/// An entry as the game's history keeps one (`save::PastGame`).
fn entry(i: u64) -> Value {
    let code: String = (0..336)
        .map(|k| {
            let c = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
            c[((i * 31 + k * 7) % 64) as usize] as char
        })
        .collect();
    json!({
        "started_ms": 1_767_225_600_000u64 + i * 60_000,
        "seed": i * 2_654_435_761 % 1_000_000_007,
        "size": 4, "target": 2048,
        "score": 20_000 + i % 7_000, "best_tile": 2048,
        "moves": 1_000, "undos": 3, "played_ms": 600_000,
        "ai": false, "over": true, "code": code,
    })
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

fn write_atomically(path: &Path, text: &str) {
    let mut file = tempfile::NamedTempFile::new_in(path.parent().unwrap()).unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file.as_file().sync_all().unwrap();
    file.persist(path).unwrap();
}

fn open(path: &Path) -> Connection {
    let db = Connection::open(path).unwrap();
    db.pragma_update(None, "journal_mode", "WAL").unwrap();
    db.pragma_update(None, "synchronous", "FULL").unwrap();
    db.execute(
        "CREATE TABLE IF NOT EXISTS games (started_ms INTEGER, seed INTEGER, entry TEXT NOT NULL, \
         PRIMARY KEY (started_ms, seed))",
        [],
    )
    .unwrap();
    db
}

fn main() {
    println!(
        "| games | file bytes | SQLite bytes | start: file | start: SQLite | a game's end: file | a game's end: SQLite |"
    );
    println!("|---|---|---|---|---|---|---|");
    for n in [500u64, 5_000, 50_000] {
        let dir = tempfile::tempdir().unwrap();
        let entries: Vec<Value> = (0..n).map(entry).collect();
        // The file.
        let file = dir.path().join("games.json");
        write_atomically(&file, &json!({"version": 1, "data": entries}).to_string());
        let file_bytes = std::fs::metadata(&file).unwrap().len();
        let runs = if n >= 50_000 { 5 } else { 15 };
        let file_start = time(runs, || {
            let text = std::fs::read_to_string(&file).unwrap();
            let doc: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(doc["data"].as_array().unwrap().len() as u64, n);
        });
        let mut extra = n;
        let file_end = time(runs, || {
            let text = std::fs::read_to_string(&file).unwrap();
            let mut doc: Value = serde_json::from_str(&text).unwrap();
            doc["data"].as_array_mut().unwrap().push(entry(extra));
            extra += 1;
            write_atomically(&file, &doc.to_string());
        });
        // SQLite.
        let path = dir.path().join("saves.db");
        {
            let mut db = open(&path);
            let tx = db.transaction().unwrap();
            for entry in &entries {
                tx.execute(
                    "INSERT INTO games VALUES (?1, ?2, ?3)",
                    (
                        entry["started_ms"].as_u64().unwrap() as i64,
                        entry["seed"].as_u64().unwrap() as i64,
                        entry.to_string(),
                    ),
                )
                .unwrap();
            }
            tx.commit().unwrap();
            db.pragma_update(None, "wal_checkpoint", "TRUNCATE")
                .unwrap();
        }
        let db_bytes = std::fs::metadata(&path).unwrap().len();
        let db_start = time(15, || {
            let db = open(&path);
            let mut select = db.prepare("SELECT entry FROM games").unwrap();
            let count = select
                .query_map([], |row| row.get::<_, String>(0))
                .unwrap()
                .map(|text| serde_json::from_str::<Value>(&text.unwrap()).unwrap())
                .count();
            assert_eq!(count as u64, n);
        });
        let mut db = open(&path);
        let mut extra = 2 * n;
        let db_end = time(15, || {
            let entry = entry(extra);
            extra += 1;
            let tx = db.transaction().unwrap();
            tx.execute(
                "INSERT INTO games VALUES (?1, ?2, ?3)",
                (
                    entry["started_ms"].as_u64().unwrap() as i64,
                    entry["seed"].as_u64().unwrap() as i64,
                    entry.to_string(),
                ),
            )
            .unwrap();
            tx.commit().unwrap();
        });
        let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1000.0);
        println!(
            "| {n} | {file_bytes} | {db_bytes} | {} | {} | {} | {} |",
            ms(file_start),
            ms(db_start),
            ms(file_end),
            ms(db_end)
        );
    }
}
