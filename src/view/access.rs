//! The desktop's accessibility tree (AccessKit, through bevy_a11y and bevy_winit): what a screen
//! reader (NVDA, VoiceOver, Orca) finds in the window. The same names and sentences as the web
//! page's mirror: the board as a grid of cells (each its value or "empty"), the score line, every
//! on-screen button by its text, and two live regions with the game's sentences
//! (`game::speech`), polite for moves and assertive for a win or a loss. A screen reader's
//! "click" on a button is the button's request.

use accesskit::{Action, Live, Node, Role};
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use super::text::Label;
use crate::game::{Announcement, BestScores, Engine, GameSet, Request, UiButton, speech};
use crate::rules::{Cell, MAX_SIZE};

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Messages<ActionRequest>>() {
        // Headless apps have no accessibility plugin; the tree is built all the same.
        app.add_message::<ActionRequest>();
    }
    app.add_systems(Startup, spawn_tree).add_systems(
        Update,
        (
            (name_buttons, mirror_board, follow_focus).in_set(GameSet::React),
            // After the game's sentences are written, in the same frame.
            speak.in_set(super::ViewSet::Publish),
            press_buttons.in_set(GameSet::Input),
        ),
    );
}

/// The board's grid, a cell of it (row, column), the score line, and the two live regions.
#[derive(Component, Debug)]
pub struct AccessBoard;
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessRow(pub u8);
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessCell(pub u8, pub u8);
#[derive(Component, Debug)]
pub struct AccessStatus;
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessLive {
    pub urgent: bool,
}

fn spawn_tree(mut commands: Commands) {
    let mut grid = Node::new(Role::Grid);
    grid.set_label("Board");
    let board = commands.spawn((AccessBoard, AccessibilityNode(grid))).id();
    // Every cell a board can have; those past the board's size are left out of the tree.
    for y in 0..MAX_SIZE as u8 {
        let row = commands
            .spawn((
                AccessRow(y),
                AccessibilityNode(Node::new(Role::Row)),
                ChildOf(board),
            ))
            .id();
        for x in 0..MAX_SIZE as u8 {
            commands.spawn((
                AccessCell(y, x),
                AccessibilityNode(Node::new(Role::Cell)),
                ChildOf(row),
            ));
        }
    }
    commands.spawn((AccessStatus, AccessibilityNode(Node::new(Role::Label))));
    for urgent in [false, true] {
        let mut node = Node::new(Role::Label);
        node.set_live(if urgent {
            Live::Assertive
        } else {
            Live::Polite
        });
        commands.spawn((AccessLive { urgent }, AccessibilityNode(node)));
    }
}

/// Text for a node: its name, and its value (AT-SPI reads a label's text from its value).
fn set_text(node: &mut Node, text: String) {
    node.set_value(text.clone());
    node.set_label(text);
}

/// The rows and cells of the board in play (those past its size hidden), each cell's value, and
/// the score line.
fn mirror_board(
    engine: Res<Engine>,
    best: Res<BestScores>,
    mut rows: Query<(&AccessRow, &mut AccessibilityNode), Without<AccessCell>>,
    mut cells: Query<(&AccessCell, &mut AccessibilityNode), Without<AccessRow>>,
    mut status: Query<
        &mut AccessibilityNode,
        (With<AccessStatus>, Without<AccessCell>, Without<AccessRow>),
    >,
) {
    if !engine.is_changed() && !best.is_changed() {
        return;
    }
    let board = engine.board();
    let n = board.size() as u8;
    for (&AccessRow(y), mut node) in &mut rows {
        if y < n {
            node.clear_hidden();
        } else {
            node.set_hidden();
        }
    }
    for (&AccessCell(y, x), mut node) in &mut cells {
        if x < n && y < n {
            node.set_role(Role::Cell);
            node.clear_hidden();
            set_text(&mut node, speech::cell_name(board.get(Cell::new(x, y))));
        } else {
            node.set_role(Role::GenericContainer);
            node.set_hidden();
            node.clear_label();
            node.clear_value();
        }
    }
    for mut node in &mut status {
        let line = speech::status_sentence(&engine, best.for_size(engine.config().size()));
        set_text(&mut node, line);
    }
}

/// Every on-screen button: a button node named by its text (the options button by its name).
fn name_buttons(
    mut commands: Commands,
    buttons: Query<(Entity, &UiButton, Option<&Children>), Added<UiButton>>,
    labels: Query<&Label>,
) {
    for (entity, button, children) in &buttons {
        let text = children
            .into_iter()
            .flatten()
            .find_map(|&child| labels.get(child).ok())
            .map(|label| label.0.clone());
        let name = match (text, button.request) {
            (Some(text), _) => text,
            (None, Request::OpenOptions) => "Options".to_string(),
            (None, request) => format!("{request:?}"),
        };
        let mut node = Node::new(Role::Button);
        node.set_label(name);
        node.add_action(Action::Click);
        // A button may go in the frame it came (the history list is rebuilt as it scrolls).
        commands.entity(entity).try_insert(AccessibilityNode(node));
    }
}

/// The screen reader's focus is the button the keyboard is on, else the board. (Bevy's own
/// initial focus is the window, which has no node here: while it is focused, bevy_winit sends
/// the tree nothing.)
fn follow_focus(
    focus: Res<crate::game::Focus>,
    input_focus: Option<ResMut<InputFocus>>,
    board: Single<Entity, With<AccessBoard>>,
    nodes: Query<(), With<AccessibilityNode>>,
) {
    let Some(mut input_focus) = input_focus else {
        return;
    };
    let target = focus.0.filter(|&e| nodes.contains(e)).unwrap_or(*board);
    if input_focus.get() != Some(target) {
        input_focus.set(target, FocusCause::Navigated);
    }
}

/// The frame's sentences into the live regions.
fn speak(
    mut said: MessageReader<Announcement>,
    mut regions: Query<(&AccessLive, &mut AccessibilityNode)>,
) {
    let said: Vec<&Announcement> = said.read().collect();
    if said.is_empty() {
        return;
    }
    for (live, mut node) in &mut regions {
        let lines: Vec<&str> = said
            .iter()
            .filter(|a| a.urgent == live.urgent)
            .map(|a| a.text.as_str())
            .collect();
        if !lines.is_empty() {
            set_text(&mut node, lines.join(" "));
        }
    }
}

/// A screen reader's click on a button node is the button's request.
fn press_buttons(
    mut actions: MessageReader<ActionRequest>,
    buttons: Query<&UiButton>,
    mut requests: MessageWriter<Request>,
) {
    for ActionRequest(action) in actions.read() {
        if action.action != Action::Click {
            continue;
        }
        let entity = Entity::try_from_bits(action.target_node.0);
        if let Some(button) = entity.and_then(|e| buttons.get(e).ok()) {
            requests.write(button.request);
        }
    }
}
