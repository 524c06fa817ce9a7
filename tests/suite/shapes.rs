//! Boards of any shape, 3 to 8 rows by 3 to 8 columns: the rules against hand-worked examples
//! and a property (each row or column slides on its own), codes of every shape and the first
//! format's square codes, the AI on wide and tall boards, and a shape's game, undo history and
//! best score across a restart.

use g2048::game::Screen;
use std::sync::Arc;

use crate::common::*;
use bevy::prelude::*;
use g2048::i18n::Words;
use g2048::{
    GamePlugin,
    ai::search::Budget,
    game::{AiBudget, GameState, Request, UndoRecord},
    rules::{
        Board, Cell, Config, Direction, Game, MAX_SIZE, MIN_SIZE, Record, SQUARE_VERSION, Status,
    },
    save::{self, MemoryStore, Store},
    view::layout::BoardLayout,
};
use proptest::prelude::*;

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// One line slid toward its first cell, by the rules as docs/rules.md words them: the tiles
/// close up toward the wall, then from the wall two equal neighbours become one (which does
/// not merge again). Written apart from the engine, on a plain list.
fn slide_line(line: &[u32]) -> Vec<u32> {
    let tiles: Vec<u32> = line.iter().copied().filter(|&v| v != 0).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tiles.len() {
        if i + 1 < tiles.len() && tiles[i] == tiles[i + 1] {
            out.push(tiles[i] * 2);
            i += 2;
        } else {
            out.push(tiles[i]);
            i += 1;
        }
    }
    out.resize(line.len(), 0);
    out
}

/// The board after sliding each of its rows (Left, Right) or columns (Up, Down) on its own.
fn slid_by_lines(board: &Board, dir: Direction) -> Board {
    let (rows, cols) = (board.rows(), board.cols());
    let mut out = Board::of(board.shape());
    let lines = match dir {
        Direction::Left | Direction::Right => rows,
        Direction::Up | Direction::Down => cols,
    };
    for line in 0..lines {
        // The line's cells, from the wall the tiles slide toward.
        let cells: Vec<Cell> = match dir {
            Direction::Left => (0..cols).map(|x| Cell::new(x as u8, line as u8)).collect(),
            Direction::Right => (0..cols)
                .rev()
                .map(|x| Cell::new(x as u8, line as u8))
                .collect(),
            Direction::Up => (0..rows).map(|y| Cell::new(line as u8, y as u8)).collect(),
            Direction::Down => (0..rows)
                .rev()
                .map(|y| Cell::new(line as u8, y as u8))
                .collect(),
        };
        let values: Vec<u32> = cells.iter().map(|&c| board.get(c)).collect();
        for (&cell, value) in cells.iter().zip(slide_line(&values)) {
            out.set(cell, value);
        }
    }
    out
}

#[test]
fn a_wide_and_a_tall_board_slide_as_worked_by_hand() {
    use Direction::*;
    // 3 rows of 5.
    let wide = Board::from_rows(&[&[2, 2, 2, 0, 4], &[0, 0, 0, 0, 8], &[4, 0, 4, 8, 8]]);
    let plan = wide.plan(Left);
    assert_eq!(
        plan.board,
        Board::from_rows(&[&[4, 2, 4, 0, 0], &[8, 0, 0, 0, 0], &[8, 16, 0, 0, 0]])
    );
    assert_eq!(plan.score, 4 + 8 + 16);
    assert_eq!(
        wide.plan(Right).board,
        Board::from_rows(&[&[0, 0, 2, 4, 4], &[0, 0, 0, 0, 8], &[0, 0, 0, 8, 16]])
    );
    // Columns are three tall: the 4 and 8s of the last column merge bottom first going down.
    assert_eq!(
        wide.plan(Down).board,
        Board::from_rows(&[&[0, 0, 0, 0, 0], &[2, 0, 2, 0, 4], &[4, 2, 4, 8, 16]])
    );
    assert_eq!(
        wide.plan(Up).board,
        Board::from_rows(&[&[2, 2, 2, 8, 4], &[4, 0, 4, 0, 16], &[0, 0, 0, 0, 0]])
    );
    // 5 rows of 3: a column of four 2s makes two 4s at the wall, as a row does.
    let tall = Board::from_rows(&[&[2, 0, 0], &[2, 0, 0], &[2, 4, 0], &[2, 0, 0], &[0, 4, 2]]);
    assert_eq!(
        tall.plan(Up).board,
        Board::from_rows(&[&[4, 8, 2], &[4, 0, 0], &[0, 0, 0], &[0, 0, 0], &[0, 0, 0]])
    );
    assert_eq!(
        tall.plan(Down).board,
        Board::from_rows(&[&[0, 0, 0], &[0, 0, 0], &[0, 0, 0], &[4, 0, 0], &[4, 8, 2]])
    );
    assert!(!Board::from_rows(&[&[2, 4, 8, 16], &[4, 8, 16, 32], &[8, 16, 32, 64]]).has_moves());
    assert!(Board::from_rows(&[&[2, 4, 8, 16], &[4, 8, 16, 32], &[8, 16, 32, 32]]).has_moves());
    // A pair one above the other, on a board wider than tall, is a move.
    assert!(Board::from_rows(&[&[2, 4, 8, 16], &[4, 8, 16, 32], &[8, 16, 64, 32]]).has_moves());
}

/// A random board of a random shape: each cell empty or 2^1..2^11.
fn any_board() -> impl Strategy<Value = Board> {
    (MIN_SIZE..=MAX_SIZE, MIN_SIZE..=MAX_SIZE).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop_oneof![3 => Just(0u32), 5 => 1u32..=4, 2 => 5u32..=11],
            rows * cols,
        )
        .prop_map(move |exps| {
            let mut b = Board::of(shape(rows, cols));
            for (i, e) in exps.into_iter().enumerate() {
                let cell = Cell::new((i % cols) as u8, (i / cols) as u8);
                b.set(cell, if e == 0 { 0 } else { 1 << e });
            }
            b
        })
    })
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

proptest! {
    #![proptest_config(crate::common::cases(2000))]

    /// Every move's result equals sliding each row or column on its own; it moved exactly when
    /// the board changed; `has_moves` says whether any direction changes the board.
    #[test]
    fn every_shape_slides_line_by_line(b in any_board(), d in direction()) {
        let plan = b.plan(d);
        prop_assert_eq!(plan.board, slid_by_lines(&b, d));
        prop_assert_eq!(plan.moved, plan.board != b);
        prop_assert_eq!(b.slid(d), (plan.board, plan.score, plan.moved));
        let any = Direction::ALL.iter().any(|&d| b.plan(d).moved);
        prop_assert_eq!(b.has_moves(), any);
    }

    /// A move that changes the board adds one spawned tile (a 2 or a 4 on a cell the slide left
    /// empty) to the tiles' sum; one that changes nothing spawns nothing.
    #[test]
    fn a_game_of_any_shape_spawns_only_after_a_change(
        rows in MIN_SIZE..=MAX_SIZE,
        cols in MIN_SIZE..=MAX_SIZE,
        seed in any::<u64>(),
        moves in prop::collection::vec(direction(), 1..60),
    ) {
        let mut game = Game::new(Config::with_shape(shape(rows, cols), 1 << 20).unwrap(), seed);
        prop_assert_eq!(game.board().tiles().count(), 2);
        for d in moves {
            let before = *game.board();
            let Some(turn) = game.play(d) else { break };
            if turn.plan.moved {
                let (cell, value) = turn.spawned.expect("a spawn after a change");
                prop_assert!(value == 2 || value == 4);
                prop_assert_eq!(turn.plan.board.get(cell), 0);
                prop_assert_eq!(game.board().sum(), before.sum() + u64::from(value));
            } else {
                prop_assert!(turn.spawned.is_none());
                prop_assert_eq!(game.board(), &before);
            }
        }
    }

}

proptest! {
    // Each case replays every position of a game of up to 200 moves.
    #![proptest_config(crate::common::cases(256))]

    /// A game of any shape, recorded, coded, decoded and replayed, goes through every
    /// position it went through.
    #[test]
    fn every_shape_survives_its_code(
        rows in MIN_SIZE..=MAX_SIZE,
        cols in MIN_SIZE..=MAX_SIZE,
        seed in any::<u64>(),
        moves in 0usize..200,
    ) {
        let config = Config::with_shape(shape(rows, cols), 1 << 20).unwrap();
        let (game, history) = pattern_game(config, seed, moves);
        let record = history.record().expect("a seeded game");
        let code = record.code();
        // Version 1 (a square board's) starts "AQ"; version 2 can not.
        prop_assert_eq!(code.starts_with("AQ"), rows == cols);
        let (decoded, replayed, last) = Record::decode(&code).unwrap();
        prop_assert_eq!(&decoded, &record);
        prop_assert_eq!(last.save(), game.save());
        for n in 0..=history.len() {
            prop_assert_eq!(replayed.game_after(n).save(), history.game_after(n).save());
        }
    }
}

/// The code of a 4×4 game made before boards of other shapes (the browser test's fixture,
/// written by that build) opens, replays to the board it was made with, and is what this
/// build writes for the same game, byte for byte.
#[test]
fn a_square_code_of_the_first_format_still_opens() {
    #[derive(serde::Deserialize)]
    struct Fixture {
        code: String,
        board: Vec<u32>,
        score: u64,
    }
    let fixture: Fixture =
        serde_json::from_str(include_str!("../../web/replay-fixture.json")).unwrap();
    let (record, _, game) = Record::decode(&fixture.code).unwrap();
    assert_eq!(record.config.shape(), Shape::square(4));
    assert!(fixture.code.starts_with("AQ"), "version {SQUARE_VERSION}");
    let board: Vec<u32> = game.board().cells().map(|c| game.board().get(c)).collect();
    assert_eq!((board, game.score()), (fixture.board, fixture.score));
    assert_eq!(
        record.code(),
        fixture.code,
        "square codes are written as before"
    );
}

/// The second byte of a version-2 code is rows × 16 + columns (pinned, so a swap of the two in
/// both the writer and the reader would not pass); a version-2 code of a square board is
/// refused (its code is version 1 only, so each game has one code).
#[test]
fn a_version_2_code_says_rows_then_columns() {
    use base64::{Engine as _, engine::general_purpose::URL_SAFE_NO_PAD};
    for (rows, cols, byte) in [(3, 8, 0x38), (8, 3, 0x83), (5, 7, 0x57)] {
        let config = Config::with_shape(shape(rows, cols), 2048).unwrap();
        let (_, history) = pattern_game(config, 4, 10);
        let code = history.record().unwrap().code();
        let bytes = URL_SAFE_NO_PAD.decode(&code).unwrap();
        assert_eq!(bytes[..2], [2, byte], "{rows}x{cols}");
        let (record, _, game) = Record::decode(&code).unwrap();
        assert_eq!(
            (record.config.shape(), game.board().rows()),
            (shape(rows, cols), rows)
        );
    }
    let (_, history) = pattern_game(Config::default(), 4, 10);
    let mut bytes = URL_SAFE_NO_PAD
        .decode(history.record().unwrap().code())
        .unwrap();
    bytes[0] = 2;
    bytes[1] = 0x44;
    let body = bytes.len() - 4;
    let sum = crc32fast::hash(&bytes[..body]).to_le_bytes();
    bytes[body..].copy_from_slice(&sum);
    let refused = Record::parse(&URL_SAFE_NO_PAD.encode(&bytes));
    assert!(refused.is_err(), "{refused:?}");
}

/// Tall and wide: the hint and autoplay to a small target.
#[test]
fn the_ai_plays_a_wide_and_a_tall_board() {
    for (rows, cols, target) in [(3, 5, 64), (8, 3, 64)] {
        let config = Config::with_shape(shape(rows, cols), target).unwrap();
        let mut app = app(config, 5);
        app.insert_resource(AiBudget::always(Budget::Nodes(3_000)));
        assert_eq!(
            app.world().resource::<BoardLayout>().shape,
            shape(rows, cols)
        );
        press(&mut app, KeyCode::KeyF);
        press(&mut app, KeyCode::KeyP);
        let mut frames = 0;
        while state(&app) != GameState::Won && frames < 5_000 {
            app.update();
            frames += 1;
            if frames % 50 == 0 {
                check_frame(&mut app).unwrap();
            }
        }
        assert_eq!(
            state(&app),
            GameState::Won,
            "{rows}x{cols}: no {target} in {frames} frames"
        );
        assert_eq!(
            entity_board(&mut app).unwrap().shape(),
            shape(rows, cols),
            "the tiles drawn are on the board"
        );
    }
}

/// A 3×6 game, its undo history and its best score come back after a restart, in their own
/// slot (the 4×4 slot is untouched).
#[test]
fn a_shape_keeps_its_game_undo_and_best_across_a_restart() {
    let store = Arc::new(MemoryStore::default());
    let wide = shape(3, 6);
    let mut app = started(GamePlugin {
        size: Some(wide),
        target: None,
        seed: Some(9),
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    });
    play_moves(&mut app, 12);
    settle(&mut app);
    let game = engine(&app).save();
    let moves = app.world().resource::<UndoRecord>().0.len();
    assert!(
        moves >= 12 && game.score > 0,
        "{moves} moves, {}",
        game.score
    );
    let best = best(&app);
    assert_eq!(best, game.score);
    drop(app);
    let key = save::game_key(Config::with_shape(wide, 2048).unwrap());
    assert_eq!(key, "game-3x6-2048");
    assert!(store.read(&key, 1 << 20).unwrap().is_some());
    assert!(
        store
            .read(&save::game_key(Config::default()), 1 << 20)
            .unwrap()
            .is_none()
    );
    let stored_best = String::from_utf8(store.read(save::BEST_KEY, 1 << 20).unwrap().unwrap());
    assert!(
        stored_best.unwrap().contains("\"3x6\""),
        "the best is the shape's"
    );

    // The next run plays the same board (chosen by flag, so it comes back by flag).
    let mut again = started(GamePlugin {
        size: Some(wide),
        target: None,
        seed: None,
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    });
    assert_eq!(engine(&again).save(), game);
    assert_eq!(super::common::best(&again), best);
    for _ in 0..moves {
        request(&mut again, Request::Undo);
        settle(&mut again);
    }
    assert_eq!(engine(&again).moves(), 0, "every move undone");
    assert_eq!(engine(&again).status(), Status::Playing);
    assert_eq!(super::common::best(&again), best, "an undo keeps the best");
}

/// Choosing rows and columns on the options: arrows step them, one at a time, within 3..=8;
/// a square stays one press away; the shape chosen plays at once and is remembered.
#[test]
fn the_options_choose_rows_and_columns_apart() {
    let store = Arc::new(MemoryStore::default());
    let mut app = app_on_store(store.clone());
    press_and_settle(&mut app, KeyCode::KeyO);
    for key in [KeyCode::ArrowUp, KeyCode::ArrowRight, KeyCode::ArrowRight] {
        press_and_settle(&mut app, key);
    }
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config().shape(), shape(3, 6));
    assert_eq!(app.world().resource::<BoardLayout>().shape, shape(3, 6));
    assert_eq!(
        engine(&app).board().tiles().count(),
        2,
        "a new game of its own"
    );
    // No fewer than 3 rows, no more than 8 columns.
    press_and_settle(&mut app, KeyCode::KeyO);
    for key in [
        KeyCode::ArrowUp,
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
        KeyCode::ArrowRight,
    ] {
        press_and_settle(&mut app, key);
    }
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config().shape(), shape(3, 8));
    drop(app);
    let text = String::from_utf8(store.read(save::OPTIONS_KEY, 1 << 20).unwrap().unwrap()).unwrap();
    assert!(text.contains("\"size\":\"3x8\""), "{text}");
    let mut app = app_on_store(store);
    assert_eq!(engine(&app).config().shape(), shape(3, 8));
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::Digit5);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config().shape(), Shape::square(5));
}

/// The board read aloud has the board's rows and columns.
#[test]
fn the_board_read_aloud_has_its_rows_and_columns() {
    let board = Board::from_rows(&[&[2, 0, 0, 0, 0, 4], &[0; 6], &[0, 0, 8, 0, 0, 0]]);
    let said = g2048::game::speech::board_sentence(&board, Words::english());
    assert_eq!(said.matches("Row ").count(), 3, "{said}");
    assert!(
        said.starts_with("Row 1: 2, empty, empty, empty, empty, 4."),
        "{said}"
    );
    let game = Game::from_board(Config::with_shape(board.shape(), 2048).unwrap(), board, 1);
    let line = g2048::game::speech::status_sentence(&game, 0, Words::english());
    assert!(line.contains("3×6 board to 2048"), "{line}");
}

/// The coach rates moves on a board of another shape: on this 3×4 board Right leaves one empty
/// cell between an 8 and a 16 (lost whatever spawns), Down makes a pair of 4s; Left and Up
/// change nothing.
#[test]
fn the_coach_rates_moves_on_a_board_of_another_shape() {
    use g2048::ai::move_rating::Verdict;
    use g2048::game::{Coach, PlayerOptions};
    let board = Board::from_rows(&[&[2, 4, 2, 4], &[8, 2, 4, 2], &[16, 8, 16, 0]]);
    let mut app = app(Config::with_shape(board.shape(), 2048).unwrap(), 1);
    app.world_mut().resource_mut::<PlayerOptions>().coach = true;
    app.insert_resource(AiBudget::always(Budget::Nodes(3_000)));
    set_board(&mut app, board, 2048);
    let rated = |app: &App| {
        let coach = app.world().resource::<Coach>();
        coach.rating(1).map(|r| (r.verdict, r.played, r.best))
    };
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(
        rated(&app),
        Some((Verdict::Best, Direction::Down, Direction::Down))
    );
    press_and_settle(&mut app, KeyCode::KeyU);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(
        rated(&app),
        Some((Verdict::Mistake, Direction::Right, Direction::Down))
    );
    settle(&mut app);
    assert_eq!(state(&app), GameState::GameOver);
}

/// Every shape from 3×3 to 8×8 plays: moves through the keys, the tiles drawn equal to the
/// engine's board, every frame's invariants, and an undo.
#[test]
fn every_shape_plays_in_the_app() {
    for shape in Shape::all() {
        let mut app = app(Config::with_shape(shape, 2048).unwrap(), 3);
        assert_eq!(app.world().resource::<BoardLayout>().shape, shape);
        play_moves(&mut app, 4);
        check_frame(&mut app).unwrap();
        settle(&mut app);
        check_settled(&mut app).unwrap();
        let moves = engine(&app).moves();
        assert!(moves >= 4, "{shape}: {moves} moves");
        assert_eq!(
            entity_board(&mut app).unwrap(),
            *engine(&app).board(),
            "{shape}"
        );
        press_and_settle(&mut app, KeyCode::KeyU);
        assert_eq!(engine(&app).moves(), moves - 1, "{shape}: undo");
        check_settled(&mut app).unwrap();
    }
}

/// The desktop's accessibility tree holds the board as a grid of its rows and columns: 3 rows of
/// 6 cells shown, every other cell of the largest board hidden.
#[test]
fn the_desktop_tree_is_a_grid_of_the_boards_rows_and_columns() {
    use bevy::a11y::AccessibilityNode;
    use g2048::view::access::{AccessBoard, AccessCell};
    let wide = shape(3, 6);
    let mut app = app(Config::with_shape(wide, 2048).unwrap(), 2);
    play_moves(&mut app, 2);
    let world = app.world_mut();
    let grid = world
        .query_filtered::<&AccessibilityNode, With<AccessBoard>>()
        .single(world)
        .unwrap();
    assert_eq!((grid.row_count(), grid.column_count()), (Some(3), Some(6)));
    let board = *engine(&app).board();
    let world = app.world_mut();
    let mut shown = Vec::new();
    for (cell, node) in world
        .query::<(&AccessCell, &AccessibilityNode)>()
        .iter(world)
    {
        if !node.is_hidden() {
            let value = board.get(Cell::new(cell.1, cell.0));
            let name = if value == 0 {
                "empty".to_string()
            } else {
                value.to_string()
            };
            assert_eq!(node.label(), Some(name.as_str()), "{cell:?}");
            shown.push((cell.0, cell.1));
        }
    }
    shown.sort();
    let expected: Vec<(u8, u8)> = (0..3).flat_map(|y| (0..6).map(move |x| (y, x))).collect();
    assert_eq!(shown, expected);
}

/// The statistics name the shape shown ("3×8"), and say when it has no games yet (in the words a
/// screen reader hears too).
#[test]
fn the_statistics_name_the_shape() {
    use g2048_ui::text::Label;
    let mut app = app(Config::with_shape(shape(3, 8), 2048).unwrap(), 1);
    request(&mut app, Request::Show(Screen::Stats));
    settle(&mut app);
    let world = app.world_mut();
    let labels: Vec<String> = world
        .query::<&Label>()
        .iter(world)
        .map(|l| l.0.clone())
        .collect();
    assert!(labels.iter().any(|l| l == "3×8"), "{labels:?}");
    assert!(
        labels.iter().any(|l| l == "No 3 by 8 games yet."),
        "{labels:?}"
    );
}

/// A step past either end changes nothing and is not a choice: a board chosen by flags is not
/// remembered because of it.
#[test]
fn a_step_past_the_end_is_no_choice() {
    let store = Arc::new(MemoryStore::default());
    let mut app = started(GamePlugin {
        size: Some(shape(3, 5)),
        target: None,
        seed: None,
        store: store.clone(),
        replay: None,
        language: Default::default(),
        daily: false,
        server: None,
    });
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(engine(&app).config().shape(), shape(3, 5));
    drop(app);
    let saved = store.read(save::OPTIONS_KEY, 1 << 20).unwrap();
    let remembered = saved.map(|b| save::parse_options(&b).unwrap().size);
    assert_ne!(
        remembered,
        Some(shape(3, 5)),
        "the flags' board is not remembered"
    );
}
