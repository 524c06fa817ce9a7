//! The page's journal of writes: a copy of each write a tab commits, under a key of its own
//! (`games.journal-TAB`), committed first, in a transaction that waits for nothing.
//!
//! The write itself reads what is stored and joins it in one transaction (`idb`), and such a
//! transaction commits only once the page has answered the read. A page that goes away before
//! it answers (a reload right after a move) had the whole transaction dropped by the browser:
//! Chromium, 2 of 60 reloads (2026-12-07, docs/saves.md). The journal's transaction asks for
//! nothing back and is committed at once (`IDBTransaction.commit()`), so it outlives the page;
//! the write's own transaction removes it. A journal still there when a page starts is a write
//! that never committed: [`replay`] joins it into its document as the write would have.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::format::{Rebased, rebase, shared};

const MARK: &str = ".journal-";

/// One journalled write: what the tab knew stored (`base`) and what it wrote (`ours`).
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
struct JournalEntry {
    base: Option<String>,
    ours: String,
}

/// The key under which the tab `tab` journals its writes of `key`.
pub fn key_for(key: &str, tab: &str) -> String {
    format!("{key}{MARK}{tab}")
}

/// Whether `key` is a journal's (never a document of the game's).
pub fn is_journal(key: &str) -> bool {
    key.contains(MARK)
}

/// A journal's text for a write of `ours` over `base`.
pub fn encode(base: Option<&str>, ours: &str) -> String {
    let entry = JournalEntry {
        base: base.map(str::to_string),
        ours: ours.to_string(),
    };
    serde_json::to_string(&entry).expect("two strings always serialize")
}

/// What the journals found at start come to.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    /// Documents to write, as `docs` now holds them.
    pub writes: Vec<String>,
    /// Journals to remove: each is joined into `docs`, or superseded.
    pub removes: Vec<String>,
}

/// Joins each journal among `docs` into its document, as its write would have (`rebase`), and
/// takes it out of `docs`. A board's documents have one writer: a journal whose document has
/// been written since its base (another tab took the board on) is superseded. A journal that
/// cannot be read stays where it is, untouched.
pub fn replay(docs: &mut BTreeMap<String, String>) -> Replayed {
    let mut replayed = Replayed::default();
    let journals: Vec<String> = docs.keys().filter(|k| is_journal(k)).cloned().collect();
    for name in journals {
        let Some((key, _tab)) = name.split_once(MARK) else {
            continue;
        };
        let Ok(entry) = serde_json::from_str::<JournalEntry>(&docs[&name]) else {
            continue;
        };
        let key = key.to_string();
        docs.remove(&name);
        replayed.removes.push(name);
        let stored = docs.get(&key).map(String::as_str);
        if !shared(&key) && stored != entry.base.as_deref() {
            continue;
        }
        match rebase(&key, entry.base.as_deref(), &entry.ours, stored) {
            Rebased::Keep => {}
            Rebased::Write(text) | Rebased::AsideThenWrite(text) => {
                docs.insert(key.clone(), text);
                if !replayed.writes.contains(&key) {
                    replayed.writes.push(key);
                }
            }
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::OPTIONS_KEY;

    fn docs(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
        entries
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_journalled_move_is_written_and_its_journal_removed() {
        let journal = encode(Some("game at move 4"), "game at move 5");
        let mut stored = docs(&[
            ("game-4x4-2048", "game at move 4"),
            (&key_for("game-4x4-2048", "a1"), &journal),
        ]);
        let replayed = replay(&mut stored);
        assert_eq!(replayed.writes, ["game-4x4-2048"]);
        assert_eq!(replayed.removes, ["game-4x4-2048.journal-a1"]);
        assert_eq!(stored, docs(&[("game-4x4-2048", "game at move 5")]));
    }

    #[test]
    fn a_board_another_tab_played_on_since_is_left_as_it_is() {
        let journal = encode(Some("game at move 4"), "game at move 5");
        let mut stored = docs(&[
            ("game-4x4-2048", "game at move 9, another tab's"),
            (&key_for("game-4x4-2048", "a1"), &journal),
        ]);
        let replayed = replay(&mut stored);
        assert!(replayed.writes.is_empty());
        assert_eq!(replayed.removes.len(), 1);
        assert_eq!(stored["game-4x4-2048"], "game at move 9, another tab's");
    }

    #[test]
    fn the_options_a_tab_changed_go_over_what_another_wrote_since() {
        let options = |theme: &str, coach: bool| {
            format!(
                r#"{{"version":1,"data":{{"size":4,"target":2048,"theme":"{theme}","motion":"system","coach":{coach}}}}}"#
            )
        };
        // The tab knew "system" without the coach and turned the coach on; another tab has
        // since chosen "dark".
        let journal = encode(Some(&options("system", false)), &options("system", true));
        let mut stored = docs(&[
            (OPTIONS_KEY, &options("dark", false)),
            (&key_for(OPTIONS_KEY, "b2"), &journal),
        ]);
        let replayed = replay(&mut stored);
        assert_eq!(replayed.writes, [OPTIONS_KEY]);
        assert_eq!(stored[OPTIONS_KEY], options("dark", true));
    }

    #[test]
    fn a_journal_that_cannot_be_read_stays() {
        let name = key_for("games", "c3");
        let mut stored = docs(&[("games", "{}"), (&name, "{\"base\":")]);
        let before = stored.clone();
        assert_eq!(replay(&mut stored), Replayed::default());
        assert_eq!(stored, before);
    }

    #[test]
    fn a_journal_with_nothing_stored_writes_its_document() {
        let mut stored = docs(&[(&key_for("undo-4x4-2048", "d4"), &encode(None, "moves"))]);
        let replayed = replay(&mut stored);
        assert_eq!(replayed.writes, ["undo-4x4-2048"]);
        assert_eq!(stored, docs(&[("undo-4x4-2048", "moves")]));
    }
}
