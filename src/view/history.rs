//! The history of games, drawn: the rows that fit (each game's line, the selected one dark) and
//! the screen's buttons, from its description (`game::screens::history`). The rows are rebuilt
//! when the list moves or the history changes.

use bevy::{prelude::*, sprite::Anchor};

use super::art::Art;
use super::layout::{BOARD_PX, Z_LABEL};
use super::text::TextBox;
use super::theme::Ink;
use super::widgets::{
    BOTTOM_ROW_Y, BUTTON_HEIGHT, DescribedLine, NOTE_PX, Named, Rebuilt, SCREEN_MARGIN,
    SCREEN_TITLE_Y, ScreenRoot, button_row, clear_for_rebuild, label, screen_root,
};
use crate::game::screens::{Facts, history};
use crate::game::{GameList, GameSet, LIST_ROWS, Language, PastGames, Request, Screen, Watch};
use crate::tr;

/// The list: rows this high, this far apart, the first at this height.
const ROW_HEIGHT: f32 = 38.0;
const ROW_STEP: f32 = 43.0;
const FIRST_ROW_Y: f32 = 165.0;
const ROW_PX: f32 = 15.0;
/// The width of each of the list's own five buttons (replay, share, race, statistics, close).
const LIST_BUTTON_WIDTH: f32 = 92.0;
/// The selected game's figures, up to two lines midway between the last row and the buttons.
const SELECTED_LINE_Y: f32 = (FIRST_ROW_Y - (LIST_ROWS as f32 - 1.0) * ROW_STEP - ROW_HEIGHT / 2.0
    + BOTTOM_ROW_Y
    + BUTTON_HEIGHT / 2.0)
    / 2.0;
/// The count of games at the right of the title.
const SUMMARY_WIDTH: f32 = 150.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::History), spawn_history)
        .add_systems(
            Update,
            show_list
                .run_if(in_state(Screen::History))
                .in_set(GameSet::React),
        );
}

/// A row of the history list: the game's place from the newest.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListRow(pub usize);

fn spawn_history(mut commands: Commands, art: Res<Art>, facts: Facts) {
    let Some(shown) = facts.dialog() else {
        return;
    };
    let root = screen_root(&mut commands, &art, Screen::History, &shown.title);
    // The rows are drawn by `show_list`; the screen's own buttons under them.
    let own: Vec<_> = shown
        .buttons()
        .into_iter()
        .filter(|b| !matches!(b.request, Request::Watch(Watch::Past(_))))
        .collect();
    button_row(
        &mut commands,
        &art,
        root,
        BOTTOM_ROW_Y,
        LIST_BUTTON_WIDTH,
        &own,
    );
    // The selected game's luck and skill, between the rows and the buttons (its description's
    // second line: it follows the reading).
    let line = shown.lines().get(1).cloned().unwrap_or_default();
    commands.spawn((
        ChildOf(root),
        DescribedLine(Screen::History, 1),
        label(line, NOTE_PX, Ink::Text),
        TextBox::lines(BOARD_PX - 2.0 * SCREEN_MARGIN, 2),
        Transform::from_xyz(0.0, SELECTED_LINE_Y, Z_LABEL),
    ));
}

/// The rows on screen, the selected one dark; the count of games by the title.
fn show_list(
    mut commands: Commands,
    art: Res<Art>,
    list: Res<GameList>,
    past: Res<PastGames>,
    words: Res<Language>,
    root: Single<Entity, With<ScreenRoot>>,
    old: Query<Entity, With<Rebuilt>>,
    mut built: Local<Option<Entity>>,
) {
    let changed = list.is_changed() || past.is_changed() || words.is_changed();
    if !clear_for_rebuild(&mut commands, &mut built, *root, changed, &old) {
        return;
    }
    let count = past.0.len();
    let right = BOARD_PX / 2.0 - SCREEN_MARGIN;
    let left = -right;
    let summary = match count {
        0 => words.get("history-shown-none"),
        1 => words.get("history-shown-one"),
        n => tr!(
            words,
            "history-shown-some",
            first = list.top + 1,
            last = (list.top + LIST_ROWS).min(n),
            games = n
        ),
    };
    commands.spawn((
        ChildOf(*root),
        Rebuilt,
        label(summary, NOTE_PX, Ink::Text),
        TextBox::line(SUMMARY_WIDTH),
        Anchor::CENTER_RIGHT,
        Transform::from_xyz(right, SCREEN_TITLE_Y, Z_LABEL),
    ));
    if count == 0 {
        commands.spawn((
            ChildOf(*root),
            Rebuilt,
            label(words.get("history-shown-note"), NOTE_PX, Ink::Text),
            TextBox::lines(right - left, 2),
            Transform::from_xyz(0.0, FIRST_ROW_Y, Z_LABEL),
        ));
        return;
    }
    for (i, n) in (list.top..(list.top + LIST_ROWS).min(count)).enumerate() {
        let Some(game) = past.newest(n) else {
            continue;
        };
        let selected = n == list.selected;
        let size = Vec2::new(right - left, ROW_HEIGHT);
        let (back, text) = if selected {
            (Ink::Button, Ink::ButtonText)
        } else {
            (Ink::Choice, Ink::Text)
        };
        let y = FIRST_ROW_Y - i as f32 * ROW_STEP;
        let row = commands.spawn((
            Rebuilt,
            ListRow(n),
            crate::game::UiButton {
                request: Request::Watch(Watch::Past(n as u16)),
                size,
            },
            Named {
                name: history::row_name(game, &past.0, &words),
                chosen: None,
            },
            back,
            art.small_round(back.light(), size),
            Transform::from_xyz(0.0, y, Z_LABEL),
            children![(
                label(history::row_label(game, &past.0, &words), ROW_PX, text),
                TextBox::line(right - left - 24.0),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(left + 12.0, 0.0, Z_LABEL),
            )],
        ));
        let row = row.id();
        // In reading order, before the screen's buttons (for assistive technology).
        commands.entity(*root).insert_child(i, row);
    }
}
