//! The same as `without-sqlite`, through the bundled SQLite: the difference in their sizes is
//! what SQLite adds to a binary.
fn main() {
    let dir = tempfile::tempdir().expect("a folder");
    let db = rusqlite::Connection::open(dir.path().join("saves.db")).unwrap();
    db.execute(
        "CREATE TABLE documents (key TEXT PRIMARY KEY, text TEXT NOT NULL)",
        [],
    )
    .unwrap();
    let text = serde_json::json!({"version": 1, "data": []}).to_string();
    db.execute("INSERT INTO documents VALUES ('games', ?1)", [&text])
        .unwrap();
    let text: String = db
        .query_row(
            "SELECT text FROM documents WHERE key = 'games'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    println!("{}", value["version"]);
}
