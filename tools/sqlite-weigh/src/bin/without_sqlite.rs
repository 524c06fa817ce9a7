//! The baseline: the same work as `with-sqlite` (a document's text read and written), with files.
fn main() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("games.json");
    std::fs::write(
        &path,
        serde_json::json!({"version": 1, "data": []}).to_string(),
    )
    .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    println!("{}", value["version"]);
}
