//! Saving and loading: round trips on every board size, every hostile save a player could end
//! up with, atomic files, and random bytes fed to the loaders.

use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::{
    rules::{Config, Direction, Game, History, MAX_SAVED_SCORE, Status},
    save::{
        self, BEST_KEY, FileStore, LoadError, MemoryStore, OPTIONS_KEY, Options, Store,
        ThemeChoice, game_key,
    },
};
use proptest::prelude::*;

/// A game after `moves` pseudo-random moves.
fn played(config: Config, seed: u64, moves: usize) -> Game {
    let mut game = Game::new(config, seed);
    for i in 0..moves {
        let dir = Direction::ALL[(i * 7 + i / 3) % 4];
        if game.play(dir).is_none() {
            break;
        }
    }
    game
}

fn text_of(game: &Game) -> String {
    save::render_game(game)
}

#[test]
fn a_saved_game_continues_exactly_on_every_board_size() {
    for size in 3..=8 {
        let config = Config::new(size, 2048).unwrap();
        let mut original = played(config, size as u64, 40);
        let mut restored = save::parse_game(text_of(&original).as_bytes()).unwrap();
        assert_eq!(restored.save(), original.save(), "{size}x{size}");
        // Same future: the RNG state came back too.
        for i in 0..200 {
            let dir = Direction::ALL[(i * 5 + 1) % 4];
            let a = original
                .play(dir)
                .map(|t| (t.plan.moved, t.spawned, t.status));
            let b = restored
                .play(dir)
                .map(|t| (t.plan.moved, t.spawned, t.status));
            assert_eq!(a, b, "{size}x{size}, move {i}");
        }
        assert_eq!(restored.save(), original.save());
    }
}

#[test]
fn save_sizes_stay_small() {
    let four = text_of(&played(Config::default(), 1, 300));
    let eight = text_of(&played(Config::new(8, 2048).unwrap(), 1, 300));
    println!(
        "4x4 save {} bytes, 8x8 save {} bytes",
        four.len(),
        eight.len()
    );
    assert!(four.len() < 1024 && eight.len() < 2048);
}

#[test]
fn won_kept_going_and_over_states_round_trip() {
    let mut game = played(Config::new(3, 8).unwrap(), 3, 500);
    assert_ne!(
        game.status(),
        Status::Playing,
        "a 3x3 game to 8 ends in 500 moves"
    );
    let restored = save::parse_game(text_of(&game).as_bytes()).unwrap();
    assert_eq!(restored.save(), game.save());
    if game.status() == Status::Won {
        game.keep_going();
        let kept = save::parse_game(text_of(&game).as_bytes()).unwrap();
        assert_eq!(kept.status(), game.status());
        assert!(kept.has_won());
    }
}

/// A saved game's JSON with one field replaced.
fn tampered(field: &str, value: &str) -> Vec<u8> {
    let mut doc: serde_json::Value =
        serde_json::from_str(&text_of(&played(Config::default(), 9, 30))).unwrap();
    let slot = if field == "version" {
        &mut doc["version"]
    } else {
        &mut doc["data"][field]
    };
    *slot = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.into()));
    serde_json::to_vec(&doc).unwrap()
}

#[test]
fn hostile_game_saves_are_refused_with_a_reason() {
    let valid = text_of(&played(Config::default(), 9, 30));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("blank", b"  \n".to_vec()),
        ("truncated", valid.as_bytes()[..valid.len() / 2].to_vec()),
        ("garbage", vec![0xff, 0x00, 0x13, 0x37, b'{', 0x80]),
        ("not json", b"hello, 2048".to_vec()),
        ("wrong version", tampered("version", "2")),
        ("size 99", tampered("size", "99")),
        (
            "a tile of 3",
            tampered("tiles", "[3,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,2]"),
        ),
        ("too few tiles", tampered("tiles", "[2,2]")),
        ("score over u64", tampered("score", "18446744073709551616")),
        (
            "score out of range",
            tampered("score", &(MAX_SAVED_SCORE + 1).to_string()),
        ),
        ("negative moves", tampered("moves", "-1")),
        ("status against the board", tampered("status", "\"Over\"")),
        ("won without the tile", tampered("won", "true")),
        ("an empty RNG", tampered("rng", "{\"s\":[0,0,0,0]}")),
        ("an unknown field", tampered("cheat", "1")),
    ];
    for (name, bytes) in cases {
        let result = save::parse_game(&bytes);
        assert!(result.is_err(), "{name} was accepted");
        println!("{name}: {}", result.unwrap_err());
    }
    // A million tile entries (and anything over 64 KiB) is refused before parsing.
    let huge = format!(
        "{{\"version\":1,\"data\":{{\"tiles\":[{}0]}}}}",
        "0,".repeat(1_000_000)
    );
    assert_eq!(
        save::parse_game(huge.as_bytes()).unwrap_err(),
        LoadError::TooLarge
    );
    let big = format!(
        "{{\"version\":1,\"data\":{{\"4\":{}1}}}}",
        " ".repeat(70_000)
    );
    assert_eq!(
        save::parse_best(big.as_bytes()).unwrap_err(),
        LoadError::TooLarge
    );
}

#[test]
fn options_and_best_scores_round_trip_and_refuse_nonsense() {
    let options = Options {
        size: Shape::square(6),
        target: 4096,
        theme: ThemeChoice::Dark,
        motion: save::MotionChoice::Reduced,
        coach: true,
        language: Some(g2048::i18n::Lang::PtBr),
    };
    assert_eq!(
        save::parse_options(save::render_options(&options).as_bytes()).unwrap(),
        options
    );
    let best = [(Shape::square(4), 20_000), (Shape::square(8), 1_000_000)]
        .into_iter()
        .collect();
    assert_eq!(
        save::parse_best(save::render_best(&best).as_bytes()).unwrap(),
        best
    );
    for bad in [
        r#"{"version":1,"data":{"size":99,"target":2048}}"#,
        r#"{"version":1,"data":{"size":4,"target":3}}"#,
    ] {
        assert!(save::parse_options(bad.as_bytes()).is_err(), "{bad}");
    }
    for bad in [
        r#"{"version":1,"data":{"99":5}}"#,
        r#"{"version":1,"data":{"4":-5}}"#,
    ] {
        assert!(save::parse_best(bad.as_bytes()).is_err(), "{bad}");
    }
    // What the game reads of options holding what it does not know (a later build's theme, a
    // field of its own): the rest, and it writes them back unchanged unless chosen here.
    let text = r#"{"version":1,"data":{"size":5,"target":2048,"theme":"purple","tilt":3}}"#;
    let read = save::read_options(text.as_bytes(), save::MAX_DOCUMENT_BYTES).unwrap();
    let known = read.doc.options();
    assert_eq!(
        (known.size, known.theme),
        (Shape::square(5), ThemeChoice::System)
    );
    let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    assert_eq!(json(&read.doc.render()), json(text));
    let chosen = save::merge::Chosen {
        coach: true,
        ..Default::default()
    };
    let on = Options {
        coach: true,
        ..known
    };
    assert_eq!(
        json(&read.doc.with(&on, chosen).render()),
        json(
            r#"{"version":1,"data":{"size":5,"target":2048,"theme":"purple","tilt":3,"coach":true}}"#
        )
    );
    // Options this build reads wholly are written as they always were, field for field.
    assert_eq!(
        save::render_options(&Options::default()),
        r#"{"version":1,"data":{"size":4,"target":2048,"theme":"system","motion":"system","coach":false}}"#
    );
}

fn store_with(docs: &[(&str, Vec<u8>)]) -> Arc<MemoryStore> {
    Arc::new(MemoryStore::with(
        docs.iter().map(|(k, v)| (k.to_string(), v.clone())),
    ))
}

#[test]
fn the_app_resumes_the_saved_game_and_plays_on_identically() {
    let config = Config::default();
    let store = store_with(&[]);
    let mut first = app_on_store(store.clone());
    for key in [
        KeyCode::ArrowLeft,
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
    ] {
        press_and_settle(&mut first, key);
    }
    assert!(
        store.documents().contains_key(&game_key(config)),
        "saved after moves"
    );
    // The game quits (its window lets go of the board), and starts again.
    let mut expected = engine(&first).clone();
    let first_best = best(&first);
    drop(first);
    let mut second = app_on_store(store.clone());
    settle(&mut second);
    assert_eq!(engine(&second).save(), expected.save());
    check_settled(&mut second).unwrap();
    for (key, direction) in [
        (KeyCode::ArrowDown, Direction::Down),
        (KeyCode::ArrowLeft, Direction::Left),
        (KeyCode::ArrowUp, Direction::Up),
        (KeyCode::ArrowRight, Direction::Right),
    ] {
        expected.play(direction);
        press_and_settle(&mut second, key);
        assert_eq!(engine(&second).save(), expected.save());
    }
    assert_eq!(best(&second), expected.score().max(first_best));
}

#[test]
fn a_hostile_game_save_gives_a_fresh_game_a_notice_and_keeps_best_and_the_file() {
    let config = Config::default();
    let saved_best = save::render_best(&[(Shape::square(4), 12_345)].into_iter().collect());
    for bad in [
        Vec::new(),
        b"{\"version\":1,\"data\":{\"size\":99".to_vec(),
        vec![0xde, 0xad],
    ] {
        let store = store_with(&[
            (BEST_KEY, saved_best.clone().into_bytes()),
            (&game_key(config), bad.clone()),
        ]);
        let mut app = app_on_store(store.clone());
        settle(&mut app);
        assert_eq!(engine(&app).board().tiles().count(), 2, "a fresh board");
        assert_eq!(engine(&app).score(), 0);
        assert_eq!(best(&app), 12_345, "best survives");
        let docs = store.documents();
        // An empty document holds nothing to keep; any other is kept aside.
        let aside = docs.get(&format!("{}.bad", game_key(config)));
        assert_eq!(aside, (!bad.is_empty()).then_some(&bad), "kept aside");
        check_settled(&mut app).unwrap();
        // The notice was shown in place of the key help.
        let shown = key_help(&mut app);
        assert!(bad.is_empty() || shown.contains("saved game"), "{shown}");
    }
}

#[test]
fn a_hostile_best_or_options_save_does_not_cost_the_game() {
    let config = Config::default();
    let game = played(config, 5, 20);
    let store = store_with(&[
        (&game_key(config), text_of(&game).into_bytes()),
        (BEST_KEY, b"\x00\x01garbage".to_vec()),
        (OPTIONS_KEY, b"{\"version\":7}".to_vec()),
    ]);
    let app = app_on_store(store.clone());
    assert_eq!(engine(&app).save(), game.save(), "the game resumes");
    assert_eq!(best(&app), game.score());
    let docs = store.documents();
    assert!(docs.contains_key("best.bad") && docs.contains_key("options.bad"));
}

#[test]
fn files_are_replaced_whole_and_bad_ones_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let files = FileStore::new(dir.path().join("saves"));
    assert_eq!(
        files.read("game", save::MAX_DOCUMENT_BYTES).unwrap(),
        None,
        "missing is not an error"
    );
    files.write("game", "first").unwrap();
    files.write("game", "second").unwrap();
    assert_eq!(
        files
            .read("game", save::MAX_DOCUMENT_BYTES)
            .unwrap()
            .unwrap(),
        b"second"
    );
    let names: Vec<String> = std::fs::read_dir(dir.path().join("saves"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["game.json"], "no temporary file left");
    let aside = files.set_aside("game").unwrap();
    assert!(aside.starts_with("game.json.bad-"), "{aside}");
    assert_eq!(
        std::fs::read(dir.path().join("saves").join(&aside)).unwrap(),
        b"second"
    );
    assert_eq!(files.read("game", save::MAX_DOCUMENT_BYTES).unwrap(), None);
    // A huge file is read only as far as needed to refuse it.
    std::fs::write(dir.path().join("saves/big.json"), vec![b' '; 10 << 20]).unwrap();
    assert_eq!(
        files
            .read("big", save::MAX_DOCUMENT_BYTES)
            .unwrap()
            .unwrap()
            .len(),
        save::MAX_DOCUMENT_BYTES + 1
    );
}

proptest! {
    #![proptest_config(crate::common::cases(2000))]

    #[test]
    fn random_bytes_never_crash_the_loaders(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = save::parse_game(&bytes);
        let _ = save::parse_history(&bytes, &played(Config::default(), 1, 10));
        let _ = save::parse_best(&bytes);
        let _ = save::parse_options(&bytes);
    }

    /// A real save with bytes changed is either refused or is still a sound game.
    #[test]
    fn damaged_saves_are_refused_or_sound(
        seed in 0u64..1000,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = text_of(&played(Config::default(), seed, 25)).into_bytes();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        if let Ok(game) = save::parse_game(&bytes) {
            let again = Game::restore(game.save());
            prop_assert!(again.is_ok());
        }
    }
}

proptest! {
    // Each case plays up to 300 moves: fewer cases.
    #![proptest_config(crate::common::cases(200))]

    /// Random games of every size: the saved history comes back as the same moves from the
    /// same start, and undoing it all walks back through every earlier game.
    #[test]
    fn histories_round_trip_on_every_size(
        size in 3usize..=8,
        seed in any::<u64>(),
        keys in proptest::collection::vec(0usize..4, 0..300),
    ) {
        let mut game = Game::new(Config::new(size, 1 << 16).unwrap(), seed);
        let mut history = History::new(game.clone());
        let mut earlier = Vec::new();
        for key in keys {
            if game.status() == Status::Won {
                game.keep_going();
            }
            let before = game.clone();
            let direction = Direction::ALL[key];
            if game.play(direction).is_some_and(|turn| turn.plan.moved) {
                history.push(direction, &game);
                earlier.push(before.save());
            }
        }
        let text = save::render_history(&history);
        let mut back = save::parse_history(text.as_bytes(), &game).unwrap();
        prop_assert_eq!(back.moves(), history.moves());
        while let Some((before, _)) = back.pop() {
            prop_assert_eq!(Some(before.save()), earlier.pop());
        }
        prop_assert!(earlier.is_empty());
    }

    /// A real history with bytes changed is refused, or still leads to the saved game.
    #[test]
    fn damaged_histories_are_refused_or_sound(
        seed in 0u64..1000,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut game = Game::new(Config::default(), seed);
        let mut history = History::new(game.clone());
        for i in 0..40 {
            let direction = Direction::ALL[(i * 7 + i / 3) % 4];
            if game.play(direction).is_some_and(|turn| turn.plan.moved) {
                history.push(direction, &game);
            }
        }
        let mut bytes = save::render_history(&history).into_bytes();
        for (at, byte) in edits {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        if let Ok(back) = save::parse_history(&bytes, &game) {
            let again = History::rebuild(back.start().clone(), back.moves(), &game);
            prop_assert!(again.is_ok());
        }
    }
}
