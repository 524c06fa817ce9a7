//! The desktop's accessibility tree (AccessKit nodes): the board's cells mirror the engine, the
//! buttons are named buttons that a screen reader can press, and the live regions carry the
//! game's sentences. (Reading it through AT-SPI from a running game is not automated yet.)

mod common;

use accesskit::{Action, ActionRequest as Request_, Live, NodeId, Role, TreeId};
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::prelude::*;
use common::*;
use g2048::{
    game::{Screen, UiButton},
    rules::{Board, Cell, Config},
    view::access::{AccessCell, AccessLive},
};

fn cells(app: &mut App) -> Vec<(u8, u8, String, Role)> {
    let world = app.world_mut();
    let mut q = world.query::<(&AccessCell, &AccessibilityNode)>();
    let mut out: Vec<_> = q
        .iter(world)
        .map(|(c, n)| (c.0, c.1, n.label().unwrap_or("").to_string(), n.role()))
        .collect();
    out.sort();
    out
}

#[test]
fn the_cells_mirror_the_board_and_the_live_region_says_each_move() {
    let mut app = app(Config::default(), 5);
    let board = Board::from_rows(&[&[2, 2, 0, 0], &[0; 4], &[0, 0, 8, 0], &[0; 4]]);
    set_board(&mut app, board, 2048);
    press(&mut app, KeyCode::ArrowLeft);
    let engine_board = *engine(&app).board();
    let shown: Vec<(u8, u8, String)> = cells(&mut app)
        .into_iter()
        .filter(|c| c.3 == Role::Cell)
        .map(|(y, x, label, _)| (y, x, label))
        .collect();
    assert_eq!(shown.len(), 16, "a 4x4 board's cells, no more");
    for (y, x, label) in shown {
        let want = match engine_board.get(Cell::new(x, y)) {
            0 => "empty".to_string(),
            v => v.to_string(),
        };
        assert_eq!(label, want, "row {y} column {x}");
    }
    let world = app.world_mut();
    let mut live = world.query::<(&AccessLive, &AccessibilityNode)>();
    let polite = live
        .iter(world)
        .find(|(l, _)| !l.urgent)
        .map(|(_, n)| (n.label().unwrap_or("").to_string(), n.live()))
        .unwrap();
    assert!(
        polite.0.starts_with("Left: two 2s merged into 4, new "),
        "{}",
        polite.0
    );
    assert_eq!(polite.1, Some(Live::Polite));
}

#[test]
fn every_button_is_a_named_button_that_a_screen_reader_can_press() {
    let mut app = app(Config::default(), 5);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::ArrowUp);
    let world = app.world_mut();
    let mut buttons = world.query::<(Entity, &UiButton, &AccessibilityNode)>();
    let named: Vec<(String, Entity)> = buttons
        .iter(world)
        .inspect(|(_, _, n)| {
            assert_eq!(n.role(), Role::Button);
            assert!(n.supports_action(Action::Click));
        })
        .map(|(e, _, n)| (n.label().unwrap_or("").to_string(), e))
        .collect();
    let names: Vec<&str> = named.iter().map(|(n, _)| n.as_str()).collect();
    for name in ["AI", "Options", "Undo", "New Game"] {
        assert!(names.contains(&name), "{names:?}");
    }
    // A screen reader's click on New Game asks the question, as the button does.
    let new_game = named.iter().find(|(n, _)| n == "New Game").unwrap().1;
    app.world_mut().write_message(ActionRequest(Request_ {
        action: Action::Click,
        target_tree: TreeId::ROOT,
        target_node: NodeId(new_game.to_bits()),
        data: None,
    }));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::ConfirmNewGame);
}
