//! The desktop's accessibility tree (AccessKit nodes): the board's cells mirror the engine, the
//! buttons are named buttons that a screen reader can press, the live regions carry the game's
//! sentences, and the dialog in front is a dialog around its buttons that takes the focus.
//! (`tools/atspi-check.sh` reads the tree from the running game through AT-SPI.)

use crate::common::*;
use accesskit::{Action, ActionRequest as Request_, Live, NodeId, Role, Toggled, TreeId};
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use g2048::{
    game::{Screen, ShownDialog, UiButton},
    rules::{Board, Cell, Config},
    view::access::{AccessBoard, AccessCell, AccessLive, AccessRoot},
    view::widgets::{DialogRoot, Named},
};
use g2048_ui::text::Label;

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
        polite
            .0
            .starts_with("Left: two 2 tiles merged into 4, new "),
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
    // The board's buttons, drawn or not (the same the page's mirror offers).
    for name in [
        "AI plays",
        "Options",
        "Undo",
        "New Game",
        "Hint",
        "Read the board",
        "Coach's summary",
    ] {
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

/// The dialog node in front (not hidden): its label, its description, whether it is modal, its
/// entity, and its buttons' names and on/off states.
struct Shown {
    entity: Entity,
    title: String,
    description: String,
    modal: bool,
    buttons: Vec<(String, Option<Toggled>)>,
}

fn dialog_in_front(app: &mut App) -> Option<Shown> {
    let world = app.world_mut();
    let mut roots =
        world.query_filtered::<(Entity, &AccessibilityNode, &Children), With<DialogRoot>>();
    let mut nodes = world.query::<&AccessibilityNode>();
    let mut shown: Vec<Shown> = roots
        .iter(world)
        .filter(|(_, node, _)| !node.is_hidden())
        .map(|(entity, node, children)| {
            assert_eq!(node.role(), Role::Dialog);
            Shown {
                entity,
                title: node.label().unwrap_or("").to_string(),
                description: node.description().unwrap_or("").to_string(),
                modal: node.is_modal(),
                buttons: children
                    .iter()
                    .filter_map(|c| nodes.get(world, c).ok())
                    .filter(|n| n.role() == Role::Button)
                    .map(|n| (n.label().unwrap_or("").to_string(), n.toggled()))
                    .collect(),
            }
        })
        .collect();
    assert!(shown.len() <= 1, "one dialog in front at most");
    shown.pop()
}

fn screen_reader_focus(app: &App) -> Option<Entity> {
    app.world().resource::<InputFocus>().get()
}

fn board_node(app: &mut App) -> Entity {
    let world = app.world_mut();
    world
        .query_filtered::<Entity, With<AccessBoard>>()
        .single(world)
        .unwrap()
}

/// The dialog in the desktop's tree, the buttons the view drew for it, and the description the
/// page's mirror reads (`ShownDialog`) carry the same names, none missing and none extra; the
/// view's buttons show the description's labels.
fn names_agree_with_the_mirror(app: &mut App, shown: &Shown) {
    let mirror = app.world().resource::<ShownDialog>().0.clone().unwrap();
    assert_eq!(shown.title, mirror.title);
    assert_eq!(shown.description, mirror.lines().join(" "));
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    let described = sorted(mirror.buttons().iter().map(|b| b.name.clone()).collect());
    let in_tree = sorted(shown.buttons.iter().map(|(name, _)| name.clone()).collect());
    assert_eq!(
        in_tree, described,
        "the tree's buttons are the description's"
    );
    let world = app.world_mut();
    let mut children = world.query::<&Children>();
    let mut drawn = world.query::<(&UiButton, &Named, Option<&Children>)>();
    let mut labels = world.query::<&Label>();
    let mut view = Vec::new();
    for child in children.get(world, shown.entity).unwrap().iter() {
        let Ok((button, named, kids)) = drawn.get(world, child) else {
            continue;
        };
        let label = kids
            .into_iter()
            .flatten()
            .find_map(|&k| labels.get(world, k).ok())
            .map(|l| l.0.clone());
        let want = mirror.button(button.action).expect("a described request");
        assert_eq!(named.name, want.name);
        if let Some(label) = label {
            assert_eq!(label, want.label, "{:?}", want.action);
        }
        view.push(named.name.clone());
    }
    assert_eq!(
        sorted(view),
        described,
        "the view drew the description's buttons"
    );
}

#[test]
fn each_dialog_is_a_dialog_around_its_buttons_and_takes_the_focus() {
    let mut app = app(Config::default(), 5);
    app.init_resource::<InputFocus>();
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    let board = board_node(&mut app);
    assert!(dialog_in_front(&mut app).is_none());
    assert_eq!(screen_reader_focus(&app), Some(board));

    // The options: modal, each choice a button that says whether it is on.
    press_and_settle(&mut app, KeyCode::KeyO);
    let options = dialog_in_front(&mut app).expect("the options are a dialog");
    assert_eq!((options.title.as_str(), options.modal), ("Options", true));
    assert_eq!(options.buttons.len(), 33);
    assert!(
        options
            .buttons
            .contains(&("Board 4 by 4".into(), Some(Toggled::True)))
    );
    assert!(
        options
            .buttons
            .contains(&("Board 5 by 5".into(), Some(Toggled::False)))
    );
    assert!(options.buttons.contains(&("Done".into(), None)));
    names_agree_with_the_mirror(&mut app, &options);
    assert_eq!(screen_reader_focus(&app), Some(options.entity));
    // Picking 5x5 turns its button on; Esc closes and gives the focus back to the board.
    press_and_settle(&mut app, KeyCode::Digit5);
    let options = dialog_in_front(&mut app).unwrap();
    assert!(
        options
            .buttons
            .contains(&("Board 5 by 5".into(), Some(Toggled::True)))
    );
    press_and_settle(&mut app, KeyCode::Escape);
    assert!(dialog_in_front(&mut app).is_none());
    assert_eq!(screen_reader_focus(&app), Some(board));

    // The question, with what it warns of (the 5x5 game that closing the options began has
    // moves to lose).
    for key in [KeyCode::ArrowUp, KeyCode::ArrowLeft, KeyCode::ArrowDown] {
        press_and_settle(&mut app, key);
    }
    press_and_settle(&mut app, KeyCode::KeyR);
    let question = dialog_in_front(&mut app).expect("the question is a dialog");
    assert_eq!(question.title, "Start a new game?");
    assert_eq!(
        question.description,
        "This game will be kept in the history."
    );
    assert_eq!(
        question.buttons,
        [("New game".into(), None), ("Keep playing".into(), None)]
    );
    press_and_settle(&mut app, KeyCode::Escape);

    // The viewer's controls: not modal (the board is what is watched), where the replay is.
    let moves = engine(&app).moves();
    assert!(moves >= 2);
    press_and_settle(&mut app, KeyCode::KeyV);
    let viewer = dialog_in_front(&mut app).expect("the viewer's controls are a dialog");
    assert_eq!((viewer.title.as_str(), viewer.modal), ("Replay", false));
    assert_eq!(
        viewer.description,
        format!("Move 0 of {moves}, score 0, 0 undos. Playing at 1×.")
    );
    assert_eq!(viewer.buttons.len(), 10);
    assert!(viewer.buttons.contains(&("Pause".into(), None)));
    names_agree_with_the_mirror(&mut app, &viewer);
    press_and_settle(&mut app, KeyCode::Space);
    press_and_settle(&mut app, KeyCode::End);
    let viewer = dialog_in_front(&mut app).unwrap();
    assert!(
        viewer
            .description
            .starts_with(&format!("Move {moves} of {moves}, ")),
        "{}",
        viewer.description
    );
    assert!(viewer.description.ends_with(" Paused."));
    assert!(viewer.buttons.contains(&("Play".into(), None)));
    press_and_settle(&mut app, KeyCode::Escape);

    // The history: the game replaced by a new one is a button that says what it was.
    press_and_settle(&mut app, KeyCode::KeyR);
    press_and_settle(&mut app, KeyCode::Enter);
    press_and_settle(&mut app, KeyCode::KeyG);
    let history = dialog_in_front(&mut app).expect("the history is a dialog");
    // The count, and the selected game's luck and skill (worked out while the history shows).
    assert!(
        history.description.starts_with("1 game Selected game: "),
        "{}",
        history.description
    );
    let row = &history.buttons[0].0;
    assert!(row.contains(", 5 by 5, score "), "{row}");
    assert!(row.ends_with(&format!(", {moves} moves")), "{row}");
    names_agree_with_the_mirror(&mut app, &history);

    // The statistics, in words.
    press_and_settle(&mut app, KeyCode::KeyN);
    let stats = dialog_in_front(&mut app).expect("the statistics are a dialog");
    assert_eq!(stats.title, "Statistics");
    names_agree_with_the_mirror(&mut app, &stats);
    assert_eq!(stats.buttons.len(), 4);
}

#[test]
fn every_screen_draws_and_names_the_buttons_of_its_one_description() {
    let mut app = app(Config::default(), 5);
    app.init_resource::<InputFocus>();
    // The coach on, so that "Game over!" has its Coach button and the summary its rows.
    press_and_settle(&mut app, KeyCode::KeyO);
    press_and_settle(&mut app, KeyCode::KeyC);
    press_and_settle(&mut app, KeyCode::Escape);
    for key in [KeyCode::ArrowLeft, KeyCode::ArrowUp, KeyCode::ArrowRight] {
        press_and_settle(&mut app, key);
    }
    let mut seen = Vec::new();
    let mut check = |app: &mut App, key: KeyCode, screen: Screen| {
        press_and_settle(app, key);
        settle(app);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), screen);
        if screen == Screen::Game {
            assert!(dialog_in_front(app).is_none(), "the bare board");
            return;
        }
        let shown = dialog_in_front(app).unwrap_or_else(|| panic!("{screen:?} is a dialog"));
        names_agree_with_the_mirror(app, &shown);
        seen.push(screen);
    };
    check(&mut app, KeyCode::KeyO, Screen::Options);
    check(&mut app, KeyCode::Escape, Screen::Game);
    check(&mut app, KeyCode::KeyR, Screen::ConfirmNewGame);
    check(&mut app, KeyCode::Escape, Screen::Game);
    check(&mut app, KeyCode::KeyV, Screen::Replay);
    check(&mut app, KeyCode::Escape, Screen::Game);
    check(&mut app, KeyCode::KeyX, Screen::Coach);
    check(&mut app, KeyCode::Escape, Screen::Game);
    // The ranked daily (no server set: it says so) and its name's line (which needs a server's
    // account to open: put in front here).
    check(&mut app, KeyCode::KeyZ, Screen::Leaderboard);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::RankedName);
    settle(&mut app);
    let named = dialog_in_front(&mut app).expect("the name's line is a dialog");
    names_agree_with_the_mirror(&mut app, &named);
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Leaderboard
    );
    check(&mut app, KeyCode::Escape, Screen::Game);
    check(&mut app, KeyCode::KeyN, Screen::Stats);
    check(&mut app, KeyCode::KeyG, Screen::History);
    // "Game over!" over a board with no move left.
    check(&mut app, KeyCode::Escape, Screen::Game);
    let lost = Board::from_rows(&[&[2, 4, 2, 4], &[4, 2, 4, 2], &[2, 4, 2, 4], &[4, 2, 4, 8]]);
    set_board(&mut app, lost, 2048);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    let over = dialog_in_front(&mut app).expect("game over is a dialog");
    assert_eq!(over.title, "Game over!");
    names_agree_with_the_mirror(&mut app, &over);
    assert!(over.buttons.iter().any(|(name, _)| name == "Coach"));
    seen.push(Screen::Game);
    // A race against the AI, played until it ends: its card.
    press_and_settle(&mut app, KeyCode::KeyM);
    let keys = [
        KeyCode::ArrowLeft,
        KeyCode::ArrowDown,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
    ];
    for i in 0..5000 {
        if screen(&app) == Screen::RaceResult {
            break;
        }
        press(&mut app, keys[i % 3 + usize::from(i % 17 == 0)]);
    }
    settle(&mut app);
    let card = dialog_in_front(&mut app).expect("the race's card is a dialog");
    assert_eq!(screen(&app), Screen::RaceResult);
    names_agree_with_the_mirror(&mut app, &card);
    assert_eq!(card.buttons.len(), 3);
    seen.push(Screen::RaceResult);
    seen.push(Screen::RankedName);
    assert_eq!(seen.len(), Screen::ALL.len(), "{seen:?}");
}

#[test]
fn a_win_is_a_dialog_and_hides_behind_the_options() {
    let mut app = app(Config::default(), 5);
    app.init_resource::<InputFocus>();
    let board = Board::from_rows(&[&[1024, 1024, 0, 0], &[0; 4], &[0, 0, 8, 0], &[0; 4]]);
    set_board(&mut app, board, 2048);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    let won = dialog_in_front(&mut app).expect("the win is a dialog");
    assert_eq!(won.title, "You win!");
    assert_eq!(won.description, "You reached 2048.");
    assert_eq!(
        won.buttons,
        [("Keep going".into(), None), ("New game".into(), None)]
    );
    assert_eq!(screen_reader_focus(&app), Some(won.entity));
    let world = app.world_mut();
    let mut live = world.query::<(&AccessLive, &AccessibilityNode)>();
    let urgent = live.iter(world).find(|(l, _)| l.urgent).unwrap().1;
    assert_eq!(
        (urgent.label(), urgent.live()),
        (
            Some("You win! You reached 2048. Keep going, or start a new game."),
            Some(Live::Assertive)
        )
    );
    press_and_settle(&mut app, KeyCode::KeyO);
    let front = dialog_in_front(&mut app).expect("the options in front");
    assert_eq!(front.title, "Options", "the win's dialog is hidden behind");
    press_and_settle(&mut app, KeyCode::Escape);
    assert_eq!(dialog_in_front(&mut app).unwrap().title, "You win!");
}

#[test]
fn the_tree_reads_in_order_under_one_root() {
    let mut app = app(Config::default(), 5);
    press_and_settle(&mut app, KeyCode::ArrowLeft);
    press_and_settle(&mut app, KeyCode::KeyO);
    let world = app.world_mut();
    let mut roots = world.query_filtered::<&Children, With<AccessRoot>>();
    let children: Vec<Entity> = roots.single(world).unwrap().iter().collect();
    let mut nodes = world.query::<&AccessibilityNode>();
    let read: Vec<(Role, String)> = children
        .iter()
        .filter_map(|&c| nodes.get(world, c).ok())
        .map(|n| (n.role(), n.label().unwrap_or("").chars().take(12).collect()))
        .collect();
    let roles: Vec<Role> = read.iter().map(|r| r.0).collect();
    assert_eq!(
        roles,
        [
            Role::Label,
            Role::Grid,
            Role::Label,
            Role::Label,
            Role::Button,
            Role::Button,
            Role::Button,
            Role::Button,
            Role::Button,
            Role::Button,
            Role::Button,
            Role::Dialog
        ],
        "{read:?}"
    );
    let names: Vec<&str> = read.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(names[1], "Board");
    assert_eq!(
        names[4..],
        [
            "AI plays",
            "Options",
            "Undo",
            "New Game",
            "Hint",
            "Read the boa",
            "Coach's summ",
            "Options"
        ]
    );
    // Every node of the tree is under the root: none is left at the top.
    let mut loose = world.query_filtered::<Entity, (With<AccessibilityNode>, Without<ChildOf>)>();
    assert_eq!(loose.iter(world).count(), 1, "the root alone is at the top");
}
