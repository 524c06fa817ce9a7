//! The desktop's accessibility tree (AccessKit, through bevy_a11y and bevy_winit): what a screen
//! reader (NVDA, VoiceOver, Orca) finds in the window. The same names and sentences as the web
//! page's mirror: the board as a grid of cells (each its value or "empty"), the score line, every
//! on-screen button, two live regions with the game's sentences (`game::speech`), polite for
//! moves and assertive for a win or a loss, and the dialog in front (`ShownDialog`: the question,
//! the options, the win or loss, the replay's controls, the history, the statistics) as a dialog
//! node around its buttons, which it names. A screen reader's "click" on a button is the
//! button's request.

use accesskit::{Action, Live, Node, Role, Toggled};
use bevy::a11y::{AccessibilityNode, ActionRequest};
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use super::widgets::{DialogRoot, Named};
use crate::game::{
    Announcement, BestScores, Engine, GameSet, Language, Request, Screen, ShownDialog, UiButton,
    speech,
};
use crate::i18n::Words;
use crate::rules::{Cell, MAX_SIZE};
use g2048_ui::dialog::Action as _;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Messages<ActionRequest>>() {
        // Headless apps have no accessibility plugin; the tree is built all the same.
        app.add_message::<ActionRequest>();
    }
    app.add_systems(Startup, spawn_tree).add_systems(
        Update,
        (
            mirror_board.in_set(GameSet::React),
            // After the game's sentences and its dialog are written, in the same frame.
            (speak, name_buttons, mirror_dialog, gather, follow_focus)
                .chain()
                .in_set(super::ViewSet::Publish),
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

/// The window's one node: everything else in the tree is under it, in reading order (the score
/// line, the board, the live regions, the buttons above the board, the dialog in front). Nodes
/// left at the top would come in whatever order bevy_winit's query finds them, which changes
/// from one build to the next.
#[derive(Component, Debug)]
pub struct AccessRoot;

fn spawn_tree(mut commands: Commands, words: Res<Language>) {
    let mut game = Node::new(Role::Group);
    game.set_label("2048");
    // The language a screen reader speaks the tree in.
    game.set_language(words.lang().tag());
    // At the origin: what it gathers keeps its place on screen.
    let root = commands
        .spawn((
            AccessRoot,
            AccessibilityNode(game),
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    commands.spawn((
        AccessStatus,
        AccessibilityNode(Node::new(Role::Label)),
        ChildOf(root),
    ));
    let mut grid = Node::new(Role::Grid);
    grid.set_label(words.get("say-board"));
    let board = commands
        .spawn((AccessBoard, AccessibilityNode(grid), ChildOf(root)))
        .id();
    // Every cell a board can have; those past the board's shape are left out of the tree.
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
    for urgent in [false, true] {
        let mut node = Node::new(Role::Label);
        node.set_live(if urgent {
            Live::Assertive
        } else {
            Live::Polite
        });
        commands.spawn((
            AccessLive { urgent },
            AccessibilityNode(node),
            ChildOf(root),
        ));
    }
}

/// Nodes spawned at the top of the scene (the buttons above the board, the dialogs) go under the
/// root, after those already there: those that come in one frame in reading order, top to bottom
/// and then left to right as they stand on screen. (The query's own order follows archetypes,
/// which change with the order bevy happens to run the systems that spawned them.)
fn gather(
    mut commands: Commands,
    root: Single<Entity, With<AccessRoot>>,
    loose: Query<
        (Entity, Option<&Transform>),
        (
            With<AccessibilityNode>,
            Without<ChildOf>,
            Without<AccessRoot>,
        ),
    >,
) {
    let mut nodes: Vec<(Entity, Vec3)> = loose
        .iter()
        .map(|(entity, at)| (entity, at.map_or(Vec3::ZERO, |at| at.translation)))
        .collect();
    nodes.sort_by(|(_, a), (_, b)| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    for (entity, _) in nodes {
        commands.entity(entity).insert(ChildOf(*root));
    }
}

/// Text for a node: its name, and its value (AT-SPI reads a label's text from its value).
fn set_text(node: &mut Node, text: String, words: &Words) {
    let text = words.spoken(&text);
    node.set_value(text.clone());
    node.set_label(text);
}

/// The grid's row and column counts, the rows and cells of the board in play (those past its
/// shape hidden), each cell's value, and the score line.
fn mirror_board(
    engine: Res<Engine>,
    best: Res<BestScores>,
    words: Res<Language>,
    mut root: Query<
        &mut AccessibilityNode,
        (
            With<AccessRoot>,
            Without<AccessBoard>,
            Without<AccessRow>,
            Without<AccessCell>,
            Without<AccessStatus>,
        ),
    >,
    mut grid: Query<
        &mut AccessibilityNode,
        (With<AccessBoard>, Without<AccessRow>, Without<AccessCell>),
    >,
    mut rows: Query<(&AccessRow, &mut AccessibilityNode), Without<AccessCell>>,
    mut cells: Query<(&AccessCell, &mut AccessibilityNode), Without<AccessRow>>,
    mut status: Query<
        &mut AccessibilityNode,
        (
            With<AccessStatus>,
            Without<AccessCell>,
            Without<AccessRow>,
            Without<AccessBoard>,
        ),
    >,
) {
    if !engine.is_changed() && !best.is_changed() && !words.is_changed() {
        return;
    }
    for mut node in &mut root {
        node.set_language(words.lang().tag());
    }
    let board = engine.board();
    let (height, width) = (board.rows() as u8, board.cols() as u8);
    for mut node in &mut grid {
        node.set_row_count(board.rows());
        node.set_column_count(board.cols());
        node.set_label(words.get("say-board"));
    }
    for (&AccessRow(y), mut node) in &mut rows {
        if y < height {
            node.clear_hidden();
        } else {
            node.set_hidden();
        }
    }
    for (&AccessCell(y, x), mut node) in &mut cells {
        if x < width && y < height {
            node.set_role(Role::Cell);
            node.clear_hidden();
            set_text(
                &mut node,
                speech::cell_name(board.get(Cell::new(x, y)), &words),
                &words,
            );
        } else {
            node.set_role(Role::GenericContainer);
            node.set_hidden();
            node.clear_label();
            node.clear_value();
        }
    }
    for mut node in &mut status {
        let line =
            speech::status_sentence(&engine, best.for_shape(engine.config().shape()), &words);
        set_text(&mut node, line, &words);
    }
}

/// Every on-screen button: a button node with the name it was drawn with (its screen's
/// description's, `widgets::Named`); the options' choices say whether they are on.
fn name_buttons(
    mut commands: Commands,
    words: Res<Language>,
    buttons: Query<
        (Entity, &UiButton, &Named, Option<&AccessibilityNode>),
        Or<(Changed<UiButton>, Changed<Named>)>,
    >,
) {
    for (entity, button, named, old) in &buttons {
        let mut node = Node::new(Role::Button);
        node.set_label(words.spoken(&named.name));
        node.add_action(Action::Click);
        if let Some(chosen) = named.chosen.filter(|_| button.action.is_choice()) {
            node.set_toggled(Toggled::from(chosen));
        }
        if old.is_none_or(|old| **old != node) {
            // A button may go in the frame it came (a dialog drawn anew for other pieces).
            commands.entity(entity).try_insert(AccessibilityNode(node));
        }
    }
}

/// The dialog in front as a dialog node, its buttons inside it: titled, described by its lines,
/// modal unless it is the replay's controls. A dialog left behind another is hidden.
fn mirror_dialog(
    mut commands: Commands,
    words: Res<Language>,
    shown: Res<ShownDialog>,
    screen: Res<State<Screen>>,
    roots: Query<(Entity, &DialogRoot)>,
    added: Query<(), Added<DialogRoot>>,
) {
    if !shown.is_changed() && added.is_empty() {
        return;
    }
    for (entity, root) in &roots {
        let mut node = Node::new(Role::Dialog);
        match &shown.0 {
            Some(dialog) if root.0 == *screen.get() => {
                node.set_label(words.spoken(&dialog.title));
                if !dialog.lines().is_empty() {
                    node.set_description(words.spoken(&dialog.lines().join(" ")));
                }
                if dialog.modal {
                    node.set_modal();
                }
            }
            _ => node.set_hidden(),
        }
        commands.entity(entity).try_insert(AccessibilityNode(node));
    }
}

/// The screen reader's focus, `InputFocus` (the game's one record of the focus), is the button
/// the keyboard is on, else the dialog in front, else the board: a dialog takes the focus when it
/// opens and gives it back to the board when it closes. (Bevy's own initial focus is the window,
/// which has no node here: while it is focused, bevy_winit sends the tree nothing.)
fn follow_focus(
    mut input_focus: ResMut<InputFocus>,
    board: Single<Entity, With<AccessBoard>>,
    screen: Res<State<Screen>>,
    roots: Query<(Entity, &DialogRoot, &AccessibilityNode)>,
    buttons: Query<(), With<UiButton>>,
) {
    let dialog = roots
        .iter()
        .find(|(_, root, node)| root.0 == *screen.get() && !node.is_hidden())
        .map(|(entity, ..)| entity);
    let target = g2048_ui::button::focused_button(&input_focus, |entity| buttons.contains(entity))
        .or(dialog)
        .unwrap_or(*board);
    if input_focus.get() != Some(target) {
        input_focus.set(target, FocusCause::Navigated);
    }
}

/// The frame's sentences into the live regions.
fn speak(
    words: Res<Language>,
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
            set_text(&mut node, lines.join(" "), &words);
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
            requests.write(button.action);
        }
    }
}
